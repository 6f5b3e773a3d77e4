/*===- FakeCuda.c - a CPU stand-in for libcuda.so.1 in tests --------------===*\
|*                                                                            *|
|* Implements the CUDA Driver API functions the cudapy runtime uses, on host  *|
|* memory, so that the runtime's own logic (argument packing, limits, error   *|
|* messages, JIT logs) is tested on machines without a GPU. Launches run      *|
|* nothing: they are recorded, and fakeCudaLastLaunch hands the record to the *|
|* test. Built as libcuda.so.1 in the build tree; tests put it first on       *|
|* LD_LIBRARY_PATH.                                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kInvalidImage = 200,
  kInvalidPtx = 218,
  kNotFound = 500,
};

static const struct {
  CUresult code;
  const char *name;
  const char *text;
} kErrors[] = {
    {kSuccess, "CUDA_SUCCESS", "no error"},
    {kInvalidValue, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {kOutOfMemory, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {kInvalidImage, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {kInvalidPtx, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {kNotFound, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
};

CUresult cuGetErrorName(CUresult error, const char **name) {
  for (size_t i = 0; i < sizeof(kErrors) / sizeof(kErrors[0]); ++i)
    if (kErrors[i].code == error) {
      *name = kErrors[i].name;
      return kSuccess;
    }
  return kInvalidValue;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  for (size_t i = 0; i < sizeof(kErrors) / sizeof(kErrors[0]); ++i)
    if (kErrors[i].code == error) {
      *text = kErrors[i].text;
      return kSuccess;
    }
  return kInvalidValue;
}

CUresult cuInit(unsigned flags) { return flags ? kInvalidValue : kSuccess; }
CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return kSuccess;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
CUresult cuDeviceGetName(char *name, int length, int device) {
  (void)device;
  strncpy(name, "Fake CUDA Device", (size_t)length);
  return kSuccess;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  switch (attribute) {
  case 1: // max threads per block
    *value = 1024;
    return kSuccess;
  case 8: // max shared memory per block
    *value = 48 * 1024;
    return kSuccess;
  case 16: // multiprocessors
    *value = 132;
    return kSuccess;
  case 75: // compute capability
    *value = 9;
    return kSuccess;
  case 76:
    *value = 0;
    return kSuccess;
  case 97: // max shared memory per block, opted in
    *value = 227 * 1024;
    return kSuccess;
  }
  return kInvalidValue;
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, int device) {
  (void)device;
  *bytes = (size_t)80 << 30;
  return kSuccess;
}

static int primaryContext;
static _Thread_local void *currentContext;
static _Thread_local void *contextStack[16];
static _Thread_local int contextDepth;

CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  (void)device;
  *context = &primaryContext;
  return kSuccess;
}
CUresult cuDevicePrimaryCtxRelease_v2(int device) {
  (void)device;
  return kSuccess;
}
CUresult cuCtxGetCurrent(void **context) {
  *context = currentContext;
  return kSuccess;
}
CUresult cuCtxPushCurrent_v2(void *context) {
  if (contextDepth == 16)
    return kInvalidValue;
  contextStack[contextDepth++] = currentContext;
  currentContext = context;
  return kSuccess;
}
CUresult cuCtxPopCurrent_v2(void **context) {
  if (contextDepth == 0)
    return kInvalidValue;
  *context = currentContext;
  currentContext = contextStack[--contextDepth];
  return kSuccess;
}
CUresult cuCtxSynchronize(void) {
  return currentContext ? kSuccess : kInvalidValue;
}

CUresult cuMemAlloc_v2(unsigned long long *pointer, size_t bytes) {
  void *memory = malloc(bytes ? bytes : 1);
  if (!memory)
    return kOutOfMemory;
  *pointer = (unsigned long long)(uintptr_t)memory;
  return kSuccess;
}
CUresult cuMemFree_v2(unsigned long long pointer) {
  free((void *)(uintptr_t)pointer);
  return kSuccess;
}
CUresult cuMemcpyHtoD_v2(unsigned long long destination, const void *source,
                         size_t bytes) {
  memcpy((void *)(uintptr_t)destination, source, bytes);
  return kSuccess;
}
CUresult cuMemcpyHtoDAsync_v2(unsigned long long destination,
                              const void *source, size_t bytes, void *stream) {
  (void)stream;
  memcpy((void *)(uintptr_t)destination, source, bytes);
  return kSuccess;
}
CUresult cuMemcpyDtoH_v2(void *destination, unsigned long long source,
                         size_t bytes) {
  memcpy(destination, (const void *)(uintptr_t)source, bytes);
  return kSuccess;
}
CUresult cuMemsetD8_v2(unsigned long long destination, unsigned char value,
                       size_t bytes) {
  memset((void *)(uintptr_t)destination, value, bytes);
  return kSuccess;
}

static int fakeObject;
CUresult cuStreamCreate(void **stream, unsigned flags) {
  (void)flags;
  *stream = &fakeObject;
  return kSuccess;
}
CUresult cuStreamDestroy_v2(void *stream) {
  (void)stream;
  return kSuccess;
}
CUresult cuStreamSynchronize(void *stream) {
  (void)stream;
  return kSuccess;
}
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  (void)stream;
  (void)event;
  return flags ? kInvalidValue : kSuccess;
}
CUresult cuEventCreate(void **event, unsigned flags) {
  (void)flags;
  *event = &fakeObject;
  return kSuccess;
}
CUresult cuEventDestroy_v2(void *event) {
  (void)event;
  return kSuccess;
}
CUresult cuEventRecord(void *event, void *stream) {
  (void)event;
  (void)stream;
  return kSuccess;
}
CUresult cuEventSynchronize(void *event) {
  (void)event;
  return kSuccess;
}
CUresult cuEventElapsedTime_v2(float *milliseconds, void *start, void *end) {
  (void)start;
  (void)end;
  *milliseconds = 0.5f;
  return kSuccess;
}

/// A cubin (an ELF image, from the compiler's emit "cubin") stands for the
/// kernels its ".text.NAME" sections name: its module is text with an
/// ".entry NAME(" line for each, found as in PTX. The image's size is where
/// its section headers end (ELF64: e_shoff, e_shentsize, e_shnum).
static char *readCubinEntries(const unsigned char *image) {
  uint64_t headers = 0;
  uint16_t entrySize = 0, count = 0;
  memcpy(&headers, image + 0x28, 8);
  memcpy(&entrySize, image + 0x3A, 2);
  memcpy(&count, image + 0x3C, 2);
  size_t size = (size_t)headers + (size_t)entrySize * count, used = 0;
  size_t capacity = 64;
  char *text = malloc(capacity);
  if (!text)
    return NULL;
  used = (size_t)snprintf(text, capacity, ".version cubin\n.target cubin\n");
  for (size_t i = 1; i + 6 < size; ++i) {
    if (image[i - 1] != '\0' || memcmp(image + i, ".text.", 6))
      continue;
    const char *name = (const char *)image + i + 6;
    size_t length = strnlen(name, size - i - 6);
    while (used + length + 16 > capacity) {
      char *grown = realloc(text, capacity *= 2);
      if (!grown) {
        free(text);
        return NULL;
      }
      text = grown;
    }
    used += (size_t)snprintf(text + used, capacity - used, ".entry %.*s(\n",
                             (int)length, name);
  }
  return text;
}

/// A loaded module is a copy of its PTX. Like the real driver, text without
/// PTX directives is not an image at all; the one "syntax error" this JIT
/// knows is the instruction `not_an_instruction`.
CUresult cuModuleLoadDataEx(void **module, const void *image,
                            unsigned numOptions, int *options, void **values) {
  const char *ptx = image;
  if (!memcmp(image,
              "\x7f"
              "ELF",
              4)) {
    *module = readCubinEntries(image);
    return *module ? kSuccess : kOutOfMemory;
  }
  char *infoLog = NULL, *errorLog = NULL;
  size_t infoSize = 0, errorSize = 0;
  for (unsigned i = 0; i < numOptions; ++i) {
    if (options[i] == 3)
      infoLog = values[i];
    else if (options[i] == 4)
      infoSize = (size_t)(uintptr_t)values[i];
    else if (options[i] == 5)
      errorLog = values[i];
    else if (options[i] == 6)
      errorSize = (size_t)(uintptr_t)values[i];
  }
  if (!strstr(ptx, ".version") || !strstr(ptx, ".target")) {
    if (errorLog && errorSize)
      strncpy(errorLog, "fake JIT: not a PTX image", errorSize - 1);
    return kInvalidImage;
  }
  if (strstr(ptx, "not_an_instruction")) {
    if (errorLog && errorSize)
      strncpy(errorLog,
              "ptxas application ptx input: error : fake JIT: unknown "
              "instruction 'not_an_instruction'",
              errorSize - 1);
    return kInvalidPtx;
  }
  if (infoLog && infoSize)
    strncpy(infoLog, "fake JIT: module loaded", infoSize - 1);
  *module = strdup(ptx);
  return *module ? kSuccess : kOutOfMemory;
}
CUresult cuModuleUnload(void *module) {
  free(module);
  return kSuccess;
}

/// A function is a pointer into the module's PTX at ".entry <name>(".
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  const char *ptx = module;
  size_t length = strlen(name);
  for (const char *at = strstr(ptx, ".entry "); at;
       at = strstr(at + 1, ".entry ")) {
    const char *symbol = at + strlen(".entry ");
    if (!strncmp(symbol, name, length) && symbol[length] == '(') {
      *function = (char *)module + (at - ptx);
      return kSuccess;
    }
  }
  return kNotFound;
}
CUresult cuFuncGetAttribute(int *value, int attribute, void *function) {
  (void)function;
  switch (attribute) {
  case 0: // max threads per block
    *value = 1024;
    return kSuccess;
  case 1: // static shared memory
    *value = 0;
    return kSuccess;
  case 3: // local memory a thread
    *value = 0;
    return kSuccess;
  case 4: // registers
    *value = 16;
    return kSuccess;
  }
  return kInvalidValue;
}
CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  (void)function;
  (void)attribute;
  (void)value;
  return kSuccess;
}

static struct {
  int count;
  unsigned grid[3], block[3], sharedBytes;
  void **params;
} lastLaunch;

/// The last launch's attributes: bit `id` set for each nonzero one.
static unsigned lastLaunchAttributes;

CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz,
                        unsigned sharedBytes, void *stream, void **params,
                        void **extra) {
  (void)function;
  (void)stream;
  (void)extra;
  ++lastLaunch.count;
  lastLaunchAttributes = 0;
  lastLaunch.grid[0] = gx;
  lastLaunch.grid[1] = gy;
  lastLaunch.grid[2] = gz;
  lastLaunch.block[0] = bx;
  lastLaunch.block[1] = by;
  lastLaunch.block[2] = bz;
  lastLaunch.sharedBytes = sharedBytes;
  lastLaunch.params = params;
  return kSuccess;
}

/// cuLaunchKernelEx: the launch of cuLaunchKernel, with its attributes
/// recorded (CUlaunchConfig's layout: grid, block, shared bytes, stream,
/// attributes, count; each attribute an id, padding, and a 64-byte value).
typedef struct {
  int id;
  char pad[4];
  union {
    char bytes[64];
    int value;
  } value;
} FakeLaunchAttribute;
typedef struct {
  unsigned grid[3], block[3], sharedBytes;
  void *stream;
  FakeLaunchAttribute *attributes;
  unsigned count;
} FakeLaunchConfig;

CUresult cuLaunchKernelEx(const FakeLaunchConfig *config, void *function,
                          void **params, void **extra) {
  unsigned attributes = 0;
  for (unsigned i = 0; i < config->count; ++i)
    if (config->attributes[i].value.value && config->attributes[i].id < 32)
      attributes |= 1u << config->attributes[i].id;
  CUresult result = cuLaunchKernel(
      function, config->grid[0], config->grid[1], config->grid[2],
      config->block[0], config->block[1], config->block[2], config->sharedBytes,
      config->stream, params, extra);
  lastLaunchAttributes = attributes;
  return result;
}

/// Blocks per multiprocessor: as many as 2048 threads and 32 blocks allow.
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                     void *function,
                                                     int blockSize,
                                                     size_t sharedBytes) {
  (void)function;
  (void)sharedBytes;
  if (blockSize <= 0)
    return kInvalidValue;
  *blocks = 2048 / blockSize < 32 ? 2048 / blockSize : 32;
  return kSuccess;
}

/// For tests: the launch attributes (CUlaunchAttributeID bits) of the last
/// launch; 0 for one through cuLaunchKernel.
unsigned fakeCudaLastLaunchAttributes(void) { return lastLaunchAttributes; }

/// For tests: the last launch's geometry and parameter pointers (valid while
/// the argument list lives). Returns the number of launches so far.
int fakeCudaLastLaunch(unsigned grid[3], unsigned block[3],
                       unsigned *sharedBytes, void ***params) {
  memcpy(grid, lastLaunch.grid, sizeof(lastLaunch.grid));
  memcpy(block, lastLaunch.block, sizeof(lastLaunch.block));
  *sharedBytes = lastLaunch.sharedBytes;
  *params = lastLaunch.params;
  return lastLaunch.count;
}
