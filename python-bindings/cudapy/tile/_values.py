"""The values a kernel's Python names stand for while it is translated."""


class ArgSpec:
    """What a launch argument says about its parameter: an array (dtype,
    rank, facts), a scalar (dtype), a `Constant` value, or a tuple (`value`,
    the specs of its items: arrays, scalars and tuples, each a kernel
    argument of its own, in order)."""

    __slots__ = ("kind", "dtype", "rank", "value", "unit_stride", "aligned16",
                 "stride_divisibility", "static_shape", "static_strides", "index64",
                 "divisibility")

    def __init__(self, kind, dtype=None, rank=0, value=None, unit_stride=False,
                 aligned16=False, stride_divisibility=(), static_shape=(), static_strides=(),
                 index64=False, divisibility=()):
        self.kind, self.dtype, self.rank, self.value = kind, dtype, rank, value
        self.unit_stride, self.aligned16 = unit_stride, aligned16
        self.stride_divisibility = tuple(stride_divisibility)
        # (dimension, value) pairs compiled in (ct.ArrayAnnotation).
        self.static_shape, self.static_strides = tuple(static_shape), tuple(static_strides)
        self.index64 = index64
        # Per dimension, a number the extent is a multiple of (16 or 1).
        self.divisibility = tuple(divisibility)

    def key(self):
        if self.kind == "constant":
            return ("constant", type(self.value).__name__, self.value)
        if self.kind == "tuple":
            return ("tuple",) + tuple(item.key() for item in self.value)
        return (self.kind, self.dtype.name, self.rank, self.unit_stride, self.aligned16,
                self.stride_divisibility, self.static_shape, self.static_strides,
                self.index64, self.divisibility)

    def array_extents(self):
        """Per dimension, the extent compiled in, or None."""
        extents = [None] * self.rank
        for d, extent in self.static_shape:
            extents[d] = extent
        return extents

    def array_strides(self):
        """Per dimension, the stride compiled in, or None."""
        strides = [None] * self.rank
        if self.unit_stride and self.rank:
            strides[-1] = 1
        for d, stride in self.static_strides:
            strides[d] = stride
        return strides


class TileValue:
    """An SSA value of type `!tile.tile<shape x dtype>` (shape () = scalar)."""

    __slots__ = ("value", "shape", "dtype", "type")

    def __init__(self, value, shape, dtype, type):
        self.value, self.shape, self.dtype, self.type = value, tuple(shape), dtype, type

    @property
    def ndim(self):
        return len(self.shape)

    def describe(self):
        if not self.shape:
            return "%s %s scalar" % (_article(self.dtype.name), self.dtype.name)
        return "%s %s tile of shape %s" % (_article(self.dtype.name), self.dtype.name,
                                           _shape_text(self.shape))


class ArrayValue:
    """A kernel argument of type `!tile.array` (cuTile's global array)."""

    __slots__ = ("value", "dtype", "rank", "type", "name", "views", "strides", "entry",
                 "index64", "extents")

    def __init__(self, value, dtype, rank, type, name, strides=None, entry=True,
                 index64=False, extents=None):
        self.value, self.dtype, self.rank, self.type, self.name = value, dtype, rank, type, name
        self.views = {}
        # Per dimension, the static stride or None; whether the array is a
        # kernel argument (else made in the body: Array.slice); whether
        # its shape and strides read as int64 (ct.IndexedWithInt64).
        self.strides = list(strides) if strides is not None else [None] * rank
        self.entry, self.index64 = entry, index64
        # Per dimension, the extent compiled in (ct.ArrayAnnotation) or None.
        self.extents = list(extents) if extents is not None else [None] * rank

    def describe(self):
        return "a %d-d %s array" % (self.rank, self.dtype.name)


class ListValue:
    """A kernel argument of type `!tile.list` (cuTile's list of arrays): its
    arrays are `ArrayValue`s of `element` (an ArgSpec)."""

    __slots__ = ("value", "element", "array_type", "name")

    def __init__(self, value, element, array_type, name):
        self.value, self.element, self.array_type, self.name = (value, element, array_type,
                                                                name)

    def describe(self):
        return "a list of %d-d %s arrays" % (self.element.rank, self.element.dtype.name)


class TupleValue:
    """A tuple whose items are translated values or constants."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = tuple(items)

    def describe(self):
        return "a tuple of %d items" % len(self.items)


class Const:
    """A compile-time Python object: a number, a dtype, a module, a function,
    a `Constant` argument's value …"""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def describe(self):
        if isinstance(self.obj, (bool, int, float)):
            return "the constant %r" % (self.obj,)
        return "%s" % type(self.obj).__name__


class FormattedText:
    """An f-string with runtime values, for print: its pieces are text and
    (tile, C flags, conversion letter or None)."""

    __slots__ = ("pieces",)

    def __init__(self, pieces):
        self.pieces = tuple(pieces)

    def describe(self):
        return "an f-string (only print takes one)"


class TiledViewValue:
    """`array.tiled_view(tile_shape, padding_mode=…, traversal_steps=…)`."""

    __slots__ = ("array", "tile_shape", "padding", "steps")

    def __init__(self, array, tile_shape, padding, steps):
        self.array, self.tile_shape = array, tuple(tile_shape)
        self.padding, self.steps = padding, tuple(steps)

    def describe(self):
        return "a tiled view of %s in tiles of %s" % (self.array.describe(),
                                                       _shape_text(self.tile_shape))


class DirectCombiner:
    """A reduce/scan combiner the frontend writes itself: `emit(tr, args)`
    makes the combined scalars from the block's arguments."""

    __slots__ = ("emit",)

    def __init__(self, emit):
        self.emit = emit

    def describe(self):
        return "a combiner"


class Undefined:
    """A name that control flow left without a value."""

    __slots__ = ("reason",)

    def __init__(self, reason):
        self.reason = reason


class LocalFunction:
    """A function or lambda defined in the kernel's own source."""

    __slots__ = ("node", "frame")

    def __init__(self, node, frame):
        self.node, self.frame = node, frame

    def describe(self):
        return "function %s" % getattr(self.node, "name", "<lambda>")


class BoundMethod:
    """`tile.astype` and the like: a method name and its receiver."""

    __slots__ = ("receiver", "name")

    def __init__(self, receiver, name):
        self.receiver, self.name = receiver, name

    def describe(self):
        return "method %s" % self.name


def _article(word):
    return "an" if word[0] in "aeiou" else "a"


def _shape_text(shape):
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def shape_text(shape):
    return _shape_text(shape)


def tuple_items(value):
    """The items of a tuple, translated (TupleValue) or constant, as values;
    None for anything else."""
    if isinstance(value, TupleValue):
        return list(value.items)
    if isinstance(value, Const) and isinstance(value.obj, tuple):
        return [Const(v) for v in value.obj]
    return None


def items_of(value):
    """A tuple's items, or [value] for any other value."""
    items = tuple_items(value)
    return [value] if items is None else items


def is_number(obj):
    return isinstance(obj, (bool, int, float)) and not isinstance(obj, type)
