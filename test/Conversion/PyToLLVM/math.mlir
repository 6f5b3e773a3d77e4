// simt.math calls libdevice (CUDA C++'s math library): the f32 function for
// f32, !py.float, f16 and bf16 (through f32), the f64 one for f64;
// degrees/radians multiply; the predicates compare libdevice's int with 0.
// RUN: cudapy-opt %s --py-legalize --convert-py-to-llvm | FileCheck %s
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}

gpu.module @m {
  // CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
  // CHECK-DAG: llvm.func @__nv_tgamma(f64) -> f64
  // CHECK-DAG: llvm.func @__nv_atan2f(f32, f32) -> f32
  // CHECK-DAG: llvm.func @__nv_ldexp(f64, i32) -> f64
  // CHECK-DAG: llvm.func @__nv_isnanf(f32) -> i32
  // CHECK-DAG: llvm.func @__nv_isfinited(f64) -> i32
  // CHECK-DAG: llvm.func @__nv_remainder(f64, f64) -> f64
  // CHECK-DAG: llvm.func @__nv_sqrtf(f32) -> f32
  // CHECK-LABEL: llvm.func @k(
  py.kernel @k(%a: !py.array<f32, 1>, %b: !py.array<f64, 1>, %h: !py.array<f16, 1>,
               %e: !py.array<si32, 1>, %p: !py.float) {
    %z = py.constant 0 : !py.int
    %x = py.array.getitem %a[%z] : !py.array<f32, 1>, !py.int
    %y = py.array.getitem %b[%z] : !py.array<f64, 1>, !py.int
    %w = py.array.getitem %h[%z] : !py.array<f16, 1>, !py.int
    %n = py.array.getitem %e[%z] : !py.array<si32, 1>, !py.int
    // CHECK: llvm.call @__nv_sinf(%{{.*}}) : (f32) -> f32
    // CHECK: llvm.call @__nv_tgamma(%{{.*}}) : (f64) -> f64
    // CHECK: llvm.call @__nv_atan2f(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    // CHECK: llvm.call @__nv_ldexp(%{{.*}}, %{{.*}}) : (f64, i32) -> f64
    // CHECK: %[[NAN:.*]] = llvm.call @__nv_isnanf(%{{.*}}) : (f32) -> i32
    // CHECK: arith.cmpi ne, %[[NAN]], %{{.*}} : i32
    // CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : f16 to f32
    // CHECK: %[[S:.*]] = llvm.call @__nv_sqrtf(%[[WIDE]]) : (f32) -> f32
    // CHECK: arith.truncf %[[S]] : f32 to f16
    // CHECK: arith.mulf %{{.*}}, %{{.*}} : f64
    // CHECK: llvm.call @__nv_isfinited
    // CHECK: llvm.call @__nv_remainder
    // CHECK: llvm.call @__nv_sinf(%{{.*}}) : (f32) -> f32
    %0 = simt.math sin %x : f32
    %1 = simt.math gamma %y : f64
    %2 = simt.math atan2 %x, %0 : f32, f32
    %3 = simt.math ldexp %y, %n : f64, si32
    %4 = simt.math isnan %x : f32
    %5 = simt.math sqrt %w : f16
    %6 = simt.math degrees %y : f64
    %7 = simt.math isfinite %6 : f64
    %8 = simt.math remainder %3, %1 : f64, f64
    %9 = simt.math sin %p : !py.float
    %s = py.add %0, %2 : f32, f32 -> f32
    py.array.setitem %s, %a[%z] : f32, !py.array<f32, 1>, !py.int
    %t = py.add %8, %6 : f64, f64 -> f64
    py.array.setitem %t, %b[%z] : f64, !py.array<f64, 1>, !py.int
    py.array.setitem %5, %h[%z] : f16, !py.array<f16, 1>, !py.int
    %bits = py.and %4, %7 : !py.bool, !py.bool -> !py.bool
    py.array.setitem %bits, %e[%z] policy numbapro : !py.bool, !py.array<si32, 1>, !py.int
    %pf = py.cast %9 : !py.float to f32
    py.array.setitem %pf, %a[%z] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
}
