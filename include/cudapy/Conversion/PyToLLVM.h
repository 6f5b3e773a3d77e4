//===- PyToLLVM.h - the py dialect to LLVM ----------------------*- C++ -*-===//
//
// convert-py-to-llvm and its pieces: the py types' register representation
// and the patterns lowering every py op. The simt ops, whose values are py
// types, have their patterns in SimtToLLVM.h; the pass uses both.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_PYTOLLVM_H
#define CUDAPY_CONVERSION_PYTOLLVM_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace cudapy {

#define GEN_PASS_DECL_CONVERTPYTOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"

/// The py types' register representation (see convert-py-to-llvm).
class PyToLLVMTypeConverter : public mlir::TypeConverter {
public:
  explicit PyToLLVMTypeConverter(mlir::MLIRContext *context);
};

struct PyToLLVMOptions {
  bool boundsCheck = false;
};

/// Patterns lowering the explicit form of every py op.
void populatePyToLLVMConversionPatterns(PyToLLVMTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns,
                                        const PyToLLVMOptions &options);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_PYTOLLVM_H
