// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// Spec, "Thread Positioning": tid(ndims) takes 1, 2 or 3.
py.kernel @k() {
  // expected-error @below {{tid(ndims) takes 1, 2 or 3, not 4 (spec, "Thread Positioning")}}
  // expected-error @below {{failed to infer returned types}}
  %t = "simt.tid"() <{ndims = 4 : i32}> : () -> tuple<!py.int, !py.int, !py.int, !py.int>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{grid_size(ndims) takes 1, 2 or 3, not 0}}
  // expected-error @below {{failed to infer returned types}}
  %t = "simt.grid_size"() <{ndims = 0 : i32}> : () -> !py.int
  py.return
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{operand #0 must be a bool (i1 or !py.bool)}}
  %n = simt.syncthreads_count %x : f32
  py.return
}

// -----

py.kernel @k() {
  // Spec, "Memory Orderings": an unknown memory order is an error.
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'memory' [relaxed, consume, acquire, release, acq_rel, seq_cst]}}
  simt.threadfence memory strong
  py.return
}

// -----

// Spec, "Local, Shared, and Const Memory": a constant array holds numbers
// of its dtype, one dimension of the value per dimension of the array.
py.kernel @k() {
  // expected-error @below {{the value's elements are 'f64', the array's dtype 'f32'}}
  %a = simt.const_array dense<[1.0]> : tensor<1xf64> : !py.array<f32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{a 1-d array needs a 1-d value, not 2-d}}
  %a = simt.const_array dense<[[1, 2]]> : tensor<1x2xsi32> : !py.array<si32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{a constant array holds integers or floats, not 'i1'}}
  %a = simt.const_array dense<[true]> : tensor<1xi1> : !py.array<i1, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{alignment must be a power of two, not 12}}
  %a = simt.const_array dense<[1]> : tensor<1xsi32> align 12 : !py.array<si32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{the value is a dense integer or float elements attribute, not}}
  %a = simt.const_array sparse<[[0]], [1]> : tensor<4xsi32> : !py.array<si32, 1>
  py.return
}

// -----

// Spec, "Local, Shared, and Const Memory": a static shape per dimension.
py.kernel @k() {
  // expected-error @below {{a 2-d array needs 2 extents, not 1}}
  %a = simt.shared_array [16] : !py.array<f32, 2>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{extents must be positive, not 0}}
  %a = simt.local_array [0] : !py.array<f32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{alignment must be a power of two, not 12}}
  %a = simt.shared_array [4] align 12 : !py.array<f32, 1>
  py.return
}

// -----

py.kernel @k() {
  // expected-error @below {{the dynamic shared array is a 1-d uint8 array (view it as another dtype), not '!py.array<f32, 1>'}}
  %a = simt.dynamic_shared_array : !py.array<f32, 1>
  py.return
}

// -----

// Spec, "Thread Warp Synchronization": a WarpMask (ui32) mask.
py.kernel @k(%m: si32, %p: !py.bool) {
  // expected-error @below {{operand #0 must be a WarpMask (ui32, bit i is lane i)}}
  %r = simt.all_sync %m, %p : si32, !py.bool
  py.return
}

// -----

// Spec, "shfl_sync": values of at most 8 bytes.
py.kernel @k(%m: ui32, %x: complex<f64>, %i: !py.int) {
  // expected-error @below {{shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")}}
  %r = simt.shfl_sync %m, %x, %i : ui32, complex<f64>, !py.int
  py.return
}

// -----

// Spec, "Numeric Intrinsics": popc, brev, clz, ffs take integers.
py.kernel @k(%x: f32) {
  // expected-error @below {{operand #0 must be an integer (int or a fixed-format integer)}}
  %r = simt.popc %x : f32
  py.return
}

// -----

py.kernel @k(%x: si32) {
  // expected-error @below {{operand #0 must be a real float (float, f16, bf16, f32 or f64)}}
  %r = simt.cbrt %x : si32
  py.return
}

// -----

// Spec, "Atomic.__init__": the dtype is at most 16 bytes.
// expected-error @below {{an Atomic's dtype is at most 16 bytes, and '!py.vector<4 x f64>' is 32}}
py.kernel @k(%a: !py.atomic<!py.vector<4 x f64>>) {
  py.return
}

// -----

