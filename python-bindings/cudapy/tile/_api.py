"""The operations of cuTile Python's API, as the kernel translator sees them.

Each public function here has cuTile's signature and documents itself; it
runs only inside a kernel, where the translator binds the call's arguments
to that signature (so unknown or missing arguments are errors at the
caller's line) and emits tile-dialect operations. Called from host code, a
function raises, except `cdiv`, which works in both.
"""

import builtins
import enum
import re
import inspect
import math
import operator

from . import _dtypes
from ._kernel import cdiv  # defined with launch: host code takes it without this module
from ._errors import (TileStaticAssertionError, TileSyntaxError, TileTypeError, TileUnsupportedFeatureError,
                      TileValueError)
from ._values import (ArrayValue, BoundMethod, Const, DirectCombiner, FormattedText, ListValue,
                      LocalFunction, TiledViewValue, TileValue, TupleValue, is_number,
                      items_of, shape_text, tuple_items)

BUILTINS = {}
PYTHON_BUILTINS = {}


class PaddingMode(enum.IntEnum):
    """The value of a loaded tile's elements outside the array."""
    UNDETERMINED = 0
    ZERO = 1
    NEG_ZERO = 2
    NAN = 3
    POS_INF = 4
    NEG_INF = 5


class RoundingMode(enum.IntEnum):
    """Rounding of floating-point results (values of the tile dialect's
    rounding attribute)."""
    RN = 0
    RZ = 1
    RM = 2
    RP = 3
    FULL = 4
    APPROX = 5
    RZI = 6


class MemoryOrder(enum.IntEnum):
    WEAK = -1
    RELAXED = 0
    ACQUIRE = 1
    RELEASE = 2
    ACQ_REL = 3


class MemoryScope(enum.IntEnum):
    NONE = -1
    BLOCK = 0
    DEVICE = 1
    SYS = 2


_FVALUES = (Const, TileValue, ArrayValue, TupleValue, BoundMethod, LocalFunction,
            FormattedText, TiledViewValue)


def _host_only(name):
    raise TypeError("cudapy.tile.%s runs only inside a tile kernel" % name)


def _wrap(value):
    return value if isinstance(value, _FVALUES) else Const(value)


