"""The numba.cuda spelling of cudapy.device: programs written for
numba-cuda run with their import changed,

    from cudapy import numba_cuda as cuda          # was: from numba import cuda
    from cudapy.numba_cuda import float32, int32   # was: from numba import float32, int32

    @cuda.jit
    def add(a, b, c):
        i = cuda.grid(1)
        if i < c.size:
            c[i] = a[i] + b[i]

    add[blocks, threads](a, b, c)

Everything maps onto the cudapy.device frontend (one translator, one
pipeline): `@cuda.jit` kernels and `@cuda.jit(device=True)` functions use
NumbaPro's promotion policy (the py dialect's `numbapro`), and Python ints
and floats passed to a launch are int64 and float64, as numba types them.
docs/DevicePython.md lists what is provided.
"""

from ..device import _api, _kernel, _simt, _types
from ..device._api import DeviceObject, device_function
from ..device._errors import DeviceTypeError
from ..device._values import Const

_NUMBAPRO = _types.POLICY_NUMBAPRO

# -- dtypes (numba's names) ---------------------------------------------------------
boolean = b1 = _types.bool_
int8, int16, int32, int64 = _types.int8, _types.int16, _types.int32, _types.int64
uint8, uint16, uint32, uint64 = _types.uint8, _types.uint16, _types.uint32, _types.uint64
float16, float32, float64 = _types.float16, _types.float32, _types.float64
complex64, complex128 = _types.complex64, _types.complex128
i1, i2, i4, i8 = int8, int16, int32, int64
u1, u2, u4, u8 = uint8, uint16, uint32, uint64
f2, f4, f8 = float16, float32, float64
c8, c16 = complex64, complex128
intp, uintp = int64, uint64

# -- thread positioning ---------------------------------------------------------------
threadIdx = DeviceObject("threadIdx", "simt.thread_idx", dim3=True)
blockIdx = DeviceObject("blockIdx", "simt.block_idx", dim3=True)
blockDim = DeviceObject("blockDim", "simt.block_dim", dim3=True)
gridDim = DeviceObject("gridDim", "simt.grid_dim", dim3=True)
laneid = DeviceObject("laneid", "simt.lane_id")
warpsize = DeviceObject("warpsize", "simt.warp_size")
grid = device_function("grid")(_simt._position("simt.tid", "grid"))
gridsize = device_function("gridsize")(_simt._position("simt.grid_size", "gridsize"))


class _Namespace:
    def __init__(self, name, **members):
        self._name = name
        self.__dict__.update(members)

    def __repr__(self):
        return "cudapy.numba_cuda." + self._name


# -- memories ---------------------------------------------------------------------------
shared = _Namespace("shared", array=device_function("shared.array")(
    _simt._static_array("simt.shared_array", "shared.array")))
local = _Namespace("local", array=device_function("local.array")(
    _simt._static_array("simt.local_array", "local.array")))


@device_function("const.array_like")
def _const_array_like(tr, args, kwargs, node):
    """`cuda.const.array_like(ary)`: a copy of the host array `ary` (a
    global or closure NumPy array, read when the kernel compiles) in
    constant memory."""
    (ary,) = _simt._bind(tr, node, "const.array_like", args, kwargs, ["ary"])
    return _simt.const_array(tr, ary, node, "cuda.const.array_like")


const = _Namespace("const", array_like=_const_array_like)
# Cooperative groups: the grid group and its barrier (a kernel that syncs it is launched
# cooperatively, as numba-cuda does).
cg = _Namespace("cg", this_grid=_simt.this_grid)

# -- synchronization ----------------------------------------------------------------------
syncthreads = _simt.syncthreads
syncthreads_count = _simt.syncthreads_count
syncthreads_and = _simt.syncthreads_and
syncthreads_or = _simt.syncthreads_or