// expected-error @below {{an Atomic holds a number, vector, struct or tuple, not '!py.array<f32, 1>'}}
py.kernel @k(%a: !py.atomic<!py.array<f32, 1>>) {
  py.return
}

// -----

// expected-error @below {{Atomic alignment must be a power of two, not 12}}
py.kernel @k(%a: !py.atomic<si32, align 12>) {
  py.return
}

// -----

py.kernel @k(%a: !py.array<si32, 2>, %i: si32) {
  // expected-error @below {{indexes an element of a 2-d array with 2 indices, not 1}}
  %r = simt.atomic_ref %a[%i] : !py.array<si32, 2>, si32 -> !simt.atomic_ref<si32>
  py.return
}

// -----

py.kernel @k(%a: !py.array<si32, 1>, %i: si32) {
  // expected-error @below {{member 'x' of 'si32', which is not a struct}}
  %r = simt.atomic_ref %a[%i] member ["x"] : !py.array<si32, 1>, si32 -> !simt.atomic_ref<si32>
  py.return
}

// -----

py.kernel @k(%a: !py.array<!py.struct<"s", (x: !py.atomic<si32>)>, 1>, %i: si32) {
  // expected-error @below {{struct 's' has no field 'y'}}
  %r = simt.atomic_ref %a[%i] member ["y"] : !py.array<!py.struct<"s", (x: !py.atomic<si32>)>, 1>, si32 -> !simt.atomic_ref<si32>
  py.return
}

// -----

py.kernel @k(%a: !py.array<!py.struct<"s", (x: si32)>, 1>, %i: si32) {
  // expected-error @below {{the member is 'si32', not an Atomic (spec, "Atomics")}}
  %r = simt.atomic_ref %a[%i] member ["x"] : !py.array<!py.struct<"s", (x: si32)>, 1>, si32 -> !simt.atomic_ref<si32>
  py.return
}

// -----

// A struct of two float32 is aligned to 4 bytes: an 8-byte atomic needs 8.
py.kernel @k(%a: !py.array<!py.struct<"xy", (x: f32, y: f32)>, 1>, %i: si32) {
  // expected-error @below {{an atomic access of 8 bytes needs an address aligned to 8, and the array guarantees 4 for '!py.struct<"xy", (x: f32, y: f32)>'}}
  %r = simt.atomic_ref %a[%i] : !py.array<!py.struct<"xy", (x: f32, y: f32)>, 1>, si32 -> !simt.atomic_ref<!py.struct<"xy", (x: f32, y: f32)>>
  py.return
}

// -----

// A record (NumPy structured dtype) guarantees no alignment.
py.kernel @k(%a: !py.array<!py.struct<"r", (b: ui8 at 0, x: !py.atomic<si32> at 4), size 8>, 1>, %i: si32) {
  // expected-error @below {{an atomic access of 4 bytes needs an address aligned to 4, and the array guarantees 1}}
  %r = simt.atomic_ref %a[%i] member ["x"] : !py.array<!py.struct<"r", (b: ui8 at 0, x: !py.atomic<si32> at 4), size 8>, 1>, si32 -> !simt.atomic_ref<si32>
  py.return
}

// -----

py.kernel @k(%a: !py.array<!py.struct<"v3", (v: !py.atomic<!py.vector<3 x f32>>)>, 1>, %i: si32) {
  // expected-error @below {{an atomic object is 1, 2, 4, 8 or 16 bytes; '!py.vector<3 x f32>' has 12}}
  %r = simt.atomic_ref %a[%i] member ["v"] : !py.array<!py.struct<"v3", (v: !py.atomic<!py.vector<3 x f32>>)>, 1>, si32 -> !simt.atomic_ref<!py.vector<3 x f32>>
  py.return
}

// -----

py.kernel @k(%a: !py.array<!py.struct<"big", (v: !py.vector<4 x f64>)>, 1>, %i: si32) {
  // expected-error @below {{accesses an object of at most 16 bytes; '!py.struct<"big", (v: !py.vector<4 x f64>)>' has 32 (spec, "Atomics")}}
  %r = simt.atomic_ref %a[%i] : !py.array<!py.struct<"big", (v: !py.vector<4 x f64>)>, 1>, si32 -> !simt.atomic_ref<!py.struct<"big", (v: !py.vector<4 x f64>)>>
  py.return
}

// -----

