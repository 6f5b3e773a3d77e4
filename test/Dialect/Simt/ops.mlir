// Every simt op round-trips, in the custom and the generic form.
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s

// CHECK-LABEL: py.kernel @positions
py.kernel @positions(%p: !py.bool) {
  // CHECK: simt.thread_idx x
  // CHECK: simt.block_idx y
  // CHECK: simt.block_dim z
  // CHECK: simt.grid_dim x
  %0 = simt.thread_idx x
  %1 = simt.block_idx y
  %2 = simt.block_dim z
  %3 = simt.grid_dim x
  // CHECK: %{{.*}} = simt.tid 1{{$}}
  // CHECK: %{{.*}} = simt.tid 3{{$}}
  // CHECK: %{{.*}} = simt.grid_size 2{{$}}
  %4 = simt.tid 1
  %5 = simt.tid 3
  %6 = simt.grid_size 2
  %t = py.tuple.getitem %5[2] : tuple<!py.int, !py.int, !py.int>
  %g = py.tuple.getitem %6[0] : tuple<!py.int, !py.int>
  // CHECK: simt.warp_size
  // CHECK: simt.lane_id
  %7 = simt.warp_size
  %8 = simt.lane_id
  // CHECK: simt.threadfence{{$}}
  // CHECK: simt.threadfence memory acq_rel scope block
  // CHECK: simt.threadfence scope device
  simt.threadfence
  simt.threadfence memory acq_rel scope block
  simt.threadfence scope device
  // CHECK: simt.shared_array [16, 8] : !py.array<f32, 2>
  // CHECK: simt.local_array [4] order F align 16 : !py.array<si32, 1>
  // CHECK: simt.dynamic_shared_array : !py.array<ui8, 1>
  %sh = simt.shared_array [16, 8] : !py.array<f32, 2>
  %lo = simt.local_array [4] order F align 16 : !py.array<si32, 1>
  %dy = simt.dynamic_shared_array : !py.array<ui8, 1>
  // CHECK: simt.const_array dense<[1.000000e+00, 5.000000e-01]> : tensor<2xf32> : !py.array<f32, 1>
  // CHECK: simt.const_array dense<{{\[}}[1, -2, 3], [4, 5, 6]]> : tensor<2x3xsi16> align 16 : !py.array<si16, 2>
  // CHECK: simt.const_array dense<7> : tensor<4xui64> : !py.array<ui64, 1>
  %c1 = simt.const_array dense<[1.0, 0.5]> : tensor<2xf32> : !py.array<f32, 1>
  %c2 = simt.const_array dense<[[1, -2, 3], [4, 5, 6]]> : tensor<2x3xsi16> align 16 : !py.array<si16, 2>
  %c3 = simt.const_array dense<7> : tensor<4xui64> : !py.array<ui64, 1>
  // CHECK: simt.activemask : ui32
  // CHECK: simt.lanemask_lt : ui32
  // CHECK: simt.syncwarp %{{.*}} : ui32
  // CHECK: simt.all_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.any_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.eq_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.ballot_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  %am = simt.activemask : ui32
  %lm = simt.lanemask_lt : ui32
  simt.syncwarp %am : ui32
  %va = simt.all_sync %am, %p : ui32, !py.bool
  %vn = simt.any_sync %am, %p : ui32, !py.bool
  %ve = simt.eq_sync %am, %p : ui32, !py.bool
  %vb = simt.ballot_sync %am, %p : ui32, !py.bool
  // CHECK: simt.shfl_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, f64, !py.int
  // CHECK: simt.shfl_up_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, complex<f32>, !py.int
  // CHECK: simt.shfl_down_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, si8, !py.int
  // CHECK: simt.shfl_xor_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, !py.bool, ui32
  %f64 = py.constant 1.5 : f64
  %c64 = py.constant (1.0, 2.0) : complex<f32>
  %s8 = py.constant -3 : si8
  %one = py.constant 1 : !py.int
  %x0 = simt.shfl_sync %am, %f64, %one : ui32, f64, !py.int
  %x1 = simt.shfl_up_sync %am, %c64, %one : ui32, complex<f32>, !py.int
  %x2 = simt.shfl_down_sync %am, %s8, %one : ui32, si8, !py.int
  %x3 = simt.shfl_xor_sync %am, %p, %am : ui32, !py.bool, ui32
  // CHECK: simt.popc %{{.*}} : ui32
  // CHECK: simt.clz %{{.*}} : si8
  // CHECK: simt.ffs %{{.*}} : !py.int
  // CHECK: simt.brev %{{.*}} : ui32
  // CHECK: simt.cbrt %{{.*}} : f64
  // CHECK: simt.fma %{{.*}}, %{{.*}}, %{{.*}} : f64
  %pc = simt.popc %am : ui32
  %cz = simt.clz %s8 : si8
  %fs = simt.ffs %one : !py.int
  %br = simt.brev %am : ui32
  %cr = simt.cbrt %f64 : f64
  %fm = simt.fma %f64, %f64, %f64 : f64
  // CHECK: simt.syncthreads
  // CHECK-NEXT: simt.grid_sync
  // CHECK: simt.syncthreads_count %{{.*}} : !py.bool
  // CHECK: simt.syncthreads_and %{{.*}} : i1
  // CHECK: simt.syncthreads_or %{{.*}} : !py.bool
  simt.syncthreads
  simt.grid_sync
  %n = simt.syncthreads_count %p : !py.bool
  %i1 = py.cast %p : !py.bool to i1
  %all = simt.syncthreads_and %i1 : i1
  %any = simt.syncthreads_or %p : !py.bool
  py.return
}

