// A foreign declaration with numba's device function ABI (numba.cuda's
// declare_device): `extern "C" __device__ int f(T *result, params...)`.
// The declaration takes a pointer first and returns the i32 status; a call
// allocates a local for the result, passes its address first, ignores the
// status and loads the result (a bool as a byte); the other parameters pass
// as an interoperable function's (a struct by a byval pointer). A function
// returning nothing gets the address of an unused byte. The PTX declares
// `.extern .func`, which ptxas takes in relocatable code.
// RUN: cudapy-opt %s --convert-py-to-llvm | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -c %t.ptx -o /dev/null %}

// CHECK-DAG: llvm.func @mul(!llvm.ptr, f32, f32) -> i32
// CHECK-DAG: llvm.func @positive(!llvm.ptr, !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.struct<packed (f32, f32)>}) -> i32
// CHECK-DAG: llvm.func @note(!llvm.ptr, i64) -> i32
// CHECK-LABEL: llvm.func @k(
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK: %{{.*}} = llvm.call @mul(%[[SLOT]], %{{.*}}, %{{.*}}) : (!llvm.ptr, f32, f32) -> i32
// CHECK: %[[PRODUCT:.*]] = llvm.load %[[SLOT]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[BYTE:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 1 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.call @positive(%[[BYTE]], %{{.*}}) : (!llvm.ptr, !llvm.ptr {{.*}}) -> i32
// CHECK: %[[LOADED:.*]] = llvm.load %[[BYTE]] {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: arith.trunci %[[LOADED]] : i8 to i1
// CHECK: %[[UNUSED:.*]] = llvm.alloca %{{.*}} x i8
// CHECK: llvm.call @note(%[[UNUSED]], %{{.*}}) : (!llvm.ptr, i64) -> i32

// PTX: .extern .func  (.param .b32 func_retval0) mul
// PTX-NEXT: (
// PTX-NEXT: .param .b64 mul_param_0,
// PTX-NEXT: .param .b32 mul_param_1,
// PTX-NEXT: .param .b32 mul_param_2
// PTX: call.uni (retval0), mul, (param0, param1, param2);
!pair = !py.struct<"pair", (a: f32, b: f32), align 8>
module attributes {gpu.container_module} {
  gpu.module @m {
    py.func private @mul(f32, f32) -> f32 attributes {interop, numba_abi}
    py.func private @positive(!pair) -> i1 attributes {interop, numba_abi}
    py.func private @note(si64) attributes {interop, numba_abi}
    py.kernel @k(%a: !py.array<f32, 1>, %p: !pair) attributes {interop} {
      %i = simt.tid 1
      %x = py.array.getitem %a[%i] : !py.array<f32, 1>, !py.int
      %y = py.call @mul(%x, %x) : (f32, f32) -> f32
      %ok = py.call @positive(%p) : (!pair) -> i1
      %n = py.constant 7 : si64
      py.call @note(%n) : (si64) -> ()
      py.array.setitem %y, %a[%i] : f32, !py.array<f32, 1>, !py.int
      py.return
    }
  }
}
