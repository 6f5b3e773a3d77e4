"""`ct.autotune`: a kernel that picks, per key, the fastest of several
configurations of its `Constant` parameters and hints, by timing each on
first use (in the spirit of `triton.autotune`).

    @ct.autotune(configs=[ct.Config({"TILE": 1024}, num_worker_warps=4),
                          ct.Config({"TILE": 4096}, num_worker_warps=8)],
                 key=["n"])
    @ct.kernel
    def scale(x, y, n, TILE: ct.Constant[int]):
        ...

    ct.launch(stream, lambda meta: (ct.cdiv(n, meta["TILE"]),), scale, (x, y, n))

The launch passes the arguments the configurations do not fill (here x, y
and n); the grid may be a function of the chosen configuration's
constants. The key of a launch is the values of the `key` arguments (an
array's shape), every array argument's dtype and the chip. The first
launch of a key compiles and times every configuration (CUDA events on the
launch's stream), keeps the fastest and then launches it; configurations
that fail to compile or launch are skipped. The winner is kept in memory
and, unless the compile cache is off (`CUDAPY_CACHE=0`), in the compile
cache (docs/CompileCache.md), so that a new process launches it without
timing again. Timing runs the kernel many times: arguments the kernel
reads and writes are restored afterwards when named in `restore_value`,
and those it accumulates into are zeroed before each timed launch when
named in `reset_to_zero`.
"""

import ctypes
import hashlib
import inspect
import json
import math

from . import _kernel

_HINT_NAMES = ("num_worker_warps", "occupancy", "opt_level", "num_ctas")


class Config:
    """One configuration: values of the kernel's `Constant` parameters by
    name, and kernel hints (`num_worker_warps`, `occupancy`, `opt_level`,
    `num_ctas`; None leaves the kernel's own)."""

    def __init__(self, constants=None, /, *, num_worker_warps=None, occupancy=None,
                 opt_level=None, num_ctas=None):
        constants = dict(constants or {})
        for name in constants:
            if not isinstance(name, str):
                raise TypeError("a Config's constants are named by strings, not %r" % (name,))
        self.constants = constants
        self.hints = {name: value for name, value in (
            ("num_worker_warps", num_worker_warps), ("occupancy", occupancy),
            ("opt_level", opt_level), ("num_ctas", num_ctas)) if value is not None}

    def __repr__(self):
        parts = ["%s=%r" % item for item in sorted(self.constants.items())]
        parts += ["%s=%r" % item for item in sorted(self.hints.items())]
        return "Config(%s)" % ", ".join(parts)

    def __eq__(self, other):
        return isinstance(other, Config) and (self.constants, self.hints) == \
            (other.constants, other.hints)

    def __hash__(self):
        return hash(repr(self))


def _dtypes_of(value):
    """A launch argument's dtype (an array's; a tuple's or list's items', in
    order); None for other values."""
    if isinstance(value, (tuple, list)):
        return tuple(_dtypes_of(item) for item in value)
    dtype = getattr(value, "dtype", None)
    return str(dtype) if dtype is not None or _kernel._is_array(value) else None


def _shapes_of(value):
    """What an autotune `key` names of an argument: an array's shape, a
    tuple's items' shapes, else the value."""
    if isinstance(value, (tuple, list)):
        return tuple(_shapes_of(item) for item in value)
    shape = getattr(value, "shape", None)
    return tuple(shape) if shape is not None else value


