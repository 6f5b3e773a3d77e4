# The kernels of test/GPU/Inputs/tile_kernels.mlir on the GPU against NumPy:
# tile ops that move elements between threads, scans, arg-reductions,
# combiner regions, gathers and scatters, pointer tiles and atomics,
# mma/matmul, non-splat constants, tiles carried through scf.for/scf.if, a
# tile index before the array, tile.math with rounding and ftz, IEEE
# quotients by shared divisors bit for bit.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import math
import os

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
device = runtime.Device(0)
rng = np.random.default_rng(11)
source = open(os.path.join(here, "Inputs", "tile_kernels.mlir")).read()
module = device.load(cudapy.compile(source, chip=device.chip))


def run(name, grid, *args):
    module.kernel(name).launch(grid, (128,), *args)
    device.synchronize()


def zeros(shape, dtype=np.float32):
    return cp.zeros(shape, dtype=dtype)


# Moves: reshape, expand_dims + broadcast, extract, insert, cat along both
# axes, a non-splat constant.
x = rng.standard_normal((16, 32)).astype(np.float32)
outs = [zeros((32, 16)), zeros((16, 32)), zeros((8, 16)), zeros((16, 32)),
        zeros((32, 32)), zeros((16, 64)), zeros((16, 32))]
run("moves", (1,), cp.asarray(x), *outs)
got = [cp.asnumpy(o) for o in outs]
c = np.array([(i * i) % 7 - 3 for i in range(32)], dtype=np.float32)
inserted = x.copy()
inserted[0:8, 0:16] = x[8:16, 16:32] * 2
want = [x.reshape(32, 16), x + x.sum(axis=1, keepdims=True), x[8:16, 16:32],
        inserted, np.concatenate([x, 3 * x], axis=0),
        np.concatenate([x, x], axis=1), x + c]
print("moves", [bool(np.allclose(g, w, rtol=1e-5, atol=1e-5)) for g, w in zip(got, want)])
# CHECK: moves [True, True, True, True, True, True, True]

# Scans: 1000 of 1024 floats (forward, reverse, max by region), 4 x 256
# ints (cumsum along 1, cummax along 0), 13 of 16 ints reversed.
x = rng.standard_normal(1000).astype(np.float32)
y = rng.integers(-50, 50, (4, 256)).astype(np.int32)
w = rng.integers(-50, 50, 13).astype(np.int32)
o1, o2, o5 = zeros(1000), zeros(1000), zeros(1000)
o3, o4 = zeros((4, 256), np.int32), zeros((4, 256), np.int32)
o6 = cp.full(16, 7, dtype=np.int32)
run("scans", (1,), cp.asarray(x), cp.asarray(y), cp.asarray(w), o1, o2, o3, o4, o5,
    o6[:13])
x64 = x.astype(np.float64)
got6 = cp.asnumpy(o6)
print("scans", [
    bool(np.allclose(cp.asnumpy(o1), np.cumsum(x64), rtol=1e-4, atol=1e-4)),
    bool(np.allclose(cp.asnumpy(o2), np.cumsum(x64[::-1])[::-1], rtol=1e-4, atol=1e-4)),
    bool(np.array_equal(cp.asnumpy(o3), np.cumsum(y, axis=1))),
    bool(np.array_equal(cp.asnumpy(o4), np.maximum.accumulate(y, axis=0))),
    bool(np.array_equal(cp.asnumpy(o5), np.maximum.accumulate(x))),
    bool(np.array_equal(got6[:13], np.cumsum(w[::-1])[::-1])) and bool(np.all(got6[13:] == 7)),
])
# CHECK: scans [True, True, True, True, True, True]

# Arg-reductions and combiner regions; y has many equal maxima per row.
x = rng.standard_normal((8, 128)).astype(np.float32)
y = rng.integers(0, 4, (8, 128)).astype(np.int32)
o1, o2, o4, o5 = (zeros(8, np.int32), zeros(128, np.int32), zeros(8, np.int32),
                  zeros(8, np.int32))
o3 = zeros(8)
run("argreduce", (1,), cp.asarray(x), cp.asarray(y), o1, o2, o3, o4, o5)
print("argreduce", [
    bool(np.array_equal(cp.asnumpy(o1), x.argmax(axis=1))),
    bool(np.array_equal(cp.asnumpy(o2), x.argmin(axis=0))),
    bool(np.array_equal(cp.asnumpy(o3), x.max(axis=1))),
    bool(np.array_equal(cp.asnumpy(o4), x.argmax(axis=1))),
    bool(np.array_equal(cp.asnumpy(o5), y.argmax(axis=1))),
])
# CHECK: argreduce [True, True, True, True, True]

