//===- PyOps.cpp - py dialect operations ----------------------------------===//

#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyPromotion.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

#define GET_OP_CLASSES
#include "dialects/Py/IR/PyOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The constant integer value of `value` if it is one, with the signedness
/// of its type.
static std::optional<llvm::APSInt> getConstantInteger(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (!integer)
    return std::nullopt;
  auto type = dyn_cast<IntegerType>(integer.getType());
  bool isUnsigned = type && type.isUnsigned();
  return llvm::APSInt(integer.getValue(), isUnsigned);
}

/// Whether `type` is the spec's `int32` type hint: `int32` or Python `int`.
static bool isInt32Hint(Type type) {
  return isa<PyIntType>(type) || type.isSignedInteger(32);
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

bool ConstantOp::isBuildableWith(Attribute value, Type type) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || !isNumberType(type))
    return false;
  if (typed.getType() != getMachineType(type))
    return false;
  return isa<IntegerAttr, FloatAttr, complex::NumberAttr>(value);
}

/// Converts a literal to the machine format of `type`, or explains why not.
static FailureOr<TypedAttr>
makeConstantValue(Type type, std::optional<APInt> integer,
                  std::optional<double> real,
                  std::optional<std::pair<double, double>> complexValue,
                  bool isBool, function_ref<InFlightDiagnostic()> emitError) {
  Type machine = getMachineType(type);
  std::string name = getPythonTypeName(type);
  if (auto intType = dyn_cast<IntegerType>(machine)) {
    if (!integer)
      return emitError() << "a " << name << " constant needs an integer value";
    unsigned width = intType.getWidth();
    APInt value = *integer;
    bool fits;
    if (width == 1) {
      fits = value.isZero() || value.isOne();
      if (!isBool && !fits)
        return emitError() << "a bool constant is true, false, 0 or 1";
    } else if (intType.isUnsigned()) {
      fits = !value.isNegative() && value.getActiveBits() <= width;
    } else {
      fits = value.getSignificantBits() <= width;
    }
    if (!fits)
      return emitError() << "value "
                         << llvm::toString(value, 10, /*Signed=*/true)
                         << " is not representable as " << name;
    return TypedAttr(IntegerAttr::get(machine, value.sextOrTrunc(width)));
  }
  auto toFloat = [&](double v, mlir::FloatType ft) -> std::optional<APFloat> {
    APFloat f(v);
    bool lost;
    f.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    if (f.isInfinity() && !std::isinf(v))
      return std::nullopt;
    return f;
  };
  if (auto complex = dyn_cast<mlir::ComplexType>(machine)) {
    if (!complexValue && !real && !integer)
      return emitError() << "a " << name << " constant needs a value";
    std::pair<double, double> v =
        complexValue ? *complexValue
                     : std::make_pair(
                           real ? *real : double(integer->getSExtValue()), 0.0);
    auto part = cast<mlir::FloatType>(complex.getElementType());
    auto re = toFloat(v.first, part), im = toFloat(v.second, part);
    if (!re || !im)
      return emitError() << "value is not representable as " << name;
    return TypedAttr(complex::NumberAttr::get(complex, v.first, v.second));
  }
  auto floatType = cast<mlir::FloatType>(machine);
  if (complexValue)
    return emitError() << "a complex value is not a " << name;
  if (isBool)
    return emitError() << "a bool value is not a " << name;
  double v = real ? *real : double(integer->getSExtValue());
  auto f = toFloat(v, floatType);
  if (!f)
    return emitError() << "value " << v << " overflows " << name;
  return TypedAttr(FloatAttr::get(floatType, *f));
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<APInt> integer;
  std::optional<double> real;
  std::optional<std::pair<double, double>> complexValue;
  bool isBool = false;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("true"))) {
    integer = APInt(64, 1);
    isBool = true;
  } else if (succeeded(parser.parseOptionalKeyword("false"))) {
    integer = APInt(64, 0);
    isBool = true;
  } else if (succeeded(parser.parseOptionalLParen())) {
    double re, im;
    if (parser.parseFloat(re) || parser.parseComma() || parser.parseFloat(im) ||
        parser.parseRParen())
      return failure();
    complexValue = std::make_pair(re, im);
  } else {
    // [-] integer | float | nan | inf
    bool negative = succeeded(parser.parseOptionalMinus());
    APInt value;
    OptionalParseResult parsedInteger = parser.parseOptionalInteger(value);
    if (parsedInteger.has_value()) {
      if (failed(*parsedInteger))
        return failure();
      // Keep headroom so that the range check sees the sign.
      integer = value.zext(std::max(66u, value.getBitWidth() + 2));
      if (negative)
        integer->negate();
    } else if (succeeded(parser.parseOptionalKeyword("nan"))) {
      real = std::nan("");
    } else if (succeeded(parser.parseOptionalKeyword("inf"))) {
      real = negative ? -HUGE_VAL : HUGE_VAL;
    } else {
      double v;
      if (parser.parseFloat(v))
        return failure();
      real = negative ? -v : v;
    }
  }
  Type type;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  if (!isNumberType(type))
    return parser.emitError(loc)
           << "py.constant needs a number type, not " << type;
  FailureOr<TypedAttr> value =
      makeConstantValue(type, integer, real, complexValue, isBool,
                        [&] { return parser.emitError(loc); });
  if (failed(value))
    return failure();
  result.addAttribute("value", *value);
  result.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p << ' ';
  if (auto complex = dyn_cast<complex::NumberAttr>(getValue())) {
    Type part = cast<mlir::ComplexType>(complex.getType()).getElementType();
    p << '(';
    p.printAttributeWithoutType(FloatAttr::get(part, complex.getReal()));
    p << ", ";
    p.printAttributeWithoutType(FloatAttr::get(part, complex.getImag()));
    p << ')';
  } else if (auto real = dyn_cast<FloatAttr>(getValue());
             real && !real.getValue().isFinite()) {
    // Python's float('nan') and float('inf').
    APFloat v = real.getValue();
    p << (v.isNaN() ? "nan" : v.isNegative() ? "-inf" : "inf");
  } else {
    p.printAttributeWithoutType(getValue());
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << " : " << getType();
}

