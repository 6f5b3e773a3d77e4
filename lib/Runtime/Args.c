/*===- Args.c - kernel arguments and launches ---------------------*- C -*-===*\
|*                                                                            *|
|* The argument buffers of include/cudapy-c/Runtime.h, filled per parameter   *|
|* kind from the kernel metadata and checked against it, and the launch.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "RuntimeInternal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// What a tensor map in the argument buffer was made from: the next launch
/// with the same array keeps it.
typedef struct TensorMapKey {
  bool valid;
  uint64_t pointer;
  uint64_t dims[kMaxTensorMapRank], strides[kMaxTensorMapRank];
} TensorMapKey;

/// The records of a list argument (cudapyArgsAddTileArrayList): built on
/// the host as the list is added, copied to device memory at the launch
/// when they differ from what is there.
typedef struct ListRecords {
  int param;     // the parameter of the records' address
  bool filled;   // added since the argument list was last reset
  int64_t *host; // this launch's records
  size_t words, capacity;
  int64_t *copied; // what `device` holds (`copiedWords` valid words)
  size_t copiedWords;
  bool hasCopy;
  CUdeviceptr device; // `deviceWords` words
  size_t deviceWords;
  CUevent lastUse; // recorded after each launch that reads `device`
  bool used;
} ListRecords;

typedef struct Args {
  Kernel *kernel;
  int count;
  unsigned char *storage;
  void **pointers;
  TensorMapKey *tensorMapKeys; // per parameter; null without tensor maps
  int numLists;
  ListRecords *lists; // one per list argument of the kernel
} Args;

static Args *unwrapArgs(CudapyArgs args) { return args.ptr; }

CudapyArgs cudapyArgsCreate(CudapyKernel handle) {
  CudapyArgs result = {NULL};
  Kernel *kernel = unwrapKernel(handle);
  Args *args = calloc(1, sizeof(Args));
  if (!args)
    return result;
  args->kernel = kernel;
  // Parameters are at most 64-byte aligned (tensor maps).
  void *storage = NULL;
  if (posix_memalign(&storage, 64, kernel->argumentBytes + 64) == 0) {
    memset(storage, 0, kernel->argumentBytes + 64);
    args->storage = storage;
  }
  args->pointers = calloc((size_t)kernel->numParams + 1, sizeof(void *));
  bool maps = false;
  for (int a = 0; a < kernel->numArgs; ++a)
    maps |= kernel->args[a].numTensorMaps > 0;
  if (maps)
    args->tensorMapKeys =
        calloc((size_t)kernel->numParams + 1, sizeof(TensorMapKey));
  for (int a = 0; a < kernel->numArgs; ++a)
    args->numLists += kernel->args[a].info.isTileArrayList;
  if (args->numLists)
    args->lists = calloc((size_t)args->numLists, sizeof(ListRecords));
  if (!args->storage || !args->pointers || (maps && !args->tensorMapKeys) ||
      (args->numLists && !args->lists)) {
    free(args->storage);
    free(args->pointers);
    free(args->tensorMapKeys);
    free(args->lists);
    free(args);
    return result;
  }
  for (int a = 0, l = 0; a < kernel->numArgs; ++a)
    if (kernel->args[a].info.isTileArrayList)
      args->lists[l++].param = kernel->args[a].info.firstParam;
  for (int i = 0; i < kernel->numParams; ++i)
    args->pointers[i] = args->storage + kernel->params[i].offset;
  result.ptr = args;
  return result;
}

void cudapyArgsDestroy(CudapyArgs handle) {
  Args *args = unwrapArgs(handle);
  if (!args)
    return;
  ContextScope scope;
  bool entered = false;
  for (int l = 0; l < args->numLists; ++l) {
    ListRecords *list = &args->lists[l];
    // The records' memory goes once the launches that read them are done.
    if ((list->device || list->lastUse) && !entered)
      entered = enterContext(args->kernel->module->device, &scope, NULL);
    if (entered && list->used)
      (void)driver.cuEventSynchronize(list->lastUse);
    if (entered && list->device)
      (void)driver.cuMemFree(list->device);
    if (entered && list->lastUse)
      (void)driver.cuEventDestroy(list->lastUse);
    free(list->host);
    free(list->copied);
  }
  if (entered)
    leaveContext(&scope);
  free(args->lists);
  free(args->storage);
  free(args->pointers);
  free(args->tensorMapKeys);
  free(args);
}

static void resetArgs(Args *args) {
  args->count = 0;
  for (int l = 0; l < args->numLists; ++l)
    args->lists[l].filled = false;
}

void cudapyArgsReset(CudapyArgs args) { resetArgs(unwrapArgs(args)); }

int cudapyArgsGetCount(CudapyArgs args) { return unwrapArgs(args)->count; }

static const char *kindName(CudapyParamKind kind) {
  switch (kind) {
  case CUDAPY_PARAM_POINTER:
    return "a pointer";
  case CUDAPY_PARAM_INTEGER:
    return "an integer";
  case CUDAPY_PARAM_FLOAT:
    return "a floating-point number";
  case CUDAPY_PARAM_VECTOR:
    return "a vector";
  case CUDAPY_PARAM_AGGREGATE:
    break;
  }
  return "an aggregate";
}

/// The next parameter, when there is one and it is of `kind`.
static Param *nextParam(Args *args, CudapyParamKind kind, const char *what,
                        CudapyStatus *status) {
  Kernel *kernel = args->kernel;
  if (args->count >= kernel->numParams) {
    setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
              "kernel '%s' takes %d parameters; %s would be parameter %d",
              kernel->name, kernel->numParams, what, args->count + 1);
    return NULL;
  }
  Param *param = &kernel->params[args->count];
  if (param->kind != kind) {
    setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
              "parameter %d of kernel '%s' is %s (%s), not %s", args->count,
              kernel->name, kindName(param->kind), param->type, kindName(kind));
    return NULL;
  }
  return param;
}

static void store(Args *args, const void *bytes, size_t size) {
  memcpy(args->pointers[args->count], bytes, size);
  ++args->count;
}

bool cudapyArgsAddInt(CudapyArgs handle, int64_t value, CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Param *param = nextParam(args, CUDAPY_PARAM_INTEGER, "an integer", status);
  if (!param)
    return false;
  unsigned bits = !strcmp(param->type, "i1") ? 1 : (unsigned)param->size * 8;
  if (bits < 64) {
    int64_t signedMin = -((int64_t)1 << (bits - 1));
    int64_t unsignedMax = (int64_t)(((uint64_t)1 << bits) - 1);
    if (bits == 1)
      signedMin = 0;
    if (value < signedMin || value > unsignedMax)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%lld does not fit parameter %d of kernel '%s' (%s)",
                       (long long)value, args->count, args->kernel->name,
                       param->type);
  }
  // Little-endian: the low bytes of the value are the narrower integer.
  uint64_t bytes = (uint64_t)value;
  unsigned char buffer[8];
  for (int i = 0; i < 8; ++i)
    buffer[i] = (unsigned char)(bytes >> (8 * i));
  store(args, buffer, param->size);
  setOk(status);
  return true;
}

/// IEEE binary16 nearest to `value`, ties to even.
static uint16_t floatToHalf(float value) {
  uint32_t x;
  memcpy(&x, &value, sizeof(x));
  uint32_t sign = (x >> 16) & 0x8000u;
  int exponent = (int)((x >> 23) & 0xffu);
  uint32_t mantissa = x & 0x7fffffu;
  if (exponent == 0xff)
    return (uint16_t)(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
  int halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f)
    return (uint16_t)(sign | 0x7c00u);
  if (halfExponent <= 0) {
    if (halfExponent < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000u;
    unsigned shift = (unsigned)(14 - halfExponent);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1u)))
      ++half;
    return (uint16_t)(sign | half);
  }
  uint32_t half = ((uint32_t)halfExponent << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half; // a carry into the exponent rounds up to the next binade or inf
  return (uint16_t)(sign | half);
}

/// bfloat16 nearest to `value`, ties to even.
static uint16_t floatToBFloat(float value) {
  uint32_t x;
  memcpy(&x, &value, sizeof(x));
  if (isnan(value))
    return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

bool cudapyArgsAddFloat(CudapyArgs handle, double value, CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Param *param =
      nextParam(args, CUDAPY_PARAM_FLOAT, "a floating-point number", status);
  if (!param)
    return false;
  if (param->size == 8) {
    store(args, &value, 8);
  } else if (param->size == 4) {
    float narrow = (float)value;
    store(args, &narrow, 4);
  } else if (param->size == 2) {
    uint16_t bits = !strcmp(param->type, "bfloat") ? floatToBFloat((float)value)
                                                   : floatToHalf((float)value);
    store(args, &bits, 2);
  } else {
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "parameter %d of kernel '%s' is a %s, which cudapy "
                     "cannot convert a double to; pass its bytes",
                     args->count, args->kernel->name, param->type);
  }
  setOk(status);
  return true;
}

bool cudapyArgsAddPointer(CudapyArgs handle, uint64_t pointer,
                          CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Param *param = nextParam(args, CUDAPY_PARAM_POINTER, "a pointer", status);
  if (!param)
    return false;
  if (param->size != sizeof(pointer))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "parameter %d of kernel '%s' is a %zu-byte pointer",
                     args->count, args->kernel->name, param->size);
  store(args, &pointer, sizeof(pointer));
  setOk(status);
  return true;
}

bool cudapyArgsAddBytes(CudapyArgs handle, const void *data, size_t size,
                        CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Kernel *kernel = args->kernel;
  if (args->count >= kernel->numParams)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "kernel '%s' takes %d parameters; these bytes would be "
                     "parameter %d",
                     kernel->name, kernel->numParams, args->count + 1);
  Param *param = &kernel->params[args->count];
  if (param->size != size)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "parameter %d of kernel '%s' (%s) has %zu bytes, not %zu",
                     args->count, kernel->name, param->type, param->size, size);
  store(args, data, size);
  setOk(status);
  return true;
}

bool cudapyArgsAddArray(CudapyArgs handle, uint64_t pointer, int rank,
                        const int64_t *shape, const int64_t *strides,
                        CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Kernel *kernel = args->kernel;
  if (rank < 0 || rank > 64 || (rank > 0 && !shape))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "an array needs a rank from 0 to 64 and its shape");
  for (int a = 0; a < kernel->numArgs; ++a) {
    const CudapyArgInfo *info = &kernel->args[a].info;
    if (info->firstParam != args->count)
      continue;
    if (!info->isArray)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "argument %d of kernel '%s' is %s, not an array", a,
                       kernel->name, info->type);
    if (info->rank != rank)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "argument %d of kernel '%s' is %s (rank %d); the array "
                       "has rank %d",
                       a, kernel->name, info->type, info->rank, rank);
  }
  // struct { T *data; uint64_t shape[rank]; uint64_t strides[rank]; }
  uint64_t descriptor[1 + 2 * 64];
  descriptor[0] = pointer;
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    descriptor[1 + d] = (uint64_t)shape[d];
    descriptor[1 + rank + d] =
        strides ? (uint64_t)strides[d] : (uint64_t)stride;
    stride *= shape[d];
  }
  return cudapyArgsAddBytes(handle, descriptor,
                            sizeof(uint64_t) * (1 + 2 * (size_t)rank), status);
}

/// The next parameter, a tensor map of `map` over the array at `pointer`
/// of `shape` and `strides` (elements of `elementBytes`), made by the
/// driver unless the parameter holds it from the previous launch. The
/// tensor map takes dimensions innermost first. An empty array is mapped as
/// one of one element of any strides the driver accepts (the kernel's
/// copies then start before it, reading nothing), and so is the stride of a
/// dimension of one index.
static bool addTensorMap(Args *args, const struct TensorMapInfo *map,
                         uint64_t pointer, int rank, const int64_t *shape,
                         const int64_t *strides, size_t elementBytes, int index,
                         CudapyStatus *status) {
  Kernel *kernel = args->kernel;
  Param *param =
      nextParam(args, CUDAPY_PARAM_AGGREGATE, "a tensor map", status);
  if (!param)
    return false;
  if (param->size != 128)
    return setStatus(status, CUDAPY_STATUS_INVALID_METADATA,
                     "parameter %d of kernel '%s' is %s, not a tensor map",
                     args->count, kernel->name, param->type);
  TensorMapKey key;
  memset(&key, 0, sizeof(key)); // padding too: keys compare by memcmp
  key.valid = true;
  key.pointer = pointer;
  bool empty = false;
  for (int d = 0; d < rank; ++d)
    empty |= shape[d] == 0;
  for (int i = 0; i < rank; ++i) {
    int d = rank - 1 - i;
    key.dims[i] = empty ? 1 : (uint64_t)shape[d];
    uint64_t bytes = (uint64_t)strides[d] * elementBytes;
    key.strides[i] =
        !empty && (shape[d] > 1 || (bytes > 0 && bytes % 16 == 0)) ? bytes : 16;
  }
  TensorMapKey *held = &args->tensorMapKeys[args->count];
  if (!held->valid || memcmp(held, &key, sizeof(key)) != 0) {
    if (!driver.cuTensorMapEncodeTiled)
      return setStatus(status, CUDAPY_STATUS_NO_DRIVER,
                       "kernel '%s' copies argument %d by tensor map; the "
                       "CUDA driver lacks cuTensorMapEncodeTiled (CUDA 12 "
                       "or newer)",
                       kernel->name, index);
    // Unsigned integers of the element's size: the copy moves bits.
    int dataType = elementBytes == 1   ? 0
                   : elementBytes == 2 ? 1
                   : elementBytes == 4 ? 2
                                       : 4;
    unsigned box[kMaxTensorMapRank], ones[kMaxTensorMapRank];
    for (int i = 0; i < rank; ++i) {
      box[i] = map->box[rank - 1 - i];
      ones[i] = 1;
    }
    int swizzle = map->swizzle == 128  ? 3
                  : map->swizzle == 64 ? 2
                  : map->swizzle == 32 ? 1
                                       : 0;
    held->valid = false;
    CUresult result = driver.cuTensorMapEncodeTiled(
        args->pointers[args->count], dataType, (unsigned)rank,
        (void *)(uintptr_t)pointer, key.dims, key.strides + 1, box, ones,
        /*interleave=*/0, swizzle, /*l2Promotion: 128 bytes=*/2,
        /*oobFill: zeros=*/0);
    if (result != 0) {
      CudapyStatus driverStatus;
      driverFailed(result, "cuTensorMapEncodeTiled", &driverStatus);
      setStatus(status, CUDAPY_STATUS_DRIVER_ERROR,
                "argument %d of kernel '%s' (%s): the driver made no tensor "
                "map of the array (%s); its base must be aligned to 16 bytes "
                "and its strides multiples of 16 bytes",
                index, kernel->name, kernel->args[index].type,
                driverStatus.message);
      if (status)
        status->driverError = result;
      return false;
    }
    *held = key;
  }
  ++args->count;
  return true;
}

