// cudapy-optimize-for-nvvm: upstream's float16 division rewrite (a
// reciprocal in f32 and one Newton step) on a gpu.module that divides in
// f16; a module without such a division is left as it is, unfolded (the
// upstream pass would have folded the constant addition).
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-optimize-for-nvvm))' | FileCheck %s

// CHECK-LABEL: gpu.module @half
// CHECK: llvm.func @divide(%[[A:.*]]: f16, %[[B:.*]]: f16) -> f16
// CHECK-DAG: %[[X:.*]] = llvm.fpext %[[A]] : f16 to f32
// CHECK-DAG: %[[Y:.*]] = llvm.fpext %[[B]] : f16 to f32
// CHECK: nvvm.rcp.approx.ftz.f %[[Y]] : f32
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK-NOT: llvm.fdiv
// CHECK: llvm.return
gpu.module @half {
  llvm.func @divide(%a: f16, %b: f16) -> f16 {
    %q = llvm.fdiv %a, %b : f16
    llvm.return %q : f16
  }
}

// CHECK-LABEL: gpu.module @single
// CHECK: %[[Q:.*]] = llvm.fdiv %{{.*}}, %{{.*}} : f32
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: llvm.add %[[ONE]], %[[TWO]] : i32
gpu.module @single {
  llvm.func @divide(%a: f32, %b: f32) -> f32 {
    %q = llvm.fdiv %a, %b : f32
    %one = llvm.mlir.constant(1 : i32) : i32
    %two = llvm.mlir.constant(2 : i32) : i32
    %three = llvm.add %one, %two : i32
    llvm.return %q : f32
  }
}
