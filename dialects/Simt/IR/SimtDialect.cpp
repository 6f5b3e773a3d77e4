//===- SimtDialect.cpp - the simt dialect and its ops ---------------------===//

#include "dialects/Simt/IR/SimtOps.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"

#include "cudapy/Support/PrintFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::simt;

#include "dialects/Simt/IR/SimtDialect.cpp.inc"
#include "dialects/Simt/IR/SimtEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/Simt/IR/SimtTypes.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/Simt/IR/SimtOps.cpp.inc"

void SimtDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Simt/IR/SimtTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/Simt/IR/SimtOps.cpp.inc"
      >();
}

/// `tid(ndims)` and `grid_size(ndims)`: an int32 for one dimension, a tuple
/// of them for two or three (spec, "Thread Positioning").
static LogicalResult inferGridPosition(MLIRContext *context,
                                       std::optional<Location> location,
                                       int32_t ndims, StringRef name,
                                       SmallVectorImpl<Type> &inferred) {
  if (ndims < 1 || ndims > 3)
    return emitOptionalError(location, name, "(ndims) takes 1, 2 or 3, not ",
                             ndims, " (spec, \"Thread Positioning\")");
  Type integer = py::PyIntType::get(context);
  if (ndims == 1) {
    inferred.push_back(integer);
    return success();
  }
  inferred.push_back(
      TupleType::get(context, SmallVector<Type>(ndims, integer)));
  return success();
}

LogicalResult
TidOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                        ValueRange operands, DictionaryAttr attributes,
                        OpaqueProperties properties, RegionRange regions,
                        SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferGridPosition(context, location, adaptor.getNdims(), "tid",
                           inferred);
}

LogicalResult GridSizeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferGridPosition(context, location, adaptor.getNdims(), "grid_size",
                           inferred);
}

template <typename OpTy> static LogicalResult verifyStaticArray(OpTy op) {
  py::ArrayType type = op.getType();
  ArrayRef<int64_t> shape = op.getShape();
  if (shape.size() != type.getNdim())
    return op.emitOpError("a ")
           << type.getNdim() << "-d array needs " << type.getNdim()
           << " extents, not " << shape.size();
  for (int64_t extent : shape)
    if (extent <= 0)
      return op.emitOpError("extents must be positive, not ") << extent;
  if (std::optional<int64_t> align = op.getAlign())
    if (*align <= 0 || !llvm::isPowerOf2_64(*align))
      return op.emitOpError("alignment must be a power of two, not ") << *align;
  return success();
}

LogicalResult SharedArrayOp::verify() { return verifyStaticArray(*this); }
LogicalResult LocalArrayOp::verify() { return verifyStaticArray(*this); }

LogicalResult ConstArrayOp::verify() {
  py::ArrayType type = getType();
  if (!isa<DenseIntOrFPElementsAttr>(getValue()))
    return emitOpError("the value is a dense integer or float elements "
                       "attribute, not ")
           << getValue();
  ShapedType valueType = getValue().getShapedType();
  Type element = valueType.getElementType();
  if (element != type.getDtype())
    return emitOpError("the value's elements are ")
           << element << ", the array's dtype " << type.getDtype();
  if (!isa<IntegerType, FloatType>(element) || element.isInteger(1))
    return emitOpError("a constant array holds integers or floats, not ")
           << element;
  if (valueType.getRank() != type.getNdim())
    return emitOpError("a ")
           << type.getNdim() << "-d array needs a " << type.getNdim()
           << "-d value, not " << valueType.getRank() << "-d";
  for (int64_t extent : valueType.getShape())
    if (extent <= 0)
      return emitOpError("extents must be positive, not ") << extent;
  if (std::optional<int64_t> align = getAlign())
    if (*align <= 0 || !llvm::isPowerOf2_64(*align))
      return emitOpError("alignment must be a power of two, not ") << *align;
  return success();
}

