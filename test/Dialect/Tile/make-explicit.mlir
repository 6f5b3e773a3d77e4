// tile-make-explicit: the implicit form's broadcasts, promotions and loose
// constants become tile.broadcast, tile.convert and tile.constant.
// RUN: cudapy-opt %s --tile-make-explicit --split-input-file --verify-diagnostics | FileCheck %s --enable-var-scope

// cuTile Python: a loose integer takes float16's dtype; float16 and float32
// promote to float32; the shapes broadcast to (4, 8).
// CHECK-LABEL: func.func @cutile(
// CHECK-SAME: %[[X:.*]]: !tile.tile<4x1xf16>, %[[W:.*]]: !tile.tile<8xf32>
func.func @cutile(%x: !tile.tile<4x1xf16>, %w: !tile.tile<8xf32>) -> !tile.tile<4x8xf32> {
  // CHECK-NOT: tile.literal
  // CHECK: %[[TWO:.*]] = tile.constant dense<2.000000e+00> : !tile.tile<4x1xf16>
  // CHECK: %[[Y:.*]] = tile.mul %[[X]], %[[TWO]] : !tile.tile<4x1xf16>
  // CHECK: %[[YC:.*]] = tile.convert %[[Y]] : !tile.tile<4x1xf16> -> !tile.tile<4x1xf32>
  // CHECK: %[[YB:.*]] = tile.broadcast %[[YC]] : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
  // CHECK: %[[WB:.*]] = tile.broadcast %[[W]] : !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  // CHECK: %[[Z:.*]] = tile.add %[[YB]], %[[WB]] : !tile.tile<4x8xf32>
  // CHECK: return %[[Z]]
  %two = tile.literal 2
  %y = tile.mul %x, %two promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
  %z = tile.add %y, %w promote cutile : !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  return %z : !tile.tile<4x8xf32>
}

// A loose integer meeting a float is that float; a loose float meeting
// integers is float32 (the higher category's dtype).
// CHECK-LABEL: func.func @cutile_loose(
func.func @cutile_loose(%i: !tile.tile<16xsi16>, %b: !tile.tile<16xi1>, %f: !tile.tile<16xf64>) -> (!tile.tile<16xf64>, !tile.tile<16xf32>, !tile.tile<16xsi16>) {
  // CHECK: %[[BIG:.*]] = tile.constant dense<0x41F0000000000000> : !tile.tile<16xf64>
  // CHECK: tile.add %{{.*}}, %[[BIG]] : !tile.tile<16xf64>
  %big = tile.literal 4294967296
  %0 = tile.add %f, %big promote cutile : !tile.tile<16xf64>, !tile.loose_int -> !tile.tile<16xf64>
  // CHECK: %[[HALF:.*]] = tile.constant dense<5.000000e-01> : !tile.tile<16xf32>
  // CHECK: %[[BC:.*]] = tile.convert %{{.*}} : !tile.tile<16xi1> -> !tile.tile<16xf32>
  // CHECK: tile.mul %[[BC]], %[[HALF]] : !tile.tile<16xf32>
  %half = tile.literal 0.5
  %1 = tile.mul %half, %b promote cutile : !tile.loose_float, !tile.tile<16xi1> -> !tile.tile<16xf32>
  // CHECK: %[[M1:.*]] = tile.constant dense<-1> : !tile.tile<16xsi16>
  // CHECK: tile.maximum %{{.*}}, %[[M1]] : !tile.tile<16xsi16>
  %m1 = tile.literal -1
  %2 = tile.maximum %i, %m1 promote cutile : !tile.tile<16xsi16>, !tile.loose_int -> !tile.tile<16xsi16>
  return %0, %1, %2 : !tile.tile<16xf64>, !tile.tile<16xf32>, !tile.tile<16xsi16>
}

