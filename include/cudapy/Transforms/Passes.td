//===- Passes.td - cudapy target-level passes --------------*- tablegen -*-===//
//
// Passes of the cudapy-to-ptx pipeline that belong to no single dialect: they
// act on upstream `gpu.module`s on their way to NVVM/PTX.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_TRANSFORMS_PASSES_TD
#define CUDAPY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CudapyCheckInputPass : Pass<"cudapy-check-input"> {
  let summary = "Refuse input that verifies but that no lowering can take";
  let description = [{
    The first pass of `cudapy-to-ptx`. Each rule stands for input that
    passes the verifiers but would otherwise crash or abort the process
    later (in a conversion, the translation to LLVM IR or the NVPTX
    backend) or reach ptxas only to be refused there; each gets an error at
    the op:

    - an op placed directly in a `gpu.module` that is neither a symbol (a
      function, a global) nor the terminator: code runs in functions;
    - a pointer (`!llvm.ptr<N>`) or a memref's integer memory space that is
      not one of NVPTX's address spaces (0, 1, 3, 4, 5, 6, 7, 101), in any
      type an op, block argument or attribute holds;
    - a vector of more than 65536 bits;
    - a kernel's `known_block_size`, `nvvm.reqntid` or `nvvm.maxntid` with
      an extent outside a CTA's limits (x, y ≤ 1024, z ≤ 64, each ≥ 1) or
      more than 1024 threads; `known_grid_size` outside a grid's limits;
      `nvvm.maxnreg` outside [1, 255]; `nvvm.minctasm` outside [0, 65535].

    Limits that depend on the lowered kernel (parameter space, static
    shared memory) are checked by `cudapy-serialize-to-ptx`.

    Example:
    ```mlir
    gpu.module @m {
      simt.syncthreads   // error: cannot be placed directly in a gpu.module
    }
    ```
  }];
}

def CudapyFastMathPass : Pass<"cudapy-fast-math"> {
  let summary = "Relax floating-point semantics of arith and math ops";
  let description = [{
    Sets the `fast` fast-math flags on every operation that implements
    `arith::ArithFastMathInterface` (arith and math floating-point ops), so
    that the NVVM lowering may pick approximate libdevice functions
    (`__nv_fast_expf` …) and LLVM may reassociate, contract and use
    approximate division and square roots. The `cudapy-to-ptx` pipeline runs
    it when its `fast-math` option is set (CUDA C++ `--use_fast_math` without
    the flush-to-zero half, which `cudapy-nvvm-flush-denormals` provides).

    Before:
    ```mlir
    %0 = arith.divf %a, %b : f32
    ```
    After:
    ```mlir
    %0 = arith.divf %a, %b fastmath<fast> : f32
    ```
  }];
}

def CudapyStripAssertionsPass : Pass<"cudapy-strip-assertions"> {
  let summary = "Remove device assertions (simt.assert, tile.assert, "
                "cf.assert)";
  let description = [{
    Erases every `simt.assert`, `tile.assert` and `cf.assert`, as defining
    `NDEBUG` removes CUDA C++'s `assert` (CUDA C++ Programming Guide 7.31).
    Their conditions, now unused, go with the rest of the dead code. The
    `cudapy-to-ptx` pipeline runs it when its `assertions` option is off.
  }];
}

