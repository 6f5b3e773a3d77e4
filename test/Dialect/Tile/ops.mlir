// Every tile op round-trips, in the custom and the generic form.
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s --enable-var-scope
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s --enable-var-scope

// The layouts print once, at the top (see @mma_layouts).
// CHECK-DAG: #mma_accumulator = #tile.mma_accumulator<warpsPerCTA = [2, 2]>
// CHECK-DAG: #mma_operand = #tile.mma_operand<operand = 0, bits = 16, parent = #mma_accumulator>
// CHECK-DAG: #mma_operand1 = #tile.mma_operand<operand = 1, bits = 16, parent = #mma_accumulator>

// CHECK-LABEL: func.func @arrays_and_views(
func.func @arrays_and_views(%p: !tile.tile<!tile.ptr<f32>>, %m: !tile.tile<si32>, %ld: !tile.tile<si64>) {
  // CHECK: %[[BID:.*]] = tile.bid 0
  // CHECK: tile.num_blocks 2
  %b = tile.bid 0
  %nb = tile.num_blocks 2
  // CHECK: %[[A:.*]] = tile.make_array %{{.*}} shape [%{{.*}}] strides [%{{.*}}] : !tile.tile<!tile.ptr<f32>> -> !tile.array<?x64xf32, strides [?, 1]>
  %a = tile.make_array %p shape [%m] strides [%ld] : !tile.tile<!tile.ptr<f32>> -> !tile.array<?x64xf32, strides [?, 1]>
  // CHECK: tile.array_dim %[[A]], 0 : !tile.array<?x64xf32, strides [?, 1]>
  %n = tile.array_dim %a, 0 : !tile.array<?x64xf32, strides [?, 1]>
  // CHECK: tile.array_base %[[A]] : !tile.array<?x64xf32, strides [?, 1]> -> !tile.tile<!tile.ptr<f32>>
  %base = tile.array_base %a : !tile.array<?x64xf32, strides [?, 1]> -> !tile.tile<!tile.ptr<f32>>
  // CHECK: tile.array_stride %[[A]], 0 : !tile.array<?x64xf32, strides [?, 1]>
  %stride = tile.array_stride %a, 0 : !tile.array<?x64xf32, strides [?, 1]>
  // CHECK: %[[V:.*]] = tile.make_view %[[A]] : !tile.array<?x64xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  %v = tile.make_view %a : !tile.array<?x64xf32, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  // CHECK: tile.num_tiles %[[V]], 0
  %nt = tile.num_tiles %v, 0 : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  %zero = tile.constant dense<0> : !tile.tile<si32>
  // CHECK: %[[T:.*]] = tile.load %[[V]][%[[BID]], %{{.*}}] : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  %t = tile.load %v[%b, %zero] : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  // CHECK: tile.load %[[V]][%[[BID]], %{{.*}}] {tile.within_tiles = array<i64: -1, 0>}
  %within = tile.load %v[%b, %zero] {tile.within_tiles = array<i64: -1, 0>} : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  // CHECK: tile.store %[[T]], %[[V]][%[[BID]], %{{.*}}] : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  tile.store %t, %v[%b, %zero] : !tile.view<32x64, !tile.array<?x64xf32, strides [?, 1]>, padding zero>
  // Transposed, overlapping and gapped views.
  // CHECK: tile.make_view %[[A]] : {{.*}} -> !tile.view<64x16, !tile.array<?x64xf32, strides [?, 1]>, order [1, 0], steps [8, 64], padding neg_inf>
  %w = tile.make_view %a : !tile.array<?x64xf32, strides [?, 1]> -> !tile.view<64x16, !tile.array<?x64xf32, strides [?, 1]>, order [1, 0], steps [8, 64], padding neg_inf>
  // CHECK: tile.load {{.*}} : !tile.view<64x16, {{.*}}, order [1, 0], steps [8, 64], padding neg_inf>
  %u = tile.load %w[%b, %zero] : !tile.view<64x16, !tile.array<?x64xf32, strides [?, 1]>, order [1, 0], steps [8, 64], padding neg_inf>
  return
}

// Default order and steps are not printed.
// CHECK-LABEL: func.func private @view_defaults(
// CHECK-SAME: !tile.view<16x8, !tile.array<?x?xf16>>, !tile.view<16x8, !tile.array<?x?xf16>, order [1, 0]>
func.func private @view_defaults(!tile.view<16x8, !tile.array<?x?xf16>, order [0, 1], steps [16, 8], padding undetermined>,
                                 !tile.view<16x8, !tile.array<?x?xf16>, order [1, 0], steps [8, 16]>)