def builtin(stub):
    """Registers `stub` (signature + docs) with its translation, the
    function named `_t_<name>` defined below it."""
    signature = inspect.signature(stub)

    def translate(tr, args, kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as why:
            raise tr.error(TileTypeError, "%s(): %s" % (stub.__name__, why))
        bound.apply_defaults()
        arguments = {k: _wrap(v) for k, v in bound.arguments.items()}
        return _TRANSLATIONS[stub.__name__](tr, **arguments)

    BUILTINS[id(stub)] = (stub, translate)
    return stub


_TRANSLATIONS = {}


def translation(name):
    def register(function):
        _TRANSLATIONS[name] = function
        return function
    return register


# -- helpers --------------------------------------------------------------------------


def _const_bool(tr, value, what):
    if isinstance(value, Const) and isinstance(value.obj, (bool, int)):
        return bool(value.obj)
    raise tr.error(TileTypeError, "%s must be a compile-time bool" % what)


def _rounding(tr, value, allowed=None):
    if isinstance(value, Const) and value.obj is None:
        return None
    if isinstance(value, Const) and isinstance(value.obj, RoundingMode):
        if allowed is not None and value.obj not in allowed:
            raise tr.error(TileValueError, "rounding_mode %s is not one of %s"
                           % (value.obj.name, ", ".join(m.name for m in allowed)))
        return tr.enum_attr(int(value.obj))
    raise tr.error(TileTypeError, "rounding_mode must be a ct.RoundingMode")


def _float_attrs(tr, rounding_mode=None, flush_to_zero=None, allowed=None):
    attributes = {}
    if rounding_mode is not None:
        rounding = _rounding(tr, rounding_mode, allowed)
        if rounding is not None:
            attributes["rounding"] = rounding
    if flush_to_zero is not None and _const_bool(tr, flush_to_zero, "flush_to_zero"):
        attributes["ftz"] = tr.ir.unit_attr()
    return attributes


def _tile(tr, value, what="x"):
    if isinstance(value, TileValue):
        return value
    if isinstance(value, Const) and is_number(value.obj):
        return tr.as_tile(value)
    raise tr.error(TileTypeError, "%s must be a tile, not %s" % (what, value.describe()))


def _float_input(tr, x):
    """UNARY_FLOAT ops: bools and integers become float32 first."""
    x = _tile(tr, x)
    if not x.dtype.is_float():
        x = tr.convert(x, _dtypes.float32)
    return x


def _index_tuple(tr, index, rank, what="index"):
    items = items_of(index)
    if len(items) != rank:
        raise tr.error(TileValueError, "%s has %d entries; the array has rank %d"
                       % (what, len(items), rank))
    return [tr.index(i, what) for i in items]


def _order(tr, order, rank):
    if isinstance(order, Const) and order.obj == "C":
        return list(range(rank))
    if isinstance(order, Const) and order.obj == "F":
        return list(reversed(range(rank)))
    axes = tr.constant_shape(order, "order")
    if sorted(axes) != list(range(rank)):
        raise tr.error(TileValueError, "order %r is not a permutation of the array's %d axes"
                       % (tuple(axes), rank))
    return list(axes)


def _array(tr, array, what="array"):
    if not isinstance(array, ArrayValue):
        raise tr.error(TileTypeError, "%s must be an array argument, not %s"
                       % (what, array.describe()))
    return array


def _view(tr, array, shape, order, padding, steps=None):
    """The `tile.make_view` of an array for one tile shape, order, padding
    and traversal steps (one per kernel and key)."""
    key = (shape, tuple(order), padding, None if steps is None else tuple(steps))
    found = array.views.get(key)
    if found is not None:
        return found
    type = tr.ir.view_type(shape, array.type, order, padding, tr.loc(), steps)
    if not type:
        tr.check_diagnostics()
        raise tr.error(TileTypeError, "invalid view of %s with tiles of shape %s"
                       % (array.describe(), shape))
    if not array.entry:
        # An array made in the body (Array.slice): its views where it is.
        return tr.ir.result(tr.emit("tile.make_view", [array.value], [type]))
    # Views depend on the argument alone: made once, at the kernel's entry,
    # so that every loop and branch can use them.
    operation = tr.ir.create("tile.make_view", tr.loc(), [array.value], [type])
    tr.ir.insert(tr.entry_block, len(tr.entry_views), operation)
    tr.entry_views.append(operation)
    view = array.views[key] = tr.ir.result(operation)
    return view


def _padding(tr, padding_mode):
    if isinstance(padding_mode, Const) and isinstance(padding_mode.obj, PaddingMode):
        return int(padding_mode.obj)
    raise tr.error(TileTypeError, "padding_mode must be a ct.PaddingMode")


def _check_hints(tr, latency=None, allow_tma=None, check_bounds=None):
    if latency is not None and not (isinstance(latency, Const) and (
            latency.obj is None or (isinstance(latency.obj, int) and 1 <= latency.obj <= 10))):
        raise tr.error(TileValueError, "latency must be None or a constant from 1 to 10")
    if allow_tma is not None and not (isinstance(allow_tma, Const) and
                                      (allow_tma.obj is None or
                                       isinstance(allow_tma.obj, bool))):
        raise tr.error(TileTypeError, "allow_tma must be None or a compile-time bool")
    if check_bounds is not None:
        _const_bool(tr, check_bounds, "check_bounds")


def _memory(tr, memory_order, memory_scope, allowed):
    order = memory_order.obj if isinstance(memory_order, Const) else None
    scope = memory_scope.obj if isinstance(memory_scope, Const) else None
    if not isinstance(order, MemoryOrder) or not isinstance(scope, MemoryScope):
        raise tr.error(TileTypeError, "memory_order and memory_scope must be ct.MemoryOrder "
                       "and ct.MemoryScope values")
    if order not in allowed:
        raise tr.error(TileValueError, "memory_order %s is not allowed here" % order.name)
    if order is MemoryOrder.WEAK:
        return {}
    # An ordered access without a scope is the device's (the atomics'
    # default scope).
    if scope is MemoryScope.NONE:
        scope = MemoryScope.DEVICE
    return {"memory": tr.enum_attr(int(order)), "scope": tr.enum_attr(int(scope))}


# -- blocks and grids -------------------------------------------------------------------


@builtin
def bid(axis):
    """The index of this tile block along grid axis `axis` (0, 1 or 2), an
    int32 scalar."""
    _host_only("bid")


@translation("bid")
def _t_bid(tr, axis):
    dim = tr.constant_int(axis, "axis")
    if dim not in (0, 1, 2):
        raise tr.error(TileValueError, "axis must be 0, 1 or 2, not %d" % dim)
    return tr.tile_op("tile.bid", [], (), _dtypes.int32, {"dim": tr.ir.i64_attr(dim)})


@builtin
def num_blocks(axis):
    """The grid's extent along axis `axis`, an int32 scalar."""
    _host_only("num_blocks")


@translation("num_blocks")
def _t_num_blocks(tr, axis):
    dim = tr.constant_int(axis, "axis")
    if dim not in (0, 1, 2):
        raise tr.error(TileValueError, "axis must be 0, 1 or 2, not %d" % dim)
    return tr.tile_op("tile.num_blocks", [], (), _dtypes.int32, {"dim": tr.ir.i64_attr(dim)})


@builtin
def num_tiles(array, /, axis, shape, order="C"):
    """The number of tiles of `shape` along tile axis `axis` of `array`
    (`cdiv(array.shape[order[axis]], shape[axis])`), an int32 scalar."""
    _host_only("num_tiles")


@translation("num_tiles")
def _t_num_tiles(tr, array, axis, shape, order):
    array = _array(tr, array)
    shape = tr.constant_shape(shape)
    axes = _order(tr, order, array.rank)
    if len(shape) != array.rank:
        raise tr.error(TileValueError, "shape %s has rank %d; the array has rank %d"
                       % (shape, len(shape), array.rank))
    k = tr.constant_axes(axis, array.rank, "axis")[0]
    view = _view(tr, array, shape, axes, int(PaddingMode.UNDETERMINED))
    return tr.tile_op("tile.num_tiles", [view], (), _dtypes.int32,
                      {"dim": tr.ir.i64_attr(axes[k])})


@translation("cdiv")
def _t_cdiv(tr, x, y):
    if isinstance(x, Const) and isinstance(y, Const):
        return Const(cdiv(x.obj, y.obj))
    return tr.binary("floordiv", tr.binary("add", x, tr.binary("sub", y, Const(1))), y)


BUILTINS[id(cdiv)] = (cdiv, lambda tr, args, kwargs: _bind_and_translate(tr, cdiv, args,
                                                                         kwargs))


def _bind_and_translate(tr, stub, args, kwargs):
    try:
        bound = inspect.signature(stub).bind(*args, **kwargs)
    except TypeError as why:
        raise tr.error(TileTypeError, "%s(): %s" % (stub.__name__, why))
    bound.apply_defaults()
    return _TRANSLATIONS[stub.__name__](tr, **{k: _wrap(v) for k, v in bound.arguments.items()})


# -- memory ----------------------------------------------------------------------------


@builtin
def load(array, /, index, shape, *, order="C", padding_mode=PaddingMode.UNDETERMINED,
         check_bounds=True, latency=None, allow_tma=None, memory_order=MemoryOrder.WEAK,
         memory_scope=MemoryScope.NONE):
    """The tile of `shape` at tile-space `index` of `array`: element `x` of
    the tile is `array[index * shape + x]` along each axis, read in the
    axis order `order` ("C", "F" or a permutation). Elements outside the
    array are the `padding_mode` value."""
    _host_only("load")


@translation("load")
def _t_load(tr, array, index, shape, order, padding_mode, check_bounds, latency, allow_tma,
            memory_order, memory_scope):
    array = _array(tr, array)
    shape = tr.constant_shape(shape)
    if len(shape) != array.rank:
        raise tr.error(TileValueError, "shape %s has rank %d; the array has rank %d"
                       % (shape, len(shape), array.rank))
    _check_hints(tr, latency, allow_tma, check_bounds)
    attributes = _memory(tr, memory_order, memory_scope,
                         (MemoryOrder.WEAK, MemoryOrder.RELAXED, MemoryOrder.ACQUIRE))
    axes = _order(tr, order, array.rank)
    indices = _index_tuple(tr, index, array.rank)
    view = _view(tr, array, shape, axes, _padding(tr, padding_mode))
    in_array_order = [None] * array.rank
    for k, axis in enumerate(axes):
        in_array_order[axis] = indices[k]
    return tr.tile_op("tile.load", [view] + in_array_order, shape, array.dtype,
                      attributes or None)


@builtin
def store(array, /, index, tile, *, order="C", check_bounds=True, latency=None,
          allow_tma=None, memory_order=MemoryOrder.WEAK, memory_scope=MemoryScope.NONE):
    """Stores `tile` at tile-space `index` of `array` (the inverse of
    `load`); elements outside the array are not written. The tile is
    converted to the array's dtype; a scalar is broadcast."""
    _host_only("store")


@translation("store")
def _t_store(tr, array, index, tile, order, check_bounds, latency, allow_tma, memory_order,
             memory_scope):
    array = _array(tr, array)
    _check_hints(tr, latency, allow_tma, check_bounds)
    attributes = _memory(tr, memory_order, memory_scope,
                         (MemoryOrder.WEAK, MemoryOrder.RELAXED, MemoryOrder.RELEASE))
    value = _tile(tr, tile, "tile")
    if not value.shape:
        value = tr.broadcast_to(value, (1,) * array.rank)
    if len(value.shape) != array.rank:
        raise tr.error(TileValueError, "a tile of rank %d cannot be stored in an array of "
                       "rank %d" % (len(value.shape), array.rank))
    value = tr.convert(value, array.dtype)
    axes = _order(tr, order, array.rank)
    indices = _index_tuple(tr, index, array.rank)
    view = _view(tr, array, value.shape, axes, int(PaddingMode.UNDETERMINED))
    in_array_order = [None] * array.rank
    for k, axis in enumerate(axes):
        in_array_order[axis] = indices[k]
    tr.emit("tile.store", [value, view] + in_array_order, [], attributes or None)
    return Const(None)


def _element_indices(tr, array, indices):
    items = items_of(indices)
    if len(items) != array.rank:
        raise tr.error(TileValueError, "indices has %d entries; the array has rank %d"
                       % (len(items), array.rank))
    tiles = [_tile(tr, i, "an index") for i in items]
    for t in tiles:
        if not t.dtype.is_integer():
            raise tr.error(TileTypeError, "indices must be integer tiles, not %s"
                           % t.describe())
    shape = ()
    for t in tiles:
        shape = tr.broadcast_of(shape, t.shape)
    if not shape:
        shape = (1,)
    return [tr.broadcast_to(t, shape) for t in tiles], shape


def _mask(tr, mask, shape):
    if isinstance(mask, Const) and mask.obj is None:
        return None
    mask = _tile(tr, mask, "mask")
    if mask.dtype is not _dtypes.bool_:
        raise tr.error(TileTypeError, "mask must be a bool tile, not %s" % mask.describe())
    return tr.broadcast_to(mask, shape)


@builtin
def gather(array, indices, /, *, mask=None, padding_value=0, check_bounds=True, latency=None):
    """The elements of `array` at element indices (one integer tile per
    axis, broadcast together); out-of-bounds or masked-off elements are
    `padding_value`."""
    _host_only("gather")


@translation("gather")
def _t_gather(tr, array, indices, mask, padding_value, check_bounds, latency):
    array = _array(tr, array)
    _check_hints(tr, latency, None, check_bounds)
    tiles, shape = _element_indices(tr, array, indices)
    mask = _mask(tr, mask, shape)
    operands = [array.value] + [t.value for t in tiles]
    if mask is not None:
        operands.append(mask.value)
    padding = None
    if not (isinstance(padding_value, Const) and padding_value.obj == 0 and
            not isinstance(padding_value.obj, float)):
        padding = tr.convert(_tile(tr, padding_value, "padding_value")
                             if not isinstance(padding_value, Const)
                             else tr.constant(padding_value.obj, array.dtype), array.dtype)
        if padding.shape:
            raise tr.error(TileTypeError, "padding_value must be a scalar")
        operands.append(padding.value)
    segments = [1, len(tiles), 1 if mask is not None else 0, 1 if padding is not None else 0]
    gathered = tr.tile_op("tile.gather", operands, shape, array.dtype,
                          {"operandSegmentSizes": tr.ir.i32_array_attr(segments)})
    if all(not isinstance(i, TileValue) or not i.shape for i in items_of(indices)):
        # Scalar indices gather a scalar (tile.gather's tiles have elements).
        return tr.tile_op("tile.reshape", [gathered], (), array.dtype)
    return gathered


@builtin
def scatter(array, indices, value, /, *, mask=None, check_bounds=True, latency=None):
    """Writes `value` (converted to the array's dtype) to `array` at element
    indices; out-of-bounds or masked-off elements are not written."""
    _host_only("scatter")


@translation("scatter")
def _t_scatter(tr, array, indices, value, mask, check_bounds, latency):
    array = _array(tr, array)
    _check_hints(tr, latency, None, check_bounds)
    tiles, shape = _element_indices(tr, array, indices)
    value = _tile(tr, value, "value")
    shape = tr.broadcast_of(shape, value.shape)
    tiles = [tr.broadcast_to(t, shape) for t in tiles]
    value = tr.broadcast_to(tr.convert(value, array.dtype), shape)
    mask = _mask(tr, mask, shape)
    operands = [value.value, array.value] + [t.value for t in tiles]
    if mask is not None:
        operands.append(mask.value)
    segments = [1, 1, len(tiles), 1 if mask is not None else 0]
    tr.emit("tile.scatter", operands, [],
            {"operandSegmentSizes": tr.ir.i32_array_attr(segments)})
    return Const(None)


_ATOMIC_KINDS = {"atomic_xchg": 0, "atomic_add": 1, "atomic_and": 2, "atomic_or": 3,
                 "atomic_xor": 4, "atomic_max": 5, "atomic_min": 6}


def _atomic_memory(tr, memory_order, memory_scope):
    order = memory_order.obj if isinstance(memory_order, Const) else None
    scope = memory_scope.obj if isinstance(memory_scope, Const) else None
    if not isinstance(order, MemoryOrder) or order is MemoryOrder.WEAK:
        raise tr.error(TileValueError, "an atomic's memory_order is RELAXED, ACQUIRE, RELEASE "
                       "or ACQ_REL")
    if not isinstance(scope, MemoryScope) or scope is MemoryScope.NONE:
        raise tr.error(TileValueError, "an atomic's memory_scope is BLOCK, DEVICE or SYS")
    return {"memory": tr.enum_attr(int(order)), "scope": tr.enum_attr(int(scope))}


def _element_pointers(tr, array, indices, check_bounds, operands):
    """Pointers to `array`'s elements at element `indices` (broadcast with
    `operands`, at least one element) and the mask of those inside the
    array (None without check_bounds); the shape, and whether the indices
    and operands were all scalars."""
    items = items_of(indices)
    scalar = all(not isinstance(i, TileValue) or not i.shape for i in items)
    tiles, shape = _element_indices(tr, array, indices)
    values = []
    for value in operands:
        value = tr.convert(_tile(tr, value, "an atomic's operand"), array.dtype)
        scalar = scalar and not value.shape
        shape = tr.broadcast_of(shape, value.shape)
        values.append(value)
    tiles = [tr.broadcast_to(t, shape) for t in tiles]
    values = [tr.broadcast_to(v, shape) for v in values]
    offset = None
    for d, index in enumerate(tiles):
        stride = tr.tile_op("tile.array_stride", [array.value], (), _dtypes.int64,
                            {"dim": tr.ir.i64_attr(d)})
        term = tr.binary("mul", tr.convert(index, _dtypes.int64), stride)
        offset = term if offset is None else tr.binary("add", offset, term)
    element = array.dtype.mlir_type(tr.ir)
    pointer_type = tr.ir.pointer_type(element, tr.loc())
    base_type = tr.ir.tile_type((), pointer_type, tr.loc())
    base = tr.ir.result(tr.emit("tile.array_base", [array.value], [base_type]))
    pointers_type = tr.ir.tile_type(shape, pointer_type, tr.loc())
    pointers = tr.ir.result(tr.emit("tile.broadcast", [base], [pointers_type]))
    pointers = tr.ir.result(tr.emit("tile.offset", [pointers, offset.value], [pointers_type]))
    mask = None
    if _const_bool(tr, check_bounds, "check_bounds"):
        for d, index in enumerate(tiles):
            extent = tr.tile_op("tile.array_dim", [array.value], (), _dtypes.int32,
                                {"dim": tr.ir.i64_attr(d)})
            inside = tr.logical("and", tr.compare(5, index, Const(0)),
                                tr.compare(2, index, extent))
            mask = inside if mask is None else tr.logical("and", mask, inside)
    return pointers, mask, values, shape, scalar


def _atomic_result(tr, operation, shape, dtype, scalar):
    type = tr.tile_type(shape, dtype)
    result = TileValue(tr.ir.result(operation), shape, dtype, type)
    return _t_reshape(tr, result, Const(())) if scalar else result


def _atomic_builtin(name):
    def stub(array, indices, update, /, *, check_bounds=True,
             memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
        _host_only(name)

    def translate(tr, array, indices, update, check_bounds, memory_order, memory_scope):
        array = _array(tr, array)
        attributes = _atomic_memory(tr, memory_order, memory_scope)
        attributes["kind"] = tr.enum_attr(_ATOMIC_KINDS[name])
        pointers, mask, (value,), shape, scalar = _element_pointers(
            tr, array, indices, check_bounds, [update])
        operands = [pointers, value.value] + ([mask.value] if mask is not None else [])
        operation = tr.emit("tile.atomic_rmw", operands, [value.type], attributes)
        return _atomic_result(tr, operation, shape, array.dtype, scalar)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = ("Atomically combines `update` (converted to the array's dtype) into "
                    "`array` at element `indices` (%s), each element atomically; returns "
                    "the old values. Out-of-bounds indices touch nothing." % name[7:])
    _TRANSLATIONS[name] = translate
    globals()[name] = builtin(stub)


for _name in _ATOMIC_KINDS:
    _atomic_builtin(_name)


@builtin
def atomic_cas(array, indices, expected, desired, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    """Atomic compare-and-swap at element `indices`: where an element
    equals `expected`, it becomes `desired`; returns the old values
    (`expected` where an index is out of bounds)."""
    _host_only("atomic_cas")


@translation("atomic_cas")
def _t_atomic_cas(tr, array, indices, expected, desired, check_bounds, memory_order,
                  memory_scope):
    array = _array(tr, array)
    attributes = _atomic_memory(tr, memory_order, memory_scope)
    pointers, mask, (old, new), shape, scalar = _element_pointers(
        tr, array, indices, check_bounds, [expected, desired])
    operands = [pointers, old.value, new.value] + ([mask.value] if mask is not None else [])
    operation = tr.emit("tile.atomic_cas", operands, [old.type], attributes)
    result = TileValue(tr.ir.result(operation), shape, array.dtype, old.type)
    if mask is not None:
        result = tr.select(mask, result, old)
    return _t_reshape(tr, result, Const(())) if scalar else result


# -- creation ----------------------------------------------------------------------------


@builtin
def arange(size, /, *, dtype, start=0, step=1):
    """`[start, start + step, …]` of `size` (a power of two) elements."""
    _host_only("arange")


@translation("arange")
def _t_arange(tr, size, dtype, start, step):
    n = tr.constant_int(size, "size")
    dtype = tr.dtype_arg(dtype)
    result = tr.tile_op("tile.iota", [], (n,), dtype)
    if not (isinstance(step, Const) and step.obj == 1):
        result = tr.binary("mul", result, step)
    if not (isinstance(start, Const) and start.obj == 0):
        result = tr.binary("add", result, start)
    return tr.convert(result, dtype)


@builtin
def full(shape, fill_value, dtype):
    """A tile of `shape` whose every element is `fill_value`."""
    _host_only("full")


@translation("full")
def _t_full(tr, shape, fill_value, dtype):
    shape = tr.constant_shape(shape)
    dtype = tr.dtype_arg(dtype)
    if isinstance(fill_value, Const) and is_number(fill_value.obj):
        return tr.constant(fill_value.obj, dtype, shape)
    value = _tile(tr, fill_value, "fill_value")
    if value.shape:
        raise tr.error(TileTypeError, "fill_value must be a scalar, not %s" % value.describe())
    return tr.broadcast_to(tr.convert(value, dtype), shape)


@builtin
def zeros(shape, dtype):
    """A tile of zeros."""
    _host_only("zeros")


@translation("zeros")
def _t_zeros(tr, shape, dtype):
    return tr.constant(0, tr.dtype_arg(dtype), tr.constant_shape(shape))


@builtin
def ones(shape, dtype):
    """A tile of ones."""
    _host_only("ones")


@translation("ones")
def _t_ones(tr, shape, dtype):
    return tr.constant(1, tr.dtype_arg(dtype), tr.constant_shape(shape))


# -- conversions ---------------------------------------------------------------------------


@builtin
def astype(x, dtype, /, *, rounding_mode=None):
    """`x` converted to `dtype` (rounding to nearest even by default)."""
    _host_only("astype")


@translation("astype")
def _t_astype(tr, x, dtype, rounding_mode):
    dtype = tr.dtype_arg(dtype)
    if isinstance(x, Const) and is_number(x.obj):
        return tr.constant(x.obj, dtype)
    x = _tile(tr, x)
    if x.dtype is dtype:
        return x
    return tr.tile_op("tile.convert", [x], x.shape, dtype,
                      _float_attrs(tr, rounding_mode))


@builtin
def bitcast(x, /, dtype):
    """`x`'s bits read as `dtype` (of the same width)."""
    _host_only("bitcast")


@translation("bitcast")
def _t_bitcast(tr, x, dtype):
    dtype = tr.dtype_arg(dtype)
    x = _tile(tr, x)
    if x.dtype.bits != dtype.bits:
        raise tr.error(TileTypeError, "bitcast from %s to %s changes the width"
                       % (x.dtype.name, dtype.name))
    return tr.tile_op("tile.bitcast", [x], x.shape, dtype)


@builtin
def where(cond, x, y, /):
    """`x` where `cond` holds, else `y` (broadcast, promoted)."""
    _host_only("where")


@translation("where")
def _t_where(tr, cond, x, y):
    return tr.select(cond, x, y)


# -- shapes ----------------------------------------------------------------------------------


@builtin
def reshape(x, /, shape):
    """The elements of `x` in row-major order with another shape (one extent
    may be -1)."""
    _host_only("reshape")


@translation("reshape")
def _t_reshape(tr, x, shape):
    x = _tile(tr, x)
    shape = list(tr.constant_shape(shape))
    size = math.prod(x.shape)
    if shape.count(-1) > 1:
        raise tr.error(TileValueError, "reshape takes at most one -1")
    if -1 in shape:
        rest = math.prod(s for s in shape if s != -1)
        shape[shape.index(-1)] = size // rest if rest else 0
    if math.prod(shape) != size:
        raise tr.error(TileValueError, "cannot reshape %s to %s" % (x.describe(), tuple(shape)))
    if tuple(shape) == x.shape:
        return x
    return tr.tile_op("tile.reshape", [x], tuple(shape), x.dtype)


@builtin
def permute(x, /, axes):
    """`x` with its dimensions in the order `axes`."""
    _host_only("permute")


@translation("permute")
def _t_permute(tr, x, axes):
    x = _tile(tr, x)
    axes = tr.constant_axes(axes, x.ndim, "axes")
    if len(axes) != x.ndim:
        raise tr.error(TileValueError, "axes must name all %d dimensions" % x.ndim)
    return tr.tile_op("tile.permute", [x], tuple(x.shape[a] for a in axes), x.dtype,
                      {"permutation": tr.ir.i64_array_attr(axes)})


@builtin
def transpose(x, /, axis0=None, axis1=None):
    """`x` with two dimensions swapped (the two of a 2-d tile by default)."""
    _host_only("transpose")


@translation("transpose")
def _t_transpose(tr, x, axis0, axis1):
    x = _tile(tr, x)
    if axis0.obj is None and axis1.obj is None:
        if x.ndim != 2:
            raise tr.error(TileValueError, "transpose of a %d-d tile needs axis0 and axis1"
                           % x.ndim)
        a, b = 0, 1
    else:
        a = tr.constant_axes(axis0, x.ndim, "axis0")[0]
        b = tr.constant_axes(axis1, x.ndim, "axis1")[0]
    axes = list(range(x.ndim))
    axes[a], axes[b] = axes[b], axes[a]
    return _t_permute(tr, x, Const(tuple(axes)))


@builtin
def expand_dims(x, /, axis):
    """`x` with a new dimension of extent 1 at `axis`."""
    _host_only("expand_dims")


@translation("expand_dims")
def _t_expand_dims(tr, x, axis):
    x = _tile(tr, x)
    a = tr.constant_int(axis, "axis")
    if not -(x.ndim + 1) <= a <= x.ndim:
        raise tr.error(TileValueError, "axis %d is out of range" % a)
    a %= x.ndim + 1
    shape = x.shape[:a] + (1,) + x.shape[a:]
    return tr.tile_op("tile.expand_dims", [x], shape, x.dtype, {"axis": tr.ir.i64_attr(a)})


@builtin
def broadcast_to(x, /, shape):
    """`x` broadcast to `shape` (NumPy's rules)."""
    _host_only("broadcast_to")


@translation("broadcast_to")
def _t_broadcast_to(tr, x, shape):
    x = _tile(tr, x)
    shape = tr.constant_shape(shape)
    if tr.broadcast_of(x.shape, shape) != tuple(shape):
        raise tr.error(TileValueError, "cannot broadcast %s to %s" % (x.describe(), shape))
    return tr.broadcast_to(x, shape)


@builtin
def cat(tiles, /, axis):
    """Two tiles of one shape joined along `axis`."""
    _host_only("cat")


@translation("cat")
def _t_cat(tr, tiles, axis):
    items = tr.unpack(tiles, 2, tr.node)
    a, b = (_tile(tr, t) for t in items)
    if a.shape != b.shape or a.dtype is not b.dtype:
        raise tr.error(TileTypeError, "cat takes two tiles of one shape and dtype, not %s "
                       "and %s" % (a.describe(), b.describe()))
    k = tr.constant_axes(axis, a.ndim, "axis")[0]
    shape = list(a.shape)
    shape[k] *= 2
    return tr.tile_op("tile.cat", [a, b], tuple(shape), a.dtype, {"axis": tr.ir.i64_attr(k)})


@builtin
def extract(x, /, index, shape):
    """The sub-tile of `shape` at sub-tile index `index` of `x`."""
    _host_only("extract")


@translation("extract")
def _t_extract(tr, x, index, shape):
    x = _tile(tr, x)
    shape = tr.constant_shape(shape)
    if len(shape) != x.ndim or any(e == 0 or s % e for s, e in zip(x.shape, shape)):
        raise tr.error(TileValueError, "shape %s does not divide %s" % (shape, x.describe()))
    indices = _index_tuple(tr, index, x.ndim)
    return tr.tile_op("tile.extract", [x] + indices, shape, x.dtype)


@builtin
def insert(x, /, index, value):
    """`x` with the sub-tile at `index` (in units of `value`'s shape)
    replaced by `value`."""
    _host_only("insert")


@translation("insert")
def _t_insert(tr, x, index, value):
    x = _tile(tr, x)
    value = tr.convert(_tile(tr, value, "value"), x.dtype)
    indices = _index_tuple(tr, index, x.ndim)
    return tr.tile_op("tile.insert", [value, x] + indices, x.shape, x.dtype)


# -- reductions and scans ----------------------------------------------------------------

_REDUCE = {"sum": 0, "prod": 1, "max": 2, "min": 3}


def _axes(tr, x, axis):
    if isinstance(axis, Const) and axis.obj is None:
        return tuple(range(x.ndim))
    return tr.constant_axes(axis, x.ndim, "axis")


def _reduce(tr, kind, x, axis, keepdims, propagate_nan=None, rounding_mode=None,
            flush_to_zero=None):
    x = _tile(tr, x)
    axes = _axes(tr, x, axis)
    keep = _const_bool(tr, keepdims, "keepdims")
    rounded = rounding_mode is not None and not (
        isinstance(rounding_mode, Const) and rounding_mode.obj in (None, RoundingMode.RN))
    ftz = flush_to_zero is not None and _const_bool(tr, flush_to_zero, "flush_to_zero")
    if not axes:
        return x
    if rounded or ftz:
        return _reduce_rounded(tr, kind, x, axes, keep, rounding_mode, flush_to_zero,
                               propagate_nan)
    shape = tuple(1 if d in axes else e for d, e in enumerate(x.shape)) if keep else \
        tuple(e for d, e in enumerate(x.shape) if d not in axes)
    attributes = {"kind": tr.enum_attr(_REDUCE[kind]), "axes": tr.ir.i64_array_attr(axes)}
    if keep:
        attributes["keepdims"] = tr.ir.unit_attr()
    if propagate_nan is not None and _const_bool(tr, propagate_nan, "propagate_nan"):
        attributes["propagate_nan"] = tr.ir.unit_attr()
    return tr.tile_op("tile.reduce", [x], shape, x.dtype, attributes)


@builtin
def sum(x, /, axis=None, *, keepdims=False, rounding_mode=None, flush_to_zero=False):
    """The sum over `axis` (an int, a tuple, or None for all)."""
    _host_only("sum")


@translation("sum")
def _t_sum(tr, x, axis, keepdims, rounding_mode, flush_to_zero):
    return _reduce(tr, "sum", x, axis, keepdims, None, rounding_mode, flush_to_zero)


@builtin
def prod(x, /, axis=None, *, keepdims=False, rounding_mode=None, flush_to_zero=False):
    """The product over `axis`."""
    _host_only("prod")


@translation("prod")
def _t_prod(tr, x, axis, keepdims, rounding_mode, flush_to_zero):
    return _reduce(tr, "prod", x, axis, keepdims, None, rounding_mode, flush_to_zero)


@builtin
def max(x, /, axis=None, *, keepdims=False, flush_to_zero=False, propagate_nan=False):
    """The maximum over `axis`."""
    _host_only("max")


@translation("max")
def _t_max(tr, x, axis, keepdims, flush_to_zero, propagate_nan):
    return _reduce(tr, "max", x, axis, keepdims, propagate_nan, None, flush_to_zero)


@builtin
def min(x, /, axis=None, *, keepdims=False, flush_to_zero=False, propagate_nan=False):
    """The minimum over `axis`."""
    _host_only("min")


@translation("min")
def _t_min(tr, x, axis, keepdims, flush_to_zero, propagate_nan):
    return _reduce(tr, "min", x, axis, keepdims, propagate_nan, None, flush_to_zero)


def _reduce_rounded(tr, kind, x, axes, keep, rounding_mode, flush_to_zero, propagate_nan):
    """A reduction whose steps round as asked (or flush subnormals): a
    tile.reduce_with per axis whose combiner is the rounded operation."""
    if not x.dtype.is_float():
        raise tr.error(TileTypeError, "rounding_mode and flush_to_zero take float tiles, not %s"
                       % x.describe())
    operation = {"sum": "add", "prod": "mul", "max": "maximum", "min": "minimum"}[kind]
    attributes = _float_attrs(tr, rounding_mode, flush_to_zero)
    if propagate_nan is not None and _const_bool(tr, propagate_nan, "propagate_nan"):
        attributes["propagate_nan"] = tr.ir.unit_attr()
    combine = DirectCombiner(lambda tr, args: tr.binary(operation, args[0], args[1],
                                                        attributes))
    result = x
    for axis in sorted(axes, reverse=True):
        result = _t_reduce_with(tr, result, Const(axis), combine, Const(0), Const(True))
    if not keep:
        result = _t_reshape(tr, result, Const(tuple(e for d, e in enumerate(x.shape)
                                                    if d not in axes)))
    return result


def _argreduce(tr, kind, x, axis, keepdims, propagate_nan):
    x = _tile(tr, x)
    keep = _const_bool(tr, keepdims, "keepdims")
    if isinstance(axis, Const) and axis.obj is None:
        flat = _t_reshape(tr, x, Const((math.prod(x.shape),)))
        result = _argreduce(tr, kind, flat, Const(0), Const(False), propagate_nan)
        return _t_reshape(tr, result, Const((1,) * x.ndim)) if keep else result
    a = tr.constant_axes(axis, x.ndim, "axis")
    if len(a) != 1:
        raise tr.error(TileTypeError, "arg%s takes one axis" % kind)
    a = a[0]
    shape = tuple(1 if d == a else e for d, e in enumerate(x.shape)) if keep else \
        tuple(e for d, e in enumerate(x.shape) if d != a)
    attributes = {"kind": tr.enum_attr(_REDUCE[kind]), "axis": tr.ir.i64_attr(a)}
    if keep:
        attributes["keepdims"] = tr.ir.unit_attr()
    if _const_bool(tr, propagate_nan, "propagate_nan"):
        attributes["propagate_nan"] = tr.ir.unit_attr()
    return tr.tile_op("tile.argreduce", [x], shape, _dtypes.int32, attributes)


@builtin
def argmax(x, /, axis=None, *, keepdims=False, propagate_nan=False):
    """The int32 index of the first maximum along `axis` (of the flattened
    tile for None)."""
    _host_only("argmax")


@translation("argmax")
def _t_argmax(tr, x, axis, keepdims, propagate_nan):
    return _argreduce(tr, "max", x, axis, keepdims, propagate_nan)


@builtin
def argmin(x, /, axis=None, *, keepdims=False, propagate_nan=False):
    """The int32 index of the first minimum along `axis`."""
    _host_only("argmin")


@translation("argmin")
def _t_argmin(tr, x, axis, keepdims, propagate_nan):
    return _argreduce(tr, "min", x, axis, keepdims, propagate_nan)


def _scan(tr, kind, x, axis, reverse, rounding_mode, flush_to_zero):
    x = _tile(tr, x)
    a = tr.constant_axes(axis, x.ndim, "axis")[0]
    if rounding_mode is not None and rounding_mode.obj not in (None, RoundingMode.RN):
        raise tr.error(TileUnsupportedFeatureError, "rounding_mode on scans")
    if _const_bool(tr, flush_to_zero, "flush_to_zero"):
        raise tr.error(TileUnsupportedFeatureError, "flush_to_zero on scans")
    attributes = {"kind": tr.enum_attr(_REDUCE[kind]), "axis": tr.ir.i64_attr(a)}
    if _const_bool(tr, reverse, "reverse"):
        attributes["reverse"] = tr.ir.unit_attr()
    return tr.tile_op("tile.scan", [x], x.shape, x.dtype, attributes)


@builtin
def cumsum(x, /, axis=0, *, reverse=False, rounding_mode=None, flush_to_zero=False):
    """The inclusive running sum along `axis`."""
    _host_only("cumsum")


@translation("cumsum")
def _t_cumsum(tr, x, axis, reverse, rounding_mode, flush_to_zero):
    return _scan(tr, "sum", x, axis, reverse, rounding_mode, flush_to_zero)


@builtin
def cumprod(x, /, axis=0, *, reverse=False, rounding_mode=None, flush_to_zero=False):
    """The inclusive running product along `axis`."""
    _host_only("cumprod")


@translation("cumprod")
def _t_cumprod(tr, x, axis, reverse, rounding_mode, flush_to_zero):
    return _scan(tr, "prod", x, axis, reverse, rounding_mode, flush_to_zero)


def _operands(tr, x, what="x"):
    """A tile or a tuple of tiles of one shape (reduce and scan)."""
    items = list(x.items) if isinstance(x, TupleValue) else [x]
    tiles = [_tile(tr, t, what) for t in items]
    for t in tiles[1:]:
        if t.shape != tiles[0].shape:
            raise tr.error(TileTypeError, "the tiles of %s have one shape, not %s and %s"
                           % (what, tiles[0].describe(), t.describe()))
    return tiles, isinstance(x, TupleValue)


def _identity(tr, identity, count):
    values = items_of(identity)
    if len(values) != count or not all(isinstance(v, Const) for v in values):
        raise tr.error(TileTypeError, "identity is a compile-time scalar per operand")


@builtin
def reduce(x, /, axis, func, identity, *, keepdims=False):
    """Reduces `x` (a tile, or a tuple of tiles reduced together) along
    `axis` with `func`, which combines two scalars per tile (the
    accumulated ones, then the next ones) and must be associative and
    commutative; `identity` is its identity."""
    _host_only("reduce")


@translation("reduce")
def _t_reduce_with(tr, x, axis, func, identity, keepdims):
    tiles, several = _operands(tr, x)
    _identity(tr, identity, len(tiles))
    a = tr.constant_axes(axis, tiles[0].ndim, "axis")
    if len(a) != 1:
        raise tr.error(TileTypeError, "reduce takes one axis")
    keep = _const_bool(tr, keepdims, "keepdims")
    shape = tuple(1 if d == a[0] else e for d, e in enumerate(tiles[0].shape)) if keep else \
        tuple(e for d, e in enumerate(tiles[0].shape) if d != a[0])
    region = tr.combiner(func, [t.dtype for t in tiles], "reduce")
    types = [tr.tile_type(shape, t.dtype) for t in tiles]
    attributes = {"axis": tr.ir.i64_attr(a[0])}
    if keep:
        attributes["keepdims"] = tr.ir.unit_attr()
    operation = tr.emit("tile.reduce_with", tiles, types, attributes, [region])
    results = [TileValue(tr.ir.result(operation, i), shape, t.dtype, types[i])
               for i, t in enumerate(tiles)]
    return TupleValue(results) if several else results[0]


@builtin
def scan(x, /, axis, func, identity, *, reverse=False):
    """The inclusive scan of `x` (a tile or a tuple of tiles) along `axis`
    with the associative `func` (as `reduce`'s)."""
    _host_only("scan")


@translation("scan")
def _t_scan_with(tr, x, axis, func, identity, reverse):
    tiles, several = _operands(tr, x)
    _identity(tr, identity, len(tiles))
    a = tr.constant_axes(axis, tiles[0].ndim, "axis")
    if len(a) != 1:
        raise tr.error(TileTypeError, "scan takes one axis")
    region = tr.combiner(func, [t.dtype for t in tiles], "scan")
    attributes = {"axis": tr.ir.i64_attr(a[0])}
    if _const_bool(tr, reverse, "reverse"):
        attributes["reverse"] = tr.ir.unit_attr()
    operation = tr.emit("tile.scan_with", tiles, [t.type for t in tiles], attributes, [region])
    results = [TileValue(tr.ir.result(operation, i), t.shape, t.dtype, t.type)
               for i, t in enumerate(tiles)]
    return TupleValue(results) if several else results[0]


# -- matrix products ------------------------------------------------------------------------


@builtin
def mma(x, y, /, acc, *, use_fast_acc=False):
    """`x @ y + acc` in `acc`'s dtype (2-d, or 3-d with a batch dimension;
    the operands' batch dimensions broadcast)."""
    _host_only("mma")


def _matrix_operands(tr, what, x, y, vectors):
    """`x` and `y` as the operands of one tile.mma or tile.matmul: 2-d, or
    3-d with one batch extent, the batch dimensions broadcast under NumPy's
    rules (a 2-d operand, or a batch of 1, meets the other's batch). With
    `vectors` (matmul), a 1-d `x` is a row (1, K) and a 1-d `y` a column
    (K, 1). Returns the operands, the product's shape and that shape
    without the extents of 1-d operands."""
    ranks = (1, 2, 3) if vectors else (2, 3)
    if x.ndim not in ranks or y.ndim not in ranks:
        raise tr.error(TileTypeError, "%s takes %s tiles, not %s and %s"
                       % (what, "1-d, 2-d or 3-d" if vectors else "2-d or 3-d",
                          x.describe(), y.describe()))
    x_row, y_column = x.ndim == 1, y.ndim == 1
    if x_row:
        x = tr.tile_op("tile.reshape", [x], (1,) + x.shape, x.dtype)
    if y_column:
        y = tr.tile_op("tile.reshape", [y], y.shape + (1,), y.dtype)
    if x.shape[-1] != y.shape[-2]:
        raise tr.error(TileTypeError, "%s: the inner extents of %s and %s differ"
                       % (what, x.describe(), y.describe()))
    batch = tr.broadcast_of(x.shape[:-2], y.shape[:-2],
                            "%s: the batch dimensions of %s and %s do not broadcast"
                            % (what, x.describe(), y.describe()))
    x = tr.broadcast_to(x, batch + x.shape[-2:])
    y = tr.broadcast_to(y, batch + y.shape[-2:])
    shape = batch + (x.shape[-2], y.shape[-1])
    kept = batch + ((() if x_row else (x.shape[-2],)) + (() if y_column else (y.shape[-1],)))
    return x, y, shape, kept


@translation("mma")
def _t_mma(tr, x, y, acc, use_fast_acc):
    x, y, acc = _tile(tr, x), _tile(tr, y), _tile(tr, acc, "acc")
    _const_bool(tr, use_fast_acc, "use_fast_acc")
    x, y, shape, _ = _matrix_operands(tr, "mma", x, y, vectors=False)
    if acc.shape != shape:
        raise tr.error(TileTypeError, "mma: the accumulator is %s, the product of shape %s"
                       % (acc.describe(), shape))
    operation = tr.emit("tile.mma", [x, y, acc], [acc.type])
    return TileValue(tr.ir.result(operation), acc.shape, acc.dtype, acc.type)


@builtin
def matmul(x, y, /):
    """`x @ y` with the operands promoted to a common dtype, which the
    result has: 1-d to 3-d tiles, the batch dimensions broadcast."""
    _host_only("matmul")


@translation("matmul")
def _t_matmul(tr, x, y):
    x, y = _tile(tr, x), _tile(tr, y)
    dtype = tr.common_dtype(x, y)
    x, y = tr.convert(x, dtype), tr.convert(y, dtype)
    x, y, shape, kept = _matrix_operands(tr, "matmul", x, y, vectors=True)
    accumulator = _MATMUL_ACCUMULATORS.get(dtype, dtype)
    product = tr.convert(tr.tile_op("tile.matmul", [x, y], shape, accumulator), dtype)
    if kept == shape:
        return product
    return tr.tile_op("tile.reshape", [product], kept, dtype)


# The dtype matmul accumulates each dtype's products in (cuTile's: the
# first accumulator mma takes for it) where that is not the dtype itself;
# the product is then converted to the operands' dtype.
_MATMUL_ACCUMULATORS = {
    _dtypes.bfloat16: _dtypes.float32, _dtypes.tfloat32: _dtypes.float32,
    _dtypes.float8_e4m3fn: _dtypes.float16, _dtypes.float8_e5m2: _dtypes.float16,
    _dtypes.int8: _dtypes.int32, _dtypes.uint8: _dtypes.int32,
}


# -- elementwise ---------------------------------------------------------------------------

def _binary_builtin(name, op, doc, float_modes=False):
    if float_modes:
        def stub(x, y, /, *, rounding_mode=None, flush_to_zero=False):
            _host_only(name)

        def translate(tr, x, y, rounding_mode, flush_to_zero):
            return tr.binary(op, x, y, _float_attrs(tr, rounding_mode, flush_to_zero))
    else:
        def stub(x, y, /):
            _host_only(name)

        def translate(tr, x, y):
            return tr.binary(op, x, y)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = doc
    _TRANSLATIONS[name] = translate
    globals()[name] = builtin(stub)


_binary_builtin("add", "add", "`x + y`, broadcast and promoted.", True)
_binary_builtin("sub", "sub", "`x - y`.", True)
_binary_builtin("mul", "mul", "`x * y`.", True)
_binary_builtin("truediv", "div", "`x / y` (integers divide as float32).", True)
_binary_builtin("floordiv", "floordiv", "`x // y` (rounds toward negative infinity).")
_binary_builtin("mod", "mod", "`x % y` (the sign of `y`).")
_binary_builtin("pow", "pow", "`x ** y` of floats.")
_binary_builtin("bitwise_and", "and", "`x & y` of integers or bools.")
_binary_builtin("bitwise_or", "or", "`x | y`.")
_binary_builtin("bitwise_xor", "xor", "`x ^ y`.")
_binary_builtin("bitwise_lshift", "shl", "`x << y`.")
_binary_builtin("bitwise_rshift", "shr", "`x >> y` (arithmetic for signed integers).")


def _minmax_builtin(name, op):
    def stub(x, y, /, *, flush_to_zero=False, propagate_nan=False):
        _host_only(name)

    def translate(tr, x, y, flush_to_zero, propagate_nan):
        attributes = _float_attrs(tr, None, flush_to_zero)
        if _const_bool(tr, propagate_nan, "propagate_nan"):
            attributes["propagate_nan"] = tr.ir.unit_attr()
        return tr.binary(op, x, y, attributes)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "The elementwise %s of `x` and `y`." % op
    _TRANSLATIONS[name] = translate
    globals()[name] = builtin(stub)


_minmax_builtin("maximum", "maximum")
_minmax_builtin("minimum", "minimum")


def _compare_builtin(name, predicate):
    def stub(x, y, /):
        _host_only(name)

    def translate(tr, x, y):
        return tr.compare(predicate, x, y)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "The elementwise comparison %s, a bool tile." % name
    _TRANSLATIONS[name] = translate
    globals()[name] = builtin(stub)


for _name, _predicate in (("equal", 0), ("not_equal", 1), ("less", 2), ("less_equal", 3),
                          ("greater", 4), ("greater_equal", 5)):
    _compare_builtin(_name, _predicate)


# Math functions: name -> (tile.math function, keyword arguments, rounding
# modes allowed).
_MATH = {
    "exp": ("exp", ("rounding_mode",), (RoundingMode.FULL, RoundingMode.APPROX)),
    "exp2": ("exp2", ("flush_to_zero",), None),
    "log": ("log", (), None),
    "log2": ("log2", (), None),
    "sqrt": ("sqrt", ("rounding_mode", "flush_to_zero"), None),
    "rsqrt": ("rsqrt", ("flush_to_zero",), None),
    "sin": ("sin", (), None), "cos": ("cos", (), None), "tan": ("tan", (), None),
    "sinh": ("sinh", (), None), "cosh": ("cosh", (), None),
    "tanh": ("tanh", ("rounding_mode",), (RoundingMode.FULL, RoundingMode.APPROX)),
    "floor": ("floor", (), None), "ceil": ("ceil", (), None),
}


def _math_builtin(name, function, keywords, allowed):
    if keywords == ("rounding_mode",):
        def stub(x, /, *, rounding_mode=None):
            _host_only(name)
    elif keywords == ("flush_to_zero",):
        def stub(x, /, *, flush_to_zero=False):
            _host_only(name)
    elif keywords:
        def stub(x, /, *, rounding_mode=None, flush_to_zero=False):
            _host_only(name)
    else:
        def stub(x, /):
            _host_only(name)

    def translate(tr, x, rounding_mode=None, flush_to_zero=None):
        if name in ("floor", "ceil") and isinstance(x, TileValue) and not x.dtype.is_float():
            raise tr.error(TileTypeError, "%s takes floats, not %s" % (name, x.describe()))
        x = _float_input(tr, x)
        value = tr.ir_math_function(function)
        attributes = {"function": tr.enum_attr(value)}
        attributes.update(_float_attrs(tr, rounding_mode, flush_to_zero, allowed))
        return tr.tile_op("tile.math", [x], x.shape, x.dtype, attributes)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "The elementwise %s of a float tile (integers become float32)." % name
    _TRANSLATIONS[name] = translate
    globals()[name] = builtin(stub)


for _name, (_function, _keywords, _allowed) in _MATH.items():
    _math_builtin(_name, _function, _keywords, _allowed)


@builtin
def abs(x, /):
    """The elementwise absolute value."""
    _host_only("abs")


@translation("abs")
def _t_abs(tr, x):
    if isinstance(x, Const) and is_number(x.obj):
        return Const(builtins.abs(x.obj))
    x = _tile(tr, x)
    if x.dtype.kind == "uint" or x.dtype is _dtypes.bool_:
        return x
    return tr.unary("abs", x)


@builtin
def negative(x, /):
    """`-x` (bools become int32)."""
    _host_only("negative")


@translation("negative")
def _t_negative(tr, x):
    if isinstance(x, Const) and is_number(x.obj):
        return Const(-x.obj)
    x = _tile(tr, x)
    if x.dtype is _dtypes.bool_:
        x = tr.convert(x, _dtypes.int32)
    return tr.unary("neg", x)


@builtin
def bitwise_not(x, /):
    """`~x` of integers and bools."""
    _host_only("bitwise_not")


@translation("bitwise_not")
def _t_bitwise_not(tr, x):
    x = _tile(tr, x)
    if x.dtype.is_float():
        raise tr.error(TileTypeError, "~ takes integers or bools, not %s" % x.describe())
    return tr.unary("not", x)


@builtin
def isnan(x, /):
    """Where `x` is NaN, a bool tile."""
    _host_only("isnan")


@translation("isnan")
def _t_isnan(tr, x):
    x = _tile(tr, x)
    if not x.dtype.is_float():
        return tr.constant(False, _dtypes.bool_, x.shape)
    return tr.compare(1, x, x)


# -- compile-time helpers ---------------------------------------------------------------------


@builtin
def static_assert(condition, message=None, /):
    """Fails the compile with TileStaticAssertionError unless the
    compile-time `condition` holds."""
    _host_only("static_assert")


@translation("static_assert")
def _t_static_assert(tr, condition, message):
    if not isinstance(condition, Const):
        raise tr.error(TileTypeError, "static_assert takes a compile-time condition")
    if not condition.obj:
        text = "Static assertion failed"
        if not (isinstance(message, Const) and message.obj is None):
            text += ": %s" % _static_text(message)
        raise tr.error(TileStaticAssertionError, text)
    return Const(None)


def _static_text(value):
    """`value` as text at compile time, as a static assertion's message:
    constants as str() makes them, tiles and arrays as their type."""
    if isinstance(value, Const):
        return str(value.obj)
    if isinstance(value, FormattedText):
        return "".join(piece if isinstance(piece, str) else _static_text(piece[0])
                       for piece in value.pieces)
    return value.describe()


@builtin
def ensure_constant(value, /):
    """`value`, which must be a compile-time constant."""
    _host_only("ensure_constant")


@translation("ensure_constant")
def _t_ensure_constant(tr, value):
    if not isinstance(value, Const):
        raise tr.error(TileStaticAssertionError, "the value is not a compile-time constant")
    return value


def static_iter(iterable):
    """`for x in ct.static_iter(seq)`: the loop is unrolled at compile time."""
    return iterable


BUILTINS[id(static_iter)] = (static_iter, lambda tr, args, kwargs: _static_iter(tr, args,
                                                                                kwargs))


def _static_iter(tr, args, kwargs):
    if len(args) + len(kwargs) != 1 or (kwargs and "iterable" not in kwargs):
        raise tr.error(TileTypeError, "static_iter takes one iterable")
    value = args[0] if args else kwargs["iterable"]
    if isinstance(value, Const):
        try:
            items = tuple(value.obj)
        except TypeError:
            raise tr.error(TileTypeError, "static_iter takes a compile-time iterable")
        if len(items) > 1000:
            raise tr.error(TileValueError, "static_iter unrolls at most 1000 iterations")
        return Const(items)
    if isinstance(value, TupleValue):
        return value
    raise tr.error(TileTypeError, "static_iter takes a compile-time iterable")


# -- Python builtins inside kernels --------------------------------------------------------------


def _py_range(tr, args, kwargs):
    if all(isinstance(a, Const) for a in args) and not kwargs:
        return Const(range(*[a.obj for a in args]))
    raise tr.error(TileSyntaxError, "range() with runtime bounds is only a for loop's "
                   "iterable")


def _py_minmax(name):
    def translate(tr, args, kwargs):
        if kwargs:
            raise tr.error(TileTypeError, "%s() takes positional arguments here" % name)
        if len(args) == 1:
            args = list(tr.unpack(args[0], len(getattr(args[0], "items", None) or
                                               getattr(args[0], "obj", ())), tr.node))
        if all(isinstance(a, Const) for a in args):
            return Const(getattr(builtins, name)(a.obj for a in args))
        result = args[0]
        for other in args[1:]:
            result = tr.binary("maximum" if name == "max" else "minimum", result, other)
        return result
    return translate


def _py_len(tr, args, kwargs):
    if len(args) != 1 or kwargs:
        raise tr.error(TileTypeError, "len() takes one argument")
    value = args[0]
    if isinstance(value, TupleValue):
        return Const(len(value.items))
    if isinstance(value, Const):
        return Const(len(value.obj))
    if isinstance(value, TileValue) and value.shape:
        return Const(value.shape[0])
    if isinstance(value, ArrayValue):
        return tr.tile_op("tile.array_dim", [value.value], (), _dtypes.int32,
                          {"dim": tr.ir.i64_attr(0)})
    if isinstance(value, ListValue):
        return tr.tile_op("tile.list_len", [value.value], (), _dtypes.int32)
    raise tr.error(TileTypeError, "len() of %s" % value.describe())


def _py_number(kind):
    def translate(tr, args, kwargs):
        if len(args) != 1 or kwargs:
            raise tr.error(TileTypeError, "%s() takes one argument" % kind.__name__)
        value = args[0]
        if isinstance(value, Const):
            return Const(kind(value.obj))
        dtype = {int: _dtypes.int32, float: _dtypes.float32, bool: _dtypes.bool_}[kind]
        return _t_astype(tr, value, Const(dtype), Const(None))
    return translate


def _py_abs(tr, args, kwargs):
    return _t_abs(tr, *args)


def _py_isinstance(tr, args, kwargs):
    return Const(isinstance(getattr(args[0], "obj", args[0]), args[1].obj))


def _operator(name):
    def translate(tr, args, kwargs):
        if len(args) != 2 or kwargs:
            raise tr.error(TileTypeError, "operator.%s takes two arguments" % name)
        return tr.binary(name, args[0], args[1])
    return translate


def _operator_compare(predicate):
    def translate(tr, args, kwargs):
        if len(args) != 2 or kwargs:
            raise tr.error(TileTypeError, "a comparison takes two arguments")
        return tr.compare(predicate, args[0], args[1])
    return translate


PYTHON_BUILTINS.update({
    operator.add: _operator("add"), operator.sub: _operator("sub"),
    operator.mul: _operator("mul"), operator.truediv: _operator("div"),
    operator.floordiv: _operator("floordiv"), operator.mod: _operator("mod"),
    operator.pow: _operator("pow"), operator.and_: _operator("and"),
    operator.or_: _operator("or"), operator.xor: _operator("xor"),
    operator.lshift: _operator("shl"), operator.rshift: _operator("shr"),
    operator.eq: _operator_compare(0), operator.ne: _operator_compare(1),
    operator.lt: _operator_compare(2), operator.le: _operator_compare(3),
    operator.gt: _operator_compare(4), operator.ge: _operator_compare(5),
})

PYTHON_BUILTINS.update({
    range: _py_range, builtins.min: _py_minmax("min"), builtins.max: _py_minmax("max"),
    len: _py_len, int: _py_number(int), float: _py_number(float), bool: _py_number(bool),
    builtins.abs: _py_abs, isinstance: _py_isinstance,
})


# -- methods of tiles and arrays -----------------------------------------------------------------

TILE_METHODS = {"astype", "reshape", "permute", "transpose", "extract", "insert", "item",
                "sum", "max", "min", "prod", "argmax", "argmin", "cumsum", "cumprod"}
ARRAY_METHODS = {"slice", "tiled_view"}
VIEW_METHODS = {"load", "store", "num_tiles", "atomic_store_add", "atomic_store_max",
                "atomic_store_min", "atomic_store_and", "atomic_store_or", "atomic_store_xor"}


def method(tr, receiver, name, args, kwargs):
    if isinstance(receiver, TileValue):
        if name == "item":
            if args or kwargs:
                raise tr.error(TileTypeError, "item() takes no arguments")
            if math.prod(receiver.shape) != 1:
                raise tr.error(TileValueError, "item() of %s" % receiver.describe())
            return _t_reshape(tr, receiver, Const(()))
        function = globals()[name]
        return BUILTINS[id(function)][1](tr, [receiver] + list(args) +
                                         _keyword_operands(function, len(args) + 1, kwargs),
                                         kwargs)
    if isinstance(receiver, ArrayValue) and name in ARRAY_METHODS:
        return _bind_method(tr, _ARRAY_STUBS[name], receiver, args, kwargs)
    if isinstance(receiver, TiledViewValue) and name in VIEW_METHODS:
        return _bind_method(tr, _VIEW_STUBS[name], receiver, args, kwargs)
    raise tr.error(TileTypeError, "%s has no method %s" % (receiver.describe(), name))


def _keyword_operands(function, given, kwargs):
    """The operands of a tile method that its module function takes
    positionally only and the call names (`t.astype(dtype=...)`, where
    cuTile's Tile.astype takes `dtype` by keyword), taken out of `kwargs`
    in the function's order after the `given` positional ones."""
    operands = []
    for parameter in list(inspect.signature(function).parameters.values())[given:]:
        if parameter.kind is not inspect.Parameter.POSITIONAL_ONLY or \
                parameter.name not in kwargs:
            break
        operands.append(kwargs.pop(parameter.name))
    return operands


def subscript(tr, tile, index):
    """`t[:, None]`: cuTile's tile indexing inserts dimensions only."""
    items = items_of(index)
    result, dim = tile, 0
    for item in items:
        if isinstance(item, Const) and item.obj is None:
            result = _t_expand_dims(tr, result, Const(dim))
            dim += 1
        elif isinstance(item, Const) and isinstance(item.obj, slice) and \
                item.obj == slice(None, None, None):
            dim += 1
        else:
            raise tr.error(TileTypeError, "a tile is indexed with ':' and None only (use "
                           "ct.extract or ct.gather for elements)")
    return result


# -- more arithmetic ---------------------------------------------------------------------------

_binary_builtin("atan2", "atan2", "`atan2(x1, x2)`: the angle of the point (x2, x1) in "
                "radians, of floats (`tile.atan2`).")


@builtin
def divmod(x, y, /):
    """`(x // y, x % y)` of integers."""
    _host_only("divmod")


@translation("divmod")
def _t_divmod(tr, x, y):
    for value in (x, y):
        integer = (value.dtype.is_integer() if isinstance(value, TileValue) else
                   isinstance(value, Const) and isinstance(value.obj, int))
        if not integer:
            raise tr.error(TileTypeError, "divmod takes integers, not %s" % value.describe())
    if isinstance(x, Const) and isinstance(y, Const):
        if y.obj == 0:
            raise tr.error(TileValueError, "divmod by zero")
        return Const(builtins.divmod(x.obj, y.obj))
    return TupleValue([tr.binary("floordiv", x, y), tr.binary("mod", x, y)])


@builtin
def astile(value, /, *, dtype=None):
    """A tile from a scalar or nested tuples of scalars (every tuple's
    length a power of two), of `dtype` or the values' common dtype."""
    _host_only("astile")


@translation("astile")
def _t_astile(tr, value, dtype):
    target = None if isinstance(dtype, Const) and dtype.obj is None else tr.dtype_arg(dtype)

    def leaves(v):
        items = tuple_items(v)
        if items is None:
            return [v]
        return [leaf for item in items for leaf in leaves(item)]

    def shape_of(v):
        items = tuple_items(v)
        if items is None:
            if isinstance(v, TileValue):
                return v.shape
            if isinstance(v, Const) and is_number(v.obj):
                return ()
            raise tr.error(TileTypeError, "astile takes numbers, scalars and tuples of them, "
                           "not %s" % v.describe())
        n = len(items)
        if n == 0 or n & (n - 1):
            raise tr.error(TileValueError, "astile: a tuple of %d items (each length must be "
                           "a power of two)" % n)
        shapes = {shape_of(item) for item in items}
        if len(shapes) != 1:
            raise tr.error(TileValueError, "astile: the tuple's items differ in shape")
        return (n,) + shapes.pop()

    shape = shape_of(value)
    items = leaves(value)
    if target is None:
        typed = [v for v in items if isinstance(v, TileValue)]
        if typed:
            target = typed[0].dtype
            for other in typed[1:]:
                target = tr.common_dtype(TileValue(None, (), target, None), other)
        elif any(isinstance(v.obj, float) for v in items):
            target = _dtypes.float32
        elif all(isinstance(v.obj, bool) for v in items):
            target = _dtypes.bool_
        else:
            target = _dtypes.int32
    if all(isinstance(v, Const) for v in items):
        if not shape:
            return tr.constant(items[0].obj, target)
        # One dense constant.
        type = tr.tile_type(shape, target)
        element = target.mlir_type(tr.ir)
        attributes = []
        for v in items:
            if target.kind == "float":
                attributes.append(tr.ir.float_attr(element, float(v.obj)))
                continue
            integer = int(v.obj)
            low, high = ((-2**(target.bits - 1), 2**(target.bits - 1)) if target.kind == "int"
                         else (0, 2**target.bits))
            if target.kind == "bool":
                low, high, integer = 0, 2, int(bool(v.obj))
            if not low <= integer < high:
                raise tr.error(TileValueError, "%r does not fit in %s" % (v.obj, target.name))
            attributes.append(tr.ir.integer_attr(element, integer - 2**64 if integer >= 2**63
                                                 else integer))
        operation = tr.emit("tile.constant", (), [type],
                            {"value": tr.ir.elements_attr(type, attributes)})
        return TileValue(tr.ir.result(operation), shape, target, type)

    def build(v):
        items = tuple_items(v)
        if items is None:
            return tr.convert(_tile(tr, v, "an astile value"), target)
        tiles = [_t_expand_dims(tr, build(item), Const(0)) for item in items]
        while len(tiles) > 1:
            tiles = [_t_cat(tr, TupleValue(tiles[i:i + 2]), Const(0))
                     for i in range(0, len(tiles), 2)]
        return tiles[0]
    return build(value)


@builtin
def assume_divisible_by(x, divisor):
    """`x` (an integer scalar), which the program promises is a multiple of
    the constant `divisor`. On a kernel array's extent or stride
    (`a.shape[d]`, `a.strides[d]`) it becomes a fact of the argument: the
    compiler may use it, and a launch whose array breaks it is refused."""
    _host_only("assume_divisible_by")


@translation("assume_divisible_by")
def _t_assume_divisible_by(tr, x, divisor):
    d = tr.constant_int(divisor, "divisor")
    if d <= 0:
        raise tr.error(TileValueError, "divisor must be a positive constant, not %d" % d)
    if isinstance(x, Const) and isinstance(x.obj, int) and not isinstance(x.obj, bool):
        if x.obj % d:
            raise tr.error(TileValueError, "%d is not divisible by %d" % (x.obj, d))
        return x
    if not (isinstance(x, TileValue) and not x.shape and x.dtype.is_integer()):
        raise tr.error(TileTypeError, "assume_divisible_by takes an integer scalar, not %s"
                       % x.describe())
    tr.assume_divisible(x, d)
    return x


# -- device print and assert -------------------------------------------------------------------

_CONVERSION = re.compile(r"%([-+ #0]*)(\d*)(\.\d*)?(hh|h|ll|l|z|j|t|L)?([a-zA-Z%])")


def _c_conversion(letter, dtype, flags=""):
    """A C conversion of `letter` for `dtype`, with the length vprintf needs
    (64-bit integers `ll`, narrower none)."""
    if dtype.is_integer() or dtype.kind == "bool":
        if letter in "eEfFgGaA":
            return None
        length = "ll" if dtype.bits == 64 else ""
        if letter in "di" and dtype.kind == "uint":
            letter = "u"
        return "%" + flags + length + letter
    if letter not in "eEfFgGaA":
        return None
    return "%" + flags + letter


def _printed(tr, value):
    tile = _tile(tr, value, "a printed value")
    if tile.dtype.kind == "float" and tile.dtype.element not in ("f16", "bf16", "f32", "f64"):
        tile = tr.convert(tile, _dtypes.float32)
    return tile


def _emit_print(tr, pieces):
    """`pieces`: text and (tile, flags, letter); one tile.print."""
    format, tiles = [], []
    for piece in pieces:
        if isinstance(piece, str):
            format.append(piece.replace("%", "%%"))
            continue
        tile, flags, letter = piece
        tile = _printed(tr, tile)
        if letter is None:
            letter = "f" if tile.dtype.is_float() else ("u" if tile.dtype.kind == "uint"
                                                          else "d")
        conversion = _c_conversion(letter, tile.dtype, flags)
        if conversion is None:
            raise tr.error(TileTypeError, "cannot print %s with '%%%s'"
                           % (tile.describe(), letter))
        format.append(conversion)
        tiles.append(tile)
    # cuTile prints a line per tile block, tiles whole as nested lists.
    tr.emit("tile.print", tiles, attributes={"format": tr.ir.string_attr("".join(format)),
                                             "whole": tr.ir.unit_attr()})
    return Const(None)


@builtin
def printf(format, *args):
    """C's printf from the device: one conversion (d i u o x X c e E f F g
    G a A) per tile or scalar in `args`; each tile block prints the line
    once, a tile as nested lists of its elements in the conversion."""
    _host_only("printf")


@translation("printf")
def _t_printf(tr, format, args):
    if not (isinstance(format, Const) and isinstance(format.obj, str)):
        raise tr.error(TileTypeError, "printf's format must be a constant string")
    values = list(args.obj) if isinstance(args, Const) else list(args)
    values = [_wrap(v) for v in values]
    text, pieces, position, count = format.obj, [], 0, 0
    for match in _CONVERSION.finditer(text):
        pieces.append(text[position:match.start()])
        position = match.end()
        flags, width, precision, _length, letter = match.groups()
        if letter == "%":
            pieces.append("%")
            continue
        if letter not in "diuoxXceEfFgGaA":
            raise tr.error(TileValueError, "printf cannot print '%s' (it takes d, i, u, o, x, "
                           "X, c, e, E, f, F, g, G, a and A)" % match.group(0))
        if count >= len(values):
            raise tr.error(TileTypeError, "printf's format has more conversions than the %d "
                           "values given" % len(values))
        pieces.append((values[count], flags + width + (precision or ""), letter))
        count += 1
    if "%" in text[position:]:
        raise tr.error(TileValueError, "printf: an incomplete conversion in the format")
    pieces.append(text[position:])
    if count != len(values):
        raise tr.error(TileTypeError, "printf's format has %d conversions for %d values"
                       % (count, len(values)))
    return _emit_print(tr, [p for p in pieces if p != ""])


def _print_pieces(tr, value):
    if isinstance(value, FormattedText):
        return list(value.pieces)
    if isinstance(value, Const):
        return [str(value.obj)]
    if isinstance(value, TupleValue):
        pieces = ["("]
        for i, item in enumerate(value.items):
            if i:
                pieces.append(", ")
            pieces.extend(_print_pieces(tr, _wrap(item)))
        return pieces + ([",)"] if len(value.items) == 1 else [")"])
    if isinstance(value, TileValue):
        return [(value, "", None)]
    raise tr.error(TileTypeError, "cannot print %s" % value.describe())


@builtin
def print(*args, sep=" ", end="\n"):
    """Python's print from the device: texts, constants, f-strings, tiles
    (as nested lists) and scalars; each tile block prints the line once."""
    _host_only("print")


@translation("print")
def _t_print(tr, args, sep, end):
    for name, value in (("sep", sep), ("end", end)):
        if not (isinstance(value, Const) and isinstance(value.obj, str)):
            raise tr.error(TileTypeError, "print's %s must be a constant string" % name)
    values = list(args.obj) if isinstance(args, Const) else list(args)
    pieces = []
    for i, value in enumerate(values):
        if i:
            pieces.append(sep.obj)
        pieces.extend(_print_pieces(tr, _wrap(value)))
    pieces.append(end.obj)
    return _emit_print(tr, pieces)


@builtin
def assert_(cond, /, message=None):
    """Stops the kernel with a device assertion naming this line where an
    element of the bool tile `cond` is false."""
    _host_only("assert_")


@translation("assert_")
def _t_assert(tr, cond, message):
    if isinstance(message, Const) and message.obj is None:
        text = "assertion failed"
    elif isinstance(message, Const) and isinstance(message.obj, str):
        text = message.obj
    else:
        raise tr.error(TileTypeError, "assert_'s message must be a constant string")
    if isinstance(cond, Const):
        if cond.obj:
            return Const(None)
        cond = tr.constant(False, _dtypes.bool_)
    cond = _tile(tr, cond, "cond")
    if cond.dtype is not _dtypes.bool_:
        raise tr.error(TileTypeError, "assert_ takes a bool tile, not %s" % cond.describe())
    tr.emit("tile.assert", [cond], attributes={"message": tr.ir.string_attr(text)})
    return Const(None)


# -- grid dependency control -------------------------------------------------------------------

@builtin
def grid_dependency_control_wait():
    """Waits for the grids this one depends on (programmatic dependent
    launch; returns at once otherwise)."""
    _host_only("grid_dependency_control_wait")


@translation("grid_dependency_control_wait")
def _t_gdc_wait(tr):
    tr.emit("tile.grid_dependency_wait")
    return Const(None)


@builtin
def grid_dependency_control_launch_dependents():
    """Lets the grids that depend on this one start (programmatic dependent
    launch; does nothing otherwise)."""
    _host_only("grid_dependency_control_launch_dependents")


@translation("grid_dependency_control_launch_dependents")
def _t_gdc_launch(tr):
    tr.emit("tile.launch_dependents")
    return Const(None)


# -- compile-time evaluation -------------------------------------------------------------------

def static_eval(expr, /):
    """Evaluates `expr` in Python at compile time: constants are their
    values; tiles and arrays show their `shape`/`dtype`/`ndim`."""
    return expr


STATIC_EVAL = static_eval

PYTHON_BUILTINS.update({
    builtins.divmod: lambda tr, args, kwargs: BUILTINS[id(divmod)][1](tr, args, kwargs),
    builtins.print: lambda tr, args, kwargs: BUILTINS[id(print)][1](tr, args, kwargs),
})


# -- Array.slice, Array.tiled_view and TiledView -----------------------------------------------

def _bind_method(tr, stub, receiver, args, kwargs):
    try:
        bound = inspect.signature(stub).bind(receiver, *args, **kwargs)
    except TypeError as why:
        raise tr.error(TileTypeError, "%s(): %s" % (stub.__name__, why))
    bound.apply_defaults()
    arguments = {k: v if k == "self" else _wrap(v) for k, v in bound.arguments.items()}
    return _METHOD_TRANSLATIONS[stub](tr, **arguments)


_METHOD_TRANSLATIONS = {}


def _array_slice(self, axis, start, stop):
    """Array.slice: the elements `start` to `stop` (exclusive) along
    `axis`, a view without a copy."""


def _t_array_slice(tr, self, axis, start, stop):
    array = self
    k = tr.constant_axes(axis, array.rank, "axis")[0]
    start = tr.index(start, "start")
    stop = tr.index(stop, "stop")
    element = array.dtype.mlir_type(tr.ir)
    pointer = tr.ir.pointer_type(element, tr.loc())
    base = tr.ir.result(tr.emit("tile.array_base", [array.value],
                                [tr.ir.tile_type((), pointer, tr.loc())]))
    stride = tr.tile_op("tile.array_stride", [array.value], (), _dtypes.int64,
                        {"dim": tr.ir.i64_attr(k)})
    offset = tr.binary("mul", tr.convert(start, _dtypes.int64), stride)
    base = tr.ir.result(tr.emit("tile.offset", [base, offset.value],
                                [tr.ir.tile_type((), pointer, tr.loc())]))
    extents = [tr.tile_op("tile.array_dim", [array.value], (), _dtypes.int32,
                          {"dim": tr.ir.i64_attr(d)}) if array.extents[d] is None
               else tr.si32(array.extents[d]) for d in range(array.rank)]
    extents[k] = tr.binary("sub", stop, start)
    strides = [tr.tile_op("tile.array_stride", [array.value], (), _dtypes.int64,
                          {"dim": tr.ir.i64_attr(d)})
               for d in range(array.rank) if array.strides[d] is None]
    type = tr.ir.array_type([None] * array.rank, element, array.strides, tr.loc())
    operation = tr.emit("tile.make_array", [base] + [e.value for e in extents] +
                        [s.value for s in strides], [type],
                        {"operandSegmentSizes": tr.ir.i32_array_attr(
                            [1, len(extents), len(strides)])})
    return ArrayValue(tr.ir.result(operation), array.dtype, array.rank, type,
                      array.name + ".slice", array.strides, entry=False,
                      index64=array.index64)


def _array_tiled_view(self, tile_shape, *, padding_mode=PaddingMode.UNDETERMINED,
                      traversal_steps=None):
    """Array.tiled_view: the array as a grid of tiles of `tile_shape`, the
    tile at index I starting at element I * traversal_steps (by default the
    tile shape: adjacent tiles)."""


def _t_array_tiled_view(tr, self, tile_shape, padding_mode, traversal_steps):
    shape = tr.constant_shape(tile_shape, "tile_shape")
    if len(shape) != self.rank:
        raise tr.error(TileValueError, "tile_shape %s has rank %d; the array has rank %d"
                       % (shape, len(shape), self.rank))
    steps = shape if isinstance(traversal_steps, Const) and traversal_steps.obj is None \
        else tr.constant_shape(traversal_steps, "traversal_steps")
    if len(steps) != self.rank or any(s <= 0 for s in steps):
        raise tr.error(TileValueError, "traversal_steps must be %d positive constants"
                       % self.rank)
    view = TiledViewValue(self, shape, _padding(tr, padding_mode), steps)
    _view_of(tr, view)  # checks the view type here
    return view


def _view_of(tr, view):
    steps = None if view.steps == view.tile_shape else list(view.steps)
    return _view(tr, view.array, view.tile_shape, list(range(view.array.rank)), view.padding,
                 steps)


def _view_load(self, index, *, check_bounds=True, latency=None, allow_tma=None):
    """TiledView.load: the tile at `index`."""


def _t_view_load(tr, self, index, check_bounds, latency, allow_tma):
    _check_hints(tr, latency, allow_tma, check_bounds)
    indices = _index_tuple(tr, index, self.array.rank)
    return tr.tile_op("tile.load", [_view_of(tr, self)] + indices, self.tile_shape,
                      self.array.dtype)


def _view_store(self, index, tile, *, check_bounds=True, latency=None, allow_tma=None):
    """TiledView.store: writes `tile` (converted, broadcast) at `index`."""


def _t_view_store(tr, self, index, tile, check_bounds, latency, allow_tma):
    _check_hints(tr, latency, allow_tma, check_bounds)
    value = tr.convert(tr.broadcast_to(_tile(tr, tile, "tile"), self.tile_shape),
                       self.array.dtype)
    indices = _index_tuple(tr, index, self.array.rank)
    tr.emit("tile.store", [value, _view_of(tr, self)] + indices)
    return Const(None)


def _view_num_tiles(self, axis):
    """TiledView.num_tiles: the number of tiles along `axis`."""


def _t_view_num_tiles(tr, self, axis):
    k = tr.constant_axes(axis, self.array.rank, "axis")[0]
    return tr.tile_op("tile.num_tiles", [_view_of(tr, self)], (), _dtypes.int32,
                      {"dim": tr.ir.i64_attr(k)})


def _tile_element_indices(tr, origin, shape):
    """Per dimension, the int32 element indices of a tile of `shape` whose
    first element is at `origin` (scalars)."""
    tiles = []
    for d, extent in enumerate(shape):
        iota = tr.tile_op("tile.iota", [], (extent,), _dtypes.int32)
        along = tuple(extent if e == d else 1 for e in range(len(shape)))
        iota = _t_reshape(tr, iota, Const(along))
        tiles.append(tr.broadcast_to(tr.binary("add", iota, origin[d]), shape))
    return tiles


def _view_atomic(kind):
    def stub(self, index, update, /):
        pass
    stub.__name__ = "atomic_store_" + kind
    stub.__doc__ = ("TiledView.atomic_store_%s: combines `update` into the tile at `index`, "
                    "each element atomically (relaxed, device scope); out-of-bounds "
                    "elements are left alone." % kind)

    def translate(tr, self, index, update):
        indices = _index_tuple(tr, index, self.array.rank)
        origin = [tr.binary("mul", i, Const(step)) for i, step in zip(indices, self.steps)]
        tiles = _tile_element_indices(tr, origin, self.tile_shape)
        update = tr.broadcast_to(_tile(tr, update, "update"), self.tile_shape)
        _TRANSLATIONS["atomic_" + kind](tr, self.array, TupleValue(tiles), update, Const(True),
                                        Const(MemoryOrder.RELAXED), Const(MemoryScope.DEVICE))
        return Const(None)
    _METHOD_TRANSLATIONS[stub] = translate
    return stub


_ARRAY_STUBS = {"slice": _array_slice, "tiled_view": _array_tiled_view}
_VIEW_STUBS = {"load": _view_load, "store": _view_store, "num_tiles": _view_num_tiles}
for _kind in ("add", "max", "min", "and", "or", "xor"):
    _VIEW_STUBS["atomic_store_" + _kind] = _view_atomic(_kind)
_METHOD_TRANSLATIONS.update({
    _array_slice: _t_array_slice, _array_tiled_view: _t_array_tiled_view,
    _view_load: _t_view_load, _view_store: _t_view_store, _view_num_tiles: _t_view_num_tiles,
})


# -- advanced indexing -------------------------------------------------------------------------

class Slice:
    """`ct.Slice(start, length)`: elements `start` to `start + length` of
    one dimension in load/store_advanced_indexing (`length` a constant
    power of two)."""

    def __init__(self, start, length, /):
        self.start, self.length = start, length

    def __repr__(self):
        return "Slice(%r, %r)" % (self.start, self.length)


def _t_slice(tr, args, kwargs):
    if len(args) != 2 or kwargs:
        raise tr.error(TileTypeError, "Slice(start, length) takes two positional arguments")
    start, length = args
    n = tr.constant_int(length, "a Slice's length")
    if n <= 0 or n & (n - 1):
        raise tr.error(TileValueError, "a Slice's length must be a power of two, not %d" % n)
    return Const(Slice(start, n))


BUILTINS[id(Slice)] = (Slice, _t_slice)


def _advanced_indices(tr, array, indices):
    """Element index tiles for `indices` (one 1-d integer tile, Slices
    elsewhere) and the result's shape."""
    items = items_of(indices)
    if len(items) != array.rank:
        raise tr.error(TileValueError, "indices has %d entries; the array has rank %d"
                       % (len(items), array.rank))
    shape, parts, tiles = [], [], 0
    for item in items:
        if isinstance(item, Const) and isinstance(item.obj, Slice):
            shape.append(item.obj.length)
            parts.append(item.obj)
            continue
        tile = _tile(tr, item, "an index")
        if tile.ndim != 1 or not tile.dtype.is_integer():
            raise tr.error(TileTypeError, "advanced indexing takes one 1-d integer tile and "
                           "ct.Slice entries, not %s" % tile.describe())
        shape.append(tile.shape[0])
        parts.append(tile)
        tiles += 1
    if tiles != 1:
        raise tr.error(TileTypeError, "advanced indexing takes exactly one 1-d integer tile "
                       "(and ct.Slice entries), not %d" % tiles)
    shape = tuple(shape)
    result = []
    for d, part in enumerate(parts):
        along = tuple(shape[d] if e == d else 1 for e in range(len(shape)))
        if isinstance(part, Slice):
            iota = tr.tile_op("tile.iota", [], (part.length,), _dtypes.int32)
            part = tr.binary("add", iota, _wrap(part.start))
        result.append(tr.broadcast_to(_t_reshape(tr, part, Const(along)), shape))
    return TupleValue(result), shape


_PADDING_VALUES = {PaddingMode.UNDETERMINED: 0, PaddingMode.ZERO: 0,
                   PaddingMode.NEG_ZERO: -0.0, PaddingMode.NAN: math.nan,
                   PaddingMode.POS_INF: math.inf, PaddingMode.NEG_INF: -math.inf}


@builtin
def load_advanced_indexing(array, indices, /, *, padding_mode=PaddingMode.UNDETERMINED,
                           latency=None, allow_tma=None):
    """Elements of `array` where one dimension is indexed by a 1-d integer
    tile and the others by `ct.Slice(start, length)`: element (i, j) of
    `load_advanced_indexing(a, (idx, ct.Slice(s, n)))` is `a[idx[i], s + j]`;
    elements outside the array are the padding."""
    _host_only("load_advanced_indexing")


@translation("load_advanced_indexing")
def _t_load_advanced_indexing(tr, array, indices, padding_mode, latency, allow_tma):
    array = _array(tr, array)
    _check_hints(tr, latency, allow_tma)
    mode = PaddingMode(_padding(tr, padding_mode))
    pad = _PADDING_VALUES[mode]
    if not array.dtype.is_float() and mode not in (PaddingMode.UNDETERMINED, PaddingMode.ZERO):
        raise tr.error(TileValueError, "padding_mode %s needs a float array" % mode.name)
    tiles, _shape = _advanced_indices(tr, array, indices)
    return _TRANSLATIONS["gather"](tr, array, tiles, Const(None), Const(pad), Const(True),
                                   latency)


@builtin
def store_advanced_indexing(array, indices, tile, /, *, latency=None, allow_tma=None):
    """The store matching load_advanced_indexing: `tile` (converted,
    broadcast) to those elements; elements outside the array are left
    alone."""
    _host_only("store_advanced_indexing")


@translation("store_advanced_indexing")
def _t_store_advanced_indexing(tr, array, indices, tile, latency, allow_tma):
    array = _array(tr, array)
    _check_hints(tr, latency, allow_tma)
    tiles, shape = _advanced_indices(tr, array, indices)
    value = tr.broadcast_to(_tile(tr, tile, "tile"), shape)
    return _TRANSLATIONS["scatter"](tr, array, tiles, value, Const(None), Const(True), latency)


# -- bytes -------------------------------------------------------------------------------------

_UINT_OF_BITS = {8: _dtypes.uint8, 16: _dtypes.uint16, 32: _dtypes.uint32, 64: _dtypes.uint64}


def _byte_width(tr, dtype, what):
    if dtype.bits not in _UINT_OF_BITS:
        raise tr.error(TileUnsupportedFeatureError, "%s of %s (%d-bit elements; whole bytes "
                       "only)" % (what, dtype.name, dtype.bits))
    return dtype.bits // 8


def _byte_shifts(tr, count, width, dtype):
    """A (count, width) tile of 0, 8, 16 … along its rows, of `dtype`."""
    shifts = tr.binary("mul", tr.tile_op("tile.iota", [], (width,), _dtypes.int32), Const(8))
    shifts = _t_reshape(tr, tr.convert(shifts, dtype), Const((1, width)))
    return tr.broadcast_to(shifts, (count, width))


@builtin
def pack_to_bytes(x, /):
    """The raw bytes of `x` (flattened, row-major, little-endian) as a 1-d
    uint8 tile."""
    _host_only("pack_to_bytes")


@translation("pack_to_bytes")
def _t_pack_to_bytes(tr, x):
    x = _tile(tr, x)
    width = _byte_width(tr, x.dtype, "pack_to_bytes")
    count = math.prod(x.shape)
    flat = _t_reshape(tr, x, Const((count,)))
    bits = tr.tile_op("tile.bitcast", [flat], (count,), _UINT_OF_BITS[x.dtype.bits])
    if width == 1:
        return bits
    wide = tr.broadcast_to(_t_reshape(tr, bits, Const((count, 1))), (count, width))
    shifted = tr.binary("shr", wide, _byte_shifts(tr, count, width, bits.dtype))
    return _t_reshape(tr, tr.convert(shifted, _dtypes.uint8), Const((count * width,)))


@builtin
def unpack_from_bytes(x, /, dtype):
    """The inverse of pack_to_bytes: a 1-d uint8 tile's bytes as a 1-d tile
    of `dtype`."""
    _host_only("unpack_from_bytes")


@translation("unpack_from_bytes")
def _t_unpack_from_bytes(tr, x, dtype):
    x = _tile(tr, x)
    dtype = tr.dtype_arg(dtype)
    if x.dtype is not _dtypes.uint8 or x.ndim != 1:
        raise tr.error(TileTypeError, "unpack_from_bytes takes a 1-d uint8 tile, not %s"
                       % x.describe())
    width = _byte_width(tr, dtype, "unpack_from_bytes")
    if x.shape[0] % width:
        raise tr.error(TileValueError, "%d bytes do not make whole %s elements"
                       % (x.shape[0], dtype.name))
    count = x.shape[0] // width
    if width == 1:
        return tr.tile_op("tile.bitcast", [x], x.shape, dtype)
    unsigned = _UINT_OF_BITS[dtype.bits]
    rows = tr.convert(_t_reshape(tr, x, Const((count, width))), unsigned)
    placed = tr.binary("shl", rows, _byte_shifts(tr, count, width, unsigned))
    word = tr.tile_op("tile.reduce", [placed], (count,), unsigned,
                      {"kind": tr.enum_attr(5), "axes": tr.ir.i64_array_attr([1])})
    return tr.tile_op("tile.bitcast", [word], (count,), dtype)


# -- block-scaled products ---------------------------------------------------------------------

# (input dtypes, scale dtype) -> the block sizes B = K / K_s allowed.
_SCALED_MMA = {
    ("float8_e4m3fn", "float8_e8m0fnu"): (32,), ("float8_e5m2", "float8_e8m0fnu"): (32,),
    ("float4_e2m1fn", "float8_e8m0fnu"): (16, 32), ("float4_e2m1fn", "float8_e4m3fn"): (16,),
}


@builtin
def mma_scaled(x, x_scale, y, y_scale, /, acc):
    """Block-scaled `x @ y + acc`: element k of x's rows is scaled by
    x_scale[..., i, k // B] and of y's columns by y_scale[..., k // B, j],
    B = K / K_s (fp8 with e8m0 scales and B = 32; fp4 with e8m0 scales
    and B = 16 or 32, or e4m3 scales and B = 16); acc is float32."""
    _host_only("mma_scaled")


@translation("mma_scaled")
def _t_mma_scaled(tr, x, x_scale, y, y_scale, acc):
    x, y = _tile(tr, x, "x"), _tile(tr, y, "y")
    xs, ys = _tile(tr, x_scale, "x_scale"), _tile(tr, y_scale, "y_scale")
    acc = _tile(tr, acc, "acc")
    if not (x.ndim == y.ndim == xs.ndim == ys.ndim and x.ndim in (2, 3)):
        raise tr.error(TileTypeError, "mma_scaled takes 2-d or 3-d tiles of one rank")
    if x.dtype is not y.dtype or xs.dtype is not ys.dtype:
        raise tr.error(TileTypeError, "mma_scaled: x and y (%s, %s) and their scales (%s, %s) "
                       "have one dtype each" % (x.dtype.name, y.dtype.name, xs.dtype.name,
                                                ys.dtype.name))
    blocks = _SCALED_MMA.get((x.dtype.name, xs.dtype.name))
    if blocks is None:
        raise tr.error(TileTypeError, "mma_scaled takes float8_e4m3fn or float8_e5m2 inputs "
                       "with float8_e8m0fnu scales, or float4_e2m1fn inputs with "
                       "float8_e8m0fnu or float8_e4m3fn scales; not %s with %s scales"
                       % (x.dtype.name, xs.dtype.name))
    if acc.dtype is not _dtypes.float32:
        raise tr.error(TileTypeError, "mma_scaled accumulates in float32, not %s"
                       % acc.dtype.name)
    k, k_s = x.shape[-1], xs.shape[-1]
    if y.shape[-2] != k or xs.shape[:-1] != x.shape[:-1] or ys.shape[-2] != k_s or \
            ys.shape[:-2] + ys.shape[-1:] != y.shape[:-2] + y.shape[-1:] or k % k_s or \
            k // k_s not in blocks:
        raise tr.error(TileTypeError, "mma_scaled: x %s, x_scale %s, y %s, y_scale %s: the "
                       "scales take x's and y's shapes with K / B along K, B one of %s"
                       % (shape_text(x.shape), shape_text(xs.shape), shape_text(y.shape),
                          shape_text(ys.shape), blocks))
    block = k // k_s

    # Hopper has no block-scaled mma: each element times its scale is
    # exact in bfloat16 (fp8/fp4 significands of at most 4 bits times a
    # power of two, or times an e4m3 scale's 4 bits; bfloat16 has float32's
    # exponent range), and a bfloat16 mma accumulates in float32.
    def dequantize(tile, scale, position):
        # The scale, one per block of B along K, repeated B times there.
        scale = _t_expand_dims(tr, tr.convert(scale, _dtypes.bfloat16), Const(position))
        shape = list(scale.shape)
        shape[position] = block
        scale = _t_reshape(tr, tr.broadcast_to(scale, tuple(shape)), Const(tile.shape))
        return tr.binary("mul", tr.convert(tile, _dtypes.bfloat16), scale)

    xd = dequantize(x, xs, x.ndim)      # (..., M, K_s, B) -> (..., M, K)
    yd = dequantize(y, ys, y.ndim - 1)  # (..., K_s, B, N) -> (..., K, N)
    return _t_mma(tr, xd, yd, acc, Const(False))
