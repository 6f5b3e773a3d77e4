//===- Numbers.cpp - py numbers to LLVM -----------------------------------===//
//
// Constants, casts and Python-semantics arithmetic on the py number types
// (docs/Py.md, "Numbers"): conversions between them, integer powers,
// floor division and modulo, shifts, comparisons, unary operators.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "cudapy/Conversion/PyToLLVM/Lowering.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyPromotion.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

//===----------------------------------------------------------------------===//
// Value helpers
//===----------------------------------------------------------------------===//

/// Whether a py integer type is signed (Python int and the si types).
bool pylower::isSignedInteger(Type type) {
  std::optional<NumberKind> kind = getNumberKind(type);
  return kind && *kind == NumberKind::SignedInt;
}

/// Converts register value `value` from py number type `from` to `to`
/// (py.cast semantics, see PyOps.td). Fails for fp8 conversions.
static FailureOr<Value> convertNumber(Emitter &e, Value value, Type from,
                                      Type to) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type fromM = from.isIndex() ? from : getMachineType(from);
  Type toM = to.isIndex() ? to : getMachineType(to);
  if (fromM == toM)
    return value;
  // fp8: through float32 (which holds every fp8 value exactly) from, and
  // straight from float32 or float64 to (one rounding).
  if (isStorageOnlyFloatType(fromM)) {
    Type f32 = e.b.getF32Type();
    Value wide = cudapy::decodeNarrowFloat(e.b, e.loc, value,
                                           cast<mlir::FloatType>(fromM));
    return convertNumber(e, wide, f32, to);
  }
  if (isStorageOnlyFloatType(toM)) {
    if (fromM.isIndex())
      return failure();
    Type source = fromM;
    if (!isa<Float32Type, Float64Type>(fromM)) {
      // Integers and complex parts via float64 (exact up to 2^53, and
      // larger magnitudes saturate anyway); f16 and bf16 via float32.
      Type wide = isa<Float16Type, BFloat16Type>(fromM)
                      ? Type(e.b.getF32Type())
                      : Type(e.b.getF64Type());
      if (isa<mlir::ComplexType>(fromM))
        return failure();
      FailureOr<Value> widened = convertNumber(e, value, from, wide);
      if (failed(widened))
        return failure();
      value = *widened;
      source = wide;
    }
    return cudapy::encodeNarrowFloat(e.b, e.loc, value,
                                     cast<mlir::FloatType>(source),
                                     cast<mlir::FloatType>(toM));
  }
  // To bool: x != 0 (NaN is true).
  if (toM.isInteger(1)) {
    if (auto complex = dyn_cast<mlir::ComplexType>(fromM)) {
      Value zero = e.floatConst(complex.getElementType(), 0.0);
      Value re = complex::ReOp::create(b, loc, value);
      Value im = complex::ImOp::create(b, loc, value);
      return arith::OrIOp::create(b, loc,
                                  e.cmpf(arith::CmpFPredicate::UNE, re, zero),
                                  e.cmpf(arith::CmpFPredicate::UNE, im, zero))
          .getResult();
    }
    if (isa<mlir::FloatType>(fromM))
      return e.cmpf(arith::CmpFPredicate::UNE, value, e.floatConst(fromM, 0.0));
    if (fromM.isIndex())
      value = e.toI64(value, fromM), fromM = b.getI64Type();
    Type integer = value.getType();
    return e.cmpi(arith::CmpIPredicate::ne, value, e.intConst(integer, 0));
  }
  // To complex: convert the real part, the imaginary part is zero.
  if (auto toComplex = dyn_cast<mlir::ComplexType>(toM)) {
    Type part = toComplex.getElementType();
    if (auto fromComplex = dyn_cast<mlir::ComplexType>(fromM)) {
      Value re = complex::ReOp::create(b, loc, value);
      Value im = complex::ImOp::create(b, loc, value);
      FailureOr<Value> re2 =
          convertNumber(e, re, fromComplex.getElementType(), part);
      FailureOr<Value> im2 =
          convertNumber(e, im, fromComplex.getElementType(), part);
      return complex::CreateOp::create(b, loc, toComplex, *re2, *im2)
          .getResult();
    }
    FailureOr<Value> re = convertNumber(e, value, from, part);
    if (failed(re))
      return failure();
    return complex::CreateOp::create(b, loc, toComplex, *re,
                                     e.floatConst(part, 0.0))
        .getResult();
  }
  // Index to and from integers.
  if (toM.isIndex()) {
    if (isSignedInteger(from))
      return arith::IndexCastOp::create(b, loc, toM, value).getResult();
    return arith::IndexCastUIOp::create(b, loc, toM, value).getResult();
  }
  if (fromM.isIndex()) {
    Type target = IntegerType::get(b.getContext(), toM.getIntOrFloatBitWidth());
    if (isSignedInteger(to))
      return arith::IndexCastOp::create(b, loc, target, value).getResult();
    return arith::IndexCastUIOp::create(b, loc, target, value).getResult();
  }
  auto fromInt = dyn_cast<IntegerType>(fromM);
  auto toInt = dyn_cast<IntegerType>(toM);
  Type toSignless =
      toInt ? Type(IntegerType::get(b.getContext(), toInt.getWidth())) : toM;
  if (fromInt && toInt) {
    unsigned fw = fromInt.getWidth(), tw = toInt.getWidth();
    if (fw == tw)
      return value;
    if (fw > tw)
      return arith::TruncIOp::create(b, loc, toSignless, value).getResult();
    if (fw == 1 || fromInt.isUnsigned())
      return arith::ExtUIOp::create(b, loc, toSignless, value).getResult();
    return arith::ExtSIOp::create(b, loc, toSignless, value).getResult();
  }
  if (fromInt) {
    if (fromInt.getWidth() == 1 || fromInt.isUnsigned())
      return arith::UIToFPOp::create(b, loc, toM, value).getResult();
    return arith::SIToFPOp::create(b, loc, toM, value).getResult();
  }
  if (toInt) {
    // Truncation toward zero, saturating, NaN to 0.
    std::string source;
    llvm::raw_string_ostream os(source);
    fromM.print(os);
    std::string name =
        (Twine("llvm.fpto") + (toInt.isUnsigned() ? "ui" : "si") + ".sat.i" +
         Twine(toInt.getWidth()) + "." + source)
            .str();
    return LLVM::CallIntrinsicOp::create(b, loc, toSignless,
                                         b.getStringAttr(name), value)
        .getResult(0);
  }
  // Float to float; f16 and bf16 meet through f32.
  unsigned fw = fromM.getIntOrFloatBitWidth(), tw = toM.getIntOrFloatBitWidth();
  if (fw == tw) {
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return arith::TruncFOp::create(b, loc, toM, wide).getResult();
  }
  if (fw < tw)
    return arith::ExtFOp::create(b, loc, toM, value).getResult();
  return arith::TruncFOp::create(b, loc, toM, value).getResult();
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

