// The ops of tile-pipeline-loads: a shared buffer is a shared array of its
// stages; async_copy is cp.async of 16-byte chunks where the chunks are
// aligned, which facts prove or a check decides (whole chunks where the
// tile lies inside the array, the bytes past the array's edge zero-filled
// where it does not), and loads and stores element by element where they
// are not; commit and wait are cp.async's groups, the wait followed by a
// barrier; local_load reads mma operands by ldmatrix, other layouts in
// runs of up to 16 bytes along the stage's rows. Stages are 1024-byte aligned (the period of the
// 128-byte swizzle, which wgmma applies to addresses). Buffers past the 48
// KiB a kernel declares statically move to the dynamic shared array, up to
// what the chip allows a block.
// RUN: cudapy-opt %s --split-input-file --tile-assign-layouts --convert-tile-to-llvm --verify-diagnostics | FileCheck %s

// CHECK: llvm.mlir.global internal @__tile_shared_stages_0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<4096 x f16>
// CHECK-LABEL: gpu.func @copy
// CHECK: llvm.ptrtoint
// CHECK: scf.if %{{.*}} {
// CHECK: scf.if %{{.*}} {
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: }
// CHECK: } else {
// CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> f16
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: }
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @copy(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf16, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.async_copy %v[%i, %i], %buf[%c0] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    tile.async_commit
    tile.async_wait {pending = 0}
    %t = tile.local_load %buf[%c0] : !tile.shared<2x64x32xf16> -> !tile.tile<64x32xf16>
    tile.store %t, %vc[%i, %i] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Facts that prove the chunks aligned: no check, no element path; whole
// chunks where the tile lies inside the array (its first row and column are
// not before it, its last inside), else the count of each chunk's elements
// inside.
// CHECK-LABEL: gpu.func @aligned
// CHECK-NOT: llvm.ptrtoint
// CHECK: %[[ROW_FIRST:.*]] = arith.cmpi sge, %[[ROW:.*]], %c0_i64{{.*}} : i64
// CHECK: %[[ROW_END:.*]] = arith.addi %[[ROW]], %c64_i64{{.*}} : i64
// CHECK: %[[ROWS:.*]] = arith.cmpi sle, %[[ROW_END]], %{{.*}} : i64
// CHECK: %[[COLUMN_FIRST:.*]] = arith.cmpi sge, %[[COLUMN:.*]], %c0_i64{{.*}} : i64
// CHECK: %[[COLUMN_END:.*]] = arith.addi %[[COLUMN]], %c32_i64{{.*}} : i64
// CHECK: %[[COLUMNS:.*]] = arith.cmpi sle, %[[COLUMN_END]], %{{.*}} : i64
// CHECK: %[[A1:.*]] = arith.andi %[[ROW_FIRST]], %[[ROWS]] : i1
// CHECK: %[[A2:.*]] = arith.andi %[[A1]], %[[COLUMN_FIRST]] : i1
// CHECK: %[[INSIDE:.*]] = arith.andi %[[A2]], %[[COLUMNS]] : i1
// CHECK: scf.if %[[INSIDE]] {
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: } else {
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: llvm.load {{.*}} -> f16
// CHECK: nvvm.cp.async.commit.group
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @aligned(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.async_copy %v[%i, %i], %buf[%c0] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    tile.async_commit
    gpu.return
  }
}

// -----

// `inside`: the whole chunks alone, with no branch on the tile's bounds.
// CHECK-LABEL: gpu.func @inside
// CHECK-NOT: scf.if
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK-NOT: nvvm.cp.async.shared.global {{.*}}, i32
// CHECK: nvvm.cp.async.commit.group
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @inside(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>}) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.async_copy %v[%i, %i], %buf[%c0] inside : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    tile.async_commit
    gpu.return
  }
}

// -----

