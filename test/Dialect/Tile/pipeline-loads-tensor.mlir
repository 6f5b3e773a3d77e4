// tile-pipeline-loads with tensor copies: on sm_90 and later (PTX ISA 8.0
// on), where every pipelined load reads a view of a kernel argument whose
// facts promise a base aligned to 16 bytes and strides of multiples of 16
// bytes, the copies are tensor copies. One tile.alloc_barriers of S
// barriers, each expecting the loop's copies of a stage (2); the copies
// name the barrier of their stage and are in no group (no
// tile.async_commit); each iteration waits for its stage's barrier at the
// parity the loop carries (false at first), which flips where the stage it
// reads wraps, then (mma.sync) for the CTA before its copies refill the
// stage the previous iteration read; with one warpgroup's wgmmas in flight
// the copies follow its wait for them and no CTA barrier is needed. Loads
// whose arrays lack the facts keep cp.async.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads | FileCheck %s
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads=tensor-copies=false | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: gpu.func @matmul
// CHECK: %[[BARS:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x64xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x64x64xf16>
// CHECK: scf.if
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[A]][%[[S0:[a-z0-9_]+]]] barrier %[[BARS]][%[[S0]]]
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[B]][%[[S0]]] barrier %[[BARS]][%[[S0]]]
// CHECK-NOT: tile.async_commit
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[STAGE:.*]] = %[[ZERO]], %[[NEXT:.*]] = %[[THREE]], %[[PHASE:.*]] = %[[FALSE]]) -> (!tile.tile<64x64xf32>, index, index, i1)
// CHECK-NEXT: tile.barrier_wait %[[BARS]][%[[STAGE]]], %[[PHASE]] : !tile.barriers<4>
// CHECK-NOT: gpu.barrier
// CHECK: tile.shared_mma {{.*}} {pending = 1 : i64}
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: tile.async_copy %{{.*}}, %[[A]][%[[NEXT]]] barrier %[[BARS]][%[[NEXT]]]
// CHECK: tile.async_copy %{{.*}}, %[[B]][%[[NEXT]]] barrier %[[BARS]][%[[NEXT]]]
// CHECK: %[[S1:.*]] = arith.addi %[[STAGE]], %[[ONE]] : index
// CHECK: %[[W1:.*]] = arith.cmpi eq, %[[S1]], %[[FOUR]] : index
// CHECK: %[[S2:.*]] = arith.select %[[W1]], %[[ZERO]], %[[S1]] : index
// CHECK: %[[N1:.*]] = arith.addi %[[NEXT]], %[[ONE]] : index
// CHECK: %[[W2:.*]] = arith.cmpi eq, %[[N1]], %[[FOUR]] : index
// CHECK: %[[N2:.*]] = arith.select %[[W2]], %[[ZERO]], %[[N1]] : index
// CHECK: %[[P2:.*]] = arith.xori %[[PHASE]], %[[W1]] : i1
// CHECK: scf.yield %{{.*}}, %[[S2]], %[[N2]], %[[P2]] : !tile.tile<64x64xf32>, index, index, i1
// CHECK-NOT: tile.async_wait
// OFF-LABEL: gpu.func @matmul
// OFF-NOT: barrier
// OFF: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Where a fact is missing or too weak, cp.async: B's base aligned to 8
// bytes; B's row stride a multiple of 4 elements (8 bytes); B's array a
// value the kernel makes (no tensor map of it reaches the kernel); the
// chip without the accelerator (sm_80).
// CHECK-LABEL: gpu.func @aligned_8
// CHECK-NOT: barrier
// CHECK: tile.async_commit
// CHECK-LABEL: gpu.func @stride_4
// CHECK-NOT: barrier
// CHECK: tile.async_commit
// CHECK-LABEL: gpu.func @made_array
// CHECK-NOT: barrier
// CHECK: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @aligned_8(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 8 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                      %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
  gpu.func @stride_4(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                     %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 4, 1>},
                     %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
  gpu.func @made_array(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                       %p: !tile.tile<!tile.ptr<f16>>, %m: !tile.tile<si32>, %ld: !tile.tile<si64>, %n: index) kernel {
    %i = tile.bid 0
    %b = tile.make_array %p shape [%m, %m] strides [%ld] : !tile.tile<!tile.ptr<f16>> -> !tile.array<?x?xf16, strides [?, 1]>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    gpu.return
  }
}

