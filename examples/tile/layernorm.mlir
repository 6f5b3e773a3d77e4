// Layer normalization forward over the rows of an M x N float16 matrix
// (N <= 1024), computed in float32 (cuTile promotion: float16 with float32
// is float32): y = (x - mean) / sqrt(var + eps) * w + b. The columns past N
// are masked out of the variance. The two divisions by N round `full`
// (within 2 ulp, PTX div.full.f32, what Triton's `/` does), which keeps the
// kernel in fewer registers than IEEE division.
module attributes {gpu.container_module} {
  gpu.module @layernorm {
    gpu.func @layernorm(%x: !tile.array<?x?xf16, strides [?, 1]>,
                        %w: !tile.array<?xf16, strides [1]>,
                        %b: !tile.array<?xf16, strides [1]>,
                        %y: !tile.array<?x?xf16, strides [?, 1]>) kernel {
      %row = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x1024, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vw = tile.make_view %w : !tile.array<?xf16, strides [1]> -> !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?xf16, strides [1]> -> !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x1024, !tile.array<?x?xf16, strides [?, 1]>>
      %xh = tile.load %vx[%row, %zero] : !tile.view<1x1024, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %xf = tile.convert %xh : !tile.tile<1x1024xf16> -> !tile.tile<1x1024xf32>
      %n = tile.array_dim %x, 1 : !tile.array<?x?xf16, strides [?, 1]>
      %nf = tile.convert %n : !tile.tile<si32> -> !tile.tile<f32>
      // mean = sum(x) / N
      %sum = tile.reduce sum %xf axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      %mean = tile.div %sum, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      // xc = x - mean inside the row, 0 past its end
      %centered = tile.sub %xf, %mean promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      %cols = tile.iota : !tile.tile<1024xsi32>
      %inside = tile.cmp lt %cols, %n promote cutile : !tile.tile<1024xsi32>, !tile.tile<si32> -> !tile.tile<1024xi1>
      %fzero = tile.literal 0.0
      %xc = tile.select %inside, %centered, %fzero promote cutile : !tile.tile<1024xi1>, !tile.tile<1x1024xf32>, !tile.loose_float -> !tile.tile<1x1024xf32>
      // var = sum(xc * xc) / N; rstd = 1 / sqrt(var + eps)
      %sq = tile.mul %xc, %xc : !tile.tile<1x1024xf32>
      %ss = tile.reduce sum %sq axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      %var = tile.div %ss, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %eps = tile.literal 1.0e-5
      %ve = tile.add %var, %eps promote cutile : !tile.tile<1x1xf32>, !tile.loose_float -> !tile.tile<1x1xf32>
      %rstd = tile.math rsqrt %ve : !tile.tile<1x1xf32>
      // y = xc * rstd * w + b, stored as float16
      %normed = tile.mul %xc, %rstd promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      %wt = tile.load %vw[%zero] : !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %bt = tile.load %vb[%zero] : !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %scaled = tile.mul %normed, %wt promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1024xf16> -> !tile.tile<1x1024xf32>
      %shifted = tile.add %scaled, %bt promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1024xf16> -> !tile.tile<1x1024xf32>
      %out = tile.convert %shifted : !tile.tile<1x1024xf32> -> !tile.tile<1x1024xf16>
      tile.store %out, %vy[%row, %zero] : !tile.view<1x1024, !tile.array<?x?xf16, strides [?, 1]>>
      gpu.return
    }
  }
}
