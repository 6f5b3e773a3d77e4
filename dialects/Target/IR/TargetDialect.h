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

/// Attribute names `target-assign-chips` puts on each gpu.module: its chip,
/// and the name of the module it is a per-chip copy of.
inline constexpr llvm::StringLiteral kChipAttrName = "target.chip";
inline constexpr llvm::StringLiteral kOriginAttrName = "target.origin";

/// What `op` needs of the compile target: its TargetRequirementOpInterface,
/// else the SM requirement of an NVVM op, else `is_device` for ops of the
/// NVVM dialect and the GPU dialect's device-side ops, else `is_host` for the
/// GPU dialect's host-side ops (launches, allocation, copies). Null when the
/// op can be compiled for any target.
ConditionAttr getTargetRequirement(mlir::Operation *op);

/// The compile target for `op`: `option` when not empty ("host" or a chip),
/// else the `target.chip` of the gpu.module `op` is or is in. std::nullopt
/// when neither names a valid target.
std::optional<CompileTarget> getCompileTargetFor(mlir::Operation *op,
                                                 llvm::StringRef option);

/// The PTX ISA version (80 for 8.0) of the #nvvm.target of the gpu.module
/// `op` is or is in; std::nullopt when it has none.
std::optional<unsigned> getPtxVersionFor(mlir::Operation *op);

/// Checks a pass's `target` option: empty, "host" or a chip. On failure
/// emits "<passName>: target must be 'host' or a chip such as sm_90, not …".
mlir::LogicalResult verifyTargetOption(mlir::MLIRContext *context,
                                       llvm::StringRef passName,
                                       llvm::StringRef option);

/// Attaches TargetRequirementOpInterface to upstream ops whose requirement
/// the generic rules do not see: `vector.print` prints through the host's
/// runtime library, so it is host-only.
void registerTargetRequirementExternalModels(mlir::DialectRegistry &registry);

/// The execution space of a function-like op: its `target.execution_space`
/// attribute, else `is_device` inside a gpu.module and `is_host` outside.
ConditionAttr getExecutionSpace(mlir::Operation *function);

} // namespace cudapy::target

#endif // CUDAPY_DIALECTS_TARGET_IR_TARGETDIALECT_H
