"""`vectorize(signatures, target='cuda')`: numba's CUDA ufunc-like objects.

The decorated scalar function becomes a device function; a call picks the
first signature whose parameter types the arguments' dtypes cast to safely
(NumPy's rule), casts and broadcasts the arguments, and runs a kernel of
one thread per element of the broadcast shape, each calling the function.
Host (NumPy) arguments are copied to the device and the result back; a
call with any device array returns a device array.
"""

import types as _pytypes

from . import DeviceNDArray, _DeviceFunction, _backend, grid, to_device
from ..device import _types

_ARITIES = {}  # arity -> the kernel template of that many inputs


def _map1(out, a):
    i = grid(1)
    if i < out.shape[0]:
        out[i] = _core(a[i])  # noqa: F821 (bound per ufunc)


def _map2(out, a, b):
    i = grid(1)
    if i < out.shape[0]:
        out[i] = _core(a[i], b[i])  # noqa: F821


def _map3(out, a, b, c):
    i = grid(1)
    if i < out.shape[0]:
        out[i] = _core(a[i], b[i], c[i])  # noqa: F821


def _map4(out, a, b, c, d):
    i = grid(1)
    if i < out.shape[0]:
        out[i] = _core(a[i], b[i], c[i], d[i])  # noqa: F821


_TEMPLATES = {1: _map1, 2: _map2, 3: _map3, 4: _map4}


Signature = _types.Signature


def parse_signature(signature):
    """A Signature from numba's text ('float32(float32, int64[:, ::1])') or
    one made by calling a type (`float32(float32, int64)`)."""
    if isinstance(signature, Signature):
        return signature
    if not isinstance(signature, str) or "(" not in signature or \
            not signature.rstrip().endswith(")"):
        raise TypeError("a signature is 'result(param, ...)', not %r" % (signature,))
    head, rest = signature.split("(", 1)
    params = [_type_of(p, signature) for p in _split(rest.rstrip()[:-1])]
    result = None if head.strip() == "void" else _type_of(head, signature)
    if isinstance(result, _types.ArrayType):
        raise TypeError("a signature returns a number or void, not %r" % (signature,))
    return Signature(result, params)


def _split(text):
    """The comma-separated parts of `text`, commas inside brackets kept."""
    parts, depth, current = [], 0, ""
    for character in text:
        depth += {"[": 1, "]": -1}.get(character, 0)
        if character == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def _type_of(text, signature):
    """A number type's name, or an array type's (`float32[:, ::1]`)."""
    text = text.strip()
    if text.endswith("]") and "[" in text:
        base, dimensions = text[:-1].split("[", 1)
        number = _types.number_type(_NUMBA_NAMES.get(base.strip(), base.strip()))
        dims = [d.strip() for d in dimensions.split(",")]
        if number is not None and dims and all(d in (":", "::1") for d in dims):
            return _types.ArrayType(number, len(dims))
    else:
        number = _types.number_type(_NUMBA_NAMES.get(text, text))
        if number is not None:
            return number
    raise TypeError("a signature names number and array types, not %r" % (signature,))


_NUMBA_NAMES = {"boolean": "bool", "b1": "bool", "i1": "int8", "i2": "int16", "i4": "int32",
                "i8": "int64", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
                "f2": "float16", "f4": "float32", "f8": "float64", "intp": "int64",
                "uintp": "uint64"}


