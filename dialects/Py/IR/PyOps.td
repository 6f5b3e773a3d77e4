//===- PyOps.td - py dialect operations --------------------*- tablegen -*-===//

#ifndef CUDAPY_PY_OPS_TD
#define CUDAPY_PY_OPS_TD

include "dialects/Py/IR/PyDialect.td"
include "dialects/Py/IR/PyEnums.td"
include "dialects/Py/IR/PyTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints (the predicates live in PyTypes.h)
//===----------------------------------------------------------------------===//

def Py_IndexLike : Type<Or<[CPred<"::cudapy::py::isIntegerLikeType($_self)">,
                            CPred<"::llvm::isa<::cudapy::py::SliceType>($_self)">]>,
    "an integer or a slice">;
def Py_SliceBound : Type<Or<[CPred<"::cudapy::py::isIntegerLikeType($_self)">,
                             CPred<"::llvm::isa<::cudapy::py::PyNoneType>($_self)">]>,
    "an integer or None">;
def Py_CastOperand : Type<Or<[CPred<"::cudapy::py::isNumberType($_self)">,
                              Index.predicate]>, "a Python number or index">;
def Py_AnyTuple : Type<CPred<"::llvm::isa<::mlir::TupleType>($_self)">,
    "a tuple">;

def Py_PolicyDefault : DefaultValuedAttr<Py_PromotionPolicyAttr,
    "::cudapy::py::PromotionPolicy::ArrayAPI">;

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

