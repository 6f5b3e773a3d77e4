// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s --check-prefix=WHOLE
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90 emit=mlir" | FileCheck %s --check-prefix=WHOLE-LLVM
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// `whole`: the tile goes through shared memory and the first thread prints
// the line once: the text, then a loop over the 2 x 4 elements printing
// "[" where a list opens, the element, "]" where one closes, and ", "
// between elements.
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("t = \00")
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("[\00")
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("%.1f\00")
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("]\00")
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}(", \00")
// WHOLE-LLVM-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}(" of %d\0A\00")
// WHOLE-LABEL: gpu.func @whole(
// WHOLE: gpu.barrier
// WHOLE: scf.if
// WHOLE: gpu.printf "t = "
// WHOLE: scf.for %{{.*}} = %{{.*}} to %c8_i32 step
// WHOLE: gpu.printf "["
// WHOLE: gpu.printf "%.1f"
// WHOLE: gpu.printf "]"
// WHOLE: gpu.printf ", "
// WHOLE: gpu.printf " of %d\0A"
// WHOLE-LLVM-LABEL: llvm.func @whole(
// WHOLE-LLVM: llvm.call @vprintf
gpu.module @m {
  gpu.func @whole(%a: !tile.array<?x?xf32, strides [?, 1]>, %n: !tile.tile<si32>) kernel attributes {tile.num_warps = 1} {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<2x4, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<2x4, !tile.array<?x?xf32, strides [?, 1]>>
    tile.print "t = %.1f of %d\n" whole %x, %n : !tile.tile<2x4xf32>, !tile.tile<si32>
    gpu.return
  }
}
