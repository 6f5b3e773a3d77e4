// y = x^T for an M x N float32 matrix x and an N x M matrix y: tile block
// (i, j) loads the 64 x 64 tile (i, j) of x, transposes it (in registers:
// the transposed layout reads down the columns) and stores it as tile
// (j, i) of y. The store wants rows along the lanes again, so the tile
// moves through shared memory once. Launch: grid (ceil(M / 64),
// ceil(N / 64)), block 128.
module attributes {gpu.container_module} {
  gpu.module @transpose {
    gpu.func @transpose(%x: !tile.array<?x?xf32, strides [?, 1]>,
                        %y: !tile.array<?x?xf32, strides [?, 1]>) kernel {
      %i = tile.bid 0
      %j = tile.bid 1
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %vy = tile.make_view %y : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
      %t = tile.load %vx[%i, %j] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %tt = tile.permute %t [1, 0] : !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
      tile.store %tt, %vy[%j, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }
  }
}