LogicalResult ConstantOp::verify() {
  if (!isBuildableWith(getValue(), getType()))
    return emitOpError("value ")
           << getValue() << " does not have the machine type "
           << getMachineType(getType()) << " of " << getType();
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "c");
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  Type from = getInput().getType(), to = getType();
  if (!isCastable(from, to))
    return emitOpError("cannot convert ")
           << getPythonTypeName(from) << " to " << getPythonTypeName(to)
           << (getNumberKind(from) == NumberKind::Complex
                   ? ": a complex number has no real conversion (Python "
                     "raises TypeError)"
                   : ": index converts to and from integers only");
  return success();
}

/// Folds a cast of a constant integer or float; the rules are the ones
/// `convert-py-to-llvm` implements.
static Attribute foldCastValue(Attribute input, Type from, Type to) {
  Type fromMachine = from.isIndex() ? from : getMachineType(from);
  Type toMachine = to.isIndex() ? to : getMachineType(to);
  auto fromInt = dyn_cast<IntegerType>(fromMachine);
  bool fromSigned = !fromInt || !fromInt.isUnsigned();
  if (auto toInt = dyn_cast<IntegerType>(toMachine)) {
    unsigned width = toInt.getWidth();
    if (auto i = dyn_cast<IntegerAttr>(input)) {
      APInt v = i.getValue();
      if (width == 1)
        return IntegerAttr::get(toInt, APInt(1, !v.isZero()));
      if (fromInt && fromInt.getWidth() == 1)
        return IntegerAttr::get(toInt, v.zext(width));
      return IntegerAttr::get(toInt, fromSigned ? v.sextOrTrunc(width)
                                                : v.zextOrTrunc(width));
    }
    if (auto f = dyn_cast<FloatAttr>(input)) {
      APFloat v = f.getValue();
      if (width == 1)
        return IntegerAttr::get(toInt, APInt(1, !v.isZero()));
      if (v.isNaN())
        return IntegerAttr::get(toInt, APInt(width, 0));
      llvm::APSInt result(width, toInt.isUnsigned());
      bool exact;
      // Saturates, as the lowering's fptosi.sat/fptoui.sat do.
      v.convertToInteger(result, APFloat::rmTowardZero, &exact);
      return IntegerAttr::get(toInt, result);
    }
    return {};
  }
  if (auto toFloat = dyn_cast<mlir::FloatType>(toMachine)) {
    APFloat result(toFloat.getFloatSemantics());
    if (auto i = dyn_cast<IntegerAttr>(input)) {
      APInt v = i.getValue();
      bool isSigned = fromSigned && !(fromInt && fromInt.getWidth() == 1);
      result.convertFromAPInt(v, isSigned, APFloat::rmNearestTiesToEven);
      return FloatAttr::get(toFloat, result);
    }
    if (auto f = dyn_cast<FloatAttr>(input)) {
      APFloat v = f.getValue();
      bool lost;
      v.convert(toFloat.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &lost);
      return FloatAttr::get(toFloat, v);
    }
  }
  return {};
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (!adaptor.getInput())
    return {};
  // Only between formats whose conversion APFloat models exactly like the
  // lowering: not to or from fp8 (saturating) and not complex.
  Type from = getInput().getType(), to = getType();
  if (isStorageOnlyFloatType(from) || isStorageOnlyFloatType(to) ||
      getNumberKind(to) == NumberKind::Complex)
    return {};
  return foldCastValue(adaptor.getInput(), from, to);
}

//===----------------------------------------------------------------------===//
// Binary operators
//===----------------------------------------------------------------------===//

