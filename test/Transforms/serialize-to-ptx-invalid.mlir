// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --cudapy-serialize-to-ptx=libdevice=%t.missing.bc

module attributes {gpu.container_module} {
  // expected-error @below {{gpu.module has no #nvvm.target to compile for (run nvvm-attach-target first)}}
  gpu.module @no_target {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @needs_libdevice [#nvvm.target<chip = "sm_90">] {
    // expected-error @below {{'__nv_expf' is a libdevice function, but libdevice is not at}}
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @k(%x: f32) attributes {nvvm.kernel} {
      %0 = llvm.call @__nv_expf(%x) : (f32) -> f32
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // A kernel still in the gpu dialect cannot be translated to LLVM IR.
  // expected-error @below {{failed to translate the module to LLVM IR}}
  gpu.module @not_lowered [#nvvm.target<chip = "sm_90">] {
    // expected-error @+2 {{unsupported GPU operation: gpu.func}}
    // expected-error @+1 {{LLVM Translation failed for operation: gpu.func}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
