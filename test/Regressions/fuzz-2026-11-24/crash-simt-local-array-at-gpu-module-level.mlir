// signal -11

// Guarded, the same op is fine: its region is gone before the check.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%v: i32, %mask: i32) kernel {
      target.if <"provides(sm_80)"> {
        %r = nvvm.redux.sync add %v, %mask : i32 -> i32
      }
      gpu.return
    }
    %scratch = simt.local_array [2, 3] order F : !py.array<si32, 2>
  }
}

// Found by fuzzing (2026-11-24): simt.local_array outside any function crashed convert-py-to-llvm.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-simt-local-array-at-gpu-module-level.mlir:12:16: error: 'simt.local_array' cannot be placed directly in a gpu.module: only functions and globals can