// -----

// A loop in another loop (a persistent kernel's tiles, say): the barriers
// are initialized once, before the nest, and the outer loop carries the
// stages and the phase from one run of the inner loop to the next (the
// prologue fills the stages from the carried one on; the inner loop starts
// from what the outer carries; the outer yields what it leaves). A CTA
// barrier goes before the prologue (the previous tile's reads of the
// stages).
// CHECK-LABEL: gpu.func @nested
// CHECK: %[[BARS:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %{{.*}}:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[STAGE:.*]] = %{{.*}}, %[[NEXT:.*]] = %[[THREE]], %[[PHASE:.*]] = %[[FALSE]]) -> (index, index, i1)
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x64xf16>
// CHECK: gpu.barrier
// CHECK: tile.async_copy %{{.*}}, %[[A]][%[[STAGE]]] barrier %[[BARS]][%[[STAGE]]]
// CHECK: %[[S1:.*]] = arith.addi %[[STAGE]], %[[ONE]] : index
// CHECK: %[[W1:.*]] = arith.cmpi eq, %[[S1]], %[[FOUR]] : index
// CHECK: %[[S2:.*]] = arith.select %[[W1]], %{{.*}}, %[[S1]] : index
// CHECK: tile.async_copy %{{.*}}, %[[A]][%[[S2]]] barrier %[[BARS]][%[[S2]]]
// CHECK: %[[LEFT:.*]]:4 = scf.if
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[INNER:.*]] = %[[STAGE]], %{{.*}} = %[[NEXT]], %{{.*}} = %[[PHASE]])
// CHECK-NEXT: tile.barrier_wait %[[BARS]][%[[INNER]]]
// CHECK-NOT: tile.async_commit
// CHECK: scf.yield %[[LEFT]]#1, %[[LEFT]]#2, %[[LEFT]]#3 : index, index, i1
// OFF-LABEL: gpu.func @nested
// OFF: gpu.barrier
// OFF: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @nested(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %n: index, %tiles: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %t = %c0 to %tiles step %c1 {
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
      %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
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
}

// -----

// The loop over tiles written as a `while` (`while tile < end: ...; tile +=
// step`, as a persistent kernel's Python may be): the same, the while
// carrying the stages and the phase through both of its regions (its
// condition passes them on) and yielding what the inner loop leaves.
// CHECK-LABEL: gpu.func @nested_while
// CHECK: %[[BARS:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<4>
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[END:.*]]:4 = scf.while (%[[T:.*]] = %{{.*}}, %[[BS:.*]] = %{{.*}}, %[[BN:.*]] = %[[THREE]], %[[BP:.*]] = %[[FALSE]]) : (index, index, index, i1) -> (index, index, index, i1) {
// CHECK: scf.condition(%{{.*}}) %[[T]], %[[BS]], %[[BN]], %[[BP]] : index, index, index, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[STAGE:.*]]: index, %[[NEXT:.*]]: index, %[[PHASE:.*]]: i1):
// CHECK: gpu.barrier
// CHECK: tile.async_copy %{{.*}} barrier %[[BARS]][%[[STAGE]]]
// CHECK: %[[LEFT:.*]]:4 = scf.if
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[INNER:.*]] = %[[STAGE]], %{{.*}} = %[[NEXT]], %{{.*}} = %[[PHASE]])
// CHECK-NEXT: tile.barrier_wait %[[BARS]][%[[INNER]]]
// CHECK-NOT: tile.async_commit
// CHECK: scf.yield %{{.*}}, %[[LEFT]]#1, %[[LEFT]]#2, %[[LEFT]]#3 : index, index, index, i1
// CHECK: tile.from_scalar %[[END]]#0
// OFF-LABEL: gpu.func @nested_while
// OFF: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @nested_while(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                         %n: index, %tiles: index, %first: index, %step: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %end = scf.while (%t = %first) : (index) -> index {
      %more = arith.cmpi slt, %t, %tiles : index
      scf.condition(%more) %t : index
    } do {
    ^bb0(%t: index):
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
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
      %after = arith.addi %t, %step : index
      scf.yield %after : index
    }
    %last = tile.from_scalar %end : index -> !tile.tile<si32>
    gpu.return
  }
}

