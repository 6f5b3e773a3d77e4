/*===- tile_runtime.c - C API: a tile kernel through the runtime ----------===*\
|*                                                                            *|
|* Compiles a tile kernel taking two !tile.array arguments (one with dynamic  *|
|* extents and a dynamic row stride, one with a static extent and static      *|
|* strides), loads it with the runtime and fills each array with one          *|
|* cudapyArgsAddTileArray call, after the calls it must refuse; then a list   *|
|* of arrays (cudapyArgsAddTileArrayList and launch records). "fake"          *|
|* (test/Utils/fake-cuda, no GPU) checks the metadata and the packed          *|
|* parameters; "gpu" checks the results against a host computation.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir cudapy-capi-tile_runtime fake | FileCheck %s --check-prefixes=COMMON,FAKE
// RUN: %if valgrind %{ env LD_LIBRARY_PATH=%fake_cuda_dir %valgrind cudapy-capi-tile_runtime fake > /dev/null %}
// RUN: %if cuda-gpu %{ cudapy-capi-tile_runtime gpu | FileCheck %s --check-prefixes=COMMON,GPU %}

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Runtime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// y = 2 x, 4 rows of 64 per tile block; x's base is 16-byte aligned, its
// columns and row stride multiples of 16 (facts the kernel is specialized
// on, which the runtime checks).
static const char kSource[] =
    "gpu.module @m {\n"
    "  gpu.func @scale(%x: !tile.array<?x?xf32, strides [?, 1]>\n"
    "                      {tile.alignment = 16 : i64,\n"
    "                       tile.divisibility = array<i64: 1, 16>,\n"
    "                       tile.stride_divisibility = array<i64: 16, 1>},\n"
    "                  %y: !tile.array<?x64xf32, strides [64, 1]>) kernel {\n"
    "    %i = tile.bid 0\n"
    "    %z = tile.constant dense<0> : !tile.tile<si32>\n"
    "    %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> "
    "!tile.view<4x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>\n"
    "    %vy = tile.make_view %y : !tile.array<?x64xf32, strides [64, 1]> -> "
    "!tile.view<4x64, !tile.array<?x64xf32, strides [64, 1]>>\n"
    "    %t = tile.load %vx[%i, %z] : !tile.view<4x64, !tile.array<?x?xf32, "
    "strides [?, 1]>, padding zero>\n"
    "    %two = tile.constant dense<2.0> : !tile.tile<4x64xf32>\n"
    "    %u = tile.mul %t, %two : !tile.tile<4x64xf32>\n"
    "    tile.store %u, %vy[%i, %z] : !tile.view<4x64, !tile.array<?x64xf32, "
    "strides [64, 1]>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

// fp4 elements, packed two to a byte.
static const char kPackedSource[] =
    "gpu.module @m {\n"
    "  gpu.func @copy4(%a: !tile.array<?xf4E2M1FN, strides [1]>,\n"
    "                  %b: !tile.array<?xf4E2M1FN, strides [1]>) kernel {\n"
    "    %i = tile.bid 0\n"
    "    %va = tile.make_view %a : !tile.array<?xf4E2M1FN, strides [1]> -> "
    "!tile.view<4096, !tile.array<?xf4E2M1FN, strides [1]>>\n"
    "    %vb = tile.make_view %b : !tile.array<?xf4E2M1FN, strides [1]> -> "
    "!tile.view<4096, !tile.array<?xf4E2M1FN, strides [1]>>\n"
    "    %t = tile.load %va[%i] : !tile.view<4096, !tile.array<?xf4E2M1FN, "
    "strides [1]>>\n"
    "    tile.store %t, %vb[%i] : !tile.view<4096, !tile.array<?xf4E2M1FN, "
    "strides [1]>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

// The transpose of a 128x128 float32 tile, which goes through 66,048 bytes
// of shared memory: more than a kernel declares statically, so it is
// dynamic, and each launch adds the kernel's own bytes (the metadata's
// dynamic_shared_bytes) and opts in.
static const char kTransposeSource[] =
    "gpu.module @m {\n"
    "  gpu.func @transpose(%a: !tile.array<128x128xf32, strides [128, 1]>,\n"
    "                      %b: !tile.array<128x128xf32, strides [128, 1]>) "
    "kernel {\n"
    "    %z = tile.constant dense<0> : !tile.tile<si32>\n"
    "    %va = tile.make_view %a : !tile.array<128x128xf32, strides [128, 1]> "
    "-> !tile.view<128x128, !tile.array<128x128xf32, strides [128, 1]>>\n"
    "    %vb = tile.make_view %b : !tile.array<128x128xf32, strides [128, 1]> "
    "-> !tile.view<128x128, !tile.array<128x128xf32, strides [128, 1]>>\n"
    "    %x = tile.load %va[%z, %z] : !tile.view<128x128, "
    "!tile.array<128x128xf32, strides [128, 1]>>\n"
    "    %t = tile.permute %x [1, 0] : !tile.tile<128x128xf32> -> "
    "!tile.tile<128x128xf32>\n"
    "    tile.store %t, %vb[%z, %z] : !tile.view<128x128, "
    "!tile.array<128x128xf32, strides [128, 1]>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

enum { kRows = 10, kCols = 64, kPitch = 80 };

// Lists of arrays: tile block g copies the first 64 elements of array g of
// the list (zeros past its end) to row g of `out`; every array's base is
// 16-byte aligned (a fact of the list, checked per array).
static const char kListSource[] =
    "gpu.module @m {\n"
    "  gpu.func @rows(%as: !tile.list<!tile.array<?xf32, strides [1]>>\n"
    "                     {tile.alignment = 16 : i64},\n"
    "                 %out: !tile.array<?x64xf32, strides [64, 1]>) kernel {\n"
    "    %g = tile.bid 0\n"
    "    %z = tile.constant dense<0> : !tile.tile<si32>\n"
    "    %n = tile.list_len %as : !tile.list<!tile.array<?xf32, strides [1]>>\n"
    "    %in = tile.cmp lt %g, %n : !tile.tile<si32>\n"
    "    %c = tile.to_scalar %in : !tile.tile<i1> -> i1\n"
    "    scf.if %c {\n"
    "      %a = tile.list_get %as[%g] : !tile.list<!tile.array<?xf32, strides "
    "[1]>>\n"
    "      %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> "
    "!tile.view<64, !tile.array<?xf32, strides [1]>, padding zero>\n"
    "      %t = tile.load %va[%z] : !tile.view<64, !tile.array<?xf32, strides "
    "[1]>, padding zero>\n"
    "      %row = tile.reshape %t : !tile.tile<64xf32> -> "
    "!tile.tile<1x64xf32>\n"
    "      %vo = tile.make_view %out : !tile.array<?x64xf32, strides [64, 1]> "
    "-> !tile.view<1x64, !tile.array<?x64xf32, strides [64, 1]>>\n"
    "      tile.store %row, %vo[%g, %z] : !tile.view<1x64, "
    "!tile.array<?x64xf32, strides [64, 1]>>\n"
    "    }\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static void report(const char *what, bool ok, const CudapyStatus *status) {
  if (ok)
    printf("%s: ok\n", what);
  else
    printf("%s: error %d: %s\n", what, (int)status->code, status->message);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *mode = argv[1];
  CudapyStatus status;
  CudapyDevice device = cudapyDeviceOpen(0, &status);
  report("open device 0", device.ptr != NULL, &status);
  // COMMON: open device 0: ok
  if (!device.ptr)
    return 1;
  CudapyDeviceInfo info;
  cudapyDeviceGetInfo(device, &info);

  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString(info.chip));
  CudapyCompileResult compiled = cudapyCompileSource(
      mlirStringRefCreateFromCString(kSource),
      mlirStringRefCreateFromCString("tile_runtime.mlir"), options);
  cudapyCompileOptionsDestroy(options);
  printf("compiled: %d\n", cudapyCompileResultSucceeded(compiled));
  // COMMON-NEXT: compiled: 1
  MlirStringRef ptx = cudapyCompileResultGetOutput(compiled, 0);
  MlirStringRef metadata = cudapyCompileResultGetMetadataJSON(compiled);
  CudapyModule module = cudapyModuleLoad(
      device, ptx.data, ptx.length, metadata.data, metadata.length, &status);
  report("load", module.ptr != NULL, &status);
  // COMMON-NEXT: load: ok
  CudapyKernel kernel = cudapyModuleGetKernel(module, "scale", &status);
  report("kernel", kernel.ptr != NULL, &status);
  // COMMON-NEXT: kernel: ok

  // The metadata: a tile array is its pointer, dynamic extents and dynamic
  // strides.
  for (int a = 0; a < cudapyKernelGetNumArgs(kernel); ++a) {
    CudapyArgInfo arg = cudapyKernelGetArg(kernel, a);
    printf("arg %d: %s tile_array=%d rank=%d element=%zu params %d: shape", a,
           arg.type, arg.isTileArray, arg.rank, arg.elementBytes,
           arg.numParams);
    for (int d = 0; d < arg.rank; ++d)
      printf(" %lld", (long long)arg.shape[d]);
    printf(", strides");
    for (int d = 0; d < arg.rank; ++d)
      printf(" %lld", (long long)arg.strides[d]);
    printf("\n");
  }
  // COMMON-NEXT: arg 0: !tile.array<?x?xf32, strides [?, 1]> tile_array=1 rank=2 element=4 params 4: shape -1 -1, strides -1 1
  // COMMON-NEXT: arg 1: !tile.array<?x64xf32, strides [64, 1]> tile_array=1 rank=2 element=4 params 2: shape -1 64, strides 64 1

  static float host[kRows][kPitch], result[kRows][kCols];
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kPitch; ++j)
      host[i][j] = (float)(i * kPitch + j) * 0.25f;
  uint64_t x = 0, y = 0;
  cudapyMemAlloc(device, sizeof(host), &x, &status);
  cudapyMemAlloc(device, sizeof(result), &y, &status);
  cudapyMemcpyHostToDevice(device, x, host, sizeof(host), &status);
  cudapyMemset(device, y, 0, sizeof(result), &status);

  // x = host[:, :64] (row stride 80 elements); y contiguous.
  int64_t shape[2] = {kRows, kCols}, strides[2] = {kPitch, 1};
  int64_t negative[2] = {-kPitch, 1}, huge[2] = {(int64_t)1 << 31, kCols};
  int64_t narrow[2] = {kRows, 63}, wide[2] = {65, 1};
  CudapyArgs args = cudapyArgsCreate(kernel);
  report("rank 1", cudapyArgsAddTileArray(args, x, 1, shape, NULL, 4, &status),
         &status);
  // COMMON-NEXT: rank 1: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the array has rank 1
  report("8-byte elements",
         cudapyArgsAddTileArray(args, x, 2, shape, strides, 8, &status),
         &status);
  // COMMON-NEXT: 8-byte elements: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the array's elements have 8 bytes, not 4
  report("negative stride",
         cudapyArgsAddTileArray(args, x, 2, shape, negative, 4, &status),
         &status);
  // COMMON-NEXT: negative stride: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; strides are nonnegative, not -80
  report("2^31 rows",
         cudapyArgsAddTileArray(args, x, 2, huge, NULL, 4, &status), &status);
  // COMMON-NEXT: 2^31 rows: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; extent 0 of the array is 2147483648
  report("misaligned base",
         cudapyArgsAddTileArray(args, x + 4, 2, shape, strides, 4, &status),
         &status);
  // COMMON-NEXT: misaligned base: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the kernel assumes its base aligned to 16 bytes, the array's is not
  int64_t sixty[2] = {kRows, 60}, odd[2] = {81, 1};
  report("60 columns",
         cudapyArgsAddTileArray(args, x, 2, sixty, strides, 4, &status),
         &status);
  // COMMON-NEXT: 60 columns: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the kernel assumes extent 1 a multiple of 16, the array's is 60
  report("row stride 81",
         cudapyArgsAddTileArray(args, x, 2, shape, odd, 4, &status), &status);
  // COMMON-NEXT: row stride 81: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the kernel assumes stride 0 a multiple of 16, the array's is 81
  bool ok = cudapyArgsAddTileArray(args, x, 2, shape, strides, 4, &status);
  report("63 columns",
         cudapyArgsAddTileArray(args, y, 2, narrow, NULL, 4, &status), &status);
  // COMMON-NEXT: 63 columns: error 3: argument 1 of kernel 'scale' is !tile.array<?x64xf32, strides [64, 1]>; extent 1 of the array is 63
  report("row stride 65",
         cudapyArgsAddTileArray(args, y, 2, shape, wide, 4, &status), &status);
  // COMMON-NEXT: row stride 65: error 3: argument 1 of kernel 'scale' is !tile.array<?x64xf32, strides [64, 1]>; stride 0 of the array is 65 elements
  ok &= cudapyArgsAddTileArray(args, y, 2, shape, NULL, 4, &status);
  report("arguments", ok && cudapyArgsGetCount(args) == 6, &status);
  // COMMON-NEXT: arguments: ok
  report("one more",
         cudapyArgsAddTileArray(args, y, 2, shape, NULL, 4, &status), &status);
  // COMMON-NEXT: one more: error 3: parameter 6 of kernel 'scale' does not begin a tile array (no metadata)
  unsigned grid[3] = {(kRows + 3) / 4, 1, 1}, block[3] = {128, 1, 1};
  // A tile kernel's block is its metadata's required_block_size (32 x
  // tile.num_warps threads): another block is refused, none takes it.
  unsigned required[3] = {0, 0, 0};
  bool hasRequired = cudapyKernelGetRequiredBlock(kernel, required);
  printf("required block: %d %ux%ux%u\n", hasRequired, required[0], required[1],
         required[2]);
  // COMMON-NEXT: required block: 1 128x1x1
  unsigned twice[3] = {256, 1, 1};
  report(
      "launch with 256 threads",
      cudapyLaunch(kernel, args, grid, twice, 0, (CudapyStream){NULL}, &status),
      &status);
  // COMMON-NEXT: launch with 256 threads: error 3: kernel 'scale' runs with a block of exactly 128x1x1 threads (its code assumes it: 32 x tile.num_warps for a tile kernel), not 256x1x1; pass that block or none
  report(
      "launch without a block",
      cudapyLaunch(kernel, args, grid, NULL, 0, (CudapyStream){NULL}, &status),
      &status);
  // COMMON-NEXT: launch without a block: ok
  report("launch",
         cudapyLaunch(kernel, args, grid, block, 0, (CudapyStream){NULL},
                      &status) &&
             cudapyDeviceSynchronize(device, &status),
         &status);
  // COMMON-NEXT: launch: ok

  if (!strcmp(mode, "fake")) {
    void **params;
    unsigned g[3], b[3], shared;
    int (*lastLaunch)(unsigned *, unsigned *, unsigned *, void ***) =
        (int (*)(unsigned *, unsigned *, unsigned *, void ***))dlsym(
            dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD),
            "fakeCudaLastLaunch");
    lastLaunch(g, b, &shared, &params);
    printf("x: pointer %d, extents %d x %d, row stride %lld\n",
           *(const uint64_t *)params[0] == x, *(const int32_t *)params[1],
           *(const int32_t *)params[2], (long long)*(const int64_t *)params[3]);
    printf("y: pointer %d, rows %d\n", *(const uint64_t *)params[4] == y,
           *(const int32_t *)params[5]);
  } else {
    cudapyMemcpyDeviceToHost(device, result, y, sizeof(result), &status);
    int correct = 0;
    for (int i = 0; i < kRows; ++i)
      for (int j = 0; j < kCols; ++j)
        correct += result[i][j] == 2.0f * host[i][j];
    printf("y = 2 x: %d of %d correct\n", correct, kRows * kCols);
  }
  // FAKE-NEXT: x: pointer 1, extents 10 x 64, row stride 80
  // FAKE-NEXT: y: pointer 1, rows 10
  // GPU-NEXT: y = 2 x: 640 of 640 correct

  // Both arrays in one call: records of pointer, rank, element size,
  // extents, strides.
  cudapyArgsReset(args);
  int64_t records[2 * 7] = {(int64_t)x, 2, 4, kRows, kCols, kPitch, 1,
                            (int64_t)y, 2, 4, kRows, kCols, kCols,  1};
  records[4] = 60; // a column count the kernel's facts refuse
  report("records, 60 columns",
         cudapyArgsAddTileArrays(args, 2, records, &status), &status);
  // COMMON-NEXT: records, 60 columns: error 3: argument 0 of kernel 'scale' is !tile.array<?x?xf32, strides [?, 1]>; the kernel assumes extent 1 a multiple of 16, the array's is 60
  cudapyArgsReset(args);
  records[4] = kCols;
  report("records",
         cudapyArgsAddTileArrays(args, 2, records, &status) &&
             cudapyArgsGetCount(args) == 6 &&
             cudapyLaunch(kernel, args, grid, block, 0, (CudapyStream){NULL},
                          &status) &&
             cudapyDeviceSynchronize(device, &status),
         &status);
  // COMMON-NEXT: records: ok

  // Fill and launch in one call: grid and block, then each argument's kind
  // and record.
  int64_t words[6 + 2 * 8] = {(kRows + 3) / 4, 1, 1, 128, 1, 1};
  for (int i = 0; i < 2; ++i) {
    words[6 + 8 * i] = CUDAPY_RECORD_TILE_ARRAY;
    memcpy(&words[7 + 8 * i], &records[7 * i], 7 * sizeof(int64_t));
  }
  report("launch records",
         cudapyLaunchRecords(kernel, args, words, 22, 2, (CudapyStream){NULL},
                             0, &status) &&
             cudapyArgsGetCount(args) == 6 &&
             cudapyDeviceSynchronize(device, &status),
         &status);
  // COMMON-NEXT: launch records: ok
  report("launch records, one word short",
         cudapyLaunchRecords(kernel, args, words, 21, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, one word short: error 3: the tile array record of argument 1 has rank 2 or ends early
  report("launch records, one argument",
         cudapyLaunchRecords(kernel, args, words, 22, 1, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, one argument: error 3: kernel 'scale' takes 6 parameters, but 4 were given
  words[14] = CUDAPY_RECORD_INT;
  report("launch records, an integer for an array",
         cudapyLaunchRecords(kernel, args, words, 22, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, an integer for an array: error 3: parameter 4 of kernel 'scale' is a pointer (ptr addrspace(1)), not an integer
  words[14] = 7;
  report("launch records, kind 7",
         cudapyLaunchRecords(kernel, args, words, 22, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, kind 7: error 3: launch record of argument 1: kind 7 is unknown
  words[14] = CUDAPY_RECORD_TILE_ARRAY;
  words[4] = 0;
  report("launch records, empty block",
         cudapyLaunchRecords(kernel, args, words, 22, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, empty block: error 3: grid (3x1x1) and block (128x0x1) extents must be from 1 to 4294967295
  words[4] = 1;
  words[0] = (int64_t)1 << 32;
  report("launch records, grid of 2^32",
         cudapyLaunchRecords(kernel, args, words, 22, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: launch records, grid of 2^32: error 3: grid (4294967296x1x1) and block (128x1x1) extents must be from 1 to 4294967295
  report("launch records, 5 words",
         cudapyLaunchRecords(kernel, args, words, 5, 0, (CudapyStream){NULL}, 0,
                             &status),
         &status);
  // COMMON-NEXT: launch records, 5 words: error 3: launch records need the argument list, the grid and block (6 words) and a count of arguments >= 0

  cudapyArgsDestroy(args);
  cudapyMemFree(device, x, &status);
  cudapyMemFree(device, y, &status);
  cudapyModuleUnload(module);
  cudapyCompileResultDestroy(compiled);

  // fp4 arrays are packed two elements to a byte: 4 bits, no whole bytes;
  // extents count elements, and the element size passed is 0 or 1.
  options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString(info.chip));
  compiled = cudapyCompileSource(mlirStringRefCreateFromCString(kPackedSource),
                                 mlirStringRefCreateFromCString("packed.mlir"),
                                 options);
  cudapyCompileOptionsDestroy(options);
  ptx = cudapyCompileResultGetOutput(compiled, 0);
  metadata = cudapyCompileResultGetMetadataJSON(compiled);
  module = cudapyModuleLoad(device, ptx.data, ptx.length, metadata.data,
                            metadata.length, &status);
  kernel = cudapyModuleGetKernel(module, "copy4", &status);
  CudapyArgInfo packed = cudapyKernelGetArg(kernel, 0);
  printf("fp4: bits %d, bytes %zu\n", packed.elementBits, packed.elementBytes);
  // COMMON-NEXT: fp4: bits 4, bytes 0
  int64_t extent = 301;
  args = cudapyArgsCreate(kernel);
  report("fp4, 4-byte elements",
         cudapyArgsAddTileArray(args, 256, 1, &extent, NULL, 4, &status),
         &status);
  // COMMON-NEXT: fp4, 4-byte elements: error 3: argument 0 of kernel 'copy4' is !tile.array<?xf4E2M1FN, strides [1]>, 4-bit elements packed in bytes; the array's elements have 4 bytes
  report("fp4, bytes",
         cudapyArgsAddTileArray(args, 256, 1, &extent, NULL, 1, &status) &&
             cudapyArgsAddTileArray(args, 512, 1, &extent, NULL, 0, &status),
         &status);
  // COMMON-NEXT: fp4, bytes: ok
  cudapyArgsDestroy(args);
  cudapyModuleUnload(module);
  cudapyCompileResultDestroy(compiled);

  options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString(info.chip));
  compiled = cudapyCompileSource(
      mlirStringRefCreateFromCString(kTransposeSource),
      mlirStringRefCreateFromCString("transpose.mlir"), options);
  cudapyCompileOptionsDestroy(options);
  ptx = cudapyCompileResultGetOutput(compiled, 0);
  metadata = cudapyCompileResultGetMetadataJSON(compiled);
  char *text = malloc(metadata.length + 1);
  memcpy(text, metadata.data, metadata.length);
  text[metadata.length] = '\0';
  const char *key = strstr(text, "\"dynamic_shared_bytes\"");
  printf("transpose: dynamic_shared_bytes %ld\n",
         key ? strtol(strchr(key, ':') + 1, NULL, 10) : -1L);
  free(text);
  // COMMON-NEXT: transpose: dynamic_shared_bytes 66048
  module = cudapyModuleLoad(device, ptx.data, ptx.length, metadata.data,
                            metadata.length, &status);
  kernel = cudapyModuleGetKernel(module, "transpose", &status);
  static float square[128][128], transposed[128][128];
  for (int i = 0; i < 128; ++i)
    for (int j = 0; j < 128; ++j)
      square[i][j] = (float)(i * 128 + j);
  uint64_t a = 0, b = 0;
  cudapyMemAlloc(device, sizeof(square), &a, &status);
  cudapyMemAlloc(device, sizeof(square), &b, &status);
  cudapyMemcpyHostToDevice(device, a, square, sizeof(square), &status);
  int64_t side[2] = {128, 128};
  args = cudapyArgsCreate(kernel);
  unsigned one[3] = {1, 1, 1}, threads[3] = {128, 1, 1};
  report("transpose",
         cudapyArgsAddTileArray(args, a, 2, side, NULL, 4, &status) &&
             cudapyArgsAddTileArray(args, b, 2, side, NULL, 4, &status) &&
             cudapyLaunch(kernel, args, one, threads, 0, (CudapyStream){NULL},
                          &status) &&
             cudapyDeviceSynchronize(device, &status),
         &status);
  // COMMON-NEXT: transpose: ok
  if (!strcmp(mode, "fake")) {
    void **params;
    unsigned g[3], bl[3], shared;
    int (*lastLaunch)(unsigned *, unsigned *, unsigned *, void ***) =
        (int (*)(unsigned *, unsigned *, unsigned *, void ***))dlsym(
            dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD),
            "fakeCudaLastLaunch");
    lastLaunch(g, bl, &shared, &params);
    printf("transpose: launched with %u bytes of dynamic shared memory\n",
           shared);
  } else {
    cudapyMemcpyDeviceToHost(device, transposed, b, sizeof(transposed),
                             &status);
    int correct = 0;
    for (int i = 0; i < 128; ++i)
      for (int j = 0; j < 128; ++j)
        correct += transposed[i][j] == square[j][i];
    printf("transpose: %d of %d correct\n", correct, 128 * 128);
  }
  // FAKE-NEXT: transpose: launched with 66048 bytes of dynamic shared memory
  // GPU-NEXT: transpose: 16384 of 16384 correct
  cudapyArgsDestroy(args);
  cudapyMemFree(device, a, &status);
  cudapyMemFree(device, b, &status);
  cudapyModuleUnload(module);
  cudapyCompileResultDestroy(compiled);

  // A list of three arrays of 40, 64 and 100 elements (array k holds
  // 1000 k + i), one record each.
  options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString(info.chip));
  compiled =
      cudapyCompileSource(mlirStringRefCreateFromCString(kListSource),
                          mlirStringRefCreateFromCString("list.mlir"), options);
  cudapyCompileOptionsDestroy(options);
  ptx = cudapyCompileResultGetOutput(compiled, 0);
  metadata = cudapyCompileResultGetMetadataJSON(compiled);
  module = cudapyModuleLoad(device, ptx.data, ptx.length, metadata.data,
                            metadata.length, &status);
  kernel = cudapyModuleGetKernel(module, "rows", &status);
  CudapyArgInfo listInfo = cudapyKernelGetArg(kernel, 0);
  printf("list: list %d, array %d, params %d, rank %d, element bytes %zu\n",
         listInfo.isTileArrayList, listInfo.isTileArray, listInfo.numParams,
         listInfo.rank, listInfo.elementBytes);
  // COMMON-NEXT: list: list 1, array 0, params 2, rank 1, element bytes 4
  const int64_t lengths[3] = {40, 64, 100};
  uint64_t parts[3] = {0, 0, 0}, rows = 0;
  static float part[100], got[3][64];
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < lengths[k]; ++i)
      part[i] = (float)(1000 * k + i);
    cudapyMemAlloc(device, sizeof(float) * lengths[k], &parts[k], &status);
    cudapyMemcpyHostToDevice(device, parts[k], part, sizeof(float) * lengths[k],
                             &status);
  }
  cudapyMemAlloc(device, sizeof(got), &rows, &status);
  int64_t outShape[2] = {3, 64};
  int64_t list[3 * 5];
  for (int k = 0; k < 3; ++k) {
    int64_t *record = &list[5 * k];
    record[0] = (int64_t)parts[k];
    record[1] = 1;
    record[2] = 4;
    record[3] = lengths[k];
    record[4] = 1;
  }
  args = cudapyArgsCreate(kernel);
  report(
      "list, an array",
      cudapyArgsAddTileArray(args, parts[0], 1, &lengths[0], NULL, 4, &status),
      &status);
  // COMMON-NEXT: list, an array: error 3: parameter 0 of kernel 'rows' does not begin a tile array (!tile.list<!tile.array<?xf32, strides [1]>>)
  list[5 + 1] = 2;
  report("list, a rank-2 array",
         cudapyArgsAddTileArrayList(args, 3, list, &status), &status);
  // COMMON-NEXT: list, a rank-2 array: error 3: array 1 of argument 0 of kernel 'rows' is !tile.list<!tile.array<?xf32, strides [1]>>; the array has rank 2
  list[5 + 1] = 1;
  list[10] += 4;
  report("list, a misaligned array",
         cudapyArgsAddTileArrayList(args, 3, list, &status), &status);
  // COMMON-NEXT: list, a misaligned array: error 3: array 2 of argument 0 of kernel 'rows' is !tile.list<!tile.array<?xf32, strides [1]>>; the kernel assumes its base aligned to 16 bytes, the array's is not
  list[10] -= 4;
  list[14] = 2;
  report("list, a strided array",
         cudapyArgsAddTileArrayList(args, 3, list, &status), &status);
  // COMMON-NEXT: list, a strided array: error 3: array 2 of argument 0 of kernel 'rows' is !tile.list<!tile.array<?xf32, strides [1]>>; stride 0 of the array is 2 elements
  list[14] = 1;
  report("list, -1 arrays", cudapyArgsAddTileArrayList(args, -1, list, &status),
         &status);
  // COMMON-NEXT: list, -1 arrays: error 3: a list of tile arrays needs a count >= 0 and its records
  unsigned three[3] = {3, 1, 1}, warps[3] = {128, 1, 1};
  // Twice with the same list (its records copied once), then with the
  // arrays in the other order.
  bool listed = true;
  for (int launch = 0; launch < 3 && listed; ++launch) {
    if (launch == 2) {
      int64_t first[5];
      memcpy(first, list, sizeof(first));
      memcpy(list, &list[10], sizeof(first));
      memcpy(&list[10], first, sizeof(first));
    }
    cudapyArgsReset(args);
    listed =
        cudapyArgsAddTileArrayList(args, 3, list, &status) &&
        cudapyArgsAddTileArray(args, rows, 2, outShape, NULL, 4, &status) &&
        cudapyLaunch(kernel, args, three, warps, 0, (CudapyStream){NULL},
                     &status) &&
        cudapyDeviceSynchronize(device, &status);
    if (listed && launch == 0)
      cudapyMemcpyDeviceToHost(device, got, rows, sizeof(got), &status);
  }
  report("list launches", listed, &status);
  // COMMON-NEXT: list launches: ok
  if (!strcmp(mode, "fake")) {
    void **params;
    unsigned g[3], bl[3], shared;
    int (*lastLaunch)(unsigned *, unsigned *, unsigned *, void ***) =
        (int (*)(unsigned *, unsigned *, unsigned *, void ***))dlsym(
            dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD),
            "fakeCudaLastLaunch");
    lastLaunch(g, bl, &shared, &params);
    // The fake device's memory is the host's: read the records back.
    const int64_t *held =
        (const int64_t *)(uintptr_t) * (const uint64_t *)params[0];
    printf("list: %d arrays; records", *(const int32_t *)params[1]);
    for (int k = 0; k < 3; ++k)
      printf(" (%s, %lld, %lld)",
             held[3 * k] == (int64_t)parts[2 - k] ? "base" : "wrong base",
             (long long)held[3 * k + 1], (long long)held[3 * k + 2]);
    printf("\n");
  } else {
    int correct = 0;
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < 64; ++i)
        correct += got[k][i] == (i < lengths[k] ? (float)(1000 * k + i) : 0.0f);
    printf("list: %d of %d correct\n", correct, 3 * 64);
  }
  // FAKE-NEXT: list: 3 arrays; records (base, 100, 1) (base, 64, 1) (base, 40, 1)
  // GPU-NEXT: list: 192 of 192 correct
  // An empty list: a null address and 0 arrays; nothing to copy.
  cudapyArgsReset(args);
  report(
      "empty list",
      cudapyArgsAddTileArrayList(args, 0, NULL, &status) &&
          cudapyArgsAddTileArray(args, rows, 2, outShape, NULL, 4, &status) &&
          cudapyLaunch(kernel, args, three, warps, 0, (CudapyStream){NULL},
                       &status) &&
          cudapyDeviceSynchronize(device, &status),
      &status);
  // COMMON-NEXT: empty list: ok
  // Through launch records: kind 3, the count, the arrays' records.
  int64_t listWords[6 + 2 + 3 * 5 + 1 + 7] = {
      3, 1, 1, 128, 1, 1, CUDAPY_RECORD_TILE_ARRAY_LIST, 3};
  memcpy(&listWords[8], list, sizeof(list));
  int64_t outRecord[8] = {
      CUDAPY_RECORD_TILE_ARRAY, (int64_t)rows, 2, 4, 3, 64, 64, 1};
  memcpy(&listWords[23], outRecord, sizeof(outRecord));
  report("list launch records",
         cudapyLaunchRecords(kernel, args, listWords, 31, 2,
                             (CudapyStream){NULL}, 0, &status) &&
             cudapyDeviceSynchronize(device, &status),
         &status);
  // COMMON-NEXT: list launch records: ok
  report("list launch records, ending early",
         cudapyLaunchRecords(kernel, args, listWords, 20, 2,
                             (CudapyStream){NULL}, 0, &status),
         &status);
  // COMMON-NEXT: list launch records, ending early: error 3: array 2 in the list record of argument 0 ends early
  cudapyArgsDestroy(args);
  for (int k = 0; k < 3; ++k)
    cudapyMemFree(device, parts[k], &status);
  cudapyMemFree(device, rows, &status);
  cudapyModuleUnload(module);
  cudapyCompileResultDestroy(compiled);
  cudapyDeviceClose(device);
  return 0;
}