py.kernel @k(%a: !py.array<si32, 1>, %i: si32) {
  // expected-error @below {{refers to an object of type 'si32', not 'ui32'}}
  %r = simt.atomic_ref %a[%i] : !py.array<si32, 1>, si32 -> !simt.atomic_ref<ui32>
  py.return
}

// -----

// A wait reads with loads (no release ordering), compares integers, and
// takes `old` of the object's dtype.
func.func @k(%r: !simt.atomic_ref<si32>, %old: si32) {
  // expected-error @below {{a wait cannot have memory order 'release'}}
  simt.atomic_wait %r, %old memory release : !simt.atomic_ref<si32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<f32>, %old: f32) {
  // expected-error @below {{waits on an integer object, not 'f32'}}
  simt.atomic_wait %r, %old : !simt.atomic_ref<f32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<si32>, %old: si64) {
  // expected-error @below {{failed to verify that `old` is the object's dtype}}
  "simt.atomic_wait"(%r, %old) : (!simt.atomic_ref<si32>, si64) -> ()
  return
}

// -----

// C++ atomic::load: no release ordering.
func.func @k(%r: !simt.atomic_ref<si32>) {
  // expected-error @below {{a load cannot have memory order 'release'}}
  %x = simt.atomic_load %r memory release : !simt.atomic_ref<si32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<si32>) {
  // expected-error @below {{a load cannot have memory order 'acq_rel'}}
  %x = simt.atomic_load %r memory acq_rel : !simt.atomic_ref<si32>
  return
}

// -----

// C++ atomic::store: no acquire ordering.
func.func @k(%r: !simt.atomic_ref<si32>, %v: si32) {
  // expected-error @below {{a store cannot have memory order 'acquire'}}
  simt.atomic_store %r, %v memory acquire : !simt.atomic_ref<si32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<si32>, %v: si32) {
  // expected-error @below {{a store cannot have memory order 'consume'}}
  simt.atomic_store %r, %v memory consume : !simt.atomic_ref<si32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<si32>, %v: si32) {
  // expected-error @below {{a store cannot have memory order 'acq_rel'}}
  simt.atomic_store %r, %v memory acq_rel : !simt.atomic_ref<si32>
  return
}

// -----

// Spec, "Memory Orderings": an unknown memory order is an error.
func.func @k(%r: !simt.atomic_ref<si32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'memory' [relaxed, consume, acquire, release, acq_rel, seq_cst]}}
  %x = simt.atomic_load %r memory sequential : !simt.atomic_ref<si32>
  return
}

// -----

// Spec, "Thread Scopes": an unknown scope is an error.
func.func @k(%r: !simt.atomic_ref<si32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [system, device, block, thread]}}
  %x = simt.atomic_load %r scope warp : !simt.atomic_ref<si32>
  return
}

// -----

// Spec, "AtomicInterface.exch": at most 8 bytes.
func.func @k(%r: !simt.atomic_ref<complex<f64>>, %v: complex<f64>) {
  // expected-error @below {{exchanges an object of at most 8 bytes; 'complex<f64>' has 16 (spec, "Atomics")}}
  %x = simt.atomic_rmw exch %r, %v : !simt.atomic_ref<complex<f64>>
  return
}

// -----

// Spec, "AtomicInterface.cas": at most 8 bytes.
func.func @k(%r: !simt.atomic_ref<complex<f64>>, %v: complex<f64>) {
  // expected-error @below {{compares and swaps an object of at most 8 bytes; 'complex<f64>' has 16 (spec, "Atomics")}}
  %x = simt.atomic_cas %r, %v, %v : !simt.atomic_ref<complex<f64>>
  return
}

// -----

// Spec, "AtomicInterface.add": uint32, int32, uint64, int64, float32, float64.
func.func @k(%r: !simt.atomic_ref<si16>, %v: si16) {
  // expected-error @below {{'add' takes uint32, int32, uint64, int64, float32 or float64, not 'si16' (spec, "Atomics")}}
  %x = simt.atomic_rmw add %r, %v : !simt.atomic_ref<si16>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<f16>, %v: f16) {
  // expected-error @below {{'nanmax' takes uint32, int32, uint64, int64, float32 or float64, not 'f16'}}
  %x = simt.atomic_rmw nanmax %r, %v : !simt.atomic_ref<f16>
  return
}

// -----

