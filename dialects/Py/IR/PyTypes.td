//===- PyTypes.td - py dialect types -----------------------*- tablegen -*-===//

#ifndef CUDAPY_PY_TYPES_TD
#define CUDAPY_PY_TYPES_TD

include "dialects/Py/IR/PyDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Py_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Py_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// Builtin numbers (cuda-device spec, "Builtin Numbers")
//===----------------------------------------------------------------------===//

def Py_BoolType : Py_Type<"PyBool", "bool"> {
  let summary = "Python `bool`: a builtin number, machine format CUDA `bool`";
}
def Py_IntType : Py_Type<"PyInt", "int"> {
  let summary = "Python `int`: a builtin number, machine format `int32_t`";
}
def Py_FloatType : Py_Type<"PyFloat", "float"> {
  let summary = "Python `float`: a builtin number, machine format `float`";
}
def Py_ComplexType : Py_Type<"PyComplex", "complex"> {
  let summary = "Python `complex`: a builtin number, machine format "
                "`complex<float>`";
}

def Py_NoneType : Py_Type<"PyNone", "none"> {
  let summary = "`PyNoneType`, represented as a null `void*` (spec, \"None\")";
}

def Py_SliceType : Py_Type<"Slice", "slice"> {
  let summary = "A Python `slice(start, stop, step)`; used to index arrays";
}

//===----------------------------------------------------------------------===//
// Vectors (spec, "Vectors")
//===----------------------------------------------------------------------===//

def Py_VectorType : Py_Type<"PyVector", "vector"> {
  let summary = "`<dtype>xN`, laid out as CUDA's `charN` … `doubleN`";
  let description = [{
    An immutable collection of N = 1…4 fixed-format numbers of one type.
    Its machine representation is CUDA's vector type: N elements in order,
    aligned to the whole vector's size for N = 2 and 4 (at most 16 bytes)
    and to one element for N = 1 and 3 (`float3`: 12 bytes, align 4;
    `float4`: 16 bytes, align 16; `double4_16a`: 32 bytes, align 16).

    ```mlir
    !py.vector<3 x f32>   // float3
    !py.vector<2 x f16>   // __half2
    ```
  }];
  let parameters = (ins "unsigned":$size, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $size `x` $elementType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// User-defined types (spec, "User-Defined Types")
//===----------------------------------------------------------------------===//

def Py_StructType : Py_Type<"Struct", "struct"> {
  let summary = "A `@struct` class: named fields in lexical order";
  let description = [{
    The machine representation is the CUDA C++ standard-layout class with one
    public member per field, in order, each laid out as a stand-alone object;
    `align` (the `@struct(align=n)` argument) raises the alignment to at least
    `n` bytes, as `alignas(n)`. Two struct types are the same when their
    name, fields and alignment are.

    ```mlir
    !py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>
    !py.struct<"cplx", (real: f32, imag: f32), align 16>
    ```

    A NumPy structured dtype (spec, "Arrays") whose fields sit at given
    offsets — NumPy's default, packed layout, or any `offsets`/`itemsize` —
    is a struct with explicit offsets and size (a *record*). Its alignment
    is 1 unless `align` says otherwise; its fields are read and written
    unaligned.

    ```mlir
    !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>   // np.dtype([('a', 'u1'), ('b', '<f4')])
    ```
  }];
  let parameters = (ins
    "::mlir::StringAttr":$name,
    ArrayRefParameter<"::mlir::StringAttr">:$fieldNames,
    ArrayRefParameter<"::mlir::Type">:$fieldTypes,
    DefaultValuedParameter<"uint64_t", "0">:$align,
    OptionalArrayRefParameter<"uint64_t">:$offsets,
    DefaultValuedParameter<"uint64_t", "0">:$size);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Index of the field called `field`, or std::nullopt.
    std::optional<unsigned> getFieldIndex(llvm::StringRef field) const;
    /// Whether the fields have explicit offsets (a NumPy record).
    bool hasExplicitLayout() const { return !getOffsets().empty(); }
  }];
}

//===----------------------------------------------------------------------===//
// Atomics (spec, "Synchronization" > "Atomics")
//===----------------------------------------------------------------------===//

def Py_AtomicType : Py_Type<"Atomic", "atomic"> {
  let summary = "`Atomic(dtype)`: an object accessed atomically";
  let description = [{
    The spec's `Atomic` class: it owns one object of `dtype` (a number,
    vector, struct or tuple of at most 16 bytes — a User Requirement of
    `Atomic.__init__`) that `simt.atomic_ref` accesses atomically. It is a
    heterogeneous type, so a `@struct` may hold it (the spec's
    `ticket_mutex`). Its machine representation is that of C++'s
    `std::atomic<T>`: the object, aligned to its size when that is a power
    of two up to 16 bytes (so every atomic access is naturally aligned), or
    to `align` bytes if larger.

    ```mlir
    !py.atomic<si32>                // 4 bytes, align 4
    !py.atomic<!py.struct<"xy", (x: f32, y: f32)>>  // 8 bytes, align 8 (the struct alone: 4)
    !py.atomic<si32, align 16>      // Atomic(int, align=16): 16 bytes
    ```
  }];
  let parameters = (ins "::mlir::Type":$dtype,
                        DefaultValuedParameter<"uint64_t", "0">:$align);
  let assemblyFormat = "`<` $dtype (`,` `align` $align^)? `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Arrays (spec, "Arrays")
//===----------------------------------------------------------------------===//

def Py_ArrayType : Py_Type<"Array", "array"> {
  let summary = "A heterogeneous array: dtype and number of dimensions";
  let description = [{
    A strided view of device memory. Its machine representation is the
    spec's `interoperable_array_descriptor<dtype, ndim>`:

    ```c
    struct { dtype *data; uint64_t shape[ndim]; uint64_t strides[ndim]; };
    ```

    Strides count *elements*, not bytes: the descriptor converts to
    `cuda::std::mdspan` with a `layout_stride::mapping{dims(shape), strides}`,
    and `layout_stride` strides are in elements. (Python's `.strides` is in
    bytes; `py.array.strides` returns bytes.) Negative strides (reversed
    views) are stored in two's complement: address arithmetic modulo 2^64 is
    the same for the signed and the unsigned reading.

    ```mlir
    !py.array<f32, 2>
    !py.array<!py.struct<"point", (x: !py.int, y: !py.int)>, 1>
    ```
  }];
  let parameters = (ins "::mlir::Type":$dtype, "unsigned":$ndim);
  let assemblyFormat = "`<` $dtype `,` $ndim `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints (the predicates live in PyTypes.h)
//===----------------------------------------------------------------------===//

def Py_Number : Type<CPred<"::cudapy::py::isNumberType($_self)">,
    "a Python number (builtin or fixed-format)">;
def Py_Integer : Type<CPred<"::cudapy::py::isIntegerLikeType($_self)">,
    "a Python integer (bool, int or a fixed-format integer)">;
def Py_Heterogeneous : Type<CPred<"::cudapy::py::isHeterogeneousType($_self)">,
    "a heterogeneous type">;

#endif // CUDAPY_PY_TYPES_TD
