// A declared interoperable function (a foreign CUDA C++ or PTX device
// function) takes the extern "C" ABI of its signature without a body: a
// struct by a byval pointer, a bool as a byte, a __half2 result through a
// leading pointer (sret); calls pass their arguments the same way. The PTX
// declares it `.extern .func`, which ptxas accepts in relocatable code.
// (Before, the lowering read the missing body and crashed.)
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -c %t.ptx -o /dev/null %}

// CHECK: .extern .func  (.param .b32 func_retval0) twice
// CHECK-NEXT: (
// CHECK-NEXT: .param .b32 twice_param_0
// CHECK: .extern .func pick
// CHECK-NEXT: (
// CHECK-NEXT: .param .b64 pick_param_0,
// CHECK-NEXT: .param .align 8 .b8 pick_param_1[8],
// CHECK-NEXT: .param .b32 pick_param_2
// CHECK: .entry k(
// CHECK: call.uni (retval0), twice, (param0);
// CHECK: call.uni pick, (param0, param1, param2);
!pair = !py.struct<"pair", (a: f32, b: f32), align 8>
module attributes {gpu.container_module} {
  gpu.module @m {
    py.func private @twice(f32) -> f32 attributes {interop}
    py.func private @pick(!pair, i1) -> !py.vector<2 x f16> attributes {interop}
    py.kernel @k(%a: !py.array<f32, 1>, %p: !pair) attributes {interop} {
      %i = simt.tid 1
      %x = py.array.getitem %a[%i] : !py.array<f32, 1>, !py.int
      %y = py.call @twice(%x) : (f32) -> f32
      %t = py.constant true : i1
      %h = py.call @pick(%p, %t) : (!pair, i1) -> !py.vector<2 x f16>
      py.array.setitem %y, %a[%i] : f32, !py.array<f32, 1>, !py.int
      py.return
    }
  }
}