/// Python semantics of constant folding for integers and floats of one
/// type (the explicit form); null when the result is not a constant the
/// lowering would produce the same way (division by zero, overflowing
/// shifts and negative exponents are left to run time).
static Attribute foldBinaryValues(BinaryOperator op, Type operandType,
                                  Type resultType, Attribute lhs,
                                  Attribute rhs) {
  Type machine = getMachineType(operandType);
  Type resultMachine = getMachineType(resultType);
  if (auto l = dyn_cast_or_null<IntegerAttr>(lhs)) {
    auto r = dyn_cast_or_null<IntegerAttr>(rhs);
    auto intType = dyn_cast<IntegerType>(machine);
    if (!r || !intType)
      return {};
    bool isUnsigned = intType.isUnsigned() || intType.getWidth() == 1;
    llvm::APSInt a(l.getValue(), isUnsigned), b(r.getValue(), isUnsigned);
    unsigned width = intType.getWidth();
    auto cmp = [&](bool v) { return IntegerAttr::get(resultMachine, v); };
    auto result = [&](APInt v) -> Attribute {
      if (machine != resultMachine)
        return {};
      return IntegerAttr::get(resultMachine, v);
    };
    switch (op) {
    case BinaryOperator::Add:
      return result(a + b);
    case BinaryOperator::Sub:
      return result(a - b);
    case BinaryOperator::Mul:
      return result(a * b);
    case BinaryOperator::And:
      return result(a & b);
    case BinaryOperator::Or:
      return result(a | b);
    case BinaryOperator::Xor:
      return result(a ^ b);
    case BinaryOperator::FloorDiv:
    case BinaryOperator::Mod: {
      if (b.isZero() || width == 1)
        return {};
      if (isUnsigned)
        return result(op == BinaryOperator::FloorDiv ? a.udiv(b) : a.urem(b));
      if (a.isMinSignedValue() && b.isAllOnes())
        return {};
      APInt q = a.sdiv(b), m = a.srem(b);
      // Floor: when the remainder is non-zero and its sign differs from the
      // divisor's, step the quotient down and move the remainder into the
      // divisor's sign.
      if (!m.isZero() && (m.isNegative() != b.isNegative())) {
        q -= 1;
        m += b;
      }
      return result(op == BinaryOperator::FloorDiv ? q : m);
    }
    case BinaryOperator::LShift:
    case BinaryOperator::RShift: {
      if (!isUnsigned && b.isNegative())
        return {};
      uint64_t count = b.getLimitedValue();
      if (op == BinaryOperator::LShift)
        return result(count >= width ? APInt(width, 0) : a.shl(count));
      if (isUnsigned)
        return result(count >= width ? APInt(width, 0) : a.lshr(count));
      return result(a.ashr(std::min<uint64_t>(count, width - 1)));
    }
    case BinaryOperator::Pow: {
      if (!isUnsigned && b.isNegative())
        return {};
      APInt base = a, value(width, 1);
      for (uint64_t e = b.getLimitedValue(); e; e >>= 1) {
        if (e & 1)
          value *= base;
        base *= base;
      }
      return result(value);
    }
    case BinaryOperator::Eq:
      return cmp(a == b);
    case BinaryOperator::Ne:
      return cmp(a != b);
    case BinaryOperator::Lt:
      return cmp(a < b);
    case BinaryOperator::Le:
      return cmp(a <= b);
    case BinaryOperator::Gt:
      return cmp(a > b);
    case BinaryOperator::Ge:
      return cmp(a >= b);
    case BinaryOperator::TrueDiv:
      return {};
    }
    return {};
  }
  auto l = dyn_cast_or_null<FloatAttr>(lhs);
  auto r = dyn_cast_or_null<FloatAttr>(rhs);
  if (!l || !r)
    return {};
  APFloat a = l.getValue(), b = r.getValue();
  auto cmp = [&](bool v) { return IntegerAttr::get(resultMachine, v); };
  APFloat::cmpResult c = a.compare(b);
  auto result = [&](APFloat v) -> Attribute {
    if (machine != resultMachine)
      return {};
    return FloatAttr::get(resultMachine, v);
  };
  switch (op) {
  case BinaryOperator::Add:
    a.add(b, APFloat::rmNearestTiesToEven);
    return result(a);
  case BinaryOperator::Sub:
    a.subtract(b, APFloat::rmNearestTiesToEven);
    return result(a);
  case BinaryOperator::Mul:
    a.multiply(b, APFloat::rmNearestTiesToEven);
    return result(a);
  case BinaryOperator::TrueDiv:
    a.divide(b, APFloat::rmNearestTiesToEven);
    return result(a);
  case BinaryOperator::Eq:
    return cmp(c == APFloat::cmpEqual);
  case BinaryOperator::Ne:
    return cmp(c != APFloat::cmpEqual);
  case BinaryOperator::Lt:
    return cmp(c == APFloat::cmpLessThan);
  case BinaryOperator::Le:
    return cmp(c == APFloat::cmpLessThan || c == APFloat::cmpEqual);
  case BinaryOperator::Gt:
    return cmp(c == APFloat::cmpGreaterThan);
  case BinaryOperator::Ge:
    return cmp(c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual);
  default:
    return {};
  }
}