// CHECK-LABEL: func.func @gather_scatter(
func.func @gather_scatter(%a: !tile.array<?x?xf32>, %i: !tile.tile<128xsi32>, %j: !tile.tile<128xsi64>,
                          %m: !tile.tile<128xi1>, %pad: !tile.tile<f32>) {
  // CHECK: tile.gather %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} padding %{{.*}} : !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi64>], !tile.tile<128xi1> -> !tile.tile<128xf32>
  %g = tile.gather %a[%i, %j] mask %m padding %pad : !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi64>], !tile.tile<128xi1> -> !tile.tile<128xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}, %{{.*}}] : !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi32>] -> !tile.tile<128xf32>
  %h = tile.gather %a[%i, %i] : !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi32>] -> !tile.tile<128xf32>
  // CHECK: tile.scatter %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} : !tile.tile<128xf32>, !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi32>], !tile.tile<128xi1>
  tile.scatter %g, %a[%i, %i] mask %m : !tile.tile<128xf32>, !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi32>], !tile.tile<128xi1>
  tile.scatter %h, %a[%i, %i] : !tile.tile<128xf32>, !tile.array<?x?xf32>[!tile.tile<128xsi32>, !tile.tile<128xsi32>]
  return
}

// Loads and stores with a memory order and scope (cuTile's memory_order and
// memory_scope).
// CHECK-LABEL: func.func @ordered_access(
func.func @ordered_access(%a: !tile.array<?xsi32, strides [1]>, %i: !tile.tile<si32>) {
  %v = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // CHECK: tile.load %{{.*}}[%{{.*}}] memory acquire scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  %t = tile.load %v[%i] memory acquire scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // CHECK: tile.load %{{.*}}[%{{.*}}] memory relaxed scope block : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  %r = tile.load %v[%i] memory relaxed scope block : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}] memory release scope system : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  tile.store %t, %v[%i] memory release scope system : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}] memory relaxed scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  tile.store %r, %v[%i] memory relaxed scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  return
}

// CHECK-LABEL: func.func @pointers(
func.func @pointers(%p: !tile.tile<64x!tile.ptr<f32>>, %o: !tile.tile<64xsi32>, %m: !tile.tile<64xi1>,
                    %x: !tile.tile<64xf32>, %q: !tile.tile<64x!tile.ptr<si32>>, %e: !tile.tile<64xsi32>) {
  // CHECK: tile.offset %{{.*}}, %{{.*}} : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xsi32>
  %p2 = tile.offset %p, %o : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xsi32>
  // CHECK: tile.load_ptr %{{.*}} mask %{{.*}} other %{{.*}} : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xi1> -> !tile.tile<64xf32>
  %l = tile.load_ptr %p2 mask %m other %x : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xi1> -> !tile.tile<64xf32>
  // CHECK: tile.load_ptr %{{.*}} : !tile.tile<64x!tile.ptr<f32>> -> !tile.tile<64xf32>
  %l2 = tile.load_ptr %p : !tile.tile<64x!tile.ptr<f32>> -> !tile.tile<64xf32>
  // CHECK: tile.store_ptr %{{.*}}, %{{.*}} mask %{{.*}} : !tile.tile<64xf32>, !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xi1>
  tile.store_ptr %l, %p mask %m : !tile.tile<64xf32>, !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xi1>
  tile.store_ptr %l2, %p : !tile.tile<64xf32>, !tile.tile<64x!tile.ptr<f32>>
  // CHECK: tile.atomic_rmw add %{{.*}}, %{{.*}} mask %{{.*}} memory relaxed scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>, !tile.tile<64xi1>
  %old = tile.atomic_rmw add %p, %x mask %m memory relaxed scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>, !tile.tile<64xi1>
  // CHECK: tile.atomic_rmw max %{{.*}}, %{{.*}} memory acq_rel scope block : !tile.tile<64x!tile.ptr<si32>>, !tile.tile<64xsi32>
  %old2 = tile.atomic_rmw max %q, %e memory acq_rel scope block : !tile.tile<64x!tile.ptr<si32>>, !tile.tile<64xsi32>
  // CHECK: tile.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} memory acquire scope system : !tile.tile<64x!tile.ptr<si32>>, !tile.tile<64xsi32>
  %old3 = tile.atomic_cas %q, %e, %old2 memory acquire scope system : !tile.tile<64x!tile.ptr<si32>>, !tile.tile<64xsi32>
  return
}

// CHECK-LABEL: func.func @creation(
func.func @creation() -> (!tile.tile<4xsi32>, !tile.tile<2x4xf32>, !tile.tile<8xsi32>, !tile.tile<4x4xf16>) {
  // CHECK: tile.constant dense<[1, 2, 3, 4]> : !tile.tile<4xsi32>
  %c = tile.constant dense<[1, 2, 3, 4]> : !tile.tile<4xsi32>
  // CHECK: tile.constant dense<1.500000e+00> : !tile.tile<2x4xf32>
  %f = tile.constant dense<1.5> : !tile.tile<2x4xf32>
  // CHECK: tile.iota : !tile.tile<8xsi32>
  %i = tile.iota : !tile.tile<8xsi32>
  // CHECK: tile.iota : !tile.tile<4x4xf16>
  %j = tile.iota : !tile.tile<4x4xf16>
  // CHECK: tile.literal 7{{$}}
  %l = tile.literal 7
  // CHECK: tile.literal 18446744073709551615 : ui64{{$}}
  %u = tile.literal 18446744073709551615 : ui64
  // CHECK: tile.literal 2.500000e+00{{$}}
  %h = tile.literal 2.5
  // Infinities and NaNs keep their type: hexadecimal alone is an integer.
  // CHECK: tile.literal 0xFFF0000000000000 : f64{{$}}
  %ninf = tile.literal 0xFFF0000000000000 : f64
  // CHECK: tile.literal 0x7FF8000000000000 : f64{{$}}
  %nan = tile.literal 0x7FF8000000000000 : f64
  return %c, %f, %i, %j : !tile.tile<4xsi32>, !tile.tile<2x4xf32>, !tile.tile<8xsi32>, !tile.tile<4x4xf16>
}

