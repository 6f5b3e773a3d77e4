//===- InlinePtx.h - PTX the LLVM dialect has no op for ---------*- C++ -*-===//

#ifndef CUDAPY_SUPPORT_INLINEPTX_H
#define CUDAPY_SUPPORT_INLINEPTX_H

#include "mlir/IR/Builders.h"

namespace cudapy {

/// An `llvm.inline_asm` with side effects running the PTX `text` on
/// `operands` under `constraints` (LLVM's syntax: "=r,l,r,~{memory}"). Returns
/// its result, or a null value when `result` is null (no result).
mlir::Value createInlinePtx(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Type result, mlir::ValueRange operands,
                            llvm::StringRef text, llvm::StringRef constraints);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_INLINEPTX_H
