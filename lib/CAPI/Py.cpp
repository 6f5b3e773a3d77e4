//===- Py.cpp - cudapy C API: the py dialect's types and typing rules -----===//

#include "cudapy-c/Py.h"

#include "CEnum.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyPromotion.h"
#include "dialects/Py/IR/PyTypes.h"
#include "dialects/Py/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Py, py, cudapy::py::PyDialect)

// The C enums are the C++ ones, value for value.
static_assert(int(PromotionPolicy::NumbaPro) == CUDAPY_PY_POLICY_NUMBAPRO);
static_assert(int(BinaryOperator::RShift) == CUDAPY_PY_OP_RSHIFT);
static_assert(int(BinaryOperator::Ge) == CUDAPY_PY_OP_GE);
static_assert(int(UnaryOperator::Abs) == CUDAPY_PY_UNARY_ABS);

MlirType cudapyPyBoolTypeGet(MlirContext context) {
  return wrap(PyBoolType::get(unwrap(context)));
}
MlirType cudapyPyIntTypeGet(MlirContext context) {
  return wrap(PyIntType::get(unwrap(context)));
}
MlirType cudapyPyFloatTypeGet(MlirContext context) {
  return wrap(PyFloatType::get(unwrap(context)));
}
MlirType cudapyPyComplexTypeGet(MlirContext context) {
  return wrap(PyComplexType::get(unwrap(context)));
}
MlirType cudapyPyNoneTypeGet(MlirContext context) {
  return wrap(PyNoneType::get(unwrap(context)));
}
MlirType cudapyPySliceTypeGet(MlirContext context) {
  return wrap(SliceType::get(unwrap(context)));
}

MlirType cudapyPyVectorTypeGetChecked(MlirLocation location, unsigned size,
                                      MlirType element) {
  Location loc = unwrap(location);
  return wrap(PyVectorType::getChecked(
      [&] { return emitError(loc); }, loc.getContext(), size, unwrap(element)));
}

MlirType cudapyPyArrayTypeGetChecked(MlirLocation location, MlirType dtype,
                                     unsigned ndim) {
  Location loc = unwrap(location);
  return wrap(ArrayType::getChecked([&] { return emitError(loc); },
                                    loc.getContext(), unwrap(dtype), ndim));
}

MlirType cudapyPyAtomicTypeGetChecked(MlirLocation location, MlirType dtype,
                                      uint64_t align) {
  Location loc = unwrap(location);
  return wrap(AtomicType::getChecked([&] { return emitError(loc); },
                                     loc.getContext(), unwrap(dtype), align));
}

MlirType cudapyPyStructTypeGetChecked(MlirLocation location, MlirStringRef name,
                                      intptr_t numFields,
                                      const MlirStringRef *fieldNames,
                                      const MlirType *fieldTypes,
                                      uint64_t align) {
  Location loc = unwrap(location);
  MLIRContext *context = loc.getContext();
  SmallVector<StringAttr> names;
  SmallVector<Type> types;
  for (intptr_t i = 0; i < numFields; ++i) {
    names.push_back(StringAttr::get(context, unwrap(fieldNames[i])));
    types.push_back(unwrap(fieldTypes[i]));
  }
  return wrap(StructType::getChecked(
      [&] { return emitError(loc); }, context,
      StringAttr::get(context, unwrap(name)), ArrayRef<StringAttr>(names),
      ArrayRef<Type>(types), align, ArrayRef<uint64_t>(), uint64_t{0}));
}

MlirType cudapyPyRecordTypeGetChecked(MlirLocation location, MlirStringRef name,
                                      intptr_t numFields,
                                      const MlirStringRef *fieldNames,
                                      const MlirType *fieldTypes,
                                      const uint64_t *offsets, uint64_t size,
                                      uint64_t align) {
  Location loc = unwrap(location);
  MLIRContext *context = loc.getContext();
  SmallVector<StringAttr> names;
  SmallVector<Type> types;
  SmallVector<uint64_t> at;
  for (intptr_t i = 0; i < numFields; ++i) {
    names.push_back(StringAttr::get(context, unwrap(fieldNames[i])));
    types.push_back(unwrap(fieldTypes[i]));
    at.push_back(offsets[i]);
  }
  return wrap(StructType::getChecked(
      [&] { return emitError(loc); }, context,
      StringAttr::get(context, unwrap(name)), ArrayRef<StringAttr>(names),
      ArrayRef<Type>(types), align, ArrayRef<uint64_t>(at), size));
}

bool cudapyPyTypeIsNumber(MlirType type) { return isNumberType(unwrap(type)); }

bool cudapyPyTypeIsHeterogeneous(MlirType type) {
  return isHeterogeneousType(unwrap(type));
}

uint64_t cudapyPyTypeGetMachineSize(MlirType type) {
  if (!isHeterogeneousType(unwrap(type)))
    return 0;
  return getMachineLayout(unwrap(type)).size;
}

