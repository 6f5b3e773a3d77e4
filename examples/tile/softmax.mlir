// Softmax over the rows of an M x N float32 matrix (N <= 1024): tile block
// i loads row i as a 1 x 1024 tile. Padding -inf makes the columns past N
// vanish from the max and contribute exp(-inf) = 0 to the sum.
module attributes {gpu.container_module} {
  gpu.module @softmax {
    gpu.func @softmax(%x: !tile.array<?x?xf32, strides [?, 1]>,
                      %y: !tile.array<?x?xf32, strides [?, 1]>) kernel {
      %row = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>, padding neg_inf>
      %vy = tile.make_view %y : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>>
      %t = tile.load %vx[%row, %zero] : !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>, padding neg_inf>
      %max = tile.reduce max %t axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      // x - max(x) broadcasts the row's maximum (the implicit form).
      %shifted = tile.sub %t, %max promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      %e = tile.math exp %shifted : !tile.tile<1x1024xf32>
      %sum = tile.reduce sum %e axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      %r = tile.div %e, %sum promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      tile.store %r, %vy[%row, %zero] : !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }
  }
}
