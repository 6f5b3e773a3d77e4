//===- SimtOps.h - simt dialect operations ----------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_SIMT_IR_SIMTOPS_H
#define CUDAPY_DIALECTS_SIMT_IR_SIMTOPS_H

#include "dialects/Py/IR/PyTypes.h"
#include "dialects/Simt/IR/SimtDialect.h"
#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/Simt/IR/SimtEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/Simt/IR/SimtTypes.h.inc"

#define GET_OP_CLASSES
#include "dialects/Simt/IR/SimtOps.h.inc"

namespace cudapy::simt {
/// Whether `op` is a simt op whose values are py types (memories, shuffles,
/// numeric intrinsics, atomics): convert-py-to-llvm lowers those, and
/// convert-simt-to-gpu the rest.
bool isLoweredWithPy(mlir::Operation *op);

/// PTX's `.scope` qualifier for a thread scope: `sys`, `gpu`, `cta`.
/// `thread` is `cta`: a stronger scope is always correct, and PTX has no
/// narrower one.
llvm::StringRef getPtxScope(ThreadScope scope);
} // namespace cudapy::simt

#endif // CUDAPY_DIALECTS_SIMT_IR_SIMTOPS_H