/// The argument of `kernel` that begins at parameter `param` (null: none).
static const Arg *findArgument(const Kernel *kernel, int param, int *index) {
  for (int a = 0; a < kernel->numArgs; ++a)
    if (kernel->args[a].info.firstParam == param) {
      *index = a;
      return &kernel->args[a];
    }
  return NULL;
}

/// The argument of `args`' kernel that begins at its next parameter when it
/// is a tile array (`list` false) or a list of them (`list` true); null,
/// with the status saying what the parameter is, otherwise.
static const Arg *nextTileArgument(const Args *args, bool list, int *index,
                                   CudapyStatus *status) {
  const Kernel *kernel = args->kernel;
  const Arg *described = findArgument(kernel, args->count, index);
  const CudapyArgInfo *info = described ? &described->info : NULL;
  if (!info || !(list ? info->isTileArrayList : info->isTileArray)) {
    setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
              "parameter %d of kernel '%s' does not begin a %s (%s)",
              args->count, kernel->name,
              list ? "list of tile arrays" : "tile array",
              info ? info->type : "no metadata");
    return NULL;
  }
  return described;
}

/// Checks a tile array against `described` (a tile array argument, or a
/// list whose arrays it describes; `element` >= 0 names the array of the
/// list) and fills `actual` with its strides.
static bool checkTileArray(const Kernel *kernel, const Arg *described,
                           int index, int element, uint64_t pointer, int rank,
                           const int64_t *shape, const int64_t *strides,
                           size_t elementBytes, int64_t actual[64],
                           CudapyStatus *status) {
  const CudapyArgInfo *info = &described->info;
  // "argument 2 of kernel 'k' is T" or "array 3 of argument 2 …".
  char what[64] = "";
  if (element >= 0)
    snprintf(what, sizeof(what), "array %d of ", element);
  if (rank < 0 || rank > 64 || (rank > 0 && !shape))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a tile array needs a rank from 0 to 64 and its shape");
  if (info->rank != rank)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "%sargument %d of kernel '%s' is %s; the array has rank "
                     "%d",
                     what, index, kernel->name, info->type, rank);
  if (elementBytes && info->elementBytes && elementBytes != info->elementBytes)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "%sargument %d of kernel '%s' is %s; the array's "
                     "elements have %zu bytes, not %zu",
                     what, index, kernel->name, info->type, elementBytes,
                     info->elementBytes);
  if (info->elementBits > 0 && info->elementBits < 8 && elementBytes > 1)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "%sargument %d of kernel '%s' is %s, %d-bit elements "
                     "packed in bytes; the array's elements have %zu bytes",
                     what, index, kernel->name, info->type, info->elementBits,
                     elementBytes);
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    actual[d] = strides ? strides[d] : stride;
    stride *= shape[d];
  }
  for (int d = 0; d < rank; ++d) {
    int64_t want = info->shape[d];
    if (want < 0 ? (shape[d] < 0 || shape[d] >= ((int64_t)1 << 31))
                 : shape[d] != want)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%sargument %d of kernel '%s' is %s; extent %d of the "
                       "array is %lld",
                       what, index, kernel->name, info->type, d,
                       (long long)shape[d]);
  }
  for (int d = 0; d < rank; ++d) {
    if (actual[d] < 0)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%sargument %d of kernel '%s' is %s; strides are "
                       "nonnegative, not %lld",
                       what, index, kernel->name, info->type,
                       (long long)actual[d]);
    if (info->strides[d] >= 0 && info->strides[d] != actual[d] && shape[d] > 1)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%sargument %d of kernel '%s' is %s; stride %d of the "
                       "array is %lld elements",
                       what, index, kernel->name, info->type, d,
                       (long long)actual[d]);
  }
  // The facts the kernel was specialized on.
  if (pointer % (uint64_t)described->alignment != 0)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "%sargument %d of kernel '%s' is %s; the kernel assumes "
                     "its base aligned to %lld bytes, the array's is not",
                     what, index, kernel->name, info->type,
                     (long long)described->alignment);
  for (int d = 0; d < rank; ++d) {
    if (shape[d] % described->divisibility[d] != 0)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%sargument %d of kernel '%s' is %s; the kernel "
                       "assumes extent %d a multiple of %lld, the array's is "
                       "%lld",
                       what, index, kernel->name, info->type, d,
                       (long long)described->divisibility[d],
                       (long long)shape[d]);
    if (shape[d] > 1 && actual[d] % described->strideDivisibility[d] != 0)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "%sargument %d of kernel '%s' is %s; the kernel "
                       "assumes stride %d a multiple of %lld, the array's is "
                       "%lld",
                       what, index, kernel->name, info->type, d,
                       (long long)described->strideDivisibility[d],
                       (long long)actual[d]);
  }
  return true;
}

