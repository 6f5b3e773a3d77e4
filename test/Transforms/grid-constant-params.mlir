// cudapy-grid-constant-params: the parameters a kernel's
// cudapy.tensor_map_params lists become by-value .params of 128 bytes
// aligned to 64, read in place (what CUDA passes a __grid_constant__
// CUtensorMap as); the list goes. Kernels without it are left alone; a
// listed parameter that is not a pointer is an error.
// RUN: cudapy-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(cudapy-grid-constant-params))' --verify-diagnostics | FileCheck %s

// CHECK-LABEL: llvm.func @k(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>,
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %{{.*}}: i32)
// CHECK-NOT: cudapy.tensor_map_params
// CHECK-SAME: nvvm.kernel
// CHECK-LABEL: llvm.func @plain(
// CHECK-SAME: %{{.*}}: !llvm.ptr)
gpu.module @m {
  llvm.func @k(%a: !llvm.ptr<1>, %map: !llvm.ptr, %n: i32) attributes {cudapy.tensor_map_params = array<i64: 1>, nvvm.kernel} {
    llvm.return
  }
  llvm.func @plain(%p: !llvm.ptr) attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'llvm.func' op has no pointer parameter 1 for a tensor map}}
  llvm.func @k(%a: !llvm.ptr<1>, %n: i32) attributes {cudapy.tensor_map_params = array<i64: 1>, nvvm.kernel} {
    llvm.return
  }
}