namespace {

struct ConstantLowering : public PyPattern<ConstantOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute value = op.getValue();
    if (auto complexValue = dyn_cast<complex::NumberAttr>(value)) {
      auto type = cast<mlir::ComplexType>(complexValue.getType());
      Type part = type.getElementType();
      auto parts =
          rewriter.getArrayAttr({FloatAttr::get(part, complexValue.getReal()),
                                 FloatAttr::get(part, complexValue.getImag())});
      rewriter.replaceOpWithNewOp<complex::ConstantOp>(op, type, parts);
      return success();
    }
    if (auto integer = dyn_cast<IntegerAttr>(value)) {
      Type type = getTypeConverter()->convertType(op.getType());
      if (isStorageOnlyFloatType(op.getType()))
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, IntegerAttr::get(type, integer.getValue()));
      return success();
    }
    auto real = cast<FloatAttr>(value);
    if (isStorageOnlyFloatType(real.getType())) {
      // An fp8 constant is its bit pattern.
      APInt bits = real.getValue().bitcastToAPInt();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, IntegerAttr::get(rewriter.getI8Type(), bits));
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, real);
    return success();
  }
};

struct NoneLowering : public PyPattern<NoneOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(NoneOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(op,
                                              getPointerType(op.getContext()));
    return success();
  }
};