def _fence(name, scope):
    def translate(tr, args, kwargs, node):
        _simt._bind(tr, node, name, args, kwargs, [])
        tr.emit("simt.threadfence", (), [], {"memory": tr.enum(_simt._MEMORY["seq_cst"]),
                                             "scope": tr.enum(_simt._SCOPE[scope])})
        return Const(None)
    translate.__doc__ = "`%s()`" % name
    return device_function(name)(translate)


threadfence = _fence("threadfence", "device")
threadfence_block = _fence("threadfence_block", "block")
threadfence_system = _fence("threadfence_system", "system")


# -- atomics: cuda.atomic.<op>(ary, idx, val) returns the old value ---------------------
def _atomic(op):
    def translate(tr, args, kwargs, node):
        array, index, val = _simt._bind(tr, node, "atomic." + op, args, kwargs,
                                        ["ary", "idx", "val"])
        ref = _api.DEVICE_FUNCTIONS[id(_simt.atomic_ref)](tr, [array, index], {}, node)
        if op in ("inc", "dec") and str(ref.dtype) not in ("ui32", "ui64"):
            raise tr.error(DeviceTypeError, "cuda.atomic.%s takes a uint32 or uint64 array, "
                           "not %s (it wraps an unsigned counter)" % (op, ref.dtype), node)
        return _simt.atomic_method(tr, ref, op, [val], {}, node)
    translate.__doc__ = "`cuda.atomic.%s(ary, idx, val)`: the old value" % op
    return device_function("atomic." + op)(translate)


def _atomic_cas(tr, args, kwargs, node):
    array, index, old, val = _simt._bind(tr, node, "atomic.cas", args, kwargs,
                                         ["ary", "idx", "old", "val"])
    ref = _api.DEVICE_FUNCTIONS[id(_simt.atomic_ref)](tr, [array, index], {}, node)
    return _simt.atomic_method(tr, ref, "cas", [old, val], {}, node)


def _atomic_compare_and_swap(tr, args, kwargs, node):
    array, old, val = _simt._bind(tr, node, "atomic.compare_and_swap", args, kwargs,
                                  ["ary", "old", "val"])
    ref = _api.DEVICE_FUNCTIONS[id(_simt.atomic_ref)](tr, [array, Const(0)], {}, node)
    return _simt.atomic_method(tr, ref, "cas", [old, val], {}, node)


atomic = _Namespace(
    "atomic",
    add=_atomic("add"), sub=_atomic("sub"), and_=_atomic("and_"), or_=_atomic("or_"),
    xor=_atomic("xor"), max=_atomic("max"), min=_atomic("min"), nanmax=_atomic("nanmax"),
    nanmin=_atomic("nanmin"), exch=_atomic("exch"),
    cas=device_function("atomic.cas")(_atomic_cas),
    compare_and_swap=device_function("atomic.compare_and_swap")(_atomic_compare_and_swap),
    inc=_atomic("inc"), dec=_atomic("dec"))

# -- warps and intrinsics (the same functions) -------------------------------------------
activemask, lanemask_lt, syncwarp = _simt.activemask, _simt.lanemask_lt, _simt.syncwarp
all_sync, any_sync, eq_sync, ballot_sync = (_simt.all_sync, _simt.any_sync, _simt.eq_sync,
                                            _simt.ballot_sync)
shfl_sync, shfl_up_sync, shfl_down_sync, shfl_xor_sync = (
    _simt.shfl_sync, _simt.shfl_up_sync, _simt.shfl_down_sync, _simt.shfl_xor_sync)
popc, brev, clz, ffs, fma, cbrt = (_simt.popc, _simt.brev, _simt.clz, _simt.ffs, _simt.fma,
                                   _simt.cbrt)