bool cudapyArgsAddTileArray(CudapyArgs handle, uint64_t pointer, int rank,
                            const int64_t *shape, const int64_t *strides,
                            size_t elementBytes, CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Kernel *kernel = args->kernel;
  if (rank < 0 || rank > 64 || (rank > 0 && !shape))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a tile array needs a rank from 0 to 64 and its shape");
  int index = 0;
  const Arg *described = nextTileArgument(args, false, &index, status);
  if (!described)
    return false;
  const CudapyArgInfo *info = &described->info;
  int64_t actual[64];
  if (!checkTileArray(kernel, described, index, -1, pointer, rank, shape,
                      strides, elementBytes, actual, status))
    return false;
  if (!cudapyArgsAddPointer(handle, pointer, status))
    return false;
  for (int d = 0; d < rank; ++d)
    if (info->shape[d] < 0 && !cudapyArgsAddInt(handle, shape[d], status))
      return false;
  for (int d = 0; d < rank; ++d)
    if (info->strides[d] < 0 && !cudapyArgsAddInt(handle, actual[d], status))
      return false;
  for (int m = 0; m < described->numTensorMaps; ++m)
    if (!addTensorMap(args, &described->tensorMaps[m], pointer, rank, shape,
                      actual, info->elementBytes, index, status))
      return false;
  return true;
}

