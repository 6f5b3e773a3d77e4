// Tile ops that move elements between threads, scans, arg-reductions,
// reductions and scans with combiner regions, gathers and scatters, pointer
// tiles and atomics, mma/matmul, non-splat constants and tiles carried
// through scf.for and scf.if. test/GPU/tile_ops.py runs each kernel on the
// GPU against NumPy; test/Conversion/TileToLLVM/ptx.test compiles them for
// sm_80 and sm_90 and runs ptxas. One CTA each unless noted.
module attributes {gpu.container_module} {
  gpu.module @tile_kernels {
    // x is 16 x 32. o1 = x.reshape(32, 16); o2 = x + x.sum(1, keepdims);
    // o3 = x[8:16, 16:32]; o4 = x with o3 * 2 at [0:8, 0:16];
    // o5 = [x; 3x] (32 x 32); o6 = [x, x] (16 x 64); o7 = x + c (c a
    // constant row of 32 values).
    gpu.func @moves(%x: !tile.array<?x?xf32, strides [?, 1]>, %o1: !tile.array<?x?xf32, strides [?, 1]>, %o2: !tile.array<?x?xf32, strides [?, 1]>, %o3: !tile.array<?x?xf32, strides [?, 1]>, %o4: !tile.array<?x?xf32, strides [?, 1]>,
                    %o5: !tile.array<?x?xf32, strides [?, 1]>, %o6: !tile.array<?x?xf32, strides [?, 1]>, %o7: !tile.array<?x?xf32, strides [?, 1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %one = tile.constant dense<1> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %t = tile.load %vx[%z, %z] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %r = tile.reshape %t : !tile.tile<16x32xf32> -> !tile.tile<32x16xf32>
      %v1 = tile.make_view %o1 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %r, %v1[%z, %z] : !tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>
      %s = tile.reduce sum %t axes [1] : !tile.tile<16x32xf32> -> !tile.tile<16xf32>
      %se = tile.expand_dims %s, 1 : !tile.tile<16xf32> -> !tile.tile<16x1xf32>
      %sb = tile.broadcast %se : !tile.tile<16x1xf32> -> !tile.tile<16x32xf32>
      %a2 = tile.add %t, %sb : !tile.tile<16x32xf32>
      %v2 = tile.make_view %o2 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %a2, %v2[%z, %z] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      %e = tile.extract %t[%one, %one] : !tile.tile<16x32xf32> -> !tile.tile<8x16xf32>
      %v3 = tile.make_view %o3 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x16, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %e, %v3[%z, %z] : !tile.view<8x16, !tile.array<?x?xf32, strides [?, 1]>>
      %two = tile.constant dense<2.0> : !tile.tile<8x16xf32>
      %e2 = tile.mul %e, %two : !tile.tile<8x16xf32>
      %in = tile.insert %e2 into %t[%z, %z] : !tile.tile<8x16xf32> into !tile.tile<16x32xf32>
      %v4 = tile.make_view %o4 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %in, %v4[%z, %z] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      %three = tile.constant dense<3.0> : !tile.tile<16x32xf32>
      %t3 = tile.mul %t, %three : !tile.tile<16x32xf32>
      %c0 = tile.cat %t, %t3, 0 : !tile.tile<16x32xf32> -> !tile.tile<32x32xf32>
      %v5 = tile.make_view %o5 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %c0, %v5[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      %c1 = tile.cat %t, %t, 1 : !tile.tile<16x32xf32> -> !tile.tile<16x64xf32>
      %v6 = tile.make_view %o6 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %c1, %v6[%z, %z] : !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>>
      %k = tile.constant dense<[-3.0, -2.0, 1.0, -1.0, -1.0, 1.0, -2.0, -3.0, -2.0, 1.0, -1.0, -1.0, 1.0, -2.0, -3.0, -2.0, 1.0, -1.0, -1.0, 1.0, -2.0, -3.0, -2.0, 1.0, -1.0, -1.0, 1.0, -2.0, -3.0, -2.0, 1.0, -1.0]> : !tile.tile<32xf32>
      %kb = tile.broadcast %k : !tile.tile<32xf32> -> !tile.tile<16x32xf32>
      %a7 = tile.add %t, %kb : !tile.tile<16x32xf32>
      %v7 = tile.make_view %o7 : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %a7, %v7[%z, %z] : !tile.view<16x32, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }

    // x (1024 floats, 2 repetitions of the layout along the axis):
    // o1 = cumsum, o2 = reverse cumsum, o5 = running max by a combiner
    // region. y (4 x 256 si32): o3 = cumsum along 1, o4 = cummax along 0.
    // w (16 si32, fewer elements than threads): o6 = reverse cumsum.
    gpu.func @scans(%x: !tile.array<?xf32, strides [1]>, %y: !tile.array<?x?xsi32, strides [?, 1]>, %w: !tile.array<?xsi32, strides [1]>, %o1: !tile.array<?xf32, strides [1]>, %o2: !tile.array<?xf32, strides [1]>,
                    %o3: !tile.array<?x?xsi32, strides [?, 1]>, %o4: !tile.array<?x?xsi32, strides [?, 1]>, %o5: !tile.array<?xf32, strides [1]>, %o6: !tile.array<?xsi32, strides [1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %t = tile.load %vx[%z] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c1 = tile.scan sum %t axis 0 : !tile.tile<1024xf32>
      %v1 = tile.make_view %o1 : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      tile.store %c1, %v1[%z] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %c2 = tile.scan sum %t axis 0 reverse : !tile.tile<1024xf32>
      %v2 = tile.make_view %o2 : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      tile.store %c2, %v2[%z] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %c5 = tile.scan_with %t axis 0 : (!tile.tile<1024xf32>) -> !tile.tile<1024xf32> {
      ^bb0(%a: !tile.tile<f32>, %b: !tile.tile<f32>):
        %m = tile.maximum %a, %b : !tile.tile<f32>
        tile.yield %m : !tile.tile<f32>
      }
      %v5 = tile.make_view %o5 : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      tile.store %c5, %v5[%z] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %vy = tile.make_view %y : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %u = tile.load %vy[%z, %z] : !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %c3 = tile.scan sum %u axis 1 : !tile.tile<4x256xsi32>
      %v3 = tile.make_view %o3 : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>>
      tile.store %c3, %v3[%z, %z] : !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>>
      %c4 = tile.scan max %u axis 0 : !tile.tile<4x256xsi32>
      %v4 = tile.make_view %o4 : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>>
      tile.store %c4, %v4[%z, %z] : !tile.view<4x256, !tile.array<?x?xsi32, strides [?, 1]>>
      %vw = tile.make_view %w : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>, padding zero>
      %q = tile.load %vw[%z] : !tile.view<16, !tile.array<?xsi32, strides [1]>, padding zero>
      %c6 = tile.scan sum %q axis 0 reverse : !tile.tile<16xsi32>
      %v6 = tile.make_view %o6 : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
      tile.store %c6, %v6[%z] : !tile.view<16, !tile.array<?xsi32, strides [1]>>
      gpu.return
    }

    // x (8 x 128 f32), y (8 x 128 si32 with ties): o1 = argmax(x, 1),
    // o2 = argmin(x, 0), o3 = max(x, 1) by a combiner region, o4 =
    // argmax(x, 1) by a (value, index) combiner region, o5 = argmax(y, 1)
    // (the first of equal maxima).
    gpu.func @argreduce(%x: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?x?xsi32, strides [?, 1]>, %o1: !tile.array<?xsi32, strides [1]>, %o2: !tile.array<?xsi32, strides [1]>, %o3: !tile.array<?xf32, strides [1]>,
                        %o4: !tile.array<?xsi32, strides [1]>, %o5: !tile.array<?xsi32, strides [1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<8x128, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %t = tile.load %vx[%z, %z] : !tile.view<8x128, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %a1 = tile.argreduce max %t axis 1 : !tile.tile<8x128xf32> -> !tile.tile<8xsi32>
      %v1 = tile.make_view %o1 : !tile.array<?xsi32, strides [1]> -> !tile.view<8, !tile.array<?xsi32, strides [1]>>
      tile.store %a1, %v1[%z] : !tile.view<8, !tile.array<?xsi32, strides [1]>>
      %a2 = tile.argreduce min %t axis 0 : !tile.tile<8x128xf32> -> !tile.tile<128xsi32>
      %v2 = tile.make_view %o2 : !tile.array<?xsi32, strides [1]> -> !tile.view<128, !tile.array<?xsi32, strides [1]>>
      tile.store %a2, %v2[%z] : !tile.view<128, !tile.array<?xsi32, strides [1]>>
      %m = tile.reduce_with %t axis 1 : (!tile.tile<8x128xf32>) -> !tile.tile<8xf32> {
      ^bb0(%a: !tile.tile<f32>, %b: !tile.tile<f32>):
        %c = tile.maximum %a, %b : !tile.tile<f32>
        tile.yield %c : !tile.tile<f32>
      }
      %v3 = tile.make_view %o3 : !tile.array<?xf32, strides [1]> -> !tile.view<8, !tile.array<?xf32, strides [1]>>
      tile.store %m, %v3[%z] : !tile.view<8, !tile.array<?xf32, strides [1]>>
      %io = tile.iota : !tile.tile<128xsi32>
      %iob = tile.broadcast %io : !tile.tile<128xsi32> -> !tile.tile<8x128xsi32>
      %pv, %pi = tile.reduce_with %t, %iob axis 1 : (!tile.tile<8x128xf32>, !tile.tile<8x128xsi32>) -> (!tile.tile<8xf32>, !tile.tile<8xsi32>) {
      ^bb0(%av: !tile.tile<f32>, %ai: !tile.tile<si32>, %bv: !tile.tile<f32>, %bi: !tile.tile<si32>):
        %gt = tile.cmp gt %av, %bv : !tile.tile<f32>
        %eq = tile.cmp eq %av, %bv : !tile.tile<f32>
        %lt = tile.cmp lt %ai, %bi : !tile.tile<si32>
        %tie = tile.and %eq, %lt : !tile.tile<i1>
        %win = tile.or %gt, %tie : !tile.tile<i1>
        %rv = tile.select %win, %av, %bv : !tile.tile<f32>
        %ri = tile.select %win, %ai, %bi : !tile.tile<si32>
        tile.yield %rv, %ri : !tile.tile<f32>, !tile.tile<si32>
      }
      %v4 = tile.make_view %o4 : !tile.array<?xsi32, strides [1]> -> !tile.view<8, !tile.array<?xsi32, strides [1]>>
      tile.store %pi, %v4[%z] : !tile.view<8, !tile.array<?xsi32, strides [1]>>
      %vy = tile.make_view %y : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<8x128, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %u = tile.load %vy[%z, %z] : !tile.view<8x128, !tile.array<?x?xsi32, strides [?, 1]>, padding zero>
      %a5 = tile.argreduce max %u axis 1 : !tile.tile<8x128xsi32> -> !tile.tile<8xsi32>
      %v5 = tile.make_view %o5 : !tile.array<?xsi32, strides [1]> -> !tile.view<8, !tile.array<?xsi32, strides [1]>>
      tile.store %a5, %v5[%z] : !tile.view<8, !tile.array<?xsi32, strides [1]>>
      gpu.return
    }

    // 256 elements per CTA. o1[i] = src[idx[i]] where 0 <= idx[i] < len(src)
    // and x[i] > 0, else -1; dst[idx[i]] = x[i] where in bounds and x[i] > 0.
    gpu.func @gather_scatter(%src: !tile.array<?xf32, strides [1]>, %idx: !tile.array<?xsi32, strides [1]>, %x: !tile.array<?xf32, strides [1]>, %o1: !tile.array<?xf32, strides [1]>,
                             %dst: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vi = tile.make_view %idx : !tile.array<?xsi32, strides [1]> -> !tile.view<256, !tile.array<?xsi32, strides [1]>, padding zero>
      %i = tile.load %vi[%b] : !tile.view<256, !tile.array<?xsi32, strides [1]>, padding zero>
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %t = tile.load %vx[%b] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %zf = tile.constant dense<0.0> : !tile.tile<256xf32>
      %m = tile.cmp gt %t, %zf : !tile.tile<256xf32>
      %pad = tile.constant dense<-1.0> : !tile.tile<f32>
      %g = tile.gather %src[%i] mask %m padding %pad : !tile.array<?xf32, strides [1]>[!tile.tile<256xsi32>], !tile.tile<256xi1> -> !tile.tile<256xf32>
      %v1 = tile.make_view %o1 : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
      tile.store %g, %v1[%b] : !tile.view<256, !tile.array<?xf32, strides [1]>>
      tile.scatter %t, %dst[%i] mask %m : !tile.tile<256xf32>, !tile.array<?xf32, strides [1]>[!tile.tile<256xsi32>], !tile.tile<256xi1>
      gpu.return
    }

    // Pointer tiles over n floats at p (128 per CTA): q[i] = 2 p[i] through
    // offset/load_ptr/store_ptr (masked at n); counts[p[i] mod 8 as int] +=
    // 1 by atomic add; big[0] = max of the ints by atomic max; flags[i]
    // swapped from 0 to i + 1 by compare-and-swap.
    gpu.func @pointers(%p: !tile.tile<!tile.ptr<f32>>, %q: !tile.tile<!tile.ptr<f32>>,
                       %counts: !tile.tile<!tile.ptr<si32>>, %big: !tile.tile<!tile.ptr<si32>>,
                       %flags: !tile.tile<!tile.ptr<si32>>, %n: !tile.tile<si32>) kernel {
      %b = tile.bid 0
      %io = tile.iota : !tile.tile<128xsi32>
      %w = tile.constant dense<128> : !tile.tile<si32>
      %start = tile.mul %b, %w : !tile.tile<si32>
      %sb = tile.broadcast %start : !tile.tile<si32> -> !tile.tile<128xsi32>
      %pos = tile.add %io, %sb : !tile.tile<128xsi32>
      %nb = tile.broadcast %n : !tile.tile<si32> -> !tile.tile<128xsi32>
      %m = tile.cmp lt %pos, %nb : !tile.tile<128xsi32>
      %pb = tile.broadcast %p : !tile.tile<!tile.ptr<f32>> -> !tile.tile<128x!tile.ptr<f32>>
      %pp = tile.offset %pb, %pos : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xsi32>
      %zero = tile.constant dense<0.0> : !tile.tile<128xf32>
      %x = tile.load_ptr %pp mask %m other %zero : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xi1> -> !tile.tile<128xf32>
      %x2 = tile.add %x, %x : !tile.tile<128xf32>
      %qb = tile.broadcast %q : !tile.tile<!tile.ptr<f32>> -> !tile.tile<128x!tile.ptr<f32>>
      %qp = tile.offset %qb, %pos : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xsi32>
      tile.store_ptr %x2, %qp mask %m : !tile.tile<128xf32>, !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xi1>
      %xi = tile.convert %x : !tile.tile<128xf32> -> !tile.tile<128xsi32>
      %seven = tile.constant dense<7> : !tile.tile<128xsi32>
      %bucket = tile.and %xi, %seven : !tile.tile<128xsi32>
      %cb = tile.broadcast %counts : !tile.tile<!tile.ptr<si32>> -> !tile.tile<128x!tile.ptr<si32>>
      %cp = tile.offset %cb, %bucket : !tile.tile<128x!tile.ptr<si32>>, !tile.tile<128xsi32>
      %ones = tile.constant dense<1> : !tile.tile<128xsi32>
      %old = tile.atomic_rmw add %cp, %ones mask %m memory relaxed scope device : !tile.tile<128x!tile.ptr<si32>>, !tile.tile<128xsi32>, !tile.tile<128xi1>
      %bb = tile.broadcast %big : !tile.tile<!tile.ptr<si32>> -> !tile.tile<128x!tile.ptr<si32>>
      %prev = tile.atomic_rmw max %bb, %xi mask %m memory acq_rel scope device : !tile.tile<128x!tile.ptr<si32>>, !tile.tile<128xsi32>, !tile.tile<128xi1>
      %fb = tile.broadcast %flags : !tile.tile<!tile.ptr<si32>> -> !tile.tile<128x!tile.ptr<si32>>
      %fp = tile.offset %fb, %pos : !tile.tile<128x!tile.ptr<si32>>, !tile.tile<128xsi32>
      %zi = tile.constant dense<0> : !tile.tile<128xsi32>
      %pos1 = tile.add %pos, %ones : !tile.tile<128xsi32>
      %was = tile.atomic_cas %fp, %zi, %pos1 mask %m memory acq_rel scope block : !tile.tile<128x!tile.ptr<si32>>, !tile.tile<128xsi32>, !tile.tile<128xi1>
      gpu.return
    }

    // c = a b + acc for 32 x 16 and 16 x 32 f16 into f32; d = e f for
    // 16 x 32 and 32 x 16 si8 into si32.
    gpu.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]>,
                     %b: !tile.array<?x?xf16, strides [?, 1]>, %acc: !tile.array<?x?xf32, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>,
                     %e: !tile.array<?x?xsi8, strides [?, 1]>,
                     %f: !tile.array<?x?xsi8, strides [?, 1]>, %d: !tile.array<?x?xsi32, strides [?, 1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %vacc = tile.make_view %acc : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %ta = tile.load %va[%z, %z] : !tile.view<32x16, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %tb = tile.load %vb[%z, %z] : !tile.view<16x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %tacc = tile.load %vacc[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %tc = tile.mma %ta, %tb, %tacc : !tile.tile<32x16xf16>, !tile.tile<16x32xf16>, !tile.tile<32x32xf32>
      %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %tc, %vc[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      %ve = tile.make_view %e : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %vf = tile.make_view %f : !tile.array<?x?xsi8, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %te = tile.load %ve[%z, %z] : !tile.view<16x32, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %tf = tile.load %vf[%z, %z] : !tile.view<32x16, !tile.array<?x?xsi8, strides [?, 1]>, padding zero>
      %td = tile.matmul %te, %tf : !tile.tile<16x32xsi8>, !tile.tile<32x16xsi8> -> !tile.tile<16x16xsi32>
      %vd = tile.make_view %d : !tile.array<?x?xsi32, strides [?, 1]> -> !tile.view<16x16, !tile.array<?x?xsi32, strides [?, 1]>>
      tile.store %td, %vd[%z, %z] : !tile.view<16x16, !tile.array<?x?xsi32, strides [?, 1]>>
      gpu.return
    }

    // fp8 and tf32 (32 x 32 tiles, one CTA): c = a b for e4m3 a (32 x 16)
    // and b (16 x 32) into f32; e = d as f32 for e5m2 d; g = f as e4m3 (round
    // to nearest even, saturating); h = p q for tf32 p (32 x 16) and q
    // (16 x 32); r = s rounded to tf32.
    gpu.func @low_precision(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %b: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %c: !tile.array<?x?xf32, strides [?, 1]>,
                            %d: !tile.array<?x?xf8E5M2, strides [?, 1]>, %e: !tile.array<?x?xf32, strides [?, 1]>, %f: !tile.array<?x?xf32, strides [?, 1]>,
                            %g: !tile.array<?x?xf8E4M3FN, strides [?, 1]>, %p: !tile.array<?x?xtf32, strides [?, 1]>, %q: !tile.array<?x?xtf32, strides [?, 1]>,
                            %h: !tile.array<?x?xf32, strides [?, 1]>, %s: !tile.array<?x?xf32, strides [?, 1]>, %r: !tile.array<?x?xtf32, strides [?, 1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %ta = tile.load %va[%z, %z] : !tile.view<32x16, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %tb = tile.load %vb[%z, %z] : !tile.view<16x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %tc = tile.matmul %ta, %tb : !tile.tile<32x16xf8E4M3FN>, !tile.tile<16x32xf8E4M3FN> -> !tile.tile<32x32xf32>
      %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %tc, %vc[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      %vd = tile.make_view %d : !tile.array<?x?xf8E5M2, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %td = tile.load %vd[%z, %z] : !tile.view<32x32, !tile.array<?x?xf8E5M2, strides [?, 1]>, padding zero>
      %te = tile.convert %td : !tile.tile<32x32xf8E5M2> -> !tile.tile<32x32xf32>
      %ve = tile.make_view %e : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %te, %ve[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      %vf = tile.make_view %f : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %tf = tile.load %vf[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %tg = tile.convert %tf : !tile.tile<32x32xf32> -> !tile.tile<32x32xf8E4M3FN>
      %vg = tile.make_view %g : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
      tile.store %tg, %vg[%z, %z] : !tile.view<32x32, !tile.array<?x?xf8E4M3FN, strides [?, 1]>>
      %vp = tile.make_view %p : !tile.array<?x?xtf32, strides [?, 1]> -> !tile.view<32x16, !tile.array<?x?xtf32, strides [?, 1]>, padding zero>
      %vq = tile.make_view %q : !tile.array<?x?xtf32, strides [?, 1]> -> !tile.view<16x32, !tile.array<?x?xtf32, strides [?, 1]>, padding zero>
      %tp = tile.load %vp[%z, %z] : !tile.view<32x16, !tile.array<?x?xtf32, strides [?, 1]>, padding zero>
      %tq = tile.load %vq[%z, %z] : !tile.view<16x32, !tile.array<?x?xtf32, strides [?, 1]>, padding zero>
      %th = tile.matmul %tp, %tq : !tile.tile<32x16xtf32>, !tile.tile<16x32xtf32> -> !tile.tile<32x32xf32>
      %vh = tile.make_view %h : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      tile.store %th, %vh[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>>
      %vs = tile.make_view %s : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %ts = tile.load %vs[%z, %z] : !tile.view<32x32, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %tr = tile.convert %ts : !tile.tile<32x32xf32> -> !tile.tile<32x32xtf32>
      %vr = tile.make_view %r : !tile.array<?x?xtf32, strides [?, 1]> -> !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
      tile.store %tr, %vr[%z, %z] : !tile.view<32x32, !tile.array<?x?xtf32, strides [?, 1]>>
      gpu.return
    }

    // Tiles carried through loops and branches: o = the sum of x's 256-
    // element tiles (scf.for), doubled when there are more than 2 of them
    // (scf.if).
    gpu.func @loops(%x: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %n = tile.num_tiles %vx, 0 : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %ub = tile.to_scalar %n : !tile.tile<si32> -> index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %init = tile.constant dense<0.0> : !tile.tile<256xf32>
      %sum = scf.for %k = %c0 to %ub step %c1 iter_args(%acc = %init) -> (!tile.tile<256xf32>) {
        %ki = tile.from_scalar %k : index -> !tile.tile<si32>
        %t = tile.load %vx[%ki] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
        %next = tile.add %acc, %t : !tile.tile<256xf32>
        scf.yield %next : !tile.tile<256xf32>
      }
      %two = tile.constant dense<2> : !tile.tile<si32>
      %more = tile.cmp gt %n, %two : !tile.tile<si32>
      %cond = tile.to_scalar %more : !tile.tile<i1> -> i1
      %res = scf.if %cond -> (!tile.tile<256xf32>) {
        %d = tile.add %sum, %sum : !tile.tile<256xf32>
        scf.yield %d : !tile.tile<256xf32>
      } else {
        scf.yield %sum : !tile.tile<256xf32>
      }
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
      tile.store %res, %vo[%z] : !tile.view<256, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    // tile.math with rounding and ftz (f32): one row of o per function,
    // o[k, i] = f_k(x[i]) (the PTX instructions of the hardware's
    // approximations and roundings; ftz without one flushes operand and
    // result).
    gpu.func @math_modifiers(%x: !tile.array<?xf32, strides [1]>, %o: !tile.array<?x?xf32, strides [?, 1]>) kernel {
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %t = tile.load %vx[%zero] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %f0 = tile.math exp2 %t ftz : !tile.tile<256xf32>
      %r0 = tile.reshape %f0 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k0 = tile.constant dense<0> : !tile.tile<si32>
      tile.store %r0, %vo[%k0, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f1 = tile.math exp2 %t rounding approx : !tile.tile<256xf32>
      %r1 = tile.reshape %f1 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k1 = tile.constant dense<1> : !tile.tile<si32>
      tile.store %r1, %vo[%k1, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f2 = tile.math exp %t rounding approx ftz : !tile.tile<256xf32>
      %r2 = tile.reshape %f2 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k2 = tile.constant dense<2> : !tile.tile<si32>
      tile.store %r2, %vo[%k2, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f3 = tile.math log2 %t rounding approx : !tile.tile<256xf32>
      %r3 = tile.reshape %f3 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k3 = tile.constant dense<3> : !tile.tile<si32>
      tile.store %r3, %vo[%k3, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f4 = tile.math log %t rounding approx : !tile.tile<256xf32>
      %r4 = tile.reshape %f4 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k4 = tile.constant dense<4> : !tile.tile<si32>
      tile.store %r4, %vo[%k4, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f5 = tile.math sin %t rounding approx : !tile.tile<256xf32>
      %r5 = tile.reshape %f5 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k5 = tile.constant dense<5> : !tile.tile<si32>
      tile.store %r5, %vo[%k5, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f6 = tile.math cos %t rounding approx ftz : !tile.tile<256xf32>
      %r6 = tile.reshape %f6 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k6 = tile.constant dense<6> : !tile.tile<si32>
      tile.store %r6, %vo[%k6, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f7 = tile.math rsqrt %t rounding approx : !tile.tile<256xf32>
      %r7 = tile.reshape %f7 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k7 = tile.constant dense<7> : !tile.tile<si32>
      tile.store %r7, %vo[%k7, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f8 = tile.math tanh %t rounding approx : !tile.tile<256xf32>
      %r8 = tile.reshape %f8 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k8 = tile.constant dense<8> : !tile.tile<si32>
      tile.store %r8, %vo[%k8, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f9 = tile.math sqrt %t rounding rz : !tile.tile<256xf32>
      %r9 = tile.reshape %f9 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k9 = tile.constant dense<9> : !tile.tile<si32>
      tile.store %r9, %vo[%k9, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f10 = tile.math sqrt %t rounding approx ftz : !tile.tile<256xf32>
      %r10 = tile.reshape %f10 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k10 = tile.constant dense<10> : !tile.tile<si32>
      tile.store %r10, %vo[%k10, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f11 = tile.math rcp %t rounding rn ftz : !tile.tile<256xf32>
      %r11 = tile.reshape %f11 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k11 = tile.constant dense<11> : !tile.tile<si32>
      tile.store %r11, %vo[%k11, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f12 = tile.math rcp %t rounding approx : !tile.tile<256xf32>
      %r12 = tile.reshape %f12 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k12 = tile.constant dense<12> : !tile.tile<si32>
      tile.store %r12, %vo[%k12, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f13 = tile.math erf %t ftz : !tile.tile<256xf32>
      %r13 = tile.reshape %f13 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k13 = tile.constant dense<13> : !tile.tile<si32>
      tile.store %r13, %vo[%k13, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      %f14 = tile.math exp %t ftz : !tile.tile<256xf32>
      %r14 = tile.reshape %f14 : !tile.tile<256xf32> -> !tile.tile<1x256xf32>
      %k14 = tile.constant dense<14> : !tile.tile<si32>
      tile.store %r14, %vo[%k14, %zero] : !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>>
      gpu.return
    }
    // Tile i reads tile i - 1 of x: tile 0 reads tile -1, wholly before
    // the array, so all padding (-inf), never memory.
    gpu.func @index_before(%x: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %i = tile.bid 0
      %one = tile.constant dense<1> : !tile.tile<si32>
      %before = tile.sub %i, %one : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
      %t = tile.load %vx[%before] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
      tile.store %t, %vo[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
      gpu.return
    }

    // IEEE quotients by divisors that registers share: each tile block's
    // 32 x 64 tile of x over its rows' divisors (a 32 x 1 column,
    // broadcast), over its columns' (a 1 x 64 row) and over one scalar.
    gpu.func @shared_divisors(%x: !tile.array<?x?xf32, strides [?, 1]>, %rows: !tile.array<?x?xf32, strides [?, 1]>, %cols: !tile.array<?x?xf32, strides [?, 1]>, %scalar: !tile.array<?xf32, strides [1]>, %o: !tile.array<?x?x?xf32, strides [?, ?, 1]>) kernel attributes {tile.num_warps = 4} {
      %i = tile.bid 0
      %zero = tile.constant dense<0> : !tile.tile<si32>
      %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>>
      %vr = tile.make_view %rows : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x1, !tile.array<?x?xf32, strides [?, 1]>>
      %vc = tile.make_view %cols : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x64, !tile.array<?x?xf32, strides [?, 1]>>
      %vs = tile.make_view %scalar : !tile.array<?xf32, strides [1]> -> !tile.view<1, !tile.array<?xf32, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
      %t = tile.load %vx[%i, %zero] : !tile.view<32x64, !tile.array<?x?xf32, strides [?, 1]>>
      %r = tile.load %vr[%i, %zero] : !tile.view<32x1, !tile.array<?x?xf32, strides [?, 1]>>
      %c = tile.load %vc[%i, %zero] : !tile.view<1x64, !tile.array<?x?xf32, strides [?, 1]>>
      %s1 = tile.load %vs[%i] : !tile.view<1, !tile.array<?xf32, strides [1]>>
      %s = tile.reshape %s1 : !tile.tile<1xf32> -> !tile.tile<f32>
      %q0 = tile.div %t, %r promote cutile : !tile.tile<32x64xf32>, !tile.tile<32x1xf32> -> !tile.tile<32x64xf32>
      %q1 = tile.div %t, %c promote cutile : !tile.tile<32x64xf32>, !tile.tile<1x64xf32> -> !tile.tile<32x64xf32>
      %q2 = tile.div %t, %s promote cutile : !tile.tile<32x64xf32>, !tile.tile<f32> -> !tile.tile<32x64xf32>
      %k0 = tile.constant dense<0> : !tile.tile<si32>
      %k1 = tile.constant dense<1> : !tile.tile<si32>
      %k2 = tile.constant dense<2> : !tile.tile<si32>
      %o0 = tile.reshape %q0 : !tile.tile<32x64xf32> -> !tile.tile<1x32x64xf32>
      %o1 = tile.reshape %q1 : !tile.tile<32x64xf32> -> !tile.tile<1x32x64xf32>
      %o2 = tile.reshape %q2 : !tile.tile<32x64xf32> -> !tile.tile<1x32x64xf32>
      %three = tile.constant dense<3> : !tile.tile<si32>
      %base = tile.mul %i, %three : !tile.tile<si32>
      %b1 = tile.add %base, %k1 : !tile.tile<si32>
      %b2 = tile.add %base, %k2 : !tile.tile<si32>
      tile.store %o0, %vo[%base, %zero, %zero] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
      tile.store %o1, %vo[%b1, %zero, %zero] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
      tile.store %o2, %vo[%b2, %zero, %zero] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
      gpu.return
    }
  }
}