def Py_ConstantOp : Py_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A literal or a constant of a number type";
  let description = [{
    Literals of the builtin numbers (`!py.int`, `!py.float`, `!py.bool`,
    `!py.complex`) stay weakly typed until they meet another operand
    (spec, "Numeric Promotion"); constants of fixed-format types are typed.
    The value must be representable in the type's machine format.

    ```mlir
    %a = py.constant 3 : !py.int
    %b = py.constant 2.5 : f16
    %c = py.constant true : !py.bool
    %d = py.constant (1.0, -2.0) : complex<f64>
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs Py_Number:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Whether `value` is a valid value attribute for a constant of `type`
    /// (its machine type must be the attribute's type).
    static bool isBuildableWith(::mlir::Attribute value, ::mlir::Type type);
  }];
}

def Py_NoneOp : Py_Op<"none", [Pure]> {
  let summary = "The `None` object";
  let description = [{
    ```mlir
    %n = py.none
    ```
  }];
  let results = (outs Py_NoneType:$result);
  let assemblyFormat = "attr-dict";
}

def Py_CastOp : Py_Op<"cast", [Pure]> {
  let summary = "Converts a number to another number type";
  let description = [{
    `int16(x)`, `float(x)`, `bool(x)`, `complex(x)`: the explicit
    conversion, and the form every implicit conversion takes after
    `py-legalize`. Integer → integer wraps modulo 2^N (NumPy `astype`);
    float → integer truncates toward zero, saturating at the type's range
    with NaN → 0; integer → float rounds to nearest; float → float rounds to
    nearest even; anything → bool is `x != 0` (NaN is true, as in Python);
    real → complex has a zero imaginary part. Complex → real is ill-formed
    (Python raises `TypeError`). Casting to and from `index` lets loop bounds
    reach `scf.for`.

    ```mlir
    %f = py.cast %i : si32 to f32
    ```
  }];
  let arguments = (ins Py_CastOperand:$input);
  let results = (outs Py_CastOperand:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `to` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Py_BinaryOp<string mnemonic, string pyOperator>
    : Py_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Python `" # pyOperator # "` over numbers of any types";
  let description = [{
    The operands' types may differ: the `policy` (default `array_api`)
    decides the type both are converted to and the result type
    (`PyPromotion.h`; docs/Py.md lists the rules), and the result type must
    be the one it decides. `py-legalize` inserts the conversions.

    ```mlir
    %r = py.}] # mnemonic # [{ %a, %b : si8, !py.int -> si8
    ```
  }];
  let arguments = (ins Py_Number:$lhs, Py_Number:$rhs,
                       Py_PolicyDefault:$policy);
  let results = (outs Py_Number:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`policy` $policy^)? attr-dict `:` qualified(type($lhs)) `,`
    qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

def Py_AddOp : Py_BinaryOp<"add", "+">;
def Py_SubOp : Py_BinaryOp<"sub", "-">;
def Py_MulOp : Py_BinaryOp<"mul", "*">;
def Py_TrueDivOp : Py_BinaryOp<"truediv", "/">;
def Py_FloorDivOp : Py_BinaryOp<"floordiv", "//">;
def Py_ModOp : Py_BinaryOp<"mod", "%">;
def Py_PowOp : Py_BinaryOp<"pow", "**">;
def Py_AndOp : Py_BinaryOp<"and", "&">;
def Py_OrOp : Py_BinaryOp<"or", "|">;
def Py_XorOp : Py_BinaryOp<"xor", "^">;
def Py_LShiftOp : Py_BinaryOp<"lshift", "<<">;
def Py_RShiftOp : Py_BinaryOp<"rshift", ">>">;

def Py_CmpOp : Py_Op<"cmp", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Python comparison `== != < <= > >=`";
  let description = [{
    Operands are converted to their promoted type first (the `policy`
    decides). The result is `!py.bool` when both operands are builtin
    numbers and `i1` otherwise. Ordering complex numbers is ill-formed; NaN
    compares unequal to everything (`!=` is true).

    ```mlir
    %lt = py.cmp lt, %a, %b : si32, !py.int -> i1
    ```
  }];
  let arguments = (ins Py_CmpPredicateAttr:$predicate, Py_Number:$lhs,
                       Py_Number:$rhs, Py_PolicyDefault:$policy);
  let results = (outs Py_Number:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs (`policy` $policy^)? attr-dict `:`
    qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

class Py_UnaryOp<string mnemonic, string pyOperator>
    : Py_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Python unary `" # pyOperator # "`";
  let description = [{
    The result type follows Python: on a `!py.bool` the result is a
    `!py.int`; `abs` of a complex number is a float of the same precision.

    ```mlir
    %r = py.}] # mnemonic # [{ %a : si32 -> si32
    ```
  }];
  let arguments = (ins Py_Number:$operand);
  let results = (outs Py_Number:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `->` qualified(type($result))";
  let hasFolder = 1;
}

class Py_ComplexPartOp<string mnemonic, string part>
    : Py_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`z." # part # "`: the " # part # " part of a complex number";
  let description = [{
    The }] # part # [{ part of `!py.complex` (a `!py.float`) or of
    `complex<T>` (a `T`): the spec's complex numbers are CUDA C++'s
    `cuda::std::complex<T>`, whose parts are two `T`s. Real numbers have
    these attributes in Python too; a frontend gives them without an op.

    ```mlir
    %re = py.}] # mnemonic # [{ %z : complex<f64> -> f64
    ```
  }];
  let arguments = (ins Py_Number:$operand);
  let results = (outs Py_Number:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand)) `->` qualified(type($result))";
}

def Py_ComplexRealOp : Py_ComplexPartOp<"complex.real", "real">;
def Py_ComplexImagOp : Py_ComplexPartOp<"complex.imag", "imaginary">;

def Py_NegOp : Py_UnaryOp<"neg", "-">;
def Py_PosOp : Py_UnaryOp<"pos", "+">;
def Py_InvertOp : Py_UnaryOp<"invert", "~">;
def Py_AbsOp : Py_UnaryOp<"abs", "abs()">;

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

def Py_SliceOp : Py_Op<"slice", [Pure]> {
  let summary = "`slice(start, stop, step)`; `None` takes Python's default";
  let description = [{
    Bounds are resolved against a dimension's extent as Python's
    `slice.indices` does (negative values count from the end, then clamp).
    A step of zero is ill-formed (Python raises `ValueError`).

    ```mlir
    %n = py.none
    %s = py.slice %start, %n, %step : !py.int, !py.none, !py.int
    ```
  }];
  let arguments = (ins Py_SliceBound:$start, Py_SliceBound:$stop,
                       Py_SliceBound:$step);
  let results = (outs Py_SliceType:$result);
  let assemblyFormat = [{
    $start `,` $stop `,` $step attr-dict `:` qualified(type($start)) `,` qualified(type($stop)) `,`
    qualified(type($step))
  }];
  let hasVerifier = 1;
}

def Py_ArrayGetItemOp : Py_Op<"array.getitem", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    MemoryEffects<[MemRead]>]> {
  let summary = "`a[i, j, …]`: reads one element";
  let description = [{
    One integer index per dimension (spec, "Arrays": indexing); a negative
    index counts from the end, as in Python. An index outside
    `[-shape, shape)` is undefined behaviour unless `convert-py-to-llvm` runs
    with `bounds-check`, which traps with the source location.

    ```mlir
    %x = py.array.getitem %a[%i, %j] : !py.array<f32, 2>, si32, !py.int
    ```
  }];
  let arguments = (ins Py_ArrayType:$array, Variadic<Py_Integer>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` attr-dict `:` qualified(type($array)) (`,` qualified(type($indices))^)?
  }];
}