/// Shared inference and folding of the binary operator ops.
template <typename OpTy>
static LogicalResult
inferBinary(BinaryOperator op, MLIRContext *context,
            std::optional<Location> location, ValueRange operands,
            DictionaryAttr attributes, OpaqueProperties properties,
            RegionRange regions, SmallVectorImpl<Type> &inferred) {
  typename OpTy::Adaptor adaptor(operands, attributes, properties, regions);
  if (operands.size() != 2)
    return failure();
  auto emitError = [&]() {
    return location ? mlir::emitError(*location)
                    : mlir::emitError(UnknownLoc::get(context));
  };
  FailureOr<BinaryTyping> typing = typeBinaryOperation(
      adaptor.getPolicy(), op, operands[0].getType(), operands[1].getType(),
      location ? EmitErrorFn(emitError) : EmitErrorFn());
  if (failed(typing))
    return failure();
  inferred.push_back(typing->resultType);
  return success();
}

template <typename OpTy>
static OpFoldResult foldBinary(OpTy op, BinaryOperator kind, Attribute lhs,
                               Attribute rhs) {
  Type lhsType = op.getLhs().getType();
  if (lhsType != op.getRhs().getType())
    return {};
  return foldBinaryValues(kind, lhsType, op.getType(), lhs, rhs);
}

#define PY_BINARY_OP(OP, KIND)                                                 \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr attributes,                          \
      OpaqueProperties properties, RegionRange regions,                        \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferBinary<OP>(BinaryOperator::KIND, context, location, operands,  \
                           attributes, properties, regions, inferred);         \
  }                                                                            \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldBinary(*this, BinaryOperator::KIND, adaptor.getLhs(),           \
                      adaptor.getRhs());                                       \
  }

PY_BINARY_OP(AddOp, Add)
PY_BINARY_OP(SubOp, Sub)
PY_BINARY_OP(MulOp, Mul)
PY_BINARY_OP(TrueDivOp, TrueDiv)
PY_BINARY_OP(FloorDivOp, FloorDiv)
PY_BINARY_OP(ModOp, Mod)
PY_BINARY_OP(PowOp, Pow)
PY_BINARY_OP(AndOp, And)
PY_BINARY_OP(OrOp, Or)
PY_BINARY_OP(XorOp, Xor)
PY_BINARY_OP(LShiftOp, LShift)
PY_BINARY_OP(RShiftOp, RShift)
#undef PY_BINARY_OP

LogicalResult
CmpOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                        ValueRange operands, DictionaryAttr attributes,
                        OpaqueProperties properties, RegionRange regions,
                        SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferBinary<CmpOp>(getComparisonOperator(adaptor.getPredicate()),
                            context, location, operands, attributes, properties,
                            regions, inferred);
}

OpFoldResult CmpOp::fold(FoldAdaptor adaptor) {
  return foldBinary(*this, getComparisonOperator(getPredicate()),
                    adaptor.getLhs(), adaptor.getRhs());
}

//===----------------------------------------------------------------------===//
// Unary operators
//===----------------------------------------------------------------------===//

static LogicalResult inferUnary(UnaryOperator op, MLIRContext *context,
                                std::optional<Location> location,
                                ValueRange operands,
                                SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 1)
    return failure();
  auto emitError = [&]() {
    return location ? mlir::emitError(*location)
                    : mlir::emitError(UnknownLoc::get(context));
  };
  FailureOr<Type> type =
      typeUnaryOperation(op, operands[0].getType(),
                         location ? EmitErrorFn(emitError) : EmitErrorFn());
  if (failed(type))
    return failure();
  inferred.push_back(*type);
  return success();
}

static Attribute foldUnaryValue(UnaryOperator op, Type operandType,
                                Type resultType, Attribute value) {
  if (!value || getMachineType(operandType) != getMachineType(resultType))
    return {};
  if (auto i = dyn_cast<IntegerAttr>(value)) {
    auto type = cast<IntegerType>(i.getType());
    APInt v = i.getValue();
    switch (op) {
    case UnaryOperator::Neg:
      return IntegerAttr::get(type, -v);
    case UnaryOperator::Pos:
      return i;
    case UnaryOperator::Invert:
      return IntegerAttr::get(type, ~v);
    case UnaryOperator::Abs:
      return IntegerAttr::get(type, type.isUnsigned() ? v : v.abs());
    }
  }
  if (auto f = dyn_cast<FloatAttr>(value)) {
    APFloat v = f.getValue();
    switch (op) {
    case UnaryOperator::Neg:
      return FloatAttr::get(f.getType(), -v);
    case UnaryOperator::Pos:
      return f;
    case UnaryOperator::Abs:
      return FloatAttr::get(f.getType(), abs(v));
    case UnaryOperator::Invert:
      return {};
    }
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Complex parts
//===----------------------------------------------------------------------===//

static LogicalResult inferComplexPart(MLIRContext *context,
                                      std::optional<Location> location,
                                      ValueRange operands, StringRef part,
                                      SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 1)
    return failure();
  Type type = getComplexPartType(operands[0].getType());
  if (!type) {
    if (location)
      mlir::emitError(*location)
          << "'." << part << "' takes a complex number, not "
          << operands[0].getType();
    return failure();
  }
  inferred.push_back(type);
  return success();
}

LogicalResult ComplexRealOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location> location,
                                              ValueRange operands,
                                              DictionaryAttr, OpaqueProperties,
                                              RegionRange,
                                              SmallVectorImpl<Type> &inferred) {
  return inferComplexPart(context, location, operands, "real", inferred);
}

