"""`@func`, `@kernel` and `launch` (cuda-device spec, "Heterogeneous
Functions", "Kernel Functions"): specialization on the arguments' types,
compiling through the C API (one pipeline), caches, launches through the
runtime."""

import hashlib
import json
import os

from .. import _jit
from . import _types
from ._errors import DeviceCompileError, DeviceError, DeviceSyntaxError, DeviceTypeError

from ._struct import StructValue as _StructValue

_KNOWN_OPTIONS = {"func": ("interop", "link"), "kernel": ("interop", "link", "assertions")}
_ARRAY_API = 0  # cudapy._ir.PY_POLICY_ARRAY_API (the spec's promotion policy)


class _Decorated:
    """What `@func` and `@kernel` return: the decorated function under
    `underlying`."""

    _role = "function"

    def __init__(self, function, interop=False, link=()):
        if not callable(function):
            raise TypeError("@%s decorates a function" % self._role)
        if isinstance(function, _Decorated):
            raise DeviceError("%s is already a @%s function; a function is either @func or "
                              "@kernel (cuda-device spec, \"@kernel\")"
                              % (function.__name__, function._role))
        if not isinstance(interop, bool):
            raise TypeError("interop must be a bool")
        self.underlying = function
        self.interop = interop
        self.link = link_inputs(link)
        self.__name__ = getattr(function, "__name__", self._role)
        self.__qualname__ = getattr(function, "__qualname__", self.__name__)
        self.__doc__ = getattr(function, "__doc__", None)
        self.__wrapped__ = function
        self._source = None
        self._constexpr_flags = None

    def _constexpr(self):
        """Per parameter, whether it is a `ConstExpr` parameter."""
        if self._constexpr_flags is None:
            import inspect
            import typing
            names = list(inspect.signature(self.underlying).parameters)
            try:
                hints = typing.get_type_hints(self.underlying, include_extras=True)
            except Exception:  # noqa: BLE001 (unresolvable hints: none is ConstExpr)
                hints = dict(getattr(self.underlying, "__annotations__", {}))
            self._constexpr_flags = tuple(_types.is_constexpr_hint(hints.get(n))
                                          for n in names)
        return self._constexpr_flags

    def _function_source(self):
        if self._source is None:
            try:
                self._source = _jit.FunctionSource(self.underlying)
            except _jit.SourceError as error:
                raise DeviceSyntaxError(error.message, error.file, error.line, error.column)
        return self._source


# What a `link=` file holds, by its suffix (the runtime's CudapyLinkKind).
LINK_KINDS = {".cubin": 0, ".ptx": 1, ".fatbin": 2, ".fatbinary": 2, ".o": 3, ".obj": 3,
              ".a": 4, ".lib": 4}


def link_inputs(link):
    """The files of a `link=` option as a tuple of absolute paths: PTX,
    cubin, fatbinary, objects (`nvcc -dc`) and archives (`nvcc -lib`),
    linked by the driver's JIT linker with the kernels that use them."""
    if isinstance(link, (str, os.PathLike)):
        link = [link]
    try:
        paths = list(link)
    except TypeError:
        raise TypeError("link takes a file name or a list of them, not %s"
                        % type(link).__name__) from None
    result = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError("link takes file names, not %s" % type(path).__name__)
        path = os.path.abspath(os.fspath(path))
        suffix = os.path.splitext(path)[1].lower()
        if suffix not in LINK_KINDS:
            raise DeviceError("cannot link %s: link takes PTX (.ptx), cubins (.cubin), "
                              "fatbinaries (.fatbin), objects (.o, from nvcc -dc) and "
                              "archives (.a); compile CUDA C++ with nvcc first" % path)
        if path not in result:
            result.append(path)
    return tuple(result)


def read_link_inputs(paths):
    """(kind, name, bytes) of each file, for the runtime's linked load."""
    inputs = []
    for path in paths:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as why:
            raise DeviceError("cannot read %s to link it: %s" % (path, why.strerror)) from None
        if not data:
            raise DeviceError("cannot link %s: the file is empty" % path)
        inputs.append((LINK_KINDS[os.path.splitext(path)[1].lower()], path, data))
    return inputs


