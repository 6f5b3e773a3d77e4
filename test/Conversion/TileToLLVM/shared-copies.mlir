// RUN: cudapy-opt %s --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// A tile whose layout holds copies (4 rows in a layout of 8: warps 2 and 3
// hold warps 0 and 1's elements) goes to shared memory under one test of
// ownership for all of a thread's registers that share it (they differ
// only along the exact dimension), not a branch per register: 8 stores
// under one scf.if, then the barrier and the reads of the other layout.
// CHECK-LABEL: gpu.func @copies
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NOT: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: scf.if
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#copies = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @copies(%a: !tile.array<4x128xf32, strides [128, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<4x128xf32, strides [128, 1]> -> !tile.view<4x128, !tile.array<4x128xf32, strides [128, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<4x128, !tile.array<4x128xf32, strides [128, 1]>> -> !tile.tile<4x128xf32, #copies>
    %y = tile.convert_layout %x : !tile.tile<4x128xf32, #copies> -> !tile.tile<4x128xf32, #rows>
    tile.store %y, %va[%z, %z] : !tile.view<4x128, !tile.array<4x128xf32, strides [128, 1]>> -> !tile.tile<4x128xf32, #rows>
    gpu.return
  }
}