LogicalResult ComplexImagOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location> location,
                                              ValueRange operands,
                                              DictionaryAttr, OpaqueProperties,
                                              RegionRange,
                                              SmallVectorImpl<Type> &inferred) {
  return inferComplexPart(context, location, operands, "imag", inferred);
}

#define PY_UNARY_OP(OP, KIND)                                                  \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,      \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferUnary(UnaryOperator::KIND, context, location, operands,        \
                      inferred);                                               \
  }                                                                            \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldUnaryValue(UnaryOperator::KIND, getOperand().getType(),         \
                          getType(), adaptor.getOperand());                    \
  }

PY_UNARY_OP(NegOp, Neg)
PY_UNARY_OP(PosOp, Pos)
PY_UNARY_OP(InvertOp, Invert)
PY_UNARY_OP(AbsOp, Abs)
#undef PY_UNARY_OP

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::verify() {
  std::optional<llvm::APSInt> step = getConstantInteger(getStep());
  if (step && step->isZero())
    return emitOpError("slice step cannot be zero (Python raises ValueError)");
  return success();
}

/// The array type of the first operand (null when there is none).
static ArrayType getArrayOperandType(ValueRange operands) {
  return operands.empty() ? ArrayType()
                          : dyn_cast<ArrayType>(operands[0].getType());
}

LogicalResult ArrayGetItemOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  ArrayType array = getArrayOperandType(operands);
  if (!array)
    return failure();
  if (operands.size() - 1 != array.getNdim())
    return emitOptionalError(
        location, "indexing an element of a ", array.getNdim(),
        "-d array takes ", array.getNdim(), " indices, not ",
        operands.size() - 1, " (use py.array.subscript for a view)");
  inferred.push_back(array.getDtype());
  return success();
}

LogicalResult ArraySetItemOp::verify() {
  ArrayType array = getArray().getType();
  if (getIndices().size() != array.getNdim())
    return emitOpError("storing an element of a ")
           << array.getNdim() << "-d array takes " << array.getNdim()
           << " indices, not " << getIndices().size();
  Type value = getValue().getType(), dtype = array.getDtype();
  if (!isAssignable(getPolicy(), value, dtype))
    return emitOpError("cannot assign ")
           << getPythonTypeName(value) << " to an element of dtype "
           << getPythonTypeName(dtype) << " under the "
           << stringifyPromotionPolicy(getPolicy())
           << " promotion policy (convert with py.cast)";
  return success();
}

LogicalResult ArraySubscriptOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  ArrayType array = getArrayOperandType(operands);
  if (!array)
    return failure();
  ValueRange indices = operands.drop_front();
  if (indices.size() > array.getNdim())
    return emitOptionalError(location, "too many indices (", indices.size(),
                             ") for a ", array.getNdim(), "-d array");
  unsigned dropped = llvm::count_if(
      indices, [](Value index) { return !isa<SliceType>(index.getType()); });
  if (dropped == array.getNdim())
    return emitOptionalError(location,
                             "every dimension is indexed by an integer: "
                             "use py.array.getitem to read the element");
  inferred.push_back(
      ArrayType::get(context, array.getDtype(), array.getNdim() - dropped));
  return success();
}

static TupleType getSi64Tuple(MLIRContext *context, unsigned size) {
  SmallVector<Type> types(size,
                          IntegerType::get(context, 64, IntegerType::Signed));
  return TupleType::get(context, types);
}

/// `a.shape` and `a.strides`: a tuple of one si64 per dimension.
static LogicalResult inferPerDimensionTuple(MLIRContext *context,
                                            ValueRange operands,
                                            SmallVectorImpl<Type> &inferred) {
  ArrayType array = getArrayOperandType(operands);
  if (!array)
    return failure();
  inferred.push_back(getSi64Tuple(context, array.getNdim()));
  return success();
}

LogicalResult ArrayShapeOp::inferReturnTypes(MLIRContext *context,
                                             std::optional<Location>,
                                             ValueRange operands,
                                             DictionaryAttr, OpaqueProperties,
                                             RegionRange,
                                             SmallVectorImpl<Type> &inferred) {
  return inferPerDimensionTuple(context, operands, inferred);
}

LogicalResult
ArrayStridesOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                                 ValueRange operands, DictionaryAttr,
                                 OpaqueProperties, RegionRange,
                                 SmallVectorImpl<Type> &inferred) {
  return inferPerDimensionTuple(context, operands, inferred);
}

OpFoldResult ArrayNdimOp::fold(FoldAdaptor) {
  return IntegerAttr::get(getMachineType(getType()),
                          getArray().getType().getNdim());
}

