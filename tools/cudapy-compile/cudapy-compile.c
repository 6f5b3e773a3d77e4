/*===- cudapy-compile.c - compile MLIR to PTX from the command line -------===*\
|*                                                                            *|
|* A small C program over the cudapy C API: what a JIT written in C does.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "cudapy-c/Compiler.h"
#include "cudapy-c/Registration.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kUsage[] =
    "usage: cudapy-compile INPUT.mlir [options]\n"
    "\n"
    "Compiles a module of gpu.modules (MLIR text; '-' reads stdin) to PTX.\n"
    "Results are kept in the compile cache (docs/CompileCache.md).\n"
    "\n"
    "options:\n"
    "  -o FILE              write the output here (default: stdout)\n"
    "  --metadata FILE      write the kernel metadata JSON here\n"
    "  --chip SM[,SM...]    target chip(s), e.g. sm_80, sm_90, sm_90a "
    "(default sm_90);\n"
    "                       several chips give FILE.<chip>.ptx each\n"
    "  --ptx-version X.Y    PTX ISA version (default: the chip's minimum, or\n"
    "                       the newer one a module needs)\n"
    "  -O0 -O1 -O2 -O3      LLVM optimization level (default -O3)\n"
    "  --fast-math          approximate math and flush denormals\n"
    "  --ftz                flush f32 denormals to zero\n"
    "  --cuda-toolkit DIR   CUDA toolkit root (for libdevice)\n"
    "  --libdevice FILE     libdevice bitcode\n"
    "  --bare-ptr-memref-abi  pass static memrefs as bare pointers\n"
    "  --bounds-check       py arrays/vectors: trap on out-of-range indices\n"
    "  --num-warps N        warps per CTA of tile kernels (default 4; 0: the\n"
    "                       compiler chooses)\n"
    "  --no-line-info       no .file/.loc source lines in the PTX\n"
    "  --no-assertions      remove device assertions (like NDEBUG)\n"
    "  --emit=KIND          what to write: ptx (default), cubin (assembled\n"
    "                       by the CUDA toolkit's ptxas, or its nvJitLink\n"
    "                       where ptxas cannot run), cubin-or-ptx (a cubin\n"
    "                       where the toolkit is found), llvm, mlir\n"
    "  --no-cache           neither read nor fill the compile cache\n"
    "  --module NAME        the one gpu.module to write (default: every one;\n"
    "                       several give FILE.<module>.ptx each)\n"
    "  --options-json JSON  compile options as a JSON object (see docs)\n"
    "  --timing             print a per-pass timing report to stderr\n"
    "  --dump-ir DIR        the IR after each pass, a file per pass under DIR\n"
    "  --dump-ir-passes L   only after the passes in L (comma-separated)\n"
    "  --reproducer FILE    the input and pipeline, for cudapy-opt\n"
    "                       --run-reproducer FILE\n"
    "  --version            print the C API version\n"
    "  -h, --help           print this help\n";

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

/// Reads all of `path` ('-' is stdin) into a NUL-terminated buffer the caller
/// frees; NULL with a message on stderr on failure.
static char *readInput(const char *path, size_t *length) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "cudapy-compile: cannot open '%s': %s\n", path,
            strerror(errno));
    return NULL;
  }
  size_t capacity = 1 << 16, size = 0;
  char *buffer = malloc(capacity);
  while (buffer) {
    size += fread(buffer + size, 1, capacity - size - 1, file);
    if (size + 1 < capacity)
      break;
    capacity *= 2;
    char *grown = realloc(buffer, capacity);
    if (!grown) {
      free(buffer);
      buffer = NULL;
    }
    buffer = grown;
  }
  int failed = ferror(file);
  if (file != stdin)
    fclose(file);
  if (!buffer || failed) {
    fprintf(stderr, "cudapy-compile: cannot read '%s'\n", path);
    free(buffer);
    return NULL;
  }
  buffer[size] = '\0';
  *length = size;
  return buffer;
}

static int writeText(const char *path, MlirStringRef text) {
  FILE *file = (!path || strcmp(path, "-") == 0) ? stdout : fopen(path, "wb");
  if (!file) {
    fprintf(stderr, "cudapy-compile: cannot write '%s': %s\n", path,
            strerror(errno));
    return 1;
  }
  size_t written = fwrite(text.data, 1, text.length, file);
  int failed = written != text.length;
  if (file != stdout)
    failed |= fclose(file) != 0;
  else
    failed |= fflush(file) != 0;
  if (failed) {
    fprintf(stderr, "cudapy-compile: cannot write '%s'\n", path ? path : "-");
    return 1;
  }
  return 0;
}

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s", (int)text.length, text.data);
}

static int usageError(const char *message, const char *argument) {
  fprintf(stderr, "cudapy-compile: %s%s%s\n", message, argument ? ": " : "",
          argument ? argument : "");
  fprintf(stderr, "Try 'cudapy-compile --help'.\n");
  return 2;
}

/// Whether two strings of the C API hold the same text.
static bool sameText(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && !strncmp(a.data, b.data, a.length);
}

int main(int argc, char **argv) {
  const char *input = NULL, *outputPath = NULL, *metadataPath = NULL;
  const char *moduleName = NULL;
  const char *dumpIR = "", *dumpIRPasses = "";
  int timing = 0;
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  int status = 2;

#define NEXT_ARG(name)                                                         \
  do {                                                                         \
    if (++i >= argc) {                                                         \
      status = usageError("missing value after", name);                        \
      goto done;                                                               \
    }                                                                          \
  } while (0)

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      fputs(kUsage, stdout);
      status = 0;
      goto done;
    } else if (!strcmp(arg, "--version")) {
      int version = cudapyGetApiVersion();
      printf("cudapy-compile (cudapy C API %d.%d.%d)\n", version / 10000,
             version / 100 % 100, version % 100);
      status = 0;
      goto done;
    } else if (!strcmp(arg, "-o")) {
      NEXT_ARG(arg);
      outputPath = argv[i];
    } else if (!strcmp(arg, "--metadata")) {
      NEXT_ARG(arg);
      metadataPath = argv[i];
    } else if (!strcmp(arg, "--chip")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetChip(options, str(argv[i]));
    } else if (!strcmp(arg, "--ptx-version")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetPtxVersion(options, str(argv[i]));
    } else if (arg[0] == '-' && arg[1] == 'O' && arg[2] >= '0' &&
               arg[2] <= '3' && arg[3] == '\0') {
      cudapyCompileOptionsSetOptLevel(options, arg[2] - '0');
    } else if (!strcmp(arg, "--fast-math")) {
      cudapyCompileOptionsSetFastMath(options, true);
    } else if (!strcmp(arg, "--ftz")) {
      cudapyCompileOptionsSetFlushDenormals(options, true);
    } else if (!strcmp(arg, "--cuda-toolkit")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetCudaToolkitPath(options, str(argv[i]));
    } else if (!strcmp(arg, "--libdevice")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetLibdevicePath(options, str(argv[i]));
    } else if (!strcmp(arg, "--bare-ptr-memref-abi")) {
      cudapyCompileOptionsSetBarePtrMemrefABI(options, true);
    } else if (!strcmp(arg, "--bounds-check")) {
      cudapyCompileOptionsSetBoundsCheck(options, true);
    } else if (!strcmp(arg, "--dump-ir")) {
      NEXT_ARG(arg);
      dumpIR = argv[i];
      cudapyCompileOptionsSetDumpIR(options, str(dumpIR), str(dumpIRPasses));
    } else if (!strcmp(arg, "--dump-ir-passes")) {
      NEXT_ARG(arg);
      dumpIRPasses = argv[i];
      cudapyCompileOptionsSetDumpIR(options, str(dumpIR), str(dumpIRPasses));
    } else if (!strcmp(arg, "--reproducer")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetReproducer(options, str(argv[i]));
    } else if (!strcmp(arg, "--no-assertions")) {
      cudapyCompileOptionsSetAssertions(options, false);
    } else if (!strcmp(arg, "--no-line-info")) {
      cudapyCompileOptionsSetLineInfo(options, false);
    } else if (!strcmp(arg, "--num-warps")) {
      NEXT_ARG(arg);
      cudapyCompileOptionsSetNumWarps(options, atoi(argv[i]));
    } else if (!strncmp(arg, "--emit=", 7)) {
      const char *kind = arg + 7;
      if (!strcmp(kind, "ptx"))
        cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_PTX);
      else if (!strcmp(kind, "llvm"))
        cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_LLVM);
      else if (!strcmp(kind, "mlir"))
        cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_MLIR);
      else if (!strcmp(kind, "cubin"))
        cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_CUBIN);
      else if (!strcmp(kind, "cubin-or-ptx"))
        cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_CUBIN_OR_PTX);
      else {
        status = usageError(
            "--emit takes ptx, cubin, cubin-or-ptx, llvm or mlir, not", kind);
        goto done;
      }
    } else if (!strcmp(arg, "--no-cache")) {
      cudapyCompileOptionsSetCache(options, false);
    } else if (!strcmp(arg, "--module")) {
      NEXT_ARG(arg);
      moduleName = argv[i];
    } else if (!strcmp(arg, "--options-json")) {
      NEXT_ARG(arg);
      if (mlirLogicalResultIsFailure(cudapyCompileOptionsParseJSON(
              options, str(argv[i]), printToStderr, NULL))) {
        fputc('\n', stderr);
        goto done;
      }
    } else if (!strcmp(arg, "--timing")) {
      timing = 1;
      cudapyCompileOptionsSetTiming(options, true);
    } else if (arg[0] == '-' && arg[1] != '\0') {
      status = usageError("unknown option", arg);
      goto done;
    } else if (input) {
      status = usageError("more than one input", arg);
      goto done;
    } else {
      input = arg;
    }
  }
  if (!input) {
    status = usageError("no input file", NULL);
    goto done;
  }

  size_t length = 0;
  char *source = readInput(input, &length);
  if (!source) {
    status = 1;
    goto done;
  }
  const char *sourceName = strcmp(input, "-") == 0 ? "<stdin>" : input;
  CudapyCompileResult result = cudapyCompileSource(
      mlirStringRefCreate(source, length), str(sourceName), options);
  free(source);

  printToStderr(cudapyCompileResultGetDiagnosticsText(result), NULL);
  if (timing)
    printToStderr(cudapyCompileResultGetTimingReport(result), NULL);
  status = 1;
  if (!cudapyCompileResultSucceeded(result))
    goto destroyResult;

  // The outputs of the chosen gpu.module (--module), else of every one:
  // one per module and chip.
  intptr_t count = cudapyCompileResultGetNumOutputs(result);
  intptr_t chosen[256];
  int numChosen = 0;
  bool severalModules = false, severalChips = false;
  for (intptr_t i = 0; i < count && numChosen < 256; ++i) {
    MlirStringRef name = cudapyCompileResultGetOutputName(result, i);
    MlirStringRef chip = cudapyCompileResultGetOutputChip(result, i);
    if (moduleName && (strlen(moduleName) != name.length ||
                       strncmp(moduleName, name.data, name.length)))
      continue;
    if (numChosen > 0) {
      MlirStringRef firstName =
          cudapyCompileResultGetOutputName(result, chosen[0]);
      MlirStringRef firstChip =
          cudapyCompileResultGetOutputChip(result, chosen[0]);
      severalModules |= !sameText(name, firstName);
      severalChips |= !sameText(chip, firstChip);
    }
    chosen[numChosen++] = i;
  }
  if (numChosen == 0) {
    if (moduleName)
      fprintf(stderr, "cudapy-compile: no gpu.module named '%s'\n", moduleName);
    else
      fprintf(stderr, "cudapy-compile: the input has no gpu.module\n");
    goto destroyResult;
  }
  if (numChosen == 1) {
    status =
        writeText(outputPath, cudapyCompileResultGetOutput(result, chosen[0]));
  } else if (!outputPath || !strcmp(outputPath, "-")) {
    fprintf(stderr,
            "cudapy-compile: the input compiles to %d outputs (%s); "
            "give -o FILE.ptx and they are written to "
            "FILE%s%s.ptx, or choose a gpu.module with --module NAME\n",
            numChosen,
            severalModules && severalChips ? "gpu.modules and chips"
            : severalModules               ? "gpu.modules"
                                           : "chips",
            severalModules ? ".<module>" : "", severalChips ? ".<chip>" : "");
    goto destroyResult;
  } else {
    // FILE.ptx -> FILE.<module>.<chip>.ptx, naming what differs.
    const char *dot = strrchr(outputPath, '.');
    const char *slash = strrchr(outputPath, '/');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - outputPath)
                                                 : strlen(outputPath);
    status = 0;
    for (int k = 0; k < numChosen && status == 0; ++k) {
      MlirStringRef name = cudapyCompileResultGetOutputName(result, chosen[k]);
      MlirStringRef chip = cudapyCompileResultGetOutputChip(result, chosen[k]);
      char path[4096];
      snprintf(path, sizeof(path), "%.*s%s%.*s%s%.*s%s", (int)stem, outputPath,
               severalModules ? "." : "", severalModules ? (int)name.length : 0,
               name.data, severalChips ? "." : "",
               severalChips ? (int)chip.length : 0, chip.data,
               outputPath + stem);
      status = writeText(path, cudapyCompileResultGetOutput(result, chosen[k]));
      if (status == 0)
        fprintf(stderr, "cudapy-compile: wrote %s\n", path);
    }
  }
  if (status == 0 && metadataPath)
    status =
        writeText(metadataPath, cudapyCompileResultGetMetadataJSON(result));

destroyResult:
  cudapyCompileResultDestroy(result);
done:
  cudapyCompileOptionsDestroy(options);
  return status;
}
