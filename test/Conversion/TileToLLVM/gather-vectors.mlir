// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm --split-input-file | FileCheck %s

// Gathers and scatters whose indices read windows of the array (arange
// plus an offset, the array's last stride 1): where every thread's runs of
// elements are inside the array and aligned (one check), vector accesses
// of 16 bytes; else element by element, each under its own bounds check.
// The kernel's layout for their rank gives each thread runs of 16 bytes
// (8 float16 here), as a load's would.
// CHECK-LABEL: gpu.func @window
// CHECK: llvm.ptrtoint
// CHECK: scf.if %{{.*}} -> (f16, f16, f16, f16, f16, f16, f16, f16)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK: } else {
// CHECK-COUNT-8: ld.global.b16
// CHECK: scf.if
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-8: st.global.b16
gpu.module @m {
  gpu.func @window(%a: !tile.array<?xf16, strides [1]>, %o: !tile.array<?xf16, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %b = tile.bid 0
    %c = tile.constant dense<256> : !tile.tile<si32>
    %s = tile.mul %b, %c : !tile.tile<si32>
    %sb = tile.broadcast %s : !tile.tile<si32> -> !tile.tile<256xsi32>
    %i = tile.iota : !tile.tile<256xsi32>
    %idx = tile.add %sb, %i : !tile.tile<256xsi32>
    %g = tile.gather %a[%idx] : !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>] -> !tile.tile<256xf16>
    tile.scatter %g, %o[%idx] : !tile.tile<256xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>]
    gpu.return
  }
}

// -----

// Rows of a matrix kept flat: the row offsets (a column broadcast along
// the rows) plus the columns (arange, converted to int64) stay windows
// along the columns; a mask's bits take part in the check.
// CHECK-LABEL: gpu.func @rows
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
gpu.module @m {
  gpu.func @rows(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?x?xf32, strides [?, 1]>, %n: !tile.tile<si64>) kernel attributes {tile.num_warps = 1} {
    %r = tile.iota : !tile.tile<4xsi64>
    %r2 = tile.reshape %r : !tile.tile<4xsi64> -> !tile.tile<4x1xsi64>
    %nb = tile.broadcast %n : !tile.tile<si64> -> !tile.tile<4x1xsi64>
    %starts = tile.mul %r2, %nb : !tile.tile<4x1xsi64>
    %rows = tile.broadcast %starts : !tile.tile<4x1xsi64> -> !tile.tile<4x128xsi64>
    %c = tile.iota : !tile.tile<128xsi32>
    %c64 = tile.convert %c : !tile.tile<128xsi32> -> !tile.tile<128xsi64>
    %cols = tile.broadcast %c64 : !tile.tile<128xsi64> -> !tile.tile<4x128xsi64>
    %idx = tile.add %rows, %cols : !tile.tile<4x128xsi64>
    %m = tile.cmp lt %cols, %rows : !tile.tile<4x128xsi64>
    %g = tile.gather %a[%idx] mask %m : !tile.array<?xf32, strides [1]>[!tile.tile<4x128xsi64>], !tile.tile<4x128xi1> -> !tile.tile<4x128xf32>
    %vo = tile.make_view %o : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    %z = tile.constant dense<0> : !tile.tile<si32>
    tile.store %g, %vo[%z, %z] : !tile.view<4x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// Indices the ops do not show to be windows (loaded ones), or an array
// whose stride is not known to be 1: element by element only.
// CHECK-LABEL: gpu.func @loaded
// CHECK-NOT: vector<{{[0-9]+}}xf16>
// CHECK-LABEL: gpu.func @strided
// CHECK-NOT: vector<{{[0-9]+}}xf16>
// CHECK: gpu.return
gpu.module @m {
  gpu.func @loaded(%a: !tile.array<?xf16, strides [1]>, %ids: !tile.array<?xsi32, strides [1]>, %o: !tile.array<?xf16, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %z = tile.constant dense<0> : !tile.tile<si32>
    %vi = tile.make_view %ids : !tile.array<?xsi32, strides [1]> -> !tile.view<256, !tile.array<?xsi32, strides [1]>>
    %idx = tile.load %vi[%z] : !tile.view<256, !tile.array<?xsi32, strides [1]>>
    %g = tile.gather %a[%idx] : !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>] -> !tile.tile<256xf16>
    tile.scatter %g, %o[%idx] : !tile.tile<256xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>]
    gpu.return
  }
  gpu.func @strided(%a: !tile.array<?xf16, strides [?]>, %o: !tile.array<?xf16, strides [?]>) kernel attributes {tile.num_warps = 1} {
    %idx = tile.iota : !tile.tile<256xsi32>
    %g = tile.gather %a[%idx] : !tile.array<?xf16, strides [?]>[!tile.tile<256xsi32>] -> !tile.tile<256xf16>
    tile.scatter %g, %o[%idx] : !tile.tile<256xf16>, !tile.array<?xf16, strides [?]>[!tile.tile<256xsi32>]
    gpu.return
  }
}

// -----

