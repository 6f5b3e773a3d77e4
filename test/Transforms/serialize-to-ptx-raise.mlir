// With raise-ptx-version (what the pipeline sets where no PTX ISA version
// was asked for), a module that needs a newer PTX ISA than its target's is
// made for the version it needs, which its object's target names: 4608
// bytes of kernel parameters need 8.1. Without it, the same module is
// refused (serialize-to-ptx-invalid.mlir); over 32764 bytes no version
// helps, nor on chips before sm_70, whose space 8.1 does not enlarge.
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --cudapy-serialize-to-ptx=raise-ptx-version=true | FileCheck %s
// RUN: %if ptxas %{ cudapy-opt %s --split-input-file --verify-diagnostics --cudapy-serialize-to-ptx=raise-ptx-version=true | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t.ptx | FileCheck %s --check-prefix=PTXAS %}
// PTXAS: ptxas accepted object 1 (sm_90)
// PTXAS: ptxas accepted object 2 (sm_90)

// CHECK: gpu.binary @params [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx81">, properties = {{.*}}assembly = "{{.*}}.version 8.1
module attributes {gpu.container_module} {
  gpu.module @params [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
    llvm.func @k(%a: vector<512xf32>, %b: vector<512xf32>, %c: vector<128xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A module within its target's version keeps it.
// CHECK: gpu.binary @small [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">, properties = {{.*}}assembly = "{{.*}}.version 7.8
module attributes {gpu.container_module} {
  gpu.module @small [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
    llvm.func @k(%a: vector<512xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @too_many [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
    // expected-error @below {{kernel 'k' takes 40960 bytes of parameters; PTX ISA 8.1 and later allow 32764, the most any version does}}
    llvm.func @k(%a: vector<2048xf32>, %b: vector<2048xf32>, %c: vector<2048xf32>, %d: vector<2048xf32>, %e: vector<2048xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @sm60 [#nvvm.target<chip = "sm_60", features = "+ptx78">] {
    // expected-error @below {{kernel 'k' takes 4608 bytes of parameters; PTX ISA 7.8 allows 4352}}
    llvm.func @k(%a: vector<512xf32>, %b: vector<512xf32>, %c: vector<128xf32>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
