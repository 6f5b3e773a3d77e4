// Scratch buffers share shared memory where that lets an SM hold more blocks
// at once, though the buffers one after another fit the block. @two: two
// extracts of 128 x 64 float32 tiles (at indices known at run time, through
// shared memory) take 33,280 bytes of scratch each;
// one after another (66,560) an sm_80 SM holds two blocks, sharing (33,280)
// four, so they share, and the second first waits at a barrier (the first,
// the first to use that memory, needs none). @uneven: a
// 66,048-byte and a 16,512-byte buffer; sharing would not raise the two
// blocks an SM holds, so each keeps its own memory and no barrier is added.
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80 emit=mlir" | FileCheck %s
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-LABEL: llvm.func @two(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 33280
// CHECK-LABEL: llvm.func @uneven(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 82560
// PTX-LABEL: .entry two(
// PTX-COUNT-3: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-LABEL: .entry uneven(
// PTX-COUNT-2: bar.sync 0;
// PTX-NOT: bar.sync
gpu.module @m {
  gpu.func @two(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %bid = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x0 = tile.load %v[%z, %z] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %e0 = tile.extract %x0[%bid, %z] : !tile.tile<128x64xf32> -> !tile.tile<64x32xf32>
    tile.store %e0, %vo[%z, %z] : !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x1 = tile.load %v[%one, %z] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %e1 = tile.extract %x1[%z, %bid] : !tile.tile<128x64xf32> -> !tile.tile<64x32xf32>
    tile.store %e1, %vo[%one, %z] : !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @uneven(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %bid = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vs = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %vso = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x0 = tile.load %v[%z, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e0 = tile.extract %x0[%bid, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e0, %vo[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x1 = tile.load %vs[%one, %z] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e1 = tile.extract %x1[%z, %bid] : !tile.tile<32x128xf32> -> !tile.tile<16x64xf32>
    tile.store %e1, %vso[%one, %z] : !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
