"""cuTile Python's dtypes and their tile-dialect element types
(specs/cutile-python-data-model.txt, "Data Types")."""


class DType:
    """A dtype of tiles and arrays: `ct.float32`, `ct.int8` …

    `kind` is "bool", "int", "uint" or "float"; `element` names the tile
    dialect's element type ("si32", "ui8", "f16", "i1" …)."""

    __slots__ = ("name", "kind", "bits", "element", "typestrs", "torch_name")

    def __init__(self, name, kind, bits, element, typestrs=(), torch_name=None):
        self.name, self.kind, self.bits, self.element = name, kind, bits, element
        self.typestrs = typestrs
        self.torch_name = torch_name or name

    def __repr__(self):
        return "cudapy.tile." + self.name

    __str__ = __repr__

    @property
    def bitwidth(self):
        return self.bits

    @property
    def itemsize(self):
        return max(self.bits // 8, 1)

    def is_float(self):
        return self.kind == "float"

    def is_integer(self):
        return self.kind in ("int", "uint")

    def mlir_type(self, ir):
        """The element type in the tile dialect."""
        if self.kind == "bool":
            return ir.int_type(1)
        if self.kind in ("int", "uint"):
            return ir.int_type(self.bits, self.kind == "int")
        return ir.float_type(self.element)


bool_ = DType("bool_", "bool", 1, "i1", ("|b1",), "bool")
int8 = DType("int8", "int", 8, "si8", ("|i1",))
int16 = DType("int16", "int", 16, "si16", ("<i2",))
int32 = DType("int32", "int", 32, "si32", ("<i4",))
int64 = DType("int64", "int", 64, "si64", ("<i8",))
uint8 = DType("uint8", "uint", 8, "ui8", ("|u1",))
uint16 = DType("uint16", "uint", 16, "ui16", ("<u2",))
uint32 = DType("uint32", "uint", 32, "ui32", ("<u4",))
uint64 = DType("uint64", "uint", 64, "ui64", ("<u8",))
float16 = DType("float16", "float", 16, "f16", ("<f2",))
bfloat16 = DType("bfloat16", "float", 16, "bf16", ())
float32 = DType("float32", "float", 32, "f32", ("<f4",))
float64 = DType("float64", "float", 64, "f64", ("<f8",))
tfloat32 = DType("tfloat32", "float", 32, "tf32", ())
float8_e4m3fn = DType("float8_e4m3fn", "float", 8, "f8E4M3FN", ())
float8_e5m2 = DType("float8_e5m2", "float", 8, "f8E5M2", ())
float8_e8m0fnu = DType("float8_e8m0fnu", "float", 8, "f8E8M0FNU", ())
float4_e2m1fn = DType("float4_e2m1fn", "float", 4, "f4E2M1FN", ())

ALL = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16,
       bfloat16, float32, float64, tfloat32, float8_e4m3fn, float8_e5m2, float8_e8m0fnu,
       float4_e2m1fn)

_BY_ELEMENT = {d.element: d for d in ALL}
_BY_NAME = {d.name: d for d in ALL}
_BY_NAME.update({"bool": bool_, "float8_e4m3": float8_e4m3fn, "half": float16,
                 "float": float32, "double": float64, "float8_e8m0": float8_e8m0fnu})


def from_element(element):
    """The dtype of a tile-dialect element name ("si32" …), or None."""
    return _BY_ELEMENT.get(element)


def from_array_dtype(dtype):
    """The dtype of a CuPy/NumPy/PyTorch array's dtype, or None."""
    if isinstance(dtype, DType):
        return dtype
    if isinstance(dtype, type):
        name = dtype.__name__  # NumPy's scalar types: numpy.int32 …
    else:
        name = str(dtype)  # numpy.dtype('int32'), torch.int32
    if name.startswith("torch."):
        name = name[len("torch."):]
    return _BY_NAME.get(name)


_BY_TYPESTR = {t: d for d in ALL for t in d.typestrs}


def from_typestr(typestr):
    """The dtype of a `__cuda_array_interface__` typestr ("<f4" …), or None."""
    return _BY_TYPESTR.get(typestr)


# Python numbers passed as kernel arguments (cuTile: int -> int32 when it
# fits, float -> float32; bool -> bool_).
def of_python_scalar(value):
    if isinstance(value, bool):
        return bool_
    if isinstance(value, int):
        return int32 if -2**31 <= value < 2**31 else int64
    if isinstance(value, float):
        return float32
    return None
