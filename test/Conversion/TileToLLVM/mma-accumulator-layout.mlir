// A layout kind the patterns were not written for: tiles in the m16n8
// accumulator layout (#tile.mma_accumulator) load, compute, reduce and store
// through the same patterns, which ask the layout only through
// DistributedLayoutInterface (docs/Contributing.md, "A new layout kind").
// RUN: cudapy-opt %s --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-opt %s --convert-tile-to-llvm | cudapy-compile - --chip sm_90 -o %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

#acc = #tile.mma_accumulator<warpsPerCTA = [2, 2]>
#rows = #tile.slice<dim = 1, parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>

// CHECK-LABEL: gpu.func @row_sums
// Each lane holds two adjacent columns: the fast path loads them as one
// 8-byte vector, for each of its two rows (l/4 and l/4 + 8).
// CHECK: scf.if
// CHECK-COUNT-2: llvm.load {{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: } else {
// Row sums: butterflies over the 4 lanes that share a row (xor 1, then 2,
// for each of the thread's two rows), then the 2 warps that share it
// through shared memory.
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK: gpu.barrier
// CHECK-NOT: tile.
// PTX-LABEL: .entry row_sums(
// PTX-COUNT-2: ld.global.v2.b32
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX: bar.sync
"gpu.module"() <{sym_name = "m"}> ({
  "gpu.func"() <{function_type = (!tile.array<?x?xf32, strides [?, 1]>, !tile.array<?xf32, strides [1]>) -> ()}> ({
  ^bb0(%x: !tile.array<?x?xf32, strides [?, 1]>, %y: !tile.array<?xf32, strides [1]>):
    %i = "tile.bid"() <{dim = 0 : i64}> : () -> !tile.tile<si32>
    %z = "tile.constant"() <{value = dense<0> : !tile.tile<si32>}> : () -> !tile.tile<si32>
    %vx = "tile.make_view"(%x) : (!tile.array<?x?xf32, strides [?, 1]>) -> !tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>
    %vy = "tile.make_view"(%y) : (!tile.array<?xf32, strides [1]>) -> !tile.view<32, !tile.array<?xf32, strides [1]>>
    %t = "tile.load"(%vx, %i, %z) : (!tile.view<32x16, !tile.array<?x?xf32, strides [?, 1]>>, !tile.tile<si32>, !tile.tile<si32>) -> !tile.tile<32x16xf32, #acc>
    %u = "tile.add"(%t, %t) : (!tile.tile<32x16xf32, #acc>, !tile.tile<32x16xf32, #acc>) -> !tile.tile<32x16xf32, #acc>
    %s = "tile.reduce"(%u) <{axes = array<i64: 1>, kind = 0 : i32}> : (!tile.tile<32x16xf32, #acc>) -> !tile.tile<32xf32, #rows>
    "tile.store"(%s, %vy, %i) : (!tile.tile<32xf32, #rows>, !tile.view<32, !tile.array<?xf32, strides [1]>>, !tile.tile<si32>) -> ()
    "gpu.return"() : () -> ()
  }) {gpu.kernel, sym_name = "row_sums", tile.num_warps = 4 : i64, workgroup_attributions = 0 : i64} : () -> ()
}) : () -> ()
