// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --target-specialize

// Without a target option, the chip comes from the gpu.module.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      // expected-error @below {{target-specialize has no compile target for this op: give the pass a target, or run target-assign-chips first}}
      %q = target.query <"provides(sm_80)">
      gpu.return
    }
  }
}

// RUN: not cudapy-opt %s --target-specialize=target=sm_42x 2>&1 | FileCheck %s
// CHECK: target-specialize: target must be 'host' or a chip such as sm_90, not 'sm_42x'
