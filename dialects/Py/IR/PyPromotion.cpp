//===- PyPromotion.cpp - typing rules of Python arithmetic ----------------===//
//
// See PyPromotion.h for the policies and docs/Py.md for the tables.
//
//===----------------------------------------------------------------------===//

#include "dialects/Py/IR/PyPromotion.h"
#include "dialects/Py/IR/PyTypes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

StringRef py::getOperatorSymbol(BinaryOperator op) {
  switch (op) {
  case BinaryOperator::Add:
    return "+";
  case BinaryOperator::Sub:
    return "-";
  case BinaryOperator::Mul:
    return "*";
  case BinaryOperator::TrueDiv:
    return "/";
  case BinaryOperator::FloorDiv:
    return "//";
  case BinaryOperator::Mod:
    return "%";
  case BinaryOperator::Pow:
    return "**";
  case BinaryOperator::And:
    return "&";
  case BinaryOperator::Or:
    return "|";
  case BinaryOperator::Xor:
    return "^";
  case BinaryOperator::LShift:
    return "<<";
  case BinaryOperator::RShift:
    return ">>";
  case BinaryOperator::Eq:
    return "==";
  case BinaryOperator::Ne:
    return "!=";
  case BinaryOperator::Lt:
    return "<";
  case BinaryOperator::Le:
    return "<=";
  case BinaryOperator::Gt:
    return ">";
  case BinaryOperator::Ge:
    return ">=";
  }
  llvm_unreachable("unknown binary operator");
}

StringRef py::getOperatorSymbol(UnaryOperator op) {
  switch (op) {
  case UnaryOperator::Neg:
    return "-";
  case UnaryOperator::Pos:
    return "+";
  case UnaryOperator::Invert:
    return "~";
  case UnaryOperator::Abs:
    return "abs";
  }
  llvm_unreachable("unknown unary operator");
}

BinaryOperator py::getComparisonOperator(CmpPredicate predicate) {
  switch (predicate) {
  case CmpPredicate::eq:
    return BinaryOperator::Eq;
  case CmpPredicate::ne:
    return BinaryOperator::Ne;
  case CmpPredicate::lt:
    return BinaryOperator::Lt;
  case CmpPredicate::le:
    return BinaryOperator::Le;
  case CmpPredicate::gt:
    return BinaryOperator::Gt;
  case CmpPredicate::ge:
    return BinaryOperator::Ge;
  }
  llvm_unreachable("unknown predicate");
}

