// Folds and canonicalization patterns of the tile ops.
// RUN: cudapy-opt %s --canonicalize --split-input-file | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @constants(
func.func @constants() -> (!tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<4xui8>) {
  // CHECK-DAG: %[[I:.*]] = tile.constant dense<42> : !tile.tile<8xsi32>
  // CHECK-DAG: %[[F:.*]] = tile.constant dense<7.500000e+00> : !tile.tile<8xf32>
  // CHECK-DAG: %[[M:.*]] = tile.constant dense<-3> : !tile.tile<8xsi32>
  // CHECK-DAG: %[[N:.*]] = tile.constant dense<0x7FC00000> : !tile.tile<8xf32>
  // CHECK-DAG: %[[U:.*]] = tile.constant dense<200> : !tile.tile<4xui8>
  // CHECK: return %[[I]], %[[F]], %[[M]], %[[N]], %[[U]]
  %a = tile.constant dense<40> : !tile.tile<8xsi32>
  %b = tile.constant dense<2> : !tile.tile<8xsi32>
  %sum = tile.add %a, %b : !tile.tile<8xsi32>
  %x = tile.constant dense<2.5> : !tile.tile<8xf32>
  %y = tile.constant dense<3.0> : !tile.tile<8xf32>
  %prod = tile.mul %x, %y : !tile.tile<8xf32>
  // min of signed values, the NaN-propagating max of floats.
  %m3 = tile.constant dense<-3> : !tile.tile<8xsi32>
  %min = tile.minimum %m3, %b : !tile.tile<8xsi32>
  %nan = tile.constant dense<0x7FC00000> : !tile.tile<8xf32>
  %max = tile.maximum %x, %nan propagate_nan : !tile.tile<8xf32>
  // unsigned comparison: 200 > 100 as uint8.
  %u1 = tile.constant dense<200> : !tile.tile<4xui8>
  %u2 = tile.constant dense<100> : !tile.tile<4xui8>
  %umax = tile.maximum %u1, %u2 : !tile.tile<4xui8>
  return %sum, %prod, %min, %max, %umax : !tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<4xui8>
}

// Without propagate_nan, max drops the NaN (Tile C++ "Suppress NaN").
// CHECK-LABEL: func.func @suppress_nan(
// CHECK: %[[X:.*]] = tile.constant dense<2.500000e+00> : !tile.tile<8xf32>
// CHECK: return %[[X]]
func.func @suppress_nan() -> !tile.tile<8xf32> {
  %x = tile.constant dense<2.5> : !tile.tile<8xf32>
  %nan = tile.constant dense<0x7FC00000> : !tile.tile<8xf32>
  %max = tile.maximum %x, %nan : !tile.tile<8xf32>
  return %max : !tile.tile<8xf32>
}

// A rounding mode other than the default keeps the op.
// CHECK-LABEL: func.func @rounding_kept(
// CHECK: tile.add %{{.*}}, %{{.*}} rounding rz
func.func @rounding_kept() -> !tile.tile<8xf32> {
  %x = tile.constant dense<1.0> : !tile.tile<8xf32>
  %y = tile.constant dense<1.0e-10> : !tile.tile<8xf32>
  %s = tile.add %x, %y rounding rz : !tile.tile<8xf32>
  return %s : !tile.tile<8xf32>
}

// CHECK-LABEL: func.func @identities(
// CHECK-SAME: %[[A:.*]]: !tile.tile<8xsi32>, %[[F:.*]]: !tile.tile<8xf32>, %[[M:.*]]: !tile.tile<8xi1>
func.func @identities(%a: !tile.tile<8xsi32>, %f: !tile.tile<8xf32>, %m: !tile.tile<8xi1>)
    -> (!tile.tile<8xsi32>, !tile.tile<8xsi32>, !tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<8xf32>, !tile.tile<8xi1>, !tile.tile<8xf32>, !tile.tile<8xsi32>) {
  %zero = tile.constant dense<0> : !tile.tile<8xsi32>
  %one = tile.constant dense<1> : !tile.tile<8xsi32>
  %0 = tile.add %a, %zero : !tile.tile<8xsi32>
  %1 = tile.mul %a, %one : !tile.tile<8xsi32>
  %2 = tile.sub %a, %zero : !tile.tile<8xsi32>
  %n = tile.neg %f : !tile.tile<8xf32>
  %3 = tile.neg %n : !tile.tile<8xf32>
  %4 = tile.maximum %f, %f : !tile.tile<8xf32>
  %nm = tile.not %m : !tile.tile<8xi1>
  %5 = tile.not %nm : !tile.tile<8xi1>
  %t = tile.constant dense<true> : !tile.tile<8xi1>
  %6 = tile.select %t, %f, %n : !tile.tile<8xf32>
  %7 = tile.select %m, %a, %a : !tile.tile<8xsi32>
  // CHECK: return %[[A]], %[[A]], %[[A]], %[[F]], %[[F]], %[[M]], %[[F]], %[[A]]
  return %0, %1, %2, %3, %4, %5, %6, %7 : !tile.tile<8xsi32>, !tile.tile<8xsi32>, !tile.tile<8xsi32>, !tile.tile<8xf32>, !tile.tile<8xf32>, !tile.tile<8xi1>, !tile.tile<8xf32>, !tile.tile<8xsi32>
}

