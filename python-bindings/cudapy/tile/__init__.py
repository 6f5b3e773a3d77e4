"""cudapy.tile: cuTile Python's API over the cudapy compiler.

A program written for cuTile Python runs with one line changed:

    import cudapy.tile as ct

    @ct.kernel
    def vector_add(a, b, c, tile_size: ct.Constant[int]):
        pid = ct.bid(0)
        x = ct.load(a, index=(pid,), shape=(tile_size,))
        y = ct.load(b, index=(pid,), shape=(tile_size,))
        ct.store(c, index=(pid,), tile=x + y)

    ct.launch(stream, (ct.cdiv(n, 1024),), vector_add, (a, b, c, 1024))

The kernel's Python source is translated to the tile dialect (its `ast`,
with cuTile's typing rules from the dialect's own library through the C
API), compiled by the one cudapy pipeline and launched through the cudapy
runtime on CuPy and PyTorch arrays. Errors name the kernel's file and line.
docs/TilePython.md lists every cuTile API entry and its status here.
"""

import contextlib as _contextlib

from ._dtypes import (DType, bfloat16, bool_, float4_e2m1fn, float8_e4m3fn, float8_e5m2,
                      float8_e8m0fnu, float16, float32, float64, int8, int16, int32, int64,
                      tfloat32, uint8, uint16, uint32, uint64)
from ._errors import (TileCompilerExecutionError, TileCompilerTimeoutError, TileError,
                      TileInternalError, TileRecursionError, TileStaticAssertionError,
                      TileStaticEvalError, TileSyntaxError, TileTypeError,
                      TileUnsupportedFeatureError, TileValueError)
from .autotune import Autotuned, Config, autotune
from ._kernel import (ArrayAnnotation, ByTarget, Constant, ConstantAnnotation, IndexedWithInt64,
                      ListAnnotation, ScalarInt64, cdiv, kernel, launch)


# The operations (cudapy.tile._api, the translator's half of cuTile's API)
# and the modules `compilation` and `tune` are imported on first use: a
# program whose kernels the disk cache holds translates none of them, and
# imports only what launching needs. _LAZY: the names of __all__ not
# defined here.
def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    import importlib
    if name in ("compilation", "tune"):
        value = importlib.import_module("." + name, __name__)
    else:
        value = getattr(importlib.import_module("._api", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | _LAZY)


def function(func=None, /, *, host=False, tile=True):
    """Marks a helper called from kernels (plain functions work too: every
    Python function a kernel calls is translated in place)."""
    def mark(f):
        f.__cudapy_tile_function__ = True
        return f
    return mark(func) if func is not None else mark


class Tile:
    """The type of tiles in annotations (`x: ct.Tile`)."""


class Array:
    """The type of global arrays in annotations (`a: ct.Array`)."""


class TiledView:
    """The type of tiled views in annotations."""


Scalar = (int, float)

_timeout = [None]


@_contextlib.contextmanager
def compiler_timeout(timeout_sec):
    """Bounds the compile time of kernels compiled inside the block (kept
    for cuTile's API: cudapy's compiles take milliseconds)."""
    previous, _timeout[0] = _timeout[0], timeout_sec
    try:
        yield
    finally:
        _timeout[0] = previous


__all__ = [
    # kernels
    "kernel", "launch", "function", "ByTarget", "compiler_timeout", "cdiv", "tune",
    "compilation",
    # enums
    "MemoryOrder", "MemoryScope", "PaddingMode", "RoundingMode",
    # dtypes
    "DType", "bfloat16", "bool_", "float4_e2m1fn", "float8_e4m3fn", "float8_e5m2",
    "float8_e8m0fnu", "float16", "float32", "float64", "int8", "int16", "int32", "int64",
    "tfloat32", "uint8", "uint16", "uint32", "uint64",
    # exceptions
    "TileCompilerExecutionError", "TileCompilerTimeoutError", "TileError", "TileInternalError",
    "TileRecursionError", "TileStaticAssertionError", "TileStaticEvalError", "TileSyntaxError",
    "TileTypeError", "TileUnsupportedFeatureError", "TileValueError",
    # annotations
    "Array", "ArrayAnnotation", "Constant", "ConstantAnnotation", "IndexedWithInt64",
    "ListAnnotation", "Scalar", "ScalarInt64", "Slice", "Tile", "TiledView",
    # operations
    "abs", "add", "arange", "argmax", "argmin", "astype", "atomic_add", "atomic_and",
    "atomic_cas", "atomic_max", "atomic_min", "atomic_or", "atomic_xchg", "atomic_xor",
    "bid", "bitcast", "bitwise_and", "bitwise_lshift", "bitwise_not", "bitwise_or",
    "bitwise_rshift", "bitwise_xor", "broadcast_to", "cat", "ceil", "cos", "cosh", "cumprod",
    "cumsum", "ensure_constant", "equal", "exp", "exp2", "expand_dims", "extract", "floor",
    "floordiv", "full", "gather", "greater", "greater_equal", "insert", "isnan", "less",
    "less_equal", "load", "log", "log2", "matmul", "max", "maximum", "min", "minimum", "mma",
    "mod", "mul", "negative", "not_equal", "num_blocks", "num_tiles", "ones", "permute", "pow",
    "prod", "reduce", "reshape", "rsqrt", "scan", "scatter", "sin", "sinh", "sqrt", "static_assert",
    "static_iter", "store", "sub", "sum", "tan", "tanh", "transpose", "truediv", "where",
    "zeros", "assert_", "assume_divisible_by", "astile", "atan2", "divmod",
    "grid_dependency_control_launch_dependents", "grid_dependency_control_wait",
    "load_advanced_indexing", "print", "printf", "static_eval", "store_advanced_indexing",
    "pack_to_bytes", "unpack_from_bytes", "mma_scaled",
]

_LAZY = frozenset(name for name in __all__ if name not in globals())
