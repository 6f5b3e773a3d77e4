/*===- metadata.c - fuzz target: the runtime's kernel metadata reader -----===*\
|*                                                                            *|
|* libFuzzer target over cudapyModuleLoad's metadata JSON and the kernel     *|
|* getters, against the CPU stand-in for libcuda.so.1 (run with              *|
|* LD_LIBRARY_PATH naming test/fake-cuda of the build). Every kernel the     *|
|* input names is looked up and, when found, its parameters and arguments    *|
|* are read. docs/Fuzzing.md.                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "cudapy-c/Runtime.h"

#include <cjson/cJSON.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static CudapyDevice device;
static const char kPtx[] = ".version 7.8\n.target sm_90\n.address_size 64\n";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  CudapyStatus status;
  device = cudapyDeviceOpen(0, &status);
  if (!device.ptr) {
    fprintf(stderr,
            "metadata fuzzer: no device (%s); run with the fake "
            "driver's folder in LD_LIBRARY_PATH\n",
            status.message);
    exit(1);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  CudapyStatus status;
  CudapyModule module = cudapyModuleLoad(device, kPtx, sizeof(kPtx) - 1,
                                         (const char *)data, size, &status);
  if (!module.ptr)
    return 0;
  cJSON *root = cJSON_ParseWithLength((const char *)data, size);
  cJSON *entry;
  cJSON_ArrayForEach(entry, cJSON_GetObjectItem(root, "kernels")) {
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "name"));
    if (!name)
      continue;
    CudapyKernel kernel = cudapyModuleGetKernel(module, name, &status);
    if (!kernel.ptr)
      continue;
    for (int i = 0; i < cudapyKernelGetNumParams(kernel); ++i)
      (void)cudapyKernelGetParam(kernel, i);
    for (int i = 0; i < cudapyKernelGetNumArgs(kernel); ++i)
      (void)cudapyKernelGetArg(kernel, i);
  }
  cJSON_Delete(root);
  cudapyModuleUnload(module);
  return 0;
}