// An explicit op that forwards an operand (a product by a literal 1, a sum
// with a literal 0) goes, with its constant: the index of a gather that
// multiplies an arange by a stride of 1 is the arange itself.
// CHECK-LABEL: func.func @identities(
// CHECK-SAME: %[[I:.*]]: !tile.tile<16xsi32>
// CHECK-NOT: tile.constant
// CHECK-NOT: tile.mul
// CHECK-NOT: tile.add
// CHECK: return %[[I]], %[[I]], %[[I]]
func.func @identities(%i: !tile.tile<16xsi32>) -> (!tile.tile<16xsi32>, !tile.tile<16xsi32>, !tile.tile<16xsi32>) {
  %one = tile.literal 1
  %zero = tile.literal 0
  %0 = tile.mul %i, %one promote cutile : !tile.tile<16xsi32>, !tile.loose_int -> !tile.tile<16xsi32>
  %1 = tile.add %i, %zero promote cutile : !tile.tile<16xsi32>, !tile.loose_int -> !tile.tile<16xsi32>
  %2 = tile.mul %one, %i promote cutile : !tile.loose_int, !tile.tile<16xsi32> -> !tile.tile<16xsi32>
  return %0, %1, %2 : !tile.tile<16xsi32>, !tile.tile<16xsi32>, !tile.tile<16xsi32>
}

// Tile C++ "arithmetic tile conversion", Example 1: a float (1, 2) tile
// minus a double (2, 1) tile is a double (2, 2) tile.
// CHECK-LABEL: func.func @tilecpp_example_1(
// CHECK-SAME: %[[X:.*]]: !tile.tile<1x2xf32>, %[[Y:.*]]: !tile.tile<2x1xf64>
func.func @tilecpp_example_1(%x: !tile.tile<1x2xf32>, %y: !tile.tile<2x1xf64>) -> !tile.tile<2x2xf64> {
  // CHECK: %[[XC:.*]] = tile.convert %[[X]] : !tile.tile<1x2xf32> -> !tile.tile<1x2xf64>
  // CHECK: %[[XB:.*]] = tile.broadcast %[[XC]] : !tile.tile<1x2xf64> -> !tile.tile<2x2xf64>
  // CHECK: %[[YB:.*]] = tile.broadcast %[[Y]] : !tile.tile<2x1xf64> -> !tile.tile<2x2xf64>
  // CHECK: tile.sub %[[XB]], %[[YB]] : !tile.tile<2x2xf64>
  %r = tile.sub %x, %y promote tilecpp : !tile.tile<1x2xf32>, !tile.tile<2x1xf64> -> !tile.tile<2x2xf64>
  return %r : !tile.tile<2x2xf64>
}

// Tile C++ Example 2 (2): `2.0 == x` compares as doubles.
// CHECK-LABEL: func.func @tilecpp_example_2(
func.func @tilecpp_example_2(%two: !tile.tile<f64>, %x: !tile.tile<8xsi32>) -> !tile.tile<8xi1> {
  // CHECK: %[[TB:.*]] = tile.broadcast %{{.*}} : !tile.tile<f64> -> !tile.tile<8xf64>
  // CHECK: %[[XC:.*]] = tile.convert %{{.*}} : !tile.tile<8xsi32> -> !tile.tile<8xf64>
  // CHECK: tile.cmp eq %[[TB]], %[[XC]] : !tile.tile<8xf64>
  %r = tile.cmp eq %two, %x promote tilecpp : !tile.tile<f64>, !tile.tile<8xsi32> -> !tile.tile<8xi1>
  return %r : !tile.tile<8xi1>
}

// Tile C++: a scalar defers to the tile's dtype (int32 + int64 scalar is
// ill-formed narrowing, but int64 tile + int32 scalar is int64).
// CHECK-LABEL: func.func @tilecpp_scalar(
func.func @tilecpp_scalar(%x: !tile.tile<8xsi64>, %s: !tile.tile<si32>) -> !tile.tile<8xsi64> {
  // CHECK: %[[SC:.*]] = tile.convert %{{.*}} : !tile.tile<si32> -> !tile.tile<si64>
  // CHECK: %[[SB:.*]] = tile.broadcast %[[SC]] : !tile.tile<si64> -> !tile.tile<8xsi64>
  // CHECK: tile.add %{{.*}}, %[[SB]] : !tile.tile<8xsi64>
  %r = tile.add %x, %s promote tilecpp : !tile.tile<8xsi64>, !tile.tile<si32> -> !tile.tile<8xsi64>
  return %r : !tile.tile<8xsi64>
}

