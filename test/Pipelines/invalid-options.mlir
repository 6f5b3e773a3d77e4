// Invalid pipeline options are reported, not crashed on.

// RUN: not cudapy-opt %s --cudapy-to-ptx=chip=sm_91 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: cudapy-to-ptx: unknown chip 'sm_91'

// RUN: not cudapy-opt %s --cudapy-to-ptx="chip=sm_90 ptx-version=6.0" 2>&1 | FileCheck %s --check-prefix=OLDPTX
// OLDPTX: cudapy-to-ptx: PTX ISA 6.0 does not support sm_90; it needs PTX ISA 7.8 or newer

// RUN: not cudapy-opt %s --cudapy-to-ptx="opt-level=4" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: cudapy-to-ptx: opt-level must be 0, 1, 2 or 3, not 4

// RUN: not cudapy-opt %s --cudapy-to-ptx="emit=sass" 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: cudapy-to-ptx: emit must be 'ptx', 'cubin', 'cubin-or-ptx', 'llvm' or 'mlir', not 'sass'

module {
}
