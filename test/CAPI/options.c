/*===- options.c - C API: compile options ---------------------------------===*\
|*                                                                            *|
|* Setters, JSON parsing (and its errors), and the pipeline the options name. *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-options 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-options > /dev/null %}

#include "cudapy-c/Compiler.h"

#include <stdio.h>

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

static void printCallback(MlirStringRef text, void *userData) {
  printf("%s%.*s", (const char *)userData, (int)text.length, text.data);
}

static char kNoPrefix[] = "";
static char kErrorPrefix[] = "error: ";

static void printOptions(CudapyCompileOptions options) {
  cudapyCompileOptionsPrint(options, printCallback, kNoPrefix);
  printf("\n");
}

static void parse(CudapyCompileOptions options, const char *json) {
  MlirLogicalResult result = cudapyCompileOptionsParseJSON(
      options, str(json), printCallback, kErrorPrefix);
  if (mlirLogicalResultIsFailure(result))
    printf("\n");
  printf("%s -> %s\n", json,
         mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
}

int main(void) {
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  printOptions(options);
  // CHECK: cudapy-to-ptx{assertions=true bare-ptr-memref-abi=false bounds-check=false chip=sm_90 cuda-toolkit= emit=ptx fast-math=false ftz=false libdevice= line-info=true num-warps=4 opt-level=3 ptx-version=}

  cudapyCompileOptionsSetChip(options, str("sm_80"));
  cudapyCompileOptionsSetPtxVersion(options, str("7.4"));
  cudapyCompileOptionsSetOptLevel(options, 1);
  cudapyCompileOptionsSetFastMath(options, true);
  cudapyCompileOptionsSetFlushDenormals(options, true);
  cudapyCompileOptionsSetCudaToolkitPath(options, str("/opt/cuda"));
  cudapyCompileOptionsSetLibdevicePath(options, str("/opt/libdevice.bc"));
  cudapyCompileOptionsSetBarePtrMemrefABI(options, true);
  cudapyCompileOptionsSetBoundsCheck(options, true);
  cudapyCompileOptionsSetLineInfo(options, false);
  cudapyCompileOptionsSetAssertions(options, false);
  cudapyCompileOptionsSetNumWarps(options, 8);
  cudapyCompileOptionsSetEmit(options, CUDAPY_EMIT_MLIR);
  printOptions(options);
  // CHECK-NEXT: cudapy-to-ptx{assertions=false bare-ptr-memref-abi=true bounds-check=true chip=sm_80 cuda-toolkit=/opt/cuda emit=mlir fast-math=true ftz=true libdevice=/opt/libdevice.bc line-info=false num-warps=8 opt-level=1 ptx-version=7.4}
  cudapyCompileOptionsDestroy(options);

  options = cudapyCompileOptionsCreate();
  parse(options,
        "{\"chip\": \"sm_90a\", \"ptx_version\": \"8.0\", "
        "\"opt_level\": 2, \"fast_math\": true, \"ftz\": false, "
        "\"cuda_toolkit\": \"/cuda\", \"libdevice\": \"/ld.bc\", "
        "\"bare_ptr_memref_abi\": true, \"emit\": \"llvm\", "
        "\"num_warps\": 16, \"line_info\": false, \"assertions\": false, "
        "\"timing\": true}");
  // CHECK-NEXT: -> ok
  printOptions(options);
  // CHECK-NEXT: cudapy-to-ptx{assertions=false bare-ptr-memref-abi=true bounds-check=false chip=sm_90a cuda-toolkit=/cuda emit=llvm fast-math=true ftz=false libdevice=/ld.bc line-info=false num-warps=16 opt-level=2 ptx-version=8.0}

  // The debug knobs (docs/Debugging.md) are keys too; they are not options
  // of the pipeline, whose text stays the same.
  parse(options,
        "{\"dump_ir\": \"/tmp/ir\", \"dump_ir_passes\": \"cse\", "
        "\"dump_output\": \"/tmp/out\", \"reproducer\": \"/tmp/r.mlir\", "
        "\"timing_file\": \"/tmp/t.txt\"}");
  // CHECK-NEXT: -> ok

  // Each failure names the problem and changes nothing.
  parse(options, "{\"chip\": ");
  // CHECK-NEXT: error: compile options are not valid JSON (near offset {{[0-9]+}})
  // CHECK-NEXT: -> failed
  parse(options, "[1, 2]");
  // CHECK-NEXT: error: compile options must be a JSON object
  // CHECK-NEXT: -> failed
  parse(options, "{\"chip\": \"sm_70\", \"cpu\": \"x86\"}");
  // CHECK-NEXT: error: unknown compile option 'cpu' (known: chip, ptx_version, opt_level, fast_math, ftz, cuda_toolkit, libdevice, bare_ptr_memref_abi, bounds_check, assertions, line_info, num_warps, emit, timing, cache, dump_ir, dump_ir_passes, dump_output, reproducer, timing_file)
  // CHECK-NEXT: -> failed
  parse(options, "{\"opt_level\": 7}");
  // CHECK-NEXT: error: compile option 'opt_level' must be 0, 1, 2 or 3
  // CHECK-NEXT: -> failed
  parse(options, "{\"opt_level\": 1.5}");
  // CHECK-NEXT: error: compile option 'opt_level' must be 0, 1, 2 or 3
  // CHECK-NEXT: -> failed
  parse(options, "{\"num_warps\": 3}");
  // CHECK-NEXT: error: compile option 'num_warps' must be 0 (the compiler chooses), 1, 2, 4, 8, 16 or 32
  // CHECK-NEXT: -> failed
  parse(options, "{\"fast_math\": 1}");
  // CHECK-NEXT: error: compile option 'fast_math' must be true or false
  // CHECK-NEXT: -> failed
  parse(options, "{\"dump_ir\": 3}");
  // CHECK-NEXT: error: compile option 'dump_ir' must be a string
  // CHECK-NEXT: -> failed
  parse(options, "{\"line_info\": \"yes\"}");
  // CHECK-NEXT: error: compile option 'line_info' must be true or false
  // CHECK-NEXT: -> failed
  parse(options, "{\"emit\": \"sass\"}");
  // CHECK-NEXT: error: compile option 'emit' must be "ptx", "cubin", "cubin-or-ptx", "llvm" or "mlir"
  // CHECK-NEXT: -> failed
  printOptions(options);
  // CHECK-NEXT: cudapy-to-ptx{assertions=false bare-ptr-memref-abi=true bounds-check=false chip=sm_90a cuda-toolkit=/cuda emit=llvm fast-math=true ftz=false libdevice=/ld.bc line-info=false num-warps=16 opt-level=2 ptx-version=8.0}

  // A null error callback is allowed.
  MlirLogicalResult quiet =
      cudapyCompileOptionsParseJSON(options, str("nope"), NULL, NULL);
  printf("quiet failure: %d\n", mlirLogicalResultIsFailure(quiet));
  // CHECK-NEXT: quiet failure: 1

  cudapyCompileOptionsDestroy(options);
  // Destroying a null handle is a no-op.
  cudapyCompileOptionsDestroy((CudapyCompileOptions){NULL});
  cudapyCompileResultDestroy((CudapyCompileResult){NULL});
  return 0;
}
