// Scratch buffers share shared memory where the kernel's buffers would not
// fit the block otherwise: three extracts of 128 x 128 float32 tiles (at
// indices known at run time, through shared memory) each
// take a 66,048-byte scratch buffer (rows padded by one), 198,144 bytes
// apart, more than sm_80's 166,912; their uses do not overlap, so all three
// sit at offset 0 of the dynamic array. @three: the first extract's buffer,
// the first to use that memory, outside loops, needs no barrier before it;
// each later one first waits at a barrier (for threads still reading the
// one before), then each its own write, barrier and read: five barriers.
// @looped: the same three in a loop's body, where the first one's write
// also follows the last one's reads of the iteration before: each of the
// three waits at a barrier first, six in the body.
// @used_later: the three extracts' tiles are used only at the end, after
// all three: what a buffer's loads read is not its address, so each
// buffer's range still ends at its reads and all three share offset 0
// (following the loaded values kept all three live to the end: 198,144
// bytes, refused).
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80 emit=mlir" | FileCheck %s
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK: llvm.mlir.global external @__tile_dynamic_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-NOT: __tile_shared_scratch
// CHECK-LABEL: llvm.func @three(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 66048
// CHECK-LABEL: llvm.func @looped(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 66048
// CHECK-LABEL: llvm.func @used_later(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 66048
// PTX-LABEL: .entry three(
// PTX-COUNT-5: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-LABEL: .entry looped(
// PTX-COUNT-6: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-LABEL: .entry used_later(
// PTX-COUNT-5: bar.sync 0;
// PTX-NOT: bar.sync
gpu.module @m {
  gpu.func @three(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %bid = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x0 = tile.load %v[%z, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e0 = tile.extract %x0[%bid, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e0, %vo[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x1 = tile.load %v[%one, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e1 = tile.extract %x1[%z, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e1, %vo[%one, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x2 = tile.load %v[%one, %one] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e2 = tile.extract %x2[%bid, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e2, %vo[%one, %one] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @looped(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %bid = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %n step %c1 {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x0 = tile.load %v[%kt, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
      %e0 = tile.extract %x0[%bid, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
      tile.store %e0, %vo[%kt, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
      %x1 = tile.load %v[%kt, %one] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
      %e1 = tile.extract %x1[%z, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
      tile.store %e1, %vo[%kt, %one] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
      %x2 = tile.load %v[%one, %kt] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
      %e2 = tile.extract %x2[%bid, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
      tile.store %e2, %vo[%one, %kt] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    }
    gpu.return
  }
  gpu.func @used_later(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %bid = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x0 = tile.load %v[%z, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e0 = tile.extract %x0[%bid, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    %x1 = tile.load %v[%one, %z] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e1 = tile.extract %x1[%z, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    %x2 = tile.load %v[%one, %one] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %e2 = tile.extract %x2[%bid, %bid] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    %s0 = tile.add %e0, %e1 : !tile.tile<64x64xf32>
    %s1 = tile.add %s0, %e2 : !tile.tile<64x64xf32>
    tile.store %s1, %vo[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
