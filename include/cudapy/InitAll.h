//===- InitAll.h - register cudapy's dialects and passes --------*- C++ -*-===//
//
// What a tool or library embedding cudapy registers: cudapy's own dialects
// and passes, and the upstream dialects, interfaces and passes the
// cudapy-to-ptx pipeline uses.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_INITALL_H
#define CUDAPY_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace cudapy {

/// Adds cudapy's dialects, and the upstream dialects, LLVM IR translations and
/// conversion interfaces the pipeline needs, to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers cudapy's passes and the cudapy-to-ptx pipeline with the global
/// pass registry (for textual pipelines and cudapy-opt). Idempotent and
/// thread-safe.
void registerAllPasses();

/// Also registers the upstream passes that the pipeline is made of (and a few
/// general ones: canonicalize, cse …), so that each can run alone in
/// cudapy-opt. Idempotent and thread-safe.
void registerAllPassesWithUpstream();

} // namespace cudapy

#endif // CUDAPY_INITALL_H
