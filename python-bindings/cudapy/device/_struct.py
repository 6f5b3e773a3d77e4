"""`@struct` classes (cuda-device spec, "User-Defined Types"): heterogeneous
classes of typed fields, as py dialect structs (`!py.struct`), whose values
device code makes, reads and updates (a struct value is immutable in the
IR: assigning a field makes the variable a new struct)."""

import typing

from . import _types


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
                raise TypeError("field %s of @struct %s has the type hint %r, which is not "
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
    return aligned