// A batch's matrix (a 1x64x32 tile of a 3-D array): the tile's first index
// along the batch moves its chunks by multiples of the batch stride, so the
// facts must prove that stride aligned too (else the run-time check covers
// it), though the tile spans one index of it.
// CHECK-LABEL: gpu.func @batch_stride_unproven
// CHECK: llvm.ptrtoint
// CHECK-LABEL: gpu.func @batch_stride_proven
// CHECK-NOT: llvm.ptrtoint
// CHECK: nvvm.cp.async.shared.global
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @batch_stride_unproven(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 1, 8, 1>}) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.async_copy %v[%i, %i, %i], %buf[%c0] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    tile.async_commit
    gpu.return
  }
  gpu.func @batch_stride_proven(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>}) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.async_copy %v[%i, %i, %i], %buf[%c0] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    tile.async_commit
    gpu.return
  }
}

// -----

// mma operands: ldmatrix from the stage, at the slice's offset.
// CHECK-LABEL: gpu.func @fragments
// CHECK: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.mma.sync
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @fragments(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %a = tile.alloc_shared : !tile.shared<2x64x32xf16>
    %b = tile.alloc_shared : !tile.shared<2x32x64xf16>
    %x = tile.local_load %a[%c0] offsets [0, 16] : !tile.shared<2x64x32xf16> -> !tile.tile<64x16xf16>
    %y = tile.local_load %b[%c0] offsets [16, 0] : !tile.shared<2x32x64xf16> -> !tile.tile<16x64xf16>
    %p = tile.matmul %x, %y : !tile.tile<64x16xf16>, !tile.tile<16x64xf16> -> !tile.tile<64x64xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// tf32 mma operands: A's 16 x 8 blocks by ldmatrix (one x4 each: 16 x 16
// of 16-bit halves, in the registers of PTX's fragment); B's element by
// element, rows t and t + 4, from a stage whose rows are interleaved (row
// 8a + 4b + t at 8a + 2t + b: the row's bits 0-1 moved up one, bit 2 down
// to bit 0).
// CHECK-LABEL: gpu.func @fragments_tf32
// CHECK-COUNT-2: nvvm.ldmatrix {{.*}} num = 4 {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: %[[GROUP:.*]] = arith.andi %[[ROW:.*]], %c-8_i32{{.*}} : i32
// CHECK: %[[LOW:.*]] = arith.andi %[[ROW]], %c3_i32{{.*}} : i32
// CHECK: %[[UP:.*]] = arith.shli %[[LOW]], %c1_i32{{.*}} : i32
// CHECK: %[[HIGH:.*]] = arith.shrui %[[ROW]], %c2_i32{{.*}} : i32
// CHECK: %[[DOWN:.*]] = arith.andi %[[HIGH]], %c1_i32{{.*}} : i32
// CHECK: %[[MOVED:.*]] = arith.ori %[[UP]], %[[DOWN]] : i32
// CHECK: arith.ori %[[GROUP]], %[[MOVED]] : i32
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.ldmatrix
// CHECK: nvvm.mma.sync
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @fragments_tf32(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %a = tile.alloc_shared : !tile.shared<1x64x32xtf32>
    %b = tile.alloc_shared : !tile.shared<1x32x64xtf32, interleaved>
    %x = tile.local_load %a[%c0] offsets [0, 8] : !tile.shared<1x64x32xtf32> -> !tile.tile<64x8xtf32>
    %y = tile.local_load %b[%c0] offsets [8, 0] : !tile.shared<1x32x64xtf32, interleaved> -> !tile.tile<8x64xtf32>
    %p = tile.matmul %x, %y : !tile.tile<64x8xtf32>, !tile.tile<8x64xtf32> -> !tile.tile<64x64xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// 192 KiB of stages on sm_90: the dynamic array, its size on the kernel.
// CHECK: llvm.mlir.global external @__tile_dynamic_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-NOT: @__tile_shared_
// CHECK-LABEL: gpu.func @dynamic
// CHECK-SAME: cudapy.dynamic_shared_bytes = 196608 : i64
// CHECK: llvm.mlir.addressof @__tile_dynamic_shared : !llvm.ptr<3>
gpu.module @m attributes {target.chip = "sm_90"} {
  gpu.func @dynamic(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %buf = tile.alloc_shared : !tile.shared<3x128x128xf32>
    tile.async_copy %v[%i, %i], %buf[%c0] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>, !tile.shared<3x128x128xf32>
    tile.async_commit
    gpu.return
  }
}

// -----

// More than sm_80 allows a block (163 KiB).
gpu.module @m attributes {target.chip = "sm_80"} {
  // expected-error @+1 {{'gpu.func' op needs 262144 bytes of shared memory for its tiles, more than the 166912 a block may use on sm_80; use smaller tiles or fewer stages}}
  gpu.func @too_big(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc_shared : !tile.shared<4x128x128xf32>
    %t = tile.local_load %buf[%c0] : !tile.shared<4x128x128xf32> -> !tile.tile<128x128xf32>
    gpu.return
  }
}

// -----

// sm_90a: the wait fences the copies for the async proxy; shared_mma is
// wgmma m64n128k16 from descriptors of the stages (A: 64-byte swizzle, rows
// 512 bytes an 8-row group apart; B: 128-byte swizzle, two slabs of 64
// columns), one per 16 of K for each warpgroup's 64 rows, then commit and
// wait. The zero accumulator is not read: the first step does not add D.
// CHECK-LABEL: gpu.func @warpgroup_mma
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// With pending = 1, the wait leaves one group running; tile.mma_wait waits
// with the accumulator's 64 registers (per thread) tied through it, so that
// nothing reads them before it.
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=f,{{(=f,)+}}0,1,{{.*}},63" {{.*}} -> !llvm.struct<(f32,
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @warpgroup_mma(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %a = tile.alloc_shared : !tile.shared<2x128x32xf16>
    %b = tile.alloc_shared : !tile.shared<2x32x128xf16>
    tile.async_wait {pending = 1}
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %p = tile.shared_mma %a[%c0], %b[%c0], %zero : !tile.shared<2x128x32xf16>, !tile.shared<2x32x128xf16>, !tile.tile<128x128xf32>
    %q = tile.shared_mma %a[%c0], %b[%c0], %p {pending = 1} : !tile.shared<2x128x32xf16>, !tile.shared<2x32x128xf16>, !tile.tile<128x128xf32>
    %r = tile.mma_wait %q {pending = 0} : !tile.tile<128x128xf32>
    tile.store %r, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A tile A (attention's P) goes from the registers: its fragments (the
// warpgroup accumulator's mma operand layout, converted from the tile's
// by the pipeline) as wgmma's register operand A, by the PTX instruction
// (D's 32 registers tied to C's, A's 4, B's descriptor, scale-d: 0 where
// the first step's D is the zero accumulator, else 1; B N-major:
// transposed), 2 of 16 of K for 64 rows, then commit and wait.
// CHECK-LABEL: gpu.func @warpgroup_mma_registers
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, $37, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, {{.*}}, $31}, {$32, $33, $34, $35}, $36, p, 1, 1, 1;\0A}", "{{(=f,)+}}r,r,r,r,l,n,0,1,{{.*}},31" %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %c0_i32
// CHECK: llvm.inline_asm has_side_effects {{.*}} %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %c1_i32
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @warpgroup_mma_registers(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %b = tile.alloc_shared : !tile.shared<2x32x64xf16>
    %p = tile.constant dense<1.0> : !tile.tile<64x32xf16>
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %d = tile.shared_mma %p, %b[%c0], %zero : !tile.tile<64x32xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
    tile.store %d, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// transpose: B's stage holds Bᵀ (N x K), read K-major (B `col`, no
// transposition); 8-bit floats in steps of 32 of K, 32 bytes further along
// the rows of each stage each step (the descriptors: + 2).
// CHECK-LABEL: gpu.func @warpgroup_mma_k_major
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %[[A0:[^,]*]], %[[B0:[^,]*]], {{.*}}, <m = 64, n = 128, k = 32>, D[<f32>, <zero>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK: %[[B1:.*]] = arith.addi %[[B0]], %c2_i64{{.*}} : i64
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %c2_i64{{.*}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A1]], %[[B1]], {{.*}}, <m = 64, n = 128, k = 32>
// CHECK-NOT: nvvm.wgmma.mma_async
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @warpgroup_mma_k_major(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %a = tile.alloc_shared : !tile.shared<2x64x64xf8E4M3FN>
    %bt = tile.alloc_shared : !tile.shared<2x128x64xf8E4M3FN>
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %p = tile.shared_mma %a[%c0], %bt[%c0] transpose, %zero : !tile.shared<2x64x64xf8E4M3FN>, !tile.shared<2x128x64xf8E4M3FN>, !tile.tile<64x128xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// tf32 from stages of tf32: K-major only (B from a stage of Bᵀ, `col`), in
// steps of 8 of K, 32 bytes further along the rows of each stage each step
// (the descriptors: + 2).
// CHECK-LABEL: gpu.func @warpgroup_mma_tf32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %[[A0:[^,]*]], %[[B0:[^,]*]], {{.*}}, <m = 64, n = 64, k = 8>, D[<f32>, <zero>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK: %[[B1:.*]] = arith.addi %[[B0]], %c2_i64{{.*}} : i64
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %c2_i64{{.*}} : i64
// CHECK: nvvm.wgmma.mma_async %[[A1]], %[[B1]], {{.*}}, <m = 64, n = 64, k = 8>
// CHECK-COUNT-2: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @warpgroup_mma_tf32(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %c0 = arith.constant 0 : index
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %a = tile.alloc_shared : !tile.shared<2x64x32xtf32>
    %bt = tile.alloc_shared : !tile.shared<2x64x32xtf32>
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %p = tile.shared_mma %a[%c0], %bt[%c0] transpose, %zero : !tile.shared<2x64x32xtf32>, !tile.shared<2x64x32xtf32>, !tile.tile<64x64xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// local_store: each thread's 16 bytes along the stage's rows as one vector
// store (its layout, tile-assign-layouts, holds them so: the read from the
// other stage then takes that layout too), transposed or not; on sm_90a a
// proxy fence after the stores, for the warpgroup mmas that read the stage.
// A 32 x 64 float32 tile over 128 threads: 16 elements a thread, 4 stores.
// CHECK-LABEL: gpu.func @store_stage
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @store_stage() kernel attributes {tile.num_warps = 4} {
    %c0 = arith.constant 0 : index
    %a = tile.alloc_shared : !tile.shared<2x32x64xf32>
    %r = tile.alloc_shared : !tile.shared<2x32x64xtf32>
    %rt = tile.alloc_shared : !tile.shared<2x64x32xtf32>
    %x = tile.local_load %a[%c0] : !tile.shared<2x32x64xf32> -> !tile.tile<32x64xf32>
    %y = tile.convert %x : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
    tile.local_store %y, %r[%c0] : !tile.tile<32x64xtf32>, !tile.shared<2x32x64xtf32>
    %x2 = tile.local_load %a[%c0] : !tile.shared<2x32x64xf32> -> !tile.tile<32x64xf32>
    %y2 = tile.convert %x2 : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
    tile.local_store %y2, %rt[%c0] transpose : !tile.tile<32x64xtf32>, !tile.shared<2x64x32xtf32>
    gpu.return
  }
}

// -----

// Without warpgroup mmas (sm_80), no fence.
// CHECK-LABEL: gpu.func @store_stage_sm80
// CHECK-NOT: nvvm.fence.proxy
// CHECK: gpu.return
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @store_stage_sm80() kernel attributes {tile.num_warps = 4} {
    %c0 = arith.constant 0 : index
    %a = tile.alloc_shared : !tile.shared<2x32x64xf32>
    %x = tile.local_load %a[%c0] : !tile.shared<2x32x64xf32> -> !tile.tile<32x64xf32>
    tile.local_store %x, %a[%c0] : !tile.tile<32x64xf32>, !tile.shared<2x32x64xf32>
    gpu.return
  }
}