// CHECK-LABEL: func.func @elementwise(
func.func @elementwise(%a: !tile.tile<16xf32>, %b: !tile.tile<16xf32>, %i: !tile.tile<16xsi32>,
                       %j: !tile.tile<16xsi32>, %m: !tile.tile<16xi1>, %u: !tile.tile<16xui32>) {
  // CHECK: tile.add %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %0 = tile.add %a, %b : !tile.tile<16xf32>
  // CHECK: tile.sub %{{.*}}, %{{.*}} rounding rz : !tile.tile<16xf32>
  %1 = tile.sub %a, %b rounding rz : !tile.tile<16xf32>
  // CHECK: tile.mul %{{.*}}, %{{.*}} rounding rp ftz : !tile.tile<16xf32>
  %2 = tile.mul %a, %b rounding rp ftz : !tile.tile<16xf32>
  // CHECK: tile.div %{{.*}}, %{{.*}} rounding approx : !tile.tile<16xf32>
  %3 = tile.div %a, %b rounding approx : !tile.tile<16xf32>
  // CHECK: tile.div %{{.*}}, %{{.*}} : !tile.tile<16xsi32>
  %4 = tile.div %i, %j : !tile.tile<16xsi32>
  // CHECK: tile.floordiv %{{.*}}, %{{.*}} : !tile.tile<16xsi32>
  %5 = tile.floordiv %i, %j : !tile.tile<16xsi32>
  // CHECK: tile.rem %{{.*}}, %{{.*}} : !tile.tile<16xsi32>
  %6 = tile.rem %i, %j : !tile.tile<16xsi32>
  // CHECK: tile.mod %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %7 = tile.mod %a, %b : !tile.tile<16xf32>
  // CHECK: tile.pow %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %8 = tile.pow %a, %b : !tile.tile<16xf32>
  // CHECK: tile.maximum %{{.*}}, %{{.*}} propagate_nan : !tile.tile<16xf32>
  %9 = tile.maximum %a, %b propagate_nan : !tile.tile<16xf32>
  // CHECK: tile.minimum %{{.*}}, %{{.*}} ftz : !tile.tile<16xf32>
  %10 = tile.minimum %a, %b ftz : !tile.tile<16xf32>
  // CHECK: tile.and %{{.*}}, %{{.*}} : !tile.tile<16xi1>
  %11 = tile.and %m, %m : !tile.tile<16xi1>
  // CHECK: tile.or %{{.*}}, %{{.*}} : !tile.tile<16xui32>
  %12 = tile.or %u, %u : !tile.tile<16xui32>
  // CHECK: tile.xor %{{.*}}, %{{.*}} : !tile.tile<16xsi32>
  %13 = tile.xor %i, %j : !tile.tile<16xsi32>
  // CHECK: tile.shl %{{.*}}, %{{.*}} : !tile.tile<16xui32>
  %14 = tile.shl %u, %u : !tile.tile<16xui32>
  // CHECK: tile.shr %{{.*}}, %{{.*}} : !tile.tile<16xsi32>
  %15 = tile.shr %i, %j : !tile.tile<16xsi32>
  // CHECK: tile.cmp lt %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %16 = tile.cmp lt %a, %b : !tile.tile<16xf32>
  // CHECK: tile.select %{{.*}}, %{{.*}}, %{{.*}} : !tile.tile<16xf32>
  %17 = tile.select %16, %a, %b : !tile.tile<16xf32>
  // CHECK: tile.neg %{{.*}} : !tile.tile<16xf32>
  %18 = tile.neg %a : !tile.tile<16xf32>
  // CHECK: tile.not %{{.*}} : !tile.tile<16xui32>
  %19 = tile.not %u : !tile.tile<16xui32>
  // CHECK: tile.abs %{{.*}} : !tile.tile<16xsi32>
  %20 = tile.abs %i : !tile.tile<16xsi32>
  // CHECK: tile.math exp2 %{{.*}} rounding approx ftz : !tile.tile<16xf32>
  %21 = tile.math exp2 %a rounding approx ftz : !tile.tile<16xf32>
  // CHECK: tile.math sqrt %{{.*}} rounding rn : !tile.tile<16xf32>
  %22 = tile.math sqrt %a rounding rn : !tile.tile<16xf32>
  // CHECK: tile.math tanh %{{.*}} : !tile.tile<16xf32>
  %23 = tile.math tanh %a : !tile.tile<16xf32>
  // CHECK: tile.fma %{{.*}}, %{{.*}}, %{{.*}} rounding rz : !tile.tile<16xf32>
  %24 = tile.fma %a, %b, %a rounding rz : !tile.tile<16xf32>
  return
}

