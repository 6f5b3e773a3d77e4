// RUN: cudapy-opt %s --tile-assign-layouts --split-input-file --verify-diagnostics | FileCheck %s
// RUN: cudapy-opt %s --tile-assign-layouts=num-warps=8 --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=WARPS8

// A 1-D float32 load: 4 elements (16 bytes) per thread, 32 lanes, 4 warps
// along the one dimension; the add keeps the layout.
// CHECK-DAG: #[[L:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @vector_add
// CHECK-SAME: tile.num_warps = 4 : i64
// CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.view<1024, !tile.array<?xf32, strides [1]>> -> !tile.tile<1024xf32, #[[L]]>
// CHECK: %[[Z:.*]] = tile.add %[[X]], %{{.*}} : !tile.tile<1024xf32, #[[L]]>
// CHECK: tile.store %[[Z]], %{{.*}}[%{{.*}}] : !tile.view<1024, !tile.array<?xf32, strides [1]>> -> !tile.tile<1024xf32, #[[L]]>
// WARPS8-DAG: #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
// WARPS8-LABEL: func.func @vector_add
// WARPS8-SAME: tile.num_warps = 8 : i64
func.func @vector_add(%a: !tile.array<?xf32, strides [1]>, %c: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %z = tile.add %x, %x : !tile.tile<1024xf32>
  tile.store %z, %vc[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  return
}

// -----

// float16 rows: 8 elements per thread along the stride-1 dimension; a
// reduction with keepdims and its broadcast keep the layout; a kernel's
// tile.num_warps wins over the option.
// CHECK-DAG: #[[L:.*]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>
// CHECK-LABEL: func.func @rows
// CHECK-SAME: tile.num_warps = 2 : i64
// CHECK: %[[T:.*]] = tile.load {{.*}} -> !tile.tile<1x512xf16, #[[L]]>
// CHECK: %[[M:.*]] = tile.reduce max %[[T]] axes [1] keepdims : !tile.tile<1x512xf16, #[[L]]> -> !tile.tile<1x1xf16, #[[L]]>
// CHECK: tile.broadcast %[[M]] : !tile.tile<1x1xf16, #[[L]]> -> !tile.tile<1x512xf16, #[[L]]>
// WARPS8-LABEL: func.func @rows
// WARPS8-SAME: tile.num_warps = 2 : i64
func.func @rows(%a: !tile.array<?x?xf16, strides [?, 1]>) attributes {tile.num_warps = 2} {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
  %t = tile.load %va[%i, %i] : !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
  %m = tile.reduce max %t axes [1] keepdims : !tile.tile<1x512xf16> -> !tile.tile<1x1xf16>
  %b = tile.broadcast %m : !tile.tile<1x1xf16> -> !tile.tile<1x512xf16>
  %d = tile.sub %t, %b : !tile.tile<1x512xf16>
  tile.store %d, %va[%i, %i] : !tile.view<1x512, !tile.array<?x?xf16, strides [?, 1]>>
  return
}

// -----

// A reduction without keepdims: a slice of the source's layout, which the
// store takes as it is.
// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>
// CHECK-DAG: #[[S:.*]] = #tile.slice<dim = 1, parent = #[[B]]>
// CHECK-LABEL: func.func @row_sum
// CHECK: tile.reduce sum %{{.*}} axes [1] : !tile.tile<4x1024xf32, #[[B]]> -> !tile.tile<4xf32, #[[S]]>
// CHECK: tile.store %{{.*}} -> !tile.tile<4xf32, #[[S]]>
func.func @row_sum(%x: !tile.array<?x?xf32, strides [?, 1]>, %s: !tile.array<?xf32, strides [1]>) attributes {tile.num_warps = 8} {
  %i = tile.bid 0
  %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x1024, !tile.array<?x?xf32, strides [?, 1]>>
  %vs = tile.make_view %s : !tile.array<?xf32, strides [1]> -> !tile.view<4, !tile.array<?xf32, strides [1]>>
  %t = tile.load %vx[%i, %i] : !tile.view<4x1024, !tile.array<?x?xf32, strides [?, 1]>>
  %r = tile.reduce sum %t axes [1] : !tile.tile<4x1024xf32> -> !tile.tile<4xf32>
  tile.store %r, %vs[%i] : !tile.view<4, !tile.array<?xf32, strides [1]>>
  return
}

// -----

// A permute permutes the layout (its lanes now run down the columns); the
// store of a row-major array converts it back to a coalesced layout.
// CHECK-DAG: #[[ROWS:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[COLS:.*]] = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: func.func @transpose
// CHECK: %[[P:.*]] = tile.permute %{{.*}} [1, 0] : !tile.tile<64x64xf32, #[[ROWS]]> -> !tile.tile<64x64xf32, #[[COLS]]>
// CHECK: %[[C:.*]] = tile.convert_layout %[[P]] : !tile.tile<64x64xf32, #[[COLS]]> -> !tile.tile<64x64xf32, #[[ROWS]]>
// CHECK: tile.store %[[C]]
func.func @transpose(%x: !tile.array<?x?xf32, strides [?, 1]>) {
  %i = tile.bid 0
  %v = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
  %t = tile.load %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
  %p = tile.permute %t [1, 0] : !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
  tile.store %p, %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
  return
}

// -----

// A rank-1 tile broadcast to rank 2 goes in the slice of the rank-2 layout
// along dimension 0; a load makes it there directly (no conversion).
// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-DAG: #[[S:.*]] = #tile.slice<dim = 0, parent = #[[B]]>
// CHECK-LABEL: func.func @bias
// CHECK: %[[W:.*]] = tile.load {{.*}} -> !tile.tile<1024xf32, #[[S]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.broadcast %[[W]] : !tile.tile<1024xf32, #[[S]]> -> !tile.tile<1x1024xf32, #[[B]]>
func.func @bias(%x: !tile.array<?x?xf32, strides [?, 1]>, %w: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %vx = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>>
  %vw = tile.make_view %w : !tile.array<?xf32, strides [1]> -> !tile.view<512, !tile.array<?xf32, strides [1]>>
  %t = tile.load %vx[%i, %i] : !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>>
  %vw2 = tile.make_view %w : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %wt = tile.load %vw2[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %wb = tile.broadcast %wt : !tile.tile<1024xf32> -> !tile.tile<1x1024xf32>
  %y = tile.add %t, %wb : !tile.tile<1x1024xf32>
  tile.store %y, %vx[%i, %i] : !tile.view<1x1024, !tile.array<?x?xf32, strides [?, 1]>>
  return
}

// -----

// expected-error @+1 {{'func.func' op runs 1, 2, 4, 8, 16 or 32 warps per CTA, not 3}}
func.func @bad_warps() attributes {tile.num_warps = 3} {
  %i = tile.bid 0
  return
}

// -----

// A loop carries its tiles in their initial layout; an if's results take
// the layout of its then-branch, and the else-branch converts to it.
// CHECK-DAG: #[[L:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[C:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @control_flow
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tile.tile<512xf32, #[[L]]>)
// CHECK: scf.yield %{{.*}} : !tile.tile<512xf32, #[[L]]>
// CHECK: scf.if %{{.*}} -> (!tile.tile<512xf32, #[[L]]>)
// CHECK: } else {
// CHECK: %[[R:.*]] = tile.reshape %{{.*}} : !tile.tile<4x128xf32, #[[C]]> -> !tile.tile<512xf32, #[[L]]>
// CHECK-NEXT: scf.yield %[[R]] : !tile.tile<512xf32, #[[L]]>
func.func @control_flow(%a: !tile.array<?xf32, strides [1]>, %b: !tile.array<?x?xf32, strides [?, 1]>, %n: index, %c: i1) {
  %i = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<512, !tile.array<?xf32, strides [1]>>
  %vb = tile.make_view %b : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
  %x = tile.load %va[%i] : !tile.view<512, !tile.array<?xf32, strides [1]>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x) -> (!tile.tile<512xf32>) {
    %s = tile.add %acc, %x : !tile.tile<512xf32>
    scf.yield %s : !tile.tile<512xf32>
  }
  %y = scf.if %c -> (!tile.tile<512xf32>) {
    scf.yield %r : !tile.tile<512xf32>
  } else {
    %t = tile.load %vb[%i, %i] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %f = tile.reshape %t : !tile.tile<4x128xf32> -> !tile.tile<512xf32>
    scf.yield %f : !tile.tile<512xf32>
  }
  tile.store %y, %va[%i] : !tile.view<512, !tile.array<?xf32, strides [1]>>
  return
}

// -----

// Rows of a table gathered by an id per row: the column iota is a slice of
// the kernel's layout, the ids' load becomes the other slice (the
// conversion of the expand_dims moves before it and folds into the load),
// and the gather's index tiles share the layout: no conversions remain.
// CHECK-DAG: #[[K:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<dim = 1, parent = #[[K]]>
// CHECK-DAG: #[[COLS:.*]] = #tile.slice<dim = 0, parent = #[[K]]>
// CHECK-LABEL: func.func @embedding
// CHECK-NOT: tile.convert_layout
// CHECK: tile.load {{.*}} -> !tile.tile<32xsi32, #[[ROWS]]>
// CHECK: tile.expand_dims %{{.*}}, 1 : !tile.tile<32xsi32, #[[ROWS]]> -> !tile.tile<32x1xsi32, #[[K]]>
// CHECK: tile.iota : !tile.tile<128xsi32, #[[COLS]]>
// CHECK: tile.gather {{.*}} -> !tile.tile<32x128xf32, #[[K]]>
// CHECK-NOT: tile.convert_layout
func.func @embedding(%table: !tile.array<?x?xf32, strides [?, 1]>, %ids: !tile.array<?xsi32, strides [1]>, %out: !tile.array<?x?xf32, strides [?, 1]>) {
  %b = tile.bid 0
  %vi = tile.make_view %ids : !tile.array<?xsi32, strides [1]> -> !tile.view<32, !tile.array<?xsi32, strides [1]>>
  %vo = tile.make_view %out : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  %id = tile.load %vi[%b] : !tile.view<32, !tile.array<?xsi32, strides [1]>>
  %id2 = tile.expand_dims %id, 1 : !tile.tile<32xsi32> -> !tile.tile<32x1xsi32>
  %rows = tile.broadcast %id2 : !tile.tile<32x1xsi32> -> !tile.tile<32x128xsi32>
  %col = tile.iota : !tile.tile<128xsi32>
  %cols = tile.broadcast %col : !tile.tile<128xsi32> -> !tile.tile<32x128xsi32>
  %t = tile.gather %table[%rows, %cols] : !tile.array<?x?xf32, strides [?, 1]>[!tile.tile<32x128xsi32>, !tile.tile<32x128xsi32>] -> !tile.tile<32x128xf32>
  tile.store %t, %vo[%b, %b] : !tile.view<32x128, !tile.array<?x?xf32, strides [?, 1]>>
  return
}

// -----

// A while loop carries a tile in its initial layout
// (test/Conversion/TileToLLVM/while.mlir lowers one).
// CHECK-LABEL: func.func @while
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (!tile.tile<16xf32, #[[L:[a-z0-9_]+]]>) -> !tile.tile<16xf32, #[[L]]>
// CHECK: ^bb0(%{{.*}}: !tile.tile<16xf32, #[[L]]>):
func.func @while(%x: !tile.array<?xf32, strides [1]>, %c: i1) {
  %i = tile.bid 0
  %v = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<16, !tile.array<?xf32, strides [1]>>
  %t = tile.load %v[%i] : !tile.view<16, !tile.array<?xf32, strides [1]>>
  %r = scf.while (%a = %t) : (!tile.tile<16xf32>) -> !tile.tile<16xf32> {
    scf.condition(%c) %a : !tile.tile<16xf32>
  } do {
  ^bb0(%b: !tile.tile<16xf32>):
    scf.yield %b : !tile.tile<16xf32>
  }
  return
}

// -----

// A narrowing convert of a reshape or permute that nothing else uses goes
// before it, so the shape op moves the narrower elements; a widening one,
// and one of a reshape with another use, stay.
// CHECK-LABEL: func.func @narrow_first
// CHECK: %[[H:.*]] = tile.convert %{{.*}} rounding rz : !tile.tile<16x8xf32, #{{.*}}> -> !tile.tile<16x8xf16, #{{.*}}>
// CHECK: tile.reshape %[[H]] : !tile.tile<16x8xf16, #{{.*}}> -> !tile.tile<1x16x8xf16, #{{.*}}>
// CHECK: %[[P:.*]] = tile.convert %{{.*}} : !tile.tile<16x8xf32, #{{.*}}> -> !tile.tile<16x8xf16, #{{.*}}>
// CHECK: tile.permute %[[P]] [1, 0] : !tile.tile<16x8xf16, #{{.*}}> -> !tile.tile<8x16xf16, #{{.*}}>
// CHECK: %[[W:.*]] = tile.reshape %{{.*}} : !tile.tile<16x8xf32, #{{.*}}> -> !tile.tile<1x16x8xf32, #{{.*}}>
// CHECK: tile.convert %[[W]] : !tile.tile<1x16x8xf32, #{{.*}}> -> !tile.tile<1x16x8xf64, #{{.*}}>
// CHECK: %[[T:.*]] = tile.reshape %{{.*}} : !tile.tile<16x8xf32, #{{.*}}> -> !tile.tile<128xf32, #{{.*}}>
// CHECK: tile.convert %[[T]] : !tile.tile<128xf32, #{{.*}}> -> !tile.tile<128xf16, #{{.*}}>
func.func @narrow_first(%x: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?x?x?xf16, strides [?, ?, 1]>,
                        %p: !tile.array<?x?xf16, strides [?, 1]>, %w: !tile.array<?x?x?xf64, strides [?, ?, 1]>,
                        %f: !tile.array<?xf32, strides [1]>, %h: !tile.array<?xf16, strides [1]>) {
  %i = tile.bid 0
  %v = tile.make_view %x : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x8, !tile.array<?x?xf32, strides [?, 1]>>
  %t = tile.load %v[%i, %i] : !tile.view<16x8, !tile.array<?x?xf32, strides [?, 1]>>
  %r = tile.reshape %t : !tile.tile<16x8xf32> -> !tile.tile<1x16x8xf32>
  %rh = tile.convert %r rounding rz : !tile.tile<1x16x8xf32> -> !tile.tile<1x16x8xf16>
  %vo = tile.make_view %o : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x16x8, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
  tile.store %rh, %vo[%i, %i, %i] : !tile.view<1x16x8, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
  %q = tile.permute %t [1, 0] : !tile.tile<16x8xf32> -> !tile.tile<8x16xf32>
  %qh = tile.convert %q : !tile.tile<8x16xf32> -> !tile.tile<8x16xf16>
  %vp = tile.make_view %p : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<8x16, !tile.array<?x?xf16, strides [?, 1]>>
  tile.store %qh, %vp[%i, %i] : !tile.view<8x16, !tile.array<?x?xf16, strides [?, 1]>>
  %r2 = tile.reshape %t : !tile.tile<16x8xf32> -> !tile.tile<1x16x8xf32>
  %rw = tile.convert %r2 : !tile.tile<1x16x8xf32> -> !tile.tile<1x16x8xf64>
  %vw = tile.make_view %w : !tile.array<?x?x?xf64, strides [?, ?, 1]> -> !tile.view<1x16x8, !tile.array<?x?x?xf64, strides [?, ?, 1]>>
  tile.store %rw, %vw[%i, %i, %i] : !tile.view<1x16x8, !tile.array<?x?x?xf64, strides [?, ?, 1]>>
  %flat = tile.reshape %t : !tile.tile<16x8xf32> -> !tile.tile<128xf32>
  %fh = tile.convert %flat : !tile.tile<128xf32> -> !tile.tile<128xf16>
  %vf = tile.make_view %f : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
  tile.store %flat, %vf[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
  %vh = tile.make_view %h : !tile.array<?xf16, strides [1]> -> !tile.view<128, !tile.array<?xf16, strides [1]>>
  tile.store %fh, %vh[%i] : !tile.view<128, !tile.array<?xf16, strides [1]>>
  return
}

// -----

// One whose regions carry a tile under other types is refused.
func.func @while_other_types(%x: !tile.array<?xf32, strides [1]>, %c: i1) {
  %i = tile.bid 0
  %v = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<16, !tile.array<?xf32, strides [1]>>
  %t = tile.load %v[%i] : !tile.view<16, !tile.array<?xf32, strides [1]>>
  // expected-error @+1 {{'scf.while' op carries tile 0 through regions of other types, which the layout assignment does not support yet}}
  %r = scf.while (%a = %t) : (!tile.tile<16xf32>) -> !tile.tile<16xf16> {
    %h = tile.convert %a : !tile.tile<16xf32> -> !tile.tile<16xf16>
    scf.condition(%c) %h : !tile.tile<16xf16>
  } do {
  ^bb0(%b: !tile.tile<16xf16>):
    %w = tile.convert %b : !tile.tile<16xf16> -> !tile.tile<16xf32>
    scf.yield %w : !tile.tile<16xf32>
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op takes a tile of rank 1 as an argument; tiles live in registers, pass an array}}
func.func @tile_argument(%x: !tile.tile<16xf32>) {
  %y = tile.add %x, %x : !tile.tile<16xf32>
  return
}

// -----

// The argument refused before any op meets it (a broadcast of it used to
// find no layout on it and crash).
// expected-error @+1 {{'func.func' op takes a tile of rank 2 as an argument; tiles live in registers, pass an array}}
func.func @broadcast_argument(%x: !tile.tile<2x1xf32>) -> !tile.tile<2x128xf32> {
  %y = tile.broadcast %x : !tile.tile<2x1xf32> -> !tile.tile<2x128xf32>
  return %y : !tile.tile<2x128xf32>
}

// -----

// Tiles the kernel layout of their rank spreads thin (its threads along
// dimensions the tile barely has) take their own. The kernel layout, the
// 1x32x64 load's, has 16 lanes along the last dimension: an 8x128x2 load
// in it would hold 256 registers a thread for 16 elements, so it takes its
// own coalesced layout (W); the 1x32x1 load keeps the kernel layout, whose
// copies along its extent-1 dimension make the broadcast free (K); the
// extract's 1x1024x1 result (128 registers a thread for 8 elements in K)
// and the reshape before it take their own (E, R), which the multiply
// keeps.
// CHECK-DAG: #[[K:.*]] = #tile.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
// CHECK-DAG: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
// CHECK-DAG: #[[E:.*]] = #tile.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
// CHECK-LABEL: func.func @thin_tiles
// CHECK: tile.load {{.*}} -> !tile.tile<1x32x64xf32, #[[K]]>
// CHECK: %[[WT:.*]] = tile.load {{.*}} -> !tile.tile<8x128x2xf32, #[[W]]>
// CHECK: tile.load {{.*}} -> !tile.tile<1x32x1xf32, #[[K]]>
// CHECK: tile.broadcast {{.*}} : !tile.tile<1x32x1xf32, #[[K]]> -> !tile.tile<1x32x64xf32, #[[K]]>
// CHECK: tile.reshape {{.*}} -> !tile.tile<1x1024x2xf32, #[[W]]>
// CHECK: %[[EX:.*]] = tile.extract {{.*}} -> !tile.tile<1x1024x1xf32, #[[E]]>
// CHECK: tile.mul %[[EX]], %[[EX]] : !tile.tile<1x1024x1xf32, #[[E]]>
// CHECK: tile.reshape {{.*}} -> !tile.tile<1x32x32xf32, #[[K]]>
// CHECK: tile.reshape %[[WT]] : !tile.tile<8x128x2xf32, #[[W]]> -> !tile.tile<1x32x64xf32, #[[K]]>
func.func @thin_tiles(%a: !tile.array<?x?x?xf32, strides [?, ?, 1]>, %b: !tile.array<?x?x?xf32, strides [?, ?, 1]>, %c: !tile.array<?x?x?xf32, strides [?, ?, 1]>) {
  %z = tile.constant dense<0> : !tile.tile<si32>
  %va = tile.make_view %a : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %vb = tile.make_view %b : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<8x128x2, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %vc = tile.make_view %c : !tile.array<?x?x?xf32, strides [?, ?, 1]> -> !tile.view<1x32x1, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %x = tile.load %va[%z, %z, %z] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %w = tile.load %vb[%z, %z, %z] : !tile.view<8x128x2, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %s = tile.load %vc[%z, %z, %z] : !tile.view<1x32x1, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  %sb = tile.broadcast %s : !tile.tile<1x32x1xf32> -> !tile.tile<1x32x64xf32>
  %y = tile.add %x, %sb : !tile.tile<1x32x64xf32>
  %r = tile.reshape %y : !tile.tile<1x32x64xf32> -> !tile.tile<1x1024x2xf32>
  %e = tile.extract %r[%z, %z, %z] : !tile.tile<1x1024x2xf32> -> !tile.tile<1x1024x1xf32>
  %e2 = tile.mul %e, %e : !tile.tile<1x1024x1xf32>
  %f = tile.reshape %e2 : !tile.tile<1x1024x1xf32> -> !tile.tile<1x32x32xf32>
  %g = tile.reshape %w : !tile.tile<8x128x2xf32> -> !tile.tile<1x32x64xf32>
  %h = tile.add %g, %y : !tile.tile<1x32x64xf32>
  tile.store %h, %va[%z, %z, %z] : !tile.view<1x32x64, !tile.array<?x?x?xf32, strides [?, ?, 1]>>
  return
}

// -----

// Gathers and scatters that read windows of their array (arange plus an
// offset) count toward the kernel's layout as row-major accesses: 16 bytes
// a thread (8 float16), which the lowering moves as vectors. One whose
// indices stride by a runtime factor does not: the default row-major
// 32-bit layout (runs of elements would spread its scalar accesses).
// CHECK-DAG: #[[RUNS:.*]] = #tile.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[WORDS:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @window_layout
// CHECK: tile.gather {{.*}} -> !tile.tile<1024xf16, #[[RUNS]]>
// CHECK-LABEL: func.func @strided_layout
// CHECK: tile.gather {{.*}} -> !tile.tile<1024xf16, #[[WORDS]]>
func.func @window_layout(%a: !tile.array<?xf16, strides [1]>, %o: !tile.array<?xf16, strides [1]>) attributes {tile.num_warps = 4} {
  %b = tile.bid 0
  %c = tile.constant dense<1024> : !tile.tile<si32>
  %s = tile.mul %b, %c : !tile.tile<si32>
  %sb = tile.broadcast %s : !tile.tile<si32> -> !tile.tile<1024xsi32>
  %i = tile.iota : !tile.tile<1024xsi32>
  %idx = tile.add %sb, %i : !tile.tile<1024xsi32>
  %g = tile.gather %a[%idx] : !tile.array<?xf16, strides [1]>[!tile.tile<1024xsi32>] -> !tile.tile<1024xf16>
  tile.scatter %g, %o[%idx] : !tile.tile<1024xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<1024xsi32>]
  return
}
func.func @strided_layout(%a: !tile.array<?xf16, strides [1]>, %o: !tile.array<?xf16, strides [1]>, %st: !tile.tile<si32>) attributes {tile.num_warps = 4} {
  %i = tile.iota : !tile.tile<1024xsi32>
  %sb = tile.broadcast %st : !tile.tile<si32> -> !tile.tile<1024xsi32>
  %idx = tile.mul %i, %sb : !tile.tile<1024xsi32>
  %g = tile.gather %a[%idx] : !tile.array<?xf16, strides [1]>[!tile.tile<1024xsi32>] -> !tile.tile<1024xf16>
  tile.scatter %g, %o[%idx] : !tile.tile<1024xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<1024xsi32>]
  return
}
