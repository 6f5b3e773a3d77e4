"""The heterogeneous types of cudapy.device (cuda-device spec, "Builtin
Numbers", "Fixed-Format Numbers", "Arrays") and how a launch argument maps
to its py dialect type."""

import math
import struct

# The numba spelling's promotion policy (cudapy._ir.PY_POLICY_NUMBAPRO, named
# here because importing _ir loads the compiler library).
POLICY_NUMBAPRO = 1


class NumberType:
    """A fixed-format number type: `device.float32`, `device.uint8` …
    Calling it on the host makes a value of that format (a launch passes it
    as that type); in device code it converts (`py.cast`)."""

    __slots__ = ("name", "kind", "bits", "element", "typestrs")

    def __init__(self, name, kind, bits, element, typestrs=()):
        self.name, self.kind, self.bits, self.element = name, kind, bits, element
        self.typestrs = typestrs

    def __repr__(self):
        return "cudapy.device." + self.name

    @property
    def itemsize(self):
        return max(self.bits // 8, 1)

    def mlir_type(self, ir):
        if self.kind == "bool":
            return ir.int_type(1)
        if self.kind in ("int", "uint"):
            return ir.int_type(self.bits, self.kind == "int")
        if self.kind == "complex":
            return ir.complex_type(ir.float_type("f%d" % (self.bits // 2)))
        return ir.float_type(self.element)

    def __call__(self, *args):
        """`float32(1.5)`: a value; `float32(float32, int64)`: a signature
        (numba's spelling, for `vectorize`)."""
        if len(args) != 1 or isinstance(args[0], (NumberType, ArrayType)):
            if all(isinstance(a, (NumberType, ArrayType)) for a in args):
                return Signature(self, args)
            raise TypeError("%s() takes one value" % self.name)
        return Fixed(self, args[0])

    def __getitem__(self, key):
        """`float32[:]`, `float32[:, :]`: the array type of this dtype and
        as many dimensions (a foreign function's parameter type; numba's
        spelling)."""
        return ArrayType.of(self, key)


class Signature:
    """`float32(float32, int64)`: a function's result and parameter types."""

    __slots__ = ("result", "params")

    def __init__(self, result, params):
        self.result, self.params = result, tuple(params)

    def __repr__(self):
        return "%s(%s)" % (getattr(self.result, "name", "void"),
                           ", ".join(p.name for p in self.params))


class ArrayType:
    """The type of a heterogeneous array of `dtype` with `ndim` dimensions
    (`device.float32[:]`): what a foreign function declares for an array
    parameter, which it receives as the spec's interoperable array
    descriptor (data pointer, shape, strides: cuda-device spec, "Arrays")."""

    __slots__ = ("dtype", "ndim")

    def __init__(self, dtype, ndim):
        self.dtype, self.ndim = dtype, ndim

    @classmethod
    def of(cls, dtype, key):
        keys = key if isinstance(key, tuple) else (key,)
        # `:` per dimension; numba's `::1` (contiguous) is taken as `:`.
        if not keys or not all(isinstance(k, slice) and k.start is None and k.stop is None
                               and k.step in (None, 1) for k in keys):
            raise TypeError("an array type is written %s[:] (one ':' per dimension), not "
                            "%s[%r]" % (dtype.name, dtype.name, key))
        return cls(dtype, len(keys))

    @property
    def name(self):
        return "%s[%s]" % (self.dtype.name, ", ".join(":" * self.ndim))

    def __repr__(self):
        return "cudapy.device." + self.name

    def __eq__(self, other):
        return isinstance(other, ArrayType) and (other.dtype, other.ndim) == (self.dtype,
                                                                              self.ndim)

    def __hash__(self):
        return hash((self.dtype.name, self.ndim))

    def mlir_type(self, ir, location=None):
        return ir.py_array_type(self.dtype.mlir_type(ir), self.ndim,
                                location or ir.unknown_location())


class Fixed:
    """A host value of a fixed-format number type (`device.int8(3)`)."""

    __slots__ = ("type", "value")

    def __init__(self, type, value):
        if type.kind in ("int", "uint"):
            value = int(value)
            low, high = ((-2**(type.bits - 1), 2**(type.bits - 1)) if type.kind == "int"
                         else (0, 2**type.bits))
            if not low <= value < high:
                raise ValueError("%d does not fit in %s" % (value, type.name))
        elif type.kind == "bool":
            value = bool(value)
        elif type.kind == "complex":
            value = complex(value)
        else:
            value = float(value)
        self.type, self.value = type, value

    def __repr__(self):
        return "%s(%r)" % (self.type.name, self.value)

    def to_bytes(self):
        """The machine representation (little-endian)."""
        t = self.type
        if t.kind in ("int", "uint", "bool"):
            return int(self.value).to_bytes(max(t.bits // 8, 1), "little", signed=t.kind == "int")
        if t.kind == "complex":
            code = "<ff" if t.bits == 64 else "<dd"
            return struct.pack(code, self.value.real, self.value.imag)
        if t.name == "float16":
            return struct.pack("<e", self.value)
        if t.name == "float32":
            return struct.pack("<f", self.value)
        if t.name == "float64":
            return struct.pack("<d", self.value)
        if t.name in _NARROW_FORMATS:
            return encode_narrow(self.value, t.name).to_bytes(t.bits // 8, "little")
        raise ValueError("%s values cannot be passed from the host" % t.name)


# Formats whose host values this module encodes itself: exponent and
# mantissa bits, the largest finite code, the NaN code, whether magnitudes
# beyond the largest saturate to it (fp8, as CUDA's __NV_SATFINITE and the
# device conversions of lib/Conversion/LoweringUtils/NarrowFloat.cpp) or
# become infinity (bfloat16, IEEE 754).
_NARROW_FORMATS = {"float8e4m3": (4, 3, 0x7E, 0x7F, True),
                   "float8e5m2": (5, 2, 0x7B, 0x7F, True),
                   "bfloat16": (8, 7, 0x7F7F, 0x7FC0, False)}


def encode_narrow(value, name):
    """The bits of `value` (a Python float) in format `name`, rounded once
    to the nearest, ties to even."""
    exponent_bits, mantissa_bits, max_code, nan_code, saturate = _NARROW_FORMATS[name]
    bias = 2 ** (exponent_bits - 1) - 1
    sign = 1 << (exponent_bits + mantissa_bits) if math.copysign(1.0, value) < 0 else 0
    if math.isnan(value):
        return sign | nan_code
    infinity = ((1 << exponent_bits) - 1) << mantissa_bits
    max_exponent = (max_code >> mantissa_bits) - bias
    max_value = math.ldexp(1 + (max_code & ((1 << mantissa_bits) - 1)) /
                           2 ** mantissa_bits, max_exponent)
    magnitude = abs(value)
    if math.isinf(magnitude):
        return sign | (max_code if saturate else infinity)
    min_normal = math.ldexp(1.0, 1 - bias)
    exponent = math.frexp(magnitude)[1] - 1 if magnitude >= min_normal else 1 - bias
    quantum = math.ldexp(1.0, exponent - mantissa_bits)
    rounded = round(magnitude / quantum) * quantum  # exact: a power-of-two scale
    if rounded > max_value:
        return sign | (max_code if saturate else infinity)
    if rounded < min_normal:  # subnormal or zero: exponent field 0
        return sign | int(rounded / math.ldexp(1.0, 1 - bias - mantissa_bits))
    exponent = math.frexp(rounded)[1] - 1
    fraction = int((math.ldexp(rounded, -exponent) - 1) * 2 ** mantissa_bits)
    return sign | (exponent + bias) << mantissa_bits | fraction


bool_ = NumberType("bool_", "bool", 8, "i1", ("|b1",))
int8 = NumberType("int8", "int", 8, "si8", ("|i1",))
int16 = NumberType("int16", "int", 16, "si16", ("<i2",))
int32 = NumberType("int32", "int", 32, "si32", ("<i4",))
int64 = NumberType("int64", "int", 64, "si64", ("<i8",))
uint8 = NumberType("uint8", "uint", 8, "ui8", ("|u1",))
uint16 = NumberType("uint16", "uint", 16, "ui16", ("<u2",))
uint32 = NumberType("uint32", "uint", 32, "ui32", ("<u4",))
uint64 = NumberType("uint64", "uint", 64, "ui64", ("<u8",))
float16 = NumberType("float16", "float", 16, "f16", ("<f2",))
bfloat16 = NumberType("bfloat16", "float", 16, "bf16")
float32 = NumberType("float32", "float", 32, "f32", ("<f4",))
float64 = NumberType("float64", "float", 64, "f64", ("<f8",))
float8e4m3 = NumberType("float8e4m3", "float", 8, "f8E4M3FN")
float8e5m2 = NumberType("float8e5m2", "float", 8, "f8E5M2")
complex64 = NumberType("complex64", "complex", 64, "c64", ("<c8",))
complex128 = NumberType("complex128", "complex", 128, "c128", ("<c16",))

NUMBER_TYPES = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16,
                bfloat16, float32, float64, float8e4m3, float8e5m2, complex64, complex128)
_BY_NAME = {t.name: t for t in NUMBER_TYPES}
_BY_NAME.update({"bool": bool_, "float8_e4m3fn": float8e4m3, "float8_e5m2": float8e5m2})
_BY_TYPESTR = {s: t for t in NUMBER_TYPES for s in t.typestrs}


def number_type(obj):
    """The NumberType `obj` names: ours, a NumPy/CuPy/PyTorch dtype or
    scalar type, a typestr; None otherwise."""
    if isinstance(obj, NumberType):
        return obj
    if obj in (bool,):
        return bool_
    # The builtin number types as dtypes: their machine representations
    # (cuda-device spec, "Builtin Numbers": int is an int32, float a float32).
    if obj is int:
        return int32
    if obj is float:
        return float32
    if obj is complex:
        return complex64
    name = getattr(obj, "name", None) or getattr(obj, "__name__", None)
    if isinstance(name, str) and name in _BY_NAME:
        return _BY_NAME[name]
    text = str(obj)
    if text.startswith("torch."):
        return _BY_NAME.get(text[6:])
    if isinstance(obj, str):
        return _BY_NAME.get(obj) or _BY_TYPESTR.get(obj)
    return None


def array_dtype(value, view):
    """The NumberType of an array argument's elements; TypeError when its
    dtype is not heterogeneous."""
    dtype = getattr(value, "dtype", None)
    found = number_type(dtype) if dtype is not None else None
    if found is None:
        interface = getattr(value, "__cuda_array_interface__", None)
        typestr = interface.get("typestr") if isinstance(interface, dict) else None
        found = _BY_TYPESTR.get(typestr) if typestr else None
    if found is None:
        raise TypeError("arrays of dtype %s are not heterogeneous" % (dtype,))
    if found.itemsize != view.itemsize and found is not bool_:
        raise TypeError("the array's elements have %d bytes, its dtype %s %d"
                        % (view.itemsize, found.name, found.itemsize))
    return found


class ConstExprHint:
    """`ConstExpr[type]`: a parameter whose argument is a constant
    expression of `type` (None: any)."""

    __slots__ = ("type",)

    def __init__(self, type=None):
        self.type = type

    def __repr__(self):
        return "ConstExpr[%r]" % (self.type,) if self.type is not None else "ConstExpr"


class ConstExpr:
    """A type hint: the parameter's argument is a constant expression
    (cuda-device spec, "Constant Expressions"); `ConstExpr[int]` also
    names its type. The function is compiled for each value."""

    def __class_getitem__(cls, type):
        return ConstExprHint(type)


def is_constexpr_hint(hint):
    return hint is ConstExpr or isinstance(hint, ConstExprHint)


def constant_value(value):
    """Whether `value` can be a ConstExpr argument: a number, a bool, None, a
    fixed-format value, a string, or a tuple of them."""
    if value is None or isinstance(value, (bool, int, float, complex, str, Fixed, NumberType)):
        return True
    return isinstance(value, tuple) and all(constant_value(v) for v in value)


class VectorType:
    """A vector type (cuda-device spec, "Vectors"): `float32x4`, `int8x2` …
    — N numbers of one type, immutable, CUDA's `float4`, `char2` … in
    memory. Calling it makes a vector (on the host, a launch argument)."""

    __slots__ = ("name", "element", "size")

    def __init__(self, element, size):
        self.element, self.size = element, size
        self.name = "%sx%d" % (element.name, size)

    def __repr__(self):
        return "cudapy.device." + self.name

    def mlir_type(self, ir):
        return ir.py_vector_type(self.size, self.element.mlir_type(ir), ir.unknown_location())

    @property
    def itemsize(self):
        size = self.element.itemsize * self.size
        return size if self.size in (1, 2, 4) else self.element.itemsize * self.size

    def __call__(self, *values):
        if len(values) != self.size:
            raise TypeError("%s takes %d values, not %d" % (self.name, self.size, len(values)))
        return VectorValue(self, [Fixed(self.element, v) for v in values])


class VectorValue:
    """A host vector (`device.float32x4(1, 2, 3, 4)`), passed to a launch
    as CUDA's vector type."""

    __slots__ = ("type", "items")

    def __init__(self, type, items):
        self.type, self.items = type, items

    def __repr__(self):
        return "%s(%s)" % (self.type.name, ", ".join(repr(i.value) for i in self.items))

    def to_bytes(self):
        data = b"".join(i.to_bytes() for i in self.items)
        # float3, int3 …: no padding; 2 and 4 elements: aligned to the whole.
        return data


VECTOR_ELEMENTS = (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float8e4m3,
                   float8e5m2, float16, bfloat16, float32, float64)
VECTOR_TYPES = {"%sx%d" % (e.name, n): VectorType(e, n) for e in VECTOR_ELEMENTS
                for n in (1, 2, 3, 4)}


class Atomic:
    """`Atomic(dtype, align=0)` (cuda-device spec, "Atomic"): a @struct
    field that owns an object accessed atomically (`!py.atomic`), reached
    in device code through `atomic_ref(array, index).field`."""

    __slots__ = ("dtype", "align")

    def __init__(self, dtype, align=0):
        found = number_type(dtype) or (dtype if isinstance(dtype, NumberType) else None)
        if found is None:
            from . import _struct
            if not isinstance(dtype, _struct.StructType):
                raise TypeError("Atomic takes a number or @struct type, not %r" % (dtype,))
            found = dtype
        if not isinstance(align, int) or align < 0 or align & (align - 1):
            raise ValueError("align is a power of two, not %r" % (align,))
        self.dtype, self.align = found, align

    @property
    def name(self):
        return "Atomic(%s, align=%d)" % (self.dtype.name, self.align)

    def __repr__(self):
        return "cudapy.device." + self.name

    def mlir_type(self, ir, location=None):
        return ir.py_atomic_type(self.dtype.mlir_type(ir), self.align,
                                 location or ir.unknown_location())

    @property
    def itemsize(self):
        return max(self.dtype.itemsize, self.align)
