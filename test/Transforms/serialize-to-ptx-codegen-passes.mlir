// The NVPTX backend's passes the serializer leaves out (docs/Pipeline.md,
// "LLVM to PTX"): straight-line strength reduction. Rows i, i + 1, i + 2
// and i + 3 of a matrix whose row stride is known at run time. With the
// pass, the PTX has one product by the stride, each row after the first
// an addition to the row before (the pass's rewrite); without it, the
// products LLVM's optimizer leaves (row i + 1's becomes i * stride +
// stride).

// RUN: cudapy-compile %s --no-cache -o - | FileCheck %s
// RUN: %if ptxas %{ cudapy-compile %s --no-cache -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// CHECK-LABEL: .entry rows(
// CHECK-COUNT-3: mul.lo.s64
// CHECK-NOT: mul.lo.s64
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @rows(%p: !llvm.ptr<1>, %stride: i64, %i: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %c2 = llvm.mlir.constant(2 : i64) : i64
      %c3 = llvm.mlir.constant(3 : i64) : i64
      %i1 = llvm.add %i, %c1 : i64
      %i2 = llvm.add %i, %c2 : i64
      %i3 = llvm.add %i, %c3 : i64
      %o0 = llvm.mul %i, %stride : i64
      %o1 = llvm.mul %i1, %stride : i64
      %o2 = llvm.mul %i2, %stride : i64
      %o3 = llvm.mul %i3, %stride : i64
      %a0 = llvm.getelementptr %p[%o0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %a1 = llvm.getelementptr %p[%o1] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %a2 = llvm.getelementptr %p[%o2] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %a3 = llvm.getelementptr %p[%o3] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %x0 = llvm.load %a0 : !llvm.ptr<1> -> f32
      %x1 = llvm.load %a1 : !llvm.ptr<1> -> f32
      %x2 = llvm.load %a2 : !llvm.ptr<1> -> f32
      %x3 = llvm.load %a3 : !llvm.ptr<1> -> f32
      %s0 = llvm.fadd %x0, %x1 : f32
      %s1 = llvm.fadd %x2, %x3 : f32
      %s = llvm.fadd %s0, %s1 : f32
      llvm.store %s, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
