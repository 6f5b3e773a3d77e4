/*===- options.c - fuzz target: compile options from JSON ----------------===*\
|*                                                                            *|
|* libFuzzer target over cudapyCompileOptionsParseJSON and the options'      *|
|* printer: arbitrary bytes are either applied or refused with one message,  *|
|* and the options print either way. docs/Fuzzing.md.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "cudapy-c/Compiler.h"

#include <stdint.h>
#include <stdlib.h>

static void count(MlirStringRef text, void *userData) {
  *(size_t *)userData += text.length;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  size_t messages = 0, printed = 0;
  MlirStringRef json = {(const char *)data, size};
  MlirLogicalResult parsed =
      cudapyCompileOptionsParseJSON(options, json, count, &messages);
  // A refusal says why; an acceptance says nothing.
  if (mlirLogicalResultIsFailure(parsed) != (messages > 0))
    abort();
  cudapyCompileOptionsPrint(options, count, &printed);
  if (!printed)
    abort();
  cudapyCompileOptionsDestroy(options);
  return 0;
}
