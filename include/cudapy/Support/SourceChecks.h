//===- SourceChecks.h - input the MLIR parser and verifier cannot take ----===//
//
// Checks of MLIR source text and of a freshly parsed, not yet verified
// module, for input on which upstream's parser or verifier would crash the
// process instead of reporting an error. The C API runs them around
// parsing (parse, checkParsedModule, verify); `cudapy-check-input` (the
// first pass of the pipeline) checks what verified input the lowering
// cannot take.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_SOURCECHECKS_H
#define CUDAPY_SUPPORT_SOURCECHECKS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace cudapy {

/// The deepest nesting of brackets ( [ { < that source text may have: the
/// parser recurses once (several frames) per level.
constexpr unsigned kMaxSourceNesting = 256;

/// Emits an error (at a FileLineColLoc of `sourceName`) and fails for text
/// the parser would crash on: nesting deeper than kMaxSourceNesting, a
/// dense array of `index` elements. Strings and comments are skipped.
mlir::LogicalResult checkSourceText(llvm::StringRef text,
                                    llvm::StringRef sourceName,
                                    mlir::MLIRContext *context);

/// Emits an error and fails for a parsed, unverified module that the
/// verifier would crash on (an `llvm.mlir.global` without an integer
/// `addr_space`, which symbol-use verification reads as one).
mlir::LogicalResult checkParsedModule(mlir::Operation *module);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_SOURCECHECKS_H
