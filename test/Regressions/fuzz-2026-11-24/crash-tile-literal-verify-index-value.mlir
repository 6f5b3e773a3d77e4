func.func @f() {
  %l = "tile.literal"() <{value = 7 : index}> : () -> !tile.loose_int
  return
}

// Found by fuzzing (2026-11-24): tile.literal's verifier asked an index attribute for its width (SIGSEGV).
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-tile-literal-verify-index-value.mlir:2:8: error: 'tile.literal' op a loose integer is an i64 or ui64 attribute
