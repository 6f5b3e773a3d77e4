// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-nvvm-flush-denormals))' | FileCheck %s
// Running it twice leaves one flag.
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-nvvm-flush-denormals,cudapy-nvvm-flush-denormals))' | FileCheck %s

module attributes {gpu.container_module} {
  // CHECK-LABEL: gpu.module @m
  gpu.module @m {
    // An existing flag is kept beside the new one.
    // CHECK: llvm.module_flags [#llvm.mlir.module_flag<error, "keep", 7 : i32>, #llvm.mlir.module_flag<override, "nvvm-reflect-ftz", 1 : i32>]
    // CHECK-NOT: llvm.module_flags
    llvm.module_flags [#llvm.mlir.module_flag<error, "keep", 7 : i32>]
    // CHECK: llvm.func @k(%{{.*}}: f32)
    // CHECK-SAME: denormal_fp_math_f32 = "preserve-sign"
    llvm.func @k(%a: f32) attributes {nvvm.kernel} {
      llvm.return
    }
    // CHECK: llvm.func @helper() attributes {denormal_fp_math_f32 = "preserve-sign"}
    llvm.func @helper() {
      llvm.return
    }
  }
}

// f32 arithmetic is emitted in its .ftz form.
// RUN: cudapy-compile %S/Inputs/add.mlir --ftz -o %t.ftz.ptx
// RUN: FileCheck %s --check-prefix=FTZ < %t.ftz.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.ftz.ptx -o %t.ftz.cubin %}
// RUN: cudapy-compile %S/Inputs/add.mlir | FileCheck %s --check-prefix=NOFTZ
// FTZ: add.{{(rn.)?}}ftz.f32
// NOFTZ-NOT: .ftz
