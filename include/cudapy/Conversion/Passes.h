//===- Passes.h - cudapy conversion passes ----------------------*- C++ -*-===//
//
// All of cudapy's conversions and their registration, for the pipeline and
// the tools. A library that needs one conversion includes its own header
// (PyToLLVM.h, SimtToGPU.h, SimtToLLVM.h, TileToLLVM.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_PASSES_H
#define CUDAPY_CONVERSION_PASSES_H

#include "cudapy/Conversion/PyToLLVM.h"
#include "cudapy/Conversion/SimtToGPU.h"
#include "cudapy/Conversion/SimtToLLVM.h"
#include "cudapy/Conversion/TileToLLVM.h"

namespace cudapy {

#define GEN_PASS_REGISTRATION
#include "cudapy/Conversion/Passes.h.inc"

} // namespace cudapy

#endif // CUDAPY_CONVERSION_PASSES_H
