/*===- cudapy-run.c - load PTX, launch a kernel, save its outputs ---------===*\
|*                                                                            *|
|* A C program over the cudapy runtime: loads PTX and its kernel metadata,   *|
|* creates the kernel's inputs, launches it, writes chosen arrays as .npy     *|
|* files and, with --bench, times it with CUDA events.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L
#include "cudapy-c/Runtime.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char kUsage[] =
    "usage: cudapy-run KERNEL.ptx [MORE.ptx ...] --metadata KERNEL.json\n"
    "                  --kernel NAME --grid X[,Y[,Z]] [--block X[,Y[,Z]]]\n"
    "                  [--shared BYTES] [--arg SPEC]... [--device N]\n"
    "                  [--bench [--warmup N] [--repeat N]] [--print N]\n"
    "\n"
    "Loads the PTX that suits the device best (several files: one per chip;\n"
    "or one cubin, from cudapy-compile --emit=cubin),\n"
    "fills the kernel's parameters in order from the --arg specs, launches,\n"
    "and writes the arrays marked with '>FILE.npy' after the launch. Without\n"
    "--block the launch takes the kernel's required block (tile kernels);\n"
    "a kernel without one needs --block.\n"
    "\n"
    "SPEC:\n"
    "  i:VALUE            an integer parameter\n"
    "  f:VALUE            a floating-point parameter\n"
    "  memref:ARRAY       an array as a memref descriptor (3 + 2*rank "
    "parameters)\n"
    "  ptr:ARRAY          an array as one pointer\n"
    "  array:ARRAY        a py dialect array (one interoperable_array_"
    "descriptor)\n"
    "  tile:ARRAY         a tile dialect array (!tile.array: pointer, dynamic "
    "extents\n"
    "                     and strides)\n"
    "ARRAY:  DTYPE[SHAPE]=INIT[>OUT.npy]\n"
    "  DTYPE  f32 f64 i8 i16 i32 i64 u8 u16 u32 u64\n"
    "  SHAPE  1024, 64x64, ...\n"
    "  INIT   zeros | const:V | ramp[:START[:STEP]] | random[:SEED] | "
    "FILE.npy\n"
    "\n"
    "example:\n"
    "  cudapy-run vector_add.ptx --metadata vector_add.json --kernel "
    "vector_add \\\n"
    "    --grid 4 --block 256 --arg 'memref:f32[1024]=ramp' \\\n"
    "    --arg 'memref:f32[1024]=random:7' --arg "
    "'memref:f32[1024]=zeros>c.npy' --arg i:1024\n";

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

typedef struct DType {
  const char *name;
  const char *descr; // numpy's
  size_t size;
  int isFloat;
  int isSigned;
} DType;

static const DType kDTypes[] = {
    {"f32", "<f4", 4, 1, 1}, {"f64", "<f8", 8, 1, 1}, {"i8", "|i1", 1, 0, 1},
    {"i16", "<i2", 2, 0, 1}, {"i32", "<i4", 4, 0, 1}, {"i64", "<i8", 8, 0, 1},
    {"u8", "|u1", 1, 0, 0},  {"u16", "<u2", 2, 0, 0}, {"u32", "<u4", 4, 0, 0},
    {"u64", "<u8", 8, 0, 0},
};

enum { kMaxRank = 8 };

typedef struct Array {
  const DType *dtype;
  int rank;
  int64_t shape[kMaxRank];
  size_t count;
  void *host;
  uint64_t device;
  const char *output; // .npy path or NULL
} Array;

static void storeElement(const Array *array, size_t index, double value) {
  unsigned char *at = (unsigned char *)array->host + index * array->dtype->size;
  const DType *t = array->dtype;
  if (t->isFloat) {
    if (t->size == 4) {
      float f = (float)value;
      memcpy(at, &f, 4);
    } else {
      memcpy(at, &value, 8);
    }
    return;
  }
  int64_t i = (int64_t)value;
  for (size_t b = 0; b < t->size; ++b)
    at[b] = (unsigned char)((uint64_t)i >> (8 * b));
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Reads a version 1-3 .npy file whose dtype and element count match.
static int readNpy(const char *path, Array *array, char *error, size_t size) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    snprintf(error, size, "cannot open '%s': %s", path, strerror(errno));
    return 0;
  }
  unsigned char magic[10];
  int ok = 0;
  if (fread(magic, 1, 8, file) != 8 || memcmp(magic, "\x93NUMPY", 6)) {
    snprintf(error, size, "'%s' is not a .npy file", path);
    goto done;
  }
  size_t headerLength = 0;
  if (magic[6] == 1) {
    if (fread(magic, 1, 2, file) != 2)
      goto truncated;
    headerLength = magic[0] | (size_t)magic[1] << 8;
  } else {
    if (fread(magic, 1, 4, file) != 4)
      goto truncated;
    headerLength = magic[0] | (size_t)magic[1] << 8 | (size_t)magic[2] << 16 |
                   (size_t)magic[3] << 24;
  }
  char *header = calloc(1, headerLength + 1);
  if (!header || fread(header, 1, headerLength, file) != headerLength) {
    free(header);
    goto truncated;
  }
  char expected[64];
  snprintf(expected, sizeof(expected), "'descr': '%s'", array->dtype->descr);
  if (!strstr(header, expected) || strstr(header, "'fortran_order': True")) {
    snprintf(error, size, "'%s' does not hold C-ordered %s data (header %s)",
             path, array->dtype->name, header);
    free(header);
    goto done;
  }
  free(header);
  if (fread(array->host, array->dtype->size, array->count, file) !=
      array->count) {
    snprintf(error, size, "'%s' holds fewer than %zu elements", path,
             array->count);
    goto done;
  }
  ok = 1;
  goto done;
truncated:
  snprintf(error, size, "'%s' is truncated", path);
done:
  fclose(file);
  return ok;
}

static int writeNpy(const char *path, const Array *array) {
  char header[256], shape[160] = "";
  size_t used = 0;
  for (int d = 0; d < array->rank; ++d)
    used += (size_t)snprintf(shape + used, sizeof(shape) - used, "%lld,%s",
                             (long long)array->shape[d],
                             d + 1 < array->rank ? " " : "");
  int length = snprintf(header, sizeof(header),
                        "{'descr': '%s', 'fortran_order': False, "
                        "'shape': (%s), }",
                        array->dtype->descr, shape);
  // Pad with spaces so that the data starts at a multiple of 64 bytes.
  int total = 10 + length + 1;
  int padding = (64 - total % 64) % 64;
  FILE *file = fopen(path, "wb");
  if (!file)
    return 0;
  unsigned headerLength = (unsigned)(length + padding + 1);
  unsigned char prefix[10] = {0x93,
                              'N',
                              'U',
                              'M',
                              'P',
                              'Y',
                              1,
                              0,
                              (unsigned char)(headerLength & 0xff),
                              (unsigned char)(headerLength >> 8)};
  fwrite(prefix, 1, 10, file);
  fwrite(header, 1, (size_t)length, file);
  for (int i = 0; i < padding; ++i)
    fputc(' ', file);
  fputc('\n', file);
  fwrite(array->host, array->dtype->size, array->count, file);
  return fclose(file) == 0;
}

/// Parses DTYPE[SHAPE]=INIT[>OUT] into `array` (host data filled).
/// Whole-string decimal integer in [min, max].
static int parseInteger(const char *text, long long min, long long max,
                        long long *out) {
  char *end;
  errno = 0;
  long long value = strtoll(text, &end, 10);
  if (!*text || *end || errno || value < min || value > max)
    return 0;
  *out = value;
  return 1;
}

/// Whole-string finite number.
static int parseReal(const char *text, double *out) {
  char *end;
  errno = 0;
  double value = strtod(text, &end);
  if (!*text || *end || errno || !isfinite(value))
    return 0;
  *out = value;
  return 1;
}

static int fillArray(char *init, Array *array, char *error, size_t size);

static int parseArray(char *text, Array *array, char *error, size_t size) {
  memset(array, 0, sizeof(*array));
  char *open = strchr(text, '['), *close = strchr(text, ']');
  if (!open || !close || close < open || close[1] != '=') {
    snprintf(error, size, "expected DTYPE[SHAPE]=INIT, not '%s'", text);
    return 0;
  }
  *open = '\0';
  for (size_t i = 0; i < sizeof(kDTypes) / sizeof(kDTypes[0]); ++i)
    if (!strcmp(text, kDTypes[i].name))
      array->dtype = &kDTypes[i];
  if (!array->dtype) {
    snprintf(error, size, "unknown dtype '%s'", text);
    return 0;
  }
  *close = '\0';
  array->count = 1;
  for (char *dim = strtok(open + 1, "x"); dim; dim = strtok(NULL, "x")) {
    char *end;
    long long extent = strtoll(dim, &end, 10);
    if (*end || extent <= 0 || array->rank == kMaxRank) {
      snprintf(error, size, "bad shape dimension '%s'", dim);
      return 0;
    }
    array->shape[array->rank++] = extent;
    if ((size_t)extent > SIZE_MAX / array->count / array->dtype->size) {
      snprintf(error, size, "the shape's %s elements overflow", text);
      return 0;
    }
    array->count *= (size_t)extent;
  }
  if (array->rank == 0) {
    snprintf(error, size, "an array needs a shape");
    return 0;
  }
  char *init = close + 2;
  char *output = strchr(init, '>');
  if (output) {
    *output = '\0';
    array->output = output + 1;
    if (!*array->output || strchr(array->output, '>')) {
      snprintf(error, size, "bad output path '%s'", array->output);
      return 0;
    }
  }
  array->host = calloc(array->count, array->dtype->size);
  if (!array->host) {
    snprintf(error, size, "out of host memory");
    return 0;
  }
  if (fillArray(init, array, error, size))
    return 1;
  free(array->host);
  array->host = NULL;
  return 0;
}

/// Fills `array->host` as INIT says (zeros, const, ramp, random or a .npy
/// file); 0 with `error` filled when INIT is malformed.
static int fillArray(char *init, Array *array, char *error, size_t size) {
  char *arguments = strchr(init, ':');
  if (arguments)
    *arguments++ = '\0';
  if (!strcmp(init, "zeros"))
    return 1;
  if (!strcmp(init, "const")) {
    double value = 0;
    if (arguments && !parseReal(arguments, &value)) {
      snprintf(error, size, "const takes a number, not '%s'", arguments);
      return 0;
    }
    for (size_t i = 0; i < array->count; ++i)
      storeElement(array, i, value);
    return 1;
  }
  if (!strcmp(init, "ramp")) {
    double start = 0, step = 1;
    char *second = arguments ? strchr(arguments, ':') : NULL;
    if (second)
      *second++ = '\0';
    if ((arguments && !parseReal(arguments, &start)) ||
        (second && !parseReal(second, &step))) {
      snprintf(error, size, "ramp takes START[:STEP] numbers");
      return 0;
    }
    for (size_t i = 0; i < array->count; ++i)
      storeElement(array, i, start + step * (double)i);
    return 1;
  }
  if (!strcmp(init, "random")) {
    long long seed = 0;
    if (arguments && !parseInteger(arguments, 0, LLONG_MAX, &seed)) {
      snprintf(error, size, "random takes a seed, not '%s'", arguments);
      return 0;
    }
    uint64_t state = (uint64_t)seed;
    for (size_t i = 0; i < array->count; ++i) {
      double unit = (double)(splitmix64(&state) >> 11) * 0x1.0p-53;
      storeElement(array, i,
                   array->dtype->isFloat ? unit * 2 - 1
                                         : (double)(int)(unit * 100));
    }
    return 1;
  }
  if (arguments)
    arguments[-1] = ':';
  return readNpy(init, array, error, size);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

static int parseDims(const char *text, unsigned dims[3]) {
  dims[0] = dims[1] = dims[2] = 1;
  char *end;
  for (int i = 0; i < 3; ++i) {
    unsigned long value = strtoul(text, &end, 10);
    if (end == text || value == 0 || value > 0xffffffffu)
      return 0;
    dims[i] = (unsigned)value;
    if (*end == '\0')
      return 1;
    if (*end != ',')
      return 0;
    text = end + 1;
  }
  return 0;
}

static char *readFile(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "cudapy-run: cannot open '%s': %s\n", path,
            strerror(errno));
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  fclose(file);
  if (!text) {
    fprintf(stderr, "cudapy-run: cannot read '%s'\n", path);
    return NULL;
  }
  text[size] = '\0';
  *length = (size_t)size;
  return text;
}

/// The chip named by the ".target" line of a PTX text ("" when none).
static void ptxChip(const char *ptx, char chip[16]) {
  chip[0] = '\0';
  const char *target = strstr(ptx, ".target");
  if (target)
    sscanf(target, ".target %15[a-z0-9_]", chip);
}

static int compareFloats(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static double nowMicroseconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

enum { kMaxPtx = 8, kMaxArgs = 64 };

typedef struct ArgSpec {
  char *text; // the spec, which an array's output path points into
  char kind;  // 'i', 'f', 'm' (memref), 'p' (pointer), 'a' (py array),
              // 't' (tile array)
  double real;
  long long integer;
  Array array;
} ArgSpec;

static int isArraySpec(const ArgSpec *spec) {
  return spec->kind != 'i' && spec->kind != 'f';
}

static int fillArgs(CudapyArgs args, ArgSpec *specs, int count,
                    CudapyStatus *status) {
  cudapyArgsReset(args);
  for (int i = 0; i < count; ++i) {
    ArgSpec *spec = &specs[i];
    bool ok =
        spec->kind == 'i'   ? cudapyArgsAddInt(args, spec->integer, status)
        : spec->kind == 'f' ? cudapyArgsAddFloat(args, spec->real, status)
        : spec->kind == 'p'
            ? cudapyArgsAddPointer(args, spec->array.device, status)
        : spec->kind == 'a'
            ? cudapyArgsAddArray(args, spec->array.device, spec->array.rank,
                                 spec->array.shape, NULL, status)
        : spec->kind == 't'
            ? cudapyArgsAddTileArray(args, spec->array.device, spec->array.rank,
                                     spec->array.shape, NULL,
                                     spec->array.dtype->size, status)
            : cudapyArgsAddMemref(args, spec->array.device, spec->array.rank,
                                  spec->array.shape, NULL, status);
    if (!ok) {
      fprintf(stderr, "cudapy-run: --arg %d: %s\n", i + 1, status->message);
      return 0;
    }
  }
  return 1;
}

/// Times REPEAT launches after WARMUP (CUDA events) and the host's cost of
/// one launch, and prints their medians; 0 when a launch fails.
static int benchmark(CudapyDevice device, CudapyKernel kernel, CudapyArgs args,
                     ArgSpec *specs, int numSpecs, const unsigned grid[3],
                     const unsigned block[3], unsigned shared, int warmup,
                     int repeat) {
  CudapyStatus status;
  CudapyStream stream = {NULL};
  CudapyEvent start = cudapyEventCreate(device, &status);
  CudapyEvent stop = cudapyEventCreate(device, &status);
  float *times = calloc((size_t)repeat, sizeof(float));
  double *host = calloc((size_t)repeat, sizeof(double));
  float *hostFloat = calloc((size_t)repeat, sizeof(float));
  int ok = times && host && hostFloat;
  if (!ok)
    fprintf(stderr, "cudapy-run: out of host memory\n");
  for (int i = 0; ok && i < warmup; ++i)
    cudapyLaunch(kernel, args, grid, block, shared, stream, &status);
  cudapyDeviceSynchronize(device, &status);
  for (int i = 0; ok && i < repeat; ++i) {
    cudapyEventRecord(device, start, stream, &status);
    if (!cudapyLaunch(kernel, args, grid, block, shared, stream, &status)) {
      fprintf(stderr, "cudapy-run: %s\n", status.message);
      ok = 0;
      break;
    }
    cudapyEventRecord(device, stop, stream, &status);
    cudapyEventElapsedMilliseconds(device, start, stop, &times[i], &status);
  }
  // Host cost of one launch: filling the arguments and queueing the kernel.
  for (int i = 0; ok && i < repeat; ++i) {
    double begin = nowMicroseconds();
    fillArgs(args, specs, numSpecs, &status);
    cudapyLaunch(kernel, args, grid, block, shared, stream, &status);
    host[i] = nowMicroseconds() - begin;
    cudapyStreamSynchronize(device, stream, &status);
  }
  if (ok) {
    for (int i = 0; i < repeat; ++i)
      hostFloat[i] = (float)host[i];
    qsort(times, (size_t)repeat, sizeof(float), compareFloats);
    qsort(hostFloat, (size_t)repeat, sizeof(float), compareFloats);
    printf("bench: %d runs after %d warm-up: median %.3f us, min %.3f us "
           "(CUDA events); host launch median %.3f us\n",
           repeat, warmup, times[repeat / 2] * 1e3, times[0] * 1e3,
           hostFloat[repeat / 2]);
  }
  free(times);
  free(host);
  free(hostFloat);
  cudapyEventDestroy(device, start);
  cudapyEventDestroy(device, stop);
  return ok;
}

int main(int argc, char **argv) {
  const char *ptxPaths[kMaxPtx];
  int numPtx = 0;
  const char *metadataPath = NULL, *kernelName = NULL;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, shared = 0;
  int haveGrid = 0, haveBlock = 0, bench = 0, warmup = 10, repeat = 100;
  int deviceOrdinal = 0, printCount = 0;
  ArgSpec specs[kMaxArgs];
  int numSpecs = 0;
  char error[512];
  // Everything the run holds, released on every way out (at `done`).
  CudapyDevice device = {NULL};
  CudapyModule module = {NULL};
  CudapyArgs args = {NULL};
  char *ptx[kMaxPtx] = {NULL}, *metadata = NULL;
  int code = 0;

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
#define TAKE_VALUE()                                                           \
  do {                                                                         \
    if (!value) {                                                              \
      fprintf(stderr, "cudapy-run: %s needs a value\n", arg);                  \
      code = 2;                                                                \
      goto done;                                                               \
    }                                                                          \
    ++i;                                                                       \
  } while (0)
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      fputs(kUsage, stdout);
      goto done;
    } else if (!strcmp(arg, "--metadata")) {
      TAKE_VALUE();
      metadataPath = value;
    } else if (!strcmp(arg, "--kernel")) {
      TAKE_VALUE();
      kernelName = value;
    } else if (!strcmp(arg, "--grid") || !strcmp(arg, "--block")) {
      TAKE_VALUE();
      int isGrid = !strcmp(arg, "--grid");
      if (!parseDims(value, isGrid ? grid : block)) {
        fprintf(stderr,
                "cudapy-run: %s takes X[,Y[,Z]] of positive "
                "integers, not '%s'\n",
                arg, value);
        code = 2;
        goto done;
      }
      *(isGrid ? &haveGrid : &haveBlock) = 1;
    } else if (!strcmp(arg, "--shared") || !strcmp(arg, "--device") ||
               !strcmp(arg, "--warmup") || !strcmp(arg, "--repeat") ||
               !strcmp(arg, "--print")) {
      TAKE_VALUE();
      long long number;
      if (!parseInteger(value, 0, INT_MAX, &number)) {
        fprintf(stderr,
                "cudapy-run: %s takes an integer from 0 to %d, not '%s'\n", arg,
                INT_MAX, value);
        code = 2;
        goto done;
      }
      if (!strcmp(arg, "--shared"))
        shared = (unsigned)number;
      else if (!strcmp(arg, "--device"))
        deviceOrdinal = (int)number;
      else if (!strcmp(arg, "--warmup"))
        warmup = (int)number;
      else if (!strcmp(arg, "--repeat"))
        repeat = (int)number;
      else
        printCount = (int)number;
    } else if (!strcmp(arg, "--bench")) {
      bench = 1;
    } else if (!strcmp(arg, "--arg")) {
      TAKE_VALUE();
      if (numSpecs == kMaxArgs) {
        fprintf(stderr, "cudapy-run: at most %d --arg\n", kMaxArgs);
        code = 2;
        goto done;
      }
      ArgSpec *spec = &specs[numSpecs];
      memset(spec, 0, sizeof(*spec));
      char *copy = strdup(value);
      char *colon = copy ? strchr(copy, ':') : NULL;
      int ok = colon != NULL;
      if (ok) {
        *colon = '\0';
        char *rest = colon + 1, *end = NULL;
        if (!strcmp(copy, "i")) {
          spec->kind = 'i';
          spec->integer = strtoll(rest, &end, 0);
          ok = *rest && !*end;
        } else if (!strcmp(copy, "f")) {
          spec->kind = 'f';
          spec->real = strtod(rest, &end);
          ok = *rest && !*end;
        } else if (!strcmp(copy, "memref") || !strcmp(copy, "ptr") ||
                   !strcmp(copy, "array") || !strcmp(copy, "tile")) {
          spec->kind = copy[0];
          ok = parseArray(rest, &spec->array, error, sizeof(error));
          if (!ok)
            fprintf(stderr, "cudapy-run: --arg '%s': %s\n", value, error);
          // The array's output path points into `copy`: the spec keeps it.
          if (ok) {
            spec->text = copy;
            copy = NULL;
          }
        } else {
          ok = 0;
        }
      }
      free(copy);
      if (!ok) {
        fprintf(stderr, "cudapy-run: bad --arg '%s' (see --help)\n", value);
        code = 2;
        goto done;
      }
      ++numSpecs;
    } else if (arg[0] == '-') {
      fprintf(stderr, "cudapy-run: unknown option '%s' (see --help)\n", arg);
      code = 2;
      goto done;
    } else if (numPtx < kMaxPtx) {
      ptxPaths[numPtx++] = arg;
    } else {
      fprintf(stderr, "cudapy-run: at most %d PTX files\n", kMaxPtx);
      code = 2;
      goto done;
    }
  }
  if (!numPtx || !metadataPath || !kernelName || !haveGrid) {
    fprintf(stderr, "cudapy-run: needs PTX, --metadata, --kernel and --grid "
                    "(see --help)\n");
    code = 2;
    goto done;
  }

  CudapyStatus status;
  device = cudapyDeviceOpen(deviceOrdinal, &status);
  if (!device.ptr) {
    fprintf(stderr, "cudapy-run: %s\n", status.message);
    code = 1;
    goto done;
  }
  CudapyDeviceInfo info;
  cudapyDeviceGetInfo(device, &info);

  // Pick the PTX for this device.
  size_t ptxLength[kMaxPtx];
  char chips[kMaxPtx][16];
  const char *chipNames[kMaxPtx];
  for (int i = 0; i < numPtx; ++i) {
    ptx[i] = readFile(ptxPaths[i], &ptxLength[i]);
    if (!ptx[i]) {
      code = 1;
      goto done;
    }
    ptxChip(ptx[i], chips[i]);
    chipNames[i] = chips[i];
  }
  // A cubin (emit "cubin") names no chip in text; one alone is loaded, and
  // the driver says whether it runs here.
  bool cubin = numPtx == 1 && ptxLength[0] >= 4 &&
               !memcmp(ptx[0],
                       "\x7f"
                       "ELF",
                       4);
  int chosen = cubin ? 0 : cudapySelectTarget(&info, chipNames, numPtx);
  if (chosen < 0) {
    fprintf(stderr,
            "cudapy-run: none of the PTX files targets a chip that "
            "runs on %s (%s)\n",
            info.name, info.chip);
    code = 1;
    goto done;
  }
  size_t metadataLength = 0;
  metadata = readFile(metadataPath, &metadataLength);
  if (!metadata) {
    code = 1;
    goto done;
  }
  module = cudapyModuleLoad(device, ptx[chosen], ptxLength[chosen], metadata,
                            metadataLength, &status);
  if (!module.ptr) {
    fprintf(stderr, "cudapy-run: %s: %s\n", ptxPaths[chosen], status.message);
    code = 1;
    goto done;
  }
  CudapyKernel kernel = cudapyModuleGetKernel(module, kernelName, &status);
  if (!kernel.ptr) {
    fprintf(stderr, "cudapy-run: %s\n", status.message);
    code = 1;
    goto done;
  }
  printf("device: %s (%s); PTX: %s; kernel %s: %d parameters, %d registers\n",
         info.name, info.chip, ptxPaths[chosen], kernelName,
         cudapyKernelGetNumParams(kernel), cudapyKernelGetNumRegisters(kernel));

  for (int i = 0; i < numSpecs; ++i) {
    Array *array = &specs[i].array;
    if (!isArraySpec(&specs[i]))
      continue;
    size_t bytes = array->count * array->dtype->size;
    if (!cudapyMemAlloc(device, bytes, &array->device, &status) ||
        !cudapyMemcpyHostToDevice(device, array->device, array->host, bytes,
                                  &status)) {
      fprintf(stderr, "cudapy-run: --arg %d: %s\n", i + 1, status.message);
      code = 1;
      goto done;
    }
  }
  if (!haveBlock && !cudapyKernelGetRequiredBlock(kernel, block)) {
    fprintf(stderr, "cudapy-run: kernel '%s' takes any block: give --block\n",
            kernelName);
    code = 2;
    goto done;
  }
  args = cudapyArgsCreate(kernel);
  if (!args.ptr || !fillArgs(args, specs, numSpecs, &status)) {
    code = 1;
    goto done;
  }
  CudapyStream stream = {NULL};
  if (!cudapyLaunch(kernel, args, grid, block, shared, stream, &status) ||
      !cudapyDeviceSynchronize(device, &status)) {
    fprintf(stderr, "cudapy-run: %s\n", status.message);
    code = 1;
    goto done;
  }
  printf("launched grid %ux%ux%u, block %ux%ux%u: ok\n", grid[0], grid[1],
         grid[2], block[0], block[1], block[2]);

  for (int i = 0; i < numSpecs; ++i) {
    Array *array = &specs[i].array;
    if (!array->output && !printCount)
      continue;
    if (!isArraySpec(&specs[i]))
      continue;
    if (!cudapyMemcpyDeviceToHost(device, array->host, array->device,
                                  array->count * array->dtype->size, &status)) {
      fprintf(stderr, "cudapy-run: %s\n", status.message);
      code = 1;
      goto done;
    }
    if (printCount) {
      printf("arg %d:", i + 1);
      for (size_t k = 0; k < array->count && k < (size_t)printCount; ++k) {
        const unsigned char *at =
            (const unsigned char *)array->host + k * array->dtype->size;
        if (array->dtype->isFloat && array->dtype->size == 4)
          printf(" %g", (double)*(const float *)at);
        else if (array->dtype->isFloat)
          printf(" %g", *(const double *)at);
        else {
          int64_t v = 0;
          memcpy(&v, at, array->dtype->size);
          if (array->dtype->isSigned && array->dtype->size < 8 &&
              (v >> (8 * array->dtype->size - 1)) & 1)
            v -= (int64_t)1 << (8 * array->dtype->size);
          printf(" %lld", (long long)v);
        }
      }
      printf("\n");
    }
    if (array->output) {
      if (!writeNpy(array->output, array)) {
        fprintf(stderr, "cudapy-run: cannot write '%s'\n", array->output);
        code = 1;
      } else {
        printf("wrote %s\n", array->output);
      }
    }
  }

  if (bench && repeat > 0 &&
      !benchmark(device, kernel, args, specs, numSpecs, grid, block, shared,
                 warmup, repeat))
    code = 1;

done:
  for (int i = 0; i < numSpecs; ++i) {
    CudapyStatus ignored;
    if (specs[i].array.device)
      cudapyMemFree(device, specs[i].array.device, &ignored);
    free(specs[i].array.host);
    free(specs[i].text);
  }
  for (int i = 0; i < numPtx; ++i)
    free(ptx[i]);
  free(metadata);
  cudapyArgsDestroy(args);
  cudapyModuleUnload(module);
  cudapyDeviceClose(device);
  return code;
}