struct CastLowering : public PyPattern<CastOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    FailureOr<Value> result = convertNumber(
        e, adaptor.getInput(), op.getInput().getType(), op.getType());
    if (failed(result))
      return op.emitOpError("has no lowering from ")
             << op.getInput().getType() << " to " << op.getType();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// Integer `base ** exponent` by squaring; a negative exponent of a signed
/// type gives the integer part of the real result (1, ±1 or 0).
static Value emitIntegerPow(Emitter &e, Value base, Value exponent,
                            bool isSigned) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type type = base.getType();
  Value zero = e.intConst(type, 0), one = e.intConst(type, 1);
  Value negative =
      isSigned ? e.cmpi(arith::CmpIPredicate::slt, exponent, zero) : Value();
  Value loopExponent = isSigned ? e.select(negative, zero, exponent) : exponent;
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{type, type, type}, ValueRange{one, base, loopExponent},
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Emitter ne{nb, l};
        Value more =
            ne.cmpi(arith::CmpIPredicate::ne, args[2], ne.intConst(type, 0));
        scf::ConditionOp::create(nb, l, more, args);
      },
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Emitter ne{nb, l};
        Value odd = arith::AndIOp::create(nb, l, args[2], ne.intConst(type, 1));
        Value isOdd =
            ne.cmpi(arith::CmpIPredicate::ne, odd, ne.intConst(type, 0));
        Value result = ne.select(isOdd, ne.mul(args[0], args[1]), args[0]);
        Value square = ne.mul(args[1], args[1]);
        Value rest =
            arith::ShRUIOp::create(nb, l, args[2], ne.intConst(type, 1));
        scf::YieldOp::create(nb, l, ValueRange{result, square, rest});
      });
  Value result = loop.getResult(0);
  if (!isSigned)
    return result;
  Value minusOne = e.intConst(type, -1);
  Value isOne = e.cmpi(arith::CmpIPredicate::eq, base, one);
  Value isMinusOne = e.cmpi(arith::CmpIPredicate::eq, base, minusOne);
  Value oddExp = e.cmpi(arith::CmpIPredicate::ne,
                        arith::AndIOp::create(b, loc, exponent, one), zero);
  Value negResult = e.select(
      isOne, one, e.select(isMinusOne, e.select(oddExp, minusOne, one), zero));
  return e.select(negative, negResult, result);
}