// Spec, "AtomicInterface.and_": uint32, int32, uint64, int64.
func.func @k(%r: !simt.atomic_ref<f32>, %v: f32) {
  // expected-error @below {{'and' takes uint32, int32, uint64 or int64, not 'f32' (spec, "Atomics")}}
  %x = simt.atomic_rmw and %r, %v : !simt.atomic_ref<f32>
  return
}

// -----

// inc and dec wrap unsigned counters (CUDA's atomicInc/atomicDec).
func.func @k(%r: !simt.atomic_ref<si32>, %v: si32) {
  // expected-error @below {{'inc' takes uint32 or uint64, not 'si32'}}
  %x = simt.atomic_rmw inc %r, %v : !simt.atomic_ref<si32>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<f64>, %v: f64) {
  // expected-error @below {{'dec' takes uint32 or uint64, not 'f64'}}
  %x = simt.atomic_rmw dec %r, %v : !simt.atomic_ref<f64>
  return
}

// -----

func.func @k(%r: !simt.atomic_ref<si32>, %v: si64) {
  // expected-error @below {{failed to verify that the value is the object's dtype}}
  %x = "simt.atomic_rmw"(%r, %v) {kind = 1 : i32} : (!simt.atomic_ref<si32>, si64) -> si64
  return
}

// -----

py.kernel @k(%m: ui32, %v: complex<f64>) {
  // expected-error @below {{matches values of at most 8 bytes; 'complex<f64>' has 16}}
  %p = simt.match_any_sync %m, %v : ui32, complex<f64>
  py.return
}

// -----

py.kernel @k(%m: ui32, %v: !py.vector<2 x f32>) {
  // expected-error @below {{matches numbers; '!py.vector<2 x f32>' is not one}}
  %eq, %p = simt.match_all_sync %m, %v : ui32, !py.vector<2 x f32>
  py.return
}

// -----

// Spec, "WarpMask.__getitem__": 0 <= i < 32.
py.kernel @k(%m: ui32) {
  %i = py.constant 32 : !py.int
  // expected-error @below {{lane 32 is outside the warp: it is in [0, 32) (spec, "WarpMask")}}
  %b = simt.warp_mask.getitem %m[%i] : ui32, !py.int
  py.return
}

// -----

// Spec, "WarpMask.__setitem__": 0 <= i < 32.
py.kernel @k(%m: ui32, %v: !py.bool) {
  %i = py.constant -1 : si32
  // expected-error @below {{lane -1 is outside the warp}}
  %b = simt.warp_mask.setitem %m[%i], %v : ui32, si32, !py.bool
  py.return
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{math.atan2 takes 2 operands, not 1}}
  %r = simt.math atan2 %x : f32
  py.return
}

// -----

py.kernel @k(%x: si32) {
  // expected-error @below {{math.sin takes a real float (float, f16, bf16, f32 or f64), not 'si32'}}
  %r = simt.math sin %x : si32
  py.return
}

// -----

py.kernel @k(%x: f32, %y: f64) {
  // expected-error @below {{math.pow takes operands of one type, not 'f32' and 'f64'}}
  %r = simt.math pow %x, %y : f32, f64
  py.return
}

// -----

py.kernel @k(%x: f64, %e: si64) {
  // expected-error @below {{math.ldexp takes an int32 exponent, not 'si64'}}
  %r = simt.math ldexp %x, %e : f64, si64
  py.return
}

// -----

py.kernel @k(%x: f8E4M3FN) {
  // expected-error @below {{math.exp takes a real float (float, f16, bf16, f32 or f64), not 'f8E4M3FN'}}
  %r = simt.math exp %x : f8E4M3FN
  py.return
}

// -----

// Spec: pred is a callable; the op needs the value or the region.
py.kernel @k() {
  // expected-error @below {{needs a predicate: a bool value or a region that yields one (spec: pred is a callable)}}
  %n = "simt.syncthreads_count"() ({}) : () -> !py.int
  py.return
}

// -----

py.kernel @k(%p: i1) {
  // expected-error @below {{takes a predicate value or a predicate region, not both}}
  %n = "simt.syncthreads_or"(%p) ({
    "simt.yield"(%p) : (i1) -> ()
  }) : (i1) -> !py.bool
  py.return
}

// -----

py.kernel @k(%p: i1, %m: ui32) {
  %v = simt.any_sync %m {
    %z = py.constant 0 : si32
    // expected-error @below {{operand #0 must be a bool (i1 or !py.bool), but got 'si32'}}
    simt.yield %z : si32
  } : ui32
  py.return
}

