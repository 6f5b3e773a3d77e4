//===- NarrowFloat.cpp - narrow float formats in registers ----------------===//
//
// Software conversions between the narrow float formats and float32/
// float64, for targets and ops without instructions for them. Shared by the
// py, simt and tile lowerings.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "cudapy/Conversion/LoweringUtils/Builder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace cudapy;

namespace {

/// A narrow format: value 2^(e - bias) · 1.m for exponent field e > 0 (or
/// e ≥ 0 without subnormals), 2^(1 - bias) · 0.m for e = 0 otherwise.
struct Format {
  unsigned exponentBits, mantissaBits;
  int bias;
  bool hasSign, hasSubnormals;
  /// The largest finite magnitude code, and the code of NaN (of the
  /// largest value where the format has no NaN).
  uint64_t maxCode, nanCode;
  /// Whether magnitudes beyond maxCode saturate (otherwise they are
  /// infinite, IEEE 754).
  bool saturate;
  /// NaN encodings: e5m2 and tf32 as IEEE 754 (all-ones exponent,
  /// infinity with a zero mantissa), e4m3fn only S.1111.111, e8m0 only
  /// 0xFF, fp4 none.
  enum Specials { Ieee, AllOnesNaN, NoSpecials } specials;
};
} // namespace

static Format getFormat(FloatType type) {
  if (isa<Float8E5M2Type>(type))
    return {5, 2, 15, true, true, 0x7B, 0x7F, true, Format::Ieee};
  if (isa<Float8E4M3FNType>(type))
    return {4, 3, 7, true, true, 0x7E, 0x7F, true, Format::AllOnesNaN};
  if (isa<Float8E8M0FNUType>(type))
    return {8, 0, 127, false, false, 0xFE, 0xFF, true, Format::AllOnesNaN};
  if (isa<Float4E2M1FNType>(type))
    return {2, 1, 1, true, true, 0x7, 0x7, true, Format::NoSpecials};
  assert(isa<FloatTF32Type>(type) && "not a narrow float");
  return {8, 10, 127, true, true, 0x3FBFF, 0x3FFFF, false, Format::Ieee};
}

bool cudapy::isNarrowFloat(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType, FloatTF32Type>(type);
}

Type cudapy::getNarrowRegisterType(FloatType type) {
  if (isa<FloatTF32Type>(type))
    return Float32Type::get(type.getContext());
  return IntegerType::get(type.getContext(), 8);
}

Value cudapy::decodeNarrowFloat(OpBuilder &builder, Location location,
                                Value bits, FloatType type) {
  if (isa<FloatTF32Type>(type))
    return bits; // a float32 already
  LoweringBuilder e{builder, location};
  using P = arith::CmpIPredicate;
  Format f = getFormat(type);
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c = [&](int64_t v) { return e.intConst(i32, v); };
  Value x = arith::ExtUIOp::create(b, loc, i32, bits);
  unsigned magnitudeBits = f.exponentBits + f.mantissaBits;
  Value exponent =
      e.andI(e.shr(x, c(f.mantissaBits)), c((1 << f.exponentBits) - 1));
  Value mantissa = e.andI(x, c((1 << f.mantissaBits) - 1));
  // Normal: rebias the exponent and widen the mantissa.
  Value normal = e.orI(e.shl(e.add(exponent, c(127 - f.bias)), c(23)),
                       e.shl(mantissa, c(23 - f.mantissaBits)));
  Value magnitude = normal;
  if (f.hasSubnormals) {
    // mantissa · 2^(1 - bias - M), exact in float32.
    Value scaled = arith::MulFOp::create(
        b, loc, arith::UIToFPOp::create(b, loc, f32, mantissa),
        e.floatConst(f32, std::ldexp(1.0, 1 - f.bias - int(f.mantissaBits))));
    magnitude = e.select(e.cmpi(P::eq, exponent, c(0)),
                         arith::BitcastOp::create(b, loc, i32, scaled), normal);
  } else {
    // e8m0: code 0 is 2^-127, a float32 subnormal.
    magnitude = e.select(e.cmpi(P::eq, exponent, c(0)), c(0x00400000), normal);
  }
  Value allOnes = e.cmpi(P::eq, exponent, c((1 << f.exponentBits) - 1));
  Value nan = c(0x7FC00000);
  if (f.specials == Format::Ieee) {
    Value isInf = e.andI(allOnes, e.cmpi(P::eq, mantissa, c(0)));
    magnitude =
        e.select(allOnes, e.select(isInf, c(0x7F800000), nan), magnitude);
  } else if (f.specials == Format::AllOnesNaN) {
    Value isNaN =
        e.andI(allOnes, e.cmpi(P::eq, mantissa, c((1 << f.mantissaBits) - 1)));
    magnitude = e.select(isNaN, nan, magnitude);
  }
  if (f.hasSign) {
    Value sign = e.shl(e.andI(e.shr(x, c(magnitudeBits)), c(1)), c(31));
    magnitude = e.orI(sign, magnitude);
  }
  return arith::BitcastOp::create(b, loc, f32, magnitude);
}

