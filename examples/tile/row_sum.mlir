// Row sums of an M x N float32 matrix (N <= 1024): tile block i loads rows
// 4i to 4i + 3 as a 4 x 1024 tile (zeros past the edges), reduces along the
// columns and stores the 4 sums. The sums are a slice of the tile's layout:
// the lanes and warps that held one row's columns all hold its sum, and the
// first of them stores it. Launch: grid ceil(M / 4), block 256.
module attributes {gpu.container_module} {
  gpu.module @row_sum {
    gpu.func @row_sum(%x: !tile.array<?x?xf32, strides [?, 1]>,
                      %s: !tile.array<?xf32, strides [1]>) kernel
        attributes {tile.num_warps = 8} {
      %block = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x1024, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %vs = tile.make_view %s : !tile.array<?xf32, strides [1]> -> !tile.view<4, !tile.array<?xf32, strides [1]>>
      %t = tile.load %vx[%block, %zero] : !tile.view<4x1024, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %sums = tile.reduce sum %t axes [1] : !tile.tile<4x1024xf32> -> !tile.tile<4xf32>
      tile.store %sums, %vs[%block] : !tile.view<4, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
  }
}