LogicalResult ArrayViewOp::verify() {
  ArrayType from = getArray().getType(), to = getType();
  if (from.getNdim() != to.getNdim())
    return emitOpError("view keeps the number of dimensions");
  uint64_t fromSize = getMachineLayout(from.getDtype()).size;
  uint64_t toSize = getMachineLayout(to.getDtype()).size;
  if (fromSize == toSize)
    return success();
  if (from.getNdim() == 0)
    return emitOpError("a 0-d array cannot be viewed as a dtype of another "
                       "size");
  uint64_t larger = std::max(fromSize, toSize);
  uint64_t smaller = std::min(fromSize, toSize);
  if (larger % smaller != 0)
    return emitOpError("itemsizes ")
           << fromSize << " and " << toSize
           << " do not divide each other; the last dimension cannot be "
              "reinterpreted";
  return success();
}

OpFoldResult ArrayViewOp::fold(FoldAdaptor) {
  if (getArray().getType() == getType())
    return getArray();
  return {};
}

LogicalResult ArrayReshapeOp::verify() {
  ArrayType from = getArray().getType(), to = getType();
  if (from.getDtype() != to.getDtype())
    return emitOpError("reshape keeps the dtype");
  if (getShape().size() != to.getNdim())
    return emitOpError("the result has ")
           << to.getNdim() << " dimensions but " << getShape().size()
           << " extents are given";
  unsigned inferredCount = 0;
  for (Value extent : getShape()) {
    std::optional<llvm::APSInt> c = getConstantInteger(extent);
    if (!c)
      continue;
    if (c->isSigned() && *c == -1)
      ++inferredCount;
    else if (c->isSigned() && c->isNegative())
      return emitOpError("extent ") << c->getSExtValue() << " is negative";
  }
  if (inferredCount > 1)
    return emitOpError("only one extent can be -1");
  return success();
}

LogicalResult ArrayAsTypeOp::verify() {
  ArrayType from = getArray().getType(), to = getType();
  if (from != to)
    return emitOpError("astype(copy=False) to another dtype or shape would "
                       "allocate, which device code cannot do (spec, "
                       "\"Arrays\")");
  return success();
}

OpFoldResult ArrayAsTypeOp::fold(FoldAdaptor) { return getArray(); }

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

LogicalResult TupleMakeOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location>,
                                            ValueRange operands, DictionaryAttr,
                                            OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  inferred.push_back(TupleType::get(context, operands.getTypes()));
  return success();
}

/// Resolves a Python tuple index (negative counts from the end).
static std::optional<unsigned> resolveTupleIndex(int64_t index, size_t size) {
  int64_t resolved = index < 0 ? index + int64_t(size) : index;
  if (resolved < 0 || resolved >= int64_t(size))
    return std::nullopt;
  return unsigned(resolved);
}

LogicalResult TupleGetItemOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto tuple = dyn_cast<TupleType>(operands[0].getType());
  if (!tuple)
    return failure();
  int64_t index = adaptor.getIndex();
  std::optional<unsigned> resolved = resolveTupleIndex(index, tuple.size());
  if (!resolved)
    return emitOptionalError(location, "tuple index ", index,
                             " is out of range for a tuple of ", tuple.size(),
                             " elements");
  inferred.push_back(tuple.getType(*resolved));
  return success();
}

unsigned TupleGetItemOp::getElementIndex() {
  return *resolveTupleIndex(getIndex(),
                            cast<TupleType>(getTuple().getType()).size());
}

unsigned TupleSetItemOp::getElementIndex() {
  return *resolveTupleIndex(getIndex(),
                            cast<TupleType>(getTuple().getType()).size());
}

OpFoldResult TupleGetItemOp::fold(FoldAdaptor) {
  unsigned index = getElementIndex();
  if (auto make = getTuple().getDefiningOp<TupleMakeOp>())
    return make.getElements()[index];
  return {};
}

LogicalResult TupleSetItemOp::verify() {
  auto tuple = cast<TupleType>(getTuple().getType());
  std::optional<unsigned> index = resolveTupleIndex(getIndex(), tuple.size());
  if (!index)
    return emitOpError("tuple index ")
           << getIndex() << " is out of range for a tuple of " << tuple.size()
           << " elements";
  if (tuple.getType(*index) != getValue().getType())
    return emitOpError("element ")
           << *index << " has type " << tuple.getType(*index) << ", not "
           << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Structs
//===----------------------------------------------------------------------===//

LogicalResult StructMakeOp::verify() {
  StructType type = getType();
  if (getFields().size() != type.getFieldTypes().size())
    return emitOpError("struct '") << type.getName().getValue() << "' has "
                                   << type.getFieldTypes().size()
                                   << " fields, not " << getFields().size();
  for (auto [index, field, expected] :
       llvm::enumerate(getFields(), type.getFieldTypes()))
    if (field.getType() != expected)
      return emitOpError("field '")
             << type.getFieldNames()[index].getValue() << "' has type "
             << expected << ", not " << field.getType()
             << " (spec, \"User-Defined Types\": the attribute's type shall "
                "match the type hint)";
  return success();
}

LogicalResult StructGetAttrOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto type = dyn_cast<StructType>(operands[0].getType());
  if (!type)
    return failure();
  std::optional<unsigned> index = type.getFieldIndex(adaptor.getField());
  if (!index)
    return emitOptionalError(location, "struct '", type.getName().getValue(),
                             "' has no field '", adaptor.getField(),
                             "' (spec: attributes cannot be added)");
  inferred.push_back(type.getFieldTypes()[*index]);
  return success();
}

