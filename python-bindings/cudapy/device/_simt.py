"""The device-only functions of cudapy.device that become simt ops
(cuda-device spec, "Thread Positioning", "Local, Shared, and Const Memory",
"Synchronization")."""

from . import _types
from ._api import device_function
from ._errors import DeviceTypeError, DeviceValueError
from ._values import Const, TupleVal, Val

_MEMORY = {"relaxed": 0, "consume": 1, "acquire": 2, "release": 3, "acq_rel": 4, "seq_cst": 5}
_SCOPE = {"system": 0, "device": 1, "block": 2, "thread": 3}


def _bind(tr, node, name, args, kwargs, names, defaults=None):
    """Positional and keyword arguments matched to `names`."""
    defaults = defaults or {}
    if len(args) > len(names):
        raise tr.error(DeviceTypeError, "%s() takes at most %d arguments" % (name, len(names)),
                       node)
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise tr.error(DeviceTypeError, "%s() has no argument '%s'" % (name, key), node)
        if key in bound:
            raise tr.error(DeviceTypeError, "%s() got '%s' twice" % (name, key), node)
        bound[key] = value
    for key in names:
        if key not in bound:
            if key not in defaults:
                raise tr.error(DeviceTypeError, "%s() needs '%s'" % (name, key), node)
            bound[key] = Const(defaults[key])
    return [bound[k] for k in names]


def _constant(tr, value, node, what, kinds=(int,)):
    if not isinstance(value, Const) or not isinstance(value.obj, kinds) or \
            isinstance(value.obj, bool):
        raise tr.error(DeviceTypeError, "%s must be a constant expression (cuda-device spec, "
                       "\"Constant Expressions\")" % what, node)
    return value.obj


def _position(op, name):
    def translate(tr, args, kwargs, node):
        (ndims,) = _bind(tr, node, name, args, kwargs, ["ndims"])
        ndims = _constant(tr, ndims, node, "ndims")
        if not 0 < ndims <= 3:
            raise tr.error(DeviceValueError, "%s(ndims) takes 0 < ndims <= 3, not %d (cuda-"
                           "device spec, \"%s\")" % (name, ndims, name), node)
        integer = tr.py("int")
        if ndims == 1:
            return tr.op(op, (), integer, {"ndims": tr.ir.i32_attr(1)})
        whole = tr.op(op, (), tr.ir.tuple_type([integer] * ndims),
                      {"ndims": tr.ir.i32_attr(ndims)})
        return TupleVal(tr.op("py.tuple.getitem", [whole], integer,
                              {"index": tr.ir.i64_attr(d)}) for d in range(ndims))
    translate.__doc__ = "`%s(ndims)`" % name
    return translate


tid = device_function("tid", device_only=True)(_position("simt.tid", "tid"))
grid_size = device_function("grid_size", device_only=True)(_position("simt.grid_size", "grid_size"))


def _static_array(op, name):
    def translate(tr, args, kwargs, node):
        shape, dtype, order, align = _bind(tr, node, name, args, kwargs,
                                           ["shape", "dtype", "order", "align"],
                                           {"order": "C", "align": None})
        if isinstance(shape, Const) and isinstance(shape.obj, int):
            extents = (shape.obj,)
        elif isinstance(shape, Const) and isinstance(shape.obj, tuple):
            extents = shape.obj
        elif isinstance(shape, TupleVal) and all(isinstance(i, Const) for i in shape.items):
            extents = tuple(i.obj for i in shape.items)
        else:
            raise tr.error(DeviceTypeError, "the shape of %s is an int or a tuple of ints, "
                           "constant expressions (cuda-device spec, \"%s\")" % (name, name),
                           node)
        if not extents or not all(isinstance(e, int) and not isinstance(e, bool) and e > 0
                                  for e in extents):
            raise tr.error(DeviceValueError, "the shape of %s has positive int extents, not "
                           "%r" % (name, extents), node)
        number = tr.number_dtype(dtype.obj) if isinstance(dtype, Const) else None
        if number is None:
            raise tr.error(DeviceTypeError, "the dtype of %s is a number type such as "
                           "device.float32, not %s" % (name, dtype.describe()), node)
        order = order.obj if isinstance(order, Const) else None
        if order not in ("C", "F"):
            raise tr.error(DeviceValueError, "order is 'C' or 'F', not %r" % (order,), node)
        attributes = {"shape": tr.ir.i64_array_attr(extents),
                      "order": tr.enum(0 if order == "C" else 1)}
        if not (isinstance(align, Const) and align.obj is None):
            attributes["align"] = tr.ir.i64_attr(_constant(tr, align, node, "align"))
        type = tr.ir.py_array_type(number.mlir_type(tr.ir), len(extents), tr.loc(node))
        if not type:
            tr.check_diagnostics(node)
        return tr.op(op, (), type, attributes)
    translate.__doc__ = "`%s(shape, dtype, order='C', align=None)`" % name
    return translate


