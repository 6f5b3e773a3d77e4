//===- SimtToGPU.h - the simt ops upstream dialects say ---------*- C++ -*-===//
//
// convert-simt-to-gpu: the simt ops that upstream's gpu and nvvm ops already
// express (positions, barriers, votes, shuffles of registers, fences).
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_SIMTTOGPU_H
#define CUDAPY_CONVERSION_SIMTTOGPU_H

#include "mlir/Pass/Pass.h"

namespace cudapy {

#define GEN_PASS_DECL_CONVERTSIMTTOGPUPASS
#include "cudapy/Conversion/Passes.h.inc"

} // namespace cudapy

#endif // CUDAPY_CONVERSION_SIMTTOGPU_H
