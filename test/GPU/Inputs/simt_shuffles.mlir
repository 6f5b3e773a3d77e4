// Warp shuffles (test/GPU/simt.py).
gpu.module @m {
  py.kernel @shuffles(%a: !py.array<f64, 1>, %b: !py.array<si8, 1>, %out: !py.array<f64, 2>) attributes {interop} {
    %i = simt.tid 1
    %m = simt.activemask : ui32
    %x = py.array.getitem %a[%i] : !py.array<f64, 1>, !py.int
    %y = py.array.getitem %b[%i] : !py.array<si8, 1>, !py.int
    %c3 = py.constant 3 : !py.int
    %c1 = py.constant 1 : !py.int
    %c5 = py.constant 5 : !py.int
    %s0 = simt.shfl_sync %m, %x, %c3 : ui32, f64, !py.int
    %s1 = simt.shfl_up_sync %m, %x, %c1 : ui32, f64, !py.int
    %s2 = simt.shfl_down_sync %m, %y, %c1 : ui32, si8, !py.int
    %s3 = simt.shfl_xor_sync %m, %x, %c5 : ui32, f64, !py.int
    %k0 = py.constant 0 : !py.int
    %k2 = py.constant 2 : !py.int
    py.array.setitem %s0, %out[%i, %k0] : f64, !py.array<f64, 2>, !py.int, !py.int
    py.array.setitem %s1, %out[%i, %c1] : f64, !py.array<f64, 2>, !py.int, !py.int
    py.array.setitem %s2, %out[%i, %k2] policy numbapro : si8, !py.array<f64, 2>, !py.int, !py.int
    py.array.setitem %s3, %out[%i, %c3] : f64, !py.array<f64, 2>, !py.int, !py.int
    py.return
  }
}
