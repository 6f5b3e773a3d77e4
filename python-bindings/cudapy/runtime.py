"""The cudapy runtime from Python: load compiled kernels and launch them on
arrays of any library that exposes `__cuda_array_interface__` (v3: CuPy,
PyTorch, Numba) or `__dlpack__` (JAX, …).

    import cudapy
    from cudapy import runtime

    device = runtime.Device(0)
    module = device.load(cudapy.compile(text, chip=device.chip))
    kernel = module.kernel("vector_add")
    kernel.launch((4,), (256,), a, b, c, n)   # a, b, c: cupy/torch arrays

Arguments are matched to the kernel's PTX parameters, in order, using the
kernel metadata: an array fills a memref descriptor (pointer, pointer, offset,
sizes, strides) when the parameters there have that shape, else one pointer;
`runtime.pointer(x)` and `runtime.memref(x)` force either. Python ints and
floats fill integer and floating-point parameters; `bytes` fill a parameter
of that size. Launches go to the default stream unless `stream=` names one.

ctypes over libcudapy-runtime.so (found like libcudapy-c.so, see cudapy).
"""

import ctypes
import os
import struct
import time

from . import _libraries

_LIBRARY_NAME = "libcudapy-runtime.so"


_lib, _ = _libraries.load(_LIBRARY_NAME, "cudapy.runtime")


class _Status(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("driverError", ctypes.c_int),
                ("message", ctypes.c_char * 4096)]


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _DeviceInfo(ctypes.Structure):
    _fields_ = [("ordinal", ctypes.c_int), ("name", ctypes.c_char * 256),
                ("computeCapabilityMajor", ctypes.c_int),
                ("computeCapabilityMinor", ctypes.c_int),
                ("chip", ctypes.c_char * 16),
                ("multiprocessorCount", ctypes.c_int),
                ("totalMemoryBytes", ctypes.c_size_t),
                ("maxThreadsPerBlock", ctypes.c_int),
                ("maxSharedMemoryPerBlock", ctypes.c_int),
                ("maxSharedMemoryPerBlockOptin", ctypes.c_int),
                ("driverVersion", ctypes.c_int)]


class _ArgInfo(ctypes.Structure):
    _fields_ = [("isMemref", ctypes.c_bool), ("isArray", ctypes.c_bool),
                ("firstParam", ctypes.c_int),
                ("numParams", ctypes.c_int), ("type", ctypes.c_char_p),
                ("rank", ctypes.c_int), ("elementBytes", ctypes.c_size_t),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("contiguous", ctypes.c_bool),
                ("isTileArray", ctypes.c_bool), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("elementBits", ctypes.c_int), ("isTileArrayList", ctypes.c_bool)]


class _ParamInfo(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("size", ctypes.c_size_t),
                ("align", ctypes.c_size_t), ("type", ctypes.c_char_p)]


def _declare(name, restype, *argtypes):
    function = getattr(_lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


_S = ctypes.POINTER(_Status)
_u64 = ctypes.c_uint64
_device_count = _declare("cudapyDeviceGetCount", ctypes.c_bool, ctypes.POINTER(ctypes.c_int), _S)
_device_open = _declare("cudapyDeviceOpen", _Handle, ctypes.c_int, _S)
_device_close = _declare("cudapyDeviceClose", None, _Handle)
_device_info = _declare("cudapyDeviceGetInfo", None, _Handle, ctypes.POINTER(_DeviceInfo))
_device_sync = _declare("cudapyDeviceSynchronize", ctypes.c_bool, _Handle, _S)
_mem_alloc = _declare("cudapyMemAlloc", ctypes.c_bool, _Handle, ctypes.c_size_t,
                      ctypes.POINTER(_u64), _S)
_mem_free = _declare("cudapyMemFree", ctypes.c_bool, _Handle, _u64, _S)
_mem_htod = _declare("cudapyMemcpyHostToDevice", ctypes.c_bool, _Handle, _u64,
                     ctypes.c_void_p, ctypes.c_size_t, _S)
_mem_set = _declare("cudapyMemset", ctypes.c_bool, _Handle, _u64, ctypes.c_ubyte,
                     ctypes.c_size_t, _S)
_mem_dtoh = _declare("cudapyMemcpyDeviceToHost", ctypes.c_bool, _Handle, ctypes.c_void_p,
                     _u64, ctypes.c_size_t, _S)
_event_create = _declare("cudapyEventCreate", _Handle, _Handle, _S)
_event_destroy = _declare("cudapyEventDestroy", None, _Handle, _Handle)
_event_record = _declare("cudapyEventRecord", ctypes.c_bool, _Handle, _Handle, _Handle, _S)
_event_elapsed = _declare("cudapyEventElapsedMilliseconds", ctypes.c_bool, _Handle, _Handle,
                          _Handle, ctypes.POINTER(ctypes.c_float), _S)
_select_target = _declare("cudapySelectTarget", ctypes.c_int, ctypes.POINTER(_DeviceInfo),
                          ctypes.POINTER(ctypes.c_char_p), ctypes.c_int)
_module_load = _declare("cudapyModuleLoad", _Handle, _Handle, ctypes.c_char_p,
                        ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, _S)


class _CacheInfo(ctypes.Structure):
    _fields_ = [("entries", _u64), ("bytes", _u64), ("maxBytes", _u64)]


_cache_enabled = _declare("cudapyCacheEnabled", ctypes.c_bool)
_cache_directory = _declare("cudapyCacheGetDirectory", ctypes.c_size_t, ctypes.c_char_p,
                            ctypes.c_size_t)
_cache_load = _declare("cudapyCacheLoad", ctypes.c_bool, ctypes.c_char_p,
                       ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t))
