// tile.print is vprintf per element its owning thread holds, after the
// block's and the element's indices (rank 0: once, from thread 0);
// tile.assert is __assertfail with the op's file and line per element;
// the grid dependency ops are griddepcontrol; tile.atan2 is libdevice's
// atan2f. ptxas accepts the PTX.
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_90 emit=mlir" | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: .entry debug(
// CHECK: griddepcontrol.wait;
// CHECK: vprintf
// CHECK: griddepcontrol.launch_dependents;
// CHECK: __assertfail

// The formats: the prefix, then the op's. The tile's two elements print
// from the threads that own them (one each: the layout gives each lane one
// element, lanes 2 to 31 hold copies), the scalar once; the assertion
// names the op's file and checks the thread's element.
// LLVM-DAG: llvm.mlir.global internal constant @printfFormat_0("bid (%u, %u, %u) idx (%d): x = %f\0A\00")
// LLVM-DAG: llvm.mlir.global internal constant @printfFormat_1("n = %lld\0A\00")
// LLVM-DAG: llvm.mlir.global internal constant @assert_message_0("boom\00")
// LLVM-DAG: llvm.mlir.global internal constant @assert_file_0("{{.*}}debug.mlir\00")
// LLVM-LABEL: llvm.func @debug(
// LLVM-COUNT-2: llvm.call @vprintf
// LLVM-NOT: llvm.call @vprintf
// LLVM: llvm.call @__assertfail
// LLVM-NOT: llvm.call @__assertfail
gpu.module @m {
  gpu.func @debug(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>, %n: !tile.tile<si64>) kernel attributes {tile.num_warps = 1} {
    tile.grid_dependency_wait
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<2, !tile.array<?xf32, strides [1]>>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<2, !tile.array<?xf32, strides [1]>>
    %x = tile.load %v[%i] : !tile.view<2, !tile.array<?xf32, strides [1]>>
    tile.print "x = %f\n" %x : !tile.tile<2xf32>
    tile.print "n = %lld\n" %n : !tile.tile<si64>
    %z = tile.constant dense<0.0> : !tile.tile<2xf32>
    %ok = tile.cmp ge %x, %z : !tile.tile<2xf32>
    tile.assert %ok, "boom" : !tile.tile<2xi1>
    %y = tile.atan2 %x, %x : !tile.tile<2xf32>
    tile.store %y, %vo[%i] : !tile.view<2, !tile.array<?xf32, strides [1]>>
    tile.launch_dependents
    gpu.return
  }
}


// Programmatic dependent launch needs sm_90: one diagnostic on older chips.
// RUN: not cudapy-compile %s --chip sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// SM80: error: 'tile.grid_dependency_wait' op needs programmatic dependent launch, which sm_80 lacks (sm_90 and later have it)
// SM80-NOT: error
