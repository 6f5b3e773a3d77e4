// Every ill-formed tile type is an error naming the rule.
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// cuTile Python, "Tiles and Scalars": each dimension is a power of 2
// (Tile C++: ct::shape<4, 7> is not tile compatible).
// expected-error @below {{tile dimensions are powers of two, not 7}}
func.func private @f(!tile.tile<4x7xf32>)

// -----

// Tile C++: ct::shape<0> is not tile compatible.
// expected-error @below {{tile dimensions are powers of two, not 0}}
func.func private @f(!tile.tile<0xf32>)

// -----

// The implementation-defined limits (docs/Tile.md).
// expected-error @below {{a tile has at most 1048576 elements}}
func.func private @f(!tile.tile<2048x1024xf32>)

// -----

// expected-error @below {{a tile has at most 8 dimensions, not 9}}
func.func private @f(!tile.tile<1x1x1x1x1x1x1x1x1xf32>)

// -----

// Dynamic extents are not tiles: shapes are static.
// expected-error @below {{expected static shape}}
func.func private @f(!tile.tile<?xf32>)

// -----

// Signedness is part of the dtype: int32 is si32, not i32.
// expected-error @below {{a tile's elements are bool (i1), si/ui 8-64, f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN or pointers, not 'i32'}}
func.func private @f(!tile.tile<4xi32>)

// -----

// expected-error @below {{not 'complex<f32>'}}
func.func private @f(!tile.tile<4xcomplex<f32>>)

// -----

// expected-error @below {{not 'f8E4M3FNUZ'}}
func.func private @f(!tile.tile<4xf8E4M3FNUZ>)

// -----

// Tile C++: multi-level pointers are not pointer scalars.
// expected-error @below {{a pointer scalar points to a numeric dtype, not '!tile.ptr<f32>'}}
func.func private @f(!tile.ptr<!tile.ptr<f32>>)

// -----

// expected-error @below {{a pointer scalar points to a numeric dtype, not '!tile.tile<4xf32>'}}
func.func private @f(!tile.ptr<!tile.tile<4xf32>>)

// -----

// cuTile Python "Global Arrays": extents are int32 values.
// expected-error @below {{array extents are int32 values (0 to 2147483647), not 2147483648}}
func.func private @f(!tile.array<2147483648xf32>)

// -----

// expected-error @below {{an array of rank 2 has 2 strides, not 1}}
func.func private @f(!tile.array<?x?xf32, strides [1]>)

// -----

// expected-error @below {{array strides are nonnegative, not -1}}
func.func private @f(!tile.array<?xf32, strides [-1]>)

// -----

// expected-error @below {{an array's elements have a numeric dtype, not '!tile.ptr<f32>'}}
func.func private @f(!tile.array<?x!tile.ptr<f32>>)

// -----

// expected-error @below {{an array has 1 to 8 dimensions, not 0}}
func.func private @f(!tile.array<f32>)

// -----

// A view's tiles are tiles: power-of-two extents.
// expected-error @below {{tile dimensions are powers of two, not 48}}
func.func private @f(!tile.view<48, !tile.array<?xf32>>)

// -----

// expected-error @below {{a view of a rank-2 array has tiles of rank 2, not 1}}
func.func private @f(!tile.view<64, !tile.array<?x?xf32>>)

// -----

// expected-error @below {{a view's order is a permutation of 0 to 1}}
func.func private @f(!tile.view<64x64, !tile.array<?x?xf32>, order [1, 1]>)

// -----

// cuTile Python "Tiled Views": traversal steps advance tile origins.
// expected-error @below {{traversal steps are positive int32 values, not 0}}
func.func private @f(!tile.view<64, !tile.array<?xf32>, steps [0]>)

// -----

// cuTile Python "Padding Modes": infinities and NaN are float values.
// expected-error @below {{padding neg_inf needs a floating-point dtype, not int32}}
func.func private @f(!tile.view<64, !tile.array<?xsi32>, padding neg_inf>)

// -----

// expected-error @below {{padding pos_inf: float8_e4m3fn has no infinities}}
func.func private @f(!tile.view<64, !tile.array<?xf8E4M3FN>, padding pos_inf>)

// -----

// expected-error @below {{padding is undetermined, zero, neg_zero, nan, pos_inf or neg_inf, not one}}
func.func private @f(!tile.view<64, !tile.array<?xf32>, padding one>)

// -----

// expected-error @below {{a view takes order, steps and padding, not stride}}
func.func private @f(!tile.view<64, !tile.array<?xf32>, stride [1]>)

// -----

func.func @f(%p: !tile.tile<!tile.ptr<f32>>) {
  // expected-error @below {{takes one extent per dynamic dimension (1), not 0}}
  %a = tile.make_array %p shape [] strides [] : !tile.tile<!tile.ptr<f32>> -> !tile.array<?xf32, strides [1]>
  return
}

// -----

func.func @f(%p: !tile.tile<!tile.ptr<f16>>, %n: !tile.tile<si32>) {
  // expected-error @below {{the base points to float16, the array holds float32}}
  %a = tile.make_array %p shape [%n] strides [] : !tile.tile<!tile.ptr<f16>> -> !tile.array<?xf32, strides [1]>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32>) {
  // expected-error @below {{dimension 1 is out of range for a rank-1 array}}
  %n = tile.array_dim %a, 1 : !tile.array<?xf32>
  return
}

// -----

// tile.array_stride: a dimension of the array.
func.func @f(%a: !tile.array<?xf32>) {
  // expected-error @below {{dimension 1 is out of range for a rank-1 array}}
  %s = tile.array_stride %a, 1 : !tile.array<?xf32>
  return
}

// -----

// tile.array_base: a pointer to the array's dtype.
func.func @f(%a: !tile.array<?xf32>) {
  // expected-error @below {{points to float16, not the array's float32}}
  %p = tile.array_base %a : !tile.array<?xf32> -> !tile.tile<!tile.ptr<f16>>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32>) {
  // expected-error @below {{views an array of type '!tile.array<?xf16>', not '!tile.array<?xf32>'}}
  %v = tile.make_view %a : !tile.array<?xf32> -> !tile.view<64, !tile.array<?xf16>>
  return
}

// -----

func.func @f(%v: !tile.view<64x64, !tile.array<?x?xf32>>, %i: !tile.tile<si32>) {
  // expected-error @below {{takes one tile index per array dimension (2), not 1}}
  %t = tile.load %v[%i] : !tile.view<64x64, !tile.array<?x?xf32>>
  return
}

// -----

// Tile indices are si32 scalars (cuTile Python: int32).
// expected-note @below {{prior use here}}
func.func @f(%v: !tile.view<64, !tile.array<?xf32>>, %i: !tile.tile<si64>) {
  // expected-error @below {{use of value '%i' expects different type than prior uses}}
  %t = tile.load %v[%i] : !tile.view<64, !tile.array<?xf32>>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32>, %i: !tile.tile<64xsi32>) {
  // expected-error @below {{index tiles have the shape (128,), not (64,)}}
  %t = tile.gather %a[%i] : !tile.array<?xf32>[!tile.tile<64xsi32>] -> !tile.tile<128xf32>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32>, %i: !tile.tile<64xsi32>, %p: !tile.tile<f16>) {
  // expected-error @below {{the padding is a scalar of the array's dtype}}
  %t = "tile.gather"(%a, %i, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!tile.array<?xf32>, !tile.tile<64xsi32>, !tile.tile<f16>) -> !tile.tile<64xf32>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32>, %i: !tile.tile<64xsi32>, %x: !tile.tile<64xf16>) {
  // expected-error @below {{scatters float16 into an array of float32}}
  tile.scatter %x, %a[%i] : !tile.tile<64xf16>, !tile.array<?xf32>[!tile.tile<64xsi32>]
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>, %o: !tile.tile<32xsi32>) {
  // expected-error @below {{pointers and offsets have one shape (the explicit form), not (64,) and (32,)}}
  %q = tile.offset %p, %o : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<32xsi32>
  return
}

