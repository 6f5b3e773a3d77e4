// A while loop carries a tile in its initial layout: the before region's
// argument, the after region's and the result take the load's layout, the
// values the condition and the yield pass on are converted to it (here they
// already have it), and the loop lowers to per-thread registers.
// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null

// CHECK-LABEL: gpu.func @halve_until
// CHECK: %[[X:.*]] = tile.load {{.*}} -> !tile.tile<128xf32, [[L:#[a-z0-9_]+]]>
// CHECK: %[[R:.*]] = scf.while (%[[T:.*]] = %[[X]]) : (!tile.tile<128xf32, [[L]]>) -> !tile.tile<128xf32, [[L]]>
// CHECK: scf.condition(%{{.*}}) %[[T]] : !tile.tile<128xf32, [[L]]>
// CHECK: ^bb0(%{{.*}}: !tile.tile<128xf32, [[L]]>):
// CHECK: scf.yield %{{.*}} : !tile.tile<128xf32, [[L]]>
// CHECK-NOT: tile.convert_layout
gpu.module @m {
  gpu.func @halve_until(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>, %limit: !tile.tile<f32>) kernel attributes {tile.num_warps = 4} {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %x = tile.load %v[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    %r = scf.while (%t = %x) : (!tile.tile<128xf32>) -> !tile.tile<128xf32> {
      %m = tile.reduce max %t axes [0] : !tile.tile<128xf32> -> !tile.tile<f32>
      %c = tile.cmp gt %m, %limit : !tile.tile<f32>
      %b = tile.to_scalar %c : !tile.tile<i1> -> i1
      scf.condition(%b) %t : !tile.tile<128xf32>
    } do {
    ^bb0(%t: !tile.tile<128xf32>):
      %h = tile.constant dense<0.5> : !tile.tile<128xf32>
      %n = tile.mul %t, %h : !tile.tile<128xf32>
      scf.yield %n : !tile.tile<128xf32>
    }
    tile.store %r, %vo[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
