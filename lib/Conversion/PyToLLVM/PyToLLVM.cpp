//===- PyToLLVM.cpp - lower the py dialect --------------------------------===//
//
// The py types' register representation, bounds checks, tuples, structs,
// vectors and functions, and the one populate function of the py patterns
// (include/cudapy/Conversion/PyToLLVM.h); numbers and arrays have files of
// their own. Python semantics chosen here are documented in docs/Py.md.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/PyToLLVM/Lowering.h"

#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"

#include "dialects/Simt/IR/SimtOps.h"

#include "cudapy/Support/KernelAbi.h"
#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyPromotion.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

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

namespace {

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

/// The member a tuple or struct op reads or writes.
static unsigned getMemberIndex(TupleGetItemOp op) {
  return op.getElementIndex();
}
static unsigned getMemberIndex(TupleSetItemOp op) {
  return op.getElementIndex();
}
static unsigned getMemberIndex(StructGetAttrOp op) {
  return *op.getInput().getType().getFieldIndex(op.getField());
}
static unsigned getMemberIndex(StructSetAttrOp op) {
  return *op.getInput().getType().getFieldIndex(op.getField());
}

/// Tuples and structs from their members (every operand, in order).
template <typename Op> struct AggregateMakeLowering : public PyPattern<Op> {
  using PyPattern<Op>::PyPattern;
  using OpAdaptor = typename PyPattern<Op>::OpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op,
                       Aggregate(op.getType()).build(e, adaptor.getOperands()));
    return success();
  }
};

/// A member of a tuple or struct (the op's first operand).
template <typename Op> struct AggregateGetLowering : public PyPattern<Op> {
  using PyPattern<Op>::PyPattern;
  using OpAdaptor = typename PyPattern<Op>::OpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(
        op, Aggregate(op->getOperand(0).getType())
                .extract(e, adaptor.getOperands()[0], getMemberIndex(op)));
    return success();
  }
};

/// A tuple or struct (the first operand) with one member replaced (by the
/// second).
template <typename Op> struct AggregateSetLowering : public PyPattern<Op> {
  using PyPattern<Op>::PyPattern;
  using OpAdaptor = typename PyPattern<Op>::OpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ValueRange operands = adaptor.getOperands();
    rewriter.replaceOp(
        op, Aggregate(op->getOperand(0).getType())
                .insert(e, operands[0], getMemberIndex(op), operands[1]));
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

/// The kernel ABI record of one parameter (see docs/Runtime.md).
static KernelArgument describeParameter(Type type) {
  MachineLayout layout = getMachineLayout(type);
  KernelArgument arg;
  arg.type = printType(type);
  arg.size = layout.size;
  arg.align = layout.align;
  if (auto array = dyn_cast<ArrayType>(type)) {
    arg.kind = KernelArgKind::PyArray;
    arg.element = printType(array.getDtype());
    arg.elementBytes = getMachineLayout(array.getDtype()).size;
    arg.rank = array.getNdim();
  } else if (isPassedAsAggregate(type)) {
    arg.kind = KernelArgKind::Aggregate;
  }
  return arg;
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
    if constexpr (!isKernel)
      if (op.getNumbaAbi())
        func->setAttr(kPyNumbaAbiAttr, rewriter.getUnitAttr());
    // NVVM's launch bounds (nvvm.maxntid, nvvm.reqntid, nvvm.minctasm,
    // nvvm.maxnreg) carry over as they are.
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().strref().starts_with("nvvm."))
        func->setAttr(attr.getName(), attr.getValue());
    // So does the mark of a grid barrier (convert-simt-to-gpu).
    if (op->hasAttr(kGridSyncAttrName))
      func->setAttr(kGridSyncAttrName, rewriter.getUnitAttr());
    if (isKernel) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      Builder b(context);
      SmallVector<Attribute> args;
      for (Type input : type.getInputs())
        args.push_back(buildKernelArgumentAttr(b, describeParameter(input)));
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
  patterns.add<
      AggregateMakeLowering<TupleMakeOp>, AggregateGetLowering<TupleGetItemOp>,
      AggregateSetLowering<TupleSetItemOp>, AggregateMakeLowering<StructMakeOp>,
      AggregateGetLowering<StructGetAttrOp>,
      AggregateSetLowering<StructSetAttrOp>, VectorMakeLowering,
      VectorGetItemLowering, VectorSetItemLowering, LenLowering,
      FunctionLowering<FuncOp>, FunctionLowering<KernelOp>, ReturnLowering,
      CallLowering>(converter, patterns.getContext(), options);
  populateNumberPatterns(converter, patterns, options);
  populateArrayPatterns(converter, patterns, options);
}
