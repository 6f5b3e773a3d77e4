// tile-pipeline-loads gives a loop's tensor copies a producer warp of their
// own (warp specialization) where the kernel (tile.warp_specialize) or the
// option (warp-specialize, off by default) asks, the loop is in the
// kernel's first block or a nest of loops there, its one mma accumulates on
// warpgroups (sm_90a) from two of its loads, and what the copies and the
// loops take is the same on every thread.
// The allocations stay before the tile.warp_specialize: S full barriers
// (each expecting the stage's copies) and S empty barriers (each expecting
// one arrival from each of the kernel's warps). The producer runs the
// loop's iterations again: each waits for its stage to be free, at the
// parity opposite its round's (parity 1 of a fresh barrier has completed:
// the first round waits for nothing), then starts its copies. The consumer
// region takes the tiles made before the loop (the accumulator), the loop
// and the rest of the kernel: each iteration waits for its stage's copies,
// multiplies with its wgmmas left in flight and then releases the stage
// the previous iteration read (from the second iteration on; the last
// after the loop's wait): no CTA barrier, no copy.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads=warp-specialize=true | FileCheck %s
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: gpu.func @matmul
// CHECK: %[[I:.*]] = tile.bid 0
// CHECK: %[[VA:.*]] = tile.make_view %{{.*}} -> !tile.view<128x64
// CHECK: %[[VB:.*]] = tile.make_view %{{.*}} -> !tile.view<64x128
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT: tile.constant
// CHECK: %[[FULL:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: %[[EMPTY:.*]] = tile.alloc_barriers {arrivals = 8 : i64} : !tile.barriers<4>
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x128x64xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x64x128xf16>
// CHECK: tile.warp_specialize producer_warps = 1 {
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %{{.*}} step %[[C1]] iter_args(%[[S:.*]] = %{{.*}}, %[[P:.*]] = %[[FALSE]]) -> (index, i1) {
// CHECK-NEXT: %[[FREE:.*]] = arith.xori %[[P]], %[[TRUE]] : i1
// CHECK-NEXT: tile.barrier_wait %[[EMPTY]][%[[S]]], %[[FREE]] : !tile.barriers<4>
// CHECK-NEXT: %[[KT:.*]] = tile.from_scalar %[[K]] : index -> !tile.tile<si32>
// CHECK-NEXT: tile.async_copy %[[VA]][%[[I]], %[[KT]]], %[[A]][%[[S]]] barrier %[[FULL]][%[[S]]]
// CHECK-NEXT: tile.async_copy %[[VB]][%[[KT]], %[[I]]], %[[B]][%[[S]]] barrier %[[FULL]][%[[S]]]
// CHECK: arith.xori %[[P]], %{{.*}} : i1
// CHECK: scf.yield
// CHECK: } consumer {
// CHECK-NEXT: %[[ZERO:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<128x128xf32>
// CHECK: scf.if
// CHECK: scf.for %[[CK:.*]] = %[[C0]] to %{{.*}} step %[[C1]] iter_args(%{{.*}} = %[[ZERO]], %[[CS:.*]] = %{{.*}}, %[[CP:.*]] = %{{.*}}) -> (!tile.tile<128x128xf32>, index, i1) {
// CHECK-NEXT: tile.barrier_wait %[[FULL]][%[[CS]]], %[[CP]] : !tile.barriers<4>
// CHECK-NEXT: tile.shared_mma %[[A]][%[[CS]]], %[[B]][%[[CS]]], %{{.*}} {pending = 1 : i64}
// CHECK-NEXT: %[[LATER:.*]] = arith.cmpi ne, %[[CK]], %[[C0]] : index
// CHECK: %[[PREV:.*]] = arith.select
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT: tile.barrier_arrive %[[EMPTY]][%[[PREV]]] : !tile.barriers<4>
// CHECK-NEXT: }
// CHECK-NOT: gpu.barrier
// CHECK-NOT: tile.async_copy
// CHECK: scf.yield
// CHECK: tile.mma_wait
// CHECK: tile.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// OFF-LABEL: gpu.func @matmul
// OFF-NOT: tile.warp_specialize producer_warps
// OFF: tile.barrier_wait
// OFF-NOT: tile.warp_specialize producer_warps
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
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
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Not specialized: the kernel says no (tile.warp_specialize = false); the
// loop in a branch; the copies' row index computed from a tile the kernel
// loads (not the same on every thread); two mmas in the loop; operands
// converted after their loads (no stage the warpgroup mma reads: its
// consumers would never release the stages); sm_90 without `a`
// (mma.sync). Each keeps its tensor copies in its own warps.
// CHECK-LABEL: gpu.func @declined
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK-LABEL: gpu.func @in_branch
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK-LABEL: gpu.func @loaded_index
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK-LABEL: gpu.func @two_mmas
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK-LABEL: gpu.func @converted
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK: tile.convert
// CHECK-NOT: tile.warp_specialize producer_warps
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @declined(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                     %n: index) kernel attributes {tile.warp_specialize = false} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
  gpu.func @in_branch(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                      %n: index, %go: i1) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %go {
      %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
        scf.yield %next : !tile.tile<64x64xf32>
      }
      %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    }
    gpu.return
  }
  gpu.func @loaded_index(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                         %rows: !tile.array<?xsi32, strides [1]>, %n: index) kernel {
    %vr = tile.make_view %rows : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>, padding zero>
    %c0i = tile.constant dense<0> : !tile.tile<si32>
    %r = tile.load %vr[%c0i] : !tile.view<16, !tile.array<?xsi32, strides [1]>, padding zero>
    %i = tile.reduce max %r axes [0] : !tile.tile<16xsi32> -> !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
  gpu.func @two_mmas(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                     %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %once = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      %next = tile.mma %x, %y, %once : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
  gpu.func @converted(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                      %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x16 = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y16 = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %x = tile.convert %x16 : !tile.tile<64x64xf16> -> !tile.tile<64x64xbf16>
      %y = tile.convert %y16 : !tile.tile<64x64xf16> -> !tile.tile<64x64xbf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90 (PTX ISA 8.0: tensor copies) multiplies on mma.sync: not
// specialized.
// CHECK-LABEL: gpu.func @sm_90
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.barrier_wait
// CHECK-NOT: tile.warp_specialize producer_warps
gpu.module @m90 [#nvvm.target<chip = "sm_90", features = "+ptx80">] attributes {target.chip = "sm_90"} {
  gpu.func @sm_90(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                  %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
}

// -----

// By default only a kernel that asks (tile.warp_specialize = true). A
// persistent kernel's loop over its tiles around the loop over K: the
// barriers and stages are made once, before the nest; the producer runs
// the nest again (the tile's row index, uniform, computed in its loop
// over the tiles); both sides carry the stage and its phase through the
// outer loop into the inner one and back out; the consumers release the
// last stage of each tile after the wait for its last wgmmas, before the
// tile's store.
// CHECK-LABEL: gpu.func @persistent
// OFF-LABEL: gpu.func @persistent
// OFF: tile.warp_specialize producer_warps = 1 {
// CHECK: %[[FULL:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: %[[EMPTY:.*]] = tile.alloc_barriers {arrivals = 4 : i64} : !tile.barriers<4>
// CHECK: tile.warp_specialize producer_warps = 1 {
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OS:.*]] = %{{.*}}, %[[OP:.*]] = %{{.*}}) -> (index, i1) {
// CHECK-NEXT: %[[ROW:.*]] = tile.from_scalar %[[T]] : index -> !tile.tile<si32>
// CHECK-NEXT: %[[IN:.*]]:2 = scf.for %{{.*}} iter_args(%[[S:.*]] = %[[OS]], %[[P:.*]] = %[[OP]]) -> (index, i1) {
// CHECK: tile.barrier_wait %[[EMPTY]][%[[S]]]
// CHECK: tile.async_copy %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}}[%[[S]]] barrier %[[FULL]][%[[S]]]
// CHECK: scf.yield
// CHECK: scf.yield %[[IN]]#0, %[[IN]]#1 : index, i1
// CHECK: } consumer {
// CHECK: scf.for %{{.*}} iter_args(%[[CS:.*]] = %{{.*}}, %[[CP:.*]] = %{{.*}}) -> (index, i1) {
// CHECK: %[[R:.*]]:3 = scf.if
// CHECK-NEXT: %[[K:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[CS]], %{{.*}} = %[[CP]])
// CHECK: tile.barrier_wait %[[FULL]]
// CHECK: tile.barrier_arrive %[[EMPTY]]
// CHECK: tile.mma_wait %[[K]]#0
// CHECK-NEXT: %[[WRAPS:.*]] = arith.cmpi eq, %[[K]]#1, %{{.*}} : index
// CHECK: %[[LAST:.*]] = arith.select %[[WRAPS]]
// CHECK-NEXT: tile.barrier_arrive %[[EMPTY]][%[[LAST]]] : !tile.barriers<4>
// CHECK: } else {
// CHECK: tile.store
// CHECK-NEXT: scf.yield %[[R]]#1, %[[R]]#2 : index, i1
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @persistent(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                       %c: !tile.array<?x?xf32, strides [?, 1]>, %tiles: index, %n: index) kernel attributes {tile.warp_specialize = true} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %first = tile.bid 0
    %start = tile.to_scalar %first : !tile.tile<si32> -> index
    %blocks = tile.num_blocks 0
    %stride = tile.to_scalar %blocks : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    scf.for %t = %start to %tiles step %stride {
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
        scf.yield %next : !tile.tile<64x64xf32>
      }
      tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    }
    gpu.return
  }
}

