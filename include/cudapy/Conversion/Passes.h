//===- Passes.h - cudapy conversion passes ----------------------*- C++ -*-===//

#ifndef CUDAPY_CONVERSION_PASSES_H
#define CUDAPY_CONVERSION_PASSES_H

#include "dialects/Py/IR/PyDialect.h"
#include "dialects/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace cudapy {

#define GEN_PASS_DECL
#include "cudapy/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
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

#endif // CUDAPY_CONVERSION_PASSES_H
