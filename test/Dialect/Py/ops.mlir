// Every py type and op round-trips, in the custom and the generic form.
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s

!point = !py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>
!cplx = !py.struct<"cplx", (real: f32, imag: f32), align 16>

// CHECK-LABEL: py.func @types
// CHECK-SAME: : !py.bool{{[,)]}}
// CHECK-SAME: : !py.int{{[,)]}}
// CHECK-SAME: : !py.float{{[,)]}}
// CHECK-SAME: : !py.complex{{[,)]}}
// CHECK-SAME: : !py.none{{[,)]}}
// CHECK-SAME: : i1{{[,)]}}
// CHECK-SAME: : si8{{[,)]}}
// CHECK-SAME: : si16{{[,)]}}
// CHECK-SAME: : si32{{[,)]}}
// CHECK-SAME: : si64{{[,)]}}
// CHECK-SAME: : ui8{{[,)]}}
// CHECK-SAME: : ui16{{[,)]}}
// CHECK-SAME: : ui32{{[,)]}}
// CHECK-SAME: : ui64{{[,)]}}
// CHECK-SAME: : f16{{[,)]}}
// CHECK-SAME: : bf16{{[,)]}}
// CHECK-SAME: : f32{{[,)]}}
// CHECK-SAME: : f64{{[,)]}}
// CHECK-SAME: : f8E4M3FN{{[,)]}}
// CHECK-SAME: : f8E5M2{{[,)]}}
// CHECK-SAME: : complex<f32>{{[,)]}}
// CHECK-SAME: : complex<f64>{{[,)]}}
// CHECK-SAME: : !py.vector<1 x si8>{{[,)]}}
// CHECK-SAME: : !py.vector<3 x f32>{{[,)]}}
// CHECK-SAME: : !py.vector<4 x f64>{{[,)]}}
// CHECK-SAME: : !py.vector<2 x f16>{{[,)]}}
// CHECK-SAME: : !py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>{{[,)]}}
// CHECK-SAME: : !py.struct<"cplx", (real: f32, imag: f32), align 16>{{[,)]}}
// CHECK-SAME: : !py.struct<"quoted", ("field name": si8)>{{[,)]}}
// CHECK-SAME: : !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>{{[,)]}}
// CHECK-SAME: : !py.struct<"gap", (a: si16 at 0, b: f64 at 8), align 8, size 24>{{[,)]}}
// CHECK-SAME: : tuple<si8, f64, !py.bool>{{[,)]}}
// CHECK-SAME: : tuple<>{{[,)]}}
// CHECK-SAME: : !py.array<f32, 1>{{[,)]}}
// CHECK-SAME: : !py.array<!py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>, 3>{{[,)]}}
// CHECK-SAME: : !py.array<complex<f64>, 0>{{[,)]}}
py.func @types(%b: !py.bool, %i: !py.int, %f: !py.float, %c: !py.complex, %n: !py.none,
               %i1: i1, %s8: si8, %s16: si16, %s32: si32, %s64: si64,
               %u8: ui8, %u16: ui16, %u32: ui32, %u64: ui64,
               %h: f16, %bh: bf16, %f32: f32, %f64: f64, %e4: f8E4M3FN, %e5: f8E5M2,
               %c64: complex<f32>, %c128: complex<f64>,
               %v1: !py.vector<1 x si8>, %v3: !py.vector<3 x f32>, %v4: !py.vector<4 x f64>, %v2: !py.vector<2 x f16>,
               %p: !point, %q: !cplx, %r: !py.struct<"quoted", ("field name": si8)>,
               %rec: !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>,
               %gap: !py.struct<"gap", (a: si16 at 0, b: f64 at 8), align 8, size 24>,
               %t: tuple<si8, f64, !py.bool>, %e: tuple<>,
               %a: !py.array<f32, 1>, %ap: !py.array<!point, 3>, %a0: !py.array<complex<f64>, 0>) {
  py.return
}

