module attributes {gpu.container_module} {
  gpu.module @m {
    simt.syncthreads
  }
}

// Found by fuzzing (2026-11-24): an op outside any function crashed the translation to LLVM IR.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-simt-op-at-gpu-module-level.mlir:3:5: error: 'simt.syncthreads' cannot be placed directly in a gpu.module: only functions and globals can
