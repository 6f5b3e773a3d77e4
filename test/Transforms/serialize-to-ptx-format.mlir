// RUN: not cudapy-opt %s --cudapy-serialize-to-ptx=format=sass 2>&1 | FileCheck %s
// CHECK: cudapy-serialize-to-ptx: unknown format 'sass' (expected 'ptx', 'cubin', 'cubin-or-ptx' or 'llvm')
module {
}
