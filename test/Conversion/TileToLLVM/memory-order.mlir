// Loads and stores with a memory order: each element one atomic access of
// that order and scope (no vectors); a tile copied within a thread (the
// 1-element flag in @flags' layout) read once, and copies in other threads
// take the owner's value through shared memory (every thread sees one
// value); a block barrier after an acquiring load and before a releasing
// store, since the tile block is one program (docs/TileLowering.md).
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx

// CHECK-LABEL: .entry flags(
// CHECK: ld.acquire.gpu.global.b32
// CHECK-NOT: ld.acquire
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.relaxed.cta.global.b32
// CHECK-NOT: ld.global.v
// CHECK: bar.sync 0;
// CHECK-NOT: st.global.v
// CHECK: st.release.sys.global.b32
// CHECK-NOT: st.global.v
// CHECK: st.relaxed.gpu.global.b32
// CHECK-NOT: bar.sync
gpu.module @m {
  gpu.func @flags(%f: !tile.array<?xsi32, strides [1]>, %x: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %i = tile.bid 0
    %vf = tile.make_view %f : !tile.array<?xsi32, strides [1]> -> !tile.view<1, !tile.array<?xsi32, strides [1]>>
    %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %flag = tile.load %vf[%i] memory acquire scope device : !tile.view<1, !tile.array<?xsi32, strides [1]>>
    %t = tile.load %vx[%i] memory relaxed scope block : !tile.view<64, !tile.array<?xf32, strides [1]>>
    tile.store %t, %vx[%i] memory release scope system : !tile.view<64, !tile.array<?xf32, strides [1]>>
    tile.store %flag, %vf[%i] memory relaxed scope device : !tile.view<1, !tile.array<?xsi32, strides [1]>>
    gpu.return
  }
}