/// The tf32 register of the code `rounded` (float32 `value` rounded at its
/// 13 low bits, as an i32, the low bits not yet cleared): those bits
/// cleared, and NaN the format's NaN (0x7FFFE000).
static Value finishTF32(OpBuilder &builder, Location location, Value value,
                        Value rounded) {
  LoweringBuilder e{builder, location};
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i32 = b.getI32Type();
  auto c = [&](uint32_t v) { return e.intConst(i32, int64_t(int32_t(v))); };
  Value code = e.andI(rounded, c(0xFFFFE000));
  Value isNaN = e.cmpf(arith::CmpFPredicate::UNO, value, value);
  return arith::BitcastOp::create(b, loc, b.getF32Type(),
                                  e.select(isNaN, c(0x7FFFE000), code));
}

/// tf32 from float32, the general encoding's results in fewer operations
/// (the exponents agree: no subnormal or range path): the magnitude's 13
/// low bits dropped (finishTF32) after adding 0xFFF plus the kept lowest
/// bit (to nearest, ties to even), 0x1FFF (away from zero) or nothing; a
/// carry moves into the exponent, up to infinity.
static Value encodeTF32FromFloat32(LoweringBuilder &e, Value value,
                                   NarrowRounding rounding) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i32 = b.getI32Type();
  auto c = [&](uint32_t v) { return e.intConst(i32, int64_t(int32_t(v))); };
  Value bits = arith::BitcastOp::create(b, loc, i32, value);
  Value rounded;
  if (rounding == NarrowRounding::NearestEven) {
    Value lowest = e.andI(e.shr(bits, c(13)), c(1));
    rounded = e.add(e.add(bits, c(0xFFF)), lowest);
  } else if (rounding == NarrowRounding::TowardZero) {
    rounded = bits;
  } else {
    // Up rounds a positive value's magnitude away from zero, Down a
    // negative one's.
    Value negative = e.cmpi(arith::CmpIPredicate::slt, bits, c(0));
    Value away =
        rounding == NarrowRounding::Down
            ? negative
            : arith::XOrIOp::create(b, loc, negative,
                                    arith::ConstantIntOp::create(b, loc, 1, 1))
                  .getResult();
    rounded = e.select(away, e.add(bits, c(0x1FFF)), bits);
  }
  return finishTF32(b, loc, value, rounded);
}

