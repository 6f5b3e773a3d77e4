// RUN: cudapy-opt %s --cudapy-fast-math | FileCheck %s
// RUN: cudapy-opt %s --cudapy-fast-math --cudapy-fast-math | FileCheck %s

// CHECK-LABEL: func.func @relax
func.func @relax(%a: f32, %b: f32, %i: i32) -> (f32, i32) {
  // CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<fast> : f32
  %q = arith.divf %a, %b : f32
  // CHECK: math.sqrt %{{.*}} fastmath<fast> : f32
  %r = math.sqrt %q : f32
  // CHECK: math.exp %{{.*}} fastmath<fast> : f32
  %e = math.exp %r : f32
  // Integer ops have no fast-math flags and stay as they are.
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
  %j = arith.addi %i, %i : i32
  return %e, %j : f32, i32
}

// Through the pipeline: libdevice's fast variant, and approximate division.
// RUN: cudapy-opt %S/Inputs/divide-exp.mlir --cudapy-to-ptx="emit=mlir fast-math" | FileCheck %s --check-prefix=LOWERED
// RUN: cudapy-compile %S/Inputs/divide-exp.mlir --fast-math -o %t.fast.ptx
// RUN: FileCheck %s --check-prefix=FASTPTX < %t.fast.ptx
// RUN: cudapy-compile %S/Inputs/divide-exp.mlir -o %t.precise.ptx
// RUN: FileCheck %s --check-prefix=PRECISEPTX < %t.precise.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.fast.ptx -o %t.fast.cubin %}
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.precise.ptx -o %t.precise.cubin %}
// LOWERED: llvm.module_flags [#llvm.mlir.module_flag<override, "nvvm-reflect-ftz", 1 : i32>]
// LOWERED: llvm.func @__nv_fast_expf(f32) -> f32
// LOWERED: llvm.fdiv %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f32
// LOWERED: llvm.call @__nv_fast_expf

// FASTPTX: div.{{(approx|full)}}.ftz.f32
// FASTPTX: ex2.approx.ftz.f32
// PRECISEPTX-NOT: div.approx
// PRECISEPTX: div.rn.f32
