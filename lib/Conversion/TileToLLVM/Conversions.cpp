//===- Conversions.cpp - dtype conversions and scalars --------------------===//
//
// astype (with the narrow floats in software, one rounding in the op's
// direction), bitcasts, and the bridges between scalar tiles and scalars.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "dialects/Target/IR/TargetDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

/// Whether the module's chip is sm_`minimumSm` or later at PTX ISA 7.8 or
/// later: the `cvt` forms the hardware conversions use (`.e4m3x2` and
/// `.e5m2x2` from sm_89, `.tf32.f32` to nearest from sm_90).
static bool hasConversionsOf(Operation *op, unsigned minimumSm) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  std::optional<unsigned> ptx = target::getPtxVersionFor(op);
  return chip && !chip->host && chip->sm >= minimumSm && ptx && *ptx >= 78;
}

/// Whether the module's chip converts fp8 in hardware.
static bool hasFp8Conversions(Operation *op) {
  return hasConversionsOf(op, 89);
}

/// Whether `cvt` converts pairs of `dtype` (e4m3 and e5m2).
static bool isFp8(Type dtype) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(dtype);
}

/// Two fp8 codes (i8) of `dtype` as float16, exactly (`cvt` widens a pair).
static std::pair<Value, Value> decodeFp8Pair(Emitter &e, Type dtype, Value x0,
                                             Value x1) {
  OpBuilder &b = e.b;
  Value pair =
      LLVM::PoisonOp::create(b, e.loc, VectorType::get({2}, b.getI8Type()));
  pair = LLVM::InsertElementOp::create(b, e.loc, pair, x0, e.i32(0));
  pair = LLVM::InsertElementOp::create(b, e.loc, pair, x1, e.i32(1));
  Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
      b, e.loc, VectorType::get({2}, b.getF16Type()), pair, /*relu=*/false,
      dtype);
  auto half = [&](int64_t i) -> Value {
    return LLVM::ExtractElementOp::create(b, e.loc, halves, e.i32(i));
  };
  return {half(0), half(1)};
}

/// Two float32 values as fp8 codes (i8) of `dtype`, to nearest with
/// saturation to the largest finite value (what the software encoding
/// does). The sign is the input's: `cvt` keeps it for every value but NaN,
/// so or-ing the inputs' sign bits into the codes changes NaN's alone (the
/// software encoding keeps NaN's sign too).
static std::pair<Value, Value> encodeFp8Pair(Emitter &e, Type dtype, Value f0,
                                             Value f1) {
  OpBuilder &b = e.b;
  Type i32 = b.getI32Type(), i8 = b.getI8Type();
  // The first operand becomes the high byte.
  Value codes = NVVM::ConvertF32x2ToF8x2Op::create(
      b, e.loc, b.getI16Type(), f1, f0, NVVM::FPRoundingMode::RN,
      NVVM::SaturationMode::SATFINITE, /*relu=*/false, dtype);
  auto bits = [&](Value f) {
    return arith::BitcastOp::create(b, e.loc, i32, f).getResult();
  };
  // Byte 3 of each input (its sign and high exponent bits) to bytes 0, 1.
  Value signs =
      NVVM::PermuteOp::create(b, e.loc, i32, bits(f0), bits(f1), e.i32(0x0073),
                              NVVM::PermuteMode::DEFAULT);
  Value word = e.orI(e.zext(i32, codes), e.andI(signs, e.i32(0x8080)));
  return {e.trunc(i8, word), e.trunc(i8, e.shr(word, e.i32(8)))};
}

