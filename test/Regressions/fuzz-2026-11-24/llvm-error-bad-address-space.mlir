module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.mlir.global @flags() {addr_space = 1024 : i32} : !llvm.array<4 x i8>
    llvm.func @helper() -> !llvm.ptr<1024> {
      %0 = llvm.mlir.addressof @flags : !llvm.ptr<1024>
      llvm.return %0 : !llvm.ptr<1024>
    }
  }
}

// Found by fuzzing (2026-11-24): address space 1024 aborted in the NVPTX backend (LLVM ERROR).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: llvm-error-bad-address-space.mlir:5:12: error: address space 1024 of '!llvm.ptr<1024>' is not one of NVPTX's (0 generic, 1 global, 3 shared, 4 constant, 5 local, 6 tensor, 7 shared::cluster, 101 param)
