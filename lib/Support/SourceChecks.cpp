//===- SourceChecks.cpp - input the MLIR parser and verifier cannot take --===//

#include "cudapy/Support/SourceChecks.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {
bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' || c == '!' ||
         c == '#' || c == '-';
}
} // namespace

LogicalResult cudapy::checkSourceText(llvm::StringRef text,
                                      llvm::StringRef sourceName,
                                      MLIRContext *context) {
  unsigned line = 1, column = 1, depth = 0;
  auto here = [&] {
    return FileLineColLoc::get(context, sourceName, line, column);
  };
  size_t i = 0;
  auto advance = [&] {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++i;
  };
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      // A string literal, with backslash escapes; it ends at the line.
      advance();
      while (i < text.size() && text[i] != '"' && text[i] != '\n') {
        if (text[i] == '\\' && i + 1 < text.size())
          advance();
        advance();
      }
      if (i < text.size())
        advance();
      continue;
    }
    if (c == '/' && text.substr(i).starts_with("//")) {
      while (i < text.size() && text[i] != '\n')
        advance();
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxSourceNesting)
        return emitError(here()) << "the source nests brackets deeper than "
                                 << kMaxSourceNesting << " levels";
    } else if ((c == ')' || c == ']' || c == '}' ||
                (c == '>' && (i == 0 || text[i - 1] != '-'))) &&
               depth > 0) {
      --depth;
    }
    // `array<index: …>`: the dense array parser takes the element width of
    // its type, which `index` does not have.
    if (c == 'a' && text.substr(i).starts_with("array<") &&
        (i == 0 || !isIdentifierChar(text[i - 1]))) {
      llvm::StringRef element = text.substr(i + 6).ltrim();
      if (element.starts_with("index") &&
          (element.size() == 5 || !isIdentifierChar(element[5])))
        return emitError(here()) << "a dense array cannot hold 'index' "
                                    "elements; use i64 (array<i64: ...>)";
    }
    advance();
  }
  return success();
}

LogicalResult cudapy::checkParsedModule(Operation *module) {
  WalkResult walked = module->walk([](Operation *op) {
    if (op->getName().getStringRef() != "llvm.mlir.global")
      return WalkResult::advance();
    // The parser leaves the property empty when given another kind of
    // attribute (`addr_space = i32`); the symbol-use verifier of an
    // llvm.mlir.addressof reads it before the global's own verifier says so.
    if (!isa_and_nonnull<IntegerAttr>(op->getAttr("addr_space"))) {
      op->emitError() << "'addr_space' must be an i32 integer";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}