# Gather and scatter with masks and out-of-bounds indices: 1000 elements
# (4 CTAs, the last partial); a permutation of the destination's
# positions, some pushed out of range.
n, m = 1000, 700
src = rng.standard_normal(m).astype(np.float32)
idx = rng.permutation(n).astype(np.int32) - 150  # -150 .. 849, m = 700
x = rng.standard_normal(n).astype(np.float32)
o1 = zeros(n)
dst = cp.full(m, 9, dtype=np.float32)
run("gather_scatter", (4,), cp.asarray(src), cp.asarray(idx), cp.asarray(x), o1, dst)
inb = (idx >= 0) & (idx < m)
take = inb & (x > 0)
want1 = np.where(take, src[np.clip(idx, 0, m - 1)], -1).astype(np.float32)
want2 = np.full(m, 9, dtype=np.float32)
want2[idx[take]] = x[take]
print("gather_scatter", [bool(np.array_equal(cp.asnumpy(o1), want1)),
                         bool(np.array_equal(cp.asnumpy(dst), want2))])
# CHECK: gather_scatter [True, True]

# Pointer tiles and atomics over 300 floats (3 CTAs).
n = 300
p = (rng.random(n) * 100).astype(np.float32)
q = cp.full(n + 4, 5, dtype=np.float32)
counts = zeros(8, np.int32)
big = cp.full(1, -1, dtype=np.int32)
flags = zeros(n, np.int32)
run("pointers", (3,), cp.asarray(p), q, counts, big, flags, n)
ints = p.astype(np.int32)
gotq = cp.asnumpy(q)
print("pointers", [
    bool(np.array_equal(gotq[:n], 2 * p)) and bool(np.all(gotq[n:] == 5)),
    bool(np.array_equal(cp.asnumpy(counts), np.bincount(ints & 7, minlength=8))),
    int(cp.asnumpy(big)[0]) == int(ints.max()),
    bool(np.array_equal(cp.asnumpy(flags), np.arange(1, n + 1))),
])
# CHECK: pointers [True, True, True, True]

# mma (f16 x f16 + f32) and matmul (si8 x si8 -> si32), with ragged
# operands (zero padding past the edges).
a = rng.standard_normal((30, 16)).astype(np.float16)
b = rng.standard_normal((16, 29)).astype(np.float16)
acc = rng.standard_normal((30, 29)).astype(np.float32)
cc = zeros((30, 29))
e = rng.integers(-128, 128, (16, 32)).astype(np.int8)
f = rng.integers(-128, 128, (32, 16)).astype(np.int8)
d = zeros((16, 16), np.int32)
run("matmul", (1,), cp.asarray(a), cp.asarray(b), cp.asarray(acc), cc, cp.asarray(e),
    cp.asarray(f), d)
want = a.astype(np.float64) @ b.astype(np.float64) + acc
print("matmul", [bool(np.allclose(cp.asnumpy(cc), want, rtol=1e-4, atol=1e-4)),
                 bool(np.array_equal(cp.asnumpy(d), e.astype(np.int32) @ f.astype(np.int32)))])
# CHECK: matmul [True, True]

