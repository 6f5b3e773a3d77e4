// py-specialize-constexpr clones functions for the constants their
// ConstExpr parameters receive (cuda-device spec, "Constant Expressions").
// RUN: cudapy-opt %s --split-input-file --py-specialize-constexpr --verify-diagnostics | FileCheck %s --enable-var-scope

// CHECK-LABEL: py.func @scale__ce0
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK: %[[K:.*]] = py.constant 2 : !py.int
// CHECK: py.mul %[[X]], %[[K]]
// CHECK-LABEL: py.func @scale__ce1
// CHECK: py.constant 3 : !py.int
// The original, with every caller specialized, is gone.
// CHECK-NOT: py.func @scale(
py.func @scale(%x: f32, %k: !py.int {py.constexpr}) -> f32 {
  %r = py.mul %x, %k : f32, !py.int -> f32
  py.return %r : f32
}

// A ConstExpr parameter passed on as a constant expression: the inner call
// is specialized once the outer one is.
// CHECK-LABEL: py.func @outer__ce0
// CHECK: py.call @scale__ce1(%{{.*}}) : (f32) -> f32
py.func @outer(%x: f32, %k: !py.int {py.constexpr}) -> f32 {
  %r = py.call @scale(%x, %k) : (f32, !py.int) -> f32
  py.return %r : f32
}

// CHECK-LABEL: py.kernel @k
py.kernel @k(%x: f32) {
  %two = py.constant 2 : !py.int
  %three = py.constant 3 : !py.int
  // CHECK: py.call @scale__ce0(%{{.*}}) : (f32) -> f32
  // CHECK: py.call @scale__ce0(%{{.*}}) : (f32) -> f32
  // CHECK: py.call @outer__ce0(%{{.*}}) : (f32) -> f32
  %a = py.call @scale(%x, %two) : (f32, !py.int) -> f32
  %b = py.call @scale(%x, %two) : (f32, !py.int) -> f32
  %c = py.call @outer(%x, %three) : (f32, !py.int) -> f32
  py.return
}

// -----

// A None ConstExpr argument.
// CHECK-LABEL: py.func @maybe__ce0
// CHECK-SAME: (%{{.*}}: f32)
// CHECK: py.none
py.func @maybe(%x: f32, %n: !py.none {py.constexpr}) {
  py.return
}
py.func @caller(%x: f32) {
  %n = py.none
  py.call @maybe(%x, %n) : (f32, !py.none) -> ()
  py.return
}