// The Array API: uint8 and int8 promote to int16; a Python int takes the
// array's dtype.
// CHECK-LABEL: func.func @array_api(
func.func @array_api(%u: !tile.tile<4xui8>, %i: !tile.tile<4xsi8>) -> (!tile.tile<4xsi16>, !tile.tile<4xui8>) {
  // CHECK: %[[UC:.*]] = tile.convert %{{.*}} : !tile.tile<4xui8> -> !tile.tile<4xsi16>
  // CHECK: %[[IC:.*]] = tile.convert %{{.*}} : !tile.tile<4xsi8> -> !tile.tile<4xsi16>
  // CHECK: tile.sub %[[UC]], %[[IC]] : !tile.tile<4xsi16>
  %0 = tile.sub %u, %i promote array_api : !tile.tile<4xui8>, !tile.tile<4xsi8> -> !tile.tile<4xsi16>
  // CHECK: %[[C:.*]] = tile.constant dense<255> : !tile.tile<4xui8>
  // CHECK: tile.and %{{.*}}, %[[C]] : !tile.tile<4xui8>
  %c = tile.literal 255
  %1 = tile.and %u, %c promote array_api : !tile.tile<4xui8>, !tile.loose_int -> !tile.tile<4xui8>
  return %0, %1 : !tile.tile<4xsi16>, !tile.tile<4xui8>
}

// A select's condition only broadcasts; its values promote.
// CHECK-LABEL: func.func @select(
func.func @select(%m: !tile.tile<8xi1>, %a: !tile.tile<4x1xf16>, %b: !tile.tile<8xf32>) -> !tile.tile<4x8xf32> {
  // CHECK: %[[MB:.*]] = tile.broadcast %{{.*}} : !tile.tile<8xi1> -> !tile.tile<4x8xi1>
  // CHECK: %[[AC:.*]] = tile.convert %{{.*}} : !tile.tile<4x1xf16> -> !tile.tile<4x1xf32>
  // CHECK: %[[AB:.*]] = tile.broadcast %[[AC]] : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
  // CHECK: %[[BB:.*]] = tile.broadcast %{{.*}} : !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  // CHECK: tile.select %[[MB]], %[[AB]], %[[BB]] : !tile.tile<4x8xf32>
  %r = tile.select %m, %a, %b promote cutile : !tile.tile<8xi1>, !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
  return %r : !tile.tile<4x8xf32>
}

// The explicit form is left as it is.
// CHECK-LABEL: func.func @explicit(
func.func @explicit(%a: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  // CHECK-NEXT: tile.add %{{.*}}, %{{.*}} : !tile.tile<8xf32>
  // CHECK-NEXT: return
  %r = tile.add %a, %a : !tile.tile<8xf32>
  return %r : !tile.tile<8xf32>
}

// -----

// cuTile takes an int8 tile plus a loose 1000 as int8; 1000 does not fit.
func.func @literal_overflow(%i: !tile.tile<4xsi8>) -> !tile.tile<4xsi8> {
  %big = tile.literal 1000
  // expected-error @+1 {{'tile.add' op the literal 1000 does not fit int8}}
  %r = tile.add %i, %big promote cutile : !tile.tile<4xsi8>, !tile.loose_int -> !tile.tile<4xsi8>
  return %r : !tile.tile<4xsi8>
}

// -----

func.func @negative_unsigned(%u: !tile.tile<4xui32>) -> !tile.tile<4xui32> {
  %m = tile.literal -1
  // expected-error @+1 {{'tile.sub' op the literal -1 does not fit uint32}}
  %r = tile.sub %u, %m promote cutile : !tile.tile<4xui32>, !tile.loose_int -> !tile.tile<4xui32>
  return %r : !tile.tile<4xui32>
}