_cache_free = _declare("cudapyCacheFree", None, ctypes.c_void_p)
_cache_store = _declare("cudapyCacheStore", ctypes.c_bool, ctypes.c_char_p, ctypes.c_char_p,
                        ctypes.c_size_t)
_cache_info = _declare("cudapyCacheGetInfo", ctypes.c_bool, ctypes.POINTER(_CacheInfo))
_cache_clear = _declare("cudapyCacheClear", ctypes.c_bool)


def cache_load(key):
    """The bytes the compile cache (cudapy-c/Cache.h) holds under `key`, or
    None (a miss, the cache off, a corrupt entry)."""
    data, size = ctypes.c_void_p(), ctypes.c_size_t()
    if not _cache_load(key.encode(), ctypes.byref(data), ctypes.byref(size)):
        return None
    try:
        return ctypes.string_at(data, size.value)
    finally:
        _cache_free(data)


def cache_store(key, data):
    """Stores `data` (bytes) under `key`; False when the cache is off or the
    entry could not be written (which only costs time)."""
    return bool(_cache_store(key.encode(), data, len(data)))


def cache_info():
    """The compile cache's folder, entries, bytes and cap, as a dict; None
    for the counts when the folder cannot be read."""
    buffer = ctypes.create_string_buffer(4096)
    _cache_directory(buffer, len(buffer))
    info = _CacheInfo()
    readable = _cache_info(ctypes.byref(info))
    return {"directory": os.fsdecode(buffer.value), "enabled": bool(_cache_enabled()),
            "entries": info.entries if readable else None,
            "bytes": info.bytes if readable else None, "max_bytes": info.maxBytes}


def cache_clear():
    """Removes every entry of the compile cache; False when some could not
    be removed."""
    return bool(_cache_clear())


class _LinkInput(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("name", ctypes.c_char_p), ("data", ctypes.c_void_p),
                ("size", ctypes.c_size_t)]


_module_load_linked = _declare("cudapyModuleLoadLinked", _Handle, _Handle, ctypes.c_char_p,
                               ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                               ctypes.POINTER(_LinkInput), ctypes.c_int, _S)
_module_log = _declare("cudapyModuleGetJitLog", ctypes.c_char_p, _Handle)
_module_unload = _declare("cudapyModuleUnload", None, _Handle)
_module_kernel = _declare("cudapyModuleGetKernel", _Handle, _Handle, ctypes.c_char_p, _S)
_kernel_required_block = _declare("cudapyKernelGetRequiredBlock", ctypes.c_bool, _Handle,
                                  ctypes.POINTER(ctypes.c_uint))
_kernel_num_params = _declare("cudapyKernelGetNumParams", ctypes.c_int, _Handle)
_kernel_param = _declare("cudapyKernelGetParam", _ParamInfo, _Handle, ctypes.c_int)
_kernel_num_args = _declare("cudapyKernelGetNumArgs", ctypes.c_int, _Handle)
_kernel_arg = _declare("cudapyKernelGetArg", _ArgInfo, _Handle, ctypes.c_int)
_kernel_max_threads = _declare("cudapyKernelGetMaxThreadsPerBlock", ctypes.c_int, _Handle)
_kernel_cooperative = _declare("cudapyKernelIsCooperative", ctypes.c_bool, _Handle)
_kernel_registers = _declare("cudapyKernelGetNumRegisters", ctypes.c_int, _Handle)
_kernel_static_shared = _declare("cudapyKernelGetStaticSharedBytes", ctypes.c_int, _Handle)
_kernel_local_bytes = _declare("cudapyKernelGetLocalBytes", ctypes.c_int, _Handle)
_kernel_max_cooperative = _declare("cudapyKernelGetMaxCooperativeBlocks", ctypes.c_bool,
                                   _Handle, ctypes.POINTER(ctypes.c_uint), ctypes.c_uint,
                                   ctypes.POINTER(ctypes.c_uint), _S)
