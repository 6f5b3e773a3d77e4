/*===- RuntimeInternal.h - what the runtime's files share --------*- C -*-===*\
|*                                                                            *|
|* Private to lib/Runtime: the driver's types and the table of its functions, *|
|* the status helpers, and the devices, modules, kernels and parameters that  *|
|* Runtime.c (driver, devices, memory, modules) and Args.c (arguments and     *|
|* launches) both use. The library is built with hidden visibility: nothing   *|
|* here is exported.                                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_LIB_RUNTIME_RUNTIMEINTERNAL_H
#define CUDAPY_LIB_RUNTIME_RUNTIMEINTERNAL_H

#include "cudapy-c/Runtime.h"

#include <cjson/cJSON.h>

//===----------------------------------------------------------------------===//
// The driver's types and the functions cudapy uses (cuda.h, CUDA 12+).
//===----------------------------------------------------------------------===//

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlinkState_st *CUlinkState;

enum {
  kAttrMaxThreadsPerBlock = 1,
  kAttrMaxSharedPerBlock = 8,
  kAttrMultiprocessorCount = 16,
  kAttrComputeCapabilityMajor = 75,
  kAttrComputeCapabilityMinor = 76,
  kAttrMaxSharedPerBlockOptin = 97,
  kFuncAttrMaxThreadsPerBlock = 0,
  kFuncAttrSharedSizeBytes = 1,
  kFuncAttrLocalSizeBytes = 3,
  kFuncAttrNumRegs = 4,
  kFuncAttrMaxDynamicSharedBytes = 8,
  kJitInfoLogBuffer = 3,
  kJitInfoLogBufferSize = 4,
  kJitErrorLogBuffer = 5,
  kJitErrorLogBufferSize = 6,
  kJitLogVerbose = 12,
  kJitGenerateLineInfo = 13,
  kStreamNonBlocking = 1,
  kEventDefault = 0,
  kEventDisableTiming = 2,
};

/// A tensor map's rank at most (the driver's limit).
enum { kMaxTensorMapRank = 5 };

/// Shared memory a kernel may use without opting in.
enum { kDefaultSharedLimit = 48 * 1024 };

struct DriverTable {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxPushCurrent)(CUcontext);
  CUresult (*cuCtxPopCurrent)(CUcontext *);
  CUresult (*cuCtxSynchronize)(void);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  /// Optional (null where the driver lacks it): tensor maps of kernels
  /// with tensor copies (sm_90 on).
  CUresult (*cuTensorMapEncodeTiled)(void *map, int dataType, unsigned rank,
                                     void *address, const uint64_t *dims,
                                     const uint64_t *strides,
                                     const unsigned *box,
                                     const unsigned *elementStrides,
                                     int interleave, int swizzle,
                                     int l2Promotion, int oobFill);
  /// Optional: launches with attributes (programmatic dependent launch);
  /// `config` is a CUlaunchConfig (LaunchConfig in Args.c).
  CUresult (*cuLaunchKernelEx)(const void *config, CUfunction, void **params,
                               void **extra);
  /// Optional: the blocks of a kernel that fit on one multiprocessor
  /// together (cooperative launches' limit).
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction,
                                                          int, size_t);
  /// Optional: the JIT linker, for modules linked with foreign code
  /// (cudapyModuleLoadLinked).
  CUresult (*cuLinkCreate)(unsigned, int *, void **, CUlinkState *);
  CUresult (*cuLinkAddData)(CUlinkState, int, void *, size_t, const char *,
                            unsigned, int *, void **);
  CUresult (*cuLinkComplete)(CUlinkState, void **, size_t *);
  CUresult (*cuLinkDestroy)(CUlinkState);
};

/// The driver's functions, loaded once (the library's only process-wide
/// state).
extern struct DriverTable driver;

//===----------------------------------------------------------------------===//
// Status helpers
//===----------------------------------------------------------------------===//

/// Fills `status` (when not null) and returns false, for `return setStatus(…)`.
bool setStatus(CudapyStatus *status, CudapyStatusCode code, const char *format,
               ...) __attribute__((format(printf, 3, 4)));

void setOk(CudapyStatus *status);

/// True (and `status` filled with the call's name and the driver's words)
/// when `result` is an error.
bool driverFailed(CUresult result, const char *call, CudapyStatus *status);

#define DRIVER_CALL(call, status) driverFailed(driver.call, #call, status)

//===----------------------------------------------------------------------===//
// Devices, modules and kernels
//===----------------------------------------------------------------------===//

typedef struct Device {
  CUdevice device;
  CUcontext context;
  CudapyDeviceInfo info;
} Device;

/// Makes the device's primary context current if it is not; leaveContext
/// restores the caller's.
typedef struct ContextScope {
  bool pushed;
} ContextScope;

bool enterContext(const Device *device, ContextScope *scope,
                  CudapyStatus *status);
void leaveContext(ContextScope *scope);

typedef struct Param {
  CudapyParamKind kind;
  size_t size;
  size_t align;
  char *type;
  size_t offset; // in the argument buffer
} Param;

typedef struct Module Module;

typedef struct Arg {
  CudapyArgInfo info;
  char *type;
  int64_t *shape;
  int64_t *strides;
  /// Tile arrays: the facts the kernel was specialized on (1: none) — the
  /// base's alignment in bytes, what each extent and stride is a multiple of.
  int64_t alignment;
  int64_t *divisibility, *strideDivisibility;
  /// Tile arrays: the tensor maps (CUtensorMap) among its parameters, after
  /// the others: box (outermost dimension first) and swizzle in bytes.
  int numTensorMaps;
  struct TensorMapInfo {
    unsigned box[kMaxTensorMapRank];
    int swizzle;
  } * tensorMaps;
} Arg;

typedef struct Kernel {
  Module *module;
  CUfunction function;
  char *name;
  int numParams;
  Param *params;
  int numArgs;
  Arg *args;
  size_t argumentBytes;
  int maxThreadsPerBlock;
  /// The block every launch must use (the metadata's required_block_size:
  /// tile kernels), or zeros.
  unsigned requiredBlock[3];
  int numRegisters;
  int staticSharedBytes;
  int localBytes;
  unsigned dynamicSharedOptin; // the largest dynamic size opted in so far
  /// Dynamic shared memory the kernel uses itself (the metadata's
  /// dynamic_shared_bytes), added to what each launch asks for.
  unsigned ownDynamicSharedBytes;
  /// The kernel reaches a grid barrier (the metadata's `cooperative`):
  /// every launch is cooperative.
  bool cooperative;
  struct Kernel *next;
} Kernel;

struct Module {
  Device *device;
  CUmodule module;
  char *jitLog;
  char chip[16]; // from the PTX's .target line
  cJSON *metadata;
  Kernel *kernels;
};

static inline Kernel *unwrapKernel(CudapyKernel kernel) { return kernel.ptr; }

#endif // CUDAPY_LIB_RUNTIME_RUNTIMEINTERNAL_H
