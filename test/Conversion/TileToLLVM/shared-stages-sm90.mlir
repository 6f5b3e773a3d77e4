// Pipeline stages that share memory with scratch buffers on sm_90a (see
// shared-stages.mlir): four stages of tensor copies of 128 x 64 and 64 x 256
// float16 tiles (196,608 bytes) and the scratch of an extract of the
// 128 x 256 float32 accumulator after the loop (131,584) exceed the
// block's 232,448 one after another. Sharing, the extract's buffer waits
// behind a barrier for the stages' last use; the stages, the first to use
// that memory, outside loops, wait for nothing but the barrier after their
// mbarriers' initialization (stages used after another buffer wait behind
// a proxy fence and a barrier: shared-stages-reuse.mlir).
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90a emit=mlir" | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90a -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// sm_90 at its first PTX ISA (7.8) has neither tensor copies nor wgmma, nor
// the proxy fence: its cp.async stages share behind the barrier alone.
// RUN: cudapy-compile %s --chip sm_90 -o %t.sm_90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm_90.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm_90.ptx

// CHECK-LABEL: llvm.func @mm(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 197632
// PTX: mbarrier.init
// PTX: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: cp.async.bulk.tensor
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX: bar.sync 0;
// PTX: st.shared
// SM90-NOT: fence.proxy
// SM90: cp.async.cg.shared.global
// SM90-NOT: fence.proxy
gpu.module @m {
  gpu.func @mm(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
               %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
               %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4, tile.num_stages = 4} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %e = tile.extract %acc[%one, %z] : !tile.tile<128x256xf32> -> !tile.tile<64x64xf32>
    tile.store %e, %vo[%i, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
