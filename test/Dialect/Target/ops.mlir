// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s

// CHECK-LABEL: func.func @ops
func.func @ops(%x: i32) -> i32 {
  // CHECK: %[[Q:.*]] = target.query <"provides(sm_80)">
  %q = target.query <"provides(sm_80)">
  // CHECK: target.if <"is_device"> {
  // CHECK-NEXT: }
  target.if <"is_device"> {
  }
  // CHECK: %[[V:.*]] = target.if <"is_exactly(sm_90a)"> -> (i32) {
  // CHECK-NEXT: target.yield %{{.*}} : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[C:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: target.yield %[[C]] : i32
  // CHECK-NEXT: }
  %v = target.if <"is_exactly(sm_90a)"> -> (i32) {
    target.yield %x : i32
  } else {
    %c = arith.constant 0 : i32
    target.yield %c : i32
  }
  return %v : i32
}

// The execution space of a function is a condition attribute.
// CHECK-LABEL: func.func @heterogeneous
// CHECK-SAME: target.execution_space = #target.cond<"any_target">
func.func @heterogeneous() attributes {target.execution_space = #target.cond<"is_host | is_device">} {
  return
}
