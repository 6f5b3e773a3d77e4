//===- PyPromotion.h - typing rules of Python arithmetic --------*- C++ -*-===//
//
// The one implementation of the promotion policies: which type the
// operands of a mixed-type operation are converted to, what type the result
// has, and which combinations are ill-formed. Verifiers, type inference,
// `py-legalize` and the C API call these functions; docs/Py.md states the
// rules and test/Dialect/Py/promotion-*.test checks every pair of types.
//
// Policies:
//  * array_api — the Python Array API Standard v2023.12 type promotion rules
//    the cuda-device spec cites ("Numeric Promotion"), with Python scalars
//    (the builtin numbers) adopting the other operand's type.
//  * numbapro — NumbaPro's CUDA Python v0.2 rules: operands coerce to "the
//    most generic type of the two" (NumPy's promotion lattice), `//` gives an
//    integer of at least 32 bits, `/` a float of at least 32 bits, bitwise
//    operators only on integers, complex numbers only with `+ - *`.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYPROMOTION_H
#define CUDAPY_DIALECTS_PY_IR_PYPROMOTION_H

#include "dialects/Py/IR/PyEnums.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

namespace cudapy::py {

/// The binary operators, comparisons included.
enum class BinaryOperator {
  Add,
  Sub,
  Mul,
  TrueDiv,
  FloorDiv,
  Mod,
  Pow,
  And,
  Or,
  Xor,
  LShift,
  RShift,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};
enum class UnaryOperator { Neg, Pos, Invert, Abs };

/// The Python spelling: "+", "//", "<=", "~", "abs" ….
llvm::StringRef getOperatorSymbol(BinaryOperator op);
llvm::StringRef getOperatorSymbol(UnaryOperator op);
BinaryOperator getComparisonOperator(CmpPredicate predicate);

/// How a binary operation is typed: both operands are converted to
/// `operandType`, the operation computes in it, and its value is converted
/// to `resultType` (they differ for comparisons, and for `//` and `/` under
/// numbapro).
struct BinaryTyping {
  mlir::Type operandType;
  mlir::Type resultType;
};

/// Callback that starts a diagnostic at the op being typed (may be null:
/// then nothing is reported).
using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// The promoted type of two numbers under `policy`, ignoring the operator;
/// failure (with a diagnostic through `emitError`) when the policy leaves
/// the combination undefined.
mlir::FailureOr<mlir::Type> promoteTypes(PromotionPolicy policy, mlir::Type lhs,
                                         mlir::Type rhs,
                                         EmitErrorFn emitError = {});

/// Types `lhs <op> rhs`.
mlir::FailureOr<BinaryTyping>
typeBinaryOperation(PromotionPolicy policy, BinaryOperator op, mlir::Type lhs,
                    mlir::Type rhs, EmitErrorFn emitError = {});

/// The result type of `<op> operand` (Python's rules; no policy applies).
mlir::FailureOr<mlir::Type> typeUnaryOperation(UnaryOperator op,
                                               mlir::Type operand,
                                               EmitErrorFn emitError = {});

/// The type of a complex number's parts (`z.real`, `z.imag`, `abs(z)`):
/// `!py.float` for `!py.complex`, T for `complex<T>`; null for other types.
mlir::Type getComplexPartType(mlir::Type complex);

/// Whether a value of type `value` may be stored into an element (array,
/// vector) of type `target` with an implicit conversion: under array_api
/// when promoting the two gives `target`, under numbapro for any number
/// except complex into real.
bool isAssignable(PromotionPolicy policy, mlir::Type value, mlir::Type target);

/// Whether `py.cast` converts `from` to `to`: any number (or index) to any
/// number (or index), except complex to anything but complex, and index
/// to or from a float or complex number.
bool isCastable(mlir::Type from, mlir::Type to);

} // namespace cudapy::py

#endif // CUDAPY_DIALECTS_PY_IR_PYPROMOTION_H