def const_array(tr, host, node, name):
    """A read-only copy of the host array `host` (a Const of an object with
    NumPy's `__array_interface__` and the buffer protocol) in constant
    memory: `simt.const_array` holding its elements."""
    if isinstance(host, Val) and host.kind == "array" and tr.module.policy == _NUMBAPRO:
        return host  # a global NumPy array, already frozen where it was named
    obj = host.obj if isinstance(host, Const) else None
    interface = getattr(obj, "__array_interface__", None)
    if not isinstance(interface, dict):
        raise tr.error(DeviceTypeError, "%s takes a host array (a NumPy array defined "
                       "when the kernel compiles), not %s" % (name, host.describe()), node)
    typestr = interface.get("typestr", "")
    number = _types.number_type(typestr)
    shape = tuple(interface.get("shape", ()))
    if number is None or typestr[:1] == ">" or number.name.startswith(("bool", "complex")):
        raise tr.error(DeviceTypeError, "%s takes an array of integers or floats in this "
                       "machine's byte order, not %r" % (name, typestr), node)
    if not shape or not all(extent > 0 for extent in shape):
        raise tr.error(DeviceValueError, "%s takes a non-empty array with at least one "
                       "dimension, not shape %r" % (name, shape), node)
    try:
        data = memoryview(obj).tobytes(order="C")
    except (TypeError, ValueError) as why:
        raise tr.error(DeviceTypeError, "%s cannot read the array's elements: %s"
                       % (name, why), node)
    dtype = number.mlir_type(tr.ir)
    value = tr.ir.raw_elements_attr(tr.ir.tensor_type(shape, dtype), data)
    if not value:
        raise tr.error(DeviceValueError, "%s: %d bytes do not hold %r elements of %s"
                       % (name, len(data), shape, number.name), node)
    type = tr.ir.py_array_type(dtype, len(shape), tr.loc(node))
    return tr.op("simt.const_array", (), type, {"value": value})


shared_array = device_function("shared_array", device_only=True)(_static_array("simt.shared_array",
                                                              "shared_array"))
local_array = device_function("local_array", device_only=True)(_static_array("simt.local_array", "local_array"))


@device_function("syncthreads")
def syncthreads(tr, args, kwargs, node):
    """`syncthreads()`"""
    _bind(tr, node, "syncthreads", args, kwargs, [])
    tr.emit("simt.syncthreads")
    return Const(None)


# -- the grid of a cooperative launch (beyond the spec: CUDA C++ programming guide 8.7,
# "Grid Synchronization"; numba.cuda's cuda.cg) --------------------------------------------
@device_function("grid_group.sync")
def _grid_sync(tr, args, kwargs, node):
    """`this_grid().sync()`: waits for every thread of the grid (a
    cooperative launch, which the kernel then always gets)."""
    _bind(tr, node, "sync", args, kwargs, [])
    tr.emit("simt.grid_sync")
    return Const(None)


class GridGroup:
    """What `this_grid()` gives in device code: the launch's grid, whose
    `sync()` is a barrier over all of its threads."""

    sync = staticmethod(_grid_sync)

    def __repr__(self):
        return "cudapy.device.GridGroup"


_GRID = GridGroup()