// -----

// Spec, "shfl_sync": values, not references.
py.kernel @k(%m: ui32, %a: !py.array<f32, 1>, %i: !py.int) {
  // expected-error @below {{shuffles numbers, vectors, structs and tuples; '!py.array<f32, 1>' is none of them}}
  %r = simt.shfl_sync %m, %a, %i : ui32, !py.array<f32, 1>, !py.int
  py.return
}

// -----

py.kernel @k(%m: ui32, %v: !py.vector<3 x f32>, %i: !py.int) {
  // expected-error @below {{shuffles values of at most 8 bytes; '!py.vector<3 x f32>' has 12}}
  %r = simt.shfl_sync %m, %v, %i : ui32, !py.vector<3 x f32>, !py.int
  py.return
}

// -----

// Spec, "shfl_sync": src_lane >= 0 and src_lane < 32.
py.kernel @k(%m: ui32, %x: f32) {
  %l = py.constant 32 : !py.int
  // expected-error @below {{src_lane 32 is outside the warp: it is in [0, 32) (spec, "shfl_sync")}}
  %r = simt.shfl_sync %m, %x, %l : ui32, f32, !py.int
  py.return
}

// -----

py.kernel @k(%m: ui32, %x: f32) {
  %d = py.constant -1 : si32
  // expected-error @below {{delta -1 is outside the warp: it is in [0, 32) (spec, "shfl_down_sync")}}
  %r = simt.shfl_down_sync %m, %x, %d : ui32, f32, si32
  py.return
}

// -----

// CUDA C++ 7.34.1: a conversion per value, of a kind the value takes.
py.kernel @k(%x: f32) {
  // expected-error @below {{has 2 conversions in its format for 1 values}}
  simt.print "%f %f\n" %x : f32
  py.return
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{prints value 0 of type 'f32' with '%d', which takes an integer or bool}}
  simt.print "%d\n" %x : f32
  py.return
}

// -----

py.kernel @k(%x: !py.int) {
  // expected-error @below {{prints value 0 of type '!py.int' with '%e', which takes a float}}
  simt.print "%e\n" %x : !py.int
  py.return
}

// -----

py.kernel @k(%x: si64) {
  // expected-error @below {{prints value 0 of type 'si64' with a conversion without an l length; 64-bit integers take l or ll, narrower ones none}}
  simt.print "%d\n" %x : si64
  py.return
}

// -----

py.kernel @k(%x: si32) {
  // expected-error @below {{prints value 0 of type 'si32' with a conversion with an l length; 64-bit integers take l or ll, narrower ones none}}
  simt.print "%ld\n" %x : si32
  py.return
}

// -----

py.kernel @k(%x: !py.int) {
  // expected-error @below {{cannot print the conversion '%s' of its format: it takes d, i, u, o, x, X or c (with an l or ll length for 64-bit integers), or e, E, f, F, g, G, a or A, after flags, a width and a precision}}
  simt.print "%s\n" %x : !py.int
  py.return
}

// -----

py.kernel @k(%x: !py.int) {
  // expected-error @below {{cannot print the conversion '%*d'}}
  simt.print "%*d\n" %x : !py.int
  py.return
}

// -----

py.kernel @k(%z: complex<f32>) {
  // expected-error @below {{prints value 0 of type 'complex<f32>' with '%f', which takes a float (print a complex number's parts, and convert fp8 values to a wider float first)}}
  simt.print "%f\n" %z : complex<f32>
  py.return
}

// -----

py.kernel @k(%a: !py.array<f32, 1>) {
  // expected-error @below {{prints value 0 of type '!py.array<f32, 1>' with '%f', which takes a float}}
  simt.print "%f\n" %a : !py.array<f32, 1>
  py.return
}

// -----

// CUDA C++ 7.34.2: at most 32 arguments.
py.kernel @k(%x: !py.int) {
  // expected-error @below {{prints 33 values; CUDA's printf takes at most 32 (CUDA C++ Programming Guide 7.34.2)}}
  simt.print "%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d" %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int, !py.int
  py.return
}

// -----

py.kernel @k(%x: f32) {
  // expected-error @below {{operand #0 must be a bool (i1 or !py.bool), but got 'f32'}}
  simt.assert %x, "x" : f32
  py.return
}
