// A float16 division through the pipeline: upstream's rewrite (an f32
// reciprocal and one Newton step, cudapy-optimize-for-nvvm) replaces the
// llvm.fdiv; the float32 division of the other module stays one.
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90 emit=mlir" | FileCheck %s
// RUN: %if ptxas %{ cudapy-opt %s --cudapy-to-ptx="chip=sm_90" | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t %}

// CHECK-LABEL: gpu.module @half
// CHECK: llvm.func @divide(
// CHECK-NOT: llvm.fdiv
// CHECK: nvvm.rcp.approx.ftz.f
// CHECK-NOT: llvm.fdiv
// CHECK: llvm.fptrunc {{.*}} : f32 to f16
// CHECK-LABEL: gpu.module @single
// CHECK: llvm.fdiv {{.*}} : f32
// CHECK-NOT: nvvm.rcp.approx.ftz.f
module attributes {gpu.container_module} {
  gpu.module @half {
    gpu.func @divide(%x: memref<256xf16>, %y: memref<256xf16>) kernel {
      %tid = gpu.thread_id x
      %a = memref.load %x[%tid] : memref<256xf16>
      %b = memref.load %y[%tid] : memref<256xf16>
      %q = arith.divf %a, %b : f16
      memref.store %q, %x[%tid] : memref<256xf16>
      gpu.return
    }
  }
  gpu.module @single {
    gpu.func @divide(%x: memref<256xf32>, %y: memref<256xf32>) kernel {
      %tid = gpu.thread_id x
      %a = memref.load %x[%tid] : memref<256xf32>
      %b = memref.load %y[%tid] : memref<256xf32>
      %q = arith.divf %a, %b : f32
      memref.store %q, %x[%tid] : memref<256xf32>
      gpu.return
    }
  }
}
