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

/// llvm.func attribute: the alignment of the returned value's .param (CUDA
/// C++ returns a class object in a param aligned like the class, which an
/// LLVM struct type cannot say). cudapy-serialize-to-ptx hands it to NVPTX.
inline constexpr llvm::StringLiteral kReturnAlignAttrName =
    "cudapy.return_align";

#define GEN_PASS_DECL
#include "cudapy/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cudapy/Transforms/Passes.h.inc"

} // namespace cudapy

#endif // CUDAPY_TRANSFORMS_PASSES_H
