// py.complex.real / py.complex.imag read a part of the machine complex
// (cuda::std::complex<T>: two Ts, real first) with complex.re/im, which the
// pipeline's complex-to-llvm lowers: a !py.complex launch parameter's first
// word, a complex<f64>'s second.
// RUN: cudapy-opt %s --convert-py-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

// LLVM-LABEL: llvm.func @k(
// LLVM: complex.re %{{.*}} : complex<f32>
// LLVM: complex.im %{{.*}} : complex<f64>

// CHECK-LABEL: .entry k(
// CHECK-DAG: ld.param.b32 {{%r[0-9]+}}, [k_param_0];
// CHECK-DAG: ld.param.b64 {{%rd[0-9]+}}, [k_param_1+8];
gpu.module @m {
  py.kernel @k(%z: !py.complex, %w: complex<f64>, %out: !py.array<f64, 1>) {
    %a = py.complex.real %z : !py.complex -> !py.float
    %b = py.complex.imag %w : complex<f64> -> f64
    %i = simt.tid 1
    %c = py.cast %a : !py.float to f64
    %s = py.add %c, %b : f64, f64 -> f64
    py.array.setitem %s, %out[%i] : f64, !py.array<f64, 1>, !py.int
    py.return
  }
}
