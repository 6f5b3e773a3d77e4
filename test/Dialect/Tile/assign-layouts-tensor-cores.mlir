// tile-assign-layouts puts the results of f16 and bf16 mmas with float32
// accumulators in #tile.mma_accumulator where the module's chip has
// mma.sync m16n8k16 (sm_80 on), splitting the warps over whole 16x8 blocks,
// and keeps an accumulator the loop carries in that layout.
// RUN: cudapy-opt %s --split-input-file --tile-assign-layouts | FileCheck %s
// RUN: cudapy-opt %s --split-input-file --tile-assign-layouts --cse --convert-tile-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [4, 2]>
// CHECK-DAG: #[[A:.*]] = #tile.mma_operand<operand = 0, bits = 16, parent = #[[ACC]]>
// CHECK-DAG: #[[B:.*]] = #tile.mma_operand<operand = 1, bits = 16, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @loop
// The zero accumulator is made in the layout; in the loop, the operands
// (loaded coalesced) move to their fragment layouts, the accumulator stays.
// CHECK: tile.constant dense<0.000000e+00> : !tile.tile<128x128xf32, #[[ACC]]>
// CHECK: scf.for {{.*}} -> (!tile.tile<128x128xf32, #[[ACC]]>)
// CHECK: tile.load {{.*}} -> !tile.tile<128x32xf16, #blocked>
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<128x32xf16, #[[A]]>
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<32x128xf16, #[[B]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.mma {{.*}} !tile.tile<128x128xf32, #[[ACC]]>
// CHECK-NEXT: scf.yield
// Per warp 32x64 of 128x128: 2 x 8 blocks of 16x8, two steps of K.
// LLVM-LABEL: gpu.func @loop
// LLVM-COUNT-32: nvvm.mma.sync
// LLVM-NOT: nvvm.mma.sync
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @loop(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 8} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>>
      %y = tile.load %vb[%kt, %i] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// bf16 matmul: 4 warps over 32x32, 2 x 2; per warp 16x16 (two 16x8 blocks),