namespace cudapy::tile::lowering {
template <>
FailureOr<Value> UnaryLowering<ConvertOp>::emit(Emitter &e, ConvertOp op,
                                                Type from, Type to, Value x) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type target = getRegisterType(to);
  if (from == to)
    return x;
  if (isNarrowFloat(from) || isNarrowFloat(to)) {
    // From a narrow float: exactly to float32, then on. To one: from
    // float32 or float64 in one rounding in the op's direction (f16 and
    // bf16 widen exactly to float32, integers go to float64 rounded to
    // odd, which keeps the one rounding correct).
    FloatType f32 = b.getF32Type();
    // e4m3 and e5m2 on chips that convert them: to float16 (exact), then
    // float32; from float32 to nearest with saturation to the largest
    // finite value (.satfinite), which is what the software encoding does.
    bool hardware = hasFp8Conversions(op);
    // A lone element: the pair's other code is 0 (the byte loaded is
    // already zero-extended; a copy of it cost a shift and an or).
    if (hardware && isFp8(from))
      return emit(
          e, op, b.getF16Type(), to,
          decodeFp8Pair(e, from, x,
                        LLVM::ConstantOp::create(b, loc, b.getI8Type(), 0))
              .first);
    if (isNarrowFloat(from))
      return emit(e, op, f32, to,
                  decodeNarrowFloat(b, loc, x, cast<FloatType>(from)));
    bool nearest = !op.getRounding() || *op.getRounding() == RoundingMode::rn;
    if (hardware && isFp8(to) && nearest &&
        isa<Float32Type, Float16Type, BFloat16Type>(from)) {
      if (!from.isF32())
        x = arith::ExtFOp::create(b, loc, f32, x);
      return encodeFp8Pair(e, to, x, x).first;
    }
    // tf32 from float32 to nearest: one cvt on sm_90 on (PTX ISA 7.8),
    // on the conversion pipe instead of the integer sequence's five ALU
    // operations (a float32 matmul on tensor cores converts every element
    // it loads). Its bits are the software's: the 13 low bits zero, every
    // NaN 0x7FFFE000 (H200, all 2^32 inputs, docs/performance.md).
    if (isa<FloatTF32Type>(to) && from.isF32() && nearest &&
        hasConversionsOf(op, 90))
      return Value(arith::BitcastOp::create(
          b, loc, f32,
          NVVM::ConvertFloatToTF32Op::create(
              b, loc, b.getI32Type(), x, NVVM::FPRoundingMode::RN,
              NVVM::SaturationMode::NONE, /*relu=*/false)));
    Type source = from;
    if (isa<Float16Type, BFloat16Type>(from)) {
      x = arith::ExtFOp::create(b, loc, f32, x);
      source = f32;
    } else if (isa<IntegerType>(from)) {
      x = convertIntegerToOddFloat64(b, loc, x, isSigned(from));
      source = b.getF64Type();
    }
    NarrowRounding direction = NarrowRounding::NearestEven;
    if (auto rounding = op.getRounding()) {
      if (*rounding == RoundingMode::rz)
        direction = NarrowRounding::TowardZero;
      else if (*rounding == RoundingMode::rm)
        direction = NarrowRounding::Down;
      else if (*rounding == RoundingMode::rp)
        direction = NarrowRounding::Up;
    }
    return encodeNarrowFloat(b, loc, x, cast<FloatType>(source),
                             cast<FloatType>(to), direction);
  }
  auto rounding = op.getRounding();
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat) {
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth()) {
      // f16 <-> bf16: exactly through f32, then rounded to nearest even.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      return arith::TruncFOp::create(b, loc, target, wide).getResult();
    }
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, target, x).getResult();
    if (rounding && *rounding != RoundingMode::rn) {
      if (!to.isF32() || !from.isF64())
        return failure();
      return createInlinePtx(
          b, loc, target, x,
          "cvt" + getPtxRounding(*rounding).str() + ".f32.f64 $0, $1;", "=f,d",
          /*pure=*/true);
    }
    return arith::TruncFOp::create(b, loc, target, x).getResult();
  }
  if (to.isInteger(1)) {
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   e.floatConst(from, 0.0))
          .getResult();
    Value zero = arith::ConstantIntOp::create(
        b, loc, 0, x.getType().getIntOrFloatBitWidth());
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero)
        .getResult();
  }
  if (fromFloat) // toward zero (C++), in range
    return isSigned(to)
               ? arith::FPToSIOp::create(b, loc, target, x).getResult()
               : arith::FPToUIOp::create(b, loc, target, x).getResult();
  bool signedSource = isSigned(from);
  if (toFloat)
    return signedSource
               ? arith::SIToFPOp::create(b, loc, target, x).getResult()
               : arith::UIToFPOp::create(b, loc, target, x).getResult();
  unsigned fromBits = from.getIntOrFloatBitWidth(),
           toBits = to.getIntOrFloatBitWidth();
  if (fromBits == toBits)
    return x;
  if (fromBits > toBits)
    return arith::TruncIOp::create(b, loc, target, x).getResult();
  return signedSource ? arith::ExtSIOp::create(b, loc, target, x).getResult()
                      : arith::ExtUIOp::create(b, loc, target, x).getResult();
}

