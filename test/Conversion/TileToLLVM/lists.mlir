// Lists of arrays (docs/TileLowering.md, "Lists of arrays"): a list is the
// address of its records and its length; tile.list_get reads an array's
// record (base, then every extent and stride, 64-bit words) with invariant
// loads, and the list argument's facts reach the accesses of its arrays'
// views, so that they are 16-byte vectors. The metadata describes the list
// by its arrays.
// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-LABEL: gpu.func @copy_each
// CHECK-SAME: (%[[RECORDS:.*]]: !llvm.ptr<1>, %[[COUNT:.*]]: i32, %[[O:.*]]: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i64) kernel
// CHECK-SAME: cudapy.signature = [{alignment = 16 : i64, divisibility = array<i64: 1, 16>, element = "f32", element_bits = 32 : i64, element_bytes = 4 : i64, kind = "tile_array_list", params = 2 : i64, rank = 2 : i64, shape = array<i64: -1, -1>, stride_divisibility = array<i64: 16, 1>, strides = array<i64: -1, 1>, type = "!tile.list<!tile.array<?x?xf32, strides [?, 1]>>"}
// CHECK: scf.for
// CHECK: %[[FIRST:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[W0:.*]] = llvm.getelementptr %[[RECORDS]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
// CHECK: %[[BASE:.*]] = llvm.load %[[W0]] invariant {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: llvm.inttoptr %[[BASE]] : i64 to !llvm.ptr<1>
// CHECK: llvm.load %{{.*}} invariant {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: llvm.load %{{.*}} invariant {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: llvm.load %{{.*}} invariant {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];"

// PTX-LABEL: .entry copy_each(
// PTX-NEXT: .param .u64 .ptr .global .align 1 copy_each_param_0,
// PTX-NEXT: .param .u32 copy_each_param_1,
// PTX: ld.global.nc.b64
// PTX: ld.global.v4.b32
gpu.module @m {
  gpu.func @copy_each(%as: !tile.list<!tile.array<?x?xf32, strides [?, 1]>>
                          {tile.alignment = 16 : i64,
                           tile.divisibility = array<i64: 1, 16>,
                           tile.stride_divisibility = array<i64: 16, 1>},
                      %o: !tile.array<?x64xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %n = tile.list_len %as : !tile.list<!tile.array<?x?xf32, strides [?, 1]>>
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %ub = tile.to_scalar %n : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %acc0 = tile.constant dense<0.0> : !tile.tile<16x64xf32>
    %sum = scf.for %k = %c0 to %ub step %c1 iter_args(%acc = %acc0) -> (!tile.tile<16x64xf32>) {
      %g = tile.from_scalar %k : index -> !tile.tile<si32>
      %a = tile.list_get %as[%g] : !tile.list<!tile.array<?x?xf32, strides [?, 1]>>
      %v = tile.make_view %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %t = tile.load %v[%zero, %zero] : !tile.view<16x64, !tile.array<?x?xf32, strides [?, 1]>, padding zero>
      %s = tile.add %acc, %t : !tile.tile<16x64xf32>
      scf.yield %s : !tile.tile<16x64xf32>
    }
    %vo = tile.make_view %o : !tile.array<?x64xf32, strides [?, 1]> -> !tile.view<16x64, !tile.array<?x64xf32, strides [?, 1]>>
    %i = tile.bid 0
    tile.store %sum, %vo[%i, %zero] : !tile.view<16x64, !tile.array<?x64xf32, strides [?, 1]>>
    gpu.return
  }
}
