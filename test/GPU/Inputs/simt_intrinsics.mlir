// Numeric intrinsics (test/GPU/simt.py, test/Conversion/SimtToGPU/intrinsics.test).
gpu.module @m {
  py.kernel @intrinsics(%u: !py.array<ui32, 1>, %l: !py.array<si64, 1>, %f: !py.array<f32, 1>,
                        %d: !py.array<f64, 1>, %iout: !py.array<si64, 2>, %fout: !py.array<f64, 2>) attributes {interop} {
    %i = simt.tid 1
    %n = py.len %u : !py.array<ui32, 1>
    %inside = py.cmp lt, %i, %n : !py.int, !py.int -> !py.bool
    %in = py.cast %inside : !py.bool to i1
    scf.if %in {
      %x = py.array.getitem %u[%i] : !py.array<ui32, 1>, !py.int
      %y = py.array.getitem %l[%i] : !py.array<si64, 1>, !py.int
      %a = py.array.getitem %f[%i] : !py.array<f32, 1>, !py.int
      %b = py.array.getitem %d[%i] : !py.array<f64, 1>, !py.int
      %p = simt.popc %x : ui32
      %c = simt.clz %y : si64
      %s = simt.ffs %x : ui32
      %r = simt.brev %x : ui32
      %p64 = simt.popc %y : si64
      %k0 = py.constant 0 : !py.int
      %k1 = py.constant 1 : !py.int
      %k2 = py.constant 2 : !py.int
      %k3 = py.constant 3 : !py.int
      %k4 = py.constant 4 : !py.int
      py.array.setitem %p, %iout[%i, %k0] : !py.int, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %c, %iout[%i, %k1] : !py.int, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %s, %iout[%i, %k2] : !py.int, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %r, %iout[%i, %k3] policy numbapro : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %p64, %iout[%i, %k4] : !py.int, !py.array<si64, 2>, !py.int, !py.int
      %cb = simt.cbrt %b : f64
      %fm = simt.fma %a, %a, %a : f32
      %cf = simt.cbrt %a : f32
      py.array.setitem %cb, %fout[%i, %k0] : f64, !py.array<f64, 2>, !py.int, !py.int
      py.array.setitem %fm, %fout[%i, %k1] : f32, !py.array<f64, 2>, !py.int, !py.int
      py.array.setitem %cf, %fout[%i, %k2] : f32, !py.array<f64, 2>, !py.int, !py.int
    }
    py.return
  }
}
