module attributes {x.a = array<index: 1>} {}

// Found by fuzzing (2026-11-24): upstream's dense-array parser crashed on index elements.
// Now an error at the input's line from cudapy-compile (through the C
// API), and no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: crash-parser-dense-array-index-elt.mlir:1:26: error: a dense array cannot hold 'index' elements; use i64 (array<i64: ...>)
