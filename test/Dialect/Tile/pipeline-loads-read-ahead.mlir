// tile-pipeline-loads (read-ahead, on by default) on a cp.async pipeline
// whose iteration only reads its stage into mma.sync steps, where each
// warp's share of the product is 1024 elements or more: a version of the
// loop for tile blocks whose copies all lie inside the arrays. Before the
// loop, the copies' tiles at the first iteration that copies in the loop
// (S - 1) and at the last (n - 1) are checked against the arrays' extents;
// indices affine in the iteration lie inside at every iteration between.
// That version's copies are `inside` (no bounds checks), and it reads in the
// order of Ampere's GEMMs: the first stage's wait and first K step before
// the loop, which carries the step; each iteration multiplies it at once,
// then starts its copies ahead, reads and multiplies the middle steps,
// reads its last step, waits for the next stage (the wait is a barrier,
// after every read of the stage the next iteration's copies refill), reads
// that stage's first step and only then multiplies its last. The other
// version is the loop as it is. With 1024 elements of the product a warp
// (64x64 over 4 warps), the copies ahead keep their branch (@wide below).
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads | FileCheck %s
// The carried steps keep the fragments' layout: no conversion in the loop.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads --tile-assign-layouts | FileCheck %s --check-prefix=LAYOUT

// CHECK-LABEL: gpu.func @matmul
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x64x32xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x32x64xf16>
// CHECK-COUNT-3: tile.async_commit
// CHECK-NOT: tile.async_commit
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[LAST:.*]] = arith.subi %[[N:.*]], %{{.*}} : index
// CHECK: tile.from_scalar %[[FIRST]]
// CHECK-COUNT-2: tile.array_dim %arg0
// CHECK-COUNT-2: tile.array_dim %arg1
// CHECK: tile.from_scalar %[[LAST]]
// CHECK-COUNT-2: tile.array_dim %arg0
// CHECK-COUNT-2: tile.array_dim %arg1
// CHECK: arith.cmpi sle
// CHECK: scf.if %{{.*}} -> (!tile.tile<64x64xf32>, index, index) {
// CHECK-NEXT: tile.async_wait {pending = 2 : i64}
// CHECK-NEXT: %[[X0:.*]] = tile.local_load %[[A]][%[[ZERO]]] offsets [0, 0] : !tile.shared<4x64x32xf16> -> !tile.tile<64x16xf16>
// CHECK-NEXT: %[[Y0:.*]] = tile.local_load %[[B]][%[[ZERO]]] offsets [0, 0] : !tile.shared<4x32x64xf16> -> !tile.tile<16x64xf16>
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[STAGE:.*]] = %[[ZERO]], %[[NEXT:.*]] = %[[THREE]], %[[X:.*]] = %[[X0]], %[[Y:.*]] = %[[Y0]]) -> (!tile.tile<64x64xf32>, index, index, !tile.tile<64x16xf16>, !tile.tile<16x64xf16>)
// CHECK-NOT: tile.local_load
// CHECK: %[[P0:.*]] = tile.mma %[[X]], %[[Y]], %[[ACC]]
// CHECK-NEXT: scf.if
// CHECK: tile.async_copy %{{.*}}, %[[A]][%[[NEXT]]] inside :
// CHECK: tile.async_copy %{{.*}}, %[[B]][%[[NEXT]]] inside :
// CHECK: tile.async_commit
// CHECK-NEXT: %[[X1:.*]] = tile.local_load %[[A]][%[[STAGE]]] offsets [0, 16]
// CHECK-NEXT: %[[Y1:.*]] = tile.local_load %[[B]][%[[STAGE]]] offsets [16, 0]
// CHECK-NEXT: tile.async_wait {pending = 2 : i64}
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[STAGE]], %[[ONE]] : index
// CHECK-NEXT: %[[W1:.*]] = arith.cmpi eq, %[[S1]], %[[FOUR]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[W1]], %[[ZERO]], %[[S1]] : index
// CHECK-NEXT: %[[XN:.*]] = tile.local_load %[[A]][%[[S2]]] offsets [0, 0]
// CHECK-NEXT: %[[YN:.*]] = tile.local_load %[[B]][%[[S2]]] offsets [0, 0]
// CHECK-NEXT: %[[P1:.*]] = tile.mma %[[X1]], %[[Y1]], %[[P0]]
// CHECK: scf.yield %[[P1]], %{{.*}}, %{{.*}}, %[[XN]], %[[YN]] : !tile.tile<64x64xf32>, index, index, !tile.tile<64x16xf16>, !tile.tile<16x64xf16>
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.async_wait {pending = 2 : i64}
// CHECK: tile.async_copy %{{.*}}, %[[A]][%{{.*}}] :
// CHECK: tile.local_load %[[A]][%{{.*}}] offsets [0, 0]
// CHECK: tile.mma
// CHECK: tile.mma
// CHECK-NOT: tile.async_wait
// CHECK: tile.store

