// A 16-bit tile whose layout conversion moves it through shared memory
// (here a transpose: the load's layout holds runs of rows, the store's runs
// of the columns) goes by `stmatrix ... .x4.trans` from sm_90 on: each
// thread's 8 registers are the four pairs one stmatrix stores transposed,
// into a buffer that holds the result with its columns as rows, which the
// store's layout reads back 8 elements (16 bytes) at a time. The same
// tile on sm_80 (no stmatrix) and a float32 one move element by element.
// An mma accumulator converted to float16 for its store goes by the plain
// `stmatrix` (row layout): its pairs are the rows of the 8 x 8 matrices.
// RUN: cudapy-opt %s --split-input-file --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// CHECK-LABEL: gpu.func @transpose_f16
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NEXT: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
gpu.module @m attributes {target.chip = "sm_90"} {
  gpu.func @transpose_f16(%x: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}, %y: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}) kernel attributes {tile.num_warps = 16} {
    %i = tile.bid 0
    %j = tile.bid 1
    %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
    %t = tile.load %vx[%i, %j] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
    %u = tile.permute %t [1, 0] : !tile.tile<128x32xf16> -> !tile.tile<32x128xf16>
    tile.store %u, %vy[%j, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @transpose_f16_sm80
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK-LABEL: gpu.func @transpose_f32
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @transpose_f16_sm80(%x: !tile.array<?x?xf16, strides [?, 1]>, %y: !tile.array<?x?xf16, strides [?, 1]>) kernel attributes {tile.num_warps = 16} {
    %i = tile.bid 0
    %j = tile.bid 1
    %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
    %t = tile.load %vx[%i, %j] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
    %u = tile.permute %t [1, 0] : !tile.tile<128x32xf16> -> !tile.tile<32x128xf16>
    tile.store %u, %vy[%j, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}
gpu.module @n attributes {target.chip = "sm_90"} {
  gpu.func @transpose_f32(%x: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 16} {
    %i = tile.bid 0
    %j = tile.bid 1
    %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>>
    %vy = tile.make_view %y : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.load %vx[%i, %j] : !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>>
    %u = tile.permute %t [1, 0] : !tile.tile<128x32xf32> -> !tile.tile<32x128xf32>
    tile.store %u, %vy[%j, %i] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @accumulator_f16
// CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
gpu.module @a attributes {target.chip = "sm_90"} {
  gpu.func @accumulator_f16(%x: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}, %y: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}, %z: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vz = tile.make_view %z : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %a = tile.load %vx[%i, %i] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
    %b = tile.load %vy[%i, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>>
    %c = tile.mma %a, %b, %zero : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
    %h = tile.convert %c : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %h, %vz[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}
