//===- SimtToLLVM.h - the simt ops with py values to LLVM -------*- C++ -*-===//
//
// The simt ops whose values are py types (memories, warp shuffles, numeric
// intrinsics, atomics) lower with the py types' converter, inside
// convert-py-to-llvm; the rest go through convert-simt-to-gpu first.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_SIMTTOLLVM_H
#define CUDAPY_CONVERSION_SIMTTOLLVM_H

#include "cudapy/Conversion/PyToLLVM.h"

namespace cudapy {

/// Patterns lowering those simt ops.
void populateSimtToLLVMConversionPatterns(PyToLLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns,
                                          const PyToLLVMOptions &options);

/// Marks those simt ops illegal in `target`.
void configureSimtToLLVMConversionLegality(mlir::ConversionTarget &target);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_SIMTTOLLVM_H
