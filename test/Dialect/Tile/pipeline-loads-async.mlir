// tile-pipeline-loads where the chip has cp.async (sm_80 on): an S-stage
// pipeline through shared memory. S is as many 8 KiB stages as fit in 15/16
// of sm_80's 163 KiB (7/8 where the loop may need scratch), at most 4, or
// the kernel's tile.num_stages; the first
// S - 1 iterations' copies go before the loop, each iteration waits for its
// own stage, starts the copies S - 1 ahead into the stage the previous
// iteration read, and multiplies in steps of 16 of K that read their
// slices of the stage. The loop carries both stages (0 and S - 1 at first),
// each counting up to S and back to 0.
// The tile blocks whose copies lie inside the arrays get a version of the
// loop of their own where each warp's share of the product is 1024 elements
// or more (pipeline-loads-read-ahead.mlir); read-ahead=0 leaves it out here.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads='read-ahead=0' | FileCheck %s

// CHECK-LABEL: gpu.func @matmul
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x32x64xf16>
// CHECK: scf.if
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[A]][%[[S0:[a-z0-9_]+]]]
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[B]][%[[S0]]]
// CHECK: tile.async_commit
// CHECK: scf.if
// CHECK: tile.async_commit
// CHECK: scf.if
// CHECK: tile.async_commit
// CHECK-NOT: tile.async_commit
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[N:.*]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[STAGE:.*]] = %[[ZERO]], %[[NEXT:.*]] = %[[THREE]]) -> (!tile.tile<64x64xf32>, index, index)
// CHECK-NEXT: tile.async_wait {pending = 2 : i64}
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[AHEAD]], %[[N]] : index
// CHECK: scf.if %[[RUNS]] {
// CHECK: tile.from_scalar %[[AHEAD]]
// CHECK: tile.async_copy %{{.*}}, %[[A]][%[[NEXT]]]
// CHECK: tile.async_copy %{{.*}}, %[[B]][%[[NEXT]]]
// CHECK: tile.async_commit
// CHECK: %[[X0:.*]] = tile.local_load %[[A]][%[[STAGE]]] offsets [0, 0] : !tile.shared<4x64x32xf16> -> !tile.tile<64x16xf16>
// CHECK: %[[Y0:.*]] = tile.local_load %[[B]][%[[STAGE]]] offsets [0, 0] : !tile.shared<4x32x64xf16> -> !tile.tile<16x64xf16>
// CHECK: %[[P0:.*]] = tile.mma %[[X0]], %[[Y0]], %[[ACC]]
// CHECK: %[[X1:.*]] = tile.local_load %[[A]][%[[STAGE]]] offsets [0, 16]
// CHECK: %[[Y1:.*]] = tile.local_load %[[B]][%[[STAGE]]] offsets [16, 0]
// CHECK: %[[P1:.*]] = tile.mma %[[X1]], %[[Y1]], %[[P0]]
// CHECK: %[[S1:.*]] = arith.addi %[[STAGE]], %[[ONE]] : index
// CHECK: %[[W1:.*]] = arith.cmpi eq, %[[S1]], %[[FOUR]] : index
// CHECK: %[[S2:.*]] = arith.select %[[W1]], %[[ZERO]], %[[S1]] : index
// CHECK: %[[N1:.*]] = arith.addi %[[NEXT]], %[[ONE]] : index
// CHECK: %[[W2:.*]] = arith.cmpi eq, %[[N1]], %[[FOUR]] : index
// CHECK: %[[N2:.*]] = arith.select %[[W2]], %[[ZERO]], %[[N1]] : index
// CHECK: scf.yield %[[P1]], %[[S2]], %[[N2]] : !tile.tile<64x64xf32>, index, index
// CHECK-NOT: tile.load
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// tile.num_stages = 2: one copy ahead, the wait for all; a matmul's first
// step is a matmul, the next an mma on its result.
// CHECK-LABEL: gpu.func @two_stages
// CHECK: tile.alloc_shared : !tile.shared<2x32x32xf16>
// CHECK: tile.async_commit
// CHECK-NOT: tile.async_commit
// CHECK: scf.for
// CHECK: tile.async_wait {pending = 0 : i64}
// CHECK: %[[M:.*]] = tile.matmul {{.*}} : !tile.tile<32x16xf16>, !tile.tile<16x32xf16> -> !tile.tile<32x32xf32>
// CHECK: tile.mma %{{.*}}, %{{.*}}, %[[M]]
gpu.module @m attributes {target.chip = "sm_90"} {
  gpu.func @two_stages(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_stages = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
      %p = tile.matmul %x, %x : !tile.tile<32x32xf16>, !tile.tile<32x32xf16> -> !tile.tile<32x32xf32>
      %next = tile.add %sum, %p : !tile.tile<32x32xf32>
      scf.yield %next : !tile.tile<32x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// In a loop over tiles (a persistent kernel), a CTA barrier goes before the
// prologue's copies: the loop's last run read its last stage without a
// barrier after it, and with tile.num_stages = 4 and two iterations that
// stage (1) is among those the prologue refills (0 to 2). None in the loop
// or after it.
// CHECK-LABEL: gpu.func @in_a_loop_over_tiles
// CHECK: scf.for
// CHECK: tile.alloc_shared : !tile.shared<4x32x32xf16>
// CHECK-NEXT: tile.alloc_shared : !tile.shared<4x32x32xf16>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: tile.async_copy
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @m attributes {target.chip = "sm_90"} {
  gpu.func @in_a_loop_over_tiles(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %tiles: index, %n: index) kernel attributes {tile.num_stages = 4} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    scf.for %t = %c0 to %tiles step %c1 {
      %i = tile.from_scalar %t : index -> !tile.tile<si32>
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
        %y = tile.load %va[%kt, %i] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
        %next = tile.mma %x, %y, %sum : !tile.tile<32x32xf16>, !tile.tile<32x32xf16>, !tile.tile<32x32xf32>
        scf.yield %next : !tile.tile<32x32xf32>
      }
      tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    }
    gpu.return
  }
}

// -----

