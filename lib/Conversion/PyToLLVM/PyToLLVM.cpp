//===- PyToLLVM.cpp - lower the py dialect --------------------------------===//
//
// Implements `convert-py-to-llvm`: see include/cudapy/Conversion/Passes.td.
// Python semantics chosen here are documented in docs/Py.md.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"

#include "dialects/Simt/IR/SimtOps.h"

#include "cudapy/Transforms/Passes.h"
#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyPromotion.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

namespace cudapy {
#define GEN_PASS_DEF_CONVERTPYTOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"
} // namespace cudapy

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

/// Function attribute carrying the py signature of a lowered function until
/// its ABI is fixed up at the end of the pass.
static constexpr llvm::StringLiteral kPyFunctionTypeAttr = "py.function_type";
static constexpr llvm::StringLiteral kPyInteropAttr = "py.interop";

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type pylower::getPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context);
}

/// A packed LLVM struct laying out `type`'s members at the offsets CUDA C++
/// gives them, with byte arrays as padding; `fieldOfMember` receives the
/// struct field of each member.
static LLVM::LLVMStructType
getAggregateMemoryType(Type type,
                       SmallVectorImpl<unsigned> *fieldOfMember = nullptr);

/// The in-memory (and ABI) representation of a py type: a bool is a byte,
/// an fp8 number a byte, complex numbers and aggregates packed structs.
Type pylower::getMemoryType(Type type) {
  MLIRContext *context = type.getContext();
  Type machine = getMachineType(type);
  if (isa<IntegerType>(machine) && machine.getIntOrFloatBitWidth() == 1)
    return IntegerType::get(context, 8);
  if (auto integer = dyn_cast<IntegerType>(machine))
    return IntegerType::get(context, integer.getWidth());
  if (isStorageOnlyFloatType(machine))
    return IntegerType::get(context, 8);
  if (auto complex = dyn_cast<mlir::ComplexType>(machine))
    return LLVM::LLVMStructType::getLiteral(
        context, {complex.getElementType(), complex.getElementType()});
  if (isa<PyNoneType>(machine))
    return getPointerType(context);
  if (auto array = dyn_cast<ArrayType>(machine)) {
    Type i64 = IntegerType::get(context, 64);
    Type extents = LLVM::LLVMArrayType::get(i64, array.getNdim());
    return LLVM::LLVMStructType::getLiteral(
        context, {getPointerType(context), extents, extents});
  }
  if (isa<PyVectorType, StructType, TupleType, AtomicType>(machine))
    return getAggregateMemoryType(machine);
  return machine;
}

static LLVM::LLVMStructType
getAggregateMemoryType(Type type, SmallVectorImpl<unsigned> *fieldOfMember) {
  MLIRContext *context = type.getContext();
  SmallVector<Type> members = getAggregateMembers(type);
  SmallVector<uint64_t> offsets = getMemberOffsets(type);
  MachineLayout layout = getMachineLayout(type);
  SmallVector<Type> fields;
  uint64_t at = 0;
  auto pad = [&](uint64_t to) {
    if (to > at)
      fields.push_back(
          LLVM::LLVMArrayType::get(IntegerType::get(context, 8), to - at));
    at = std::max(at, to);
  };
  for (auto [member, offset] : llvm::zip(members, offsets)) {
    pad(offset);
    if (fieldOfMember)
      fieldOfMember->push_back(fields.size());
    fields.push_back(getMemoryType(member));
    at += getMachineLayout(member).size;
  }
  pad(layout.size);
  return LLVM::LLVMStructType::getLiteral(context, fields, /*isPacked=*/true);
}

static SmallVector<unsigned> getMemberFields(Type type) {
  SmallVector<unsigned> fields;
  (void)getAggregateMemoryType(getMachineType(type), &fields);
  return fields;
}

