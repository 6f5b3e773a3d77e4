// Every rule of the spec that makes py IR ill-formed is an error with a
// location (cuda-device spec sections named per case).
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// "Vectors": collections of 1, 2, 3 or 4 objects.
// expected-error @below {{a vector has 1 to 4 elements, not 5}}
py.func @f(%v: !py.vector<5 x f32>)

// -----

// "Vector Types": the element types of the table only.
// expected-error @below {{vector element type must be a fixed-format integer or real float type}}
py.func @f(%v: !py.vector<2 x complex<f32>>)

// -----

// "User-Defined Types": each attribute's type hint shall be heterogeneous.
// expected-error @below {{field 'i' of struct 's' has type 'index', which is not a heterogeneous value type}}
py.func @f(%s: !py.struct<"s", (i: index)>)

// -----

// expected-error @below {{struct 's' has two fields named 'x'}}
py.func @f(%s: !py.struct<"s", (x: si8, x: si8)>)

// -----

// "@struct(align: int)": an alignment is a power of two.
// expected-error @below {{struct alignment must be a power of two, not 12}}
py.func @f(%s: !py.struct<"s", (x: si8), align 12>)

// -----

// "Arrays": NumPy structured dtypes: fields inside the itemsize, in order.
// expected-error @below {{field 'b' at offset 2 overlaps the field before it (which ends at 4)}}
py.func @f(%s: !py.struct<"r", (a: f32 at 0, b: si8 at 2), size 8>)

// -----

// expected-error @below {{struct 'r' has size 4 but its fields end at 5}}
py.func @f(%s: !py.struct<"r", (a: si8 at 0, b: f32 at 1), size 4>)

// -----

// expected-error @below {{either every field or none has an offset}}
py.func @f(%s: !py.struct<"r", (a: si8 at 0, b: f32), size 8>)

// -----

// expected-error @below {{a struct's size is given only with its fields' offsets}}
py.func @f(%s: !py.struct<"r", (a: si8), size 8>)

// -----

// "Arrays": dtypes are the fixed-format numbers and structs.
// expected-error @below {{array dtype must be a fixed-format number or a struct type, not '!py.int'}}
py.func @f(%a: !py.array<!py.int, 1>)

// -----

// "Fixed-Format Numbers": values must be representable.
py.func @f() {
  // expected-error @below {{value 300 is not representable as int8}}
  %c = py.constant 300 : si8
  py.return
}

// -----

py.func @f() {
  // expected-error @below {{value -1 is not representable as uint32}}
  %c = py.constant -1 : ui32
  py.return
}

// -----

py.func @f() {
  // expected-error @below {{value 1.000000e+10 overflows float16}}
  %c = py.constant 1.0e10 : f16
  py.return
}

// -----

py.func @f() {
  // expected-error @below {{a int32 constant needs an integer value}}
  %c = py.constant 1.5 : si32
  py.return
}

// -----

py.func @f(%c: complex<f32>) {
  // expected-error @below {{cannot convert complex64 to float32: a complex number has no real conversion}}
  %r = py.cast %c : complex<f32> to f32
  py.return
}

// -----

py.func @f(%x: f32) {
  // expected-error @below {{cannot convert float32 to index: index converts to and from integers only}}
  %r = py.cast %x : f32 to index
  py.return
}

// -----

// "Numeric Promotion" (Array API): mixed integer and floating kinds.
py.func @f(%a: si8, %b: f32) {
  // expected-error @below {{'+' of int8 and float32 is not defined under the array_api promotion policy: the Array API leaves mixed integer and floating-point kinds undefined}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.add %a, %b : si8, f32 -> f32
  py.return
}

// -----

py.func @f(%a: ui64, %b: si64) {
  // expected-error @below {{the Array API leaves uint64 with a signed integer type undefined}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.mul %a, %b : ui64, si64 -> si64
  py.return
}

// -----

py.func @f(%a: si32, %b: !py.float) {
  // expected-error @below {{the Array API does not combine a Python float with a integer type}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.sub %a, %b : si32, !py.float -> si32
  py.return
}

// -----

py.func @f(%a: i1, %b: i1) {
  // expected-error @below {{arithmetic is not defined on bool}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.add %a, %b : i1, i1 -> i1
  py.return
}