/// Python's float `divmod` (floor quotient, remainder with the sign of the
/// divisor), as CPython computes it from fmod.
static std::pair<Value, Value> emitFloatDivMod(Emitter &e, Value a, Value b) {
  OpBuilder &builder = e.b;
  Location loc = e.loc;
  Type type = a.getType();
  Value zero = e.floatConst(type, 0.0);
  Value mod = arith::RemFOp::create(builder, loc, a, b);
  Value div = arith::DivFOp::create(
      builder, loc, arith::SubFOp::create(builder, loc, a, mod), b);
  Value modNonZero = e.cmpf(arith::CmpFPredicate::UNE, mod, zero);
  Value bNeg = e.cmpf(arith::CmpFPredicate::OLT, b, zero);
  Value modNeg = e.cmpf(arith::CmpFPredicate::OLT, mod, zero);
  Value signsDiffer = e.cmpi(arith::CmpIPredicate::ne, bNeg, modNeg);
  Value adjust = arith::AndIOp::create(builder, loc, modNonZero, signsDiffer);
  Value mod1 =
      e.select(adjust, arith::AddFOp::create(builder, loc, mod, b), mod);
  Value div1 = e.select(
      adjust, arith::SubFOp::create(builder, loc, div, e.floatConst(type, 1.0)),
      div);
  Value signedZeroB = math::CopySignOp::create(builder, loc, zero, b);
  Value remainder = e.select(modNonZero, mod1, signedZeroB);
  Value floored = math::FloorOp::create(builder, loc, div1);
  Value fraction = arith::SubFOp::create(builder, loc, div1, floored);
  Value roundUp =
      e.cmpf(arith::CmpFPredicate::OGT, fraction, e.floatConst(type, 0.5));
  Value floored1 = e.select(
      roundUp,
      arith::AddFOp::create(builder, loc, floored, e.floatConst(type, 1.0)),
      floored);
  Value divNonZero = e.cmpf(arith::CmpFPredicate::UNE, div1, zero);
  Value quotientZero = math::CopySignOp::create(
      builder, loc, zero, arith::DivFOp::create(builder, loc, a, b));
  Value quotient = e.select(divNonZero, floored1, quotientZero);
  return {quotient, remainder};
}

/// Lowers one binary operator on operands of one py type `type` (the
/// explicit form); returns null for combinations the typing rejected.
static Value emitBinary(Emitter &e, BinaryOperator op, Type type, Value lhs,
                        Value rhs) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type machine = getMachineType(type);
  if (isa<mlir::ComplexType>(machine)) {
    switch (op) {
    case BinaryOperator::Add:
      return complex::AddOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Sub:
      return complex::SubOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Mul:
      return complex::MulOp::create(b, loc, lhs, rhs);
    case BinaryOperator::TrueDiv:
      return complex::DivOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Pow:
      return complex::PowOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Eq:
      return complex::EqualOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Ne:
      return complex::NotEqualOp::create(b, loc, lhs, rhs);
    default:
      return {};
    }
  }
  if (isa<mlir::FloatType>(machine)) {
    using P = arith::CmpFPredicate;
    switch (op) {
    case BinaryOperator::Add:
      return arith::AddFOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Sub:
      return arith::SubFOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Mul:
      return arith::MulFOp::create(b, loc, lhs, rhs);
    case BinaryOperator::TrueDiv:
      return arith::DivFOp::create(b, loc, lhs, rhs);
    case BinaryOperator::FloorDiv:
      return emitFloatDivMod(e, lhs, rhs).first;
    case BinaryOperator::Mod:
      return emitFloatDivMod(e, lhs, rhs).second;
    case BinaryOperator::Pow:
      return math::PowFOp::create(b, loc, lhs, rhs);
    case BinaryOperator::Eq:
      return e.cmpf(P::OEQ, lhs, rhs);
    case BinaryOperator::Ne:
      return e.cmpf(P::UNE, lhs, rhs);
    case BinaryOperator::Lt:
      return e.cmpf(P::OLT, lhs, rhs);
    case BinaryOperator::Le:
      return e.cmpf(P::OLE, lhs, rhs);
    case BinaryOperator::Gt:
      return e.cmpf(P::OGT, lhs, rhs);
    case BinaryOperator::Ge:
      return e.cmpf(P::OGE, lhs, rhs);
    default:
      return {};
    }
  }
  auto integer = cast<IntegerType>(machine);
  bool isSigned = integer.isSigned();
  unsigned width = integer.getWidth();
  Type signless = lhs.getType();
  using P = arith::CmpIPredicate;
  switch (op) {
  case BinaryOperator::Add:
    return e.add(lhs, rhs);
  case BinaryOperator::Sub:
    return e.sub(lhs, rhs);
  case BinaryOperator::Mul:
    return e.mul(lhs, rhs);
  case BinaryOperator::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case BinaryOperator::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case BinaryOperator::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case BinaryOperator::FloorDiv:
    if (isSigned)
      return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    return arith::DivUIOp::create(b, loc, lhs, rhs);
  case BinaryOperator::Mod: {
    if (!isSigned)
      return arith::RemUIOp::create(b, loc, lhs, rhs);
    // The remainder takes the divisor's sign.
    Value zero = e.intConst(signless, 0);
    Value r = arith::RemSIOp::create(b, loc, lhs, rhs);
    Value nonZero = e.cmpi(P::ne, r, zero);
    Value signsDiffer =
        e.cmpi(P::ne, e.cmpi(P::slt, r, zero), e.cmpi(P::slt, rhs, zero));
    Value adjust = arith::AndIOp::create(b, loc, nonZero, signsDiffer);
    return e.select(adjust, e.add(r, rhs), r);
  }
  case BinaryOperator::Pow:
    return emitIntegerPow(e, lhs, rhs, isSigned);
  case BinaryOperator::LShift:
  case BinaryOperator::RShift: {
    // Counts of the width or more (and negative counts, read unsigned)
    // shift everything out: 0, or the sign for an arithmetic right shift.
    Value widthValue = e.intConst(signless, width);
    Value inRange = e.cmpi(P::ult, rhs, widthValue);
    Value zero = e.intConst(signless, 0);
    if (op == BinaryOperator::LShift)
      return e.select(inRange, arith::ShLIOp::create(b, loc, lhs, rhs), zero);
    if (isSigned) {
      Value count = e.select(inRange, rhs, e.intConst(signless, width - 1));
      return arith::ShRSIOp::create(b, loc, lhs, count);
    }
    return e.select(inRange, arith::ShRUIOp::create(b, loc, lhs, rhs), zero);
  }
  case BinaryOperator::Eq:
    return e.cmpi(P::eq, lhs, rhs);
  case BinaryOperator::Ne:
    return e.cmpi(P::ne, lhs, rhs);
  case BinaryOperator::Lt:
    return e.cmpi(isSigned ? P::slt : P::ult, lhs, rhs);
  case BinaryOperator::Le:
    return e.cmpi(isSigned ? P::sle : P::ule, lhs, rhs);
  case BinaryOperator::Gt:
    return e.cmpi(isSigned ? P::sgt : P::ugt, lhs, rhs);
  case BinaryOperator::Ge:
    return e.cmpi(isSigned ? P::sge : P::uge, lhs, rhs);
  case BinaryOperator::TrueDiv:
    return {};
  }
  return {};
}

