//===- SimtToLLVM.cpp - the simt ops convert-py-to-llvm lowers ------------===//
//
// The simt ops whose values are py types: the memories (py arrays), warp
// shuffles, numeric intrinsics and atomics. Part of `convert-py-to-llvm`
// (include/cudapy/Conversion/Passes.td), declared in
// include/cudapy/Conversion/SimtToLLVM.h; docs/Simt.md says what they emit.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/SimtToLLVM.h"
#include "cudapy/Conversion/LoweringUtils/Atomics.h"
#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "cudapy/Conversion/PyToLLVM/Lowering.h"
#include "cudapy/Support/KernelMetadata.h"
#include "cudapy/Support/Target.h"
#include "dialects/Simt/IR/SimtOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

namespace {
//===----------------------------------------------------------------------===//
// simt memories: py arrays over shared and local memory
//===----------------------------------------------------------------------===//

/// Row-major (C) or column-major (F) strides, in elements, of `shape`.
static SmallVector<int64_t> getStaticStrides(ArrayRef<int64_t> shape,
                                             simt::Order order) {
  SmallVector<int64_t> strides(shape.size());
  int64_t stride = 1;
  if (order == simt::Order::C) {
    for (int k = int(shape.size()) - 1; k >= 0; --k) {
      strides[k] = stride;
      stride *= shape[k];
    }
  } else {
    for (size_t k = 0; k < shape.size(); ++k) {
      strides[k] = stride;
      stride *= shape[k];
    }
  }
  return strides;
}

/// A descriptor over `data` with static `shape` and `strides`.
static Value buildStaticDescriptor(Emitter &e, Type type, Value data,
                                   ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> strides) {
  SmallVector<Value> shapeValues, strideValues;
  for (auto [extent, stride] : llvm::zip(shape, strides)) {
    shapeValues.push_back(e.i64(extent));
    strideValues.push_back(e.i64(stride));
  }
  return buildDescriptor(e, type, data, shapeValues, strideValues);
}

/// A new symbol name `prefix<N>` in the symbol table around `op`.
static std::string getUniqueSymbol(Operation *op, StringRef prefix) {
  Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
  for (unsigned i = 0;; ++i) {
    std::string name = (prefix + Twine(i)).str();
    if (!SymbolTable::lookupSymbolIn(table, name))
      return name;
  }
}

/// The element count and alignment of a shared or local array.
template <typename OpTy>
static std::pair<int64_t, uint64_t> getStaticStorage(OpTy op) {
  int64_t count = 1;
  for (int64_t extent : op.getShape())
    count *= extent;
  uint64_t align = op.getAlign()
                       ? *op.getAlign()
                       : getMachineLayout(op.getType().getDtype()).align;
  return {count, align};
}

/// The descriptor of a shared or local array whose data is at `data`.
template <typename OpTy>
static Value describeStaticArray(OpBuilder &b, const TypeConverter &converter,
                                 OpTy op, Value data) {
  Emitter e{b, op.getLoc()};
  return buildStaticDescriptor(e, converter.convertType(op.getType()), data,
                               op.getShape(),
                               getStaticStrides(op.getShape(), op.getOrder()));
}

struct SharedArrayLowering : public PyPattern<simt::SharedArrayOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::SharedArrayOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    py::ArrayType type = op.getType();
    auto [count, align] = getStaticStorage(op);
    auto storage =
        LLVM::LLVMArrayType::get(getMemoryType(type.getDtype()), count);
    Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
    std::string name = getUniqueSymbol(op, "__py_shared_");
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&table->getRegion(0).front());
      global = LLVM::GlobalOp::create(
          rewriter, loc, storage, /*isConstant=*/false, LLVM::Linkage::Internal,
          name, Attribute(), align,
          /*addrSpace=*/3);
    }
    Value address = LLVM::AddressOfOp::create(rewriter, loc, global);
    Value data = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, getPointerType(op.getContext()), address);
    rewriter.replaceOp(
        op, describeStaticArray(rewriter, *getTypeConverter(), op, data));
    return success();
  }
};

/// A constant array: an internal constant global in the .const state space
/// (address space 4) initialized with the value's elements, seen through a
/// generic pointer.
struct ConstArrayLowering : public PyPattern<simt::ConstArrayOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::ConstArrayOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    py::ArrayType type = op.getType();
    auto value = cast<DenseIntOrFPElementsAttr>(op.getValue());
    ArrayRef<int64_t> shape = value.getType().getShape();
    int64_t count = value.getNumElements();
    Type memory = getMemoryType(type.getDtype());
    uint64_t align = op.getAlign() ? *op.getAlign()
                                   : getMachineLayout(type.getDtype()).align;
    // The elements as one row of the memory type (signless integers).
    auto flat = RankedTensorType::get({count}, value.getElementType());
    DenseElementsAttr init = value.reshape(flat);
    if (init.getElementType() != memory)
      init = init.bitcast(memory);
    Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
    std::string name = getUniqueSymbol(op, "__py_const_");
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&table->getRegion(0).front());
      global = LLVM::GlobalOp::create(
          rewriter, loc, LLVM::LLVMArrayType::get(memory, count),
          /*isConstant=*/true, LLVM::Linkage::Internal, name, init, align,
          /*addrSpace=*/4);
    }
    Value address = LLVM::AddressOfOp::create(rewriter, loc, global);
    Value data = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, getPointerType(op.getContext()), address);
    Emitter e{rewriter, loc};
    rewriter.replaceOp(op, buildStaticDescriptor(
                               e, getTypeConverter()->convertType(type), data,
                               shape, getStaticStrides(shape, simt::Order::C)));
    return success();
  }
};