// Spec, "Atomics": atomic_ref and every AtomicInterface operation, with
// memory orders and scopes; Atomic members of structs.
!mutex = !py.struct<"ticket_mutex", (line: !py.atomic<si32, align 16>, current: !py.atomic<si32, align 16>)>
// CHECK-LABEL: py.kernel @atomics
py.kernel @atomics(%a: !py.array<f32, 1>, %h: !py.array<ui64, 2>, %m: !py.array<!mutex, 1>,
                   %c: !py.array<!py.struct<"c", (v: !py.atomic<complex<f64>>)>, 1>,
                   %i: si32, %j: !py.int, %f: f32, %u: ui64, %z: complex<f64>) {
  // CHECK: simt.atomic_ref %{{.*}}[%{{.*}}] : !py.array<f32, 1>, si32 -> !simt.atomic_ref<f32>
  // CHECK: simt.atomic_ref %{{.*}}[%{{.*}}, %{{.*}}] : !py.array<ui64, 2>, si32, !py.int -> !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_ref %{{.*}}[%{{.*}}] member ["current"] : !py.array<!py.struct<"ticket_mutex", (line: !py.atomic<si32, align 16>, current: !py.atomic<si32, align 16>)>, 1>, si32 -> !simt.atomic_ref<si32>
  // CHECK: simt.atomic_ref %{{.*}}[%{{.*}}] member ["v"] : {{.*}} -> !simt.atomic_ref<complex<f64>>
  %rf = simt.atomic_ref %a[%i] : !py.array<f32, 1>, si32 -> !simt.atomic_ref<f32>
  %ru = simt.atomic_ref %h[%i, %j] : !py.array<ui64, 2>, si32, !py.int -> !simt.atomic_ref<ui64>
  %rm = simt.atomic_ref %m[%i] member ["current"] : !py.array<!mutex, 1>, si32 -> !simt.atomic_ref<si32>
  %rc = simt.atomic_ref %c[%i] member ["v"] : !py.array<!py.struct<"c", (v: !py.atomic<complex<f64>>)>, 1>, si32 -> !simt.atomic_ref<complex<f64>>
  // CHECK: simt.atomic_load %{{.*}} : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_load %{{.*}} memory relaxed scope thread : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_load %{{.*}} memory consume scope block : !simt.atomic_ref<si32>
  // CHECK: simt.atomic_load %{{.*}} memory acquire scope device : !simt.atomic_ref<complex<f64>>
  %l0 = simt.atomic_load %rf : !simt.atomic_ref<f32>
  %l1 = simt.atomic_load %rf memory relaxed scope thread : !simt.atomic_ref<f32>
  %l2 = simt.atomic_load %rm memory consume scope block : !simt.atomic_ref<si32>
  %l3 = simt.atomic_load %rc memory acquire scope device : !simt.atomic_ref<complex<f64>>
  // CHECK: simt.atomic_wait %{{.*}}, %{{.*}} : !simt.atomic_ref<si32>
  // CHECK: simt.atomic_wait %{{.*}}, %{{.*}} memory acquire scope block : !simt.atomic_ref<ui64>
  simt.atomic_wait %rm, %l2 : !simt.atomic_ref<si32>
  simt.atomic_wait %ru, %u memory acquire scope block : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_store %{{.*}}, %{{.*}} : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_store %{{.*}}, %{{.*}} memory release scope device : !simt.atomic_ref<complex<f64>>
  // CHECK: simt.atomic_store %{{.*}}, %{{.*}} memory relaxed : !simt.atomic_ref<si32>
  simt.atomic_store %rf, %l1 : !simt.atomic_ref<f32>
  simt.atomic_store %rc, %z memory release scope device : !simt.atomic_ref<complex<f64>>
  simt.atomic_store %rm, %l2 memory relaxed scope system : !simt.atomic_ref<si32>
  // CHECK: simt.atomic_rmw exch %{{.*}}, %{{.*}} : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_rmw add %{{.*}}, %{{.*}} memory acq_rel scope device : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw sub %{{.*}}, %{{.*}} memory release : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_rmw and %{{.*}}, %{{.*}} scope block : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw or %{{.*}}, %{{.*}} memory relaxed : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw xor %{{.*}}, %{{.*}} : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw max %{{.*}}, %{{.*}} : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_rmw min %{{.*}}, %{{.*}} : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw nanmax %{{.*}}, %{{.*}} memory acquire : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_rmw nanmin %{{.*}}, %{{.*}} scope device : !simt.atomic_ref<f32>
  %x0 = simt.atomic_rmw exch %rf, %f : !simt.atomic_ref<f32>
  %x1 = simt.atomic_rmw add %ru, %u memory acq_rel scope device : !simt.atomic_ref<ui64>
  %x2 = simt.atomic_rmw sub %rf, %x0 memory release : !simt.atomic_ref<f32>
  %x3 = simt.atomic_rmw and %ru, %x1 scope block : !simt.atomic_ref<ui64>
  %x4 = simt.atomic_rmw or %ru, %x3 memory relaxed : !simt.atomic_ref<ui64>
  %x5 = simt.atomic_rmw xor %ru, %x4 : !simt.atomic_ref<ui64>
  %x6 = simt.atomic_rmw max %rf, %x2 : !simt.atomic_ref<f32>
  %x7 = simt.atomic_rmw min %ru, %x5 : !simt.atomic_ref<ui64>
  %x8 = simt.atomic_rmw nanmax %rf, %x6 memory acquire : !simt.atomic_ref<f32>
  %x9 = simt.atomic_rmw nanmin %rf, %x8 scope device : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_rmw inc %{{.*}}, %{{.*}} memory relaxed : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_rmw dec %{{.*}}, %{{.*}} scope block : !simt.atomic_ref<ui64>
  %x10 = simt.atomic_rmw inc %ru, %x7 memory relaxed : !simt.atomic_ref<ui64>
  %x11 = simt.atomic_rmw dec %ru, %x10 scope block : !simt.atomic_ref<ui64>
  // CHECK: simt.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} memory acq_rel scope block : !simt.atomic_ref<f32>
  // CHECK: simt.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} : !simt.atomic_ref<si32>
  %c0 = simt.atomic_cas %rf, %x9, %f memory acq_rel scope block : !simt.atomic_ref<f32>
  %c1 = simt.atomic_cas %rm, %l2, %l2 : !simt.atomic_ref<si32>
  py.return
}