@device_function("this_grid", device_only=True)
def this_grid(tr, args, kwargs, node):
    """`this_grid()`: the grid group; a kernel that calls its `sync()` is
    launched cooperatively (all of its blocks at once, at most what
    `kernel.max_cooperative_blocks` says)."""
    _bind(tr, node, "this_grid", args, kwargs, [])
    return Const(_GRID)


@device_function("threadfence")
def threadfence(tr, args, kwargs, node):
    """`threadfence(memory='seq_cst', scope='system')`"""
    memory, scope = _bind(tr, node, "threadfence", args, kwargs, ["memory", "scope"],
                          {"memory": "seq_cst", "scope": "system"})
    tr.emit("simt.threadfence", (), [], memory_attributes(tr, memory, scope, node))
    return Const(None)


# -- the spec's type hints ---------------------------------------------------------------
_NUMBAPRO = _types.POLICY_NUMBAPRO
_HINT_TYPES = {"int32": ("!py.int", "si32"), "WarpMask": ("ui32",), "bool": ("!py.bool", "i1")}
_HINT_NAMES = {"int32": "an int32", "WarpMask": "a WarpMask (a uint32)", "bool": "a bool"}


def hinted(tr, value, hint, node, what, section):
    """`value`, the argument `what` of the spec's function in `section`,
    checked against its type hint `hint` ("int32", "WarpMask" or "bool";
    cuda-device spec, "General Requirements": an argument's type matches
    its parameter's type hint). A constant matches when its type's values
    hold it: an int in int32 (for WarpMask, from 0 to 2^32 - 1), True or
    False. The numba spelling converts instead, as numba does."""
    if tr.module.policy == _NUMBAPRO:
        return value
    if isinstance(value, Const):
        obj = value.obj
        if hint == "bool":
            ok = isinstance(obj, bool)
        else:
            low, high = (0, 2**32) if hint == "WarpMask" else (-2**31, 2**31)
            ok = isinstance(obj, int) and not isinstance(obj, bool) and low <= obj < high
        if ok:
            return value
        found = "the constant %r" % (obj,)
    elif isinstance(value, Val) and str(value.type) in _HINT_TYPES[hint]:
        return value
    else:
        found = value.describe()
    raise tr.error(DeviceTypeError, "%s of %s is %s, not %s (cuda-device spec, \"%s\", "
                   "\"General Requirements\": an argument's type matches its parameter's "
                   "type hint)" % (what, section, _HINT_NAMES[hint], found, section), node)


# -- predicates: a callable the frontend calls, or a value -----------------------------
def _predicate(tr, pred, node, what, section):
    """A bool Val of `pred`: a lambda or @func function called with no
    arguments (cuda-device spec, `section`: pred is callable with no
    arguments), or, in the numba spelling, a value."""
    from ._values import LambdaVal
    if isinstance(pred, LambdaVal):
        value = tr.call_lambda(pred, [], node)
    elif isinstance(pred, Const) and callable(pred.obj) and not isinstance(pred.obj, bool):
        value = tr.call_value(pred, [], {}, node)
    elif tr.module.policy != _NUMBAPRO:
        raise tr.error(DeviceTypeError, "pred of %s is a function callable with no "
                       "arguments (a lambda or a @func function), not %s (cuda-device spec, "
                       "\"%s\")" % (what, pred.describe(), section), node)
    else:
        value = pred
    value = tr.to_bool(value, node)
    if isinstance(value, Const):
        value = tr.constant(value.obj, node)
    return value


def _barrier_reduce(op, name, result):
    def translate(tr, args, kwargs, node):
        (pred,) = _bind(tr, node, name, args, kwargs, ["pred"])
        value = _predicate(tr, pred, node, name, "Thread Block Synchronization")
        return tr.op(op, [value], tr.py(result) if result else value.type,
                     regions=[tr.ir.new_region([])])
    translate.__doc__ = "`%s(pred)`" % name
    return translate


syncthreads_count = device_function("syncthreads_count")(
    _barrier_reduce("simt.syncthreads_count", "syncthreads_count", "int"))
syncthreads_and = device_function("syncthreads_and")(
    _barrier_reduce("simt.syncthreads_and", "syncthreads_and", "bool"))
syncthreads_or = device_function("syncthreads_or")(
    _barrier_reduce("simt.syncthreads_or", "syncthreads_or", "bool"))


