//===- CheckInput.cpp - refuse input the lowering cannot take -------------===//
//
// Implements `cudapy-check-input`: see include/cudapy/Transforms/Passes.td.
// Each rule here stands for a way the input, though it verifies, would
// otherwise crash or abort the process later (in a conversion, in the
// translation to LLVM IR or in the NVPTX backend), or reach ptxas only to
// be refused there.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/NVPTXAddrSpace.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYCHECKINPUTPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
/// The most bits one vector value may have: 2048 f32 (8 KiB), far more
/// than a thread's 255 registers hold, and small enough that LLVM's
/// legalization of it stays bounded.
constexpr int64_t kMaxVectorBits = 1 << 16;

/// A CTA's limits (CUDA C++ Programming Guide, "Compute Capabilities",
/// table of technical specifications; the same for every chip cudapy
/// targets): extents of a block and of a grid, threads per block.
constexpr int64_t kMaxBlock[3] = {1024, 1024, 64};
constexpr int64_t kMaxThreadsPerBlock = 1024;
constexpr int64_t kMaxGrid[3] = {2147483647, 65535, 65535};

/// NVPTX's address spaces (llvm/Support/NVPTXAddrSpace.h): what a pointer
/// or a memref's integer memory space may name.
bool isNVPTXAddressSpace(uint64_t space) {
  using namespace llvm::NVPTXAS;
  switch (space) {
  case ADDRESS_SPACE_GENERIC:
  case ADDRESS_SPACE_GLOBAL:
  case ADDRESS_SPACE_SHARED:
  case ADDRESS_SPACE_CONST:
  case ADDRESS_SPACE_LOCAL:
  case ADDRESS_SPACE_TENSOR:
  case ADDRESS_SPACE_SHARED_CLUSTER:
  case ADDRESS_SPACE_PARAM:
    return true;
  default:
    return false;
  }
}

constexpr llvm::StringLiteral kAddressSpaces =
    "0 generic, 1 global, 3 shared, 4 constant, 5 local, 6 tensor, "
    "7 shared::cluster, 101 param";

/// The bits of a vector, saturating at INT64_MAX.
int64_t vectorBits(VectorType vector) {
  Type element = vector.getElementType();
  int64_t bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  for (int64_t extent : vector.getShape()) {
    int64_t product;
    if (llvm::MulOverflow(bits, extent, product))
      return INT64_MAX;
    bits = product;
  }
  return bits;
}

