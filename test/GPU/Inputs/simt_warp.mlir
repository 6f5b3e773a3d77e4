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

  // Partial masks: in warp w only lanes below 4 + 3w take part. Match,
  // WarpMask bits, votes and shuffles among them.
  py.kernel @partial(%keys: !py.array<si32, 1>, %out: !py.array<si64, 2>) attributes {interop} {
    %i = simt.tid 1
    %lane = simt.lane_id
    %w32 = py.constant 32 : !py.int
    %w = py.floordiv %i, %w32 : !py.int, !py.int -> !py.int
    %three = py.constant 3 : !py.int
    %four = py.constant 4 : !py.int
    %w3 = py.mul %w, %three : !py.int, !py.int -> !py.int
    %k = py.add %w3, %four : !py.int, !py.int -> !py.int
    %inside = py.cmp lt, %lane, %k : !py.int, !py.int -> !py.bool
    %in = py.cast %inside : !py.bool to i1
    scf.if %in {
      %m = simt.activemask : ui32
      %key = py.array.getitem %keys[%i] : !py.array<si32, 1>, !py.int
      %zero = py.constant 0 : si32
      %p = py.cmp gt, %key, %zero : si32, si32 -> i1
      %all = simt.all_sync %m, %p : ui32, i1
      %any = simt.any_sync %m, %p : ui32, i1
      %b = simt.ballot_sync %m, %p : ui32, i1
      %thousand = py.constant 1000 : si32
      %ii = py.cast %i : !py.int to si32
      %kx = py.mul %key, %thousand : si32, si32 -> si32
      %x = py.add %kx, %ii : si32, si32 -> si32
      %c0 = py.constant 0 : !py.int
      %c1 = py.constant 1 : !py.int
      %first = simt.shfl_sync %m, %x, %c0 : ui32, si32, !py.int
      %up = simt.shfl_up_sync %m, %x, %c1 : ui32, si32, !py.int
      %peers = simt.match_any_sync %m, %key : ui32, si32
      %wf = py.cast %w : !py.int to f64
      %eq1, %same1 = simt.match_all_sync %m, %wf : ui32, f64
      %eq2, %same2 = simt.match_all_sync %m, %key : ui32, si32
      %mine = simt.warp_mask.getitem %m[%lane] : ui32, !py.int
      %next = py.add %lane, %c1 : !py.int, !py.int -> !py.int
      %nl = py.mod %next, %w32 : !py.int, !py.int -> !py.int
      %false = py.constant false : !py.bool
      %cleared = simt.warp_mask.setitem %m[%lane], %false : ui32, !py.int, !py.bool
      %true = py.constant true : !py.bool
      %added = simt.warp_mask.setitem %m[%nl], %true : ui32, !py.int, !py.bool
      %c2 = py.constant 2 : !py.int
      %c3 = py.constant 3 : !py.int
      %c4 = py.constant 4 : !py.int
      %c5 = py.constant 5 : !py.int
      %c6 = py.constant 6 : !py.int
      %c7 = py.constant 7 : !py.int
      %c8 = py.constant 8 : !py.int
      %c9 = py.constant 9 : !py.int
      %c10 = py.constant 10 : !py.int
      %c11 = py.constant 11 : !py.int
      %c12 = py.constant 12 : !py.int
      %c13 = py.constant 13 : !py.int
      py.array.setitem %m, %out[%i, %c0] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %all, %out[%i, %c1] policy numbapro : !py.bool, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %any, %out[%i, %c2] policy numbapro : !py.bool, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %b, %out[%i, %c3] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %first, %out[%i, %c4] : si32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %up, %out[%i, %c5] : si32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %peers, %out[%i, %c6] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %eq1, %out[%i, %c7] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %same1, %out[%i, %c8] policy numbapro : !py.bool, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %eq2, %out[%i, %c9] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %same2, %out[%i, %c10] policy numbapro : !py.bool, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %mine, %out[%i, %c11] policy numbapro : !py.bool, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %cleared, %out[%i, %c12] : ui32, !py.array<si64, 2>, !py.int, !py.int
      py.array.setitem %added, %out[%i, %c13] : ui32, !py.array<si64, 2>, !py.int, !py.int
    }
    py.return
  }

  // Partial masks for syncwarp and the down and xor shuffles: the upper 16
  // lanes of each warp (every source lane is in the mask; lane 31's down
  // source is outside the warp, so it keeps its value).
  py.kernel @partial_shuffles(%x: !py.array<si32, 1>, %out: !py.array<si32, 2>) attributes {interop} {
    %i = simt.tid 1
    %lane = simt.lane_id
    %k16 = py.constant 16 : !py.int
    %upper = py.cmp ge, %lane, %k16 : !py.int, !py.int -> !py.bool
    %u = py.cast %upper : !py.bool to i1
    scf.if %u {
      %m = simt.activemask : ui32
      simt.syncwarp %m : ui32
      %v = py.array.getitem %x[%i] : !py.array<si32, 1>, !py.int
      %c1 = py.constant 1 : !py.int
      %down = simt.shfl_down_sync %m, %v, %c1 : ui32, si32, !py.int
      %xor = simt.shfl_xor_sync %m, %v, %c1 : ui32, si32, !py.int
      %c0 = py.constant 0 : !py.int
      %c2 = py.constant 2 : !py.int
      %mi = py.cast %m : ui32 to si32
      py.array.setitem %mi, %out[%i, %c0] : si32, !py.array<si32, 2>, !py.int, !py.int
      py.array.setitem %down, %out[%i, %c1] : si32, !py.array<si32, 2>, !py.int, !py.int
      py.array.setitem %xor, %out[%i, %c2] : si32, !py.array<si32, 2>, !py.int, !py.int
    }
    py.return
  }
}
