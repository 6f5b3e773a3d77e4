"""Kernels, their specializations, the compile caches and `launch`."""

import dataclasses
import hashlib
import json
import operator
import os
import tempfile
import typing

from .._jit import (_TENSOR_TYPES, LazyModule, _cache_enabled, _chip, _device, _is_array,
                    _is_tensor, _library_identity, _read_cache, _runtime, _stream,
                    _write_cache, assemble, assembly_chip, compile_chip, describe_value,
                    frontend_identity, image, is_cudapy_module, source_fingerprint)
from . import _dtypes
from ._values import ArgSpec
from ._errors import (TileCompilerExecutionError, TileInternalError, TileTypeError,
                      TileUnsupportedFeatureError, TileValueError)

_capi = LazyModule("cudapy._capi")
# The translator: imported on the first compile (a launch whose kernel
# the disk cache holds under its source key translates nothing).
_compiler = LazyModule("cudapy.tile._compiler")


def cdiv(x, y, /):
    """`ceil(x / y)` of integers; in host code and in kernels."""
    return -(-x // y)


class ConstantAnnotation:
    """Marks a kernel parameter whose value is compiled into the kernel
    (`ct.Constant[int]`): one compiled kernel per distinct value."""

    def __repr__(self):
        return "ConstantAnnotation()"

    def __eq__(self, other):
        return isinstance(other, ConstantAnnotation)

    def __hash__(self):
        return hash(ConstantAnnotation)


_T = typing.TypeVar("_T")
Constant = typing.Annotated[_T, ConstantAnnotation()]


@dataclasses.dataclass(frozen=True)
class ArrayAnnotation:
    """`Annotated[ct.Array, ct.ArrayAnnotation(...)]` on an array parameter:
    `index_dtype` (int32 or int64) is the dtype its shape and strides read
    as in the kernel; the dimensions in `static_shape_dims` and
    `static_stride_dims` (negative ones count from the end) have their
    extents and strides compiled in (one kernel per distinct value)."""

    index_dtype: object = _dtypes.int32
    static_shape_dims: tuple = ()
    static_stride_dims: tuple = ()

    def __init__(self, *, index_dtype=_dtypes.int32, static_shape_dims=(),
                 static_stride_dims=()):
        if index_dtype not in (_dtypes.int32, _dtypes.int64):
            raise TypeError("index_dtype must be ct.int32 or ct.int64, not %r" % (index_dtype,))
        for name, dims in (("static_shape_dims", static_shape_dims),
                           ("static_stride_dims", static_stride_dims)):
            if not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
                raise TypeError("%s must be a tuple of ints" % name)
        object.__setattr__(self, "index_dtype", index_dtype)
        object.__setattr__(self, "static_shape_dims", tuple(static_shape_dims))
        object.__setattr__(self, "static_stride_dims", tuple(static_stride_dims))


@dataclasses.dataclass(frozen=True)
class ScalarAnnotation:
    """The dtype an integer parameter takes (`ct.ScalarInt64`)."""

    dtype: object


@dataclasses.dataclass(frozen=True)
class ListAnnotation:
    """`Annotated[list, ct.ListAnnotation(element=ct.ArrayAnnotation(...))]`:
    a parameter taking a list of arrays."""

    element: object = None

    def __init__(self, *, element=None):
        object.__setattr__(self, "element", element)


IndexedWithInt64 = typing.Annotated[_T, ArrayAnnotation(index_dtype=_dtypes.int64)]
ScalarInt64 = typing.Annotated[_T, ScalarAnnotation(_dtypes.int64)]


class _Parameter:
    """What a kernel parameter's annotation says."""

    __slots__ = ("constant", "scalar", "array", "is_list", "list_element")

    def __init__(self, metadata):
        self.constant = any(isinstance(m, ConstantAnnotation) for m in metadata)
        self.scalar = next((m.dtype for m in metadata if isinstance(m, ScalarAnnotation)),
                           None)
        self.array = next((m for m in metadata if isinstance(m, ArrayAnnotation)), None)
        found = next((m for m in metadata if isinstance(m, ListAnnotation)), None)
        self.is_list = found is not None
        # A list's element annotation: an ArrayAnnotation, or an Annotated
        # type holding one.
        element = found.element if found is not None else None
        if element is not None and not isinstance(element, ArrayAnnotation):
            element = next((m for m in getattr(element, "__metadata__", ())
                            if isinstance(m, ArrayAnnotation)), None)
        self.list_element = element


class ByTarget:
    """A hint whose value depends on the chip: `ByTarget(sm_90=2, default=1)`."""

    def __init__(self, *, default=None, **value_by_target):
        for target in value_by_target:
            if not target.startswith("sm_"):
                raise ValueError("ByTarget keys are chips such as sm_90, not %r" % target)
        self.default, self.values = default, dict(value_by_target)

    def resolve(self, chip):
        base = chip[:-1] if chip.endswith(("a", "f")) else chip
        for key in (chip, base):
            if key in self.values:
                return self.values[key]
        return self.default

    def __repr__(self):
        items = ["%s=%r" % kv for kv in self.values.items()]
        if self.default is not None:
            items.append("default=%r" % self.default)
        return "ByTarget(%s)" % ", ".join(items)


_HINTS = {"num_ctas": (1, 16, True), "occupancy": (1, 32, False), "opt_level": (0, 3, False),
          "num_worker_warps": (1, 32, True)}


def _check_hint(name, value):
    low, high, power_of_two = _HINTS[name]
    values = list(value.values.values()) + ([value.default] if value.default is not None
                                            else []) if isinstance(value, ByTarget) else [value]
    for v in values:
        if v is None:
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high or \
                (power_of_two and v & (v - 1)):
            raise ValueError("%s must be %s in [%d, %d], not %r"
                             % (name, "a power of two" if power_of_two else "an integer",
                                low, high, v))


def _array_spec(value, view, annotation=None):
    dtype = _dtypes.from_array_dtype(getattr(value, "dtype", None))
    if dtype is None and not hasattr(value, "dtype"):
        interface = getattr(value, "__cuda_array_interface__", None)
        typestr = interface.get("typestr") if isinstance(interface, dict) else None
        dtype = _dtypes.from_typestr(typestr)
        if dtype is None:
            raise TypeError("arrays of typestr %r are not supported" % (typestr,))
    if dtype is None:
        raise TypeError("arrays of dtype %s are not supported" % getattr(value, "dtype", "?"))
    rank = len(view.shape)
    itemsize = dtype.itemsize
    unit = rank > 0 and (view.strides[-1] == 1 or view.shape[-1] <= 1)
    per16 = 16 // itemsize if itemsize and 16 % itemsize == 0 else 0
    divisibility = []
    for d, stride in enumerate(view.strides):
        if d == rank - 1 and unit:
            divisibility.append(1)
        elif per16 and stride % per16 == 0:
            divisibility.append(per16)
        else:
            divisibility.append(1)
    static_shape, static_strides, index64 = (), (), False
    if annotation is not None:
        def dims(listed, what):
            result = []
            for d in listed:
                if not -rank <= d < rank:
                    raise TypeError("%s entry %d is not a dimension of a rank-%d array"
                                    % (what, d, rank))
                result.append(d % rank)
            return sorted(set(result))
        static_shape = tuple((d, view.shape[d]) for d in dims(annotation.static_shape_dims,
                                                                "static_shape_dims"))
        static_strides = tuple((d, view.strides[d])
                               for d in dims(annotation.static_stride_dims,
                                             "static_stride_dims"))
        index64 = annotation.index_dtype is _dtypes.int64
        if static_strides:  # the listed strides replace the unit-stride fact
            unit = False
    extents = tuple(_extent_fact(e, per16) for e in view.shape)
    return ArgSpec("array", dtype, rank, unit_stride=unit, aligned16=view.pointer % 16 == 0,
                   stride_divisibility=divisibility, static_shape=static_shape,
                   static_strides=static_strides, index64=index64, divisibility=extents)


def _describe(value, seen):
    """A value a kernel reads, as the source key describes it (text), or
    None: dtypes by name; the helpers it calls by their own fingerprints
    (_fingerprint); cudapy's functions, classes and enumerations by name
    (the frontend's identity in the key covers them)."""
    import enum
    import inspect
    if isinstance(value, _dtypes.DType):
        return "dtype " + value.name
    module = getattr(value, "__module__", None)
    ours = is_cudapy_module(module)
    helper = hasattr(value, "__cudapy_tile_function__")
    if inspect.isfunction(value) and ours and not helper:
        return "cudapy %s.%s" % (module, value.__qualname__)
    if inspect.isfunction(value) or helper:
        inner = getattr(value, "__wrapped__", value)
        if inner in seen:
            return "function " + inner.__qualname__
        seen.add(inner)
        text = _fingerprint(inner, seen)
        return text and "function %s %s" % (inner.__qualname__, text)
    if isinstance(value, enum.Enum) and is_cudapy_module(type(value).__module__):
        return "cudapy %r" % (value,)
    if inspect.isclass(value) and ours:
        return "cudapy %s.%s" % (module, value.__qualname__)
    return None


def _fingerprint(function, seen):
    """The source fingerprint of a kernel or helper function
    (cudapy._jit.source_fingerprint, what it reads by _describe)."""
    return source_fingerprint(function, lambda value: _describe(value, seen))


def _spec_text(spec, seen):
    """A launch argument's specialization in the source key: `Constant`
    values by value or by _describe (a function passed as one, by its
    fingerprint), never by `repr` (an address, or less); None where one
    cannot be described."""
    if spec.kind == "constant":
        value = spec.value
        text = describe_value(value, lambda v: _describe(v, seen))
        return None if text is None else "constant %s %s" % (type(value).__name__, text)
    if spec.kind == "tuple":
        items = [_spec_text(item, seen) for item in spec.value]
        return None if None in items else "tuple(%s)" % ", ".join(items)
    return repr(spec.key())


class _Compiled:
    __slots__ = ("kernel", "block", "metadata", "num_warps", "ir_text")

    def __init__(self, kernel, block, metadata, num_warps, ir_text):
        self.kernel, self.block, self.metadata = kernel, block, metadata
        self.num_warps, self.ir_text = num_warps, ir_text


class kernel:
    """`@ct.kernel` or `@ct.kernel(num_ctas=…, occupancy=…, opt_level=…,
    num_worker_warps=…)`: a tile kernel, launched with `ct.launch`.

    `num_worker_warps` fixes the warps per tile block; otherwise the
    compiler chooses them from the kernel's tiles."""

    def __init__(self, function=None, /, *, num_ctas=None, occupancy=None, opt_level=3,
                 num_worker_warps=None):
        hints = {"num_ctas": num_ctas, "occupancy": occupancy, "opt_level": opt_level,
                 "num_worker_warps": num_worker_warps}
        for name, value in hints.items():
            _check_hint(name, value)
        self._hints = hints
        self._function = None
        self._cache = {}
        self._by_launch_key = {}
        if function is not None:
            self._set_function(function)

    def _set_function(self, function):
        if not callable(function):
            raise TypeError("@ct.kernel decorates a function")
        self._function = function
        self.__name__ = getattr(function, "__name__", "kernel")
        self.__qualname__ = getattr(function, "__qualname__", self.__name__)
        self.__doc__ = getattr(function, "__doc__", None)
        self.__wrapped__ = function
        self._source = None
        self._constants = None

    def __call__(self, *args, **kwargs):
        if self._function is None and len(args) == 1 and callable(args[0]) and not kwargs:
            self._set_function(args[0])  # @ct.kernel(...) applied to the function
            return self
        raise TypeError("Tile kernels cannot be called directly. Use cudapy.tile.launch() "
                        "instead.")

    def replace_hints(self, **hints):
        """A copy of this kernel with other hints (and its own caches)."""
        merged = dict(self._hints)
        for name, value in hints.items():
            if name not in _HINTS:
                raise TypeError("unknown kernel hint %r" % name)
            merged[name] = value
        return kernel(self._function, **merged)

    @property
    def function(self):
        return self._function

    # -- specialization --------------------------------------------------------------
    def _constant_parameters(self):
        if self._constants is None:
            import inspect
            names = list(inspect.signature(self._function).parameters)
            try:
                hints = typing.get_type_hints(self._function, include_extras=True)
            except Exception:
                hints = dict(getattr(self._function, "__annotations__", {}))
            self._parameters = [_Parameter(getattr(hints.get(name), "__metadata__", ()))
                                for name in names]
            self._constants = [p.constant for p in self._parameters]
            self._num_runtime = len(self._constants) - sum(self._constants)
            # Static extents and strides vary with the arguments' values: such
            # kernels take the full specialization at every launch.
            self._fast = not any(a and (a.static_shape_dims or a.static_stride_dims)
                                 for p in self._parameters
                                 for a in (p.array, p.list_element))
        return self._constants

    def _specs(self, args):
        constants = self._constant_parameters()
        if len(args) != len(constants):
            raise TileTypeError("%s takes %d arguments, %d given"
                                % (self.__name__, len(constants), len(args)))
        specs = []
        from .. import runtime
        for i, (value, constant, parameter) in enumerate(zip(args, constants,
                                                             self._parameters)):
            if isinstance(value, list) or parameter.is_list:
                if constant:
                    raise TileTypeError("argument %d of %s is a ct.Constant; pass a number, "
                                        "a bool or a tuple, not a list" % (i, self.__name__))
                specs.append(self._list_spec(i, value, parameter.list_element))
                continue
            if isinstance(value, tuple) and not constant:
                specs.append(self._tuple_spec("argument %d of %s" % (i, self.__name__), value,
                                              parameter.array))
                continue
            if parameter.scalar is not None and isinstance(value, int) and \
                    not isinstance(value, bool):
                if not -2**63 <= value < 2**63:
                    raise TileValueError("argument %d of %s: %d does not fit in %s"
                                         % (i, self.__name__, value, parameter.scalar.name))
                specs.append(ArgSpec("scalar", parameter.scalar))
                continue
            if constant:
                if isinstance(value, (list, dict, set)) or _is_array(value):
                    raise TileTypeError("argument %d of %s is a ct.Constant; pass a number, "
                                        "a bool or a tuple, not %s"
                                        % (i, self.__name__, type(value).__name__))
                specs.append(ArgSpec("constant", value=value))
                continue
            if isinstance(value, (bool, int, float)):
                dtype = _dtypes.of_python_scalar(value)
                specs.append(ArgSpec("scalar", dtype))
                continue
            view = runtime._view(value) if _is_array(value) else None
            if view is None:
                raise TileTypeError("argument %d of %s: cannot pass a %s to a tile kernel"
                                    % (i, self.__name__, type(value).__name__))
            try:
                specs.append(_array_spec(value, view, parameter.array))
            except TypeError as why:
                raise TileTypeError("argument %d of %s: %s" % (i, self.__name__, why))
        return specs

    def _tuple_spec(self, what, value, annotation):
        """A tuple argument's specialization: its length and each item's,
        an array (with its facts), a number (a scalar of its dtype) or a
        tuple. Each array and number is a kernel argument of its own (the
        tuple's items in order); in the kernel the parameter is a tuple of
        compile-time length. An extension of cuTile 1.6, whose kernels take
        no tuples (NVIDIA TileGym's grouped GEMM passes tuples of arrays)."""
        from .. import runtime
        items = []
        for k, item in enumerate(value):
            where = "%s, item %d of the tuple" % (what, k)
            if isinstance(item, tuple):
                items.append(self._tuple_spec(where, item, annotation))
            elif isinstance(item, (bool, int, float)):
                items.append(ArgSpec("scalar", _dtypes.of_python_scalar(item)))
            else:
                view = runtime._view(item) if _is_array(item) else None
                if view is None:
                    raise TileTypeError("%s: a tuple a kernel takes holds arrays, numbers and "
                                        "tuples, not a %s" % (where, type(item).__name__))
                try:
                    items.append(_array_spec(item, view, annotation))
                except TypeError as why:
                    raise TileTypeError("%s: %s" % (where, why))
        return ArgSpec("tuple", value=tuple(items))

    def _list_spec(self, i, value, annotation):
        """The specialization of a list of arrays: its arrays' dtype and
        rank (one for all), and the facts every one of them has."""
        if not isinstance(value, list):
            raise TileTypeError("argument %d of %s takes a list of arrays, not a %s"
                                % (i, self.__name__, type(value).__name__))
        from .. import runtime
        specs = []
        for k, item in enumerate(value):
            view = runtime._view(item) if _is_array(item) else None
            if view is None:
                raise TileTypeError("argument %d of %s: item %d of the list is not an array "
                                    "(%s)" % (i, self.__name__, k, type(item).__name__))
            try:
                specs.append(_array_spec(item, view, annotation))
            except TypeError as why:
                raise TileTypeError("argument %d of %s: item %d of the list: %s"
                                    % (i, self.__name__, k, why))
        if not specs:
            raise TileValueError("argument %d of %s: an empty list has no dtype or rank to "
                                 "compile for" % (i, self.__name__))
        first = specs[0]
        for k, spec in enumerate(specs[1:], 1):
            if spec.dtype is not first.dtype or spec.rank != first.rank:
                raise TileTypeError("argument %d of %s: the list's arrays have one dtype and "
                                    "rank; item 0 is a %d-d %s array, item %d a %d-d %s array"
                                    % (i, self.__name__, first.rank, first.dtype.name, k,
                                       spec.rank, spec.dtype.name))
            if spec.static_shape != first.static_shape or \
                    spec.static_strides != first.static_strides:
                raise TileValueError("argument %d of %s: the list's arrays differ in the "
                                     "static extents or strides its annotation compiles in"
                                     % (i, self.__name__))
        return ArgSpec("list", first.dtype, first.rank,
                       unit_stride=all(s.unit_stride for s in specs),
                       aligned16=all(s.aligned16 for s in specs),
                       stride_divisibility=[min(d) for d in zip(*(s.stride_divisibility
                                                                  for s in specs))],
                       static_shape=first.static_shape, static_strides=first.static_strides,
                       index64=first.index64,
                       divisibility=[min(d) for d in zip(*(s.divisibility for s in specs))])

    def _num_warps(self, chip):
        fixed = self._hints["num_worker_warps"]
        if isinstance(fixed, ByTarget):
            fixed = fixed.resolve(chip)
        return fixed

    # -- compiling -------------------------------------------------------------------------
    def compile(self, args, chip=None):
        """Compiles for the arguments' specialization (without launching);
        returns the compiled entry (PTX and metadata under `.metadata`)."""
        chip = chip or _chip()
        specs = self._specs(args)
        return self._compile(specs, chip)

    def _grid_blocks(self, blocks, chip):
        """What a launch of `blocks` tile blocks specializes on, where the
        grid is too small to fill the device: the power of two at or below
        `blocks`; else None. Where the compiler chooses the warps,
        tile-choose-num-warps then gives each block enough for 16 an SM;
        where the kernel fixes them and its blocks leave each SM fewer
        than 16, tile-pipeline-loads loads a loop's small tiles two
        iterations ahead. Launches whose grids ask for as many warps share
        that compile (`_compile`'s key is the warps asked for)."""
        bucket = 1 << (blocks.bit_length() - 1)
        fixed = self._num_warps(chip)
        if fixed is None:
            return bucket if _warps_for_grid(bucket) > 1 else None
        return bucket if bucket * fixed < 16 * _device().multiprocessors else None

    def _compile(self, specs, chip, grid_blocks=None):
        key = (chip, tuple(s.key() for s in specs),
               grid_blocks and _warps_for_grid(grid_blocks))
        found = self._cache.get(key)
        if found is not None:
            return found
        options = {"chip": chip, "opt_level": self._hints["opt_level"]
                   if not isinstance(self._hints["opt_level"], ByTarget)
                   else self._hints["opt_level"].resolve(chip) or 3}
        # The cubin's chip: the device's, also for PTX of another chip.
        target = assembly_chip(chip)
        # First the disk cache under the kernel's source and the launch's
        # specialization: a hit translates nothing and loads no compiler.
        cached = _cache_enabled()
        source_key = self._source_key(specs, chip, grid_blocks, options, target) \
            if cached else None
        entry = _read_cache(source_key) if source_key else None
        if entry is None or not isinstance(entry.get("ir"), str):
            translator, ir_text = self.translate(specs, chip, grid_blocks)
            try:
                # Then under the IR (another source may make the same IR).
                disk_key = hashlib.sha256("\0".join([_library_identity(), "entry 4", target,
                                                     json.dumps(options), ir_text]).encode()
                                          ).hexdigest()
                entry = _read_cache(disk_key) if cached else None
                if entry is None:
                    entry = self._run_pipeline(translator, options)
                    # A cubin, so that loading runs no PTX JIT (where nvJitLink is
                    # found; else the driver JIT-compiles the PTX).
                    cubin = assemble(entry["ptx"], target, options["opt_level"])
                    if cubin is not None:
                        entry["cubin"] = cubin
                    if cached:
                        _write_cache(disk_key, entry)
            finally:
                translator.ir.close()
            entry["ir"] = ir_text
            if source_key:
                _write_cache(source_key, entry)
        module = _device().load(None, ptx=image(entry), metadata=json.dumps(entry["metadata"]))
        runtime_kernel = module.kernel(self.__name__)
        # The block the compile gave the kernel (32 x tile.num_warps, the
        # kernel's own or the compiler's choice).
        block = runtime_kernel.required_block
        compiled = _Compiled(runtime_kernel, (block[0],), entry["metadata"], block[0] // 32,
                             entry["ir"])
        self._cache[key] = compiled
        return compiled

    def _source_key(self, specs, chip, grid_blocks, options, target):
        """The disk-cache key of a compile from the kernel's source
        fingerprint (cudapy._jit.source_fingerprint: its source, and what
        it reads, helper functions' sources included), the arguments'
        specializations, the hints and options, the frontend's and the
        compiler's builds; None where the kernel reads something that
        cannot be described (a compile then translates, and its IR is the
        key)."""
        # Made again at each compile (a new specialization): the globals and
        # helpers it reads may have been rebound since the last one.
        seen = set()
        fingerprint = _fingerprint(self._function, seen)
        specs_text = [_spec_text(s, seen) for s in specs]
        if fingerprint is None or None in specs_text:
            return None
        multiprocessors = _device().multiprocessors if grid_blocks is not None else 0
        text = "\0".join([_library_identity(),
                           frontend_identity(os.path.dirname(os.path.abspath(__file__))),
                           "source entry 1", chip, target, json.dumps(options, sort_keys=True),
                           repr(sorted(self._hints.items())), self.__name__, fingerprint,
                           repr(specs_text), repr((grid_blocks, multiprocessors))])
        return "src-" + hashlib.sha256(text.encode()).hexdigest()

    def translate(self, specs, chip="sm_90a", grid_blocks=None):
        """The kernel's IR for argument specs: (translator, text with
        locations); `grid_blocks`, a launch's tile blocks, goes to the
        compiler's choice of warps with the device's SMs
        (tile.grid_blocks, tile.multiprocessors)."""
        if self._source is None:
            self._source = _compiler.FunctionSource(self._function)
        from . import _api
        translator = _compiler.KernelTranslator(self._source, specs, _api, {"chip": chip})
        num_warps = self._num_warps(chip)

        def choose(tr):
            return num_warps  # None: the compiler chooses

        def hints(tr):
            # occupancy: the tile blocks an SM should hold at once, which
            # ptxas meets by bounding registers (PTX .minnctapersm).
            attributes = {}
            if grid_blocks is not None:
                attributes["tile.grid_blocks"] = tr.ir.i64_attr(grid_blocks)
                attributes["tile.multiprocessors"] = tr.ir.i64_attr(
                    _device().multiprocessors)
            occupancy = self._hints["occupancy"]
            if isinstance(occupancy, ByTarget):
                occupancy = occupancy.resolve(chip)
            if occupancy is not None:
                attributes["nvvm.minctasm"] = tr.ir.i32_attr(occupancy)
            return attributes

        translator.translate_kernel(self.__name__, choose, hints)
        ir = translator.ir
        if not ir.verify():
            errors = [d for d in ir.diagnostics if d.severity == "error"]
            ir.close()
            if errors:
                first = errors[0]
                raise TileCompilerExecutionError(first.message, first.file, first.line,
                                                 first.column, errors)
            raise TileInternalError("the kernel's IR does not verify")
        return translator, ir.print_module(locations=True)

    def _run_pipeline(self, translator, options):
        # Kernels without tile.num_warps take the compiler's choice.
        result = _capi.compile_module(translator.ir, dict(options, num_warps=0))
        if isinstance(result, list):  # diagnostics of a failed compile
            errors = [d for d in result if d.severity == "error"] or result
            first = errors[0] if errors else None
            if first is None:
                raise TileCompilerExecutionError("the compile failed")
            raise TileCompilerExecutionError(first.message, first.file, first.line,
                                             first.column, result)
        if len(result.outputs) != 1:
            raise TileInternalError("expected one PTX output, got %d" % len(result.outputs))
        return {"ptx": result.outputs[0].text, "metadata": result.metadata}

    # -- launching -------------------------------------------------------------------------
    def _launch(self, stream, grid, args, flags=0):
        if type(args) is not tuple:
            raise TypeError("kernel_args must be a tuple")
        # The hot path: one pass over the arguments gives the key of their
        # specialization and the words of one cudapyLaunchRecords call; then
        # one dictionary look-up and that call.
        if type(grid) is tuple and 0 < len(grid) <= 3 and _runtime().valid_extents(grid):
            words = [*grid, 1, 1][:3] + [0, 1, 1]
        else:
            words = _grid_words(grid)
        constants = self._constants or self._constant_parameters()
        key = _launch_key(args, constants, words) if self._fast else None
        if key is not None:
            # Keyed by the grid's blocks too: the compile may weigh them
            # (_grid_blocks); grids of one class share the compiled kernel.
            blocks = words[0] * words[1] * words[2]
            compiled = self._by_launch_key.get((key[0], blocks))
            if compiled is None:
                specs = self._specs(args)
                chip = _chip()
                compiled = self._by_launch_key[(key[0], blocks)] = self._compile(
                    specs, chip, self._grid_blocks(blocks, chip))
            words[3] = compiled.block[0]
            compiled.kernel.launch_words(words, self._num_runtime + key[2], key[1],
                                         _stream(stream), flags)
            return
        grid = _grid_words(grid)[:3]
        specs = self._specs(args)
        chip = _chip()
        compiled = self._compile(specs, chip, self._grid_blocks(grid[0] * grid[1] * grid[2], chip))
        runtime_args = []
        _runtime_values(args, specs, runtime_args)
        compiled.kernel.launch(grid, compiled.block, *runtime_args, stream=_stream(stream),
                               flags=flags)


def _warps_for_grid(blocks):
    """The warps a block needs for 16 an SM when `blocks` blocks share the
    device's SMs (tile-choose-num-warps' rule, up to its 16; off the fast
    launch path's hits)."""
    needed = -(-16 * _device().multiprocessors // blocks)
    return min(16, 1 << (needed - 1).bit_length())


def _grid_words(grid):
    """The grid's three extents and the block's (x to be filled in); a
    ValueError unless `grid` is 1 to 3 integers from 1 to 2^32 - 1 (Python's,
    or any integral type: NumPy's, say)."""
    if type(grid) is not tuple:
        grid = tuple(grid) if isinstance(grid, list) else (grid,)
    extents = []
    for extent in grid:
        try:
            extent = operator.index(extent) if not isinstance(extent, bool) else 0
        except TypeError:
            extent = 0
        extents.append(extent)
    if not 1 <= len(extents) <= 3 or not _runtime().valid_extents(extents):
        raise ValueError("grid must be 1 to 3 positive integers, not %r" % (grid,))
    return extents + [1] * (3 - len(extents)) + [0, 1, 1]


def _extent_fact(extent, per16):
    """What a launch specializes an array extent on: 16 where it is a
    multiple of 16 (as Triton specializes integers), else the elements of a
    16-byte vector (`per16`) where it is a multiple of that (the tiles at
    its edge then move whole vectors: a bfloat16 row of 1,000), else 1."""
    if extent % 16 == 0:
        return 16
    return per16 if per16 > 1 and extent % per16 == 0 else 1


# (dtype, shape, strides) of a PyTorch tensor -> (twice a small int naming
# what the specialization keys on: dtype, unit last stride, per-stride
# 16-byte and per-extent 16 divisibility; (rank, element bytes)). Tensors of one layout
# share an entry, so a warm launch hashes three short tuples, not facts.
_LAYOUTS = {}
_LAYOUT_IDS = {}  # the facts of a layout -> its small int


def _facts_id(dtype, itemsize, shape, strides):
    """Twice the small int naming a layout's facts (the key adds 1 for a
    16-byte aligned base)."""
    per16 = 16 // itemsize or 1
    last = strides[-1] == 1 or shape[-1] <= 1 if strides else True
    facts = (dtype, last, tuple(s % per16 == 0 for s in strides),
             tuple(_extent_fact(e, per16) for e in shape))
    return 2 * _LAYOUT_IDS.setdefault(facts, len(_LAYOUT_IDS))


def _layout(value, dtype, shape, strides):
    itemsize = value.element_size()
    layout = (_facts_id(dtype, itemsize, shape, strides), (len(shape), itemsize))
    if len(_LAYOUTS) < 4096:
        _LAYOUTS[(dtype, shape, strides)] = layout
    return layout


def _interface_layout(value, typestr, shape, strides):
    """As _layout, for a `__cuda_array_interface__` array, with its strides
    in elements third; None where the array cannot be read."""
    from .. import runtime
    try:
        view = runtime._view(value)
    except ValueError:
        return None
    if view is None:
        return None
    layout = (_facts_id(typestr, view.itemsize, view.shape, view.strides),
              (len(view.shape), view.itemsize), view.strides)
    if len(_LAYOUTS) < 4096:
        _LAYOUTS[(typestr, shape, strides)] = layout
    return layout


# CudapyRecordKind (cudapy/runtime.py's RECORD_*), for the words of a launch.
_RECORD_TILE_ARRAY, _RECORD_INT, _RECORD_FLOAT, _RECORD_TILE_ARRAY_LIST = 0, 1, 2, 3


def _runtime_values(values, specs, out):
    """The kernel arguments of a launch's `values` (their `specs`), in
    order: constants left out, tuples' items in their place."""
    for value, spec in zip(values, specs):
        if spec.kind == "tuple":
            _runtime_values(value, spec.value, out)
        elif spec.kind != "constant":
            out.append(value)


def _launch_key(args, constants, words):
    """(key, floats, extra): what decides the specialization, cheaply, for
    PyTorch tensors, `__cuda_array_interface__` arrays, Python numbers,
    tuples of them and constants, with each runtime argument's entry
    appended to `words`, the floats' (position, value) pairs
    (Kernel.launch_words) and the kernel arguments tuples give beyond one
    each; None for other arguments (the specialization is then worked out
    in full)."""
    if len(args) != len(constants):
        return None
    key = []
    floats = []
    extra = 0
    for value, constant in zip(args, constants):
        kind = type(value)
        if constant:
            if not isinstance(value, (int, float, bool, str, tuple, type(None))):
                return None
            key.append((kind, value))
        elif (kind in _TENSOR_TYPES or _is_tensor(value)) and value.is_cuda:
            dtype = value.dtype
            shape = value.shape
            strides = value.stride()
            pointer = value.data_ptr()
            layout = _LAYOUTS.get((dtype, shape, strides))
            if layout is None:
                layout = _layout(value, dtype, shape, strides)
            key.append(layout[0] + (pointer & 15 == 0))
            words += (_RECORD_TILE_ARRAY, pointer)
            words += layout[1]
            words += shape
            words += strides
        elif kind is float:
            key.append(kind)
            words.append(_RECORD_FLOAT)
            floats.append((len(words), value))
            words.append(0)
        elif kind is int or kind is bool:
            key.append(kind if kind is bool or -2**31 <= value < 2**31 else "int64")
            words += (_RECORD_INT, value)
        elif kind is tuple:
            # Its items, each an argument of its own, in their place.
            found = _launch_key(value, (False,) * len(value), words)
            if found is None:
                return None
            key.append(("tuple",) + found[0])
            floats += found[1]
            extra += len(value) + found[2] - 1
        elif kind is list:
            # A list of arrays: its record, and the key of each array (the
            # specialization keys on the facts they all share).
            words += (_RECORD_TILE_ARRAY_LIST, len(value))
            items = []
            for item in value:
                item_key = _item_words(item, words)
                if item_key is None:
                    return None
                items.append(item_key)
            key.append(tuple(items))
        else:
            # CuPy, Numba and other __cuda_array_interface__ arrays.
            words.append(_RECORD_TILE_ARRAY)
            item = _item_words(value, words)
            if item is None:
                return None
            key.append(item)
    return tuple(key), floats, extra


def _item_words(value, words):
    """An array on the launch path (an argument, or an array of a list): its
    key, with its record (pointer, rank, element bytes, extents, strides)
    appended to `words`; None for what the general path has to look at."""
    if (type(value) in _TENSOR_TYPES or _is_tensor(value)) and value.is_cuda:
        dtype, shape, strides = value.dtype, value.shape, value.stride()
        pointer = value.data_ptr()
        layout = _LAYOUTS.get((dtype, shape, strides))
        if layout is None:
            layout = _layout(value, dtype, shape, strides)
        words += (pointer, *layout[1], *shape, *strides)
        return layout[0] + (pointer & 15 == 0)
    interface = getattr(value, "__cuda_array_interface__", None)
    if type(interface) is not dict:
        return None
    typestr, shape = interface.get("typestr"), interface.get("shape")
    strides = interface.get("strides")
    if type(shape) is not tuple or (strides is not None and type(strides) is not tuple) \
            or interface.get("mask") is not None:
        return None
    layout = _LAYOUTS.get((typestr, shape, strides))
    if layout is None:
        layout = _interface_layout(value, typestr, shape, strides)
        if layout is None:
            return None
    pointer = interface["data"][0]
    words += (pointer, *layout[1], *shape, *layout[2])
    return layout[0] + (pointer & 15 == 0)


def launch(stream, grid, kernel, kernel_args, /, *, programmatic_dependent_launch=False):
    """Launches `kernel` on `grid` (1 to 3 extents) with `kernel_args` (a
    tuple, `Constant` parameters included) on `stream` (a CuPy or PyTorch
    stream, a raw handle, or 0 for the default stream). Compiles the
    kernel's specialization for these arguments on first use. An
    autotuned kernel (`ct.autotune`) takes the arguments its
    configurations do not fill, and `grid` may then be a function of the
    chosen configuration's constants (a dict). With
    `programmatic_dependent_launch`, the kernel may start before the
    stream's previous kernel ends (sm_90 on): its
    `grid_dependency_control_wait()` waits for that kernel, whose
    `grid_dependency_control_launch_dependents()` lets it start."""
    if not isinstance(kernel, _Kernel):
        from .autotune import Autotuned
        if not isinstance(kernel, Autotuned):
            raise TypeError("launch() takes a @cudapy.tile.kernel, not %r" % (kernel,))
    if not isinstance(programmatic_dependent_launch, bool):
        raise TypeError("programmatic_dependent_launch must be a bool")
    kernel._launch(stream, grid, kernel_args, 1 if programmatic_dependent_launch else 0)


_Kernel = kernel
