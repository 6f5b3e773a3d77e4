// target-check-execution-spaces: what a function compiled for a target uses
// must be usable there (cuda-device spec, "Execution Spaces", "Device Only
// Entities"; NVVM ops' SM requirements).
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --target-specialize=target=sm_75 --target-check-execution-spaces=target=sm_75

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-note @below {{in 'k', compiled for sm_75 (execution space is_device)}}
    gpu.func @k(%v: i32, %mask: i32) kernel {
      // expected-error @below {{'nvvm.redux.sync' requires provides(sm_80), which sm_75 does not satisfy; guard it with target.if <"provides(sm_80)">}}
      %r = nvvm.redux.sync add %v, %mask : i32 -> i32
      gpu.return
    }
  }
}

// -----

// Guarded, the same op is fine: its region is gone before the check.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%v: i32, %mask: i32) kernel {
      target.if <"provides(sm_80)"> {
        %r = nvvm.redux.sync add %v, %mask : i32 -> i32
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // An architecture-specific op (sm_90a) on any other chip.
    // expected-note @below {{in 'k', compiled for sm_75}}
    gpu.func @k() kernel {
      // expected-error @below {{'nvvm.wgmma.fence.aligned' requires provides(sm_90a), which sm_75 does not satisfy}}
      nvvm.wgmma.fence.aligned
      gpu.return
    }
  }
}

// -----

// Calls into functions whose execution space excludes the target.
module attributes {gpu.container_module} {
  gpu.module @m {
    func.func @host_only() attributes {target.execution_space = #target.cond<"is_host">} {
      return
    }
    func.func @anywhere() attributes {target.execution_space = #target.cond<"any_target">} {
      return
    }
    // expected-note @below {{in 'k', compiled for sm_75}}
    gpu.func @k() kernel {
      func.call @anywhere() : () -> ()
      // expected-error @below {{calls 'host_only', whose execution space is_host does not contain sm_75; guard the call with target.if <"is_host">}}
      func.call @host_only() : () -> ()
      gpu.return
    }
  }
}

// -----

// A heterogeneous function compiled for the device may not launch kernels
// (a host-only construct), unless the launch is guarded.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
    // expected-note @below {{in 'both', compiled for sm_75 (execution space any_target)}}
    func.func @both(%n: index) attributes {target.execution_space = #target.cond<"any_target">} {
      // expected-error @below {{'gpu.launch_func' requires is_host, which sm_75 does not satisfy}}
      gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
      target.if <"is_host"> {
        gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
      }
      return
    }
  }
}

// -----

// Requirements declared through TargetRequirementOpInterface (here the
// external model that makes vector.print host-only).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-note @below {{in 'k', compiled for sm_75}}
    gpu.func @k(%x: f32) kernel {
      // expected-error @below {{'vector.print' requires is_host, which sm_75 does not satisfy}}
      vector.print %x : f32
      gpu.return
    }
  }
}

// -----

// Upstream's nvgpu ops need the chips their PTX does (mma.sync m16n8k16 and
// cp.async sm_80, ldmatrix sm_75): reported here, before convert-nvgpu-to-
// nvvm makes intrinsics LLVM cannot select for the chip.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-note @below {{in 'k', compiled for sm_75}}
    gpu.func @k(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>, %g: memref<16xf16>)
        workgroup(%s : memref<16xf16, #gpu.address_space<workgroup>>) kernel {
      // expected-error @below {{'nvgpu.mma.sync' requires provides(sm_80), which sm_75 does not satisfy}}
      %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %i = arith.constant 0 : index
      // expected-error @below {{'nvgpu.device_async_copy' requires provides(sm_80)}}
      %t = nvgpu.device_async_copy %g[%i], %s[%i], 8 : memref<16xf16> to memref<16xf16, #gpu.address_space<workgroup>>
      // ldmatrix exists on sm_75.
      %f = nvgpu.ldmatrix %s[%i] {numTiles = 1 : i32, transpose = false} : memref<16xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
      gpu.return
    }
  }
}