// CHECK-LABEL: py.func @numbers
py.func @numbers(%a: si8, %b: !py.int, %f: f32, %c: complex<f64>, %u: ui32) -> si8 {
  // CHECK: py.constant 3 : !py.int
  // CHECK: py.constant -128 : si8
  // CHECK: py.constant 18446744073709551615 : ui64
  // CHECK: py.constant 2.500000e+00 : f16
  // CHECK: py.constant 3.000000e+00 : f32
  // CHECK: py.constant true : !py.bool
  // CHECK: py.constant false : i1
  // CHECK: py.constant (1.000000e+00, -2.000000e+00) : complex<f64>
  // CHECK: py.constant (5.000000e-01, 0.000000e+00) : !py.complex
  // CHECK: py.constant 4.480000e+02 : f8E4M3FN
  // CHECK: py.constant nan : f32
  // CHECK: py.constant -inf : f64
  // CHECK: py.constant -2.500000e-01 : !py.float
  %c3 = py.constant 3 : !py.int
  %m = py.constant -128 : si8
  %big = py.constant 18446744073709551615 : ui64
  %h = py.constant 2.5 : f16
  %fi = py.constant 3 : f32
  %t = py.constant true : !py.bool
  %ff = py.constant false : i1
  %cc = py.constant (1.0, -2.0) : complex<f64>
  %pc = py.constant (0.5, 0.0) : !py.complex
  %e4 = py.constant 448.0 : f8E4M3FN
  %nan = py.constant nan : f32
  %ninf = py.constant -inf : f64
  %q = py.constant -0.25 : !py.float
  // CHECK: py.cast %{{.*}} : si8 to f32
  // CHECK: py.cast %{{.*}} : !py.int to index
  // CHECK: py.cast %{{.*}} : f32 to complex<f64>
  %0 = py.cast %a : si8 to f32
  %1 = py.cast %b : !py.int to index
  %2 = py.cast %f : f32 to complex<f64>
  // CHECK: py.add %{{.*}}, %{{.*}} : si8, !py.int -> si8
  // CHECK: py.sub %{{.*}}, %{{.*}} : f32, f32 -> f32
  // CHECK: py.mul %{{.*}}, %{{.*}} : complex<f64>, f32 -> complex<f64>
  // CHECK: py.truediv %{{.*}}, %{{.*}} : si8, si8 -> f64
  // CHECK: py.floordiv %{{.*}}, %{{.*}} : si8, !py.int -> si8
  // CHECK: py.mod %{{.*}}, %{{.*}} : f32, !py.int -> f32
  // CHECK: py.pow %{{.*}}, %{{.*}} : !py.int, !py.int -> !py.int
  // CHECK: py.and %{{.*}}, %{{.*}} : ui32, ui32 -> ui32
  // CHECK: py.or %{{.*}}, %{{.*}} : !py.bool, !py.bool -> !py.bool
  // CHECK: py.xor %{{.*}}, %{{.*}} : si8, si8 -> si8
  // CHECK: py.lshift %{{.*}}, %{{.*}} : ui32, !py.int -> ui32
  // CHECK: py.rshift %{{.*}}, %{{.*}} : si8, si8 -> si8
  // CHECK: py.floordiv %{{.*}}, %{{.*}} policy numbapro : f32, f32 -> si32
  // CHECK: py.truediv %{{.*}}, %{{.*}} policy numbapro : si8, si8 -> f32
  // CHECK: py.cmp lt, %{{.*}}, %{{.*}} : f32, f32 -> i1
  // CHECK: py.cmp ne, %{{.*}}, %{{.*}} : !py.int, !py.int -> !py.bool
  // CHECK: py.cmp ge, %{{.*}}, %{{.*}} policy numbapro : si8, f32 -> i1
  %3 = py.add %a, %b : si8, !py.int -> si8
  %4 = py.sub %f, %f : f32, f32 -> f32
  %5 = py.mul %c, %f : complex<f64>, f32 -> complex<f64>
  %6 = py.truediv %a, %a : si8, si8 -> f64
  %7 = py.floordiv %a, %b : si8, !py.int -> si8
  %8 = py.mod %f, %b : f32, !py.int -> f32
  %9 = py.pow %b, %b : !py.int, !py.int -> !py.int
  %10 = py.and %u, %u : ui32, ui32 -> ui32
  %11 = py.or %t, %t : !py.bool, !py.bool -> !py.bool
  %12 = py.xor %a, %a : si8, si8 -> si8
  %13 = py.lshift %u, %b : ui32, !py.int -> ui32
  %14 = py.rshift %a, %a : si8, si8 -> si8
  %15 = py.floordiv %f, %f policy numbapro : f32, f32 -> si32
  %16 = py.truediv %a, %a policy numbapro : si8, si8 -> f32
  %17 = py.cmp lt, %f, %f : f32, f32 -> i1
  %18 = py.cmp ne, %b, %b : !py.int, !py.int -> !py.bool
  %19 = py.cmp ge, %a, %f policy numbapro : si8, f32 -> i1
  // CHECK: py.neg %{{.*}} : si8 -> si8
  // CHECK: py.pos %{{.*}} : !py.bool -> !py.int
  // CHECK: py.invert %{{.*}} : i1 -> i1
  // CHECK: py.abs %{{.*}} : complex<f64> -> f64
  %20 = py.neg %a : si8 -> si8
  %21 = py.pos %t : !py.bool -> !py.int
  %22 = py.invert %ff : i1 -> i1
  %23 = py.abs %c : complex<f64> -> f64
  // CHECK: py.complex.real %{{.*}} : complex<f64> -> f64
  // CHECK: py.complex.imag %{{.*}} : complex<f64> -> f64
  // CHECK: py.complex.real %{{.*}} : !py.complex -> !py.float
  %24 = py.complex.real %c : complex<f64> -> f64
  %25 = py.complex.imag %c : complex<f64> -> f64
  %26 = py.complex.real %pc : !py.complex -> !py.float
  py.return %a : si8
}