_args_create = _declare("cudapyArgsCreate", _Handle, _Handle)
_args_destroy = _declare("cudapyArgsDestroy", None, _Handle)
_args_reset = _declare("cudapyArgsReset", None, _Handle)
_args_count = _declare("cudapyArgsGetCount", ctypes.c_int, _Handle)
_args_int = _declare("cudapyArgsAddInt", ctypes.c_bool, _Handle, ctypes.c_int64, _S)
_args_float = _declare("cudapyArgsAddFloat", ctypes.c_bool, _Handle, ctypes.c_double, _S)
_args_pointer = _declare("cudapyArgsAddPointer", ctypes.c_bool, _Handle, _u64, _S)
_args_bytes = _declare("cudapyArgsAddBytes", ctypes.c_bool, _Handle, ctypes.c_char_p,
                       ctypes.c_size_t, _S)
_args_memref = _declare("cudapyArgsAddMemref", ctypes.c_bool, _Handle, _u64, ctypes.c_int,
                        ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64), _S)
_args_array = _declare("cudapyArgsAddArray", ctypes.c_bool, _Handle, _u64, ctypes.c_int,
                       ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64), _S)
_args_tile_arrays = _declare("cudapyArgsAddTileArrays", ctypes.c_bool, _Handle, ctypes.c_int,
                             ctypes.POINTER(ctypes.c_int64), _S)
_args_tile_array = _declare("cudapyArgsAddTileArray", ctypes.c_bool, _Handle, _u64,
                            ctypes.c_int, ctypes.POINTER(ctypes.c_int64),
                            ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t, _S)
_args_tile_array_list = _declare("cudapyArgsAddTileArrayList", ctypes.c_bool, _Handle,
                                 ctypes.c_int, ctypes.POINTER(ctypes.c_int64), _S)
_launch = _declare("cudapyLaunch", ctypes.c_bool, _Handle, _Handle,
                   ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                   ctypes.c_uint, _Handle, _S)
_launch_with_flags = _declare("cudapyLaunchWithFlags", ctypes.c_bool, _Handle, _Handle,
                              ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                              ctypes.c_uint, _Handle, ctypes.c_uint, _S)
# Handles as their pointers (plain ints convert faster than structures).
_launch_records = _declare("cudapyLaunchRecords", ctypes.c_bool, ctypes.c_void_p,
                           ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                           ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p)
_WORD_PACKERS = {}  # a count of words -> its struct.Struct
LAUNCH_PROGRAMMATIC_DEPENDENT = 1  # CUDAPY_LAUNCH_PROGRAMMATIC_DEPENDENT
LAUNCH_COOPERATIVE = 2  # CUDAPY_LAUNCH_COOPERATIVE
# CudapyRecordKind
RECORD_TILE_ARRAY, RECORD_INT, RECORD_FLOAT, RECORD_TILE_ARRAY_LIST, RECORD_ARRAY = 0, 1, 2, 3, 4

PARAM_KINDS = ("pointer", "integer", "float", "vector", "aggregate")
_NULL_HANDLE = _Handle(None)
_INT64_POINTER = ctypes.POINTER(ctypes.c_int64)


class CudaError(RuntimeError):
    """A runtime call failed; `code` is a CudapyStatusCode, `driver_error`
    the CUresult when the driver refused."""

    def __init__(self, status):
        self.code = status.code
        self.driver_error = status.driverError
        super().__init__(status.message.decode(errors="replace"))


def _check(ok, status):
    if not ok:
        raise CudaError(status)


def device_count():
    status, count = _Status(), ctypes.c_int(0)
    _check(_device_count(ctypes.byref(count), ctypes.byref(status)), status)
    return count.value


#===------------------------------------------------------------------------===#
# Arrays
#===------------------------------------------------------------------------===#

class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_kDLCUDA, _kDLCUDAManaged = 2, 13
_PyCapsule_GetPointer = ctypes.pythonapi.PyCapsule_GetPointer
_PyCapsule_GetPointer.restype = ctypes.c_void_p
_PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


class _ArrayView:
    """Device pointer, shape and strides (in elements) of an array argument;
    `keep` holds what must stay alive until the launch is queued."""

    def __init__(self, pointer, shape, strides, itemsize, keep=None):
        self.pointer, self.shape, self.strides, self.keep = pointer, shape, strides, keep
        self.itemsize = itemsize


def _itemsize(typestr):
    return int(typestr[2:])


