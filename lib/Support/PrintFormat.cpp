//===- PrintFormat.cpp - device print formats -----------------------------===//
//
// CUDA's printf takes any combination of flags, width, precision, size and
// type (CUDA C++ Programming Guide 7.34.1) and reads each argument by the
// size its conversion names; cudapy accepts the subset that matches the
// values it passes (integers of 32 or 64 bits, doubles), so that no format
// can read past or misread its arguments.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/PrintFormat.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

bool cudapy::PrintConversion::takesInteger() const {
  return StringRef("diuoxXc").contains(letter);
}

FailureOr<SmallVector<cudapy::PrintConversion>>
cudapy::parsePrintFormat(StringRef format, size_t &bad) {
  SmallVector<PrintConversion> conversions;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%')
      continue;
    size_t start = i++;
    if (i < format.size() && format[i] == '%')
      continue;
    while (i < format.size() && StringRef("-+ #0").contains(format[i]))
      ++i;
    while (i < format.size() && isDigit(format[i]))
      ++i;
    if (i < format.size() && format[i] == '.') {
      ++i;
      while (i < format.size() && isDigit(format[i]))
        ++i;
    }
    int longs = 0;
    while (i < format.size() && format[i] == 'l' && longs < 2)
      ++longs, ++i;
    if (i >= format.size() ||
        !StringRef("diuoxXceEfFgGaA").contains(format[i])) {
      bad = start;
      return failure();
    }
    conversions.push_back({start, i + 1, longs, format[i]});
  }
  return conversions;
}

std::string cudapy::describeBadPrintConversion(StringRef format, size_t bad) {
  size_t end = bad + 1;
  while (end < format.size() &&
         !isAlpha(format[end] == 'l' ? '0' : format[end]))
    ++end;
  return "'" + format.substr(bad, end + 1 - bad).str() +
         "' of its format: it takes d, i, u, o, x, X or c (with an l or ll "
         "length for 64-bit integers), or e, E, f, F, g, G, a or A, after "
         "flags, a width and a precision";
}

FailureOr<SmallVector<cudapy::PrintConversion>>
cudapy::parsePrintFormatFor(StringRef format, size_t count,
                            std::string &error) {
  size_t bad = 0;
  FailureOr<SmallVector<PrintConversion>> conversions =
      parsePrintFormat(format, bad);
  if (failed(conversions)) {
    error = "cannot print the conversion " +
            describeBadPrintConversion(format, bad);
    return failure();
  }
  if (conversions->size() != count) {
    error = "has " + std::to_string(conversions->size()) +
            " conversions in its format for " + std::to_string(count) +
            " values";
    return failure();
  }
  return conversions;
}

std::optional<std::string>
cudapy::checkPrintValue(const PrintConversion &conversion, bool isInteger,
                        bool isFloat, unsigned bits) {
  bool wantsInteger = conversion.takesInteger();
  if ((!isInteger && !isFloat) || isInteger != wantsInteger)
    return " with '%" + std::string(1, conversion.letter) + "', which takes " +
           (wantsInteger ? "an integer or bool" : "a float");
  bool wide = isInteger && bits == 64;
  if (isInteger && (conversion.longs > 0) != wide)
    return std::string(" with a conversion ") + (wide ? "without" : "with") +
           " an l length; 64-bit integers take l or ll, narrower ones none";
  return std::nullopt;
}