// -----

// fp4 elements are packed two to a byte: a pointer cannot address one.
func.func @f(%p: !tile.tile<64x!tile.ptr<f4E2M1FN>>, %o: !tile.tile<64xsi32>) {
  // expected-error @below {{a pointer to float4_e2m1fn addresses a byte of two packed elements, not one element; make an array of it (tile.make_array) and access that}}
  %q = tile.offset %p, %o : !tile.tile<64x!tile.ptr<f4E2M1FN>>, !tile.tile<64xsi32>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f4E2M1FN>>) {
  // expected-error @below {{a pointer to float4_e2m1fn addresses a byte of two packed elements}}
  %x = tile.load_ptr %p : !tile.tile<64x!tile.ptr<f4E2M1FN>> -> !tile.tile<64xf4E2M1FN>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>) {
  // expected-error @below {{the pointers point to float32, not float16}}
  %x = tile.load_ptr %p : !tile.tile<64x!tile.ptr<f32>> -> !tile.tile<64xf16>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>, %m: !tile.tile<32xi1>) {
  // expected-error @below {{the mask has the pointers' shape (64,)}}
  %x = tile.load_ptr %p mask %m : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<32xi1> -> !tile.tile<64xf32>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>, %x: !tile.tile<32xf32>) {
  // expected-error @below {{values and pointers have one shape, not (32,) and (64,)}}
  tile.store_ptr %x, %p : !tile.tile<32xf32>, !tile.tile<64x!tile.ptr<f32>>
  return
}

// -----

// Atomics are what the hardware has: no 16-bit integer add.
func.func @f(%p: !tile.tile<64x!tile.ptr<si16>>, %x: !tile.tile<64xsi16>) {
  // expected-error @below {{atomic add does not take int16}}
  %o = tile.atomic_rmw add %p, %x memory relaxed scope device : !tile.tile<64x!tile.ptr<si16>>, !tile.tile<64xsi16>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>, %x: !tile.tile<64xf32>) {
  // expected-error @below {{atomic xor does not take float32}}
  %o = tile.atomic_rmw xor %p, %x memory relaxed scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>
  return
}

// -----

func.func @f(%p: !tile.tile<64x!tile.ptr<si8>>, %x: !tile.tile<64xsi8>) {
  // expected-error @below {{compare-and-swap takes 16, 32 or 64-bit dtypes, not int8}}
  %o = tile.atomic_cas %p, %x, %x memory relaxed scope device : !tile.tile<64x!tile.ptr<si8>>, !tile.tile<64xsi8>
  return
}

// -----

// Tile C++ "Memory Order" has no seq_cst or consume.
func.func @f(%p: !tile.tile<64x!tile.ptr<f32>>, %x: !tile.tile<64xf32>) {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'memory' [relaxed, acquire, release, acq_rel]}}
  %o = tile.atomic_rmw add %p, %x memory seq_cst scope device : !tile.tile<64x!tile.ptr<f32>>, !tile.tile<64xf32>
  return
}

// -----

func.func @f() {
  // expected-error @below {{'tile.constant' op failed to verify that all of {value, result} have same type}}
  %c = "tile.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> !tile.tile<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @below {{int8 does not hold the position 255}}
  %i = tile.iota : !tile.tile<256xsi8>
  return
}

// -----

func.func @f() {
  // expected-error @below {{a loose integer is an i64 or ui64 attribute}}
  %l = "tile.literal"() <{value = 7 : si32}> : () -> !tile.loose_int
  return
}

// -----

// An index attribute (no bit width) is no loose integer either.
func.func @f() {
  // expected-error @below {{a loose integer is an i64 or ui64 attribute}}
  %l = "tile.literal"() <{value = 7 : index}> : () -> !tile.loose_int
  return
}

// -----

// The explicit form: operands of one type.
func.func @f(%a: !tile.tile<4xf32>, %b: !tile.tile<4xf16>) {
  // expected-error @below {{operands of the explicit form have one type; use `promote <policy>` or tile.broadcast and tile.convert}}
  %c = tile.add %a, %b : !tile.tile<4xf32>, !tile.tile<4xf16> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  %two = tile.literal 2
  // expected-error @below {{a loosely typed operand needs the implicit form (promote <policy>)}}
  %c = tile.add %a, %two : !tile.tile<4xf32>, !tile.loose_int -> !tile.tile<4xf32>
  return
}

// -----

// cuTile Python "Shape Broadcasting"; Tile C++ "mutual broadcast compatible".
func.func @f(%a: !tile.tile<4x2xf32>, %b: !tile.tile<8x2xf32>) {
  // expected-error @below {{shapes (4, 2) and (8, 2) do not broadcast: extents 4 and 8 differ and neither is 1}}
  %c = tile.add %a, %b promote cutile : !tile.tile<4x2xf32>, !tile.tile<8x2xf32> -> !tile.tile<8x2xf32>
  return
}

// -----

// Tile C++ "tile mutual broadcast compatible": the broadcast shape is a tile
// compatible one (within the limits).
func.func @f(%a: !tile.tile<2048x1xf32>, %b: !tile.tile<1024xf32>) {
  // expected-error @below {{the broadcast shape (2048, 1024) has more than 1048576 elements}}
  %c = tile.add %a, %b promote cutile : !tile.tile<2048x1xf32>, !tile.tile<1024xf32> -> !tile.tile<2048xf32>
  return
}

// -----

// cuTile Python's table: ERR cells.
func.func @f(%a: !tile.tile<4xsi32>, %b: !tile.tile<4xui32>) {
  // expected-error @below {{int32 and uint32 have no common dtype: cuTile does not mix signed and unsigned integers}}
  %c = tile.add %a, %b promote cutile : !tile.tile<4xsi32>, !tile.tile<4xui32> -> !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf16>, %b: !tile.tile<4xbf16>) {
  // expected-error @below {{float16 and bfloat16 have no common dtype: neither holds the other}}
  %c = tile.mul %a, %b promote cutile : !tile.tile<4xf16>, !tile.tile<4xbf16> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>, %b: !tile.tile<4xi1>) {
  // expected-error @below {{operands broadcast and promote to '!tile.tile<4xf32>', not '!tile.tile<4xf16>'}}
  %c = tile.add %a, %b promote cutile : !tile.tile<4xf32>, !tile.tile<4xi1> -> !tile.tile<4xf16>
  return
}

// -----

// Tile C++ Example 2 (1): `2.0 * x` for an int tile narrows double to int.
func.func @f(%two: !tile.tile<f64>, %x: !tile.tile<8xsi32>) {
  // expected-error @below {{ill-formed: float64 -> int32 narrowing}}
  %c = tile.mul %two, %x promote tilecpp : !tile.tile<f64>, !tile.tile<8xsi32> -> !tile.tile<8xsi32>
  return
}

// -----

// Tile C++ Example 3 C: bfloat16 and half have unordered conversion ranks.
func.func @f(%a: !tile.tile<bf16>, %b: !tile.tile<4x8xf16>) {
  // expected-error @below {{bfloat16 and float16 have no arithmetic common type: unordered conversion ranks}}
  %c = tile.cmp lt %a, %b promote tilecpp : !tile.tile<bf16>, !tile.tile<4x8xf16> -> !tile.tile<4x8xi1>
  return
}

// -----

