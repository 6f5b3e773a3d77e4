//===- InlinePtx.h - PTX the LLVM dialect has no op for ---------*- C++ -*-===//

#ifndef CUDAPY_CONVERSION_LOWERINGUTILS_INLINEPTX_H
#define CUDAPY_CONVERSION_LOWERINGUTILS_INLINEPTX_H

#include "mlir/IR/Builders.h"

namespace cudapy {

/// An `llvm.inline_asm` running the PTX `text` on `operands` under
/// `constraints` (LLVM's syntax: "=r,l,r,~{memory}"). Returns its result, or
/// a null value when `result` is null (no result). With side effects unless
/// `pure` (arithmetic that only computes its result, which LLVM may then
/// merge, move or drop like any other arithmetic).
mlir::Value createInlinePtx(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Type result, mlir::ValueRange operands,
                            llvm::StringRef text, llvm::StringRef constraints,
                            bool pure = false);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_LOWERINGUTILS_INLINEPTX_H