PyToLLVMTypeConverter::PyToLLVMTypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  addConversion([](Type type) -> std::optional<Type> {
    if (!isNumberType(type))
      return std::nullopt;
    Type machine = getMachineType(type);
    if (isa<mlir::ComplexType>(machine))
      return machine;
    if (isStorageOnlyFloatType(machine))
      return IntegerType::get(type.getContext(), 8);
    if (auto integer = dyn_cast<IntegerType>(machine))
      return IntegerType::get(type.getContext(), integer.getWidth());
    return machine;
  });
  addConversion([](PyVectorType type) { return getMemoryType(type); });
  addConversion([](StructType type) { return getMemoryType(type); });
  addConversion([](TupleType type) -> std::optional<Type> {
    if (!isHeterogeneousType(type))
      return std::nullopt;
    return getMemoryType(type);
  });
  addConversion([](ArrayType type) { return getMemoryType(type); });
  addConversion([](AtomicType type) { return getMemoryType(type); });
  addConversion([](simt::AtomicRefType type) {
    return getPointerType(type.getContext());
  });
  addConversion(
      [](PyNoneType type) { return getPointerType(type.getContext()); });
  addConversion([](SliceType type) {
    // {start, stop, step, has start, has stop}
    MLIRContext *context = type.getContext();
    Type i64 = IntegerType::get(context, 64), i1 = IntegerType::get(context, 1);
    return LLVM::LLVMStructType::getLiteral(context, {i64, i64, i64, i1, i1});
  });
  auto materialize = [](OpBuilder &builder, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

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
// Bounds checks
//===----------------------------------------------------------------------===//

/// Calls `__assertfail(message, file, line, function, 1)` unless `ok`:
/// CUDA's device-side assert, which prints the location and traps.
void pylower::emitCheck(Emitter &e, Operation *op, Value ok, StringRef what) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  auto module = op->getParentWithTrait<OpTrait::SymbolTable>();
  MLIRContext *context = b.getContext();
  Type ptr = getPointerType(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();

  std::string file = "<unknown>";
  unsigned line = 0;
  if (auto fileLoc = dyn_cast<FileLineColLoc>(op->getLoc()))
    file = fileLoc.getFilename().str(), line = fileLoc.getLine();
  else if (auto fused = dyn_cast<FusedLoc>(op->getLoc()))
    for (Location inner : fused.getLocations())
      if (auto fl = dyn_cast<FileLineColLoc>(inner)) {
        file = fl.getFilename().str(), line = fl.getLine();
        break;
      }
  std::string function = "<unknown>";
  if (auto parent = op->getParentOfType<FunctionOpInterface>())
    function = parent.getName().str();

  OpBuilder::InsertionGuard guard(b);
  SymbolTable table(module);
  auto getString = [&](StringRef text) -> Value {
    std::string name;
    for (unsigned i = 0;; ++i) {
      name = "__py_str_" + std::to_string(i);
      auto global = dyn_cast_or_null<LLVM::GlobalOp>(table.lookup(name));
      if (!global)
        break;
      if (auto value = dyn_cast_or_null<StringAttr>(global.getValueOrNull()))
        if (value.getValue() == (text + Twine('\0')).str()) {
          OpBuilder::InsertionGuard g(b);
          Value address = LLVM::AddressOfOp::create(b, loc, global);
          return LLVM::AddrSpaceCastOp::create(b, loc, ptr, address);
        }
    }
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&module->getRegion(0).front());
      std::string bytes = (text + Twine('\0')).str();
      auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
      global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                      LLVM::Linkage::Internal, name,
                                      b.getStringAttr(bytes), /*alignment=*/1,
                                      /*addrSpace=*/1);
      table.insert(global);
    }
    Value address = LLVM::AddressOfOp::create(b, loc, global);
    return LLVM::AddrSpaceCastOp::create(b, loc, ptr, address);
  };

  if (!table.lookup("__assertfail")) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&module->getRegion(0).front());
    auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                            {ptr, ptr, i32, ptr, i64});
    LLVM::LLVMFuncOp::create(b, loc, "__assertfail", type);
  }
  Value notOk = arith::XOrIOp::create(b, loc, ok, e.intConst(b.getI1Type(), 1));
  auto ifOp = scf::IfOp::create(b, loc, notOk, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value message = getString(what);
  Value fileName = getString(file);
  Value functionName = getString(function);
  Value args[] = {message, fileName, e.intConst(i32, line), functionName,
                  e.intConst(i64, 1)};
  LLVM::CallOp::create(b, loc, TypeRange(), "__assertfail", args);
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

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

} // namespace

/// Index `index` (py type `type`) of extent `extent`, wrapped as Python does
/// for negative values; checked under bounds-check.
Value pylower::resolveIndex(Emitter &e, Operation *op, Value index, Type type,
                            Value extent, bool boundsCheck, StringRef what) {
  Value i = e.toI64(index, type);
  if (isSignedInteger(type) || type.isIndex()) {
    Value negative = e.cmpi(arith::CmpIPredicate::slt, i, e.i64(0));
    i = e.select(negative, e.add(i, extent), i);
  }
  if (boundsCheck)
    emitCheck(e, op, e.cmpi(arith::CmpIPredicate::ult, i, extent), what);
  return i;
}

Value pylower::elementAddress(Emitter &e, Value data, Type dtype,
                              Value offset) {
  return LLVM::GEPOp::create(e.b, e.loc, getPointerType(e.b.getContext()),
                             getMemoryType(dtype), data, ValueRange{offset});
}

/// The element offset (in elements) of `indices` (py types `types`) into
/// the array `d`, each wrapped and, under bounds-check, checked.
Value pylower::elementOffset(Emitter &e, Operation *op, Descriptor &d,
                             ValueRange indices, TypeRange types,
                             bool boundsCheck) {
  Value offset = e.i64(0);
  for (auto [k, index] : llvm::enumerate(indices)) {
    Value i = resolveIndex(e, op, index, types[k], d.shape(k), boundsCheck,
                           "array index out of range");
    offset = e.add(offset, e.mul(i, d.stride(k)));
  }
  return offset;
}

Value pylower::elementPointer(Emitter &e, Operation *op, ArrayType arrayType,
                              Value descriptor, ValueRange indices,
                              TypeRange types, bool boundsCheck) {
  Descriptor d{e, descriptor};
  Value offset = elementOffset(e, op, d, indices, types, boundsCheck);
  return elementAddress(e, d.data(), arrayType.getDtype(), offset);
}

namespace {

struct ArrayGetItemLowering : public PyPattern<ArrayGetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayGetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getArray().getType().getDtype();
    Value address = elementPointer(
        e, op, op.getArray().getType(), adaptor.getArray(),
        adaptor.getIndices(), op.getIndices().getTypes(), options.boundsCheck);
    Value loaded =
        LLVM::LoadOp::create(rewriter, op.getLoc(), getMemoryType(dtype),
                             address, getMachineLayout(dtype).align);
    rewriter.replaceOp(op, e.fromMemory(loaded, dtype));
    return success();
  }
};