# -- warps ------------------------------------------------------------------------------
def _mask(tr, value, node, what="mask", section=None):
    """A WarpMask (ui32): a constant such as 0xffffffff becomes one. The
    spec's functions (`section`) take WarpMasks only; numba's convert."""
    if section is not None:
        hinted(tr, value, "WarpMask", node, what, section)
    if isinstance(value, Const) and isinstance(value.obj, int) and \
            not isinstance(value.obj, bool):
        if not 0 <= value.obj < 2**32:
            raise tr.error(DeviceValueError, "a warp mask has 32 bits, not %#x" % value.obj,
                           node)
        return tr.constant(_types.uint32(value.obj), node)
    value = tr.value(value, node, "a warp mask")
    ui32 = tr.ir.int_type(32, False)
    return tr.cast(value, ui32, node)


@device_function("activemask")
def activemask(tr, args, kwargs, node):
    """`activemask() -> WarpMask`"""
    _bind(tr, node, "activemask", args, kwargs, [])
    return tr.op("simt.activemask", (), tr.ir.int_type(32, False))


@device_function("lanemask_lt")
def lanemask_lt(tr, args, kwargs, node):
    """`lanemask_lt() -> WarpMask`"""
    _bind(tr, node, "lanemask_lt", args, kwargs, [])
    return tr.op("simt.lanemask_lt", (), tr.ir.int_type(32, False))


@device_function("syncwarp")
def syncwarp(tr, args, kwargs, node):
    """`syncwarp(mask)`"""
    (mask,) = _bind(tr, node, "syncwarp", args, kwargs, ["mask"], {"mask": 0xFFFFFFFF})
    tr.emit("simt.syncwarp", [_mask(tr, mask, node, "mask", "syncwarp")])
    return Const(None)


def _vote(op, name, result):
    def translate(tr, args, kwargs, node):
        mask, pred = _bind(tr, node, name, args, kwargs, ["mask", "pred"])
        mask = _mask(tr, mask, node, "mask", name)
        value = _predicate(tr, pred, node, name, "Thread Warp Synchronization")
        type = tr.ir.int_type(32, False) if result == "mask" else tr.py("bool")
        return tr.op(op, [mask, value], type, regions=[tr.ir.new_region([])])
    translate.__doc__ = "`%s(mask, pred)`" % name
    return translate


all_sync = device_function("all_sync")(_vote("simt.all_sync", "all_sync", "bool"))
any_sync = device_function("any_sync")(_vote("simt.any_sync", "any_sync", "bool"))
eq_sync = device_function("eq_sync")(_vote("simt.eq_sync", "eq_sync", "bool"))
ballot_sync = device_function("ballot_sync")(_vote("simt.ballot_sync", "ballot_sync", "mask"))


def _shuffle(op, name, offset_name):
    def translate(tr, args, kwargs, node):
        mask, value, offset = _bind(tr, node, name, args, kwargs,
                                    ["mask", "value", offset_name])
        constant_mask = mask.obj if isinstance(mask, Const) else None
        mask = _mask(tr, mask, node, "mask", name)
        value = tr.value(value, node, "a shuffled value")
        hinted(tr, offset, "WarpMask" if offset_name == "flag" else "int32", node,
               offset_name, name)
        if isinstance(offset, Const) and isinstance(offset.obj, int) and \
                not 0 <= offset.obj < 32 and not isinstance(offset.obj, bool):
            raise tr.error(DeviceValueError, "%s of %s is a lane from 0 to 31, not %d (cuda-"
                           "device spec, \"%s\")" % (offset_name, name, offset.obj, name),
                           node)
        if name == "shfl_sync" and isinstance(offset, Const) and \
                isinstance(constant_mask, int) and not constant_mask >> offset.obj & 1:
            # Both known: the source lane must be in the mask.
            raise tr.error(DeviceValueError, "src_lane %d of shfl_sync is not in the mask "
                           "%#x (cuda-device spec, \"shfl_sync\": mask[src_lane] == True)"
                           % (offset.obj, constant_mask), node)
        offset = tr.value(offset, node, offset_name)
        if tr.module.policy == _NUMBAPRO and str(offset.type) not in ("!py.int", "si32",
                                                                       "ui32"):
            offset = tr.cast(offset, tr.ir.int_type(32, True), node)  # numba's int64 lanes
        return tr.op(op, [mask, value, offset], value.type)
    translate.__doc__ = "`%s(mask, value, %s)`" % (name, offset_name)
    return translate


