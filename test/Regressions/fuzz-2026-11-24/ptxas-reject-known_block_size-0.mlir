module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
      gpu.return
    }
  }
}

// Found by fuzzing (2026-11-24): accepted, then refused by ptxas (.maxntid 0).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: ptxas-reject-known_block_size-0.mlir:3:5: error: 'known_block_size' extent x is 0; it must be in [1, 1024]
