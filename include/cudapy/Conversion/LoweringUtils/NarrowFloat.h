//===- NarrowFloat.h - narrow float formats in registers --------*- C++ -*-===//
//
// Software conversions between float32/float64 and the narrow float
// formats GPUs store but do not compute in: fp8 (f8E4M3FN, f8E5M2), e8m0
// (f8E8M0FNU), fp4 (f4E2M1FN) and tf32. In registers the fp8, e8m0 and fp4
// values are their bit patterns in an i8 (fp4 in the low four bits), tf32
// values the float32 they are stored as (the low 13 bits zero).
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_LOWERINGUTILS_NARROWFLOAT_H
#define CUDAPY_CONVERSION_LOWERINGUTILS_NARROWFLOAT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace cudapy {

/// The direction a conversion to a narrow format rounds in (IEEE 754).
enum class NarrowRounding { NearestEven, TowardZero, Down, Up };

/// Whether `type` is one of the formats of this file.
bool isNarrowFloat(mlir::Type type);

/// The register type of a narrow format's values: i8, or f32 for tf32.
mlir::Type getNarrowRegisterType(mlir::FloatType type);

/// The float32 value of the register value `bits` of format `type`,
/// exactly (every value of these formats is a float32).
mlir::Value decodeNarrowFloat(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value bits, mlir::FloatType type);

/// The register value of format `target` for the float32 or float64
/// `value` (of type `source`), rounded once in direction `rounding`:
///  - fp8, e8m0 and fp4 saturate to their largest finite value (CUDA's
///    __NV_SATFINITE), infinities too; tf32 overflows to infinity as IEEE
///    754 says (or to its largest finite value rounding toward zero);
///  - NaN becomes the format's NaN, with its sign (e8m0: 0xFF); fp4,
///    which has none, takes its largest value, +6, as CUDA's conversions
///    do; tf32's is 0x7FFFE000 whatever the sign, the one NaN CUDA's cvt
///    to tf32 gives (cvt.rn.tf32.f32 on sm_90, every float32 NaN);
///  - e8m0 has no sign and no zero: it encodes |value|, and magnitudes
///    below its smallest value 2^-127 become 2^-127. Its values are powers
///    of two, so a tie (1.5 · 2^k) goes to the larger one, as LLVM's
///    APFloat and PyTorch round it; Down is TowardZero.
mlir::Value
encodeNarrowFloat(mlir::OpBuilder &builder, mlir::Location loc,
                  mlir::Value value, mlir::FloatType source,
                  mlir::FloatType target,
                  NarrowRounding rounding = NarrowRounding::NearestEven);

/// The float64 nearest the integer `value` (`isSigned` or not) rounded to
/// odd: exact up to 2^53, otherwise truncated with the last bit set when
/// bits were lost. Rounding that once more to any of the formats above
/// gives the correctly rounded result (it has more than two extra bits).
mlir::Value convertIntegerToOddFloat64(mlir::OpBuilder &builder,
                                       mlir::Location loc, mlir::Value value,
                                       bool isSigned);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_LOWERINGUTILS_NARROWFLOAT_H
