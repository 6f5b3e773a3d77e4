module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%v: i32, %mask: i32) kernel attributes {known_block_size = array<i32: -1, 4294967295, 4294967295>} {
      %r = nvvm.redux.sync add %v, %mask : i32 -> i32
      gpu.return
    }
  }
}

// Found by fuzzing (2026-11-24): exit 0 with .maxntid 4294967295, on which ptxas died (SIGFPE).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: ptxas-sigfpe-known_block_size-neg1.mlir:3:5: error: 'known_block_size' extent x is -1; it must be in [1, 1024]
