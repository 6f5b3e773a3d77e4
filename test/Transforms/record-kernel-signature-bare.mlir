// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(cudapy-record-kernel-signature{bare-ptr-memref-abi}))' | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK: gpu.func @k(
    // CHECK-SAME: cudapy.signature = [{contiguous = true, element = "f32", element_bytes = 4 : i64, kind = "memref", params = 1 : i64, rank = 1 : i64, shape = array<i64: 16>, type = "memref<16xf32>"}]
    gpu.func @k(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{the bare-pointer memref ABI needs statically shaped memrefs with the identity layout; argument 1 is 'memref<?xf32>'}}
    gpu.func @dynamic(%a: memref<16xf32>, %b: memref<?xf32>) kernel {
      gpu.return
    }
  }
}
