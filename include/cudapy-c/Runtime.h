/*===- Runtime.h - cudapy runtime over the CUDA Driver API --------*- C -*-===*\
|*                                                                            *|
|* Plain C99, no MLIR. Loads PTX produced by the cudapy compiler, packs       *|
|* kernel arguments as the kernel metadata JSON describes them, launches and  *|
|* times kernels. libcuda.so.1 is opened at run time: nothing links against   *|
|* the driver.                                                                *|
|*                                                                            *|
|* Errors: every fallible function returns false (or a null handle) and, when *|
|* `status` is not null, fills it with what failed: the CUDA call and its     *|
|* error name and text, or the caller's mistake. The library prints nothing.  *|
|*                                                                            *|
|* Threads: handles may be used from any thread; calls on one module or on    *|
|* one argument list must not run concurrently. Each call makes the device's  *|
|* primary context current for its duration and restores the caller's.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_RUNTIME_H
#define CUDAPY_C_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define CUDAPY_RUNTIME_EXPORTED __declspec(dllexport)
#else
#define CUDAPY_RUNTIME_EXPORTED __attribute__((visibility("default")))
#endif

/// Bytes of the message buffer in CudapyStatus.
#define CUDAPY_STATUS_MESSAGE_SIZE 4096

/// What went wrong.
typedef enum CudapyStatusCode {
  CUDAPY_STATUS_OK = 0,
  CUDAPY_STATUS_NO_DRIVER = 1,        ///< libcuda.so.1 missing or incomplete
  CUDAPY_STATUS_DRIVER_ERROR = 2,     ///< a CUDA call failed (driverError)
  CUDAPY_STATUS_INVALID_ARGUMENT = 3, ///< the caller's mistake
  CUDAPY_STATUS_INVALID_METADATA = 4, ///< metadata JSON unreadable
  CUDAPY_STATUS_NOT_FOUND = 5,        ///< no such kernel, device or target
  CUDAPY_STATUS_OUT_OF_MEMORY = 6     ///< host allocation failed
} CudapyStatusCode;

/// Outcome of a call. `message` is a NUL-terminated sentence; for
/// CUDAPY_STATUS_DRIVER_ERROR it names the CUDA call and `driverError` holds
/// its CUresult. A module load failure appends the JIT's error log.
typedef struct CudapyStatus {
  CudapyStatusCode code;
  int driverError;
  char message[CUDAPY_STATUS_MESSAGE_SIZE];
} CudapyStatus;

typedef struct CudapyDevice {
  void *ptr;
} CudapyDevice;
typedef struct CudapyModule {
  void *ptr;
} CudapyModule;
typedef struct CudapyKernel {
  void *ptr;
} CudapyKernel;
typedef struct CudapyArgs {
  void *ptr;
} CudapyArgs;
typedef struct CudapyStream {
  void *ptr; ///< null: the default stream
} CudapyStream;
typedef struct CudapyEvent {
  void *ptr;
} CudapyEvent;

/// A device's properties.
typedef struct CudapyDeviceInfo {
  int ordinal;
  char name[256];
  int computeCapabilityMajor;
  int computeCapabilityMinor;
  char chip[16]; ///< "sm_90"
  int multiprocessorCount;
  size_t totalMemoryBytes;
  int maxThreadsPerBlock;
  int maxSharedMemoryPerBlock;      ///< without opting in
  int maxSharedMemoryPerBlockOptin; ///< with cuFuncSetAttribute
  int driverVersion;                ///< e.g. 13000 for CUDA 13.0
} CudapyDeviceInfo;

/// Kind of a kernel parameter, from the metadata.
typedef enum CudapyParamKind {
  CUDAPY_PARAM_POINTER = 0,
  CUDAPY_PARAM_INTEGER = 1,
  CUDAPY_PARAM_FLOAT = 2,
  CUDAPY_PARAM_VECTOR = 3,
  CUDAPY_PARAM_AGGREGATE = 4
} CudapyParamKind;

/// One PTX parameter of a kernel. `type` is owned by the kernel.
typedef struct CudapyParamInfo {
  CudapyParamKind kind;
  size_t size;
  size_t align;
  const char *type; ///< LLVM IR type: "ptr", "i64", "float", "{ i32, i8 }"
} CudapyParamInfo;

/// One source-level argument of a kernel (from the metadata's "args"): which
/// PTX parameters it fills and, for a memref, what array it expects. Strings
/// and `shape` are owned by the kernel.
typedef struct CudapyArgInfo {
  bool isMemref;
  bool isArray; ///< a py dialect array: one interoperable_array_descriptor
  int firstParam;
  int numParams;
  const char *type;     ///< "memref<?xf32>", "index", "f32" …
  int rank;             ///< memrefs, arrays: rank, element size; memrefs:
                        ///< static extents (-1:
  size_t elementBytes;  ///< dynamic), and whether the kernel assumes a
  const int64_t *shape; ///< contiguous row-major array
  bool contiguous;
  /// A tile dialect array: its pointer, dynamic extents (i32) and dynamic
  /// strides (i64); `rank`, `elementBytes`, `shape` and `strides` (in
  /// elements) describe it, -1 for dynamic entries.
  bool isTileArray;
  const int64_t *strides;
  /// Tile arrays: bits per element. fp4 elements are packed two to a byte
  /// (element 2k in the low four bits of byte k) and have `elementBytes` 0.
  int elementBits;
  /// A list of tile arrays: the address of its records and its length (an
  /// i32); `rank`, `elementBytes`, `elementBits`, `shape` and `strides`
  /// describe each of its arrays as they describe a tile array.
  bool isTileArrayList;
} CudapyArgInfo;

//===----------------------------------------------------------------------===//
// Driver and devices
//===----------------------------------------------------------------------===//

/// Opens libcuda.so.1 and initializes the driver, once per process; later
/// calls return the first outcome. Every other function calls it.
CUDAPY_RUNTIME_EXPORTED bool cudapyRuntimeInitialize(CudapyStatus *status);

/// Number of CUDA devices.
CUDAPY_RUNTIME_EXPORTED bool cudapyDeviceGetCount(int *count,
                                                  CudapyStatus *status);

/// Opens device `ordinal` and retains its primary context. Null handle on
/// failure. Close with cudapyDeviceClose.
CUDAPY_RUNTIME_EXPORTED CudapyDevice cudapyDeviceOpen(int ordinal,
                                                      CudapyStatus *status);

/// Releases the primary context; null is ignored. Modules, streams, events and
/// memory of the device must be released first.
CUDAPY_RUNTIME_EXPORTED void cudapyDeviceClose(CudapyDevice device);

/// Fills `info` (queried once, when the device was opened).
CUDAPY_RUNTIME_EXPORTED void cudapyDeviceGetInfo(CudapyDevice device,
                                                 CudapyDeviceInfo *info);

/// Waits for all work on the device.
CUDAPY_RUNTIME_EXPORTED bool cudapyDeviceSynchronize(CudapyDevice device,
                                                     CudapyStatus *status);

//===----------------------------------------------------------------------===//
// Memory (device pointers are plain 64-bit integers)
//===----------------------------------------------------------------------===//

CUDAPY_RUNTIME_EXPORTED bool cudapyMemAlloc(CudapyDevice device, size_t bytes,
                                            uint64_t *pointer,
                                            CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED bool
cudapyMemFree(CudapyDevice device, uint64_t pointer, CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED bool cudapyMemcpyHostToDevice(CudapyDevice device,
                                                      uint64_t destination,
                                                      const void *source,
                                                      size_t bytes,
                                                      CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED bool
cudapyMemcpyDeviceToHost(CudapyDevice device, void *destination,
                         uint64_t source, size_t bytes, CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED bool cudapyMemset(CudapyDevice device,
                                          uint64_t destination,
                                          unsigned char value, size_t bytes,
                                          CudapyStatus *status);

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

/// Creates a non-blocking stream; null handle on failure.
CUDAPY_RUNTIME_EXPORTED CudapyStream cudapyStreamCreate(CudapyDevice device,
                                                        CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED void cudapyStreamDestroy(CudapyDevice device,
                                                 CudapyStream stream);
CUDAPY_RUNTIME_EXPORTED bool cudapyStreamSynchronize(CudapyDevice device,
                                                     CudapyStream stream,
                                                     CudapyStatus *status);

/// Creates a timing event; null handle on failure.
CUDAPY_RUNTIME_EXPORTED CudapyEvent cudapyEventCreate(CudapyDevice device,
                                                      CudapyStatus *status);
CUDAPY_RUNTIME_EXPORTED void cudapyEventDestroy(CudapyDevice device,
                                                CudapyEvent event);
CUDAPY_RUNTIME_EXPORTED bool cudapyEventRecord(CudapyDevice device,
                                               CudapyEvent event,
                                               CudapyStream stream,
                                               CudapyStatus *status);
/// Waits for `end` and sets `milliseconds` to the time between the events.
CUDAPY_RUNTIME_EXPORTED bool
cudapyEventElapsedMilliseconds(CudapyDevice device, CudapyEvent start,
                               CudapyEvent end, float *milliseconds,
                               CudapyStatus *status);

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

/// Index of the chip in `chips` that suits the device best: the highest
/// "sm_XY" not above the device's compute capability, where an
/// architecture-specific chip ("sm_90a") only suits its own capability.
/// -1 when none does.
CUDAPY_RUNTIME_EXPORTED int cudapySelectTarget(const CudapyDeviceInfo *device,
                                               const char *const *chips,
                                               int count);

/// Loads a compiler output for the device (cuModuleLoadDataEx) and reads
/// the kernel metadata JSON that the compiler produced with it. `ptx` is
/// PTX, which the driver JIT-compiles, or a cubin (emit "cubin"; an ELF
/// image, told apart by its first bytes), which it loads as it is. On
/// failure the status message holds the JIT's error log. Null handle on
/// failure. Both buffers are copied as needed; neither needs a terminating
/// NUL.
CUDAPY_RUNTIME_EXPORTED CudapyModule cudapyModuleLoad(
    CudapyDevice device, const char *ptx, size_t ptxLength,
    const char *metadata, size_t metadataLength, CudapyStatus *status);

/// What a link input holds (the values are the driver's CUjitInputType).
typedef enum CudapyLinkKind {
  CUDAPY_LINK_CUBIN = 0,
  CUDAPY_LINK_PTX = 1,
  CUDAPY_LINK_FATBINARY = 2,
  /// A host object file holding device code (`nvcc -dc -o f.o`).
  CUDAPY_LINK_OBJECT = 3,
  /// An archive of such objects (`nvcc -lib`).
  CUDAPY_LINK_LIBRARY = 4,
} CudapyLinkKind;

/// Foreign device code to link with a module: `size` bytes at `data` (PTX
/// need not end in NUL); `name` names it in the linker's messages.
typedef struct CudapyLinkInput {
  CudapyLinkKind kind;
  const char *name;
  const void *data;
  size_t size;
} CudapyLinkInput;

/// cudapyModuleLoad, with `ptx` linked against `count` foreign inputs by the
/// driver's JIT linker (cuLinkCreate … cuLinkComplete): the module's
/// `.extern .func` declarations (declared interoperable functions) resolve
/// to the inputs' `extern "C"` device functions. On failure the status holds
/// the failing call and the linker's error log (an unresolved symbol, a
/// duplicate definition, an input for another chip). With `count` 0 it is
/// cudapyModuleLoad.
CUDAPY_RUNTIME_EXPORTED CudapyModule cudapyModuleLoadLinked(
    CudapyDevice device, const char *ptx, size_t ptxLength,
    const char *metadata, size_t metadataLength, const CudapyLinkInput *inputs,
    int count, CudapyStatus *status);

/// The JIT's information log of the load (NUL-terminated, owned by the
/// module; empty when the JIT said nothing).
CUDAPY_RUNTIME_EXPORTED const char *cudapyModuleGetJitLog(CudapyModule module);

/// Unloads the module; its kernels become invalid. Null is ignored.
CUDAPY_RUNTIME_EXPORTED void cudapyModuleUnload(CudapyModule module);

/// The kernel named `name` (the PTX entry). Owned by the module. Null handle,
/// with CUDAPY_STATUS_NOT_FOUND, when the metadata or the PTX lacks it.
CUDAPY_RUNTIME_EXPORTED CudapyKernel cudapyModuleGetKernel(
    CudapyModule module, const char *name, CudapyStatus *status);

CUDAPY_RUNTIME_EXPORTED const char *cudapyKernelGetName(CudapyKernel kernel);
CUDAPY_RUNTIME_EXPORTED int cudapyKernelGetNumParams(CudapyKernel kernel);
/// Parameter `index` (0 <= index < cudapyKernelGetNumParams).
CUDAPY_RUNTIME_EXPORTED CudapyParamInfo
cudapyKernelGetParam(CudapyKernel kernel, int index);
/// Number of source-level arguments the metadata describes (0 when it
/// describes none; the parameters are then all there is).
CUDAPY_RUNTIME_EXPORTED int cudapyKernelGetNumArgs(CudapyKernel kernel);
/// Source-level argument `index` (0 <= index < cudapyKernelGetNumArgs).
CUDAPY_RUNTIME_EXPORTED CudapyArgInfo cudapyKernelGetArg(CudapyKernel kernel,
                                                         int index);
/// The most threads a block of this kernel may have: the least of the
/// device's limit, the compiled kernel's and the metadata's.
CUDAPY_RUNTIME_EXPORTED int
cudapyKernelGetMaxThreadsPerBlock(CudapyKernel kernel);
/// The block every launch of this kernel must use (the metadata's
/// `required_block_size`: tile kernels), in `block`; false (and `block`
/// untouched) when the kernel takes any block.
CUDAPY_RUNTIME_EXPORTED bool cudapyKernelGetRequiredBlock(CudapyKernel kernel,
                                                          unsigned block[3]);
/// Whether every launch of this kernel is cooperative: its metadata says
/// `cooperative` (it reaches a grid barrier, simt.grid_sync), so its blocks
/// must all run at once.
CUDAPY_RUNTIME_EXPORTED bool cudapyKernelIsCooperative(CudapyKernel kernel);
/// The most blocks of `block` threads, with `dynamicSharedBytes` of dynamic
/// shared memory beside the kernel's own, that a cooperative launch of this
/// kernel may have on its device: the blocks that fit on one
/// multiprocessor together (the driver's occupancy calculator) times the
/// multiprocessors. Fills `blocks` (0 on failure).
CUDAPY_RUNTIME_EXPORTED bool cudapyKernelGetMaxCooperativeBlocks(
    CudapyKernel kernel, const unsigned block[3], unsigned dynamicSharedBytes,
    unsigned *blocks, CudapyStatus *status);
/// Registers per thread and static shared memory of the compiled kernel.
CUDAPY_RUNTIME_EXPORTED int cudapyKernelGetNumRegisters(CudapyKernel kernel);
CUDAPY_RUNTIME_EXPORTED int
cudapyKernelGetStaticSharedBytes(CudapyKernel kernel);
/// Local memory per thread of the compiled kernel (the stack: register
/// spills and local arrays); 0 where ptxas kept everything in registers.
CUDAPY_RUNTIME_EXPORTED int cudapyKernelGetLocalBytes(CudapyKernel kernel);

//===----------------------------------------------------------------------===//
// Arguments and launches
//===----------------------------------------------------------------------===//

/// An argument list for `kernel`, filled in parameter order by the
/// cudapyArgsAdd* functions, each of which checks the next parameter's kind
/// and size in the metadata. Reusable after cudapyArgsReset. Null handle when
/// out of memory.
CUDAPY_RUNTIME_EXPORTED CudapyArgs cudapyArgsCreate(CudapyKernel kernel);
CUDAPY_RUNTIME_EXPORTED void cudapyArgsDestroy(CudapyArgs args);
CUDAPY_RUNTIME_EXPORTED void cudapyArgsReset(CudapyArgs args);
/// Number of parameters filled so far.
CUDAPY_RUNTIME_EXPORTED int cudapyArgsGetCount(CudapyArgs args);

/// An integer parameter (i1 … i64): `value` must fit its width as a signed or
/// an unsigned number.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddInt(CudapyArgs args, int64_t value,
                                              CudapyStatus *status);
/// A floating-point parameter (half, bfloat, float, double), rounded to it.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddFloat(CudapyArgs args, double value,
                                                CudapyStatus *status);
/// A pointer parameter.
CUDAPY_RUNTIME_EXPORTED bool
cudapyArgsAddPointer(CudapyArgs args, uint64_t pointer, CudapyStatus *status);
/// Any parameter whose ABI size is `size` (structs, vectors, …), as raw bytes.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddBytes(CudapyArgs args,
                                                const void *data, size_t size,
                                                CudapyStatus *status);
/// An MLIR memref descriptor of rank `rank`, as the cudapy-to-ptx pipeline
/// expands it: allocated and aligned pointer (both `pointer`), offset 0, then
/// `shape` and `strides` (in elements; null strides: contiguous, row-major).
/// Fills 3 + 2 * rank parameters. When the metadata describes the argument,
/// the rank and static extents must match, and a kernel compiled for a
/// contiguous memref (identity layout) refuses strides that are not
/// row-major contiguous — it would ignore them.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddMemref(CudapyArgs args,
                                                 uint64_t pointer, int rank,
                                                 const int64_t *shape,
                                                 const int64_t *strides,
                                                 CudapyStatus *status);

/// A py dialect array (cuda-device spec, "Arrays") as the one parameter of
/// its `interoperable_array_descriptor`: `pointer`, then `shape` and
/// `strides` as 64-bit integers; strides count elements (null: contiguous,
/// row-major; negative strides are passed in two's complement). The next
/// parameter must be a descriptor of rank `rank` (8 + 16·rank bytes); when
/// the metadata describes the argument its rank must be `rank`.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddArray(CudapyArgs args,
                                                uint64_t pointer, int rank,
                                                const int64_t *shape,
                                                const int64_t *strides,
                                                CudapyStatus *status);

/// A tile dialect array (`!tile.array`, docs/TileLowering.md): fills its
/// pointer, its dynamic extents (each below 2^31) and its dynamic strides,
/// after checking the array against the kernel's metadata — the argument
/// at the next parameter must be a tile array of rank `rank` whose static
/// extents and strides the array has (a stride along an extent of 1 is
/// free) and, unless `elementBytes` is 0, elements of that size (an fp4
/// array, packed two elements to a byte, takes 0 or 1). `shape` and
/// `strides` count elements (null: contiguous, row-major; strides
/// nonnegative). One call per array, however many parameters it fills.
CUDAPY_RUNTIME_EXPORTED bool
cudapyArgsAddTileArray(CudapyArgs args, uint64_t pointer, int rank,
                       const int64_t *shape, const int64_t *strides,
                       size_t elementBytes, CudapyStatus *status);

/// `count` tile arrays in a row, as cudapyArgsAddTileArray would fill them
/// one by one, from one buffer of records: for each, its pointer, rank and
/// element size, then its `rank` extents and `rank` strides (in elements),
/// all as int64. One call for a launch's arrays (what a JIT's launcher
/// wants: each call from an interpreter costs).
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddTileArrays(CudapyArgs args, int count,
                                                     const int64_t *records,
                                                     CudapyStatus *status);

/// A list of tile arrays (`!tile.list`, docs/TileLowering.md): `count`
/// arrays, each a record as cudapyArgsAddTileArrays reads them, each checked
/// as cudapyArgsAddTileArray checks an array against what the kernel's
/// metadata says of every array of the list. Fills the list's two
/// parameters: the address of its records (one per array: base, extents,
/// strides, as 64-bit words) and `count`. The argument list keeps the
/// records in device memory it owns: a launch copies them there, on the
/// launch's stream, only when they differ from what the last launch with
/// this argument list copied (waiting, on the stream, for the launches that
/// read the old ones), and cudapyArgsDestroy frees them once those launches
/// are done.
CUDAPY_RUNTIME_EXPORTED bool cudapyArgsAddTileArrayList(CudapyArgs args,
                                                        int count,
                                                        const int64_t *records,
                                                        CudapyStatus *status);

/// Launches `kernel` with `args` (which must fill every parameter) on
/// `stream`. `dynamicSharedBytes` is what the caller's code uses; the
/// kernel's own (its metadata's `dynamic_shared_bytes`, tile kernels whose
/// buffers pass 48 KiB) is added. Checks the grid and block against the
/// device's and the kernel's limits and the dynamic shared memory against
/// what the device allows (opting in above 48 KiB). A kernel whose metadata
/// has `required_block_size` (tile kernels: 32 x tile.num_warps threads)
/// takes that block when `block` is null or all zeros, and refuses any
/// other. Returns when the launch is queued.
CUDAPY_RUNTIME_EXPORTED bool
cudapyLaunch(CudapyKernel kernel, CudapyArgs args, const unsigned grid[3],
             const unsigned block[3], unsigned dynamicSharedBytes,
             CudapyStream stream, CudapyStatus *status);

/// cudapyLaunch's flags.
enum {
  /// Programmatic dependent launch: the kernel may start before the one
  /// before it on the stream finishes, once every block of that one has run
  /// `griddepcontrol.launch_dependents` (tile.launch_dependents) or exited;
  /// its `griddepcontrol.wait` (tile.grid_dependency_wait) waits for that
  /// kernel's completion and memory (sm_90 on; CU_LAUNCH_ATTRIBUTE_
  /// PROGRAMMATIC_STREAM_SERIALIZATION).
  CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT = 1u,
  /// A cooperative launch: all blocks run at once, so they may wait for
  /// each other (a grid barrier), and the driver gives the launch the
  /// grid barrier's workspace; the grid is refused when it has more blocks
  /// than cudapyKernelGetMaxCooperativeBlocks. Kernels whose metadata says
  /// `cooperative` are always launched so (CU_LAUNCH_ATTRIBUTE_COOPERATIVE).
  CUDAPY_LAUNCH_COOPERATIVE = 2u,
};

/// cudapyLaunch with `flags` (CUDAPY_LAUNCH_*): launches through the
/// driver's cuLaunchKernelEx where a flag needs it (an error where the
/// driver lacks it or the device is older than sm_90).
CUDAPY_RUNTIME_EXPORTED bool
cudapyLaunchWithFlags(CudapyKernel kernel, CudapyArgs args,
                      const unsigned grid[3], const unsigned block[3],
                      unsigned dynamicSharedBytes, CudapyStream stream,
                      unsigned flags, CudapyStatus *status);

/// What each argument's entry in cudapyLaunchRecords' buffer is.
typedef enum CudapyRecordKind {
  /// A tile array: pointer, rank, element size, extents, strides, as
  /// cudapyArgsAddTileArrays reads them.
  CUDAPY_RECORD_TILE_ARRAY = 0,
  /// An integer: its value (cudapyArgsAddInt).
  CUDAPY_RECORD_INT = 1,
  /// A floating-point number: the bits of an IEEE double
  /// (cudapyArgsAddFloat).
  CUDAPY_RECORD_FLOAT = 2,
  /// A list of tile arrays: the number of arrays, then that many tile array
  /// records (cudapyArgsAddTileArrayList).
  CUDAPY_RECORD_TILE_ARRAY_LIST = 3,
  /// A py dialect array: pointer, rank, element size (0: not checked),
  /// extents, strides (elements), as cudapyArgsAddArray reads them; an
  /// element size other than the metadata's is refused.
  CUDAPY_RECORD_ARRAY = 4,
} CudapyRecordKind;

/// Fills `args` from scratch and launches, in one call: what an
/// interpreter's launcher wants, where each foreign call costs. `records`
/// holds `numWords` int64 words: the grid's three extents and the block's
/// three (three zeros: the kernel's required block), then `numArgs` entries,
/// each a CudapyRecordKind and what that kind takes. Every entry is checked as
/// the call it stands for checks it, and the launch as cudapyLaunchWithFlags
/// checks it (no dynamic shared memory beyond the kernel's own).
CUDAPY_RUNTIME_EXPORTED bool
cudapyLaunchRecords(CudapyKernel kernel, CudapyArgs args,
                    const int64_t *records, size_t numWords, int numArgs,
                    CudapyStream stream, unsigned flags, CudapyStatus *status);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_RUNTIME_H */
