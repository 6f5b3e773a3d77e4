// A tile loop whose loads tile-pipeline-loads starts an iteration ahead (a
// column sum over row tiles) reaches LLVM IR as a loop that LLVM may not
// unroll at run time: the scf.for's llvm.loop_annotation goes through
// scf-to-cf and cudapy-loop-annotations to the back edge's !llvm.loop. The
// unrolled loop would start a second iteration's loads as well (ptxas then
// hoists both), beyond the registers the pass chose its depth within.

// RUN: cudapy-compile %s --chip sm_90a --emit=llvm --no-cache -o - | FileCheck %s
// RUN: %if ptxas %{ cudapy-compile %s --chip sm_90a --no-cache -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// CHECK-LABEL: define ptx_kernel void @column_sum(
// CHECK: br {{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// CHECK: ![[LOOP]] = distinct !{![[LOOP]], {{.*}}![[RUNTIME:[0-9]+]]{{.*}}}
// CHECK: ![[RUNTIME]] = !{!"llvm.loop.unroll.runtime.disable"{{.*}}}
module attributes {gpu.container_module} {
  gpu.module @sums {
    gpu.func @column_sum(%a: !tile.array<?x?xf32, strides [?, 1]>,
                         %y: !tile.array<?xf32, strides [1]>) kernel
        attributes {tile.num_warps = 4} {
      %j = tile.bid 0
      %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
      %vy = tile.make_view %y : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
      %tiles = tile.num_tiles %va, 0 : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
      %n = tile.to_scalar %tiles : !tile.tile<si32> -> index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = tile.constant dense<0.0> : !tile.tile<32x128xf32>
      %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x128xf32>) {
        %it = tile.from_scalar %i : index -> !tile.tile<si32>
        %x = tile.load %va[%it, %j] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
        %next = tile.add %sum, %x : !tile.tile<32x128xf32>
        scf.yield %next : !tile.tile<32x128xf32>
      }
      %s = tile.reduce sum %acc axes [0] : !tile.tile<32x128xf32> -> !tile.tile<128xf32>
      tile.store %s, %vy[%j] : !tile.view<128, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
  }
}