// CHECK-LABEL: py.func @arrays
py.func @arrays(%a: !py.array<f32, 2>, %i: si32, %j: !py.int, %u: ui64) {
  // CHECK: py.array.getitem %{{.*}}[%{{.*}}, %{{.*}}] : !py.array<f32, 2>, si32, !py.int
  // CHECK: py.array.setitem %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !py.int, !py.array<f32, 2>, ui64, si32
  // CHECK: py.array.setitem %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] policy numbapro : f64, !py.array<f32, 2>, si32, si32
  %x = py.array.getitem %a[%i, %j] : !py.array<f32, 2>, si32, !py.int
  py.array.setitem %j, %a[%u, %i] : !py.int, !py.array<f32, 2>, ui64, si32
  %d = py.cast %x : f32 to f64
  py.array.setitem %d, %a[%i, %i] policy numbapro : f64, !py.array<f32, 2>, si32, si32
  // CHECK: py.none
  // CHECK: py.slice %{{.*}}, %{{.*}}, %{{.*}} : !py.int, !py.none, si32
  // CHECK: py.array.subscript %{{.*}}[%{{.*}}, %{{.*}}] : !py.array<f32, 2>, !py.slice, si32
  // CHECK: py.array.subscript %{{.*}}[%{{.*}}] : !py.array<f32, 2>, !py.int
  %n = py.none
  %s = py.slice %j, %n, %i : !py.int, !py.none, si32
  %col = py.array.subscript %a[%s, %i] : !py.array<f32, 2>, !py.slice, si32
  %row = py.array.subscript %a[%j] : !py.array<f32, 2>, !py.int
  // CHECK: py.array.shape %{{.*}} : !py.array<f32, 2>
  // CHECK: py.array.strides %{{.*}} : !py.array<f32, 2>
  // CHECK: py.array.size %{{.*}} : !py.array<f32, 2>
  // CHECK: py.array.ndim %{{.*}} : !py.array<f32, 2>
  %shape = py.array.shape %a : !py.array<f32, 2>
  %strides = py.array.strides %a : !py.array<f32, 2>
  %size = py.array.size %a : !py.array<f32, 2>
  %ndim = py.array.ndim %a : !py.array<f32, 2>
  // CHECK: py.array.view %{{.*}} : !py.array<f32, 2> to !py.array<ui32, 2>
  // CHECK: py.array.view %{{.*}} : !py.array<f32, 2> to !py.array<f16, 2>
  // CHECK: py.array.reshape %{{.*}}(%{{.*}}) : !py.array<f32, 2>, si64 -> !py.array<f32, 1>
  // CHECK: py.array.astype %{{.*}} : !py.array<f32, 2> to !py.array<f32, 2>
  %bits = py.array.view %a : !py.array<f32, 2> to !py.array<ui32, 2>
  %halves = py.array.view %a : !py.array<f32, 2> to !py.array<f16, 2>
  %flat = py.array.reshape %a(%size) : !py.array<f32, 2>, si64 -> !py.array<f32, 1>
  %same = py.array.astype %a : !py.array<f32, 2> to !py.array<f32, 2>
  // CHECK: py.len %{{.*}} : !py.array<f32, 2>
  %len = py.len %a : !py.array<f32, 2>
  py.return
}

