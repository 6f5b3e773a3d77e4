// A classic SIMT reduction, written in the py and simt dialects:
// out[0] = sum(x), in one launch, deterministic.
//
// Each thread strides over the grid with 16-byte loads (x viewed as an array
// of 16-byte aligned float4 structs, four loads in flight; the last n % 4
// elements one by one). Each block reduces its threads' sums with warp
// shuffles and a shared array of one value per warp, and writes its sum to
// partials[block]. Then one thread per block counts the block done with an
// acq_rel atomic add: the block that comes last sees every other block's
// partial (their release, its acquire), adds them up in block order, writes
// out[0] and sets the counter back to 0 for the next launch.
//
// x must be 16-byte aligned (every fresh CuPy or PyTorch array is);
// partials has one float32 per block; counter[0] is 0 before the first
// launch. Launch one wave: (SM count x 2048 / 256) blocks of 256 threads
// (the launch bounds keep the kernel at 32 registers, so 8 blocks fit).
// tools/benchmarks/simt_reduction.py times it against torch.sum;
// test/GPU/simt.py checks it.
// cudapy-run: --grid 8 --block 256 --arg array:f32[100003]=const:1 --arg array:f32[8]=zeros --arg array:u32[1]=zeros --arg array:f32[1]=zeros --print 1
!f4 = !py.struct<"float4", (x: f32, y: f32, z: f32, w: f32), align 16>
gpu.module @simt_sum_module {
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

  // The sum of the warp's values, in lane 0 (shuffles down 16, 8, 4, 2, 1).
  py.func @warp_sum(%v: f32) -> f32 {
    %full = py.constant 4294967295 : ui32
    %k16 = py.constant 16 : !py.int
    %k8 = py.constant 8 : !py.int
    %k4 = py.constant 4 : !py.int
    %k2 = py.constant 2 : !py.int
    %k1 = py.constant 1 : !py.int
    %d16 = simt.shfl_down_sync %full, %v, %k16 : ui32, f32, !py.int
    %w16 = py.add %v, %d16 : f32, f32 -> f32
    %d8 = simt.shfl_down_sync %full, %w16, %k8 : ui32, f32, !py.int
    %w8 = py.add %w16, %d8 : f32, f32 -> f32
    %d4 = simt.shfl_down_sync %full, %w8, %k4 : ui32, f32, !py.int
    %w4 = py.add %w8, %d4 : f32, f32 -> f32
    %d2 = simt.shfl_down_sync %full, %w4, %k2 : ui32, f32, !py.int
    %w2 = py.add %w4, %d2 : f32, f32 -> f32
    %d1 = simt.shfl_down_sync %full, %w2, %k1 : ui32, f32, !py.int
    %s = py.add %w2, %d1 : f32, f32 -> f32
    py.return %s : f32
  }

  // The sum of the block's values, in thread 0: each warp's sum goes to a
  // shared array, and the first warp adds those up. Every thread calls it.
  py.func @block_sum(%v: f32) -> f32 {
    %zero = py.constant 0.0 : f32
    %k0 = py.constant 0 : !py.int
    %k32 = py.constant 32 : !py.int
    %mine = py.call @warp_sum(%v) : (f32) -> f32
    %partial = simt.shared_array [32] : !py.array<f32, 1>
    %lane = simt.lane_id
    %thread = simt.thread_idx x
    %warp = py.floordiv %thread, %k32 : !py.int, !py.int -> !py.int
    %lane0 = py.cmp eq, %lane, %k0 : !py.int, !py.int -> !py.bool
    %l0 = py.cast %lane0 : !py.bool to i1
    scf.if %l0 {
      py.array.setitem %mine, %partial[%warp] : f32, !py.array<f32, 1>, !py.int
    }
    simt.syncthreads
    %bdim = simt.block_dim x
    %warps = py.floordiv %bdim, %k32 : !py.int, !py.int -> !py.int
    %has = py.cmp lt, %lane, %warps : !py.int, !py.int -> !py.bool
    %h = py.cast %has : !py.bool to i1
    %p = scf.if %h -> (f32) {
      %e = py.array.getitem %partial[%lane] : !py.array<f32, 1>, !py.int
      scf.yield %e : f32
    } else {
      scf.yield %zero : f32
    }
    %total = py.call @warp_sum(%p) : (f32) -> f32
    simt.syncthreads
    py.return %total : f32
  }

  py.kernel @simt_sum(%x: !py.array<f32, 1>, %partials: !py.array<f32, 1>,
                 %counter: !py.array<ui32, 1>, %out: !py.array<f32, 1>)
      attributes {interop, nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 8 : i32} {
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
    %block_total = py.call @block_sum(%mine) : (f32) -> f32

    // Thread 0 publishes the block's sum and counts the block done; the
    // last block learns it is last through shared memory.
    %thread = simt.thread_idx x
    %block = simt.block_idx x
    %blocks = simt.grid_dim x
    %last = simt.shared_array [1] : !py.array<i1, 1>
    %first = py.cmp eq, %thread, %k0 : !py.int, !py.int -> !py.bool
    %t0 = py.cast %first : !py.bool to i1
    scf.if %t0 {
      py.array.setitem %block_total, %partials[%block] : f32, !py.array<f32, 1>, !py.int
      %r = simt.atomic_ref %counter[%k0] : !py.array<ui32, 1>, !py.int -> !simt.atomic_ref<ui32>
      %one = py.constant 1 : ui32
      %before = simt.atomic_rmw add %r, %one memory acq_rel scope device : !simt.atomic_ref<ui32>
      %bu = py.cast %blocks : !py.int to ui32
      %final = py.sub %bu, %one : ui32, ui32 -> ui32
      %is_last = py.cmp eq, %before, %final : ui32, ui32 -> i1
      py.array.setitem %is_last, %last[%k0] : i1, !py.array<i1, 1>, !py.int
    }
    simt.syncthreads
    %l = py.array.getitem %last[%k0] : !py.array<i1, 1>, !py.int
    scf.if %l {
      // Every partial is visible: thread 0's acquire, then the barrier.
      %nb = py.cast %blocks : !py.int to index
      %bd = simt.block_dim x
      %bstep = py.cast %bd : !py.int to index
      %tstart = py.cast %thread : !py.int to index
      %ps = scf.for %j = %tstart to %nb step %bstep iter_args(%a = %zero) -> (f32) {
        %i = py.cast %j : index to ui64
        %p = py.array.getitem %partials[%i] : !py.array<f32, 1>, ui64
        %b = py.add %a, %p : f32, f32 -> f32
        scf.yield %b : f32
      }
      %total = py.call @block_sum(%ps) : (f32) -> f32
      scf.if %t0 {
        py.array.setitem %total, %out[%k0] : f32, !py.array<f32, 1>, !py.int
        %r = simt.atomic_ref %counter[%k0] : !py.array<ui32, 1>, !py.int -> !simt.atomic_ref<ui32>
        %reset = py.constant 0 : ui32
        simt.atomic_store %r, %reset memory relaxed scope device : !simt.atomic_ref<ui32>
      }
    }
    py.return
  }
}