shfl_sync = device_function("shfl_sync")(_shuffle("simt.shfl_sync", "shfl_sync", "src_lane"))
shfl_up_sync = device_function("shfl_up_sync")(
    _shuffle("simt.shfl_up_sync", "shfl_up_sync", "delta"))
shfl_down_sync = device_function("shfl_down_sync")(
    _shuffle("simt.shfl_down_sync", "shfl_down_sync", "delta"))
shfl_xor_sync = device_function("shfl_xor_sync")(
    _shuffle("simt.shfl_xor_sync", "shfl_xor_sync", "flag"))


# -- numeric intrinsics -----------------------------------------------------------------
def _bits(op, name, same_type):
    def translate(tr, args, kwargs, node):
        (x,) = _bind(tr, node, name, args, kwargs, ["x"])
        x = tr.value(x, node, "x")
        return tr.op(op, [x], x.type if same_type else tr.py("int"))
    translate.__doc__ = "`%s(x)`" % name
    return translate


popc = device_function("popc")(_bits("simt.popc", "popc", False))
clz = device_function("clz")(_bits("simt.clz", "clz", False))
ffs = device_function("ffs")(_bits("simt.ffs", "ffs", False))
brev = device_function("brev")(_bits("simt.brev", "brev", True))


@device_function("cbrt")
def cbrt(tr, args, kwargs, node):
    """`cbrt(a)`"""
    (a,) = _bind(tr, node, "cbrt", args, kwargs, ["a"])
    a = tr.value(a, node, "a")
    return tr.op("simt.cbrt", [a], a.type)


@device_function("fma")
def fma(tr, args, kwargs, node):
    """`fma(a, b, c)`: the operands promoted to one float type."""
    a, b, c = (tr.value(v, node, "an operand")
               for v in _bind(tr, node, "fma", args, kwargs, ["a", "b", "c"]))
    for name, operand in zip("abc", (a, b, c)):
        text = str(operand.type)
        if tr.module.policy != _NUMBAPRO and operand.kind == "number" and \
                not (text == "!py.float" or text.startswith(("f", "bf"))):
            raise tr.error(DeviceTypeError, "%s of fma is a floating point number, not %s "
                           "(cuda-device spec, \"fma\": a, b and c have floating point "
                           "types)" % (name, operand.describe()), node)
    common = tr.common_type([a, b, c], node)
    a, b, c = (tr.cast(v, common, node) for v in (a, b, c))
    return tr.op("simt.fma", [a, b, c], common)


# -- atomics ------------------------------------------------------------------------------
@device_function("atomic_ref")
def atomic_ref(tr, args, kwargs, node):
    """`atomic_ref(array, index) -> AtomicInterface`"""
    from ._values import AtomicVal
    array, index = _bind(tr, node, "atomic_ref", args, kwargs, ["array", "index"])
    if not (hasattr(array, "kind") and array.kind == "array"):
        raise tr.error(DeviceTypeError, "atomic_ref takes an array, not %s"
                       % array.describe(), node)
    indices = list(index.items) if isinstance(index, TupleVal) else [index]
    operands = tr.index_operands(array, indices, node)
    from ._struct import StructType
    if isinstance(array.dtype, StructType) and any(
            isinstance(t, _types.Atomic) for _, t in array.dtype.fields):
        # A struct with Atomic members: `.member` picks one.
        from ._values import StructRef
        return StructRef(array, operands, array.dtype)
    dtype = tr.dtype_type(array.dtype, node)
    ref_type = tr.ir.atomic_ref_type(dtype)
    ref = tr.ir.result(tr.emit("simt.atomic_ref", [array] + operands, [ref_type]))
    return AtomicVal(ref, ref_type, dtype)


