// simt kernels that test/GPU/simt.py checks.
gpu.module @simt_kernels {
  // out[y, x, :] = tid(2), grid_size(2), thread_idx.x, block_idx.y,
  //                lane_id, warp_size
  py.kernel @positions(%out: !py.array<si32, 3>) attributes {interop} {
    %tid = simt.tid 2
    %size = simt.grid_size 2
    %x = py.tuple.getitem %tid[0] : tuple<!py.int, !py.int>
    %y = py.tuple.getitem %tid[1] : tuple<!py.int, !py.int>
    %sx = py.tuple.getitem %size[0] : tuple<!py.int, !py.int>
    %sy = py.tuple.getitem %size[1] : tuple<!py.int, !py.int>
    %tx = simt.thread_idx x
    %by = simt.block_idx y
    %lane = simt.lane_id
    %warp = simt.warp_size
    %c0 = py.constant 0 : !py.int
    %c1 = py.constant 1 : !py.int
    %c2 = py.constant 2 : !py.int
    %c3 = py.constant 3 : !py.int
    %c4 = py.constant 4 : !py.int
    %c5 = py.constant 5 : !py.int
    %c6 = py.constant 6 : !py.int
    %c7 = py.constant 7 : !py.int
    py.array.setitem %x, %out[%y, %x, %c0] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %y, %out[%y, %x, %c1] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %sx, %out[%y, %x, %c2] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %sy, %out[%y, %x, %c3] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %tx, %out[%y, %x, %c4] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %by, %out[%y, %x, %c5] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %lane, %out[%y, %x, %c6] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.array.setitem %warp, %out[%y, %x, %c7] : !py.int, !py.array<si32, 3>, !py.int, !py.int, !py.int
    py.return
  }

  // Per block b: out[b, :] = syncthreads_count(p), syncthreads_and(p),
  // syncthreads_or(p), where p = flags[tid] (every thread writes the same
  // values; thread 0's write is the one checked).
  py.kernel @votes(%flags: !py.array<i1, 1>, %out: !py.array<si32, 2>)
      attributes {interop} {
    %i = simt.tid 1
    %p = py.array.getitem %flags[%i] : !py.array<i1, 1>, !py.int
    %n = simt.syncthreads_count %p : i1
    %all = simt.syncthreads_and %p : i1
    %any = simt.syncthreads_or %p : i1
    simt.threadfence memory release scope device
    %b = simt.block_idx x
    %c0 = py.constant 0 : !py.int
    %c1 = py.constant 1 : !py.int
    %c2 = py.constant 2 : !py.int
    py.array.setitem %n, %out[%b, %c0] : !py.int, !py.array<si32, 2>, !py.int, !py.int
    py.array.setitem %all, %out[%b, %c1] policy numbapro : !py.bool, !py.array<si32, 2>, !py.int, !py.int
    py.array.setitem %any, %out[%b, %c2] policy numbapro : !py.bool, !py.array<si32, 2>, !py.int, !py.int
    py.return
  }

  // Per block of 256: reverse through a static shared array, add the
  // element from a dynamic shared view, and a local array's round trip:
  // out[i] = a[block_start + 255 - t] + a[i] + t
  py.kernel @memories(%a: !py.array<f32, 1>, %out: !py.array<f32, 1>)
      attributes {interop} {
    %tile = simt.shared_array [256] : !py.array<f32, 1>
    %bytes = simt.dynamic_shared_array : !py.array<ui8, 1>
    %dyn = py.array.view %bytes : !py.array<ui8, 1> to !py.array<f32, 1>
    %scratch = simt.local_array [2, 3] order F : !py.array<si32, 2>
    %t = simt.thread_idx x
    %i = simt.tid 1
    %x = py.array.getitem %a[%i] : !py.array<f32, 1>, !py.int
    py.array.setitem %x, %tile[%t] : f32, !py.array<f32, 1>, !py.int
    py.array.setitem %x, %dyn[%t] : f32, !py.array<f32, 1>, !py.int
    %one = py.constant 1 : !py.int
    %two = py.constant 2 : !py.int
    py.array.setitem %t, %scratch[%one, %two] : !py.int, !py.array<si32, 2>, !py.int, !py.int
    simt.syncthreads
    %m1 = py.constant -1 : !py.int
    %r = py.sub %m1, %t : !py.int, !py.int -> !py.int
    %y = py.array.getitem %tile[%r] : !py.array<f32, 1>, !py.int
    %z = py.array.getitem %dyn[%t] : !py.array<f32, 1>, !py.int
    %w = py.array.getitem %scratch[%one, %two] : !py.array<si32, 2>, !py.int, !py.int
    %yz = py.add %y, %z : f32, f32 -> f32
    %s = py.add %yz, %w policy numbapro : f32, si32 -> f64
    py.array.setitem %s, %out[%i] policy numbapro : f64, !py.array<f32, 1>, !py.int
    py.return
  }
}