/// `count` stack slots for `type` at the entry of `op`'s function, so that
/// the allocation happens once however often `op` runs.
static Value createEntrySlot(OpBuilder &b, Operation *op, Type type,
                             uint64_t align, int64_t count = 1) {
  OpBuilder::InsertionGuard guard(b);
  Region *body = op->getParentRegion();
  while (!isa<FunctionOpInterface>(body->getParentOp()))
    body = body->getParentOp()->getParentRegion();
  b.setInsertionPointToStart(&body->front());
  Emitter e{b, op->getLoc()};
  return LLVM::AllocaOp::create(b, op->getLoc(), getPointerType(b.getContext()),
                                type, e.i64(count), align);
}

struct LocalArrayLowering : public PyPattern<simt::LocalArrayOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::LocalArrayOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [count, align] = getStaticStorage(op);
    Value data = createEntrySlot(
        rewriter, op, getMemoryType(op.getType().getDtype()), align, count);
    rewriter.replaceOp(
        op, describeStaticArray(rewriter, *getTypeConverter(), op, data));
    return success();
  }
};

struct DynamicSharedArrayLowering
    : public PyPattern<simt::DynamicSharedArrayOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::DynamicSharedArrayOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
    constexpr StringLiteral name = "__py_dynamic_shared";
    auto global = dyn_cast_or_null<LLVM::GlobalOp>(
        SymbolTable::lookupSymbolIn(table, name));
    if (!global) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&table->getRegion(0).front());
      global = LLVM::GlobalOp::create(
          rewriter, loc, LLVM::LLVMArrayType::get(rewriter.getI8Type(), 0),
          /*isConstant=*/false, LLVM::Linkage::External, name, Attribute(),
          /*alignment=*/16, /*addrSpace=*/3);
    }
    Emitter e{rewriter, loc};
    Value address = LLVM::AddressOfOp::create(rewriter, loc, global);
    Value data = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, getPointerType(op.getContext()), address);
    Value bytes = arith::ExtUIOp::create(
        rewriter, loc, rewriter.getI64Type(),
        NVVM::DynamicSmemSize::create(rewriter, loc, rewriter.getI32Type()));
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, buildDescriptor(e, type, data, {bytes}, {e.i64(1)}));
    return success();
  }
};
/// One 32-bit shfl.sync of `word`.
static Value shuffleWord(Emitter &e, NVVM::ShflKind kind, Value mask,
                         Value word, Value offset) {
  // Lane-range clamp for 32-lane warps: 0 for up, 31 for the others.
  int64_t clamp = kind == NVVM::ShflKind::up ? 0 : 0x1f;
  return NVVM::ShflOp::create(e.b, e.loc, e.b.getI32Type(), mask, word, offset,
                              e.intConst(e.b.getI32Type(), clamp),
                              NVVM::ShflKindAttr::get(e.b.getContext(), kind),
                              UnitAttr());
}

/// Shuffles a register value of at most 8 bytes as 32-bit words.
static Value shuffleValue(Emitter &e, NVVM::ShflKind kind, Value mask,
                          Value value, Value offset) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type type = value.getType();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (auto complex = dyn_cast<mlir::ComplexType>(type)) {
    Value re = shuffleValue(e, kind, mask, complex::ReOp::create(b, loc, value),
                            offset);
    Value im = shuffleValue(e, kind, mask, complex::ImOp::create(b, loc, value),
                            offset);
    return complex::CreateOp::create(b, loc, complex, re, im);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(width);
  Value bits = isa<mlir::FloatType>(type)
                   ? Value(arith::BitcastOp::create(b, loc, bitsType, value))
                   : value;
  Value result;
  if (width <= 32) {
    Value word = width == 32 ? bits : arith::ExtUIOp::create(b, loc, i32, bits);
    Value moved = shuffleWord(e, kind, mask, word, offset);
    result =
        width == 32 ? moved : arith::TruncIOp::create(b, loc, bitsType, moved);
  } else {
    Value lo = arith::TruncIOp::create(b, loc, i32, bits);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, bits, e.intConst(i64, 32)));
    Value newLo = arith::ExtUIOp::create(
        b, loc, i64, shuffleWord(e, kind, mask, lo, offset));
    Value newHi = arith::ExtUIOp::create(
        b, loc, i64, shuffleWord(e, kind, mask, hi, offset));
    result = arith::OrIOp::create(
        b, loc, newLo,
        arith::ShLIOp::create(b, loc, newHi, e.intConst(i64, 32)));
  }
  if (isa<mlir::FloatType>(type))
    return arith::BitcastOp::create(b, loc, type, result);
  return result;
}

static Value toBits(Emitter &e, Operation *op, Value value, Type dtype);
static Value fromBits(Emitter &e, Operation *op, Value bits, Type dtype);