struct ArraySetItemLowering : public PyPattern<ArraySetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type dtype = op.getArray().getType().getDtype();
    if (op.getValue().getType() != dtype)
      return op.emitOpError("stores a value of another type: run py-legalize "
                            "before convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    Value address = elementPointer(
        e, op, op.getArray().getType(), adaptor.getArray(),
        adaptor.getIndices(), op.getIndices().getTypes(), options.boundsCheck);
    LLVM::StoreOp::create(rewriter, op.getLoc(),
                          e.toMemory(adaptor.getValue(), dtype), address,
                          getMachineLayout(dtype).align);
    rewriter.eraseOp(op);
    return success();
  }
};

struct SliceLowering : public PyPattern<SliceOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type type = getTypeConverter()->convertType(op.getType());
    Value slice = e.poison(type);
    auto bound = [&](Value converted, Value original, int64_t missing,
                     bool &present) {
      present = !isa<PyNoneType>(original.getType());
      return present ? e.toI64(converted, original.getType()) : e.i64(missing);
    };
    bool hasStart, hasStop, hasStep;
    slice = e.insert(
        slice, bound(adaptor.getStart(), op.getStart(), 0, hasStart), {0});
    slice = e.insert(slice, bound(adaptor.getStop(), op.getStop(), 0, hasStop),
                     {1});
    slice = e.insert(slice, bound(adaptor.getStep(), op.getStep(), 1, hasStep),
                     {2});
    slice = e.insert(slice, e.intConst(rewriter.getI1Type(), hasStart), {3});
    slice = e.insert(slice, e.intConst(rewriter.getI1Type(), hasStop), {4});
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// Python's `slice.indices(extent)` and the resulting length.
struct ResolvedSlice {
  Value start, step, length;
};
static ResolvedSlice resolveSlice(Emitter &e, Value slice, Value extent) {
  using P = arith::CmpIPredicate;
  Value start = e.extract(slice, {0}), stop = e.extract(slice, {1});
  Value step = e.extract(slice, {2});
  Value hasStart = e.extract(slice, {3}), hasStop = e.extract(slice, {4});
  Value zero = e.i64(0), one = e.i64(1), minusOne = e.i64(-1);
  Value negative = e.cmpi(P::slt, step, zero);
  Value lower = e.select(negative, minusOne, zero);
  Value upper = e.select(negative, e.sub(extent, one), extent);
  auto clamp = [&](Value v) {
    Value fromEnd = arith::MaxSIOp::create(e.b, e.loc, e.add(v, extent), lower);
    Value fromStart = arith::MinSIOp::create(e.b, e.loc, v, upper);
    return e.select(e.cmpi(P::slt, v, zero), fromEnd, fromStart);
  };
  Value startV =
      e.select(hasStart, clamp(start), e.select(negative, upper, lower));
  Value stopV =
      e.select(hasStop, clamp(stop), e.select(negative, lower, upper));
  // length = (hi - lo - 1) / |step| + 1 when hi > lo, else 0, where
  // (lo, hi) = (start, stop) for a positive step and (stop, start) otherwise.
  Value hi = e.select(negative, startV, stopV);
  Value lo = e.select(negative, stopV, startV);
  Value magnitude = e.select(negative, e.sub(zero, step), step);
  Value count = e.add(
      arith::DivSIOp::create(e.b, e.loc, e.sub(e.sub(hi, lo), one), magnitude),
      one);
  Value length = e.select(e.cmpi(P::sgt, hi, lo), count, zero);
  return {startV, step, length};
}

} // namespace

/// A descriptor of `ndim` dimensions with `data`, `shape` and `strides`.
Value pylower::buildDescriptor(Emitter &e, Type type, Value data,
                               ArrayRef<Value> shape, ArrayRef<Value> strides) {
  Value d = e.insert(e.poison(type), data, {0});
  for (auto [k, extent] : llvm::enumerate(shape))
    d = e.insert(d, extent, {1, int64_t(k)});
  for (auto [k, stride] : llvm::enumerate(strides))
    d = e.insert(d, stride, {2, int64_t(k)});
  return d;
}

namespace {

struct ArraySubscriptLowering : public PyPattern<ArraySubscriptOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySubscriptOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType source = op.getArray().getType();
    Value offset = e.i64(0);
    SmallVector<Value> shape, strides;
    for (unsigned k = 0; k < source.getNdim(); ++k) {
      if (k >= op.getIndices().size()) {
        shape.push_back(d.shape(k));
        strides.push_back(d.stride(k));
        continue;
      }
      Type indexType = op.getIndices()[k].getType();
      Value index = adaptor.getIndices()[k];
      if (!isa<SliceType>(indexType)) {
        Value i = resolveIndex(e, op, index, indexType, d.shape(k),
                               options.boundsCheck, "array index out of range");
        offset = e.add(offset, e.mul(i, d.stride(k)));
        continue;
      }
      if (options.boundsCheck)
        emitCheck(
            e, op,
            e.cmpi(arith::CmpIPredicate::ne, e.extract(index, {2}), e.i64(0)),
            "slice step cannot be zero");
      ResolvedSlice s = resolveSlice(e, index, d.shape(k));
      offset = e.add(offset, e.mul(s.start, d.stride(k)));
      shape.push_back(s.length);
      strides.push_back(e.mul(s.step, d.stride(k)));
    }
    Value data = elementAddress(e, d.data(), source.getDtype(), offset);
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, buildDescriptor(e, type, data, shape, strides));
    return success();
  }
};