// -----

py.func @f(%a: i1, %b: si8) {
  // expected-error @below {{the Array API does not promote between bool and numeric types}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.and %a, %b : i1, si8 -> si8
  py.return
}

// -----

py.func @f(%a: f8E4M3FN, %b: f8E4M3FN) {
  // expected-error @below {{float8 formats are storage formats without arithmetic}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.add %a, %b : f8E4M3FN, f8E4M3FN -> f8E4M3FN
  py.return
}

// -----

py.func @f(%a: f32, %b: f32) {
  // expected-error @below {{'&' of float32 and float32 is not defined under the array_api promotion policy: bitwise operators take integers or bools only}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.and %a, %b : f32, f32 -> f32
  py.return
}

// -----

py.func @f(%a: i1, %b: i1) {
  // expected-error @below {{shifts take integer types only}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.lshift %a, %b : i1, i1 -> i1
  py.return
}

// -----

py.func @f(%a: complex<f32>, %b: complex<f32>) {
  // expected-error @below {{'//' is defined on real numbers only}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.floordiv %a, %b : complex<f32>, complex<f32> -> complex<f32>
  py.return
}

// -----

// NumbaPro: "For complex numbers, only + - * are defined."
py.func @f(%a: complex<f32>, %b: complex<f32>) {
  // expected-error @below {{NumbaPro defines only + - * on complex numbers}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.truediv %a, %b policy numbapro : complex<f32>, complex<f32> -> complex<f32>
  py.return
}

// -----

py.func @f(%a: complex<f32>, %b: complex<f32>) {
  // expected-error @below {{complex numbers are not ordered}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.cmp lt, %a, %b : complex<f32>, complex<f32> -> i1
  py.return
}

// -----

py.func @f(%a: si8, %b: si8) {
  // expected-error @below {{'py.add' op inferred type(s) 'si8' are incompatible with return type(s) of operation 'si16'}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.add %a, %b : si8, si8 -> si16
  py.return
}

// -----

py.func @f(%a: i1) {
  // expected-error @below {{'-' of bool is not defined: the Array API defines it on numeric types only}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.neg %a : i1 -> i1
  py.return
}

// -----

// z.real and z.imag: the parts of complex numbers, each of the complex
// type's precision.
py.func @f(%a: f64) {
  // expected-error @below {{'.real' takes a complex number, not 'f64'}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.complex.real %a : f64 -> f64
  py.return
}

// -----

py.func @f(%z: complex<f32>) {
  // expected-error @below {{inferred type(s) 'f32' are incompatible with return type(s) of operation 'f64'}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.complex.imag %z : complex<f32> -> f64
  py.return
}

// -----

py.func @f(%a: f64) {
  // expected-error @below {{'~' takes integers or bools only}}
  // expected-error @below {{failed to infer returned types}}
  %r = py.invert %a : f64 -> f64
  py.return
}

// -----

// NumbaPro: "When indexing into an array, a N-dimension array must be
// provided with N indices."
py.func @f(%a: !py.array<f32, 2>, %i: si32) {
  // expected-error @below {{indexing an element of a 2-d array takes 2 indices, not 1}}
  %x = py.array.getitem %a[%i] : !py.array<f32, 2>, si32
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>, %i: si32, %v: f64) {
  // expected-error @below {{cannot assign float64 to an element of dtype float32 under the array_api promotion policy}}
  py.array.setitem %v, %a[%i] : f64, !py.array<f32, 1>, si32
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>, %i: si32, %v: f32) {
  // expected-error @below {{storing an element of a 1-d array takes 1 indices, not 2}}
  py.array.setitem %v, %a[%i, %i] : f32, !py.array<f32, 1>, si32, si32
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 2>, %i: si32) {
  // expected-error @below {{every dimension is indexed by an integer: use py.array.getitem to read the element}}
  %v = py.array.subscript %a[%i, %i] : !py.array<f32, 2>, si32, si32
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>, %s: !py.slice) {
  // expected-error @below {{too many indices (2) for a 1-d array}}
  %v = py.array.subscript %a[%s, %s] : !py.array<f32, 1>, !py.slice, !py.slice
  py.return
}

