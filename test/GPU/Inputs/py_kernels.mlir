// py dialect kernels that the GPU test (test/GPU/py.py) checks against
// NumPy, and test/Pipelines/py-kernels.test compiles for sm_80 and sm_90.
!point = !py.struct<"point", (x: !py.int, y: f32)>
!mixed = tuple<si8, f64, !py.bool>
!rec = !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>

gpu.module @py_kernels {
  // out[i, :] = a+b, a-b, a*b, a//b, a%b, a**(b%5), a<<(b&31), a>>(b&31),
  //             a<<(b&63), a>>(b&63)   (int32, Python semantics)
  py.kernel @int_ops(%a: !py.array<si32, 1>, %b: !py.array<si32, 1>,
                     %out: !py.array<si32, 2>) attributes {interop} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %base = arith.muli %bid, %bdim : index
    %flat = arith.addi %base, %tid : index
    %i = py.cast %flat : index to si64
    %n = py.len %a : !py.array<si32, 1>
    %inside = py.cmp lt, %i, %n : si64, !py.int -> i1
    scf.if %inside {
      %x = py.array.getitem %a[%i] : !py.array<si32, 1>, si64
      %y = py.array.getitem %b[%i] : !py.array<si32, 1>, si64
      %c0 = py.constant 0 : !py.int
      %c1 = py.constant 1 : !py.int
      %c2 = py.constant 2 : !py.int
      %c3 = py.constant 3 : !py.int
      %c4 = py.constant 4 : !py.int
      %c5 = py.constant 5 : !py.int
      %c6 = py.constant 6 : !py.int
      %c7 = py.constant 7 : !py.int
      %c8 = py.constant 8 : !py.int
      %c9 = py.constant 9 : !py.int
      %c31 = py.constant 31 : !py.int
      %c63 = py.constant 63 : !py.int
      %add = py.add %x, %y : si32, si32 -> si32
      py.array.setitem %add, %out[%i, %c0] : si32, !py.array<si32, 2>, si64, !py.int
      %sub = py.sub %x, %y : si32, si32 -> si32
      py.array.setitem %sub, %out[%i, %c1] : si32, !py.array<si32, 2>, si64, !py.int
      %mul = py.mul %x, %y : si32, si32 -> si32
      py.array.setitem %mul, %out[%i, %c2] : si32, !py.array<si32, 2>, si64, !py.int
      %fd = py.floordiv %x, %y : si32, si32 -> si32
      py.array.setitem %fd, %out[%i, %c3] : si32, !py.array<si32, 2>, si64, !py.int
      %md = py.mod %x, %y : si32, si32 -> si32
      py.array.setitem %md, %out[%i, %c4] : si32, !py.array<si32, 2>, si64, !py.int
      %e = py.mod %y, %c5 : si32, !py.int -> si32
      %pw = py.pow %x, %e : si32, si32 -> si32
      py.array.setitem %pw, %out[%i, %c5] : si32, !py.array<si32, 2>, si64, !py.int
      %s = py.and %y, %c31 : si32, !py.int -> si32
      %shl = py.lshift %x, %s : si32, si32 -> si32
      py.array.setitem %shl, %out[%i, %c6] : si32, !py.array<si32, 2>, si64, !py.int
      %shr = py.rshift %x, %s : si32, si32 -> si32
      py.array.setitem %shr, %out[%i, %c7] : si32, !py.array<si32, 2>, si64, !py.int
      %w = py.and %y, %c63 : si32, !py.int -> si32
      %shl2 = py.lshift %x, %w : si32, si32 -> si32
      py.array.setitem %shl2, %out[%i, %c8] : si32, !py.array<si32, 2>, si64, !py.int
      %shr2 = py.rshift %x, %w : si32, si32 -> si32
      py.array.setitem %shr2, %out[%i, %c9] : si32, !py.array<si32, 2>, si64, !py.int
    }
    py.return
  }

  // out[i, :] as float64: mixed-type arithmetic under both policies.
  py.kernel @mixed_ops(%a: !py.array<si8, 1>, %u: !py.array<ui16, 1>,
                       %f: !py.array<f32, 1>, %g: !py.array<f32, 1>,
                       %d: !py.array<f64, 1>, %out: !py.array<f64, 2>)
      attributes {interop} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %base = arith.muli %bid, %bdim : index
    %flat = arith.addi %base, %tid : index
    %i = py.cast %flat : index to si64
    %n = py.len %a : !py.array<si8, 1>
    %inside = py.cmp lt, %i, %n : si64, !py.int -> i1
    scf.if %inside {
      %av = py.array.getitem %a[%i] : !py.array<si8, 1>, si64
      %uv = py.array.getitem %u[%i] : !py.array<ui16, 1>, si64
      %fv = py.array.getitem %f[%i] : !py.array<f32, 1>, si64
      %gv = py.array.getitem %g[%i] : !py.array<f32, 1>, si64
      %dv = py.array.getitem %d[%i] : !py.array<f64, 1>, si64
      %three = py.constant 3 : !py.int
      %seven = py.constant 7 : si8
      // 0: int8 + Python int -> int8 (wraps)
      %r0 = py.add %av, %three : si8, !py.int -> si8
      %k0 = py.constant 0 : !py.int
      py.array.setitem %r0, %out[%i, %k0] policy numbapro : si8, !py.array<f64, 2>, si64, !py.int
      // 1: uint16 * int8 -> int32
      %r1 = py.mul %uv, %av : ui16, si8 -> si32
      %k1 = py.constant 1 : !py.int
      py.array.setitem %r1, %out[%i, %k1] policy numbapro : si32, !py.array<f64, 2>, si64, !py.int
      // 2: float32 / Python int -> float32
      %r2 = py.truediv %fv, %three : f32, !py.int -> f32
      %k2 = py.constant 2 : !py.int
      py.array.setitem %r2, %out[%i, %k2] : f32, !py.array<f64, 2>, si64, !py.int
      // 3, 4: float32 // and %
      %r3 = py.floordiv %fv, %gv : f32, f32 -> f32
      %k3 = py.constant 3 : !py.int
      py.array.setitem %r3, %out[%i, %k3] : f32, !py.array<f64, 2>, si64, !py.int
      %r4 = py.mod %fv, %gv : f32, f32 -> f32
      %k4 = py.constant 4 : !py.int
      py.array.setitem %r4, %out[%i, %k4] : f32, !py.array<f64, 2>, si64, !py.int
      // 5: |float64| ** float32 -> float64
      %ad = py.abs %dv : f64 -> f64
      %r5 = py.pow %ad, %gv : f64, f32 -> f64
      %k5 = py.constant 5 : !py.int
      py.array.setitem %r5, %out[%i, %k5] : f64, !py.array<f64, 2>, si64, !py.int
      // 6: int8 / int8 -> float64
      %r6 = py.truediv %av, %seven : si8, si8 -> f64
      %k6 = py.constant 6 : !py.int
      py.array.setitem %r6, %out[%i, %k6] : f64, !py.array<f64, 2>, si64, !py.int
      // 7: NumbaPro: int8 // float32 -> int32 (floor in float32)
      %r7 = py.floordiv %av, %gv policy numbapro : si8, f32 -> si32
      %k7 = py.constant 7 : !py.int
      py.array.setitem %r7, %out[%i, %k7] policy numbapro : si32, !py.array<f64, 2>, si64, !py.int
      // 8: NumbaPro: uint16 + int8 -> int32
      %r8 = py.add %uv, %av policy numbapro : ui16, si8 -> si32
      %k8 = py.constant 8 : !py.int
      py.array.setitem %r8, %out[%i, %k8] policy numbapro : si32, !py.array<f64, 2>, si64, !py.int
      // 9: float32 < float64
      %r9 = py.cmp lt, %fv, %dv : f32, f64 -> i1
      %k9 = py.constant 9 : !py.int
      py.array.setitem %r9, %out[%i, %k9] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      // 10, 11, 12: abs(int8), -uint16, ~int8
      %r10 = py.abs %av : si8 -> si8
      %k10 = py.constant 10 : !py.int
      py.array.setitem %r10, %out[%i, %k10] policy numbapro : si8, !py.array<f64, 2>, si64, !py.int
      %r11 = py.neg %uv : ui16 -> ui16
      %k11 = py.constant 11 : !py.int
      py.array.setitem %r11, %out[%i, %k11] policy numbapro : ui16, !py.array<f64, 2>, si64, !py.int
      %r12 = py.invert %av : si8 -> si8
      %k12 = py.constant 12 : !py.int
      py.array.setitem %r12, %out[%i, %k12] policy numbapro : si8, !py.array<f64, 2>, si64, !py.int
      // 13: int32(float32), 14: bool(float64)
      %r13 = py.cast %fv : f32 to si32
      %k13 = py.constant 13 : !py.int
      py.array.setitem %r13, %out[%i, %k13] policy numbapro : si32, !py.array<f64, 2>, si64, !py.int
      %r14 = py.cast %dv : f64 to i1
      %k14 = py.constant 14 : !py.int
      py.array.setitem %r14, %out[%i, %k14] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      // 15: abs((f + g*1j) ** 2) in complex64
      %j = py.constant (0.0, 1.0) : complex<f32>
      %gj = py.mul %gv, %j : f32, complex<f32> -> complex<f32>
      %z = py.add %fv, %gj : f32, complex<f32> -> complex<f32>
      %z2 = py.mul %z, %z : complex<f32>, complex<f32> -> complex<f32>
      %r15 = py.abs %z2 : complex<f32> -> f32
      %k15 = py.constant 15 : !py.int
      py.array.setitem %r15, %out[%i, %k15] : f32, !py.array<f64, 2>, si64, !py.int
      // 16: True + True (Python bools add as ints)
      %t = py.constant true : !py.bool
      %r16 = py.add %t, %t : !py.bool, !py.bool -> !py.int
      %k16 = py.constant 16 : !py.int
      py.array.setitem %r16, %out[%i, %k16] : !py.int, !py.array<f64, 2>, si64, !py.int
      // 17-24: | ^ == != < <= > >= and + (unary), - over mixed types
      %r17 = py.or %uv, %av : ui16, si8 -> si32
      %k17 = py.constant 17 : !py.int
      py.array.setitem %r17, %out[%i, %k17] policy numbapro : si32, !py.array<f64, 2>, si64, !py.int
      %x55 = py.constant 85 : !py.int
      %r18 = py.xor %av, %x55 : si8, !py.int -> si8
      %k18 = py.constant 18 : !py.int
      py.array.setitem %r18, %out[%i, %k18] policy numbapro : si8, !py.array<f64, 2>, si64, !py.int
      %r19 = py.cmp ge, %fv, %gv : f32, f32 -> i1
      %k19 = py.constant 19 : !py.int
      py.array.setitem %r19, %out[%i, %k19] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      %r20 = py.cmp gt, %uv, %av : ui16, si8 -> i1
      %k20 = py.constant 20 : !py.int
      py.array.setitem %r20, %out[%i, %k20] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      %zero = py.constant 0 : !py.int
      %r21 = py.cmp le, %av, %zero : si8, !py.int -> i1
      %k21 = py.constant 21 : !py.int
      py.array.setitem %r21, %out[%i, %k21] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      %r22 = py.cmp ne, %av, %uv : si8, ui16 -> i1
      %k22 = py.constant 22 : !py.int
      py.array.setitem %r22, %out[%i, %k22] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
      %r23 = py.pos %uv : ui16 -> ui16
      %k23 = py.constant 23 : !py.int
      py.array.setitem %r23, %out[%i, %k23] policy numbapro : ui16, !py.array<f64, 2>, si64, !py.int
      %r24 = py.sub %fv, %dv : f32, f64 -> f64
      %k24 = py.constant 24 : !py.int
      py.array.setitem %r24, %out[%i, %k24] : f64, !py.array<f64, 2>, si64, !py.int
      %r25 = py.cmp eq, %av, %seven : si8, si8 -> i1
      %k25 = py.constant 25 : !py.int
      py.array.setitem %r25, %out[%i, %k25] policy numbapro : i1, !py.array<f64, 2>, si64, !py.int
    }
    py.return
  }

  // v = x[::-1, 1::2]; out[i, j] = v[i, j]; neg[i] = x[-1 - i, -1];
  // meta = v.shape, v.strides, v.size, v.ndim, len(x),
  //        x.reshape(-1)[5], x.view(uint32)[0, 0]
  py.kernel @views(%x: !py.array<f32, 2>, %out: !py.array<f32, 2>,
                   %neg: !py.array<f32, 1>, %meta: !py.array<si64, 1>)
      attributes {interop} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %i = py.cast %tx : index to si64
    %j = py.cast %ty : index to si64
    %none = py.none
    %m1 = py.constant -1 : !py.int
    %one = py.constant 1 : !py.int
    %two = py.constant 2 : !py.int
    %rows = py.slice %none, %none, %m1 : !py.none, !py.none, !py.int
    %cols = py.slice %one, %none, %two : !py.int, !py.none, !py.int
    %v = py.array.subscript %x[%rows, %cols] : !py.array<f32, 2>, !py.slice, !py.slice
    %shape = py.array.shape %v : !py.array<f32, 2>
    %r = py.tuple.getitem %shape[0] : tuple<si64, si64>
    %c = py.tuple.getitem %shape[1] : tuple<si64, si64>
    %inr = py.cmp lt, %i, %r : si64, si64 -> i1
    %inc = py.cmp lt, %j, %c : si64, si64 -> i1
    %in = py.and %inr, %inc : i1, i1 -> i1
    scf.if %in {
      %e = py.array.getitem %v[%i, %j] : !py.array<f32, 2>, si64, si64
      py.array.setitem %e, %out[%i, %j] : f32, !py.array<f32, 2>, si64, si64
    }
    %xlen = py.len %x : !py.array<f32, 2>
    %j0 = py.cmp eq, %j, %one : si64, !py.int -> i1
    %inx = py.cmp lt, %i, %xlen : si64, !py.int -> i1
    %first = py.and %j0, %inx : i1, i1 -> i1
    scf.if %first {
      %k = py.sub %m1, %i : !py.int, si64 -> si64
      %e = py.array.getitem %x[%k, %m1] : !py.array<f32, 2>, si64, !py.int
      py.array.setitem %e, %neg[%i] : f32, !py.array<f32, 1>, si64
    }
    %zero = py.constant 0 : si64
    %i0 = py.cmp eq, %i, %zero : si64, si64 -> i1
    %jz = py.cmp eq, %j, %zero : si64, si64 -> i1
    %origin = py.and %i0, %jz : i1, i1 -> i1
    scf.if %origin {
      %strides = py.array.strides %v : !py.array<f32, 2>
      %s0 = py.tuple.getitem %strides[0] : tuple<si64, si64>
      %s1 = py.tuple.getitem %strides[-1] : tuple<si64, si64>
      %size = py.array.size %v : !py.array<f32, 2>
      %ndim = py.array.ndim %v : !py.array<f32, 2>
      %c0 = py.constant 0 : !py.int
      %c3 = py.constant 3 : !py.int
      %c4 = py.constant 4 : !py.int
      %c5 = py.constant 5 : !py.int
      %c6 = py.constant 6 : !py.int
      %c7 = py.constant 7 : !py.int
      %c8 = py.constant 8 : !py.int
      py.array.setitem %r, %meta[%c0] : si64, !py.array<si64, 1>, !py.int
      py.array.setitem %c, %meta[%one] : si64, !py.array<si64, 1>, !py.int
      py.array.setitem %s0, %meta[%two] : si64, !py.array<si64, 1>, !py.int
      py.array.setitem %s1, %meta[%c3] : si64, !py.array<si64, 1>, !py.int
      py.array.setitem %size, %meta[%c4] : si64, !py.array<si64, 1>, !py.int
      py.array.setitem %ndim, %meta[%c5] : !py.int, !py.array<si64, 1>, !py.int
      py.array.setitem %xlen, %meta[%c6] : !py.int, !py.array<si64, 1>, !py.int
      %flatx = py.array.reshape %x(%m1) : !py.array<f32, 2>, !py.int -> !py.array<f32, 1>
      %f5 = py.array.getitem %flatx[%c5] : !py.array<f32, 1>, !py.int
      %f5i = py.cast %f5 : f32 to si64
      py.array.setitem %f5i, %meta[%c7] : si64, !py.array<si64, 1>, !py.int
      %bits = py.array.view %x : !py.array<f32, 2> to !py.array<ui32, 2>
      %b00 = py.array.getitem %bits[%c0, %c0] : !py.array<ui32, 2>, !py.int, !py.int
      py.array.setitem %b00, %meta[%c8] : ui32, !py.array<si64, 1>, !py.int
    }
    py.return
  }

  // Structs, tuples and vectors passed by value from the host (CUDA C++
  // layout) and updated immutably; out = p.x, p.y, q.x, v[i], w[0], w[1],
  // w[2], t[0], t[1], t[2], len(v), len(t)
  py.kernel @aggregates(%p: !point, %v: !py.vector<3 x f32>, %t: !mixed,
                        %i: !py.int, %out: !py.array<f64, 1>)
      attributes {interop} {
    %px = py.struct.getattr %p["x"] : !point
    %py = py.struct.getattr %p["y"] : !point
    %ten = py.constant 10 : !py.int
    %nx = py.mul %px, %ten : !py.int, !py.int -> !py.int
    %q = py.struct.setattr %p["x"], %nx : !point, !py.int
    %qx = py.struct.getattr %q["x"] : !point
    %vi = py.vector.getitem %v[%i] : !py.vector<3 x f32>, !py.int
    %half = py.constant 9.5 : f32
    %w = py.vector.setitem %v[%i], %half : !py.vector<3 x f32>, !py.int, f32
    %zero = py.constant 0 : !py.int
    %one = py.constant 1 : !py.int
    %two = py.constant 2 : !py.int
    %w0 = py.vector.getitem %w[%zero] : !py.vector<3 x f32>, !py.int
    %w1 = py.vector.getitem %w[%one] : !py.vector<3 x f32>, !py.int
    %w2 = py.vector.getitem %w[%two] : !py.vector<3 x f32>, !py.int
    %t0 = py.tuple.getitem %t[0] : !mixed
    %t1 = py.tuple.getitem %t[1] : !mixed
    %t2 = py.tuple.getitem %t[-1] : !mixed
    %lv = py.len %v : !py.vector<3 x f32>
    %lt = py.len %t : !mixed
    %all = py.tuple.make(%px, %py, %qx, %vi, %w0, %w1, %w2, %t0, %t1, %t2, %lv, %lt) : !py.int, f32, !py.int, f32, f32, f32, f32, si8, f64, !py.bool, !py.int, !py.int
    %e0 = py.tuple.getitem %all[0] : tuple<!py.int, f32, !py.int, f32, f32, f32, f32, si8, f64, !py.bool, !py.int, !py.int>
    py.array.setitem %e0, %out[%zero] : !py.int, !py.array<f64, 1>, !py.int
    py.array.setitem %py, %out[%one] : f32, !py.array<f64, 1>, !py.int
    py.array.setitem %qx, %out[%two] : !py.int, !py.array<f64, 1>, !py.int
    %c3 = py.constant 3 : !py.int
    %c4 = py.constant 4 : !py.int
    %c5 = py.constant 5 : !py.int
    %c6 = py.constant 6 : !py.int
    %c7 = py.constant 7 : !py.int
    %c8 = py.constant 8 : !py.int
    %c9 = py.constant 9 : !py.int
    %c10 = py.constant 10 : !py.int
    %c11 = py.constant 11 : !py.int
    py.array.setitem %vi, %out[%c3] : f32, !py.array<f64, 1>, !py.int
    py.array.setitem %w0, %out[%c4] : f32, !py.array<f64, 1>, !py.int
    py.array.setitem %w1, %out[%c5] : f32, !py.array<f64, 1>, !py.int
    py.array.setitem %w2, %out[%c6] : f32, !py.array<f64, 1>, !py.int
    py.array.setitem %t0, %out[%c7] policy numbapro : si8, !py.array<f64, 1>, !py.int
    py.array.setitem %t1, %out[%c8] : f64, !py.array<f64, 1>, !py.int
    %t2f = py.cast %t2 : !py.bool to f64
    py.array.setitem %t2f, %out[%c9] : f64, !py.array<f64, 1>, !py.int
    py.array.setitem %lv, %out[%c10] : !py.int, !py.array<f64, 1>, !py.int
    py.array.setitem %lt, %out[%c11] : !py.int, !py.array<f64, 1>, !py.int
    py.return
  }

  // Records of a NumPy structured array (np.dtype([('a', 'u1'), ('b',
  // '<f4')]), 5 bytes, unaligned): out[i] = r.b + r.a; r.a += 1 in place.
  py.kernel @records(%r: !py.array<!rec, 1>, %out: !py.array<f32, 1>)
      attributes {interop} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %base = arith.muli %bid, %bdim : index
    %flat = arith.addi %base, %tid : index
    %i = py.cast %flat : index to si64
    %n = py.len %r : !py.array<!rec, 1>
    %inside = py.cmp lt, %i, %n : si64, !py.int -> i1
    scf.if %inside {
      %e = py.array.getitem %r[%i] : !py.array<!rec, 1>, si64
      %a = py.struct.getattr %e["a"] : !rec
      %b = py.struct.getattr %e["b"] : !rec
      %sum = py.add %b, %a policy numbapro : f32, ui8 -> f32
      py.array.setitem %sum, %out[%i] : f32, !py.array<f32, 1>, si64
      %one = py.constant 1 : ui8
      %a1 = py.add %a, %one : ui8, ui8 -> ui8
      %e1 = py.struct.setattr %e["a"], %a1 : !rec, ui8
      py.array.setitem %e1, %r[%i] : !rec, !py.array<!rec, 1>, si64
    }
    py.return
  }

  // Calls to interoperable device functions through their CUDA C++ ABI:
  // __half2 through pointers, an fp8 result, structs and complex by value.
  py.func @swap_half2(%v: !py.vector<2 x f16>) -> !py.vector<2 x f16>
      attributes {interop} {
    %zero = py.constant 0 : !py.int
    %one = py.constant 1 : !py.int
    %x = py.vector.getitem %v[%zero] : !py.vector<2 x f16>, !py.int
    %y = py.vector.getitem %v[%one] : !py.vector<2 x f16>, !py.int
    %w = py.vector.make(%y, %x) : (f16, f16) -> !py.vector<2 x f16>
    py.return %w : !py.vector<2 x f16>
  }
  py.func @to_fp8(%x: f32) -> f8E4M3FN attributes {interop} {
    %y = py.cast %x : f32 to f8E4M3FN
    py.return %y : f8E4M3FN
  }
  py.func @scale_point(%p: !point, %k: !py.int) -> !point attributes {interop} {
    %x = py.struct.getattr %p["x"] : !point
    %y = py.struct.getattr %p["y"] : !point
    %x2 = py.mul %x, %k : !py.int, !py.int -> !py.int
    %y2 = py.mul %y, %k : f32, !py.int -> f32
    %q = py.struct.make(%x2, %y2) : (!py.int, f32) -> !point
    py.return %q : !point
  }
  py.func @square(%z: complex<f64>) -> complex<f64> attributes {interop} {
    %r = py.mul %z, %z : complex<f64>, complex<f64> -> complex<f64>
    py.return %r : complex<f64>
  }
  // out = w.x, w.y, float(to_fp8(3.3)), q.x, q.y, abs(square(3+4j))
  py.kernel @calls(%h: !py.array<f16, 1>, %out: !py.array<f32, 1>)
      attributes {interop} {
    %c0 = py.constant 0 : !py.int
    %c1 = py.constant 1 : !py.int
    %h0 = py.array.getitem %h[%c0] : !py.array<f16, 1>, !py.int
    %h1 = py.array.getitem %h[%c1] : !py.array<f16, 1>, !py.int
    %v = py.vector.make(%h0, %h1) : (f16, f16) -> !py.vector<2 x f16>
    %w = py.call @swap_half2(%v) : (!py.vector<2 x f16>) -> !py.vector<2 x f16>
    %w0 = py.vector.getitem %w[%c0] : !py.vector<2 x f16>, !py.int
    %w1 = py.vector.getitem %w[%c1] : !py.vector<2 x f16>, !py.int
    py.array.setitem %w0, %out[%c0] : f16, !py.array<f32, 1>, !py.int
    py.array.setitem %w1, %out[%c1] : f16, !py.array<f32, 1>, !py.int
    %x = py.constant 3.3 : f32
    %q8 = py.call @to_fp8(%x) : (f32) -> f8E4M3FN
    %q = py.cast %q8 : f8E4M3FN to f32
    %c2 = py.constant 2 : !py.int
    py.array.setitem %q, %out[%c2] : f32, !py.array<f32, 1>, !py.int
    %seven = py.constant 7 : !py.int
    %half = py.constant 2.5 : f32
    %p = py.struct.make(%seven, %half) : (!py.int, f32) -> !point
    %three = py.constant 3 : !py.int
    %r = py.call @scale_point(%p, %three) : (!point, !py.int) -> !point
    %rx = py.struct.getattr %r["x"] : !point
    %ry = py.struct.getattr %r["y"] : !point
    %c3 = py.constant 3 : !py.int
    %c4 = py.constant 4 : !py.int
    py.array.setitem %rx, %out[%c3] policy numbapro : !py.int, !py.array<f32, 1>, !py.int
    py.array.setitem %ry, %out[%c4] : f32, !py.array<f32, 1>, !py.int
    %z = py.constant (3.0, 4.0) : complex<f64>
    %z2 = py.call @square(%z) : (complex<f64>) -> complex<f64>
    %a = py.abs %z2 : complex<f64> -> f64
    %a32 = py.cast %a : f64 to f32
    %c5 = py.constant 5 : !py.int
    py.array.setitem %a32, %out[%c5] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
}
