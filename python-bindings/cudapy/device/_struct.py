"""`@struct` classes (cuda-device spec, "User-Defined Types"): heterogeneous
classes of typed fields, as py dialect structs (`!py.struct`), whose values
device code makes, reads and updates (a struct value is immutable in the
IR: assigning a field makes the variable a new struct)."""

import typing

from . import _types
from ._errors import DeviceTypeError


class StructType:
    """What `@struct` makes of a class: its name, fields (name, type) in
    order and alignment. Calling it in device code makes a value."""

    def __init__(self, cls, align=0):
        hints = typing.get_type_hints(cls) if hasattr(cls, "__annotations__") else {}
        fields = []
        for name, hint in hints.items():
            field = _types.number_type(hint)
            if field is None and isinstance(hint, (StructType, _types.Atomic,
                                                   _types.VectorType)):
                field = hint
            if field is None:
                raise DeviceTypeError("field %s of @struct %s has the type hint %r, which is not "
                                "heterogeneous (cuda-device spec, \"User-Defined Types\")"
                                % (name, cls.__name__, hint))
            fields.append((name, field))
        if not fields:
            raise TypeError("@struct %s has no annotated fields" % cls.__name__)
        if not isinstance(align, int) or align < 0 or align & (align - 1):
            raise ValueError("align is a power of two, not %r" % (align,))
        self.cls, self.name, self.fields, self.align = cls, cls.__name__, fields, align
        self.__name__ = cls.__name__
        self.underlying = cls  # the decorated class (cuda-device spec, "@struct")
        self._layout = None
        self._frozen = True

    def __setattr__(self, name, value):
        # "User-Defined Types": attributes are not added to a struct type.
        if self.__dict__.get("_frozen") and name not in self.__dict__:
            raise DeviceTypeError("attributes cannot be added to @struct %s (cuda-device spec, "
                                  "\"User-Defined Types\")" % self.name)
        object.__setattr__(self, name, value)

    def __repr__(self):
        return "<@struct %s>" % self.name

    def mlir_type(self, ir, location=None):
        location = location or ir.unknown_location()
        return ir.py_struct_type(self.name, [(n, t.mlir_type(ir)) for n, t in self.fields],
                                 self.align, location)

    def atomic_field(self, name):
        """The Atomic type of field `name`, or None."""
        field = self.field_type(name)
        return field if isinstance(field, _types.Atomic) else None

    def __call__(self, *args, **kwargs):
        """A host value of this struct (a launch argument), each field
        checked against its type hint (cuda-device spec, "User-Defined
        Types": a struct migrating to the device has its hints' types)."""
        names = [n for n, _ in self.fields]
        if len(args) > len(names):
            raise TypeError("@struct %s has %d fields, %d values given"
                            % (self.name, len(names), len(args)))
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names or key in values:
                raise TypeError("@struct %s: unknown or repeated field %r" % (self.name, key))
            values[key] = value
        missing = [n for n in names if n not in values]
        if missing:
            raise TypeError("@struct %s needs %s" % (self.name, ", ".join(missing)))
        checked = []
        for name, field in self.fields:
            checked.append(_migrate(self, name, field, values[name]))
        return StructValue(self, checked)

    def layout(self):
        """Per field its byte offset, and the struct's size: CUDA C++'s
        layout of a standard-layout class, from the py dialect's sizes and
        alignments of the field types."""
        if self._layout is None:
            from .. import _ir
            ir = _ir.IR()
            try:
                offsets, offset = [], 0
                for _, field in self.fields:
                    size, alignment = _ir.py_machine_layout(field.mlir_type(ir))
                    offset = (offset + alignment - 1) // alignment * alignment
                    offsets.append(offset)
                    offset += size
                total, _ = _ir.py_machine_layout(self.mlir_type(ir))
            finally:
                ir.close()
            self._layout = (offsets, total)
        return self._layout

    @property
    def itemsize(self):
        size = 0
        for _, field in self.fields:
            item = field.itemsize
            size = (size + item - 1) // item * item + item
        alignment = max([f.itemsize for _, f in self.fields] + [self.align or 1])
        return (size + alignment - 1) // alignment * alignment

    def field_type(self, name):
        for field, type in self.fields:
            if field == name:
                return type
        return None


def struct(cls=None, /, *, align=0):
    """`@struct` or `@struct(align=n)`: a heterogeneous class of annotated
    fields."""
    if cls is None:
        return lambda c: StructType(c, align)
    return StructType(cls, align)


def align(t, n):
    """`align(t, n)`: a type equivalent to `t` aligned to at least `n` bytes
    (cuda-device spec, "align"). Provided for @struct types (their
    alignment raised to `n`); the py dialect has no over-aligned scalar or
    vector type, so other types are refused."""
    if not isinstance(n, int) or n <= 0 or n & (n - 1):
        raise ValueError("align takes a power of two, not %r" % (n,))
    if not isinstance(t, StructType):
        raise TypeError("align(%r, %d): cudapy aligns @struct types only" % (t, n))
    aligned = StructType.__new__(StructType)
    aligned.cls, aligned.name, aligned.fields = t.cls, t.name, t.fields
    aligned.align = max(t.align, n)
    aligned.__name__, aligned.underlying = t.__name__, t.underlying
    aligned._layout = None
    aligned._frozen = True
    return aligned


class StructValue:
    """A host value of a @struct type, passed to a launch as CUDA C++ passes
    the class by value."""

    __slots__ = ("type", "values")

    def __init__(self, type, values):
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "values", values)

    def __setattr__(self, name, value):
        # "User-Defined Types": attributes are not added to a struct.
        raise DeviceTypeError("attributes cannot be added to a @struct %s (cuda-device spec, "
                              "\"User-Defined Types\")" % self.type.name)

    def __repr__(self):
        return "%s(%s)" % (self.type.name, ", ".join(
            "%s=%r" % (n, v) for (n, _), v in zip(self.type.fields, self.values)))

    def to_bytes(self):
        offsets, size = self.type.layout()
        data = bytearray(size)
        for offset, value in zip(offsets, self.values):
            item = value.to_bytes()
            data[offset:offset + len(item)] = item
        return bytes(data)


def _migrate(struct, name, field, value):
    """`value` as field `name` of a host struct, or TypeError when it is not
    of the field's type hint."""
    if isinstance(field, _types.NumberType):
        if isinstance(value, _types.Fixed):
            if value.type is not field:
                raise TypeError("field %s of @struct %s is %s, not %s" % (
                    name, struct.name, field.name, value.type.name))
            return value
        if isinstance(value, (bool, int, float, complex)):
            try:
                return _types.Fixed(field, value)
            except (TypeError, ValueError) as why:
                raise TypeError("field %s of @struct %s: %s" % (name, struct.name, why))
    elif isinstance(field, _types.VectorType):
        if isinstance(value, _types.VectorValue) and value.type is field:
            return value
    elif isinstance(field, StructType):
        if isinstance(value, StructValue) and value.type is field:
            return value
    elif isinstance(field, _types.Atomic):
        raise TypeError("field %s of @struct %s is an Atomic, which lives in device memory "
                        "(pass an array of the struct instead)" % (name, struct.name))
    raise TypeError("field %s of @struct %s is %s, not a %s (cuda-device spec, \"User-"
                    "Defined Types\": a migrating struct has its type hints' types)"
                    % (name, struct.name, field.name, type(value).__name__))