// -----

py.func @f(%n: !py.none) {
  %zero = py.constant 0 : !py.int
  // expected-error @below {{slice step cannot be zero (Python raises ValueError)}}
  %s = py.slice %n, %n, %zero : !py.none, !py.none, !py.int
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 2>) {
  // expected-error @below {{view keeps the number of dimensions}}
  %v = py.array.view %a : !py.array<f32, 2> to !py.array<f32, 1>
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>) {
  // expected-error @below {{itemsizes 4 and 3 do not divide each other}}
  %v = py.array.view %a : !py.array<f32, 1> to !py.array<!py.struct<"rgb", (r: ui8, g: ui8, b: ui8)>, 1>
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 0>) {
  // expected-error @below {{a 0-d array cannot be viewed as a dtype of another size}}
  %v = py.array.view %a : !py.array<f32, 0> to !py.array<f64, 0>
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>, %n: si64) {
  // expected-error @below {{the result has 2 dimensions but 1 extents are given}}
  %v = py.array.reshape %a(%n) : !py.array<f32, 1>, si64 -> !py.array<f32, 2>
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>) {
  %m = py.constant -1 : !py.int
  // expected-error @below {{only one extent can be -1}}
  %v = py.array.reshape %a(%m, %m) : !py.array<f32, 1>, !py.int, !py.int -> !py.array<f32, 2>
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 1>) {
  %m = py.constant -2 : !py.int
  // expected-error @below {{extent -2 is negative}}
  %v = py.array.reshape %a(%m) : !py.array<f32, 1>, !py.int -> !py.array<f32, 1>
  py.return
}

// -----

// "Arrays": only calls to astype with copy=False that do not allocate.
py.func @f(%a: !py.array<f32, 1>) {
  // expected-error @below {{astype(copy=False) to another dtype or shape would allocate}}
  %v = py.array.astype %a : !py.array<f32, 1> to !py.array<f64, 1>
  py.return
}

// -----

py.func @f(%t: tuple<si8, f32>) {
  // expected-error @below {{tuple index 2 is out of range for a tuple of 2 elements}}
  %x = py.tuple.getitem %t[2] : tuple<si8, f32>
  py.return
}

// -----

py.func @f(%t: tuple<si8, f32>, %x: f64) {
  // expected-error @below {{element 1 has type 'f32', not 'f64'}}
  %u = py.tuple.setitem %t[-1], %x : tuple<si8, f32>, f64
  py.return
}

// -----

// "User-Defined Types": the attribute's type shall match the type hint.
py.func @f(%x: si8) {
  // expected-error @below {{field 'y' has type '!py.int', not 'si8'}}
  %p = py.struct.make(%x, %x) : (si8, si8) -> !py.struct<"p", (x: si8, y: !py.int)>
  py.return
}

// -----

py.func @f(%x: si8) {
  // expected-error @below {{struct 'p' has 1 fields, not 2}}
  %p = py.struct.make(%x, %x) : (si8, si8) -> !py.struct<"p", (x: si8)>
  py.return
}

// -----

// "User-Defined Types": attributes shall not be dynamically added.
py.func @f(%p: !py.struct<"p", (x: si8)>) {
  // expected-error @below {{struct 'p' has no field 'w' (spec: attributes cannot be added)}}
  %w = py.struct.getattr %p["w"] : !py.struct<"p", (x: si8)>
  py.return
}

// -----

py.func @f(%p: !py.struct<"p", (x: si8)>, %v: si16) {
  // expected-error @below {{field 'x' has type 'si8', not 'si16'}}
  %q = py.struct.setattr %p["x"], %v : !py.struct<"p", (x: si8)>, si16
  py.return
}

// -----

// "Vector.__init__": len(args) == self.size.
py.func @f(%x: f32) {
  // expected-error @below {{a vector of 3 elements takes 3 arguments, not 2}}
  %v = py.vector.make(%x, %x) : (f32, f32) -> !py.vector<3 x f32>
  py.return
}

// -----

// "Vector.__init__": an object of dtype shall be constructible from each.
py.func @f(%x: complex<f32>) {
  // expected-error @below {{a float32 element cannot be constructed from complex64}}
  %v = py.vector.make(%x) : (complex<f32>) -> !py.vector<1 x f32>
  py.return
}

