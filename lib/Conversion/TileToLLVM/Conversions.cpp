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

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

/// Whether the module's chip converts fp8 in hardware: `cvt` with
/// `.e4m3x2` and `.e5m2x2`, sm_89 and PTX ISA 7.8 on.
static bool hasFp8Conversions(Operation *op) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  std::optional<unsigned> ptx = target::getPtxVersionFor(op);
  return chip && !chip->host && chip->sm >= 89 && ptx && *ptx >= 78;
}

/// The PTX type name of an fp8 pair, or empty for other dtypes.
static StringRef getFp8PairName(Type dtype) {
  if (isa<Float8E4M3FNType>(dtype))
    return "e4m3x2";
  if (isa<Float8E5M2Type>(dtype))
    return "e5m2x2";
  return "";
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
    StringRef fromPair = getFp8PairName(from), toPair = getFp8PairName(to);
    if (hardware && !fromPair.empty()) {
      Value bits = arith::ExtUIOp::create(b, loc, b.getI16Type(), x);
      Value wide = createInlinePtx(
          b, loc, f32, bits,
          ("{ .reg .b32 pair; .reg .b16 low, high; cvt.rn.f16x2." + fromPair +
           " pair, $1; mov.b32 {low, high}, pair; cvt.f32.f16 $0, low; }")
              .str(),
          "=f,h", /*pure=*/true);
      return emit(e, op, f32, to, wide);
    }
    if (isNarrowFloat(from))
      return emit(e, op, f32, to,
                  decodeNarrowFloat(b, loc, x, cast<FloatType>(from)));
    bool nearest = !op.getRounding() || *op.getRounding() == RoundingMode::rn;
    if (hardware && !toPair.empty() && nearest &&
        isa<Float32Type, Float16Type, BFloat16Type>(from)) {
      if (!from.isF32())
        x = arith::ExtFOp::create(b, loc, f32, x);
      Value pair = createInlinePtx(
          b, loc, b.getI16Type(), x,
          ("cvt.rn.satfinite." + toPair + ".f32 $0, $1, $1;").str(), "=h,f",
          /*pure=*/true);
      // The sign is the input's: the instruction keeps it for every value
      // but NaN (whose sign the software encoding keeps too).
      Value code = arith::TruncIOp::create(b, loc, target, pair);
      Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
      Value sign = arith::TruncIOp::create(
          b, loc, target, arith::ShRUIOp::create(b, loc, bits, e.i32(24)));
      auto byte = [&](int64_t value) {
        return arith::ConstantIntOp::create(b, loc, target, value);
      };
      return e.orI(arith::AndIOp::create(b, loc, code, byte(0x7F)),
                   arith::AndIOp::create(b, loc, sign, byte(0x80)));
    }
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
