// RUN: cudapy-opt %s --split-input-file --cudapy-serialize-to-ptx | FileCheck %s
// RUN: cudapy-opt %s --split-input-file --cudapy-serialize-to-ptx=format=llvm | FileCheck %s --check-prefix=LLVM
// RUN: %if ptxas %{ cudapy-opt %s --split-input-file --cudapy-serialize-to-ptx | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t.ptx | FileCheck %s --check-prefix=PTXAS %}
// PTXAS: ptxas accepted object 1 (sm_90)
// PTXAS: ptxas accepted object 2 (sm_80)
// PTXAS: ptxas accepted object 3 (sm_90)

// A lowered module with one kernel, a by-value struct parameter, a shared
// array used through a helper, and a required block size.
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f64>
    llvm.mlir.global internal @flags() {addr_space = 3 : i32} : !llvm.array<3 x i8>
    llvm.func @helper() -> !llvm.ptr<3> {
      %0 = llvm.mlir.addressof @flags : !llvm.ptr<3>
      llvm.return %0 : !llvm.ptr<3>
    }
    llvm.func @k(%p: !llvm.ptr<1>, %s: !llvm.ptr {llvm.byval = !llvm.struct<(i32, f64, i8)>}, %h: f16, %v: vector<2xf32>, %b: i1) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 4, 1>} {
      %0 = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %zero = llvm.mlir.constant(0.0 : f64) : f64
      llvm.store %zero, %0 : f64, !llvm.ptr<3>
      %1 = llvm.call @helper() : () -> !llvm.ptr<3>
      %one = llvm.mlir.constant(1 : i8) : i8
      llvm.store %one, %1 : i8, !llvm.ptr<3>
      llvm.return
    }
    // Not a kernel: not described.
    llvm.func @unused_device_function() {
      llvm.return
    }
  }
}

// CHECK: gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">,
// CHECK-SAME: properties = {cudapy.kernels = [{max_threads_per_block = 128 : i64, name = "k", params = [
// CHECK-SAME: {align = 8 : i64, index = 0 : i64, kind = "pointer", size = 8 : i64, type = "ptr addrspace(1)"},
// CHECK-SAME: {align = 8 : i64, index = 1 : i64, kind = "aggregate", size = 24 : i64, type = "{ i32, double, i8 }"},
// CHECK-SAME: {align = 2 : i64, index = 2 : i64, kind = "float", size = 2 : i64, type = "half"},
// CHECK-SAME: {align = 8 : i64, index = 3 : i64, kind = "vector", size = 8 : i64, type = "<2 x float>"},
// CHECK-SAME: {align = 1 : i64, index = 4 : i64, kind = "integer", size = 1 : i64, type = "i1"}],
// CHECK-SAME: required_block_size = array<i32: 32, 4, 1>,
// 512 bytes of doubles, then 3 flag bytes.
// CHECK-SAME: static_shared_bytes = 515 : i64}]
// CHECK-SAME: llvm_to_ptx_ms = {{.*}} : f64}
// CHECK-SAME: assembly = "
// CHECK-SAME: .version 8.0
// CHECK-SAME: .target sm_90
// CHECK-SAME: .reqntid 32, 4, 1
// CHECK-NOT: gpu.module

// LLVM: gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, properties = {cudapy.kernels = [
// LLVM-SAME: offload = "
// LLVM-SAME: define ptx_kernel void @k(

// -----

// One object per target.
module attributes {gpu.container_module} {
  gpu.module @two [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90", features = "+ptx78">] {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
// CHECK-LABEL: gpu.binary @two
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_80">
// CHECK-SAME: .target sm_80
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">
// CHECK-SAME: .target sm_90
