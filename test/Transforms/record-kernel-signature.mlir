// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-record-kernel-signature))' | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @k
    // CHECK-SAME: cudapy.signature = [
    // CHECK-SAME: {contiguous = true, element = "f16", element_bytes = 2 : i64, kind = "memref", params = 7 : i64, rank = 2 : i64, shape = array<i64: 4, -1>, type = "memref<4x?xf16>"},
    // CHECK-SAME: {contiguous = false, element = "i64", element_bytes = 8 : i64, kind = "memref", params = 5 : i64, rank = 1 : i64, shape = array<i64: -1>, type = "memref<?xi64, strided<[?], offset: ?>>"},
    // CHECK-SAME: {contiguous = true, element = "index", element_bytes = 8 : i64, kind = "memref", params = 3 : i64, rank = 0 : i64, shape = array<i64>, type = "memref<index>"},
    // CHECK-SAME: {kind = "scalar", params = 1 : i64, type = "vector<4xf32>"}]
    gpu.func @k(%a: memref<4x?xf16>, %b: memref<?xi64, strided<[?], offset: ?>>, %c: memref<index>, %v: vector<4xf32>) kernel {
      gpu.return
    }
    // Not a kernel: left alone.
    // CHECK: gpu.func @device_function(%{{[a-z0-9]+}}: f32) {{{$}}
    gpu.func @device_function(%a: f32) {
      gpu.return
    }
  }
}