// Tile C++ Example 3 D: unsigned int and int.
func.func @f(%a: !tile.tile<ui32>, %b: !tile.tile<4x8xsi32>) {
  // expected-error @below {{ill-formed: uint32 -> int32 narrowing}}
  %c = tile.add %a, %b promote tilecpp : !tile.tile<ui32>, !tile.tile<4x8xsi32> -> !tile.tile<4x8xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  %two = tile.literal 2
  // expected-error @below {{Tile C++ has no loosely typed constants: a literal has a dtype}}
  %c = tile.add %a, %two promote tilecpp : !tile.tile<4xf32>, !tile.loose_int -> !tile.tile<4xf32>
  return
}

// -----

// The Array API does not mix kinds.
func.func @f(%a: !tile.tile<4xsi32>, %b: !tile.tile<4xf32>) {
  // expected-error @below {{int32 and float32 do not promote: the Array API does not mix integer and floating-point dtypes}}
  %c = tile.add %a, %b promote array_api : !tile.tile<4xsi32>, !tile.tile<4xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xui64>, %b: !tile.tile<4xsi8>) {
  // expected-error @below {{uint64 and int8 do not promote: no signed dtype holds both}}
  %c = tile.add %a, %b promote array_api : !tile.tile<4xui64>, !tile.tile<4xsi8> -> !tile.tile<4xsi64>
  return
}

// -----

func.func @f(%a: !tile.tile<4xui8>) {
  %big = tile.literal 256
  // expected-error @below {{the Python int is out of range for uint8}}
  %c = tile.add %a, %big promote array_api : !tile.tile<4xui8>, !tile.loose_int -> !tile.tile<4xui8>
  return
}

// -----

func.func @f() {
  %a = tile.literal 2
  %b = tile.literal 3
  // expected-error @below {{an elementwise operation needs a typed operand: fold the loosely typed constants first}}
  %c = tile.add %a, %b promote cutile : !tile.loose_int, !tile.loose_int -> !tile.tile<si32>
  return
}

// -----

// cuTile Python "Numeric & Arithmetic Data Types": restricted floats are not
// arithmetic.
func.func @f(%a: !tile.tile<4xf8E4M3FN>) {
  // expected-error @below {{takes arithmetic dtypes (not restricted floats or pointers), not float8_e4m3fn}}
  %c = tile.add %a, %a : !tile.tile<4xf8E4M3FN>
  return
}

// -----

func.func @f(%a: !tile.tile<4xtf32>) {
  // expected-error @below {{takes arithmetic floats, not tfloat32}}
  %c = tile.math exp %a : !tile.tile<4xtf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{takes integers and bools, not float32}}
  %c = tile.xor %a, %a : !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xi1>) {
  // expected-error @below {{takes integers, not bool}}
  %c = tile.shl %a, %a : !tile.tile<4xi1>
  return
}

// -----

func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{takes arithmetic floats, not int32}}
  %c = tile.pow %a, %a : !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xui32>) {
  // expected-error @below {{takes signed integers and arithmetic floats, not uint32}}
  %c = tile.neg %a : !tile.tile<4xui32>
  return
}

// -----

// Rounding modes (cuTile Python "Rounding Modes").
func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{rounding applies to floating-point results, not int32}}
  %c = tile.add %a, %a rounding rz : !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{takes rounding rn, rz, rm, rp, not approx}}
  %c = tile.add %a, %a rounding approx : !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf64>) {
  // expected-error @below {{rounding approx is for float32, not float64}}
  %c = tile.div %a, %a rounding approx : !tile.tile<4xf64>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{takes rounding full, approx, not rn}}
  %c = tile.math exp %a rounding rn : !tile.tile<4xf32>
  return
}

// -----

// Tile C++ "Subnormals Rounding Mode": flushing is for float32.
func.func @f(%a: !tile.tile<4xf16>) {
  // expected-error @below {{ftz applies to float32, not float16}}
  %c = tile.mul %a, %a ftz : !tile.tile<4xf16>
  return
}

// -----

// Tile C++ "NaN Propagation Mode" concerns floats.
func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{propagate_nan applies to floats, not int32}}
  %c = tile.maximum %a, %a propagate_nan : !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>, %b: !tile.tile<4xf32>) {
  // expected-error @below {{the condition is a tile of bools}}
  %c = tile.select %a, %a, %b : !tile.tile<4xf32>, !tile.tile<4xf32>, !tile.tile<4xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{float-to-integer conversions take rounding rzi, rn, rm or rp, not rz}}
  %c = tile.convert %a rounding rz : !tile.tile<4xf32> -> !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{integer-to-integer conversions have no rounding}}
  %c = tile.convert %a rounding rn : !tile.tile<4xsi32> -> !tile.tile<4xsi8>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{converts elementwise: shapes (4,) and (8,) differ}}
  %c = tile.convert %a : !tile.tile<4xf32> -> !tile.tile<8xf16>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{casts between dtypes of one width, not 32 and 16 bits}}
  %c = tile.bitcast %a : !tile.tile<4xf32> -> !tile.tile<4xf16>
  return
}

// -----

// tf32 is as wide as its container, 32 bits.
func.func @f(%a: !tile.tile<4xtf32>) {
  // expected-error @below {{casts between dtypes of one width, not 32 and 16 bits}}
  %c = tile.bitcast %a : !tile.tile<4xtf32> -> !tile.tile<4xf16>
  return
}

// -----

// Tile C++ "broadcastable to".
func.func @f(%a: !tile.tile<4x2xf32>) {
  // expected-error @below {{shape (4, 2) is not broadcastable to (4, 8)}}
  %c = tile.broadcast %a : !tile.tile<4x2xf32> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x2xf32>) {
  // expected-error @below {{keeps the number of elements: 8 is not 16}}
  %c = tile.reshape %a : !tile.tile<4x2xf32> -> !tile.tile<16xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x2xf32>) {
  // expected-error @below {{keeps the dtype: float32 is not float16}}
  %c = tile.reshape %a : !tile.tile<4x2xf32> -> !tile.tile<8xf16>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{axis 2 is out of range for rank 1 (0 to 1)}}
  %c = tile.expand_dims %a, 2 : !tile.tile<4xf32> -> !tile.tile<4x1xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the permutation is one of 0 to 1}}
  %c = tile.permute %a [0, 0] : !tile.tile<4x8xf32> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the result's shape is (8, 4)}}
  %c = tile.permute %a [1, 0] : !tile.tile<4x8xf32> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>, %i: !tile.tile<si32>) {
  // expected-error @below {{sub-tile shape (8, 8) does not fit in (4, 8)}}
  %c = tile.extract %a[%i, %i] : !tile.tile<4x8xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>, %b: !tile.tile<2x8xf32>, %i: !tile.tile<si32>) {
  // expected-error @below {{takes one sub-tile index per dimension (2), not 1}}
  %c = tile.insert %b into %a[%i] : !tile.tile<2x8xf32> into !tile.tile<4x8xf32>
  return
}

// -----

