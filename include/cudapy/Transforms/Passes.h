//===- Passes.h - cudapy target-level passes --------------------*- C++ -*-===//
//
// Declarations of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_TRANSFORMS_PASSES_H
#define CUDAPY_TRANSFORMS_PASSES_H

#include "cudapy/Support/KernelAbi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cudapy {

#define GEN_PASS_DECL
#include "cudapy/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cudapy/Transforms/Passes.h.inc"

} // namespace cudapy

#endif // CUDAPY_TRANSFORMS_PASSES_H