template <typename OpTy, NVVM::ShflKind kind>
struct ShuffleLowering : public PyPattern<OpTy> {
  using PyPattern<OpTy>::PyPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type type = op.getValue().getType();
    if (isNumberType(type)) {
      rewriter.replaceOp(op,
                         shuffleValue(e, kind, adaptor.getMask(),
                                      adaptor.getValue(), adaptor.getOffset()));
      return success();
    }
    // A vector, struct or tuple moves as its bytes, in one or two words.
    Value bits = toBits(e, op, adaptor.getValue(), type);
    unsigned width = bits.getType().getIntOrFloatBitWidth();
    Type word = rewriter.getIntegerType(width <= 32 ? 32 : 64);
    if (width != word.getIntOrFloatBitWidth())
      bits = arith::ExtUIOp::create(rewriter, op.getLoc(), word, bits);
    Value moved =
        shuffleValue(e, kind, adaptor.getMask(), bits, adaptor.getOffset());
    if (width != word.getIntOrFloatBitWidth())
      moved = arith::TruncIOp::create(rewriter, op.getLoc(),
                                      rewriter.getIntegerType(width), moved);
    rewriter.replaceOp(op, fromBits(e, op, moved, type));
    return success();
  }
};
/// An integer register value as the i32 of an int32 result.
static Value toI32(Emitter &e, Value value) {
  unsigned width = value.getType().getIntOrFloatBitWidth();
  if (width == 32)
    return value;
  if (width > 32)
    return arith::TruncIOp::create(e.b, e.loc, e.b.getI32Type(), value);
  return arith::ExtUIOp::create(e.b, e.loc, e.b.getI32Type(), value);
}

template <typename OpTy> struct BitIntrinsicLowering : public PyPattern<OpTy> {
  using PyPattern<OpTy>::PyPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value x = adaptor.getX();
    Value result;
    if constexpr (std::is_same_v<OpTy, simt::PopcOp>) {
      result = toI32(e, LLVM::CtPopOp::create(rewriter, op.getLoc(), x));
    } else if constexpr (std::is_same_v<OpTy, simt::ClzOp>) {
      // ctlz and cttz of 0 are the width (not poison): is_zero_poison=0.
      result =
          toI32(e, LLVM::CountLeadingZerosOp::create(
                       rewriter, op.getLoc(), x, rewriter.getBoolAttr(false)));
    } else if constexpr (std::is_same_v<OpTy, simt::FfsOp>) {
      Value trailing =
          toI32(e, LLVM::CountTrailingZerosOp::create(
                       rewriter, op.getLoc(), x, rewriter.getBoolAttr(false)));
      Value isZero =
          e.cmpi(arith::CmpIPredicate::eq, x, e.intConst(x.getType(), 0));
      Value i32zero = e.intConst(rewriter.getI32Type(), 0);
      result = e.select(isZero, i32zero,
                        e.add(trailing, e.intConst(rewriter.getI32Type(), 1)));
    } else {
      result = LLVM::BitReverseOp::create(rewriter, op.getLoc(), x);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CbrtLowering : public PyPattern<simt::CbrtOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::CbrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::CbrtOp>(op, adaptor.getA());
    return success();
  }
};

struct FmaLowering : public PyPattern<simt::FmaOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::FmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::FmaOp>(op, adaptor.getA(), adaptor.getB(),
                                             adaptor.getC());
    return success();
  }
};
//===----------------------------------------------------------------------===//
// simt atomics
//===----------------------------------------------------------------------===//

/// The integer holding the bits of an atomic object of py type `dtype`.
static IntegerType getBitsType(Type dtype) {
  return IntegerType::get(dtype.getContext(), 8 * getMachineLayout(dtype).size);
}

/// Marks in `used` the bytes of `type` (at `base`) that hold a value, not
/// padding, through nested aggregates.
static void markValueBytes(Type type, uint64_t base,
                           SmallVectorImpl<bool> &used) {
  SmallVector<Type> members = getAggregateMembers(type);
  if (members.empty() || isa<mlir::ComplexType>(getMachineType(type))) {
    uint64_t size = getMachineLayout(type).size;
    for (uint64_t k = 0; k < size; ++k)
      used[base + k] = true;
    return;
  }
  for (auto [member, offset] : llvm::zip(members, getMemberOffsets(type)))
    markValueBytes(member, base + offset, used);
}

/// The mask of the bits of `dtype` that hold its value (zero on padding), or
/// std::nullopt when it has no padding.
static std::optional<APInt> getPaddingFreeMask(Type dtype) {
  uint64_t size = getMachineLayout(dtype).size;
  SmallVector<bool> used(size, false);
  markValueBytes(dtype, 0, used);
  if (llvm::all_of(used, [](bool u) { return u; }))
    return std::nullopt;
  APInt mask(8 * size, 0);
  for (uint64_t k = 0; k < size; ++k)
    if (used[k])
      mask.setBits(8 * k, 8 * k + 8);
  return mask;
}

/// The bits of a register value of py type `dtype`: integers and floats
/// directly, complex numbers and aggregates through a stack slot (which
/// LLVM's SROA removes). Padding bits are 0: an aggregate's padding is
/// undefined in registers (and a load of bytes partly undefined would be
/// undefined as a whole), so the value is frozen and the padding masked.
static Value toBits(Emitter &e, Operation *op, Value value, Type dtype) {
  IntegerType bits = getBitsType(dtype);
  Value memory = e.toMemory(value, dtype);
  Type memoryType = memory.getType();
  if (isa<IntegerType>(memoryType))
    return memory;
  if (isa<mlir::FloatType>(memoryType))
    return arith::BitcastOp::create(e.b, e.loc, bits, memory);
  memory = LLVM::FreezeOp::create(e.b, e.loc, memory);
  Value slot =
      createEntrySlot(e.b, op, bits, llvm::PowerOf2Ceil(bits.getWidth() / 8));
  LLVM::StoreOp::create(e.b, e.loc, memory, slot);
  Value loaded = LLVM::LoadOp::create(e.b, e.loc, bits, slot);
  if (std::optional<APInt> mask = getPaddingFreeMask(dtype))
    loaded = arith::AndIOp::create(
        e.b, e.loc, loaded,
        arith::ConstantOp::create(e.b, e.loc, IntegerAttr::get(bits, *mask)));
  return loaded;
}