// CHECK-LABEL: py.func @aggregates
py.func @aggregates(%x: !py.int, %y: f32, %p: !point, %v: !py.vector<3 x f32>) -> tuple<!py.int, f32> {
  // CHECK: py.tuple.make(%{{.*}}, %{{.*}}) : !py.int, f32
  // CHECK: py.tuple.getitem %{{.*}}[-1] : tuple<!py.int, f32>
  // CHECK: py.tuple.setitem %{{.*}}[0], %{{.*}} : tuple<!py.int, f32>, !py.int
  // CHECK: py.tuple.make(){{$}}
  %t = py.tuple.make(%x, %y) : !py.int, f32
  %last = py.tuple.getitem %t[-1] : tuple<!py.int, f32>
  %t2 = py.tuple.setitem %t[0], %x : tuple<!py.int, f32>, !py.int
  %empty = py.tuple.make()
  // CHECK: py.struct.make(%{{.*}}, %{{.*}}, %{{.*}}) : (!py.int, !py.int, !py.int) -> !py.struct<"point"
  // CHECK: py.struct.getattr %{{.*}}["y"] : !py.struct<"point"
  // CHECK: py.struct.setattr %{{.*}}["z"], %{{.*}} : !py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>, !py.int
  %q = py.struct.make(%x, %x, %x) : (!py.int, !py.int, !py.int) -> !point
  %qy = py.struct.getattr %q["y"] : !point
  %q2 = py.struct.setattr %p["z"], %x : !point, !py.int
  // CHECK: py.vector.make(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, !py.int, f32) -> !py.vector<3 x f32>
  // CHECK: py.vector.getitem %{{.*}}[%{{.*}}] : !py.vector<3 x f32>, !py.int
  // CHECK: py.vector.setitem %{{.*}}[%{{.*}}], %{{.*}} : !py.vector<3 x f32>, !py.int, !py.int
  // CHECK: py.len %{{.*}} : !py.vector<3 x f32>
  %w = py.vector.make(%y, %x, %y) : (f32, !py.int, f32) -> !py.vector<3 x f32>
  %wy = py.vector.getitem %w[%x] : !py.vector<3 x f32>, !py.int
  %w2 = py.vector.setitem %v[%x], %x : !py.vector<3 x f32>, !py.int, !py.int
  %n = py.len %w : !py.vector<3 x f32>
  py.return %t2 : tuple<!py.int, f32>
}

// CHECK-LABEL: py.func @scale
// CHECK-SAME: (%{{.*}}: f32, %{{.*}}: !py.int {py.constexpr}) -> f32 attributes {interop}
py.func @scale(%x: f32, %k: !py.int {py.constexpr}) -> f32 attributes {interop} {
  %r = py.mul %x, %k : f32, !py.int -> f32
  py.return %r : f32
}

// CHECK-LABEL: py.func private @external(f32) -> f32
py.func private @external(f32) -> f32

// A foreign declaration with numba's device function ABI.
// CHECK-LABEL: py.func private @numba_style(f32, si32) -> f32 attributes {interop, numba_abi}
py.func private @numba_style(f32, si32) -> f32 attributes {interop, numba_abi}

// CHECK-LABEL: py.kernel @kernel
// CHECK-SAME: attributes {interop}
py.kernel @kernel(%a: !py.array<f32, 1>, %x: f32) attributes {interop} {
  %two = py.constant 2 : !py.int
  // CHECK: py.call @scale(%{{.*}}, %{{.*}}) : (f32, !py.int) -> f32
  %y = py.call @scale(%x, %two) : (f32, !py.int) -> f32
  %z = py.call @external(%y) : (f32) -> f32
  py.return
}
