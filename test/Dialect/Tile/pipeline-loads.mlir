// tile-pipeline-loads: the tiles an mma multiplies are loaded one iteration
// ahead (the first before the loop, the next at the start of each
// iteration), carried by the loop; so are those of loops without products
// that write no memory.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK: %[[K0:.*]] = tile.from_scalar %[[LB:.*]] : index -> !tile.tile<si32>
// CHECK: %[[X0:.*]] = tile.load %{{.*}}[%{{.*}}, %[[K0]]]
// CHECK: %[[Y0:.*]] = tile.load
// CHECK: %{{.*}}:3 = scf.for %[[K:.*]] = %[[LB]] to %{{.*}} step %[[STEP:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[X:.*]] = %[[X0]], %[[Y:.*]] = %[[Y0]])
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[STEP]] : index
// CHECK-NEXT: %[[KT:.*]] = tile.from_scalar %[[NEXT]]
// CHECK-NEXT: %[[X1:.*]] = tile.load %{{.*}}[%{{.*}}, %[[KT]]]
// CHECK: %[[Y1:.*]] = tile.load
// CHECK-NEXT: %[[P:.*]] = tile.mma %[[X]], %[[Y]], %[[ACC]]
// CHECK-NEXT: scf.yield %[[P]], %[[X1]], %[[Y1]]
func.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %n: index) -> !tile.tile<32x32xf32> {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>>
  %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
  %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
    %kt = tile.from_scalar %k : index -> !tile.tile<si32>
    %x = tile.load %va[%i, %kt] : !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>>
    %y = tile.load %vb[%kt, %i] : !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>>
    %next = tile.mma %x, %y, %sum : !tile.tile<32x16xf16>, !tile.tile<16x32xf16>, !tile.tile<32x32xf32>
    scf.yield %next : !tile.tile<32x32xf32>
  }
  return %acc : !tile.tile<32x32xf32>
}

// -----

// Not pipelined: a load whose index is carried by the loop (it depends on
// the previous iteration), and a load nothing multiplies.
// CHECK-LABEL: func.func @carried
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!tile.tile<32x32xf32>, !tile.tile<si32>) {
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.load
func.func @carried(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<32x32xf32> {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
  %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
  %one = tile.constant dense<1> : !tile.tile<si32>
  %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero, %j = %i) -> (!tile.tile<32x32xf32>, !tile.tile<si32>) {
    %x = tile.load %va[%j, %j] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %z = tile.load %vc[%j, %j] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %p = tile.mma %x, %x, %sum : !tile.tile<32x32xf16>, !tile.tile<32x32xf16>, !tile.tile<32x32xf32>
    %q = tile.add %p, %z : !tile.tile<32x32xf32>
    %jn = tile.add %j, %one : !tile.tile<si32>
    scf.yield %q, %jn : !tile.tile<32x32xf32>, !tile.tile<si32>
  }
  return %acc#0 : !tile.tile<32x32xf32>
}

// -----

// Not pipelined: a loop whose mma operand is an atomic load (a memory
// order), which must stay in its own iteration.
// CHECK-LABEL: func.func @ordered
// CHECK-NOT: tile.load
// CHECK: scf.for
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] memory acquire scope device
func.func @ordered(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %n: index) -> !tile.tile<32x32xf32> {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>>
  %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<32x32xf32>
  %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x32xf32>) {
    %kt = tile.from_scalar %k : index -> !tile.tile<si32>
    %x = tile.load %va[%i, %kt] memory acquire scope device : !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>>
    %y = tile.load %vb[%kt, %i] : !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>>
    %next = tile.mma %x, %y, %sum : !tile.tile<32x16xf16>, !tile.tile<16x32xf16>, !tile.tile<32x32xf32>
    scf.yield %next : !tile.tile<32x32xf32>
  }
  return %acc : !tile.tile<32x32xf32>
}

// -----

