// C[b] = A[b] @ B[b] for a batch of float16 matrices: A (batch, M, K), B
// (batch, K, N), C (batch, M, N), accumulated in float32 and stored as
// float16. Tile block (i, j, b) computes the 128 x 128 tile (i, j) of C[b],
// walking K in steps of 64; each tile loads as 1 x 128 x 64 from the 3-D
// arrays and drops its batch dimension (tile.reshape) for the mma, which
// keeps the loads pipelined into shared memory (docs/Tile.md, "Shared
// memory"). Zero padding makes partial tiles add nothing.
gpu.module @batch_matmul {
  gpu.func @batch_matmul(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %b: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %c: !tile.array<?x?x?xf16, strides [?, ?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %bb = tile.bid 2
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 2 : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%bb, %bm, %kt] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%bb, %kt, %bn] : !tile.view<1x64x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x128x64xf16> -> !tile.tile<128x64xf16>
      %y = tile.reshape %y3 : !tile.tile<1x64x128xf16> -> !tile.tile<64x128xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %vc = tile.make_view %c : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    %out3 = tile.reshape %out : !tile.tile<128x128xf16> -> !tile.tile<1x128x128xf16>
    tile.store %out3, %vc[%bb, %bm, %bn] : !tile.view<1x128x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    gpu.return
  }
}
