module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%v: vector<65536xf32>) kernel {
      gpu.return
    }
  }
}

// Found by fuzzing (2026-11-24): a kernel parameter of 256 KiB (a vector of
// 65536 f32) was accepted, then refused by ptxas (too much parameter space).
// Now an error at the type's line from cudapy-compile, and no PTX: the
// vector is over what a vector may hold (cudapy-check-input), before the
// parameter space check of SerializeToPTX would see it.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: ptxas-reject-param-space-vector-65536.mlir:3:17: error: 'vector<65536xf32>' is too large: a vector holds at most 65536 bits (2048 x f32)
