// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm=fast-math=true | FileCheck %s --check-prefix=FAST

// IEEE f32 quotients whose divisor four or more of a thread's registers
// share (here a scalar, broadcast: 4 registers a thread) divide by one
// reciprocal, RN(1/b), with a multiply and two correction steps each (four
// fmas) and the quotient's sign on a zero, where the thread's dividends
// and divisor are all moderate (|v| in [2^-63, 2^63), dividends zero too);
// otherwise each takes the division. Fewer sharing (2 a thread) divide
// plainly; with a rounding mode the division is PTX's; under fast math
// every quotient is one division.

// CHECK-LABEL: gpu.func @scalar
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>{{.*}}, %[[S:[^:]*]]: f32)
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[Y:.*]] = arith.divf %[[ONE]], %[[S]] : f32
// CHECK: %[[SA:.*]] = math.absf %[[S]] : f32
// CHECK-COUNT-4: math.absf
// CHECK: %[[Q:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK: %[[Q0:.*]] = arith.mulf %[[A:.*]], %[[Y]] : f32
// CHECK: %[[N0:.*]] = arith.negf %[[Q0]] : f32
// CHECK: %[[R0:.*]] = math.fma %[[N0]], %[[S]], %[[A]] : f32
// CHECK: %[[Q1:.*]] = math.fma %[[R0]], %[[Y]], %[[Q0]] : f32
// CHECK: %[[N1:.*]] = arith.negf %[[Q1]] : f32
// CHECK: %[[R1:.*]] = math.fma %[[N1]], %[[S]], %[[A]] : f32
// CHECK: %[[Q2:.*]] = math.fma %[[R1]], %[[Y]], %[[Q1]] : f32
// CHECK: math.copysign %[[Q2]], %[[Q0]] : f32
// CHECK: } else {
// CHECK-COUNT-4: arith.divf %{{.*}}, %[[S]] : f32
// CHECK: }
// CHECK-LABEL: gpu.func @few
// CHECK-NOT: math.fma
// CHECK-COUNT-2: arith.divf
// CHECK-NOT: math.fma
// CHECK-LABEL: gpu.func @rounded
// CHECK-NOT: math.fma
// CHECK-COUNT-4: div.full.f32
// FAST-LABEL: gpu.func @scalar
// FAST-NOT: math.fma
// FAST-COUNT-4: arith.divf %{{.*}}, %{{.*}} : f32
// FAST-NOT: math.fma
gpu.module @m {
  gpu.func @scalar(%x: !tile.array<?xf32, strides [1]>, %s: !tile.tile<f32>) kernel attributes {tile.num_warps = 1} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %t = tile.load %vx[%zero] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    %q = tile.div %t, %s promote cutile : !tile.tile<128xf32>, !tile.tile<f32> -> !tile.tile<128xf32>
    tile.store %q, %vx[%zero] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
  gpu.func @few(%x: !tile.array<?xf32, strides [1]>, %s: !tile.tile<f32>) kernel attributes {tile.num_warps = 1} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %t = tile.load %vx[%zero] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    %q = tile.div %t, %s promote cutile : !tile.tile<64xf32>, !tile.tile<f32> -> !tile.tile<64xf32>
    tile.store %q, %vx[%zero] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
  gpu.func @rounded(%x: !tile.array<?xf32, strides [1]>, %s: !tile.tile<f32>) kernel attributes {tile.num_warps = 1} {
    %zero = tile.constant dense<0> : !tile.tile<si32>
    %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
    %t = tile.load %vx[%zero] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    %q = tile.div %t, %s promote cutile rounding full : !tile.tile<128xf32>, !tile.tile<f32> -> !tile.tile<128xf32>
    tile.store %q, %vx[%zero] : !tile.view<128, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