/// Emits an error at `loc` for the first part of `type` (itself or a type
/// inside it) that no lowering can take.
LogicalResult checkType(Type type, Location loc) {
  WalkResult walked = type.walk([&](Type part) {
    if (auto pointer = dyn_cast<LLVM::LLVMPointerType>(part)) {
      if (!isNVPTXAddressSpace(pointer.getAddressSpace())) {
        emitError(loc) << "address space " << pointer.getAddressSpace()
                       << " of " << part << " is not one of NVPTX's ("
                       << kAddressSpaces << ")";
        return WalkResult::interrupt();
      }
    } else if (auto memref = dyn_cast<BaseMemRefType>(part)) {
      auto space = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace());
      if (space && !isNVPTXAddressSpace(space.getValue().getZExtValue())) {
        emitError(loc) << "memory space " << space.getValue().getZExtValue()
                       << " of " << part
                       << " is not one of NVPTX's address spaces ("
                       << kAddressSpaces << ")";
        return WalkResult::interrupt();
      }
    } else if (auto vector = dyn_cast<VectorType>(part)) {
      if (vectorBits(vector) > kMaxVectorBits) {
        emitError(loc) << part << " is too large: a vector holds at most "
                       << kMaxVectorBits << " bits (2048 x f32)";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

/// Checks a launch-shape attribute `name` of `func` (1 to 3 extents, each
/// in [1, limits[d]], their product at most `maxProduct` when given).
LogicalResult checkExtents(Operation *func, StringRef name,
                           const int64_t (&limits)[3], int64_t maxProduct) {
  Attribute attr = func->getAttr(name);
  if (!attr)
    return success();
  auto extents = dyn_cast<DenseI32ArrayAttr>(attr);
  if (!extents || extents.empty() || extents.size() > 3)
    return func->emitError()
           << "'" << name << "' must be 1 to 3 extents (array<i32: x, y, z>)";
  int64_t product = 1;
  for (auto [dim, extent] : llvm::enumerate(extents.asArrayRef())) {
    if (extent < 1 || extent > limits[dim])
      return func->emitError() << "'" << name << "' extent "
                               << "xyz"[dim] << " is " << extent
                               << "; it must be in [1, " << limits[dim] << "]";
    product *= extent;
  }
  if (maxProduct && product > maxProduct)
    return func->emitError()
           << "'" << name << "' asks for " << product
           << " threads in a block; at most " << maxProduct << " can be";
  return success();
}

/// A kernel's launch bounds and register limits.
LogicalResult checkLaunchAttributes(Operation *func) {
  StringRef blockAttrs[] = {"known_block_size",
                            NVVM::NVVMDialect::getReqntidAttrName(),
                            NVVM::NVVMDialect::getMaxntidAttrName()};
  for (StringRef name : blockAttrs)
    if (failed(checkExtents(func, name, kMaxBlock, kMaxThreadsPerBlock)))
      return failure();
  if (failed(checkExtents(func, "known_grid_size", kMaxGrid, 0)))
    return failure();
  if (Attribute attr = func->getAttr(NVVM::NVVMDialect::getMaxnregAttrName())) {
    auto regs = dyn_cast<IntegerAttr>(attr);
    // ptxas: .maxnreg takes 1 to 255 registers per thread.
    if (!regs || regs.getValue().getSExtValue() < 1 ||
        regs.getValue().getSExtValue() > 255)
      return func->emitError() << "'" << NVVM::NVVMDialect::getMaxnregAttrName()
                               << "' must be an integer in [1, 255]";
  }
  if (Attribute attr =
          func->getAttr(NVVM::NVVMDialect::getMinctasmAttrName())) {
    auto ctas = dyn_cast<IntegerAttr>(attr);
    if (!ctas || ctas.getValue().getSExtValue() < 0 ||
        ctas.getValue().getSExtValue() > 65535)
      return func->emitError()
             << "'" << NVVM::NVVMDialect::getMinctasmAttrName()
             << "' must be an integer in [0, 65535]";
  }
  return success();
}

struct CudapyCheckInputPass
    : public cudapy::impl::CudapyCheckInputPassBase<CudapyCheckInputPass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      // Code belongs in functions: an op placed directly in a gpu.module
      // has no block to run in once lowered.
      if (isa_and_nonnull<gpu::GPUModuleOp>(op->getParentOp()) &&
          !isa<SymbolOpInterface>(op) &&
          !op->hasTrait<OpTrait::IsTerminator>()) {
        op->emitError() << "'" << op->getName()
                        << "' cannot be placed directly in a gpu.module: "
                           "only functions and globals can";
        failed = true;
        return WalkResult::interrupt();
      }
      for (Type type : op->getResultTypes())
        if (::mlir::failed(checkType(type, op->getLoc()))) {
          failed = true;
          return WalkResult::interrupt();
        }
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (::mlir::failed(checkType(arg.getType(), arg.getLoc()))) {
              failed = true;
              return WalkResult::interrupt();
            }
      // Types held by attributes: function types, globals' types.
      WalkResult attrs = op->getAttrDictionary().walk([&](Type type) {
        return ::mlir::failed(checkType(type, op->getLoc()))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
      if (attrs.wasInterrupted()) {
        failed = true;
        return WalkResult::interrupt();
      }
      if (isa<gpu::GPUFuncOp, LLVM::LLVMFuncOp>(op) &&
          ::mlir::failed(checkLaunchAttributes(op))) {
        failed = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