/// The bits as they are in registers of the target's type: fp8, e8m0 and
/// fp4 registers hold their codes, so those bitcasts move nothing; to
/// tf32, the 32 bits as a float32 rounded toward zero (tile.bitcast).
template <>
FailureOr<Value> UnaryLowering<BitcastOp>::emit(Emitter &e, BitcastOp,
                                                Type from, Type to, Value x) {
  Type source = getRegisterType(from), target = getRegisterType(to);
  if (source != target)
    x = arith::BitcastOp::create(e.b, e.loc, target, x);
  if (isa<FloatTF32Type>(to) && !isa<FloatTF32Type>(from))
    return encodeNarrowFloat(e.b, e.loc, x, e.b.getF32Type(),
                             cast<FloatType>(to), NarrowRounding::TowardZero);
  return x;
}
} // namespace cudapy::tile::lowering

namespace {

/// tile.convert to and from fp8 where the chip converts it (sm_89, PTX 7.8
/// on): two registers at a time, since `cvt` takes and makes fp8 pairs
/// (half the conversions, and no byte taken apart or put together one at
/// a time). An odd register, other dtypes and other chips go element by
/// element (`UnaryLowering<ConvertOp>::emit`).
struct ConvertLowering : public TilePattern<ConvertOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(ConvertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type from = op.getSource().getType().getElementType();
    Type to = op.getType().getElementType();
    bool nearest = !op.getRounding() || *op.getRounding() == RoundingMode::rn;
    bool decode = isFp8(from);
    bool encode = isFp8(to) && nearest &&
                  (decode || isa<Float32Type, Float16Type, BFloat16Type>(from));
    bool pairs = from != to && (decode || encode) && hasFp8Conversions(op);
    ValueRange sources = adaptor.getSource();
    SmallVector<Value> values;
    FloatType f32 = rewriter.getF32Type();
    size_t paired = pairs ? sources.size() / 2 * 2 : 0;
    for (size_t i = 0; i < paired; i += 2) {
      Value x0 = sources[i], x1 = sources[i + 1];
      Type type = from;
      if (decode) {
        std::tie(x0, x1) = decodeFp8Pair(e, from, x0, x1);
        type = rewriter.getF16Type();
      }
      if (encode) {
        if (!type.isF32()) {
          x0 = arith::ExtFOp::create(rewriter, e.loc, f32, x0);
          x1 = arith::ExtFOp::create(rewriter, e.loc, f32, x1);
        }
        std::tie(x0, x1) = encodeFp8Pair(e, to, x0, x1);
        values.append({x0, x1});
        continue;
      }
      for (Value x : {x0, x1}) {
        FailureOr<Value> value =
            UnaryLowering<ConvertOp>::emit(e, op, type, to, x);
        if (failed(value))
          return rewriter.notifyMatchFailure(op, "unsupported");
        values.push_back(*value);
      }
    }
    for (Value x : sources.drop_front(paired)) {
      FailureOr<Value> value =
          UnaryLowering<ConvertOp>::emit(e, op, from, to, x);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "unsupported");
      values.push_back(*value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct ToScalarLowering : public TilePattern<ToScalarOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ToScalarOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getSource().front();
    Type dtype = op.getSource().getType().getElementType();
    Type result = op.getType();
    if (result.isIndex()) {
      if (isSigned(dtype))
        rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, result, x);
      else
        rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, result, x);
      return success();
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};

struct FromScalarLowering : public TilePattern<FromScalarOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(FromScalarOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getSource().front();
    Type target = getRegisterType(op.getType().getElementType());
    if (x.getType().isIndex()) {
      rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, target, x);
      return success();
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};
} // namespace

void cudapy::populateTileConversionToLLVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLowering, UnaryLowering<BitcastOp>, ToScalarLowering,
               FromScalarLowering>(converter, patterns.getContext());
}