# Tiles through scf.for and scf.if: 2 tiles (not doubled), 5 tiles and a
# partial one (doubled).
results = []
for n in [512, 1200]:
    x = rng.standard_normal(n).astype(np.float32)
    o = zeros(256)
    run("loops", (1,), cp.asarray(x), o)
    tiles = -(-n // 256)
    padded = np.zeros(tiles * 256, dtype=np.float64)
    padded[:n] = x
    want = padded.reshape(tiles, 256).sum(axis=0) * (2 if tiles > 2 else 1)
    results.append(bool(np.allclose(cp.asnumpy(o), want, rtol=1e-5, atol=1e-5)))
print("loops", results)
# CHECK: loops [True, True]

# A tile index before the array: tile i reads tile i - 1 of 700 floats (the
# last tile partial); tile 0's elements are all padding (-inf), read from
# no memory.
x = rng.standard_normal(700).astype(np.float32)
o = cp.full(4 * 256, np.nan, dtype=np.float32)
run("index_before", (4,), cp.asarray(x), o)
got = cp.asnumpy(o)
padded = np.concatenate([np.full(256, -np.inf, np.float32), x, np.full(68, -np.inf, np.float32)])
print("index_before", bool(np.array_equal(got, padded[:1024])))
# CHECK: index_before True


# tile.math's rounding and ftz: each function against float64 NumPy within
# its approximation's error (tanh.approx: 2^-10.7 relative), positive x
# with one subnormal, which erf with ftz flushes (its result would be
# subnormal) and the others take as zero or as itself alike.
x = rng.uniform(0.1, 3.0, 256).astype(np.float32)
x[0] = np.float32(1e-40)
o = zeros((15, 256))
run("math_modifiers", (1,), cp.asarray(x), o)
got = cp.asnumpy(o).astype(np.float64)
x64 = x.astype(np.float64)
with np.errstate(divide="ignore", over="ignore"):
    want = [np.exp2(x64), np.exp2(x64), np.exp(x64), np.log2(x64), np.log(x64), np.sin(x64),
            np.cos(x64), 1 / np.sqrt(x64), np.tanh(x64), np.sqrt(x64), np.sqrt(x64), 1 / x64,
            1 / x64, np.array([math.erf(v) for v in x64]), np.exp(x64)]
tolerance = [1e-5] * 15
tolerance[8] = 1e-3
ok = []
for k, (g, w) in enumerate(zip(got, want)):
    rest = slice(1, None)  # the subnormal apart: log and 1/x of it are out of f32's range
    ok.append(bool(np.allclose(g[rest], w[rest], rtol=tolerance[k], atol=1e-6)))
ok.append(bool(got[13][0] == 0.0))  # erf ftz: the subnormal result flushed
ok.append(bool(got[9][1] <= np.sqrt(x64[1])))  # sqrt.rz rounds toward zero
print("math_modifiers", ok)
# CHECK: math_modifiers [True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True]

# fp8 and tf32. References from the formats' definitions: every fp8 code
# decoded in NumPy (float64), encoding as the nearest finite code (ties to
# the even code, saturating), tf32 as float32 rounded to 10 mantissa bits
# (ties away from zero).
def decode_fp8(codes, exponent_bits, mantissa_bits, bias, ieee):
    codes = codes.astype(np.int64)
    sign = np.where(codes >> 7, -1.0, 1.0)
    e = (codes >> mantissa_bits) & ((1 << exponent_bits) - 1)
    m = codes & ((1 << mantissa_bits) - 1)
    value = np.where(e == 0, m * 2.0 ** (1 - bias - mantissa_bits),
                     (1 + m / 2.0 ** mantissa_bits) * 2.0 ** (e - bias))
    top = (1 << exponent_bits) - 1
    if ieee:
        value = np.where(e == top, np.where(m == 0, np.inf, np.nan), value)
    else:
        value = np.where((e == top) & (m == (1 << mantissa_bits) - 1), np.nan, value)
    return sign * value


E4M3 = (4, 3, 7, False)
E5M2 = (5, 2, 15, True)
all_codes = np.arange(256, dtype=np.uint8)
e4m3_values = decode_fp8(all_codes, *E4M3)


def encode_e4m3(x):
    finite = np.isfinite(e4m3_values)
    codes, values = all_codes[finite], e4m3_values[finite]
    x = np.clip(x.astype(np.float64), values.min(), values.max())
    distance = np.abs(x[..., None] - values[None, :])
    best = distance.min(axis=-1, keepdims=True)
    tied = distance == best
    # Among equally near codes: the even one (the mantissa's last bit 0);
    # +0 rather than -0.
    score = tied * 4 + tied * ((codes & 1) == 0) * 2 + tied * (codes == 0)
    return codes[score.argmax(axis=-1)]


def round_tf32(x):
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x1000) & 0xFFFFE000  # ties away from zero
    return bits.astype(np.uint32).view(np.float32)


def random_codes(shape, values):
    finite = np.flatnonzero(np.isfinite(values) & (np.abs(values) < 100))
    return rng.choice(finite, size=shape).astype(np.uint8)


e5m2_values = decode_fp8(all_codes, *E5M2)
a = random_codes((30, 16), e4m3_values)
b = random_codes((16, 31), e4m3_values)
d = random_codes((32, 32), e5m2_values)
f = (rng.standard_normal((32, 32)) * 40).astype(np.float32)
f[0, :4] = [1000.0, -1000.0, 0.0009765625 * 1.5, np.nan]  # saturate, subnormal tie, NaN
p = round_tf32(rng.standard_normal((32, 16)).astype(np.float32))
q = round_tf32(rng.standard_normal((16, 32)).astype(np.float32))
s = rng.standard_normal((32, 32)).astype(np.float32)
c, e, h, r = zeros((30, 31)), zeros((32, 32)), zeros((32, 32)), zeros((32, 32))
g = zeros((32, 32), np.uint8)
run("low_precision", (1,), cp.asarray(a), cp.asarray(b), c, cp.asarray(d), e, cp.asarray(f),
    g, cp.asarray(p), cp.asarray(q), h, cp.asarray(s), r)
