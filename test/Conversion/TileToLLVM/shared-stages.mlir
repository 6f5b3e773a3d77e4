// Pipeline stages share shared memory with scratch buffers whose uses do not
// overlap theirs. @mm: four stages of 128 x 64 and 64 x 128 float16 tiles
// (131,072 bytes) and, after the loop, an extract of the 128 x 128 float32
// accumulator (66,048 bytes of scratch) are 197,120 bytes one after
// another, more than sm_80's 166,912; the scratch buffer reuses the stages'
// memory once the loop is done, behind a barrier. (shared-stages-sm90.mlir:
// the same on sm_90a, where a fence orders the async proxy too.)
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80 emit=mlir" | FileCheck %s
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

// CHECK-LABEL: llvm.func @mm(
// CHECK-SAME: cudapy.dynamic_shared_bytes = 131072
gpu.module @m {
  gpu.func @mm(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
    gpu.return
  }
}