uint64_t cudapyPyTypeGetMachineAlign(MlirType type) {
  if (!isHeterogeneousType(unwrap(type)))
    return 1;
  return getMachineLayout(unwrap(type)).align;
}

/// Runs `typing` with its diagnostic captured and passed to `onError`.
template <typename Fn>
static auto withCapturedError(MLIRContext *context, MlirStringCallback onError,
                              void *userData, Fn typing) {
  std::string message;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  auto result = typing([&] { return emitError(UnknownLoc::get(context)); });
  if (failed(result) && onError)
    onError(mlirStringRefCreate(message.data(), message.size()), userData);
  return result;
}

/// Fails with `what` when `value` (an enumeration a C caller passed) is not
/// in [first, last].
template <typename Enum>
static bool inRange(const Enum &value, Enum first, Enum last,
                    MlirStringCallback onError, void *userData,
                    const char *what) {
  int64_t raw = cEnumValue(value);
  if (raw >= first && raw <= last)
    return true;
  if (onError)
    onError(mlirStringRefCreateFromCString(what), userData);
  return false;
}

MlirLogicalResult
cudapyPyTypeBinaryOperation(CudapyPyPolicy policy, CudapyPyOperator op,
                            MlirType lhs, MlirType rhs, MlirType *operandType,
                            MlirType *resultType, MlirStringCallback onError,
                            void *userData) {
  if (!inRange(op, CUDAPY_PY_OP_ADD, CUDAPY_PY_OP_GE, onError, userData,
               "unknown operator") ||
      !inRange(policy, CUDAPY_PY_POLICY_ARRAY_API, CUDAPY_PY_POLICY_NUMBAPRO,
               onError, userData, "unknown promotion policy"))
    return mlirLogicalResultFailure();
  FailureOr<BinaryTyping> typing = withCapturedError(
      unwrap(lhs).getContext(), onError, userData, [&](auto emitError) {
        return typeBinaryOperation(
            static_cast<PromotionPolicy>(cEnumValue(policy)),
            static_cast<BinaryOperator>(cEnumValue(op)), unwrap(lhs),
            unwrap(rhs), emitError);
      });
  if (failed(typing))
    return mlirLogicalResultFailure();
  if (operandType)
    *operandType = wrap(typing->operandType);
  if (resultType)
    *resultType = wrap(typing->resultType);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult cudapyPyTypeUnaryOperation(CudapyPyUnaryOperator op,
                                             MlirType operand,
                                             MlirType *resultType,
                                             MlirStringCallback onError,
                                             void *userData) {
  if (!inRange(op, CUDAPY_PY_UNARY_NEG, CUDAPY_PY_UNARY_ABS, onError, userData,
               "unknown operator"))
    return mlirLogicalResultFailure();
  FailureOr<Type> typed = withCapturedError(
      unwrap(operand).getContext(), onError, userData, [&](auto emitError) {
        return typeUnaryOperation(static_cast<UnaryOperator>(cEnumValue(op)),
                                  unwrap(operand), emitError);
      });
  if (failed(typed))
    return mlirLogicalResultFailure();
  if (resultType)
    *resultType = wrap(*typed);
  return mlirLogicalResultSuccess();
}

MlirType cudapyPyComplexPartType(MlirType complex) {
  return wrap(getComplexPartType(unwrap(complex)));
}

bool cudapyPyIsAssignable(CudapyPyPolicy policy, MlirType value,
                          MlirType target) {
  if (!inRange(policy, CUDAPY_PY_POLICY_ARRAY_API, CUDAPY_PY_POLICY_NUMBAPRO,
               nullptr, nullptr, ""))
    return false;
  return isAssignable(static_cast<PromotionPolicy>(cEnumValue(policy)),
                      unwrap(value), unwrap(target));
}

bool cudapyPyIsCastable(MlirType from, MlirType to) {
  return isCastable(unwrap(from), unwrap(to));
}

MlirOperation cudapyPySpecializeFunction(MlirOperation function,
                                         intptr_t numValues,
                                         const MlirAttribute *values,
                                         MlirStringRef name) {
  Operation *op = unwrap(function);
  // The clone's name must be new in the function's symbol table.
  if (Operation *table = SymbolTable::getNearestSymbolTable(op))
    if (SymbolTable::lookupSymbolIn(table, unwrap(name))) {
      op->emitError("a symbol named @") << unwrap(name) << " already exists";
      return MlirOperation{nullptr};
    }
  SmallVector<Attribute> attrs;
  for (intptr_t i = 0; i < numValues; ++i)
    attrs.push_back(unwrap(values[i]));
  FailureOr<Operation *> clone = specializeConstExpr(op, attrs, unwrap(name));
  if (failed(clone))
    return MlirOperation{nullptr};
  return wrap(*clone);
}