// LAYOUT-LABEL: gpu.func @matmul
// LAYOUT: scf.if
// LAYOUT: tile.local_load {{.*}} -> !tile.tile<64x16xf16, #mma_operand>
// LAYOUT: tile.local_load {{.*}} -> !tile.tile<16x64xf16, #mma_operand1>
// LAYOUT: scf.for {{.*}} -> (!tile.tile<64x64xf32, #mma_accumulator>, index, index, !tile.tile<64x16xf16, #mma_operand>, !tile.tile<16x64xf16, #mma_operand1>)
// LAYOUT-NOT: tile.convert_layout
// LAYOUT: tile.store
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

// A 16x32 product over 4 warps (128 elements a warp, one mma.sync a step):
// the read-ahead lost there (docs/performance.md), so one loop, as it is.
// CHECK-LABEL: gpu.func @skinny
// CHECK-NOT: tile.array_dim
// CHECK-NOT: inside
// CHECK: scf.for
// CHECK-NEXT: tile.async_wait {pending = 2 : i64}
// CHECK-NOT: scf.for
// CHECK-NOT: tile.load
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @skinny(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<16x32xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<16x32xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<16x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<16x128xf16>, !tile.tile<128x32xf16>, !tile.tile<16x32xf32>
      scf.yield %next : !tile.tile<16x32xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A 128x64 product over 4 warps (2048 elements a warp): in the inside
// version the copies ahead are made on every iteration with no branch
// around them, of the tiles of iteration min(ahead, n - 1) (past the last
// iteration, the last tile again, into a stage nothing reads), and the
// thread waits for all its copies after the loop.
// CHECK-LABEL: gpu.func @wide
// CHECK: %[[A:.*]] = tile.alloc_shared : !tile.shared<4x128x32xf16>
// CHECK: %[[B:.*]] = tile.alloc_shared : !tile.shared<4x32x64xf16>
// CHECK: scf.if %{{.*}} -> (!tile.tile<128x64xf32>, index, index) {
// CHECK: %[[END:.*]] = arith.subi %[[N:.*]], %{{.*}} : index
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[STAGE:.*]] = %{{.*}}, %[[NEXT:.*]] = %{{.*}}, %[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (!tile.tile<128x64xf32>, index, index, !tile.tile<128x16xf16>, !tile.tile<16x64xf16>)
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT: %[[P0:.*]] = tile.mma %[[X]], %[[Y]], %[[ACC]]
// CHECK-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[AHEAD]], %[[END]] : index
// CHECK-NEXT: %[[KT:.*]] = tile.from_scalar %[[CLAMPED]]
// CHECK-NEXT: tile.async_copy %{{.*}}[%{{.*}}, %[[KT]]], %[[A]][%[[NEXT]]] inside :
// CHECK-NEXT: tile.async_copy %{{.*}}[%[[KT]], %{{.*}}], %[[B]][%[[NEXT]]] inside :
// CHECK-NEXT: tile.async_commit
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: tile.async_wait {pending = 0 : i64}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.for
// CHECK: arith.cmpi slt
// CHECK-NEXT: scf.if
// CHECK: tile.async_copy %{{.*}}, %[[A]][%{{.*}}] :
// CHECK: tile.store
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @wide(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
