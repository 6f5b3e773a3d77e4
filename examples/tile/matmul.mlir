// C = A @ B for float16 A (M x K) and B (K x N), accumulated in float32 and
// stored as float16: tile block (i, j) computes the 128 x 128 tile (i, j) of
// C, walking K in steps of 32. Zero padding makes partial tiles along K add
// nothing.
func.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) {
  %bm = tile.bid 0
  %bn = tile.bid 1
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
  %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
  %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
  %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
  %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
    %kt = tile.from_scalar %k : index -> !tile.tile<si32>
    %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %y = tile.load %vb[%kt, %bn] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
    scf.yield %next : !tile.tile<128x128xf32>
  }
  %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
  tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
  return
}