class CUDAUFunc:
    """What `vectorize(signatures, target='cuda')` makes of a function."""

    def __init__(self, function, signatures):
        self.__name__ = getattr(function, "__name__", "ufunc")
        self._core = function if isinstance(function, _DeviceFunction) else \
            _DeviceFunction(function)
        self._signatures = [parse_signature(s) for s in signatures]
        if any(s.result is None for s in self._signatures):
            raise TypeError("a ufunc returns a number, not void")
        if any(isinstance(p, _types.ArrayType) for s in self._signatures for p in s.params):
            raise TypeError("a ufunc takes numbers (the kernel maps it over arrays)")
        if not self._signatures:
            raise TypeError("vectorize(target='cuda') needs at least one signature")
        arities = {len(s.params) for s in self._signatures}
        if len(arities) != 1:
            raise TypeError("the signatures of a ufunc take one number of arguments")
        self.nin = arities.pop()
        if self.nin not in _TEMPLATES:
            raise TypeError("a CUDA ufunc takes 1 to 4 arguments, not %d" % self.nin)
        template = _TEMPLATES[self.nin]
        scope = dict(template.__globals__, _core=self._core)
        from . import jit
        self._kernel = jit(_pytypes.FunctionType(template.__code__, scope, template.__name__))

    def __repr__(self):
        return "<CUDA ufunc %s %s>" % (self.__name__, self._signatures)

    def _pick(self, dtypes, numpy):
        for signature in self._signatures:
            if all(d is None or numpy.can_cast(d, _numpy_name(p), "safe")
                   for d, p in zip(dtypes, signature.params)):
                return signature
        raise TypeError("%s has no signature for arguments of %s (it has %s)"
                        % (self.__name__, ", ".join(str(d) if d is not None else "scalar"
                                                    for d in dtypes), self._signatures))

    def __call__(self, *args, out=None, stream=0):
        import numpy
        if len(args) != self.nin:
            raise TypeError("%s takes %d arguments, not %d" % (self.__name__, self.nin,
                                                                len(args)))
        name, module = _backend()
        on_device = any(hasattr(a, "__cuda_array_interface__") for a in args)
        dtypes = [numpy.dtype(str(a.dtype).replace("torch.", "")) if hasattr(a, "dtype")
                  else None for a in args]
        signature = self._pick(dtypes, numpy)
        arrays = []
        for a, p in zip(args, signature.params):
            if isinstance(a, DeviceNDArray):
                a = a._array
            elif not hasattr(a, "__cuda_array_interface__"):
                a = to_device(numpy.asarray(a, dtype=_numpy_name(p)))._array
            arrays.append(_cast(a, _numpy_name(p), name, module))
        shape = tuple(numpy.broadcast_shapes(*[tuple(a.shape) for a in arrays]))
        size = int(numpy.prod(shape, dtype=numpy.int64))
        flat = [_flat(a, shape, name, module) for a in arrays]
        result = _numpy_name(signature.result)
        target = out._array if isinstance(out, DeviceNDArray) else out
        direct = target is not None and hasattr(target, "__cuda_array_interface__") and \
            tuple(target.shape) == shape and _contiguous(target, name)
        staging = target.reshape(-1) if direct else _empty(size, result, name, module)
        if size:
            self._kernel.forall(size, stream=stream)(staging, *flat)
        shaped = staging.reshape(shape)
        if out is not None and not direct:
            if hasattr(target, "__cuda_array_interface__"):
                target[...] = shaped
            else:
                from . import synchronize
                synchronize()
                out[...] = DeviceNDArray(shaped).copy_to_host()
        if out is not None:
            return out
        if on_device:
            return DeviceNDArray(shaped)
        from . import synchronize
        synchronize()
        return DeviceNDArray(shaped).copy_to_host()


def _numpy_name(number_type):
    return {"bool_": "bool"}.get(number_type.name, number_type.name)


def _cast(array, dtype, name, module):
    if name == "cupy":
        return array.astype(dtype, copy=False)
    import torch
    return array.to(getattr(torch, {"bool": "bool"}.get(dtype, dtype)))


def _flat(array, shape, name, module):
    """`array` broadcast to `shape`, contiguous and one-dimensional."""
    if name == "cupy":
        return module.ascontiguousarray(module.broadcast_to(array, shape)).reshape(-1)
    return array.broadcast_to(shape).contiguous().reshape(-1)


def _empty(size, dtype, name, module):
    if name == "cupy":
        return module.empty(size, dtype=dtype)
    import torch
    return torch.empty(size, dtype=getattr(torch, dtype), device="cuda")


def _contiguous(array, name):
    return array.flags.c_contiguous if name == "cupy" else array.is_contiguous()


def vectorize(signatures, target="cuda", **options):
    """`@vectorize(['float32(float32, float32)'], target='cuda')`: the
    function, written on scalars, as a CUDA ufunc-like object."""
    if target != "cuda":
        raise NotImplementedError("cudapy vectorizes for target='cuda' only, not %r"
                                  % (target,))
    unknown = set(options) - {"identity", "nopython", "cache"}
    if unknown:
        raise TypeError("vectorize does not take %s" % ", ".join(sorted(unknown)))
    if callable(signatures):
        raise TypeError("vectorize(target='cuda') needs its signatures: "
                        "@vectorize(['float32(float32)'], target='cuda')")
    if isinstance(signatures, (str, Signature)):
        signatures = [signatures]
    return lambda function: CUDAUFunc(function, signatures)