bool cudapyArgsAddTileArrayList(CudapyArgs handle, int count,
                                const int64_t *records, CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Kernel *kernel = args->kernel;
  int index = 0;
  const Arg *described = nextTileArgument(args, true, &index, status);
  if (!described)
    return false;
  const CudapyArgInfo *info = &described->info;
  if (count < 0 || (count > 0 && !records))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a list of tile arrays needs a count >= 0 and its "
                     "records");
  ListRecords *list = NULL;
  for (int l = 0; l < args->numLists; ++l)
    if (args->lists[l].param == args->count)
      list = &args->lists[l];
  size_t perArray = 1 + 2 * (size_t)info->rank;
  size_t words = (size_t)count * perArray;
  if (words > list->capacity) {
    int64_t *grown = realloc(list->host, words * sizeof(int64_t));
    if (!grown)
      return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY,
                       "out of host memory");
    list->host = grown;
    list->capacity = words;
  }
  int64_t *out = list->host;
  for (int i = 0; i < count; ++i) {
    int64_t rank = records[1];
    if (rank < 0 || rank > 64)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "tile array record %d has rank %lld", i,
                       (long long)rank);
    int64_t actual[64];
    if (!checkTileArray(kernel, described, index, i, (uint64_t)records[0],
                        (int)rank, records + 3, records + 3 + rank,
                        (size_t)records[2], actual, status))
      return false;
    *out++ = records[0];
    memcpy(out, records + 3, (size_t)rank * sizeof(int64_t));
    out += rank;
    memcpy(out, actual, (size_t)rank * sizeof(int64_t));
    out += rank;
    records += 3 + 2 * rank;
  }
  // The records' address is known at the launch (copyListRecords).
  if (!cudapyArgsAddPointer(handle, 0, status) ||
      !cudapyArgsAddInt(handle, count, status))
    return false;
  list->words = words;
  list->filled = true;
  return true;
}

