// simt.const_array: the value becomes an internal constant global in the
// .const state space (LLVM address space 4), initialized with its elements
// in row-major order (signed and unsigned integers as their bits: ui8 255 is
// i8 -1); the array
// reads it through a generic pointer, which address-space inference turns
// into ld.const. Its static shape and strides fold into the accesses.
// RUN: cudapy-opt %s --py-legalize --convert-py-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

// LLVM-DAG: llvm.mlir.global internal constant @__py_const_0(dense<[1.000000e+00, 5.000000e-01, 2.500000e-01, 2.000000e+00]> : tensor<4xf32>) {addr_space = 4 : i32, alignment = 4 : i64} : !llvm.array<4 x f32>
// LLVM-DAG: llvm.mlir.global internal constant @__py_const_1(dense<[1, -2, 3, 4, 5, 6]> : tensor<6xi16>) {addr_space = 4 : i32, alignment = 16 : i64} : !llvm.array<6 x i16>
// LLVM-DAG: llvm.mlir.global internal constant @__py_const_2(dense<[0, -1]> : tensor<2xi8>) {addr_space = 4 : i32, alignment = 1 : i64} : !llvm.array<2 x i8>
// LLVM: llvm.func @k(
// LLVM: llvm.mlir.addressof @__py_const_0 : !llvm.ptr<4>
// LLVM: llvm.addrspacecast %{{.*}} : !llvm.ptr<4> to !llvm.ptr

// CHECK-DAG: .const .align 4 .b8 __py_const_0[16] = {0, 0, 128, 63, 0, 0, 0, 63, 0, 0, 128, 62, 0, 0, 0, 64};
// CHECK-DAG: .const .align 16 .b8 __py_const_1[12] = {1, 0, 254, 255, 3, 0, 4, 0, 5, 0, 6};
// CHECK-DAG: .const .align 1 .b8 __py_const_2[2] = {0, 255};
// CHECK: .entry k(
// CHECK: ld.const.b32
// CHECK: ld.const.b16
// CHECK: ld.const.b8
gpu.module @m {
  py.kernel @k(%out: !py.array<f32, 1>) {
    %t = simt.const_array dense<[1.0, 0.5, 0.25, 2.0]> : tensor<4xf32> : !py.array<f32, 1>
    %u = simt.const_array dense<[[1, -2, 3], [4, 5, 6]]> : tensor<2x3xsi16> align 16 : !py.array<si16, 2>
    %v = simt.const_array dense<[0, 255]> : tensor<2xui8> : !py.array<ui8, 1>
    %i = simt.tid 1
    %c1 = py.constant 1 : !py.int
    %x = py.array.getitem %t[%i] : !py.array<f32, 1>, !py.int
    %y = py.array.getitem %u[%c1, %i] : !py.array<si16, 2>, !py.int, !py.int
    %z = py.array.getitem %v[%i] : !py.array<ui8, 1>, !py.int
    %s = py.add %x, %y policy numbapro : f32, si16 -> f32
    %r = py.add %s, %z policy numbapro : f32, ui8 -> f32
    py.array.setitem %r, %out[%i] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
}
