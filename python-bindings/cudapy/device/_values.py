"""What an expression in device code is while it is translated."""


class Val:
    """A runtime value: an MLIR value of a py dialect type. `kind` is
    "number", "array", "none" or "other"; arrays keep their dtype (a
    NumberType) and number of dimensions."""

    __slots__ = ("value", "type", "kind", "dtype", "ndim")

    def __init__(self, value, type, kind="number", dtype=None, ndim=0):
        self.value, self.type, self.kind, self.dtype, self.ndim = value, type, kind, dtype, ndim

    def describe(self):
        if self.kind == "array":
            return "a %d-d %s array" % (self.ndim, self.dtype.name)
        return "a value of type %s" % self.type


class Const:
    """A compile-time Python object: a literal, a module, a function, a
    dtype, a ConstExpr argument's value …"""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def describe(self):
        return "the constant %r" % (self.obj,)


class TupleVal:
    """A tuple of translated values and constants."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = tuple(items)

    def describe(self):
        return "a tuple of %d items" % len(self.items)


class Dim3Val:
    """`thread_idx`, `block_idx`, `block_dim` or `grid_dim`: its `.x`,
    `.y`, `.z` are simt ops."""

    __slots__ = ("op",)

    def __init__(self, op):
        self.op = op

    def describe(self):
        return "a Dim3"


class AtomicVal:
    """An AtomicInterface (`atomic_ref(array, index)`): a
    `!simt.atomic_ref` value and the dtype it accesses."""

    __slots__ = ("value", "type", "dtype")

    def __init__(self, value, type, dtype):
        self.value, self.type, self.dtype = value, type, dtype

    def describe(self):
        return "an atomic reference to a %s" % self.dtype


class Method:
    """`receiver.name`, to be called."""

    __slots__ = ("receiver", "name")

    def __init__(self, receiver, name):
        self.receiver, self.name = receiver, name

    def describe(self):
        return "the method %s" % self.name


class LambdaVal:
    """A lambda in device code: its body is translated where it is called,
    with the names it sees there."""

    __slots__ = ("node",)

    def __init__(self, node):
        self.node = node

    def describe(self):
        return "a lambda"


class StructRef:
    """`atomic_ref(array, index)` of an array of a @struct with Atomic
    members: `.member` is that member's AtomicInterface."""

    __slots__ = ("array", "operands", "struct")

    def __init__(self, array, operands, struct):
        self.array, self.operands, self.struct = array, operands, struct

    def describe(self):
        return "a reference to a %s" % self.struct.name