/// Before a launch on `stream`: the filled lists' records in device memory
/// and their addresses in the parameters. Records equal to those the device
/// holds are not copied again; a copy over records that earlier launches
/// read waits for them on `stream` (in a buffer that has to grow: on the
/// host, before freeing it). In the launch's context.
static bool copyListRecords(Args *args, CUstream stream, CudapyStatus *status) {
  for (int l = 0; l < args->numLists; ++l) {
    ListRecords *list = &args->lists[l];
    if (!list->filled)
      continue;
    CUdeviceptr address = 0;
    if (list->words > 0) {
      size_t bytes = list->words * sizeof(int64_t);
      bool same = list->hasCopy && list->copiedWords == list->words &&
                  !memcmp(list->copied, list->host, bytes);
      if (!same) {
        if (list->deviceWords < list->words) {
          if (list->used &&
              DRIVER_CALL(cuEventSynchronize(list->lastUse), status))
            return false;
          if (list->device && DRIVER_CALL(cuMemFree(list->device), status))
            return false;
          list->device = 0;
          list->deviceWords = 0;
          list->hasCopy = false;
          size_t want = list->words < 64 ? 64 : list->words;
          int64_t *copied = realloc(list->copied, want * sizeof(int64_t));
          if (!copied)
            return setStatus(status, CUDAPY_STATUS_OUT_OF_MEMORY,
                             "out of host memory");
          list->copied = copied;
          if (DRIVER_CALL(cuMemAlloc(&list->device, want * sizeof(int64_t)),
                          status))
            return false;
          list->deviceWords = want;
        } else if (list->used &&
                   DRIVER_CALL(cuStreamWaitEvent(stream, list->lastUse, 0),
                               status)) {
          return false;
        }
        list->hasCopy = false;
        if (DRIVER_CALL(
                cuMemcpyHtoDAsync(list->device, list->host, bytes, stream),
                status))
          return false;
        memcpy(list->copied, list->host, bytes);
        list->copiedWords = list->words;
        list->hasCopy = true;
      }
      address = list->device;
    }
    memcpy(args->storage + args->kernel->params[list->param].offset, &address,
           sizeof(address));
  }
  return true;
}

/// After a launch on `stream`: marks the records it reads as in use until
/// it is done.
static bool markListRecordsUsed(Args *args, CUstream stream,
                                CudapyStatus *status) {
  for (int l = 0; l < args->numLists; ++l) {
    ListRecords *list = &args->lists[l];
    if (!list->filled || !list->words)
      continue;
    // No timing: the cheapest event to record.
    if (!list->lastUse &&
        DRIVER_CALL(cuEventCreate(&list->lastUse, kEventDisableTiming), status))
      return false;
    if (DRIVER_CALL(cuEventRecord(list->lastUse, stream), status))
      return false;
    list->used = true;
  }
  return true;
}

bool cudapyArgsAddTileArrays(CudapyArgs handle, int count,
                             const int64_t *records, CudapyStatus *status) {
  if (count < 0 || (count > 0 && !records))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "tile array records need a count >= 0 and the records");
  for (int i = 0; i < count; ++i) {
    int64_t rank = records[1];
    if (rank < 0 || rank > 64)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "tile array record %d has rank %lld", i,
                       (long long)rank);
    if (!cudapyArgsAddTileArray(handle, (uint64_t)records[0], (int)rank,
                                records + 3, records + 3 + rank,
                                (size_t)records[2], status))
      return false;
    records += 3 + 2 * rank;
  }
  setOk(status);
  return true;
}

