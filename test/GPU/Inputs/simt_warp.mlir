// Warp votes and masks (test/GPU/simt.py, test/Conversion/SimtToGPU/warp.test).
gpu.module @m {
  py.kernel @votes(%flags: !py.array<i1, 1>, %out: !py.array<ui32, 2>) attributes {interop} {
    %i = simt.tid 1
    %p = py.array.getitem %flags[%i] : !py.array<i1, 1>, !py.int
    %m = simt.activemask : ui32
    simt.syncwarp %m : ui32
    %all = simt.all_sync %m, %p : ui32, i1
    %any = simt.any_sync %m, %p : ui32, i1
    %eq = simt.eq_sync %m, %p : ui32, i1
    %b = simt.ballot_sync %m, %p : ui32, i1
    %lt = simt.lanemask_lt : ui32
    %c0 = py.constant 0 : !py.int
    %c1 = py.constant 1 : !py.int
    %c2 = py.constant 2 : !py.int
    %c3 = py.constant 3 : !py.int
    %c4 = py.constant 4 : !py.int
    %c5 = py.constant 5 : !py.int
    py.array.setitem %m, %out[%i, %c0] : ui32, !py.array<ui32, 2>, !py.int, !py.int
    py.array.setitem %all, %out[%i, %c1] policy numbapro : !py.bool, !py.array<ui32, 2>, !py.int, !py.int
    py.array.setitem %any, %out[%i, %c2] policy numbapro : !py.bool, !py.array<ui32, 2>, !py.int, !py.int
    py.array.setitem %eq, %out[%i, %c3] policy numbapro : !py.bool, !py.array<ui32, 2>, !py.int, !py.int
    py.array.setitem %b, %out[%i, %c4] : ui32, !py.array<ui32, 2>, !py.int, !py.int
    py.array.setitem %lt, %out[%i, %c5] : ui32, !py.array<ui32, 2>, !py.int, !py.int
    py.return
  }
}
