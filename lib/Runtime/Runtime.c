/*===- Runtime.c - cudapy runtime over the CUDA Driver API ----------------===*\
|*                                                                            *|
|* Implements include/cudapy-c/Runtime.h but for arguments and launches      *|
|* (Args.c). The driver is reached through a table of function pointers      *|
|* filled once from libcuda.so.1; that table is the library's only           *|
|* process-wide state.                                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "RuntimeInternal.h"

#include <cjson/cJSON.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct DriverTable driver;
static CudapyStatus driverStatus;
static pthread_once_t driverOnce = PTHREAD_ONCE_INIT;

//===----------------------------------------------------------------------===//
// Status helpers
//===----------------------------------------------------------------------===//

/// Fills `status` (when not null) and returns false, for `return setStatus(…)`.
bool setStatus(CudapyStatus *status, CudapyStatusCode code, const char *format,
               ...) {
  if (!status)
    return false;
  status->code = code;
  status->driverError = 0;
  va_list args;
  va_start(args, format);
  vsnprintf(status->message, sizeof(status->message), format, args);
  va_end(args);
  return false;
}

void setOk(CudapyStatus *status) {
  if (status) {
    status->code = CUDAPY_STATUS_OK;
    status->driverError = 0;
    status->message[0] = '\0';
  }
}

/// True (and `status` filled with the call's name and the driver's words)
/// when `result` is an error.
bool driverFailed(CUresult result, const char *call, CudapyStatus *status) {
  if (result == 0)
    return false;
  const char *name = NULL, *text = NULL;
  if (driver.cuGetErrorName)
    driver.cuGetErrorName(result, &name);
  if (driver.cuGetErrorString)
    driver.cuGetErrorString(result, &text);
  setStatus(status, CUDAPY_STATUS_DRIVER_ERROR, "%s failed: %s (%d): %s", call,
            name ? name : "CUDA_ERROR", result, text ? text : "unknown error");
  if (status)
    status->driverError = result;
  return true;
}

//===----------------------------------------------------------------------===//
// The driver table
//===----------------------------------------------------------------------===//

static void loadDriver(void) {
  void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    setStatus(&driverStatus, CUDAPY_STATUS_NO_DRIVER,
              "the CUDA driver (libcuda.so.1) could not be loaded: %s; "
              "install the NVIDIA driver or add its folder to "
              "LD_LIBRARY_PATH",
              why ? why : "not found");
    return;
  }
  struct {
    const char *names[2]; // versioned name first
    void **slot;
  } symbols[] = {
#define SYMBOL(field, versioned) {{versioned, #field}, (void **)&driver.field}
      SYMBOL(cuInit, NULL),
      SYMBOL(cuDriverGetVersion, NULL),
      SYMBOL(cuGetErrorName, NULL),
      SYMBOL(cuGetErrorString, NULL),
      SYMBOL(cuDeviceGetCount, NULL),
      SYMBOL(cuDeviceGet, NULL),
      SYMBOL(cuDeviceGetName, NULL),
      SYMBOL(cuDeviceGetAttribute, NULL),
      SYMBOL(cuDeviceTotalMem, "cuDeviceTotalMem_v2"),
      SYMBOL(cuDevicePrimaryCtxRetain, NULL),
      SYMBOL(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"),
      SYMBOL(cuCtxGetCurrent, NULL),
      SYMBOL(cuCtxPushCurrent, "cuCtxPushCurrent_v2"),
      SYMBOL(cuCtxPopCurrent, "cuCtxPopCurrent_v2"),
      SYMBOL(cuCtxSynchronize, NULL),
      SYMBOL(cuMemAlloc, "cuMemAlloc_v2"),
      SYMBOL(cuMemFree, "cuMemFree_v2"),
      SYMBOL(cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
      SYMBOL(cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
      SYMBOL(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
      SYMBOL(cuMemsetD8, "cuMemsetD8_v2"),
      SYMBOL(cuStreamCreate, NULL),
      SYMBOL(cuStreamDestroy, "cuStreamDestroy_v2"),
      SYMBOL(cuStreamSynchronize, NULL),
      SYMBOL(cuStreamWaitEvent, NULL),
      SYMBOL(cuEventCreate, NULL),
      SYMBOL(cuEventDestroy, "cuEventDestroy_v2"),
      SYMBOL(cuEventRecord, NULL),
      SYMBOL(cuEventSynchronize, NULL),
      SYMBOL(cuEventElapsedTime, "cuEventElapsedTime_v2"),
      SYMBOL(cuModuleLoadDataEx, NULL),
      SYMBOL(cuModuleUnload, NULL),
      SYMBOL(cuModuleGetFunction, NULL),
      SYMBOL(cuFuncGetAttribute, NULL),
      SYMBOL(cuFuncSetAttribute, NULL),
      SYMBOL(cuLaunchKernel, NULL),
#undef SYMBOL
  };
  for (size_t i = 0; i < sizeof(symbols) / sizeof(symbols[0]); ++i) {
    void *address = NULL;
    for (int j = 0; j < 2 && !address; ++j)
      if (symbols[i].names[j])
        address = dlsym(handle, symbols[i].names[j]);
    if (!address) {
      setStatus(&driverStatus, CUDAPY_STATUS_NO_DRIVER,
                "the CUDA driver (libcuda.so.1) lacks %s; it is older than "
                "cudapy supports (CUDA 12 or newer)",
                symbols[i].names[1]);
      memset(&driver, 0, sizeof(driver));
      dlclose(handle);
      return;
    }
    *symbols[i].slot = address;
  }
  // Optional symbols: what needs them fails at its use where they lack.
  driver.cuTensorMapEncodeTiled =
      (CUresult(*)(void *, int, unsigned, void *, const uint64_t *,
                   const uint64_t *, const unsigned *, const unsigned *, int,
                   int, int, int))dlsym(handle, "cuTensorMapEncodeTiled");
  driver.cuLaunchKernelEx =
      (CUresult(*)(const void *, CUfunction, void **, void **))dlsym(
          handle, "cuLaunchKernelEx");
  driver.cuOccupancyMaxActiveBlocksPerMultiprocessor =
      (CUresult(*)(int *, CUfunction, int, size_t))dlsym(
          handle, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  driver.cuLinkCreate = (CUresult(*)(
      unsigned, int *, void **, CUlinkState *))dlsym(handle, "cuLinkCreate_v2");
  driver.cuLinkAddData =
      (CUresult(*)(CUlinkState, int, void *, size_t, const char *, unsigned,
                   int *, void **))dlsym(handle, "cuLinkAddData_v2");
  driver.cuLinkComplete = (CUresult(*)(CUlinkState, void **, size_t *))dlsym(
      handle, "cuLinkComplete");
  driver.cuLinkDestroy =
      (CUresult(*)(CUlinkState))dlsym(handle, "cuLinkDestroy");
  // The handle stays open for the life of the process.
  if (DRIVER_CALL(cuInit(0), &driverStatus))
    return;
  setOk(&driverStatus);
}

bool cudapyRuntimeInitialize(CudapyStatus *status) {
  pthread_once(&driverOnce, loadDriver);
  if (driverStatus.code != CUDAPY_STATUS_OK) {
    if (status)
      *status = driverStatus;
    return false;
  }
  setOk(status);
  return true;
}

//===----------------------------------------------------------------------===//
// Devices and contexts
//===----------------------------------------------------------------------===//

static Device *unwrapDevice(CudapyDevice device) { return device.ptr; }

bool enterContext(const Device *device, ContextScope *scope,
                  CudapyStatus *status) {
  scope->pushed = false;
  if (!device)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "null device handle");
  CUcontext current = NULL;
  if (driver.cuCtxGetCurrent(&current) == 0 && current == device->context)
    return true;
  if (DRIVER_CALL(cuCtxPushCurrent(device->context), status))
    return false;
  scope->pushed = true;
  return true;
}

void leaveContext(ContextScope *scope) {
  if (scope->pushed) {
    CUcontext popped;
    driver.cuCtxPopCurrent(&popped);
  }
}

bool cudapyDeviceGetCount(int *count, CudapyStatus *status) {
  *count = 0;
  if (!cudapyRuntimeInitialize(status))
    return false;
  return !DRIVER_CALL(cuDeviceGetCount(count), status);
}

static bool queryDevice(Device *device, int ordinal, CudapyStatus *status) {
  CudapyDeviceInfo *info = &device->info;
  memset(info, 0, sizeof(*info));
  info->ordinal = ordinal;
  struct {
    int attribute;
    int *value;
  } attributes[] = {
      {kAttrComputeCapabilityMajor, &info->computeCapabilityMajor},
      {kAttrComputeCapabilityMinor, &info->computeCapabilityMinor},
      {kAttrMultiprocessorCount, &info->multiprocessorCount},
      {kAttrMaxThreadsPerBlock, &info->maxThreadsPerBlock},
      {kAttrMaxSharedPerBlock, &info->maxSharedMemoryPerBlock},
      {kAttrMaxSharedPerBlockOptin, &info->maxSharedMemoryPerBlockOptin},
  };
  if (DRIVER_CALL(
          cuDeviceGetName(info->name, (int)sizeof(info->name), device->device),
          status) ||
      DRIVER_CALL(cuDeviceTotalMem(&info->totalMemoryBytes, device->device),
                  status) ||
      DRIVER_CALL(cuDriverGetVersion(&info->driverVersion), status))
    return false;
  for (size_t i = 0; i < sizeof(attributes) / sizeof(attributes[0]); ++i)
    if (DRIVER_CALL(cuDeviceGetAttribute(attributes[i].value,
                                         attributes[i].attribute,
                                         device->device),
                    status))
      return false;
  snprintf(info->chip, sizeof(info->chip), "sm_%d%d",
           info->computeCapabilityMajor, info->computeCapabilityMinor);
  return true;
}

CudapyDevice cudapyDeviceOpen(int ordinal, CudapyStatus *status) {
  CudapyDevice result = {NULL};
  int count = 0;
  if (!cudapyDeviceGetCount(&count, status))
    return result;
  if (ordinal < 0 || ordinal >= count) {
    setStatus(status, CUDAPY_STATUS_NOT_FOUND,
              "no CUDA device %d (this machine has %d)", ordinal, count);
    return result;
  }
  Device *device = calloc(1, sizeof(Device));
  if (!device) {
    setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
    return result;
  }
  if (DRIVER_CALL(cuDeviceGet(&device->device, ordinal), status) ||
      !queryDevice(device, ordinal, status) ||
      DRIVER_CALL(cuDevicePrimaryCtxRetain(&device->context, device->device),
                  status)) {
    free(device);
    return result;
  }
  result.ptr = device;
  setOk(status);
  return result;
}

void cudapyDeviceClose(CudapyDevice handle) {
  Device *device = unwrapDevice(handle);
  if (!device)
    return;
  driver.cuDevicePrimaryCtxRelease(device->device);
  free(device);
}

void cudapyDeviceGetInfo(CudapyDevice device, CudapyDeviceInfo *info) {
  *info = unwrapDevice(device)->info;
}

bool cudapyDeviceSynchronize(CudapyDevice handle, CudapyStatus *status) {
  ContextScope scope;
  if (!enterContext(unwrapDevice(handle), &scope, status))
    return false;
  bool ok = !DRIVER_CALL(cuCtxSynchronize(), status);
  leaveContext(&scope);
  if (ok)
    setOk(status);
  return ok;
}

//===----------------------------------------------------------------------===//
// Memory, streams, events
//===----------------------------------------------------------------------===//

/// Runs one driver call inside the device's context.
#define IN_CONTEXT(handle, status, call)                                       \
  do {                                                                         \
    ContextScope scope_;                                                       \
    if (!enterContext(unwrapDevice(handle), &scope_, status))                  \
      return false;                                                            \
    bool failed_ = DRIVER_CALL(call, status);                                  \
    leaveContext(&scope_);                                                     \
    if (failed_)                                                               \
      return false;                                                            \
    setOk(status);                                                             \
    return true;                                                               \
  } while (0)

bool cudapyMemAlloc(CudapyDevice device, size_t bytes, uint64_t *pointer,
                    CudapyStatus *status) {
  *pointer = 0;
  CUdeviceptr *out = (CUdeviceptr *)pointer;
  IN_CONTEXT(device, status, cuMemAlloc(out, bytes));
}

bool cudapyMemFree(CudapyDevice device, uint64_t pointer,
                   CudapyStatus *status) {
  IN_CONTEXT(device, status, cuMemFree((CUdeviceptr)pointer));
}

bool cudapyMemcpyHostToDevice(CudapyDevice device, uint64_t destination,
                              const void *source, size_t bytes,
                              CudapyStatus *status) {
  IN_CONTEXT(device, status,
             cuMemcpyHtoD((CUdeviceptr)destination, source, bytes));
}

bool cudapyMemcpyDeviceToHost(CudapyDevice device, void *destination,
                              uint64_t source, size_t bytes,
                              CudapyStatus *status) {
  IN_CONTEXT(device, status,
             cuMemcpyDtoH(destination, (CUdeviceptr)source, bytes));
}

bool cudapyMemset(CudapyDevice device, uint64_t destination,
                  unsigned char value, size_t bytes, CudapyStatus *status) {
  IN_CONTEXT(device, status,
             cuMemsetD8((CUdeviceptr)destination, value, bytes));
}

static bool createStream(CudapyDevice device, CUstream *stream,
                         CudapyStatus *status) {
  IN_CONTEXT(device, status, cuStreamCreate(stream, kStreamNonBlocking));
}

static bool destroyStream(CudapyDevice device, CUstream stream) {
  IN_CONTEXT(device, NULL, cuStreamDestroy(stream));
}

static bool createEvent(CudapyDevice device, CUevent *event,
                        CudapyStatus *status) {
  IN_CONTEXT(device, status, cuEventCreate(event, kEventDefault));
}

static bool destroyEvent(CudapyDevice device, CUevent event) {
  IN_CONTEXT(device, NULL, cuEventDestroy(event));
}

CudapyStream cudapyStreamCreate(CudapyDevice device, CudapyStatus *status) {
  CUstream stream = NULL;
  CudapyStream result = {createStream(device, &stream, status) ? stream : NULL};
  return result;
}

void cudapyStreamDestroy(CudapyDevice device, CudapyStream stream) {
  if (stream.ptr)
    destroyStream(device, stream.ptr);
}

bool cudapyStreamSynchronize(CudapyDevice device, CudapyStream stream,
                             CudapyStatus *status) {
  IN_CONTEXT(device, status, cuStreamSynchronize(stream.ptr));
}

CudapyEvent cudapyEventCreate(CudapyDevice device, CudapyStatus *status) {
  CUevent event = NULL;
  CudapyEvent result = {createEvent(device, &event, status) ? event : NULL};
  return result;
}

void cudapyEventDestroy(CudapyDevice device, CudapyEvent event) {
  if (event.ptr)
    destroyEvent(device, event.ptr);
}

bool cudapyEventRecord(CudapyDevice device, CudapyEvent event,
                       CudapyStream stream, CudapyStatus *status) {
  IN_CONTEXT(device, status, cuEventRecord(event.ptr, stream.ptr));
}

bool cudapyEventElapsedMilliseconds(CudapyDevice device, CudapyEvent start,
                                    CudapyEvent end, float *milliseconds,
                                    CudapyStatus *status) {
  ContextScope scope;
  if (!enterContext(unwrapDevice(device), &scope, status))
    return false;
  bool ok = !DRIVER_CALL(cuEventSynchronize(end.ptr), status) &&
            !DRIVER_CALL(cuEventElapsedTime(milliseconds, start.ptr, end.ptr),
                         status);
  leaveContext(&scope);
  if (ok)
    setOk(status);
  return ok;
}

//===----------------------------------------------------------------------===//
// Target selection
//===----------------------------------------------------------------------===//

/// Parses "sm_90", "sm_90a", "sm_100f" into its number (90, 100) and suffix.
static bool parseChip(const char *chip, int *number, char *suffix) {
  if (!chip || strncmp(chip, "sm_", 3) != 0)
    return false;
  char *end = NULL;
  long value = strtol(chip + 3, &end, 10);
  if (end == chip + 3 || value <= 0)
    return false;
  *suffix = *end;
  if (*suffix != '\0' && (end[1] != '\0' || (*suffix != 'a' && *suffix != 'f')))
    return false;
  *number = (int)value;
  return true;
}

int cudapySelectTarget(const CudapyDeviceInfo *device, const char *const *chips,
                       int count) {
  int deviceNumber =
      device->computeCapabilityMajor * 10 + device->computeCapabilityMinor;
  int best = -1, bestRank = -1;
  for (int i = 0; i < count; ++i) {
    int number = 0;
    char suffix = '\0';
    if (!parseChip(chips[i], &number, &suffix) || number > deviceNumber)
      continue;
    // Architecture-specific code runs on its own chip only; family-specific
    // code on the chips of its major version.
    if (suffix == 'a' && number != deviceNumber)
      continue;
    if (suffix == 'f' && number / 10 != deviceNumber / 10)
      continue;
    int rank = number * 4 + (suffix == 'a' ? 2 : suffix == 'f' ? 1 : 0);
    if (rank > bestRank) {
      bestRank = rank;
      best = i;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

static Module *unwrapModule(CudapyModule module) { return module.ptr; }

/// The chip named by the first ".target" directive of the PTX.
static void readPtxTarget(const char *ptx, char *chip, size_t size) {
  chip[0] = '\0';
  const char *target = strstr(ptx, ".target");
  if (!target)
    return;
  target += strlen(".target");
  while (*target == ' ' || *target == '\t')
    ++target;
  size_t n = 0;
  while (n + 1 < size &&
         (target[n] == '_' || (target[n] >= 'a' && target[n] <= 'z') ||
          (target[n] >= '0' && target[n] <= '9')))
    ++n;
  memcpy(chip, target, n);
  chip[n] = '\0';
}

/// Whether `image` is a cubin (an ELF file) rather than PTX text.
static bool isCubin(const char *image, size_t size) {
  return size >= 4 && !memcmp(image,
                              "\x7f"
                              "ELF",
                              4);
}

/// The chip of a cubin, as the metadata says: that of its targets whose
/// output is a cubin when they all name one; else empty (the kernels'
/// first metadata entries are used).
static void readCubinTarget(cJSON *metadata, char *chip, size_t size) {
  chip[0] = '\0';
  cJSON *target;
  cJSON_ArrayForEach(target, cJSON_GetObjectItem(metadata, "targets")) {
    const char *format =
        cJSON_GetStringValue(cJSON_GetObjectItem(target, "format"));
    const char *name =
        cJSON_GetStringValue(cJSON_GetObjectItem(target, "chip"));
    if (!format || strcmp(format, "cubin") || !name)
      continue;
    if (chip[0] && strcmp(chip, name)) {
      chip[0] = '\0';
      return;
    }
    snprintf(chip, size, "%s", name);
  }
}

/// Links `image` (our PTX, NUL-terminated, or a cubin of `imageSize`
/// bytes) with `inputs` through the driver's JIT linker and loads the
/// result into `module`. The logs go to `infoLog`/`errorLog` (kLogSize
/// bytes each).
static CUresult linkAndLoad(Module *module, char *image, size_t imageSize,
                            bool imageIsCubin, const CudapyLinkInput *inputs,
                            int count, char *infoLog, char *errorLog,
                            size_t logSize, const char **failedCall,
                            CudapyStatus *status) {
  // Line info (like ptxas -lineinfo) maps the code back to the PTX's .loc
  // lines, where it has them; it changes no code.
  int options[] = {kJitInfoLogBuffer,  kJitInfoLogBufferSize,
                   kJitErrorLogBuffer, kJitErrorLogBufferSize,
                   kJitLogVerbose,     kJitGenerateLineInfo};
  void *values[] = {infoLog,
                    (void *)(uintptr_t)logSize,
                    errorLog,
                    (void *)(uintptr_t)logSize,
                    (void *)(uintptr_t)1,
                    (void *)(uintptr_t)1};
  unsigned numOptions = sizeof(options) / sizeof(options[0]);
  if (count == 0) {
    *failedCall = "cuModuleLoadDataEx";
    return driver.cuModuleLoadDataEx(&module->module, image, numOptions,
                                     options, values);
  }
  CUlinkState link = NULL;
  *failedCall = "cuLinkCreate";
  CUresult result = driver.cuLinkCreate(numOptions, options, values, &link);
  if (result != 0)
    return result;
  *failedCall = "cuLinkAddData";
  result = driver.cuLinkAddData(
      link, imageIsCubin ? CUDAPY_LINK_CUBIN : CUDAPY_LINK_PTX, image,
      imageIsCubin ? imageSize : strlen(image) + 1, "cudapy", 0, NULL, NULL);
  for (int i = 0; i < count && result == 0; ++i) {
    // PTX text need not end in NUL in the caller's buffer; the linker's
    // copy does.
    char *copy = NULL;
    void *data = (void *)(uintptr_t)inputs[i].data;
    size_t size = inputs[i].size;
    if (inputs[i].kind == CUDAPY_LINK_PTX) {
      copy = malloc(size + 1);
      if (!copy) {
        driver.cuLinkDestroy(link);
        setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
        return -1;
      }
      memcpy(copy, data, size);
      copy[size] = '\0';
      data = copy;
      size += 1;
    }
    result = driver.cuLinkAddData(link, (int)inputs[i].kind, data, size,
                                  inputs[i].name ? inputs[i].name : "input", 0,
                                  NULL, NULL);
    free(copy);
  }
  void *cubin = NULL;
  size_t cubinSize = 0;
  if (result == 0) {
    *failedCall = "cuLinkComplete";
    result = driver.cuLinkComplete(link, &cubin, &cubinSize);
  }
  if (result == 0) {
    *failedCall = "cuModuleLoadDataEx";
    result = driver.cuModuleLoadDataEx(&module->module, cubin, 0, NULL, NULL);
  }
  driver.cuLinkDestroy(link);
  return result;
}

CudapyModule cudapyModuleLoad(CudapyDevice device, const char *ptx,
                              size_t ptxLength, const char *metadata,
                              size_t metadataLength, CudapyStatus *status) {
  return cudapyModuleLoadLinked(device, ptx, ptxLength, metadata,
                                metadataLength, NULL, 0, status);
}

CudapyModule cudapyModuleLoadLinked(CudapyDevice deviceHandle, const char *ptx,
                                    size_t ptxLength, const char *metadata,
                                    size_t metadataLength,
                                    const CudapyLinkInput *inputs, int count,
                                    CudapyStatus *status) {
  CudapyModule result = {NULL};
  Device *device = unwrapDevice(deviceHandle);
  if (!cudapyRuntimeInitialize(status))
    return result;
  if (count < 0 || (count > 0 && !inputs)) {
    setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
              "link inputs: %d inputs at %p", count, (const void *)inputs);
    return result;
  }
  for (int i = 0; i < count; ++i) {
    if (inputs[i].kind < CUDAPY_LINK_CUBIN ||
        inputs[i].kind > CUDAPY_LINK_LIBRARY || !inputs[i].data ||
        inputs[i].size == 0) {
      setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                "link input %d (%s): kind %d with %zu bytes is not a cubin, "
                "PTX, fatbinary, object or library",
                i, inputs[i].name ? inputs[i].name : "unnamed",
                (int)inputs[i].kind, inputs[i].size);
      return result;
    }
  }
  if (count > 0 && !(driver.cuLinkCreate && driver.cuLinkAddData &&
                     driver.cuLinkComplete && driver.cuLinkDestroy)) {
    setStatus(status, CUDAPY_STATUS_NO_DRIVER,
              "the CUDA driver lacks the JIT linker (cuLinkCreate_v2)");
    return result;
  }
  cJSON *json = cJSON_ParseWithLength(metadata, metadataLength);
  if (!json || !cJSON_IsArray(cJSON_GetObjectItem(json, "kernels"))) {
    setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
              json ? "kernel metadata has no \"kernels\" list"
                   : "kernel metadata is not valid JSON");
    cJSON_Delete(json);
    return result;
  }
  Module *module = calloc(1, sizeof(Module));
  char *image = malloc(ptxLength + 1);
  enum { kLogSize = 16384 };
  char *infoLog = calloc(1, kLogSize), *errorLog = calloc(1, kLogSize);
  if (!module || !image || !infoLog || !errorLog) {
    setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
    goto fail;
  }
  memcpy(image, ptx, ptxLength);
  image[ptxLength] = '\0';
  bool cubin = isCubin(image, ptxLength);
  if (cubin)
    readCubinTarget(json, module->chip, sizeof(module->chip));
  else
    readPtxTarget(image, module->chip, sizeof(module->chip));

  ContextScope scope;
  if (!enterContext(device, &scope, status))
    goto fail;
  const char *call = "cuModuleLoadDataEx";
  CudapyStatus linkStatus;
  setOk(&linkStatus);
  CUresult loaded =
      linkAndLoad(module, image, ptxLength, cubin, inputs, count, infoLog,
                  errorLog, kLogSize, &call, &linkStatus);
  leaveContext(&scope);
  if (linkStatus.code != CUDAPY_STATUS_OK) {
    if (status)
      *status = linkStatus;
    goto fail;
  }
  if (driverFailed(loaded, call, status)) {
    if (status && errorLog[0]) {
      size_t used = strlen(status->message);
      snprintf(status->message + used, sizeof(status->message) - used,
               "\nJIT error log:\n%s", errorLog);
    }
    goto fail;
  }
  module->device = device;
  module->jitLog = infoLog;
  module->metadata = json;
  free(image);
  free(errorLog);
  result.ptr = module;
  setOk(status);
  return result;

fail:
  cJSON_Delete(json);
  free(module);
  free(image);
  free(infoLog);
  free(errorLog);
  return result;
}

const char *cudapyModuleGetJitLog(CudapyModule module) {
  return unwrapModule(module)->jitLog;
}

static void destroyKernel(Kernel *kernel) {
  for (int i = 0; i < kernel->numParams; ++i)
    free(kernel->params[i].type);
  free(kernel->params);
  for (int i = 0; i < kernel->numArgs; ++i) {
    free(kernel->args[i].type);
    free(kernel->args[i].shape);
    free(kernel->args[i].strides);
    free(kernel->args[i].divisibility);
    free(kernel->args[i].strideDivisibility);
    free(kernel->args[i].tensorMaps);
  }
  free(kernel->args);
  free(kernel->name);
  free(kernel);
}

void cudapyModuleUnload(CudapyModule handle) {
  Module *module = unwrapModule(handle);
  if (!module)
    return;
  for (Kernel *kernel = module->kernels, *next; kernel; kernel = next) {
    next = kernel->next;
    destroyKernel(kernel);
  }
  ContextScope scope;
  if (enterContext(module->device, &scope, NULL)) {
    driver.cuModuleUnload(module->module);
    leaveContext(&scope);
  }
  cJSON_Delete(module->metadata);
  free(module->jitLog);
  free(module);
}

static CudapyParamKind parseKind(const char *kind) {
  if (kind && !strcmp(kind, "pointer"))
    return CUDAPY_PARAM_POINTER;
  if (kind && !strcmp(kind, "integer"))
    return CUDAPY_PARAM_INTEGER;
  if (kind && !strcmp(kind, "float"))
    return CUDAPY_PARAM_FLOAT;
  if (kind && !strcmp(kind, "vector"))
    return CUDAPY_PARAM_VECTOR;
  return CUDAPY_PARAM_AGGREGATE;
}

/// The metadata entry of kernel `name`, preferring the one compiled for the
/// PTX's chip.
static cJSON *findKernelMetadata(const Module *module, const char *name) {
  cJSON *fallback = NULL, *entry;
  cJSON_ArrayForEach(entry, cJSON_GetObjectItem(module->metadata, "kernels")) {
    const char *entryName =
        cJSON_GetStringValue(cJSON_GetObjectItem(entry, "name"));
    if (!entryName || strcmp(entryName, name))
      continue;
    const char *chip = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "chip"));
    if (chip && !strcmp(chip, module->chip))
      return entry;
    if (!fallback)
      fallback = entry;
  }
  return fallback;
}

/// The most bytes of parameters a kernel can take (ptxas, PTX ISA 8.1 and
/// later) and the largest alignment the metadata may give one.
enum { kMaxParamBytes = 32764, kMaxParamAlign = 4096 };

static bool readParams(Kernel *kernel, cJSON *entry, CudapyStatus *status) {
  cJSON *params = cJSON_GetObjectItem(entry, "params");
  if (!cJSON_IsArray(params))
    return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                     "kernel metadata of '%s' has no \"params\" list",
                     kernel->name);
  kernel->numParams = cJSON_GetArraySize(params);
  kernel->params = calloc((size_t)kernel->numParams + 1, sizeof(Param));
  if (!kernel->params)
    return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
  size_t offset = 0;
  for (int i = 0; i < kernel->numParams; ++i) {
    cJSON *param = cJSON_GetArrayItem(params, i);
    double size = cJSON_GetNumberValue(cJSON_GetObjectItem(param, "size"));
    double align = cJSON_GetNumberValue(cJSON_GetObjectItem(param, "align"));
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(param, "type"));
    cJSON *index = cJSON_GetObjectItem(param, "index");
    if (!(size > 0) || !(align >= 1) || !type)
      return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                       "kernel metadata of '%s': parameter %d lacks a size, "
                       "an alignment or a type",
                       kernel->name, i);
    // What PTX can have: parameters in order, each aligned to a power of
    // two, all within the largest parameter space (32764 bytes).
    if (index && cJSON_GetNumberValue(index) != i)
      return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                       "kernel metadata of '%s': parameter %d says it is "
                       "parameter %g",
                       kernel->name, i, cJSON_GetNumberValue(index));
    if (size > kMaxParamBytes || size != (double)(size_t)size ||
        align > kMaxParamAlign || align != (double)(size_t)align ||
        ((size_t)align & ((size_t)align - 1)))
      return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                       "kernel metadata of '%s': parameter %d has size %g and "
                       "alignment %g (at most %d bytes, aligned to a power of "
                       "two up to %d)",
                       kernel->name, i, size, align, kMaxParamBytes,
                       kMaxParamAlign);
    Param *p = &kernel->params[i];
    p->kind =
        parseKind(cJSON_GetStringValue(cJSON_GetObjectItem(param, "kind")));
    p->size = (size_t)size;
    p->align = (size_t)align;
    p->type = strdup(type);
    if (!p->type)
      return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY,
                       "out of host memory");
    offset = (offset + p->align - 1) / p->align * p->align;
    p->offset = offset;
    offset += p->size;
    if (offset > kMaxParamBytes)
      return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                       "kernel metadata of '%s': the parameters take more "
                       "than %d bytes",
                       kernel->name, kMaxParamBytes);
  }
  kernel->argumentBytes = offset;
  return true;
}

/// `item` as an integer in [min, max], or `fallback` when it is absent, not
/// a number, not an integer or out of range (a NaN or an out-of-range
/// double is never converted: that is undefined behaviour).
static int64_t integerOf(const cJSON *item, int64_t min, int64_t max,
                         int64_t fallback) {
  if (!cJSON_IsNumber(item))
    return fallback;
  double value = item->valuedouble;
  if (!(value >= (double)min && value <= (double)max) ||
      value != (double)(int64_t)value)
    return fallback;
  return (int64_t)value;
}

/// The integer `key` of `object` (integerOf).
static int64_t integerAt(const cJSON *object, const char *key, int64_t min,
                         int64_t max, int64_t fallback) {
  return integerOf(cJSON_GetObjectItem(object, key), min, max, fallback);
}

/// The list `key` of `rank` numbers of `arg` into a fresh array. An absent
/// list is malformed unless `optional`, then every entry is `fallback`.
/// False when malformed or, with `*outOfMemory` set, out of memory.
static bool readList(cJSON *arg, const char *key, int rank, bool optional,
                     int64_t fallback, int64_t **out, bool *outOfMemory) {
  *out = calloc((size_t)rank + 1, sizeof(int64_t));
  *outOfMemory = !*out;
  if (!*out)
    return false;
  cJSON *list = cJSON_GetObjectItem(arg, key);
  if (!list && optional) {
    for (int d = 0; d < rank; ++d)
      (*out)[d] = fallback;
    return true;
  }
  if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != rank)
    return false;
  // Extents and strides: integers a double holds exactly (-1: dynamic).
  const int64_t exact = (int64_t)1 << 53;
  for (int d = 0; d < rank; ++d) {
    cJSON *item = cJSON_GetArrayItem(list, d);
    (*out)[d] = integerOf(item, -exact, exact, 0);
    if ((*out)[d] == 0 && integerOf(item, 0, 0, 1) != 0)
      return false;
  }
  return true;
}

/// Fails reading argument `index` of `kernel`'s metadata: out of memory, or
/// the argument has `what` ("a bad shape").
static bool badArgument(const Kernel *kernel, int index, const char *what,
                        bool outOfMemory, CudapyStatus *status) {
  if (outOfMemory)
    return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
  return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                   "kernel metadata of '%s': argument %d has %s", kernel->name,
                   index, what);
}

/// The optional "tensor_maps" list of tile array `arg` into `out`: each a
/// box of the array's rank (up to kMaxTensorMapRank, extents 1 to 256) and
/// a swizzle of 0, 32, 64 or 128 bytes; they are its last parameters.
static bool readTensorMaps(Arg *out, cJSON *arg, bool *outOfMemory) {
  cJSON *maps = cJSON_GetObjectItem(arg, "tensor_maps");
  if (!maps)
    return true;
  int count = cJSON_GetArraySize(maps);
  int rank = out->info.rank;
  if (!cJSON_IsArray(maps) || rank < 1 || rank > kMaxTensorMapRank ||
      count >= out->info.numParams)
    return false;
  out->tensorMaps = calloc((size_t)count + 1, sizeof(*out->tensorMaps));
  *outOfMemory = !out->tensorMaps;
  if (!out->tensorMaps)
    return false;
  out->numTensorMaps = count;
  for (int m = 0; m < count; ++m) {
    cJSON *map = cJSON_GetArrayItem(maps, m);
    cJSON *box = cJSON_GetObjectItem(map, "box");
    int64_t swizzle = integerAt(map, "swizzle", 0, 128, -1);
    if (!cJSON_IsArray(box) || cJSON_GetArraySize(box) != rank ||
        (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128))
      return false;
    out->tensorMaps[m].swizzle = (int)swizzle;
    for (int d = 0; d < rank; ++d) {
      double extent = cJSON_GetNumberValue(cJSON_GetArrayItem(box, d));
      if (!(extent >= 1 && extent <= 256) || extent != (double)(int)extent)
        return false;
      out->tensorMaps[m].box[d] = (unsigned)extent;
    }
  }
  return true;
}

/// Reads the optional "args" list: the kernel's source-level arguments.
static bool readArgs(Kernel *kernel, cJSON *entry, CudapyStatus *status) {
  cJSON *args = cJSON_GetObjectItem(entry, "args");
  if (!args)
    return true;
  if (!cJSON_IsArray(args))
    return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                     "kernel metadata of '%s': \"args\" is not a list",
                     kernel->name);
  int count = cJSON_GetArraySize(args);
  kernel->args = calloc((size_t)count + 1, sizeof(Arg));
  if (!kernel->args)
    return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
  kernel->numArgs = count;
  for (int i = 0; i < count; ++i) {
    cJSON *arg = cJSON_GetArrayItem(args, i);
    Arg *out = &kernel->args[i];
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(arg, "type"));
    const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(arg, "kind"));
    int64_t first = integerAt(arg, "first_param", 0, kernel->numParams, -1),
            params = integerAt(arg, "params", 1, kernel->numParams, -1);
    if (!type || !kind || first < 0 || params < 1 ||
        first + params > kernel->numParams)
      return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                       "kernel metadata of '%s': argument %d is malformed",
                       kernel->name, i);
    out->type = strdup(type);
    out->info.type = out->type;
    out->info.firstParam = (int)first;
    out->info.numParams = (int)params;
    out->info.isMemref = !strcmp(kind, "memref");
    out->info.isArray = !strcmp(kind, "py_array");
    if (out->info.isArray) {
      int rank = (int)integerAt(arg, "rank", 0, 64, -1);
      if (rank < 0 || rank > 64)
        return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                         "kernel metadata of '%s': argument %d has a bad "
                         "rank",
                         kernel->name, i);
      out->info.rank = rank;
      out->info.elementBytes =
          (size_t)integerAt(arg, "element_bytes", 0, 1 << 20, 0);
    }
    out->info.isTileArray = !strcmp(kind, "tile_array");
    out->info.isTileArrayList = !strcmp(kind, "tile_array_list");
    bool outOfMemory = false;
    if (out->info.isTileArray || out->info.isTileArrayList) {
      int rank = (int)integerAt(arg, "rank", 0, 64, -1);
      bool ok =
          rank >= 0 && rank <= 64 &&
          readList(arg, "shape", rank, false, 0, &out->shape, &outOfMemory) &&
          readList(arg, "strides", rank, false, 0, &out->strides, &outOfMemory);
      if (!ok)
        return badArgument(kernel, i, "a bad shape or strides", outOfMemory,
                           status);
      out->info.rank = rank;
      out->info.elementBytes =
          (size_t)integerAt(arg, "element_bytes", 0, 1 << 20, 0);
      cJSON *bits = cJSON_GetObjectItem(arg, "element_bits");
      out->info.elementBits = bits ? (int)integerOf(bits, 0, 1 << 23, 0)
                                   : 8 * (int)out->info.elementBytes;
      out->info.shape = out->shape;
      out->info.strides = out->strides;
      // The facts the kernel was specialized on (absent: none).
      cJSON *alignment = cJSON_GetObjectItem(arg, "alignment");
      out->alignment =
          alignment ? integerOf(alignment, 1, (int64_t)1 << 40, 0) : 1;
      ok = readList(arg, "divisibility", rank, true, 1, &out->divisibility,
                    &outOfMemory) &&
           readList(arg, "stride_divisibility", rank, true, 1,
                    &out->strideDivisibility, &outOfMemory) &&
           out->alignment >= 1;
      for (int d = 0; ok && d < rank; ++d)
        ok = out->divisibility[d] >= 1 && out->strideDivisibility[d] >= 1;
      if (!ok)
        return badArgument(kernel, i, "bad facts", outOfMemory, status);
      if (!readTensorMaps(out, arg, &outOfMemory))
        return badArgument(kernel, i, "bad tensor maps", outOfMemory, status);
    }
    if (out->info.isMemref) {
      int rank = (int)integerAt(arg, "rank", 0, 64, -1);
      if (rank < 0 ||
          !readList(arg, "shape", rank, false, 0, &out->shape, &outOfMemory))
        return badArgument(kernel, i, "a bad shape", outOfMemory, status);
      out->info.rank = rank;
      out->info.elementBytes =
          (size_t)integerAt(arg, "element_bytes", 0, 1 << 20, 0);
      out->info.contiguous =
          cJSON_IsTrue(cJSON_GetObjectItem(arg, "contiguous"));
      out->info.shape = out->shape;
    }
    if (!out->type)
      return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY,
                       "out of host memory");
  }
  return true;
}

CudapyKernel cudapyModuleGetKernel(CudapyModule handle, const char *name,
                                   CudapyStatus *status) {
  CudapyKernel result = {NULL};
  Module *module = unwrapModule(handle);
  for (Kernel *kernel = module->kernels; kernel; kernel = kernel->next)
    if (!strcmp(kernel->name, name)) {
      result.ptr = kernel;
      setOk(status);
      return result;
    }
  cJSON *entry = findKernelMetadata(module, name);
  if (!entry) {
    setStatus(status, CUDAPY_STATUS_NOT_FOUND,
              "no kernel named '%s' in the module's metadata", name);
    return result;
  }
  Kernel *kernel = calloc(1, sizeof(Kernel));
  if (!kernel || !(kernel->name = strdup(name))) {
    free(kernel);
    setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY, "out of host memory");
    return result;
  }
  kernel->module = module;
  if (!readParams(kernel, entry, status) || !readArgs(kernel, entry, status)) {
    destroyKernel(kernel);
    return result;
  }
  ContextScope scope;
  if (!enterContext(module->device, &scope, status)) {
    destroyKernel(kernel);
    return result;
  }
  CUresult found =
      driver.cuModuleGetFunction(&kernel->function, module->module, name);
  int funcMaxThreads = 0;
  if (found == 0)
    found = driver.cuFuncGetAttribute(
        &funcMaxThreads, kFuncAttrMaxThreadsPerBlock, kernel->function);
  if (found == 0)
    found = driver.cuFuncGetAttribute(&kernel->numRegisters, kFuncAttrNumRegs,
                                      kernel->function);
  if (found == 0)
    found = driver.cuFuncGetAttribute(
        &kernel->staticSharedBytes, kFuncAttrSharedSizeBytes, kernel->function);
  if (found == 0)
    found = driver.cuFuncGetAttribute(
        &kernel->localBytes, kFuncAttrLocalSizeBytes, kernel->function);
  leaveContext(&scope);
  if (driverFailed(found, "cuModuleGetFunction", status)) {
    if (status)
      snprintf(status->message, sizeof(status->message),
               "the PTX has no kernel named '%s' (cuModuleGetFunction: %d)",
               name, found);
    if (status)
      status->code = CUDAPY_STATUS_NOT_FOUND;
    destroyKernel(kernel);
    return result;
  }
  int limit = module->device->info.maxThreadsPerBlock;
  if (funcMaxThreads > 0 && funcMaxThreads < limit)
    limit = funcMaxThreads;
  // Either may be absent or null (not known).
  cJSON *maxThreads = cJSON_GetObjectItem(entry, "max_threads_per_block");
  if (cJSON_IsNull(maxThreads))
    maxThreads = NULL;
  double described = cJSON_GetNumberValue(maxThreads);
  cJSON *required = cJSON_GetObjectItem(entry, "required_block_size");
  if (cJSON_IsNull(required))
    required = NULL;
  int requiredRank = required ? cJSON_GetArraySize(required) : 0;
  double threads = 1;
  bool requiredOk = !required || (cJSON_IsArray(required) &&
                                  requiredRank >= 1 && requiredRank <= 3);
  for (int i = 0; requiredOk && i < requiredRank; ++i) {
    double extent = cJSON_GetNumberValue(cJSON_GetArrayItem(required, i));
    requiredOk = extent >= 1 && extent <= 1024 && extent == (unsigned)extent;
    threads *= extent;
  }
  if ((maxThreads && !(described >= 1 && described <= 1024)) || !requiredOk ||
      threads > 1024) {
    setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
              "kernel metadata of '%s': max_threads_per_block must be 1 to "
              "1024, required_block_size 1 to 3 extents of at most 1024 "
              "threads in all",
              name);
    destroyKernel(kernel);
    return result;
  }
  if (maxThreads && described < limit)
    limit = (int)described;
  kernel->maxThreadsPerBlock = limit;
  for (int i = 0; required && i < 3; ++i)
    kernel->requiredBlock[i] =
        i < requiredRank
            ? (unsigned)cJSON_GetNumberValue(cJSON_GetArrayItem(required, i))
            : 1;
  double dynamicShared =
      cJSON_GetNumberValue(cJSON_GetObjectItem(entry, "dynamic_shared_bytes"));
  if (dynamicShared > 0)
    kernel->ownDynamicSharedBytes = (unsigned)dynamicShared;
  kernel->cooperative = cJSON_IsTrue(cJSON_GetObjectItem(entry, "cooperative"));
  kernel->next = module->kernels;
  module->kernels = kernel;
  result.ptr = kernel;
  setOk(status);
  return result;
}

bool cudapyKernelGetRequiredBlock(CudapyKernel handle, unsigned block[3]) {
  Kernel *kernel = unwrapKernel(handle);
  if (!kernel || !kernel->requiredBlock[0])
    return false;
  memcpy(block, kernel->requiredBlock, sizeof(kernel->requiredBlock));
  return true;
}

bool cudapyKernelIsCooperative(CudapyKernel kernel) {
  return unwrapKernel(kernel)->cooperative;
}

bool cudapyKernelGetMaxCooperativeBlocks(CudapyKernel handle,
                                         const unsigned block[3],
                                         unsigned dynamicSharedBytes,
                                         unsigned *blocks,
                                         CudapyStatus *status) {
  Kernel *kernel = unwrapKernel(handle);
  *blocks = 0;
  if (!driver.cuOccupancyMaxActiveBlocksPerMultiprocessor)
    return setStatus(status, CUDAPY_STATUS_NO_DRIVER,
                     "the CUDA driver lacks "
                     "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  unsigned long long threads =
      (unsigned long long)block[0] * block[1] * block[2];
  if (!threads || threads > (unsigned long long)kernel->maxThreadsPerBlock)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a block of %llu threads (%ux%ux%u): kernel '%s' takes "
                     "1 to %d",
                     threads, block[0], block[1], block[2], kernel->name,
                     kernel->maxThreadsPerBlock);
  ContextScope scope;
  if (!enterContext(kernel->module->device, &scope, status))
    return false;
  int perMultiprocessor = 0;
  bool ok =
      !DRIVER_CALL(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                       &perMultiprocessor, kernel->function, (int)threads,
                       dynamicSharedBytes + kernel->ownDynamicSharedBytes),
                   status);
  leaveContext(&scope);
  if (!ok)
    return false;
  *blocks = (unsigned)perMultiprocessor *
            (unsigned)kernel->module->device->info.multiprocessorCount;
  setOk(status);
  return true;
}

const char *cudapyKernelGetName(CudapyKernel kernel) {
  return unwrapKernel(kernel)->name;
}

int cudapyKernelGetNumParams(CudapyKernel kernel) {
  return unwrapKernel(kernel)->numParams;
}

CudapyParamInfo cudapyKernelGetParam(CudapyKernel handle, int index) {
  const Param *p = &unwrapKernel(handle)->params[index];
  CudapyParamInfo info = {p->kind, p->size, p->align, p->type};
  return info;
}

int cudapyKernelGetNumArgs(CudapyKernel kernel) {
  return unwrapKernel(kernel)->numArgs;
}

CudapyArgInfo cudapyKernelGetArg(CudapyKernel kernel, int index) {
  return unwrapKernel(kernel)->args[index].info;
}

int cudapyKernelGetMaxThreadsPerBlock(CudapyKernel kernel) {
  return unwrapKernel(kernel)->maxThreadsPerBlock;
}

int cudapyKernelGetNumRegisters(CudapyKernel kernel) {
  return unwrapKernel(kernel)->numRegisters;
}

int cudapyKernelGetStaticSharedBytes(CudapyKernel kernel) {
  return unwrapKernel(kernel)->staticSharedBytes;
}

int cudapyKernelGetLocalBytes(CudapyKernel kernel) {
  return unwrapKernel(kernel)->localBytes;
}