/// A tuple of i64 values as the packed struct of a tuple<si64 ...>.
static Value buildI64Tuple(Emitter &e, Type tupleType, ArrayRef<Value> values) {
  Type type = getMemoryType(tupleType);
  Value t = e.poison(type);
  for (auto [k, value] : llvm::enumerate(values))
    t = e.insert(t, value, {int64_t(k)});
  return t;
}

struct ArrayShapeLowering : public PyPattern<ArrayShapeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    SmallVector<Value> values;
    for (unsigned k = 0; k < op.getArray().getType().getNdim(); ++k)
      values.push_back(d.shape(k));
    rewriter.replaceOp(op, buildI64Tuple(e, op.getType(), values));
    return success();
  }
};

struct ArrayStridesLowering : public PyPattern<ArrayStridesOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayStridesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType array = op.getArray().getType();
    Value itemsize = e.i64(getMachineLayout(array.getDtype()).size);
    SmallVector<Value> values;
    for (unsigned k = 0; k < array.getNdim(); ++k)
      values.push_back(e.mul(d.stride(k), itemsize));
    rewriter.replaceOp(op, buildI64Tuple(e, op.getType(), values));
    return success();
  }
};

static Value emitSize(Emitter &e, Descriptor &d, unsigned ndim) {
  Value size = e.i64(1);
  for (unsigned k = 0; k < ndim; ++k)
    size = e.mul(size, d.shape(k));
  return size;
}

struct ArraySizeLowering : public PyPattern<ArraySizeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    rewriter.replaceOp(op, emitSize(e, d, op.getArray().getType().getNdim()));
    return success();
  }
};

struct ArrayNdimLowering : public PyPattern<ArrayNdimOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayNdimOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op, e.intConst(rewriter.getI32Type(),
                                      op.getArray().getType().getNdim()));
    return success();
  }
};

struct ArrayViewLowering : public PyPattern<ArrayViewOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType from = op.getArray().getType();
    uint64_t fromSize = getMachineLayout(from.getDtype()).size;
    uint64_t toSize = getMachineLayout(op.getType().getDtype()).size;
    unsigned ndim = from.getNdim();
    SmallVector<Value> shape, strides;
    for (unsigned k = 0; k < ndim; ++k) {
      shape.push_back(d.shape(k));
      strides.push_back(d.stride(k));
    }
    using P = arith::CmpIPredicate;
    if (fromSize != toSize) {
      // The last dimension is reinterpreted; other strides change unit.
      unsigned last = ndim - 1;
      if (options.boundsCheck)
        emitCheck(e, op, e.cmpi(P::eq, strides[last], e.i64(1)),
                  "view to a dtype of another size needs a contiguous last "
                  "dimension");
      if (fromSize > toSize) {
        Value ratio = e.i64(fromSize / toSize);
        shape[last] = e.mul(shape[last], ratio);
        for (unsigned k = 0; k < last; ++k)
          strides[k] = e.mul(strides[k], ratio);
      } else {
        Value ratio = e.i64(toSize / fromSize);
        if (options.boundsCheck) {
          Value ok = e.cmpi(
              P::eq,
              arith::RemSIOp::create(rewriter, op.getLoc(), shape[last], ratio),
              e.i64(0));
          for (unsigned k = 0; k < last; ++k)
            ok = arith::AndIOp::create(
                rewriter, op.getLoc(), ok,
                e.cmpi(P::eq,
                       arith::RemSIOp::create(rewriter, op.getLoc(), strides[k],
                                              ratio),
                       e.i64(0)));
          emitCheck(e, op, ok,
                    "view: the array's extent and strides do not divide by the "
                    "new itemsize");
        }
        shape[last] =
            arith::DivSIOp::create(rewriter, op.getLoc(), shape[last], ratio);
        for (unsigned k = 0; k < last; ++k)
          strides[k] =
              arith::DivSIOp::create(rewriter, op.getLoc(), strides[k], ratio);
      }
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, buildDescriptor(e, type, d.data(), shape, strides));
    return success();
  }
};

struct ArrayReshapeLowering : public PyPattern<ArrayReshapeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    using P = arith::CmpIPredicate;
    unsigned fromNdim = op.getArray().getType().getNdim();
    Value size = emitSize(e, d, fromNdim);
    SmallVector<Value> extents;
    Value known = e.i64(1);
    Value inferredAt = e.i64(-1);
    for (auto [k, extent] : llvm::enumerate(adaptor.getShape())) {
      Value v = e.toI64(extent, op.getShape()[k].getType());
      Value isInferred = e.cmpi(P::eq, v, e.i64(-1));
      inferredAt = e.select(isInferred, e.i64(k), inferredAt);
      known = e.mul(known, e.select(isInferred, e.i64(1), v));
      extents.push_back(v);
    }
    // The -1 extent is what the others leave of the size.
    Value safeKnown = e.select(e.cmpi(P::eq, known, e.i64(0)), e.i64(1), known);
    Value rest = arith::DivSIOp::create(rewriter, op.getLoc(), size, safeKnown);
    for (auto [k, v] : llvm::enumerate(extents))
      v = e.select(e.cmpi(P::eq, inferredAt, e.i64(k)), rest, v);
    if (options.boundsCheck) {
      // Same element count, and C-contiguous (a non-allocating reshape).
      Value newSize = e.i64(1);
      for (Value v : extents)
        newSize = e.mul(newSize, v);
      Value ok = e.cmpi(P::eq, newSize, size);
      Value expected = e.i64(1);
      for (int k = int(fromNdim) - 1; k >= 0; --k) {
        Value trivial = e.cmpi(P::sle, d.shape(k), e.i64(1));
        Value matches = e.cmpi(P::eq, d.stride(k), expected);
        ok = arith::AndIOp::create(
            rewriter, op.getLoc(), ok,
            arith::OrIOp::create(rewriter, op.getLoc(), trivial, matches));
        expected = e.mul(expected, d.shape(k));
      }
      emitCheck(e, op, ok,
                "reshape needs a C-contiguous array of the same size (it "
                "cannot allocate)");
    }
    SmallVector<Value> strides(extents.size());
    Value stride = e.i64(1);
    for (int k = int(extents.size()) - 1; k >= 0; --k) {
      strides[k] = stride;
      stride = e.mul(stride, extents[k]);
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op,
                       buildDescriptor(e, type, d.data(), extents, strides));
    return success();
  }
};