def Py_ArraySetItemOp : Py_Op<"array.setitem", [MemoryEffects<[MemWrite]>]> {
  let summary = "`a[i, j, …] = v`: writes one element";
  let description = [{
    Indices as for `py.array.getitem`. The value may have another number type
    if it is assignable to the dtype under the policy (Array API: the
    promotion of value and dtype is the dtype; NumbaPro: any number, "the
    value is coerced if necessary"); `py-legalize` makes the conversion
    explicit.

    ```mlir
    py.array.setitem %v, %a[%i] : !py.int, !py.array<si64, 1>, si32
    ```
  }];
  let arguments = (ins AnyType:$value, Py_ArrayType:$array,
                       Variadic<Py_Integer>:$indices, Py_PolicyDefault:$policy);
  let assemblyFormat = [{
    $value `,` $array `[` $indices `]` (`policy` $policy^)? attr-dict `:`
    qualified(type($value)) `,` qualified(type($array)) (`,` qualified(type($indices))^)?
  }];
  let hasVerifier = 1;
}

def Py_ArraySubscriptOp : Py_Op<"array.subscript", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`a[i, 1:n:2, …]`: a view by slicing, striding and indexing";
  let description = [{
    Each index is an integer (the dimension is dropped) or a slice (the
    dimension is kept, its extent and stride changed); dimensions after the
    last index are kept whole. The result shares the array's memory. At
    least one index must be a slice or fewer indices than dimensions must be
    given (otherwise use `py.array.getitem`).

    ```mlir
    %row = py.array.subscript %a[%i] : !py.array<f32, 2>, si32
    %rev = py.array.subscript %a[%s] : !py.array<f32, 1>, !py.slice
    ```
  }];
  let arguments = (ins Py_ArrayType:$array, Variadic<Py_IndexLike>:$indices);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` attr-dict `:` qualified(type($array)) (`,` qualified(type($indices))^)?
  }];
}

def Py_ArrayShapeOp : Py_Op<"array.shape", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`a.shape`: a tuple of `si64`, one per dimension";
  let description = [{
    ```mlir
    %shape = py.array.shape %a : !py.array<f32, 2>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs Py_AnyTuple:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Py_ArrayStridesOp : Py_Op<"array.strides", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`a.strides`: a tuple of `si64` strides in bytes";
  let description = [{
    Bytes, as NumPy and NumbaPro define the attribute; the descriptor itself
    holds element strides (see `!py.array`).

    ```mlir
    %strides = py.array.strides %a : !py.array<f32, 2>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs Py_AnyTuple:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Py_ArraySizeOp : Py_Op<"array.size", [Pure]> {
  let summary = "`a.size`: the number of elements, as `si64`";
  let description = [{
    ```mlir
    %n = py.array.size %a : !py.array<f32, 2>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs SI64:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Py_ArrayNdimOp : Py_Op<"array.ndim", [Pure]> {
  let summary = "`a.ndim`, a constant `!py.int`";
  let description = [{
    ```mlir
    %d = py.array.ndim %a : !py.array<f32, 2>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
  let hasFolder = 1;
}

def Py_ArrayViewOp : Py_Op<"array.view", [Pure]> {
  let summary = "`a.view(dtype)`: the same memory read as another dtype";
  let description = [{
    With an equal itemsize every extent and stride is kept. Otherwise the
    last dimension must be contiguous (stride 1, checked at run time under
    `bounds-check`) and its extent scales by the ratio of the itemsizes,
    which must divide its size in bytes (NumPy's rule); the other strides
    are converted to the new element size and must stay whole. Rank 0
    arrays cannot change their itemsize.

    ```mlir
    %bits = py.array.view %a : !py.array<f32, 1> to !py.array<ui32, 1>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `to` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Py_ArrayReshapeOp : Py_Op<"array.reshape", [Pure]> {
  let summary = "`a.reshape(shape)` without allocating";
  let description = [{
    The new extents are integers; one may be `-1` (inferred). The array must
    be C-contiguous — a reshape that would have to copy is not allowed in
    device code (spec, "Arrays": "Calls to reshape that do not allocate") —
    and the element count must be unchanged; under `bounds-check` both are
    checked at run time.

    ```mlir
    %m = py.array.reshape %v(%r, %c) : !py.array<f32, 1>, si32, si32 -> !py.array<f32, 2>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array, Variadic<Py_Integer>:$shape);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = [{
    $array `(` $shape `)` attr-dict `:` qualified(type($array)) (`,` qualified(type($shape))^)?
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Py_ArrayAsTypeOp : Py_Op<"array.astype", [Pure]> {
  let summary = "`a.astype(dtype, copy=False)` that does not allocate";
  let description = [{
    Only a conversion that needs no copy is allowed in device code: the
    dtype must be unchanged, and the result is the array itself.

    ```mlir
    %same = py.array.astype %a : !py.array<f32, 1> to !py.array<f32, 1>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `to` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Tuples, structs and vectors
//===----------------------------------------------------------------------===//

def Py_TupleMakeOp : Py_Op<"tuple.make", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`(a, b, …)`: a heterogeneous tuple";
  let description = [{
    ```mlir
    %t = py.tuple.make(%a, %b) : !py.int, f32
    ```
  }];
  let arguments = (ins Variadic<Py_Heterogeneous>:$elements);
  let results = (outs Py_AnyTuple:$result);
  let assemblyFormat = "`(` $elements `)` attr-dict (`:` qualified(type($elements))^)?";
}

def Py_TupleGetItemOp : Py_Op<"tuple.getitem", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`t[k]` for a constant `k` (negative counts from the end)";
  let description = [{
    ```mlir
    %b = py.tuple.getitem %t[-1] : tuple<!py.int, f32>
    ```
  }];
  let arguments = (ins Py_AnyTuple:$tuple, I64Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tuple `[` $index `]` attr-dict `:` qualified(type($tuple))";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The element `index` names (a negative index counts from the end).
    unsigned getElementIndex();
  }];
}

def Py_TupleSetItemOp : Py_Op<"tuple.setitem", [Pure,
    AllTypesMatch<["tuple", "result"]>]> {
  let summary = "A new tuple with element `k` replaced";
  let description = [{
    Tuples are immutable; the update returns a new value. The element keeps
    its type.

    ```mlir
    %u = py.tuple.setitem %t[0], %x : tuple<!py.int, f32>, !py.int
    ```
  }];
  let arguments = (ins Py_AnyTuple:$tuple, I64Attr:$index,
                       Py_Heterogeneous:$value);
  let results = (outs Py_AnyTuple:$result);
  let assemblyFormat = [{
    $tuple `[` $index `]` `,` $value attr-dict `:` qualified(type($tuple)) `,` qualified(type($value))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The element `index` names (a negative index counts from the end).
    unsigned getElementIndex();
  }];
}

def Py_StructMakeOp : Py_Op<"struct.make", [Pure]> {
  let summary = "Constructs a `@struct` value from its fields, in order";
  let description = [{
    ```mlir
    %p = py.struct.make(%x, %y) : (!py.int, !py.int) -> !py.struct<"point", (x: !py.int, y: !py.int)>
    ```
  }];
  let arguments = (ins Variadic<Py_Heterogeneous>:$fields);
  let results = (outs Py_StructType:$result);
  let assemblyFormat = "`(` $fields `)` attr-dict `:` functional-type($fields, $result)";
  let hasVerifier = 1;
}

def Py_StructGetAttrOp : Py_Op<"struct.getattr", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`s.field`";
  let description = [{
    ```mlir
    %x = py.struct.getattr %p["x"] : !py.struct<"point", (x: !py.int, y: !py.int)>
    ```
  }];
  let arguments = (ins Py_StructType:$input, StrAttr:$field);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input `[` $field `]` attr-dict `:` qualified(type($input))";
  let hasFolder = 1;
}

def Py_StructSetAttrOp : Py_Op<"struct.setattr", [Pure,
    AllTypesMatch<["input", "result"]>]> {
  let summary = "A new struct with one field replaced";
  let description = [{
    Structs are immutable (spec, "User-Defined Types"); the update returns a
    new value. The field keeps its type.

    ```mlir
    %q = py.struct.setattr %p["x"], %v : !py.struct<"point", (x: !py.int, y: !py.int)>, !py.int
    ```
  }];
  let arguments = (ins Py_StructType:$input, StrAttr:$field,
                       Py_Heterogeneous:$value);
  let results = (outs Py_StructType:$result);
  let assemblyFormat = [{
    $input `[` $field `]` `,` $value attr-dict `:` qualified(type($input)) `,` qualified(type($value))
  }];
  let hasVerifier = 1;
}

def Py_VectorMakeOp : Py_Op<"vector.make", [Pure]> {
  let summary = "`float3(a, b, c)`: a vector from its elements";
  let description = [{
    One argument per element (spec, `Vector.__init__`); each must be a
    number that converts to the dtype (`py-legalize` inserts the casts).

    ```mlir
    %v = py.vector.make(%a, %b, %c) : (f32, !py.int, f32) -> !py.vector<3 x f32>
    ```
  }];
  let arguments = (ins Variadic<Py_Number>:$elements);
  let results = (outs Py_VectorType:$result);
  let assemblyFormat = "`(` $elements `)` attr-dict `:` functional-type($elements, $result)";
  let hasVerifier = 1;
}

def Py_VectorGetItemOp : Py_Op<"vector.getitem", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "`v[i]`, and `v.x`/`.y`/`.z`/`.w` with a constant index";
  let description = [{
    `i: int32` per the spec; `i < v.size` is required, and a negative index
    counts from the end as for Python sequences (a constant index out of
    range is an error; at run time `bounds-check` traps).

    ```mlir
    %y = py.vector.getitem %v[%one] : !py.vector<3 x f32>, !py.int
    ```
  }];
  let arguments = (ins Py_VectorType:$vector, Py_Integer:$index);
  let results = (outs Py_Number:$result);
  let assemblyFormat = "$vector `[` $index `]` attr-dict `:` qualified(type($vector)) `,` qualified(type($index))";
  let hasVerifier = 1;
}

def Py_VectorSetItemOp : Py_Op<"vector.setitem", [Pure,
    AllTypesMatch<["vector", "result"]>]> {
  let summary = "A new vector with element `i` replaced";
  let description = [{
    Vectors are immutable; the update returns a new vector. The value must
    be assignable to the dtype (as for `py.array.setitem`).

    ```mlir
    %w = py.vector.setitem %v[%i], %x : !py.vector<3 x f32>, !py.int, f32
    ```
  }];
  let arguments = (ins Py_VectorType:$vector, Py_Integer:$index,
                       Py_Number:$value, Py_PolicyDefault:$policy);
  let results = (outs Py_VectorType:$result);
  let assemblyFormat = [{
    $vector `[` $index `]` `,` $value (`policy` $policy^)? attr-dict `:`
    qualified(type($vector)) `,` qualified(type($index)) `,` qualified(type($value))
  }];
  let hasVerifier = 1;
}

def Py_LenOp : Py_Op<"len", [Pure]> {
  let summary = "`len(x)` of a tuple, vector or array";
  let description = [{
    A constant for tuples and vectors; `shape[0]` for an array of at least
    one dimension. Iterating over a tuple or vector is `py.len` plus
    constant-index element reads (a frontend unrolls it).

    ```mlir
    %n = py.len %v : !py.vector<3 x f32>
    ```
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Functions (spec, "Heterogeneous Functions", "Kernel Functions")
//===----------------------------------------------------------------------===//

class Py_FunctionOp<string mnemonic, list<Trait> traits = []>
    : Py_Op<mnemonic, traits # [AffineScope, AutomaticAllocationScope,
        FunctionOpInterface, IsolatedFromAbove]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       UnitAttr:$interop,
                       UnitAttr:$numba_abi,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// Whether parameter `index` is a `ConstExpr` parameter.
    bool isConstExprArgument(unsigned index) {
      return static_cast<bool>(getArgAttr(index,
          PyDialect::getConstExprAttrName()));
    }
  }];
}

def Py_FuncOp : Py_FunctionOp<"func"> {
  let summary = "A heterogeneous function (`@func`, `@func(interop=True)`)";
  let description = [{
    Callable from device code (and host code). With `interop`, the function
    has the symbol and calling convention of the `extern "C" __host__
    __device__` CUDA C++ function of the same name whose parameters are the
    machine representations of these, passed by value (spec, "Interoperable
    Functions"). Parameters marked `py.constexpr` must receive constant
    expressions (spec, "Constant Expressions"); `py-specialize-constexpr`
    clones the function for the constants each call passes.

    `numba_abi` marks a foreign declaration (no body) with numba's device
    function ABI (numba.cuda's `declare_device`): the CUDA C++ function is
    `extern "C" __device__ int f(T *result, params...)`, returning a status
    and storing the result through its first parameter, a pointer to a
    local of the result's type (to an unused byte when it returns nothing);
    the parameters pass as an interoperable function's.

    ```mlir
    py.func private @mul(f32, f32) -> f32 attributes {interop, numba_abi}
    py.func @diff(%a: f32, %b: f32) -> f32 interop {
      %d = py.sub %a, %b : f32, f32 -> f32
      %r = py.abs %d : f32 -> f32
      py.return %r : f32
    }
    ```
  }];
}

def Py_KernelOp : Py_FunctionOp<"kernel"> {
  let summary = "A kernel function (`@kernel`, `@kernel(interop=True)`)";
  let description = [{
    Device only, returns `None` (it has no results), and is launched rather
    than called (spec, "Kernel Functions"). Every parameter must be of a
    heterogeneous type. With `interop`, the kernel has the symbol and
    parameter ABI of the `extern "C" __global__` CUDA C++ kernel of the same
    name and parameters, each passed by value as a single parameter — it can
    be launched with `cudaLaunchKernel`. Without `interop` cudapy may add
    hidden parameters; the kernel metadata lists every parameter.

    ```mlir
    py.kernel @scale(%a: !py.array<f32, 1>, %s: f32) interop {
      ...
      py.return
    }
    ```
  }];
}

def Py_ReturnOp : Py_Op<"return", [Pure, ReturnLike, Terminator,
    ParentOneOf<["FuncOp", "KernelOp"]>]> {
  let summary = "Returns from a py.func or py.kernel";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* nothing to return */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` qualified(type($operands)))?";
  let hasVerifier = 1;
}

def Py_CallOp : Py_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a py.func";
  let description = [{
    Argument types must equal the parameter types (spec, "General
    Requirements": arguments match the type hints); a `ConstExpr` parameter
    must receive a constant (a `ConstantLike` op's result, or a `ConstExpr`
    parameter of the caller). Kernels are launched, not called.

    ```mlir
    %d = py.call @diff(%x, %y) : (f32, f32) -> f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType();
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
  }];
}

#endif // CUDAPY_PY_OPS_TD