/// The register value of py type `dtype` whose bits are `bits`.
static Value fromBits(Emitter &e, Operation *op, Value bits, Type dtype) {
  Type memoryType = getMemoryType(dtype);
  Value memory;
  if (isa<IntegerType>(memoryType)) {
    memory = bits;
  } else if (isa<mlir::FloatType>(memoryType)) {
    memory = arith::BitcastOp::create(e.b, e.loc, memoryType, bits);
  } else {
    Value slot = createEntrySlot(
        e.b, op, bits.getType(),
        llvm::PowerOf2Ceil(bits.getType().getIntOrFloatBitWidth() / 8));
    LLVM::StoreOp::create(e.b, e.loc, bits, slot);
    memory = LLVM::LoadOp::create(e.b, e.loc, memoryType, slot);
  }
  return e.fromMemory(memory, dtype);
}

/// The NVVM target of the gpu.module around `op`, if it has one.
static NVVM::NVVMTargetAttr getTarget(Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return {};
  for (Attribute target : module.getTargetsAttr())
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      return nvvm;
  return {};
}

/// PTX has 16-byte atomics (atom.cas.b128 and atom.exch.b128, which LLVM
/// uses for 16-byte atomic loads and stores) from sm_90 and PTX ISA 8.4 on (8.3
/// without .sys).
static LogicalResult checkObjectSize(Operation *op, Type dtype) {
  if (getMachineLayout(dtype).size < 16)
    return success();
  NVVM::NVVMTargetAttr target = getTarget(op);
  if (!target)
    return success();
  StringRef chip = target.getChip();
  unsigned sm = 0;
  if (chip.consume_front("sm_") && !chip.consumeInteger(10, sm) && sm < 90)
    return op->emitOpError("a 16-byte atomic needs sm_90 or newer; the target "
                           "is sm_")
           << sm;
  std::optional<unsigned> ptx =
      parsePtxVersion(getPtxVersionFromFeatures(target.getFeatures()));
  if (ptx && *ptx < 84)
    return op->emitOpError("a 16-byte atomic needs PTX ISA 8.4 or newer; the "
                           "target has ")
           << formatPtxVersion(*ptx) << " (set the ptx-version option)";
  return success();
}

struct AtomicRefLowering : public PyPattern<simt::AtomicRefOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AtomicRefOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value address = elementPointer(
        e, op, op.getArray().getType(), adaptor.getArray(),
        adaptor.getIndices(), op.getIndices().getTypes(), options.boundsCheck);
    if (uint64_t member = op.getMemberOffset())
      address = LLVM::GEPOp::create(
          rewriter, op.getLoc(), getPointerType(op.getContext()),
          rewriter.getI8Type(), address,
          ValueRange{e.i64(static_cast<int64_t>(member))});
    rewriter.replaceOp(op, address);
    return success();
  }
};

struct AtomicLoadLowering : public PyPattern<simt::AtomicLoadOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type dtype = op.getType();
    if (failed(checkObjectSize(op, dtype)))
      return failure();
    Emitter e{rewriter, op.getLoc()};
    IntegerType bits = getBitsType(dtype);
    Value loaded = LLVM::LoadOp::create(
        rewriter, op.getLoc(), bits, adaptor.getRef(), bits.getWidth() / 8,
        /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariant=*/false,
        /*isInvariantGroup=*/false,
        getLLVMOrdering(getAtomicOrder(op.getMemory())),
        getLLVMSyncScope(getAtomicScope(op.getScope())));
    rewriter.replaceOp(op, fromBits(e, op, loaded, dtype));
    return success();
  }
};

struct AtomicStoreLowering : public PyPattern<simt::AtomicStoreOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type dtype = op.getValue().getType();
    if (failed(checkObjectSize(op, dtype)))
      return failure();
    Emitter e{rewriter, op.getLoc()};
    Value value = toBits(e, op, adaptor.getValue(), dtype);
    LLVM::StoreOp::create(rewriter, op.getLoc(), value, adaptor.getRef(),
                          getMachineLayout(dtype).size, /*isVolatile=*/false,
                          /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                          getLLVMOrdering(getAtomicOrder(op.getMemory())),
                          getLLVMSyncScope(getAtomicScope(op.getScope())));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `this = update(this)` by compare-and-swap: reads the object, computes
/// the new bits and whether to write them, and swaps them in, retrying
/// while another thread wrote between. Returns the bits it replaced. When
/// `mayElide`, an update that writes nothing ends the loop without a swap:
/// the read, with `loadOrdering`, is then the whole operation.
static Value
emitCasLoop(Emitter &e, Value ptr, IntegerType bits,
            LLVM::AtomicOrdering ordering, LLVM::AtomicOrdering loadOrdering,
            StringRef scope, bool mayElide,
            function_ref<std::pair<Value, Value>(Emitter &, Value)> update) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  unsigned align = bits.getWidth() / 8;
  Value initial = LLVM::LoadOp::create(b, loc, bits, ptr, align, false, false,
                                       false, false, loadOrdering, scope);
  Type i1 = b.getI1Type();
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{bits, i1}, ValueRange{initial, e.intConst(i1, 0)},
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Emitter ne{nb, l};
        Value more = arith::XOrIOp::create(nb, l, args[1], ne.intConst(i1, 1));
        scf::ConditionOp::create(nb, l, more, args);
      },
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Emitter ne{nb, l};
        Value current = args[0];
        auto [desired, write] = update(ne, current);
        auto swap = [&](OpBuilder &sb, Location sl) {
          auto cas = LLVM::AtomicCmpXchgOp::create(sb, sl, ptr, current,
                                                   desired, ordering,
                                                   loadOrdering, scope, align);
          Value seen = LLVM::ExtractValueOp::create(sb, sl, cas, 0);
          Value done = LLVM::ExtractValueOp::create(sb, sl, cas, 1);
          return SmallVector<Value>{seen, done};
        };
        if (!mayElide || !write) {
          scf::YieldOp::create(nb, l, swap(nb, l));
          return;
        }
        auto ifOp = scf::IfOp::create(
            nb, l, write,
            [&](OpBuilder &tb, Location tl) {
              scf::YieldOp::create(tb, tl, swap(tb, tl));
            },
            [&](OpBuilder &fb, Location fl) {
              Emitter fe{fb, fl};
              scf::YieldOp::create(fb, fl,
                                   ValueRange{current, fe.intConst(i1, 1)});
            });
        scf::YieldOp::create(nb, l, ifOp.getResults());
      });
  return loop.getResult(0);
}

