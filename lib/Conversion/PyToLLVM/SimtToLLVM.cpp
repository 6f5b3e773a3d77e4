//===- SimtToLLVM.cpp - the simt ops convert-py-to-llvm lowers ------------===//
//
// The simt ops whose values are py types: the memories (py arrays), warp
// shuffles, numeric intrinsics and atomics. Part of `convert-py-to-llvm`
// (include/cudapy/Conversion/Passes.td); docs/Simt.md says what they emit.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "dialects/Simt/IR/SimtOps.h"

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

struct LocalArrayLowering : public PyPattern<simt::LocalArrayOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(simt::LocalArrayOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    py::ArrayType type = op.getType();
    auto [count, align] = getStaticStorage(op);
    // The allocation happens once, at the function's entry.
    Value data;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Region *body = op->getParentRegion();
      while (!isa<FunctionOpInterface>(body->getParentOp()))
        body = body->getParentOp()->getParentRegion();
      rewriter.setInsertionPointToStart(&body->front());
      Emitter entry{rewriter, loc};
      data = LLVM::AllocaOp::create(
          rewriter, loc, getPointerType(op.getContext()),
          getMemoryType(type.getDtype()), entry.i64(count), align);
    }
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

template <typename OpTy, NVVM::ShflKind kind>
struct ShuffleLowering : public PyPattern<OpTy> {
  using PyPattern<OpTy>::PyPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       shuffleValue(e, kind, adaptor.getMask(),
                                    adaptor.getValue(), adaptor.getOffset()));
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
} // namespace

void pylower::populateSimtToLLVMPatterns(PyToLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const PyToLLVMOptions &options) {
  patterns
      .add<SharedArrayLowering, LocalArrayLowering, DynamicSharedArrayLowering,
           ShuffleLowering<simt::ShflSyncOp, NVVM::ShflKind::idx>,
           ShuffleLowering<simt::ShflUpSyncOp, NVVM::ShflKind::up>,
           ShuffleLowering<simt::ShflDownSyncOp, NVVM::ShflKind::down>,
           ShuffleLowering<simt::ShflXorSyncOp, NVVM::ShflKind::bfly>,
           BitIntrinsicLowering<simt::PopcOp>,
           BitIntrinsicLowering<simt::ClzOp>, BitIntrinsicLowering<simt::FfsOp>,
           BitIntrinsicLowering<simt::BrevOp>, CbrtLowering, FmaLowering>(
          converter, patterns.getContext(), options);
}

void pylower::addIllegalSimtOps(ConversionTarget &target) {
  target.addIllegalOp<simt::SharedArrayOp, simt::LocalArrayOp,
                      simt::DynamicSharedArrayOp, simt::ShflSyncOp,
                      simt::ShflUpSyncOp, simt::ShflDownSyncOp,
                      simt::ShflXorSyncOp, simt::PopcOp, simt::ClzOp,
                      simt::FfsOp, simt::BrevOp, simt::CbrtOp, simt::FmaOp>();
}
