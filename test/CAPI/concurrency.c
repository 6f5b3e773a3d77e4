/*===- concurrency.c - C API: many threads compiling at once --------------===*\
|*                                                                            *|
|* 16 threads compile a mix of modules (the files named on the command line)  *|
|* COUNT times each: half through cudapyCompileModule on a context of their   *|
|* own, reused across their compiles, half through cudapyCompileSource (its   *|
|* pool's contexts, each serving one compile at a time and retired after 32): *|
|* with the compile cache off, or on (hits and stores into one cache from     *|
|* many threads). Every output must be byte-identical to a serial compile of  *|
|* the same module. The TSan build runs it with COUNT 200 (docs/Fuzzing.md);  *|
|* the suite with a small COUNT.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && env CUDAPY_CACHE_DIR=%t cudapy-capi-concurrency %if tsan %{200%} %else %{3%} %cudapy_src/examples/vector_add.mlir %cudapy_src/examples/softplus.mlir %cudapy_src/examples/block_sum.mlir %cudapy_src/examples/tile/vector_add.mlir %cudapy_src/examples/tile/softmax.mlir | FileCheck %s
// CHECK: 5 modules, {{[0-9]+}} compiles from 16 threads: identical to the serial compiles

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Registration.h"
#include "mlir-c/IR.h"

#include "Inputs/read_file.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kThreads = 16, kMaxModules = 16 };

static int numModules, count;
static char *sources[kMaxModules];
// The serial compiles, through each path (a module parsed without a file
// name has other locations, so other line info).
static char *expected[kMaxModules], *expectedInContext[kMaxModules];
// Compiles with the cache off (options) and on (cachedOptions).
static CudapyCompileOptions options, cachedOptions;

/// The concatenated outputs of a result, or NULL when it failed.
static char *outputsOf(CudapyCompileResult result) {
  if (!cudapyCompileResultSucceeded(result))
    return NULL;
  size_t total = 1;
  for (intptr_t i = 0; i < cudapyCompileResultGetNumOutputs(result); ++i)
    total += cudapyCompileResultGetOutput(result, i).length;
  char *text = calloc(total, 1), *end = text;
  for (intptr_t i = 0; i < cudapyCompileResultGetNumOutputs(result); ++i) {
    MlirStringRef output = cudapyCompileResultGetOutput(result, i);
    memcpy(end, output.data, output.length);
    end += output.length;
  }
  return text;
}

static char *compileSource(int module, bool cached) {
  CudapyCompileResult result =
      cudapyCompileSource(mlirStringRefCreateFromCString(sources[module]),
                          mlirStringRefCreateFromCString("module.mlir"),
                          cached ? cachedOptions : options);
  char *text = outputsOf(result);
  cudapyCompileResultDestroy(result);
  return text;
}

static char *compileInContext(MlirContext context, int module) {
  MlirModule parsed = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(sources[module]));
  if (mlirModuleIsNull(parsed))
    return NULL;
  CudapyCompileResult result = cudapyCompileModule(parsed, options);
  char *text = outputsOf(result);
  cudapyCompileResultDestroy(result);
  mlirModuleDestroy(parsed);
  return text;
}

static void *work(void *argument) {
  int thread = (int)(intptr_t)argument, mismatches = 0;
  MlirContext context = thread % 2 ? cudapyContextCreate() : (MlirContext){0};
  for (int i = 0; i < count; ++i) {
    int module = (thread + i) % numModules;
    char *text = thread % 2 ? compileInContext(context, module)
                            : compileSource(module, thread % 4 == 2);
    const char *want =
        thread % 2 ? expectedInContext[module] : expected[module];
    if (!text || strcmp(text, want))
      ++mismatches;
    free(text);
  }
  if (thread % 2)
    mlirContextDestroy(context);
  return (void *)(intptr_t)mismatches;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: cudapy-capi-concurrency COUNT MODULE.mlir...\n");
    return 2;
  }
  count = atoi(argv[1]);
  options = cudapyCompileOptionsCreate();
  cachedOptions = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString("sm_80,sm_90a"));
  cudapyCompileOptionsSetChip(cachedOptions,
                              mlirStringRefCreateFromCString("sm_80,sm_90a"));
  cudapyCompileOptionsSetCache(options, false);
  for (int i = 2; i < argc && numModules < kMaxModules; ++i) {
    sources[numModules] = readFile(argv[i]);
    if (!sources[numModules]) {
      fprintf(stderr, "cannot read %s\n", argv[i]);
      return 1;
    }
    expected[numModules] = compileSource(numModules, false);
    MlirContext context = cudapyContextCreate();
    expectedInContext[numModules] = compileInContext(context, numModules);
    mlirContextDestroy(context);
    if (!expected[numModules] || !expectedInContext[numModules]) {
      fprintf(stderr, "%s does not compile\n", argv[i]);
      return 1;
    }
    ++numModules;
  }
  pthread_t threads[kThreads];
  for (int i = 0; i < kThreads; ++i)
    pthread_create(&threads[i], NULL, work, (void *)(intptr_t)i);
  int mismatches = 0;
  for (int i = 0; i < kThreads; ++i) {
    void *result;
    pthread_join(threads[i], &result);
    mismatches += (int)(intptr_t)result;
  }
  if (mismatches)
    printf("%d modules, %d compiles from %d threads: %d differ from the "
           "serial compiles\n",
           numModules, count * kThreads, kThreads, mismatches);
  else
    printf("%d modules, %d compiles from %d threads: identical to the serial "
           "compiles\n",
           numModules, count * kThreads, kThreads);
  for (int i = 0; i < numModules; ++i) {
    free(sources[i]);
    free(expected[i]);
    free(expectedInContext[i]);
  }
  cudapyCompileOptionsDestroy(options);
  cudapyCompileOptionsDestroy(cachedOptions);
  return mismatches != 0;
}
