// The tile examples in other configurations, written out:
// - softmax_4096: examples/tile/softmax.mlir with rows of up to 4096
//   columns, on 8 warps;
// - layernorm_facts: examples/tile/layernorm.mlir specialized on facts, as
//   a JIT specializes where they hold (bases 16-byte aligned, columns and
//   row strides multiples of 16): edge tiles move whole vectors, and the
//   runtime refuses arrays that break a fact;
// - layernorm_4096, layernorm_4096_facts: the same two for rows of up to
//   4096 columns, on 8 warps.
// test/GPU/tile_examples.py runs them against NumPy;
// tools/benchmarks/tile_kernels.py times them against Triton.
module attributes {gpu.container_module} {
  gpu.module @tile_example_variants {
    gpu.func @softmax_4096(%x: !tile.array<?x?xf32, strides [?, 1]>,
                      %y: !tile.array<?x?xf32, strides [?, 1]>) kernel attributes {tile.num_warps = 8} {
      %row = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf32, strides [?, 1]>, padding neg_inf>
      %vy = tile.make_view %y : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf32, strides [?, 1]>>
      %t = tile.load %vx[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf32, strides [?, 1]>, padding neg_inf>
      %max = tile.reduce max %t axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %shifted = tile.sub %t, %max promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      %e = tile.math exp %shifted : !tile.tile<1x4096xf32>
      %sum = tile.reduce sum %e axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %r = tile.div %e, %sum promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      tile.store %r, %vy[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }

    gpu.func @layernorm_facts(%x: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 1, 16>, tile.stride_divisibility = array<i64: 16, 1>},
                        %w: !tile.array<?xf16, strides [1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 16>},
                        %b: !tile.array<?xf16, strides [1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 16>},
                        %y: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 1, 16>, tile.stride_divisibility = array<i64: 16, 1>}) kernel {
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
      %sum = tile.reduce sum %xf axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      %mean = tile.div %sum, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %centered = tile.sub %xf, %mean promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      %cols = tile.iota : !tile.tile<1024xsi32>
      %inside = tile.cmp lt %cols, %n promote cutile : !tile.tile<1024xsi32>, !tile.tile<si32> -> !tile.tile<1024xi1>
      %fzero = tile.literal 0.0
      %xc = tile.select %inside, %centered, %fzero promote cutile : !tile.tile<1024xi1>, !tile.tile<1x1024xf32>, !tile.loose_float -> !tile.tile<1x1024xf32>
      %sq = tile.mul %xc, %xc : !tile.tile<1x1024xf32>
      %ss = tile.reduce sum %sq axes [1] keepdims : !tile.tile<1x1024xf32> -> !tile.tile<1x1xf32>
      %var = tile.div %ss, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %eps = tile.literal 1.0e-5
      %ve = tile.add %var, %eps promote cutile : !tile.tile<1x1xf32>, !tile.loose_float -> !tile.tile<1x1xf32>
      %rstd = tile.math rsqrt %ve : !tile.tile<1x1xf32>
      %normed = tile.mul %xc, %rstd promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x1024xf32>
      %wt = tile.load %vw[%zero] : !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %bt = tile.load %vb[%zero] : !tile.view<1024, !tile.array<?xf16, strides [1]>, padding zero>
      %scaled = tile.mul %normed, %wt promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1024xf16> -> !tile.tile<1x1024xf32>
      %shifted = tile.add %scaled, %bt promote cutile : !tile.tile<1x1024xf32>, !tile.tile<1024xf16> -> !tile.tile<1x1024xf32>
      %out = tile.convert %shifted : !tile.tile<1x1024xf32> -> !tile.tile<1x1024xf16>
      tile.store %out, %vy[%row, %zero] : !tile.view<1x1024, !tile.array<?x?xf16, strides [?, 1]>>
      gpu.return
    }

    gpu.func @layernorm_4096(%x: !tile.array<?x?xf16, strides [?, 1]>,
                        %w: !tile.array<?xf16, strides [1]>,
                        %b: !tile.array<?xf16, strides [1]>,
                        %y: !tile.array<?x?xf16, strides [?, 1]>) kernel attributes {tile.num_warps = 8} {
      %row = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vw = tile.make_view %w : !tile.array<?xf16, strides [1]> -> !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?xf16, strides [1]> -> !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>>
      %xh = tile.load %vx[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %xf = tile.convert %xh : !tile.tile<1x4096xf16> -> !tile.tile<1x4096xf32>
      %n = tile.array_dim %x, 1 : !tile.array<?x?xf16, strides [?, 1]>
      %nf = tile.convert %n : !tile.tile<si32> -> !tile.tile<f32>
      %sum = tile.reduce sum %xf axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %mean = tile.div %sum, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %centered = tile.sub %xf, %mean promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      %cols = tile.iota : !tile.tile<4096xsi32>
      %inside = tile.cmp lt %cols, %n promote cutile : !tile.tile<4096xsi32>, !tile.tile<si32> -> !tile.tile<4096xi1>
      %fzero = tile.literal 0.0
      %xc = tile.select %inside, %centered, %fzero promote cutile : !tile.tile<4096xi1>, !tile.tile<1x4096xf32>, !tile.loose_float -> !tile.tile<1x4096xf32>
      %sq = tile.mul %xc, %xc : !tile.tile<1x4096xf32>
      %ss = tile.reduce sum %sq axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %var = tile.div %ss, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %eps = tile.literal 1.0e-5
      %ve = tile.add %var, %eps promote cutile : !tile.tile<1x1xf32>, !tile.loose_float -> !tile.tile<1x1xf32>
      %rstd = tile.math rsqrt %ve : !tile.tile<1x1xf32>
      %normed = tile.mul %xc, %rstd promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      %wt = tile.load %vw[%zero] : !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %bt = tile.load %vb[%zero] : !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %scaled = tile.mul %normed, %wt promote cutile : !tile.tile<1x4096xf32>, !tile.tile<4096xf16> -> !tile.tile<1x4096xf32>
      %shifted = tile.add %scaled, %bt promote cutile : !tile.tile<1x4096xf32>, !tile.tile<4096xf16> -> !tile.tile<1x4096xf32>
      %out = tile.convert %shifted : !tile.tile<1x4096xf32> -> !tile.tile<1x4096xf16>
      tile.store %out, %vy[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>>
      gpu.return
    }

    gpu.func @layernorm_4096_facts(%x: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 1, 16>, tile.stride_divisibility = array<i64: 16, 1>},
                        %w: !tile.array<?xf16, strides [1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 16>},
                        %b: !tile.array<?xf16, strides [1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 16>},
                        %y: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 1, 16>, tile.stride_divisibility = array<i64: 16, 1>}) kernel attributes {tile.num_warps = 8} {
      %row = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vw = tile.make_view %w : !tile.array<?xf16, strides [1]> -> !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?xf16, strides [1]> -> !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %vy = tile.make_view %y : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>>
      %xh = tile.load %vx[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %xf = tile.convert %xh : !tile.tile<1x4096xf16> -> !tile.tile<1x4096xf32>
      %n = tile.array_dim %x, 1 : !tile.array<?x?xf16, strides [?, 1]>
      %nf = tile.convert %n : !tile.tile<si32> -> !tile.tile<f32>
      %sum = tile.reduce sum %xf axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %mean = tile.div %sum, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %centered = tile.sub %xf, %mean promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      %cols = tile.iota : !tile.tile<4096xsi32>
      %inside = tile.cmp lt %cols, %n promote cutile : !tile.tile<4096xsi32>, !tile.tile<si32> -> !tile.tile<4096xi1>
      %fzero = tile.literal 0.0
      %xc = tile.select %inside, %centered, %fzero promote cutile : !tile.tile<4096xi1>, !tile.tile<1x4096xf32>, !tile.loose_float -> !tile.tile<1x4096xf32>
      %sq = tile.mul %xc, %xc : !tile.tile<1x4096xf32>
      %ss = tile.reduce sum %sq axes [1] keepdims : !tile.tile<1x4096xf32> -> !tile.tile<1x1xf32>
      %var = tile.div %ss, %nf promote cutile rounding full : !tile.tile<1x1xf32>, !tile.tile<f32> -> !tile.tile<1x1xf32>
      %eps = tile.literal 1.0e-5
      %ve = tile.add %var, %eps promote cutile : !tile.tile<1x1xf32>, !tile.loose_float -> !tile.tile<1x1xf32>
      %rstd = tile.math rsqrt %ve : !tile.tile<1x1xf32>
      %normed = tile.mul %xc, %rstd promote cutile : !tile.tile<1x4096xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x4096xf32>
      %wt = tile.load %vw[%zero] : !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %bt = tile.load %vb[%zero] : !tile.view<4096, !tile.array<?xf16, strides [1]>, padding zero>
      %scaled = tile.mul %normed, %wt promote cutile : !tile.tile<1x4096xf32>, !tile.tile<4096xf16> -> !tile.tile<1x4096xf32>
      %shifted = tile.add %scaled, %bt promote cutile : !tile.tile<1x4096xf32>, !tile.tile<4096xf16> -> !tile.tile<1x4096xf32>
      %out = tile.convert %shifted : !tile.tile<1x4096xf32> -> !tile.tile<1x4096xf16>
      tile.store %out, %vy[%row, %zero] : !tile.view<1x4096, !tile.array<?x?xf16, strides [?, 1]>>
      gpu.return
    }
  }
}
