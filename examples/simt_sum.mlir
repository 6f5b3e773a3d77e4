// A classic SIMT reduction, written in the py and simt dialects: out[0] +=
// sum(x). Each thread strides over the grid with 16-byte loads (x viewed as
// an array of 16-byte aligned float4 structs; the last n % 4 elements one by
// one) and keeps four partial sums; the block then reduces them with warp
// shuffles and a shared array of one value per warp, and one thread per
// block adds the block's sum atomically. x must be 16-byte aligned (every
// fresh CuPy or PyTorch array is); out[0] starts at 0. Launch one wave of
// blocks: (SM count x 2048 / 256) x 256. tools/benchmarks/simt_reduction.py
// times it against torch.sum; test/GPU/simt.py checks it.
!f4 = !py.struct<"float4", (x: f32, y: f32, z: f32, w: f32), align 16>
gpu.module @simt_sum {
  py.func @quad_sum(%q: !f4) -> f32 {
    %x = py.struct.getattr %q["x"] : !f4
    %y = py.struct.getattr %q["y"] : !f4
    %z = py.struct.getattr %q["z"] : !f4
    %w = py.struct.getattr %q["w"] : !f4
    %xy = py.add %x, %y : f32, f32 -> f32
    %zw = py.add %z, %w : f32, f32 -> f32
    %s = py.add %xy, %zw : f32, f32 -> f32
    py.return %s : f32
  }

  py.kernel @sum(%x: !py.array<f32, 1>, %out: !py.array<f32, 1>) attributes {interop} {
    %quads = py.array.view %x : !py.array<f32, 1> to !py.array<!f4, 1>
    %n = py.len %x : !py.array<f32, 1>
    %nq = py.len %quads : !py.array<!f4, 1>
    %tid = simt.tid 1
    %threads = simt.grid_size 1
    %start = py.cast %tid : !py.int to index
    %step = py.cast %threads : !py.int to index
    %end = py.cast %nq : !py.int to index
    %zero = py.constant 0.0 : f32
    %k0 = py.constant 0 : !py.int
    %k1 = py.constant 1 : !py.int
    %k2 = py.constant 2 : !py.int
    // Four float4 loads in flight per thread: a loop over groups of four
    // grid strides, then one stride at a time for the rest.
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %step3 = arith.muli %step, %c3 : index
    %step4 = arith.muli %step, %c4 : index
    %room = arith.cmpi ugt, %end, %step3 : index
    %main_end0 = arith.subi %end, %step3 : index
    %main_end = arith.select %room, %main_end0, %start : index
    %main:5 = scf.for %j = %start to %main_end step %step4
        iter_args(%a0 = %zero, %a1 = %zero, %a2 = %zero, %a3 = %zero, %next = %start)
        -> (f32, f32, f32, f32, index) {
      %j1 = arith.addi %j, %step : index
      %j2 = arith.addi %j1, %step : index
      %j3 = arith.addi %j2, %step : index
      %i0 = py.cast %j : index to ui64
      %i1 = py.cast %j1 : index to ui64
      %i2 = py.cast %j2 : index to ui64
      %i3 = py.cast %j3 : index to ui64
      %q0 = py.array.getitem %quads[%i0] : !py.array<!f4, 1>, ui64
      %q1 = py.array.getitem %quads[%i1] : !py.array<!f4, 1>, ui64
      %q2 = py.array.getitem %quads[%i2] : !py.array<!f4, 1>, ui64
      %q3 = py.array.getitem %quads[%i3] : !py.array<!f4, 1>, ui64
      %s0 = py.call @quad_sum(%q0) : (!f4) -> f32
      %s1 = py.call @quad_sum(%q1) : (!f4) -> f32
      %s2 = py.call @quad_sum(%q2) : (!f4) -> f32
      %s3 = py.call @quad_sum(%q3) : (!f4) -> f32
      %b0 = py.add %a0, %s0 : f32, f32 -> f32
      %b1 = py.add %a1, %s1 : f32, f32 -> f32
      %b2 = py.add %a2, %s2 : f32, f32 -> f32
      %b3 = py.add %a3, %s3 : f32, f32 -> f32
      %after = arith.addi %j, %step4 : index
      scf.yield %b0, %b1, %b2, %b3, %after : f32, f32, f32, f32, index
    }
    %acc:4 = scf.for %j = %main#4 to %end step %step
        iter_args(%a0 = %main#0, %a1 = %main#1, %a2 = %main#2, %a3 = %main#3)
        -> (f32, f32, f32, f32) {
      %i = py.cast %j : index to ui64
      %q = py.array.getitem %quads[%i] : !py.array<!f4, 1>, ui64
      %sq = py.call @quad_sum(%q) : (!f4) -> f32
      %b0 = py.add %a0, %sq : f32, f32 -> f32
      scf.yield %b0, %a1, %a2, %a3 : f32, f32, f32, f32
    }
    %s01 = py.add %acc#0, %acc#1 : f32, f32 -> f32
    %s23 = py.add %acc#2, %acc#3 : f32, f32 -> f32
    %s = py.add %s01, %s23 : f32, f32 -> f32
    // The n % 4 elements after the last float4.
    %four = py.constant 4 : !py.int
    %done = py.mul %nq, %four : !py.int, !py.int -> !py.int
    %t = py.add %done, %tid : !py.int, !py.int -> !py.int
    %in_tail = py.cmp lt, %t, %n : !py.int, !py.int -> !py.bool
    %tail = py.cast %in_tail : !py.bool to i1
    %mine = scf.if %tail -> (f32) {
      %e = py.array.getitem %x[%t] : !py.array<f32, 1>, !py.int
      %se = py.add %s, %e : f32, f32 -> f32
      scf.yield %se : f32
    } else {
      scf.yield %s : f32
    }
    // The warp's sum, by shuffles down 16, 8, 4, 2, 1.
    %full = py.constant 4294967295 : ui32
    %k16 = py.constant 16 : !py.int
    %k8 = py.constant 8 : !py.int
    %d16 = simt.shfl_down_sync %full, %mine, %k16 : ui32, f32, !py.int
    %w16 = py.add %mine, %d16 : f32, f32 -> f32
    %d8 = simt.shfl_down_sync %full, %w16, %k8 : ui32, f32, !py.int
    %w8 = py.add %w16, %d8 : f32, f32 -> f32
    %d4 = simt.shfl_down_sync %full, %w8, %four : ui32, f32, !py.int
    %w4 = py.add %w8, %d4 : f32, f32 -> f32
    %d2 = simt.shfl_down_sync %full, %w4, %k2 : ui32, f32, !py.int
    %w2 = py.add %w4, %d2 : f32, f32 -> f32
    %d1 = simt.shfl_down_sync %full, %w2, %k1 : ui32, f32, !py.int
    %warp_sum = py.add %w2, %d1 : f32, f32 -> f32
    // One value per warp in shared memory; the first warp adds them up.
    %partial = simt.shared_array [32] : !py.array<f32, 1>
    %lane = simt.lane_id
    %thread = simt.thread_idx x
    %k32 = py.constant 32 : !py.int
    %warp = py.floordiv %thread, %k32 : !py.int, !py.int -> !py.int
    %is_lane0 = py.cmp eq, %lane, %k0 : !py.int, !py.int -> !py.bool
    %lane0 = py.cast %is_lane0 : !py.bool to i1
    scf.if %lane0 {
      py.array.setitem %warp_sum, %partial[%warp] : f32, !py.array<f32, 1>, !py.int
    }
    simt.syncthreads
    %is_warp0 = py.cmp eq, %warp, %k0 : !py.int, !py.int -> !py.bool
    %warp0 = py.cast %is_warp0 : !py.bool to i1
    scf.if %warp0 {
      %bdim = simt.block_dim x
      %warps = py.floordiv %bdim, %k32 : !py.int, !py.int -> !py.int
      %has = py.cmp lt, %lane, %warps : !py.int, !py.int -> !py.bool
      %has1 = py.cast %has : !py.bool to i1
      %v = scf.if %has1 -> (f32) {
        %p = py.array.getitem %partial[%lane] : !py.array<f32, 1>, !py.int
        scf.yield %p : f32
      } else {
        scf.yield %zero : f32
      }
      %e16 = simt.shfl_down_sync %full, %v, %k16 : ui32, f32, !py.int
      %x16 = py.add %v, %e16 : f32, f32 -> f32
      %e8 = simt.shfl_down_sync %full, %x16, %k8 : ui32, f32, !py.int
      %x8 = py.add %x16, %e8 : f32, f32 -> f32
      %e4 = simt.shfl_down_sync %full, %x8, %four : ui32, f32, !py.int
      %x4 = py.add %x8, %e4 : f32, f32 -> f32
      %e2 = simt.shfl_down_sync %full, %x4, %k2 : ui32, f32, !py.int
      %x2 = py.add %x4, %e2 : f32, f32 -> f32
      %e1 = simt.shfl_down_sync %full, %x2, %k1 : ui32, f32, !py.int
      %block_sum = py.add %x2, %e1 : f32, f32 -> f32
      scf.if %lane0 {
        %r = simt.atomic_ref %out[%k0] : !py.array<f32, 1>, !py.int -> !simt.atomic_ref<f32>
        %old = simt.atomic_rmw add %r, %block_sum memory relaxed scope device : !simt.atomic_ref<f32>
      }
    }
    py.return
  }
}
