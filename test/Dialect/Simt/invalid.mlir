// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// Spec, "Thread Positioning": tid(ndims) takes 1, 2 or 3.
py.kernel @k() {
  // expected-error @below {{tid(ndims) takes 1, 2 or 3, not 4 (spec, "Thread Positioning")}}
  // expected-error @below {{failed to infer returned types}}
  %t = "simt.tid"() <{ndims = 4 : i32}> : () -> tuple<!py.int, !py.int, !py.int, !py.int>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{grid_size(ndims) takes 1, 2 or 3, not 0}}
  // expected-error @below {{failed to infer returned types}}
  %t = "simt.grid_size"() <{ndims = 0 : i32}> : () -> !py.int
  py.return
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{operand #0 must be a bool (i1 or !py.bool)}}
  %n = simt.syncthreads_count %x : f32
  py.return
}

// -----

py.kernel @k() {
  // Spec, "Memory Orderings": an unknown memory order is an error.
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'memory' [relaxed, consume, acquire, release, acq_rel, seq_cst]}}
  simt.threadfence memory strong
  py.return
}

// -----

// Spec, "Local, Shared, and Const Memory": a static shape per dimension.
py.kernel @k() {
  // expected-error @below {{a 2-d array needs 2 extents, not 1}}
  %a = simt.shared_array [16] : !py.array<f32, 2>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{extents must be positive, not 0}}
  %a = simt.local_array [0] : !py.array<f32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{alignment must be a power of two, not 12}}
  %a = simt.shared_array [4] align 12 : !py.array<f32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{the dynamic shared array is a 1-d uint8 array (view it as another dtype), not '!py.array<f32, 1>'}}
  %a = simt.dynamic_shared_array : !py.array<f32, 1>
  py.return
}

// -----

// Spec, "Thread Warp Synchronization": a WarpMask (ui32) mask.
py.kernel @k(%m: si32, %p: !py.bool) {
  // expected-error @below {{operand #0 must be a WarpMask (ui32, bit i is lane i)}}
  %r = simt.all_sync %m, %p : si32, !py.bool
  py.return
}

// -----

// Spec, "shfl_sync": values of at most 8 bytes.
py.kernel @k(%m: ui32, %x: complex<f64>, %i: !py.int) {
  // expected-error @below {{shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")}}
  %r = simt.shfl_sync %m, %x, %i : ui32, complex<f64>, !py.int
  py.return
}

// -----

// Spec, "Numeric Intrinsics": popc, brev, clz, ffs take integers.
py.kernel @k(%x: f32) {
  // expected-error @below {{operand #0 must be an integer (int or a fixed-format integer)}}
  %r = simt.popc %x : f32
  py.return
}

// -----

py.kernel @k(%x: si32) {
  // expected-error @below {{operand #0 must be a real float (float, f16, bf16, f32 or f64)}}
  %r = simt.cbrt %x : si32
  py.return
}
