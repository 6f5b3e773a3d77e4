// RUN: cudapy-opt %s --tile-choose-num-warps --split-input-file | FileCheck %s
// RUN: cudapy-opt %s --tile-choose-num-warps=num-warps=2 --split-input-file | FileCheck %s --check-prefix=FIXED
// RUN: not cudapy-opt %s --tile-choose-num-warps=num-warps=3 --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// tile-choose-num-warps (docs/TileLowering.md, "Choosing the warps"): a
// kernel's own tile.num_warps stays; the option gives the others theirs;
// with the option 0 (the default) the compiler chooses from the tiles.
// BAD: num-warps must be 0 (the compiler chooses), 1, 2, 4, 8, 16 or 32, not 3

// Element-wise: 32 bytes a thread of the largest tile moved (1024 float32
// elements: 4 warps).
// CHECK-LABEL: func.func @vector_add
// CHECK-SAME: tile.num_warps = 4 : i64
// FIXED-LABEL: func.func @vector_add
// FIXED-SAME: tile.num_warps = 2 : i64
func.func @vector_add(%a: !tile.array<?xf32, strides [1]>, %c: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %z = tile.add %x, %x : !tile.tile<1024xf32>
  tile.store %z, %vc[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  return
}

// -----

// Bytes, not elements, for element-wise code: 2048 float16 elements move
// as many bytes as 1024 float32 ones (4 warps).
// CHECK-LABEL: func.func @half_copy
// CHECK-SAME: tile.num_warps = 4 : i64
func.func @half_copy(%a: !tile.array<?xf16, strides [1]>, %c: !tile.array<?xf16, strides [1]>) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf16, strides [1]> -> !tile.view<2048, !tile.array<?xf16, strides [1]>>
  %vc = tile.make_view %c : !tile.array<?xf16, strides [1]> -> !tile.view<2048, !tile.array<?xf16, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<2048, !tile.array<?xf16, strides [1]>>
  tile.store %x, %vc[%i] : !tile.view<2048, !tile.array<?xf16, strides [1]>>
  return
}

// -----

// A kernel that reduces: 32 elements a thread of the largest access (the
// 1 x 2048 row, not its 1 x 1 maximum): 2 warps.
// CHECK-LABEL: func.func @row
// CHECK-SAME: tile.num_warps = 2 : i64
func.func @row(%a: !tile.array<?x?xf16, strides [?, 1]>, %m: !tile.array<?x?xf16, strides [?, 1]>) {
  %i = tile.bid 0
  %z = tile.constant dense<0> : !tile.tile<si32>
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x2048, !tile.array<?x?xf16, strides [?, 1]>>
  %vm = tile.make_view %m : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x1, !tile.array<?x?xf16, strides [?, 1]>>
  %x = tile.load %va[%i, %z] : !tile.view<1x2048, !tile.array<?x?xf16, strides [?, 1]>>
  %r = tile.reduce max %x axes [1] keepdims : !tile.tile<1x2048xf16> -> !tile.tile<1x1xf16>
  tile.store %r, %vm[%i, %z] : !tile.view<1x1, !tile.array<?x?xf16, strides [?, 1]>>
  return
}

// -----