// The implicit form: broadcasting, promotion, loose constants.
// CHECK-LABEL: func.func @implicit(
func.func @implicit(%a: !tile.tile<4x1xf16>, %b: !tile.tile<8xf32>, %s: !tile.tile<si32>, %i: !tile.tile<8xsi32>) {
  %two = tile.literal 2
  // CHECK: tile.add %{{.*}}, %{{.*}} promote cutile : !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  %0 = tile.add %a, %b promote cutile : !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  // CHECK: tile.mul %{{.*}}, %{{.*}} promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
  %1 = tile.mul %a, %two promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
  // CHECK: tile.sub %{{.*}}, %{{.*}} promote tilecpp : !tile.tile<8xsi32>, !tile.tile<si32> -> !tile.tile<8xsi32>
  %2 = tile.sub %i, %s promote tilecpp : !tile.tile<8xsi32>, !tile.tile<si32> -> !tile.tile<8xsi32>
  // CHECK: tile.cmp ge %{{.*}}, %{{.*}} promote array_api : !tile.tile<8xsi32>, !tile.loose_int -> !tile.tile<8xi1>
  %3 = tile.cmp ge %i, %two promote array_api : !tile.tile<8xsi32>, !tile.loose_int -> !tile.tile<8xi1>
  // CHECK: tile.select %{{.*}}, %{{.*}}, %{{.*}} promote cutile : !tile.tile<8xi1>, !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  %4 = tile.select %3, %a, %b promote cutile : !tile.tile<8xi1>, !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  return
}

// CHECK-LABEL: func.func @conversions(
func.func @conversions(%a: !tile.tile<16xf32>, %i: !tile.tile<16xsi64>) {
  // CHECK: tile.convert %{{.*}} rounding rz : !tile.tile<16xf32> -> !tile.tile<16xf16>
  %0 = tile.convert %a rounding rz : !tile.tile<16xf32> -> !tile.tile<16xf16>
  // CHECK: tile.convert %{{.*}} : !tile.tile<16xf32> -> !tile.tile<16xf8E4M3FN>
  %1 = tile.convert %a : !tile.tile<16xf32> -> !tile.tile<16xf8E4M3FN>
  // CHECK: tile.convert %{{.*}} rounding rzi : !tile.tile<16xf32> -> !tile.tile<16xsi32>
  %2 = tile.convert %a rounding rzi : !tile.tile<16xf32> -> !tile.tile<16xsi32>
  // CHECK: tile.convert %{{.*}} rounding rm : !tile.tile<16xsi64> -> !tile.tile<16xf32>
  %3 = tile.convert %i rounding rm : !tile.tile<16xsi64> -> !tile.tile<16xf32>
  // CHECK: tile.bitcast %{{.*}} : !tile.tile<16xf32> -> !tile.tile<16xui32>
  %4 = tile.bitcast %a : !tile.tile<16xf32> -> !tile.tile<16xui32>
  // CHECK: tile.bitcast %{{.*}} : !tile.tile<16xsi64> -> !tile.tile<16x!tile.ptr<f32>>
  %5 = tile.bitcast %i : !tile.tile<16xsi64> -> !tile.tile<16x!tile.ptr<f32>>
  // CHECK: tile.bitcast %{{.*}} : !tile.tile<16xf32> -> !tile.tile<16xtf32>
  %bt = tile.bitcast %a : !tile.tile<16xf32> -> !tile.tile<16xtf32>
  // CHECK: tile.bitcast %{{.*}} : !tile.tile<16xui8> -> !tile.tile<16xf8E4M3FN>
  %u8 = tile.constant dense<56> : !tile.tile<16xui8>
  %b8 = tile.bitcast %u8 : !tile.tile<16xui8> -> !tile.tile<16xf8E4M3FN>
  return
}

