// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// A whole tile inside the array and aligned: 16-byte vector loads and
// stores without masks. Otherwise element by element inside the array
// (each register's constant offset compared with the thread's room before
// and after the array's ends, computed once), a predicated load each, the
// padding (here -inf) for the rest, gathered into the same vectors; the
// registers come out of the vectors after the branch. The stores of a
// partial tile: a branch around each.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[B:.*]]: !llvm.ptr<1>, %{{.*}}: i32) kernel
// CHECK-SAME: cudapy.signature = [{element = "f32", element_bits = 32 : i64, element_bytes = 4 : i64, kind = "tile_array", params = 2 : i64, rank = 1 : i64, shape = array<i64: -1>, strides = array<i64: 1>
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: arith.cmpi sgt, %{{.*}}, %c{{[0-9]+}}_i32{{[_0-9]*}} : i32
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 ld.global.b32 $0, [$2];", "=r,b,l,0"
// CHECK: llvm.insertelement
// CHECK: llvm.extractelement
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-NOT: st.global
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
gpu.module @m {
  gpu.func @copy(%a: !tile.array<?xf32, strides [1]>, %b: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
    %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    tile.store %x, %vb[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// One element a thread (256 float8 elements over 8 warps): the element's
// own check is the only one, by a predicated load and a predicated store,
// no whole-tile branch. A tile smaller than the threads (64 elements over
// 4 warps: each thread holds a copy) loads the same way and stores where
// the thread owns its element.
// CHECK-LABEL: gpu.func @one_each
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 ld.global.b8 $0, [$2];", "=h,b,l,0"
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.b8 [$1], $2;", "b,l,h"
// CHECK-NOT: scf.if
// CHECK-LABEL: gpu.func @copies
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 ld.global.b32 $0, [$2];", "=r,b,l,0"
// CHECK: %[[OWNER:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.b32 [$1], $2;", "b,l,r" %[[OWNER]]
gpu.module @m {
  gpu.func @one_each(%a: !tile.array<?xf8E4M3FN, strides [1]>, %b: !tile.array<?xf8E4M3FN, strides [1]>) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<256, !tile.array<?xf8E4M3FN, strides [1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<256, !tile.array<?xf8E4M3FN, strides [1]>>
    %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf8E4M3FN, strides [1]>, padding zero>
    tile.store %x, %vb[%i] : !tile.view<256, !tile.array<?xf8E4M3FN, strides [1]>>
    gpu.return
  }
  gpu.func @copies(%a: !tile.array<?xf32, strides [1]>, %b: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %x = tile.load %va[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>, padding zero>
    tile.store %x, %vb[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// A row maximum over 4 warps: in the thread, 5 butterfly shuffles, then
// across the warps lanes 0-3 of each warp (and 4-7, ...) read one warp's
// partial each from shared memory and fold them by 2 more butterflies;
// float rounding modes in PTX.
// CHECK: llvm.mlir.global internal @__tile_shared_scratch_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f32>
// CHECK-LABEL: gpu.func @row_max
// CHECK-COUNT-3: arith.maxnumf
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: llvm.mlir.addressof @__tile_shared_scratch_0
// CHECK: gpu.barrier
// CHECK: llvm.load
// CHECK-NOT: llvm.load
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32
// CHECK-NEXT: arith.maxnumf
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32
// CHECK-NEXT: arith.maxnumf
// CHECK-NOT: gpu.shuffle
// CHECK: llvm.inline_asm {{.*}}"add.rz.ftz.f32 $0, $1, $2;", "=f,f,f"
gpu.module @m {
  gpu.func @row_max(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    %m = tile.reduce max %x axes [1] keepdims : !tile.tile<1x512xf32> -> !tile.tile<1x1xf32>
    %b = tile.broadcast %m : !tile.tile<1x1xf32> -> !tile.tile<1x512xf32>
    %y = tile.add %x, %b rounding rz ftz : !tile.tile<1x512xf32>
    tile.store %y, %v[%i, %i] : !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A transpose converts its layout through shared memory, rows padded by one
// element: 64 x 65 floats.
// CHECK: llvm.mlir.global internal @__tile_shared_scratch_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4160 x f32>
// CHECK-LABEL: gpu.func @transpose
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  gpu.func @transpose(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.permute %x [1, 0] : !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
    tile.store %t, %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A gather loads each element where its index is inside the array (an
// unsigned compare: negative indices are outside) and the mask holds, the
// padding (zero by default) elsewhere, by a predicated load (no branch); a
// scatter stores under the same conditions, by a predicated store.
// CHECK-LABEL: gpu.func @gather
// CHECK: %[[WIDE:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[N:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[WIDE]], %[[N]] : i64
// CHECK: %[[COND:.*]] = arith.andi %[[IN]], %{{.*}} : i1
// CHECK: %[[ADDRESS:.*]] = llvm.getelementptr
// CHECK: %[[PADDING:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$1 ld.global.b32 $0, [$2];", "=r,b,l,0" %[[COND]], %[[ADDRESS]], %[[PADDING]] : (i1, !llvm.ptr<1>, i32) -> i32
// CHECK-NOT: scf.if
// CHECK: arith.cmpi ult
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.b32 [$1], $2;", "b,l,r"
gpu.module @m {
  gpu.func @gather(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %idx = tile.iota : !tile.tile<32xsi32>
    %zero = tile.constant dense<0> : !tile.tile<32xsi32>
    %m = tile.cmp gt %idx, %zero : !tile.tile<32xsi32>
    %g = tile.gather %a[%idx] mask %m : !tile.array<?xf32, strides [1]>[!tile.tile<32xsi32>], !tile.tile<32xi1> -> !tile.tile<32xf32>
    tile.scatter %g, %o[%idx] : !tile.tile<32xf32>, !tile.array<?xf32, strides [1]>[!tile.tile<32xsi32>]
    gpu.return
  }
}

// -----

// A constant that is not a splat is a table in global memory, read at each
// element's row-major position.
// CHECK: llvm.mlir.global internal constant @__tile_constant_0(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-LABEL: gpu.func @dense
// CHECK: llvm.mlir.addressof @__tile_constant_0 : !llvm.ptr<1>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
gpu.module @m {
  gpu.func @dense(%a: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<2, !tile.array<?xf32, strides [1]>>
    %c = tile.constant dense<[1.0, 2.0]> : !tile.tile<2xf32>
    tile.store %c, %v[%i] : !tile.view<2, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// Pointer tiles: offsets are GEPs in elements; atomics per element with
// the memory order and scope (cmpxchg on the bits of floats). A releasing
// atomic waits for the block's threads first, an acquiring one has them
// wait for it; a relaxed one neither. The 32 elements are one a thread of
// warp 0; warp 1 holds copies, which read their old values from shared
// memory.
// CHECK-LABEL: gpu.func @atomics
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// The release's wait.
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("block") acq_rel acquire {alignment = 4 : i64} : !llvm.ptr<1>, i32
// CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i1)>
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK-NOT: llvm.store
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
gpu.module @m {
  gpu.func @atomics(%p: !tile.tile<!tile.ptr<f32>>) kernel attributes {tile.num_warps = 2} {
    %pb = tile.broadcast %p : !tile.tile<!tile.ptr<f32>> -> !tile.tile<32x!tile.ptr<f32>>
    %io = tile.iota : !tile.tile<32xsi32>
    %q = tile.offset %pb, %io : !tile.tile<32x!tile.ptr<f32>>, !tile.tile<32xsi32>
    %x = tile.load_ptr %q : !tile.tile<32x!tile.ptr<f32>> -> !tile.tile<32xf32>
    %old = tile.atomic_rmw add %q, %x memory relaxed scope device : !tile.tile<32x!tile.ptr<f32>>, !tile.tile<32xf32>
    %cas = tile.atomic_cas %q, %x, %old memory acq_rel scope block : !tile.tile<32x!tile.ptr<f32>>, !tile.tile<32xf32>
    tile.store_ptr %cas, %q : !tile.tile<32xf32>, !tile.tile<32x!tile.ptr<f32>>
    gpu.return
  }
}

// -----

// An array's base pointer and strides are its kernel parameters: element
// (i, j) of an array is its base advanced by i * stride0 + j (atomics on
// array elements address them so).
// CHECK-LABEL: gpu.func @array_elements(
// CHECK-SAME: %[[BASE:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %[[STRIDE:[^:]*]]: i64
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %[[STRIDE]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[ROW]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// A rank-0 atomic, which every thread holds, happens once: in the first
// thread, whose old value the others read from shared memory.
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK: %[[OLD:.*]] = scf.if %[[FIRST]] -> (f32) {
// CHECK: llvm.atomicrmw fadd %[[P]]
// CHECK: llvm.store %[[OLD]], %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: %[[SHARED:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[SHARED]] : f32 to i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.b32 [$1], $2;", "b,l,r" %{{.*}}, %{{.*}}, %[[BITS]]
gpu.module @m {
  gpu.func @array_elements(%a: !tile.array<?x?xf32, strides [?, 1]>, %i: !tile.tile<si64>) kernel attributes {tile.num_warps = 1} {
    %base = tile.array_base %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.tile<!tile.ptr<f32>>
    %stride = tile.array_stride %a, 0 : !tile.array<?x?xf32, strides [?, 1]>
    %row = tile.mul %i, %stride : !tile.tile<si64>
    %p = tile.offset %base, %row : !tile.tile<!tile.ptr<f32>>, !tile.tile<si64>
    %one = tile.constant dense<1.0> : !tile.tile<f32>
    %old = tile.atomic_rmw add %p, %one memory relaxed scope device : !tile.tile<!tile.ptr<f32>>, !tile.tile<f32>
    %q = tile.offset %base, %i : !tile.tile<!tile.ptr<f32>>, !tile.tile<si64>
    tile.store_ptr %old, %q : !tile.tile<f32>, !tile.tile<!tile.ptr<f32>>
    gpu.return
  }
}

// -----

// expand_dims of a reduction's slice gives its parent layout: registers
// only. A reshape between unrelated layouts, an extract at an index known
// at run time and cat go through shared memory (one buffer each; rows of 32 or more padded by one
// element, by 16 bytes where both sides move 4-element vectors along the
// rows, as the reshape does: 16 x (32 + 4)).
// CHECK-DAG: llvm.mlir.global internal @__tile_shared_scratch_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<576 x f32>
// CHECK-DAG: llvm.mlir.global internal @__tile_shared_scratch_1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x f32>
// CHECK-DAG: llvm.mlir.global internal @__tile_shared_scratch_2() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1056 x f32>
// CHECK-NOT: __tile_shared_scratch_3
// CHECK-LABEL: gpu.func @moves
// The reshape: each thread's row of 4 in, 4 of a row out (twice).
// CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-2: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// The extract: element by element.
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
gpu.module @m {
  gpu.func @moves(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%z, %z] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
    %s = tile.reduce sum %x axes [1] : !tile.tile<16x32xf32> -> !tile.tile<16xf32>
    %e = tile.expand_dims %s, 1 : !tile.tile<16xf32> -> !tile.tile<16x1xf32>
    %b = tile.broadcast %e : !tile.tile<16x1xf32> -> !tile.tile<16x32xf32>
    %y = tile.add %x, %b : !tile.tile<16x32xf32>
    %r = tile.reshape %y : !tile.tile<16x32xf32> -> !tile.tile<32x16xf32>
    %bid = tile.bid 0
    %t = tile.extract %r[%bid, %z] : !tile.tile<32x16xf32> -> !tile.tile<16x16xf32>
    %c = tile.cat %y, %y, 0 : !tile.tile<16x32xf32> -> !tile.tile<32x32xf32>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    %vc = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %t, %vo[%z, %z] : !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %c, %vc[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// An inclusive scan: in the thread, Hillis-Steele shuffles up (down when
// reversed) across lanes, the warp's total from its last lane; across the
// warps, lane t reads warp t's total from shared memory, the lanes scan
// them (one step for two warps), and each thread takes its warp's
// predecessor's and the last warp's from them. Sums and integer maxima
// have exact identities: no validity flags (i32 shuffles alone).
// CHECK-LABEL: gpu.func @scan
// CHECK-NOT: arith.extui
// CHECK-COUNT-5: gpu.shuffle  up %{{.*}} : i32
// CHECK: gpu.shuffle  idx
// CHECK: gpu.barrier
// CHECK-NOT: gpu.shuffle
// CHECK: %[[TOTAL:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.load
// CHECK: %[[OTHER:.*]], %{{.*}} = gpu.shuffle  up %[[TOTAL]]
// CHECK-NOT: gpu.shuffle
// CHECK: arith.addi %[[OTHER]], %[[TOTAL]] : i32
// CHECK-NOT: gpu.shuffle  up
// CHECK: gpu.shuffle  idx
// CHECK-NOT: gpu.shuffle  up
// CHECK: gpu.shuffle  idx
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: gpu.shuffle  down
gpu.module @m {
  gpu.func @scan(%a: !tile.array<?xsi32, strides [1]>) kernel attributes {tile.num_warps = 2} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<512, !tile.array<?xsi32, strides [1]>>
    %x = tile.load %v[%z] : !tile.view<512, !tile.array<?xsi32, strides [1]>>
    %s = tile.scan sum %x axis 0 : !tile.tile<512xsi32>
    %r = tile.scan max %s axis 0 reverse : !tile.tile<512xsi32>
    tile.store %r, %v[%z] : !tile.view<512, !tile.array<?xsi32, strides [1]>>
    gpu.return
  }
}

// -----

// Arg-reductions carry (value, position) pairs with a validity flag through
// the butterflies; a combiner region is cloned for every combination.
// CHECK-LABEL: gpu.func @argmax
// CHECK: arith.cmpf ogt
// CHECK: gpu.shuffle  xor
// CHECK: arith.maximumf
gpu.module @m {
  gpu.func @argmax(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xsi32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %x = tile.load %v[%z] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    %i = tile.argreduce max %x axis 0 keepdims : !tile.tile<64xf32> -> !tile.tile<1xsi32>
    %m = tile.reduce_with %x axis 0 keepdims : (!tile.tile<64xf32>) -> !tile.tile<1xf32> {
    ^bb0(%p: !tile.tile<f32>, %q: !tile.tile<f32>):
      %c = tile.maximum %p, %q propagate_nan : !tile.tile<f32>
      tile.yield %c : !tile.tile<f32>
    }
    %mi = tile.bitcast %m : !tile.tile<1xf32> -> !tile.tile<1xsi32>
    %s = tile.add %i, %mi : !tile.tile<1xsi32>
    %vo = tile.make_view %o : !tile.array<?xsi32, strides [1]> -> !tile.view<1, !tile.array<?xsi32, strides [1]>>
    tile.store %s, %vo[%z] : !tile.view<1, !tile.array<?xsi32, strides [1]>>
    gpu.return
  }
}

// -----

// mma, the simple path: both operands in shared memory, a loop along K
// carrying the accumulator registers, f16 products widened to f32 and
// fused.
// CHECK-LABEL: gpu.func @mma
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.fma
gpu.module @m {
  gpu.func @mma(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<16x16, !tile.array<?x?xf16, strides [?, 1]>>
    %acc = tile.load %vc[%z, %z] : !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    %r = tile.mma %x, %x, %acc : !tile.tile<16x16xf16>, !tile.tile<16x16xf16>, !tile.tile<16x16xf32>
    tile.store %r, %vc[%z, %z] : !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A kernel whose products hold 64 registers a thread or more (float32
// accumulators) asks for at least one block an SM (nvvm.minctasm = 1,
// PTX .minnctapersm 1): ptxas, left to choose, gave such kernels as few as
// 32 registers and spilled the rest. Fewer: nothing; a kernel's own
// occupancy stays.
// CHECK-LABEL: gpu.func @heavy
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-LABEL: gpu.func @light
// CHECK-NOT: nvvm.minctasm
// CHECK-LABEL: gpu.func @asked
// CHECK-SAME: nvvm.minctasm = 2 : i32
gpu.module @m {
  gpu.func @heavy(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %r = tile.matmul %x, %x : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
    tile.store %r, %vc[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @light(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %r = tile.matmul %x, %x : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
    tile.store %r, %vc[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @asked(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 1, nvvm.minctasm = 2 : i32} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %r = tile.matmul %x, %x : !tile.tile<64x64xf16>, !tile.tile<64x64xf16> -> !tile.tile<64x64xf32>
    tile.store %r, %vc[%z, %z] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Tiles carried through scf.for become their registers.
// CHECK-LABEL: gpu.func @loop
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, f32) {
gpu.module @m {
  gpu.func @loop(%a: !tile.array<?xf32, strides [1]>, %n: index) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %x = tile.load %v[%z] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x) -> (!tile.tile<64xf32>) {
      %y = tile.add %acc, %acc : !tile.tile<64xf32>
      scf.yield %y : !tile.tile<64xf32>
    }
    tile.store %r, %v[%z] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// A kernel declares at most 48 KiB of shared memory statically; without a
// chip, that is all it has.
gpu.module @m {
  // expected-error @+1 {{'gpu.func' op needs 66048 bytes of shared memory for its tiles, more than the 49152 a function declares statically (kernels for a chip may use more); use smaller tiles}}
  gpu.func @too_big(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.permute %x [1, 0] : !tile.tile<128x128xf32> -> !tile.tile<128x128xf32>
    tile.store %t, %v[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// insert: the value through shared memory, selected inside the sub-tile
// over the destination's registers. scan_with: the cloned combiner between
// shuffles. matmul of si8: widened to si32, multiply-add.
// CHECK-LABEL: gpu.func @more
// CHECK: gpu.barrier
// CHECK: arith.cmpi ult
// CHECK: arith.select
// CHECK: gpu.shuffle  up
// CHECK: arith.minsi
// CHECK: scf.for
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
gpu.module @m {
  gpu.func @more(%a: !tile.array<?x?xsi8, strides [?, 1]>, %o: !tile.array<?x?xsi32, strides [?, 1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xsi8, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xsi32, strides [?, 1]>>
    %x = tile.load %va[%z, %z] : !tile.view<16x16, !tile.array<?x?xsi8, strides [?, 1]>>
    %y = tile.load %vo[%z, %z] : !tile.view<16x16, !tile.array<?x?xsi32, strides [?, 1]>>
    %s = tile.extract %y[%one, %z] : !tile.tile<16x16xsi32> -> !tile.tile<8x16xsi32>
    %i = tile.insert %s into %y[%z, %z] : !tile.tile<8x16xsi32> into !tile.tile<16x16xsi32>
    %c = tile.scan_with %i axis 1 : (!tile.tile<16x16xsi32>) -> !tile.tile<16x16xsi32> {
    ^bb0(%p: !tile.tile<si32>, %q: !tile.tile<si32>):
      %m = tile.minimum %p, %q : !tile.tile<si32>
      tile.yield %m : !tile.tile<si32>
    }
    %d = tile.matmul %x, %x : !tile.tile<16x16xsi8>, !tile.tile<16x16xsi8> -> !tile.tile<16x16xsi32>
    %r = tile.add %c, %d : !tile.tile<16x16xsi32>
    tile.store %r, %vo[%z, %z] : !tile.view<16x16, !tile.array<?x?xsi32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// fp8 registers are their bits (i8): to f32 by decoding, from f32 by
// rounding to nearest even with saturation (the subnormal codes by
// math.roundeven); tf32 registers are f32 with the low 13 bits zero, rounded
// to nearest even in integer arithmetic on the bits (0xFFF plus the kept
// lowest bit added, the 13 bits dropped; no subnormal or range path: the
// exponents agree), NaN the format's with its sign. An fp8 matmul decodes
// its operands.
// CHECK-LABEL: gpu.func @low_precision
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: math.roundeven
// CHECK: arith.trunci %{{.*}} : i32 to i8
// CHECK: %[[SHIFTED:.*]] = arith.shrui %[[BITS:.*]], %c13_i32{{[_0-9]*}} : i32
// CHECK: %[[LOWEST:.*]] = arith.andi %[[SHIFTED]], %c1_i32{{[_0-9]*}} : i32
// CHECK: %[[HALF:.*]] = arith.addi %[[BITS]], %c4095_i32{{[_0-9]*}} : i32
// CHECK: %[[UP:.*]] = arith.addi %[[HALF]], %[[LOWEST]] : i32
// CHECK: %[[CODE:.*]] = arith.andi %[[UP]], %c-8192_i32{{[_0-9]*}} : i32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[F:.*]], %[[F]] : f32
// CHECK-NOT: math.roundeven
// CHECK: arith.select %[[NAN]], %{{.*}}, %[[CODE]] : i32
// CHECK-NEXT: arith.bitcast %{{.*}} : i32 to f32
// CHECK: scf.for
// CHECK: math.fma
gpu.module @m {
  gpu.func @low_precision(%a: !tile.array<?xf8E4M3FN, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<512, !tile.array<?xf32, strides [1]>>
    %x = tile.load %va[%z] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
    %f = tile.convert %x : !tile.tile<512xf8E4M3FN> -> !tile.tile<512xf32>
    %back = tile.convert %f : !tile.tile<512xf32> -> !tile.tile<512xf8E4M3FN>
    tile.store %back, %va[%z] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
    %t = tile.convert %f : !tile.tile<512xf32> -> !tile.tile<512xtf32>
    %g = tile.convert %t : !tile.tile<512xtf32> -> !tile.tile<512xf32>
    tile.store %g, %vo[%z] : !tile.view<512, !tile.array<?xf32, strides [1]>>
    %m = tile.reshape %x : !tile.tile<512xf8E4M3FN> -> !tile.tile<16x32xf8E4M3FN>
    %n = tile.reshape %x : !tile.tile<512xf8E4M3FN> -> !tile.tile<32x16xf8E4M3FN>
    %p = tile.matmul %m, %n : !tile.tile<16x32xf8E4M3FN>, !tile.tile<32x16xf8E4M3FN> -> !tile.tile<16x16xf32>
    %q = tile.reshape %p : !tile.tile<16x16xf32> -> !tile.tile<256xf32>
    %vq = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
    tile.store %q, %vq[%z] : !tile.view<256, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// e8m0 registers are bytes like fp8's. Decoding makes code 0 the float32
// subnormal 2^-127 (0x00400000) and 0xFF NaN (0x7FC00000). Below 2^-126 a
// code is 0 or 1: from 1.5 · 2^-127 on to nearest (ties go up: the
// significand has no bits to be even with), above 2^-127 rounding up.
// CHECK-LABEL: gpu.func @e8m0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: arith.select %{{.*}}, %c4194304_i32{{[_0-9]*}}, %{{.*}} : i32
// CHECK: arith.select %{{.*}}, %c2143289344_i32{{[_0-9]*}}, %{{.*}} : i32
// CHECK: arith.cmpf oge, %{{.*}}, %cst{{[_0-9]*}} : f32
// CHECK: arith.cmpf ogt, %{{.*}}, %cst{{[_0-9]*}} : f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<1>
gpu.module @m {
  gpu.func @e8m0(%a: !tile.array<?xf8E8M0FNU, strides [1]>, %o: !tile.array<?xf8E8M0FNU, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    %vo = tile.make_view %o : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    %x = tile.load %va[%z] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    %f = tile.convert %x : !tile.tile<512xf8E8M0FNU> -> !tile.tile<512xf32>
    %n = tile.convert %f : !tile.tile<512xf32> -> !tile.tile<512xf8E8M0FNU>
    %r = tile.convert %f rounding rz : !tile.tile<512xf32> -> !tile.tile<512xf8E8M0FNU>
    %p = tile.convert %f rounding rp : !tile.tile<512xf32> -> !tile.tile<512xf8E8M0FNU>
    tile.store %n, %vo[%z] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    tile.store %r, %vo[%z] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    tile.store %p, %vo[%z] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
    gpu.return
  }
}

// -----

// fp4 is packed two to a byte: a thread's 32 elements are one 16-byte
// vector, split into low and high halves; a store packs them again. The
// metadata says 4 bits and no whole bytes. Off the fast path, elements are
// read from their byte (shifted by 4 for odd offsets) and written with an
// atomic and + or on the aligned word that holds them.
// CHECK-LABEL: gpu.func @fp4
// CHECK-SAME: element = "f4E2M1FN", element_bits = 4 : i64, element_bytes = 0 : i64
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: arith.andi %{{.*}}, %c15_i8 : i8
// CHECK: arith.shrui %{{.*}}, %c4_i8 : i8
// CHECK: } else {
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> i8
// CHECK: arith.shrui
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: llvm.atomicrmw _and %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw _or %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
gpu.module @m {
  gpu.func @fp4(%a: !tile.array<?xf4E2M1FN, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %va = tile.make_view %a : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
    %x = tile.load %va[%z] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
    %f = tile.convert %x : !tile.tile<1024xf4E2M1FN> -> !tile.tile<1024xf32>
    %y = tile.convert %f : !tile.tile<1024xf32> -> !tile.tile<1024xf4E2M1FN>
    tile.store %y, %va[%z] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
    gpu.return
  }
}

// -----

// Facts on an array argument (what a JIT specializes on): with the base
// 16-byte aligned and the row stride and the columns multiples of 16, no
// alignment check, and every tile moves whole 16-byte vectors, each under
// its own bounds check, predicated: no branch, no path of their own for
// inner tiles.
// CHECK-LABEL: gpu.func @facts
// CHECK-NOT: llvm.ptrtoint
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];", "=r,=r,=r,=r,b,l,0,1,2,3" %{{.*}} : (i1, !llvm.ptr<1>, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$4 ld.global.v4.b32
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r" %{{.*}} : (i1, !llvm.ptr<1>, i32, i32, i32, i32) -> ()
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.v4.b32
// CHECK-NOT: scf.if
// CHECK: gpu.return
gpu.module @m {
  gpu.func @facts(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 1, 16>, tile.stride_divisibility = array<i64: 16, 1>}) kernel attributes {tile.num_warps = 1} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
    %x = tile.load %v[%i, %z] : !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
    %y = tile.add %x, %x : !tile.tile<1x512xf16>
    tile.store %y, %v[%i, %z] : !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op argument 0: 'tile.divisibility' lists one positive number per dimension of '!tile.array<?x?xf16, strides [?, 1]>', not array<i64: 16>}}
  gpu.func @bad_facts(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.divisibility = array<i64: 16>}) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op argument 0: 'tile.alignment' is a power of two (bytes), not 12 : i64}}
  gpu.func @bad_alignment(%a: !tile.array<?xf16, strides [1]> {tile.alignment = 12 : i64}) kernel {
    %i = tile.bid 0
    gpu.return
  }
}

// -----

// A gpu.func's workgroup attributions are arguments of its entry block but
// not of the function: the pass that copies array facts onto accesses
// looks at the function's arguments only (it read attributes past their
// end).
// CHECK-LABEL: gpu.func @attribution
// CHECK: gpu.return
gpu.module @m {
  gpu.func @attribution(%x: memref<?xf32> {llvm.noalias}) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}
