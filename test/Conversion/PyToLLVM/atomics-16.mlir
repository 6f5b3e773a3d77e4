// 16-byte atomic loads and stores use atom.cas.b128 / atom.exch.b128, which
// PTX has from sm_90 and PTX ISA 8.4 on; otherwise they are an error.
// RUN: cudapy-compile %s --chip sm_90 --ptx-version 8.4 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.ptx -o /dev/null %}
// RUN: not cudapy-compile %s --chip sm_80 -o %t.80.ptx 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not cudapy-compile %s --chip sm_90 -o %t.78.ptx 2>&1 | FileCheck %s --check-prefix=PTX78

!cell = !py.struct<"cell", (v: !py.atomic<complex<f64>>)>
gpu.module @m {
  // CHECK-LABEL: .entry wide(
  // CHECK: atom.acquire.gpu.global.cas.b128
  // CHECK: atom.release.sys.global.exch.b128
  py.kernel @wide(%a: !py.array<!cell, 1>, %out: !py.array<complex<f64>, 1>) {
    %k = py.constant 0 : !py.int
    %r = simt.atomic_ref %a[%k] member ["v"] : !py.array<!cell, 1>, !py.int -> !simt.atomic_ref<complex<f64>>
    // SM80: error: 'simt.atomic_load' op a 16-byte atomic needs sm_90 or newer; the target is sm_80
    // PTX78: error: 'simt.atomic_load' op a 16-byte atomic needs PTX ISA 8.4 or newer; the target has 7.8 (set the ptx-version option)
    %x = simt.atomic_load %r memory acquire scope device : !simt.atomic_ref<complex<f64>>
    simt.atomic_store %r, %x memory release : !simt.atomic_ref<complex<f64>>
    py.array.setitem %x, %out[%k] : complex<f64>, !py.array<complex<f64>, 1>, !py.int
    py.return
  }
}