struct ArrayAsTypeLowering : public PyPattern<ArrayAsTypeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayAsTypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getArray());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tuples, structs, vectors
//===----------------------------------------------------------------------===//

/// A vector, struct or tuple type with its members and the packed-struct
/// field of each (padding fields sit between them), computed once per op.
struct Aggregate {
  explicit Aggregate(Type type)
      : type(type), members(getAggregateMembers(type)),
        fields(getMemberFields(type)) {}

  /// The aggregate of `values`, one register value per member.
  Value build(Emitter &e, ValueRange values) const {
    Value aggregate = e.poison(getMemoryType(type));
    for (auto [k, value] : llvm::enumerate(values))
      aggregate = insert(e, aggregate, k, value);
    return aggregate;
  }
  /// Member `k` of `aggregate`, as a register value.
  Value extract(Emitter &e, Value aggregate, unsigned k) const {
    return e.fromMemory(e.extract(aggregate, {int64_t(fields[k])}), members[k]);
  }
  /// `aggregate` with member `k` replaced by register value `value`.
  Value insert(Emitter &e, Value aggregate, unsigned k, Value value) const {
    return e.insert(aggregate, e.toMemory(value, members[k]),
                    {int64_t(fields[k])});
  }

  Type type;
  SmallVector<Type> members;
  SmallVector<unsigned> fields;
};

struct TupleMakeLowering : public PyPattern<TupleMakeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(TupleMakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       Aggregate(op.getType()).build(e, adaptor.getElements()));
    return success();
  }
};

struct TupleGetItemLowering : public PyPattern<TupleGetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(TupleGetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(
        op, Aggregate(op.getTuple().getType())
                .extract(e, adaptor.getTuple(), op.getElementIndex()));
    return success();
  }
};

struct TupleSetItemLowering : public PyPattern<TupleSetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(TupleSetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       Aggregate(op.getTuple().getType())
                           .insert(e, adaptor.getTuple(), op.getElementIndex(),
                                   adaptor.getValue()));
    return success();
  }
};

struct StructMakeLowering : public PyPattern<StructMakeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(StructMakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       Aggregate(op.getType()).build(e, adaptor.getFields()));
    return success();
  }
};

struct StructGetAttrLowering : public PyPattern<StructGetAttrOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(StructGetAttrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    StructType type = op.getInput().getType();
    rewriter.replaceOp(
        op, Aggregate(type).extract(e, adaptor.getInput(),
                                    *type.getFieldIndex(op.getField())));
    return success();
  }
};

struct StructSetAttrLowering : public PyPattern<StructSetAttrOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(StructSetAttrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    StructType type = op.getInput().getType();
    rewriter.replaceOp(
        op, Aggregate(type).insert(e, adaptor.getInput(),
                                   *type.getFieldIndex(op.getField()),
                                   adaptor.getValue()));
    return success();
  }
};

struct VectorMakeLowering : public PyPattern<VectorMakeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(VectorMakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = op.getType().getElementType();
    for (Value v : op.getElements())
      if (v.getType() != element)
        return op.emitOpError("elements of another type: run py-legalize "
                              "before convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       Aggregate(op.getType()).build(e, adaptor.getElements()));
    return success();
  }
};

/// A vector index wrapped like a Python sequence index and checked.
static Value resolveVectorIndex(Emitter &e, Operation *op, Value index,
                                Type indexType, unsigned size,
                                bool boundsCheck) {
  return resolveIndex(e, op, index, indexType, e.i64(size), boundsCheck,
                      "vector index out of range");
}

