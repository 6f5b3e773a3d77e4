//===- TargetDialect.h - the target dialect ---------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TARGET_IR_TARGETDIALECT_H
#define CUDAPY_DIALECTS_TARGET_IR_TARGETDIALECT_H

#include "cudapy/Support/TargetCondition.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/Target/IR/TargetDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Target/IR/TargetAttrs.h.inc"

#include "dialects/Target/IR/TargetInterfaces.h.inc"

namespace cudapy::target {

/// What `op` needs of the compile target: its TargetRequirementOpInterface,
/// else the SM requirement of an NVVM op, else `is_device` for ops of the
/// NVVM dialect and the GPU dialect's device-side ops, else `is_host` for the
/// GPU dialect's host-side ops (launches, allocation, copies). Null when the
/// op can be compiled for any target.
ConditionAttr getTargetRequirement(mlir::Operation *op);

/// Attaches TargetRequirementOpInterface to upstream ops whose requirement
/// the generic rules do not see: `vector.print` prints through the host's
/// runtime library, so it is host-only.
void registerTargetRequirementExternalModels(mlir::DialectRegistry &registry);

/// The execution space of a function-like op: its `target.execution_space`
/// attribute, else `is_device` inside a gpu.module and `is_host` outside.
ConditionAttr getExecutionSpace(mlir::Operation *function);

} // namespace cudapy::target

#endif // CUDAPY_DIALECTS_TARGET_IR_TARGETDIALECT_H