// cat keeps extents powers of two: equal operands only.
func.func @f(%a: !tile.tile<4x8xf32>, %b: !tile.tile<8x8xf32>) {
  // expected-error @below {{failed to verify that all of {lhs, rhs} have same type}}
  %c = "tile.cat"(%a, %b) <{axis = 0 : i64}> : (!tile.tile<4x8xf32>, !tile.tile<8x8xf32>) -> !tile.tile<16x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{axis 1 is repeated}}
  %c = tile.reduce sum %a axes [1, 1] : !tile.tile<4x8xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the result's shape is (4, 1)}}
  %c = tile.reduce sum %a axes [1] keepdims : !tile.tile<4x8xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{takes integers and bools, not float32}}
  %c = tile.reduce and %a axes [1] : !tile.tile<4x8xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{propagate_nan applies to max and min of floats}}
  %c = tile.reduce sum %a axes [1] propagate_nan : !tile.tile<4x8xf32> -> !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{finds the position of a max or a min, not a sum}}
  %c = tile.argreduce sum %a axis 1 : !tile.tile<4x8xf32> -> !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{positions are si32 or si64, not int16}}
  %c = tile.argreduce max %a axis 1 : !tile.tile<4x8xf32> -> !tile.tile<4xsi16>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the combiner takes the accumulated scalars then the next ones: 2 scalar tiles of the operands' dtypes}}
  %c = tile.reduce_with %a axis 1 : (!tile.tile<4x8xf32>) -> !tile.tile<4xf32> {
  ^bb0(%x: !tile.tile<f16>, %y: !tile.tile<f16>):
    tile.yield %x : !tile.tile<f16>
  }
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the combiner yields one scalar per operand, of its dtype}}
  %c = tile.scan_with %a axis 1 : (!tile.tile<4x8xf32>) -> !tile.tile<4x8xf32> {
  ^bb0(%x: !tile.tile<f32>, %y: !tile.tile<f32>):
    tile.yield %x, %y : !tile.tile<f32>, !tile.tile<f32>
  }
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xsi32>) {
  // expected-error @below {{axis 2 is out of range for rank 2}}
  %c = tile.scan sum %a axis 2 : !tile.tile<4x8xsi32>
  return
}

// -----

// mma's dtypes.
func.func @f(%a: !tile.tile<16x16xbf16>, %b: !tile.tile<16x16xbf16>, %c: !tile.tile<16x16xf16>) {
  // expected-error @below {{does not accumulate bfloat16 products in float16}}
  %d = tile.mma %a, %b, %c : !tile.tile<16x16xbf16>, !tile.tile<16x16xbf16>, !tile.tile<16x16xf16>
  return
}

// -----

func.func @f(%a: !tile.tile<16x16xf16>, %b: !tile.tile<16x16xbf16>, %c: !tile.tile<16x16xf32>) {
  // expected-error @below {{operands share a dtype, not float16 and bfloat16}}
  %d = tile.mma %a, %b, %c : !tile.tile<16x16xf16>, !tile.tile<16x16xbf16>, !tile.tile<16x16xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<16x32xf16>, %b: !tile.tile<16x16xf16>, %c: !tile.tile<16x16xf32>) {
  // expected-error @below {{inner extents differ: 32 and 16}}
  %d = tile.mma %a, %b, %c : !tile.tile<16x32xf16>, !tile.tile<16x16xf16>, !tile.tile<16x16xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<16x16xsi8>, %b: !tile.tile<16x16xsi8>) {
  // expected-error @below {{does not accumulate int8 products in int8}}
  %d = tile.matmul %a, %b : !tile.tile<16x16xsi8>, !tile.tile<16x16xsi8> -> !tile.tile<16x16xsi8>
  return
}

// -----

func.func @f(%a: !tile.tile<16xf32>, %b: !tile.tile<16xf32>) {
  // expected-error @below {{multiplies matrices (rank 2) or batches of them (rank 3) of one rank}}
  %d = tile.matmul %a, %b : !tile.tile<16xf32>, !tile.tile<16xf32> -> !tile.tile<16xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{bridges scalar tiles, not '!tile.tile<4xsi32>'}}
  %i = tile.to_scalar %a : !tile.tile<4xsi32> -> index
  return
}

// -----

func.func @f(%a: !tile.tile<si32>) {
  // expected-error @below {{does not bridge 'i64' and int32}}
  %i = tile.to_scalar %a : !tile.tile<si32> -> i64
  return
}

// -----

func.func @f(%a: f16) {
  // expected-error @below {{does not bridge 'f16' and float32}}
  %i = tile.from_scalar %a : f16 -> !tile.tile<f32>
  return
}

// -----

// bfloat16 holds the integers up to 256 exactly.
func.func @f() {
  // expected-error @below {{bfloat16 does not hold the position 511 exactly}}
  %i = tile.iota : !tile.tile<512xbf16>
  return
}

// -----

func.func @f() {
  // expected-error @below {{attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 2}}
  %b = tile.bid 3
  return
}

// -----

func.func @f(%v: !tile.view<64, !tile.array<?xf32>>) {
  // expected-error @below {{dimension 1 is out of range}}
  %n = tile.num_tiles %v, 1 : !tile.view<64, !tile.array<?xf32>>
  return
}

// -----

// expected-note @below {{prior use here}}
func.func @f(%v: !tile.view<64, !tile.array<?xf32>>, %t: !tile.tile<32xf32>, %i: !tile.tile<si32>) {
  // expected-error @below {{use of value '%t' expects different type than prior uses: '!tile.tile<64xf32>' vs '!tile.tile<32xf32>'}}
  tile.store %t, %v[%i] : !tile.view<64, !tile.array<?xf32>>
  return
}

// -----

func.func @f(%a: !tile.tile<4xsi32>) {
  // expected-error @below {{takes arithmetic floats, not int32}}
  %c = tile.fma %a, %a, %a : !tile.tile<4xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xi1>) {
  // expected-error @below {{takes integers and arithmetic floats, not bool}}
  %c = tile.floordiv %a, %a : !tile.tile<4xi1>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf8E5M2>) {
  // expected-error @below {{takes arithmetic dtypes (not restricted floats or pointers), not float8_e5m2}}
  %c = tile.cmp eq %a, %a : !tile.tile<4xf8E5M2>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{axis 2 is out of range}}
  %c = tile.cat %a, %a, 2 : !tile.tile<4x8xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{the result's shape is (4,)}}
  %c = tile.argreduce max %a axis 1 : !tile.tile<4x8xf32> -> !tile.tile<8xsi32>
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>) {
  // expected-error @below {{result types are '!tile.tile<4xf32>' and the like}}
  %c = tile.reduce_with %a axis 1 : (!tile.tile<4x8xf32>) -> !tile.tile<8xf32> {
  ^bb0(%x: !tile.tile<f32>, %y: !tile.tile<f32>):
    tile.yield %x : !tile.tile<f32>
  }
  return
}

// -----

func.func @f(%a: !tile.tile<4x8xf32>, %b: !tile.tile<2x8xf16>, %i: !tile.tile<si32>) {
  // expected-error @below {{keeps the dtype: float16 is not float32}}
  %c = tile.insert %b into %a[%i, %i] : !tile.tile<2x8xf16> into !tile.tile<4x8xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{'tile.yield' op expects parent op to be one of 'tile.reduce_with, tile.scan_with, tile.warp_specialize'}}
  tile.yield %a : !tile.tile<4xf32>
}

// -----

func.func @f(%a: !tile.tile<4xi1>) {
  // expected-error @below {{takes integers and arithmetic floats, not bool}}
  %c = tile.rem %a, %a : !tile.tile<4xi1>
  return
}

// -----

func.func @f(%a: !tile.tile<4xtf32>) {
  // expected-error @below {{takes integers and arithmetic floats, not tfloat32}}
  %c = tile.mod %a, %a : !tile.tile<4xtf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf8E4M3FN>) {
  // expected-error @below {{takes arithmetic dtypes (not restricted floats or pointers), not float8_e4m3fn}}
  %c = tile.minimum %a, %a : !tile.tile<4xf8E4M3FN>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf16>) {
  // expected-error @below {{takes integers and bools, not float16}}
  %c = tile.and %a, %a : !tile.tile<4xf16>
  return
}

// -----

