module {
  gpu.module @m {
    llvm.mlir.global @flags() {addr_space = 3 : i32} : !llvm.array<3 x i8>
    llvm.func @helper() -> !llvm.ptr<3> {
      %0 = llvm.mlir.addressof @flags : !llvm.ptr<3>
      llvm.return %0 : !llvm.ptr<3>
    }
    llvm.func @k(%p: !llvm.ptr<-1> {llvm.byval = !llvm.struct<()>}, %h: vector<2xf32>, %b: i1) attributes {nvvm.kernel = array<i32: 1>}
    llvm.func @unused_device_function()
  }
}

// Found by fuzzing (2026-11-24): !llvm.ptr<-1> (address space 2^32-1) corrupted memory in the translation.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-llvm-ptr-addrspace-neg1-byval.mlir:8:5: error: address space 4294967295 of '!llvm.ptr<4294967295>' is not one of NVPTX's (0 generic, 1 global, 3 shared, 4 constant, 5 local, 6 tensor, 7 shared::cluster, 101 param)