namespace {
/// Builds the types the rules produce.
struct Types {
  MLIRContext *context;
  Type sint(unsigned w) const {
    return IntegerType::get(context, w, IntegerType::Signed);
  }
  Type uint(unsigned w) const {
    return IntegerType::get(context, w, IntegerType::Unsigned);
  }
  Type f16() const { return Float16Type::get(context); }
  Type bf16() const { return BFloat16Type::get(context); }
  Type f32() const { return Float32Type::get(context); }
  Type f64() const { return Float64Type::get(context); }
  Type complexOf(Type part) const { return mlir::ComplexType::get(part); }
  Type floatOfWidth(unsigned w) const { return w > 32 ? f64() : f32(); }
};

/// Position in Python's numeric tower; the two integer kinds share a rank.
unsigned getKindRank(NumberKind kind) {
  switch (kind) {
  case NumberKind::Bool:
    return 0;
  case NumberKind::SignedInt:
  case NumberKind::UnsignedInt:
    return 1;
  case NumberKind::Float:
    return 2;
  case NumberKind::Complex:
    return 3;
  }
  llvm_unreachable("unknown kind");
}

StringRef getKindName(NumberKind kind) {
  switch (kind) {
  case NumberKind::Bool:
    return "boolean";
  case NumberKind::SignedInt:
  case NumberKind::UnsignedInt:
    return "integer";
  case NumberKind::Float:
    return "real floating-point";
  case NumberKind::Complex:
    return "complex floating-point";
  }
  llvm_unreachable("unknown kind");
}

StringRef getPolicyName(PromotionPolicy policy) {
  return stringifyPromotionPolicy(policy);
}

/// Significand precision in bits of a real float (to decide whether it
/// holds every value of an integer type exactly).
unsigned getPrecision(Type type) {
  if (isa<Float16Type>(type))
    return 11;
  if (isa<BFloat16Type>(type))
    return 8;
  if (isa<Float32Type>(type))
    return 24;
  return 53;
}

/// The join of two real float types: equal types stay, f16 and bf16 meet at
/// f32 (neither holds the other), otherwise the wider.
Type joinRealFloats(const Types &t, Type a, Type b) {
  if (a == b)
    return a;
  unsigned wa = a.getIntOrFloatBitWidth(), wb = b.getIntOrFloatBitWidth();
  if (wa == wb) // f16 and bf16
    return t.f32();
  return wa > wb ? a : b;
}

/// The join of two floating-point types, real or complex: a complex result
/// has parts as wide as the wider real part (f64 with complex64 gives
/// complex128).
Type joinFloats(const Types &t, Type a, Type b) {
  auto ca = dyn_cast<mlir::ComplexType>(a);
  auto cb = dyn_cast<mlir::ComplexType>(b);
  if (!ca && !cb)
    return joinRealFloats(t, a, b);
  Type pa = ca ? ca.getElementType() : a;
  Type pb = cb ? cb.getElementType() : b;
  Type part = joinRealFloats(t, pa, pb);
  // Complex parts are f32 or f64 only.
  return t.complexOf(part.getIntOrFloatBitWidth() > 32 ? t.f64() : t.f32());
}

/// The join of two integer types; null when no integer type holds both
/// (uint64 with a signed type).
Type joinIntegers(const Types &t, IntegerType a, IntegerType b) {
  if (a.getSignedness() == b.getSignedness())
    return a.getWidth() >= b.getWidth() ? a : b;
  IntegerType s = a.isSigned() ? a : b;
  IntegerType u = a.isSigned() ? b : a;
  if (u.getWidth() < s.getWidth())
    return s;
  if (u.getWidth() < 64)
    return t.sint(2 * u.getWidth());
  return {};
}

/// The smallest float type at or above `floating` in the lattice whose
/// significand holds every value of `integer` (NumPy's rule: int8 with
/// float16 stays float16, int32 with float32 needs float64).
Type floatHoldingInteger(const Types &t, IntegerType integer, Type floating) {
  unsigned valueBits = integer.getWidth() == 1
                           ? 1
                           : integer.getWidth() - (integer.isSigned() ? 1 : 0);
  for (Type candidate : {t.f16(), t.bf16(), t.f32(), t.f64()})
    if (joinRealFloats(t, candidate, floating) == candidate &&
        getPrecision(candidate) >= valueBits)
      return candidate;
  return t.f64();
}

/// Promotion of two fixed-format numbers. `why` receives the reason when the
/// policy leaves the pair undefined.
Type promoteFixed(const Types &t, PromotionPolicy policy, Type a, Type b,
                  std::string &why) {
  if (a == b)
    return a;
  NumberKind ka = *getNumberKind(a), kb = *getNumberKind(b);
  bool aFloat = ka == NumberKind::Float || ka == NumberKind::Complex;
  bool bFloat = kb == NumberKind::Float || kb == NumberKind::Complex;
  bool aBool = ka == NumberKind::Bool, bBool = kb == NumberKind::Bool;

  if (policy == PromotionPolicy::ArrayAPI) {
    if (aBool || bBool) {
      why = "the Array API does not promote between bool and numeric types";
      return {};
    }
    if (aFloat != bFloat) {
      why = "the Array API leaves mixed integer and floating-point kinds "
            "undefined";
      return {};
    }
    if (aFloat)
      return joinFloats(t, a, b);
    Type joined = joinIntegers(t, cast<IntegerType>(a), cast<IntegerType>(b));
    if (!joined)
      why = "the Array API leaves uint64 with a signed integer type undefined";
    return joined;
  }

  // numbapro: NumPy's lattice, "the most generic type of the two".
  if (aBool)
    return b;
  if (bBool)
    return a;
  if (aFloat && bFloat)
    return joinFloats(t, a, b);
  if (!aFloat && !bFloat) {
    Type joined = joinIntegers(t, cast<IntegerType>(a), cast<IntegerType>(b));
    return joined ? joined : t.f64();
  }
  auto integer = cast<IntegerType>(aFloat ? b : a);
  Type floating = aFloat ? a : b;
  if (auto complex = dyn_cast<mlir::ComplexType>(floating)) {
    Type part = floatHoldingInteger(t, integer, complex.getElementType());
    return t.complexOf(part.getIntOrFloatBitWidth() > 32 ? t.f64() : t.f32());
  }
  return floatHoldingInteger(t, integer, floating);
}

/// The builtin number type of a kind (Python's result of mixing builtins).
Type getBuiltinOfKind(MLIRContext *context, NumberKind kind) {
  switch (kind) {
  case NumberKind::Bool:
    return PyBoolType::get(context);
  case NumberKind::SignedInt:
  case NumberKind::UnsignedInt:
    return PyIntType::get(context);
  case NumberKind::Float:
    return PyFloatType::get(context);
  case NumberKind::Complex:
    return PyComplexType::get(context);
  }
  llvm_unreachable("unknown kind");
}

/// The promoted type, or null with `why` set.
Type promote(PromotionPolicy policy, Type a, Type b, std::string &why) {
  Types t{a.getContext()};
  if (isStorageOnlyFloatType(a) || isStorageOnlyFloatType(b)) {
    why = "float8 formats are storage formats without arithmetic; convert "
          "with py.cast first";
    return {};
  }
  bool weakA = isBuiltinNumberType(a), weakB = isBuiltinNumberType(b);
  NumberKind ka = *getNumberKind(a), kb = *getNumberKind(b);
  if (weakA && weakB)
    return getBuiltinOfKind(a.getContext(),
                            getKindRank(ka) >= getKindRank(kb) ? ka : kb);
  if (!weakA && !weakB)
    return promoteFixed(t, policy, a, b, why);

  // A Python scalar meets a fixed-format number.
  Type weak = weakA ? a : b, strong = weakA ? b : a;
  NumberKind kw = weakA ? ka : kb, ks = weakA ? kb : ka;
  if (policy == PromotionPolicy::ArrayAPI) {
    // Array API 2023.12, "Mixing arrays with Python scalars": bool with bool
    // dtypes; int with integer and floating-point dtypes; float with
    // floating-point dtypes; complex with complex dtypes.
    bool ok = false;
    switch (kw) {
    case NumberKind::Bool:
      ok = ks == NumberKind::Bool;
      break;
    case NumberKind::SignedInt:
    case NumberKind::UnsignedInt:
      ok = ks != NumberKind::Bool;
      break;
    case NumberKind::Float:
      ok = ks == NumberKind::Float || ks == NumberKind::Complex;
      break;
    case NumberKind::Complex:
      ok = ks == NumberKind::Complex;
      break;
    }
    if (!ok) {
      why = ("the Array API does not combine a Python " +
             getPythonTypeName(weak) + " with a " + getKindName(ks).str() +
             " type");
      return {};
    }
    return strong;
  }
  // numbapro: the literal adopts the other type when it is of the same or a
  // higher kind; otherwise the machine formats promote.
  if (getKindRank(kw) <= getKindRank(ks))
    return strong;
  return promoteFixed(t, policy, getMachineType(weak), strong, why);
}

InFlightDiagnostic reportUndefined(EmitErrorFn emitError, StringRef symbol,
                                   Type lhs, Type rhs, PromotionPolicy policy,
                                   StringRef why) {
  return emitError() << "'" << symbol << "' of " << getPythonTypeName(lhs)
                     << " and " << getPythonTypeName(rhs)
                     << " is not defined under the " << getPolicyName(policy)
                     << " promotion policy: " << why;
}

bool isComparison(BinaryOperator op) { return op >= BinaryOperator::Eq; }
} // namespace

