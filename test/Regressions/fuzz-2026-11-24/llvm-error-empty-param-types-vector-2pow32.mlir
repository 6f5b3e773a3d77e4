module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%v: vector<4294967296xf32>) kernel {
      gpu.return
    }
  }
}

// Found by fuzzing (2026-11-24): a 2^32-element vector parameter aborted in LLVM (LLVM ERROR).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: llvm-error-empty-param-types-vector-2pow32.mlir:3:17: error: 'vector<4294967296xf32>' is too large: a vector holds at most 65536 bits (2048 x f32)