bool cudapyArgsAddMemref(CudapyArgs handle, uint64_t pointer, int rank,
                         const int64_t *shape, const int64_t *strides,
                         CudapyStatus *status) {
  Args *args = unwrapArgs(handle);
  Kernel *kernel = args->kernel;
  if (rank < 0 || (rank > 0 && !shape))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a memref needs a rank >= 0 and its shape");
  int needed = 3 + 2 * rank;
  if (args->count + needed > kernel->numParams)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "kernel '%s' takes %d parameters; a rank-%d memref "
                     "descriptor (%d parameters) at parameter %d does not fit",
                     kernel->name, kernel->numParams, rank, needed,
                     args->count);
  if (rank > 64)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "memrefs of rank above 64 are not supported");
  int64_t contiguous[64];
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    contiguous[d] = stride;
    stride *= shape[d];
  }
  // What the metadata says of this argument, if it says anything.
  for (int a = 0; a < kernel->numArgs; ++a) {
    const CudapyArgInfo *arg = &kernel->args[a].info;
    if (arg->firstParam != args->count)
      continue;
    if (!arg->isMemref || arg->rank != rank)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "argument %d of kernel '%s' is %s, not a rank-%d "
                       "memref",
                       a, kernel->name, arg->type, rank);
    for (int d = 0; d < rank; ++d) {
      if (arg->shape[d] >= 0 && arg->shape[d] != shape[d])
        return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                         "argument %d of kernel '%s' is %s; dimension %d of "
                         "the array has %lld elements",
                         a, kernel->name, arg->type, d, (long long)shape[d]);
      // A dimension of one element is contiguous whatever its stride.
      if (arg->contiguous && strides && shape[d] != 1 &&
          strides[d] != contiguous[d])
        return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                         "argument %d of kernel '%s' is %s, which the kernel "
                         "reads as a contiguous row-major array; the array's "
                         "stride in dimension %d is %lld, not %lld",
                         a, kernel->name, arg->type, d, (long long)strides[d],
                         (long long)contiguous[d]);
    }
  }
  // Check the whole descriptor before storing any of it.
  for (int i = 0; i < needed; ++i) {
    const Param *param = &kernel->params[args->count + i];
    bool isPointer = i < 2;
    bool ok = isPointer
                  ? param->kind == CUDAPY_PARAM_POINTER && param->size == 8
                  : param->kind == CUDAPY_PARAM_INTEGER && param->size == 8;
    if (!ok)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "parameters %d to %d of kernel '%s' are not a rank-%d "
                       "memref descriptor: parameter %d is %s",
                       args->count, args->count + needed - 1, kernel->name,
                       rank, args->count + i, param->type);
  }
  if (!strides)
    strides = contiguous;
  int64_t offset = 0;
  store(args, &pointer, 8);
  store(args, &pointer, 8);
  store(args, &offset, 8);
  for (int d = 0; d < rank; ++d)
    store(args, &shape[d], 8);
  for (int d = 0; d < rank; ++d)
    store(args, &strides[d], 8);
  setOk(status);
  return true;
}

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

bool cudapyLaunch(CudapyKernel kernelHandle, CudapyArgs argsHandle,
                  const unsigned grid[3], const unsigned block[3],
                  unsigned dynamicSharedBytes, CudapyStream stream,
                  CudapyStatus *status) {
  return cudapyLaunchWithFlags(kernelHandle, argsHandle, grid, block,
                               dynamicSharedBytes, stream, 0, status);
}

/// The driver's CUlaunchAttribute and CUlaunchConfig (cuda.h, CUDA 12 on).
typedef struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    int value;
  } value;
} LaunchAttribute;
typedef struct LaunchConfig {
  unsigned grid[3], block[3], sharedMemBytes;
  CUstream stream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
} LaunchConfig;
enum {
  kLaunchAttributeCooperative = 2,
  kLaunchAttributeProgrammaticStreamSerialization = 6,
};

/// A cooperative grid must fit on the device at once: the driver refuses
/// one too large, and this says by how much. After the dynamic shared
/// memory is opted in, which the occupancy calculator reads.
static bool checkCooperativeGrid(Kernel *kernel, const unsigned grid[3],
                                 const unsigned block[3],
                                 unsigned dynamicSharedBytes,
                                 CudapyStatus *status) {
  if (!driver.cuOccupancyMaxActiveBlocksPerMultiprocessor)
    return true; // the driver's own check remains
  unsigned limit = 0;
  CudapyKernel handle = {kernel};
  if (!cudapyKernelGetMaxCooperativeBlocks(
          handle, block, dynamicSharedBytes - kernel->ownDynamicSharedBytes,
          &limit, status))
    return false;
  unsigned long long blocks = (unsigned long long)grid[0] * grid[1] * grid[2];
  if (blocks <= limit)
    return true;
  return setStatus(
      status, CUDAPY_STATUS_INVALID_ARGUMENT,
      "kernel '%s' is launched cooperatively, so its %llu blocks (%ux%ux%u) "
      "must run at once, but at most %u blocks of %ux%ux%u threads fit on %s "
      "(cudapyKernelGetMaxCooperativeBlocks)",
      kernel->name, blocks, grid[0], grid[1], grid[2], limit, block[0],
      block[1], block[2], kernel->module->device->info.name);
}

