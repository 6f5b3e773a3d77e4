gpu.module @m {
  py.kernel @big_shared(%out: !py.array<f32, 1>) attributes {interop} {
    %t = simt.thread_idx x
    %tile = simt.shared_array [16, 1024] : !py.array<f32, 2>
    %zero = py.constant 0 : !py.int
    %f = py.constant 1.0 : f32
    py.array.setitem %f, %tile[%zero, %t] : f32, !py.array<f32, 2>, !py.int, !py.int
    simt.syncthreads
    %x = py.array.getitem %tile[%zero, %zero] : !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %x, %out[%t] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
}

// Found by fuzzing (2026-11-24): accepted, then refused by ptxas (too much shared data).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: ptxas-reject-static-shared-64KB.mlir:2:3: error: kernel 'big_shared' declares 65536 bytes of static shared memory; at most 49152 (48 KiB) can be static: make the rest dynamic shared memory
