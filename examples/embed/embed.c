/*===- embed.c - cudapy embedded in a C program ---------------------------===*\
|*                                                                            *|
|* What a JIT that embeds cudapy does, against an installed cudapy:           *|
|* compile a tile kernel from a string with the compiler C API, load it with  *|
|* the C runtime, fill its arguments, launch it and check the result.         *|
|* Build (docs/CAPI.md): find_package(Cudapy) or pkg-config cudapy            *|
|* cudapy-runtime. Usage: embed [n]. Exit status 0 when c = a + b.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Runtime.h"

#include <stdio.h>
#include <stdlib.h>

/* One tile block (4 warps) adds 1024 elements; the last tile reads zeros
 * past the end and stores only the elements inside. */
static const char kSource[] =
    "gpu.module @embed {\n"
    "  gpu.func @add(%a: !tile.array<?xf32, strides [1]>,\n"
    "                %b: !tile.array<?xf32, strides [1]>,\n"
    "                %c: !tile.array<?xf32, strides [1]>) kernel {\n"
    "    %i = tile.bid 0\n"
    "    %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> "
    "!tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>\n"
    "    %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> "
    "!tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>\n"
    "    %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> "
    "!tile.view<1024, !tile.array<?xf32, strides [1]>>\n"
    "    %x = tile.load %va[%i] : "
    "!tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>\n"
    "    %y = tile.load %vb[%i] : "
    "!tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>\n"
    "    %z = tile.add %x, %y : !tile.tile<1024xf32>\n"
    "    tile.store %z, %vc[%i] : !tile.view<1024, !tile.array<?xf32, strides "
    "[1]>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static MlirStringRef string(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

/* Prints the failed step and its status; returns 1 (the exit status). */
static int fail(const char *step, const CudapyStatus *status) {
  fprintf(stderr, "embed: %s: %s\n", step, status->message);
  return 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
  if (n <= 0) {
    fprintf(stderr, "usage: embed [n > 0]\n");
    return 2;
  }
  CudapyStatus status;
  CudapyDevice device = cudapyDeviceOpen(0, &status);
  if (!device.ptr)
    return fail("open device 0", &status);
  CudapyDeviceInfo info;
  cudapyDeviceGetInfo(device, &info);

  /* Compile for this device's chip. */
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options, string(info.chip));
  CudapyCompileResult compiled =
      cudapyCompileSource(string(kSource), string("embed.mlir"), options);
  cudapyCompileOptionsDestroy(options);
  if (!cudapyCompileResultSucceeded(compiled)) {
    fprintf(stderr, "embed: compile failed:\n%.*s",
            (int)cudapyCompileResultGetDiagnosticsText(compiled).length,
            cudapyCompileResultGetDiagnosticsText(compiled).data);
    return 1;
  }
  MlirStringRef ptx = cudapyCompileResultGetOutput(compiled, 0);
  MlirStringRef metadata = cudapyCompileResultGetMetadataJSON(compiled);
  printf("compiled @add for %s: %zu bytes of PTX\n", info.chip, ptx.length);

  /* Load it and look the kernel up by name. */
  CudapyModule module = cudapyModuleLoad(
      device, ptx.data, ptx.length, metadata.data, metadata.length, &status);
  cudapyCompileResultDestroy(compiled);
  if (!module.ptr)
    return fail("load", &status);
  CudapyKernel kernel = cudapyModuleGetKernel(module, "add", &status);
  if (!kernel.ptr)
    return fail("kernel @add", &status);

  /* Inputs on the host, then on the device. */
  size_t bytes = (size_t)n * sizeof(float);
  float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
  for (long i = 0; i < n; ++i) {
    a[i] = (float)i;
    b[i] = 0.5f * (float)(n - i);
    c[i] = -1.0f;
  }
  uint64_t da = 0, db = 0, dc = 0;
  if (!cudapyMemAlloc(device, bytes, &da, &status) ||
      !cudapyMemAlloc(device, bytes, &db, &status) ||
      !cudapyMemAlloc(device, bytes, &dc, &status) ||
      !cudapyMemcpyHostToDevice(device, da, a, bytes, &status) ||
      !cudapyMemcpyHostToDevice(device, db, b, bytes, &status))
    return fail("device memory", &status);

  /* Arguments: three 1-d tile arrays (pointer, extent, stride). */
  int64_t shape[1] = {n}, strides[1] = {1};
  CudapyArgs args = cudapyArgsCreate(kernel);
  if (!cudapyArgsAddTileArray(args, da, 1, shape, strides, 4, &status) ||
      !cudapyArgsAddTileArray(args, db, 1, shape, strides, 4, &status) ||
      !cudapyArgsAddTileArray(args, dc, 1, shape, strides, 4, &status))
    return fail("arguments", &status);

  /* One tile block per 1024 elements; the kernel knows its block (4 warps),
   * so none is given (the runtime refuses a different one). */
  unsigned grid[3] = {(unsigned)((n + 1023) / 1024), 1, 1};
  if (!cudapyLaunch(kernel, args, grid, NULL, 0, (CudapyStream){NULL}, &status))
    return fail("launch", &status);
  printf("launched %u blocks\n", grid[0]);
  if (!cudapyDeviceSynchronize(device, &status) ||
      !cudapyMemcpyDeviceToHost(device, c, dc, bytes, &status))
    return fail("results", &status);

  long correct = 0;
  for (long i = 0; i < n; ++i)
    correct += c[i] == a[i] + b[i];
  printf("c = a + b: %ld of %ld correct\n", correct, n);

  cudapyArgsDestroy(args);
  cudapyMemFree(device, da, &status);
  cudapyMemFree(device, db, &status);
  cudapyMemFree(device, dc, &status);
  cudapyModuleUnload(module);
  cudapyDeviceClose(device);
  free(a);
  free(b);
  free(c);
  return correct == n ? 0 : 1;
}
