/*===- bad_input.c - C API: bad input never kills the process -------------===*\
|*                                                                            *|
|* Null handles, null strings and callbacks, indices out of range, an emit    *|
|* kind out of range, source the MLIR parser would overflow its stack on, and *|
|* a compile that crashes (CUDAPY_TEST_CRASH) or hits an LLVM fatal error:    *|
|* each is an error result or a harmless no-op, and the process goes on to    *|
|* compile again. (Found by fuzzing: ../shared/bugs/fuzz-2026-11-24.)         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-bad_input 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-bad_input > /dev/null %}
// RUN: env CUDAPY_TEST_CRASH=signal ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 cudapy-capi-bad_input crash 2> %t.signal.stderr | FileCheck %s --check-prefix=SIGNAL
// RUN: count 0 < %t.signal.stderr
// RUN: env CUDAPY_TEST_CRASH=fatal ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 cudapy-capi-bad_input crash 2> %t.fatal.stderr | FileCheck %s --check-prefix=FATAL
// RUN: count 0 < %t.fatal.stderr

#include "cudapy-c/Compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

static const char kKernel[] = "gpu.module @m {\n"
                              "  gpu.func @k(%p: memref<4xf32>) kernel {\n"
                              "    gpu.return\n"
                              "  }\n"
                              "}\n";

/// Prints whether the result succeeded, its outputs and its first error.
static void show(const char *what, CudapyCompileResult result) {
  printf("%s: %s, %ld outputs", what,
         cudapyCompileResultSucceeded(result) ? "ok" : "failed",
         (long)cudapyCompileResultGetNumOutputs(result));
  if (cudapyCompileResultGetNumDiagnostics(result) > 0) {
    CudapyDiagnosticInfo info = cudapyCompileResultGetDiagnostic(result, 0);
    printf(": ");
    if (info.file.length)
      printf("%.*s:%u:%u: ", (int)info.file.length, info.file.data, info.line,
             info.column);
    printf("%.*s", (int)info.message.length, info.message.data);
  }
  printf("\n");
  cudapyCompileResultDestroy(result);
}

static void printCallback(MlirStringRef text, void *userData) {
  (void)userData;
  printf("%.*s", (int)text.length, text.data);
}

/// A compile that crashes (CUDAPY_TEST_CRASH is set), then one that works.
static int crash(void) {
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  show("source", cudapyCompileSource(str(kKernel), str("k.mlir"), options));
  // SIGNAL: source: failed, 0 outputs: internal error: the compiler crashed (signal 11); the input is saved in '{{.*}}cudapy-crash-{{.*}}.mlir'. Please report it.
  // FATAL: source: failed, 0 outputs: internal error: the compiler stopped on an LLVM fatal error (CUDAPY_TEST_CRASH=fatal); the input is saved in '{{.*}}'. Please report it.
  unsetenv("CUDAPY_TEST_CRASH");
  show("again", cudapyCompileSource(str(kKernel), str("k.mlir"), options));
  // SIGNAL-NEXT: again: ok, 1 outputs
  // FATAL-NEXT: again: ok, 1 outputs
  cudapyCompileOptionsDestroy(options);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "crash"))
    return crash();

  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  CudapyCompileOptions none = {NULL};
  CudapyCompileResult noResult = {NULL};
  MlirStringRef nothing = {NULL, 0};

  // Sources: none at all is an empty module; a null pointer with a length
  // is refused; so are null options and a null module.
  show("empty", cudapyCompileSource(nothing, nothing, options));
  // CHECK: empty: ok, 0 outputs
  MlirStringRef dangling = {NULL, 10};
  show("null source", cudapyCompileSource(dangling, str("x.mlir"), options));
  // CHECK-NEXT: null source: failed, 0 outputs: cudapyCompileSource: the source is null
  show("null options", cudapyCompileSource(str(kKernel), str("k.mlir"), none));
  // CHECK-NEXT: null options: failed, 0 outputs: cudapyCompileSource: the compile options handle is null
  MlirModule noModule = {NULL};
  show("null module", cudapyCompileModule(noModule, options));
  // CHECK-NEXT: null module: failed, 0 outputs: cudapyCompileModule: the module is null

  // Setters and the printer ignore a null handle; the printer a null
  // callback. The JSON reader says what is wrong.
  cudapyCompileOptionsSetChip(none, str("sm_90"));
  cudapyCompileOptionsSetEmit(none, CUDAPY_EMIT_MLIR);
  cudapyCompileOptionsSetDumpIR(none, str("/tmp"), nothing);
  cudapyCompileOptionsPrint(none, printCallback, NULL);
  cudapyCompileOptionsPrint(options, NULL, NULL);
  cudapyCompileOptionsDestroy(none);
  cudapyCompileOptionsParseJSON(none, str("{}"), printCallback, NULL);
  printf("\n");
  // CHECK-NEXT: the compile options handle is null
  cudapyCompileOptionsParseJSON(options, nothing, printCallback, NULL);
  printf("\n");
  // CHECK-NEXT: compile options are not valid JSON (no text)

  // Getters of a null result and out-of-range indices give empty values.
  CudapyDiagnosticInfo info = cudapyCompileResultGetDiagnostic(noResult, 0);
  printf("null result: %d %ld %zu %zu %zu %zu\n",
         cudapyCompileResultSucceeded(noResult),
         (long)cudapyCompileResultGetNumOutputs(noResult),
         cudapyCompileResultGetOutput(noResult, 0).length,
         cudapyCompileResultGetMetadataJSON(noResult).length,
         info.message.length, info.file.length);
  // CHECK-NEXT: null result: 0 0 0 2 0 0
  cudapyCompileResultDestroy(noResult);
  CudapyCompileResult result =
      cudapyCompileSource(str(kKernel), str("k.mlir"), options);
  printf("out of range: %zu %zu %zu %zu %zu\n",
         cudapyCompileResultGetOutput(result, 1).length,
         cudapyCompileResultGetOutput(result, -1).length,
         cudapyCompileResultGetOutputName(result, 7).length,
         cudapyCompileResultGetOutputChip(result, -3).length,
         cudapyCompileResultGetDiagnostic(result, 5).message.length);
  // CHECK-NEXT: out of range: 0 0 0 0 0
  cudapyCompileResultDestroy(result);

  // An emit kind that is not one.
  CudapyCompileOptions odd = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetEmit(odd, (CudapyEmitKind)99);
  show("emit 99", cudapyCompileSource(str(kKernel), str("k.mlir"), odd));
  // CHECK-NEXT: emit 99: failed, 0 outputs: k.mlir:0:0: invalid compile options: emit must be 'ptx', 'cubin', 'cubin-or-ptx', 'llvm' or 'mlir', not 'CudapyEmitKind 99'
  cudapyCompileOptionsDestroy(odd);

  // Brackets 100000 deep: the parser would overflow its stack.
  size_t depth = 100000;
  char *deep = malloc(2 * depth + 64);
  char *end = deep + sprintf(deep, "module attributes {x.a = ");
  for (size_t i = 0; i < depth; ++i)
    *end++ = '[';
  for (size_t i = 0; i < depth; ++i)
    *end++ = ']';
  strcpy(end, "} {}\n");
  show("deep", cudapyCompileSource(str(deep), str("deep.mlir"), options));
  // CHECK-NEXT: deep: failed, 0 outputs: deep.mlir:1:281: the source nests brackets deeper than 256 levels
  free(deep);

  show("fine", cudapyCompileSource(str(kKernel), str("k.mlir"), options));
  // CHECK-NEXT: fine: ok, 1 outputs
  cudapyCompileOptionsDestroy(options);
  return 0;
}
