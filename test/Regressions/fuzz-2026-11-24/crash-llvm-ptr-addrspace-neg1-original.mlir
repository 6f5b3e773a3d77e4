module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2 x f64>
    llvm.mlir.global internal @flags() {addr_space = 3 : i32} : !llvm.array<3 x i8>
    llvm.func @helper() -> !llvm.ptr<3> {
      %0 = llvm.mlir.addressof @flags : !llvm.ptr<3>
      llvm.return %0 : !llvm.ptr<3>
    }
    llvm.func @k(%p: !llvm.ptr<-1>, %s: !llvm.ptr {llvm.byval = !llvm.struct<(i32, f64, i8)>}, %h: f16, %v: vector<2xf32>, %b: i1) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 4, 1>} {
      %0 = llvm.mlir.addressof @tile : !llvm.ptr<3>
      %zero = llvm.mlir.constant(0.0 : f64) : f64
      llvm.store %zero, %0 : f64, !llvm.ptr<3>
      %1 = llvm.call @helper() : () -> !llvm.ptr<3>
      llvm.return
    }
    llvm.func @unused_device_function() {
      llvm.return
    }
  }
}

// Found by fuzzing (2026-11-24): !llvm.ptr<-1> (address space 2^32-1) corrupted memory in the translation.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-llvm-ptr-addrspace-neg1-original.mlir:9:18: error: address space 4294967295 of '!llvm.ptr<4294967295>' is not one of NVPTX's (0 generic, 1 global, 3 shared, 4 constant, 5 local, 6 tensor, 7 shared::cluster, 101 param)
