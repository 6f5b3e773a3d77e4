//===- Conversions.cpp - dtype conversions and scalars --------------------===//
//
// astype (with the narrow floats in software, one rounding in the op's
// direction), bitcasts, and the bridges between scalar tiles and scalars.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {} // namespace

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
    if (isNarrowFloat(from))
      return emit(e, op, f32, to,
                  decodeNarrowFloat(b, loc, x, cast<FloatType>(from)));
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

template <>
FailureOr<Value> UnaryLowering<BitcastOp>::emit(Emitter &e, BitcastOp,
                                                Type from, Type to, Value x) {
  if (isRestrictedFloat(from) || isRestrictedFloat(to))
    return failure();
  return arith::BitcastOp::create(e.b, e.loc, getRegisterType(to), x)
      .getResult();
}
} // namespace cudapy::tile::lowering

namespace {

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
  patterns.add<UnaryLowering<ConvertOp>, UnaryLowering<BitcastOp>,
               ToScalarLowering, FromScalarLowering>(converter,
                                                     patterns.getContext());
}