OpFoldResult StructGetAttrOp::fold(FoldAdaptor) {
  StructType type = getInput().getType();
  unsigned index = *type.getFieldIndex(getField());
  Value input = getInput();
  while (auto set = input.getDefiningOp<StructSetAttrOp>()) {
    if (set.getField() == getField())
      return set.getValue();
    input = set.getInput();
  }
  if (auto make = input.getDefiningOp<StructMakeOp>())
    return make.getFields()[index];
  if (input != getInput()) {
    getInputMutable().assign(input);
    return getResult();
  }
  return {};
}

LogicalResult StructSetAttrOp::verify() {
  StructType type = getInput().getType();
  std::optional<unsigned> index = type.getFieldIndex(getField());
  if (!index)
    return emitOpError("struct '")
           << type.getName().getValue() << "' has no field '" << getField()
           << "' (spec: attributes cannot be added)";
  if (type.getFieldTypes()[*index] != getValue().getType())
    return emitOpError("field '")
           << getField() << "' has type " << type.getFieldTypes()[*index]
           << ", not " << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Vectors
//===----------------------------------------------------------------------===//

LogicalResult VectorMakeOp::verify() {
  PyVectorType type = getType();
  // Spec, Vector.__init__: len(args) == size, and an object of the dtype
  // shall be constructible from each. [User Requirements]
  if (getElements().size() != type.getSize())
    return emitOpError("a vector of ")
           << type.getSize() << " elements takes " << type.getSize()
           << " arguments, not " << getElements().size();
  for (Value element : getElements())
    if (!isCastable(element.getType(), type.getElementType()))
      return emitOpError("a ") << getPythonTypeName(type.getElementType())
                               << " element cannot be constructed from "
                               << getPythonTypeName(element.getType());
  return success();
}

static LogicalResult verifyVectorIndex(Operation *op, PyVectorType vector,
                                       Value index) {
  // Spec: `i: int32` and `i < self.size`. [User Requirements]
  if (!isInt32Hint(index.getType()))
    return op->emitOpError("the index of a vector is an int32, not ")
           << getPythonTypeName(index.getType());
  if (std::optional<llvm::APSInt> c = getConstantInteger(index))
    if (c->getExtValue() < -int64_t(vector.getSize()) ||
        c->getExtValue() >= int64_t(vector.getSize()))
      return op->emitOpError("index ")
             << c->getExtValue() << " is out of range for a vector of "
             << vector.getSize() << " elements";
  return success();
}

LogicalResult VectorGetItemOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  auto vector = dyn_cast<PyVectorType>(operands[0].getType());
  if (!vector)
    return failure();
  inferred.push_back(vector.getElementType());
  return success();
}

LogicalResult VectorGetItemOp::verify() {
  return verifyVectorIndex(*this, getVector().getType(), getIndex());
}

LogicalResult VectorSetItemOp::verify() {
  PyVectorType vector = getVector().getType();
  if (failed(verifyVectorIndex(*this, vector, getIndex())))
    return failure();
  if (!isAssignable(getPolicy(), getValue().getType(), vector.getElementType()))
    return emitOpError("cannot assign ")
           << getPythonTypeName(getValue().getType()) << " to a "
           << getPythonTypeName(vector.getElementType())
           << " element under the " << stringifyPromotionPolicy(getPolicy())
           << " promotion policy";
  return success();
}

//===----------------------------------------------------------------------===//
// LenOp
//===----------------------------------------------------------------------===//

LogicalResult LenOp::verify() {
  Type type = getInput().getType();
  if (isa<TupleType, PyVectorType>(type))
    return success();
  if (auto array = dyn_cast<ArrayType>(type)) {
    if (array.getNdim() == 0)
      return emitOpError("len() of a 0-d array is undefined (Python raises "
                         "TypeError)");
    return success();
  }
  return emitOpError("len() takes a tuple, vector or array, not ") << type;
}

OpFoldResult LenOp::fold(FoldAdaptor) {
  Type machine = getMachineType(getType());
  if (auto tuple = dyn_cast<TupleType>(getInput().getType()))
    return IntegerAttr::get(machine, tuple.size());
  if (auto vector = dyn_cast<PyVectorType>(getInput().getType()))
    return IntegerAttr::get(machine, vector.getSize());
  return {};
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

template <typename OpTy>
static ParseResult parsePyFunction(OpAsmParser &parser,
                                   OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      OpTy::getFunctionTypeAttrName(result.name), buildFuncType,
      OpTy::getArgAttrsAttrName(result.name),
      OpTy::getResAttrsAttrName(result.name));
}

template <typename OpTy> static void printPyFunction(OpTy op, OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, op, /*isVariadic=*/false, op.getFunctionTypeAttrName(),
      op.getArgAttrsAttrName(), op.getResAttrsAttrName());
}