def CudapyRecordKernelSignaturePass
    : Pass<"cudapy-record-kernel-signature", "mlir::gpu::GPUModuleOp"> {
  let summary = "Record each kernel's source-level arguments before lowering";
  let description = [{
    Runs on a `gpu.module` still in the gpu dialect. Each kernel `gpu.func`
    gets the attribute `cudapy.signature`: one dictionary per argument, with
    its `type`, its `kind` (`memref` or `scalar`), the number of PTX
    parameters the lowering makes of it (`params`: 3 + 2 * rank for a memref
    descriptor, 1 for a bare pointer or a scalar), and for memrefs the
    `element` type, `element_bytes`, `rank`, `shape` (-1 for a dynamic
    extent) and whether the layout is the identity (`contiguous`: the kernel
    ignores the descriptor's strides, so a launcher must pass a row-major
    array). The attribute survives the lowering onto the `llvm.func`, and
    `cudapy-serialize-to-ptx` adds it to the kernel metadata as `args`, with
    the index of each argument's first PTX parameter.

    After:
    ```mlir
    gpu.func @k(%a: memref<?xf32>, %n: index) kernel attributes {
      cudapy.signature = [
        {contiguous = true, element = "f32", element_bytes = 4 : i64,
         kind = "memref", params = 5 : i64, rank = 1 : i64,
         shape = array<i64: -1>, type = "memref<?xf32>"},
        {kind = "scalar", params = 1 : i64, type = "index"} ] }
    ```
  }];
  let options = [
    Option<"barePtrMemrefABI", "bare-ptr-memref-abi", "bool",
           /*default=*/"false",
           "Memrefs are lowered to bare pointers (one parameter each)">,
  ];
}

