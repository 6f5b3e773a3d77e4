// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s
// RUN: cudapy-opt %s --tile-make-explicit --tile-assign-layouts --convert-tile-to-llvm=fast-math=true | FileCheck %s --check-prefix=FAST

// IEEE f32 quotients whose divisor four or more of a thread's registers
// share (here a scalar, broadcast: 4 registers a thread) divide by one
// reciprocal, RN(1/b) (the approximation and a Newton step, made in the
// fast path), with a multiply and two correction steps each (four fmas,
// each residual negated: a zero dividend keeps its quotient's sign), where
// the thread's divisor is positive and moderate (b in [2^-63, 2^63)) and
// its dividends moderate (|a| in [2^-63, 2^63)) or zero, which arithmetic
// tells: the magnitudes' sum below 2^63, and the sum of u - u^2 for each
// u = sat(|a| 2^63) zero; otherwise each takes the division. Fewer sharing (2 a thread) divide plainly; with a
// rounding mode the division is PTX's; under fast math every quotient is
// one division.

// CHECK-LABEL: gpu.func @scalar
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>{{.*}}, %[[S:[^:]*]]: f32)
// CHECK: %[[LOW:.*]] = arith.constant 1.08420217E-19 : f32
// CHECK: arith.cmpf oge, %[[S]], %[[LOW]] : f32
// CHECK: %[[HIGH:.*]] = arith.constant 9.22337203E+18 : f32
// CHECK: arith.cmpf olt, %[[S]], %[[HIGH]] : f32
// CHECK: %[[SCALE:.*]] = arith.constant 9.22337203E+18 : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[M0:.*]] = math.absf %{{.*}} : f32
// CHECK: %[[U0:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rn.sat.f"(%[[M0]], %[[SCALE]], %[[ZERO]])
// CHECK: %[[NU0:.*]] = arith.negf %[[U0]] : f32
// CHECK: %[[V0:.*]] = math.fma %[[NU0]], %[[U0]], %[[U0]] : f32
// CHECK-COUNT-3: llvm.call_intrinsic "llvm.nvvm.fma.rn.sat.f"
// CHECK: %[[MS:.*]] = arith.addf %[[M0]], %{{.*}} : f32
// CHECK: %[[MT:.*]] = arith.addf
// CHECK: %[[MSUM:.*]] = arith.addf %[[MS]], %[[MT]] : f32
// CHECK: arith.cmpf olt, %[[MSUM]], %[[SCALE]] : f32
// CHECK: %[[VS:.*]] = arith.addf %[[V0]], %{{.*}} : f32
// CHECK: %[[VT:.*]] = arith.addf
// CHECK: %[[VSUM:.*]] = arith.addf %[[VS]], %[[VT]] : f32
// CHECK: arith.cmpf oeq, %[[VSUM]], %[[ZERO]] : f32
// CHECK: %[[Q:.*]]:4 = scf.if %{{.*}} -> (f32, f32, f32, f32) {
// CHECK: %[[Y0:.*]] = nvvm.rcp.approx.ftz.f %[[S]] : f32
// CHECK: %[[NS:.*]] = arith.negf %[[S]] : f32
// CHECK: %[[E:.*]] = math.fma %[[NS]], %[[Y0]], %{{.*}} : f32
// CHECK: %[[Y:.*]] = math.fma %[[Y0]], %[[E]], %[[Y0]] : f32
// CHECK: %[[NA:.*]] = arith.negf %[[A:.*]] : f32
// CHECK: %[[Q0:.*]] = arith.mulf %[[A]], %[[Y]] : f32
// CHECK: %[[R0:.*]] = math.fma %[[Q0]], %[[S]], %[[NA]] : f32
// CHECK: %[[N0:.*]] = arith.negf %[[R0]] : f32
// CHECK: %[[Q1:.*]] = math.fma %[[N0]], %[[Y]], %[[Q0]] : f32
// CHECK: %[[R1:.*]] = math.fma %[[Q1]], %[[S]], %[[NA]] : f32
// CHECK: %[[N1:.*]] = arith.negf %[[R1]] : f32
// CHECK: %[[Q2:.*]] = math.fma %[[N1]], %[[Y]], %[[Q1]] : f32
// CHECK-NOT: math.copysign
// CHECK-NOT: nvvm.rcp.approx.ftz.f
// CHECK: } else {
// CHECK-NOT: nvvm.rcp.approx.ftz.f
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
