// One module compiled for two chips in one call: each chip's copy is
// specialized for it, and the objects come back in one gpu.binary. The
// sm_90 copy reads the cluster id (an sm_90 special register) and stores 90;
// the sm_80 copy stores 80 and never mentions clusters.
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80,sm_90" | FileCheck %s
// RUN: %if ptxas %{ cudapy-opt %s --cudapy-to-ptx="chip=sm_80,sm_90" | %python %cudapy_src/test/Utils/extract_ptx.py --ptxas %ptxas --out-dir %t.objects | FileCheck %s --check-prefix=PTXAS %}
// RUN: cudapy-compile %s --chip sm_80,sm_90 -o %t.ptx --metadata %t.json 2>&1 | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm_80.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm_90.ptx
// RUN: FileCheck %s --check-prefix=META < %t.json
// RUN: not cudapy-compile %s --chip sm_80,sm_90 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not cudapy-compile %s --chip sm_80,sm_80 2>&1 | FileCheck %s --check-prefix=TWICE

module attributes {gpu.container_module} {
  gpu.module @which {
    gpu.func @which_arch(%out: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v, %cluster = target.if <"provides(sm_90)"> -> (i32, i32) {
        %c90 = arith.constant 90 : i32
        %id = nvvm.read.ptx.sreg.clusterid.x : i32
        target.yield %c90, %id : i32, i32
      } else {
        %fallback = target.if <"provides(sm_80)"> -> (i32) {
          %c80 = arith.constant 80 : i32
          target.yield %c80 : i32
        } else {
          %c0_i32 = arith.constant 0 : i32
          target.yield %c0_i32 : i32
        }
        %none = arith.constant -1 : i32
        target.yield %fallback, %none : i32, i32
      }
      memref.store %v, %out[%c0] : memref<2xi32>
      memref.store %cluster, %out[%c1] : memref<2xi32>
      gpu.return
    }
  }
}

// CHECK: gpu.binary @which [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70", verifyTarget = false>
// CHECK-SAME: .target sm_80
// CHECK-NOT: clusterid
// CHECK-SAME: #gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78", verifyTarget = false>
// CHECK-SAME: .target sm_90
// CHECK-SAME: %clusterid.x
// CHECK-NOT: gpu.module

// PTXAS: ptxas accepted object 1 (sm_80)
// PTXAS: ptxas accepted object 2 (sm_90)

// FILES: cudapy-compile: wrote {{.*}}.sm_80.ptx
// FILES: cudapy-compile: wrote {{.*}}.sm_90.ptx

// SM80: .target sm_80
// SM80-NOT: clusterid
// SM80: st.global.{{[bu]}}32 [%rd{{[0-9]+}}], 80;
// SM80: st.global.{{[bu]}}32 [%rd{{[0-9]+}}+4], -1;

// SM90: .target sm_90
// SM90: mov.u32 %r{{[0-9]+}}, %clusterid.x;
// SM90: st.global.{{[bu]}}32 [%rd{{[0-9]+}}], 90;

// META: "targets": [{
// META: "module": "which",
// META-NEXT: "chip": "sm_80",
// META: "module": "which",
// META-NEXT: "chip": "sm_90",
// META: "kernels": [{
// META-DAG: "chip": "sm_80",
// META-DAG: "name": "which_arch",
// META: "chip": "sm_90",

// NOFILE: cudapy-compile: the input compiles to 2 outputs (chips); give -o FILE.ptx and they are written to FILE.<chip>.ptx, or choose a gpu.module with --module NAME
// TWICE: error: invalid compile options: chip 'sm_80' is named twice
