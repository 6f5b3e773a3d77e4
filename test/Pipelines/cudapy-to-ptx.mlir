// The cudapy-to-ptx pipeline on upstream gpu.module kernels: each stopping
// point (mlir, llvm, ptx) and the options that change the code.

// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80 emit=mlir" | FileCheck %s --check-prefix=MLIR
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90 emit=llvm" | FileCheck %s --check-prefix=LLVM
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90" | FileCheck %s --check-prefix=PTX
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90a ptx-version=8.5 opt-level=0" | FileCheck %s --check-prefix=O0
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90 emit=mlir bare-ptr-memref-abi" | FileCheck %s --check-prefix=BARE
// RUN: %if ptxas %{ cudapy-opt %s --cudapy-to-ptx="chip=sm_90" | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t.sm90 %}
// RUN: %if ptxas %{ cudapy-opt %s --cudapy-to-ptx="chip=sm_90a ptx-version=8.5 opt-level=0" | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t.sm90a %}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Static shapes, a vector op, an index op and a device function call.
    gpu.func @scale(%x: memref<256xf32>, %factor: f32) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<256xf32>
      %s = func.call @twice(%v, %factor) : (f32, f32) -> f32
      %lanes = vector.broadcast %s : f32 to vector<4xf32>
      %first = vector.extract %lanes[0] : f32 from vector<4xf32>
      %half = index.divu %tid, %tid
      memref.store %first, %x[%half] : memref<256xf32>
      gpu.return
    }
    func.func @twice(%a: f32, %b: f32) -> f32 {
      %m = arith.mulf %a, %b : f32
      %r = arith.addf %m, %m : f32
      return %r : f32
    }
  }
}

// MLIR: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70", verifyTarget = false>]
// MLIR: llvm.func @scale(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: f32)
// MLIR-SAME: nvvm.kernel
// MLIR: llvm.call @twice
// MLIR: llvm.func @twice(%{{.*}}: f32, %{{.*}}: f32) -> f32
// MLIR-NOT: gpu.func
// MLIR-NOT: scf.
// MLIR-NOT: memref.

// LLVM: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78", verifyTarget = false>,
// LLVM-SAME: offload = "
// LLVM-SAME: target triple = \22nvptx64-nvidia-cuda\22
// LLVM-SAME: define ptx_kernel void @scale(

// PTX: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78", verifyTarget = false>,
// PTX-SAME: properties = {cudapy.kernels = [{args = [
// PTX-SAME: {contiguous = true, element = "f32", element_bytes = 4 : i64, first_param = 0 : i64, kind = "memref", params = 5 : i64, rank = 1 : i64, shape = array<i64: 256>, type = "memref<256xf32>"},
// PTX-SAME: {first_param = 5 : i64, kind = "scalar", params = 1 : i64, type = "f32"}],
// PTX-SAME: name = "scale", params = [
// PTX-SAME: {align = 8 : i64, index = 0 : i64, kind = "pointer", size = 8 : i64, type = "ptr"}
// PTX-SAME: {align = 4 : i64, index = 5 : i64, kind = "float", size = 4 : i64, type = "float"}]
// PTX-SAME: static_shared_bytes = 0 : i64}]
// PTX-SAME: llvm_to_ptx_ms =
// PTX-SAME: assembly = "
// PTX-SAME: .version 7.8
// PTX-SAME: .target sm_90
// PTX-SAME: .visible .entry scale(

// O0: #nvvm.target<O = 0, chip = "sm_90a", features = "+ptx85", verifyTarget = false>
// O0-SAME: .version 8.5
// O0-SAME: .target sm_90a

// BARE: llvm.func @scale(%{{.*}}: !llvm.ptr, %{{.*}}: f32)
// BARE-SAME: cudapy.signature = [{contiguous = true, {{.*}}kind = "memref", params = 1 : i64{{.*}}}, {kind = "scalar", params = 1 : i64, type = "f32"}]