/// Whether an operation of order `memory` that writes nothing may end as a
/// plain read: it releases nothing.
static bool mayElideWrite(simt::MemoryOrder memory) {
  return memory == simt::MemoryOrder::relaxed ||
         memory == simt::MemoryOrder::consume ||
         memory == simt::MemoryOrder::acquire;
}

/// The register value of a py float type as a float LLVM compares: fp8
/// numbers (bytes in registers) decode to f32.
static Value toComparableFloat(Emitter &e, Value value, Type dtype) {
  Type machine = getMachineType(dtype);
  if (isStorageOnlyFloatType(machine))
    return cudapy::decodeNarrowFloat(e.b, e.loc, value,
                                     cast<mlir::FloatType>(machine));
  return value;
}

/// Python's `a == b` of two numbers of py float or complex type `dtype`.
static Value emitNumberEquals(Emitter &e, Value a, Value b, Type dtype) {
  using P = arith::CmpFPredicate;
  if (isa<mlir::ComplexType>(getMachineType(dtype))) {
    Value re = e.cmpf(P::OEQ, complex::ReOp::create(e.b, e.loc, a),
                      complex::ReOp::create(e.b, e.loc, b));
    Value im = e.cmpf(P::OEQ, complex::ImOp::create(e.b, e.loc, a),
                      complex::ImOp::create(e.b, e.loc, b));
    return arith::AndIOp::create(e.b, e.loc, re, im);
  }
  return e.cmpf(P::OEQ, toComparableFloat(e, a, dtype),
                toComparableFloat(e, b, dtype));
}

/// `atom.<sem>.<scope>.<op><type> d, [ptr], value`, with `fence.sc` first
/// for seq_cst (the mapping libcu++ uses; LLVM's atomicrmw drops the
/// qualifiers on NVPTX).
static Value emitAtom(Emitter &e, simt::MemoryOrder memory,
                      simt::ThreadScope scope, StringRef operation,
                      StringRef type, Value ptr, Value value) {
  StringRef ptxScope = simt::getPtxScope(scope);
  std::string text;
  StringRef semantics = "relaxed";
  switch (memory) {
  case simt::MemoryOrder::relaxed:
    break;
  case simt::MemoryOrder::consume:
  case simt::MemoryOrder::acquire:
    semantics = "acquire";
    break;
  case simt::MemoryOrder::release:
    semantics = "release";
    break;
  case simt::MemoryOrder::acq_rel:
    semantics = "acq_rel";
    break;
  case simt::MemoryOrder::seq_cst:
    text = ("fence.sc." + ptxScope + ";\n\t").str();
    semantics = "acquire";
    break;
  }
  text += ("atom." + semantics + "." + ptxScope + "." + operation + type +
           " $0, [$1], $2;")
              .str();
  Type valueType = value.getType();
  StringRef letter = valueType.isF32()                         ? "f"
                     : valueType.isF64()                       ? "d"
                     : valueType.getIntOrFloatBitWidth() == 64 ? "l"
                                                               : "r";
  std::string constraints =
      ("=" + letter + ",l," + letter + ",~{memory}").str();
  return createInlinePtx(e.b, e.loc, valueType, ValueRange{ptr, value}, text,
                         constraints);
}

