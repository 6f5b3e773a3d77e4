// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// convert-tile-to-llvm finds the tile indices that lie in [0, num_tiles +
// c) of their view (a loop's counter from a bound >= 0 up to the number of
// tiles of the same array with the same step, plus a constant c: what
// tile-pipeline-loads loads ahead) and keeps those dimensions' bounds in
// i32: the extent less index * step, exact in i32 while c * step plus the
// tile's extent is at most 2^30, with nothing before the array. Loops with
// step 1 whose bounds hold i32 values count in i32.

// The load through x's view counts its columns in i32; the store through
// y's view (whose tiles the loop does not count) clamps an i64 room.
// CHECK-LABEL: gpu.func @over_tiles
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %[[XCOLS:[^:]*]]: i32, %{{.*}}: i64, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %[[YCOLS:[^:]*]]: i32, %{{.*}}: i64)
// CHECK: scf.for %[[J:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: %[[JI:.*]] = arith.index_cast %[[J]] : i32 to index
// CHECK: %[[JT:.*]] = arith.index_cast %[[JI]] : index to i32
// CHECK: %[[START:.*]] = arith.muli %[[JT]], %{{.*}} : i32
// CHECK: %[[ROOM:.*]] = arith.subi %[[XCOLS]], %[[START]] : i32
// CHECK: arith.subi %[[ROOM]], %{{.*}} : i32
// CHECK: %[[Y64:.*]] = arith.extsi %[[YCOLS]] : i32 to i64
// CHECK: %[[YROOM:.*]] = arith.subi %[[Y64]], %{{.*}} : i64
// CHECK: arith.maxsi %[[YROOM]], %{{.*}} : i64
gpu.module @m {
  gpu.func @over_tiles(%x: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %v = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %w = tile.make_view %y : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %n = tile.num_tiles %v, 1 : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = tile.to_scalar %n : !tile.tile<si32> -> index
    scf.for %j = %c0 to %ub step %c1 {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %t = tile.load %v[%i, %jt] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %t, %w[%i, %jt] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    }
    gpu.return
  }
}

// A tile one step ahead of the loop's (another view of the same array, a
// 1-D view's tiles along its one dimension, the loop from the block's
// index by the grid's blocks) keeps i32; 2^23 steps of 128 ahead (c *
// step = 2^30) do not.
// CHECK-LABEL: gpu.func @ahead
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %[[N:[^:]*]]: i32)
// CHECK: scf.for %[[J:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[NEXT:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: %[[NT:.*]] = arith.index_cast %[[NEXT]] : index to i32
// CHECK: %[[START:.*]] = arith.muli %[[NT]], %{{.*}} : i32
// CHECK: arith.subi %[[N]], %[[START]] : i32
// CHECK: arith.addi %{{.*}}, %[[J]] : index
// CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: arith.subi %[[N64]], %{{.*}} : i64
// CHECK: arith.maxsi
gpu.module @m2 {
  gpu.func @ahead(%x: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 4} {
    %b = tile.bid 0
    %g = tile.num_blocks 0
    %v = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %u = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>, padding zero>
    %n = tile.num_tiles %v, 0 : !tile.view<128, !tile.array<?xf32, strides [1]>>
    %c1 = arith.constant 1 : index
    %far = arith.constant 8388608 : index
    %lb = tile.to_scalar %b : !tile.tile<si32> -> index
    %step = tile.to_scalar %g : !tile.tile<si32> -> index
    %ub = tile.to_scalar %n : !tile.tile<si32> -> index
    scf.for %j = %lb to %ub step %step {
      %next = arith.addi %j, %c1 : index
      %nt = tile.from_scalar %next : index -> !tile.tile<si32>
      %t = tile.load %u[%nt] : !tile.view<128, !tile.array<?xf32, strides [1]>, padding zero>
      %k = arith.addi %far, %j : index
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      tile.store %t, %v[%kt] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    }
    gpu.return
  }
}

// Not known: a loop from -1, a loop over the tiles of a view with another
// step, and an index the input claims is within (the pass finds its own).
// CHECK-LABEL: gpu.func @unknown
// CHECK: scf.for %{{.*}} : i32 {
// CHECK: arith.maxsi
// CHECK: scf.for %{{.*}} : i32 {
// CHECK: arith.maxsi
// CHECK: }
// CHECK: arith.maxsi
// CHECK: gpu.return
gpu.module @m3 {
  gpu.func @unknown(%x: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 4} {
    %b = tile.bid 0
    %v = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %half = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>, steps [64]>
    %n = tile.num_tiles %v, 0 : !tile.view<128, !tile.array<?xf32, strides [1]>>
    %m = tile.num_tiles %half, 0 : !tile.view<128, !tile.array<?xf32, strides [1]>, steps [64]>
    %cm1 = arith.constant -1 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = tile.to_scalar %n : !tile.tile<si32> -> index
    %ub2 = tile.to_scalar %m : !tile.tile<si32> -> index
    scf.for %j = %cm1 to %ub step %c1 {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %t = tile.load %v[%jt] : !tile.view<128, !tile.array<?xf32, strides [1]>>
      tile.store %t, %v[%jt] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    }
    scf.for %j = %c0 to %ub2 step %c1 {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %t = tile.load %v[%jt] : !tile.view<128, !tile.array<?xf32, strides [1]>>
      tile.store %t, %v[%jt] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    }
    %t = tile.load %v[%b] {tile.within_tiles = array<i64: 0>} : !tile.view<128, !tile.array<?xf32, strides [1]>>
    tile.store %t, %v[%b] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