template <typename OpTy> struct BinaryLowering : public PyPattern<OpTy> {
  BinaryLowering(const TypeConverter &converter, MLIRContext *context,
                 const PyToLLVMOptions &options, BinaryOperator kind)
      : PyPattern<OpTy>(converter, context, options), kind(kind) {}
  BinaryOperator kind;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BinaryOperator opKind = kind;
    if constexpr (std::is_same_v<OpTy, CmpOp>)
      opKind = getComparisonOperator(op.getPredicate());
    Type type = op.getLhs().getType();
    if (type != op.getRhs().getType())
      return op.emitOpError("operands of different types: run py-legalize "
                            "before convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    Value result =
        emitBinary(e, opKind, type, adaptor.getLhs(), adaptor.getRhs());
    if (!result)
      return op.emitOpError("is not defined on ") << type;
    bool comparison = opKind >= BinaryOperator::Eq;
    if (!comparison && op.getType() != type) {
      FailureOr<Value> converted = convertNumber(e, result, type, op.getType());
      if (failed(converted))
        return failure();
      result = *converted;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `z.real` / `z.imag`: complex.re / complex.im of the machine complex.
template <typename OpTy> struct ComplexPartLowering : public PyPattern<OpTy> {
  using PyPattern<OpTy>::PyPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value z = adaptor.getOperand();
    if (std::is_same_v<OpTy, ComplexRealOp>)
      rewriter.replaceOpWithNewOp<complex::ReOp>(op, z);
    else
      rewriter.replaceOpWithNewOp<complex::ImOp>(op, z);
    return success();
  }
};

template <typename OpTy> struct UnaryLowering : public PyPattern<OpTy> {
  UnaryLowering(const TypeConverter &converter, MLIRContext *context,
                const PyToLLVMOptions &options, UnaryOperator kind)
      : PyPattern<OpTy>(converter, context, options), kind(kind) {}
  UnaryOperator kind;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getOperand().getType();
    if (isa<PyBoolType>(type))
      return op.emitOpError("operand is a bool: run py-legalize before "
                            "convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    Value x = adaptor.getOperand();
    Type machine = getMachineType(type);
    Location loc = op.getLoc();
    Value result;
    if (auto complex = dyn_cast<mlir::ComplexType>(machine)) {
      if (kind == UnaryOperator::Neg)
        result = complex::NegOp::create(rewriter, loc, x);
      else if (kind == UnaryOperator::Pos)
        result = x;
      else if (kind == UnaryOperator::Abs)
        result = complex::AbsOp::create(rewriter, loc, x);
    } else if (isa<mlir::FloatType>(machine)) {
      if (kind == UnaryOperator::Neg)
        result = arith::NegFOp::create(rewriter, loc, x);
      else if (kind == UnaryOperator::Pos)
        result = x;
      else if (kind == UnaryOperator::Abs)
        result = math::AbsFOp::create(rewriter, loc, x);
    } else {
      auto integer = cast<IntegerType>(machine);
      Type signless = x.getType();
      if (kind == UnaryOperator::Neg)
        result = e.sub(e.intConst(signless, 0), x);
      else if (kind == UnaryOperator::Pos)
        result = x;
      else if (kind == UnaryOperator::Invert)
        result =
            arith::XOrIOp::create(rewriter, loc, x, e.intConst(signless, -1));
      else if (kind == UnaryOperator::Abs)
        result = integer.isSigned()
                     ? e.select(e.cmpi(arith::CmpIPredicate::slt, x,
                                       e.intConst(signless, 0)),
                                e.sub(e.intConst(signless, 0), x), x)
                     : x;
    }
    if (!result)
      return op.emitOpError("is not defined on ") << type;
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void pylower::populateNumberPatterns(PyToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const PyToLLVMOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConstantLowering, NoneLowering, CastLowering>(converter, context,
                                                             options);
#define PY_BINARY(OP, KIND)                                                    \
  patterns.add<BinaryLowering<OP>>(converter, context, options,                \
                                   BinaryOperator::KIND)
  PY_BINARY(AddOp, Add);
  PY_BINARY(SubOp, Sub);
  PY_BINARY(MulOp, Mul);
  PY_BINARY(TrueDivOp, TrueDiv);
  PY_BINARY(FloorDivOp, FloorDiv);
  PY_BINARY(ModOp, Mod);
  PY_BINARY(PowOp, Pow);
  PY_BINARY(AndOp, And);
  PY_BINARY(OrOp, Or);
  PY_BINARY(XorOp, Xor);
  PY_BINARY(LShiftOp, LShift);
  PY_BINARY(RShiftOp, RShift);
  PY_BINARY(CmpOp, Eq);
#undef PY_BINARY
  patterns.add<ComplexPartLowering<ComplexRealOp>,
               ComplexPartLowering<ComplexImagOp>>(converter, context, options);
  patterns.add<UnaryLowering<NegOp>>(converter, context, options,
                                     UnaryOperator::Neg);
  patterns.add<UnaryLowering<PosOp>>(converter, context, options,
                                     UnaryOperator::Pos);
  patterns.add<UnaryLowering<InvertOp>>(converter, context, options,
                                        UnaryOperator::Invert);
  patterns.add<UnaryLowering<AbsOp>>(converter, context, options,
                                     UnaryOperator::Abs);
}