struct AtomicRMWLowering : public PyPattern<simt::AtomicRMWOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using Kind = simt::AtomicKind;
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getType();
    Type machine = getMachineType(dtype);
    Kind kind = op.getKind();
    simt::MemoryOrder memory = op.getMemory();
    simt::ThreadScope scope = op.getScope();
    Value ptr = adaptor.getRef(), value = adaptor.getValue();
    IntegerType bits = getBitsType(dtype);
    unsigned width = bits.getWidth();
    bool isFloat = isa<mlir::FloatType>(machine);

    // exch moves bits: atom.exch.b32/.b64, or a CAS loop below 4 bytes.
    if (kind == Kind::exch) {
      Value desired = toBits(e, op, value, dtype);
      Value old;
      if (width >= 32) {
        old = emitAtom(e, memory, scope, "exch", width == 32 ? ".b32" : ".b64",
                       ptr, desired);
      } else {
        old = emitCasLoop(
            e, ptr, bits, getLLVMOrdering(getAtomicOrder(memory)),
            LLVM::AtomicOrdering::monotonic,
            getLLVMSyncScope(getAtomicScope(scope)), /*mayElide=*/false,
            [&](Emitter &, Value) { return std::make_pair(desired, Value()); });
      }
      rewriter.replaceOp(op, fromBits(e, op, old, dtype));
      return success();
    }

    // Float max/min/nanmax/nanmin: PTX has no instruction; a CAS loop.
    bool isMinMax = kind == Kind::max || kind == Kind::min ||
                    kind == Kind::nanmax || kind == Kind::nanmin;
    if (isFloat && isMinMax) {
      using P = arith::CmpFPredicate;
      bool elide = mayElideWrite(memory);
      Value valueBits = toBits(e, op, value, dtype);
      Value old = emitCasLoop(
          e, ptr, bits, getLLVMOrdering(getAtomicOrder(memory)),
          elide ? getLLVMOrdering(getAtomicOrder(memory))
                : LLVM::AtomicOrdering::monotonic,
          getLLVMSyncScope(getAtomicScope(scope)), elide,
          [&](Emitter &le, Value currentBits) {
            Value current =
                arith::BitcastOp::create(le.b, le.loc, machine, currentBits);
            bool isMax = kind == Kind::max || kind == Kind::nanmax;
            // Python's max(this, value): value only if value > this.
            Value better = le.cmpf(isMax ? P::OGT : P::OLT, value, current);
            Value write = better;
            if (kind == Kind::nanmax || kind == Kind::nanmin) {
              Value valueIsNumber = le.cmpf(P::ORD, value, value);
              Value currentIsNaN = le.cmpf(P::UNO, current, current);
              write = arith::AndIOp::create(
                  le.b, le.loc, valueIsNumber,
                  arith::OrIOp::create(le.b, le.loc, currentIsNaN, better));
            }
            return std::make_pair(le.select(write, valueBits, currentBits),
                                  write);
          });
      rewriter.replaceOp(
          op, arith::BitcastOp::create(rewriter, op.getLoc(), machine, old));
      return success();
    }

    // inc/dec wrap at the value: atom.inc/dec.u32; a CAS loop for 64 bits.
    if ((kind == Kind::inc || kind == Kind::dec) && width == 64) {
      using P = arith::CmpIPredicate;
      Value zero = e.intConst(bits, 0), one = e.intConst(bits, 1);
      Value old =
          emitCasLoop(e, ptr, bits, getLLVMOrdering(getAtomicOrder(memory)),
                      LLVM::AtomicOrdering::monotonic,
                      getLLVMSyncScope(getAtomicScope(scope)),
                      /*mayElide=*/false, [&](Emitter &le, Value current) {
                        Value next;
                        if (kind == Kind::inc) {
                          next = le.select(le.cmpi(P::uge, current, value),
                                           zero, le.add(current, one));
                        } else {
                          Value wrap = arith::OrIOp::create(
                              le.b, le.loc, le.cmpi(P::eq, current, zero),
                              le.cmpi(P::ugt, current, value));
                          next = le.select(wrap, value, le.sub(current, one));
                        }
                        return std::make_pair(next, Value());
                      });
      rewriter.replaceOp(op, old);
      return success();
    }

    // The rest are single PTX atom instructions.
    std::string type = width == 32 ? "32" : "64";
    StringRef operation;
    switch (kind) {
    case Kind::add:
    case Kind::sub:
      operation = "add";
      type = (isFloat ? ".f" : ".u") + type;
      if (kind == Kind::sub)
        value = isFloat
                    ? Value(arith::NegFOp::create(rewriter, op.getLoc(), value))
                    : e.sub(e.intConst(value.getType(), 0), value);
      break;
    case Kind::and_:
    case Kind::or_:
    case Kind::xor_:
      operation = kind == Kind::and_ ? "and" : kind == Kind::or_ ? "or" : "xor";
      type = ".b" + type;
      break;
    case Kind::inc:
    case Kind::dec:
      operation = kind == Kind::inc ? "inc" : "dec";
      type = ".u" + type;
      break;
    default: // integer max, min, nanmax, nanmin
      operation = kind == Kind::max || kind == Kind::nanmax ? "max" : "min";
      type = (isSignedInteger(dtype) ? ".s" : ".u") + type;
      break;
    }
    rewriter.replaceOp(op,
                       emitAtom(e, memory, scope, operation, type, ptr, value));
    return success();
  }
};

