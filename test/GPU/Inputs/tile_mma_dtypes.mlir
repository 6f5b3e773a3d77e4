// tile.mma for every dtype pair it accepts (docs/Tile.md, "mma dtypes"):
// C = A @ B, tile block (i, j) computing the 64 x 64 tile (i, j) of C, K in
// steps of its tile, zero padding for partial tiles. On tensor cores where
// the chip has an mma.sync for the pair (f16 with an f16 or f32
// accumulator, bf16, tf32, si8/ui8 from sm_80, fp8 from sm_89), else the
// simple path; also B given transposed (a column-major view, or tiles of an
// N x K array permuted) and batches (3-D arrays, tile block (i, j, batch)).
gpu.module @tile_mma_dtypes {
  // f16 operands, f16 accumulator
  gpu.func @mma_f16_acc_f16(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf16>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf16>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf16>
      scf.yield %next : !tile.tile<64x64xf16>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
  // f32 inputs rounded to tf32 (tile.convert), f32 accumulator
  gpu.func @mma_tf32(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %xo = tile.convert %x : !tile.tile<64x32xf32> -> !tile.tile<64x32xtf32>
      %yo = tile.convert %y : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
      %next = tile.mma %xo, %yo, %sum : !tile.tile<64x32xtf32>, !tile.tile<32x64xtf32>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // 8-bit integers, si32 accumulator (wraps)
  gpu.func @mma_si8(%a: !tile.array<?x?xsi8, strides [?, 1]>, %b: !tile.array<?x?xsi8, strides [?, 1]>, %c: !tile.array<?x?xsi32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0> : !tile.tile<64x64xsi32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xsi32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xsi8>, !tile.tile<64x64xsi8>, !tile.tile<64x64xsi32>
      scf.yield %next : !tile.tile<64x64xsi32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @mma_ui8(%a: !tile.array<?x?xui8, strides [?, 1]>, %b: !tile.array<?x?xui8, strides [?, 1]>, %c: !tile.array<?x?xsi32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xui8, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xui8, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xui8, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xui8, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xui8, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0> : !tile.tile<64x64xsi32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xsi32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xui8, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xui8, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xui8>, !tile.tile<64x64xui8>, !tile.tile<64x64xsi32>
      scf.yield %next : !tile.tile<64x64xsi32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    gpu.return
  }
  // fp8 operands (sm_89 on), f32 accumulator
  gpu.func @mma_e4m3(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %b: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E4M3FN>, !tile.tile<64x64xf8E4M3FN>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @mma_e5m2(%a: !tile.array<?x?xf8E5M2, strides [?, 1]>, %b: !tile.array<?x?xf8E5M2, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E5M2>, !tile.tile<64x64xf8E5M2>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // f32 and f64: no tensor-core mma, the simple path
  gpu.func @mma_f32(%a: !tile.array<?x?xf32, strides [?, 1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x16, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x16, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x16, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x16xf32>, !tile.tile<16x64xf32>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @mma_f64(%a: !tile.array<?x?xf64, strides [?, 1]>, %b: !tile.array<?x?xf64, strides [?, 1]>, %c: !tile.array<?x?xf64, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf64, strides [?, 1]> -> !tile.view<64x16, !tile.array<?x?xf64, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf64, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x?xf64, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf64, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf64, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x16, !tile.array<?x?xf64, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf64>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf64>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x16, !tile.array<?x?xf64, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<16x64, !tile.array<?x?xf64, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x16xf64>, !tile.tile<16x64xf64>, !tile.tile<64x64xf64>
      scf.yield %next : !tile.tile<64x64xf64>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf64, strides [?, 1]>>
    gpu.return
  }
  // B as the transpose of an N x K row-major array (a column-major K x N view)
  gpu.func @mma_bf16_bt(%a: !tile.array<?x?xbf16, strides [?, 1]>, %b: !tile.array<?x?xbf16, strides [1, ?]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xbf16, strides [1, ?]> -> !tile.view<32x64, !tile.array<?x?xbf16, strides [1, ?]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x64, !tile.array<?x?xbf16, strides [1, ?]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xbf16>, !tile.tile<32x64xbf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // batch matmul: 3-D arrays, tile block (i, j, batch)
  gpu.func @mma_f16_batch(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %b: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?x?xf16, strides [?, ?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %bb = tile.bid 2
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    %tiles = tile.num_tiles %va, 2 : !tile.view<1x128x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%bb, %bm, %kt] : !tile.view<1x128x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%bb, %kt, %bn] : !tile.view<1x32x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x128x32xf16> -> !tile.tile<128x32xf16>
      %y = tile.reshape %y3 : !tile.tile<1x32x64xf16> -> !tile.tile<32x64xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    %out3 = tile.reshape %out : !tile.tile<128x64xf16> -> !tile.tile<1x128x64xf16>
    tile.store %out3, %vc[%bb, %bm, %bn] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    gpu.return
  }
  gpu.func @mma_si8_bt(%a: !tile.array<?x?xsi8, strides [?, 1]>, %b: !tile.array<?x?xsi8, strides [1, ?]>, %c: !tile.array<?x?xsi32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xsi8, strides [1, ?]> -> !tile.view<64x64, !tile.array<?x?xsi8, strides [1, ?]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0> : !tile.tile<64x64xsi32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xsi32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xsi8, strides [1, ?]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xsi8>, !tile.tile<64x64xsi8>, !tile.tile<64x64xsi32>
      scf.yield %next : !tile.tile<64x64xsi32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xsi32, strides [?, 1]>>
    gpu.return
  }
  gpu.func @mma_tf32_batch(%a: !tile.array<?x?x?xf32, strides [?, ?, 1]>, %b: !tile.array<?x?x?xf32, strides [?, ?, 1]>, %c: !tile.array<?x?x?xf32, strides [?, ?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %bb = tile.bid 2
    %va = tile.make_view %a : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf32, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x64x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
    %tiles = tile.num_tiles %va, 2 : !tile.view<1x64x32, !tile.array<?x?x?xf32, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%bb, %bm, %kt] : !tile.view<1x64x32, !tile.array<?x?x?xf32, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%bb, %kt, %bn] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x64x32xf32> -> !tile.tile<64x32xf32>
      %y = tile.reshape %y3 : !tile.tile<1x32x64xf32> -> !tile.tile<32x64xf32>
      %xo = tile.convert %x : !tile.tile<64x32xf32> -> !tile.tile<64x32xtf32>
      %yo = tile.convert %y : !tile.tile<32x64xf32> -> !tile.tile<32x64xtf32>
      %next = tile.mma %xo, %yo, %sum : !tile.tile<64x32xtf32>, !tile.tile<32x64xtf32>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out3 = tile.reshape %acc : !tile.tile<64x64xf32> -> !tile.tile<1x64x64xf32>
    tile.store %out3, %vc[%bb, %bm, %bn] : !tile.view<1x64x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
    gpu.return
  }
  // B as the transpose (tile.permute) of tiles of an N x K row-major array: its stages are read transposed
  gpu.func @mma_f16_permuted_b(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %yt = tile.load %vb[%bn, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.permute %yt [1, 0] : !tile.tile<128x32xf16> -> !tile.tile<32x128xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x128xf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // One warpgroup: on sm_90a a wgmma reading B K-major from the stages of Bᵀ
  gpu.func @mma_bf16_permuted_b_w4(%a: !tile.array<?x?xbf16, strides [?, 1]>, %b: !tile.array<?x?xbf16, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %yt = tile.load %vb[%bn, %kt] : !tile.view<128x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %y = tile.permute %yt [1, 0] : !tile.tile<128x32xbf16> -> !tile.tile<32x128xbf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xbf16>, !tile.tile<32x128xbf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // fp8 with B from Bᵀ: on sm_90a a K-major wgmma of 8-bit operands
  gpu.func @mma_e4m3_permuted_b(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %b: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %yt = tile.load %vb[%bn, %kt] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.permute %yt [1, 0] : !tile.tile<128x64xf8E4M3FN> -> !tile.tile<64x128xf8E4M3FN>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E4M3FN>, !tile.tile<64x128xf8E4M3FN>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // the same with e5m2
  gpu.func @mma_e5m2_permuted_b(%a: !tile.array<?x?xf8E5M2, strides [?, 1]>, %b: !tile.array<?x?xf8E5M2, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %yt = tile.load %vb[%bn, %kt] : !tile.view<128x64, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %y = tile.permute %yt [1, 0] : !tile.tile<128x64xf8E5M2> -> !tile.tile<64x128xf8E5M2>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf8E5M2>, !tile.tile<64x128xf8E5M2>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%bm, %bn] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}