// -----

// Two loops in one while (the second carried through the while the first
// one's carry made): each has its barriers and its counters, the while
// carries both sets.
// CHECK-LABEL: gpu.func @two_in_while
// CHECK: %[[B1:.*]] = tile.alloc_barriers
// CHECK: %[[B2:.*]] = tile.alloc_barriers
// CHECK: scf.while (%{{.*}}, %[[S1:.*]] = %{{.*}}, %{{.*}}, %{{.*}}, %[[S2:.*]] = %{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index, i1, index, index, i1) -> (index, index, index, i1, index, index, i1)
// CHECK: ^bb0(%{{.*}}: index, %[[D1:[^:]*]]: index, %{{.*}}: index, %{{.*}}: i1, %[[D2:[^:]*]]: index,
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[I1:.*]] = %[[D1]],
// CHECK-NEXT: tile.barrier_wait %[[B1]][%[[I1]]]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[I2:.*]] = %[[D2]],
// CHECK-NEXT: tile.barrier_wait %[[B2]][%[[I2]]]
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @two_in_while(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                         %n: index, %tiles: index, %first: index, %step: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %end = scf.while (%t = %first) : (index) -> index {
      %more = arith.cmpi slt, %t, %tiles : index
      scf.condition(%more) %t : index
    } do {
    ^bb0(%t: index):
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
      %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %va[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
        scf.yield %next : !tile.tile<64x64xf32>
      }
      %acc2 = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %acc) -> (!tile.tile<64x64xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%kt, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
        scf.yield %next : !tile.tile<64x64xf32>
      }
      %out = tile.convert %acc2 : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      tile.store %out, %va[%i, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %after = arith.addi %t, %step : index
      scf.yield %after : index
    }
    gpu.return
  }
}

// -----

// A loop in a `while`'s condition region runs once more than its body:
// no nest, so cp.async.
// CHECK-LABEL: gpu.func @in_while_condition
// CHECK-NOT: tile.{{[a-z_]*}}barrier
// CHECK: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @in_while_condition(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                               %n: index, %tiles: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %end = scf.while (%t = %c0) : (index) -> index {
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
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
      %more = arith.cmpi slt, %t, %tiles : index
      scf.condition(%more) %t : index
    } do {
    ^bb0(%t: index):
      %after = arith.addi %t, %c1 : index
      scf.yield %after : index
    }
    gpu.return
  }
}

// -----

// A nest that is not in the kernel's first block (here in an scf.if) may
// run more than once: its barriers would be initialized again, so it keeps
// cp.async.
// CHECK-LABEL: gpu.func @nested_in_if
// CHECK-NOT: tile.{{[a-z_]*}}barrier
// CHECK: tile.async_commit
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @nested_in_if(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                         %n: index, %tiles: index, %go: i1) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %go {
      scf.for %t = %c0 to %tiles step %c1 {
        %i = tile.from_scalar %t : index -> !tile.tile<si32>
        %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
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
    }
    gpu.return
  }
}

// -----

// sm_90 has the accelerator, from PTX ISA 8.0 (the transaction counts of
// its barriers) on: not at 7.8, sm_90's first.
// CHECK-LABEL: gpu.func @sm_90_ptx80
// CHECK: tile.alloc_barriers
// CHECK: scf.for
// CHECK-NEXT: tile.barrier_wait
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @sm_90_ptx78
// CHECK-NOT: barrier
// CHECK: tile.async_commit
// CHECK-LABEL: gpu.func @sm_80
// CHECK-NOT: barrier
// CHECK: tile.async_commit
gpu.module @m80 [#nvvm.target<chip = "sm_90", features = "+ptx80">] attributes {target.chip = "sm_90"} {
  gpu.func @sm_90_ptx80(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
gpu.module @m78 attributes {target.chip = "sm_90"} {
  gpu.func @sm_90_ptx78(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @sm_80(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
