//===- SimtDialect.cpp - the simt dialect and its ops ---------------------===//

#include "dialects/Simt/IR/SimtOps.h"

#include "dialects/Py/IR/PyLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::simt;

#include "dialects/Simt/IR/SimtDialect.cpp.inc"
#include "dialects/Simt/IR/SimtEnums.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/Simt/IR/SimtOps.cpp.inc"

void SimtDialect::initialize() {
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
static LogicalResult verifyShuffle(Operation *op, Type value) {
  if (!py::isNumberType(value))
    return op->emitOpError("shuffles numbers; ")
           << value
           << " is not one (vectors, structs and tuples are not "
              "supported yet)";
  uint64_t size = py::getMachineLayout(value).size;
  if (size > 8)
    return op->emitOpError("shuffles values of at most 8 bytes; ")
           << value << " has " << size << " (spec, \"shfl_sync\")";
  return success();
}

LogicalResult ShflSyncOp::verify() {
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflUpSyncOp::verify() {
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflDownSyncOp::verify() {
  return verifyShuffle(*this, getValue().getType());
}
LogicalResult ShflXorSyncOp::verify() {
  return verifyShuffle(*this, getValue().getType());
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
SIMT_DEVICE_ONLY(LocalArrayOp)
SIMT_DEVICE_ONLY(DynamicSharedArrayOp)
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