// Spec, "match_any_sync", "match_all_sync", "WarpMask".
// CHECK-LABEL: py.kernel @match
py.kernel @match(%m: ui32, %k: si64, %f: f32, %i: !py.int, %b: !py.bool) {
  // CHECK: simt.match_any_sync %{{.*}}, %{{.*}} : ui32, si64
  // CHECK: %{{.*}}, %{{.*}} = simt.match_all_sync %{{.*}}, %{{.*}} : ui32, f32
  // CHECK: simt.warp_mask.getitem %{{.*}}[%{{.*}}] : ui32, !py.int
  // CHECK: simt.warp_mask.setitem %{{.*}}[%{{.*}}], %{{.*}} : ui32, !py.int, !py.bool
  %peers = simt.match_any_sync %m, %k : ui32, si64
  %eq, %same = simt.match_all_sync %m, %f : ui32, f32
  %bit = simt.warp_mask.getitem %peers[%i] : ui32, !py.int
  %m2 = simt.warp_mask.setitem %eq[%i], %b : ui32, !py.int, !py.bool
  py.return
}

// NumbaPro's math functions.
// CHECK-LABEL: py.kernel @math
py.kernel @math(%x: f32, %y: f64, %p: !py.float, %n: !py.int) {
  // CHECK: simt.math sin %{{.*}} : f32
  // CHECK: simt.math atan2 %{{.*}}, %{{.*}} : f64, f64
  // CHECK: simt.math ldexp %{{.*}}, %{{.*}} : !py.float, !py.int
  // CHECK: simt.math isnan %{{.*}} : f64
  %0 = simt.math sin %x : f32
  %1 = simt.math atan2 %y, %y : f64, f64
  %2 = simt.math ldexp %p, %n : !py.float, !py.int
  %3 = simt.math isnan %y : f64
  py.return
}