class declare:
    """`declare(name, result, params, link=...)`: a foreign device function
    (CUDA C++ `extern "C" __device__`, or PTX `.visible .func`) that device
    code calls with the C ABI of interoperable functions (cuda-device spec,
    "Interoperable Functions"). `result` is a number, vector or @struct
    type, or None; `params` the parameter types, which may be arrays
    (`device.float32[:]`: the function takes the spec's interoperable
    array descriptor by value). `link` names the files
    that define it (PTX, cubin, fatbinary, `nvcc -dc` object, archive);
    every kernel that calls it is linked with them."""

    def __init__(self, name, result, params, link=(), abi="c"):
        if abi not in ("c", "numba"):
            raise ValueError("declare: abi is 'c' or 'numba', not %r" % (abi,))
        self.abi = abi
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError("declare: the symbol must be an identifier, not %r" % (name,))
        self.__name__ = self.name = name
        self.result = result
        try:
            self.params = tuple(params)
        except TypeError:
            raise TypeError("declare: params is a sequence of types, not %s"
                            % type(params).__name__) from None
        for t in (result,) + self.params if result is not None else self.params:
            if not hasattr(t, "mlir_type"):
                raise TypeError("declare(%r): %r is not a number, vector, @struct or array "
                                "type" % (name, t))
        if isinstance(result, _types.ArrayType):
            raise TypeError("declare(%r): a foreign function returns a number, vector or "
                            "@struct, not an array" % name)
        if abi == "numba" and any(isinstance(t, _types.ArrayType) for t in self.params):
            raise TypeError("declare_device(%r): numba's ABI passes numbers, vectors and "
                            "structs here, not arrays" % name)
        self.link = link_inputs(link)

    def signature(self, ir):
        """(parameter types, result types) in `ir`'s context."""
        return ([t.mlir_type(ir) for t in self.params],
                [] if self.result is None else [self.result.mlir_type(ir)])

    def describe(self):
        return "foreign %s %s %s (%s) %s" % (
            self.abi, self.name, getattr(self.result, "name", None),
            ",".join(getattr(t, "name", repr(t)) for t in self.params), self.link)

    def __call__(self, *args):
        raise DeviceError("%s is a foreign device function: call it in device code"
                          % self.name)

    def __repr__(self):
        return "<foreign device function %s>" % self.name


def chip_list(chip):
    """The chips of a `chip=` argument: one name ("sm_90"), several
    separated by commas, or a list of names; each once, in order."""
    names = chip.split(",") if isinstance(chip, str) else list(chip)
    result = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise TypeError("chip takes chip names such as 'sm_90', not %r" % (name,))
        if name.strip() not in result:
            result.append(name.strip())
    if not result:
        raise TypeError("chip names at least one chip")
    return result


def _decorator(cls):
    def decorate(function=None, /, **options):
        unknown = sorted(set(options) - set(_KNOWN_OPTIONS[cls._role]))
        if unknown:
            raise TypeError("@%s does not take %s (cuda-device spec: unknown keyword "
                            "arguments are errors)" % (cls._role, ", ".join(unknown)))
        if function is None:
            return lambda f: cls(f, **options)
        return cls(function, **options)
    decorate.__name__ = cls._role
    decorate.__doc__ = cls.__doc__
    return decorate


