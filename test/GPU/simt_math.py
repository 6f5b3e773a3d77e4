# simt.math (the Python math module functions, with CUDA C++ semantics) on
# the GPU, against NumPy and CPython's math module in float64.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import math

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

device = runtime.Device(0)
rng = np.random.default_rng(5)

UNARY = ("acos acosh asin asinh atan atanh cbrt ceil cos cosh degrees erf erfc exp exp2 "
         "expm1 fabs floor gamma lgamma log log10 log1p log2 radians sin sinh sqrt tan tanh "
         "trunc").split()
BINARY = "atan2 copysign fmod hypot ldexp nextafter pow remainder".split()
PREDICATES = "isfinite isinf isnan".split()
FUNCTIONS = UNARY + BINARY + PREDICATES
N = 512

# Each function's domain for x (and y).
DOMAIN = {"acos": (-0.99, 0.99), "asin": (-0.99, 0.99), "atanh": (-0.99, 0.99),
          "acosh": (1.0, 10.0), "log": (0.01, 10.0), "log10": (0.01, 10.0),
          "log2": (0.01, 10.0), "sqrt": (0.0, 10.0), "gamma": (0.1, 10.0),
          "lgamma": (0.1, 10.0), "log1p": (-0.9, 10.0), "pow": (0.1, 10.0)}
vec = np.vectorize
REFERENCE = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh,
    "atan": np.arctan, "atanh": np.arctanh, "cbrt": np.cbrt, "ceil": np.ceil,
    "cos": np.cos, "cosh": np.cosh, "degrees": np.degrees, "erf": vec(math.erf),
    "erfc": vec(math.erfc), "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1,
    "fabs": np.fabs, "floor": np.floor, "gamma": vec(math.gamma), "lgamma": vec(math.lgamma),
    "log": np.log, "log10": np.log10, "log1p": np.log1p, "log2": np.log2,
    "radians": np.radians, "sin": np.sin, "sinh": np.sinh, "sqrt": np.sqrt, "tan": np.tan,
    "tanh": np.tanh, "trunc": np.trunc, "atan2": np.arctan2, "copysign": np.copysign,
    "fmod": np.fmod, "hypot": np.hypot, "pow": np.power, "remainder": vec(math.remainder),
    "isfinite": np.isfinite, "isinf": np.isinf, "isnan": np.isnan}


def kernel(dtype):
    """out[i, k] = FUNCTIONS[k](x[i, k], y[i, k]) (ldexp: e[i])."""
    arr = "!py.array<%s, 2>" % dtype
    lines = [
        f"  py.kernel @math_{dtype}(%x: {arr}, %y: {arr}, %e: !py.array<si32, 1>, "
        f"%out: {arr}) attributes {{interop}} {{",
        "    %i = simt.tid 1",
        "    %e_i = py.array.getitem %e[%i] : !py.array<si32, 1>, !py.int"]
    for k, name in enumerate(FUNCTIONS):
        lines += [
            f"    %k{k} = py.constant {k} : !py.int",
            f"    %x{k} = py.array.getitem %x[%i, %k{k}] : {arr}, !py.int, !py.int",
            f"    %y{k} = py.array.getitem %y[%i, %k{k}] : {arr}, !py.int, !py.int"]
        if name == "ldexp":
            lines.append(f"    %r{k} = simt.math ldexp %x{k}, %e_i : {dtype}, si32")
        elif name in BINARY:
            lines.append(f"    %r{k} = simt.math {name} %x{k}, %y{k} : {dtype}, {dtype}")
        else:
            lines.append(f"    %r{k} = simt.math {name} %x{k} : {dtype}")
        result = "!py.bool" if name in PREDICATES else dtype
        policy = " policy numbapro" if name in PREDICATES else ""
        lines.append(f"    py.array.setitem %r{k}, %out[%i, %k{k}]{policy} : {result}, {arr}, "
                     "!py.int, !py.int")
    lines += ["    py.return", "  }"]
    return "\n".join(lines)


def inputs(t):
    x = np.empty((N, len(FUNCTIONS)))
    y = np.empty((N, len(FUNCTIONS)))
    for k, name in enumerate(FUNCTIONS):
        lo, hi = DOMAIN.get(name, (-10.0, 10.0))
        x[:, k] = rng.uniform(lo, hi, N)
        y[:, k] = rng.uniform(-3.0, 3.0, N) if name == "pow" else rng.uniform(-10.0, 10.0, N)
        if name in ("ceil", "floor", "trunc", "fabs", "copysign"):
            x[:8, k] = [0.0, -0.0, 0.5, -0.5, 2.0, -2.5, np.inf, -np.inf]
        if name in PREDICATES:
            x[:6, k] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40]
    return x.astype(t), y.astype(t)