def CudapyNVVMFlushDenormalsPass
    : Pass<"cudapy-nvvm-flush-denormals", "mlir::gpu::GPUModuleOp"> {
  let summary = "Flush f32 denormals to zero in a lowered NVVM module";
  let description = [{
    Runs on a `gpu.module` already lowered to the LLVM/NVVM dialects. Marks
    every `llvm.func` with `denormal_fp_math_f32 = "preserve-sign"` (NVPTX then
    emits the `.ftz` forms of f32 instructions) and adds the module flag
    `nvvm-reflect-ftz = 1`, which libdevice consults through `__nvvm_reflect`
    to pick its flush-to-zero paths. This is what `nvcc -ftz=true` does.

    After:
    ```mlir
    gpu.module @m {
      llvm.module_flags [#llvm.mlir.module_flag<override, "nvvm-reflect-ftz", 1 : i32>]
      llvm.func @k() attributes {denormal_fp_math_f32 = "preserve-sign", ...}
    }
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def CudapyGridConstantParamsPass
    : Pass<"cudapy-grid-constant-params", "mlir::gpu::GPUModuleOp"> {
  let summary = "Make the tensor-map parameters of kernels by-value params";
  let description = [{
    Runs on a `gpu.module` lowered to the LLVM dialect. The parameters a
    kernel's `cudapy.tensor_map_params` lists (convert-tile-to-llvm adds
    them for its tensor copies, as `!llvm.ptr`s) become what CUDA passes a
    `const __grid_constant__ CUtensorMap`: a `.param` of 128 bytes aligned
    to 64, passed by value and read in place (`llvm.byval`, `llvm.align`,
    `nvvm.grid_constant`), whose generic address the tensor copies take.
    The attribute goes. (The gpu-to-nvvm lowering of `gpu.func` does not
    carry these argument attributes, hence this pass after it.)

    Before:
    ```mlir
    llvm.func @k(%a: !llvm.ptr<1>, %map: !llvm.ptr) attributes {
        cudapy.tensor_map_params = array<i64: 1>, nvvm.kernel}
    ```
    After:
    ```mlir
    llvm.func @k(%a: !llvm.ptr<1>, %map: !llvm.ptr {llvm.align = 64 : i64,
        llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
        attributes {nvvm.kernel}
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

def CudapyLoopAnnotationsPass
    : Pass<"cudapy-loop-annotations", "mlir::gpu::GPUModuleOp"> {
  let summary = "Give lowered loops the annotations their scf.for had";
  let description = [{
    Runs on a `gpu.module` lowered to the LLVM dialect. scf-to-cf moves an
    `scf.for`'s discardable `llvm.loop_annotation` (tile-pipeline-loads sets
    one on the loops it loads ahead) to the loop's back edge, and the
    lowering to LLVM keeps it there as a discardable attribute, which the
    translation to LLVM IR ignores. This pass makes it the `llvm.br`'s or
    `llvm.cond_br`'s own `loop_annotation`, which becomes the branch's
    `!llvm.loop` metadata.

    Before:
    ```mlir
    llvm.br ^bb1(%next : i32) {llvm.loop_annotation = #llvm.loop_annotation<
        unroll = <runtimeDisable = true>>}
    ```
    After:
    ```mlir
    llvm.br ^bb1(%next : i32) {loop_annotation = #llvm.loop_annotation<
        unroll = <runtimeDisable = true>>}
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def CudapyArithToLLVMPass
    : Pass<"cudapy-arith-to-llvm", "mlir::gpu::GPUModuleOp"> {
  let summary = "arith ops to LLVM ops, one to one, in one walk";
  let description = [{
    Runs on a `gpu.module` before `convert-gpu-to-nvvm` and replaces each
    `arith` op whose operand and result types the LLVM dialect keeps as they
    are (signless integers, f16, bf16, f32, f64, 1-D vectors of them) by
    the op arith-to-llvm would make of it: the same LLVM op, the same
    operands, fast-math and overflow flags converted the same way
    (upstream's attribute converters). It walks the module once and builds
    each op directly, where the dialect conversion driver spends several
    microseconds an op on legality, pattern selection and its rewrite log;
    the tile lowering leaves thousands of such ops in a large kernel.

    An op that folds is folded first, in the order that conversion takes
    the ops, as its driver folds before it converts. Left to
    `convert-gpu-to-nvvm`: constants (its greedy pre-pass merges equal
    constants of one dialect, and arith's would merge differently as
    LLVM's), ops on `index` or narrow floats (their types change),
    `arith.remf`, `arith.maxnumf` and `arith.minnumf` (libdevice calls on
    NVVM), an `arith.truncf` with a rounding mode, a bitcast to its own
    type, and the ops this pass does not know (extended and ceil/floor
    divisions, index casts). convert-gpu-to-nvvm then makes the module it
    makes alone (lit: `Pipelines/arith-to-llvm.test` compares the two on
    tile and py kernels).

    Before:
    ```mlir
    %s = arith.addi %a, %b overflow<nsw> : i32
    %p = arith.cmpf olt, %x, %y fastmath<nnan> : f32
    ```
    After:
    ```mlir
    %s = llvm.add %a, %b overflow<nsw> : i32
    %p = llvm.fcmp "olt" %x, %y {fastmathFlags = #llvm.fastmath<nnan>} : f32
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def CudapyOptimizeForNVVMPass
    : Pass<"cudapy-optimize-for-nvvm", "mlir::gpu::GPUModuleOp"> {
  let summary = "Upstream's NVVM rewrites, on the modules that have use for them";
  let description = [{
    Runs upstream `llvm-optimize-for-nvvm-target` on a `gpu.module` lowered
    to the LLVM dialect only where the module has an `llvm.fdiv` of `f16`,
    the one op that pass rewrites (a reciprocal in `f32` and one Newton
    step). Elsewhere it leaves the module alone: the upstream pass runs the
    greedy rewrite driver over every op of the module to find none, which
    costs a large kernel 3.5 % of its compile, and whatever that driver
    would fold, the canonicalizer after it folds as well.

    Before:
    ```mlir
    %q = llvm.fdiv %a, %b : f16
    ```
    After:
    ```mlir
    %x = llvm.fpext %a : f16 to f32
    %y = llvm.fpext %b : f16 to f32
    %r = nvvm.rcp.approx.ftz.f %y : f32
    // ... one Newton step, then
    %q = llvm.fptrunc %s : f32 to f16
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

def CudapySerializeToPTXPass
    : Pass<"cudapy-serialize-to-ptx", "mlir::ModuleOp"> {
  let summary = "Translate lowered gpu.modules to PTX (or LLVM IR) objects";
  let description = [{
    Replaces every `gpu.module` that carries one or more `#nvvm.target`
    attributes by a `gpu.binary` holding one `#gpu.object` per target: the
    module is translated to LLVM IR, libdevice is linked when (and only when)
    the module calls `__nv_*` functions, LLVM optimizes at the target's `O`
    level, and the NVPTX backend emits PTX for the target's chip and features.

    Unlike upstream `gpu-module-to-binary`, a module that needs no libdevice
    compiles without a CUDA toolkit; a module that needs it and finds none is
    an error that names the function. LLVM's own diagnostics (linker, backend)
    become MLIR diagnostics on the gpu.module instead of going to stderr.

    The object's properties record what a launcher needs, read off the
    linked LLVM module with the target's data layout:
    - `cudapy.kernels`: one dictionary per kernel (`ptx_kernel` function),
      with `name` (the PTX entry), `params` (one dictionary per PTX
      parameter, in order: `index`, LLVM IR `type`, `kind` among pointer,
      integer, float, vector and aggregate, ABI `size` and `align` in
      bytes), `static_shared_bytes` (the shared-memory globals the kernel
      and its callees use, each at its alignment), `dynamic_shared_bytes`
      (the kernel's `cudapy.dynamic_shared_bytes`: dynamic shared memory it
      uses itself, which launches add to theirs) and, when known,
      `max_threads_per_block` (from `nvvm.reqntid`, else `nvvm.maxntid`)
      and `required_block_size` (from `nvvm.reqntid`), and `args` (from
      `cudapy-record-kernel-signature`, with each argument's
      `first_param`) when the kernel's signature was recorded;
    - `format`: what the object holds (`ptx`, `cubin` or `llvm`), and
      `assembler` (`nvJitLink 13.0`) for a cubin;
    - the time each phase took, in milliseconds: `translate_ms` (MLIR to
      LLVM IR), `link_ms` (libdevice), `optimize_ms` (LLVM's optimization
      pipeline), `llvm_to_ptx_ms` (the NVPTX backend) and, for a cubin,
      `assemble_ms`.

    libdevice is read once per process and loaded lazily: only the
    functions a module calls (and theirs) are materialized and linked.

    ```mlir
    gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {
        cudapy.kernels = [{name = "k", static_shared_bytes = 0 : i64,
          params = [{align = 8 : i64, index = 0 : i64, kind = "pointer",
                     size = 8 : i64, type = "ptr"} ] } ], ...
      }, assembly = "..."> ]
    ```

    The pipeline sets `raise-ptx-version` where no PTX ISA version was asked
    for: the default is the chip's first version, or the newer one the
    module needs (kernels of more than 4352 bytes of parameters, up to
    32764: 8.1), which the object's target then names.

    With `format=llvm` the object holds the optimized LLVM IR text instead.
    With `format=cubin` the PTX is assembled in process for the target's
    chip by the CUDA toolkit's nvJitLink (include/cudapy/Support/Assembler.h),
    and a module for which it is not found is an error; `format=cubin-or-ptx`
    keeps the PTX then, so that the driver JIT-compiles it at load.
  }];
  let options = [
    Option<"libdevicePath", "libdevice", "std::string", /*default=*/"\"\"",
           "Path of libdevice.10.bc, linked into modules that call __nv_* "
           "functions">,
    Option<"format", "format", "std::string", /*default=*/"\"ptx\"",
           "What the objects hold: 'ptx' (assembly), 'cubin', 'cubin-or-ptx' "
           "or 'llvm' (LLVM IR text)">,
    Option<"cudaToolkitPath", "cuda-toolkit", "std::string",
           /*default=*/"\"\"",
           "CUDA toolkit root where nvJitLink is looked for first">,
    Option<"lineInfo", "line-info", "bool", /*default=*/"true",
           "Assemble cubins with line information (-lineinfo)">,
    Option<"raisePtxVersion", "raise-ptx-version", "bool",
           /*default=*/"false",
           "Make a module that needs a newer PTX ISA than its target's (more "
           "than 4352 bytes of kernel parameters: 8.1; an intrinsic of a "
           "newer version) for the version it needs, instead of refusing it">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

#endif // CUDAPY_TRANSFORMS_PASSES_TD