struct VectorGetItemLowering : public PyPattern<VectorGetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(VectorGetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    PyVectorType type = op.getVector().getType();
    Value i =
        resolveVectorIndex(e, op, adaptor.getIndex(), op.getIndex().getType(),
                           type.getSize(), options.boundsCheck);
    Aggregate vector(type);
    Value result = vector.extract(e, adaptor.getVector(), 0);
    for (unsigned k = 1; k < type.getSize(); ++k)
      result = e.select(e.cmpi(arith::CmpIPredicate::eq, i, e.i64(k)),
                        vector.extract(e, adaptor.getVector(), k), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct VectorSetItemLowering : public PyPattern<VectorSetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(VectorSetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PyVectorType type = op.getVector().getType();
    if (op.getValue().getType() != type.getElementType())
      return op.emitOpError("stores a value of another type: run py-legalize "
                            "before convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    Value i =
        resolveVectorIndex(e, op, adaptor.getIndex(), op.getIndex().getType(),
                           type.getSize(), options.boundsCheck);
    Aggregate layout(type);
    Value vector = adaptor.getVector();
    for (unsigned k = 0; k < type.getSize(); ++k) {
      Value old = layout.extract(e, vector, k);
      Value chosen = e.select(e.cmpi(arith::CmpIPredicate::eq, i, e.i64(k)),
                              adaptor.getValue(), old);
      vector = layout.insert(e, vector, k, chosen);
    }
    rewriter.replaceOp(op, vector);
    return success();
  }
};

struct LenLowering : public PyPattern<LenOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(LenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type i32 = rewriter.getI32Type();
    Type type = op.getInput().getType();
    if (auto tuple = dyn_cast<TupleType>(type)) {
      rewriter.replaceOp(op, e.intConst(i32, tuple.size()));
      return success();
    }
    if (auto vector = dyn_cast<PyVectorType>(type)) {
      rewriter.replaceOp(op, e.intConst(i32, vector.getSize()));
      return success();
    }
    Descriptor d{e, adaptor.getInput()};
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, i32, d.shape(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// The kernel metadata entry of one parameter (see docs/Runtime.md).
static DictionaryAttr describeParameter(Builder &b, Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  MachineLayout layout = getMachineLayout(type);
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("type", b.getStringAttr(text)),
      b.getNamedAttr("params", b.getI64IntegerAttr(1)),
      b.getNamedAttr("size", b.getI64IntegerAttr(layout.size)),
      b.getNamedAttr("align", b.getI64IntegerAttr(layout.align)),
  };
  if (auto array = dyn_cast<ArrayType>(type)) {
    std::string dtype;
    llvm::raw_string_ostream dos(dtype);
    array.getDtype().print(dos);
    fields.append({
        b.getNamedAttr("kind", b.getStringAttr("py_array")),
        b.getNamedAttr("element", b.getStringAttr(dtype)),
        b.getNamedAttr(
            "element_bytes",
            b.getI64IntegerAttr(getMachineLayout(array.getDtype()).size)),
        b.getNamedAttr("rank", b.getI64IntegerAttr(array.getNdim())),
    });
  } else {
    fields.push_back(b.getNamedAttr(
        "kind",
        b.getStringAttr(isPassedAsAggregate(type) ? "aggregate" : "scalar")));
  }
  return b.getDictionaryAttr(fields);
}

/// The type a function signature uses for py type `type`: its register type,
/// except that a complex number (not an LLVM type) is its struct.
static Type getSignatureType(const TypeConverter &converter, Type type) {
  Type converted = converter.convertType(type);
  if (converted && isa<mlir::ComplexType>(converted))
    return getMemoryType(type);
  if (converted && converted.isIndex()) // NVPTX's index is 64-bit
    return IntegerType::get(type.getContext(), 64);
  return converted;
}

/// `values` (register values of py types `types`) as a signature passes
/// them: complex numbers as structs.
static SmallVector<Value> toSignatureValues(OpBuilder &b, Location loc,
                                            ValueRange values,
                                            TypeRange types) {
  Emitter e{b, loc};
  SmallVector<Value> result;
  for (auto [value, type] : llvm::zip(values, types)) {
    if (isa<mlir::ComplexType>(value.getType()))
      result.push_back(e.toMemory(value, type));
    else if (value.getType().isIndex())
      result.push_back(
          arith::IndexCastOp::create(b, loc, b.getI64Type(), value));
    else
      result.push_back(value);
  }
  return result;
}

template <typename OpTy> struct FunctionLowering : public PyPattern<OpTy> {
  using PyPattern<OpTy>::PyPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *this->getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getSignatureType(converter, input);
      if (!converted)
        return op.emitOpError("parameter type ") << input << " has no lowering";
      signature.addInputs(index, converted);
    }
    SmallVector<Type> results;
    for (Type result : type.getResults())
      results.push_back(getSignatureType(converter, result));
    MLIRContext *context = op.getContext();
    Type result = results.empty() ? Type(LLVM::LLVMVoidType::get(context))
                                  : results.front();
    auto llvmType =
        LLVM::LLVMFunctionType::get(result, signature.getConvertedTypes());
    constexpr bool isKernel = std::is_same_v<OpTy, KernelOp>;
    bool exported = isKernel || op.getInterop();
    auto func = LLVM::LLVMFuncOp::create(
        rewriter, op.getLoc(), op.getSymName(), llvmType,
        exported ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    func->setAttr(kPyFunctionTypeAttr, TypeAttr::get(type));
    if (exported)
      func->setAttr(kPyInteropAttr, rewriter.getUnitAttr());
    // NVVM's launch bounds (nvvm.maxntid, nvvm.reqntid, nvvm.minctasm,
    // nvvm.maxnreg) carry over as they are.
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().strref().starts_with("nvvm."))
        func->setAttr(attr.getName(), attr.getValue());
    if (isKernel) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      Builder b(context);
      SmallVector<Attribute> args;
      for (Type input : type.getInputs())
        args.push_back(describeParameter(b, input));
      func->setAttr(kSignatureAttrName, b.getArrayAttr(args));
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), converter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnLowering : public PyPattern<ReturnOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(
        op, toSignatureValues(rewriter, op.getLoc(), adaptor.getOperands(),
                              op.getOperandTypes()));
    return success();
  }
};

