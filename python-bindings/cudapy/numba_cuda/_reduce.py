"""`cuda.reduce`: numba's reduction of a 1-D array by a binary function.

    @cuda.reduce
    def sum_reduce(a, b):
        return a + b

    total = sum_reduce(array)            # also size=, res=, init=, stream=

Two launches of one kernel: blocks of 256 threads each fold a strided
share of the elements with the function, then combine the threads' values
in shared memory (only values that exist: the function need not have an
identity); a second launch of one block folds the blocks' values. The
initial value is folded in last, on the host, as numba's `init` (0 unless
given).
"""

import types as _pytypes

from . import DeviceNDArray, _DeviceFunction, _backend, blockDim, blockIdx, gridDim, int32
from . import jit, shared, syncthreads, threadIdx

_THREADS = 256


def _fold_blocks(values, n, partials):
    T = values.dtype
    t = threadIdx.x
    i = blockIdx.x * blockDim.x + t
    stride = blockDim.x * gridDim.x
    folded = shared.array(256, values.dtype)
    present = shared.array(256, int32)
    if i < n:
        a = values[i]
        j = i + stride
        while j < n:
            a = T(_core(a, values[j]))  # noqa: F821 (bound per reduction)
            j += stride
        folded[t] = a
        present[t] = 1
    else:
        present[t] = 0
    syncthreads()
    width = blockDim.x // 2
    while width > 0:
        if t < width and present[t + width] == 1:
            if present[t] == 1:
                folded[t] = T(_core(folded[t], folded[t + width]))  # noqa: F821
            else:
                folded[t] = folded[t + width]
                present[t] = 1
        syncthreads()
        width //= 2
    if t == 0:
        partials[blockIdx.x] = folded[0]


class Reduce:
    """What `cuda.reduce(function)` makes: a callable reduction."""

    def __init__(self, function):
        self.__name__ = getattr(function, "__name__", "reduce")
        self._function = getattr(function, "underlying", function)
        core = function if isinstance(function, _DeviceFunction) else _DeviceFunction(function)
        scope = dict(_fold_blocks.__globals__, _core=core)
        self._kernel = jit(_pytypes.FunctionType(_fold_blocks.__code__, scope, "_fold_blocks"))

    def __repr__(self):
        return "<CUDA reduction %s>" % self.__name__

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        """The reduction of the first `size` elements of `arr` (all of them
        by default) with `init`: returned, or stored into the device array
        `res` (its first element) when given."""
        name, module = _backend()
        array = arr._array if isinstance(arr, DeviceNDArray) else arr
        if not hasattr(array, "__cuda_array_interface__"):
            from . import to_device
            array = to_device(arr)._array
        n = len(array) if size is None else int(size)
        if getattr(array, "ndim", 1) != 1:
            raise TypeError("cuda.reduce reduces a 1-d array")
        value = init
        if n > 0:
            blocks = min((n + _THREADS - 1) // _THREADS, _THREADS)
            partials = _empty_like(array, blocks, name, module)
            self._kernel[blocks, _THREADS, stream](array, n, partials)
            if blocks > 1:
                last = _empty_like(array, 1, name, module)
                self._kernel[1, _THREADS, stream](partials, blocks, last)
                partials = last
            from . import synchronize
            synchronize()
            folded = DeviceNDArray(partials).copy_to_host()[0]
            value = self._function(init, folded) if init is not None else folded
        if res is not None:
            target = res._array if isinstance(res, DeviceNDArray) else res
            target[0] = value
            return None
        return value


def _empty_like(array, n, name, module):
    if name == "cupy":
        return module.empty(n, dtype=array.dtype)
    return module.empty(n, dtype=array.dtype, device=array.device)


def reduce(function):
    """`@cuda.reduce`: a reduction of 1-d arrays by the binary `function`."""
    return Reduce(function)
