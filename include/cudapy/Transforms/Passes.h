//===- Passes.h - cudapy target-level passes --------------------*- C++ -*-===//
//
// Declarations of the passes in Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_TRANSFORMS_PASSES_H
#define CUDAPY_TRANSFORMS_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cudapy {

/// Name of the #gpu.object property in which `cudapy-serialize-to-ptx`
/// records the kernels' launch ABI.
inline constexpr llvm::StringLiteral kKernelsAttrName = "cudapy.kernels";

/// Name of the kernel attribute in which `cudapy-record-kernel-signature`
/// keeps the source-level arguments.
inline constexpr llvm::StringLiteral kSignatureAttrName = "cudapy.signature";

#define GEN_PASS_DECL
#include "cudapy/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cudapy/Transforms/Passes.h.inc"

} // namespace cudapy

#endif // CUDAPY_TRANSFORMS_PASSES_H
