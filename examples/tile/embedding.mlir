// Embedding lookup: out[i, :] = table[ids[i], :] for N ids into a V x D
// float32 table (D <= 128). Tile block i gathers the rows of ids 32i to
// 32i + 31 as one 32 x 128 tile: the row index tile is the ids broadcast
// along the columns, the column index tile an iota broadcast along the
// rows. An id outside [0, V) gives a row of zeros (the gather's bounds
// check); the store leaves out past N rows and D columns alone.
// Launch: grid ceil(N / 32), block 128.
module attributes {gpu.container_module} {
  gpu.module @embedding {
    gpu.func @embedding(%table: !tile.array<?x?xf32, strides [?, 1]>,
                        %ids: !tile.array<?xsi32, strides [1]>,
                        %out: !tile.array<?x?xf32, strides [?, 1]>) kernel {
      %block = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vi = tile.make_view %ids : !tile.array<?xsi32, strides [1]> -> !tile.view<32, !tile.array<?xsi32, strides [1]>, padding zero>
      %vo = tile.make_view %out : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
      %id = tile.load %vi[%block] : !tile.view<32, !tile.array<?xsi32, strides [1]>, padding zero>
      %id2 = tile.expand_dims %id, 1 : !tile.tile<32xsi32> -> !tile.tile<32x1xsi32>
      %rows = tile.broadcast %id2 : !tile.tile<32x1xsi32> -> !tile.tile<32x128xsi32>
      %col = tile.iota : !tile.tile<128xsi32>
      %cols = tile.broadcast %col : !tile.tile<128xsi32> -> !tile.tile<32x128xsi32>
      %t = tile.gather %table[%rows, %cols] : !tile.array<?x?xf32, strides [?, 1]>[!tile.tile<32x128xsi32>, !tile.tile<32x128xsi32>] -> !tile.tile<32x128xf32>
      tile.store %t, %vo[%block, %zero] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }
  }
}