class Autotuned:
    """A kernel with configurations (made by `autotune`); `ct.launch` takes
    it as it takes a kernel. `best_config` is the configuration the last
    launch used; `timings` the measurements of each key tuned in this
    process ({key: [(config, mean microseconds or None where it failed)]})."""

    def __init__(self, kernel, configs, key, reset_to_zero, restore_value, budget_ms, cache):
        if not isinstance(kernel, _kernel.kernel):
            raise TypeError("autotune decorates a @cudapy.tile.kernel, not %r" % (kernel,))
        configs = list(configs)
        if not configs or not all(isinstance(c, Config) for c in configs):
            raise TypeError("autotune takes a non-empty list of ct.Config")
        self.kernel = kernel
        self.configs = configs
        self.__name__ = kernel.__name__
        self._names = list(inspect.signature(kernel.function).parameters)
        constants = kernel._constant_parameters()
        filled = set(configs[0].constants)
        for config in configs:
            if set(config.constants) != filled:
                raise ValueError("every Config of %s gives the same constants; %r and %r differ"
                                 % (self.__name__, configs[0], config))
        for name in filled:
            if name not in self._names:
                raise ValueError("%s has no parameter %r (a Config names it)"
                                 % (self.__name__, name))
            if not constants[self._names.index(name)]:
                raise ValueError("parameter %r of %s is not a ct.Constant; a Config fills "
                                 "Constant parameters only" % (name, self.__name__))
        self._filled = [i for i, name in enumerate(self._names) if name in filled]
        self._given = [name for name in self._names if name not in filled]
        for group, what in ((key, "key"), (reset_to_zero, "reset_to_zero"),
                            (restore_value, "restore_value")):
            for name in group:
                if name not in self._given:
                    raise ValueError("%s names %r, which is not an argument of a launch of %s "
                                     "(those are %s)" % (what, name, self.__name__,
                                                         ", ".join(self._given)))
        self._key = [self._given.index(name) for name in key]
        self._reset = [self._given.index(name) for name in reset_to_zero]
        self._restore = [self._given.index(name) for name in restore_value]
        self._budget_s = budget_ms / 1000.0
        self._use_disk = cache
        self._kernels = [kernel.replace_hints(**c.hints) if c.hints else kernel
                         for c in configs]
        self._chosen = {}
        self.timings = {}
        self.best_config = None

    def __call__(self, *args, **kwargs):
        raise TypeError("Tile kernels cannot be called directly. Use cudapy.tile.launch() "
                        "instead.")

    def _full_args(self, index, args):
        config = self.configs[index]
        full, given = [], iter(args)
        for name in self._names:
            full.append(config.constants[name] if name in config.constants else next(given))
        return tuple(full)

    def _launch_key(self, args):
        parts = [_kernel._chip()]
        for i, value in enumerate(args):
            found = _dtypes_of(value)
            if found is not None:
                parts.append((i, found))
        for i in self._key:
            parts.append((i, _shapes_of(args[i])))
        return repr(parts)

    def _disk_key(self, key):
        from .. import _jit
        function = self.kernel.function
        source = _jit.source_text(function) or repr(function.__code__.co_code)
        text = "\0".join([_jit._library_identity(), "autotune 1", function.__qualname__,
                          source, repr(sorted(self.kernel._hints.items(), key=str)),
                          repr(self.configs), key])
        return "autotune-" + hashlib.sha256(text.encode()).hexdigest()

    def _launch(self, stream, grid, args, flags=0):
        if type(args) is not tuple:
            raise TypeError("kernel_args must be a tuple")
        if len(args) != len(self._given):
            raise _kernel.TileTypeError(
                "%s takes %d arguments at a launch (%s; its Configs give %s), %d given"
                % (self.__name__, len(self._given), ", ".join(self._given),
                   ", ".join(sorted(self.configs[0].constants)), len(args)))
        key = self._launch_key(args)
        index = self._chosen.get(key)
        if index is None:
            index = self._tune(stream, grid, args, key)
        self.best_config = self.configs[index]
        self._kernels[index]._launch(stream, self._grid(grid, index), self._full_args(index, args),
                                     flags)

    def _grid(self, grid, index):
        if callable(grid):
            grid = grid(dict(self.configs[index].constants))
        return tuple(grid) if isinstance(grid, (list, tuple)) else (grid,)

    def _tune(self, stream, grid, args, key):
        from .. import _jit
        disk = self._disk_key(key) if self._use_disk and _jit._cache_enabled() else None
        if disk is not None:
            index = _read_winner(disk, self.configs)
            if index is not None:
                self._chosen[key] = index
                return index
        device = _kernel._device()
        # Arguments the timed launches change get their values back after.
        kept = sorted(set(self._restore) | set(self._reset))
        saved = [_save(device, args[i]) for i in kept]
        measured, errors = [], []
        try:
            for index, kernel in enumerate(self._kernels):
                full, run_grid = self._full_args(index, args), self._grid(grid, index)
                try:
                    samples = self._samples(device, stream, kernel, run_grid, full, args)
                except Exception as why:  # a configuration that fails is skipped
                    errors.append(why)
                    measured.append((self.configs[index], None))
                    continue
                samples.sort()
                # The lower half: the GPU's time without the host's hiccups.
                half = samples[:max(1, len(samples) // 2)]
                measured.append((self.configs[index], sum(half) / len(half)))
        finally:
            device.synchronize()
            for i, data in zip(kept, saved):
                _load(device, args[i], data)
        self.timings[key] = measured
        timed = [(mean, i) for i, (_c, mean) in enumerate(measured) if mean is not None]
        if not timed:
            raise errors[0]
        index = min(timed)[1]
        self._chosen[key] = index
        if disk is not None:
            _jit._runtime().cache_store(disk, json.dumps(
                {"index": index, "config": repr(self.configs[index])}).encode())
        return index


    def _samples(self, device, stream, kernel, grid, full, args):
        """Microseconds of launches of one configuration (CUDA events
        around each launch alone; the zeroing of reset_to_zero arguments
        before it is not timed)."""
        import time
        from .. import runtime

        def launch():
            kernel._launch(stream, grid, full)
        for i in self._reset:
            _zero(device, args[i])
        launch()  # compiles, and warms the caches
        device.synchronize()
        raw_stream = _kernel._stream(stream)
        if not self._reset:
            return runtime.event_samples(device, launch, raw_stream, count=200,
                                         budget_s=self._budget_s)
        samples, began = [], time.perf_counter()
        while len(samples) < 200 and (len(samples) < 5 or
                                      time.perf_counter() - began < self._budget_s):
            device.synchronize()
            for i in self._reset:
                _zero(device, args[i])
            samples += runtime.event_samples(device, launch, raw_stream, count=1)
        return samples


def _read_winner(disk_key, configs):
    from .. import _jit
    data = _jit._runtime().cache_load(disk_key)
    if data is None:
        return None
    try:
        entry = json.loads(data)
        index = entry["index"]
        if isinstance(index, int) and 0 <= index < len(configs) and \
                entry.get("config") == repr(configs[index]):
            return index
    except (ValueError, KeyError, TypeError):
        pass
    return None


def _span(device_array):
    """(address, bytes) of the memory an array's elements occupy."""
    from .. import runtime
    view = runtime._view(device_array)
    if view is None:
        raise TypeError("restore_value and reset_to_zero name arrays, not %s"
                        % type(device_array).__name__)
    if any(extent == 0 for extent in view.shape):
        return view.pointer, 0
    low = sum((e - 1) * s for e, s in zip(view.shape, view.strides) if s < 0)
    high = sum((e - 1) * s for e, s in zip(view.shape, view.strides) if s > 0)
    return view.pointer + low * view.itemsize, (high - low + 1) * view.itemsize


def _save(device, array):
    from .. import runtime
    address, size = _span(array)
    data = ctypes.create_string_buffer(max(size, 1))
    status = runtime._Status()
    device.synchronize()
    runtime._check(runtime._mem_dtoh(device._handle, data, address, size, ctypes.byref(status)),
                   status)
    return data


def _load(device, array, data):
    from .. import runtime
    address, size = _span(array)
    status = runtime._Status()
    runtime._check(runtime._mem_htod(device._handle, address, data, size, ctypes.byref(status)),
                   status)


def _zero(device, array):
    from .. import runtime
    address, size = _span(array)
    status = runtime._Status()
    runtime._check(runtime._mem_set(device._handle, address, 0, size, ctypes.byref(status)),
                   status)
    device.synchronize()  # the memset is on the null stream; launches may not be


def autotune(configs, key=(), *, reset_to_zero=(), restore_value=(), budget_ms=100,
             cache=True):
    """Decorates a `@ct.kernel`: see the module's documentation. `key`,
    `reset_to_zero` and `restore_value` name arguments of a launch;
    `budget_ms` bounds the timing of one configuration (at least 5
    launches, at most 200); `cache=False` keeps winners in memory only."""
    if isinstance(key, str) or isinstance(reset_to_zero, str) or \
            isinstance(restore_value, str):
        raise TypeError("key, reset_to_zero and restore_value are lists of argument names")
    if not (isinstance(budget_ms, (int, float)) and math.isfinite(budget_ms) and budget_ms > 0):
        raise ValueError("budget_ms must be a positive number of milliseconds")

    def decorate(kernel):
        return Autotuned(kernel, configs, list(key), list(reset_to_zero), list(restore_value),
                         budget_ms, cache)
    return decorate
