//===- Float8.cpp - fp8 values in registers -------------------------------===//
//
// Software conversions between the fp8 formats and float32/float64, for
// targets and ops without fp8 instructions. Shared by the py, simt and tile
// lowerings.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/Float8.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;

namespace {
/// The few builders the conversions need.
struct Builders {
  OpBuilder &b;
  Location loc;
  Value intConst(Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
  }
  Value floatConst(Type type, double value) {
    return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
  }
  Value select(Value c, Value t, Value f) {
    return arith::SelectOp::create(b, loc, c, t, f);
  }
  Value cmpi(arith::CmpIPredicate p, Value l, Value r) {
    return arith::CmpIOp::create(b, loc, p, l, r);
  }
  Value add(Value l, Value r) { return arith::AddIOp::create(b, loc, l, r); }
  Value sub(Value l, Value r) { return arith::SubIOp::create(b, loc, l, r); }
};
} // namespace

/// The parameters of an fp8 format: exponent and mantissa bits, bias, the
/// largest finite code, and whether all-ones exponents are inf/NaN (e5m2)
/// or only S.1111.111 is NaN (e4m3fn, no infinities).
struct Float8Format {
  unsigned exponentBits, mantissaBits;
  int bias;
  uint8_t maxFinite;
  bool ieee;
};
/// The largest finite value of a format.
static double decodeMaxFinite(const struct Float8Format &f);
static Float8Format getFloat8Format(mlir::FloatType type) {
  if (isa<Float8E5M2Type>(type))
    return {5, 2, 15, 0x7B, true};
  return {4, 3, 7, 0x7E, false};
}

static double decodeMaxFinite(const Float8Format &f) {
  // e4m3fn: 1.75 · 2^8 = 448; e5m2: 1.75 · 2^15 = 57344.
  return 1.75 * std::ldexp(1.0, ((f.maxFinite >> f.mantissaBits) &
                                 ((1 << f.exponentBits) - 1)) -
                                    f.bias);
}

/// An fp8 bit pattern (i8) as the float32 of the same value (exact).
Value cudapy::decodeFloat8(OpBuilder &builder, Location location, Value bits,
                           mlir::FloatType type) {
  Builders e{builder, location};
  using P = arith::CmpIPredicate;
  Float8Format f = getFloat8Format(type);
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  Value x = arith::ExtUIOp::create(b, loc, i32, bits);
  auto shr = [&](Value v, unsigned n) {
    return arith::ShRUIOp::create(b, loc, v, e.intConst(i32, n)).getResult();
  };
  auto shl = [&](Value v, unsigned n) {
    return arith::ShLIOp::create(b, loc, v, e.intConst(i32, n)).getResult();
  };
  auto mask = [&](Value v, unsigned m) {
    return arith::AndIOp::create(b, loc, v, e.intConst(i32, m)).getResult();
  };
  Value sign = shl(shr(x, 7), 31);
  Value exponent = mask(shr(x, f.mantissaBits), (1u << f.exponentBits) - 1);
  Value mantissa = mask(x, (1u << f.mantissaBits) - 1);
  // Normal: rebias the exponent and widen the mantissa.
  Value normal = arith::OrIOp::create(
      b, loc, shl(e.add(exponent, e.intConst(i32, 127 - f.bias)), 23),
      shl(mantissa, 23 - f.mantissaBits));
  // Subnormal: mantissa · 2^(1 - bias - M), exact in float32.
  Value scaled = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, f32, mantissa),
      e.floatConst(f32, std::ldexp(1.0, 1 - f.bias - int(f.mantissaBits))));
  Value subnormal = arith::BitcastOp::create(b, loc, i32, scaled);
  Value magnitude =
      e.select(e.cmpi(P::eq, exponent, e.intConst(i32, 0)), subnormal, normal);
  Value allOnes =
      e.cmpi(P::eq, exponent, e.intConst(i32, (1u << f.exponentBits) - 1));
  Value special;
  if (f.ieee) {
    Value isInf = arith::AndIOp::create(
        b, loc, allOnes, e.cmpi(P::eq, mantissa, e.intConst(i32, 0)));
    special = e.select(isInf, e.intConst(i32, 0x7F800000),
                       e.intConst(i32, 0x7FC00000));
    magnitude = e.select(allOnes, special, magnitude);
  } else {
    Value isNaN = arith::AndIOp::create(
        b, loc, allOnes,
        e.cmpi(P::eq, mantissa, e.intConst(i32, (1u << f.mantissaBits) - 1)));
    magnitude = e.select(isNaN, e.intConst(i32, 0x7FC00000), magnitude);
  }
  return arith::BitcastOp::create(
      b, loc, f32, arith::OrIOp::create(b, loc, sign, magnitude));
}

/// float32 or float64 `value` as an fp8 bit pattern: round to nearest even,
/// saturating to the largest finite value (CUDA's __NV_SATFINITE, the
/// default of __nv_fp8_e4m3/__nv_fp8_e5m2 constructors); NaN stays NaN.
Value cudapy::encodeFloat8(OpBuilder &builder, Location location, Value value,
                           mlir::FloatType source, mlir::FloatType target) {
  Builders e{builder, location};
  Float8Format f = getFloat8Format(target);
  OpBuilder &b = e.b;
  Location loc = e.loc;
  unsigned width = source.getWidth();
  unsigned sourceMantissa = width == 32 ? 23 : 52;
  int sourceBias = width == 32 ? 127 : 1023;
  Type int_ = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, int_, value);
  auto c = [&](uint64_t v) { return e.intConst(int_, int64_t(v)); };
  Value sign = arith::ShRUIOp::create(b, loc, bits, c(width - 1));
  Value abs =
      arith::AndIOp::create(b, loc, bits, c((uint64_t(1) << (width - 1)) - 1));
  Value absFloat = arith::BitcastOp::create(b, loc, source, abs);
  // Normal results: drop mantissa bits with round-to-nearest-even, then
  // rebias; a carry into the exponent is the correct next binade.
  unsigned shift = sourceMantissa - f.mantissaBits;
  Value lsb = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, abs, c(shift)), c(1));
  Value rounded = arith::ShRUIOp::create(
      b, loc, e.add(e.add(abs, c((uint64_t(1) << (shift - 1)) - 1)), lsb),
      c(shift));
  Value normal =
      e.sub(rounded, c(uint64_t(sourceBias - f.bias) << f.mantissaBits));
  // Subnormal results (below the smallest normal 2^(1 - bias)): scale to
  // units of the smallest subnormal and round to an even integer.
  Value units = arith::MulFOp::create(
      b, loc, absFloat,
      e.floatConst(source, std::ldexp(1.0, f.bias - 1 + int(f.mantissaBits))));
  Value subnormal = arith::FPToUIOp::create(
      b, loc, int_, math::RoundEvenOp::create(b, loc, units));
  Value isSubnormal =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, absFloat,
                            e.floatConst(source, std::ldexp(1.0, 1 - f.bias)));
  Value code = e.select(isSubnormal, subnormal, normal);
  // Saturate (also infinities), keep NaN.
  Value maxCode = c(f.maxFinite);
  Value tooBig =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, absFloat,
                            e.floatConst(source, decodeMaxFinite(f)));
  code =
      e.select(tooBig, maxCode, arith::MinUIOp::create(b, loc, code, maxCode));
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                      absFloat, absFloat);
  code = e.select(isNaN, c(0x7F), code);
  Value withSign = arith::OrIOp::create(
      b, loc, code, arith::ShLIOp::create(b, loc, sign, c(7)));
  return arith::TruncIOp::create(b, loc, b.getI8Type(), withSign);
}