// -----

// A specialized kernel's producer stages share shared memory with nothing,
// so room stays for its store of a 16-bit tile (which reaches the store
// through shared memory: 128 x 256 x 2 bytes and 16 bytes a row): 3 stages
// of 48 KiB, where the float32 store above leaves 4. Unspecialized, the
// store's scratch shares the stages' memory after the loop: 4 stages.
// OFF-LABEL: gpu.func @f16_out
// OFF: tile.alloc_shared : !tile.shared<4x128x64xf16>
// CHECK-LABEL: gpu.func @f16_out
// CHECK: tile.alloc_shared : !tile.shared<3x128x64xf16>
// CHECK: tile.alloc_shared : !tile.shared<3x64x256xf16>
// CHECK: tile.warp_specialize producer_warps = 1
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @f16_out(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                    %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                    %c: !tile.array<?x?xf16, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
    tile.store %out, %vc[%i, %i] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A producer warp runs the nest again as loops of `for`: a nest with a
// `while` (the loop over tiles written as one) is not specialized; its
// copies are tensor copies all the same, on the consumers' threads.
// CHECK-LABEL: gpu.func @persistent_while
// CHECK-NOT: tile.warp_specialize producer_warps
// CHECK: tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: scf.while
// CHECK: tile.async_copy {{.*}} barrier
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @persistent_while(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                             %c: !tile.array<?x?xf32, strides [?, 1]>, %tiles: index, %n: index) kernel attributes {tile.warp_specialize = true} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %first = tile.bid 0
    %start = tile.to_scalar %first : !tile.tile<si32> -> index
    %blocks = tile.num_blocks 0
    %stride = tile.to_scalar %blocks : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %end = scf.while (%t = %start) : (index) -> index {
      %more = arith.cmpi slt, %t, %tiles : index
      scf.condition(%more) %t : index
    } do {
    ^bb0(%t: index):
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
        scf.yield %next : !tile.tile<64x64xf32>
      }
      tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
      %after = arith.addi %t, %stride : index
      scf.yield %after : index
    }
    gpu.return
  }
}