def atomic_member(tr, ref, name, node):
    """`ref.member` of a reference to a struct with Atomic members (an
    element of an array of them, `self` in its methods): an Atomic member's
    AtomicInterface (`simt.atomic_ref … member [...]`), another field's
    value, or a @func method."""
    from ._values import AtomicVal, Method
    atomic = ref.struct.atomic_field(name)
    if atomic is None:
        method = getattr(ref.struct.cls, name, None)
        from ._kernel import func as func_class
        if isinstance(method, func_class):
            return Method(ref, name)
        field = ref.struct.field_type(name)
        if field is None:
            raise tr.error(DeviceTypeError, "@struct %s has no field or @func method '%s'"
                           % (ref.struct.name, name), node)
        element = tr.op("py.array.getitem", [ref.array] + ref.operands,
                        tr.dtype_type(ref.struct, node))
        return tr.op("py.struct.getattr", [element], tr.dtype_type(field, node),
                     {"field": tr.ir.string_attr(name)})
    dtype = tr.dtype_type(atomic.dtype, node)
    ref_type = tr.ir.atomic_ref_type(dtype)
    value = tr.ir.result(tr.emit("simt.atomic_ref", [ref.array] + ref.operands, [ref_type],
                                 {"member": tr.ir.string_array_attr([name])}))
    return AtomicVal(value, ref_type, dtype)


def memory_attributes(tr, memory, scope, node):
    memory = memory.obj if isinstance(memory, Const) else None
    scope = scope.obj if isinstance(scope, Const) else None
    if memory not in _MEMORY:
        raise tr.error(DeviceValueError, "memory is one of %s (cuda-device spec, \"Memory "
                       "Orderings\"), not %r" % (", ".join(_MEMORY), memory), node)
    if scope not in _SCOPE:
        raise tr.error(DeviceValueError, "scope is one of %s (cuda-device spec, \"Thread "
                       "Scopes\"), not %r" % (", ".join(_SCOPE), scope), node)
    return {"memory": tr.enum(_MEMORY[memory]), "scope": tr.enum(_SCOPE[scope])}


_ATOMIC_KINDS = {"exch": 0, "add": 1, "sub": 2, "and_": 3, "or_": 4, "xor": 5, "max": 6,
                 "min": 7, "nanmax": 8, "nanmin": 9, "inc": 10, "dec": 11}
# inc/dec (CUDA's wrapping atomicInc/atomicDec) are not in the spec's
# AtomicInterface: the numba.cuda spelling's cuda.atomic.inc/dec use them.
ATOMIC_METHODS = (set(_ATOMIC_KINDS) - {"inc", "dec"}) | {"load", "store", "cas", "wait",
                                                           "notify_one", "notify_all"}


def atomic_method(tr, ref, name, args, kwargs, node):
    """`ref.<name>(...)` of an AtomicInterface (cuda-device spec, "Atomics")."""
    from ._values import Val
    defaults = {"memory": "seq_cst", "scope": "system"}
    if name == "load":
        memory, scope = _bind(tr, node, name, args, kwargs, ["memory", "scope"], defaults)
        return tr.op("simt.atomic_load", [ref.value], ref.dtype,
                     memory_attributes(tr, memory, scope, node))

    if name in ("notify_one", "notify_all"):
        # C++20's notifications (the spec's ticket_mutex): a wait polls the
        # value, so there is nobody to wake.
        _bind(tr, node, name, args, kwargs, [])
        return Const(None)

    def operand(v):
        v = tr.value(v, node, "an atomic operand")
        if not _ir_assignable(tr, v.type, ref.dtype):
            raise tr.error(DeviceTypeError, "a %s value is not assignable to the atomic's %s"
                           % (v.type, ref.dtype), node)
        return tr.cast(v, ref.dtype, node)

    if name in ("store", "wait"):
        # store(val); wait(old) (C++20's atomic_ref::wait): returns once the
        # value is not `old`.
        value, memory, scope = _bind(tr, node, name, args, kwargs,
                                     ["val" if name == "store" else "old", "memory", "scope"],
                                     defaults)
        tr.emit("simt.atomic_" + name, [ref.value, operand(value)], [],
                memory_attributes(tr, memory, scope, node))
        return Const(None)
    if name == "cas":
        old, val, memory, scope = _bind(tr, node, name, args, kwargs,
                                        ["old", "val", "memory", "scope"], defaults)
        return tr.op("simt.atomic_cas", [ref.value, operand(old), operand(val)], ref.dtype,
                     memory_attributes(tr, memory, scope, node))
    val, memory, scope = _bind(tr, node, name, args, kwargs, ["val", "memory", "scope"],
                               defaults)
    attributes = memory_attributes(tr, memory, scope, node)
    attributes["kind"] = tr.enum(_ATOMIC_KINDS[name])
    return tr.op("simt.atomic_rmw", [ref.value, operand(val)], ref.dtype, attributes)


