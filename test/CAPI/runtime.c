/*===- runtime.c - C API: the runtime, end to end -------------------------===*\
|*                                                                            *|
|* Compiles the vector-add example through the compiler C API, loads it with  *|
|* the runtime, packs arguments from the metadata, launches, and checks each  *|
|* error path. Modes: "gpu" runs on a real GPU and checks c = a + b against a *|
|* host computation; "fake" runs against test/Utils/fake-cuda (no GPU) and   *|
|* checks the packed parameter bytes instead; "nodriver" checks the error     *|
|* when there is no driver at all.                                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir cudapy-capi-runtime fake %cudapy_src/examples/vector_add.mlir 2> %t.err | FileCheck %s --check-prefixes=COMMON,FAKE
// RUN: count 0 < %t.err
// RUN: %if valgrind %{ env LD_LIBRARY_PATH=%fake_cuda_dir %valgrind cudapy-capi-runtime fake %cudapy_src/examples/vector_add.mlir > /dev/null %}
// RUN: %if !cuda-gpu %{ env LD_LIBRARY_PATH=%t.nowhere cudapy-capi-runtime nodriver %cudapy_src/examples/vector_add.mlir | FileCheck %s --check-prefix=NODRIVER %}
// RUN: %if cuda-gpu %{ cudapy-capi-runtime gpu %cudapy_src/examples/vector_add.mlir | FileCheck %s --check-prefixes=COMMON,GPU %}

#include "cudapy-c/Runtime.h"
#include "cudapy-c/Compiler.h"

#include "Inputs/read_file.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report(const char *what, bool ok, const CudapyStatus *status) {
  if (ok)
    printf("%s: ok\n", what);
  else
    printf("%s: error %d: %s\n", what, (int)status->code, status->message);
}

static void testSelectTarget(void) {
  CudapyDeviceInfo hopper = {0};
  hopper.computeCapabilityMajor = 9;
  CudapyDeviceInfo ampere = {0};
  ampere.computeCapabilityMajor = 8;
  ampere.computeCapabilityMinor = 6;
  const char *chips[] = {"sm_80", "sm_90a", "sm_90", "sm_100", "bogus"};
  printf("select sm_90 device: %d, sm_86 device: %d\n",
         cudapySelectTarget(&hopper, chips, 5),
         cudapySelectTarget(&ampere, chips, 5));
  const char *future[] = {"sm_100", "sm_100a"};
  printf("select none: %d\n", cudapySelectTarget(&hopper, future, 2));
}
// COMMON: select sm_90 device: 1, sm_86 device: 0
// COMMON-NEXT: select none: -1

/// One thread's launches: its own argument list and stream on a shared kernel.
struct LaunchJob {
  CudapyDevice device;
  CudapyKernel kernel;
  uint64_t buffers[3];
  int launches;
  int failures;
};

static void *launchInThread(void *argument) {
  struct LaunchJob *job = argument;
  CudapyStatus status;
  CudapyStream stream = cudapyStreamCreate(job->device, &status);
  CudapyArgs args = cudapyArgsCreate(job->kernel);
  int64_t shape[1] = {1000};
  unsigned grid[3] = {4, 1, 1}, block[3] = {256, 1, 1};
  for (int i = 0; i < job->launches; ++i) {
    cudapyArgsReset(args);
    bool ok = true;
    for (int k = 0; k < 3; ++k)
      ok &= cudapyArgsAddMemref(args, job->buffers[k], 1, shape, NULL, &status);
    ok &= cudapyArgsAddInt(args, 1000, &status);
    ok &= cudapyLaunch(job->kernel, args, grid, block, 0, stream, &status);
    job->failures += !ok;
  }
  job->failures += !cudapyStreamSynchronize(job->device, stream, &status);
  cudapyArgsDestroy(args);
  cudapyStreamDestroy(job->device, stream);
  return NULL;
}

/// Four threads launch the same kernel at once, each with its own arguments
/// and stream: the runtime's handles may be shared across threads.
static void testThreads(CudapyDevice device, CudapyKernel kernel,
                        const uint64_t buffers[3]) {
  enum { kThreads = 4 };
  pthread_t threads[kThreads];
  struct LaunchJob jobs[kThreads];
  for (int t = 0; t < kThreads; ++t) {
    jobs[t] = (struct LaunchJob){device, kernel, {0, 0, 0}, 50, 0};
    for (int k = 0; k < 3; ++k)
      jobs[t].buffers[k] = buffers[k];
    pthread_create(&threads[t], NULL, launchInThread, &jobs[t]);
  }
  int failures = 0;
  for (int t = 0; t < kThreads; ++t) {
    pthread_join(threads[t], NULL);
    failures += jobs[t].failures;
  }
  printf("%d threads x 50 launches: %d failures\n", kThreads, failures);
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  const char *mode = argv[1];
  CudapyStatus status;
  testSelectTarget();

  if (!strcmp(mode, "nodriver")) {
    int count = 0;
    bool ok = cudapyDeviceGetCount(&count, &status);
    report("device count", ok, &status);
    CudapyDevice device = cudapyDeviceOpen(0, &status);
    printf("device handle null: %d, code %d\n", device.ptr == NULL,
           (int)status.code);
    return 0;
  }
  // NODRIVER: device count: error 1: the CUDA driver (libcuda.so.1) could not be loaded: {{.*}}; install the NVIDIA driver or add its folder to LD_LIBRARY_PATH
  // NODRIVER-NEXT: device handle null: 1, code 1

  CudapyDevice device = cudapyDeviceOpen(0, &status);
  report("open device 0", device.ptr != NULL, &status);
  if (!device.ptr)
    return 1;
  CudapyDeviceInfo info;
  cudapyDeviceGetInfo(device, &info);
  printf("device: %s, %s, %d SMs\n", info.name, info.chip,
         info.multiprocessorCount);
  // COMMON: open device 0: ok
  // FAKE-NEXT: device: Fake CUDA Device, sm_90, 132 SMs
  // GPU-NEXT: device: {{.+}}, sm_{{[0-9]+}}, {{[0-9]+}} SMs
  CudapyDevice missing = cudapyDeviceOpen(7, &status);
  report("open device 7", missing.ptr != NULL, &status);
  // COMMON-NEXT: open device 7: error 5: no CUDA device 7 (this machine has {{[0-9]+}})

  // Compile for this device.
  char *source = readFile(argv[2]);
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options,
                              mlirStringRefCreateFromCString(info.chip));
  CudapyCompileResult compiled =
      cudapyCompileSource(mlirStringRefCreateFromCString(source),
                          mlirStringRefCreateFromCString(argv[2]), options);
  free(source);
  cudapyCompileOptionsDestroy(options);
  printf("compiled: %d\n", cudapyCompileResultSucceeded(compiled));
  // COMMON-NEXT: compiled: 1
  MlirStringRef ptx = cudapyCompileResultGetOutput(compiled, 0);
  MlirStringRef metadata = cudapyCompileResultGetMetadataJSON(compiled);

  // Error paths first.
  CudapyModule bad = cudapyModuleLoad(device, "not ptx", 7, metadata.data,
                                      metadata.length, &status);
  report("load text that is not PTX", bad.ptr != NULL, &status);
  // COMMON-NEXT: load text that is not PTX: error 2: cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_IMAGE (200): device kernel image is invalid
  static const char kBadPtx[] = ".version 7.8\n.target sm_80\n"
                                ".address_size 64\n"
                                ".visible .entry k()\n{\n"
                                "\tnot_an_instruction;\n\tret;\n}\n";
  bad = cudapyModuleLoad(device, kBadPtx, sizeof(kBadPtx) - 1, metadata.data,
                         metadata.length, &status);
  report("load bad PTX", bad.ptr != NULL, &status);
  // COMMON: load bad PTX: error 2: cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed
  // COMMON-NEXT: JIT error log:
  // COMMON-NEXT: ptxas application ptx input{{.*}}not_an_instruction
  bad = cudapyModuleLoad(device, ptx.data, ptx.length, "{\"kernels\": 3", 13,
                         &status);
  report("load with bad metadata", bad.ptr != NULL, &status);
  // COMMON: load with bad metadata: error 4: kernel metadata is not valid JSON

  // Linking with foreign code: bad inputs first.
  static const char kHelperPtx[] = ".version 8.0\n.target sm_80\n"
                                   ".address_size 64\n"
                                   ".visible .func (.param .b32 r) helper("
                                   ".param .b32 x)\n{\n"
                                   "\t.reg .b32 %r<2>;\n"
                                   "\tld.param.b32 %r1, [x];\n"
                                   "\tst.param.b32 [r], %r1;\n\tret;\n}\n";
  CudapyLinkInput inputs[] = {
      {(CudapyLinkKind)9, "x.bin", "abcd", 4},
      {CUDAPY_LINK_PTX, "helper.ptx", kHelperPtx, sizeof(kHelperPtx) - 1}};
  bad = cudapyModuleLoadLinked(device, ptx.data, ptx.length, metadata.data,
                               metadata.length, inputs, 1, &status);
  report("link an input of kind 9", bad.ptr != NULL, &status);
  // COMMON-NEXT: link an input of kind 9: error 3: link input 0 (x.bin): kind 9 with 4 bytes is not a cubin, PTX, fatbinary, object or library
  bad = cudapyModuleLoadLinked(device, ptx.data, ptx.length, metadata.data,
                               metadata.length, inputs, -1, &status);
  report("link -1 inputs", bad.ptr != NULL, &status);
  // COMMON-NEXT: link -1 inputs: error 3: link inputs: -1 inputs at {{.*}}
  CudapyModule linked =
      cudapyModuleLoadLinked(device, ptx.data, ptx.length, metadata.data,
                             metadata.length, inputs + 1, 1, &status);
  report("link with helper.ptx", linked.ptr != NULL, &status);
  // FAKE-NEXT: link with helper.ptx: error 1: the CUDA driver lacks the JIT linker (cuLinkCreate_v2)
  // GPU-NEXT: link with helper.ptx: ok
  if (linked.ptr) {
    CudapyKernel add = cudapyModuleGetKernel(linked, "vector_add", &status);
    report("linked kernel vector_add", add.ptr != NULL, &status);
    // GPU-NEXT: linked kernel vector_add: ok
    cudapyModuleUnload(linked);
  }
  // The same helper twice: the linker's error and its log.
  CudapyLinkInput twice[] = {inputs[1], inputs[1]};
  bad = cudapyModuleLoadLinked(device, ptx.data, ptx.length, metadata.data,
                               metadata.length, twice, 2, &status);
  report("link helper.ptx twice", bad.ptr != NULL, &status);
  // FAKE-NEXT: link helper.ptx twice: error 1: the CUDA driver lacks the JIT linker (cuLinkCreate_v2)
  // GPU-NEXT: link helper.ptx twice: error 2: {{cuLinkAddData|cuLinkComplete}} failed: {{.*}}
  // GPU: JIT error log:
  // GPU-NEXT: {{.*}}helper{{.*}}

  CudapyModule module = cudapyModuleLoad(
      device, ptx.data, ptx.length, metadata.data, metadata.length, &status);
  report("load", module.ptr != NULL, &status);
  cudapyCompileResultDestroy(compiled);
  if (!module.ptr)
    return 1;
  // COMMON-NEXT: load: ok
  printf("JIT log: %s\n", cudapyModuleGetJitLog(module));
  // FAKE-NEXT: JIT log: fake JIT: module loaded

  CudapyKernel nope = cudapyModuleGetKernel(module, "vector_sub", &status);
  report("kernel vector_sub", nope.ptr != NULL, &status);
  // COMMON: kernel vector_sub: error 5: no kernel named 'vector_sub' in the module's metadata
  CudapyKernel kernel = cudapyModuleGetKernel(module, "vector_add", &status);
  report("kernel vector_add", kernel.ptr != NULL, &status);
  if (!kernel.ptr)
    return 1;
  printf("parameters: %d, max threads per block: %d\n",
         cudapyKernelGetNumParams(kernel),
         cudapyKernelGetMaxThreadsPerBlock(kernel));
  CudapyParamInfo last = cudapyKernelGetParam(kernel, 15);
  printf("parameter 15: kind %d, %zu bytes, %s\n", (int)last.kind, last.size,
         last.type);
  // COMMON-NEXT: kernel vector_add: ok
  // COMMON-NEXT: parameters: 16, max threads per block: 1024
  // COMMON-NEXT: parameter 15: kind 1, 8 bytes, i64

  enum { kN = 1000 };
  float host[3][kN];
  for (int i = 0; i < kN; ++i) {
    host[0][i] = (float)i * 0.5f;
    host[1][i] = 1000.0f - (float)i;
    host[2][i] = -1.0f;
  }
  uint64_t buffers[3];
  for (int k = 0; k < 3; ++k)
    if (!cudapyMemAlloc(device, sizeof(host[k]), &buffers[k], &status) ||
        !cudapyMemcpyHostToDevice(device, buffers[k], host[k], sizeof(host[k]),
                                  &status)) {
      report("memory", false, &status);
      return 1;
    }

  CudapyArgs args = cudapyArgsCreate(kernel);
  report("a float where a pointer goes", cudapyArgsAddFloat(args, 1.0, &status),
         &status);
  // COMMON-NEXT: a float where a pointer goes: error 3: parameter 0 of kernel 'vector_add' is a pointer (ptr), not a floating-point number
  int64_t shape[1] = {kN};
  int64_t everyOther[1] = {2};
  report("a strided array where a contiguous one goes",
         cudapyArgsAddMemref(args, buffers[0], 1, shape, everyOther, &status),
         &status);
  // COMMON-NEXT: a strided array where a contiguous one goes: error 3: argument 0 of kernel 'vector_add' is memref<?xf32>, which the kernel reads as a contiguous row-major array; the array's stride in dimension 0 is 2, not 1
  int64_t matrix[2] = {10, 100};
  report("a matrix where a vector goes",
         cudapyArgsAddMemref(args, buffers[0], 2, matrix, NULL, &status),
         &status);
  // COMMON-NEXT: a matrix where a vector goes: error 3: argument 0 of kernel 'vector_add' is memref<?xf32>, not a rank-2 memref
  printf("arguments: %d, argument 3: %s, first parameter %d\n",
         cudapyKernelGetNumArgs(kernel), cudapyKernelGetArg(kernel, 3).type,
         cudapyKernelGetArg(kernel, 3).firstParam);
  // COMMON-NEXT: arguments: 4, argument 3: index, first parameter 15
  for (int k = 0; k < 3; ++k)
    cudapyArgsAddMemref(args, buffers[k], 1, shape, NULL, &status);
  unsigned grid[3] = {(kN + 255) / 256, 1, 1}, block[3] = {256, 1, 1};
  report(
      "launch with 15 of 16 arguments",
      cudapyLaunch(kernel, args, grid, block, 0, (CudapyStream){NULL}, &status),
      &status);
  // COMMON-NEXT: launch with 15 of 16 arguments: error 3: kernel 'vector_add' takes 16 parameters, but 15 were given
  report("a memref where the size goes",
         cudapyArgsAddMemref(args, buffers[0], 1, shape, NULL, &status),
         &status);
  // COMMON-NEXT: a memref where the size goes: error 3: kernel 'vector_add' takes 16 parameters; a rank-1 memref descriptor (5 parameters) at parameter 15 does not fit
  cudapyArgsAddInt(args, kN, &status);
  report("a 17th argument", cudapyArgsAddInt(args, 1, &status), &status);
  // COMMON-NEXT: a 17th argument: error 3: kernel 'vector_add' takes 16 parameters; an integer would be parameter 17
  unsigned tooBig[3] = {2048, 1, 1};
  report("launch 2048 threads",
         cudapyLaunch(kernel, args, grid, tooBig, 0, (CudapyStream){NULL},
                      &status),
         &status);
  // COMMON-NEXT: launch 2048 threads: error 3: a block of 2048 threads (2048x1x1) exceeds the 1024 threads per block kernel 'vector_add' allows
  report("launch with 1 MiB of shared memory",
         cudapyLaunch(kernel, args, grid, block, 1 << 20, (CudapyStream){NULL},
                      &status),
         &status);
  // COMMON-NEXT: launch with 1 MiB of shared memory: error 3: kernel 'vector_add' would use 1048576 bytes of shared memory (1048576 dynamic + 0 static); {{.+}} allows {{[0-9]+}} per block
  report("launch with unknown flags",
         cudapyLaunchWithFlags(kernel, args, grid, block, 0,
                               (CudapyStream){NULL}, 0x80u, &status),
         &status);
  // COMMON-NEXT: launch with unknown flags: error 3: unknown launch flags 0x80
  // A cooperative launch (CUDAPY_LAUNCH_COOPERATIVE; a kernel that reaches a
  // grid barrier always gets one) runs all of its blocks at once: a grid
  // larger than what fits is refused before the driver sees it.
  unsigned cooperativeBlocks = 0;
  report("most cooperative blocks",
         cudapyKernelGetMaxCooperativeBlocks(kernel, block, 0,
                                             &cooperativeBlocks, &status),
         &status);
  printf("vector_add cooperative: %d, blocks > 0: %d\n",
         cudapyKernelIsCooperative(kernel), cooperativeBlocks > 0);
  unsigned tooMany[3] = {cooperativeBlocks + 1, 1, 1};
  report("cooperative launch of too many blocks",
         cudapyLaunchWithFlags(kernel, args, tooMany, block, 0,
                               (CudapyStream){NULL}, CUDAPY_LAUNCH_COOPERATIVE,
                               &status),
         &status);
  // COMMON-NEXT: most cooperative blocks: ok
  // COMMON-NEXT: vector_add cooperative: 0, blocks > 0: 1
  // COMMON-NEXT: cooperative launch of too many blocks: error 3: kernel 'vector_add' is launched cooperatively, so its {{[0-9]+}} blocks ({{[0-9]+}}x1x1) must run at once, but at most {{[0-9]+}} blocks of 256x1x1 threads fit on {{.+}} (cudapyKernelGetMaxCooperativeBlocks)

  CudapyEvent start = cudapyEventCreate(device, &status);
  CudapyEvent stop = cudapyEventCreate(device, &status);
  cudapyEventRecord(device, start, (CudapyStream){NULL}, &status);
  bool launched =
      cudapyLaunch(kernel, args, grid, block, 0, (CudapyStream){NULL}, &status);
  report("launch", launched, &status);
  cudapyEventRecord(device, stop, (CudapyStream){NULL}, &status);
  float milliseconds = -1;
  bool timed = cudapyEventElapsedMilliseconds(device, start, stop,
                                              &milliseconds, &status);
  printf("timed: %d, non-negative: %d\n", timed, milliseconds >= 0);
  report("synchronize", cudapyDeviceSynchronize(device, &status), &status);
  // COMMON-NEXT: launch: ok
  // COMMON-NEXT: timed: 1, non-negative: 1
  // COMMON-NEXT: synchronize: ok

  if (!strcmp(mode, "fake")) {
    // The runtime packed what the metadata describes: three descriptors
    // (allocated, aligned, offset, size, stride) and n.
    int (*lastLaunch)(unsigned *, unsigned *, unsigned *, void ***) =
        (int (*)(unsigned *, unsigned *, unsigned *, void ***))dlsym(
            dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD),
            "fakeCudaLastLaunch");
    unsigned g[3], b[3], shared;
    void **params;
    int launches = lastLaunch(g, b, &shared, &params);
    printf("launches: %d, grid %ux%ux%u, block %ux%ux%u, shared %u\n", launches,
           g[0], g[1], g[2], b[0], b[1], b[2], shared);
    int good = 0;
    for (int k = 0; k < 3; ++k) {
      int64_t expected[5] = {(int64_t)buffers[k], (int64_t)buffers[k], 0, kN,
                             1};
      for (int j = 0; j < 5; ++j)
        good += *(int64_t *)params[5 * k + j] == expected[j];
    }
    good += *(int64_t *)params[15] == kN;
    printf("parameters as expected: %d of 16\n", good);
  } else {
    cudapyMemcpyDeviceToHost(device, host[2], buffers[2], sizeof(host[2]),
                             &status);
    int correct = 0;
    for (int i = 0; i < kN; ++i)
      correct += host[2][i] == host[0][i] + host[1][i];
    printf("c = a + b: %d of %d elements correct\n", correct, kN);
  }
  // FAKE-NEXT: launches: 1, grid 4x1x1, block 256x1x1, shared 0
  // FAKE-NEXT: parameters as expected: 16 of 16
  // GPU-NEXT: c = a + b: 1000 of 1000 elements correct

  testThreads(device, kernel, buffers);
  // COMMON-NEXT: 4 threads x 50 launches: 0 failures

  cudapyEventDestroy(device, start);
  cudapyEventDestroy(device, stop);
  cudapyArgsDestroy(args);
  for (int k = 0; k < 3; ++k)
    cudapyMemFree(device, buffers[k], &status);
  cudapyModuleUnload(module);
  cudapyDeviceClose(device);
  printf("done\n");
  return 0;
}
// COMMON: done
