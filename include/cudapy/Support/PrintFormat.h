//===- PrintFormat.h - device print formats ---------------------*- C++ -*-===//
//
// The C formats that tile.print and simt.print take (CUDA C++ Programming
// Guide 7.34.1, "Format Specifiers"): the one parser and the one set of
// value checks, shared by both verifiers and both lowerings.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_PRINTFORMAT_H
#define CUDAPY_SUPPORT_PRINTFORMAT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudapy {

/// One conversion of a print format: `format[start, end)` (`%` through the
/// letter), its `l` count and its letter.
struct PrintConversion {
  size_t start, end;
  int longs;
  char letter;

  /// d, i, u, o, x, X or c.
  bool takesInteger() const;
};

/// The conversions of a print format, `%%` skipped; on a conversion the
/// printers cannot print (`*` widths, `s`, `p`, `n`, an unknown letter),
/// the offset of its `%` in `bad` and failure.
mlir::FailureOr<llvm::SmallVector<PrintConversion>>
parsePrintFormat(llvm::StringRef format, size_t &bad);

/// Why the conversion at `bad` (from parsePrintFormat) cannot print: a
/// sentence fragment for "cannot print the conversion …".
std::string describeBadPrintConversion(llvm::StringRef format, size_t bad);

/// The conversions of `format` for `count` values, or failure with what is
/// wrong in `error` (a fragment that follows "op "): a conversion the
/// printers cannot print, or a count of conversions other than `count`.
mlir::FailureOr<llvm::SmallVector<PrintConversion>>
parsePrintFormatFor(llvm::StringRef format, size_t count, std::string &error);

/// Whether a value prints with `conversion`: integers (and bools, `bits`
/// wide) take an integer letter, with an `l` length exactly when 64 bits
/// wide; floats take a float letter. Returns what is wrong, as a fragment
/// that follows "prints value N of type T", or std::nullopt.
std::optional<std::string> checkPrintValue(const PrintConversion &conversion,
                                           bool isInteger, bool isFloat,
                                           unsigned bits);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_PRINTFORMAT_H