LogicalResult DynamicSharedArrayOp::verify() {
  py::ArrayType type = getType();
  if (type.getNdim() != 1 || !type.getDtype().isUnsignedInteger(8))
    return emitOpError("the dynamic shared array is a 1-d uint8 array "
                       "(view it as another dtype), not ")
           << type;
  return success();
}

/// Spec, "shfl_sync": the value is at most 8 bytes. (Numbers today;
/// vectors, structs and tuples of 8 bytes or less are not shuffled yet.)
/// A constant lane operand outside [0, 32) breaks a User Requirement of
/// the spec (`i` of WarpMask, `src_lane` of the shuffles); a variable one is
/// checked at run time under bounds-check (WarpMask) or left to the user.
static LogicalResult verifyLaneIndex(Operation *op, Value index, StringRef what,
                                     StringRef section) {
  IntegerAttr constant;
  if (auto cst = index.getDefiningOp<py::ConstantOp>())
    constant = dyn_cast<IntegerAttr>(cst.getValue());
  if (constant && (constant.getValue().getSExtValue() < 0 ||
                   constant.getValue().getSExtValue() >= 32))
    return op->emitOpError()
           << what << " " << constant.getValue().getSExtValue()
           << " is outside the warp: it is in [0, 32) (spec, \"" << section
           << "\")";
  return success();
}

static LogicalResult verifyShuffle(Operation *op, Type value) {
  // Spec, "shfl_sync": any value of at most 8 bytes [User Requirement];
  // arrays and None are references, not values to move.
  if (!py::isHeterogeneousType(value) ||
      isa<py::ArrayType, py::PyNoneType, py::AtomicType>(value))
    return op->emitOpError("shuffles numbers, vectors, structs and tuples; ")
           << value << " is none of them";
  uint64_t size = py::getMachineLayout(value).size;
  if (size > 8)
    return op->emitOpError("shuffles values of at most 8 bytes; ")
           << value << " has " << size << " (spec, \"shfl_sync\")";
  return success();
}