FailureOr<Type> py::promoteTypes(PromotionPolicy policy, Type lhs, Type rhs,
                                 EmitErrorFn emitError) {
  if (!isNumberType(lhs) || !isNumberType(rhs)) {
    if (emitError)
      emitError() << "promotion needs two numbers, not " << lhs << " and "
                  << rhs;
    return failure();
  }
  std::string why;
  Type promoted = promote(policy, lhs, rhs, why);
  if (!promoted) {
    if (emitError)
      emitError() << "no common type for " << getPythonTypeName(lhs) << " and "
                  << getPythonTypeName(rhs) << " under the "
                  << getPolicyName(policy) << " promotion policy: " << why;
    return failure();
  }
  return promoted;
}

FailureOr<BinaryTyping> py::typeBinaryOperation(PromotionPolicy policy,
                                                BinaryOperator op, Type lhs,
                                                Type rhs,
                                                EmitErrorFn emitError) {
  StringRef symbol = getOperatorSymbol(op);
  if (!isNumberType(lhs) || !isNumberType(rhs)) {
    if (emitError)
      emitError() << "'" << symbol << "' needs two numbers, not " << lhs
                  << " and " << rhs;
    return failure();
  }
  std::string why;
  Type promoted = promote(policy, lhs, rhs, why);
  auto fail = [&](StringRef reason) -> FailureOr<BinaryTyping> {
    if (emitError)
      reportUndefined(emitError, symbol, lhs, rhs, policy, reason);
    return failure();
  };
  if (!promoted)
    return fail(why);

  MLIRContext *context = lhs.getContext();
  Types t{context};
  NumberKind kind = *getNumberKind(promoted);
  bool weak = isBuiltinNumberType(promoted);
  bool numbapro = policy == PromotionPolicy::NumbaPro;
  // Python turns bools into ints for arithmetic (True + True == 2).
  Type arithmetic = promoted;
  if (kind == NumberKind::Bool && weak)
    arithmetic = PyIntType::get(context);

  if (isComparison(op)) {
    bool ordering = op != BinaryOperator::Eq && op != BinaryOperator::Ne;
    if (ordering && kind == NumberKind::Complex)
      return fail("complex numbers are not ordered");
    if (ordering && kind == NumberKind::Bool && !weak && !numbapro)
      return fail("the Array API orders real-valued numeric types only");
    Type result = weak ? Type(PyBoolType::get(context))
                       : Type(IntegerType::get(context, 1));
    return BinaryTyping{promoted, result};
  }

  switch (op) {
  case BinaryOperator::And:
  case BinaryOperator::Or:
  case BinaryOperator::Xor:
    if (kind != NumberKind::Bool && kind != NumberKind::SignedInt &&
        kind != NumberKind::UnsignedInt)
      return fail("bitwise operators take integers or bools only");
    return BinaryTyping{promoted, promoted};
  case BinaryOperator::LShift:
  case BinaryOperator::RShift:
    if (kind == NumberKind::Bool && !weak)
      return fail("shifts take integer types only");
    if (!isIntegerLikeType(arithmetic))
      return fail("shifts take integer types only");
    return BinaryTyping{arithmetic, arithmetic};
  default:
    break;
  }

  // Arithmetic operators.
  if (kind == NumberKind::Bool && !weak)
    return fail("arithmetic is not defined on bool (use & | ^ or convert)");
  if (numbapro && kind == NumberKind::Complex && !weak &&
      op != BinaryOperator::Add && op != BinaryOperator::Sub &&
      op != BinaryOperator::Mul)
    return fail("NumbaPro defines only + - * on complex numbers");
  Type arithmeticKind = arithmetic;
  NumberKind akind = *getNumberKind(arithmeticKind);

  switch (op) {
  case BinaryOperator::Add:
  case BinaryOperator::Sub:
  case BinaryOperator::Mul:
  case BinaryOperator::Pow:
    return BinaryTyping{arithmetic, arithmetic};
  case BinaryOperator::Mod:
    if (akind == NumberKind::Complex)
      return fail("'%' is defined on real numbers only");
    return BinaryTyping{arithmetic, arithmetic};
  case BinaryOperator::FloorDiv: {
    if (akind == NumberKind::Complex)
      return fail("'//' is defined on real numbers only");
    if (!numbapro || weak)
      return BinaryTyping{arithmetic, arithmetic};
    // NumbaPro: "the result type is always coerced to an integer of the
    // same bitwidth and at least has 32-bits".
    unsigned width = std::max(32u, getNumberBitWidth(arithmetic));
    Type result =
        akind == NumberKind::UnsignedInt ? t.uint(width) : t.sint(width);
    return BinaryTyping{arithmetic, result};
  }
  case BinaryOperator::TrueDiv: {
    if (weak) {
      Type result = akind == NumberKind::Complex
                        ? Type(PyComplexType::get(context))
                        : Type(PyFloatType::get(context));
      return BinaryTyping{result, result};
    }
    if (numbapro) {
      // "promoted to a floating point representation with bitwidth equals
      // to the maximum of the two operands ... and at least has 32-bits".
      auto width = [&](Type operand) {
        return isBuiltinNumberType(operand) ? getNumberBitWidth(promoted)
                                            : getNumberBitWidth(operand);
      };
      Type result = t.floatOfWidth(std::max(width(lhs), width(rhs)));
      return BinaryTyping{result, result};
    }
    if (akind == NumberKind::SignedInt || akind == NumberKind::UnsignedInt)
      // The Array API leaves `/` of integers to the implementation; like
      // NumPy, cudapy gives float64.
      return BinaryTyping{t.f64(), t.f64()};
    return BinaryTyping{arithmetic, arithmetic};
  }
  default:
    llvm_unreachable("handled above");
  }
}

