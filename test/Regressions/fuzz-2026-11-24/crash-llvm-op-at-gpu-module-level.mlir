module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.mlir.global internal @g() {addr_space = 3 : i32} : !llvm.array<4 x f64>
    %0 = llvm.mlir.addressof @g : !llvm.ptr<3>
    %zero = llvm.mlir.constant(0.0 : f64) : f64
    llvm.store %zero, %0 : f64, !llvm.ptr<3>
  }
}

// Found by fuzzing (2026-11-24): an op outside any function crashed the translation to LLVM IR.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-llvm-op-at-gpu-module-level.mlir:4:10: error: 'llvm.mlir.addressof' cannot be placed directly in a gpu.module: only functions and globals can