// two steps of K.
// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [2, 2]>
// CHECK-LABEL: gpu.func @bf16
// CHECK: tile.matmul {{.*}} -> !tile.tile<32x32xf32, #[[ACC]]>
// LLVM-LABEL: gpu.func @bf16
// LLVM-COUNT-4: nvvm.mma.sync{{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// LLVM-NOT: nvvm.mma.sync
gpu.module @m attributes {target.chip = "sm_90"} {
  gpu.func @bf16(%a: !tile.array<?x?xbf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xbf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xbf16, strides [?, 1]>>
    %p = tile.matmul %x, %x : !tile.tile<32x32xbf16>, !tile.tile<32x32xbf16> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Not on tensor cores: a chip without mma.sync m16n8k16 (sm_75), float32
// operands, and a result the warps cannot split into whole 16x8 blocks.
// CHECK-LABEL: gpu.func @old_chip
// CHECK-NOT: mma_accumulator
// LLVM-LABEL: gpu.func @old_chip
// LLVM-NOT: nvvm.mma.sync
gpu.module @m attributes {target.chip = "sm_75"} {
  gpu.func @old_chip(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %p = tile.matmul %x, %x : !tile.tile<32x32xf16>, !tile.tile<32x32xf16> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
gpu.module @n attributes {target.chip = "sm_90"} {
  gpu.func @floats(%a: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %p = tile.matmul %x, %x : !tile.tile<32x32xf32>, !tile.tile<32x32xf32> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @too_small(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<16x16, !tile.array<?x?xf16, strides [?, 1]>>
    %p = tile.matmul %x, %x : !tile.tile<16x16xf16>, !tile.tile<16x16xf16> -> !tile.tile<16x16xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<16x16, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// The other dtype pairs of mma.sync (getMmaSyncMinimumSm): 8-bit integers
// (k32, 4 to a register, wrapping), tf32 (k8, one to a register), f16 with
// an f16 accumulator (two f16 pairs).
// CHECK: // -----
// CHECK-DAG: #[[I8A:.*]] = #tile.mma_operand<operand = 0, bits = 8, parent = #[[ACC:.*]]>
// CHECK-DAG: #[[TFA:.*]] = #tile.mma_operand<operand = 0, bits = 32, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @si8
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<32x64xsi8, #[[I8A]]>
// CHECK: tile.matmul {{.*}} -> !tile.tile<32x32xsi32, #[[ACC]]>
// A float32 accumulator is stored from its layout (four lanes fill a
// 32-byte sector); one of 16-bit elements moves to the store's coalesced
// layout first (whole sectors, 16 bytes a thread).
// CHECK-LABEL: gpu.func @tf32
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<32x32xtf32, #[[TFA]]>
// CHECK: tile.matmul {{.*}} -> !tile.tile<32x32xf32, #[[ACC]]>
// CHECK-NEXT: tile.store
// CHECK-LABEL: gpu.func @f16_acc
// CHECK: tile.matmul {{.*}} -> !tile.tile<32x32xf16, #[[ACC]]>
// CHECK-NEXT: tile.convert_layout {{.*}} : !tile.tile<32x32xf16, #[[ACC]]> -> !tile.tile<32x32xf16, #blocked
// CHECK-NEXT: tile.store
// LLVM-LABEL: gpu.func @si8
// LLVM-COUNT-4: nvvm.mma.sync{{.*}}intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>{{.*}}multiplicandAPtxType = #nvvm.mma_type<s8>{{.*}} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// LLVM-NOT: nvvm.mma.sync
// LLVM-LABEL: gpu.func @tf32
// LLVM-COUNT-8: nvvm.mma.sync{{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// LLVM-NOT: nvvm.mma.sync
// LLVM-LABEL: gpu.func @f16_acc
// LLVM-COUNT-4: nvvm.mma.sync{{.*}} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// LLVM-NOT: nvvm.mma.sync
// Through shared memory by vectors: each thread's two elements of a row
// from each 16x8 block in, a row's 8 elements (16 bytes) out.
// LLVM-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// LLVM-NEXT: gpu.barrier
// LLVM-NOT: llvm.store {{.*}} !llvm.ptr<3>
// LLVM: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// LLVM-NOT: llvm.load {{.*}} !llvm.ptr<3>
// LLVM: gpu.return
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @si8(%a: !tile.array<?x?xsi8, strides [?, 1]>, %c: !tile.array<?x?xsi32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xsi8, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xsi8, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xsi32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x64, !tile.array<?x?xsi8, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<64x32, !tile.array<?x?xsi8, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x64xsi8>, !tile.tile<64x32xsi8> -> !tile.tile<32x32xsi32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xsi32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @tf32(%a: !tile.array<?x?xtf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xtf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xtf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x32xtf32>, !tile.tile<32x32xtf32> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @f16_acc(%a: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf16, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x32xf16>, !tile.tile<32x32xf16> -> !tile.tile<32x32xf16>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

// fp8 (sm_89 on): mma.sync m16n8k32 needs PTX ISA 8.4. Below it (a module
// without an #nvvm.target, or an older ISA) and on sm_80, the operands go
// to tensor cores as f16 (exact), converted in the f16 fragment layout.
// CHECK: // -----
// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[A16:.*]] = #tile.mma_operand<operand = 0, bits = 16, parent = #[[ACC]]>
// CHECK-DAG: #[[A8:.*]] = #tile.mma_operand<operand = 0, bits = 8, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @e4m3_as_f16
// CHECK: %[[X:.*]] = tile.convert_layout {{.*}} -> !tile.tile<32x32xf8E4M3FN, #[[A16]]>
// CHECK: tile.convert %[[X]] : !tile.tile<32x32xf8E4M3FN, #[[A16]]> -> !tile.tile<32x32xf16, #[[A16]]>
// CHECK: tile.matmul {{.*}} : !tile.tile<32x32xf16, #[[A16]]>, {{.*}} -> !tile.tile<32x32xf32, #[[ACC]]>
// CHECK-LABEL: gpu.func @e5m2_native
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<32x32xf8E5M2, #[[A8]]>
// CHECK-NOT: tile.convert %
// CHECK: tile.matmul {{.*}} -> !tile.tile<32x32xf32, #[[ACC]]>
// CHECK-LABEL: gpu.func @e4m3_sm80
// CHECK: tile.convert {{.*}} -> !tile.tile<32x32xf16, #[[A16]]>
// LLVM-LABEL: gpu.func @e4m3_as_f16
// LLVM-COUNT-4: nvvm.mma.sync{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32)
// LLVM-NOT: nvvm.mma.sync
// LLVM-LABEL: gpu.func @e5m2_native
// LLVM-NOT: nvvm.mma.sync
// LLVM-COUNT-2: llvm.inline_asm {{.*}}"mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// LLVM-NOT: mma.sync
// LLVM-LABEL: gpu.func @e4m3_sm80
// LLVM-COUNT-4: nvvm.mma.sync{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32)
gpu.module @m attributes {target.chip = "sm_89"} {
  gpu.func @e4m3_as_f16(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x32xf8E4M3FN>, !tile.tile<32x32xf8E4M3FN> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
gpu.module @n [#nvvm.target<chip = "sm_89", features = "+ptx84">] attributes {target.chip = "sm_89"} {
  gpu.func @e5m2_native(%a: !tile.array<?x?xf8E5M2, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x32xf8E5M2>, !tile.tile<32x32xf8E5M2> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
gpu.module @o attributes {target.chip = "sm_80"} {
  gpu.func @e4m3_sm80(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %vb = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %va[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %y = tile.load %vb[%i, %i] : !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
    %p = tile.matmul %x, %y : !tile.tile<32x32xf8E4M3FN>, !tile.tile<32x32xf8E4M3FN> -> !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// An operand that is the conversion of a read of shared memory to a dtype
// of as many bits (float32 staged, multiplied as tf32): the read and the
// conversion take the fragment layout, no tile.convert_layout; the read
// loads A's fragments by ldmatrix (a 16 x 8 block of 32-bit elements is a
// 16 x 16 one of their halves) and B's element by element (ldmatrix would
// take them from a stage of Bᵀ), the conversion rounds them in registers.
// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [2, 2]>
// CHECK-DAG: #[[A:.*]] = #tile.mma_operand<operand = 0, bits = 32, parent = #[[ACC]]>
// CHECK-DAG: #[[B:.*]] = #tile.mma_operand<operand = 1, bits = 32, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @tf32_from_stage
// CHECK-NOT: tile.convert_layout
// CHECK: tile.local_load {{.*}} -> !tile.tile<32x8xf32, #[[A]]>
// CHECK-NEXT: tile.convert {{.*}} -> !tile.tile<32x8xtf32, #[[A]]>
// CHECK-NEXT: tile.local_load {{.*}} -> !tile.tile<8x32xf32, #[[B]]>
// CHECK-NEXT: tile.convert {{.*}} -> !tile.tile<8x32xtf32, #[[B]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.mma
// LLVM-LABEL: gpu.func @tf32_from_stage
// LLVM: nvvm.ldmatrix {{.*}} num = 4 {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
// LLVM: llvm.bitcast %{{.*}} : i32 to vector<1xf32>
// LLVM-NOT: nvvm.ldmatrix
// LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// LLVM-NOT: nvvm.ldmatrix
// LLVM: nvvm.mma.sync{{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @tf32_from_stage(%c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    %sa = tile.alloc_shared : !tile.shared<2x32x8xf32>
    %sb = tile.alloc_shared : !tile.shared<2x8x32xf32>
    %s = arith.constant 1 : index
    %acc = tile.constant dense<0.0> : !tile.tile<32x32xf32>
    %a = tile.local_load %sa[%s] : !tile.shared<2x32x8xf32> -> !tile.tile<32x8xf32>
    %x = tile.convert %a : !tile.tile<32x8xf32> -> !tile.tile<32x8xtf32>
    %b = tile.local_load %sb[%s] : !tile.shared<2x8x32xf32> -> !tile.tile<8x32xf32>
    %y = tile.convert %b : !tile.tile<8x32xf32> -> !tile.tile<8x32xtf32>
    %p = tile.mma %x, %y, %acc : !tile.tile<32x8xtf32>, !tile.tile<8x32xtf32>, !tile.tile<32x32xf32>
    tile.store %p, %vc[%i, %i] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// An mma cut along K into steps (tile-pipeline-loads' splitAlongDepth)
// whose B is in registers (a decode's queries): each step's B is an
// extract at constant indices. The extracts take the fragment layout with
// their source, which converts once (one conversion per extract, which
// CSE merges, none of the sub-tiles; the source's other uses keep it as
// it is); the extracts then select registers:
// after the first mma.sync, the only shared memory accesses are the
// stage's reads of A (ldmatrix), no stores and no barrier.
// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [4, 1]>
// CHECK-DAG: #[[B:.*]] = #tile.mma_operand<operand = 1, bits = 16, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @steps_of_registers
// CHECK: %[[Q:.*]] = tile.convert_layout %{{.*}} -> !tile.tile<32x8xf16, #[[B]]>
// CHECK: tile.extract %[[Q]][%{{.*}}, %{{.*}}] : !tile.tile<32x8xf16, #[[B]]> -> !tile.tile<16x8xf16, #[[B]]>
// CHECK-NOT: -> !tile.tile<16x8xf16, #[[B]]>
// CHECK: tile.matmul
// CHECK: tile.convert_layout %{{.*}} -> !tile.tile<32x8xf16, #[[B]]>
// CHECK: tile.extract %{{.*}} : !tile.tile<32x8xf16, #[[B]]> -> !tile.tile<16x8xf16, #[[B]]>
// CHECK: tile.mma
// The source's other use (a store) keeps it as it is.
// CHECK: tile.store %[[QT:.*]], %{{.*}} : !tile.view<32x8
// CHECK-NOT: tile.convert_layout %[[QT]]
// LLVM-LABEL: gpu.func @steps_of_registers
// LLVM-COUNT-1: gpu.barrier
// LLVM: nvvm.mma.sync
// LLVM-NOT: gpu.barrier
// LLVM-NOT: llvm.store {{.*}} !llvm.ptr<3>
// LLVM: gpu.return
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @steps_of_registers(%k: !tile.array<?x?xf16, strides [?, 1]>, %q: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x8, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    %sk = tile.alloc_shared : !tile.shared<2x64x32xf16>
    %s = arith.constant 1 : index
    %qt = tile.load %vq[%z, %i] : !tile.view<32x8, !tile.array<?x?xf16, strides [?, 1]>>
    %k0 = tile.local_load %sk[%s] offsets [0, 0] : !tile.shared<2x64x32xf16> -> !tile.tile<64x16xf16>
    %q0 = tile.extract %qt[%z, %z] : !tile.tile<32x8xf16> -> !tile.tile<16x8xf16>
    %s0 = tile.matmul %k0, %q0 : !tile.tile<64x16xf16>, !tile.tile<16x8xf16> -> !tile.tile<64x8xf32>
    %k1 = tile.local_load %sk[%s] offsets [0, 16] : !tile.shared<2x64x32xf16> -> !tile.tile<64x16xf16>
    %q1 = tile.extract %qt[%one, %z] : !tile.tile<32x8xf16> -> !tile.tile<16x8xf16>
    %s1 = tile.mma %k1, %q1, %s0 : !tile.tile<64x16xf16>, !tile.tile<16x8xf16>, !tile.tile<64x8xf32>
    tile.store %s1, %vc[%i, %z] : !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %qt, %vq[%z, %one] : !tile.view<32x8, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A running sum that a loop scales and adds an mma's result to (flash
// decode's `l * alpha + p`): the scaled sum is computed from the carried
// value and a cheap one, so the mma's layout anchors the sum, and the loop
// carries it in that layout: no conversion in the loop (it started in
// the constant's layout and moved each iteration's p there).
// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [4, 1]>
// CHECK-LABEL: gpu.func @running_sum
// CHECK: scf.for {{.*}} -> (!tile.tile<64x8xf32, #[[ACC]]>)
// CHECK-NOT: tile.convert_layout {{.*}} -> !tile.tile<64x8xf32
// CHECK: tile.mul {{.*}} : !tile.tile<64x8xf32, #[[ACC]]>
// CHECK-NEXT: tile.add {{.*}} : !tile.tile<64x8xf32, #[[ACC]]>
// CHECK-NEXT: scf.yield
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @running_sum(%k: !tile.array<?x?xf16, strides [?, 1]>, %q: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %z = tile.constant dense<0> : !tile.tile<si32>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x8, !tile.array<?x?xf16, strides [?, 1]>>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%z, %i] : !tile.view<32x8, !tile.array<?x?xf16, strides [?, 1]>>
    %ones = tile.constant dense<1.0> : !tile.tile<64x8xf32>
    %half = tile.constant dense<0.5> : !tile.tile<64x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%l = %ones) -> (!tile.tile<64x8xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %z] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>>
      %s = tile.matmul %kt, %qt : !tile.tile<64x32xf16>, !tile.tile<32x8xf16> -> !tile.tile<64x8xf32>
      %p = tile.math exp2 %s : !tile.tile<64x8xf32>
      %scaled = tile.mul %l, %half : !tile.tile<64x8xf32>
      %next = tile.add %scaled, %p : !tile.tile<64x8xf32>
      scf.yield %next : !tile.tile<64x8xf32>
    }
    tile.store %r, %vc[%i, %z] : !tile.view<64x8, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