def _ir_assignable(tr, value, target):
    from .. import _ir
    return _ir.py_assignable(tr.module.policy, value, target)


@device_function("dynamic_shared_array", device_only=True)
def dynamic_shared_array(tr, args, kwargs, node):
    """`dynamic_shared_array()`: the launch's dynamic shared memory as bytes
    (`.view(dtype)` reads it as another dtype)."""
    _bind(tr, node, "dynamic_shared_array", args, kwargs, [])
    type = tr.ir.py_array_type(tr.ir.int_type(8, False), 1, tr.loc(node))
    return tr.op("simt.dynamic_shared_array", (), type)


@device_function("match_any_sync")
def match_any_sync(tr, args, kwargs, node):
    """`match_any_sync(mask, value) -> WarpMask`: the lanes of `mask` whose
    `value` equals this lane's."""
    mask, value = _bind(tr, node, "match_any_sync", args, kwargs, ["mask", "value"])
    return tr.op("simt.match_any_sync", [_mask(tr, mask, node, "mask", "match_any_sync"),
                                         tr.value(value, node, "a matched value")],
                 tr.ir.int_type(32, False))


@device_function("match_all_sync")
def match_all_sync(tr, args, kwargs, node):
    """`match_all_sync(mask, value) -> (WarpMask, bool)`: `mask` and True
    when every lane of `mask` has this lane's `value`, else 0 and False."""
    mask, value = _bind(tr, node, "match_all_sync", args, kwargs, ["mask", "value"])
    operation = tr.emit("simt.match_all_sync", [_mask(tr, mask, node, "mask",
                                                      "match_all_sync"),
                                                tr.value(value, node, "a matched value")],
                        [tr.ir.int_type(32, False), tr.py("bool")])
    return TupleVal([tr.wrap(tr.ir.result(operation, 0), tr.ir.int_type(32, False)),
                     tr.wrap(tr.ir.result(operation, 1), tr.py("bool"))])


def warp_mask_item(tr, mask, index, node):
    """`mask[i]` of a WarpMask (0 <= i < 32 for a constant: cuda-device spec,
    "WarpMask.__getitem__")."""
    hinted(tr, index, "int32", node, "i", "WarpMask.__getitem__")
    if isinstance(index, Const) and isinstance(index.obj, int) and not 0 <= index.obj < 32:
        raise tr.error(DeviceValueError, "a WarpMask index is from 0 to 31, not %d (cuda-"
                       "device spec, \"WarpMask.__getitem__\")" % index.obj, node)
    (operand,) = tr.index_operands_of([index], node)
    return tr.op("simt.warp_mask.getitem", [mask, operand], tr.py("bool"))


def warp_mask_set(tr, mask, index, value, node):
    """`mask[i] = on`: a new WarpMask."""
    hinted(tr, index, "int32", node, "i", "WarpMask.__setitem__")
    hinted(tr, value, "bool", node, "val", "WarpMask.__setitem__")
    if isinstance(index, Const) and isinstance(index.obj, int) and not 0 <= index.obj < 32:
        raise tr.error(DeviceValueError, "a WarpMask index is from 0 to 31, not %d (cuda-"
                       "device spec, \"WarpMask.__setitem__\")" % index.obj, node)
    (operand,) = tr.index_operands_of([index], node)
    on = tr.to_bool(value, node)
    if isinstance(on, Const):
        on = tr.constant(on.obj, node)
    return tr.op("simt.warp_mask.setitem", [mask, operand, on], mask.type)
