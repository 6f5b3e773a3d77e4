//===- Passes.h - py dialect passes -----------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H
#define CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H

#include "dialects/Py/IR/PyOps.h"

#include "mlir/Pass/Pass.h"

namespace cudapy::py {

#define GEN_PASS_DECL
#include "dialects/Py/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/Py/Transforms/Passes.h.inc"

} // namespace cudapy::py

#endif // CUDAPY_DIALECTS_PY_TRANSFORMS_PASSES_H