// x + 0.0 is not x for floats (-0.0 + 0.0 is +0.0): kept.
// CHECK-LABEL: func.func @float_add_zero(
// CHECK: tile.add
func.func @float_add_zero(%f: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %zero = tile.constant dense<0.0> : !tile.tile<8xf32>
  %0 = tile.add %f, %zero : !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// CHECK-LABEL: func.func @conversions(
// CHECK-SAME: %[[X:.*]]: !tile.tile<8xf32>
func.func @conversions(%x: !tile.tile<8xf32>) -> (!tile.tile<8xf32>, !tile.tile<8xf16>, !tile.tile<8xf32>, !tile.tile<8xsi8>, !tile.tile<8xf32>, !tile.tile<8xsi32>) {
  // CHECK-DAG: %[[H:.*]] = tile.constant dense<3.000000e+00> : !tile.tile<8xf16>
  // CHECK-DAG: %[[F:.*]] = tile.constant dense<-1.000000e+00> : !tile.tile<8xf32>
  // CHECK-DAG: %[[W:.*]] = tile.constant dense<44> : !tile.tile<8xsi8>
  // CHECK-DAG: %[[U:.*]] = tile.constant dense<2.550000e+02> : !tile.tile<8xf32>
  %0 = tile.convert %x : !tile.tile<8xf32> -> !tile.tile<8xf32>
  %three = tile.constant dense<3.0> : !tile.tile<8xf32>
  %1 = tile.convert %three : !tile.tile<8xf32> -> !tile.tile<8xf16>
  %m1 = tile.constant dense<-1> : !tile.tile<8xsi32>
  %2 = tile.convert %m1 : !tile.tile<8xsi32> -> !tile.tile<8xf32>
  // Integers wrap: 300 is 44 as int8.
  %big = tile.constant dense<300> : !tile.tile<8xsi32>
  %3 = tile.convert %big : !tile.tile<8xsi32> -> !tile.tile<8xsi8>
  // An unsigned source converts as unsigned.
  %u = tile.constant dense<255> : !tile.tile<8xui8>
  %4 = tile.convert %u : !tile.tile<8xui8> -> !tile.tile<8xf32>
  // Float to integer is not folded (saturation and NaN are the lowering's).
  // CHECK: tile.convert %{{.*}} : !tile.tile<8xf32> -> !tile.tile<8xsi32>
  %5 = tile.convert %three : !tile.tile<8xf32> -> !tile.tile<8xsi32>
  %two = tile.constant dense<2.0> : !tile.tile<8xf32>
  %6 = tile.convert %two : !tile.tile<8xf32> -> !tile.tile<8xsi32>
  %7 = tile.bitcast %6 : !tile.tile<8xsi32> -> !tile.tile<8xui32>
  %8 = tile.bitcast %7 : !tile.tile<8xui32> -> !tile.tile<8xsi32>
  // CHECK: return %[[X]], %[[H]], %[[F]], %[[W]], %[[U]], %{{.*}}
  return %0, %1, %2, %3, %4, %8 : !tile.tile<8xf32>, !tile.tile<8xf16>, !tile.tile<8xf32>, !tile.tile<8xsi8>, !tile.tile<8xf32>, !tile.tile<8xsi32>
}

// A bitcast to tf32 drops the container's low bits: a chain through one
// stays; one from tf32 folds into the next.
// CHECK-LABEL: func.func @bitcasts_tf32(
// CHECK-SAME: %[[A:.*]]: !tile.tile<8xf32>, %[[T:.*]]: !tile.tile<8xtf32>
// CHECK: %[[D:.*]] = tile.bitcast %[[A]] : !tile.tile<8xf32> -> !tile.tile<8xtf32>
// CHECK: %[[B:.*]] = tile.bitcast %[[D]] : !tile.tile<8xtf32> -> !tile.tile<8xui32>
// CHECK: %[[C:.*]] = tile.bitcast %[[T]] : !tile.tile<8xtf32> -> !tile.tile<8xsi32>
// CHECK: return %[[B]], %[[C]]
func.func @bitcasts_tf32(%a: !tile.tile<8xf32>, %t: !tile.tile<8xtf32>) -> (!tile.tile<8xui32>, !tile.tile<8xsi32>) {
  %0 = tile.bitcast %a : !tile.tile<8xf32> -> !tile.tile<8xtf32>
  %1 = tile.bitcast %0 : !tile.tile<8xtf32> -> !tile.tile<8xui32>
  %2 = tile.bitcast %t : !tile.tile<8xtf32> -> !tile.tile<8xui32>
  %3 = tile.bitcast %2 : !tile.tile<8xui32> -> !tile.tile<8xsi32>
  return %1, %3 : !tile.tile<8xui32>, !tile.tile<8xsi32>
}

// CHECK-LABEL: func.func @shapes(
// CHECK-SAME: %[[X:.*]]: !tile.tile<4x1xf32>, %[[Y:.*]]: !tile.tile<4x8xf32>
func.func @shapes(%x: !tile.tile<4x1xf32>, %y: !tile.tile<4x8xf32>)
    -> (!tile.tile<2x4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<8x4xf32>, !tile.tile<32xf32>, !tile.tile<4x8xf32>, !tile.tile<16x8xf32>, !tile.tile<4x1x8xf32>, !tile.tile<4x8xf32>) {
  // CHECK: %[[C:.*]] = tile.constant dense<1.000000e+00> : !tile.tile<16x8xf32>
  // broadcast of broadcast: one broadcast.
  // CHECK: %[[B:.*]] = tile.broadcast %[[X]] : !tile.tile<4x1xf32> -> !tile.tile<2x4x8xf32>
  %b1 = tile.broadcast %x : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
  %b2 = tile.broadcast %b1 : !tile.tile<4x8xf32> -> !tile.tile<2x4x8xf32>
  // identity broadcast, permute and reshape vanish.
  %b3 = tile.broadcast %y : !tile.tile<4x8xf32> -> !tile.tile<4x8xf32>
  // permute of permute composes: [1, 0] after [1, 0] is the identity.
  %p1 = tile.permute %y [1, 0] : !tile.tile<4x8xf32> -> !tile.tile<8x4xf32>
  %p2 = tile.permute %p1 [1, 0] : !tile.tile<8x4xf32> -> !tile.tile<4x8xf32>
  %p3 = tile.permute %p2 [1, 0] : !tile.tile<4x8xf32> -> !tile.tile<8x4xf32>
  // CHECK: %[[P:.*]] = tile.permute %[[Y]] [1, 0] : !tile.tile<4x8xf32> -> !tile.tile<8x4xf32>
  // reshape of reshape: one reshape.
  // CHECK: %[[R:.*]] = tile.reshape %[[Y]] : !tile.tile<4x8xf32> -> !tile.tile<32xf32>
  %r1 = tile.reshape %y : !tile.tile<4x8xf32> -> !tile.tile<2x16xf32>
  %r2 = tile.reshape %r1 : !tile.tile<2x16xf32> -> !tile.tile<32xf32>
  %r3 = tile.reshape %r2 : !tile.tile<32xf32> -> !tile.tile<4x8xf32>
  // Constants broadcast, permute and reshape as constants.
  %one = tile.constant dense<1.0> : !tile.tile<f32>
  %c1 = tile.broadcast %one : !tile.tile<f32> -> !tile.tile<8x16xf32>
  %c2 = tile.permute %c1 [1, 0] : !tile.tile<8x16xf32> -> !tile.tile<16x8xf32>
  // expand_dims is a reshape.
  // CHECK: %[[E:.*]] = tile.reshape %[[Y]] : !tile.tile<4x8xf32> -> !tile.tile<4x1x8xf32>
  %e = tile.expand_dims %y, 1 : !tile.tile<4x8xf32> -> !tile.tile<4x1x8xf32>
  // Reducing extents of 1 with keepdims is the identity.
  %s = tile.reduce sum %x axes [1] keepdims : !tile.tile<4x1xf32> -> !tile.tile<4x1xf32>
  %sb = tile.broadcast %s : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
  // CHECK: %[[SB:.*]] = tile.broadcast %[[X]] : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
  // CHECK: return %[[B]], %[[Y]], %[[P]], %[[R]], %[[Y]], %[[C]], %[[E]], %[[SB]]
  return %b2, %b3, %p3, %r2, %r3, %c2, %e, %sb : !tile.tile<2x4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<8x4xf32>, !tile.tile<32xf32>, !tile.tile<4x8xf32>, !tile.tile<16x8xf32>, !tile.tile<4x1x8xf32>, !tile.tile<4x8xf32>
}

// Static extents fold array_dim and num_tiles: ceildiv(100, 32) = 4.
// CHECK-LABEL: func.func @static_extents(
func.func @static_extents(%a: !tile.array<100x?xf32>) -> (!tile.tile<si32>, !tile.tile<si32>, !tile.tile<si32>) {
  // CHECK-DAG: %[[E:.*]] = tile.constant dense<100> : !tile.tile<si32>
  // CHECK-DAG: %[[N:.*]] = tile.constant dense<4> : !tile.tile<si32>
  // CHECK-DAG: %[[D:.*]] = tile.array_dim %{{.*}}, 1
  // CHECK: return %[[E]], %[[N]], %[[D]]
  %v = tile.make_view %a : !tile.array<100x?xf32> -> !tile.view<32x16, !tile.array<100x?xf32>>
  %e = tile.array_dim %a, 0 : !tile.array<100x?xf32>
  %n = tile.num_tiles %v, 0 : !tile.view<32x16, !tile.array<100x?xf32>>
  %d = tile.array_dim %a, 1 : !tile.array<100x?xf32>
  return %e, %n, %d : !tile.tile<si32>, !tile.tile<si32>, !tile.tile<si32>
}

// Static strides fold array_stride; dynamic ones stay.
// CHECK-LABEL: func.func @static_strides(
func.func @static_strides(%a: !tile.array<?x?xf32, strides [?, 1]>) -> (!tile.tile<si64>, !tile.tile<si64>) {
  // CHECK-DAG: %[[ONE:.*]] = tile.constant dense<1> : !tile.tile<si64>
  // CHECK-DAG: %[[S:.*]] = tile.array_stride %{{.*}}, 0
  // CHECK: return %[[S]], %[[ONE]]
  %s0 = tile.array_stride %a, 0 : !tile.array<?x?xf32, strides [?, 1]>
  %s1 = tile.array_stride %a, 1 : !tile.array<?x?xf32, strides [?, 1]>
  return %s0, %s1 : !tile.tile<si64>, !tile.tile<si64>
}

// The implicit form is not folded (the pass rewrites it first).
// CHECK-LABEL: func.func @implicit_kept(
// CHECK: tile.add %{{.*}}, %{{.*}} promote cutile
func.func @implicit_kept(%a: !tile.tile<8xsi32>) -> !tile.tile<8xsi32> {
  %zero = tile.literal 0
  %0 = tile.add %a, %zero promote cutile : !tile.tile<8xsi32>, !tile.loose_int -> !tile.tile<8xsi32>
  return %0 : !tile.tile<8xsi32>
}

// Ops without folds: what is read and not used vanishes, what writes
// memory stays.
// CHECK-LABEL: func.func @effects(
func.func @effects(%v: !tile.view<64, !tile.array<?xf32>>, %a: !tile.array<?xf32>, %i: !tile.tile<si32>,
                   %idx: !tile.tile<64xsi32>, %p: !tile.tile<64x!tile.ptr<f32>>, %x: !tile.tile<64xf32>) -> !tile.tile<64xf32> {
  // CHECK-NOT: tile.load
  // CHECK-NOT: tile.gather
  // CHECK-NOT: tile.load_ptr
  // CHECK-NOT: tile.iota
  // CHECK-NOT: tile.reduce
  %l = tile.load %v[%i] : !tile.view<64, !tile.array<?xf32>>
  %g = tile.gather %a[%idx] : !tile.array<?xf32>[!tile.tile<64xsi32>] -> !tile.tile<64xf32>
  %q = tile.load_ptr %p : !tile.tile<64x!tile.ptr<f32>> -> !tile.tile<64xf32>
  %io = tile.iota : !tile.tile<64xsi32>
  %r = tile.reduce sum %x axes [0] : !tile.tile<64xf32> -> !tile.tile<f32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}]
  // CHECK: tile.scatter
  // CHECK: tile.store_ptr
  // CHECK: %[[OLD:.*]] = tile.atomic_rmw add
  // CHECK: tile.atomic_cas
  // CHECK: return %[[OLD]]
  tile.store %x, %v[%i] : !tile.view<64, !tile.array<?xf32>>
  tile.scatter %x, %a[%idx] : !tile.tile<64xf32>, !tile.array<?xf32>[!tile.tile<64xsi32>]
  tile.store_ptr %x, %p : !tile.tile<64xf32>, !tile.tile<64x!tile.ptr<f32>>
  %old = tile.atomic_rmw add %p, %x memory relaxed scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>
  %cas = tile.atomic_cas %p, %x, %old memory relaxed scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>
  return %old : !tile.tile<64xf32>
}
