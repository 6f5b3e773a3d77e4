// WarpMask bits: getitem tests bit i, setitem sets or clears it; under
// bounds-check a lane outside [0, 32) traps with the location.
// RUN: cudapy-opt %s --convert-py-to-llvm | FileCheck %s
// RUN: cudapy-opt %s --convert-py-to-llvm=bounds-check=1 | FileCheck %s --check-prefix=BOUNDS

// BOUNDS: llvm.mlir.global internal constant @__py_str_{{[0-9]+}}("WarpMask index out of range\00")
// CHECK-LABEL: func.func @bits(
func.func @bits(%m: ui32, %i: si32, %b: i1) -> ui32 {
  // CHECK: %[[I:.*]] = arith.extsi %{{.*}} : i32 to i64
  // CHECK: %[[L:.*]] = arith.trunci %[[I]] : i64 to i32
  // CHECK: %[[BIT:.*]] = arith.shli %{{.*}}, %[[L]] : i32
  // CHECK: %[[AND:.*]] = arith.andi %[[M:.*]], %[[BIT]] : i32
  // CHECK: arith.cmpi ne, %[[AND]], %{{.*}} : i32
  // BOUNDS: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
  // BOUNDS: llvm.call @__assertfail
  %in = simt.warp_mask.getitem %m[%i] : ui32, si32
  // CHECK: %[[SET:.*]] = arith.ori %{{.*}}, %{{.*}} : i32
  // CHECK: %[[NOT:.*]] = arith.xori %{{.*}}, %{{.*}} : i32
  // CHECK: %[[CLR:.*]] = arith.andi %{{.*}}, %[[NOT]] : i32
  // CHECK: arith.select %{{.*}}, %[[SET]], %[[CLR]] : i32
  %m2 = simt.warp_mask.setitem %m[%i], %in : ui32, si32, !py.bool
  return %m2 : ui32
}