// -----

// "Vector.__getitem__": i < self.size.
py.func @f(%v: !py.vector<2 x f32>) {
  %i = py.constant 2 : !py.int
  // expected-error @below {{index 2 is out of range for a vector of 2 elements}}
  %x = py.vector.getitem %v[%i] : !py.vector<2 x f32>, !py.int
  py.return
}

// -----

// "Vector.__getitem__(self, i: int32)": arguments match the type hints.
py.func @f(%v: !py.vector<2 x f32>, %i: si64) {
  // expected-error @below {{the index of a vector is an int32, not int64}}
  %x = py.vector.getitem %v[%i] : !py.vector<2 x f32>, si64
  py.return
}

// -----

// "Vector.__setitem__": val shall be assignable to an object of dtype.
py.func @f(%v: !py.vector<2 x si8>, %i: !py.int, %x: f32) {
  // expected-error @below {{cannot assign float32 to a int8 element under the array_api promotion policy}}
  %w = py.vector.setitem %v[%i], %x : !py.vector<2 x si8>, !py.int, f32
  py.return
}

// -----

py.func @f(%a: !py.array<f32, 0>) {
  // expected-error @below {{len() of a 0-d array is undefined}}
  %n = py.len %a : !py.array<f32, 0>
  py.return
}

// -----

py.func @f(%x: f32) {
  // expected-error @below {{len() takes a tuple, vector or array, not 'f32'}}
  %n = py.len %x : f32
  py.return
}

// -----

// "Kernel Functions": a kernel function shall return None.
// expected-error @below {{a kernel returns None: it has no results}}
py.kernel @k(%x: f32) -> f32 {
  py.return %x : f32
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{a kernel returns None (spec, "Kernel Functions"): py.return takes no operands}}
  py.return %x : f32
}

// -----

// "launch": all of args shall be heterogeneous.
// expected-error @below {{parameter 0 has type '!py.slice', which is not heterogeneous (spec, "Kernel Functions": all of args shall be heterogeneous)}}
py.kernel @k(%s: !py.slice) {
  py.return
}

// -----

// expected-error @below {{parameter 0 has type 'index', which is not heterogeneous and has no CUDA C++ representation}}
py.func @f(%i: index) attributes {interop} {
  py.return
}

// -----

// expected-error @below {{returns at most one value (return a tuple)}}
py.func @f(%x: f32) -> (f32, f32) {
  py.return %x, %x : f32, f32
}

// -----

py.kernel @k() {
  py.return
}
py.func @f() {
  // expected-error @below {{@k is a kernel: kernels are launched, not called (spec, "Kernel Functions")}}
  py.call @k() : () -> ()
  py.return
}

// -----

py.func @g(%x: f32) {
  py.return
}
// "General Requirements": an argument's type shall match its parameter's type hint.
py.func @f(%x: f64) {
  // expected-error @below {{argument 0 has type 'f64' but @g takes 'f32'}}
  py.call @g(%x) : (f64) -> ()
  py.return
}

// -----

py.func @g(%k: !py.int {py.constexpr}) {
  py.return
}
// "Constant Expressions": ConstExpr parameters take constant expressions.
py.func @f(%x: !py.int) {
  // expected-error @below {{argument 0 of @g is a ConstExpr parameter and needs a constant expression}}
  py.call @g(%x) : (!py.int) -> ()
  py.return
}

// -----

py.func @f() {
  // expected-error @below {{no function named @missing}}
  py.call @missing() : () -> ()
  py.return
}

// -----

// numba_abi marks foreign declarations (no body) of interoperable functions.
// expected-error @below {{numba_abi marks a foreign declaration: an interop function without a body}}
py.func @with_body(%x: f32) -> f32 attributes {interop, numba_abi} {
  py.return %x : f32
}

// -----

// expected-error @below {{numba_abi marks a foreign declaration: an interop function without a body}}
py.func private @not_interop(f32) -> f32 attributes {numba_abi}

// -----

// expected-error @below {{a kernel does not take numba_abi (a device function ABI)}}
py.kernel @k(%x: f32) attributes {numba_abi} {
  py.return
}