// A loop without products (a column sum over row tiles) whose body writes
// no memory: its load one iteration ahead in registers too (128 bytes a
// thread at 4 warps, within prefetch-bytes and more than a quarter of it).
// The loop asks LLVM not to unroll it at run time (which would start a
// second iteration's loads ahead).
// CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<runtimeDisable = true>
// CHECK-DAG: #[[NO_RUNTIME_UNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @column_sum
// CHECK: %[[X0:.*]] = tile.load
// CHECK: %{{.*}}:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[X:.*]] = %[[X0]])
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[STEP]] : index
// CHECK-NEXT: %[[IT:.*]] = tile.from_scalar %[[NEXT]]
// CHECK-NEXT: %[[X1:.*]] = tile.load %{{.*}}[%[[IT]], %{{.*}}]
// CHECK-NEXT: %[[SUM:.*]] = tile.add %[[ACC]], %[[X]]
// CHECK-NEXT: scf.yield %[[SUM]], %[[X1]]
// CHECK-NEXT: } {llvm.loop_annotation = #[[NO_RUNTIME_UNROLL]]}
func.func @column_sum(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<32x128xf32> attributes {tile.num_warps = 4} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<32x128xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x128xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    %next = tile.add %sum, %x : !tile.tile<32x128xf32>
    scf.yield %next : !tile.tile<32x128xf32>
  }
  return %acc : !tile.tile<32x128xf32>
}

// -----

// Where the launch leaves the SMs fewer than 16 warps each (64 tile blocks
// of 8 warps on 132 SMs, as a JIT says with tile.grid_blocks and
// tile.multiprocessors), tiles of at most a quarter of prefetch-bytes a
// thread (8x256 float32 at 8 warps: 32 bytes) are loaded two iterations
// ahead: the first two before the loop, the one two ahead first in the
// body, the one after this iteration's passed on. The same kernel for a
// grid that fills the device, or one the compiler is not told, loads one
// iteration ahead.
// CHECK-LABEL: func.func @column_sum_small
// CHECK: %[[X0:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}]
// CHECK: %[[SECOND:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[T1:.*]] = tile.from_scalar %[[SECOND]]
// CHECK: %[[X1:.*]] = tile.load %{{.*}}[%[[T1]], %{{.*}}]
// CHECK: %{{.*}}:3 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[X:.*]] = %[[X0]], %[[Y:.*]] = %[[X1]])
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[AHEAD:.*]] = arith.muli %[[STEP]], %[[TWO]] : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[AHEAD]] : index
// CHECK-NEXT: %[[IT:.*]] = tile.from_scalar %[[NEXT]]
// CHECK-NEXT: %[[X2:.*]] = tile.load %{{.*}}[%[[IT]], %{{.*}}]
// CHECK-NEXT: %[[SUM:.*]] = tile.add %[[ACC]], %[[X]]
// CHECK-NEXT: scf.yield %[[SUM]], %[[Y]], %[[X2]]
// CHECK-LABEL: func.func @column_sum_full_grid
// CHECK: %{{.*}}:2 = scf.for
// CHECK-LABEL: func.func @column_sum_unknown_grid
// CHECK: %{{.*}}:2 = scf.for
func.func @column_sum_small(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<8x256xf32> attributes {tile.num_warps = 8, tile.grid_blocks = 64, tile.multiprocessors = 132} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<8x256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<8x256xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
    %next = tile.add %sum, %x : !tile.tile<8x256xf32>
    scf.yield %next : !tile.tile<8x256xf32>
  }
  return %acc : !tile.tile<8x256xf32>
}
func.func @column_sum_full_grid(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<8x256xf32> attributes {tile.num_warps = 8, tile.grid_blocks = 8192, tile.multiprocessors = 132} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<8x256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<8x256xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
    %next = tile.add %sum, %x : !tile.tile<8x256xf32>
    scf.yield %next : !tile.tile<8x256xf32>
  }
  return %acc : !tile.tile<8x256xf32>
}
func.func @column_sum_unknown_grid(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<8x256xf32> attributes {tile.num_warps = 8} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<8x256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<8x256xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<8x256, !tile.array<?x?xf32, strides [?, 1]>>
    %next = tile.add %sum, %x : !tile.tile<8x256xf32>
    scf.yield %next : !tile.tile<8x256xf32>
  }
  return %acc : !tile.tile<8x256xf32>
}

// -----

