/*===- compile.c - fuzz target: MLIR text through the whole pipeline ------===*\
|*                                                                            *|
|* libFuzzer target over cudapyCompileSource. The first byte picks the       *|
|* options (what to emit, the optimisation level, the chip); the rest is the  *|
|* MLIR source. Beyond sanitizer reports and crashes, a result that breaks    *|
|* the C API's contract stops the run: a failure without an error, a success  *|
|* with one, or an internal error (a crash the library recovered from).       *|
|* docs/Fuzzing.md says how to build and run it.                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "cudapy-c/Compiler.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kNumOptions = 12 };
static CudapyCompileOptions options[kNumOptions];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  // Crashes must reach the fuzzer (with their stack), not become results.
  setenv("CUDAPY_CRASH_RECOVERY", "off", 1);
  static const CudapyEmitKind emits[] = {CUDAPY_EMIT_MLIR, CUDAPY_EMIT_LLVM,
                                         CUDAPY_EMIT_PTX};
  static const char *chips[] = {"sm_90a", "sm_80"};
  for (int i = 0; i < kNumOptions; ++i) {
    options[i] = cudapyCompileOptionsCreate();
    cudapyCompileOptionsSetEmit(options[i], emits[i % 3]);
    cudapyCompileOptionsSetOptLevel(options[i], (i / 3) % 2 ? 0 : 3);
    cudapyCompileOptionsSetChip(options[i],
                                mlirStringRefCreateFromCString(chips[i / 6]));
  }
  return 0;
}

static int hasError(CudapyCompileResult result, const char *prefix) {
  for (intptr_t i = 0; i < cudapyCompileResultGetNumDiagnostics(result); ++i) {
    CudapyDiagnosticInfo info = cudapyCompileResultGetDiagnostic(result, i);
    if (info.severity == CUDAPY_DIAGNOSTIC_ERROR &&
        (!prefix || (info.message.length >= strlen(prefix) &&
                     !memcmp(info.message.data, prefix, strlen(prefix)))))
      return 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  CudapyCompileOptions chosen = options[data[0] % kNumOptions];
  MlirStringRef source = {(const char *)data + 1, size - 1};
  CudapyCompileResult result = cudapyCompileSource(
      source, mlirStringRefCreateFromCString("fuzz.mlir"), chosen);
  int succeeded = cudapyCompileResultSucceeded(result);
  int broken =
      succeeded ? hasError(result, NULL)
                : !hasError(result, NULL) || hasError(result, "internal error");
  if (broken) {
    MlirStringRef text = cudapyCompileResultGetDiagnosticsText(result);
    fprintf(stderr, "cudapy fuzz: %s result breaks the contract:\n%.*s\n",
            succeeded ? "a successful" : "a failed", (int)text.length,
            text.data);
    abort();
  }
  cudapyCompileResultDestroy(result);
  return 0;
}