class func(_Decorated):
    """`@func` or `@func(interop=False)`: a heterogeneous function. Called
    in device code it becomes a `py.func` (one per list of argument types);
    called on the host it runs as Python."""

    _role = "func"

    def __call__(self, *args, **kwargs):
        return self.underlying(*args, **kwargs)

    def export_ptx(self, *types, chip="sm_90"):
        """The PTX of this `@func(interop=True)` function for parameters of
        `types` (number, vector or @struct types): a `.visible .func` of the
        symbol and calling convention of the `extern "C"` CUDA C++ function
        of the same name (cuda-device spec, "Interoperable Functions"), for
        CUDA C++ code to link (nvcc -rdc). With several chips (a list, or
        names separated by commas) it is a multi-target build: a dict of
        each chip's PTX, `if target(...)` folded per chip."""
        if not self.interop:
            raise DeviceError("%s is not interoperable: declare it @func(interop=True) to "
                              "give it a C symbol" % self.__name__)
        from .. import _capi
        from . import _compiler
        module = _compiler.ModuleTranslator(self._policy)
        ir = module.ir
        try:
            parameter_types = []
            for t in types:
                mlir = t.mlir_type(ir) if hasattr(t, "mlir_type") else None
                if mlir is None or not mlir:
                    raise DeviceTypeError("export_ptx takes number, vector or @struct types, "
                                          "not %r" % (t,))
                parameter_types.append(mlir)
            _compiler.translate_functions(module, [(self, parameter_types)], self.__name__)
            if not ir.verify():
                errors = [d for d in ir.diagnostics if d.severity == "error"]
                first = errors[0] if errors else None
                raise DeviceCompileError(first.message if first else "the IR does not verify",
                                         first.file if first else "",
                                         first.line if first else 0,
                                         first.column if first else 0, errors)
            chips = chip_list(chip)
            result = _capi.compile_module(ir, {"chip": ",".join(chips), "opt_level": 3})
            if isinstance(result, list):
                first = ([d for d in result if d.severity == "error"] or result)[0]
                raise DeviceCompileError(first.message, first.file, first.line, first.column,
                                         result)
            if isinstance(chip, str) and len(chips) == 1:
                return result.outputs[0].text
            return {output.chip: output.text for output in result.outputs}
        finally:
            ir.close()


func._policy = _ARRAY_API