// Not prefetched: a body that stores (a load ahead could pass the store
// to an array it reads), and tiles larger than prefetch-bytes a thread
// (64 KiB at 1 warp: 2 KiB a thread).
// CHECK-LABEL: func.func @stores
// CHECK: scf.for
// CHECK-NEXT: tile.from_scalar
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.store
// CHECK-LABEL: func.func @large
// CHECK: scf.for
// CHECK-NEXT: tile.from_scalar
// CHECK-NEXT: tile.load
func.func @stores(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %n: index) attributes {tile.num_warps = 4} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %x, %vb[%it, %j] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  }
  return
}
func.func @large(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: index) -> !tile.tile<64x256xf32> attributes {tile.num_warps = 1} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf32, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<64x256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x256xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<64x256, !tile.array<?x?xf32, strides [?, 1]>>
    %next = tile.add %sum, %x : !tile.tile<64x256xf32>
    scf.yield %next : !tile.tile<64x256xf32>
  }
  return %acc : !tile.tile<64x256xf32>
}

// -----

// Not prefetched where the loads twice over and the tiles live through the
// body pass a thread's registers at the block's size, less 32 (96 of 128
// at 16 warps, 384 bytes): a layer norm's 32x1024 float32 sum of bfloat16
// tiles (256 + 2 x 128 bytes a thread), and a loop whose rows from outside
// are broadcast to such tiles in it (two 32x1024 float32 rows, 2 x 256 +
// 2 x 128). Half the sum (16x1024: 128 + 2 x 64) is prefetched.
// CHECK-LABEL: func.func @crowded_sum
// CHECK: scf.for
// CHECK-NEXT: tile.from_scalar
// CHECK-NEXT: tile.load
// CHECK-LABEL: func.func @crowded_rows
// CHECK: scf.for
// CHECK-NEXT: tile.from_scalar
// CHECK-NEXT: tile.load
// CHECK-LABEL: func.func @half_sum
// CHECK: tile.load
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT: arith.addi
func.func @crowded_sum(%a: !tile.array<?x?xbf16, strides [?, 1]>, %n: index) -> !tile.tile<32x1024xf32> attributes {tile.num_warps = 16} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<32x1024, !tile.array<?x?xbf16, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<32x1024xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<32x1024xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<32x1024, !tile.array<?x?xbf16, strides [?, 1]>>
    %f = tile.convert %x : !tile.tile<32x1024xbf16> -> !tile.tile<32x1024xf32>
    %next = tile.add %sum, %f : !tile.tile<32x1024xf32>
    scf.yield %next : !tile.tile<32x1024xf32>
  }
  return %acc : !tile.tile<32x1024xf32>
}
func.func @crowded_rows(%a: !tile.array<?x?xbf16, strides [?, 1]>, %mean: !tile.tile<1x1024xf32>, %rstd: !tile.tile<1x1024xf32>, %n: index) -> !tile.tile<1x1024xf32> attributes {tile.num_warps = 16} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<32x1024, !tile.array<?x?xbf16, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<1x1024xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<1x1024xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<32x1024, !tile.array<?x?xbf16, strides [?, 1]>>
    %f = tile.convert %x : !tile.tile<32x1024xbf16> -> !tile.tile<32x1024xf32>
    %m = tile.broadcast %mean : !tile.tile<1x1024xf32> -> !tile.tile<32x1024xf32>
    %r = tile.broadcast %rstd : !tile.tile<1x1024xf32> -> !tile.tile<32x1024xf32>
    %d = tile.sub %f, %m : !tile.tile<32x1024xf32>
    %s = tile.mul %d, %r : !tile.tile<32x1024xf32>
    %t = tile.reduce sum %s axes [0] keepdims : !tile.tile<32x1024xf32> -> !tile.tile<1x1024xf32>
    %next = tile.add %sum, %t : !tile.tile<1x1024xf32>
    scf.yield %next : !tile.tile<1x1024xf32>
  }
  return %acc : !tile.tile<1x1024xf32>
}
func.func @half_sum(%a: !tile.array<?x?xbf16, strides [?, 1]>, %n: index) -> !tile.tile<16x1024xf32> attributes {tile.num_warps = 16} {
  %j = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<16x1024, !tile.array<?x?xbf16, strides [?, 1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<16x1024xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<16x1024xf32>) {
    %it = tile.from_scalar %i : index -> !tile.tile<si32>
    %x = tile.load %va[%it, %j] : !tile.view<16x1024, !tile.array<?x?xbf16, strides [?, 1]>>
    %f = tile.convert %x : !tile.tile<16x1024xbf16> -> !tile.tile<16x1024xf32>
    %next = tile.add %sum, %f : !tile.tile<16x1024xf32>
    scf.yield %next : !tile.tile<16x1024xf32>
  }
  return %acc : !tile.tile<16x1024xf32>
}