def _view(obj):
    # PyTorch tensors: their accessors are much faster than building
    # __cuda_array_interface__ (which matters at every launch).
    if getattr(obj, "is_cuda", False) and hasattr(obj, "data_ptr") and \
            hasattr(obj, "element_size"):
        return _ArrayView(obj.data_ptr(), tuple(obj.shape), tuple(obj.stride()),
                          obj.element_size(), obj)
    interface = getattr(obj, "__cuda_array_interface__", None)
    if interface is not None:
        pointer = interface["data"][0]
        shape = tuple(interface["shape"])
        itemsize = _itemsize(interface["typestr"])
        strides = interface.get("strides")
        if strides is None:
            strides, step = [], 1
            for extent in reversed(shape):
                strides.insert(0, step)
                step *= extent
        else:
            if any(s % itemsize for s in strides):
                raise ValueError("array strides are not whole elements")
            strides = [s // itemsize for s in strides]
        return _ArrayView(pointer, shape, tuple(strides), itemsize, obj)
    if hasattr(obj, "__dlpack__"):
        capsule = obj.__dlpack__()
        tensor = _DLTensor.from_address(_PyCapsule_GetPointer(capsule, b"dltensor"))
        if tensor.device.device_type not in (_kDLCUDA, _kDLCUDAManaged):
            raise ValueError("a __dlpack__ argument must live on a CUDA device")
        shape = tuple(tensor.shape[i] for i in range(tensor.ndim))
        if tensor.strides:
            strides = tuple(tensor.strides[i] for i in range(tensor.ndim))
        else:
            strides, step = [], 1
            for extent in reversed(shape):
                strides.insert(0, step)
                step *= extent
            strides = tuple(strides)
        itemsize = tensor.dtype.bits * tensor.dtype.lanes // 8
        return _ArrayView((tensor.data or 0) + tensor.byte_offset, shape, strides, itemsize,
                          capsule)
    return None


def _tile_record(kernel, value, described, words, keep):
    """Appends the record of tile array `value` (pointer, rank, element
    bytes, extents, strides) to `words` and what keeps it alive to `keep`;
    False when `value` is not an array."""
    if described["element_bits"] == 4:
        view = _view(value)
        if view is None:
            return False
        words += (view.pointer, len(view.shape), 0, *_packed_elements(kernel, described, view))
        keep.append(view.keep)
        return True
    if getattr(value, "is_cuda", False) and hasattr(value, "data_ptr"):
        shape = value.shape  # PyTorch: its accessors are the fast way
        words += (value.data_ptr(), len(shape), value.element_size(), *shape, *value.stride())
        return True
    view = None if isinstance(value, (bool, int, float, bytes, pointer, memref, list, tuple)) \
        else _view(value)
    if view is None:
        return False
    keep.append(view.keep)
    words += (view.pointer, len(view.shape), view.itemsize, *view.shape, *view.strides)
    return True


class pointer:
    """Passes an array as one pointer parameter."""

    def __init__(self, array):
        self.array = array


class memref:
    """Passes an array as a memref descriptor (3 + 2*rank parameters)."""

    def __init__(self, array):
        self.array = array


class DeviceBuffer:
    """Plain device memory from the runtime, with `__cuda_array_interface__`
    (for machines and tests without CuPy or PyTorch)."""

    def __init__(self, device, shape, typestr="<f4"):
        self.device = device
        self.shape = tuple(shape)
        self.typestr = typestr
        self.nbytes = _itemsize(typestr)
        for extent in self.shape:
            self.nbytes *= extent
        status, address = _Status(), _u64(0)
        _check(_mem_alloc(device._handle, self.nbytes, ctypes.byref(address),
                          ctypes.byref(status)), status)
        self.pointer = address.value

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.shape, "typestr": self.typestr, "data": (self.pointer, False),
                "strides": None, "version": 3}

    def copy_from_host(self, data):
        buffer = (ctypes.c_char * self.nbytes).from_buffer_copy(bytes(data))
        status = _Status()
        _check(_mem_htod(self.device._handle, self.pointer, buffer, self.nbytes,
                         ctypes.byref(status)), status)

    def copy_to_host(self):
        buffer = (ctypes.c_char * self.nbytes)()
        status = _Status()
        _check(_mem_dtoh(self.device._handle, buffer, self.pointer, self.nbytes,
                         ctypes.byref(status)), status)
        return bytes(buffer)

    def free(self):
        if self.pointer:
            _mem_free(self.device._handle, self.pointer, None)
            self.pointer = 0

    def __del__(self):
        try:
            self.free()
        except Exception:
            pass


#===------------------------------------------------------------------------===#
# Devices, modules, kernels
#===------------------------------------------------------------------------===#

class Device:
    def __init__(self, ordinal=0):
        status = _Status()
        self._handle = _device_open(ordinal, ctypes.byref(status))
        _check(bool(self._handle.ptr), status)
        self._info = _DeviceInfo()
        _device_info(self._handle, ctypes.byref(self._info))

    name = property(lambda self: self._info.name.decode())
    chip = property(lambda self: self._info.chip.decode())
    multiprocessors = property(lambda self: self._info.multiprocessorCount)
    total_memory = property(lambda self: self._info.totalMemoryBytes)
    compute_capability = property(lambda self: (self._info.computeCapabilityMajor,
                                                self._info.computeCapabilityMinor))

    def synchronize(self):
        status = _Status()
        _check(_device_sync(self._handle, ctypes.byref(status)), status)

    def select_target(self, chips):
        """Index of the chip in `chips` that runs best here, or -1."""
        array = (ctypes.c_char_p * len(chips))(*[c.encode() for c in chips])
        return _select_target(ctypes.byref(self._info), array, len(chips))

    def load(self, compiled, ptx=None, metadata=None, link=()):
        """Loads a cudapy.CompiledModule (choosing the output whose chip suits
        the device), or `ptx` (PTX text, or a cubin's bytes) with its
        `metadata` JSON text. `link`:
        foreign device code to link with it, (kind, name, bytes) triples
        (kind: 0 cubin, 1 PTX, 2 fatbinary, 3 object, 4 archive)."""
        if compiled is not None:
            import json
            index = self.select_target([o.chip for o in compiled.outputs])
            if index < 0:
                raise CudaError(_status_of(5, "no compiled output runs on %s (%s)"
                                              % (self.name, self.chip)))
            output = compiled.outputs[index]
            ptx = output.data if output.format == "cubin" else output.text
            metadata = json.dumps(compiled.metadata)
        return Module(self, ptx, metadata, link)

    def empty(self, shape, typestr="<f4"):
        return DeviceBuffer(self, shape, typestr)

    def close(self):
        if self._handle.ptr:
            _device_close(self._handle)
            self._handle = _Handle(None)


