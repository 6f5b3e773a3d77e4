// py-legalize makes every implicit conversion an explicit py.cast.
// RUN: cudapy-opt %s --py-legalize --split-input-file --verify-diagnostics | FileCheck %s --enable-var-scope

// CHECK-LABEL: py.func @binary
// CHECK-SAME: (%[[A:.*]]: si8, %[[B:.*]]: !py.int, %[[F:.*]]: f32, %[[C:.*]]: complex<f64>)
py.func @binary(%a: si8, %b: !py.int, %f: f32, %c: complex<f64>) {
  // The Python int adopts int8.
  // CHECK: %[[B8:.*]] = py.cast %[[B]] : !py.int to si8
  // CHECK: py.add %[[A]], %[[B8]] : si8, si8 -> si8
  %0 = py.add %a, %b : si8, !py.int -> si8
  // Array API: int8 / int8 computes in float64.
  // CHECK: %[[A1:.*]] = py.cast %[[A]] : si8 to f64
  // CHECK: %[[A2:.*]] = py.cast %[[A]] : si8 to f64
  // CHECK: py.truediv %[[A1]], %[[A2]] : f64, f64 -> f64
  %1 = py.truediv %a, %a : si8, si8 -> f64
  // float32 with complex128: complex128.
  // CHECK: %[[FC:.*]] = py.cast %[[F]] : f32 to complex<f64>
  // CHECK: py.mul %[[C]], %[[FC]] : complex<f64>, complex<f64> -> complex<f64>
  %2 = py.mul %c, %f : complex<f64>, f32 -> complex<f64>
  // NumbaPro: // of int8 computes in int8, the result widens to int32.
  // CHECK: py.floordiv %[[A]], %[[A]] policy numbapro : si8, si8 -> si32
  %3 = py.floordiv %a, %a policy numbapro : si8, si8 -> si32
  // NumbaPro: int8 with float32 is float32 (NumPy's lattice).
  // CHECK: %[[AF:.*]] = py.cast %[[A]] : si8 to f32
  // CHECK: py.cmp lt, %[[AF]], %[[F]] policy numbapro : f32, f32 -> i1
  %4 = py.cmp lt, %a, %f policy numbapro : si8, f32 -> i1
  // Python bools compute as ints.
  // CHECK: %[[T:.*]] = py.constant true : !py.bool
  // CHECK: %[[TI:.*]] = py.cast %[[T]] : !py.bool to !py.int
  // CHECK: %[[TI2:.*]] = py.cast %[[T]] : !py.bool to !py.int
  // CHECK: py.add %[[TI]], %[[TI2]] : !py.int, !py.int -> !py.int
  // CHECK: %[[TN:.*]] = py.cast %[[T]] : !py.bool to !py.int
  // CHECK: py.neg %[[TN]] : !py.int -> !py.int
  %t = py.constant true : !py.bool
  %5 = py.add %t, %t : !py.bool, !py.bool -> !py.int
  %6 = py.neg %t : !py.bool -> !py.int
  py.return
}

// CHECK-LABEL: py.func @stores
py.func @stores(%a: !py.array<f64, 1>, %i: si32, %x: f32, %v: !py.vector<2 x si16>, %n: !py.int) {
  // CHECK: %[[X:.*]] = py.cast %{{.*}} : f32 to f64
  // CHECK: py.array.setitem %[[X]], %{{.*}}[%{{.*}}] : f64, !py.array<f64, 1>, si32
  py.array.setitem %x, %a[%i] : f32, !py.array<f64, 1>, si32
  // CHECK: %[[N:.*]] = py.cast %{{.*}} : !py.int to si16
  // CHECK: py.vector.setitem %{{.*}}[%{{.*}}], %[[N]] : !py.vector<2 x si16>, !py.int, si16
  %w = py.vector.setitem %v[%n], %n : !py.vector<2 x si16>, !py.int, !py.int
  // CHECK: %[[E0:.*]] = py.cast %{{.*}} : !py.int to f32
  // CHECK: py.vector.make(%[[E0]], %{{.*}}) : (f32, f32) -> !py.vector<2 x f32>
  %u = py.vector.make(%n, %x) : (!py.int, f32) -> !py.vector<2 x f32>
  py.return
}

// -----

// Array API: a Python int must be within the bounds of the dtype it adopts.
py.func @literal_out_of_range(%a: si8) {
  %big = py.constant 300 : !py.int
  // expected-error @below {{Python int 300 is out of the range of int8, the type it takes here}}
  %0 = py.add %a, %big : si8, !py.int -> si8
  py.return
}
