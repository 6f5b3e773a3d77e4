/*===- Target.h - cudapy C API: target conditions -----------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. The `target` dialect and its conditions (cuda-device spec,      *|
|* "Target Specialization"): parse, normalize, compare and evaluate them, and *|
|* build #target.cond attributes for target.if / target.query ops.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_TARGET_H
#define CUDAPY_C_TARGET_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handle of `target` (mlirDialectHandleRegisterDialect …).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Target, target);

/// Parses `condition` (e.g. "provides(sm_80) & ~is_exactly(sm_90)") and
/// passes its normal form to `onResult`. On a malformed condition returns
/// failure and passes a message to `onError` (when not null). Thread-safe.
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyTargetConditionNormalize(
    MlirStringRef condition, MlirStringCallback onResult,
    MlirStringCallback onError, void *userData);

/// Whether `condition` holds for `target` ("host" or a chip such as
/// "sm_90a"): 1 or 0, or -1 (with a message to `onError`) when either does
/// not parse. Thread-safe.
MLIR_CAPI_EXPORTED int cudapyTargetConditionEvaluate(MlirStringRef condition,
                                                     MlirStringRef target,
                                                     MlirStringCallback onError,
                                                     void *userData);

/// Whether two conditions hold for exactly the same targets: 1 or 0, or -1
/// (with a message to `onError`) when either does not parse. Thread-safe.
MLIR_CAPI_EXPORTED int
cudapyTargetConditionsEquivalent(MlirStringRef a, MlirStringRef b,
                                 MlirStringCallback onError, void *userData);

/// A #target.cond attribute in `context` (which must have the target dialect
/// registered). Null when `condition` does not parse.
MLIR_CAPI_EXPORTED MlirAttribute
cudapyTargetConditionAttrGet(MlirContext context, MlirStringRef condition);

/// Whether `attr` is a #target.cond attribute.
MLIR_CAPI_EXPORTED bool cudapyAttributeIsATargetCondition(MlirAttribute attr);

/// The normalized condition of a #target.cond attribute; owned by the context.
MLIR_CAPI_EXPORTED MlirStringRef
cudapyTargetConditionAttrGetCondition(MlirAttribute attr);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_TARGET_H */
