// tile.print, tile.assert, tile.grid_dependency_wait, tile.launch_dependents
// and tile.atan2 round-trip (docs/Tile.md, "Debugging and grid
// dependencies").
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s

// CHECK-LABEL: func.func @debug
func.func @debug(%x: !tile.tile<16xf32>, %n: !tile.tile<si64>, %b: !tile.tile<16xi1>, %c: !tile.tile<4x4xi1>) {
  // CHECK: tile.print "x = %f, n = %lld\0A" %{{.*}}, %{{.*}} : !tile.tile<16xf32>, !tile.tile<si64>
  tile.print "x = %f, n = %lld\n" %x, %n : !tile.tile<16xf32>, !tile.tile<si64>
  // CHECK: tile.print "x = %.1f of %d\0A" whole %{{.*}}, %{{.*}} : !tile.tile<16xf32>, !tile.tile<4x4xi1>
  tile.print "x = %.1f of %d\n" whole %x, %c : !tile.tile<16xf32>, !tile.tile<4x4xi1>
  // CHECK: tile.print "100%% done\0A"
  tile.print "100%% done\n"
  // CHECK: tile.print "%-8.3e %+5.2g %#x" %{{.*}}, %{{.*}}, %{{.*}}
  tile.print "%-8.3e %+5.2g %#x" %x, %x, %b : !tile.tile<16xf32>, !tile.tile<16xf32>, !tile.tile<16xi1>
  // CHECK: tile.assert %{{.*}}, "x must be positive" : !tile.tile<16xi1>
  tile.assert %b, "x must be positive" : !tile.tile<16xi1>
  // CHECK: tile.grid_dependency_wait
  tile.grid_dependency_wait
  // CHECK: tile.launch_dependents
  tile.launch_dependents
  // CHECK: tile.atan2 %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %a = tile.atan2 %x, %x : !tile.tile<16xf32>
  return
}
