/*===- Compiler.h - cudapy C API: compile MLIR to PTX -------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. Runs the cudapy-to-ptx pipeline on a module and hands back the  *|
|* PTX (or cubins, LLVM IR, lowered MLIR), the kernel metadata JSON and every *|
|* diagnostic. The library prints nothing and never exits the process.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_COMPILER_H
#define CUDAPY_C_COMPILER_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque compile options. Create with cudapyCompileOptionsCreate, destroy
/// with cudapyCompileOptionsDestroy. One options object must not be changed
/// by two threads at once; it may be read by concurrent compiles.
typedef struct CudapyCompileOptions {
  void *ptr;
} CudapyCompileOptions;

/// Opaque result of one compile: outputs, metadata and diagnostics. Owned by
/// the caller; every string it hands out lives until
/// cudapyCompileResultDestroy.
typedef struct CudapyCompileResult {
  void *ptr;
} CudapyCompileResult;

/// What a compile produces.
typedef enum CudapyEmitKind {
  CUDAPY_EMIT_PTX = 0,   ///< PTX assembly, one output per gpu.module and target
  CUDAPY_EMIT_LLVM = 1,  ///< optimized LLVM IR text, likewise
  CUDAPY_EMIT_MLIR = 2,  ///< the lowered module as MLIR text, one output
  CUDAPY_EMIT_CUBIN = 3, ///< a cubin per gpu.module and target, assembled in
                         ///< process by the CUDA toolkit's nvJitLink; an
                         ///< error where it is not found
  CUDAPY_EMIT_CUBIN_OR_PTX = 4 ///< cubins where nvJitLink is found, else PTX
                               ///< (cudapyCompileResultGetOutputFormat)
} CudapyEmitKind;

/// Severity of a diagnostic.
typedef enum CudapyDiagnosticSeverity {
  CUDAPY_DIAGNOSTIC_ERROR = 0,
  CUDAPY_DIAGNOSTIC_WARNING = 1,
  CUDAPY_DIAGNOSTIC_NOTE = 2,
  CUDAPY_DIAGNOSTIC_REMARK = 3
} CudapyDiagnosticSeverity;

/// One diagnostic. `file` is empty and `line`/`column` are 0 when the
/// diagnostic has no source location. Strings are owned by the result.
typedef struct CudapyDiagnosticInfo {
  CudapyDiagnosticSeverity severity;
  MlirStringRef file;
  unsigned line;
  unsigned column;
  MlirStringRef message;
} CudapyDiagnosticInfo;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Creates options with the defaults: chip sm_90, PTX version derived from the
/// chip (or the newer one a module needs), opt level 3, no fast math, no flush
/// to zero, the build's CUDA toolkit path, PTX output, no timing. The caller
/// owns the result.
MLIR_CAPI_EXPORTED CudapyCompileOptions cudapyCompileOptionsCreate(void);

/// Destroys options; a null handle is ignored.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsDestroy(CudapyCompileOptions options);

/// Sets the target chip ("sm_80", "sm_90", "sm_90a" …). Validated when the
/// compile runs. The string is copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetChip(CudapyCompileOptions options, MlirStringRef chip);

/// Sets the PTX ISA version ("8.0"); empty derives the smallest version that
/// supports the chip, raised where a module needs a newer one (more than 4352
/// bytes of kernel parameters: 8.1; newer instructions). The string is
/// copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetPtxVersion(CudapyCompileOptions options,
                                  MlirStringRef version);

/// Sets the LLVM optimization level, 0 to 3.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetOptLevel(CudapyCompileOptions options, int level);

/// Relaxes floating-point semantics and flushes f32 denormals to zero, like
/// nvcc --use_fast_math.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetFastMath(CudapyCompileOptions options, bool enable);

/// Flushes f32 denormals to zero, like nvcc -ftz=true.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetFlushDenormals(CudapyCompileOptions options,
                                      bool enable);

/// Sets the CUDA toolkit root in which libdevice is looked up. Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetCudaToolkitPath(CudapyCompileOptions options,
                                       MlirStringRef path);

/// Sets the path of libdevice.10.bc directly. Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetLibdevicePath(CudapyCompileOptions options,
                                     MlirStringRef path);

/// Passes statically shaped memref kernel arguments as bare pointers.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetBarePtrMemrefABI(CudapyCompileOptions options,
                                        bool enable);

/// py dialect: out-of-range array and vector indices (and zero slice steps,
/// reshapes and views that do not fit) trap with the source location.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetBoundsCheck(CudapyCompileOptions options, bool enable);

/// Keeps device assertions (simt.assert, tile.assert, cf.assert: CUDA's
/// __assertfail with the source location). On by default; off removes
/// them, as NDEBUG does in CUDA C++.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetAssertions(CudapyCompileOptions options, bool enable);

/// Carries the source locations into the PTX as .file/.loc directives (like
/// nvcc -lineinfo: no other debug information, the same code). On by
/// default. The runtime asks the driver's JIT for line info, so Nsight
/// Compute, compute-sanitizer and cuda-gdb name the source lines.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetLineInfo(CudapyCompileOptions options, bool enable);

/// tile dialect: warps per CTA of kernels without a tile.num_warps
/// attribute (1, 2, 4, 8, 16 or 32; default 4; 0: the compiler chooses from
/// the kernel's tiles, docs/TileLowering.md). Other values are kept and
/// rejected, with a message, by the compile.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetNumWarps(CudapyCompileOptions options, int numWarps);

/// Chooses what the compile produces.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetEmit(CudapyCompileOptions options, CudapyEmitKind emit);

/// Collects a per-pass timing report (cudapyCompileResultGetTimingReport).
/// The time of each phase is in the metadata ("phases_ms") either way.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetTiming(CudapyCompileOptions options, bool enable);

/// Whether cudapyCompileSource uses the on-disk compile cache
/// (cudapy-c/Cache.h; docs/CompileCache.md). On by default; the cache's
/// CUDAPY_CACHE=0 turns it off for every compile, and so does any debug
/// knob or timing (a compile read from the cache runs no pass).
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetCache(CudapyCompileOptions options, bool enable);

/// Debug knobs (docs/Debugging.md has the one table of them). Each left
/// empty takes its environment variable's value, so a JIT's users can turn
/// it on without changing the JIT; each failure to write is an error of the
/// compile.
///
/// The IR after each pass (or after the passes named in `passes`, pass
/// arguments separated by commas, e.g. "convert-tile-to-llvm,cse"), one
/// file per pass in a tree under `directory` (CUDAPY_DUMP_IR,
/// CUDAPY_DUMP_IR_PASSES). Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetDumpIR(CudapyCompileOptions options,
                              MlirStringRef directory, MlirStringRef passes);

/// Each output (PTX, LLVM IR or MLIR) and the metadata, written into
/// `directory` as MODULE.CHIP.HASH.ptx and metadata.HASH.json
/// (CUDAPY_DUMP_OUTPUT). Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetDumpOutput(CudapyCompileOptions options,
                                  MlirStringRef directory);

/// A reproducer written to `path` before the pipeline runs: the module as
/// it comes and the pipeline, which `cudapy-opt --run-reproducer PATH`
/// replays (CUDAPY_REPRODUCER). Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetReproducer(CudapyCompileOptions options,
                                  MlirStringRef path);

/// The per-pass timing report appended to the file at `path` (besides
/// cudapyCompileResultGetTimingReport) (CUDAPY_TIMING_FILE). Copied.
MLIR_CAPI_EXPORTED void
cudapyCompileOptionsSetTimingFile(CudapyCompileOptions options,
                                  MlirStringRef path);

/// Sets options from a JSON object such as
///   {"chip": "sm_80", "ptx_version": "7.0", "opt_level": 2,
///    "fast_math": false, "ftz": false, "cuda_toolkit": "/usr/local/cuda",
///    "libdevice": "...", "bare_ptr_memref_abi": false,
///    "bounds_check": false, "assertions": true, "line_info": true,
///    "num_warps": 4, "emit": "ptx", "timing": false, "cache": true,
///    "dump_ir": "",
///    "dump_ir_passes": "", "dump_output": "", "reproducer": "",
///    "timing_file": ""}
/// Keys left out keep their value. On malformed JSON, an unknown key or a
/// value of the wrong type, returns failure, leaves `options` unchanged and
/// calls `onError` (when not null) once with a message.
MLIR_CAPI_EXPORTED MlirLogicalResult
cudapyCompileOptionsParseJSON(CudapyCompileOptions options, MlirStringRef json,
                              MlirStringCallback onError, void *userData);

/// Prints the options as the pipeline they select, e.g.
/// "cudapy-to-ptx{chip=sm_90 ... }", through `callback` (possibly in pieces).
MLIR_CAPI_EXPORTED void cudapyCompileOptionsPrint(CudapyCompileOptions options,
                                                  MlirStringCallback callback,
                                                  void *userData);

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

/// Compiles `module` in place: the pipeline rewrites it (gpu.modules become
/// gpu.binary ops). Diagnostics emitted meanwhile on the module's context are
/// captured in the result and not passed to the context's other handlers.
/// Never returns a null result. The module's context must not be used by
/// another thread during the call.
MLIR_CAPI_EXPORTED CudapyCompileResult
cudapyCompileModule(MlirModule module, CudapyCompileOptions options);

/// Parses `source` (MLIR text; `sourceName` names it in diagnostics) in a
/// private context and compiles it. Thread-safe: concurrent calls share no
/// state. Never returns a null result.
MLIR_CAPI_EXPORTED CudapyCompileResult
cudapyCompileSource(MlirStringRef source, MlirStringRef sourceName,
                    CudapyCompileOptions options);

/// Assembles `ptx` (an output of emit "ptx", or other PTX for a whole
/// program: no unresolved external functions) into a cubin for `chip`, as
/// emit "cubin" does: in process, with the CUDA toolkit's nvJitLink, at the
/// options' optimization level, with line info when they ask for it. One
/// output (its format "cubin") on success. Where nvJitLink is not found,
/// an error; but with emit "cubin-or-ptx" in `options`, a success whose
/// one output is the PTX itself (format "ptx"). Thread-safe. Never returns
/// a null result.
MLIR_CAPI_EXPORTED CudapyCompileResult cudapyAssemblePTX(
    MlirStringRef ptx, MlirStringRef chip, CudapyCompileOptions options);

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

/// Destroys a result and every string it handed out; null is ignored.
MLIR_CAPI_EXPORTED void cudapyCompileResultDestroy(CudapyCompileResult result);

/// True when the compile succeeded (the outputs and metadata are valid).
MLIR_CAPI_EXPORTED bool
cudapyCompileResultSucceeded(CudapyCompileResult result);

/// Number of outputs: one per gpu.module and target for PTX and LLVM IR, one
/// for MLIR, none after a failure.
MLIR_CAPI_EXPORTED intptr_t
cudapyCompileResultGetNumOutputs(CudapyCompileResult result);

/// Text of output `index` (PTX, LLVM IR or MLIR). Owned by the result.
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetOutput(CudapyCompileResult result, intptr_t index);

/// Name of the gpu.module output `index` comes from (empty for MLIR output).
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetOutputName(CudapyCompileResult result, intptr_t index);

/// What output `index` holds: "ptx", "cubin" (binary: use its length),
/// "llvm" or "mlir".
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetOutputFormat(CudapyCompileResult result, intptr_t index);

/// Whether the result was read from the compile cache (no pass ran; the
/// outputs, metadata and warnings are those of the compile that stored it).
MLIR_CAPI_EXPORTED bool cudapyCompileResultIsCached(CudapyCompileResult result);

/// Target chip of output `index` (empty for MLIR output).
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetOutputChip(CudapyCompileResult result, intptr_t index);

/// The kernel metadata JSON (see docs/CAPI.md): target, options, compile time
/// and the time of each phase ("phases_ms"), per target its output's format
/// and, per kernel, its module, chip, PTX version, parameters (type, kind,
/// ABI size and alignment, in order), static shared memory and maximum
/// threads per block. "{}" after a failure. Owned by the result.
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetMetadataJSON(CudapyCompileResult result);

/// The per-pass timing report when timing was requested, else empty.
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetTimingReport(CudapyCompileResult result);

/// Number of diagnostics (errors, warnings, notes, remarks), in the order
/// they were emitted; a diagnostic's notes follow it.
MLIR_CAPI_EXPORTED intptr_t
cudapyCompileResultGetNumDiagnostics(CudapyCompileResult result);

/// Diagnostic `index`; its strings are owned by the result.
MLIR_CAPI_EXPORTED CudapyDiagnosticInfo
cudapyCompileResultGetDiagnostic(CudapyCompileResult result, intptr_t index);

/// All diagnostics formatted as "file:line:col: error: message" lines.
MLIR_CAPI_EXPORTED MlirStringRef
cudapyCompileResultGetDiagnosticsText(CudapyCompileResult result);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_COMPILER_H */