/// Rules both function kinds share.
static LogicalResult verifyPyFunction(FunctionOpInterface op, bool interop,
                                      bool isKernel) {
  ArrayRef<Type> inputs = op.getArgumentTypes();
  for (auto [index, type] : llvm::enumerate(inputs)) {
    // Kernel arguments and interoperable parameters cross the boundary to
    // CUDA C++ or the host: they must be heterogeneous (spec, "launch": all
    // of args shall be heterogeneous).
    if ((isKernel || interop) && !isHeterogeneousType(type))
      return op.emitOpError("parameter ")
             << index << " has type " << type << ", which is not "
             << "heterogeneous"
             << (isKernel ? " (spec, \"Kernel Functions\": all of args "
                            "shall be heterogeneous)"
                          : " and has no CUDA C++ representation");
    if (Attribute attr =
            op.getArgAttr(index, PyDialect::getConstExprAttrName()))
      if (!isa<UnitAttr>(attr))
        return op.emitOpError("py.constexpr is a unit attribute");
  }
  if (interop)
    for (Type type : op.getResultTypes())
      if (!isHeterogeneousType(type))
        return op.emitOpError("an interoperable function returns "
                              "heterogeneous types only, not ")
               << type;
  if (op.isExternal())
    return success();
  Block &entry = op.getFunctionBody().front();
  if (entry.getArgumentTypes() != inputs)
    return op.emitOpError("entry block arguments do not match the signature");
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return parsePyFunction<FuncOp>(parser, result);
}
void FuncOp::print(OpAsmPrinter &p) { printPyFunction(*this, p); }
LogicalResult FuncOp::verify() {
  if (getResultTypes().size() > 1)
    return emitOpError("returns at most one value (return a tuple)");
  if (getNumbaAbi() && (!isExternal() || !getInterop()))
    return emitOpError("numba_abi marks a foreign declaration: an interop "
                       "function without a body");
  return verifyPyFunction(*this, getInterop(), /*isKernel=*/false);
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  return parsePyFunction<KernelOp>(parser, result);
}
void KernelOp::print(OpAsmPrinter &p) { printPyFunction(*this, p); }
LogicalResult KernelOp::verify() {
  if (getNumbaAbi())
    return emitOpError("a kernel does not take numba_abi (a device function "
                       "ABI)");
  // Spec, "Kernel Functions": a kernel function shall return None.
  if (!getResultTypes().empty())
    return emitOpError("a kernel returns None: it has no results (spec, "
                       "\"Kernel Functions\")");
  if (isExternal())
    return emitOpError("a kernel needs a body");
  return verifyPyFunction(*this, getInterop(), /*isKernel=*/true);
}

LogicalResult ReturnOp::verify() {
  auto function = cast<FunctionOpInterface>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getOperands().getTypes() != TypeRange(results)) {
    if (isa<KernelOp>(function))
      return emitOpError("a kernel returns None (spec, \"Kernel "
                         "Functions\"): py.return takes no operands");
    return emitOpError("returns ") << getOperands().getTypes()
                                   << " but the function returns " << results;
  }
  return success();
}

FunctionType CallOp::getCalleeType() {
  return FunctionType::get(getContext(), getOperands().getTypes(),
                           getResultTypes());
}

/// Whether `value` is a constant expression (spec, "Constant Expressions"):
/// a literal, or a ConstExpr parameter of the enclosing function.
static bool isConstantExpression(Value value) {
  if (matchPattern(value, m_Constant()))
    return true;
  if (value.getDefiningOp<NoneOp>())
    return true;
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  auto function = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return function && arg.getOwner()->isEntryBlock() &&
         function.getArgAttr(arg.getArgNumber(),
                             PyDialect::getConstExprAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("no function named @") << getCallee();
  if (isa<KernelOp>(callee))
    return emitOpError("@") << getCallee()
                            << " is a kernel: kernels are launched, not "
                               "called (spec, \"Kernel Functions\")";
  auto function = dyn_cast<FuncOp>(callee);
  if (!function)
    return emitOpError("@") << getCallee() << " is not a py.func";
  FunctionType type = function.getFunctionType();
  if (type.getNumInputs() != getOperands().size())
    return emitOpError("@") << getCallee() << " takes " << type.getNumInputs()
                            << " arguments, not " << getOperands().size();
  for (auto [index, operand, expected] :
       llvm::enumerate(getOperands(), type.getInputs())) {
    // Spec, "General Requirements": the type of an argument shall match the
    // type hint of its parameter. [User Requirement]
    if (operand.getType() != expected)
      return emitOpError("argument ")
             << index << " has type " << operand.getType() << " but @"
             << getCallee() << " takes " << expected
             << " (spec, \"General Requirements\": arguments match the "
                "parameters' type hints)";
    if (function.isConstExprArgument(index) && !isConstantExpression(operand))
      return emitOpError("argument ")
             << index << " of @" << getCallee()
             << " is a ConstExpr parameter and needs a constant expression "
                "(spec, \"Constant Expressions\")";
  }
  if (getResultTypes() != TypeRange(type.getResults()))
    return emitOpError("result types ")
           << getResultTypes() << " do not match @" << getCallee()
           << "'s results " << type.getResults();
  return success();
}