class kernel(_Decorated):
    """`@kernel` or `@kernel(interop=False)`: a kernel function, device
    only, launched with `launch`. `assertions=False` compiles its `assert`
    statements (and those of the functions it calls) out, as NDEBUG does in
    CUDA C++."""

    _role = "kernel"

    def __init__(self, function, interop=False, link=(), assertions=True):
        super().__init__(function, interop, link)
        if not isinstance(assertions, bool):
            raise TypeError("assertions must be a bool")
        self._assertions = assertions
        self._cache = {}
        self._by_launch_key = {}
        self._fingerprint = None
        # The promotion policy, and the types of Python numbers passed to a
        # launch (the spec's int32/float32; the numba spelling's 64 bits).
        self._policy = _ARRAY_API
        self._python_int, self._python_float = ("int", None), ("float", None)

    def __call__(self, *args, **kwargs):
        raise DeviceError("%s is a kernel: launch it with cudapy.device.launch (cuda-device "
                          "spec, \"Kernel Functions\": kernels are device only)"
                          % self.__name__)

    # -- specialization ----------------------------------------------------------------
    def _argument_type(self, ir, position, value):
        """The py dialect type of a launch argument (spec, "Heterogeneous
        Types and Objects"), with what the launch passes for it; a
        ConstExpr argument is its value (a Const), passed as nothing."""
        flags = self._constexpr()
        if position < len(flags) and flags[position]:
            from ._values import Const
            if not _types.constant_value(value):
                raise DeviceTypeError("argument %d of %s is a ConstExpr parameter: pass a "
                                      "number, a bool, a string or a tuple of them, not a %s "
                                      "(cuda-device spec, \"Constant Expressions\")"
                                      % (position, self.__name__, type(value).__name__))
            return _ConstArg(value), None
        if value is None:
            from .. import _ir
            none = ir.py_type("none")
            return none, _HostBytes(bytes(_ir.py_machine_layout(none)[0]))
        if isinstance(value, tuple):
            return self._tuple_argument(ir, position, value)
        if isinstance(value, bool):
            return ir.py_type("bool"), int(value)
        if isinstance(value, int):
            if self._python_int[1] is not None:
                if not -2**63 <= value < 2**63:
                    raise DeviceTypeError("argument %d of %s: %d does not fit in an int64"
                                          % (position, self.__name__, value))
                return self._python_int[1].mlir_type(ir), value
            if not -2**31 <= value < 2**31:
                raise DeviceTypeError("argument %d of %s: %d does not fit in an int (int32); "
                                      "pass a fixed-format number such as device.int64(...)"
                                      % (position, self.__name__, value))
            return ir.py_type("int"), value
        if isinstance(value, complex):
            import struct
            return ir.py_type("complex"), struct.pack("<ff", value.real, value.imag)
        if isinstance(value, float):
            if self._python_float[1] is not None:
                return self._python_float[1].mlir_type(ir), value
            return ir.py_type("float"), value
        if isinstance(value, _types.Fixed):
            return value.type.mlir_type(ir), value.to_bytes()
        if isinstance(value, _types.VectorValue):
            return value.type.mlir_type(ir), value.to_bytes()
        from ._struct import StructValue
        if isinstance(value, StructValue):
            return value.type.mlir_type(ir), value.to_bytes()
        runtime = _jit._runtime()
        view = None
        if _jit._is_array(value):
            try:
                view = runtime._view(value)
            except ValueError as why:
                raise DeviceTypeError("argument %d of %s: %s" % (position, self.__name__, why))
        if view is None:
            raise DeviceTypeError("argument %d of %s: a %s is not heterogeneous (pass numbers "
                                  "and arrays with DLPack or __cuda_array_interface__; cuda-"
                                  "device spec, \"launch\")"
                                  % (position, self.__name__, type(value).__name__))
        try:
            dtype = _types.array_dtype(value, view)
        except TypeError as why:
            raise DeviceTypeError("argument %d of %s: %s" % (position, self.__name__, why))
        return ir.py_array_type(dtype.mlir_type(ir), len(view.shape),
                                ir.unknown_location()), value

    def _pack_aggregates(self, args):
        """The launch's tuple and None arguments as the bytes it passes."""
        from .. import _ir
        if _LAUNCH_PROBE[0] is None:
            _LAUNCH_PROBE[0] = _ir.IR()
        return [self._argument_type(_LAUNCH_PROBE[0], i, v)[1]
                if v is None or type(v) is tuple else v for i, v in enumerate(args)]

    def _tuple_argument(self, ir, position, value):
        """A tuple launch argument (heterogeneous when its items are: cuda-
        device spec, "Heterogeneous Types and Objects"): its tuple type and
        its bytes as CUDA C++ lays out a class of those members."""
        import struct
        from .. import _ir
        types, data, alignment = [], bytearray(), 1
        for item in value:
            if _jit._is_array(item) or _jit._is_tensor(item):
                raise DeviceTypeError("argument %d of %s: a tuple passed to a launch holds "
                                      "numbers, vectors, structs, tuples and None, not arrays"
                                      % (position, self.__name__))
            type, passed = self._argument_type(ir, position, item)
            text = str(type)
            if isinstance(passed, (bytes, _HostBytes)):
                item_bytes = bytes(passed)
            elif text in ("!py.bool", "i1"):
                item_bytes = struct.pack("<B", passed)
            elif text in ("!py.int", "si32"):
                item_bytes = struct.pack("<i", passed)
            elif text == "si64":
                item_bytes = struct.pack("<q", passed)
            elif text in ("!py.float", "f32"):
                item_bytes = struct.pack("<f", passed)
            elif text == "f64":
                item_bytes = struct.pack("<d", passed)
            else:
                item_bytes = _host_bytes(passed)
            size, align = _ir.py_machine_layout(type)
            data += bytes(-len(data) % align) + item_bytes[:size].ljust(size, b"\0")
            types.append(type)
            alignment = max(alignment, align)
        data += bytes(-len(data) % alignment)
        return ir.tuple_type(types), _HostBytes(bytes(data))

    def _load(self, args, key):
        """The runtime kernel for a launch with `args`: from the disk cache
        under a key of the kernel's source fingerprint and the arguments'
        types (no translation, no compiler library), else compiled."""
        types = None
        if key is None:
            types = self._types(args)  # an argument's error before any device work
        chip = _jit._chip()
        source_key = self._source_key(args, chip) if key is not None else None
        entry = _jit._read_cache(source_key, "device") if source_key and \
            _jit._cache_enabled() else None
        if entry is None:
            entry = self._compile(types or self._types(args), args, chip, self._policy)
            if source_key and _jit._cache_enabled():
                _jit._write_cache(source_key, {"ptx": entry["ptx"],
                                               "cubin": entry.get("cubin"),
                                               "metadata": entry["metadata"],
                                               "link": entry["link"]}, "device")
        loaded = entry.get("kernel")
        if loaded is None:
            module = _jit._device().load(None, ptx=_jit.image(entry),
                                         metadata=json.dumps(entry["metadata"]),
                                         link=read_link_inputs(entry.get("link", ())))
            loaded = entry["kernel"] = module.kernel(self.__name__)
            entry["module"] = module
        if key is not None:
            self._by_launch_key[key] = loaded
        return loaded

    def _types(self, args):
        """The arguments' py dialect types, as text (the compile cache's
        key); errors for arguments that are not heterogeneous."""
        from .. import _ir
        if _LAUNCH_PROBE[0] is None:
            _LAUNCH_PROBE[0] = _ir.IR()
        return tuple(str(self._argument_type(_LAUNCH_PROBE[0], i, value)[0])
                     for i, value in enumerate(args))

    def _source_key(self, args, chip):
        """The disk-cache key of a launch from the kernel's source
        fingerprint (None where something it reads cannot be described)."""
        if self._fingerprint is None:
            self._fingerprint = _fingerprint(self, set()) or ""
        if not self._fingerprint:
            return None
        types = []
        flags = self._constexpr()
        for position, value in enumerate(args):
            kind = type(value)
            if flags[position]:
                types.append("const %s %r" % (kind.__name__, value))
            elif kind in (bool, int, float, complex):
                types.append(kind.__name__)
            elif kind in (_types.Fixed, _types.VectorValue):
                types.append(value.type.name)
            elif kind is _StructValue:
                struct = value.type
                types.append("struct %s %r %d" % (struct.name, [
                    (n, getattr(t, "name", None)) for n, t in struct.fields], struct.align))
            else:
                dtype = None
                if _jit._is_tensor(value):
                    dtype, ndim = _types.number_type(value.dtype), value.dim()
                else:
                    interface = getattr(value, "__cuda_array_interface__", None)
                    if isinstance(interface, dict):
                        dtype = _types.number_type(interface.get("typestr"))
                        ndim = len(interface.get("shape", ()))
                if dtype is None:
                    return None
                types.append("%s[%d]" % (dtype.name, ndim))
        frontend = _jit.frontend_identity(os.path.dirname(os.path.abspath(__file__)))
        text = "\0".join([_jit._library_identity(), frontend, chip,
                           "policy %d" % self._policy,
                           "interop %s" % self.interop, "link %s" % (self.link,),
                           "assertions %s" % self._assertions,
                           self.__name__, self._fingerprint,
                           "scalars %s %s" % (self._python_int[0], self._python_float[0]),
                           ",".join(types)])
        return "src-" + hashlib.sha256(text.encode()).hexdigest()

    def compile(self, args, chip=None, policy=None):
        """Compiles for arguments like `args` (without launching); returns
        the compiled entry: {"ptx", "metadata", "ir", "link", "outputs"}.
        `chip`: this device's by default; several chips (a list, or names
        separated by commas) make a multi-target build, whose "outputs" map
        each chip to its PTX (`if target(...)` folded per chip; "ptx" is the
        first chip's), for cudapy.runtime's `Device.load` or
        `cudapySelectTarget` to choose from."""
        from .. import _ir
        chip = ",".join(chip_list(chip)) if chip else _jit._chip()
        policy = self._policy if policy is None else policy
        probe = _ir.IR()
        try:
            key = tuple(str(self._argument_type(probe, i, a)[0]) for i, a in enumerate(args))
        finally:
            probe.close()
        return self._compile(key, args, chip, policy)

    def translate(self, args, policy=None):
        """The py/simt IR text (with locations) for arguments like `args`."""
        module = self._translate(args, self._policy if policy is None else policy)
        try:
            return module.ir.print_module(locations=True)
        finally:
            module.ir.close()

    def _translate(self, args, policy):
        return _compile_module(self, args, policy)

    def _compile(self, key, args, chip, policy):
        cache_key = (chip, policy, key)
        found = self._cache.get(cache_key)
        if found is not None:
            return found
        module = _compile_module(self, args, policy)
        ir = module.ir
        try:
            text = ir.print_module(locations=True)
            options = {"chip": chip, "opt_level": 3, "assertions": self._assertions}
            # The cubin's chip: the device's, also for PTX of another chip.
            target = _jit.assembly_chip(chip.split(",")[0])
            disk_key = hashlib.sha256("\0".join([_jit._library_identity(), "entry 4", target,
                                                 json.dumps(options), text]).encode()
                                      ).hexdigest()
            entry = _jit._read_cache(disk_key, "device") if _jit._cache_enabled() \
                else None
            if entry is None:
                from .. import _capi
                result = _capi.compile_module(ir, options)
                if isinstance(result, list):
                    errors = [d for d in result if d.severity == "error"] or result
                    first = errors[0] if errors else None
                    if first is None:
                        raise DeviceCompileError("the compile of %s failed" % self.__name__)
                    raise DeviceCompileError(first.message, first.file, first.line,
                                             first.column, result)
                entry = {"ptx": result.outputs[0].text, "metadata": result.metadata,
                         "outputs": {o.chip: o.text for o in result.outputs}}
                # A cubin, so that loading runs no PTX JIT; not for a kernel
                # that calls foreign code (linked at load), nor where
                # nvJitLink is not found (the driver JIT-compiles the PTX).
                if not module.links and not module.foreign:
                    cubin = _jit.assemble(entry["ptx"], _jit.assembly_chip(
                        result.outputs[0].chip), options["opt_level"])
                    if cubin is not None:
                        entry["cubin"] = cubin
                if _jit._cache_enabled():
                    _jit._write_cache(disk_key, entry, "device")
        finally:
            ir.close()
        entry = dict(entry, ir=text, link=list(module.links))
        self._cache[cache_key] = entry
        return entry

    def _loaded(self, args):
        """The runtime kernel a launch with `args` runs (compiled and loaded
        on first use, as a launch would)."""
        flags = self._constexpr_flags or self._constexpr()
        if len(args) != len(flags):
            raise DeviceTypeError("%s takes %d arguments, %d given"
                                  % (self.__name__, len(flags), len(args)))
        key, _ = _key_and_words(args, flags, (1, 1, 1), (1, 1, 1))
        loaded = self._by_launch_key.get(key) if key is not None else None
        return loaded if loaded is not None else self._load(args, key)

    def max_cooperative_blocks(self, *args, block, shared=0):
        """The most blocks of `block` threads, with `shared` bytes of dynamic
        shared memory, that a launch with `args` may have when it is
        cooperative (a kernel that calls `this_grid().sync()`: its blocks
        must all run at once) on the current device."""
        return self._loaded(args).max_cooperative_blocks(_dim3(block, "block"), shared)

    def _launch(self, args, grid, block, stream, shared):
        # The hot path: a key of the arguments' Python types (no MLIR), one
        # dictionary look-up, the runtime's launch.
        flags = self._constexpr_flags or self._constexpr()
        if len(args) != len(flags):
            raise DeviceTypeError("%s takes %d arguments, %d given"
                                  % (self.__name__, len(flags), len(args)))
        constants = None
        if True in flags:
            constants = tuple((i, v) for i, (v, f) in enumerate(zip(args, flags)) if f)
            for i, value in constants:
                if not _types.constant_value(value):
                    self._argument_type(None, i, value)  # raises
        key, record = _key_and_words(args, flags, grid, block)
        loaded = self._by_launch_key.get(key) if key is not None else None
        if loaded is None:
            loaded = self._load(args, key)
        if key is None and any(v is None or type(v) is tuple for v in args):
            args = self._pack_aggregates(args)
        if constants:
            args = [a for a, f in zip(args, flags) if not f]
        if not shared and record is not None:
            loaded.launch_words(record[0], len(args), record[1], _jit._stream(stream))
            return
        if any(type(value) in (_types.Fixed, _types.VectorValue, complex, _StructValue)
               for value in args):
            args = [_host_bytes(value) for value in args]
        loaded.launch(grid, block, *args, shared=shared, stream=_jit._stream(stream))


