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

  // Vectors, structs and tuples of at most 8 bytes move as their bytes:
  // float2 (8), a 6-byte struct and a (si16, ui8) tuple (4).
  py.kernel @aggregates(%a: !py.array<f32, 1>, %out: !py.array<f32, 2>) attributes {interop} {
    %i = simt.tid 1
    %m = simt.activemask : ui32
    %x = py.array.getitem %a[%i] : !py.array<f32, 1>, !py.int
    %one = py.constant 1.0 : f32
    %y = py.add %x, %one : f32, f32 -> f32
    %v = py.vector.make(%x, %y) : (f32, f32) -> !py.vector<2 x f32>
    %s16 = py.cast %i : !py.int to si16
    %u8 = py.cast %i : !py.int to ui8
    %s = py.struct.make(%s16, %u8, %s16) : (si16, ui8, si16) -> !py.struct<"s6", (a: si16, b: ui8, c: si16)>
    %t = py.tuple.make(%s16, %u8) : si16, ui8
    %c7 = py.constant 7 : !py.int
    %c1 = py.constant 1 : !py.int
    %c3 = py.constant 3 : !py.int
    %v2 = simt.shfl_sync %m, %v, %c7 : ui32, !py.vector<2 x f32>, !py.int
    %s2 = simt.shfl_xor_sync %m, %s, %c3 : ui32, !py.struct<"s6", (a: si16, b: ui8, c: si16)>, !py.int
    %t2 = simt.shfl_down_sync %m, %t, %c1 : ui32, tuple<si16, ui8>, !py.int
    %k0 = py.constant 0 : !py.int
    %k2 = py.constant 2 : !py.int
    %k4 = py.constant 4 : !py.int
    %k5 = py.constant 5 : !py.int
    %v2x = py.vector.getitem %v2[%k0] : !py.vector<2 x f32>, !py.int
    %v2y = py.vector.getitem %v2[%c1] : !py.vector<2 x f32>, !py.int
    %s2a = py.struct.getattr %s2["a"] : !py.struct<"s6", (a: si16, b: ui8, c: si16)>
    %s2b = py.struct.getattr %s2["b"] : !py.struct<"s6", (a: si16, b: ui8, c: si16)>
    %t2a = py.tuple.getitem %t2[0] : tuple<si16, ui8>
    %t2b = py.tuple.getitem %t2[1] : tuple<si16, ui8>
    py.array.setitem %v2x, %out[%i, %k0] : f32, !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %v2y, %out[%i, %c1] : f32, !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %s2a, %out[%i, %k2] policy numbapro : si16, !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %s2b, %out[%i, %c3] policy numbapro : ui8, !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %t2a, %out[%i, %k4] policy numbapro : si16, !py.array<f32, 2>, !py.int, !py.int
    py.array.setitem %t2b, %out[%i, %k5] policy numbapro : ui8, !py.array<f32, 2>, !py.int, !py.int
    py.return
  }
}
