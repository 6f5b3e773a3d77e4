// Kernels are device only (cuda-device spec, "Device Only Entities").
// RUN: cudapy-opt %s --py-check-device-only --split-input-file --verify-diagnostics
// RUN: not cudapy-compile %s 2>&1 | FileCheck %s --check-prefix=PIPELINE

// PIPELINE: error: kernel @k is device only and must be in a gpu.module
// expected-error @below {{kernel @k is device only and must be in a gpu.module (spec, "Device Only Entities": device-only entities shall not be used in host code)}}
py.kernel @k() {
  py.return
}

// -----

gpu.module @m {
  py.kernel @fine() {
    py.return
  }
}
