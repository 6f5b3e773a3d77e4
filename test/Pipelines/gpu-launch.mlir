// A kernel written inline as a gpu.launch body is outlined into a gpu.module
// and compiled; the host function stays as it is.
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx --metadata %t.json
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=META < %t.json
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.ptx -o %t.cubin %}

func.func @double_first(%a: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%o = %c1, %p = %c1, %q = %c1) {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%c0] : memref<?xf32>
    gpu.terminator
  }
  return
}

// CHECK: .visible .entry double_first_kernel(
// CHECK: add.rn.f32
// META: "name": "double_first_kernel",
// META: "module": "double_first_kernel",