Value cudapy::encodeNarrowFloat(OpBuilder &builder, Location location,
                                Value value, FloatType source, FloatType target,
                                NarrowRounding rounding) {
  LoweringBuilder e{builder, location};
  using P = arith::CmpIPredicate;
  using F = arith::CmpFPredicate;
  Format f = getFormat(target);
  OpBuilder &b = e.b;
  Location loc = e.loc;
  unsigned width = source.getWidth();
  assert((width == 32 || width == 64) && "encodes float32 or float64");
  if (isa<FloatTF32Type>(target) && width == 32)
    return encodeTF32FromFloat32(e, value, rounding);
  unsigned sourceMantissa = width == 32 ? 23 : 52;
  int sourceBias = width == 32 ? 127 : 1023;
  Type intType = b.getIntegerType(width);
  auto c = [&](uint64_t v) { return e.intConst(intType, int64_t(v)); };
  auto fc = [&](double v) { return e.floatConst(source, v); };
  Value bits = arith::BitcastOp::create(b, loc, intType, value);
  Value signBit = e.shr(bits, c(width - 1));
  Value abs = e.andI(bits, c((uint64_t(1) << (width - 1)) - 1));
  Value absFloat = arith::BitcastOp::create(b, loc, source, abs);

  // The direction on the magnitude: `up` (away from zero) is an i1 that
  // depends on the sign for Up and Down; e8m0 encodes |value|.
  bool nearest = rounding == NarrowRounding::NearestEven;
  Value i1False = arith::ConstantIntOp::create(b, loc, 0, 1);
  Value i1True = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value negative = e.cmpi(P::ne, signBit, c(0));
  Value up = i1False;
  if (rounding == NarrowRounding::Up)
    up = f.hasSign ? arith::XOrIOp::create(b, loc, negative, i1True).getResult()
                   : i1True;
  else if (rounding == NarrowRounding::Down && f.hasSign)
    up = negative;

  // At or above the smallest normal magnitude: drop mantissa bits, round,
  // rebias; a carry into the exponent is the correct next binade.
  unsigned shift = sourceMantissa - f.mantissaBits;
  Value truncated = e.shr(abs, c(shift));
  Value rest = e.andI(abs, c((uint64_t(1) << shift) - 1));
  Value half = c(uint64_t(1) << (shift - 1));
  Value increment;
  if (nearest) {
    // Ties to even; with no mantissa bits every value's significand is
    // odd (1), and the tie goes up.
    Value odd = f.mantissaBits == 0
                    ? i1True
                    : e.cmpi(P::ne, e.andI(truncated, c(1)), c(0));
    increment = e.orI(e.cmpi(P::ugt, rest, half),
                      e.andI(e.cmpi(P::eq, rest, half), odd));
  } else {
    increment = e.andI(up, e.cmpi(P::ne, rest, c(0)));
  }
  Value code = e.sub(
      e.add(truncated, arith::ExtUIOp::create(b, loc, intType, increment)),
      c(uint64_t(sourceBias - f.bias) << f.mantissaBits));

  // Below it (2^(1 - bias)), where the source exponent cannot express the
  // format's codes.
  Value belowNormal = e.cmpf(F::OLT, absFloat, fc(std::ldexp(1.0, 1 - f.bias)));
  if (!f.hasSubnormals) {
    // e8m0: codes 0 (2^-127) and 1 (2^-126).
    double smallest = std::ldexp(1.0, -f.bias);
    Value one = nearest ? e.cmpf(F::OGE, absFloat, fc(1.5 * smallest))
                        : e.andI(up, e.cmpf(F::OGT, absFloat, fc(smallest)));
    code = e.select(belowNormal, arith::ExtUIOp::create(b, loc, intType, one),
                    code);
  } else if (sourceBias > f.bias) {
    // Subnormal codes count units of 2^(1 - bias - M): scale (exactly) and
    // round to an integer.
    Value units = arith::MulFOp::create(
        b, loc, absFloat,
        fc(std::ldexp(1.0, f.bias - 1 + int(f.mantissaBits))));
    Value rounded;
    if (nearest) {
      rounded = math::RoundEvenOp::create(b, loc, units);
    } else {
      rounded = e.select(up, math::CeilOp::create(b, loc, units),
                         math::FloorOp::create(b, loc, units));
    }
    code = e.select(belowNormal,
                    arith::FPToUIOp::create(b, loc, intType, rounded), code);
  }
  // (Otherwise, tf32 from float32, the integer path above already gives
  // the subnormal codes.)

  // Beyond the largest finite value.
  Value maxCode = c(f.maxCode);
  Value tooBig = e.cmpi(P::ugt, code, maxCode);
  if (f.saturate) {
    code = e.select(tooBig, maxCode, code);
  } else {
    uint64_t infCode = ((uint64_t(1) << f.exponentBits) - 1) << f.mantissaBits;
    Value toInf = nearest ? i1True : up;
    Value isInf = e.cmpf(F::OEQ, absFloat, fc(INFINITY));
    code = e.select(tooBig, e.select(e.orI(toInf, isInf), c(infCode), maxCode),
                    code);
  }
  Value isNaN = e.cmpf(F::UNO, absFloat, absFloat);
  code = e.select(isNaN, c(f.nanCode), code);
  if (f.hasSign) {
    // NaN keeps its sign (as CUDA's fp8 conversions do) where the format
    // has a NaN, but for tf32's, which CUDA's cvt gives positive; fp4's
    // stand-in, its largest value, is positive.
    Value sign = f.specials == Format::NoSpecials || isa<FloatTF32Type>(target)
                     ? e.select(isNaN, c(0), signBit)
                     : signBit;
    code = e.orI(code, e.shl(sign, c(f.exponentBits + f.mantissaBits)));
  }
  if (isa<FloatTF32Type>(target)) {
    Value narrow = width == 32
                       ? code
                       : arith::TruncIOp::create(b, loc, b.getI32Type(), code);
    Value shifted = arith::ShLIOp::create(
        b, loc, narrow, e.intConst(b.getI32Type(), 23 - f.mantissaBits));
    return arith::BitcastOp::create(b, loc, b.getF32Type(), shifted);
  }
  return arith::TruncIOp::create(b, loc, b.getI8Type(), code);
}

Value cudapy::convertIntegerToOddFloat64(OpBuilder &builder, Location location,
                                         Value value, bool isSigned) {
  LoweringBuilder e{builder, location};
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  unsigned width = value.getType().getIntOrFloatBitWidth();
  if (width < 64) // exact
    return isSigned ? arith::SIToFPOp::create(b, loc, f64, value).getResult()
                    : arith::UIToFPOp::create(b, loc, f64, value).getResult();
  auto c = [&](int64_t v) { return e.intConst(i64, v); };
  Value negative = isSigned ? e.cmpi(arith::CmpIPredicate::slt, value, c(0))
                            : arith::ConstantIntOp::create(b, loc, 0, 1);
  // |value| as unsigned (2^63 for the most negative).
  Value magnitude = e.select(negative, e.sub(c(0), value), value);
  Value zeros = LLVM::CountLeadingZerosOp::create(b, loc, i64, magnitude,
                                                  b.getBoolAttr(false));
  Value length = e.sub(c(64), zeros);
  Value lost = arith::MaxSIOp::create(b, loc, e.sub(length, c(53)), c(0));
  Value lostBits = e.andI(magnitude, e.sub(e.shl(c(1), lost), c(1)));
  Value sticky = arith::ExtUIOp::create(
      b, loc, i64, e.cmpi(arith::CmpIPredicate::ne, lostBits, c(0)));
  Value odd = e.orI(e.sub(magnitude, lostBits), e.shl(sticky, lost));
  Value result = arith::UIToFPOp::create(b, loc, f64, odd);
  return e.select(negative, arith::NegFOp::create(b, loc, result), result);
}