func.func @f(%a: !tile.tile<4xbf16>) {
  // expected-error @below {{takes integers and bools, not bfloat16}}
  %c = tile.or %a, %a : !tile.tile<4xbf16>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{takes integers, not float32}}
  %c = tile.shr %a, %a : !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>) {
  // expected-error @below {{takes integers and bools, not float32}}
  %c = tile.not %a : !tile.tile<4xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<4xui8>) {
  // expected-error @below {{takes signed integers and arithmetic floats, not uint8}}
  %c = tile.abs %a : !tile.tile<4xui8>
  return
}

// -----

func.func @f() {
  // expected-error @below {{attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 2}}
  %b = tile.num_blocks -1
  return
}

// -----

func.func @f(%a: !tile.tile<4xf32>, %b: !tile.tile<4xf32>) {
  // expected-error @below {{operands broadcast and promote to '!tile.tile<4xf32>', not '!tile.tile<4xf64>'}}
  %c = tile.sub %a, %b promote array_api : !tile.tile<4xf32>, !tile.tile<4xf32> -> !tile.tile<4xf64>
  return
}

// -----
// The dialect's attributes (TileDialect.td): tile.num_warps on a function,
// 1 to 32 warps, a power of two (docs/TileLowering.md, "Launching").

// expected-error @below {{'func.func' op runs 1, 2, 4, 8, 16 or 32 warps per CTA, not 64}}
func.func @f() attributes {tile.num_warps = 64} {
  return
}

// -----

// expected-error @below {{'func.func' op 'tile.num_warps' is an integer}}
func.func @f() attributes {tile.num_warps = "four"} {
  return
}

// -----

func.func @f() {
  // expected-error @below {{'func.return' op 'tile.num_warps' belongs on a function}}
  return {tile.num_warps = 4}
}

// -----
// Facts about array arguments (docs/TileLowering.md, "Facts on array
// arguments"): only on arrays, the alignment a power of two, one positive
// divisor per dimension.

// expected-error @below {{'func.func' op argument 0: 'tile.alignment' states a fact about an array, not about 'i32'}}
func.func private @f(%n: i32 {tile.alignment = 16 : i64}) {
  return
}

// -----

// expected-error @below {{'func.func' op argument 0: 'tile.alignment' is a power of two (bytes), not 24 : i64}}
func.func @f(%a: !tile.array<?xf32, strides [1]> {tile.alignment = 24 : i64}) {
  return
}

// -----

// expected-error @below {{'func.func' op argument 0: 'tile.stride_divisibility' lists one positive number per dimension of '!tile.array<?x?xf32, strides [?, 1]>', not array<i64: 0, 1>}}
func.func @f(%a: !tile.array<?x?xf32, strides [?, 1]> {tile.stride_divisibility = array<i64: 0, 1>}) {
  return
}

// -----

// expected-error @below {{'func.func' op argument 0: 'tile.num_warps' is not a tile dialect argument attribute}}
func.func @f(%a: !tile.array<?xf32, strides [1]> {tile.num_warps = 4 : i64}) {
  return
}

// -----

// expected-error @below {{'func.func' op 'tile.divisibility' states a fact about an array argument: it belongs on the argument}}
func.func @f() attributes {tile.divisibility = array<i64: 16>} {
  return
}

// -----

// expected-error @below {{'func.func' op has an unknown tile dialect attribute 'tile.warps'}}
func.func @f() attributes {tile.warps = 4} {
  return
}

// -----

func.func @f(%a: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
  // expected-error @below {{'tile.load' op 'tile.array_facts' holds no 'tile.num_warps'}}
  %t = tile.load %v[%i] {tile.array_facts = {tile.num_warps = 4}} : !tile.view<64, !tile.array<?xf32, strides [1]>>
  return
}

// -----

func.func @f() {
  // expected-error @below {{'tile.bid' op 'tile.array_facts' is a dictionary of array facts on a load, store or async_copy}}
  %i = tile.bid 0 {tile.array_facts = {}}
  return
}

// -----

func.func @f(%a: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
  // expected-error @below {{'tile.load' op 'tile.within_tiles' is, on a load or store, a number of tiles past the view's end (-1: unknown) per array dimension}}
  %t = tile.load %v[%i] {tile.within_tiles = array<i64: 0, 0>} : !tile.view<64, !tile.array<?xf32, strides [1]>>
  return
}

// -----

func.func @f(%a: !tile.array<?xf32, strides [1]>) {
  %i = tile.bid 0
  %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
  %t = tile.load %v[%i] : !tile.view<64, !tile.array<?xf32, strides [1]>>
  // expected-error @below {{'tile.store' op 'tile.within_tiles' is, on a load or store, a number of tiles past the view's end (-1: unknown) per array dimension}}
  tile.store %t, %v[%i] {tile.within_tiles = array<i64: -2>} : !tile.view<64, !tile.array<?xf32, strides [1]>>
  return
}

// -----

func.func @f() {
  // expected-error @below {{'tile.bid' op 'tile.within_tiles' is, on a load or store, a number of tiles past the view's end (-1: unknown) per array dimension}}
  %i = tile.bid 0 {tile.within_tiles = array<i64: 0>}
  return
}

// -----
// Layouts: a slice's parent is a distributed layout.

// expected-error @below {{slice dimension 2 is not one of the parent's 2}}
func.func private @f(!tile.tile<4xf32, #tile.slice<dim = 2, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>>)

// -----
// tile.num_stages: on a function, 1 to 8 stages.

// expected-error @below {{'func.func' op 'tile.num_stages' is a number of stages, 1 to 8}}
func.func @f() attributes {tile.num_stages = 0} {
  return
}

// -----

func.func @f() {
  // expected-error @below {{'func.return' op 'tile.num_stages' belongs on a function}}
  return {tile.num_stages = 2}
}

// -----
// tile.grid_blocks and tile.multiprocessors: positive integers on a function.

// expected-error @below {{'func.func' op 'tile.grid_blocks' is a positive integer}}
func.func @f() attributes {tile.grid_blocks = 0} {
  return
}

// -----

// expected-error @below {{'func.func' op 'tile.multiprocessors' is a positive integer}}
func.func @f() attributes {tile.multiprocessors = "many"} {
  return
}

// -----

func.func @f() {
  // expected-error @below {{'func.return' op 'tile.grid_blocks' belongs on a function}}
  return {tile.grid_blocks = 2}
}

// -----
// The mma fragment layouts: operand 0 (A) or 1 (B) of 8, 16 or 32 bits.

// expected-error @below {{an mma operand is 0 (A) or 1 (B), not 2}}
func.func private @f(!tile.tile<16x16xf16, #tile.mma_operand<operand = 2, bits = 16, parent = #tile.mma_accumulator<warpsPerCTA = [1, 1]>>>)

// -----

// expected-error @below {{mma.sync takes operands of 8, 16 or 32 bits, not 64}}
func.func private @f(!tile.tile<16x16xf64, #tile.mma_operand<operand = 0, bits = 64, parent = #tile.mma_accumulator<warpsPerCTA = [1, 1]>>>)

// -----
// Shared buffers: stages of tiles of rank 1 or more, of numbers, with
// power-of-two shapes.

// expected-error @below {{a shared buffer holds stages of tiles of rank 1 or more}}
func.func private @f(!tile.shared<4xf16>)

// -----

// expected-error @below {{a shared buffer holds at least one stage}}
func.func private @f(!tile.shared<0x16x16xf16>)

// -----

// expected-error @below {{a shared buffer holds numbers, not 'i32'}}
func.func private @f(!tile.shared<2x16x16xi32>)

// -----

// expected-error @below {{tile dimensions are powers of two, not 12}}
func.func private @f(!tile.shared<2x16x12xf16>)

// -----

// An interleaved stage permutes its rows in groups of 8.
// expected-error @below {{an interleaved stage has rows in groups of 8, not 4}}
func.func private @f(!tile.shared<1x4x32xf32, interleaved>)

// -----

// wgmma reads a stage in the swizzle alone.
func.func @f(%a: !tile.shared<1x64x32xtf32>, %b: !tile.shared<1x32x64xtf32, interleaved>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op reads no interleaved stage}}
  %p = tile.shared_mma %a[%s], %b[%s], %acc : !tile.shared<1x64x32xtf32>, !tile.shared<1x32x64xtf32, interleaved>, !tile.tile<64x64xf32>
  return
}

// -----
// async_copy: what a load of the view yields, zero-filled, in the array's
// order.

func.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.async_copy' op the stage is '!tile.tile<64x32xf16>' (the view's tile) or it without leading unit dimensions, not '!tile.tile<32x32xf16>'}}
  tile.async_copy %v[%i, %i], %b[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x32x32xf16>
  return
}

