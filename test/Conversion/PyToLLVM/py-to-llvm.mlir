// convert-py-to-llvm: numbers, arrays, aggregates and the interoperable ABI.
// RUN: cudapy-opt %s --py-legalize --convert-py-to-llvm | FileCheck %s --enable-var-scope
// RUN: cudapy-opt %s --py-legalize --convert-py-to-llvm=bounds-check=1 | FileCheck %s --check-prefix=BOUNDS

// BOUNDS-DAG: llvm.mlir.global internal constant @__py_str_{{[0-9]+}}("array index out of range\00") {addr_space = 1 : i32, alignment = 1 : i64}
// BOUNDS-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
gpu.module @m {
  // Kernels get CUDA C++'s ABI: class objects (arrays, vectors, structs,
  // f16, complex) as byval pointers aligned like the class, bools as bytes.
  // CHECK-LABEL: llvm.func @abi
  // CHECK-SAME: %[[A:.*]]: !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.struct<(ptr, array<2 x i64>, array<2 x i64>)>}
  // CHECK-SAME: %[[S:.*]]: !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.struct<packed (i8, array<7 x i8>, f64, i16, array<6 x i8>)>}
  // CHECK-SAME: %[[V:.*]]: !llvm.ptr {llvm.align = 16 : i64, llvm.byval = !llvm.struct<packed (f32, f32, f32, f32)>}
  // CHECK-SAME: %[[H:.*]]: !llvm.ptr {llvm.align = 2 : i64, llvm.byval = f16}
  // CHECK-SAME: %[[C:.*]]: !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.struct<(f32, f32)>}
  // CHECK-SAME: %[[B:.*]]: i8, %[[I:.*]]: i32, %[[N:.*]]: !llvm.ptr)
  // CHECK-SAME: cudapy.signature = [{align = 8 : i64, element = "f32", element_bytes = 4 : i64, kind = "py_array", params = 1 : i64, rank = 2 : i64, size = 40 : i64, type = "!py.array<f32, 2>"}
  // CHECK-SAME: nvvm.kernel
  // CHECK: llvm.load %[[A]] {alignment = 8 : i64}
  // CHECK: llvm.load %[[S]] {alignment = 8 : i64}
  // CHECK: llvm.load %[[V]] {alignment = 16 : i64}
  // CHECK: llvm.load %[[H]] {alignment = 2 : i64}
  // CHECK: llvm.load %[[C]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.struct<(f32, f32)>
  // CHECK: arith.trunci %[[B]] : i8 to i1
  py.kernel @abi(%a: !py.array<f32, 2>, %s: !py.struct<"mixed", (a: si8, b: f64, c: si16)>,
                 %v: !py.vector<4 x f32>, %h: f16, %c: complex<f32>, %b: !py.bool,
                 %i: !py.int, %n: !py.none) attributes {interop} {
    py.return
  }

  // Element reads: negative indices wrap, strides count elements.
  // CHECK-LABEL: llvm.func @getitem
  // CHECK: %[[D:.*]] = llvm.load
  // CHECK: %[[EXT:.*]] = llvm.extractvalue %[[D]][1, 0]
  // CHECK: %[[I64:.*]] = arith.extsi %{{.*}} : i32 to i64
  // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I64]], %{{.*}} : i64
  // CHECK: %[[WRAP:.*]] = arith.addi %[[I64]], %[[EXT]] : i64
  // CHECK: arith.select %[[NEG]], %[[WRAP]], %[[I64]] : i64
  // CHECK: llvm.extractvalue %[[D]][2, 0]
  // CHECK: arith.muli
  // CHECK: %[[DATA:.*]] = llvm.extractvalue %[[D]][0]
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[DATA]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
  // An unsigned index needs no wrap.
  // CHECK: arith.extui %{{.*}} : i16 to i64
  // CHECK-NOT: arith.cmpi slt
  // CHECK: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i8
  // CHECK: arith.trunci %{{.*}} : i8 to i1
  py.func @getitem(%a: !py.array<f32, 1>, %b: !py.array<i1, 1>, %i: si32, %u: ui16) -> tuple<f32, i1> attributes {interop} {
    %x = py.array.getitem %a[%i] : !py.array<f32, 1>, si32
    %y = py.array.getitem %b[%u] : !py.array<i1, 1>, ui16
    %t = py.tuple.make(%x, %y) : f32, i1
    py.return %t : tuple<f32, i1>
  }

  // BOUNDS-LABEL: llvm.func @getitem
  // BOUNDS: %[[OK:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
  // BOUNDS: %[[BAD:.*]] = arith.xori %[[OK]], %{{.*}} : i1
  // BOUNDS: scf.if %[[BAD]] {
  // BOUNDS: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()

  // Python's // and % on signed integers: floor, and the divisor's sign.
  // CHECK-LABEL: llvm.func internal @integers
  // CHECK: arith.floordivsi %{{.*}}, %{{.*}} : i32
  // CHECK: %[[R:.*]] = arith.remsi %{{.*}}, %{{.*}} : i32
  // CHECK: arith.select %{{.*}}, %{{.*}}, %[[R]] : i32
  // CHECK: arith.divui %{{.*}}, %{{.*}} : i16
  // CHECK: arith.remui %{{.*}}, %{{.*}} : i16
  // Shifts by the width or more give 0 (<<, unsigned >>) or the sign (>>).
  // CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
  // CHECK: %[[SHL:.*]] = arith.shli
  // CHECK: arith.select %[[IN]], %[[SHL]], %{{.*}} : i32
  // CHECK: arith.shrsi
  // CHECK: scf.while
  py.func @integers(%a: si32, %b: si32, %u: ui16, %v: ui16) -> tuple<si32, si32, ui16, ui16, si32, si32, si32> {
    %q = py.floordiv %a, %b : si32, si32 -> si32
    %r = py.mod %a, %b : si32, si32 -> si32
    %uq = py.floordiv %u, %v : ui16, ui16 -> ui16
    %ur = py.mod %u, %v : ui16, ui16 -> ui16
    %l = py.lshift %a, %b : si32, si32 -> si32
    %s = py.rshift %a, %b : si32, si32 -> si32
    %p = py.pow %a, %b : si32, si32 -> si32
    %t = py.tuple.make(%q, %r, %uq, %ur, %l, %s, %p) : si32, si32, ui16, ui16, si32, si32, si32
    py.return %t : tuple<si32, si32, ui16, ui16, si32, si32, si32>
  }

  // Float // and % follow CPython's float divmod.
  // CHECK-LABEL: llvm.func internal @floats
  // CHECK: arith.remf
  // CHECK: math.copysign
  // CHECK: math.floor
  // Float to int saturates (NaN gives 0).
  // CHECK: llvm.call_intrinsic "llvm.fptosi.sat.i32.f64"
  // CHECK: llvm.call_intrinsic "llvm.fptoui.sat.i8.f64"
  // Bool of a float is x != 0 (NaN is true).
  // CHECK: arith.cmpf une
  py.func @floats(%x: f64, %y: f64) -> tuple<f64, f64, si32, ui8, i1> {
    %q = py.floordiv %x, %y : f64, f64 -> f64
    %r = py.mod %x, %y : f64, f64 -> f64
    %i = py.cast %x : f64 to si32
    %u = py.cast %x : f64 to ui8
    %b = py.cast %x : f64 to i1
    %t = py.tuple.make(%q, %r, %i, %u, %b) : f64, f64, si32, ui8, i1
    py.return %t : tuple<f64, f64, si32, ui8, i1>
  }

  // Aggregates are packed structs with CUDA's padding; members map to fields.
  // CHECK-LABEL: llvm.func internal @aggregates
  // CHECK-SAME: -> !llvm.struct<packed (i8, array<3 x i8>, i32, i8, array<7 x i8>, struct<(f64, f64)>)>
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[2]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[3]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[5]
  py.func @aggregates(%a: i1, %b: si32, %c: si8, %d: complex<f64>) -> tuple<i1, si32, si8, complex<f64>> {
    %t = py.tuple.make(%a, %b, %c, %d) : i1, si32, si8, complex<f64>
    py.return %t : tuple<i1, si32, si8, complex<f64>>
  }

  // A dynamic vector index selects among the elements.
  // CHECK-LABEL: llvm.func internal @vector
  // CHECK-COUNT-2: arith.select
  py.func @vector(%v: !py.vector<3 x f32>, %i: !py.int) -> f32 {
    %x = py.vector.getitem %v[%i] : !py.vector<3 x f32>, !py.int
    py.return %x : f32
  }

  // Slicing: Python's slice.indices, then a view.
  // CHECK-LABEL: llvm.func internal @slice
  // CHECK: arith.maxsi
  // CHECK: arith.minsi
  // CHECK: arith.divsi
  // CHECK: llvm.getelementptr
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 0]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[2, 0]
  py.func @slice(%a: !py.array<f32, 2>, %start: !py.int, %step: !py.int) -> !py.array<f32, 1> {
    %n = py.none
    %s = py.slice %start, %n, %step : !py.int, !py.none, !py.int
    %zero = py.constant 0 : !py.int
    %col = py.array.subscript %a[%s, %zero] : !py.array<f32, 2>, !py.slice, !py.int
    py.return %col : !py.array<f32, 1>
  }

  // Interoperable functions: byval class objects at the call too.
  // CHECK-LABEL: llvm.func @takes_vector(%{{.*}}: !llvm.ptr {llvm.align = 8 : i64, llvm.byval = !llvm.struct<packed (f32, f32)>})
  py.func @takes_vector(%v: !py.vector<2 x f32>) -> f32 attributes {interop} {
    %zero = py.constant 0 : !py.int
    %x = py.vector.getitem %v[%zero] : !py.vector<2 x f32>, !py.int
    py.return %x : f32
  }
  // Device functions take and return __half2 through pointers (the sret
  // first), and return fp8 as a one-byte struct.
  // CHECK-LABEL: llvm.func @half2(%{{.*}}: !llvm.ptr {llvm.align = 4 : i64, llvm.sret = !llvm.struct<packed (f16, f16)>}, %{{.*}}: !llvm.ptr)
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64}
  // CHECK: llvm.return{{$}}
  py.func @half2(%v: !py.vector<2 x f16>) -> !py.vector<2 x f16> attributes {interop} {
    py.return %v : !py.vector<2 x f16>
  }
  // CHECK-LABEL: llvm.func @fp8(%{{.*}}: f32) -> !llvm.struct<packed (i8)>
  py.func @fp8(%x: f32) -> f8E4M3FN attributes {interop} {
    %y = py.cast %x : f32 to f8E4M3FN
    py.return %y : f8E4M3FN
  }
  // CHECK-LABEL: llvm.func internal @calls_special
  // CHECK: %[[ARG:.*]] = llvm.alloca %{{.*}} x !llvm.struct<packed (f16, f16)> {alignment = 4 : i64}
  // CHECK: %[[RET:.*]] = llvm.alloca %{{.*}} x !llvm.struct<packed (f16, f16)> {alignment = 4 : i64}
  // CHECK: llvm.call @half2(%[[RET]], %[[ARG]]) : (!llvm.ptr {llvm.align = 4 : i64, llvm.sret = !llvm.struct<packed (f16, f16)>}, !llvm.ptr) -> ()
  // CHECK: llvm.load %[[RET]] {alignment = 4 : i64}
  // CHECK: %[[W:.*]] = llvm.call @fp8(%{{.*}}) : (f32) -> !llvm.struct<packed (i8)>
  // CHECK: llvm.extractvalue %[[W]][0]
  py.func @calls_special(%v: !py.vector<2 x f16>, %x: f32) -> tuple<!py.vector<2 x f16>, f8E4M3FN> {
    %w = py.call @half2(%v) : (!py.vector<2 x f16>) -> !py.vector<2 x f16>
    %y = py.call @fp8(%x) : (f32) -> f8E4M3FN
    %t = py.tuple.make(%w, %y) : !py.vector<2 x f16>, f8E4M3FN
    py.return %t : tuple<!py.vector<2 x f16>, f8E4M3FN>
  }

  // CHECK-LABEL: llvm.func internal @calls
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<packed (f32, f32)> {alignment = 8 : i64}
  // CHECK: llvm.store %{{.*}}, %[[SLOT]] {alignment = 8 : i64}
  // CHECK: llvm.call @takes_vector(%[[SLOT]])
  py.func @calls(%v: !py.vector<2 x f32>) -> f32 {
    %x = py.call @takes_vector(%v) : (!py.vector<2 x f32>) -> f32
    py.return %x : f32
  }
  // Attributes: shape and strides (bytes) as tuples, size, ndim, len.
  // CHECK-LABEL: llvm.func internal @attributes
  // CHECK: %[[S0:.*]] = llvm.extractvalue %[[D:.*]][1, 0]
  // CHECK: %[[S1:.*]] = llvm.extractvalue %[[D]][1, 1]
  // CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<packed (i64, i64)>
  // CHECK: %[[T0:.*]] = llvm.extractvalue %[[D]][2, 0]
  // CHECK: arith.muli %[[T0]], %{{.*}} : i64
  // CHECK: arith.constant 2 : i32
  // CHECK: arith.trunci %{{.*}} : i64 to i32
  py.func @attributes(%a: !py.array<f64, 2>) -> tuple<tuple<si64, si64>, tuple<si64, si64>, si64, !py.int, !py.int> {
    %shape = py.array.shape %a : !py.array<f64, 2>
    %strides = py.array.strides %a : !py.array<f64, 2>
    %size = py.array.size %a : !py.array<f64, 2>
    %ndim = py.array.ndim %a : !py.array<f64, 2>
    %len = py.len %a : !py.array<f64, 2>
    %t = py.tuple.make(%shape, %strides, %size, %ndim, %len) : tuple<si64, si64>, tuple<si64, si64>, si64, !py.int, !py.int
    py.return %t : tuple<tuple<si64, si64>, tuple<si64, si64>, si64, !py.int, !py.int>
  }

  // view to a smaller itemsize scales the last extent and the other
  // strides; reshape infers -1 and lays out C-contiguous strides.
  // CHECK-LABEL: llvm.func internal @views
  // CHECK: %[[TWO:.*]] = arith.constant 2 : i64
  // CHECK: arith.muli %{{.*}}, %[[TWO]] : i64
  // CHECK: arith.divsi
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[2, 1] : !llvm.struct<(ptr, array<2 x i64>, array<2 x i64>)>
  py.func @views(%a: !py.array<f32, 2>, %r: si32) -> tuple<!py.array<f16, 2>, !py.array<f32, 2>, !py.array<f32, 2>> {
    %h = py.array.view %a : !py.array<f32, 2> to !py.array<f16, 2>
    %m1 = py.constant -1 : !py.int
    %m = py.array.reshape %a(%r, %m1) : !py.array<f32, 2>, si32, !py.int -> !py.array<f32, 2>
    %s = py.array.astype %a : !py.array<f32, 2> to !py.array<f32, 2>
    %t = py.tuple.make(%h, %m, %s) : !py.array<f16, 2>, !py.array<f32, 2>, !py.array<f32, 2>
    py.return %t : tuple<!py.array<f16, 2>, !py.array<f32, 2>, !py.array<f32, 2>>
  }

  // BOUNDS-LABEL: llvm.func internal @views
  // BOUNDS: llvm.call @__assertfail
  // BOUNDS: llvm.call @__assertfail

  // Structs and tuples: fields by their packed-struct index; updates are
  // insertvalue into a copy.
  // CHECK-LABEL: llvm.func internal @structs
  // CHECK: %[[Y:.*]] = llvm.extractvalue %{{.*}}[2] : !llvm.struct<packed (i8, array<3 x i8>, f32)>
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<packed (i8, array<3 x i8>, f32)>
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<packed (f64, f32, array<4 x i8>)>
  py.func @structs(%p: !py.struct<"p", (flag: !py.bool, y: f32)>, %t: tuple<f64, f32>, %x: f32) -> tuple<f32, !py.struct<"p", (flag: !py.bool, y: f32)>, tuple<f64, f32>> {
    %y = py.struct.getattr %p["y"] : !py.struct<"p", (flag: !py.bool, y: f32)>
    %f = py.constant false : !py.bool
    %q = py.struct.setattr %p["flag"], %f : !py.struct<"p", (flag: !py.bool, y: f32)>, !py.bool
    %u = py.tuple.setitem %t[1], %x : tuple<f64, f32>, f32
    %r = py.tuple.make(%y, %q, %u) : f32, !py.struct<"p", (flag: !py.bool, y: f32)>, tuple<f64, f32>
    py.return %r : tuple<f32, !py.struct<"p", (flag: !py.bool, y: f32)>, tuple<f64, f32>>
  }

  // A NumPy record: a packed struct at its offsets, read unaligned.
  // CHECK-LABEL: llvm.func @record
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<packed (i8, f32)>
  // CHECK: %[[R:.*]] = llvm.load %[[P]] {alignment = 1 : i64}
  // CHECK: llvm.extractvalue %[[R]][1] : !llvm.struct<packed (i8, f32)>
  py.func @record(%a: !py.array<!py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>, 1>, %i: si64) -> f32 attributes {interop} {
    %r = py.array.getitem %a[%i] : !py.array<!py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>, 1>, si64
    %b = py.struct.getattr %r["b"] : !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>
    py.return %b : f32
  }

  // Vector updates select element by element.
  // CHECK-LABEL: llvm.func internal @vector_set
  // CHECK-COUNT-2: arith.select
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<packed (i16, i16)>
  py.func @vector_set(%v: !py.vector<2 x si16>, %i: !py.int, %x: si16) -> !py.vector<2 x si16> {
    %w = py.vector.setitem %v[%i], %x : !py.vector<2 x si16>, !py.int, si16
    py.return %w : !py.vector<2 x si16>
  }

  // Conversions: index, bool, complex.
  // CHECK-LABEL: llvm.func internal @casts
  // CHECK: arith.index_cast %{{.*}} : index to i64
  // CHECK: arith.index_castui %{{.*}} : i32 to index
  // CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
  // CHECK: llvm.mlir.zero : !llvm.ptr
  py.func @casts(%i: index, %u: ui32, %x: f32) -> tuple<si64, si64, complex<f64>, !py.none> {
    %a = py.cast %i : index to si64
    %b = py.cast %u : ui32 to index
    %b64 = py.cast %b : index to si64
    %c = py.cast %x : f32 to complex<f64>
    %n = py.none
    %t = py.tuple.make(%a, %b64, %c, %n) : si64, si64, complex<f64>, !py.none
    py.return %t : tuple<si64, si64, complex<f64>, !py.none>
  }
}

// NVVM launch bounds on a kernel carry over to the LLVM function.
// CHECK-LABEL: llvm.func @bounded
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: nvvm.minctasm = 8 : i32
gpu.module @bounds {
  py.kernel @bounded() attributes {nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 8 : i32} {
    py.return
  }
}
