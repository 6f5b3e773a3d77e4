//===- Passes.h - target dialect passes -------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TARGET_TRANSFORMS_PASSES_H
#define CUDAPY_DIALECTS_TARGET_TRANSFORMS_PASSES_H

#include "dialects/Target/IR/TargetOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cudapy::target {

#define GEN_PASS_DECL
#include "dialects/Target/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/Target/Transforms/Passes.h.inc"

} // namespace cudapy::target

#endif // CUDAPY_DIALECTS_TARGET_TRANSFORMS_PASSES_H
