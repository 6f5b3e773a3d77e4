// Every tile op that convert-tile-to-llvm lowers, over the dtypes it takes:
// test/Conversion/TileToLLVM/ptx.test compiles it for sm_80 and sm_90 and
// runs ptxas on the PTX. One kernel per group; each stores what it computes
// so that nothing is dead.
module attributes {gpu.container_module} {
  gpu.module @tile_ops {
    // Float arithmetic with rounding modes, ftz, NaN modes and math.
    gpu.func @floats(%a: !tile.array<?xf32, strides [1]>,
                     %o: !tile.array<?xf32, strides [1]>) kernel {
      %i = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding nan>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
      %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding nan>
      %c = tile.constant dense<1.5> : !tile.tile<256xf32>
      %0 = tile.add %x, %c rounding rz : !tile.tile<256xf32>
      %1 = tile.sub %0, %x rounding rm ftz : !tile.tile<256xf32>
      %2 = tile.mul %1, %c rounding rp : !tile.tile<256xf32>
      %3 = tile.div %2, %c rounding approx : !tile.tile<256xf32>
      %4 = tile.div %3, %x rounding full : !tile.tile<256xf32>
      %5 = tile.div %4, %x : !tile.tile<256xf32>
      %6 = tile.floordiv %5, %c : !tile.tile<256xf32>
      %7 = tile.rem %6, %c : !tile.tile<256xf32>
      %8 = tile.mod %7, %c : !tile.tile<256xf32>
      %9 = tile.pow %8, %c : !tile.tile<256xf32>
      %10 = tile.maximum %9, %x propagate_nan : !tile.tile<256xf32>
      %11 = tile.minimum %10, %x ftz : !tile.tile<256xf32>
      %12 = tile.maximum %11, %c : !tile.tile<256xf32>
      %13 = tile.neg %12 : !tile.tile<256xf32>
      %14 = tile.abs %13 : !tile.tile<256xf32>
      %15 = tile.fma %14, %c, %x rounding rz : !tile.tile<256xf32>
      %16 = tile.fma %15, %c, %x : !tile.tile<256xf32>
      %m0 = tile.math exp %16 : !tile.tile<256xf32>
      %m1 = tile.math exp2 %m0 : !tile.tile<256xf32>
      %m2 = tile.math log %m1 : !tile.tile<256xf32>
      %m3 = tile.math log2 %m2 : !tile.tile<256xf32>
      %m4 = tile.math log10 %m3 : !tile.tile<256xf32>
      %m5 = tile.math log1p %m4 : !tile.tile<256xf32>
      %m6 = tile.math expm1 %m5 : !tile.tile<256xf32>
      %m7 = tile.math sqrt %m6 : !tile.tile<256xf32>
      %m8 = tile.math rsqrt %m7 : !tile.tile<256xf32>
      %m9 = tile.math sin %m8 : !tile.tile<256xf32>
      %m10 = tile.math cos %m9 : !tile.tile<256xf32>
      %m11 = tile.math tan %m10 : !tile.tile<256xf32>
      %m12 = tile.math sinh %m11 : !tile.tile<256xf32>
      %m13 = tile.math cosh %m12 : !tile.tile<256xf32>
      %m14 = tile.math tanh %m13 : !tile.tile<256xf32>
      %m15 = tile.math asin %m14 : !tile.tile<256xf32>
      %m16 = tile.math acos %m15 : !tile.tile<256xf32>
      %m17 = tile.math atan %m16 : !tile.tile<256xf32>
      %m18 = tile.math erf %m17 : !tile.tile<256xf32>
      %m19 = tile.math floor %m18 : !tile.tile<256xf32>
      %m20 = tile.math ceil %m19 : !tile.tile<256xf32>
      %m21 = tile.math trunc %m20 : !tile.tile<256xf32>
      %m22 = tile.math round %m21 : !tile.tile<256xf32>
      %m23 = tile.math rcp %m22 : !tile.tile<256xf32>
      %lt = tile.cmp lt %m23, %x : !tile.tile<256xf32>
      %ne = tile.cmp ne %m23, %c : !tile.tile<256xf32>
      %both = tile.and %lt, %ne : !tile.tile<256xi1>
      %nb = tile.not %both : !tile.tile<256xi1>
      %s = tile.select %nb, %m23, %x : !tile.tile<256xf32>
      %d = tile.convert %s : !tile.tile<256xf32> -> !tile.tile<256xf64>
      %d2 = tile.add %d, %d rounding rz : !tile.tile<256xf64>
      %back = tile.convert %d2 rounding rn : !tile.tile<256xf64> -> !tile.tile<256xf32>
      %h = tile.convert %back : !tile.tile<256xf32> -> !tile.tile<256xf16>
      %hb = tile.convert %h : !tile.tile<256xf16> -> !tile.tile<256xbf16>
      %f = tile.convert %hb : !tile.tile<256xbf16> -> !tile.tile<256xf32>
      tile.store %f, %vo[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
      gpu.return
    }

    // Integer arithmetic (signed and unsigned), bitwise ops, shifts,
    // conversions and bitcasts.
    gpu.func @integers(%a: !tile.array<?xsi32, strides [1]>,
                       %o: !tile.array<?xui32, strides [1]>,
                       %p: !tile.array<?xi1, strides [1]>) kernel {
      %i = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<128, !tile.array<?xsi32, strides [1]>, padding zero>
      %vo = tile.make_view %o : !tile.array<?xui32, strides [1]> -> !tile.view<128, !tile.array<?xui32, strides [1]>>
      %vp = tile.make_view %p : !tile.array<?xi1, strides [1]> -> !tile.view<128, !tile.array<?xi1, strides [1]>>
      %x = tile.load %va[%i] : !tile.view<128, !tile.array<?xsi32, strides [1]>, padding zero>
      %k = tile.constant dense<3> : !tile.tile<128xsi32>
      %io = tile.iota : !tile.tile<128xsi32>
      %0 = tile.add %x, %io : !tile.tile<128xsi32>
      %1 = tile.sub %0, %k : !tile.tile<128xsi32>
      %2 = tile.mul %1, %k : !tile.tile<128xsi32>
      %3 = tile.div %2, %k : !tile.tile<128xsi32>
      %4 = tile.floordiv %3, %k : !tile.tile<128xsi32>
      %5 = tile.rem %4, %k : !tile.tile<128xsi32>
      %6 = tile.mod %5, %k : !tile.tile<128xsi32>
      %7 = tile.maximum %6, %x : !tile.tile<128xsi32>
      %8 = tile.minimum %7, %k : !tile.tile<128xsi32>
      %9 = tile.shl %8, %k : !tile.tile<128xsi32>
      %10 = tile.shr %9, %k : !tile.tile<128xsi32>
      %11 = tile.xor %10, %x : !tile.tile<128xsi32>
      %12 = tile.or %11, %k : !tile.tile<128xsi32>
      %13 = tile.neg %12 : !tile.tile<128xsi32>
      %14 = tile.abs %13 : !tile.tile<128xsi32>
      %15 = tile.not %14 : !tile.tile<128xsi32>
      %u = tile.bitcast %15 : !tile.tile<128xsi32> -> !tile.tile<128xui32>
      %uk = tile.constant dense<5> : !tile.tile<128xui32>
      %u1 = tile.div %u, %uk : !tile.tile<128xui32>
      %u2 = tile.floordiv %u1, %uk : !tile.tile<128xui32>
      %u3 = tile.mod %u2, %uk : !tile.tile<128xui32>
      %u4 = tile.shr %u3, %uk : !tile.tile<128xui32>
      %u5 = tile.maximum %u4, %u : !tile.tile<128xui32>
      %w = tile.convert %u5 : !tile.tile<128xui32> -> !tile.tile<128xsi64>
      %w2 = tile.convert %w : !tile.tile<128xsi64> -> !tile.tile<128xsi8>
      %w3 = tile.convert %w2 : !tile.tile<128xsi8> -> !tile.tile<128xf32>
      %w4 = tile.convert %w3 : !tile.tile<128xf32> -> !tile.tile<128xui32>
      %ge = tile.cmp ge %w4, %u : !tile.tile<128xui32>
      %le = tile.cmp le %x, %k : !tile.tile<128xsi32>
      %flag = tile.xor %ge, %le : !tile.tile<128xi1>
      %fb = tile.convert %w3 : !tile.tile<128xf32> -> !tile.tile<128xi1>
      %flag2 = tile.or %flag, %fb : !tile.tile<128xi1>
      tile.store %w4, %vo[%i] : !tile.view<128, !tile.array<?xui32, strides [1]>>
      tile.store %flag2, %vp[%i] : !tile.view<128, !tile.array<?xi1, strides [1]>>
      gpu.return
    }

    // Reductions of every kind over either axis, with and without keepdims,
    // on 2 warps; broadcasts back; a permute and a layout conversion.
    gpu.func @shapes(%a: !tile.array<?x?xf32, strides [?, 1]>,
                     %b: !tile.array<?x?xsi32, strides [?, 1]>,
                     %o: !tile.array<?x?xf32, strides [?, 1]>,
                     %r: !tile.array<?xsi32, strides [1]>) kernel
        attributes {tile.num_warps = 2} {
      %i = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %va = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>
      %vr = tile.make_view %r : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
      %x = tile.load %va[%i, %zero] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%i, %zero] : !tile.view<16x32, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %s0 = tile.reduce sum %x axes [1] keepdims : !tile.tile<16x32xf32> -> !tile.tile<16x1xf32>
      %s1 = tile.reduce max %x axes [0] keepdims propagate_nan : !tile.tile<16x32xf32> -> !tile.tile<1x32xf32>
      %s2 = tile.reduce min %x axes [0, 1] keepdims : !tile.tile<16x32xf32> -> !tile.tile<1x1xf32>
      %s3 = tile.reduce prod %x axes [1] keepdims : !tile.tile<16x32xf32> -> !tile.tile<16x1xf32>
      %b0 = tile.broadcast %s0 : !tile.tile<16x1xf32> -> !tile.tile<16x32xf32>
      %b1 = tile.broadcast %s1 : !tile.tile<1x32xf32> -> !tile.tile<16x32xf32>
      %b2 = tile.broadcast %s2 : !tile.tile<1x1xf32> -> !tile.tile<16x32xf32>
      %b3 = tile.broadcast %s3 : !tile.tile<16x1xf32> -> !tile.tile<16x32xf32>
      %t0 = tile.add %b0, %b1 : !tile.tile<16x32xf32>
      %t1 = tile.mul %b2, %b3 : !tile.tile<16x32xf32>
      %t2 = tile.sub %t0, %t1 : !tile.tile<16x32xf32>
      %t = tile.permute %t2 [1, 0] : !tile.tile<16x32xf32> -> !tile.tile<32x16xf32>
      tile.store %t, %vo[%zero, %i] : !tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>
      %i0 = tile.reduce and %y axes [1] : !tile.tile<16x32xsi32> -> !tile.tile<16xsi32>
      %i1 = tile.reduce or %y axes [1] : !tile.tile<16x32xsi32> -> !tile.tile<16xsi32>
      %i2 = tile.reduce xor %y axes [1] : !tile.tile<16x32xsi32> -> !tile.tile<16xsi32>
      %i3 = tile.reduce max %y axes [1] : !tile.tile<16x32xsi32> -> !tile.tile<16xsi32>
      %i4 = tile.reduce min %y axes [1] : !tile.tile<16x32xsi32> -> !tile.tile<16xsi32>
      %j0 = tile.add %i0, %i1 : !tile.tile<16xsi32>
      %j1 = tile.add %i2, %i3 : !tile.tile<16xsi32>
      %j2 = tile.add %j0, %j1 : !tile.tile<16xsi32>
      %j3 = tile.add %j2, %i4 : !tile.tile<16xsi32>
      tile.store %j3, %vr[%i] : !tile.view<16, !tile.array<?xsi32, strides [1]>>
      gpu.return
    }

    // Arrays made in the kernel, their extents, tile counts, grid size and
    // scalar bridges; f64 and f16 sums through shared memory.
    gpu.func @scalars(%base: !tile.tile<!tile.ptr<f64>>, %n: !tile.tile<si32>,
                      %h: !tile.array<?xf16, strides [1]>,
                      %o: !tile.array<?xf64, strides [1]>) kernel {
      %a = tile.make_array %base shape [%n] strides [] : !tile.tile<!tile.ptr<f64>> -> !tile.array<?xf64, strides [1]>
      %va = tile.make_view %a : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding neg_inf>
      %vh = tile.make_view %h : !tile.array<?xf16, strides [1]> -> !tile.view<512, !tile.array<?xf16, strides [1]>, padding zero>
      %vo = tile.make_view %o : !tile.array<?xf64, strides [1]> -> !tile.view<1, !tile.array<?xf64, strides [1]>>
      %blocks = tile.num_blocks 0
      %tiles = tile.num_tiles %va, 0 : !tile.view<512, !tile.array<?xf64, strides [1]>, padding neg_inf>
      %dim = tile.array_dim %a, 0 : !tile.array<?xf64, strides [1]>
      %last = tile.sub %blocks, %tiles : !tile.tile<si32>
      %idx = tile.to_scalar %last : !tile.tile<si32> -> index
      %again = tile.from_scalar %idx : index -> !tile.tile<si32>
      %sum0 = tile.add %again, %dim : !tile.tile<si32>
      %i = tile.bid 0
      %x = tile.load %va[%i] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding neg_inf>
      %hx = tile.load %vh[%i] : !tile.view<512, !tile.array<?xf16, strides [1]>, padding zero>
      %mx = tile.reduce max %x axes [0] keepdims : !tile.tile<512xf64> -> !tile.tile<1xf64>
      %hs = tile.reduce sum %hx axes [0] keepdims : !tile.tile<512xf16> -> !tile.tile<1xf16>
      %hd = tile.convert %hs : !tile.tile<1xf16> -> !tile.tile<1xf64>
      %sf = tile.convert %sum0 : !tile.tile<si32> -> !tile.tile<f64>
      %sb = tile.broadcast %sf : !tile.tile<f64> -> !tile.tile<1xf64>
      %t0 = tile.add %mx, %hd : !tile.tile<1xf64>
      %t1 = tile.add %t0, %sb : !tile.tile<1xf64>
      tile.store %t1, %vo[%i] : !tile.view<1, !tile.array<?xf64, strides [1]>>
      gpu.return
    }
  }
}
