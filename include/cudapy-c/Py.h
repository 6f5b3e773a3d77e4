/*===- Py.h - cudapy C API: py types and typing rules ------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. Builds the py dialect's types (cuda-device spec, "Python       *|
|* Heterogeneous Programming"), reports their CUDA C++ machine               *|
|* representation, and answers the questions a frontend asks while typing   *|
|* Python code: what `lhs <op> rhs` computes in and returns under a          *|
|* promotion policy, whether a value may be stored into an element, whether  *|
|* a conversion exists. The answers come from the same library the verifiers *|
|* and py-legalize use. Fixed-format numbers are MLIR's builtin types        *|
|* (mlirIntegerTypeSignedGet(ctx, 8) is int8, mlirF16TypeGet is float16 …);  *|
|* tuples are builtin tuple types.                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_PY_H
#define CUDAPY_C_PY_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handle of `py` (mlirDialectHandleRegisterDialect …).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Py, py);

/// The promotion policies (docs/Py.md states their rules).
typedef enum CudapyPyPolicy {
  CUDAPY_PY_POLICY_ARRAY_API = 0, ///< Array API v2023.12, Python scalars weak
  CUDAPY_PY_POLICY_NUMBAPRO = 1   ///< NumbaPro CUDA Python v0.2 (NPM)
} CudapyPyPolicy;

/// Python's binary operators and comparisons.
typedef enum CudapyPyOperator {
  CUDAPY_PY_OP_ADD = 0,      ///< +
  CUDAPY_PY_OP_SUB = 1,      ///< -
  CUDAPY_PY_OP_MUL = 2,      ///< *
  CUDAPY_PY_OP_TRUEDIV = 3,  ///< /
  CUDAPY_PY_OP_FLOORDIV = 4, ///< //
  CUDAPY_PY_OP_MOD = 5,      ///< %
  CUDAPY_PY_OP_POW = 6,      ///< **
  CUDAPY_PY_OP_AND = 7,      ///< &
  CUDAPY_PY_OP_OR = 8,       ///< |
  CUDAPY_PY_OP_XOR = 9,      ///< ^
  CUDAPY_PY_OP_LSHIFT = 10,  ///< <<
  CUDAPY_PY_OP_RSHIFT = 11,  ///< >>
  CUDAPY_PY_OP_EQ = 12,      ///< ==
  CUDAPY_PY_OP_NE = 13,      ///< !=
  CUDAPY_PY_OP_LT = 14,      ///< <
  CUDAPY_PY_OP_LE = 15,      ///< <=
  CUDAPY_PY_OP_GT = 16,      ///< >
  CUDAPY_PY_OP_GE = 17       ///< >=
} CudapyPyOperator;

/// Python's unary operators.
typedef enum CudapyPyUnaryOperator {
  CUDAPY_PY_UNARY_NEG = 0,    ///< -x
  CUDAPY_PY_UNARY_POS = 1,    ///< +x
  CUDAPY_PY_UNARY_INVERT = 2, ///< ~x
  CUDAPY_PY_UNARY_ABS = 3     ///< abs(x)
} CudapyPyUnaryOperator;

//===----------------------------------------------------------------------===//
// Types (the context must have the py dialect loaded)
//===----------------------------------------------------------------------===//

/// The builtin numbers bool, int, float, complex, and None and slice.
MLIR_CAPI_EXPORTED MlirType cudapyPyBoolTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyPyIntTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyPyFloatTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyPyComplexTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyPyNoneTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyPySliceTypeGet(MlirContext context);

/// `<dtype>xN`, N = 1…4. Null (with a diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyPyVectorTypeGetChecked(MlirLocation location,
                                                         unsigned size,
                                                         MlirType element);

/// An array of `ndim` dimensions of `dtype`. Null (with a diagnostic at
/// `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyPyArrayTypeGetChecked(MlirLocation location,
                                                        MlirType dtype,
                                                        unsigned ndim);

/// A `@struct` type with `numFields` fields in order; `align` 0 is the
/// default alignment. Null (with a diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyPyStructTypeGetChecked(
    MlirLocation location, MlirStringRef name, intptr_t numFields,
    const MlirStringRef *fieldNames, const MlirType *fieldTypes,
    uint64_t align);

/// A record: a struct whose fields sit at `offsets` (increasing, not
/// overlapping) in `size` bytes (a NumPy structured dtype; a `@struct` with
/// `align(t, n)` members), aligned to `align` (0: 1). Null (with a
/// diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyPyRecordTypeGetChecked(
    MlirLocation location, MlirStringRef name, intptr_t numFields,
    const MlirStringRef *fieldNames, const MlirType *fieldTypes,
    const uint64_t *offsets, uint64_t size, uint64_t align);

/// `Atomic(dtype)` (`!py.atomic<dtype, align A>`): an object of at most 16
/// bytes accessed atomically, aligned to its size (and to `align`, 0 for
/// none) like std::atomic. Null (with a diagnostic at `location`) when
/// invalid.
MLIR_CAPI_EXPORTED MlirType cudapyPyAtomicTypeGetChecked(MlirLocation location,
                                                         MlirType dtype,
                                                         uint64_t align);

/// Whether `type` is a Python number (builtin or fixed-format).
MLIR_CAPI_EXPORTED bool cudapyPyTypeIsNumber(MlirType type);
/// Whether `type` is heterogeneous (may cross to the device and appear in
/// interoperable signatures).
MLIR_CAPI_EXPORTED bool cudapyPyTypeIsHeterogeneous(MlirType type);

/// Size and alignment in bytes of the CUDA C++ machine representation of a
/// heterogeneous type (0 and 1 for other types).
MLIR_CAPI_EXPORTED uint64_t cudapyPyTypeGetMachineSize(MlirType type);
MLIR_CAPI_EXPORTED uint64_t cudapyPyTypeGetMachineAlign(MlirType type);

//===----------------------------------------------------------------------===//
// Typing rules
//===----------------------------------------------------------------------===//

/// Types `lhs <op> rhs` under `policy`: the type both operands are
/// converted to (`operandType`) and the result type (`resultType`); either
/// pointer may be null. On an ill-formed combination returns failure and
/// passes the reason to `onError` (when not null).
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyPyTypeBinaryOperation(
    CudapyPyPolicy policy, CudapyPyOperator op, MlirType lhs, MlirType rhs,
    MlirType *operandType, MlirType *resultType, MlirStringCallback onError,
    void *userData);

/// Types `<op> operand` (Python's rules; no policy applies).
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyPyTypeUnaryOperation(
    CudapyPyUnaryOperator op, MlirType operand, MlirType *resultType,
    MlirStringCallback onError, void *userData);

/// The type of a complex number's parts (`z.real`, `z.imag`): `!py.float`
/// for `!py.complex`, T for `complex<T>`; a null type for other types.
MLIR_CAPI_EXPORTED MlirType cudapyPyComplexPartType(MlirType complex);

/// Whether a `value` may be stored into an element of type `target` with an
/// implicit conversion under `policy`.
MLIR_CAPI_EXPORTED bool cudapyPyIsAssignable(CudapyPyPolicy policy,
                                             MlirType value, MlirType target);

/// Whether py.cast converts `from` to `to`.
MLIR_CAPI_EXPORTED bool cudapyPyIsCastable(MlirType from, MlirType to);

//===----------------------------------------------------------------------===//
// Constant expressions
//===----------------------------------------------------------------------===//

/// The JIT hook of the cuda-device spec's "Constant Expressions": clones the
/// py.func or py.kernel `function` with its ConstExpr parameters (argument
/// attribute `py.constexpr`) replaced by `values` — one per ConstExpr
/// parameter in order: an IntegerAttr, FloatAttr or complex number attribute
/// of the parameter's machine type (si32 for `!py.int`, i1 for `!py.bool`,
/// f32 for `!py.float` …), or a unit attribute for `!py.none`. The clone,
/// named `name`, follows `function` in its symbol table and takes the other
/// parameters. Returns the clone, or a null operation with a diagnostic
/// (through the context's handler) on a value of the wrong kind or number.
MLIR_CAPI_EXPORTED MlirOperation
cudapyPySpecializeFunction(MlirOperation function, intptr_t numValues,
                           const MlirAttribute *values, MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_PY_H */
