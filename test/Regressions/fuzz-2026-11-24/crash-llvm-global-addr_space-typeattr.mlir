module {
  gpu.module @m {
    llvm.mlir.global @flags() {addr_space = i32} : !llvm.array<3 x i8>
    llvm.func @helper() -> !llvm.ptr<3> {
      %0 = llvm.mlir.addressof @flags : !llvm.ptr<3>
      llvm.return %0 : !llvm.ptr<3>
    }
  }
}

// Found by fuzzing (2026-11-24): upstream's symbol-use verifier read the global's addr_space as an integer (SIGSEGV).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-llvm-global-addr_space-typeattr.mlir:3:5: error: 'addr_space' must be an i32 integer