LogicalResult ShflSyncOp::verify() {
  if (failed(verifyLaneIndex(*this, getOffset(), "src_lane", "shfl_sync")))
    return failure();
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflUpSyncOp::verify() {
  if (failed(verifyLaneIndex(*this, getOffset(), "delta", "shfl_up_sync")))
    return failure();
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflDownSyncOp::verify() {
  if (failed(verifyLaneIndex(*this, getOffset(), "delta", "shfl_down_sync")))
    return failure();
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflXorSyncOp::verify() {
  if (failed(verifyLaneIndex(*this, getOffset(), "flag", "shfl_xor_sync")))
    return failure();
  return verifyShuffle(*this, getValue().getType());
}

/// CUDA C++ Programming Guide 7.34: a format the values match, each value
/// a number printf can take (bools and integers, real floats), at most 32.
LogicalResult PrintOp::verify() {
  std::string error;
  FailureOr<SmallVector<PrintConversion>> conversions =
      parsePrintFormatFor(getFormat(), getValues().size(), error);
  if (failed(conversions))
    return emitOpError(error);
  if (getValues().size() > 32)
    return emitOpError("prints ")
           << getValues().size()
           << " values; CUDA's printf takes at most 32 (CUDA C++ Programming "
              "Guide 7.34.2)";
  for (auto [i, value, conversion] :
       llvm::enumerate(getValues(), *conversions)) {
    Type type = value.getType();
    bool integer = py::isIntegerLikeType(type);
    bool floating = py::isNumberType(type) &&
                    py::getNumberKind(type) == py::NumberKind::Float &&
                    !py::isStorageOnlyFloatType(type);
    unsigned bits = integer ? py::getNumberBitWidth(type) : 0;
    if (std::optional<std::string> wrong =
            checkPrintValue(conversion, integer, floating, bits))
      return emitOpError("prints value ")
             << i << " of type " << type << *wrong
             << (py::isNumberType(type) && !integer && !floating
                     ? " (print a complex number's parts, and convert fp8 "
                       "values to a wider float first)"
                     : "");
  }
  return success();
}

/// match_any_sync / match_all_sync compare numbers of at most 8 bytes.
static LogicalResult verifyMatch(Operation *op, Type value) {
  if (!py::isNumberType(value))
    return op->emitOpError("matches numbers; ") << value << " is not one";
  uint64_t size = py::getMachineLayout(value).size;
  if (size > 8)
    return op->emitOpError("matches values of at most 8 bytes; ")
           << value << " has " << size;
  return success();
}

LogicalResult MatchAnySyncOp::verify() {
  return verifyMatch(*this, getValue().getType());
}
LogicalResult MatchAllSyncOp::verify() {
  return verifyMatch(*this, getValue().getType());
}

LogicalResult WarpMaskGetItemOp::verify() {
  return verifyLaneIndex(*this, getIndex(), "lane", "WarpMask");
}
LogicalResult WarpMaskSetItemOp::verify() {
  return verifyLaneIndex(*this, getIndex(), "lane", "WarpMask");
}

/// The spec's predicate is a callable: a value, or a region of one block
/// that ends in simt.yield of one bool. [User Requirement: callable]
static LogicalResult verifyPredicate(Operation *op, Value predicate,
                                     Region &body) {
  if (predicate && !body.empty())
    return op->emitOpError("takes a predicate value or a predicate region, "
                           "not both");
  if (!predicate && body.empty())
    return op->emitOpError("needs a predicate: a bool value or a region that "
                           "yields one (spec: pred is a callable)");
  if (!body.empty() && !body.hasOneBlock())
    return op->emitOpError("predicate region has one block");
  if (!body.empty() && !isa<YieldOp>(body.front().getTerminator()))
    return op->emitOpError("predicate region ends in simt.yield");
  return success();
}

#define SIMT_PREDICATE_VERIFIER(OP)                                            \
  LogicalResult OP::verify() {                                                 \
    return verifyPredicate(*this, getPredicate(), getBody());                  \
  }
SIMT_PREDICATE_VERIFIER(SyncThreadsCountOp)
SIMT_PREDICATE_VERIFIER(SyncThreadsAndOp)
SIMT_PREDICATE_VERIFIER(SyncThreadsOrOp)
SIMT_PREDICATE_VERIFIER(AllSyncOp)
SIMT_PREDICATE_VERIFIER(AnySyncOp)
SIMT_PREDICATE_VERIFIER(EqSyncOp)
SIMT_PREDICATE_VERIFIER(BallotSyncOp)
#undef SIMT_PREDICATE_VERIFIER

//===----------------------------------------------------------------------===//
// Atomics (spec, "Atomics")
//===----------------------------------------------------------------------===//

/// An object one machine atomic accesses: 1, 2, 4, 8 or 16 bytes, at most
/// `maxBytes` (the operation's limit in the spec).
static LogicalResult verifyAtomicObject(Operation *op, Type dtype,
                                        uint64_t maxBytes, StringRef what) {
  uint64_t size = py::getMachineLayout(dtype).size;
  if (size > maxBytes)
    return op->emitOpError()
           << what << " an object of at most " << maxBytes << " bytes; "
           << dtype << " has " << size << " (spec, \"Atomics\")";
  if (!llvm::isPowerOf2_64(size))
    return op->emitOpError() << "an atomic object is 1, 2, 4, 8 or 16 bytes; "
                             << dtype << " has " << size;
  return success();
}

/// The byte offset of `member` in `dtype` and the alignment that offset
/// keeps, or a diagnostic.
static FailureOr<std::pair<uint64_t, uint64_t>>
walkMembers(Operation *op, Type &dtype, ArrayAttr member) {
  uint64_t offset = 0, align = py::getMachineLayout(dtype).align;
  if (!member)
    return std::make_pair(offset, align);
  for (Attribute name : member.getAsRange<StringAttr>()) {
    auto st = dyn_cast<py::StructType>(dtype);
    if (!st)
      return op->emitOpError("member '")
             << cast<StringAttr>(name).getValue() << "' of " << dtype
             << ", which is not a struct";
    std::optional<unsigned> index =
        st.getFieldIndex(cast<StringAttr>(name).getValue());
    if (!index)
      return op->emitOpError("struct '")
             << st.getName().getValue() << "' has no field '"
             << cast<StringAttr>(name).getValue() << "'";
    offset += py::getMemberOffsets(st)[*index];
    dtype = st.getFieldTypes()[*index];
  }
  if (offset)
    align = std::min<uint64_t>(align, uint64_t(1) << llvm::countr_zero(offset));
  return std::make_pair(offset, align);
}

LogicalResult AtomicRefOp::verify() {
  py::ArrayType array = getArray().getType();
  if (getIndices().size() != array.getNdim())
    return emitOpError("indexes an element of a ")
           << array.getNdim() << "-d array with " << array.getNdim()
           << " indices, not " << getIndices().size();
  Type object = array.getDtype();
  FailureOr<std::pair<uint64_t, uint64_t>> at =
      walkMembers(*this, object, getMemberAttr());
  if (failed(at))
    return failure();
  if (auto atomic = dyn_cast<py::AtomicType>(object)) {
    object = atomic.getDtype();
  } else if (getMemberAttr()) {
    return emitOpError("the member is ")
           << object << ", not an Atomic (spec, \"Atomics\")";
  }
  if (failed(verifyAtomicObject(*this, object, 16, "accesses")))
    return failure();
  uint64_t size = py::getMachineLayout(object).size;
  if (at->second < size)
    return emitOpError("an atomic access of ")
           << size << " bytes needs an address aligned to " << size
           << ", and the array guarantees " << at->second << " for " << object
           << " (use a struct member of type !py.atomic<...>)";
  if (getType().getDtype() != object)
    return emitOpError("refers to an object of type ")
           << object << ", not " << getType().getDtype();
  return success();
}

uint64_t AtomicRefOp::getMemberOffset() {
  Type object = getArray().getType().getDtype();
  FailureOr<std::pair<uint64_t, uint64_t>> at =
      walkMembers(*this, object, getMemberAttr());
  return succeeded(at) ? at->first : 0;
}

LogicalResult AtomicLoadOp::verify() {
  // C++ atomic::load: the order is not release or acq_rel.
  if (getMemory() == MemoryOrder::release ||
      getMemory() == MemoryOrder::acq_rel)
    return emitOpError("a load cannot have memory order '")
           << stringifyMemoryOrder(getMemory()) << "'";
  return verifyAtomicObject(*this, getType(), 16, "loads");
}

LogicalResult AtomicWaitOp::verify() {
  // Its reads are loads: C++ atomic::wait's order is not release or acq_rel.
  if (getMemory() == MemoryOrder::release ||
      getMemory() == MemoryOrder::acq_rel)
    return emitOpError("a wait cannot have memory order '")
           << stringifyMemoryOrder(getMemory()) << "'";
  Type dtype = getOld().getType();
  if (!py::isIntegerLikeType(dtype))
    return emitOpError("waits on an integer object, not ") << dtype;
  return verifyAtomicObject(*this, dtype, 8, "waits on");
}

LogicalResult AtomicStoreOp::verify() {
  // C++ atomic::store: the order is not consume, acquire or acq_rel.
  MemoryOrder memory = getMemory();
  if (memory == MemoryOrder::consume || memory == MemoryOrder::acquire ||
      memory == MemoryOrder::acq_rel)
    return emitOpError("a store cannot have memory order '")
           << stringifyMemoryOrder(memory) << "'";
  return verifyAtomicObject(*this, getValue().getType(), 16, "stores");
}

/// uint32, int32, uint64, int64 (and float32, float64 when `floats`).
static bool isAtomicNumberType(Type type, bool floats) {
  if (!py::isNumberType(type))
    return false;
  Type machine = py::getMachineType(type);
  if (auto integer = dyn_cast<IntegerType>(machine))
    return !integer.isSignless() &&
           (integer.getWidth() == 32 || integer.getWidth() == 64);
  return floats && isa<Float32Type, Float64Type>(machine);
}

LogicalResult AtomicRMWOp::verify() {
  Type type = getType();
  AtomicKind kind = getKind();
  switch (kind) {
  case AtomicKind::exch:
    return verifyAtomicObject(*this, type, 8, "exchanges");
  case AtomicKind::inc:
  case AtomicKind::dec:
    if (!type.isUnsignedInteger(32) && !type.isUnsignedInteger(64))
      return emitOpError("'") << stringifyAtomicKind(kind)
                              << "' takes uint32 or uint64, not " << type;
    return success();
  case AtomicKind::and_:
  case AtomicKind::or_:
  case AtomicKind::xor_:
    if (!isAtomicNumberType(type, /*floats=*/false))
      return emitOpError("'") << stringifyAtomicKind(kind)
                              << "' takes uint32, int32, uint64 or int64, not "
                              << type << " (spec, \"Atomics\")";
    return success();
  default:
    if (!isAtomicNumberType(type, /*floats=*/true))
      return emitOpError("'")
             << stringifyAtomicKind(kind)
             << "' takes uint32, int32, uint64, int64, float32 or float64, "
                "not "
             << type << " (spec, \"Atomics\")";
    return success();
  }
}

LogicalResult AtomicCasOp::verify() {
  return verifyAtomicObject(*this, getType(), 8, "compares and swaps");
}

bool simt::isLoweredWithPy(Operation *op) {
  return isa<SharedArrayOp, LocalArrayOp, DynamicSharedArrayOp, ConstArrayOp,
             ShflSyncOp, ShflUpSyncOp, ShflDownSyncOp, ShflXorSyncOp, PopcOp,
             ClzOp, FfsOp, BrevOp, CbrtOp, FmaOp, AtomicRefOp, AtomicLoadOp,
             AtomicStoreOp, AtomicRMWOp, AtomicCasOp, MatchAnySyncOp,
             MatchAllSyncOp, WarpMaskGetItemOp, WarpMaskSetItemOp, MathOp,
             PrintOp, AssertOp>(op);
}

//===----------------------------------------------------------------------===//
// Math functions
//===----------------------------------------------------------------------===//

/// A real float simt.math computes with: !py.float, f16, bf16, f32, f64.
static bool isMathFloat(Type type) {
  if (!py::isNumberType(type) || py::isStorageOnlyFloatType(type))
    return false;
  return isa<FloatType>(py::getMachineType(type));
}

LogicalResult
MathOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                         ValueRange operands, DictionaryAttr attributes,
                         OpaqueProperties properties, RegionRange regions,
                         SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  MathFunction function = adaptor.getFunction();
  StringRef name = stringifyMathFunction(function);
  bool binary =
      function >= MathFunction::atan2 && function <= MathFunction::remainder;
  unsigned arity = binary ? 2 : 1;
  if (operands.size() != arity)
    return emitOptionalError(location, "math.", name, " takes ", arity,
                             " operand", arity == 1 ? "" : "s", ", not ",
                             operands.size());
  Type type = operands[0].getType();
  if (!isMathFloat(type))
    return emitOptionalError(location, "math.", name,
                             " takes a real float (float, f16, bf16, f32 or "
                             "f64), not ",
                             type);
  if (function == MathFunction::ldexp) {
    Type exponent = operands[1].getType();
    if (!isa<py::PyIntType>(exponent) && !(exponent.isSignedInteger(32)))
      return emitOptionalError(
          location, "math.ldexp takes an int32 exponent, not ", exponent);
  } else if (binary && operands[1].getType() != type) {
    return emitOptionalError(location, "math.", name,
                             " takes operands of one type, not ", type, " and ",
                             operands[1].getType());
  }
  if (function == MathFunction::isfinite || function == MathFunction::isinf ||
      function == MathFunction::isnan)
    inferred.push_back(py::PyBoolType::get(context));
  else
    inferred.push_back(type);
  return success();
}

StringRef simt::getPtxScope(ThreadScope scope) {
  switch (scope) {
  case ThreadScope::system:
    return "sys";
  case ThreadScope::device:
    return "gpu";
  case ThreadScope::block:
  case ThreadScope::thread:
    break;
  }
  return "cta";
}

// Every simt op is device only (spec, "Device Only Entities").
#define SIMT_DEVICE_ONLY(OP)                                                   \
  target::ConditionAttr OP::getTargetRequirement() {                           \
    return target::ConditionAttr::get(                                         \
        getContext(), Condition::leaf(Condition::Kind::Device));               \
  }
SIMT_DEVICE_ONLY(ThreadIdxOp)
SIMT_DEVICE_ONLY(BlockIdxOp)
SIMT_DEVICE_ONLY(BlockDimOp)
SIMT_DEVICE_ONLY(GridDimOp)
SIMT_DEVICE_ONLY(TidOp)
SIMT_DEVICE_ONLY(GridSizeOp)
SIMT_DEVICE_ONLY(WarpSizeOp)
SIMT_DEVICE_ONLY(LaneIdOp)
SIMT_DEVICE_ONLY(ThreadFenceOp)
SIMT_DEVICE_ONLY(SyncThreadsOp)
SIMT_DEVICE_ONLY(SyncThreadsCountOp)
SIMT_DEVICE_ONLY(SyncThreadsAndOp)
SIMT_DEVICE_ONLY(SyncThreadsOrOp)
SIMT_DEVICE_ONLY(SharedArrayOp)
SIMT_DEVICE_ONLY(AtomicRefOp)
SIMT_DEVICE_ONLY(MathOp)
SIMT_DEVICE_ONLY(MatchAnySyncOp)
SIMT_DEVICE_ONLY(MatchAllSyncOp)
SIMT_DEVICE_ONLY(WarpMaskGetItemOp)
SIMT_DEVICE_ONLY(WarpMaskSetItemOp)
SIMT_DEVICE_ONLY(AtomicLoadOp)
SIMT_DEVICE_ONLY(AtomicStoreOp)
SIMT_DEVICE_ONLY(AtomicRMWOp)
SIMT_DEVICE_ONLY(AtomicCasOp)
SIMT_DEVICE_ONLY(LocalArrayOp)
SIMT_DEVICE_ONLY(DynamicSharedArrayOp)
SIMT_DEVICE_ONLY(PrintOp)
SIMT_DEVICE_ONLY(AssertOp)
SIMT_DEVICE_ONLY(ConstArrayOp)
SIMT_DEVICE_ONLY(ActiveMaskOp)
SIMT_DEVICE_ONLY(LaneMaskLtOp)
SIMT_DEVICE_ONLY(SyncWarpOp)
SIMT_DEVICE_ONLY(AllSyncOp)
SIMT_DEVICE_ONLY(AnySyncOp)
SIMT_DEVICE_ONLY(EqSyncOp)
SIMT_DEVICE_ONLY(BallotSyncOp)
SIMT_DEVICE_ONLY(ShflSyncOp)
SIMT_DEVICE_ONLY(ShflUpSyncOp)
SIMT_DEVICE_ONLY(ShflDownSyncOp)
SIMT_DEVICE_ONLY(ShflXorSyncOp)
SIMT_DEVICE_ONLY(PopcOp)
SIMT_DEVICE_ONLY(ClzOp)
SIMT_DEVICE_ONLY(FfsOp)
SIMT_DEVICE_ONLY(BrevOp)
SIMT_DEVICE_ONLY(CbrtOp)
SIMT_DEVICE_ONLY(FmaOp)
#undef SIMT_DEVICE_ONLY

/// sm_70 on: what PTX's acquire and release operations and `nanosleep`
/// need.
static target::ConditionAttr providesSm70(MLIRContext *context) {
  return target::ConditionAttr::get(
      context,
      Condition{Condition::Kind::Provides, CompileTarget{false, 70, '\0'}, {}});
}

// The grid barrier polls with acquire and release operations.
target::ConditionAttr GridSyncOp::getTargetRequirement() {
  return providesSm70(getContext());
}

// A wait sleeps between its reads.
target::ConditionAttr AtomicWaitOp::getTargetRequirement() {
  return providesSm70(getContext());
}
