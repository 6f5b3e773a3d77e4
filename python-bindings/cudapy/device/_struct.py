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
                                                   _types.VectorType, AlignedType)):
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

    def _aligned_layout(self, ir):
        """Offsets, size and alignment of a struct with `align(t, n)`
        members, as CUDA C++ lays out `alignas(n) T member;`: each member at
        the next multiple of its alignment, the size a multiple of the
        largest."""
        from .. import _ir
        offsets, offset, largest = [], 0, max(self.align, 1)
        for _, field in self.fields:
            size, alignment = _ir.py_machine_layout(field.mlir_type(ir))
            if isinstance(field, AlignedType):
                alignment = max(alignment, field.align)
            offset = (offset + alignment - 1) // alignment * alignment
            offsets.append(offset)
            offset += size
            largest = max(largest, alignment)
        return offsets, (offset + largest - 1) // largest * largest, largest

    def mlir_type(self, ir, location=None):
        location = location or ir.unknown_location()
        fields = [(n, t.mlir_type(ir)) for n, t in self.fields]
        if any(isinstance(t, AlignedType) for _, t in self.fields):
            # Over-aligned members: a struct with explicit offsets.
            offsets, size, alignment = self._aligned_layout(ir)
            return ir.py_record_type(self.name, fields, offsets, size, alignment, location)
        return ir.py_struct_type(self.name, fields, self.align, location)

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
                offsets, _, _ = self._aligned_layout(ir)
                total, _ = _ir.py_machine_layout(self.mlir_type(ir))
            finally:
                ir.close()
            self._layout = (offsets, total)
        return self._layout

    @property
    def itemsize(self):
        return self.layout()[1]

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


class AlignedType:
    """`align(t, n)` of a number or vector type: `t` aligned to at least `n`
    bytes, as a @struct member hint (`alignas(n) T member;` in CUDA C++):
    the member is a `t` at an offset that is a multiple of `n`, and the
    struct is aligned to at least `n`."""

    def __init__(self, base, align):
        self.base, self.align = base, align
        self.name = "align(%s, %d)" % (base.name, align)

    def __repr__(self):
        return "cudapy.device." + self.name

    def mlir_type(self, ir, location=None):
        return self.base.mlir_type(ir)

    @property
    def itemsize(self):
        return self.base.itemsize


def align(t, n):
    """`align(t, n)`: a type equivalent to `t` aligned to at least `n` bytes
    (cuda-device spec, "align"). A @struct type's alignment is raised to
    `n`; a number or vector type becomes an AlignedType, a @struct member
    hint (the py dialect has no over-aligned scalar: the struct holding it
    places it)."""
    if not isinstance(n, int) or n <= 0 or n & (n - 1):
        raise ValueError("align takes a power of two, not %r" % (n,))
    base = _types.number_type(t) or (t if isinstance(t, _types.VectorType) else None)
    if isinstance(t, AlignedType):
        return AlignedType(t.base, max(t.align, n))
    if base is not None:
        return AlignedType(base, n)
    if not isinstance(t, StructType):
        raise DeviceTypeError("align(%r, %d) takes a number, vector or @struct type" % (t, n))
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
    if isinstance(field, AlignedType):
        field = field.base
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