struct AtomicCasLowering : public PyPattern<simt::AtomicCasOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AtomicCasOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getType();
    simt::MemoryOrder memory = op.getMemory();
    IntegerType bits = getBitsType(dtype);
    Value ptr = adaptor.getRef();
    Value desired = toBits(e, op, adaptor.getValue(), dtype);
    std::optional<NumberKind> kind = getNumberKind(dtype);
    Value old;
    if (kind && (*kind == NumberKind::Float || *kind == NumberKind::Complex)) {
      // Python's == on numbers: -0.0 == 0.0, and NaN equals nothing.
      Value expected = adaptor.getOld();
      old = emitCasLoop(e, ptr, bits, getLLVMOrdering(getAtomicOrder(memory)),
                        getLLVMFailureOrdering(getAtomicOrder(memory)),
                        getLLVMSyncScope(getAtomicScope(op.getScope())),
                        /*mayElide=*/true, [&](Emitter &le, Value currentBits) {
                          Value current = fromBits(le, op, currentBits, dtype);
                          Value equal =
                              emitNumberEquals(le, current, expected, dtype);
                          return std::make_pair(
                              le.select(equal, desired, currentBits), equal);
                        });
    } else if (std::optional<APInt> mask = getPaddingFreeMask(dtype)) {
      // Padding does not take part in the comparison (C++20's
      // compare_exchange): the object's padding may hold anything.
      Value expected = toBits(e, op, adaptor.getOld(), dtype);
      old = emitCasLoop(
          e, ptr, bits, getLLVMOrdering(getAtomicOrder(memory)),
          getLLVMFailureOrdering(getAtomicOrder(memory)),
          getLLVMSyncScope(getAtomicScope(op.getScope())),
          /*mayElide=*/true, [&](Emitter &le, Value currentBits) {
            Value masked = arith::AndIOp::create(
                le.b, le.loc, currentBits,
                arith::ConstantOp::create(le.b, le.loc,
                                          IntegerAttr::get(bits, *mask)));
            Value equal = le.cmpi(arith::CmpIPredicate::eq, masked, expected);
            return std::make_pair(le.select(equal, desired, currentBits),
                                  equal);
          });
    } else {
      Value expected = toBits(e, op, adaptor.getOld(), dtype);
      auto cas = LLVM::AtomicCmpXchgOp::create(
          rewriter, op.getLoc(), ptr, expected, desired,
          getLLVMOrdering(getAtomicOrder(memory)),
          getLLVMFailureOrdering(getAtomicOrder(memory)),
          getLLVMSyncScope(getAtomicScope(op.getScope())), bits.getWidth() / 8);
      old = e.extract(cas, {0});
    }
    rewriter.replaceOp(op, fromBits(e, op, old, dtype));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// simt match and WarpMask bits
//===----------------------------------------------------------------------===//

/// A number of at most 8 bytes as the 32- or 64-bit word match.sync takes.
static Value toMatchWord(Emitter &e, Operation *op, Value value, Type type) {
  Value word = toBits(e, op, value, type);
  if (word.getType().getIntOrFloatBitWidth() < 32)
    return arith::ExtUIOp::create(e.b, e.loc, e.b.getI32Type(), word);
  return word;
}

struct MatchAnySyncLowering : public PyPattern<simt::MatchAnySyncOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::MatchAnySyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value word =
        toMatchWord(e, op, adaptor.getValue(), op.getValue().getType());
    rewriter.replaceOpWithNewOp<NVVM::MatchSyncOp>(op, rewriter.getI32Type(),
                                                   adaptor.getMask(), word,
                                                   NVVM::MatchSyncKind::any);
    return success();
  }
};

struct MatchAllSyncLowering : public PyPattern<simt::MatchAllSyncOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::MatchAllSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value word =
        toMatchWord(e, op, adaptor.getValue(), op.getValue().getType());
    Type result = LLVM::LLVMStructType::getLiteral(
        op.getContext(), {rewriter.getI32Type(), rewriter.getI1Type()});
    Value both = NVVM::MatchSyncOp::create(rewriter, op.getLoc(), result,
                                           adaptor.getMask(), word,
                                           NVVM::MatchSyncKind::all);
    rewriter.replaceOp(op, {e.extract(both, {0}), e.extract(both, {1})});
    return success();
  }
};

/// `1 << i` for lane `i` of a WarpMask, `i` checked under bounds-check.
static Value laneBit(Emitter &e, Operation *op, Value index, Type indexType,
                     bool boundsCheck) {
  Value i = e.toI64(index, indexType);
  if (boundsCheck)
    emitCheck(e, op, e.cmpi(arith::CmpIPredicate::ult, i, e.i64(32)),
              "WarpMask index out of range");
  Value lane = arith::TruncIOp::create(e.b, e.loc, e.b.getI32Type(), i);
  return arith::ShLIOp::create(e.b, e.loc, e.intConst(e.b.getI32Type(), 1),
                               lane);
}

struct WarpMaskGetItemLowering : public PyPattern<simt::WarpMaskGetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::WarpMaskGetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value bit = laneBit(e, op, adaptor.getIndex(), op.getIndex().getType(),
                        options.boundsCheck);
    Value set =
        arith::AndIOp::create(rewriter, op.getLoc(), adaptor.getMask(), bit);
    rewriter.replaceOp(op, e.cmpi(arith::CmpIPredicate::ne, set,
                                  e.intConst(rewriter.getI32Type(), 0)));
    return success();
  }
};

struct WarpMaskSetItemLowering : public PyPattern<simt::WarpMaskSetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::WarpMaskSetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Location loc = op.getLoc();
    Value bit = laneBit(e, op, adaptor.getIndex(), op.getIndex().getType(),
                        options.boundsCheck);
    Value mask = adaptor.getMask();
    Value added = arith::OrIOp::create(rewriter, loc, mask, bit);
    Value cleared = arith::AndIOp::create(
        rewriter, loc, mask,
        arith::XOrIOp::create(rewriter, loc, bit,
                              e.intConst(rewriter.getI32Type(), -1)));
    rewriter.replaceOp(op, e.select(adaptor.getValue(), added, cleared));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// simt math: libdevice, CUDA C++'s math library
//===----------------------------------------------------------------------===//

/// The declaration of libdevice function `name` in `op`'s module.
static LLVM::LLVMFuncOp getLibdeviceFunction(OpBuilder &b, Operation *op,
                                             StringRef name,
                                             LLVM::LLVMFunctionType type) {
  Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
  if (auto existing = dyn_cast_or_null<LLVM::LLVMFuncOp>(
          SymbolTable::lookupSymbolIn(table, name)))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&table->getRegion(0).front());
  return LLVM::LLVMFuncOp::create(b, op->getLoc(), name, type);
}

