// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// A tile whose layout holds copies of its elements (the 1 x 128 column sums
// in the 32 x 128 load's layout: the four warps each hold all of them)
// still stores 16-byte vectors where the tile lies inside the array, each
// under its owner's condition (warp 0's), which the vector's four elements
// share; at the edges, element by element, a branch around each store
// under its element's check and its owner's.
// CHECK-LABEL: gpu.func @column_sums
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
gpu.module @m {
  gpu.func @column_sums(%a: !tile.array<?x?xf32, strides [?, 1]>,
                        %s: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vs = tile.make_view %s : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x128, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%z, %i] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %r = tile.reduce sum %x axes [0] keepdims : !tile.tile<32x128xf32> -> !tile.tile<1x128xf32>
    tile.store %r, %vs[%z, %i] : !tile.view<1x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