// CHECK-LABEL: func.func @shapes(
func.func @shapes(%a: !tile.tile<4x1xf32>, %b: !tile.tile<16x8xf32>, %i: !tile.tile<si32>, %s: !tile.tile<f32>) {
  // CHECK: tile.broadcast %{{.*}} : !tile.tile<4x1xf32> -> !tile.tile<2x4x8xf32>
  %0 = tile.broadcast %a : !tile.tile<4x1xf32> -> !tile.tile<2x4x8xf32>
  // CHECK: tile.broadcast %{{.*}} : !tile.tile<f32> -> !tile.tile<16x8xf32>
  %1 = tile.broadcast %s : !tile.tile<f32> -> !tile.tile<16x8xf32>
  // CHECK: tile.reshape %{{.*}} : !tile.tile<16x8xf32> -> !tile.tile<128xf32>
  %2 = tile.reshape %b : !tile.tile<16x8xf32> -> !tile.tile<128xf32>
  // CHECK: tile.expand_dims %{{.*}}, 1 : !tile.tile<128xf32> -> !tile.tile<128x1xf32>
  %3 = tile.expand_dims %2, 1 : !tile.tile<128xf32> -> !tile.tile<128x1xf32>
  // CHECK: tile.permute %{{.*}} [1, 0] : !tile.tile<16x8xf32> -> !tile.tile<8x16xf32>
  %4 = tile.permute %b [1, 0] : !tile.tile<16x8xf32> -> !tile.tile<8x16xf32>
  // CHECK: tile.extract %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tile<16x8xf32> -> !tile.tile<4x8xf32>
  %5 = tile.extract %b[%i, %i] : !tile.tile<16x8xf32> -> !tile.tile<4x8xf32>
  // CHECK: tile.insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tile<4x8xf32> into !tile.tile<16x8xf32>
  %6 = tile.insert %5 into %b[%i, %i] : !tile.tile<4x8xf32> into !tile.tile<16x8xf32>
  // CHECK: tile.cat %{{.*}}, %{{.*}}, 0 : !tile.tile<16x8xf32> -> !tile.tile<32x8xf32>
  %7 = tile.cat %b, %6, 0 : !tile.tile<16x8xf32> -> !tile.tile<32x8xf32>
  return
}

// CHECK-LABEL: func.func @reductions(
func.func @reductions(%x: !tile.tile<16x8xf32>, %i: !tile.tile<16x8xsi32>) {
  // CHECK: tile.reduce sum %{{.*}} axes [1] : !tile.tile<16x8xf32> -> !tile.tile<16xf32>
  %0 = tile.reduce sum %x axes [1] : !tile.tile<16x8xf32> -> !tile.tile<16xf32>
  // CHECK: tile.reduce max %{{.*}} axes [0, 1] keepdims propagate_nan : !tile.tile<16x8xf32> -> !tile.tile<1x1xf32>
  %1 = tile.reduce max %x axes [0, 1] keepdims propagate_nan : !tile.tile<16x8xf32> -> !tile.tile<1x1xf32>
  // CHECK: tile.reduce xor %{{.*}} axes [0] : !tile.tile<16x8xsi32> -> !tile.tile<8xsi32>
  %2 = tile.reduce xor %i axes [0] : !tile.tile<16x8xsi32> -> !tile.tile<8xsi32>
  // CHECK: tile.argreduce max %{{.*}} axis 1 : !tile.tile<16x8xf32> -> !tile.tile<16xsi32>
  %3 = tile.argreduce max %x axis 1 : !tile.tile<16x8xf32> -> !tile.tile<16xsi32>
  // CHECK: tile.argreduce min %{{.*}} axis 0 keepdims : !tile.tile<16x8xf32> -> !tile.tile<1x8xsi64>
  %4 = tile.argreduce min %x axis 0 keepdims : !tile.tile<16x8xf32> -> !tile.tile<1x8xsi64>
  // CHECK: tile.reduce_with %{{.*}}, %{{.*}} axis 1 : (!tile.tile<16x8xf32>, !tile.tile<16x8xsi32>) -> (!tile.tile<16xf32>, !tile.tile<16xsi32>)
  // CHECK: ^bb0(%{{.*}}: !tile.tile<f32>, %{{.*}}: !tile.tile<si32>, %{{.*}}: !tile.tile<f32>, %{{.*}}: !tile.tile<si32>):
  // CHECK: tile.yield %{{.*}}, %{{.*}} : !tile.tile<f32>, !tile.tile<si32>
  %5:2 = tile.reduce_with %x, %i axis 1 : (!tile.tile<16x8xf32>, !tile.tile<16x8xsi32>) -> (!tile.tile<16xf32>, !tile.tile<16xsi32>) {
  ^bb0(%av: !tile.tile<f32>, %ai: !tile.tile<si32>, %bv: !tile.tile<f32>, %bi: !tile.tile<si32>):
    %gt = tile.cmp gt %bv, %av : !tile.tile<f32>
    %v = tile.select %gt, %bv, %av : !tile.tile<f32>
    %k = tile.select %gt, %bi, %ai : !tile.tile<si32>
    tile.yield %v, %k : !tile.tile<f32>, !tile.tile<si32>
  }
  // CHECK: tile.scan sum %{{.*}} axis 1 reverse : !tile.tile<16x8xsi32>
  %6 = tile.scan sum %i axis 1 reverse : !tile.tile<16x8xsi32>
  // CHECK: tile.scan_with %{{.*}} axis 0 : (!tile.tile<16x8xf32>) -> !tile.tile<16x8xf32>
  %7 = tile.scan_with %x axis 0 : (!tile.tile<16x8xf32>) -> !tile.tile<16x8xf32> {
  ^bb0(%p: !tile.tile<f32>, %q: !tile.tile<f32>):
    %r = tile.mul %p, %q : !tile.tile<f32>
    tile.yield %r : !tile.tile<f32>
  }
  return
}