FailureOr<Type> py::typeUnaryOperation(UnaryOperator op, Type operand,
                                       EmitErrorFn emitError) {
  StringRef symbol = getOperatorSymbol(op);
  auto fail = [&](StringRef reason) -> FailureOr<Type> {
    if (emitError)
      emitError() << "'" << symbol << "' of " << getPythonTypeName(operand)
                  << " is not defined: " << reason;
    return failure();
  };
  if (!isNumberType(operand))
    return fail("it takes a number");
  if (isStorageOnlyFloatType(operand))
    return fail("float8 formats are storage formats without arithmetic; "
                "convert with py.cast first");
  MLIRContext *context = operand.getContext();
  NumberKind kind = *getNumberKind(operand);
  if (isa<PyBoolType>(operand))
    return Type(PyIntType::get(context)); // Python: -True == -1, ~True == -2
  if (kind == NumberKind::Bool) {
    if (op == UnaryOperator::Invert)
      return operand; // logical not, as the Array API's bitwise_invert
    return fail("the Array API defines it on numeric types only");
  }
  switch (op) {
  case UnaryOperator::Neg:
  case UnaryOperator::Pos:
    return operand;
  case UnaryOperator::Invert:
    if (kind == NumberKind::Float || kind == NumberKind::Complex)
      return fail("'~' takes integers or bools only");
    return operand;
  case UnaryOperator::Abs:
    if (Type part = getComplexPartType(operand))
      return part;
    return operand;
  }
  llvm_unreachable("unknown unary operator");
}