// Runs the analysis does not trust: unsigned indices (254, 255, 0, 1, ...
// wrap to small indices that pass the bounds checks) and indices through a
// bool (0, 1, 1, 1, ...): element by element. A gather of one element (a
// scalar tile) takes the element-wise path too.
// CHECK-LABEL: gpu.func @unsigned
// CHECK-NOT: -> vector<{{[0-9]+}}xf32>
// CHECK-LABEL: gpu.func @through_bool
// CHECK-NOT: -> vector<{{[0-9]+}}xf32>
// CHECK-LABEL: gpu.func @scalar
// CHECK: ld.global.b32
gpu.module @m {
  gpu.func @unsigned(%a: !tile.array<?x?xf32, strides [?, 1]>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %i = tile.iota : !tile.tile<128xui8>
    %c = tile.constant dense<254> : !tile.tile<128xui8>
    %col = tile.add %i, %c : !tile.tile<128xui8>
    %row = tile.constant dense<1> : !tile.tile<128xsi32>
    %g = tile.gather %a[%row, %col] : !tile.array<?x?xf32, strides [?, 1]>[!tile.tile<128xsi32>, !tile.tile<128xui8>] -> !tile.tile<128xf32>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %z = tile.constant dense<0> : !tile.tile<si32>
    tile.store %g, %vo[%z] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
  gpu.func @through_bool(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %i = tile.iota : !tile.tile<128xsi32>
    %b = tile.convert %i : !tile.tile<128xsi32> -> !tile.tile<128xi1>
    %j = tile.convert %b : !tile.tile<128xi1> -> !tile.tile<128xsi32>
    %g = tile.gather %a[%j] : !tile.array<?xf32, strides [1]>[!tile.tile<128xsi32>] -> !tile.tile<128xf32>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %z = tile.constant dense<0> : !tile.tile<si32>
    tile.store %g, %vo[%z] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
  gpu.func @scalar(%a: !tile.array<?xf32, strides [1]>, %s: !tile.tile<si32>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %g = tile.gather %a[%s] : !tile.array<?xf32, strides [1]>[!tile.tile<si32>] -> !tile.tile<f32>
    %t = tile.broadcast %g : !tile.tile<f32> -> !tile.tile<32xf32>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<32, !tile.array<?xf32, strides [1]>>
    %z = tile.constant dense<0> : !tile.tile<si32>
    tile.store %t, %vo[%z] : !tile.view<32, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// A scatter that sends its masked elements out of bounds (a select of the
// run and a sentinel past the array): runs a check of the indices
// confirms. Each group's vector store also needs each index one more than
// the group's first; the layout counts the scatter as one of windows
// (8 float16 a thread at 1 warp). A select of two constants is no run.
// CHECK-LABEL: gpu.func @sentinel
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// CHECK: %[[SECOND:.*]] = arith.addi %[[FIRST:.*]], %c1_i32{{.*}} : i32
// CHECK-NEXT: arith.cmpi eq, %{{.*}}, %[[SECOND]] : i32
// CHECK: %[[EIGHTH:.*]] = arith.addi %[[FIRST]], %c7_i32{{.*}} : i32
// CHECK-NEXT: arith.cmpi eq, %{{.*}}, %[[EIGHTH]] : i32
// CHECK: scf.if
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-8: st.global.b16
// CHECK-LABEL: gpu.func @two_constants
// CHECK-NOT: vector<{{[0-9]+}}xf16>
// CHECK: gpu.return
gpu.module @m {
  gpu.func @sentinel(%a: !tile.array<?xf16, strides [1]>, %s: !tile.array<?xf16, strides [?]>, %n: !tile.tile<si32>) kernel attributes {tile.num_warps = 1} {
    %i = tile.iota : !tile.tile<256xsi32>
    %v = tile.gather %s[%i] : !tile.array<?xf16, strides [?]>[!tile.tile<256xsi32>] -> !tile.tile<256xf16>
    %nb = tile.broadcast %n : !tile.tile<si32> -> !tile.tile<256xsi32>
    %inside = tile.cmp lt %i, %nb : !tile.tile<256xsi32>
    %past = tile.constant dense<2147483647> : !tile.tile<256xsi32>
    %idx = tile.select %inside, %i, %past : !tile.tile<256xsi32>
    tile.scatter %v, %a[%idx] : !tile.tile<256xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>]
    gpu.return
  }
  gpu.func @two_constants(%a: !tile.array<?xf16, strides [1]>, %s: !tile.array<?xf16, strides [?]>, %n: !tile.tile<si32>) kernel attributes {tile.num_warps = 1} {
    %i = tile.iota : !tile.tile<256xsi32>
    %v = tile.gather %s[%i] : !tile.array<?xf16, strides [?]>[!tile.tile<256xsi32>] -> !tile.tile<256xf16>
    %nb = tile.broadcast %n : !tile.tile<si32> -> !tile.tile<256xsi32>
    %m = tile.cmp lt %i, %nb : !tile.tile<256xsi32>
    %one = tile.constant dense<1> : !tile.tile<256xsi32>
    %two = tile.constant dense<2> : !tile.tile<256xsi32>
    %idx = tile.select %m, %one, %two : !tile.tile<256xsi32>
    tile.scatter %v, %a[%idx] : !tile.tile<256xf16>, !tile.array<?xf16, strides [1]>[!tile.tile<256xsi32>]
    gpu.return
  }
}
