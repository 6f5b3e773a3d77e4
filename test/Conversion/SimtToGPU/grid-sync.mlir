// simt.grid_sync (CUDA C++ programming guide 8.7, "Grid Synchronization"):
// between two block barriers, each block's first thread adds its block to
// the counter in the cooperative launch's workspace (%envreg1:%envreg2,
// second word) and polls until the counter's top bit flips; the functions
// that hold it are marked, and the kernels that reach them (directly or
// through calls) are `cooperative` in the metadata. It needs sm_70.
// RUN: cudapy-opt %s --convert-simt-to-gpu | FileCheck %s --enable-var-scope
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx --metadata %t.json
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=META < %t.json
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}
// RUN: not cudapy-compile %s --chip sm_60 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM60

gpu.module @m {
  // CHECK-LABEL: py.func @barrier() attributes {cudapy.grid_sync}
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
  // CHECK-DAG: %[[TOP:.*]] = arith.constant -2147483648 : i32
  // CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : i64
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK: gpu.barrier
  // CHECK: %[[TX:.*]] = gpu.thread_id x
  // CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %[[ZERO]] : i32
  // CHECK: scf.if %[[FIRST]] {
  // CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, %envreg1;"
  // CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, %envreg2;"
  // CHECK: %[[BASE:.*]] = arith.ori
  // CHECK: %[[COUNTER:.*]] = arith.addi %[[BASE]], %[[FOUR]] : i64
  // CHECK: %[[BLOCKS:.*]] = arith.index_castui %{{.*}} : index to i32
  // CHECK: %[[BLOCK0:.*]] = arith.cmpi eq, %{{.*}}, %[[ZERO]] : i32
  // CHECK: %[[OTHERS:.*]] = arith.subi %[[BLOCKS]], %[[ONE]] : i32
  // CHECK: %[[FIRSTADD:.*]] = arith.subi %[[TOP]], %[[OTHERS]] : i32
  // CHECK: %[[ADD:.*]] = arith.select %[[BLOCK0]], %[[FIRSTADD]], %[[ONE]] : i32
  // CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "atom.add.release.gpu.u32 $0, [$1], $2;", "=r,l,r,~{memory}" %[[COUNTER]], %[[ADD]]
  // CHECK: scf.while
  // CHECK: %[[NOW:.*]] = llvm.inline_asm has_side_effects "ld.acquire.gpu.u32 $0, [$1];", "=r,l,~{memory}" %[[COUNTER]]
  // CHECK: %[[DIFF:.*]] = arith.xori %[[OLD]], %[[NOW]] : i32
  // CHECK: %[[BIT:.*]] = arith.andi %[[DIFF]], %[[TOP]] : i32
  // CHECK: %[[WAIT:.*]] = arith.cmpi eq, %[[BIT]], %[[ZERO]] : i32
  // CHECK: scf.condition(%[[WAIT]])
  // CHECK: gpu.barrier
  // CHECK-NEXT: py.return
  py.func @barrier() {
    simt.grid_sync
    py.return
  }
  // The kernel is not marked: the metadata follows its calls.
  // CHECK: py.kernel @through_a_call(%{{.*}}: !py.array<f32, 1>) attributes {interop} {
  py.kernel @through_a_call(%a: !py.array<f32, 1>) attributes {interop} {
    py.call @barrier() : () -> ()
    py.return
  }
  py.kernel @without(%a: !py.array<f32, 1>) attributes {interop} {
    simt.syncthreads
    py.return
  }
  gpu.func @direct() kernel {
    simt.grid_sync
    gpu.return
  }
}

// PTX: mov.u32 {{%r[0-9]+}}, %envreg1;
// PTX: mov.u32 {{%r[0-9]+}}, %envreg2;
// PTX: atom.add.release.gpu.u32
// PTX: ld.acquire.gpu.u32

// META: "cooperative": true
// META-NEXT: "name": "through_a_call"
// META-NOT: "cooperative"
// META: "name": "without"
// META: "cooperative": true
// META-NEXT: "name": "direct"

// SM60: error: 'simt.grid_sync' requires provides(sm_70), which sm_60 does not satisfy
