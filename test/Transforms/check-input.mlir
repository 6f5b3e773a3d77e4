// RUN: cudapy-opt %s --cudapy-check-input --split-input-file --verify-diagnostics
// Each case verifies, and would crash or abort a later stage, or be refused
// by ptxas, without cudapy-check-input (the pipeline's first pass).

// Code outside functions.
gpu.module @m {
  // expected-error @below {{'simt.syncthreads' cannot be placed directly in a gpu.module: only functions and globals can}}
  simt.syncthreads
}

// -----

gpu.module @m {
  llvm.mlir.global internal @g() {addr_space = 3 : i32} : !llvm.array<4 x f64>
  // expected-error @below {{'llvm.mlir.addressof' cannot be placed directly in a gpu.module}}
  %0 = llvm.mlir.addressof @g : !llvm.ptr<3>
}

// -----

// Functions, globals and the terminator are what a gpu.module holds.
gpu.module @m {
  llvm.mlir.global internal @g() {addr_space = 3 : i32} : !llvm.array<4 x f64>
  memref.global "private" @h : memref<4xf32, 3>
  llvm.func @f() {
    llvm.return
  }
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1024, 1, 1>, known_grid_size = array<i32: 2147483647, 65535, 65535>} {
    gpu.return
  }
  llvm.func @l() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 16, 8, 8>, nvvm.maxnreg = 255 : i32, nvvm.minctasm = 2 : i32} {
    llvm.return
  }
}

// -----

// Address spaces NVPTX does not have: in an op's type, a block argument, a
// function type, a global's type attribute, a memref.
gpu.module @m {
  llvm.func @f(%p: !llvm.ptr<1>) -> f32 {
    // expected-error @below {{address space 1024 of '!llvm.ptr<1024>' is not one of NVPTX's (0 generic, 1 global, 3 shared, 4 constant, 5 local, 6 tensor, 7 shared::cluster, 101 param)}}
    %q = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<1024>
    %x = llvm.load %q : !llvm.ptr<1024> -> f32
    llvm.return %x : f32
  }
}

// -----

gpu.module @m {
  // expected-error @below {{address space 4294967295 of '!llvm.ptr<4294967295>'}}
  llvm.func @f(%p: !llvm.ptr<-1>) {
    llvm.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{address space 2 of '!llvm.ptr<2>'}}
  llvm.func @f() -> !llvm.struct<(i32, !llvm.ptr<2>)>
}

// -----

gpu.module @m {
  // expected-error @below {{memory space 9 of 'memref<4xf32, 9>' is not one of NVPTX's address spaces}}
  gpu.func @k(%a: memref<4xf32, 9>) kernel {
    gpu.return
  }
}

// -----

// Vectors of more than 65536 bits; a 2^31-element one sent LLVM to 23 GB.
gpu.module @m {
  // expected-error @below {{'vector<2147483648xf32>' is too large: a vector holds at most 65536 bits (2048 x f32)}}
  gpu.func @k(%v: vector<2147483648xf32>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: vector<2048xf32>, %w: vector<16x16xi64>) kernel {
    gpu.return
  }
  // expected-error @below {{'vector<16x16x8xf64>' is too large}}
  func.func private @f() -> vector<16x16x8xf64>
}

// -----

// Launch bounds outside a CTA's limits.
gpu.module @m {
  // expected-error @below {{'known_block_size' extent x is 0; it must be in [1, 1024]}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'known_block_size' extent z is 128; it must be in [1, 64]}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 1, 128>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'nvvm.reqntid' extent x is -2147483648; it must be in [1, 1024]}}
  llvm.func @k() attributes {nvvm.kernel, nvvm.reqntid = array<i32: 2147483648, 4, 1>} {
    llvm.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'nvvm.maxntid' asks for 2048 threads in a block; at most 1024 can be}}
  llvm.func @k() attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 32>} {
    llvm.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'known_grid_size' extent y is 65536; it must be in [1, 65535]}}
  gpu.func @k() kernel attributes {known_grid_size = array<i32: 1, 65536, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'nvvm.maxnreg' must be an integer in [1, 255]}}
  llvm.func @k() attributes {nvvm.kernel, nvvm.maxnreg = 256 : i32} {
    llvm.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'nvvm.minctasm' must be an integer in [0, 65535]}}
  llvm.func @k() attributes {nvvm.kernel, nvvm.minctasm = -1 : i32} {
    llvm.return
  }
}
