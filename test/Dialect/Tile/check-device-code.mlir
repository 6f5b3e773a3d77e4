// Tile code is device code: a function outside every gpu.module that uses
// tiles is an error naming it and its first tile op (tile-check-device-code,
// which cudapy-to-ptx runs first).
// RUN: cudapy-opt %s --split-input-file --tile-check-device-code --verify-diagnostics

// expected-error @below {{@host uses tiles outside every gpu.module; tile code is device code: put it in a gpu.module (as a gpu.func kernel)}}
func.func @host(%a: !tile.array<?xf32, strides [1]>) {
  // expected-note @below {{its first tile op: 'tile.bid'}}
  %i = tile.bid 0
  return
}

// -----

// A tile in the signature alone is enough.
// expected-error @below {{@takes_tile uses tiles outside every gpu.module}}
func.func private @takes_tile(!tile.tile<16xf32>)

// -----

// Kernels in gpu.modules and host code without tiles pass.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 4} {
      %i = tile.bid 0
      gpu.return
    }
  }
  func.func @host(%x: memref<4xf32>) {
    return
  }
}
