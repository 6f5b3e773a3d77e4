module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @k() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 2147483648, 4, 1>} {
      llvm.return
    }
  }
}

// Found by fuzzing (2026-11-24): the translation reported an error and still wrote PTX (exit 0).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: okerr-exit0-reqntid-2pow31.mlir:3:5: error: 'nvvm.reqntid' extent x is -2147483648; it must be in [1, 1024]
