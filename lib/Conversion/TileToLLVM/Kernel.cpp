//===- Kernel.cpp - tile kernels: launch shape, metadata, facts -----------===//
//
// What convert-tile-to-llvm does for whole kernels around the patterns: the
// launch's block follows tile.num_warps, the kernel metadata describes the
// source-level arguments, the facts of array arguments reach the loads and
// stores that use them, and the tiles' shared memory stays within what a
// kernel declares statically.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "cudapy/Support/KernelAbi.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

/// The kernel ABI record of a tile kernel argument (docs/Runtime.md):
/// arrays are their pointer, dynamic extents and dynamic strides, with the
/// facts the kernel was specialized on.
static KernelArgument describeArgument(Type type, DictionaryAttr argAttrs) {
  KernelArgument arg;
  arg.type = printType(type);
  auto array = dyn_cast<ArrayType>(type);
  if (!array)
    return arg;
  arg.kind = KernelArgKind::TileArray;
  arg.params = 1 + array.getNumDynamicDims() + array.getNumDynamicStrides();
  Type dtype = array.getElementType();
  arg.element = printType(dtype);
  // fp4 elements are packed two to a byte: 4 bits, 0 whole bytes.
  arg.elementBytes = isPacked(dtype) ? 0 : getMemoryBytes(dtype);
  arg.elementBits = isPacked(dtype) ? 4 : 8 * getMemoryBytes(dtype);
  arg.rank = array.getRank();
  auto staticOrMinusOne = [](ArrayRef<int64_t> values) {
    SmallVector<int64_t> result;
    for (int64_t value : values)
      result.push_back(ShapedType::isDynamic(value) ? -1 : value);
    return result;
  };
  arg.shape = staticOrMinusOne(array.getShape());
  arg.strides = staticOrMinusOne(array.getStrides());
  if (!argAttrs)
    return arg;
  if (auto alignment = argAttrs.getAs<IntegerAttr>(
          TileDialect::AlignmentAttrHelper::getNameStr()))
    arg.alignment = alignment.getInt();
  if (auto divisibility = argAttrs.getAs<DenseI64ArrayAttr>(
          TileDialect::DivisibilityAttrHelper::getNameStr()))
    arg.divisibility = SmallVector<int64_t>(divisibility.asArrayRef());
  if (auto strides = argAttrs.getAs<DenseI64ArrayAttr>(
          TileDialect::StrideDivisibilityAttrHelper::getNameStr()))
    arg.strideDivisibility = SmallVector<int64_t>(strides.asArrayRef());
  return arg;
}

/// Copies the facts of array arguments onto the loads and stores of the
/// views of those arrays (the dialect has checked them).
static void annotateArrayFacts(FunctionOpInterface func) {
  MLIRContext *context = func->getContext();
  TileDialect::ArrayFactsAttrHelper factsAttr(context);
  for (BlockArgument arg : func.getArguments()) {
    DictionaryAttr attrs = func.getArgAttrDict(arg.getArgNumber());
    if (!attrs || !isa<ArrayType>(arg.getType()))
      continue;
    NamedAttrList facts;
    for (NamedAttribute attr : attrs)
      if (isa_and_nonnull<TileDialect>(attr.getNameDialect()))
        facts.append(attr);
    if (facts.empty())
      continue;
    DictionaryAttr dict = facts.getDictionary(context);
    for (Operation *user : arg.getUsers())
      if (auto view = dyn_cast<MakeViewOp>(user))
        for (Operation *access : view->getUsers())
          if (isa<LoadOp, StoreOp>(access))
            factsAttr.setAttr(access, dict);
  }
}

/// Whether a kernel has tiles to lower (arguments or ops).
static bool usesTiles(gpu::GPUFuncOp kernel) {
  for (Type type : kernel.getArgumentTypes())
    if (isa<TileDialect>(&type.getDialect()))
      return true;
  WalkResult found = kernel.walk([](Operation *op) {
    return isa<TileDialect>(op->getDialect()) ? WalkResult::interrupt()
                                              : WalkResult::advance();
  });
  return found.wasInterrupted();
}

void lowering::prepareKernels(Operation *root) {
  Builder b(root->getContext());
  TileDialect::NumWarpsAttrHelper numWarps(root->getContext());
  root->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    annotateArrayFacts(func);
    auto kernel = dyn_cast<gpu::GPUFuncOp>(func.getOperation());
    if (kernel && kernel.isKernel() && usesTiles(kernel)) {
      // The launch's block is the CTA of num_warps warps; the metadata
      // describes the source-level arguments.
      IntegerAttr warps = numWarps.getAttr(kernel);
      int64_t threads = (warps ? warps.getInt() : 4) * kWarpSize;
      kernel.setKnownBlockSizeAttr(
          b.getDenseI32ArrayAttr({static_cast<int32_t>(threads), 1, 1}));
      SmallVector<Attribute> args;
      for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes()))
        args.push_back(buildKernelArgumentAttr(
            b, describeArgument(type, kernel.getArgAttrDict(i))));
      kernel->setAttr(kSignatureAttrName, b.getArrayAttr(args));
    }
    // The facts now live on the accesses and in the metadata; the lowered
    // arguments are pointers and integers, which no fact is about.
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (NamedAttribute attr : func.getArgAttrs(i))
        if (isa_and_nonnull<TileDialect>(attr.getNameDialect()))
          func.removeArgAttr(i, attr.getName());
  });
}

/// Kernels declare their tiles' shared memory statically: at most 48 KiB.
LogicalResult lowering::checkSharedMemory(Operation *root) {
  constexpr int64_t kLimit = 48 * 1024;
  WalkResult result = root->walk([&](FunctionOpInterface func) {
    int64_t bytes = 0;
    llvm::SmallDenseSet<StringRef> seen;
    func.walk([&](LLVM::AddressOfOp address) {
      StringRef name = address.getGlobalName();
      if (!name.starts_with(kSharedPrefix) || !seen.insert(name).second)
        return;
      auto global = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
          address, address.getGlobalNameAttr());
      auto array = cast<LLVM::LLVMArrayType>(global.getGlobalType());
      Type element = array.getElementType();
      bytes += array.getNumElements() *
               (isa<LLVM::LLVMPointerType>(element)
                    ? 8
                    : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8));
    });
    if (bytes <= kLimit)
      return WalkResult::advance();
    func.emitOpError("needs ")
        << bytes << " bytes of shared memory for its tiles, more than the "
        << kLimit << " a kernel declares statically; use smaller tiles";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}
