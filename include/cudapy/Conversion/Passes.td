//===- Passes.td - cudapy conversion passes ----------------*- tablegen -*-===//

#ifndef CUDAPY_CONVERSION_PASSES_TD
#define CUDAPY_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertPyToLLVMPass : Pass<"convert-py-to-llvm"> {
  let summary = "Lower the explicit form of the py dialect to arith, math, "
                "complex, scf and llvm";
  let description = [{
    Runs after `py-legalize`. Numbers become signless integers, floats and
    `complex` values (a bool is an `i1` in registers and a byte in memory);
    vectors, structs and tuples become packed LLVM structs with explicit
    padding laid out as CUDA C++ lays out the corresponding class
    (`PyLayout.h`); arrays become the `interoperable_array_descriptor`
    `{ptr, [ndim x i64], [ndim x i64]}`; `None` is a null pointer.

    `py.kernel` becomes an `llvm.func` with `nvvm.kernel`, `py.func` an
    `llvm.func`. Kernels and interoperable functions get CUDA C++'s ABI: a
    parameter CUDA C++ passes as a class object (f16, bf16, fp8, complex,
    vectors, structs, tuples, arrays) is a `byval` pointer with the class's
    alignment, a bool is a byte. Kernels carry `cudapy.signature` for the
    kernel metadata.

    With `bounds-check`, array and vector indices outside their extent, zero
    slice steps and reshapes or views of memory that does not fit call
    `__assertfail` with the source location (the kernel traps, as CUDA C++'s
    `assert`).
  }];
  let options = [
    Option<"boundsCheck", "bounds-check", "bool", /*default=*/"false",
           "Trap with the source location on out-of-range indices">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
    "mlir::complex::ComplexDialect", "mlir::math::MathDialect",
    "mlir::scf::SCFDialect", "mlir::NVVM::NVVMDialect",
    "mlir::gpu::GPUDialect", "mlir::cf::ControlFlowDialect",
  ];
}

def ConvertSimtToGPUPass : Pass<"convert-simt-to-gpu"> {
  let summary = "Lower the simt dialect to gpu, nvvm and llvm ops, keeping "
                "py values";
  let description = [{
    Runs before the py lowering (`py-legalize`, `convert-py-to-llvm`): thread
    positions become `gpu.thread_id`/`block_id`/`block_dim`/`grid_dim`/
    `lane_id` converted to `!py.int`; `tid` and `grid_size` compute
    `block_idx * block_dim + thread_idx` and `block_dim * grid_dim` per
    dimension; `syncthreads` is `gpu.barrier` and its count/and/or forms
    `nvvm.barrier` with a `popc`/`and`/`or` reduction (`bar.red`);
    `threadfence` is PTX `fence.sc` or `fence.acq_rel` at `.cta`, `.gpu` or
    `.sys` scope, or nothing (relaxed, or thread scope). `grid_sync` is a
    barrier over the grid: each block's first thread counts its block in
    the cooperative launch's workspace and polls it, between two block
    barriers; the function that holds it is marked `cudapy.grid_sync`, which
    makes the kernels that reach it cooperative in the metadata.
    `atomic_wait` polls with `simt.atomic_load` (lowered with the py ops)
    and sleeps between reads.

    ```mlir
    // before
    %i = simt.tid 1
    // after
    %tx = gpu.thread_id x
    %bx = gpu.block_id x
    %bd = gpu.block_dim x
    %0 = arith.muli %bx, %bd : index
    %1 = arith.addi %0, %tx : index
    %i = py.cast %1 : index to !py.int
    ```
  }];
  let dependentDialects = [
    "mlir::gpu::GPUDialect", "mlir::NVVM::NVVMDialect",
    "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
    "mlir::scf::SCFDialect", "cudapy::py::PyDialect",
  ];
}

def ConvertTileToLLVMPass : Pass<"convert-tile-to-llvm"> {
  let summary = "Lower tiles with layouts to per-thread arith, math, gpu, "
                "scf and llvm ops";
  let description = [{
    Consumes the explicit form after `tile-assign-layouts`: a tile of rank
    1 or more becomes the scalars its layout gives each thread (a 1:N type
    conversion), an array (or view) its base pointer, dynamic extents (i32)
    and dynamic strides (i64, in elements). Kernels (`gpu.func ... kernel`)
    get `known_block_size` = 32 x `tile.num_warps` threads and kernel
    metadata describing their tile arguments. docs/TileLowering.md tells
    how each op lowers:

    - `tile.load`/`tile.store`: a whole, aligned tile moves in vector
      accesses of up to 16 bytes without masks; a partial tile element by
      element inside the array (loads fill the view's padding);
    - elementwise ops in registers, rounding modes and ftz in PTX;
    - `tile.reduce`: in the thread, butterfly shuffles across lanes, shared
      memory across warps;
    - `tile.broadcast` and `tile.permute` in registers,
      `tile.convert_layout` through shared memory.

    Ops without a lowering yet are reported with their location.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Float math may be approximate (the pipeline's fast-math, which "
           "cudapy-fast-math applies after this pass): divisions by a divisor "
           "that registers share stay single divisions">,
  ];
  let dependentDialects = [
    "mlir::cf::ControlFlowDialect",
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect",
    "mlir::NVVM::NVVMDialect", "mlir::nvgpu::NVGPUDialect",
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
    "cudapy::tile::TileDialect",
  ];
}

#endif // CUDAPY_CONVERSION_PASSES_TD
