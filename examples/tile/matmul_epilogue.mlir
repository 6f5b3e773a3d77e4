// C = act(A @ B + bias) with the epilogue fused: float16 A (M x K), B
// (K x N) and bias (N), accumulated in float32; the bias row is added to
// the accumulator where it lies (in the mma's registers) and the activation
// applied before the one float16 store. Tile block (i, j) computes the
// 128 x 128 tile (i, j) of C, walking K in steps of 64. Activations: GELU
// (its tanh form, 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))) and
// ReLU.
gpu.module @matmul_epilogue {
  gpu.func @matmul_bias_gelu(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %bias: !tile.array<?xf16, strides [1]>, %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %vbias = tile.make_view %bias : !tile.array<?xf16, strides [1]> -> !tile.view<128, !tile.array<?xf16, strides [1]>, padding zero>
    %bias16 = tile.load %vbias[%bn] : !tile.view<128, !tile.array<?xf16, strides [1]>, padding zero>
    %bias32 = tile.convert %bias16 : !tile.tile<128xf16> -> !tile.tile<128xf32>
    %x = tile.add %acc, %bias32 promote cutile : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %x2 = tile.mul %x, %x : !tile.tile<128x128xf32>
    %x3 = tile.mul %x2, %x : !tile.tile<128x128xf32>
    %c0044 = tile.constant dense<0.044715> : !tile.tile<128x128xf32>
    %cubic = tile.fma %x3, %c0044, %x : !tile.tile<128x128xf32>
    %k = tile.constant dense<0.7978845608> : !tile.tile<128x128xf32>
    %inner = tile.mul %cubic, %k : !tile.tile<128x128xf32>
    %t = tile.math tanh %inner : !tile.tile<128x128xf32>
    %one = tile.constant dense<1.0> : !tile.tile<128x128xf32>
    %onet = tile.add %t, %one : !tile.tile<128x128xf32>
    %half = tile.constant dense<0.5> : !tile.tile<128x128xf32>
    %hx = tile.mul %x, %half : !tile.tile<128x128xf32>
    %y = tile.mul %hx, %onet : !tile.tile<128x128xf32>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    %out = tile.convert %y : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
  gpu.func @matmul_bias_relu(%a: !tile.array<?x?xf16, strides [?, 1]>, %b: !tile.array<?x?xf16, strides [?, 1]>, %bias: !tile.array<?xf16, strides [1]>, %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %vbias = tile.make_view %bias : !tile.array<?xf16, strides [1]> -> !tile.view<128, !tile.array<?xf16, strides [1]>, padding zero>
    %bias16 = tile.load %vbias[%bn] : !tile.view<128, !tile.array<?xf16, strides [1]>, padding zero>
    %bias32 = tile.convert %bias16 : !tile.tile<128xf16> -> !tile.tile<128xf32>
    %x = tile.add %acc, %bias32 promote cutile : !tile.tile<128x128xf32>, !tile.tile<128xf32> -> !tile.tile<128x128xf32>
    %zeros = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %y = tile.maximum %x, %zeros : !tile.tile<128x128xf32>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    %out = tile.convert %y : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}