// Small tiles take one warp; large ones no more than 16.
// CHECK-LABEL: func.func @small
// CHECK-SAME: tile.num_warps = 1 : i64
// CHECK-LABEL: func.func @large
// CHECK-SAME: tile.num_warps = 16 : i64
func.func @small(%a: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
  tile.store %x, %va[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
  return
}
func.func @large(%a: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<16384, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<16384, !tile.array<?xf32, strides [1]>>
  tile.store %x, %va[%i] : !tile.view<16384, !tile.array<?xf32, strides [1]>>
  return
}

// -----

// Matrix products: 8 warps from a 128 x 128 result, 4 below; 8 where the
// products of one block (a loop's body) make more than 128 x 128 elements
// (128 registers a thread of 4 warps: attention's backward pass) and each
// has a multiple of 128 rows (two warpgroups' wgmma), 4 at 128 x 128 (its
// forward pass) or with 64 rows; a kernel's own count stays; a function
// without tiles gets none.
// CHECK-LABEL: func.func @big_product
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @small_product
// CHECK-SAME: tile.num_warps = 4 : i64
// CHECK-LABEL: func.func @many_products
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @two_products
// CHECK-SAME: tile.num_warps = 4 : i64
// CHECK-LABEL: func.func @short_products
// CHECK-SAME: tile.num_warps = 4 : i64
// CHECK-LABEL: func.func @fixed
// CHECK-SAME: tile.num_warps = 16 : i64
// FIXED-LABEL: func.func @fixed
// FIXED-SAME: tile.num_warps = 16 : i64
// CHECK-LABEL: func.func @no_tiles
// CHECK-NOT: tile.num_warps
func.func @big_product(%a: !tile.tile<128x32xf16>, %b: !tile.tile<32x128xf16>, %c: !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32> {
  %r = tile.mma %a, %b, %c : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
  return %r : !tile.tile<128x128xf32>
}
func.func @small_product(%a: !tile.tile<64x32xf16>, %b: !tile.tile<32x64xf16>) -> !tile.tile<64x64xf16> {
  %r = tile.matmul %a, %b : !tile.tile<64x32xf16>, !tile.tile<32x64xf16> -> !tile.tile<64x64xf16>
  return %r : !tile.tile<64x64xf16>
}
func.func @many_products(%k: !tile.tile<128x64xf16>, %q: !tile.tile<64x64xf16>, %n: index) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dk = %zero, %dv = %zero) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xf32>) {
    %s = tile.mma %k, %q, %zero : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    %p = tile.convert %s : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %dp = tile.mma %k, %q, %zero : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    %ds = tile.convert %dp : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %dv2 = tile.mma %p, %q, %dv : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    %dk2 = tile.mma %ds, %q, %dk : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    scf.yield %dk2, %dv2 : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
  }
  return %r#0, %r#1 : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
}
func.func @two_products(%q: !tile.tile<128x64xf16>, %k: !tile.tile<64x64xf16>, %n: index) -> !tile.tile<128x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<128x64xf32>) {
    %s = tile.mma %q, %k, %zero : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    %p = tile.convert %s : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %next = tile.mma %q, %k, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
    scf.yield %next : !tile.tile<128x64xf32>
  }
  return %r : !tile.tile<128x64xf32>
}
func.func @short_products(%q: !tile.tile<64x128xf16>, %k: !tile.tile<128x128xf16>, %n: index) -> !tile.tile<64x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x128xf32>) {
    %s = tile.mma %q, %k, %zero : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32>
    %dp = tile.mma %q, %k, %zero : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32>
    %ds = tile.mul %s, %dp : !tile.tile<64x128xf32>
    %dsh = tile.convert %ds : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    %next = tile.mma %dsh, %k, %acc : !tile.tile<64x128xf16>, !tile.tile<128x128xf16>, !tile.tile<64x128xf32>
    scf.yield %next : !tile.tile<64x128xf32>
  }
  return %r : !tile.tile<64x128xf32>
}
func.func @fixed(%a: !tile.array<?xf32, strides [1]>) attributes {tile.num_warps = 16 : i64} {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
  tile.store %x, %va[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
  return
}
func.func @no_tiles(%x: f32) -> f32 {
  return %x : f32
}

// -----

// A small grid (a JIT's tile.grid_blocks and tile.multiprocessors): a
// column sum's 64 blocks of 8 x 256 on 132 SMs would hold 2 warps an SM at
// its tiles' 2 warps; 16 warps an SM take 16 a block (each thread keeping
// 4 of the 2048 elements). A grid that fills the device keeps the tiles'
// choice; a small tile caps the warps (256 elements: 2); products keep
// theirs.
// CHECK-LABEL: func.func @small_grid
// CHECK-SAME: tile.num_warps = 16 : i64
// CHECK-LABEL: func.func @full_grid
// CHECK-SAME: tile.num_warps = 2 : i64
// CHECK-LABEL: func.func @half_full_grid
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @small_tile
// CHECK-SAME: tile.num_warps = 2 : i64
// CHECK-LABEL: func.func @small_grid_product
// CHECK-SAME: tile.num_warps = 4 : i64
func.func @small_grid(%a: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?xf32, strides [1]>) attributes {tile.grid_blocks = 64 : i64, tile.multiprocessors = 132 : i64} {
  %j = tile.bid 0
  %z = tile.constant dense<0> : !tile.tile<si32>
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %vy = tile.make_view %y : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%z, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %s = tile.reduce sum %x axes [0] : !tile.tile<8x256xf32> -> !tile.tile<256xf32>
  tile.store %s, %vy[%j] : !tile.view<256, !tile.array<?xf32, strides [1]>>
  return
}
func.func @full_grid(%a: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?xf32, strides [1]>) attributes {tile.grid_blocks = 8192 : i64, tile.multiprocessors = 132 : i64} {
  %j = tile.bid 0
  %z = tile.constant dense<0> : !tile.tile<si32>
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %vy = tile.make_view %y : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%z, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %s = tile.reduce sum %x axes [0] : !tile.tile<8x256xf32> -> !tile.tile<256xf32>
  tile.store %s, %vy[%j] : !tile.view<256, !tile.array<?xf32, strides [1]>>
  return
}
func.func @half_full_grid(%a: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?xf32, strides [1]>) attributes {tile.grid_blocks = 264 : i64, tile.multiprocessors = 132 : i64} {
  %j = tile.bid 0
  %z = tile.constant dense<0> : !tile.tile<si32>
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %vy = tile.make_view %y : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%z, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %s = tile.reduce sum %x axes [0] : !tile.tile<8x256xf32> -> !tile.tile<256xf32>
  tile.store %s, %vy[%j] : !tile.view<256, !tile.array<?xf32, strides [1]>>
  return
}
func.func @small_tile(%a: !tile.array<?xf32, strides [1]>) attributes {tile.grid_blocks = 1 : i64, tile.multiprocessors = 132 : i64} {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
  tile.store %x, %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
  return
}
func.func @small_grid_product(%a: !tile.tile<64x32xf16>, %b: !tile.tile<32x64xf16>) -> !tile.tile<64x64xf16> attributes {tile.grid_blocks = 1 : i64, tile.multiprocessors = 132 : i64} {
  %r = tile.matmul %a, %b : !tile.tile<64x32xf16>, !tile.tile<32x64xf16> -> !tile.tile<64x64xf16>
  return %r : !tile.tile<64x64xf16>
}

// -----

// On sm_90a a warpgroup mma takes 64 rows of its result at a time, so 8
// warps (two warpgroups) need products of a multiple of 128 rows: a
// 64 x 256 product gets 4 (its wgmmas) where other chips, whose mma.sync
// splits the columns among warps too, keep 8. A larger product keeps 8
// (64 x 512: 256 float32 registers a thread at 4 warps), as does a 128 x
// 256 one beside a product of 64 rows.
// CHECK-LABEL: func.func @short_wide_sm90a
// CHECK-SAME: tile.num_warps = 4 : i64
// CHECK-LABEL: func.func @tall_wide_sm90a
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @wider_sm90a
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @tall_and_short_sm90a
// CHECK-SAME: tile.num_warps = 8 : i64
// CHECK-LABEL: func.func @short_wide_sm80
// CHECK-SAME: tile.num_warps = 8 : i64
gpu.module @m90 attributes {target.chip = "sm_90a"} {
  func.func @short_wide_sm90a(%a: !tile.tile<64x64xf16>, %b: !tile.tile<64x256xf16>, %c: !tile.tile<64x256xf32>) -> !tile.tile<64x256xf32> {
    %r = tile.mma %a, %b, %c : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32>
    return %r : !tile.tile<64x256xf32>
  }
  func.func @tall_wide_sm90a(%a: !tile.tile<128x64xf16>, %b: !tile.tile<64x256xf16>, %c: !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> {
    %r = tile.mma %a, %b, %c : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
    return %r : !tile.tile<128x256xf32>
  }
  func.func @wider_sm90a(%a: !tile.tile<64x64xf16>, %b: !tile.tile<64x512xf16>, %c: !tile.tile<64x512xf32>) -> !tile.tile<64x512xf32> {
    %r = tile.mma %a, %b, %c : !tile.tile<64x64xf16>, !tile.tile<64x512xf16>, !tile.tile<64x512xf32>
    return %r : !tile.tile<64x512xf32>
  }
  func.func @tall_and_short_sm90a(%a: !tile.tile<128x64xf16>, %b: !tile.tile<64x256xf16>, %c: !tile.tile<128x256xf32>, %d: !tile.tile<64x64xf16>, %e: !tile.tile<64x64xf32>) -> (!tile.tile<128x256xf32>, !tile.tile<64x64xf32>) {
    %r = tile.mma %a, %b, %c : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
    %s = tile.mma %d, %d, %e : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
    return %r, %s : !tile.tile<128x256xf32>, !tile.tile<64x64xf32>
  }
}
gpu.module @m80 attributes {target.chip = "sm_80"} {
  func.func @short_wide_sm80(%a: !tile.tile<64x64xf16>, %b: !tile.tile<64x256xf16>, %c: !tile.tile<64x256xf32>) -> !tile.tile<64x256xf32> {
    %r = tile.mma %a, %b, %c : !tile.tile<64x64xf16>, !tile.tile<64x256xf16>, !tile.tile<64x256xf32>
    return %r : !tile.tile<64x256xf32>
  }
}