struct CallLowering : public PyPattern<CallOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    for (Type result : op.getResultTypes())
      results.push_back(getSignatureType(*getTypeConverter(), result));
    auto call = LLVM::CallOp::create(
        rewriter, op.getLoc(), results, op.getCallee(),
        toSignatureValues(rewriter, op.getLoc(), adaptor.getOperands(),
                          op.getOperandTypes()));
    Emitter e{rewriter, op.getLoc()};
    SmallVector<Value> values;
    for (auto [value, type] :
         llvm::zip(call.getResults(), op.getResultTypes())) {
      if (isa<mlir::ComplexType>(getMachineType(type)))
        values.push_back(e.fromMemory(value, type));
      else if (type.isIndex())
        values.push_back(
            arith::IndexCastOp::create(rewriter, op.getLoc(), type, value));
      else
        values.push_back(value);
    }
    rewriter.replaceOp(op, values);
    return success();
  }
};
} // namespace

void cudapy::populatePyToLLVMConversionPatterns(
    PyToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const PyToLLVMOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<ConstantLowering, NoneLowering, CastLowering, SliceLowering,
           ArrayGetItemLowering, ArraySetItemLowering, ArraySubscriptLowering,
           ArrayShapeLowering, ArrayStridesLowering, ArraySizeLowering,
           ArrayNdimLowering, ArrayViewLowering, ArrayReshapeLowering,
           ArrayAsTypeLowering, TupleMakeLowering, TupleGetItemLowering,
           TupleSetItemLowering, StructMakeLowering, StructGetAttrLowering,
           StructSetAttrLowering, VectorMakeLowering, VectorGetItemLowering,
           VectorSetItemLowering, LenLowering, FunctionLowering<FuncOp>,
           FunctionLowering<KernelOp>, ReturnLowering, CallLowering>(
          converter, context, options);
  populateSimtToLLVMPatterns(converter, patterns, options);
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
  patterns.add<UnaryLowering<NegOp>>(converter, context, options,
                                     UnaryOperator::Neg);
  patterns.add<UnaryLowering<PosOp>>(converter, context, options,
                                     UnaryOperator::Pos);
  patterns.add<UnaryLowering<InvertOp>>(converter, context, options,
                                        UnaryOperator::Invert);
  patterns.add<UnaryLowering<AbsOp>>(converter, context, options,
                                     UnaryOperator::Abs);
}

//===----------------------------------------------------------------------===//
// CUDA C++ ABI of kernels and interoperable functions
//===----------------------------------------------------------------------===//

/// Whether a returned py value travels as a one-member struct: an fp8
/// number is a class object in CUDA C++, returned in a byte-array .param,
/// while a bare i8 would be promoted to 32 bits.
static bool isReturnedWrapped(Type type) {
  return isStorageOnlyFloatType(getMachineType(type));
}

/// Rewrites the parameters of a lowered kernel or interoperable function to
/// CUDA C++'s ABI: a class object becomes a byval pointer with the class's
/// alignment (loaded at entry), a bool a byte. A device function (not a
/// kernel) takes and returns `__half2`/`__nv_bfloat162` through pointers —
/// the return through a leading `sret` pointer — and returns an fp8 number
/// as a one-byte struct.
static void applyInteropABI(LLVM::LLVMFuncOp func, FunctionType pyType) {
  OpBuilder b(func.getContext());
  Block &entry = func.getBody().front();
  b.setInsertionPointToStart(&entry);
  Location loc = func.getLoc();
  Type ptr = getPointerType(func.getContext());
  bool isKernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
  SmallVector<Type> params(func.getFunctionType().getParams());
  for (auto [index, pyParam] : llvm::enumerate(pyType.getInputs())) {
    BlockArgument old = entry.getArgument(index);
    Type registerType = old.getType();
    if (isPassedAsAggregate(pyParam)) {
      Type memory = getMemoryType(pyParam);
      uint64_t align = getMachineLayout(pyParam).align;
      BlockArgument arg = entry.insertArgument(index, ptr, old.getLoc());
      Value loaded = LLVM::LoadOp::create(b, loc, memory, arg, align);
      Emitter e{b, loc};
      // A complex parameter is already its struct in the signature.
      old.replaceAllUsesWith(
          registerType == memory ? loaded : e.fromMemory(loaded, pyParam));
      entry.eraseArgument(index + 1);
      params[index] = ptr;
      if (!isKernel && isPassedIndirectly(pyParam))
        continue; // a plain pointer to the caller's copy
      func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(memory));
      func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(align));
    } else if (registerType.isInteger(1)) {
      BlockArgument arg =
          entry.insertArgument(index, b.getI8Type(), old.getLoc());
      old.replaceAllUsesWith(
          arith::TruncIOp::create(b, loc, b.getI1Type(), arg).getResult());
      entry.eraseArgument(index + 1);
      params[index] = b.getI8Type();
    }
  }
  Type returnType = func.getFunctionType().getReturnType();
  DictionaryAttr sretAttrs;
  if (pyType.getNumResults() == 1) {
    Type pyResult = pyType.getResult(0);
    Type memory = getMemoryType(pyResult);
    uint64_t align = getMachineLayout(pyResult).align;
    if (!isKernel && isPassedIndirectly(pyResult)) {
      // Returned through a pointer the caller passes first.
      BlockArgument slot = entry.insertArgument(0u, ptr, loc);
      params.insert(params.begin(), ptr);
      func.walk([&](LLVM::ReturnOp ret) {
        OpBuilder rb(ret);
        LLVM::StoreOp::create(rb, ret.getLoc(), ret.getOperand(0), slot, align);
        LLVM::ReturnOp::create(rb, ret.getLoc(), ValueRange());
        ret.erase();
      });
      returnType = LLVM::LLVMVoidType::get(func.getContext());
      sretAttrs = b.getDictionaryAttr(
          {b.getNamedAttr(LLVM::LLVMDialect::getStructRetAttrName(),
                          TypeAttr::get(memory)),
           b.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                          b.getI64IntegerAttr(align))});
    } else if (isReturnedWrapped(pyResult)) {
      auto wrapper = LLVM::LLVMStructType::getLiteral(
          func.getContext(), {returnType}, /*isPacked=*/true);
      func.walk([&](LLVM::ReturnOp ret) {
        OpBuilder rb(ret);
        Emitter re{rb, ret.getLoc()};
        Value wrapped = re.insert(re.poison(wrapper), ret.getOperand(0), {0});
        ret->setOperand(0, wrapped);
      });
      returnType = wrapper;
    }
    // A class object returned lives in a .param aligned like the class.
    if (isPassedAsAggregate(pyResult))
      func->setAttr(kReturnAlignAttrName, b.getI64IntegerAttr(align));
  }
  // The parameters' attributes, with the sret pointer's first if any.
  SmallVector<DictionaryAttr> argAttrs;
  func.getAllArgAttrs(argAttrs);
  if (sretAttrs)
    argAttrs.insert(argAttrs.begin(), sretAttrs);
  argAttrs.resize(params.size(), b.getDictionaryAttr({}));
  func.setFunctionType(LLVM::LLVMFunctionType::get(returnType, params));
  func.setAllArgAttrs(argAttrs);
}