want_c = e4m3_values[a] @ e4m3_values[b]
got_g = cp.asnumpy(g)
want_g = encode_e4m3(np.nan_to_num(f, nan=0.0))
nan_ok = (got_g[0, 3] & 0x7F) == 0x7F
got_g[0, 3] = want_g[0, 3]
print("low_precision", [
    bool(np.allclose(cp.asnumpy(c), want_c, rtol=1e-5, atol=1e-4)),
    bool(np.array_equal(cp.asnumpy(e), e5m2_values[d].astype(np.float32))),
    bool(np.array_equal(got_g, want_g)) and bool(nan_ok),
    bool(np.allclose(cp.asnumpy(h), p.astype(np.float64) @ q.astype(np.float64),
                     rtol=1e-5, atol=1e-5)),
    bool(np.array_equal(cp.asnumpy(r).view(np.uint32), round_tf32(s).view(np.uint32))),
])
# CHECK: low_precision [True, True, True, True, True]

# IEEE quotients by shared divisors (a row's, a column's, a scalar; one
# reciprocal each and the correction steps where every divisor of a thread
# is positive and moderate and every dividend moderate or zero, else the
# division: the signs below take both paths) equal NumPy's
# float32 division bit for bit: blocks 0-31 of moderate numbers (|v| in
# [2^-63, 2^63), zeros of both signs in x, significands near all ones),
# blocks 32-63 across the whole range (subnormals, infinities, NaN, the
# moderate range's ends and their neighbours).
def f32_from_bits(bits):
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


def moderate(shape, zeros=False):
    exponent = rng.integers(127 - 63, 127 + 63, shape, dtype=np.uint32)
    mantissa = rng.integers(0, 1 << 23, shape, dtype=np.uint32)
    near_ones = rng.random(shape) < 0.1
    mantissa[near_ones] = (1 << 23) - 1 - rng.integers(0, 8, int(near_ones.sum()), dtype=np.uint32)
    sign = rng.integers(0, 2, shape, dtype=np.uint32) << 31
    v = f32_from_bits(sign | (exponent << 23) | mantissa).copy()
    if zeros:
        v[rng.random(shape) < 0.02] = 0.0
        v[rng.random(shape) < 0.02] = -0.0
    return v


def anywhere(shape):
    v = f32_from_bits(rng.integers(0, 1 << 32, shape, dtype=np.uint64).astype(np.uint32)).copy()
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 2.0 ** -63, 2.0 ** 63, 1e-45, 1e-40,
                        np.nextafter(np.float32(2.0 ** -63), np.float32(0)),
                        np.nextafter(np.float32(2.0 ** 63), np.float32(np.inf)), 3e38],
                       dtype=np.float32)
    pick = rng.random(shape) < 0.2
    v[pick] = special[rng.integers(0, len(special), int(pick.sum()))]
    return v


blocks = 64
x = np.concatenate([moderate((32 * 32, 64), zeros=True), anywhere((32 * 32, 64))])
rows = np.concatenate([moderate((32 * 32, 1)), anywhere((32 * 32, 1))])
cols = np.concatenate([moderate((32, 64)), anywhere((32, 64))])
scalars = np.concatenate([moderate(32), anywhere(32)])
o = zeros((3 * blocks, 32, 64))
run("shared_divisors", (blocks,), *(cp.asarray(v) for v in (x, rows, cols, scalars)), o)
got = cp.asnumpy(o).reshape(blocks, 3, 32, 64)
xb = x.reshape(blocks, 32, 64)
with np.errstate(all="ignore"):
    want = [xb / rows.reshape(blocks, 32, 1), xb / cols.reshape(blocks, 1, 64),
            xb / scalars.reshape(blocks, 1, 1)]


def same_bits(g, w):
    return bool(np.all((g.view(np.uint32) == w.view(np.uint32)) | (np.isnan(g) & np.isnan(w))))


print("shared_divisors", [same_bits(got[:, k], want[k]) for k in range(3)])
# CHECK: shared_divisors [True, True, True]