module = device.load(cudapy.compile(
    "gpu.module @m {\n%s\n%s\n}" % (kernel("f32"), kernel("f64")), chip=device.chip))
for dtype, t, rtol, atol in [("f32", np.float32, 4e-6, 1e-6), ("f64", np.float64, 4e-15, 1e-14)]:
    x, y = inputs(t)
    e = rng.integers(-20, 21, N).astype(np.int32)
    out = cp.full((N, len(FUNCTIONS)), np.nan, dtype=t)
    module.kernel("math_" + dtype).launch((N // 128,), (128,), cp.asarray(x), cp.asarray(y),
                                          cp.asarray(e), out)
    got = cp.asnumpy(out)
    wrong = []
    for k, name in enumerate(FUNCTIONS):
        xs, ys = x[:, k].astype(np.float64), y[:, k].astype(np.float64)
        if name == "ldexp":
            ref = np.ldexp(x[:, k], e)               # exact, in the dtype
        elif name == "nextafter":
            ref = np.nextafter(x[:, k], y[:, k])     # exact, in the dtype
        elif name in BINARY:
            ref = REFERENCE[name](xs, ys)
        else:
            ref = REFERENCE[name](xs)
        ref = np.asarray(ref, dtype=np.float64)
        g = got[:, k].astype(np.float64)
        exact = name in ("ceil", "floor", "trunc", "fabs", "copysign", "fmod", "ldexp",
                         "nextafter") or name in PREDICATES
        with np.errstate(invalid="ignore"):
            close = (g == ref) if exact else np.isclose(g, ref, rtol=rtol, atol=atol)
        close |= np.isnan(g) & np.isnan(ref)
        if exact and name not in PREDICATES:
            close &= np.signbit(g) == np.signbit(ref)
        if not close.all():
            wrong.append(name)
    print("math %s: %d of %d" % (dtype, len(FUNCTIONS) - len(wrong), len(FUNCTIONS)), wrong)
# CHECK: math f32: 42 of 42 []
# CHECK: math f64: 42 of 42 []

# f16 and bf16 go through f32; !py.float is f32.
body = """
  py.kernel @narrow(%h: !py.array<f16, 1>, %b: !py.array<bf16, 1>, %f: !py.array<f32, 1>) attributes {interop} {
    %i = simt.tid 1
    %x = py.array.getitem %h[%i] : !py.array<f16, 1>, !py.int
    %y = py.array.getitem %b[%i] : !py.array<bf16, 1>, !py.int
    %z = py.array.getitem %f[%i] : !py.array<f32, 1>, !py.int
    %zf = py.cast %z : f32 to !py.float
    %sx = simt.math sqrt %x : f16
    %sy = simt.math exp %y : bf16
    %sz = simt.math sin %zf : !py.float
    %back = py.cast %sz : !py.float to f32
    py.array.setitem %sx, %h[%i] : f16, !py.array<f16, 1>, !py.int
    py.array.setitem %sy, %b[%i] : bf16, !py.array<bf16, 1>, !py.int
    py.array.setitem %back, %f[%i] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
"""
narrow = device.load(cudapy.compile("gpu.module @n {\n%s\n}" % body, chip=device.chip))
h = rng.uniform(0, 100, 128).astype(np.float16)
bf = rng.uniform(-4, 4, 128).astype(np.float32)
bf_bits = (bf.view(np.uint32) >> 16).astype(np.uint16)   # bf16 by truncation
bf_in = (bf_bits.astype(np.uint32) << 16).view(np.float32)
f = rng.uniform(-10, 10, 128).astype(np.float32)
dh, db, df = cp.asarray(h), cp.asarray(bf_bits), cp.asarray(f)
# bf16 travels as its 16 bits (the runtime checks the element size).
narrow.kernel("narrow").launch((1,), (128,), dh, db, df)
got_h = cp.asnumpy(dh)
got_b = (cp.asnumpy(db).astype(np.uint32) << 16).view(np.float32)
ok_h = np.array_equal(got_h, np.sqrt(h.astype(np.float32)).astype(np.float16))
ok_b = np.allclose(got_b, np.exp(bf_in), rtol=2 ** -7)
ok_f = np.allclose(cp.asnumpy(df), np.sin(f.astype(np.float64)), rtol=4e-6, atol=1e-6)
print("math narrow:", bool(ok_h), bool(ok_b), bool(ok_f))
# CHECK: math narrow: True True True