// Predicates as regions (the spec's callables).
// CHECK-LABEL: py.kernel @predicate_regions
py.kernel @predicate_regions(%x: f32, %m: ui32) {
  // CHECK: simt.syncthreads_and {
  // CHECK: simt.yield %{{.*}} : i1
  // CHECK: simt.all_sync %{{.*}} {
  // CHECK: } : ui32
  %a = simt.syncthreads_and {
    %zero = py.constant 0.0 : f32
    %p = py.cmp gt, %x, %zero : f32, f32 -> i1
    simt.yield %p : i1
  }
  %b = simt.all_sync %m {
    simt.yield %a : !py.bool
  } : ui32
  py.return
}

// Shuffles of vectors, structs and tuples of at most 8 bytes.
// CHECK-LABEL: py.kernel @aggregate_shuffles
py.kernel @aggregate_shuffles(%m: ui32, %v: !py.vector<2 x f32>, %t: tuple<si16, ui8>, %i: !py.int) {
  // CHECK: simt.shfl_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, !py.vector<2 x f32>, !py.int
  // CHECK: simt.shfl_xor_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, tuple<si16, ui8>, !py.int
  %a = simt.shfl_sync %m, %v, %i : ui32, !py.vector<2 x f32>, !py.int
  %b = simt.shfl_xor_sync %m, %t, %i : ui32, tuple<si16, ui8>, !py.int
  py.return
}

// Formatted output and assertions (CUDA C++ Programming Guide 7.34, 7.31).
// CHECK-LABEL: py.kernel @debugging
py.kernel @debugging(%i: !py.int, %b: !py.bool, %u: ui8, %l: si64, %x: f32, %h: bf16, %ok: i1) {
  // CHECK: simt.print "i=%d b=%d u=%u l=%lld x=%.3f h=%g 100%%\0A" %arg0, %arg1, %arg2, %arg3, %arg4, %arg5 : !py.int, !py.bool, ui8, si64, f32, bf16
  simt.print "i=%d b=%d u=%u l=%lld x=%.3f h=%g 100%%\n" %i, %b, %u, %l, %x, %h : !py.int, !py.bool, ui8, si64, f32, bf16
  // CHECK: simt.print "no values\0A"
  simt.print "no values\n"
  // CHECK: simt.assert %arg1, "b is set" : !py.bool
  simt.assert %b, "b is set" : !py.bool
  // CHECK: simt.assert %arg6, "ok" : i1
  simt.assert %ok, "ok" : i1
  py.return
}