// -----

// Only unit dimensions may be dropped.
func.func @f(%v: !tile.view<2x32x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.async_copy' op the stage is '!tile.tile<2x32x32xf16>' (the view's tile) or it without leading unit dimensions, not '!tile.tile<32x32xf16>'}}
  tile.async_copy %v[%i, %i, %i], %b[%s] : !tile.view<2x32x32, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>, !tile.shared<2x32x32xf16>
  return
}

// -----

func.func @f(%v: !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, padding nan>, %i: !tile.tile<si32>, %b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.async_copy' op fills with zeros, so the view's padding is zero or undetermined, not nan}}
  tile.async_copy %v[%i, %i], %b[%s] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, padding nan>, !tile.shared<2x32x32xf16>
  return
}

// -----

func.func @f(%v: !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, order [1, 0]>, %i: !tile.tile<si32>, %b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.async_copy' op copies tiles in the array's order}}
  tile.async_copy %v[%i, %i], %b[%s] : !tile.view<32x32, !tile.array<?x?xf16, strides [?, 1]>, order [1, 0]>, !tile.shared<2x32x32xf16>
  return
}

// -----
// Tensor copies (async_copy ... barrier): the tensor map is an !llvm.ptr
// and comes with a barrier; the stage layout must be one the tensor memory
// accelerator writes (whyNotTensorCopy).

func.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x64x32xf16>, %s: index, %map: !llvm.ptr) {
  // expected-error @below {{'tile.async_copy' op takes a tensor map only with a barrier}}
  "tile.async_copy"(%v, %i, %i, %b, %s, %map) {operandSegmentSizes = array<i32: 1, 2, 1, 1, 0, 0, 1>} : (!tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.tile<si32>, !tile.tile<si32>, !tile.shared<2x64x32xf16>, index, !llvm.ptr) -> ()
  return
}

// -----

func.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x64x32xf16>, %bars: !tile.barriers<2>, %s: index) {
  // expected-error @below {{'tile.async_copy' op names a barrier by its barriers and an index}}
  "tile.async_copy"(%v, %i, %i, %b, %s, %bars) {operandSegmentSizes = array<i32: 1, 2, 1, 1, 1, 0, 0>} : (!tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.tile<si32>, !tile.tile<si32>, !tile.shared<2x64x32xf16>, index, !tile.barriers<2>) -> ()
  return
}

// -----

func.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x64x32xf16>, %bars: !tile.barriers<2>, %s: index, %map: !llvm.ptr<1>) {
  // expected-error @below {{'tile.async_copy' op takes the tensor map as an !llvm.ptr, not '!llvm.ptr<1>'}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] tensor_map %map : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>, !tile.barriers<2>, !llvm.ptr<1>
  return
}

// -----

// Swizzled rows (64 bytes) in groups of 4, not 8.
func.func @f(%v: !tile.view<4x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x4x32xf16>, %bars: !tile.barriers<2>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy with the tensor memory accelerator: its tiles' rows do not come in groups of 8 (the swizzle's period)}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] : !tile.view<4x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x4x32xf16>, !tile.barriers<2>
  return
}

// -----

// The accelerator writes the swizzle alone.
func.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x64x32xf16, interleaved>, %bars: !tile.barriers<2>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy into an interleaved stage with the tensor memory accelerator}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16, interleaved>, !tile.barriers<2>
  return
}

// -----

// Rows of 8 bytes.
func.func @f(%v: !tile.view<64x4, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x64x4xf16>, %bars: !tile.barriers<2>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy with the tensor memory accelerator: its tiles' rows are not a multiple of 16 bytes}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] : !tile.view<64x4, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x4xf16>, !tile.barriers<2>
  return
}

// -----

// Four unswizzled rows of 16 bytes: a box of 64 bytes.
func.func @f(%v: !tile.view<4x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<2x4x8xf16>, %bars: !tile.barriers<2>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy with the tensor memory accelerator: its boxes are not a multiple of 128 bytes (the accelerator writes to 128-byte aligned addresses)}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] : !tile.view<4x8, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x4x8xf16>, !tile.barriers<2>
  return
}

// -----

// A box of 512 rows.
func.func @f(%v: !tile.view<512x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<1x512x64xf16>, %bars: !tile.barriers<1>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy with the tensor memory accelerator: its tiles span more than 256 elements along a dimension}}
  tile.async_copy %v[%i, %i], %b[%s] barrier %bars[%s] : !tile.view<512x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<1x512x64xf16>, !tile.barriers<1>
  return
}

// -----

// Rank 6.
func.func @f(%v: !tile.view<1x1x1x1x8x64, !tile.array<?x?x?x?x?x?xf16, strides [?, ?, ?, ?, ?, 1]>, padding zero>, %i: !tile.tile<si32>, %b: !tile.shared<1x8x64xf16>, %bars: !tile.barriers<1>, %s: index) {
  // expected-error @below {{'tile.async_copy' op cannot copy with the tensor memory accelerator: its tiles are not of rank 1 to 5}}
  tile.async_copy %v[%i, %i, %i, %i, %i, %i], %b[%s] barrier %bars[%s] : !tile.view<1x1x1x1x8x64, !tile.array<?x?x?x?x?x?xf16, strides [?, ?, ?, ?, ?, 1]>, padding zero>, !tile.shared<1x8x64xf16>, !tile.barriers<1>
  return
}

// -----

// expected-error @below {{barriers come at least one at a time, not 0}}
func.func private @f(!tile.barriers<0>)

// -----

func.func @f() {
  // expected-error @below {{'tile.alloc_barriers' op attribute 'arrivals' failed to satisfy constraint}}
  %b = tile.alloc_barriers {arrivals = 0} : !tile.barriers<2>
  return
}

// -----
// local_store: the whole stage, or the stage transposed, in its dtype.

func.func @f(%b: !tile.shared<2x32x64xf32>, %s: index, %t: !tile.tile<32x64xtf32>) {
  // expected-error @below {{'tile.local_store' op writes the whole stage '!tile.tile<32x64xf32>', not '!tile.tile<32x64xtf32>'}}
  tile.local_store %t, %b[%s] : !tile.tile<32x64xtf32>, !tile.shared<2x32x64xf32>
  return
}

// -----

func.func @f(%b: !tile.shared<2x32x64xf32>, %s: index, %t: !tile.tile<32x64xf32>) {
  // expected-error @below {{'tile.local_store' op writes the whole stage '!tile.tile<32x64xf32>' transposed, not '!tile.tile<32x64xf32>'}}
  tile.local_store %t, %b[%s] transpose : !tile.tile<32x64xf32>, !tile.shared<2x32x64xf32>
  return
}

// -----