Type py::getComplexPartType(Type complex) {
  if (isa<PyComplexType>(complex))
    return PyFloatType::get(complex.getContext());
  if (auto builtin = dyn_cast<mlir::ComplexType>(complex))
    return builtin.getElementType();
  return {};
}

bool py::isCastable(Type from, Type to) {
  auto valid = [](Type t) { return isNumberType(t) || t.isIndex(); };
  if (!valid(from) || !valid(to))
    return false;
  NumberKind fromKind =
      from.isIndex() ? NumberKind::SignedInt : *getNumberKind(from);
  NumberKind toKind = to.isIndex() ? NumberKind::SignedInt : *getNumberKind(to);
  if (fromKind == NumberKind::Complex && toKind != NumberKind::Complex)
    return false;
  if ((from.isIndex() || to.isIndex()) &&
      (fromKind == NumberKind::Float || fromKind == NumberKind::Complex ||
       toKind == NumberKind::Float || toKind == NumberKind::Complex))
    return false;
  return true;
}

bool py::isAssignable(PromotionPolicy policy, Type value, Type target) {
  if (!isNumberType(value) || !isNumberType(target))
    return value == target;
  if (value == target)
    return true;
  if (policy == PromotionPolicy::NumbaPro)
    return isCastable(value, target);
  std::string why;
  return promote(policy, value, target, why) == target;
}