// CHECK-LABEL: func.func @matrices(
func.func @matrices(%a: !tile.tile<64x32xf16>, %b: !tile.tile<32x16xf16>, %c: !tile.tile<64x16xf32>,
                    %d: !tile.tile<2x16x32xf8E4M3FN>, %e: !tile.tile<2x32x16xf8E4M3FN>, %f: !tile.tile<2x16x16xf16>,
                    %g: !tile.tile<16x32xsi8>, %h: !tile.tile<32x16xsi8>, %t: !tile.tile<64x32xtf32>, %u: !tile.tile<32x16xtf32>) {
  // CHECK: tile.mma %{{.*}}, %{{.*}}, %{{.*}} : !tile.tile<64x32xf16>, !tile.tile<32x16xf16>, !tile.tile<64x16xf32>
  %0 = tile.mma %a, %b, %c : !tile.tile<64x32xf16>, !tile.tile<32x16xf16>, !tile.tile<64x16xf32>
  // CHECK: tile.mma %{{.*}}, %{{.*}}, %{{.*}} : !tile.tile<2x16x32xf8E4M3FN>, !tile.tile<2x32x16xf8E4M3FN>, !tile.tile<2x16x16xf16>
  %1 = tile.mma %d, %e, %f : !tile.tile<2x16x32xf8E4M3FN>, !tile.tile<2x32x16xf8E4M3FN>, !tile.tile<2x16x16xf16>
  // CHECK: tile.matmul %{{.*}}, %{{.*}} : !tile.tile<16x32xsi8>, !tile.tile<32x16xsi8> -> !tile.tile<16x16xsi32>
  %2 = tile.matmul %g, %h : !tile.tile<16x32xsi8>, !tile.tile<32x16xsi8> -> !tile.tile<16x16xsi32>
  // CHECK: tile.mma %{{.*}}, %{{.*}}, %{{.*}} : !tile.tile<64x32xtf32>, !tile.tile<32x16xtf32>, !tile.tile<64x16xf32>
  %3 = tile.mma %t, %u, %c : !tile.tile<64x32xtf32>, !tile.tile<32x16xtf32>, !tile.tile<64x16xf32>
  return
}

// CHECK-LABEL: func.func @scalars(
func.func @scalars(%n: !tile.tile<si32>, %m: !tile.tile<i1>, %f: !tile.tile<f32>, %u: !tile.tile<ui64>) -> (!tile.tile<si32>, i1, f32, i64) {
  // CHECK: tile.to_scalar %{{.*}} : !tile.tile<si32> -> index
  %i = tile.to_scalar %n : !tile.tile<si32> -> index
  // CHECK: tile.from_scalar %{{.*}} : index -> !tile.tile<si32>
  %k = tile.from_scalar %i : index -> !tile.tile<si32>
  // CHECK: tile.to_scalar %{{.*}} : !tile.tile<i1> -> i1
  %b = tile.to_scalar %m : !tile.tile<i1> -> i1
  // CHECK: tile.to_scalar %{{.*}} : !tile.tile<f32> -> f32
  %x = tile.to_scalar %f : !tile.tile<f32> -> f32
  // CHECK: tile.to_scalar %{{.*}} : !tile.tile<ui64> -> i64
  %w = tile.to_scalar %u : !tile.tile<ui64> -> i64
  return %k, %b, %x, %w : !tile.tile<si32>, i1, f32, i64
}