def _status_of(code, message):
    status = _Status()
    status.code = code
    status.message = message.encode()[:4095]
    return status


class Module:
    def __init__(self, device, ptx, metadata, link=()):
        status = _Status()
        # PTX text, or a cubin's bytes.
        ptx_bytes = ptx if isinstance(ptx, (bytes, bytearray)) else ptx.encode()
        metadata_bytes = metadata.encode()
        self.device = device
        if link:
            buffers = [ctypes.create_string_buffer(bytes(data), len(data))
                       for _, _, data in link]
            inputs = (_LinkInput * len(link))(*[
                _LinkInput(int(kind), os.fsencode(name), ctypes.addressof(buffer), len(buffer))
                for (kind, name, _), buffer in zip(link, buffers)])
            self._handle = _module_load_linked(device._handle, ptx_bytes, len(ptx_bytes),
                                               metadata_bytes, len(metadata_bytes), inputs,
                                               len(link), ctypes.byref(status))
        else:
            self._handle = _module_load(device._handle, ptx_bytes, len(ptx_bytes),
                                        metadata_bytes, len(metadata_bytes),
                                        ctypes.byref(status))
        _check(bool(self._handle.ptr), status)
        self._kernels = {}

    @property
    def jit_log(self):
        return _module_log(self._handle).decode(errors="replace")

    def kernel(self, name):
        if name not in self._kernels:
            status = _Status()
            handle = _module_kernel(self._handle, name.encode(), ctypes.byref(status))
            _check(bool(handle.ptr), status)
            self._kernels[name] = Kernel(self, name, handle)
        return self._kernels[name]

    def unload(self):
        for kernel in self._kernels.values():
            kernel._release()
        self._kernels = {}
        if self._handle.ptr:
            _module_unload(self._handle)
            self._handle = _Handle(None)


def _packed_elements(kernel, described, view):
    """The extents and strides, in elements, of a byte array that holds fp4
    elements packed two to a byte (uint8, or PyTorch's float4_e2m1fn_x2):
    its last dimension is contiguous and holds twice as many elements."""
    if view is None or view.itemsize != 1 or not view.shape or view.strides[-1] != 1:
        raise TypeError("%s takes %s: pass its fp4 elements packed two to a byte, as a "
                        "1-byte array whose last dimension is contiguous"
                        % (kernel.name, described["type"]))
    shape = list(view.shape)
    shape[-1] *= 2
    return (*shape, *(2 * s for s in view.strides[:-1]), 1)


