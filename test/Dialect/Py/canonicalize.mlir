// Folds follow Python semantics on the explicit form.
// RUN: cudapy-opt %s --canonicalize | FileCheck %s --enable-var-scope

// CHECK-LABEL: py.func @integers
py.func @integers() -> (tuple<si32, si32, si32, si32, si8, si8, ui8, si32, i1, si64>) {
  %m7 = py.constant -7 : si32
  %p7 = py.constant 7 : si32
  %p2 = py.constant 2 : si32
  %m2 = py.constant -2 : si32
  // Floor division and the remainder take the divisor's sign.
  %q = py.floordiv %m7, %p2 : si32, si32 -> si32
  %r = py.mod %m7, %p2 : si32, si32 -> si32
  %r2 = py.mod %p7, %m2 : si32, si32 -> si32
  %q2 = py.floordiv %p7, %m2 : si32, si32 -> si32
  // Shifts by the width or more shift everything out (the sign for >>).
  %one = py.constant 1 : si8
  %min = py.constant -128 : si8
  %nine = py.constant 9 : si8
  %s1 = py.lshift %one, %nine : si8, si8 -> si8
  %s2 = py.rshift %min, %nine : si8, si8 -> si8
  %u = py.constant 200 : ui8
  %one8 = py.constant 1 : ui8
  %s3 = py.rshift %u, %one8 : ui8, ui8 -> ui8
  %pow = py.pow %m2, %p7 : si32, si32 -> si32
  %lt = py.cmp lt, %m7, %p2 : si32, si32 -> i1
  %wide = py.cast %m7 : si32 to si64
  // CHECK-DAG: %[[Q:.*]] = py.constant -4 : si32
  // CHECK-DAG: %[[R:.*]] = py.constant 1 : si32
  // CHECK-DAG: %[[R2:.*]] = py.constant -1 : si32
  // CHECK-DAG: %[[S1:.*]] = py.constant 0 : si8
  // CHECK-DAG: %[[S2:.*]] = py.constant -1 : si8
  // CHECK-DAG: %[[S3:.*]] = py.constant 100 : ui8
  // CHECK-DAG: %[[POW:.*]] = py.constant -128 : si32
  // CHECK-DAG: %[[LT:.*]] = py.constant true : i1
  // CHECK-DAG: %[[W:.*]] = py.constant -7 : si64
  // CHECK: py.tuple.make(%[[Q]], %[[R]], %[[R2]], %[[Q]], %[[S1]], %[[S2]], %[[S3]], %[[POW]], %[[LT]], %[[W]])
  %t = py.tuple.make(%q, %r, %r2, %q2, %s1, %s2, %s3, %pow, %lt, %wide) : si32, si32, si32, si32, si8, si8, ui8, si32, i1, si64
  py.return %t : tuple<si32, si32, si32, si32, si8, si8, ui8, si32, i1, si64>
}

// CHECK-LABEL: py.func @kept
py.func @kept(%x: si32) -> tuple<si32, si32, si32> {
  // Division by zero, INT_MIN // -1 and negative shift counts stay for run
  // time.
  %zero = py.constant 0 : si32
  %min = py.constant -2147483648 : si32
  %m1 = py.constant -1 : si32
  // CHECK: py.floordiv
  // CHECK: py.floordiv
  // CHECK: py.lshift
  %a = py.floordiv %x, %zero : si32, si32 -> si32
  %b = py.floordiv %min, %m1 : si32, si32 -> si32
  %c = py.lshift %x, %m1 : si32, si32 -> si32
  %t = py.tuple.make(%a, %b, %c) : si32, si32, si32
  py.return %t : tuple<si32, si32, si32>
}

// CHECK-LABEL: py.func @floats
py.func @floats() -> tuple<f32, i1, i1, f32, si32, ui8, i1, si32> {
  %a = py.constant 1.5 : f32
  %b = py.constant 2.25 : f32
  %nan = py.constant nan : f32
  %sum = py.add %a, %b : f32, f32 -> f32
  %ne = py.cmp ne, %nan, %nan : f32, f32 -> i1
  %eq = py.cmp eq, %nan, %nan : f32, f32 -> i1
  %neg = py.neg %a : f32 -> f32
  // float to int truncates toward zero and saturates; NaN gives 0.
  %big = py.constant -3.75e9 : f32
  %i = py.cast %big : f32 to si32
  %u = py.cast %neg : f32 to ui8
  %bool = py.cast %nan : f32 to i1
  %n = py.cast %nan : f32 to si32
  // CHECK-DAG: py.constant 3.750000e+00 : f32
  // CHECK-DAG: %[[T:.*]] = py.constant true : i1
  // CHECK-DAG: %[[F:.*]] = py.constant false : i1
  // CHECK-DAG: py.constant -1.500000e+00 : f32
  // CHECK-DAG: py.constant -2147483648 : si32
  // CHECK-DAG: py.constant 0 : ui8
  // CHECK-DAG: py.constant 0 : si32
  // CHECK: py.tuple.make(%{{.*}}, %[[T]], %[[F]], %{{.*}}, %{{.*}}, %{{.*}}, %[[T]], %{{.*}})
  %t = py.tuple.make(%sum, %ne, %eq, %neg, %i, %u, %bool, %n) : f32, i1, i1, f32, si32, ui8, i1, si32
  py.return %t : tuple<f32, i1, i1, f32, si32, ui8, i1, si32>
}

!point = !py.struct<"point", (x: !py.int, y: !py.int)>

// CHECK-LABEL: py.func @aggregates
// CHECK-SAME: (%[[X:.*]]: !py.int, %[[Y:.*]]: !py.int, %[[A:.*]]: !py.array<f32, 3>
py.func @aggregates(%x: !py.int, %y: !py.int, %a: !py.array<f32, 3>, %v: !py.vector<3 x f32>) -> tuple<!py.int, !py.int, !py.int, !py.int, !py.int, !py.array<f32, 3>, !py.array<f32, 3>> {
  %p = py.struct.make(%x, %y) : (!py.int, !py.int) -> !point
  %q = py.struct.setattr %p["x"], %y : !point, !py.int
  %px = py.struct.getattr %q["x"] : !point
  %py = py.struct.getattr %q["y"] : !point
  %t = py.tuple.make(%x, %y) : !py.int, !py.int
  %t0 = py.tuple.getitem %t[-2] : tuple<!py.int, !py.int>
  %nd = py.array.ndim %a : !py.array<f32, 3>
  %len = py.len %v : !py.vector<3 x f32>
  %same = py.array.astype %a : !py.array<f32, 3> to !py.array<f32, 3>
  %view = py.array.view %a : !py.array<f32, 3> to !py.array<f32, 3>
  // CHECK-DAG: %[[THREE:.*]] = py.constant 3 : !py.int
  // CHECK: py.tuple.make(%[[Y]], %[[Y]], %[[X]], %[[THREE]], %[[THREE]], %[[A]], %[[A]])
  %r = py.tuple.make(%px, %py, %t0, %nd, %len, %same, %view) : !py.int, !py.int, !py.int, !py.int, !py.int, !py.array<f32, 3>, !py.array<f32, 3>
  py.return %r : tuple<!py.int, !py.int, !py.int, !py.int, !py.int, !py.array<f32, 3>, !py.array<f32, 3>>
}