// Shared buffers and asynchronous copies (made by tile-pipeline-loads), and
// the mma fragment layouts.
// CHECK-LABEL: func.func @shared_memory(
func.func @shared_memory(%a: !tile.array<?x?xf16, strides [?, 1]>, %a3: !tile.array<?x?x?xf16, strides [?, ?, 1]>, %i: !tile.tile<si32>, %s: index, %phase: i1, %map: !llvm.ptr) -> !tile.tile<64x16xf16> {
  %v3 = tile.make_view %a3 : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
  %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
  // CHECK: %[[BUF:.*]] = tile.alloc_shared : !tile.shared<3x64x32xf16>
  %buf = tile.alloc_shared : !tile.shared<3x64x32xf16>
  // CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[BUF]][%{{.*}}] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  tile.async_copy %v[%i, %i], %buf[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  // CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[BUF]][%{{.*}}] inside : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  tile.async_copy %v[%i, %i], %buf[%s] inside : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  // A batch's matrix: the stage drops the view tile's leading unit dimension.
  // CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[BUF]][%{{.*}}] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  tile.async_copy %v3[%i, %i, %i], %buf[%s] : !tile.view<1x64x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<3x64x32xf16>
  // CHECK: tile.async_commit
  tile.async_commit
  // CHECK: tile.async_wait {pending = 1 : i64}
  tile.async_wait {pending = 1}
  // Tensor copies: barriers, a copy that completes one, its wait; the
  // tensor map operand convert-tile-to-llvm gives it.
  // CHECK: %[[BARS:.*]] = tile.alloc_barriers {arrivals = 2 : i64} : !tile.barriers<3>
  %bars = tile.alloc_barriers {arrivals = 2} : !tile.barriers<3>
  // CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[BUF]][%{{.*}}] barrier %[[BARS]][%{{.*}}] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>, !tile.barriers<3>
  tile.async_copy %v[%i, %i], %buf[%s] barrier %bars[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>, !tile.barriers<3>
  // CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[BUF]][%{{.*}}] barrier %[[BARS]][%{{.*}}] tensor_map %{{.*}} : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>, !tile.barriers<3>, !llvm.ptr
  tile.async_copy %v[%i, %i], %buf[%s] barrier %bars[%s] tensor_map %map : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x64x32xf16>, !tile.barriers<3>, !llvm.ptr
  // CHECK: tile.barrier_wait %[[BARS]][%{{.*}}], %{{.*}} : !tile.barriers<3>
  tile.barrier_wait %bars[%s], %phase : !tile.barriers<3>
  // CHECK: tile.local_load %[[BUF]][%{{.*}}] : !tile.shared<3x64x32xf16> -> !tile.tile<64x32xf16>
  %t = tile.local_load %buf[%s] : !tile.shared<3x64x32xf16> -> !tile.tile<64x32xf16>
  // CHECK: tile.local_load %[[BUF]][%{{.*}}] offsets [0, 16] : !tile.shared<3x64x32xf16> -> !tile.tile<64x16xf16>
  %h = tile.local_load %buf[%s] offsets [0, 16] : !tile.shared<3x64x32xf16> -> !tile.tile<64x16xf16>
  // CHECK: tile.local_load %[[BUF]][%{{.*}}] offsets [0, 16] transpose : !tile.shared<3x64x32xf16> -> !tile.tile<16x64xf16>
  %ht = tile.local_load %buf[%s] offsets [0, 16] transpose : !tile.shared<3x64x32xf16> -> !tile.tile<16x64xf16>
  // CHECK: tile.local_store %{{.*}}, %[[BUF]][%{{.*}}] : !tile.tile<64x32xf16>, !tile.shared<3x64x32xf16>
  tile.local_store %t, %buf[%s] : !tile.tile<64x32xf16>, !tile.shared<3x64x32xf16>
  // CHECK: tile.local_store %{{.*}}, %[[BUF]][%{{.*}}] transpose : !tile.tile<32x64xf16>, !tile.shared<3x64x32xf16>
  %tt = tile.local_load %buf[%s] transpose : !tile.shared<3x64x32xf16> -> !tile.tile<32x64xf16>
  tile.local_store %tt, %buf[%s] transpose : !tile.tile<32x64xf16>, !tile.shared<3x64x32xf16>
  // CHECK: %[[IB:.*]] = tile.alloc_shared : !tile.shared<1x32x64xtf32, interleaved>
  %ib = tile.alloc_shared : !tile.shared<1x32x64xtf32, interleaved>
  // CHECK: tile.local_load %[[IB]][%{{.*}}] offsets [8, 0] : !tile.shared<1x32x64xtf32, interleaved> -> !tile.tile<8x64xtf32>
  %ir = tile.local_load %ib[%s] offsets [8, 0] : !tile.shared<1x32x64xtf32, interleaved> -> !tile.tile<8x64xtf32>
  // CHECK: tile.shared_mma %[[BUF]][%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}} : !tile.shared<3x64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  %b = tile.alloc_shared : !tile.shared<3x32x64xf16>
  %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
  %p = tile.shared_mma %buf[%s], %b[%s], %zero : !tile.shared<3x64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  // CHECK: %[[Q:.*]] = tile.shared_mma %[[BUF]][%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}} {pending = 1 : i64} : !tile.shared<3x64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  %q = tile.shared_mma %buf[%s], %b[%s], %p {pending = 1} : !tile.shared<3x64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  // CHECK: tile.mma_wait %[[Q]], %{{.*}} {pending = 0 : i64} : !tile.tile<64x64xf32>, !tile.tile<64x64xf32>
  %w:2 = tile.mma_wait %q, %p {pending = 0} : !tile.tile<64x64xf32>, !tile.tile<64x64xf32>
  // CHECK: tile.shared_mma %[[BUF]][%{{.*}}], %[[BT:.*]][%{{.*}}] transpose, %{{.*}} : !tile.shared<3x64x32xf16>, !tile.shared<3x64x32xf16>, !tile.tile<64x64xf32>
  %bt = tile.alloc_shared : !tile.shared<3x64x32xf16>
  %r = tile.shared_mma %buf[%s], %bt[%s] transpose, %zero : !tile.shared<3x64x32xf16>, !tile.shared<3x64x32xf16>, !tile.tile<64x64xf32>
  // A tile A (registers), B a stage of B or of Bᵀ.
  // CHECK: tile.shared_mma %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : !tile.tile<64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  %ra = tile.constant dense<1.0> : !tile.tile<64x32xf16>
  %ru = tile.shared_mma %ra, %b[%s], %zero : !tile.tile<64x32xf16>, !tile.shared<3x32x64xf16>, !tile.tile<64x64xf32>
  // CHECK: tile.shared_mma %{{.*}}, %{{.*}}[%{{.*}}] transpose, %{{.*}} : !tile.tile<64x32xf16>, !tile.shared<3x64x32xf16>, !tile.tile<64x64xf32>
  %rv = tile.shared_mma %ra, %bt[%s] transpose, %zero : !tile.tile<64x32xf16>, !tile.shared<3x64x32xf16>, !tile.tile<64x64xf32>
  return %h : !tile.tile<64x16xf16>
}

// CHECK-LABEL: func.func @mma_layouts(
// CHECK-SAME: !tile.tile<32x16xf16, #mma_operand>, %{{.*}}: !tile.tile<16x32xf16, #mma_operand1>, %{{.*}}: !tile.tile<32x32xf32, #mma_accumulator>
func.func @mma_layouts(
    %a: !tile.tile<32x16xf16, #tile.mma_operand<operand = 0, bits = 16, parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>>,
    %b: !tile.tile<16x32xf16, #tile.mma_operand<operand = 1, bits = 16, parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>>,
    %c: !tile.tile<32x32xf32, #tile.mma_accumulator<warpsPerCTA = [2, 2]>>) -> !tile.tile<32x32xf32, #tile.mma_accumulator<warpsPerCTA = [2, 2]>> {
  %d = tile.mma %a, %b, %c : !tile.tile<32x16xf16, #tile.mma_operand<operand = 0, bits = 16, parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>>, !tile.tile<16x32xf16, #tile.mma_operand<operand = 1, bits = 16, parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>>, !tile.tile<32x32xf32, #tile.mma_accumulator<warpsPerCTA = [2, 2]>>
  return %d : !tile.tile<32x32xf32, #tile.mma_accumulator<warpsPerCTA = [2, 2]>>
}

// A kernel ended by a producer warp beside its warps: the producer's
// thread waits for free stages and starts tensor copies, the consumers wait
// for the copies and release the stages, each warp once.
// CHECK-LABEL: gpu.func @warp_specialized(
// CHECK: %[[FULL:.*]] = tile.alloc_barriers {arrivals = 1 : i64} : !tile.barriers<2>
// CHECK: %[[EMPTY:.*]] = tile.alloc_barriers {arrivals = 4 : i64} : !tile.barriers<2>
// CHECK: tile.warp_specialize producer_warps = 1 {
// CHECK: tile.barrier_wait %[[EMPTY]][%{{.*}}], %{{.*}} : !tile.barriers<2>
// CHECK: tile.async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] barrier %[[FULL]][%{{.*}}]
// CHECK: } consumer {
// CHECK: tile.barrier_wait %[[FULL]][%{{.*}}], %{{.*}} : !tile.barriers<2>
// CHECK: tile.barrier_arrive %[[EMPTY]][%{{.*}}] : !tile.barriers<2>
// CHECK: }
// CHECK-NEXT: gpu.return
gpu.module @specialized {
  gpu.func @warp_specialized(%a: !tile.array<?x?xf16, strides [?, 1]>, %i: !tile.tile<si32>, %s: index, %phase: i1) kernel attributes {tile.num_warps = 4} {
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %full = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    %empty = tile.alloc_barriers {arrivals = 4} : !tile.barriers<2>
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.warp_specialize producer_warps = 1 {
      tile.barrier_wait %empty[%s], %phase : !tile.barriers<2>
      tile.async_copy %v[%i, %i], %buf[%s] barrier %full[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>, !tile.barriers<2>
    } consumer {
      tile.barrier_wait %full[%s], %phase : !tile.barriers<2>
      %t = tile.local_load %buf[%s] : !tile.shared<2x64x32xf16> -> !tile.tile<64x32xf16>
      tile.barrier_arrive %empty[%s] : !tile.barriers<2>
      tile.store %t, %v[%i, %i] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    }
    gpu.return
  }
}

// Lists of arrays: length and element.
// CHECK-LABEL: func.func @lists
// CHECK-SAME: !tile.list<!tile.array<?x?xf16, strides [?, 1]>> {tile.alignment = 16 : i64}
func.func @lists(%as: !tile.list<!tile.array<?x?xf16, strides [?, 1]>> {tile.alignment = 16 : i64}) {
  // CHECK: %[[N:.*]] = tile.list_len %{{.*}} : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
  %n = tile.list_len %as : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
  // CHECK: tile.list_get %{{.*}}[%[[N]]] : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
  %a = tile.list_get %as[%n] : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
  %d = tile.array_dim %a, 1 : !tile.array<?x?xf16, strides [?, 1]>
  return
}
