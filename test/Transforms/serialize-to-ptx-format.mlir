// RUN: not cudapy-opt %s --cudapy-serialize-to-ptx=format=cubin 2>&1 | FileCheck %s
// CHECK: cudapy-serialize-to-ptx: unknown format 'cubin' (expected 'ptx' or 'llvm')
module {
}
