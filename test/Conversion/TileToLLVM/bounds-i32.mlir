// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// A load's and a store's bounds checks compare each register's offset
// with the thread's room along each dimension: the extent less the
// thread's first index, in i64 clamped to i32 where the tile's start is a
// runtime value (its rows, at block index * 4), in i32 alone where the
// start is a constant in [0, 2^30) (its columns, from 0): no first index
// there overflows i32, and none lies before the array.

// CHECK-LABEL: gpu.func @rows
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i32, %[[COLS:[^:]*]]: i32, %{{.*}}: i64)
// CHECK: %[[R64:.*]] = arith.extsi %[[ROWS]] : i32 to i64
// CHECK: %[[ROOM:.*]] = arith.subi %[[R64]], %{{.*}} : i64
// CHECK: arith.maxsi %[[ROOM]], %{{.*}} : i64
// CHECK: arith.minsi
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK-NOT: arith.trunci
// CHECK: arith.subi %[[COLS]], %{{.*}} : i32
// CHECK: gpu.return
gpu.module @m {
  gpu.func @rows(%x: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.load %v[%i, %zero] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %t, %v[%i, %zero] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
