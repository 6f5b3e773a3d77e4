//===- Target.cpp - cudapy C API: target conditions -----------------------===//

#include "cudapy-c/Target.h"

#include "cudapy/Support/TargetCondition.h"
#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace cudapy;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Target, target,
                                      cudapy::target::TargetDialect)

static void report(MlirStringCallback callback, const std::string &text,
                   void *userData) {
  if (callback)
    callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

MlirLogicalResult cudapyTargetConditionNormalize(MlirStringRef condition,
                                                 MlirStringCallback onResult,
                                                 MlirStringCallback onError,
                                                 void *userData) {
  std::string error;
  std::optional<Condition> parsed = parseCondition(unwrap(condition), error);
  if (!parsed) {
    report(onError, error, userData);
    return mlirLogicalResultFailure();
  }
  report(onResult, normalize(*parsed).str(), userData);
  return mlirLogicalResultSuccess();
}

int cudapyTargetConditionEvaluate(MlirStringRef condition, MlirStringRef target,
                                  MlirStringCallback onError, void *userData) {
  std::string error;
  std::optional<Condition> parsed = parseCondition(unwrap(condition), error);
  if (!parsed) {
    report(onError, error, userData);
    return -1;
  }
  std::optional<CompileTarget> compileTarget =
      CompileTarget::parse(unwrap(target));
  if (!compileTarget) {
    report(onError,
           "unknown target '" + unwrap(target).str() +
               "' (expected 'host' or a chip such as sm_90)",
           userData);
    return -1;
  }
  return parsed->evaluate(*compileTarget) ? 1 : 0;
}

int cudapyTargetConditionsEquivalent(MlirStringRef a, MlirStringRef b,
                                     MlirStringCallback onError,
                                     void *userData) {
  std::string error;
  std::optional<Condition> first = parseCondition(unwrap(a), error);
  std::optional<Condition> second =
      first ? parseCondition(unwrap(b), error) : std::nullopt;
  if (!first || !second) {
    report(onError, error, userData);
    return -1;
  }
  return areEquivalent(*first, *second) ? 1 : 0;
}

MlirAttribute cudapyTargetConditionAttrGet(MlirContext context,
                                           MlirStringRef condition) {
  MLIRContext *ctx = unwrap(context);
  ctx->getOrLoadDialect<cudapy::target::TargetDialect>();
  std::string error;
  return wrap(Attribute(
      cudapy::target::ConditionAttr::parse(ctx, unwrap(condition), error)));
}

bool cudapyAttributeIsATargetCondition(MlirAttribute attr) {
  return isa<cudapy::target::ConditionAttr>(unwrap(attr));
}

MlirStringRef cudapyTargetConditionAttrGetCondition(MlirAttribute attr) {
  return wrap(
      cast<cudapy::target::ConditionAttr>(unwrap(attr)).getExpression());
}