/// Rewrites a call to an interoperable function for its ABI: class objects
/// go through a stack copy (passed byval, or as a plain pointer for
/// `__half2`/`__nv_bfloat162`), bools as bytes; the results come back as
/// the function returns them.
static void applyInteropABI(LLVM::CallOp call, FunctionType pyType) {
  OpBuilder b(call);
  Location loc = call.getLoc();
  Emitter e{b, loc};
  Type ptr = getPointerType(b.getContext());
  auto stackCopy = [&](Type memory, uint64_t align) {
    return LLVM::AllocaOp::create(b, loc, ptr, memory, e.i64(1), align)
        .getResult();
  };
  SmallVector<Value> operands(call.getArgOperands());
  for (auto [index, pyParam] : llvm::enumerate(pyType.getInputs())) {
    if (isPassedAsAggregate(pyParam)) {
      Type memory = getMemoryType(pyParam);
      uint64_t align = getMachineLayout(pyParam).align;
      Value slot = stackCopy(memory, align);
      // A complex argument is already its struct in the signature.
      Value value = operands[index].getType() == memory
                        ? operands[index]
                        : e.toMemory(operands[index], pyParam);
      LLVM::StoreOp::create(b, loc, value, slot, align);
      operands[index] = slot;
    } else if (operands[index].getType().isInteger(1)) {
      operands[index] = e.toMemory(operands[index], pyParam);
    }
  }
  if (pyType.getNumResults() == 1) {
    Type pyResult = pyType.getResult(0);
    Value result = call.getResult();
    if (isPassedIndirectly(pyResult)) {
      Type memory = getMemoryType(pyResult);
      uint64_t align = getMachineLayout(pyResult).align;
      Value slot = stackCopy(memory, align);
      operands.insert(operands.begin(), slot);
      auto newCall = LLVM::CallOp::create(b, loc, TypeRange(),
                                          call.getCalleeAttr(), operands);
      Value loaded = LLVM::LoadOp::create(b, loc, memory, slot, align);
      (void)newCall;
      result.replaceAllUsesWith(loaded);
      call.erase();
      return;
    }
    if (isReturnedWrapped(pyResult)) {
      Type wrapper = LLVM::LLVMStructType::getLiteral(
          b.getContext(), {result.getType()}, /*isPacked=*/true);
      auto newCall = LLVM::CallOp::create(b, loc, TypeRange{wrapper},
                                          call.getCalleeAttr(), operands);
      result.replaceAllUsesWith(e.extract(newCall.getResult(), {0}));
      call.erase();
      return;
    }
  }
  call.getArgOperandsMutable().assign(operands);
}

namespace {
struct ConvertPyToLLVMPass
    : public cudapy::impl::ConvertPyToLLVMPassBase<ConvertPyToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Operation *module = getOperation();
    PyToLLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    PyToLLVMOptions options;
    options.boundsCheck = boundsCheck;
    populatePyToLLVMConversionPatterns(converter, patterns, options);
    ConversionTarget target(*context);
    target.addIllegalDialect<PyDialect>();
    addIllegalSimtOps(target);
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           LLVM::LLVMDialect, math::MathDialect,
                           NVVM::NVVMDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Interoperable ABI of kernels and interop functions, and their calls.
    llvm::StringMap<FunctionType> interop;
    module->walk([&](LLVM::LLVMFuncOp func) {
      auto type = func->getAttrOfType<TypeAttr>(kPyFunctionTypeAttr);
      if (!type)
        return;
      func->removeAttr(kPyFunctionTypeAttr);
      if (!func->removeAttr(kPyInteropAttr))
        return;
      auto pyType = cast<FunctionType>(type.getValue());
      applyInteropABI(func, pyType);
      interop[func.getSymName()] = pyType;
    });
    module->walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee)
        return;
      auto it = interop.find(*callee);
      if (it != interop.end())
        applyInteropABI(call, it->second);
    });
  }
};
} // namespace
