// convert-tile-to-llvm of a warp-specialized pipeline (tile-pipeline-loads
// makes it on sm_90a). The block holds the kernel's 8 warps and the
// producer's one (288 threads). Before the split every thread runs: thread
// 0 initializes the full barriers (2 copies a phase) and the empty ones (8
// warps' arrivals a phase), then the CTA waits. Then threads below 256
// (the kernel's warps) run the consumer, thread 256 the producer, and the
// producer warp's other threads nothing; the consumers' test is on the
// warp index lane 0 holds (shfl.sync), which ptxas knows is the same across
// a warp (on the thread index it serialized the consumers' wgmmas:
// C7520). The producer's thread waits for a
// free stage and issues its copies itself (no test of thread 0). A
// consumer iteration waits for its stage, multiplies, and each warp
// releases the previous stage through its first lane after bar.warp.sync.
// The consumers' CTA barriers (the column sums' exchange through shared
// memory) are named barrier 1 of their 256 threads: barrier 0 would wait
// for the producer warp until it exits.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads=warp-specialize=true --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// CHECK-LABEL: gpu.func @matmul_column_sums(
// CHECK-SAME: known_block_size = array<i32: 288, 1, 1>
// CHECK: nvvm.mbarrier.init %{{.*}}, %c2_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: nvvm.mbarrier.init %{{.*}}, %c8_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[TID32:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[WARP:.*]] = arith.shrui %[[TID32]], %c5_i32{{.*}} : i32
// CHECK: %[[UNIFORM:.*]], %{{.*}} = gpu.shuffle idx %[[WARP]], %{{.*}}, %{{.*}} : i32
// CHECK: %[[CONSUMES:.*]] = arith.cmpi ult, %[[UNIFORM]], %c8_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[CONSUMES]] {
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: scf.if
// CHECK: nvvm.bar.warp.sync %{{.*}}
// CHECK: scf.if
// CHECK-NEXT: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: gpu.barrier
// CHECK: "wgmma.wait_group.sync.aligned 0;"
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK-NOT: gpu.barrier
// CHECK: %[[PRODUCES:.*]] = arith.cmpi eq, %{{.*}}, %c256_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[PRODUCES]] {
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: gpu.thread_id
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: gpu.thread_id
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @matmul_column_sums(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                            %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                            %c: !tile.array<?xf32, strides [1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %rows = tile.reduce sum %acc axes [0] : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
    tile.store %rows, %vc[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// Written by hand: a producer's thread arriving on a barrier arrives
// itself (no bar.warp.sync, which its exited lanes never reach); its wait
// and its copy are its own.
// CHECK-LABEL: gpu.func @hand_written(
// CHECK-SAME: known_block_size = array<i32: 160, 1, 1>
// CHECK: scf.if
// CHECK: nvvm.bar.warp.sync
// CHECK: nvvm.mbarrier.arrive
// CHECK: %[[PRODUCES:.*]] = arith.cmpi eq, %{{.*}}, %c128_i32 : i32
// CHECK-NEXT: scf.if %[[PRODUCES]] {
// CHECK-NOT: nvvm.bar.warp.sync
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: nvvm.bar.warp.sync
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: nvvm.bar.warp.sync
// CHECK: gpu.return
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @hand_written(%s: index, %phase: i1) kernel attributes {tile.num_warps = 4} {
    %full = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    %empty = tile.alloc_barriers {arrivals = 4} : !tile.barriers<2>
    tile.warp_specialize producer_warps = 1 {
      tile.barrier_wait %empty[%s], %phase : !tile.barriers<2>
      tile.barrier_arrive %full[%s] : !tile.barriers<2>
    } consumer {
      tile.barrier_wait %full[%s], %phase : !tile.barriers<2>
      tile.barrier_arrive %empty[%s] : !tile.barriers<2>
    }
    gpu.return
  }
}
