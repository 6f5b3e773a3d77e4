// C = (scale_a scale_b) (A @ B) for fp8 (float8_e4m3fn) A (M x K) and B
// (K x N) with per-tensor float32 scales, accumulated in float32 and stored
// as bfloat16. Tile block (i, j) computes the 128 x 128 tile (i, j) of C,
// walking K in steps of 64. On tensor cores: mma.sync with e4m3 operands
// where the chip (sm_89 on) and the PTX ISA (8.4 on) have it, else the
// operands widened to float16 in registers (exact) for the f16 mma.sync.
//
// fp8_matmul_nt takes the second operand as W (N x K, the layout of a
// weight matrix and of torch._scaled_mm's column-major B) and computes
// (scale_a scale_w) (A @ Wᵀ): tiles of W, transposed, are the mma's B. Its
// stages then hold K along their rows, as sm_90a's wgmma reads 8-bit
// operands (K-major).
gpu.module @fp8_matmul {
  gpu.func @fp8_matmul(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %b: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xbf16, strides [?, 1]>,
      %scale_a: !tile.tile<f32>, %scale_b: !tile.tile<f32>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf8E4M3FN>, !tile.tile<64x128xf8E4M3FN>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %scale = tile.mul %scale_a, %scale_b : !tile.tile<f32>
    %scaled = tile.mul %acc, %scale promote cutile : !tile.tile<128x128xf32>, !tile.tile<f32> -> !tile.tile<128x128xf32>
    %vc = tile.make_view %c : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    %out = tile.convert %scaled : !tile.tile<128x128xf32> -> !tile.tile<128x128xbf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    gpu.return
  }
  gpu.func @fp8_matmul_nt(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %w: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xbf16, strides [?, 1]>,
      %scale_a: !tile.tile<f32>, %scale_w: !tile.tile<f32>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vw = tile.make_view %w : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %wt = tile.load %vw[%bn, %kt] : !tile.view<128x64, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.permute %wt [1, 0] : !tile.tile<128x64xf8E4M3FN> -> !tile.tile<64x128xf8E4M3FN>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf8E4M3FN>, !tile.tile<64x128xf8E4M3FN>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %scale = tile.mul %scale_a, %scale_w : !tile.tile<f32>
    %scaled = tile.mul %acc, %scale promote cutile : !tile.tile<128x128xf32>, !tile.tile<f32> -> !tile.tile<128x128xf32>
    %vc = tile.make_view %c : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    %out = tile.convert %scaled : !tile.tile<128x128xf32> -> !tile.tile<128x128xbf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    gpu.return
  }
}
