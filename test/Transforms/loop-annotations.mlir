// cudapy-loop-annotations: the llvm.loop_annotation that scf-to-cf leaves
// on a loop's back edge (a discardable attribute, which the translation to
// llvm.cond_br's. Branches without one are left alone.
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-loop-annotations))' | FileCheck %s

#unroll = #llvm.loop_unroll<runtimeDisable = true>
#annotation = #llvm.loop_annotation<unroll = #unroll>

// CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<runtimeDisable = true>
// CHECK-DAG: #[[ANNOTATION:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @loops(
// CHECK: llvm.cond_br %{{.*}}, ^bb2, ^bb3
// CHECK-NOT: loop_annotation
// CHECK: llvm.br ^bb1(%{{.*}} : i32) {loop_annotation = #[[ANNOTATION]]}
// CHECK: llvm.cond_br %{{.*}}, ^bb4(%{{.*}} : i32), ^bb5 {loop_annotation = #[[ANNOTATION]]}
// CHECK-NOT: llvm.loop_annotation
gpu.module @m {
  llvm.func @loops(%n: i32, %p: !llvm.ptr<1>) {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%zero : i32)
  ^bb1(%i: i32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^bb2, ^bb3
  ^bb2:
    llvm.store %i, %p : i32, !llvm.ptr<1>
    %next = llvm.add %i, %one : i32
    llvm.br ^bb1(%next : i32) {llvm.loop_annotation = #annotation}
  ^bb3:
    llvm.br ^bb4(%zero : i32)
  ^bb4(%j: i32):
    llvm.store %j, %p : i32, !llvm.ptr<1>
    %after = llvm.add %j, %one : i32
    %again = llvm.icmp "slt" %after, %n : i32
    llvm.cond_br %again, ^bb4(%after : i32), ^bb5 {llvm.loop_annotation = #annotation}
  ^bb5:
    llvm.return
  }
}
