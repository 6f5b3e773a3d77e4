/*===- compile.c - C API: compiling through the pipeline ------------------===*\
|*                                                                            *|
|* Compiles MLIR text and an MlirModule to PTX through the C API, checks the  *|
|* metadata JSON, and shows that errors come back as diagnostics: the library *|
|* prints nothing (stderr must stay empty).                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-compile 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-compile > /dev/null %}

// CHECK: api version: 200

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Registration.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kVectorAdd[] =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>,\n"
    "                   %c: memref<?xf32>, %n: index) kernel {\n"
    "      %i = gpu.global_id x\n"
    "      %ok = arith.cmpi ult, %i, %n : index\n"
    "      scf.if %ok {\n"
    "        %x = memref.load %a[%i] : memref<?xf32>\n"
    "        %y = memref.load %b[%i] : memref<?xf32>\n"
    "        %s = arith.addf %x, %y : f32\n"
    "        memref.store %s, %c[%i] : memref<?xf32>\n"
    "      }\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "}\n";

static const char kBroken[] = "module attributes {gpu.container_module} {\n"
                              "  gpu.module @kernels {\n"
                              "    gpu.func @k(%a: f32) kernel {\n"
                              "      %0 = arith.addf %a, %a : f64\n"
                              "      gpu.return\n"
                              "    }\n"
                              "  }\n"
                              "}\n";

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

/// Prints the first line of `text` that contains `needle`.
static void printLineWith(MlirStringRef text, const char *needle) {
  const char *end = text.data + text.length;
  for (const char *line = text.data; line < end;) {
    const char *next = memchr(line, '\n', (size_t)(end - line));
    size_t length = next ? (size_t)(next - line) : (size_t)(end - line);
    char buffer[256];
    size_t copied = length < sizeof(buffer) - 1 ? length : sizeof(buffer) - 1;
    memcpy(buffer, line, copied);
    buffer[copied] = '\0';
    if (strstr(buffer, needle)) {
      printf("%s\n", buffer);
      return;
    }
    line = next ? next + 1 : end;
  }
  printf("(no line with '%s')\n", needle);
}

static void printDiagnostics(CudapyCompileResult result) {
  for (intptr_t i = 0; i < cudapyCompileResultGetNumDiagnostics(result); ++i) {
    CudapyDiagnosticInfo diag = cudapyCompileResultGetDiagnostic(result, i);
    printf("diagnostic %d: severity=%d %.*s:%u:%u %.*s\n", (int)i,
           (int)diag.severity, (int)diag.file.length, diag.file.data, diag.line,
           diag.column, (int)diag.message.length, diag.message.data);
  }
}

static void testCompileSource(void) {
  printf("== compile source\n");
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options, str("sm_80"));
  CudapyCompileResult result =
      cudapyCompileSource(str(kVectorAdd), str("vadd.mlir"), options);
  printf("succeeded: %d outputs: %d diagnostics: %d\n",
         cudapyCompileResultSucceeded(result),
         (int)cudapyCompileResultGetNumOutputs(result),
         (int)cudapyCompileResultGetNumDiagnostics(result));
  MlirStringRef name = cudapyCompileResultGetOutputName(result, 0);
  MlirStringRef chip = cudapyCompileResultGetOutputChip(result, 0);
  printf("output 0: module %.*s chip %.*s\n", (int)name.length, name.data,
         (int)chip.length, chip.data);
  MlirStringRef ptx = cudapyCompileResultGetOutput(result, 0);
  printLineWith(ptx, ".version");
  printLineWith(ptx, ".target");
  printLineWith(ptx, ".entry");

  // The metadata is valid JSON and describes the kernel.
  MlirStringRef json = cudapyCompileResultGetMetadataJSON(result);
  cJSON *root = cJSON_ParseWithLength(json.data, json.length);
  cJSON *kernels = cJSON_GetObjectItem(root, "kernels");
  cJSON *kernel = cJSON_GetArrayItem(kernels, 0);
  cJSON *params = cJSON_GetObjectItem(kernel, "params");
  printf("kernels: %d name: %s chip: %s ptx: %s params: %d\n",
         cJSON_GetArraySize(kernels),
         cJSON_GetStringValue(cJSON_GetObjectItem(kernel, "name")),
         cJSON_GetStringValue(cJSON_GetObjectItem(kernel, "chip")),
         cJSON_GetStringValue(cJSON_GetObjectItem(kernel, "ptx_version")),
         cJSON_GetArraySize(params));
  int total = 0;
  cJSON *param;
  cJSON_ArrayForEach(param, params) {
    total += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(param, "size"));
  }
  printf("parameter bytes: %d\n", total);
  cJSON_Delete(root);
  cudapyCompileResultDestroy(result);
  cudapyCompileOptionsDestroy(options);
}
// CHECK-LABEL: == compile source
// CHECK-NEXT: succeeded: 1 outputs: 1 diagnostics: 0
// CHECK-NEXT: output 0: module kernels chip sm_80
// CHECK-NEXT: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK-NEXT: .visible .entry vadd(
// 3 memref descriptors of 5 words and one index.
// CHECK-NEXT: kernels: 1 name: vadd chip: sm_80 ptx: 7.0 params: 16
// CHECK-NEXT: parameter bytes: 128

static void testDiagnostics(void) {
  printf("== diagnostics\n");
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  CudapyCompileResult result =
      cudapyCompileSource(str(kBroken), str("broken.mlir"), options);
  printf("succeeded: %d outputs: %d\n", cudapyCompileResultSucceeded(result),
         (int)cudapyCompileResultGetNumOutputs(result));
  printDiagnostics(result);
  MlirStringRef json = cudapyCompileResultGetMetadataJSON(result);
  printf("metadata: %.*s\n", (int)json.length, json.data);
  cudapyCompileResultDestroy(result);

  // Options are validated when the compile runs.
  cudapyCompileOptionsSetChip(options, str("sm_42"));
  result = cudapyCompileSource(str(kVectorAdd), str("vadd.mlir"), options);
  printf("succeeded: %d\n", cudapyCompileResultSucceeded(result));
  MlirStringRef text = cudapyCompileResultGetDiagnosticsText(result);
  printf("%.*s", (int)text.length, text.data);
  cudapyCompileResultDestroy(result);

  // A libdevice function without libdevice.
  cudapyCompileOptionsSetChip(options, str("sm_90"));
  cudapyCompileOptionsSetLibdevicePath(options,
                                       str("/nonexistent/libdevice.bc"));
  result =
      cudapyCompileSource(str("module attributes {gpu.container_module} {\n"
                              "  gpu.module @m {\n"
                              "    gpu.func @k(%x: memref<?xf32>) kernel {\n"
                              "      %c0 = arith.constant 0 : index\n"
                              "      %v = memref.load %x[%c0] : memref<?xf32>\n"
                              "      %e = math.exp %v : f32\n"
                              "      memref.store %e, %x[%c0] : memref<?xf32>\n"
                              "      gpu.return\n"
                              "    }\n"
                              "  }\n"
                              "}\n"),
                          str("exp.mlir"), options);
  printf("succeeded: %d\n", cudapyCompileResultSucceeded(result));
  printDiagnostics(result);
  cudapyCompileResultDestroy(result);
  cudapyCompileOptionsDestroy(options);
}
// CHECK-LABEL: == diagnostics
// CHECK-NEXT: succeeded: 0 outputs: 0
// CHECK-NEXT: diagnostic 0: severity=0 broken.mlir:4:23 use of value '%a' expects different type than prior uses: 'f64' vs 'f32'
// CHECK-NEXT: diagnostic 1: severity=2 broken.mlir:3:17 prior use here
// CHECK-NEXT: metadata: {}
// CHECK-NEXT: succeeded: 0
// CHECK-NEXT: vadd.mlir:1:1: error: invalid compile options: unknown chip 'sm_42'
// CHECK-NEXT: succeeded: 0
// CHECK-NEXT: diagnostic 0: severity=0 {{.*}} '__nv_expf' is a libdevice function, but libdevice is not at '/nonexistent/libdevice.bc'; install the CUDA toolkit or set the libdevice path

/// Text a print callback receives, and in how many calls.
struct Text {
  char *data;
  size_t length;
  int calls;
};

static void appendText(MlirStringRef piece, void *userData) {
  struct Text *text = (struct Text *)userData;
  text->data = (char *)realloc(text->data, text->length + piece.length + 1);
  memcpy(text->data + text->length, piece.data, piece.length);
  text->length += piece.length;
  text->data[text->length] = '\0';
  ++text->calls;
}

static void testCompileModule(void) {
  printf("== compile module\n");
  MlirContext context = cudapyContextCreate();
  MlirModule module = mlirModuleCreateParse(context, str(kVectorAdd));

  // cudapyOperationPrint: the text mlirOperationPrintWithFlags gives, in
  // one call of the callback.
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  struct Text whole = {0}, pieces = {0};
  cudapyOperationPrint(mlirModuleGetOperation(module), flags, appendText,
                       &whole);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags, appendText,
                              &pieces);
  printf("printed in %d call(s), the same text: %d, with locations: %d\n",
         whole.calls,
         whole.length == pieces.length && pieces.calls > 1 &&
             !memcmp(whole.data, pieces.data, whole.length),
         strstr(whole.data, "loc(") != NULL);
  free(whole.data);
  free(pieces.data);
  mlirOpPrintingFlagsDestroy(flags);

  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_LLVM);
  CudapyCompileResult result = cudapyCompileModule(module, options);
  printf("succeeded: %d outputs: %d\n", cudapyCompileResultSucceeded(result),
         (int)cudapyCompileResultGetNumOutputs(result));
  printLineWith(cudapyCompileResultGetOutput(result, 0), "define ptx_kernel");
  cudapyCompileResultDestroy(result);

  // The module was rewritten in place: its gpu.module is now a gpu.binary.
  MlirOperation op = mlirModuleGetOperation(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirIdentifier first = mlirOperationGetName(mlirBlockGetFirstOperation(body));
  MlirStringRef firstName = mlirIdentifierStr(first);
  printf("first op: %.*s\n", (int)firstName.length, firstName.data);

  mlirModuleDestroy(module);

  // The context serves a second module after the first (the frontends
  // keep theirs from kernel to kernel).
  module = mlirModuleCreateParse(context, str(kVectorAdd));
  result = cudapyCompileModule(module, options);
  printf("again in the same context: succeeded: %d\n",
         cudapyCompileResultSucceeded(result));
  printLineWith(cudapyCompileResultGetOutput(result, 0), "define ptx_kernel");
  cudapyCompileResultDestroy(result);
  mlirModuleDestroy(module);
  cudapyCompileOptionsDestroy(options);
  mlirContextDestroy(context);
}
// CHECK-LABEL: == compile module
// CHECK-NEXT: printed in 1 call(s), the same text: 1, with locations: 1
// CHECK-NEXT: succeeded: 1 outputs: 1
// CHECK-NEXT: define ptx_kernel void @vadd(
// CHECK-NEXT: first op: gpu.binary
// CHECK-NEXT: again in the same context: succeeded: 1
// CHECK-NEXT: define ptx_kernel void @vadd(

struct ThreadJob {
  CudapyCompileOptions options;
  char *ptx;
};

static void *compileInThread(void *argument) {
  struct ThreadJob *job = argument;
  CudapyCompileResult result =
      cudapyCompileSource(str(kVectorAdd), str("vadd.mlir"), job->options);
  if (cudapyCompileResultSucceeded(result)) {
    MlirStringRef ptx = cudapyCompileResultGetOutput(result, 0);
    job->ptx = malloc(ptx.length + 1);
    memcpy(job->ptx, ptx.data, ptx.length);
    job->ptx[ptx.length] = '\0';
  }
  cudapyCompileResultDestroy(result);
  return NULL;
}

static void testThreads(void) {
  printf("== threads\n");
  enum { kThreads = 4 };
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  pthread_t threads[kThreads];
  struct ThreadJob jobs[kThreads];
  for (int i = 0; i < kThreads; ++i) {
    jobs[i].options = options;
    jobs[i].ptx = NULL;
    pthread_create(&threads[i], NULL, compileInThread, &jobs[i]);
  }
  int same = 1;
  for (int i = 0; i < kThreads; ++i) {
    pthread_join(threads[i], NULL);
    same &= jobs[i].ptx && jobs[0].ptx && !strcmp(jobs[i].ptx, jobs[0].ptx);
  }
  printf("%d concurrent compiles, identical PTX: %d\n", kThreads, same);
  for (int i = 0; i < kThreads; ++i)
    free(jobs[i].ptx);
  cudapyCompileOptionsDestroy(options);
}
// CHECK-LABEL: == threads
// CHECK-NEXT: 4 concurrent compiles, identical PTX: 1

int main(void) {
  printf("api version: %d\n", cudapyGetApiVersion());
  testCompileSource();
  testDiagnostics();
  testCompileModule();
  testThreads();
  return 0;
}
