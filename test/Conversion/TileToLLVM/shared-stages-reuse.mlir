// Stages that reuse the memory of buffers used before them (docs/TileLowering.md,
// "Shared memory"): two pipelined loops of tensor copies, 4 stages of 128 x 64
// and 64 x 128 float16 tiles each (131,072 bytes), with the scratch of an
// extract after each, are more than sm_90a's 232,448 bytes one after another,
// so the second loop's stages take the first loop's memory, and the extracts'
// scratch the stages'. The first loop's stages, the first to use their
// memory, outside loops, wait for nothing but the barrier after their
// mbarriers' initialization. The first extract's scratch waits behind a
// barrier for the loop's last wgmma; the second loop's stages behind a proxy
// fence (the threads' reads of the extract's scratch come before the
// copies', the async proxy's) and one barrier: the one after their
// mbarriers' initialization serves, no second one follows.
// RUN: cudapy-compile %s --chip sm_90a -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx

// CHECK-LABEL: .entry two(
// CHECK: mbarrier.init
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: cp.async.bulk.tensor
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: bar.sync 0;
// CHECK: st.shared
// CHECK: mbarrier.init
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NOT: bar.sync
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: cp.async.bulk.tensor
gpu.module @m {
  gpu.func @two(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
               %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
               %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4, tile.num_stages = 4} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %e = tile.extract %acc[%one, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e, %vo[%i, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %acc2 = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%kt, %i] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%i, %kt] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %e2 = tile.extract %acc2[%one, %z] : !tile.tile<128x128xf32> -> !tile.tile<64x64xf32>
    tile.store %e2, %vo[%z, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
