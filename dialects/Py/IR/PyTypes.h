//===- PyTypes.h - py dialect types and their classification ----*- C++ -*-===//
//
// The py types, and the predicates that say which MLIR types are Python
// numbers, integers or heterogeneous types. The builtin numbers are the
// dialect's own types; fixed-format numbers are MLIR builtin types.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYTYPES_H
#define CUDAPY_DIALECTS_PY_IR_PYTYPES_H

#include "dialects/Py/IR/PyDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "dialects/Py/IR/PyTypes.h.inc"

namespace cudapy::py {

/// The kinds of numbers, in the order of Python's numeric tower.
enum class NumberKind { Bool, SignedInt, UnsignedInt, Float, Complex };

/// `!py.bool`, `!py.int`, `!py.float`, `!py.complex`: Python scalars, weakly
/// typed under the promotion policies.
bool isBuiltinNumberType(mlir::Type type);
/// i1 (the bool dtype), si8…si64, ui8…ui64, f16, bf16, f32, f64, f8E4M3FN,
/// f8E5M2, complex<f32>, complex<f64>.
bool isFixedNumberType(mlir::Type type);
/// A builtin or a fixed-format number.
bool isNumberType(mlir::Type type);
/// bool, int, i1 or a signed or unsigned fixed-format integer.
bool isIntegerLikeType(mlir::Type type);
/// The fp8 formats: storage only, no arithmetic (convert with py.cast).
bool isStorageOnlyFloatType(mlir::Type type);
/// Types that may cross to the device and appear in interoperable
/// signatures: numbers, vectors, structs, tuples of heterogeneous types,
/// None and arrays.
bool isHeterogeneousType(mlir::Type type);
/// Element types an array may have: numbers and structs (spec, "Arrays").
bool isArrayDTypeType(mlir::Type type);

/// The kind of a number type; std::nullopt for non-numbers.
std::optional<NumberKind> getNumberKind(mlir::Type type);
/// The fixed-format type that is the machine format of a number type
/// (`!py.int` → si32, `!py.bool` → i1, `!py.float` → f32, `!py.complex` →
/// complex<f32>); fixed-format types are their own.
mlir::Type getMachineType(mlir::Type type);
/// The bit width of a number's machine format (a complex counts its parts).
unsigned getNumberBitWidth(mlir::Type type);
/// The spec's name of a type, for diagnostics: `int8`, `float32`, `int`,
/// `float8e4m3`, `complex64`, ….
std::string getPythonTypeName(mlir::Type type);

} // namespace cudapy::py

#endif // CUDAPY_DIALECTS_PY_IR_PYTYPES_H