func.func @f(%b: !tile.shared<2x32x64xf32>, %s: index, %t: !tile.tile<32x32xf32>) {
  // expected-error @below {{'tile.local_store' op writes the whole stage '!tile.tile<32x64xf32>', not '!tile.tile<32x32xf32>'}}
  tile.local_store %t, %b[%s] : !tile.tile<32x32xf32>, !tile.shared<2x32x64xf32>
  return
}

// -----

func.func @f(%b: !tile.shared<2x4x8x8xf32>, %s: index, %t: !tile.tile<8x8x4xf32>) {
  // expected-error @below {{'tile.local_store' op transposes stages of rank 2, not '!tile.tile<4x8x8xf32>'}}
  tile.local_store %t, %b[%s] transpose : !tile.tile<8x8x4xf32>, !tile.shared<2x4x8x8xf32>
  return
}

// -----
// local_load: the stage's tile or a part of it inside the stage.

func.func @f(%b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.local_load' op the tile is a part of '!tile.tile<32x32xf16>' (a stage of the buffer), not '!tile.tile<32x32xf32>'}}
  %t = tile.local_load %b[%s] : !tile.shared<2x32x32xf16> -> !tile.tile<32x32xf32>
  return
}

// -----

func.func @f(%b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.local_load' op reads '!tile.tile<32x16xf16>' at offsets [0, 32], outside the stage's '!tile.tile<32x32xf16>'}}
  %t = tile.local_load %b[%s] offsets [0, 32] : !tile.shared<2x32x32xf16> -> !tile.tile<32x16xf16>
  return
}

// -----

func.func @f(%b: !tile.shared<2x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.local_load' op has one offset per dimension of the stage, not 1}}
  %t = tile.local_load %b[%s] offsets [0] : !tile.shared<2x32x32xf16> -> !tile.tile<32x16xf16>
  return
}

// -----

// Transposed: the part of the stage is the result's shape reversed.
func.func @f(%b: !tile.shared<2x32x16xf16>, %s: index) {
  // expected-error @below {{'tile.local_load' op reads '!tile.tile<32x16xf16>' transposed at offsets [0, 0], outside the stage's '!tile.tile<32x16xf16>'}}
  %t = tile.local_load %b[%s] transpose : !tile.shared<2x32x16xf16> -> !tile.tile<32x16xf16>
  return
}

// -----

func.func @f(%b: !tile.shared<2x1x32x32xf16>, %s: index) {
  // expected-error @below {{'tile.local_load' op transposes stages of rank 2, not '!tile.tile<1x32x32xf16>'}}
  %t = tile.local_load %b[%s] transpose : !tile.shared<2x1x32x32xf16> -> !tile.tile<1x32x32xf16>
  return
}

// -----
// shared_mma: mma's rules, over the stages.

func.func @f(%a: !tile.shared<2x64x32xf16>, %b: !tile.shared<2x32x64xbf16>, %c: !tile.tile<64x64xf32>, %s: index) {
  // expected-error @below {{'tile.shared_mma' op operands share a dtype, not float16 and bfloat16}}
  %d = tile.shared_mma %a[%s], %b[%s], %c : !tile.shared<2x64x32xf16>, !tile.shared<2x32x64xbf16>, !tile.tile<64x64xf32>
  return
}

// -----

func.func @f(%a: !tile.shared<2x64x32xf16>, %b: !tile.shared<2x32x64xf16>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op attribute 'pending' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %p = tile.shared_mma %a[%s], %b[%s], %acc {pending = -1} : !tile.shared<2x64x32xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
  return
}

// -----
// shared_mma transpose: the stage of B holds Bᵀ (N x K).

func.func @f(%a: !tile.shared<2x64x32xf16>, %b: !tile.shared<2x32x64xf16>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op inner extents differ: 32 and 64}}
  %p = tile.shared_mma %a[%s], %b[%s] transpose, %acc : !tile.shared<2x64x32xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
  return
}

// -----

func.func @f(%a: !tile.shared<2x1x64x32xf16>, %b: !tile.shared<2x1x64x32xf16>, %s: index, %acc: !tile.tile<1x64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op transposes a stage of rank 3}}
  %p = tile.shared_mma %a[%s], %b[%s] transpose, %acc : !tile.shared<2x1x64x32xf16>, !tile.shared<2x1x64x32xf16>, !tile.tile<1x64x64xf32>
  return
}

// -----
// shared_mma: A is a stage of a shared buffer, named with its stage, or a
// tile (registers) of rank 2.

func.func @f(%a: !tile.shared<2x64x32xf16>, %b: !tile.shared<2x32x64xf16>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op reads A from a shared buffer without its stage}}
  %p = tile.shared_mma %a, %b[%s], %acc : !tile.shared<2x64x32xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<64x32xf16>, %b: !tile.shared<2x32x64xf16>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op takes a stage of A, a tile}}
  %p = tile.shared_mma %a[%s], %b[%s], %acc : !tile.tile<64x32xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<1x64x32xf16>, %b: !tile.shared<2x1x32x64xf16>, %s: index, %acc: !tile.tile<1x64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op multiplies an A tile of rank 3}}
  %p = tile.shared_mma %a, %b[%s], %acc : !tile.tile<1x64x32xf16>, !tile.shared<2x1x32x64xf16>, !tile.tile<1x64x64xf32>
  return
}

// -----

func.func @f(%a: !tile.tile<64x16xf16>, %b: !tile.shared<2x32x64xf16>, %s: index, %acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.shared_mma' op inner extents differ: 16 and 32}}
  %p = tile.shared_mma %a, %b[%s], %acc : !tile.tile<64x16xf16>, !tile.shared<2x32x64xf16>, !tile.tile<64x64xf32>
  return
}

// -----

func.func @f(%acc: !tile.tile<64x64xf32>) {
  // expected-error @below {{'tile.mma_wait' op attribute 'pending' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %w = tile.mma_wait %acc {pending = -1} : !tile.tile<64x64xf32>
  return
}


// -----
// Directed rounding of arithmetic: float32 and float64 (PTX's).

func.func @f(%a: !tile.tile<16xf16>) {
  // expected-error @below {{'tile.add' op rounding rz is for float32 and float64, not float16}}
  %r = tile.add %a, %a rounding rz : !tile.tile<16xf16>
  return
}

// -----

func.func @f(%a: !tile.tile<16xbf16>) {
  // expected-error @below {{'tile.math' op rounding rm is for float32 and float64, not bfloat16}}
  %r = tile.math sqrt %a rounding rm : !tile.tile<16xbf16>
  return
}

// -----
// tile.warp_specialize ends the first block of a kernel; one thread runs
// its producer.

func.func @f() {
  // expected-error @below {{'tile.warp_specialize' op belongs in the first block of a gpu.func kernel}}
  tile.warp_specialize producer_warps = 1 {
  } consumer {
  }
  return
}

// -----

