//===- Float8.h - fp8 values in registers -----------------------*- C++ -*-===//

#ifndef CUDAPY_SUPPORT_FLOAT8_H
#define CUDAPY_SUPPORT_FLOAT8_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace cudapy {

/// The float32 value of the fp8 bit pattern `bits` (i8) of format `type`
/// (f8E4M3FN or f8E5M2), exactly.
mlir::Value decodeFloat8(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value bits, mlir::FloatType type);

/// The fp8 bit pattern (i8) of format `target` nearest the float32 or
/// float64 `value` of type `source`: round to nearest even, saturating to
/// the largest finite value (CUDA's __NV_SATFINITE); NaN stays NaN.
mlir::Value encodeFloat8(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, mlir::FloatType source,
                         mlir::FloatType target);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_FLOAT8_H
