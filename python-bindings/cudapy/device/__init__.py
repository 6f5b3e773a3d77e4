"""cudapy.device: the cuda.device specification (specs/cuda-device-python-
spec.md) over cudapy's py, simt and target dialects — per-thread kernels
written in Python.

    from cudapy import device

    @device.func
    def axpy(a, x, y):
        return a * x + y

    @device.kernel
    def vec_axpy(a, x, y, out):
        i = device.tid(1)
        if i < len(out):
            out[i] = axpy(a, x[i], y[i])

    device.launch(vec_axpy, 2.0, x, y, out, grid=4, block=256, stream=stream)

docs/DevicePython.md lists each entry of the specification and its status.
"""

from . import _simt  # noqa: F401  (registers the device functions)
from ._api import block_dim, block_idx, grid_dim, lane_id, thread_idx, warp_size
from ._errors import (DeviceCompileError, DeviceError, DeviceSyntaxError, DeviceTypeError,
                      DeviceUnsupportedError, DeviceValueError)
from ._kernel import func as _func_class, kernel as _kernel_class, launch
from ._kernel import _decorator, declare
from ._simt import (activemask, all_sync, any_sync, atomic_ref, ballot_sync, brev, cbrt, clz,
                    dynamic_shared_array, match_all_sync, match_any_sync, eq_sync, ffs, fma, grid_size, lanemask_lt, local_array, popc, shared_array,
                    shfl_down_sync, shfl_sync, shfl_up_sync, shfl_xor_sync, syncthreads,
                    syncthreads_and, syncthreads_count, syncthreads_or, syncwarp, this_grid,
                    threadfence, tid)
from ._struct import StructType, align, struct
from ._target import (SMSelector, TargetDescription, any_target, is_device, is_exactly,
                      is_host, no_target, provides, target)
from ._target import SELECTORS as _SELECTORS
from ._types import Atomic, ConstExpr
from ._types import (bfloat16, bool_, complex64, complex128, float8e4m3, float8e5m2, float16,
                     float32, float64, int8, int16, int32, int64, uint8, uint16, uint32,
                     uint64)

globals().update(_SELECTORS)  # sm50 … sm121: the spec's smXX objects
from ._types import VECTOR_TYPES as _VECTOR_TYPES  # noqa: E402
globals().update(_VECTOR_TYPES)  # int8x1 … float64x4: the spec's vector types
func = _decorator(_func_class)
kernel = _decorator(_kernel_class)


def machine_representation():
    """The machine representation's format (cuda-device spec, "Machine
    Representation"): the Itanium C++ ABI, as CUDA C++ on Linux."""
    return "itanium"


__all__ = [
    "Atomic", "ConstExpr", "StructType", "align", "struct", "SMSelector", "TargetDescription", "any_target", "is_device", "is_exactly", "is_host",
    "no_target", "provides", "target", *sorted(_SELECTORS), *sorted(_VECTOR_TYPES),
    "activemask", "all_sync", "any_sync", "atomic_ref", "dynamic_shared_array",
    "match_all_sync", "match_any_sync", "ballot_sync", "brev", "cbrt", "clz",
    "eq_sync", "ffs", "fma", "lanemask_lt", "popc", "shfl_down_sync", "shfl_sync",
    "shfl_up_sync", "shfl_xor_sync", "syncthreads_and", "syncthreads_count", "syncthreads_or",
    "syncwarp", "this_grid",
    "DeviceCompileError", "DeviceError", "DeviceSyntaxError", "DeviceTypeError",
    "DeviceUnsupportedError", "DeviceValueError",
    "bfloat16", "block_dim", "block_idx", "bool_", "declare", "complex64", "complex128", "float8e4m3",
    "float8e5m2", "float16", "float32", "float64", "func", "grid_dim", "grid_size", "int8",
    "int16", "int32", "int64", "kernel", "lane_id", "launch", "local_array",
    "machine_representation", "shared_array", "syncthreads", "thread_idx", "threadfence",
    "tid", "uint8", "uint16", "uint32", "uint64", "warp_size",
]