bool cudapyLaunchWithFlags(CudapyKernel kernelHandle, CudapyArgs argsHandle,
                           const unsigned grid[3], const unsigned givenBlock[3],
                           unsigned dynamicSharedBytes, CudapyStream stream,
                           unsigned flags, CudapyStatus *status) {
  Kernel *kernel = unwrapKernel(kernelHandle);
  Args *args = unwrapArgs(argsHandle);
  if (!kernel || !args || args->kernel != kernel)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "the argument list was made for another kernel");
  // A kernel with a required block (tile kernels) takes it when the caller
  // gives none (a null block, or all zeros) and refuses any other.
  unsigned block[3] = {0, 0, 0};
  if (givenBlock)
    memcpy(block, givenBlock, sizeof(block));
  const unsigned *required = kernel->requiredBlock;
  if (required[0]) {
    if (!block[0] && !block[1] && !block[2])
      memcpy(block, required, sizeof(block));
    else if (block[0] != required[0] || block[1] != required[1] ||
             block[2] != required[2])
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "kernel '%s' runs with a block of exactly %ux%ux%u "
                       "threads (its code assumes it: 32 x tile.num_warps "
                       "for a tile kernel), not %ux%ux%u; pass that block "
                       "or none",
                       kernel->name, required[0], required[1], required[2],
                       block[0], block[1], block[2]);
  }
  if (args->count != kernel->numParams)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "kernel '%s' takes %d parameters, but %d were given",
                     kernel->name, kernel->numParams, args->count);
  if (!grid[0] || !grid[1] || !grid[2] || !block[0] || !block[1] || !block[2])
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "grid (%ux%ux%u) and block (%ux%ux%u) must not be empty",
                     grid[0], grid[1], grid[2], block[0], block[1], block[2]);
  if (flags & ~(unsigned)(CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT |
                          CUDAPY_LAUNCH_COOPERATIVE))
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "unknown launch flags 0x%x", flags);
  if (kernel->cooperative)
    flags |= CUDAPY_LAUNCH_COOPERATIVE;
  if ((flags & CUDAPY_LAUNCH_COOPERATIVE) && !driver.cuLaunchKernelEx)
    return setStatus(status, CUDAPY_STATUS_NO_DRIVER,
                     "kernel '%s' needs a cooperative launch (it reaches a "
                     "grid barrier), which needs the driver's "
                     "cuLaunchKernelEx, which this driver lacks",
                     kernel->name);
  if (flags & CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT) {
    const CudapyDeviceInfo *device = &kernel->module->device->info;
    if (!driver.cuLaunchKernelEx)
      return setStatus(status, CUDAPY_STATUS_NO_DRIVER,
                       "programmatic dependent launch needs the driver's "
                       "cuLaunchKernelEx, which this driver lacks");
    if (device->computeCapabilityMajor < 9)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "programmatic dependent launch needs sm_90 or later; "
                       "%s is sm_%d%d",
                       device->name, device->computeCapabilityMajor,
                       device->computeCapabilityMinor);
  }
  unsigned long long threads =
      (unsigned long long)block[0] * block[1] * block[2];
  if (threads > (unsigned long long)kernel->maxThreadsPerBlock)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "a block of %llu threads (%ux%ux%u) exceeds the %d "
                     "threads per block kernel '%s' allows",
                     threads, block[0], block[1], block[2],
                     kernel->maxThreadsPerBlock, kernel->name);
  const CudapyDeviceInfo *info = &kernel->module->device->info;
  if ((unsigned long long)dynamicSharedBytes + kernel->ownDynamicSharedBytes >
      UINT_MAX)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "kernel '%s': %u bytes of dynamic shared memory are too "
                     "many",
                     kernel->name, dynamicSharedBytes);
  dynamicSharedBytes += kernel->ownDynamicSharedBytes;
  unsigned long long sharedTotal = (unsigned long long)dynamicSharedBytes +
                                   (unsigned)kernel->staticSharedBytes;
  if (sharedTotal > (unsigned long long)info->maxSharedMemoryPerBlockOptin)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "kernel '%s' would use %llu bytes of shared memory "
                     "(%u dynamic + %d static); %s allows %d per block",
                     kernel->name, sharedTotal, dynamicSharedBytes,
                     kernel->staticSharedBytes, info->name,
                     info->maxSharedMemoryPerBlockOptin);

  ContextScope scope;
  if (!enterContext(kernel->module->device, &scope, status))
    return false;
  bool ok = copyListRecords(args, stream.ptr, status);
  if (ok && dynamicSharedBytes > kDefaultSharedLimit &&
      dynamicSharedBytes > kernel->dynamicSharedOptin) {
    ok = !DRIVER_CALL(cuFuncSetAttribute(kernel->function,
                                         kFuncAttrMaxDynamicSharedBytes,
                                         (int)dynamicSharedBytes),
                      status);
    if (ok)
      kernel->dynamicSharedOptin = dynamicSharedBytes;
  }
  if (ok && (flags & CUDAPY_LAUNCH_COOPERATIVE))
    ok = checkCooperativeGrid(kernel, grid, block, dynamicSharedBytes, status);
  if (ok && (flags & (CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT |
                      CUDAPY_LAUNCH_COOPERATIVE))) {
    LaunchAttribute attributes[2];
    unsigned count = 0;
    memset(attributes, 0, sizeof(attributes));
    if (flags & CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT) {
      attributes[count].id = kLaunchAttributeProgrammaticStreamSerialization;
      attributes[count++].value.value = 1;
    }
    if (flags & CUDAPY_LAUNCH_COOPERATIVE) {
      attributes[count].id = kLaunchAttributeCooperative;
      attributes[count++].value.value = 1;
    }
    LaunchConfig config = {{grid[0], grid[1], grid[2]},
                           {block[0], block[1], block[2]},
                           dynamicSharedBytes,
                           stream.ptr,
                           attributes,
                           count};
    ok = !DRIVER_CALL(
        cuLaunchKernelEx(&config, kernel->function, args->pointers, NULL),
        status);
  } else if (ok) {
    ok = !DRIVER_CALL(cuLaunchKernel(kernel->function, grid[0], grid[1],
                                     grid[2], block[0], block[1], block[2],
                                     dynamicSharedBytes, stream.ptr,
                                     args->pointers, NULL),
                      status);
  }
  if (ok && args->numLists)
    ok = markListRecordsUsed(args, stream.ptr, status);
  leaveContext(&scope);
  if (ok)
    setOk(status);
  return ok;
}

