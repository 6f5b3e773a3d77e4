// Flash-attention forward, O = softmax(Q K^T scale) V, for Q, K, V and O of
// shape (batch * heads, sequence, head dim), head dim 64: tile block
// (i, bh) computes rows 128 i .. 128 i + 127 of head bh, walking the keys
// and values in blocks of 64 with an online softmax (the running row
// maximum m and sum l; the accumulator rescaled as m grows), so the
// scores never leave registers. Q K^T and P V run on tensor cores; the
// scores, in the accumulator layout of Q K^T, feed the softmax and (as
// float16/bfloat16) the A operand of P V without leaving their threads.
// Keys past the sequence score -inf (its length need not be a multiple of
// 64); the causal kernels stop at the diagonal block and mask above it,
// and take their blocks heaviest first (the last blocks of queries, which
// read the most keys), in groups of heads whose keys and values fit in L2.
// The blocks that need no mask (before the block's first row when causal,
// every whole block otherwise) run in a loop of their own, the rest (the
// diagonal blocks, or a partial last block) in a second, masked one.
// The scores are scaled as they are shifted by the row maximum, one fma
// each (the maximum is taken before scaling: the scale is positive), and
// exp2 flushes subnormals (the hardware's ex2 without its subnormal
// handling); on sm_90a both products run on warpgroup mmas. Q, K and V
// carry the facts a JIT knows of the arrays it is given (bases aligned to
// 16 bytes, strides multiples of 8 elements): on sm_90 and later K and V
// then reach shared memory by the tensor memory accelerator.
gpu.module @attention {
  gpu.func @attention_f16_d64(%q: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %k: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %v: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %o: !tile.array<?x?x?xf16, strides [?, ?, 1]>,
      %scale: !tile.tile<f32>) kernel attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bh = tile.bid 1
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    %q3 = tile.load %vq[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %qt = tile.reshape %q3 : !tile.tile<1x128x64xf16> -> !tile.tile<128x64xf16>
    // Keys past the sequence (a partial last block) score -inf.
    %seq = tile.array_dim %k, 1 : !tile.array<?x?x?xf16, strides [?, ?, 1]>
    %tiles = tile.num_tiles %vk, 1 : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // exp(x) = exp2(x log2(e)): the scale takes log2(e) in.
    %log2e = tile.constant dense<1.44269504> : !tile.tile<f32>
    %qk_scale = tile.mul %scale, %log2e : !tile.tile<f32>
    %qk_scale_b = tile.broadcast %qk_scale : !tile.tile<f32> -> !tile.tile<128x64xf32>
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x64xf32>
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %l0 = tile.constant dense<0.0> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %s0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %cols = tile.iota : !tile.tile<64xsi32>
    %bn = tile.constant dense<64> : !tile.tile<si32>
    // Whole blocks of keys inside the sequence: unmasked.
    %fullt = tile.floordiv %seq, %bn : !tile.tile<si32>
    %full = tile.to_scalar %fullt : !tile.tile<si32> -> index
    // Online softmax: the running row maximum m, the sum l of exp2(s - m), and
    // acc = sum of exp2(s - m) V, rescaled by exp2(m_old - m_new) as m grows.
    %resA:3 = scf.for %j = %c0 to %full step %c1 iter_args(%m_i = %m0, %l_i = %l0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %smax = tile.reduce max %s axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %s, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    // The partial last block, if any: keys past the sequence score -inf.
    %res:3 = scf.for %j = %full to %steps step %c1 iter_args(%m_i = %resA#0, %l_i = %resA#1, %acc = %resA#2) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %start = tile.mul %jt, %bn : !tile.tile<si32>
      %col = tile.add %cols, %start promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xsi32>
      %valid = tile.cmp lt %col, %seq promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xi1>
      %sm = tile.select %valid, %s, %neg_inf promote cutile : !tile.tile<64xi1>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %smax = tile.reduce max %sm axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %sm, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    %out = tile.div %res#2, %res#1 promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
    %oh = tile.convert %out : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %o3 = tile.reshape %oh : !tile.tile<128x64xf16> -> !tile.tile<1x128x64xf16>
    tile.store %o3, %vo[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    gpu.return
  }

  gpu.func @attention_f16_d64_causal(%q: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %k: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %v: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %o: !tile.array<?x?x?xf16, strides [?, ?, 1]>,
      %scale: !tile.tile<f32>) kernel attributes {tile.num_warps = 4} {
    // The tile blocks in order of work, heaviest first: a causal block of
    // queries takes as many keys as lie up to its last row, so the last
    // blocks of a head run longest, and started last they would leave the
    // GPU idle at the end. Blocks run in groups of heads whose keys and
    // values fit in 16 MiB of L2 together (65536 / sequence heads of
    // head dim 64); each group from its last block of queries to its
    // first, head after head. The grid stays (blocks of queries, heads).
    %bx = tile.bid 0
    %by = tile.bid 1
    %nbx = tile.num_blocks 0
    %nby = tile.num_blocks 1
    %seq = tile.array_dim %k, 1 : !tile.array<?x?x?xf16, strides [?, ?, 1]>
    %budget = tile.constant dense<65536> : !tile.tile<si32>
    %one_b = tile.constant dense<1> : !tile.tile<si32>
    %fit = tile.floordiv %budget, %seq : !tile.tile<si32>
    %fit1 = tile.maximum %fit, %one_b : !tile.tile<si32>
    %group = tile.minimum %fit1, %nby : !tile.tile<si32>
    %row_start = tile.mul %by, %nbx : !tile.tile<si32>
    %linear = tile.add %row_start, %bx : !tile.tile<si32>
    %group_blocks = tile.mul %group, %nbx : !tile.tile<si32>
    %g = tile.floordiv %linear, %group_blocks : !tile.tile<si32>
    %g_start = tile.mul %g, %group_blocks : !tile.tile<si32>
    %within = tile.sub %linear, %g_start : !tile.tile<si32>
    %first_head = tile.mul %g, %group : !tile.tile<si32>
    %heads_left = tile.sub %nby, %first_head : !tile.tile<si32>
    %heads = tile.minimum %group, %heads_left : !tile.tile<si32>
    %rank = tile.floordiv %within, %heads : !tile.tile<si32>
    %last_block = tile.sub %nbx, %one_b : !tile.tile<si32>
    %bm = tile.sub %last_block, %rank : !tile.tile<si32>
    %rank_start = tile.mul %rank, %heads : !tile.tile<si32>
    %head = tile.sub %within, %rank_start : !tile.tile<si32>
    %bh = tile.add %first_head, %head : !tile.tile<si32>
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    %q3 = tile.load %vq[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %qt = tile.reshape %q3 : !tile.tile<1x128x64xf16> -> !tile.tile<128x64xf16>
    // Keys past the sequence (a partial last block) score -inf.
    %tiles = tile.num_tiles %vk, 1 : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    // Causal: blocks of keys up to the last row of this block of queries.
    %bmt = tile.constant dense<128> : !tile.tile<si32>
    %bnt = tile.constant dense<64> : !tile.tile<si32>
    %one = tile.constant dense<1> : !tile.tile<si32>
    %next = tile.add %bm, %one : !tile.tile<si32>
    %rows_end = tile.mul %next, %bmt : !tile.tile<si32>
    %bn1 = tile.sub %bnt, %one : !tile.tile<si32>
    %ends = tile.add %rows_end, %bn1 : !tile.tile<si32>
    %diag = tile.floordiv %ends, %bnt : !tile.tile<si32>
    %last = tile.minimum %diag, %tiles : !tile.tile<si32>
    %steps = tile.to_scalar %last : !tile.tile<si32> -> index
    %rows0 = tile.mul %bm, %bmt : !tile.tile<si32>
    %riota = tile.iota : !tile.tile<128xsi32>
    %rowv = tile.add %riota, %rows0 promote cutile : !tile.tile<128xsi32>, !tile.tile<si32> -> !tile.tile<128xsi32>
    %rows = tile.reshape %rowv : !tile.tile<128xsi32> -> !tile.tile<128x1xsi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // exp(x) = exp2(x log2(e)): the scale takes log2(e) in.
    %log2e = tile.constant dense<1.44269504> : !tile.tile<f32>
    %qk_scale = tile.mul %scale, %log2e : !tile.tile<f32>
    %qk_scale_b = tile.broadcast %qk_scale : !tile.tile<f32> -> !tile.tile<128x64xf32>
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x64xf32>
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %l0 = tile.constant dense<0.0> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %s0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %cols = tile.iota : !tile.tile<64xsi32>
    %bn = tile.constant dense<64> : !tile.tile<si32>
    // Blocks of keys before the first row of this block of queries: all
    // seen and all in the sequence, so unmasked.
    %fullt = tile.floordiv %rows0, %bn : !tile.tile<si32>
    %full = tile.to_scalar %fullt : !tile.tile<si32> -> index
    // Online softmax: the running row maximum m, the sum l of exp2(s - m), and
    // acc = sum of exp2(s - m) V, rescaled by exp2(m_old - m_new) as m grows.
    %resA:3 = scf.for %j = %c0 to %full step %c1 iter_args(%m_i = %m0, %l_i = %l0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %smax = tile.reduce max %s axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %s, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    // The diagonal blocks: keys past a row, or past the sequence, score -inf.
    %res:3 = scf.for %j = %full to %steps step %c1 iter_args(%m_i = %resA#0, %l_i = %resA#1, %acc = %resA#2) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xf16> -> !tile.tile<64x64xf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      %start = tile.mul %jt, %bn : !tile.tile<si32>
      %col = tile.add %cols, %start promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xsi32>
      %valid = tile.cmp lt %col, %seq promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xi1>
      %seen = tile.cmp le %col, %rows promote cutile : !tile.tile<64xsi32>, !tile.tile<128x1xsi32> -> !tile.tile<128x64xi1>
      %keep = tile.and %seen, %valid promote cutile : !tile.tile<128x64xi1>, !tile.tile<64xi1> -> !tile.tile<128x64xi1>
      %sm = tile.select %keep, %s, %neg_inf promote cutile : !tile.tile<128x64xi1>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %smax = tile.reduce max %sm axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %sm, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xf16> -> !tile.tile<64x64xf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    %out = tile.div %res#2, %res#1 promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
    %oh = tile.convert %out : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %o3 = tile.reshape %oh : !tile.tile<128x64xf16> -> !tile.tile<1x128x64xf16>
    tile.store %o3, %vo[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    gpu.return
  }

  gpu.func @attention_bf16_d64(%q: !tile.array<?x?x?xbf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %k: !tile.array<?x?x?xbf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %v: !tile.array<?x?x?xbf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %o: !tile.array<?x?x?xbf16, strides [?, ?, 1]>,
      %scale: !tile.tile<f32>) kernel attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bh = tile.bid 1
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vq = tile.make_view %q : !tile.array<?x?x?xbf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
    %vk = tile.make_view %k : !tile.array<?x?x?xbf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
    %vv = tile.make_view %v : !tile.array<?x?x?xbf16, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
    %vo = tile.make_view %o : !tile.array<?x?x?xbf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>>
    %q3 = tile.load %vq[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
    %qt = tile.reshape %q3 : !tile.tile<1x128x64xbf16> -> !tile.tile<128x64xbf16>
    // Keys past the sequence (a partial last block) score -inf.
    %seq = tile.array_dim %k, 1 : !tile.array<?x?x?xbf16, strides [?, ?, 1]>
    %tiles = tile.num_tiles %vk, 1 : !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // exp(x) = exp2(x log2(e)): the scale takes log2(e) in.
    %log2e = tile.constant dense<1.44269504> : !tile.tile<f32>
    %qk_scale = tile.mul %scale, %log2e : !tile.tile<f32>
    %qk_scale_b = tile.broadcast %qk_scale : !tile.tile<f32> -> !tile.tile<128x64xf32>
    %neg_inf = tile.constant dense<0xFF800000> : !tile.tile<128x64xf32>
    %m0 = tile.constant dense<0xFF800000> : !tile.tile<128x1xf32>
    %l0 = tile.constant dense<0.0> : !tile.tile<128x1xf32>
    %acc0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %s0 = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %cols = tile.iota : !tile.tile<64xsi32>
    %bn = tile.constant dense<64> : !tile.tile<si32>
    // Whole blocks of keys inside the sequence: unmasked.
    %fullt = tile.floordiv %seq, %bn : !tile.tile<si32>
    %full = tile.to_scalar %fullt : !tile.tile<si32> -> index
    // Online softmax: the running row maximum m, the sum l of exp2(s - m), and
    // acc = sum of exp2(s - m) V, rescaled by exp2(m_old - m_new) as m grows.
    %resA:3 = scf.for %j = %c0 to %full step %c1 iter_args(%m_i = %m0, %l_i = %l0, %acc = %acc0) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xbf16> -> !tile.tile<64x64xbf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xbf16> -> !tile.tile<64x64xbf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<128x64xf32>
      %smax = tile.reduce max %s axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %s, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xbf16> -> !tile.tile<64x64xbf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xbf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    // The partial last block, if any: keys past the sequence score -inf.
    %res:3 = scf.for %j = %full to %steps step %c1 iter_args(%m_i = %resA#0, %l_i = %resA#1, %acc = %resA#2) -> (!tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>) {
      %jt = tile.from_scalar %j : index -> !tile.tile<si32>
      %k3 = tile.load %vk[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
      %kt = tile.reshape %k3 : !tile.tile<1x64x64xbf16> -> !tile.tile<64x64xbf16>
      %ktt = tile.permute %kt [1, 0] : !tile.tile<64x64xbf16> -> !tile.tile<64x64xbf16>
      %s = tile.mma %qt, %ktt, %s0 : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<128x64xf32>
      %start = tile.mul %jt, %bn : !tile.tile<si32>
      %col = tile.add %cols, %start promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xsi32>
      %valid = tile.cmp lt %col, %seq promote cutile : !tile.tile<64xsi32>, !tile.tile<si32> -> !tile.tile<64xi1>
      %sm = tile.select %valid, %s, %neg_inf promote cutile : !tile.tile<64xi1>, !tile.tile<128x64xf32>, !tile.tile<128x64xf32> -> !tile.tile<128x64xf32>
      %smax = tile.reduce max %sm axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %mrow = tile.mul %smax, %qk_scale promote cutile : !tile.tile<128x1xf32>, !tile.tile<f32> -> !tile.tile<128x1xf32>
      %m_new = tile.maximum %m_i, %mrow : !tile.tile<128x1xf32>
      %neg_m = tile.neg %m_new : !tile.tile<128x1xf32>
      %neg_mb = tile.broadcast %neg_m : !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %sh = tile.fma %sm, %qk_scale_b, %neg_mb : !tile.tile<128x64xf32>
      %p = tile.math exp2 %sh ftz : !tile.tile<128x64xf32>
      %dm = tile.sub %m_i, %m_new : !tile.tile<128x1xf32>
      %alpha = tile.math exp2 %dm ftz : !tile.tile<128x1xf32>
      %psum = tile.reduce sum %p axes [1] keepdims : !tile.tile<128x64xf32> -> !tile.tile<128x1xf32>
      %la = tile.mul %l_i, %alpha : !tile.tile<128x1xf32>
      %l_new = tile.add %la, %psum : !tile.tile<128x1xf32>
      %accs = tile.mul %acc, %alpha promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
      %v3 = tile.load %vv[%bh, %jt, %zero] : !tile.view<1x64x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>, padding zero>
      %vt = tile.reshape %v3 : !tile.tile<1x64x64xbf16> -> !tile.tile<64x64xbf16>
      %pf = tile.convert %p : !tile.tile<128x64xf32> -> !tile.tile<128x64xbf16>
      %acc_new = tile.mma %pf, %vt, %accs : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>, !tile.tile<128x64xf32>
      scf.yield %m_new, %l_new, %acc_new : !tile.tile<128x1xf32>, !tile.tile<128x1xf32>, !tile.tile<128x64xf32>
    }
    %out = tile.div %res#2, %res#1 promote cutile : !tile.tile<128x64xf32>, !tile.tile<128x1xf32> -> !tile.tile<128x64xf32>
    %oh = tile.convert %out : !tile.tile<128x64xf32> -> !tile.tile<128x64xbf16>
    %o3 = tile.reshape %oh : !tile.tile<128x64xbf16> -> !tile.tile<1x128x64xbf16>
    tile.store %o3, %vo[%bh, %bm, %zero] : !tile.view<1x128x64, !tile.array<?x?x?xbf16, strides [?, ?, 1]>>
    gpu.return
  }
}