class _ConstArg:
    """A ConstExpr argument's value where a parameter type goes (its text
    keys the compile)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __str__(self):
        return "const %s %r" % (type(self.value).__name__, self.value)


class _HostBytes(bytes):
    """The bytes a tuple or None launch argument is passed as."""


def _host_bytes(value):
    """A launch argument as the runtime passes it: fixed-format numbers,
    vectors, structs and complex numbers as their machine representation's
    bytes."""
    kind = type(value)
    if kind is _types.Fixed or kind is _types.VectorValue or kind is _StructValue:
        return value.to_bytes()
    if kind is complex:
        import struct
        return struct.pack("<ff", value.real, value.imag)
    return value


_RECORD_INT, _RECORD_FLOAT, _RECORD_ARRAY = 1, 2, 4  # CudapyRecordKind
_ITEMSIZES = {}  # a PyTorch dtype -> its element size


def _key_and_words(args, flags, grid, block):
    """One pass over a launch's arguments: what decides its specialization,
    from Python types alone (per argument its kind; an array's dtype and
    rank; a ConstExpr argument's value), and the words of one
    cudapyLaunchRecords call (grid, block, then each runtime argument's
    record) with the floats' (position, value) pairs. The key is None for
    arguments the full path has to look at; the words are None where the
    runtime's general path launches."""
    words = [*grid, *block]  # three extents each, checked by _dim3
    records = True
    key, floats = [], []
    for position, value in enumerate(args):
        kind = type(value)
        if flags[position]:
            key.append(("const", kind, value))
        elif kind is float:
            key.append(kind)
            floats.append((len(words) + 1, value))
            words += (_RECORD_FLOAT, 0)
        elif kind is int or kind is bool:
            if kind is int and not -2**31 <= value < 2**31:
                return None, None  # the full path says whether it fits
            key.append(kind)
            words += (_RECORD_INT, value)
        elif kind is _types.Fixed:
            key.append(value.type)
            number = value.type.kind
            if number in ("int", "uint", "bool"):
                words += (_RECORD_INT, int(value.value))
            elif value.type.name in ("float16", "bfloat16", "float32", "float64"):
                floats.append((len(words) + 1, value.value))
                words += (_RECORD_FLOAT, 0)
            else:
                records = False
        elif kind is _types.VectorValue or kind is complex or kind is _StructValue:
            key.append(value.type if kind is not complex else kind)
            records = False
        elif kind in _jit._TENSOR_TYPES or _jit._is_tensor(value):
            if not value.is_cuda:
                return None, None
            shape, dtype = value.shape, value.dtype
            itemsize = _ITEMSIZES.get(dtype)
            if itemsize is None:
                itemsize = _ITEMSIZES[dtype] = value.element_size()
            key.append((dtype, len(shape)))
            words += (_RECORD_ARRAY, value.data_ptr(), len(shape), itemsize, *shape,
                      *value.stride())
        else:
            interface = getattr(value, "__cuda_array_interface__", None)
            if type(interface) is not dict:
                return None, None
            try:
                view = _jit._runtime()._view(value)
            except ValueError:
                return None, None
            key.append((interface.get("typestr"), len(view.shape)))
            words += (_RECORD_ARRAY, view.pointer, len(view.shape), view.itemsize,
                      *view.shape, *view.strides)
    return tuple(key), (words, floats) if records else None


# The context in which launch arguments' types are made (on first use).
_LAUNCH_PROBE = [None]


def _fingerprint(function, seen):
    """The source fingerprint of a @func/@kernel function and what it
    reads (cudapy._jit.source_fingerprint)."""
    from . import _api, _struct, _target
    import builtins

    def describe(value):
        if isinstance(value, _Decorated):
            if value in seen:
                return "function " + value.__name__
            seen.add(value)
            inner = _fingerprint(value, seen)
            return inner and "%s %s %s %s" % (value._role, value.interop, value.link, inner)
        if isinstance(value, declare):
            return value.describe()
        if isinstance(value, _struct.StructType):
            # Its fields, and the sources of its @func methods.
            methods = []
            for name in sorted(vars(value.cls)):
                member = vars(value.cls)[name]
                if isinstance(member, _Decorated):
                    methods.append("%s=%s" % (name, describe(member)))
            return "struct %s %s %d %s" % (value.name, [(n, getattr(t, "name", None))
                                                        for n, t in value.fields],
                                           value.align, methods)
        if isinstance(value, (_types.NumberType, _types.VectorType)):
            return "number " + value.name
        if isinstance(value, _api.DeviceObject):
            return "device " + value._name
        if id(value) in _api.DEVICE_FUNCTIONS:
            return "device function " + value.__name__
        if isinstance(value, _target.TargetDescription):
            return "target " + value.text
        if isinstance(value, _target.SMSelector):
            return "sm %d" % value.number
        if isinstance(value, type) and getattr(builtins, value.__name__, None) is value:
            return "builtin " + value.__name__
        return None

    return _jit.source_fingerprint(function.underlying, describe)


def _compile_module(kernel, args, policy):
    from . import _compiler
    policy = kernel._policy if policy is None else policy
    module = _compiler.ModuleTranslator(policy)
    from ._values import Const
    types = [kernel._argument_type(module.ir, i, a)[0] for i, a in enumerate(args)]
    types = [Const(t.value) if isinstance(t, _ConstArg) else t for t in types]
    for position, (arg, type) in enumerate(zip(args, types)):
        _register_aggregate(kernel, module, position, arg, type)
    return _translate_into(kernel, module, types)


def _register_aggregate(kernel, module, position, arg, type):
    """What the translator needs to read a struct or tuple parameter (and
    the structs and tuples inside a tuple)."""
    if isinstance(arg, _StructValue):
        module.struct_types[str(type)] = arg.type  # the parameter reads as the struct
    elif isinstance(arg, tuple):
        items = [kernel._argument_type(module.ir, position, item)[0] for item in arg]
        module.tuple_types[str(type)] = items
        for item, item_type in zip(arg, items):
            _register_aggregate(kernel, module, position, item, item_type)


def _translate_into(kernel, module, types):
    from . import _compiler
    try:
        tr_module = _compiler.translate_kernel(kernel, module, types, kernel.interop)
    except DeviceError:
        module.ir.close()
        raise
    ir = tr_module.ir
    if not ir.verify():
        errors = [d for d in ir.diagnostics if d.severity == "error"]
        ir.close()
        if errors:
            first = errors[0]
            raise DeviceCompileError(first.message, first.file, first.line, first.column,
                                     errors)
        raise DeviceCompileError("the IR of %s does not verify" % kernel.__name__)
    return tr_module


def _dim3(value, what):
    """A Dim3Like (an int, or a tuple of 1 to 3 ints, each from 1 to
    2^32 - 1) as three extents."""
    kind = type(value)
    if kind is int and 0 < value < 1 << 32:
        return (value, 1, 1)
    if kind is tuple and 0 < len(value) <= 3:
        for v in value:
            if type(v) is not int or not 0 < v < 1 << 32:
                break
        else:
            return (value + (1, 1))[:3]
    raise ValueError("%s must be a positive int or a tuple of 1 to 3 positive ints (a "
                     "Dim3Like), not %r" % (what, value))


def launch(f, *args, grid, block, stream=None, shared=0):
    """Runs kernel `f` on `stream` over a grid of `grid` blocks of `block`
    threads with `shared` bytes of dynamic shared memory, each thread
    executing `f(*args)` (cuda-device spec, "launch"). `stream` is a CuPy,
    PyTorch or cuda.core stream, a raw handle, or None/0 for the default
    stream. Compiles `f` for the arguments' types on first use."""
    if not isinstance(f, kernel):
        raise DeviceTypeError("launch() takes a @kernel function, not %r (cuda-device spec, "
                              "\"launch\": f shall be a kernel function)" % (f,))
    grid, block = _dim3(grid, "grid"), _dim3(block, "block")
    if shared and (type(shared) is not int or not 0 <= shared < 2**31):
        raise ValueError("shared must be a number of bytes (an int32), not %r" % (shared,))
    f._launch(args, grid, block, stream, shared)
