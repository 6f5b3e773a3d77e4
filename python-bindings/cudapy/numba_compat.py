"""What numba's top-level module gives CUDA programs, for programs that
`import numba` beside `from numba import cuda`:

    from cudapy import numba_compat as numba       # was: import numba
    from cudapy import numba_cuda as cuda          # was: from numba import cuda

`numba.jit` and `numba.njit` make heterogeneous functions: called on the
host they run as Python (cudapy has no CPU compiler), called in a kernel
they compile as device functions of the numba spelling (as numba-cuda
compiles a CPU-jitted function a kernel calls). `vectorize` is the CUDA
ufunc's (`target='cuda'`), and the number types are numba's names.
"""

from .numba_cuda import (_DeviceFunction, boolean, complex64, complex128, float16,  # noqa: F401
                         float32, float64, int8, int16, int32, int64, uint8, uint16, uint32,
                         uint64, vectorize)

class _HeterogeneousFunction(_DeviceFunction):
    """A `numba.jit` function: Python on the host, a device function in
    kernels. On the host, NumPy scalar arguments become Python numbers, so
    that the arithmetic is numba's (a float32 argument meeting a float
    literal computes in float64, as numba types it), not NumPy's."""

    def __call__(self, *args, **kwargs):
        args = [a.item() if type(a).__module__ == "numpy" and getattr(a, "ndim", 1) == 0
                else a for a in args]
        return self.underlying(*args, **kwargs)


_OPTIONS = ("nopython", "cache", "fastmath", "inline", "boundscheck", "error_model",
            "nogil", "parallel")


def jit(function_or_signature=None, /, **options):
    """`@numba.jit`, `@numba.jit(signature, **options)`: a function callable
    on the host (as Python) and from kernels (as a device function). A
    signature is accepted; the arguments' types decide."""
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise TypeError("numba.jit does not take %s here" % ", ".join(unknown))
    if callable(function_or_signature):
        return _HeterogeneousFunction(function_or_signature)
    return _HeterogeneousFunction


njit = jit

__all__ = ["jit", "njit", "vectorize", "boolean", "complex64", "complex128", "float16",
           "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16",
           "uint32", "uint64"]
