//===- KernelMetadata.h - kernel metadata JSON ------------------*- C++ -*-===//
//
// The JSON document that describes compiled kernels to a launcher: the C API
// hands it out and the runtime reads it. docs/CAPI.md specifies its fields.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_KERNELMETADATA_H
#define CUDAPY_SUPPORT_KERNELMETADATA_H

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <utility>
#include <vector>

namespace cudapy {

/// Version of the metadata document's layout; bumped on incompatible changes.
inline constexpr int kKernelMetadataVersion = 1;

/// How the compile was run, recorded beside the kernels.
struct CompileSummary {
  std::string pipeline; ///< textual pipeline, e.g. "cudapy-to-ptx{...}"
  std::string emit;     ///< "ptx", "cubin", "cubin-or-ptx", "llvm" or "mlir"
  unsigned optLevel = 3;
  bool fastMath = false;
  bool flushDenormals = false;
  double compileTimeMs = 0;
  /// Milliseconds per phase of the compile, in order ("phases_ms").
  std::vector<std::pair<std::string, double>> phases;
};

/// Builds the metadata JSON of every kernel in the `gpu.binary` ops of
/// `module` (a module after cudapy-to-ptx), one entry per kernel and target.
std::string buildKernelMetadataJSON(mlir::ModuleOp module,
                                    const CompileSummary &summary);

/// "+ptx80" -> "8.0"; "" when `features` names no PTX version.
std::string getPtxVersionFromFeatures(llvm::StringRef features);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_KERNELMETADATA_H