# -- jit ----------------------------------------------------------------------------------------
class _Kernel(_kernel.kernel):
    """A `@cuda.jit` kernel: launched as `kernel[grid, block](args)` or
    `kernel[grid, block, stream, shared](args)`."""

    def __init__(self, function, debug=False):
        # numba-cuda checks assert statements only with debug=True.
        super().__init__(function, assertions=bool(debug))
        self._policy = _NUMBAPRO
        self._python_int, self._python_float = ("int64", _types.int64), ("float64",
                                                                          _types.float64)
        self._launchers = {}  # launch configuration -> its launcher

    def __getitem__(self, configuration):
        # A launch configuration is checked once; its launcher is kept (the
        # stream stays a part of the key: handles are hashable).
        try:
            found = self._launchers.get(configuration)
        except TypeError:  # an unhashable part (a list)
            found = None
        if found is not None:
            return found
        if not isinstance(configuration, tuple) or not 2 <= len(configuration) <= 4:
            raise ValueError("a launch configuration is [grid, block] or [grid, block, "
                             "stream] or [grid, block, stream, shared memory bytes]")
        grid_, block = configuration[0], configuration[1]
        stream = configuration[2] if len(configuration) > 2 else 0
        dynamic = configuration[3] if len(configuration) > 3 else 0
        if isinstance(grid_, list):
            grid_ = tuple(grid_)
        if isinstance(block, list):
            block = tuple(block)
        grid_, block = _kernel._dim3(grid_, "grid"), _kernel._dim3(block, "block")
        if dynamic and (type(dynamic) is not int or not 0 <= dynamic < 2**31):
            raise ValueError("shared must be a number of bytes (an int32), not %r"
                             % (dynamic,))
        stream = stream or None
        launch = self._launch

        def launcher(*args):
            for value in args:
                host = _HOST_TYPES.get(type(value))
                if host is None:
                    host = _HOST_TYPES[type(value)] = _is_host_array(value)
                if host:
                    return self._launch_host(args, grid_, block, stream, dynamic)
            launch(args, grid_, block, stream, dynamic)
        if len(self._launchers) < 64:
            try:
                self._launchers[configuration] = launcher
            except TypeError:
                pass
        return launcher

    def _launch_host(self, args, grid_, block, stream, dynamic):
        """A launch with NumPy arguments (host memory): as numba does, each is
        copied to the device for the launch and back once it has run."""
        copies = {i: to_device(a) for i, a in enumerate(args) if _is_host_array(a)}
        self._launch([copies.get(i, a) for i, a in enumerate(args)], grid_, block, stream,
                     dynamic)
        synchronize()
        for i, copy in copies.items():
            copy.copy_to_host(args[i])

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """A configuration of enough blocks of `tpb` threads (256 when 0)
        for `ntasks` threads."""
        threads = tpb or 256
        return self[max(1, (ntasks + threads - 1) // threads), threads, stream, sharedmem]

    @property
    def overloads(self):
        """The specializations compiled and loaded so far (one per launch
        key), and by signature: `overloads[(int32[:, ::1],)]` compiles and
        loads the kernel for arguments of those types, as numba's
        `overloads[sig]` after `@cuda.jit(sig)`."""
        return _Overloads(self)

    @property
    def definition(self):
        """The only specialization compiled so far (numba's `definition`)."""
        loaded = {id(k): k for k in self._by_launch_key.values()}
        if len(loaded) != 1:
            raise TypeError("%s has %d compiled specializations; definition needs exactly "
                            "one" % (self.__name__, len(loaded)))
        return _Overload(next(iter(loaded.values())))

    def __call__(self, *args, **kwargs):
        raise TypeError("a @cuda.jit kernel is launched with a configuration: "
                        "%s[grid, block](...)" % self.__name__)


_HOST_TYPES = {}  # a launch argument's type -> whether it is a NumPy array


def _is_host_array(value):
    """A NumPy array (host memory), which a launch copies in and out."""
    return hasattr(value, "__array_interface__") and \
        not hasattr(value, "__cuda_array_interface__") and type(value).__module__ == "numpy"


class _Overloads:
    """A kernel's specializations: the compiled ones, and any signature's."""

    def __init__(self, kernel):
        self._kernel = kernel

    def _compiled(self):
        return {key: _Overload(loaded) for key, loaded in self._kernel._by_launch_key.items()}

    def __getitem__(self, key):
        compiled = self._compiled()
        if key in compiled:
            return compiled[key]
        if isinstance(key, str):
            from ._ufunc import parse_signature
            key = parse_signature(key).params
        if isinstance(key, _types.Signature):
            key = key.params
        if not isinstance(key, tuple):
            key = (key,)
        return _Overload(self._kernel._loaded(tuple(_placeholder(t) for t in key)))

    def __len__(self):
        return len(self._compiled())

    def __iter__(self):
        return iter(self._compiled())

    def keys(self):
        return self._compiled().keys()

    def values(self):
        return self._compiled().values()

    def items(self):
        return self._compiled().items()


class _Placeholder:
    """An array of a type (no memory: what compiles a kernel for it)."""

    def __init__(self, array_type):
        typestr = array_type.dtype.typestrs[0] if array_type.dtype.typestrs else None
        if typestr is None:
            raise TypeError("a signature's arrays have NumPy dtypes, not %s"
                            % array_type.dtype.name)
        self.__cuda_array_interface__ = {"shape": (1,) * array_type.ndim, "typestr": typestr,
                                         "strides": None, "data": (0, False), "version": 3}


def _placeholder(type_):
    """A value of `type_` that types a compile as an argument of it."""
    if isinstance(type_, _types.ArrayType):
        return _Placeholder(type_)
    if isinstance(type_, _types.NumberType):
        return type_(0)
    raise TypeError("a signature lists number and array types, not %r" % (type_,))


class _Overload:
    """A compiled specialization of a `@cuda.jit` kernel (numba's
    `_Kernel`)."""

    def __init__(self, loaded):
        self._loaded = loaded

    @property
    def cooperative(self):
        """Whether its launches are cooperative (it syncs the grid)."""
        return self._loaded.cooperative

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """The most blocks of `blockdim` threads (an int or 1 to 3 extents)
        with `dynsmemsize` bytes of dynamic shared memory that a cooperative
        launch may have on the current device."""
        return self._loaded.max_cooperative_blocks(_kernel._dim3(blockdim, "blockdim"),
                                                   dynsmemsize)


def declare_device(name, sig, link=None):
    """A foreign device function with numba's ABI: `extern "C" __device__
    int name(T *result, params...)` returning a status (0) and storing its
    result through the first parameter; `sig` is 'float32(float32, int32)'
    (or a signature made by calling types); `link` the files that define it
    (PTX, cubin, fatbinary, object or archive: CUDA C++ is compiled with
    nvcc first)."""
    from ._ufunc import parse_signature
    signature = parse_signature(sig)
    return _kernel.declare(name, signature.result, signature.params,
                           link=() if link is None else link, abi="numba")


class _DeviceFunction(_kernel.func):
    """A `@cuda.jit(device=True)` function."""


_JIT_OPTIONS = ("device", "cache", "fastmath", "debug", "lineinfo", "opt", "inline",
                "link", "max_registers")


def jit(function_or_signature=None, /, **options):
    """`@cuda.jit`, `@cuda.jit(device=True)`, `@cuda.jit("void(float32[:])")`:
    a kernel (or a device function) compiled for the types of each launch's
    arguments (an explicit signature is accepted; the arguments' types
    decide). `cache=True` is what happens anyway (the disk cache);
    `debug=True` checks the kernel's assert statements (as numba-cuda does;
    without it they are compiled out); line info is always in the PTX;
    `fastmath`, `lineinfo`, `opt` and `inline` are accepted and do not
    change the code; `link` and `max_registers` are not supported."""
    unknown = sorted(set(options) - set(_JIT_OPTIONS))
    if unknown:
        raise TypeError("cuda.jit does not take %s" % ", ".join(unknown))
    for name in ("link", "max_registers"):
        if options.get(name):
            raise NotImplementedError("cuda.jit(%s=...) is not supported by cudapy" % name)
    device = bool(options.get("device", False))

    def decorate(function):
        if device:
            return _DeviceFunction(function)
        return _Kernel(function, debug=options.get("debug", False))

    if callable(function_or_signature):
        return decorate(function_or_signature)
    return decorate


# -- host-side arrays (over CuPy, else PyTorch) ---------------------------------------------
def _backend():
    try:
        import cupy
        return "cupy", cupy
    except ImportError:
        import torch
        return "torch", torch


class DeviceNDArray:
    """A device array (`cuda.to_device`, `cuda.device_array`): CuPy's (or
    PyTorch's) array with numba's host copies."""

    def __init__(self, array):
        self._array = array

    @property
    def __cuda_array_interface__(self):
        return self._array.__cuda_array_interface__

    shape = property(lambda self: tuple(self._array.shape))
    ndim = property(lambda self: self._array.ndim)
    size = property(lambda self: int(self._array.size) if not callable(self._array.size)
                    else self._array.numel())
    dtype = property(lambda self: self._array.dtype)

    def __len__(self):
        return self.shape[0]

    def copy_to_host(self, ary=None, stream=0):
        name, module = _backend()
        host = module.asnumpy(self._array) if name == "cupy" else self._array.cpu().numpy()
        if ary is not None:
            ary[...] = host
            return ary
        return host

    def copy_to_device(self, ary, stream=0):
        name, module = _backend()
        self._array[...] = module.asarray(ary) if name == "cupy" else \
            module.as_tensor(ary, device="cuda")


def to_device(ary, stream=0, copy=True, to=None):
    name, module = _backend()
    array = module.asarray(ary) if name == "cupy" else module.as_tensor(ary, device="cuda")
    return DeviceNDArray(array)


def device_array(shape, dtype=float, strides=None, order="C", stream=0):
    import numpy
    name, module = _backend()
    if name == "cupy":
        return DeviceNDArray(module.empty(shape, dtype=numpy.dtype(_numpy_dtype(dtype)),
                                          order=order))
    host = numpy.empty(shape, dtype=numpy.dtype(_numpy_dtype(dtype)))
    return DeviceNDArray(module.as_tensor(host, device="cuda"))


def device_array_like(ary, stream=0):
    return device_array(ary.shape, ary.dtype)


def _numpy_dtype(dtype):
    if isinstance(dtype, _types.NumberType):
        return {"bool_": "bool"}.get(dtype.name, dtype.name)
    return dtype


def synchronize():
    """Waits for the device (all streams)."""
    from .. import _jit
    _jit._device().synchronize()


def is_available():
    try:
        from .. import runtime
        return runtime.device_count() > 0
    except Exception:  # noqa: BLE001 (no driver: not available)
        return False


from ._reduce import reduce  # noqa: E402  (needs the names above)
from ._ufunc import vectorize  # noqa: E402

__all__ = [
    "atomic", "activemask", "all_sync", "any_sync", "ballot_sync", "blockDim", "blockIdx",
    "brev", "cbrt", "cg", "clz", "const", "declare_device", "device_array", "device_array_like", "eq_sync", "ffs",
    "fma", "grid", "gridDim", "gridsize", "is_available", "jit", "lanemask_lt", "laneid",
    "local", "popc", "reduce", "shared", "shfl_down_sync", "shfl_sync", "shfl_up_sync", "shfl_xor_sync",
    "synchronize", "syncthreads", "syncthreads_and", "syncthreads_count", "syncthreads_or",
    "syncwarp", "threadIdx", "threadfence", "threadfence_block", "threadfence_system",
    "to_device", "vectorize", "warpsize", "DeviceNDArray",
    "boolean", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
    "uint16", "uint32", "uint64", "complex64", "complex128",
]
