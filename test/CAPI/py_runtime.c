/*===- py_runtime.c - C API: a py dialect kernel through the runtime ------===*\
|*                                                                            *|
|* Compiles a py kernel taking an array, a float3 vector and an int, loads    *|
|* it with the runtime and launches it with an array view that has a negative *|
|* stride. "fake" (test/Utils/fake-cuda, no GPU) checks the metadata and the  *|
|* packed interoperable_array_descriptor bytes; "gpu" checks the results      *|
|* against a host computation.                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir cudapy-capi-py_runtime fake | FileCheck %s --check-prefixes=COMMON,FAKE
// RUN: %if valgrind %{ env LD_LIBRARY_PATH=%fake_cuda_dir %valgrind cudapy-capi-py_runtime fake > /dev/null %}
// RUN: %if cuda-gpu %{ cudapy-capi-py_runtime gpu | FileCheck %s --check-prefixes=COMMON,GPU %}

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Runtime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// out[i] = a[i, -1] * v.y + n: reads the last column of a 2-d array (a
// negative index) through whatever strides the descriptor carries.
static const char kSource[] =
    "gpu.module @m {\n"
    "  py.kernel @last_column(%a: !py.array<f32, 2>, %out: !py.array<f32, 1>,\n"
    "                         %v: !py.vector<3 x f32>, %n: !py.int)\n"
    "      attributes {interop} {\n"
    "    %tid = gpu.thread_id x\n"
    "    %bid = gpu.block_id x\n"
    "    %bdim = gpu.block_dim x\n"
    "    %base = arith.muli %bid, %bdim : index\n"
    "    %flat = arith.addi %base, %tid : index\n"
    "    %i = py.cast %flat : index to si64\n"
    "    %rows = py.len %out : !py.array<f32, 1>\n"
    "    %rows64 = py.cast %rows : !py.int to si64\n"
    "    %inside = py.cmp lt, %i, %rows64 : si64, si64 -> i1\n"
    "    scf.if %inside {\n"
    "      %minus1 = py.constant -1 : !py.int\n"
    "      %x = py.array.getitem %a[%i, %minus1] : !py.array<f32, 2>, si64, "
    "!py.int\n"
    "      %one = py.constant 1 : !py.int\n"
    "      %y = py.vector.getitem %v[%one] : !py.vector<3 x f32>, !py.int\n"
    "      %p = py.mul %x, %y : f32, f32 -> f32\n"
    "      %r = py.add %p, %n : f32, !py.int -> f32\n"
    "      py.array.setitem %r, %out[%i] : f32, !py.array<f32, 1>, si64\n"
    "    }\n"
    "    py.return\n"
    "  }\n"
    "}\n";

enum { kRows = 300, kCols = 5 };

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
      mlirStringRefCreateFromCString("py_runtime.mlir"), options);
  cudapyCompileOptionsDestroy(options);
  printf("compiled: %d\n", cudapyCompileResultSucceeded(compiled));
  // COMMON-NEXT: compiled: 1
  MlirStringRef ptx = cudapyCompileResultGetOutput(compiled, 0);
  MlirStringRef metadata = cudapyCompileResultGetMetadataJSON(compiled);
  CudapyModule module = cudapyModuleLoad(
      device, ptx.data, ptx.length, metadata.data, metadata.length, &status);
  report("load", module.ptr != NULL, &status);
  // COMMON-NEXT: load: ok
  CudapyKernel kernel = cudapyModuleGetKernel(module, "last_column", &status);
  report("kernel", kernel.ptr != NULL, &status);
  // COMMON-NEXT: kernel: ok

  // The metadata: one parameter per argument; arrays are descriptors.
  for (int a = 0; a < cudapyKernelGetNumArgs(kernel); ++a) {
    CudapyArgInfo arg = cudapyKernelGetArg(kernel, a);
    CudapyParamInfo param = cudapyKernelGetParam(kernel, arg.firstParam);
    printf("arg %d: %s array=%d rank=%d element=%zu param %zu bytes align "
           "%zu\n",
           a, arg.type, arg.isArray, arg.isArray ? arg.rank : -1,
           arg.isArray ? arg.elementBytes : 0, param.size, param.align);
  }
  // COMMON-NEXT: arg 0: !py.array<f32, 2> array=1 rank=2 element=4 param 40 bytes align 8
  // COMMON-NEXT: arg 1: !py.array<f32, 1> array=1 rank=1 element=4 param 24 bytes align 8
  // COMMON-NEXT: arg 2: !py.vector<3 x f32> array=0 rank=-1 element=0 param 12 bytes align 4
  // COMMON-NEXT: arg 3: !py.int array=0 rank=-1 element=0 param 4 bytes align 4

  static float host[kRows][kCols], result[kRows];
  for (int i = 0; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j)
      host[i][j] = (float)(i * kCols + j) * 0.5f;
  uint64_t matrix = 0, out = 0;
  cudapyMemAlloc(device, sizeof(host), &matrix, &status);
  cudapyMemAlloc(device, sizeof(result), &out, &status);
  cudapyMemcpyHostToDevice(device, matrix, host, sizeof(host), &status);
  cudapyMemset(device, out, 0, sizeof(result), &status);

  // a = host[::-1, :]: rows reversed (a negative stride), passed through the
  // last row's address.
  int64_t shape[2] = {kRows, kCols}, strides[2] = {-kCols, 1};
  uint64_t lastRow = matrix + sizeof(float) * kCols * (kRows - 1);
  int64_t outShape[1] = {kRows};
  float vector[3] = {2.0f, 3.0f, 4.0f};
  int32_t n = 7;

  CudapyArgs args = cudapyArgsCreate(kernel);
  report("array of the wrong rank",
         cudapyArgsAddArray(args, lastRow, 1, shape, NULL, &status), &status);
  // COMMON-NEXT: array of the wrong rank: error 3: argument 0 of kernel 'last_column' is !py.array<f32, 2> (rank 2); the array has rank 1
  bool ok = cudapyArgsAddArray(args, lastRow, 2, shape, strides, &status);
  ok &= cudapyArgsAddArray(args, out, 1, outShape, NULL, &status);
  report("vector as an array",
         cudapyArgsAddArray(args, out, 1, outShape, NULL, &status), &status);
  // COMMON-NEXT: vector as an array: error 3: argument 2 of kernel 'last_column' is !py.vector<3 x f32>, not an array
  ok &= cudapyArgsAddBytes(args, vector, sizeof(vector), &status);
  ok &= cudapyArgsAddInt(args, n, &status);
  report("arguments", ok, &status);
  // COMMON-NEXT: arguments: ok
  unsigned grid[3] = {(kRows + 127) / 128, 1, 1}, block[3] = {128, 1, 1};
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
    const uint64_t *a = params[0];
    printf("descriptor: data=last row %d, shape %lld x %lld, strides %lld, "
           "%lld\n",
           a[0] == lastRow, (long long)a[1], (long long)a[2],
           (long long)(int64_t)a[3], (long long)(int64_t)a[4]);
    const uint64_t *o = params[1];
    printf("out: data=%d, shape %lld, stride %lld\n", o[0] == out,
           (long long)o[1], (long long)o[2]);
    printf("vector y %g, n %d\n", (double)((const float *)params[2])[1],
           *(const int32_t *)params[3]);
  } else {
    cudapyMemcpyDeviceToHost(device, result, out, sizeof(result), &status);
    int correct = 0;
    for (int i = 0; i < kRows; ++i)
      correct += result[i] == host[kRows - 1 - i][kCols - 1] * 3.0f + 7.0f;
    printf("out = a[::-1][:, -1] * v.y + n: %d of %d correct\n", correct,
           kRows);
  }
  // FAKE-NEXT: descriptor: data=last row 1, shape 300 x 5, strides -5, 1
  // FAKE-NEXT: out: data=1, shape 300, stride 1
  // FAKE-NEXT: vector y 3, n 7
  // GPU-NEXT: out = a[::-1][:, -1] * v.y + n: 300 of 300 correct

  // Launch records of kind CUDAPY_RECORD_ARRAY: pointer, rank, element
  // size, extents, strides. The two arrays fill their descriptors (the
  // launch then lacks the vector and n, which take other calls).
  int64_t words[6 + 8 + 6] = {
      1, 1, 1,     128,   1,      1, CUDAPY_RECORD_ARRAY, (int64_t)lastRow,
      2, 8, kRows, kCols, -kCols, 1, CUDAPY_RECORD_ARRAY, (int64_t)out,
      1, 4, kRows};
  report("array records, 8-byte elements",
         cudapyLaunchRecords(kernel, args, words, 14, 1, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: array records, 8-byte elements: error 3: argument 0 of kernel 'last_column' is !py.array<f32, 2> (4-byte elements); the array's elements have 8 bytes
  words[9] = 4;
  report("array records",
         cudapyLaunchRecords(kernel, args, words, 20, 2, (CudapyStream){NULL},
                             0, &status),
         &status);
  // COMMON-NEXT: array records: error 3: kernel 'last_column' takes 4 parameters, but 2 were given

  cudapyArgsDestroy(args);
  cudapyMemFree(device, matrix, &status);
  cudapyMemFree(device, out, &status);
  cudapyModuleUnload(module);
  cudapyCompileResultDestroy(compiled);
  cudapyDeviceClose(device);
  return 0;
}
