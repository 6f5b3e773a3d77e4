// format=cubin: the PTX assembled by the toolkit's ptxas (whole program;
// nvJitLink in process where ptxas cannot run) into a binary object, the
// ELF image of a cubin, the properties saying so; format=cubin-or-ptx
// keeps the PTX of a module that calls a function it does not define, and
// format=cubin refuses it.
// REQUIRES: nvjitlink
// RUN: cudapy-opt %s --split-input-file --cudapy-serialize-to-ptx=format=cubin-or-ptx | FileCheck %s
// RUN: not cudapy-opt %s --split-input-file --cudapy-serialize-to-ptx=format=cubin 2>&1 | FileCheck %s --check-prefix=STRICT

// CHECK-LABEL: gpu.binary @m
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_80">
// CHECK-SAME: assemble_ms = {{[0-9.e+-]+}} : f64
// CHECK-SAME: assembler = "{{ptxas \(whole program\)|nvJitLink [0-9]+\.[0-9]+}}"
// CHECK-SAME: format = "cubin"
// CHECK-SAME: bin = "\7FELF
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_80">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %one = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %one, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.binary @calls
// CHECK-SAME: format = "ptx"
// CHECK-SAME: assembly = "
// CHECK-SAME: .extern .func foreign
// STRICT: error: cannot make a cubin: the module calls 'foreign', which it does not define (emit PTX and link it when loading)
module attributes {gpu.container_module} {
  gpu.module @calls [#nvvm.target<chip = "sm_80">] {
    llvm.func @foreign()
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.call @foreign() : () -> ()
      llvm.return
    }
  }
}
