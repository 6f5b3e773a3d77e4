// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// A whole tile inside the array and aligned: 16-byte vector loads and
// stores without masks. Otherwise element by element inside the array, the
// padding (here -inf) for the rest.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[B:.*]]: !llvm.ptr<1>, %{{.*}}: i32) kernel
// CHECK-SAME: cudapy.signature = [{element = "f32", element_bytes = 4 : i64, kind = "tile_array", params = 2 : i64, rank = 1 : i64, shape = array<i64: -1>, strides = array<i64: 1>
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK: scf.if %{{.*}} -> (f32, f32, f32, f32)
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: arith.cmpi slt
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
gpu.module @m {
  gpu.func @copy(%a: !tile.array<?xf32, strides [1]>, %b: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>>
    %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    tile.store %x, %vb[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// -----

// A row maximum over 4 warps: in the thread, 5 butterfly shuffles, then
// shared memory across the warps; float rounding modes in PTX.
// CHECK: llvm.mlir.global internal @__tile_shared_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f32>
// CHECK-LABEL: gpu.func @row_max
// CHECK-COUNT-3: arith.maxnumf
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: llvm.mlir.addressof @__tile_shared_0
// CHECK: gpu.barrier
// CHECK-COUNT-3: arith.maxnumf
// CHECK: llvm.inline_asm {{.*}}"add.rz.ftz.f32 $0, $1, $2;", "=f,f,f"
gpu.module @m {
  gpu.func @row_max(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    %m = tile.reduce max %x axes [1] keepdims : !tile.tile<1x512xf32> -> !tile.tile<1x1xf32>
    %b = tile.broadcast %m : !tile.tile<1x1xf32> -> !tile.tile<1x512xf32>
    %y = tile.add %x, %b rounding rz ftz : !tile.tile<1x512xf32>
    tile.store %y, %v[%i, %i] : !tile.view<1x512, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A transpose converts its layout through shared memory, rows padded by one
// element: 64 x 65 floats.
// CHECK: llvm.mlir.global internal @__tile_shared_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4160 x f32>
// CHECK-LABEL: gpu.func @transpose
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  gpu.func @transpose(%a: !tile.array<?x?xf32, strides [?, 1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %x = tile.load %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    %t = tile.permute %x [1, 0] : !tile.tile<64x64xf32> -> !tile.tile<64x64xf32>
    tile.store %t, %v[%i, %i] : !tile.view<64x64, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @gather(%a: !tile.array<?xf32, strides [1]>) kernel {
    %idx = tile.iota : !tile.tile<16xsi32>
    // expected-error @+1 {{'tile.gather' op has no lowering to LLVM yet}}
    %g = tile.gather %a[%idx] : !tile.array<?xf32, strides [1]>[!tile.tile<16xsi32>] -> !tile.tile<16xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @dense(%a: !tile.array<?xf32, strides [1]>) kernel {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<2, !tile.array<?xf32, strides [1]>>
    // expected-error @+1 {{'tile.constant' op lowers splat constants only; build others with tile.iota and elementwise ops}}
    %c = tile.constant dense<[1.0, 2.0]> : !tile.tile<2xf32>
    tile.store %c, %v[%i] : !tile.view<2, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