gpu.module @m {
  gpu.func @f(%s: index) kernel {
    // expected-error @below {{'tile.warp_specialize' op ends its kernel: only the kernel's terminator follows it}}
    tile.warp_specialize producer_warps = 1 {
    } consumer {
    }
    %c = arith.addi %s, %s : index
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f() kernel attributes {tile.num_warps = 32} {
    // expected-error @below {{'tile.warp_specialize' op needs 33 warps with the kernel's; a block has at most 32}}
    tile.warp_specialize producer_warps = 1 {
    } consumer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f() kernel {
    // expected-error @below {{'tile.warp_specialize' op attribute 'producer_warps' failed to satisfy constraint}}
    tile.warp_specialize producer_warps = 0 {
    } consumer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f(%t: !tile.tile<64xf32>) kernel {
    // expected-error @below {{'tile.warp_specialize' op yields nothing from its regions}}
    "tile.warp_specialize"() ({
      "tile.yield"(%t) : (!tile.tile<64xf32>) -> ()
    }, {
      "tile.yield"() : () -> ()
    }) {producer_warps = 1 : i64} : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f(%t: !tile.tile<64xf32>) kernel {
    tile.warp_specialize producer_warps = 1 {
      // expected-error @below {{'tile.neg' op cannot run in a tile.warp_specialize producer, which one thread runs: it holds no tile of rank 1 or more}}
      %n = tile.neg %t : !tile.tile<64xf32>
    } consumer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f() kernel {
    tile.warp_specialize producer_warps = 1 {
      // expected-error @below {{'gpu.barrier' op cannot run in a tile.warp_specialize producer, which one thread runs: a CTA barrier would wait for threads that never reach it}}
      gpu.barrier
    } consumer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f(%v: !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, %i: !tile.tile<si32>, %s: index) kernel {
    %buf = tile.alloc_shared : !tile.shared<2x64x32xf16>
    tile.warp_specialize producer_warps = 1 {
      // expected-error @below {{'tile.async_copy' op cannot run in a tile.warp_specialize producer, which one thread runs: its copies are tensor copies (with a barrier)}}
      tile.async_copy %v[%i, %i], %buf[%s] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x32xf16>
    } consumer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f() kernel {
    tile.warp_specialize producer_warps = 1 {
      // expected-error @below {{'tile.alloc_barriers' op cannot run in a tile.warp_specialize producer, which one thread runs: of the tile ops with effects it runs tensor copies, barrier waits and arrivals only}}
      %b = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    } consumer {
    }
    gpu.return
  }
}

// -----

// expected-error @below {{'func.func' op 'tile.warp_specialize' is true or false}}
func.func @f() attributes {tile.warp_specialize = 1 : i64} {
  return
}

// -----

// tile.print: one conversion per value.
func.func @print_count(%x: !tile.tile<16xf32>) {
  // expected-error @+1 {{has 2 conversions in its format for 1 values}}
  tile.print "%f %f" %x : !tile.tile<16xf32>
  return
}

// -----

// tile.print: conversions it can print (no `*`, no %s or %p).
func.func @print_conversion(%x: !tile.tile<16xf32>) {
  // expected-error @+1 {{cannot print the conversion '%s' of its format}}
  tile.print "%s" %x : !tile.tile<16xf32>
  return
}

// -----

// tile.print: integers with integer conversions, floats with float ones.
func.func @print_kind(%x: !tile.tile<16xsi32>) {
  // expected-error @+1 {{prints value 0 of dtype int32 with '%f', which takes a float}}
  tile.print "%f" %x : !tile.tile<16xsi32>
  return
}

// -----

// tile.print: 64-bit integers take an l or ll length, narrower ones none.
func.func @print_length(%x: !tile.tile<16xsi64>) {
  // expected-error @+1 {{64-bit integers take l or ll, narrower ones none}}
  tile.print "%d" %x : !tile.tile<16xsi64>
  return
}

// -----

// tile.print: restricted floats are converted first.
func.func @print_restricted(%x: !tile.tile<16xf8E4M3FN>) {
  // expected-error @+1 {{(convert restricted floats with tile.convert first)}}
  tile.print "%f" %x : !tile.tile<16xf8E4M3FN>
  return
}

// -----

// tile.print: tiles of one shape, besides rank-0 ones.
func.func @print_shapes(%x: !tile.tile<16xf32>, %y: !tile.tile<8xf32>) {
  // expected-error @+1 {{prints tiles of one shape (and rank-0 tiles), not '!tile.tile<16xf32>' and '!tile.tile<8xf32>'}}
  tile.print "%f %f" %x, %y : !tile.tile<16xf32>, !tile.tile<8xf32>
  return
}

// -----

// tile.assert takes bools.
func.func @assert_bool(%x: !tile.tile<16xf32>) {
  // expected-error @+1 {{operand #0 must be a tile of bools}}
  tile.assert %x, "no" : !tile.tile<16xf32>
  return
}

// -----

// tile.atan2: floats only.
func.func @atan2_int(%x: !tile.tile<16xsi32>) {
  // expected-error @+1 {{takes arithmetic floats, not int32}}
  %a = tile.atan2 %x, %x : !tile.tile<16xsi32>
  return
}

// -----

// A load is relaxed or acquire (cuTile's memory_order on load).
func.func @load_release(%a: !tile.array<?xsi32, strides [1]>, %i: !tile.tile<si32>) {
  %v = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // expected-error @below {{'tile.load' op is relaxed or acquire, not release}}
  %t = tile.load %v[%i] memory release scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  return
}

// -----

// A store is relaxed or release.
func.func @store_acquire(%a: !tile.array<?xsi32, strides [1]>, %i: !tile.tile<si32>, %t: !tile.tile<16xsi32>) {
  %v = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // expected-error @below {{'tile.store' op is relaxed or release, not acq_rel}}
  tile.store %t, %v[%i] memory acq_rel scope device : !tile.view<16, !tile.array<?xsi32, strides [1]>>
  return
}

// -----

// The order and the scope go together.
func.func @order_without_scope(%a: !tile.array<?xsi32, strides [1]>, %i: !tile.tile<si32>) {
  %v = tile.make_view %a : !tile.array<?xsi32, strides [1]> -> !tile.view<16, !tile.array<?xsi32, strides [1]>>
  // expected-error @below {{'tile.load' op takes a memory order and a scope together}}
  %t = "tile.load"(%v, %i) {memory = 1 : i32} : (!tile.view<16, !tile.array<?xsi32, strides [1]>>, !tile.tile<si32>) -> !tile.tile<16xsi32>
  return
}

// -----

// 4-bit elements have no atomic access.
func.func @fp4_relaxed(%a: !tile.array<?xf4E2M1FN, strides [1]>, %i: !tile.tile<si32>) {
  %v = tile.make_view %a : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<16, !tile.array<?xf4E2M1FN, strides [1]>>
  // expected-error @below {{'tile.load' op of 4-bit elements cannot be atomic (memory relaxed)}}
  %t = tile.load %v[%i] memory relaxed scope device : !tile.view<16, !tile.array<?xf4E2M1FN, strides [1]>>
  return
}

// -----

// A list holds arrays.
// expected-error @+2 {{invalid kind of type specified: expected tile.array, but found '!tile.tile<4xf32>'}}
// expected-error @+1 {{failed to parse Tile_ListType parameter 'element'}}
func.func private @f(%as: !tile.list<!tile.tile<4xf32>>)

// -----

// A list argument's facts are about each of its arrays: one number per
// dimension of the element type.
// expected-error @below {{'func.func' op argument 0: 'tile.divisibility' lists one positive number per dimension of '!tile.array<?x?xf16, strides [?, 1]>', not array<i64: 16>}}
func.func @f(%as: !tile.list<!tile.array<?x?xf16, strides [?, 1]>> {tile.divisibility = array<i64: 16>}) {
  return
}

// -----

// tile.list_get takes an si32 index.
func.func @f(%as: !tile.list<!tile.array<?xf32>>, %i: !tile.tile<si64>) {
  // expected-error @below {{operand #1 must be}}
  %a = "tile.list_get"(%as, %i) : (!tile.list<!tile.array<?xf32>>, !tile.tile<si64>) -> !tile.array<?xf32>
  return
}

// -----

// tile.list_get yields the list's element type.
func.func @f(%as: !tile.list<!tile.array<?xf32>>, %i: !tile.tile<si32>) {
  // expected-error @below {{the result is the list's element type}}
  %a = "tile.list_get"(%as, %i) : (!tile.list<!tile.array<?xf32>>, !tile.tile<si32>) -> !tile.array<?xf16>
  return
}