class Kernel:
    def __init__(self, module, name, handle):
        self.module, self.name, self._handle = module, name, handle
        self.params = []
        for i in range(_kernel_num_params(handle)):
            info = _kernel_param(handle, i)
            self.params.append((PARAM_KINDS[info.kind], info.size, info.type.decode()))
        # Source-level arguments, when the metadata describes them: each
        # Python argument then fills exactly one of them.
        self.args = []
        for i in range(_kernel_num_args(handle)):
            info = _kernel_arg(handle, i)
            self.args.append({
                "type": info.type.decode(), "memref": info.isMemref,
                "array": info.isArray, "tile_array": info.isTileArray,
                "tile_array_list": info.isTileArrayList,
                "first_param": info.firstParam, "params": info.numParams,
                "rank": info.rank, "element_bytes": info.elementBytes,
                "element_bits": (info.elementBits if info.isTileArray or info.isTileArrayList
                                 else 8 * info.elementBytes),
                "contiguous": info.contiguous})
        self._first_params = {a["first_param"]: a for a in self.args}
        self.max_threads_per_block = _kernel_max_threads(handle)
        # What ptxas gave the kernel: registers and local memory (spills,
        # local arrays) per thread, static shared memory per block.
        self.num_registers = _kernel_registers(handle)
        self.local_bytes = _kernel_local_bytes(handle)
        self.static_shared_bytes = _kernel_static_shared(handle)
        required = (ctypes.c_uint * 3)()
        # The block launches must use (tile kernels), or None: any block.
        self.required_block = (tuple(required) if _kernel_required_block(handle, required)
                               else None)
        # Every launch is cooperative (the kernel reaches a grid barrier).
        self.cooperative = bool(_kernel_cooperative(handle))
        # Reused by every launch (a Kernel is not for concurrent launches from
        # several threads, like the C argument list it fills).
        self._status = _Status()
        self._status_ref = ctypes.byref(self._status)
        self._grid = (ctypes.c_uint * 3)()
        self._block = (ctypes.c_uint * 3)()
        self._stream_handle = (None, _NULL_HANDLE)  # the last stream and its handle
        self._dims = {}
        # Kernels whose arguments are all tile arrays fill them in one C
        # call from a buffer of records (see _fill_tile_arrays).
        self._tile_only = bool(self.args) and all(a["tile_array"] for a in self.args)
        self._records = (ctypes.c_int64 * sum(3 + 2 * a["rank"] for a in self.args))()
        self._words = (ctypes.c_int64 * 0)()  # launch_words' buffer, grown on use
        self._word_doubles = None
        self._words_address = ctypes.addressof(self._words)
        self._status_address = ctypes.addressof(self._status)
        self._args = _args_create(handle)

    def max_cooperative_blocks(self, block, shared=0):
        """The most blocks of `block` threads (an int or 1 to 3 extents),
        with `shared` bytes of dynamic shared memory, that a cooperative
        launch of this kernel may have on its device."""
        extents = (block,) if isinstance(block, int) else tuple(block)
        if not 1 <= len(extents) <= 3:
            raise ValueError("a block is 1 to 3 extents, not %r" % (block,))
        dims = (ctypes.c_uint * 3)(*(list(extents) + [1] * (3 - len(extents))))
        blocks = ctypes.c_uint()
        status = _Status()
        _check(_kernel_max_cooperative(self._handle, dims, shared, ctypes.byref(blocks),
                                       ctypes.byref(status)), status)
        return blocks.value

    def _release(self):
        if self._args.ptr:
            _args_destroy(self._args)
            self._args = _Handle(None)

    def _is_descriptor_at(self, index, rank):
        needed = 3 + 2 * rank
        if index + needed > len(self.params):
            return False
        kinds = [self.params[index + i] for i in range(needed)]
        return (all(k[0] == "pointer" for k in kinds[:2]) and
                all(k[0] == "integer" and k[1] == 8 for k in kinds[2:]))

    def _scratch(self, position, rank):
        """Reusable shape and stride arrays for argument `position`."""
        key = (position, rank)
        dims = self._dims.get(key)
        if dims is None:
            dims = self._dims[key] = ((ctypes.c_int64 * max(rank, 1))(),
                                      (ctypes.c_int64 * max(rank, 1))())
        return dims

    def _tile_records(self, arguments, words):
        """Appends to `words` the records of a kernel's arguments when all
        are tile arrays (each preceded by RECORD_TILE_ARRAY where `words`
        already holds the grid and block, for launch_words); returns what
        keeps the arrays alive, or None when one of them is not an array
        (the general path then says what is wrong)."""
        tagged = bool(words)
        keep = []
        for value, described in zip(arguments, self.args):
            if tagged:
                words.append(RECORD_TILE_ARRAY)
            if not _tile_record(self, value, described, words, keep):
                return None
        return keep

    def _fill_tile_array_list(self, position, value, described):
        """A list of tile arrays (`!tile.list`): each array's record, then
        one C call that checks them and fills the list's parameters."""
        if not isinstance(value, (list, tuple)):
            raise TypeError("argument %d of %s is %s; pass a list of arrays, not a %s"
                            % (position, self.name, described["type"],
                               type(value).__name__))
        records, keep = [], []
        for k, item in enumerate(value):
            if not _tile_record(self, item, described, records, keep):
                raise TypeError("array %d of argument %d of %s is %s; pass arrays, not a "
                                "%s" % (k, position, self.name, described["type"],
                                        type(item).__name__))
        buffer = (ctypes.c_int64 * max(len(records), 1))(*records)
        if not _args_tile_array_list(self._args, len(value), buffer, self._status_ref):
            raise TypeError(self._status.message.decode())
        return keep

    def _fill_tile_arrays(self, arguments):
        """The arguments of a kernel that takes only tile arrays, in one C
        call; None when one of them is not an array."""
        records = []
        keep = self._tile_records(arguments, records)
        if keep is None:
            return None
        buffer = self._records
        if len(records) > len(buffer):
            buffer = self._records = (ctypes.c_int64 * len(records))()
        buffer[:len(records)] = records
        if not _args_tile_arrays(self._args, len(arguments), buffer, self._status_ref):
            raise TypeError(self._status.message.decode())
        return keep

    def _fill(self, arguments):
        status_ref = self._status_ref
        _args_reset(self._args)
        if self._tile_only and len(arguments) == len(self.args):
            keep = self._fill_tile_arrays(arguments)
            if keep is not None:
                return keep
            _args_reset(self._args)
        keep = []
        index = 0  # the next PTX parameter
        for position, value in enumerate(arguments):
            described = self._first_params.get(index)
            if described is not None and described["tile_array_list"]:
                keep += self._fill_tile_array_list(position, value, described)
                index += described["params"]
                continue
            force = None
            if isinstance(value, (pointer, memref)):
                force, value = type(value), value.array
            view = None if isinstance(value, (bool, int, float, bytes)) else _view(value)
            described = self._first_params.get(index)
            if described is not None and described["array"]:
                # A py dialect array: one interoperable_array_descriptor.
                if view is None:
                    raise TypeError("argument %d of %s is %s; pass an array, not a %s"
                                    % (position, self.name, described["type"],
                                       type(value).__name__))
                if view.itemsize != described["element_bytes"]:
                    raise TypeError("argument %d of %s is %s (%d-byte elements); the "
                                    "array's elements have %d bytes"
                                    % (position, self.name, described["type"],
                                       described["element_bytes"], view.itemsize))
                keep.append(view.keep)
                rank = len(view.shape)
                shape, strides = self._scratch(position, rank)
                shape[:rank] = view.shape
                strides[:rank] = view.strides
                if not _args_array(self._args, view.pointer, rank, shape, strides,
                                   status_ref):
                    raise CudaError(self._status)
                index += 1
                continue
            if described is not None and described["tile_array"]:
                # A tile dialect array: its pointer, dynamic extents and
                # dynamic strides, checked and filled in one C call.
                if view is None:
                    raise TypeError("argument %d of %s is %s; pass an array, not a %s"
                                    % (position, self.name, described["type"],
                                       type(value).__name__))
                keep.append(view.keep)
                rank = len(view.shape)
                shape, strides = self._scratch(position, rank)
                itemsize = view.itemsize
                if described["element_bits"] == 4:
                    packed = _packed_elements(self, described, view)
                    shape[:rank], strides[:rank] = packed[:rank], packed[rank:]
                    itemsize = 0
                else:
                    shape[:rank] = view.shape
                    strides[:rank] = view.strides
                if not _args_tile_array(self._args, view.pointer, rank, shape, strides,
                                        itemsize, status_ref):
                    raise TypeError(self._status.message.decode())
                index += described["params"]
                continue
            if described is not None and described["memref"]:
                if view is None:
                    raise TypeError("argument %d of %s is %s; pass an array, not a %s"
                                    % (position, self.name, described["type"],
                                       type(value).__name__))
                if view.itemsize and described["element_bytes"] and \
                        view.itemsize != described["element_bytes"]:
                    raise TypeError("argument %d of %s is %s (%d-byte elements); the "
                                    "array's elements have %d bytes"
                                    % (position, self.name, described["type"],
                                       described["element_bytes"], view.itemsize))
                if force is None:
                    force = memref if described["params"] > 1 else pointer
            if view is not None:
                keep.append(view.keep)
                rank = len(view.shape)
                as_memref = (force is memref or
                             (force is None and self._is_descriptor_at(index, rank)))
                if as_memref:
                    shape, strides = self._scratch(position, rank)
                    shape[:rank] = view.shape
                    strides[:rank] = view.strides
                    ok = _args_memref(self._args, view.pointer, rank, shape, strides,
                                      status_ref)
                    index += 3 + 2 * rank
                else:
                    ok = _args_pointer(self._args, view.pointer, status_ref)
                    index += 1
            elif isinstance(value, (bool, int)):
                ok = _args_int(self._args, int(value), status_ref)
                index += 1
            elif isinstance(value, float):
                ok = _args_float(self._args, value, status_ref)
                index += 1
            elif isinstance(value, bytes):
                ok = _args_bytes(self._args, value, len(value), status_ref)
                index += 1
            else:
                raise TypeError("argument %d of %s: cannot pass a %s to a kernel"
                                % (position, self.name, type(value).__name__))
            if not ok:
                raise CudaError(self._status)
        return keep

    def launch(self, grid, block, *arguments, shared=0, stream=None, flags=0):
        """Queues the kernel. `grid` and `block` are 1 to 3 extents; `block`
        None takes the kernel's required block (`required_block`: tile
        kernels), which a different block may not replace."""
        if self._tile_only and not shared and len(arguments) == len(self.args) and \
                0 < len(grid) <= 3 and (block is None or 0 < len(block) <= 3):
            # Arguments and launch in one C call (cudapyLaunchRecords).
            block_words = [0, 0, 0] if block is None else [*block, 1, 1][:3]
            words = [*grid, 1, 1][:3] + block_words
            if valid_extents(words[:3]) and (block is None or valid_extents(block_words)):
                keep = self._tile_records(arguments, words)
                if keep is not None:
                    self.launch_words(words, len(arguments), (), _raw_stream(stream), flags)
                    return
        keep = self._fill(arguments)
        self._queue(grid, block, shared, stream, flags)
        del keep

    def launch_words(self, words, count, floats=(), stream=None, flags=0):
        """Fills the arguments and queues the kernel in one C call
        (cudapyLaunchRecords): `words` is a list of ints, the grid's three
        extents and the block's three, then `count` entries, each
        RECORD_TILE_ARRAY and the array's pointer, rank, element bytes,
        extents and strides (elements), RECORD_TILE_ARRAY_LIST, the number
        of arrays and each array's record (without the kind), RECORD_INT
        and the value, or RECORD_FLOAT and a placeholder that `floats`,
        (position, value) pairs, fill with the value. The frontends' launch path, which reads
        each argument once for its specialization and its words. `stream`
        is a raw handle or None; the caller keeps the arrays alive and has
        checked the grid and block (valid_extents). An argument the kernel
        refuses is a TypeError, a launch it refuses a CudaError."""
        n = len(words)
        packer = _WORD_PACKERS.get(n)
        if packer is None:
            packer = _WORD_PACKERS[n] = struct.Struct("=%dq" % n)
        buffer = self._words
        if n > len(buffer):
            buffer = self._words = (ctypes.c_int64 * n)()
            self._word_doubles = (ctypes.c_double * n).from_buffer(buffer)
            self._words_address = ctypes.addressof(buffer)
        packer.pack_into(buffer, 0, *words)
        if floats:
            doubles = self._word_doubles
            for position, value in floats:
                doubles[position] = value
        if not _launch_records(self._handle.ptr, self._args.ptr, self._words_address, n, count,
                               stream or None, flags, self._status_address):
            # An argument the kernel refused left parameters unfilled (the
            # caller has checked the grid and block).
            if _args_count(self._args) < len(self.params):
                raise TypeError(self._status.message.decode())
            raise CudaError(self._status)

    def _queue(self, grid, block, shared, stream, flags=0):
        g, b = self._grid, self._block
        n = len(grid)
        g[0] = grid[0]
        g[1] = grid[1] if n > 1 else 1
        g[2] = grid[2] if n > 2 else 1
        if block is None:  # the kernel's required block
            b[0] = b[1] = b[2] = 0
        else:
            n = len(block)
            b[0] = block[0]
            b[1] = block[1] if n > 1 else 1
            b[2] = block[2] if n > 2 else 1
        stream = _raw_stream(stream)
        last, handle = self._stream_handle
        if stream != last:
            handle = _Handle(stream) if stream else _NULL_HANDLE
            self._stream_handle = (stream, handle)
        if not (_launch(self._handle, self._args, g, b, shared, handle, self._status_ref)
                if not flags else
                _launch_with_flags(self._handle, self._args, g, b, shared, handle, flags,
                                   self._status_ref)):
            raise CudaError(self._status)

    def time(self, grid, block, *arguments, shared=0, warmup=10, repeat=100):
        """Median time of one launch in microseconds, with CUDA events."""
        for _ in range(warmup):
            self.launch(grid, block, *arguments, shared=shared)
        times = sorted(event_samples(
            self.module.device, lambda: self.launch(grid, block, *arguments, shared=shared),
            count=repeat))
        return times[len(times) // 2]


def valid_extents(extents):
    """Whether `extents` (a launch's grid and block) are ints from 1 to
    2^32 - 1, as cudapyLaunchRecords takes them."""
    return all(type(e) is int and 0 < e < 1 << 32 for e in extents)


def _raw_stream(stream):
    """A stream's raw handle (an int, or None for the default stream): CuPy
    streams have .ptr, PyTorch streams .cuda_stream."""
    if stream is not None and not isinstance(stream, int):
        stream = getattr(stream, "ptr", None) or getattr(stream, "cuda_stream")
    return stream


def event_samples(device, call, stream=None, count=100, budget_s=None, least=5):
    """Microseconds that each of `count` calls of `call()` takes on
    `stream` (a raw handle or None), from CUDA events around it; with
    `budget_s`, fewer once that many seconds have passed (at least
    `least`)."""
    status = _Status()
    handle = _Handle(stream) if stream else _NULL_HANDLE
    start = _event_create(device._handle, ctypes.byref(status))
    stop = _event_create(device._handle, ctypes.byref(status))
    try:
        samples = []
        began = time.perf_counter()
        while len(samples) < count and (budget_s is None or len(samples) < least or
                                        time.perf_counter() - began < budget_s):
            _event_record(device._handle, start, handle, ctypes.byref(status))
            call()
            _event_record(device._handle, stop, handle, ctypes.byref(status))
            elapsed = ctypes.c_float(0)
            _check(_event_elapsed(device._handle, start, stop, ctypes.byref(elapsed),
                                  ctypes.byref(status)), status)
            samples.append(elapsed.value * 1e3)
        return samples
    finally:
        _event_destroy(device._handle, start)
        _event_destroy(device._handle, stop)
