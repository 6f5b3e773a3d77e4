//===- Passes.h - py dialect passes -----------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H
#define CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H

#include "dialects/Py/IR/PyOps.h"

#include "mlir/Pass/Pass.h"

namespace cudapy::py {

/// Clones py.func or py.kernel `function` with its ConstExpr parameters
/// replaced by constants: `values` holds one attribute per ConstExpr
/// parameter, in order (a value py.constant accepts for the parameter's type,
/// or a UnitAttr for a `!py.none` parameter). The clone, named `name`, is
/// inserted after `function` and takes the other parameters. This is the hook
/// a JIT uses to specialize a kernel for its launch arguments. Emits an error
/// at `function` and fails on a value of the wrong kind or number.
mlir::FailureOr<mlir::Operation *>
specializeConstExpr(mlir::Operation *function,
                    llvm::ArrayRef<mlir::Attribute> values,
                    llvm::StringRef name);

#define GEN_PASS_DECL
#include "dialects/Py/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/Py/Transforms/Passes.h.inc"

} // namespace cudapy::py

#endif // CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H
