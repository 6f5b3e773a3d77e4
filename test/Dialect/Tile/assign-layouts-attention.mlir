// tile-assign-layouts on attention's inner loop (examples/tile/attention.mlir):
// the scores stay in the accumulator layout of Q K^T through the scaling,
// the mask, the row reductions and exp2; the loop carries the row maximum,
// the row sum and the output accumulator in that layout (a trial
// assignment finds the layouts the body yields; the initial constants are
// made in them); elementwise ops take the layout of their costly operand,
// not of a broadcast, an iota-made mask or a constant, which are made in
// it instead; the conversion of the loop-invariant Q to its fragments
// moves before the loop; P (float16, in the accumulator layout) becomes
// the A operand of P V in registers.
// RUN: cudapy-opt %s --split-input-file --tile-make-explicit --tile-assign-layouts | FileCheck %s
// RUN: cudapy-opt %s --split-input-file --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-DAG: #[[ACC:.*]] = #tile.mma_accumulator<warpsPerCTA = [4, 1]>
// CHECK-DAG: #[[A:.*]] = #tile.mma_operand<operand = 0, bits = 16, parent = #[[ACC]]>
// CHECK-DAG: #[[SLICE:.*]] = #tile.slice<dim = 0, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @attention
// CHECK: %[[Q:.*]] = tile.convert_layout %{{.*}} -> !tile.tile<128x64xf16, #[[A]]>
// CHECK: scf.for {{.*}} -> (!tile.tile<128x1xf32, #[[ACC]]>, !tile.tile<128x1xf32, #[[ACC]]>, !tile.tile<128x64xf32, #[[ACC]]>)
// CHECK: tile.mma %[[Q]], {{.*}} !tile.tile<128x64xf32, #[[ACC]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.broadcast %{{.*}} : !tile.tile<64xi1, #[[SLICE]]> -> !tile.tile<128x64xi1, #[[ACC]]>
// CHECK: tile.select {{.*}} : !tile.tile<128x64xf32, #[[ACC]]>
// CHECK: tile.reduce max {{.*}} -> !tile.tile<128x1xf32, #[[ACC]]>
// CHECK: tile.math exp2 {{.*}} : !tile.tile<128x64xf32, #[[ACC]]>
// CHECK: tile.reduce sum {{.*}} -> !tile.tile<128x1xf32, #[[ACC]]>
// CHECK: %[[P:.*]] = tile.convert {{.*}} -> !tile.tile<128x64xf16, #[[ACC]]>
// CHECK: tile.convert_layout %[[P]] : !tile.tile<128x64xf16, #[[ACC]]> -> !tile.tile<128x64xf16, #[[A]]>
// CHECK: tile.convert_layout {{.*}} -> !tile.tile<64x64xf16, #{{.*}}>
// CHECK-NOT: tile.convert_layout
// CHECK: scf.yield
// The scores' conversion to P's fragments needs no shared memory: Q's
// fragments load before the loop (8 ldmatrix.x4 a warp for its 32x64), K^T's
// and V's in it (16 each: a warp takes all of the 64x64), P's none.
// LLVM-LABEL: gpu.func @attention
// LLVM-COUNT-8: nvvm.ldmatrix
// LLVM: scf.for
// LLVM-COUNT-32: nvvm.ldmatrix
// LLVM-NOT: nvvm.ldmatrix
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @attention(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>,
                      %v: !tile.array<?x?xf16, strides [?, 1]>, %o: !tile.array<?x?xf32, strides [?, 1]>,
                      %scale: !tile.tile<f32>, %n: index) kernel attributes {tile.num_warps = 4} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vv = tile.make_view %v : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %seq = tile.array_dim %k, 0 : !tile.array<?x?xf16, strides [?, 1]>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x64xf32>
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %l0 = tile.constant dense<0.0> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %s0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %cols = tile.iota : !tile.tile<64xsi32>
    %bn = tile.constant dense<64> : !tile.tile<si32>
    %res:3 = scf.for %j = %c0 to %n step %c1 iter_args(%m_i = %m0, %l_i = %l0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %start = tile.mul %jt, %bn : !tile.tile<si32>
      %col = tile.add %cols, %start promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xsi32>
      %valid = tile.cmp lt %col, %seq promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xi1>
      %ss = tile.mul %s, %scale promote cutile : !tile.tile<128x64xf32>, !tile.tile<f32> -> !tile.tile<128x64xf32>
      %sm = tile.select %valid, %ss, %neg_inf promote cutile : !tile.tile<64xi1>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %mrow = tile.reduce max %sm axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %sh = tile.sub %sm, %m_new promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %vt = tile.load %vv[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    %out = tile.div %res#2, %res#1 promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
    tile.store %out, %vo[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A causal block's key indices feed two masks (past the sequence, past the
// row): an iota plus the block's offset, which both masks' layouts make
// from the iota again rather than take through shared memory in the loop.
// CHECK-LABEL: gpu.func @causal
// CHECK: scf.for
// CHECK-NOT: tile.convert_layout {{.*}}si32
// CHECK: tile.select
// CHECK: scf.yield
// LLVM-LABEL: gpu.func @causal
// LLVM: scf.for
// LLVM-NOT: gpu.barrier
// LLVM: scf.yield
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @causal(%q: !tile.array<?x?xf16, strides [?, 1]>, %k: !tile.array<?x?xf16, strides [?, 1]>,
                   %o: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel attributes {tile.num_warps = 4} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vk = tile.make_view %k : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    %qt = tile.load %vq[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %seq = tile.array_dim %k, 0 : !tile.array<?x?xf16, strides [?, 1]>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x64xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %s0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %riota = tile.iota : !tile.tile<128xsi32>
    %rows = tile.reshape %riota : !tile.tile<128xsi32> -> !tile.tile<128x1xsi32>
    %cols = tile.iota : !tile.tile<64xsi32>
    %bn = tile.constant dense<64> : !tile.tile<si32>
    %res = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %kt = tile.load %vk[%jt, %zero] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %start = tile.mul %jt, %bn : !tile.tile<si32>
      %col = tile.add %cols, %start promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xsi32>
      %valid = tile.cmp lt %col, %seq promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xi1>
      %seen = tile.cmp le %col, %rows promote cutile : !tile.tile<64xsi32>, !tile.tile<128x1xsi32> -> !tile.tile<128x64xi1>
      %keep = tile.and %seen, %valid promote cutile : !tile.tile<128x64xi1>, !tile.tile<64xi1> -> !tile.tile<128x64xi1>
      %sm = tile.select %keep, %s, %neg_inf promote cutile : !tile.tile<128x64xi1>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %acc_new = tile.add %acc, %sm : !tile.tile<128x64xf32>
      scf.yield %acc_new : !tile.tile<128x64xf32>
    }
    tile.store %res, %vo[%zero, %zero] : !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
