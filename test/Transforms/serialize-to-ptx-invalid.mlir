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

// -----

// Parameter space: 4352 bytes before PTX ISA 8.1, 32764 from 8.1 on (what
// ptxas allows an entry function); over it, an error at the kernel instead
// of ptxas's "too much parameter space".
module attributes {gpu.container_module} {
  gpu.module @params [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
    // expected-error @below {{kernel 'k' takes 4608 bytes of parameters; PTX ISA 7.8 allows 4352 (8.1 and later allow 32764: set the ptx-version option)}}
    llvm.func @k(%a: vector<512xf32>, %b: vector<512xf32>, %c: vector<128xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @params [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    // expected-error @below {{kernel 'k' takes 40960 bytes of parameters; PTX ISA 8.1 allows 32764}}
    llvm.func @k(%a: vector<2048xf32>, %b: vector<2048xf32>, %c: vector<2048xf32>, %d: vector<2048xf32>, %e: vector<2048xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// Static shared memory: at most 48 KiB a kernel.
module attributes {gpu.container_module} {
  gpu.module @shared [#nvvm.target<chip = "sm_90">] {
    llvm.mlir.global internal @a() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8192 x f32>
    llvm.mlir.global internal @b() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4097 x f32>
    // expected-error @below {{kernel 'k' declares 49156 bytes of static shared memory; at most 49152 (48 KiB) can be static: make the rest dynamic shared memory}}
    llvm.func @k(%i: i32, %x: f32) attributes {nvvm.kernel} {
      %pa = llvm.mlir.addressof @a : !llvm.ptr<3>
      %pb = llvm.mlir.addressof @b : !llvm.ptr<3>
      %qa = llvm.getelementptr %pa[0, %i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<8192 x f32>
      %qb = llvm.getelementptr %pb[0, %i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<4097 x f32>
      llvm.store %x, %qa : f32, !llvm.ptr<3>
      llvm.store %x, %qb : f32, !llvm.ptr<3>
      llvm.return
    }
  }
}