/// libdevice's name of `function` for f32 (`isF32`) or f64 operands.
static std::string getLibdeviceName(simt::MathFunction function, bool isF32) {
  using F = simt::MathFunction;
  switch (function) {
  case F::gamma:
    return isF32 ? "__nv_tgammaf" : "__nv_tgamma";
  case F::isfinite:
    return isF32 ? "__nv_finitef" : "__nv_isfinited";
  case F::isinf:
    return isF32 ? "__nv_isinff" : "__nv_isinfd";
  case F::isnan:
    return isF32 ? "__nv_isnanf" : "__nv_isnand";
  default:
    break;
  }
  return ("__nv_" + simt::stringifyMathFunction(function) + (isF32 ? "f" : ""))
      .str();
}

struct MathLowering : public PyPattern<simt::MathOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::MathOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using F = simt::MathFunction;
    Emitter e{rewriter, op.getLoc()};
    Location loc = op.getLoc();
    F function = op.getFunction();
    auto machine =
        cast<mlir::FloatType>(getMachineType(op.getOperands()[0].getType()));
    // libdevice has f32 and f64 functions: f16 and bf16 go through f32.
    bool narrow = machine.getWidth() < 32;
    Type compute = narrow ? Type(rewriter.getF32Type()) : Type(machine);
    SmallVector<Value> args;
    for (auto [k, value] : llvm::enumerate(adaptor.getOperands())) {
      if (k == 1 && function == F::ldexp)
        args.push_back(value); // the int32 exponent
      else
        args.push_back(
            narrow ? Value(arith::ExtFOp::create(rewriter, loc, compute, value))
                   : value);
    }
    Value result;
    if (function == F::degrees || function == F::radians) {
      // CPython: x * (180 / pi) and x * (pi / 180).
      double factor = function == F::degrees ? 180.0 / M_PI : M_PI / 180.0;
      result = arith::MulFOp::create(rewriter, loc, args[0],
                                     e.floatConst(compute, factor));
    } else {
      bool predicate = function == F::isfinite || function == F::isinf ||
                       function == F::isnan;
      Type resultType = predicate ? Type(rewriter.getI32Type()) : compute;
      SmallVector<Type> argTypes;
      for (Value arg : args)
        argTypes.push_back(arg.getType());
      auto type = LLVM::LLVMFunctionType::get(resultType, argTypes);
      LLVM::LLVMFuncOp callee = getLibdeviceFunction(
          rewriter, op, getLibdeviceName(function, compute.isF32()), type);
      result = LLVM::CallOp::create(rewriter, loc, callee, args).getResult();
      if (predicate) {
        rewriter.replaceOp(op, e.cmpi(arith::CmpIPredicate::ne, result,
                                      e.intConst(resultType, 0)));
        return success();
      }
    }
    if (narrow)
      result = arith::TruncFOp::create(rewriter, loc, machine, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Formatted output and assertions
//===----------------------------------------------------------------------===//

/// simt.print as gpu.printf (vprintf), each value as CUDA's printf reads
/// it: integers narrower than 32 bits widened by their signedness (bools
/// as 0 or 1), floats as doubles (CUDA C++ 7.34; the verifier matched the
/// conversions to these widths).
struct PrintLowering : public PyPattern<simt::PrintOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    SmallVector<Value> values;
    for (auto [value, converted] :
         llvm::zip(op.getValues(), adaptor.getValues()))
      values.push_back(e.widenForPrintf(
          converted, getNumberKind(value.getType()) == NumberKind::SignedInt));
    gpu::PrintfOp::create(rewriter, e.loc, op.getFormatAttr(), values);
    rewriter.eraseOp(op);
    return success();
  }
};

/// simt.assert as cf.assert, which convert-gpu-to-nvvm makes CUDA's
/// __assertfail with the op's file, line and function (CUDA C++ 7.31).
struct AssertLowering : public PyPattern<simt::AssertOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    cf::AssertOp::create(rewriter, getAssertionLocation(op),
                         adaptor.getCondition(), op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void cudapy::populateSimtToLLVMConversionPatterns(
    PyToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const PyToLLVMOptions &options) {
  patterns.add<
      SharedArrayLowering, LocalArrayLowering, DynamicSharedArrayLowering,
      ConstArrayLowering,
      ShuffleLowering<simt::ShflSyncOp, NVVM::ShflKind::idx>,
      ShuffleLowering<simt::ShflUpSyncOp, NVVM::ShflKind::up>,
      ShuffleLowering<simt::ShflDownSyncOp, NVVM::ShflKind::down>,
      ShuffleLowering<simt::ShflXorSyncOp, NVVM::ShflKind::bfly>,
      BitIntrinsicLowering<simt::PopcOp>, BitIntrinsicLowering<simt::ClzOp>,
      BitIntrinsicLowering<simt::FfsOp>, BitIntrinsicLowering<simt::BrevOp>,
      CbrtLowering, FmaLowering, AtomicRefLowering, AtomicLoadLowering,
      AtomicStoreLowering, AtomicRMWLowering, AtomicCasLowering,
      MatchAnySyncLowering, MatchAllSyncLowering, WarpMaskGetItemLowering,
      WarpMaskSetItemLowering, MathLowering, PrintLowering, AssertLowering>(
      converter, patterns.getContext(), options);
}

void cudapy::configureSimtToLLVMConversionLegality(ConversionTarget &target) {
  target.addDynamicallyLegalDialect<simt::SimtDialect>(
      [](Operation *op) { return !simt::isLoweredWithPy(op); });
  // What simt.print and simt.assert become, for convert-gpu-to-nvvm.
  target.addLegalOp<gpu::PrintfOp, cf::AssertOp>();
}