// A view whose padding cp.async cannot fill (nan) keeps the pipeline in
// registers; so does tile.num_stages = 1, which pipelines nothing.
// CHECK-LABEL: gpu.func @nan_padding
// CHECK-NOT: tile.alloc_shared
// CHECK: tile.load
// CHECK: scf.for
// CHECK-LABEL: gpu.func @one_stage
// CHECK-NOT: tile.alloc_shared
// CHECK: scf.for
// CHECK: tile.load
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @nan_padding(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, padding nan>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, padding nan>
      %next = tile.mma %x, %x, %sum : !tile.tile<32x32xf16>, !tile.tile<32x32xf16>, !tile.tile<32x32xf32>
      scf.yield %next : !tile.tile<32x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @one_stage(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_stages = 1} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
      %next = tile.mma %x, %x, %sum : !tile.tile<32x32xf16>, !tile.tile<32x32xf16>, !tile.tile<32x32xf32>
      scf.yield %next : !tile.tile<32x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90a: an mma of two whole stages reads them where they are
// (tile.shared_mma, wgmma), with 8 warps over 128 rows (16 a warp); a
// matmul gets a zero accumulator. With 2 warps (not a warpgroup) the mma
// keeps its steps of 16.
// CHECK-LABEL: gpu.func @warpgroups
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x128x32xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x32x128xf16>
// CHECK: scf.for
// CHECK: tile.async_wait {pending = 2 : i64}
// CHECK-NOT: tile.local_load
// CHECK: %[[ZERO:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<128x128xf32>
// CHECK: tile.shared_mma %[[A]][%[[S:.*]]], %[[B]][%[[S]]], %[[ZERO]] : !tile.shared<4x128x32xf16>, !tile.shared<4x32x128xf16>, !tile.tile<128x128xf32>
// CHECK-LABEL: gpu.func @two_warps
// CHECK-NOT: tile.shared_mma
// CHECK: tile.local_load {{.*}} offsets [0, 16]
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @warpgroups(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %p = tile.matmul %x, %y : !tile.tile<128x32xf16>, !tile.tile<32x128xf16> -> !tile.tile<128x128xf32>
      %next = tile.add %sum, %p : !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @two_warps(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
      %next = tile.mma %x, %x, %sum : !tile.tile<32x32xf16>, !tile.tile<32x32xf16>, !tile.tile<32x32xf32>
      scf.yield %next : !tile.tile<32x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A batch's matrices: the loads of 1 x 64 x 32 and 1 x 32 x 64 tiles of
// 3-D arrays reach the mma through reshapes that drop the unit dimension;
// their stages hold the matrices. A load that reaches its mma through a
// transpose (permute [1, 0], attention's K^T) has its stage read
// transposed, per step of K along the stage's columns. When another
// operand's load reaches its mma some other way (a dtype conversion),
// nothing is pipelined.
// CHECK-LABEL: gpu.func @batch
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: tile.async_copy {{.*}}, %[[A]][{{.*}}] : !tile.view<1x64x32, {{.*}}>, !tile.shared<4x64x32xf16>
// CHECK: scf.for
// CHECK-NOT: tile.reshape
// CHECK: tile.local_load %[[A]]
// CHECK-LABEL: gpu.func @permuted
// CHECK: tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: %[[BT:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: scf.for
// CHECK-NOT: tile.permute
// CHECK: tile.local_load %[[BT]][%{{.*}}] offsets [0, 0] transpose : !tile.shared<4x64x32xf16> -> !tile.tile<16x64xf16>
// CHECK: tile.local_load %[[BT]][%{{.*}}] offsets [0, 16] transpose : !tile.shared<4x64x32xf16> -> !tile.tile<16x64xf16>
// The same B as @permuted's through a view whose order swaps the last two
// dimensions (cuTile's order=(0, 2, 1)): its load becomes one in the
// array's order and a transpose, then stages like @permuted's.
// CHECK-LABEL: gpu.func @ordered
// CHECK: tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: %[[BT:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[BT]][{{.*}}] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<4x64x32xf16>
// CHECK: scf.for
// CHECK-NOT: order
// CHECK: tile.local_load %[[BT]][%{{.*}}] offsets [0, 0] transpose : !tile.shared<4x64x32xf16> -> !tile.tile<16x64xf16>
// A reshape of such a load that is not the dropping of unit dimensions
// (1 x 32 x 64 to 64 x 32 rearranges the elements) keeps the ordered load.
// CHECK-LABEL: gpu.func @ordered_reshaped
// CHECK: tile.load {{.*}} order [0, 2, 1]
// The same B as a permute of the 3-D tile that swaps its last two
// dimensions, then a reshape dropping the unit one (cuTile's
// ct.permute(tile, (0, 2, 1)) before ct.reshape): the reshape goes first,
// then a transpose, and it stages like @permuted's.
// CHECK-LABEL: gpu.func @permuted_batch
// CHECK: tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: %[[BT:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: scf.for
// CHECK-NOT: tile.permute
// CHECK: tile.local_load %[[BT]][%{{.*}}] offsets [0, 0] transpose : !tile.shared<4x64x32xf16> -> !tile.tile<16x64xf16>
// CHECK-LABEL: gpu.func @converted
// CHECK-NOT: tile.async_copy
// CHECK: tile.convert
// float32 tiles multiplied as tf32 (a conversion to a dtype of as many
// bits, the loaded tile's only use): the float32 tiles are staged; each
// iteration rounds its two stages once into one stage of tf32 of each
// operand's own (16 KiB beside 4 x 16 KiB; B's with its rows interleaved,
// for its steps' reads), then a CTA barrier, and each step (K 8,
// mma.sync's for tf32) reads its slices of those.
// CHECK-LABEL: gpu.func @tf32
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf32>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x32x64xf32>
// CHECK: tile.async_copy
// CHECK: %[[RA:.*]] = tile.alloc_shared : !tile.shared<1x64x32xtf32>
// CHECK: %[[RB:.*]] = tile.alloc_shared : !tile.shared<1x32x64xtf32, interleaved>
// CHECK: scf.for
// CHECK: tile.async_wait
// CHECK: %[[X32:.*]] = tile.local_load %[[A]][%[[S:.*]]] : !tile.shared<4x64x32xf32> -> !tile.tile<64x32xf32>
// CHECK: %[[Y32:.*]] = tile.local_load %[[B]][%[[S]]] : !tile.shared<4x32x64xf32> -> !tile.tile<32x64xf32>
// CHECK: %[[X:.*]] = tile.convert %[[X32]] : !tile.tile<64x32xf32> -> !tile.tile<64x32xtf32>
// CHECK: %[[Y:.*]] = tile.convert %[[Y32]] : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : index
// CHECK-NEXT: tile.local_store %[[X]], %[[RA]][%[[R]]] : !tile.tile<64x32xtf32>, !tile.shared<1x64x32xtf32>
// CHECK-NEXT: tile.local_store %[[Y]], %[[RB]][%[[R]]] : !tile.tile<32x64xtf32>, !tile.shared<1x32x64xtf32, interleaved>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[X0:.*]] = tile.local_load %[[RA]][%[[R]]] offsets [0, 0] : !tile.shared<1x64x32xtf32> -> !tile.tile<64x8xtf32>
// CHECK-NEXT: %[[Y0:.*]] = tile.local_load %[[RB]][%[[R]]] offsets [0, 0] : !tile.shared<1x32x64xtf32, interleaved> -> !tile.tile<8x64xtf32>
// CHECK-NEXT: tile.mma %[[X0]], %[[Y0]]
// CHECK-NOT: tile.convert
// CHECK: tile.local_load %[[RA]][%[[R]]] offsets [0, 24]
// CHECK-NOT: tile.load
// CHECK-NOT: tile.convert
// CHECK: scf.yield
// Where the stages the kernel asks for (tile.num_stages = 4 of 32 KiB)
// leave no room for the rounded ones (32 KiB), each step's slices are
// converted after their reads.
// CHECK-LABEL: gpu.func @tf32_no_room
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x64xf32>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x64x64xf32>
// CHECK-NOT: tile.alloc_shared
// CHECK: scf.for
// CHECK: %[[A0:.*]] = tile.local_load %[[A]][%{{.*}}] offsets [0, 0] : !tile.shared<4x64x64xf32> -> !tile.tile<64x8xf32>
// CHECK-NEXT: %[[X0:.*]] = tile.convert %[[A0]] : !tile.tile<64x8xf32> -> !tile.tile<64x8xtf32>
// CHECK-NEXT: %[[B0:.*]] = tile.local_load %[[B]][%{{.*}}] offsets [0, 0] : !tile.shared<4x64x64xf32> -> !tile.tile<8x64xf32>
// CHECK-NEXT: %[[Y0:.*]] = tile.convert %[[B0]] : !tile.tile<8x64xf32> -> !tile.tile<8x64xtf32>
// CHECK-NEXT: tile.mma %[[X0]], %[[Y0]]
// CHECK-NOT: tile.local_store
// CHECK: tile.local_load %[[A]][%{{.*}}] offsets [0, 24]
// CHECK: scf.yield
// Nor where they would cost a block a processor: 32x32 and 32x64 stages
// (12 KiB) leave room for 3 blocks of 4 stages on sm_80's 164 KiB, and 2
// with 12 KiB of rounded stages beside them.
// CHECK-LABEL: gpu.func @tf32_keeps_blocks
// CHECK: tile.alloc_shared : !tile.shared<4x32x32xf32>
// CHECK: tile.alloc_shared : !tile.shared<4x32x64xf32>
// CHECK-NOT: tile.alloc_shared
// CHECK-NOT: tile.local_store
// CHECK: scf.yield
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @batch(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%i, %kt, %i] : !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x64x32xf16> -> !tile.tile<64x32xf16>
      %y = tile.reshape %y3 : !tile.tile<1x32x64xf16> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @permuted(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x64x32xf16> -> !tile.tile<64x32xf16>
      %y2 = tile.reshape %y3 : !tile.tile<1x64x32xf16> -> !tile.tile<64x32xf16>
      %y = tile.permute %y2 [1, 0] : !tile.tile<64x32xf16> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @ordered(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, order [0, 2, 1], padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%i, %i, %kt] : !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, order [0, 2, 1], padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x64x32xf16> -> !tile.tile<64x32xf16>
      %y = tile.reshape %y3 : !tile.tile<1x32x64xf16> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @ordered_reshaped(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %vb = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, order [0, 2, 1], padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %x = tile.constant dense<1.0> : !tile.tile<32x64xf16>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %y3 = tile.load %vb[%i, %i, %kt] : !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, order [0, 2, 1], padding zero>
      %y = tile.reshape %y3 : !tile.tile<1x32x64xf16> -> !tile.tile<64x32xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<32x64xf16>, !tile.tile<64x32xf16>, !tile.tile<32x32xf32>
      scf.yield %next : !tile.tile<32x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @permuted_batch(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %va[%i, %i, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x64x32xf16> -> !tile.tile<64x32xf16>
      %y3t = tile.permute %y3 [0, 2, 1] : !tile.tile<1x64x32xf16> -> !tile.tile<1x32x64xf16>
      %y = tile.reshape %y3t : !tile.tile<1x32x64xf16> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @converted(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y32 = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y = tile.convert %y32 : !tile.tile<32x64xf32> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @tf32(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x32 = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y32 = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %x = tile.convert %x32 : !tile.tile<64x32xf32> -> !tile.tile<64x32xtf32>
      %y = tile.convert %y32 : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xtf32>, !tile.tile<32x64xtf32>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @tf32_no_room(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4, tile.num_stages = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x32 = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y32 = tile.load %vb[%kt, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %x = tile.convert %x32 : !tile.tile<64x64xf32> -> !tile.tile<64x64xtf32>
      %y = tile.convert %y32 : !tile.tile<64x64xf32> -> !tile.tile<64x64xtf32>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xtf32>, !tile.tile<64x64xtf32>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @tf32_keeps_blocks(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<32x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x32 = tile.load %va[%i, %kt] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y32 = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %x = tile.convert %x32 : !tile.tile<32x32xf32> -> !tile.tile<32x32xtf32>
      %y = tile.convert %y32 : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
      %next = tile.mma %x, %y, %sum : !tile.tile<32x32xtf32>, !tile.tile<32x64xtf32>, !tile.tile<32x64xf32>
      scf.yield %next : !tile.tile<32x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90a, 8-bit floats: wgmma reads them K-major only, so an mma of B
// from the stages of Bᵀ (its tiles permuted) becomes a shared_mma that reads
// that stage transposed, and an mma of B (K x N) keeps mma.sync's steps of
// 32 of K.
// CHECK-LABEL: gpu.func @fp8_k_major
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<{{[0-9]+}}x64x64xf8E4M3FN>
// CHECK: %[[BT:.*]] = tile.alloc_shared : !tile.shared<{{[0-9]+}}x128x64xf8E4M3FN>
// CHECK: tile.shared_mma %[[A]][%[[S:.*]]], %[[BT]][%[[S]]] transpose, %{{.*}} {pending = 1 : i64} : !tile.shared<{{.*}}x64x64xf8E4M3FN>, !tile.shared<{{.*}}x128x64xf8E4M3FN>, !tile.tile<64x128xf32>
// CHECK-LABEL: gpu.func @fp8_n_major
// CHECK-NOT: tile.shared_mma
// CHECK: tile.local_load {{.*}} offsets [0, 32]
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @fp8_k_major(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %w: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vw = tile.make_view %w : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %wt = tile.load %vw[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.permute %wt [1, 0] : !tile.tile<128x64xf8E4M3FN> -> !tile.tile<64x128xf8E4M3FN>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E4M3FN>, !tile.tile<64x128xf8E4M3FN>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @fp8_n_major(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %b: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E4M3FN>, !tile.tile<64x128xf8E4M3FN>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90a, float32 multiplied as tf32: wgmma reads tf32 K-major only and
// rounds nothing, so each iteration rounds its two stages once, into two
// stages of tf32 of their own taken in turn (((k - lb) / step) mod 2): A
// as it is, B as Bᵀ (local_store transpose), then a CTA barrier, then one
// shared_mma of those. The stages of float32 count the rounded ones in the
// shared memory they leave (2 of 48 KiB beside 2 x 48 KiB, not 4). A
// float32 mma without the conversion keeps mma.sync's steps.
// CHECK-LABEL: gpu.func @tf32_rounded
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<2x128x32xf32>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<2x32x256xf32>
// CHECK: %[[RA:.*]] = tile.alloc_shared : !tile.shared<2x128x32xtf32>
// CHECK: %[[RB:.*]] = tile.alloc_shared : !tile.shared<2x256x32xtf32>
// CHECK: scf.for %[[K:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:[^ ]*]] iter_args(
// CHECK-NEXT: %[[ITER:.*]] = arith.subi %[[K]], %[[LB]] : index
// CHECK-NEXT: %[[DIV:.*]] = arith.divui %[[ITER]], %[[STEP]] : index
// CHECK: %[[TURN:.*]] = arith.remui %[[DIV]], %{{.*}} : index
// CHECK: tile.async_wait
// CHECK: %[[X32:.*]] = tile.local_load %[[A]][%[[S:.*]]] : !tile.shared<2x128x32xf32> -> !tile.tile<128x32xf32>
// CHECK: %[[Y32:.*]] = tile.local_load %[[B]][%[[S]]] : !tile.shared<2x32x256xf32> -> !tile.tile<32x256xf32>
// CHECK: %[[X:.*]] = tile.convert %[[X32]] : !tile.tile<128x32xf32> -> !tile.tile<128x32xtf32>
// CHECK: %[[Y:.*]] = tile.convert %[[Y32]] : !tile.tile<32x256xf32> -> !tile.tile<32x256xtf32>
// CHECK-NEXT: tile.local_store %[[X]], %[[RA]][%[[TURN]]] : !tile.tile<128x32xtf32>, !tile.shared<2x128x32xtf32>
// CHECK-NEXT: tile.local_store %[[Y]], %[[RB]][%[[TURN]]] transpose : !tile.tile<32x256xtf32>, !tile.shared<2x256x32xtf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.shared_mma %[[RA]][%[[TURN]]], %[[RB]][%[[TURN]]] transpose, %{{.*}} {pending = 1 : i64} : !tile.shared<2x128x32xtf32>, !tile.shared<2x256x32xtf32>, !tile.tile<128x256xf32>
// CHECK-LABEL: gpu.func @f32_fma
// CHECK-NOT: tile.shared_mma
// CHECK-NOT: tile.local_store
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @tf32_rounded(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x256, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x32 = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y32 = tile.load %vb[%kt, %i] : !tile.view<32x256, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %x = tile.convert %x32 : !tile.tile<128x32xf32> -> !tile.tile<128x32xtf32>
      %y = tile.convert %y32 : !tile.tile<32x256xf32> -> !tile.tile<32x256xtf32>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xtf32>, !tile.tile<32x256xtf32>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @f32_fma(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf32>, !tile.tile<32x64xf32>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90a, a loop that only accumulates its shared_mma's result: the
// warpgroup mmas run on into the next iteration (pending = 1), whose copies
// ahead follow its shared_mma (after a barrier: two warpgroups); the loop
// runs in a guard with the wait for the last mmas after it. (@warpgroups
// above adds the product itself: its shared_mma waits.)
// CHECK-LABEL: gpu.func @overlap
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %c0, %{{.*}} : index
// CHECK-NEXT: %[[RESULT:.*]]:3 = scf.if %[[RUNS]] -> (!tile.tile<128x128xf32>, index, index) {
// CHECK: %[[LOOP:.*]]:3 = scf.for
// CHECK: tile.async_wait {pending = 2 : i64}
// CHECK: %[[NEXT:.*]] = tile.shared_mma {{.*}} {pending = 1 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK: tile.async_copy
// CHECK: tile.async_commit
// CHECK: scf.yield %[[NEXT]],
// CHECK: %[[WAITED:.*]] = tile.mma_wait %[[LOOP]]#0 {pending = 0 : i64} : !tile.tile<128x128xf32>
// CHECK-NEXT: scf.yield %[[WAITED]], %[[LOOP]]#1, %[[LOOP]]#2
// CHECK: } else {
// CHECK-NEXT: scf.yield %{{.*}} : !tile.tile<128x128xf32>, index, index
// CHECK: tile.store %[[RESULT]]#0
// With one warpgroup, no barrier.
// CHECK-LABEL: gpu.func @overlap_w4
// CHECK: tile.shared_mma {{.*}} {pending = 1 : i64}
// CHECK-NEXT: scf.if
// A loaded transposed goes to wgmma from the registers, which the next
// iteration loads anew: each iteration waits for its own mmas (pending 0),
// since wgmma reads those registers while it runs.
// CHECK-LABEL: gpu.func @overlap_registers_a
// CHECK: scf.for
// CHECK: tile.local_load {{.*}} transpose
// CHECK: tile.shared_mma %{{[a-z0-9_]+}}, %{{.*}} : !tile.tile<64x32xf16>
// CHECK-NOT: pending = 1
// CHECK: gpu.return
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @overlap(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @overlap_w4(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x128xf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @overlap_registers_a(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %xt = tile.load %va[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %x = tile.permute %xt [1, 0] : !tile.tile<32x64xf16> -> !tile.tile<64x32xf16>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x128xf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A loop that works on its products in the iteration (here: scales each
// before accumulating, as attention's softmax does between its two mmas)
// is not pipelined, unless the kernel asks for stages.
// CHECK-LABEL: gpu.func @works_on_products
// CHECK-NOT: tile.async_copy
// CHECK: tile.mul
// CHECK-LABEL: gpu.func @works_on_products_staged
// CHECK: tile.alloc_shared : !tile.shared<2x64x32xf16>
// CHECK: tile.async_copy
// CHECK: scf.for
// CHECK: tile.mul
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @works_on_products(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %half = tile.constant dense<0.5> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %p = tile.matmul %x, %y : !tile.tile<64x32xf16>, !tile.tile<32x64xf16> -> !tile.tile<64x64xf32>
      %scaled = tile.mul %p, %half : !tile.tile<64x64xf32>
      %next = tile.add %sum, %scaled : !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @works_on_products_staged(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4, tile.num_stages = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %half = tile.constant dense<0.5> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %p = tile.matmul %x, %y : !tile.tile<64x32xf16>, !tile.tile<32x64xf16> -> !tile.tile<64x64xf32>
      %scaled = tile.mul %p, %half : !tile.tile<64x64xf32>
      %next = tile.add %sum, %scaled : !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// sm_90a: a loop that works on its products whose mmas all run on
// warpgroups is pipelined without being asked, through 2 stages:
// attention's S = Q Kᵀ (Q, loaded before the loop and used only there,
// copied once into a stage of its own, its group the first; K from the
// stages of Kᵀ's tiles, read transposed) and P V (P, computed in the
// iteration, from the registers; V from its stages). With A from
// registers, 8-bit floats do not go on warpgroups (wgmma reads them from
// shared memory only): that loop is left alone.
// CHECK-LABEL: gpu.func @attention
// CHECK: %[[Q:.*]] = tile.alloc_shared : !tile.shared<1x128x64xf16>
// CHECK: tile.async_copy %{{.*}}, %[[Q]][%{{.*}}] : !tile.view<128x64
// CHECK-NEXT: tile.async_commit
// CHECK: %[[K:.*]] = tile.alloc_shared : !tile.shared<2x64x64xf16>
// CHECK: %[[V:.*]] = tile.alloc_shared : !tile.shared<2x64x64xf16>
// CHECK: scf.for {{.*}} -> (!tile.tile<128x1xf32>, !tile.tile<128x64xf32>, index, index)
// CHECK: tile.async_wait {pending = 0 : i64}
// CHECK: %[[S:.*]] = tile.shared_mma %[[Q]][%{{.*}}], %[[K]][%{{.*}}] transpose, %{{.*}} : !tile.shared<1x128x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<128x64xf32>
// CHECK: tile.reduce max %[[S]]
// CHECK: %[[P:.*]] = tile.convert
// CHECK: tile.shared_mma %[[P]], %[[V]][%{{.*}}], %{{.*}} : !tile.tile<128x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<128x64xf32>
// CHECK-NOT: tile.load
// CHECK-LABEL: gpu.func @attention_fp8
// CHECK-NOT: tile.alloc_shared
// CHECK: tile.mma
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @attention(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %res:2 = scf.for %j = %c0 to %n step %c1 iter_args(%m_i = %m0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %mrow = tile.reduce max %s axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %sh = tile.sub %s, %m_new promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh : !tile.tile<128x64xf32>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    tile.store %res#1, %vo[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @attention_fp8(%q: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %k: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf8E4M3FN> -> !tile.tile<64x64xf8E4M3FN>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<128x64xf8E4M3FN>, !tile.tile<64x64xf8E4M3FN>, !tile.tile<128x64xf32>
      %e = tile.math exp2 %s : !tile.tile<128x64xf32>
      %next = tile.add %acc, %e : !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %res, %vo[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A tile multiplied both as it is and transposed in one iteration
// (attention's backward pass, dQ: S = Q Kᵀ and dQ += dS K read one K
// tile) has one stage, read once transposed and once as it is; on sm_90a
// every mma reads its B there (wgmma reads a 16-bit B either way). On
// sm_80, asked for 2 stages: each mma cut into steps of 16 along K, each
// step reading its slice of the stage (transposed for S, as it is for dQ)
// and its sub-tile of the operand in registers (Q, then P).
// CHECK-LABEL: gpu.func @attention_backward
// CHECK: %[[Q:.*]] = tile.alloc_shared : !tile.shared<1x64x64xf16>
// CHECK: %[[DO:.*]] = tile.alloc_shared : !tile.shared<1x64x64xf16>
// CHECK: %[[K:.*]] = tile.alloc_shared : !tile.shared<2x64x64xf16>
// CHECK: %[[V:.*]] = tile.alloc_shared : !tile.shared<2x64x64xf16>
// CHECK: scf.for
// CHECK-NOT: tile.permute
// CHECK: tile.shared_mma %[[Q]][%{{.*}}], %[[K]][%[[ST:.*]]] transpose, %{{.*}} : !tile.shared<1x64x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<64x64xf32>
// CHECK: tile.shared_mma %[[DO]][%{{.*}}], %[[V]][%[[ST]]] transpose, %{{.*}} : !tile.shared<1x64x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<64x64xf32>
// CHECK: tile.shared_mma %{{.*}}, %[[K]][%[[ST]]], %{{.*}} : !tile.tile<64x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<64x64xf32>
// CHECK-NOT: tile.load
// CHECK: scf.yield
// CHECK-LABEL: gpu.func @attention_backward
// CHECK: %[[K:.*]] = tile.alloc_shared : !tile.shared<2x64x64xf16>
// CHECK: scf.for
// CHECK-NOT: tile.permute
// CHECK: %[[Q0:.*]] = tile.extract %[[QR:.*]][%{{.*}}, %{{.*}}] : !tile.tile<64x64xf16> -> !tile.tile<64x16xf16>
// CHECK-NEXT: %[[KT:.*]] = tile.local_load %[[K]][%[[ST:.*]]] offsets [0, 0] transpose : !tile.shared<2x64x64xf16> -> !tile.tile<16x64xf16>
// CHECK-NEXT: %[[S0:.*]] = tile.mma %[[Q0]], %[[KT]], %{{.*}}
// CHECK: tile.extract %[[QR]]
// CHECK-NEXT: tile.local_load %[[K]][%[[ST]]] offsets [0, 16] transpose
// CHECK-NEXT: tile.mma %{{.*}}, %{{.*}}, %[[S0]]
// CHECK: tile.local_load %[[K]][%[[ST]]] offsets [0, 48] transpose
// CHECK: %[[P0:.*]] = tile.extract %{{.*}} : !tile.tile<64x64xf16> -> !tile.tile<64x16xf16>
// CHECK-NEXT: %[[KP:.*]] = tile.local_load %[[K]][%[[ST]]] offsets [0, 0] : !tile.shared<2x64x64xf16> -> !tile.tile<16x64xf16>
// CHECK-NEXT: tile.mma %[[P0]], %[[KP]], %{{.*}}
// CHECK: tile.local_load %[[K]][%[[ST]]] offsets [48, 0] :
// CHECK-NOT: tile.load
// CHECK: scf.yield
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @attention_backward(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %dot = tile.load %vq[%zero, %i] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %dq = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      %p = tile.math exp2 %s : !tile.tile<64x64xf32>
      %vtt = tile.permute %vt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %dp = tile.mma %dot, %vtt, %acc0 : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      %ds = tile.mul %p, %dp : !tile.tile<64x64xf32>
      %dsh = tile.convert %ds : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %next = tile.mma %dsh, %kt, %acc : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %dq, %vo[%i, %zero] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
gpu.module @m80 attributes {target.chip = "sm_80"} {
  gpu.func @attention_backward(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4, tile.num_stages = 2} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %dq = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      %p = tile.math exp2 %s : !tile.tile<64x64xf32>
      %ph = tile.convert %p : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
      %next = tile.mma %ph, %kt, %acc : !tile.tile<64x64xf16>, !tile.tile<64x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %dq, %vo[%i, %zero] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A loop that works on its products on mma.sync but does fewer than 32
// flops for each byte it loads (a decode's attention: 128 keys against 8
// queries, 8 flops a byte) is bound by its loads: staged without being
// asked, through as many stages as fit up to 4 (a loop whose math bounds
// it gets 2; K read as it is, V transposed). Each mma is
// cut into steps of 16 along K: a step reads its slice of the stage and
// takes its 16 x 8 sub-tile of the operand in registers (the queries, P),
// so that one step's fragments are live, not a whole tile's.
// CHECK-LABEL: gpu.func @decode
// CHECK: %[[K:.*]] = tile.alloc_shared : !tile.shared<4x128x64xf16>
// CHECK: %[[V:.*]] = tile.alloc_shared : !tile.shared<4x128x64xf16>
// CHECK: scf.for
// CHECK: %[[K0:.*]] = tile.local_load %[[K]][%[[ST:.*]]] offsets [0, 0] : !tile.shared<4x128x64xf16> -> !tile.tile<128x16xf16>
// CHECK: %[[Q0:.*]] = tile.extract %{{.*}} : !tile.tile<64x8xf16> -> !tile.tile<16x8xf16>
// CHECK-NEXT: %[[S0:.*]] = tile.matmul %[[K0]], %[[Q0]] : !tile.tile<128x16xf16>, !tile.tile<16x8xf16> -> !tile.tile<128x8xf32>
// CHECK: tile.local_load %[[K]][%[[ST]]] offsets [0, 48] : !tile.shared<4x128x64xf16> -> !tile.tile<128x16xf16>
// CHECK: %[[V0:.*]] = tile.local_load %[[V]][%[[ST]]] offsets [0, 0] transpose : !tile.shared<4x128x64xf16> -> !tile.tile<64x16xf16>
// CHECK: %[[P0:.*]] = tile.extract %{{.*}} : !tile.tile<128x8xf16> -> !tile.tile<16x8xf16>
// CHECK-NEXT: tile.mma %[[V0]], %[[P0]], %{{.*}} : !tile.tile<64x16xf16>, !tile.tile<16x8xf16>, !tile.tile<64x8xf32>
// CHECK: tile.local_load %[[V]][%[[ST]]] offsets [112, 0] transpose : !tile.shared<4x128x64xf16> -> !tile.tile<64x16xf16>
// CHECK-NOT: tile.load
// CHECK: scf.yield
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @decode(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %i] : !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<64x8xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<64x8xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %s = tile.matmul %kt, %qt : !tile.tile<128x64xf16>, !tile.tile<64x8xf16> -> !tile.tile<128x8xf32>
      %p = tile.math exp2 %s : !tile.tile<128x8xf32>
      %ph = tile.convert %p : !tile.tile<128x8xf32> -> !tile.tile<128x8xf16>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vtt = tile.permute %vt [1, 0] : !tile.tile<128x64xf16> -> !tile.tile<64x128xf16>
      %next = tile.mma %vtt, %ph, %acc : !tile.tile<64x128xf16>, !tile.tile<128x8xf16>, !tile.tile<64x8xf32>
      scf.yield %next : !tile.tile<64x8xf32>
    }
    tile.store %res, %vo[%zero, %i] : !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A tile loaded before two pipelined loops whose warpgroup mmas both take
// it as A (attention's Q, its unmasked and masked loops) is copied once,
// where it was loaded, into a stage both read; one that something else
// also uses (a store) stays in the registers, and so do one that mmas of
// a loop the pass did not pipeline take (nothing there is known to wait
// for its copy) and one loaded in a loop (each of its iterations would
// refill the stage while the previous one's warpgroup mmas may still read
// it).
// CHECK-LABEL: gpu.func @written_by_hand
// CHECK: %[[QH:.*]] = tile.load
// CHECK: tile.shared_mma %[[QH]], %{{.*}}
// CHECK-LABEL: gpu.func @loaded_in_a_loop
// CHECK: scf.for
// CHECK: %[[QL:.*]] = tile.load
// CHECK: tile.shared_mma %[[QL]], %{{.*}} transpose
// CHECK-LABEL: gpu.func @shared_by_two_loops
// CHECK: %[[Q:.*]] = tile.alloc_shared : !tile.shared<1x128x64xf16>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: tile.async_copy %{{.*}}, %[[Q]][%[[C0]]]
// CHECK-NEXT: tile.async_commit
// CHECK-NOT: tile.load
// CHECK: tile.shared_mma %[[Q]][%[[C0]]], %{{.*}} transpose
// CHECK: tile.shared_mma %[[Q]][%[[C0]]], %{{.*}} transpose
// CHECK-LABEL: gpu.func @also_stored
// CHECK: %[[QT:.*]] = tile.load
// CHECK: tile.shared_mma %[[QT]], %{{.*}} transpose
// CHECK: tile.shared_mma %[[QT]], %{{.*}} transpose
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @written_by_hand(%q: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %b = tile.alloc_shared : !tile.shared<2x64x64xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
      tile.async_wait {pending = 0}
      %next = tile.shared_mma %qt, %b[%c0], %acc : !tile.tile<128x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %res, %vo[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @loaded_in_a_loop(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    scf.for %r = %c0 to %n step %c1 {
      %rt = tile.from_scalar %r : index -> !tile.tile<si32>
      %qt = tile.load %vq[%rt, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
        %jt = tile.from_scalar %j : index -> !tile.tile<si32>
        %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
        %next = tile.mma %qt, %ktt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
        scf.yield %next : !tile.tile<128x64xf32>
      }
      tile.store %res, %vo[%rt, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    }
    gpu.return
  }
  gpu.func @shared_by_two_loops(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %h: !tile.array<?x?xf16, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %vh = tile.make_view %h : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %first = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %next = tile.mma %qt, %ktt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    %second = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %first) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %next = tile.mma %qt, %ktt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %second, %vo[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @also_stored(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %h: !tile.array<?x?xf16, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %vh = tile.make_view %h : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %first = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %next = tile.mma %qt, %ktt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    %second = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %first) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %next = tile.mma %qt, %ktt, %acc : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %qt, %vh[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    tile.store %second, %vo[%i, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Stages (32 KiB here) fill 7/8 of the block's shared memory (sm_90a: 227
// KiB), at most 4, shared equally by the multiplying loops whose stages
// may be live at once (a loop and those around or in it; loops one after
// another share their stages' memory), less the largest tile an op
// outside them may move through shared memory: one loop gets 4, each of
// two loops one after the other 4, the inner of two nested loops 3 (the
// outer, whose product the inner loop works on, 2), one beside a permute
// of a 128 KiB tile 2.
// CHECK-LABEL: gpu.func @one_loop
// CHECK-COUNT-2: tile.alloc_shared : !tile.shared<4x
// CHECK-LABEL: gpu.func @two_loops
// CHECK-COUNT-4: tile.alloc_shared : !tile.shared<4x
// CHECK-LABEL: gpu.func @nested_loops
// CHECK-COUNT-2: tile.alloc_shared : !tile.shared<2x
// CHECK: scf.for
// CHECK-COUNT-2: tile.alloc_shared : !tile.shared<3x
// CHECK-LABEL: gpu.func @beside_a_permute
// CHECK-COUNT-2: tile.alloc_shared : !tile.shared<2x
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @one_loop(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
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
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @two_loops(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
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
    %acc2 = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %both = tile.add %acc, %acc2 : !tile.tile<128x128xf32>
    tile.store %both, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @nested_loops(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %outer = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      %inner = scf.for %l = %c0 to %n step %c1 iter_args(%s = %outer) -> (!tile.tile<128x128xf32>) {
        %lt = tile.from_scalar %l : index -> !tile.tile<si32>
        %u = tile.load %va[%kt, %lt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %w = tile.load %vb[%lt, %kt] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %u, %w, %s : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
        scf.yield %next : !tile.tile<128x128xf32>
      }
      scf.yield %inner : !tile.tile<128x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @beside_a_permute(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %d: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %vd = tile.make_view %d : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    %ve = tile.make_view %d : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<256x128, !tile.array<?x?xf32, strides [?, 1]>>
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
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %big = tile.load %vd[%i, %i] : !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.permute %big [1, 0] : !tile.tile<128x256xf32> -> !tile.tile<256x128xf32>
    tile.store %t, %ve[%i, %i] : !tile.view<256x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Stages of 128 KiB: two do not fit in 7/8 of sm_80's shared memory, so the
// loop keeps no shared buffers (its loads move one iteration ahead in
// registers) and the kernel still compiles.
// CHECK-LABEL: gpu.func @stages_too_large
// CHECK-NOT: tile.alloc_shared
// CHECK-NOT: tile.async_copy
// CHECK: scf.for
// CHECK: tile.mma
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @stages_too_large(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<256x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<256x256, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<256x256xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<256x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<256x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<256x128xf16>, !tile.tile<128x256xf16>, !tile.tile<256x256xf32>
      scf.yield %next : !tile.tile<256x256xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<256x256, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Loops one after another share their stages' memory (placeSharedMemory):
// each may take the whole budget of 7/8 of sm_90a's 227 KiB. Two loops of
// attention at head dim 128 over blocks of 128 keys (the unmasked blocks,
// then the masked ones) each get 2 stages of K and V (128 KiB), where half
// the budget each would have fit none and left both on mma.sync.
// CHECK-LABEL: gpu.func @attention_loops
// CHECK: %[[Q:.*]] = tile.alloc_shared : !tile.shared<1x128x128xf16>
// CHECK: %[[K1:.*]] = tile.alloc_shared : !tile.shared<2x128x128xf16>
// CHECK: %[[V1:.*]] = tile.alloc_shared : !tile.shared<2x128x128xf16>
// CHECK: scf.for
// CHECK: tile.shared_mma %[[Q]][%{{.*}}], %[[K1]][%{{.*}}] transpose
// CHECK: tile.shared_mma %{{.*}}, %[[V1]][%{{.*}}]
// CHECK: %[[K2:.*]] = tile.alloc_shared : !tile.shared<2x128x128xf16>
// CHECK: %[[V2:.*]] = tile.alloc_shared : !tile.shared<2x128x128xf16>
// CHECK: scf.for
// CHECK: tile.shared_mma %[[Q]][%{{.*}}], %[[K2]][%{{.*}}] transpose
// CHECK: tile.shared_mma %{{.*}}, %[[V2]][%{{.*}}]
// CHECK-NOT: tile.mma
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @attention_loops(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %full: index, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%i, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x128xf32>
    %cols = tile.iota : !tile.tile<128xsi32>
    %nt = tile.from_scalar %n : index -> !tile.tile<si32>
    %a:2 = scf.for %j = %c0 to %full step %c1 iter_args(%m_i = %m0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x128xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<128x128xf16> -> !tile.tile<128x128xf16>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32>
      %mrow = tile.reduce max %s axes [1] keepdims : !tile.tile<128x128xf32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %sh = tile.sub %s, %m_new promote cutile : !tile.tile<128x128xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x128xf32>
      %p = tile.math exp2 %sh : !tile.tile<128x128xf32>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %pf = tile.convert %p : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %acc_new = tile.mma %pf, %vt, %acc : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32>
      scf.yield %m_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x128xf32>
    }
    %b:2 = scf.for %j = %full to %n step %c1 iter_args(%m_i = %a#0, %acc = %a#1) -> (!tile.tile<128x1xf32>, !tile.tile<128x128xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<128x128xf16> -> !tile.tile<128x128xf16>
      %s = tile.mma %qt, %ktt, %acc0 : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32>
      %valid = tile.cmp lt %cols, %nt promote cutile : !tile.tile<128xsi32>, !tile.tile<si32> -> !tile.tile<128xi1>
      %sm = tile.select %valid, %s, %neg_inf promote cutile : !tile.tile<128xi1>, !tile.tile<128x128xf32>, !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
      %mrow = tile.reduce max %sm axes [1] keepdims : !tile.tile<128x128xf32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %sh = tile.sub %sm, %m_new promote cutile : !tile.tile<128x128xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x128xf32>
      %p = tile.math exp2 %sh : !tile.tile<128x128xf32>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %pf = tile.convert %p : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
      %acc_new = tile.mma %pf, %vt, %acc : !tile.tile<128x128xf16>, !tile.tile<128x128xf16>, !tile.tile<128x128xf32>
      scf.yield %m_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x128xf32>
    }
    tile.store %b#1, %vo[%i, %zero] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Stages of 48 KiB (128x64 and 64x256 of f16) on sm_80: 3 fit in 15/16 of
// its 163 KiB, where nothing but the mma uses the loop's tiles; a loop
// whose tiles also go through a reduction keeps 1/8 for its scratch and
// gets 2.
// CHECK-LABEL: gpu.func @large_stages
// CHECK: tile.alloc_shared : !tile.shared<3x128x64xf16>
// CHECK: tile.alloc_shared : !tile.shared<3x64x256xf16>
// CHECK: tile.async_wait {pending = 1 : i64}
// CHECK-LABEL: gpu.func @large_stages_scratch
// CHECK: tile.alloc_shared : !tile.shared<2x128x64xf16>
// CHECK: tile.alloc_shared : !tile.shared<2x64x256xf16>
// CHECK: tile.async_wait {pending = 0 : i64}
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @large_stages(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
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
    tile.store %acc, %vc[%i, %i] : !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @large_stages_scratch(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %d: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    %vd = tile.make_view %d : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vs = tile.make_view %d : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x1, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %none = tile.constant dense<0.0> : !tile.tile<128x1xf32>
    %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero, %rows = %none) -> (!tile.tile<128x256xf32>, !tile.tile<128x1xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
      %z = tile.load %vd[%i, %kt] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %r = tile.reduce sum %z axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %more = tile.add %rows, %r : !tile.tile<128x1xf32>
      scf.yield %next, %more : !tile.tile<128x256xf32>, !tile.tile<128x1xf32>
    }
    tile.store %acc#0, %vc[%i, %i] : !tile.view<128x256, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %acc#1, %vs[%i, %i] : !tile.view<128x1, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A loop bound by its loads takes as many stages as fit, up to 4 (48 KiB
// a stage on sm_90a: 4); one whose body also reduces a 64 KiB tile it
// computed keeps room for that scratch beyond what the pass reserves for
// the body (1/8 of the block's shared memory): 3.
// CHECK-LABEL: gpu.func @deep
// CHECK: tile.alloc_shared : !tile.shared<4x128x64xf16>
// CHECK: tile.alloc_shared : !tile.shared<4x128x128xf16>
// CHECK-LABEL: gpu.func @with_scratch
// CHECK: tile.alloc_shared : !tile.shared<3x128x64xf16>
// CHECK: tile.alloc_shared : !tile.shared<3x128x128xf16>
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @deep(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x8, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %i] : !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x8xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x8xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %s = tile.matmul %kt, %qt : !tile.tile<128x64xf16>, !tile.tile<64x8xf16> -> !tile.tile<128x8xf32>
      %p = tile.math exp2 %s : !tile.tile<128x8xf32>
      %ph = tile.convert %p : !tile.tile<128x8xf32> -> !tile.tile<128x8xf16>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vtt = tile.permute %vt [1, 0] : !tile.tile<128x128xf16> -> !tile.tile<128x128xf16>
      %next = tile.mma %vtt, %ph, %acc : !tile.tile<128x128xf16>, !tile.tile<128x8xf16>, !tile.tile<128x8xf32>
      scf.yield %next : !tile.tile<128x8xf32>
    }
    tile.store %res, %vo[%i, %zero] : !tile.view<128x8, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @with_scratch(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>, %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x8, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %i] : !tile.view<64x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x8xf32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x8xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %s = tile.matmul %kt, %qt : !tile.tile<128x64xf16>, !tile.tile<64x8xf16> -> !tile.tile<128x8xf32>
      %p = tile.math exp2 %s : !tile.tile<128x8xf32>
      %ph = tile.convert %p : !tile.tile<128x8xf32> -> !tile.tile<128x8xf16>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vtt = tile.permute %vt [1, 0] : !tile.tile<128x128xf16> -> !tile.tile<128x128xf16>
      %vf = tile.convert %vt : !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
      %vs = tile.reduce sum %vf axes [1] : !tile.tile<128x128xf32> -> !tile.tile<128xf32>
      %ve = tile.expand_dims %vs, 1 : !tile.tile<128xf32> -> !tile.tile<128x1xf32>
      %vb = tile.broadcast %ve : !tile.tile<128x1xf32> -> !tile.tile<128x8xf32>
      %prod = tile.mma %vtt, %ph, %acc : !tile.tile<128x128xf16>, !tile.tile<128x8xf16>, !tile.tile<128x8xf32>
      %next = tile.add %prod, %vb : !tile.tile<128x8xf32>
      scf.yield %next : !tile.tile<128x8xf32>
    }
    tile.store %res, %vo[%i, %zero] : !tile.view<128x8, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
