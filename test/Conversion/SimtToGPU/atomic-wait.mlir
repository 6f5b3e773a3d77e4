// simt.atomic_wait (AtomicInterface.wait, C++20 atomic_ref::wait): atomic
// loads of the given order and scope until the value differs from `old`,
// comparing both as indices, with nanosleep between reads (32 ns, doubling
// to 1024 ns). It needs sm_70.
// RUN: cudapy-opt %s --convert-simt-to-gpu | FileCheck %s --enable-var-scope
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}
// RUN: not cudapy-compile %s --chip sm_60 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM60

gpu.module @m {
  // CHECK-LABEL: py.kernel @wait_for_turn
  py.kernel @wait_for_turn(%a: !py.array<si32, 1>, %turn: si32) attributes {interop} {
    %i = simt.tid 1
    %r = simt.atomic_ref %a[%i] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    // CHECK-DAG: %[[FIRST:.*]] = arith.constant 32 : i32
    // CHECK-DAG: %[[REF:.*]] = simt.atomic_ref
    // CHECK: %[[OLD:.*]] = py.cast %{{.*}} : si32 to index
    // CHECK: scf.while (%[[T:.*]] = %[[FIRST]]) : (i32) -> i32 {
    // CHECK: %[[NOW:.*]] = simt.atomic_load %[[REF]] memory acquire scope device : !simt.atomic_ref<si32>
    // CHECK: %[[NOWI:.*]] = py.cast %[[NOW]] : si32 to index
    // CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[NOWI]], %[[OLD]] : index
    // CHECK: scf.condition(%[[SAME]]) %[[T]] : i32
    // CHECK: } do {
    // CHECK: ^bb0(%[[S:.*]]: i32):
    // CHECK: llvm.inline_asm has_side_effects "nanosleep.u32 $0;", "r" %[[S]] : (i32) -> ()
    // CHECK: %[[TWICE:.*]] = arith.shli %[[S]], %{{.*}} : i32
    // CHECK: %[[NEXT:.*]] = arith.minui %[[TWICE]], %{{.*}} : i32
    // CHECK: scf.yield %[[NEXT]] : i32
    simt.atomic_wait %r, %turn memory acquire scope device : !simt.atomic_ref<si32>
    py.return
  }
}

// PTX: ld.acquire.gpu.global.b32
// PTX: nanosleep.u32

// SM60: error: 'simt.atomic_wait' requires provides(sm_70), which sm_60 does not satisfy