bool cudapyLaunchRecords(CudapyKernel kernelHandle, CudapyArgs argsHandle,
                         const int64_t *records, size_t numWords, int numArgs,
                         CudapyStream stream, unsigned flags,
                         CudapyStatus *status) {
  Args *args = unwrapArgs(argsHandle);
  if (!args || !records || numWords < 6 || numArgs < 0)
    return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                     "launch records need the argument list, the grid and "
                     "block (6 words) and a count of arguments >= 0");
  unsigned dims[6];
  // A block of three zeros asks for the kernel's required block.
  bool noBlock = !records[3] && !records[4] && !records[5];
  for (int i = 0; i < 6; ++i) {
    if ((records[i] < 1 && !(noBlock && i >= 3)) ||
        records[i] > (int64_t)UINT_MAX)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "grid (%lldx%lldx%lld) and block (%lldx%lldx%lld) "
                       "extents must be from 1 to %u (a block of zeros: the "
                       "kernel's required block)",
                       (long long)records[0], (long long)records[1],
                       (long long)records[2], (long long)records[3],
                       (long long)records[4], (long long)records[5], UINT_MAX);
    dims[i] = (unsigned)records[i];
  }
  resetArgs(args);
  size_t at = 6;
  for (int a = 0; a < numArgs; ++a) {
    if (at >= numWords)
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "launch records end before argument %d", a);
    int64_t kind = records[at++];
    bool ok;
    if (kind == CUDAPY_RECORD_TILE_ARRAY || kind == CUDAPY_RECORD_ARRAY) {
      // Pointer, rank, element size, extents, strides.
      int64_t rank = at + 2 < numWords ? records[at + 1] : -1;
      if (rank < 0 || rank > 64 || at + 3 + 2 * (size_t)rank > numWords)
        return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                         "the %sarray record of argument %d has rank %lld or "
                         "ends early",
                         kind == CUDAPY_RECORD_TILE_ARRAY ? "tile " : "", a,
                         (long long)rank);
    }
    if (kind == CUDAPY_RECORD_TILE_ARRAY) {
      int64_t rank = records[at + 1];
      ok = cudapyArgsAddTileArray(argsHandle, (uint64_t)records[at], (int)rank,
                                  records + at + 3, records + at + 3 + rank,
                                  (size_t)records[at + 2], status);
      at += 3 + 2 * (size_t)rank;
    } else if (kind == CUDAPY_RECORD_ARRAY) {
      int64_t rank = records[at + 1];
      int index = 0;
      const Arg *described = findArgument(args->kernel, args->count, &index);
      int64_t bytes = records[at + 2];
      if (described && described->info.isArray && bytes &&
          (size_t)bytes != described->info.elementBytes)
        return setStatus(
            status, CUDAPY_STATUS_INVALID_ARGUMENT,
            "argument %d of kernel '%s' is %s (%zu-byte elements); "
            "the array's elements have %lld bytes",
            index, args->kernel->name, described->info.type,
            described->info.elementBytes, (long long)bytes);
      ok =
          cudapyArgsAddArray(argsHandle, (uint64_t)records[at], (int)rank,
                             records + at + 3, records + at + 3 + rank, status);
      at += 3 + 2 * (size_t)rank;
    } else if (kind == CUDAPY_RECORD_TILE_ARRAY_LIST && at < numWords) {
      int64_t count = records[at++];
      size_t first = at;
      for (int64_t i = 0; i < count && count <= INT_MAX; ++i) {
        int64_t rank = at + 2 < numWords ? records[at + 1] : 0;
        if (rank < 0 || rank > 64)
          return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                           "array %lld in the list record of argument %d has "
                           "rank %lld",
                           (long long)i, a, (long long)rank);
        if (at + 3 + 2 * (size_t)rank > numWords)
          return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                           "array %lld in the list record of argument %d ends "
                           "early",
                           (long long)i, a);
        at += 3 + 2 * (size_t)rank;
      }
      if (count < 0 || count > INT_MAX)
        return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                         "the list record of argument %d has %lld arrays", a,
                         (long long)count);
      ok = cudapyArgsAddTileArrayList(argsHandle, (int)count, records + first,
                                      status);
    } else if ((kind == CUDAPY_RECORD_INT || kind == CUDAPY_RECORD_FLOAT) &&
               at < numWords) {
      if (kind == CUDAPY_RECORD_INT) {
        ok = cudapyArgsAddInt(argsHandle, records[at], status);
      } else {
        double value;
        memcpy(&value, &records[at], sizeof(value));
        ok = cudapyArgsAddFloat(argsHandle, value, status);
      }
      ++at;
    } else {
      return setStatus(status, CUDAPY_STATUS_INVALID_ARGUMENT,
                       "launch record of argument %d: kind %lld %s", a,
                       (long long)kind,
                       at < numWords ? "is unknown" : "ends early");
    }
    if (!ok)
      return false;
  }
  return cudapyLaunchWithFlags(kernelHandle, argsHandle, dims, dims + 3, 0,
                               stream, flags, status);
}
