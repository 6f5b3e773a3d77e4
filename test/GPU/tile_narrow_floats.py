# Narrow floats on the GPU (test/GPU/Inputs/narrow_floats.mlir) against
# references computed here in float64 arithmetic (and, where PyTorch has the
# format, against PyTorch): conversions from float32 and float64 to fp8
# (e4m3, e5m2), e8m0, fp4 (e2m1) and tf32 in the four rounding directions,
# decoding every code, 64-bit integers rounded once, and fp4's packed memory
# (ragged tiles, rows that share bytes, gathers, scatters, constants).
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import math
import os
import sys

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
device = runtime.Device(0)
rng = np.random.default_rng(5)
source = open(os.path.join(here, "Inputs", "narrow_floats.mlir")).read()
module = device.load(cudapy.compile(source, chip=device.chip))


def run(name, grid, *args):
    module.kernel(name).launch(grid, (128,), *args)
    device.synchronize()


sys.path.insert(0, os.path.join(here, "Inputs"))
from narrow_formats import BYTE_FORMATS, FORMATS, decode  # noqa: E402


def round_to(name, x, mode):
    """x (float64) rounded to the format in `mode`, as float64 (the
    semantics docs/TileLowering.md states)."""
    E, M, bias, signed, subnormals, largest, saturate, _ = FORMATS[name]
    with np.errstate(all="ignore"):
        a = np.abs(x)
        neg = np.signbit(x) if signed else np.zeros(x.shape, bool)
        up = (mode == "rp") & ~neg | (mode == "rm") & neg if signed else \
            np.full(x.shape, mode == "rp")
        k = np.frexp(a)[1] - 1
        emin = 1 - bias if subnormals else -bias
        k = np.maximum(np.where(a > 0, k, emin), emin)
        ulp = np.ldexp(1.0, k - M)
        q = a / ulp
        if mode == "rn":
            r = np.floor(q + 0.5) if M == 0 else np.rint(q)
        else:
            r = np.where(up, np.ceil(q), np.floor(q))
        if name == "e8m0":
            r = np.maximum(r, 1.0)  # no zero: 2^-127 at least
        v = r * ulp
        if saturate:
            v = np.minimum(v, largest)
        else:
            toward = (mode == "rn") | up
            v = np.where(v > largest, np.where(toward, np.inf, largest), v)
            v = np.where(a == np.inf, np.inf, v)
        v = np.where(neg, -v, v)
        # fp4 has no NaN: NaN becomes its largest value, positive.
        v = np.where(np.isnan(x), largest if name == "e2m1" else np.nan, v)
    return v


def same(got, want):
    """Equal values with equal signs (zeros), NaN where NaN."""
    nan = np.isnan(want)
    return bool(np.all(np.isnan(got) == nan) and
                np.all(got[~nan] == want[~nan]) and
                np.all(np.signbit(got[~nan]) == np.signbit(want[~nan])))


def unpack(packed, count):
    """fp4 codes from bytes: element 2k low, 2k + 1 high."""
    codes = np.empty(packed.size * 2, np.uint8)
    codes[0::2] = packed & 0xF
    codes[1::2] = packed >> 4
    return codes[:count]


def pack(codes):
    codes = np.asarray(codes, np.uint8)
    if codes.size % 2:
        codes = np.append(codes, 0)
    return (codes[0::2] | (codes[1::2] << 4)).astype(np.uint8)


# Inputs: every value of every byte format, the midpoints between
# neighbours (ties), one float32 step either side, zeros, infinities, NaN,
# float32 subnormals, the largest float32s, and random magnitudes over the
# whole float32 range.
values = []
for name in BYTE_FORMATS:
    codes = np.arange(16 if name == "e2m1" else 256)
    v = np.unique(decode(name, codes)[np.isfinite(decode(name, codes))])
    values += [v, (v[:-1] + v[1:]) / 2]
base = np.concatenate(values + [np.ldexp(1.0, np.arange(-149, 128))]).astype(np.float32)
steps = np.concatenate([base, np.nextafter(base, np.float32(np.inf)),
                        np.nextafter(base, np.float32(-np.inf))])
specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 3.4028235e38, -3.4028235e38,
                     3.4028e38, 1e-45, -1e-45, 5.877472e-39, 8.8e-39, 1.1754942e-38],
                    np.float32)
randoms = (np.ldexp(rng.uniform(1, 2, 40000), rng.integers(-150, 128, 40000)) *
           rng.choice([-1, 1], 40000)).astype(np.float32)
subnormals = (rng.integers(1, 1 << 23, 2000) * 2.0 ** -149).astype(np.float32)
x32 = np.concatenate([steps, -steps, specials, randoms, subnormals, -subnormals])
n32 = x32.size  # not a multiple of the 1024-element tiles

# float64: the same, values between float32s around the ties (only one
# rounding gets them right), and magnitudes beyond float32's range.
x64 = np.concatenate([
    x32.astype(np.float64),
    base.astype(np.float64) * (1 + 2.0 ** -40), base.astype(np.float64) * (1 - 2.0 ** -40),
    np.ldexp(1.0, rng.integers(-300, 300, 4000)) * rng.uniform(1, 2, 4000),
    -np.ldexp(1.0, rng.integers(-300, 300, 4000)) * rng.uniform(1, 2, 4000),
])
n64 = x64.size

MODES = ["rn", "rz", "rm", "rp"]
results = {}
for source, x, n, tile in (("f32", x32, n32, 1024), ("f64", x64, n64, 512)):
    for name in FORMATS:
        if name == "tf32":
            outs = [cp.zeros(n, np.float32) for _ in MODES]
        elif name == "e2m1":
            outs = [cp.zeros((n + 1) // 2, np.uint8) for _ in MODES]
        else:
            outs = [cp.zeros(n, np.uint8) for _ in MODES]
        kernel = ("encode_" if source == "f32" else "encode64_") + name
        run(kernel, ((n + tile - 1) // tile,), cp.asarray(x), *outs)
        ok = []
        for mode, out in zip(MODES, outs):
            got = cp.asnumpy(out)
            want = round_to(name, x.astype(np.float64), mode)
            if name == "tf32":
                # NaN: the one CUDA's cvt to tf32 gives, whatever the sign.
                bits = got.view(np.uint32)[np.isnan(want)]
                ok.append(same(got.astype(np.float64), want) and
                          bool(np.all(bits == 0x7FFFE000)))
                continue
            codes = unpack(got, n) if name == "e2m1" else got
            nan_code = FORMATS[name][7]
            nan = np.isnan(x)
            # NaN: the format's, with the input's sign (fp4: +6, e8m0: 0xFF).
            signed_nan = np.signbit(x[nan]) & (name in ("e4m3", "e5m2"))
            ok.append(same(decode(name, codes), want) and
                      bool(np.all(codes[nan] == np.where(signed_nan, nan_code | 0x80,
                                                         nan_code))))
            if mode == "rn":
                results[(source, name)] = codes
        print(source, name, ok)
# CHECK: f32 e4m3 [True, True, True, True]
# CHECK: f32 e5m2 [True, True, True, True]
# CHECK: f32 e8m0 [True, True, True, True]
# CHECK: f32 e2m1 [True, True, True, True]
# CHECK: f32 tf32 [True, True, True, True]
# CHECK: f64 e4m3 [True, True, True, True]
# CHECK: f64 e5m2 [True, True, True, True]
# CHECK: f64 e8m0 [True, True, True, True]
# CHECK: f64 e2m1 [True, True, True, True]
# CHECK: f64 tf32 [True, True, True, True]

# Decoding every code (fp4 packed); tf32 values are float32s with the low
# 13 bits zero, decoded unchanged.
np.seterr(invalid="ignore")  # signalling NaN patterns among the tf32 codes
ok = []
for name in FORMATS:
    if name == "tf32":
        codes = (rng.integers(0, 1 << 32, 5000, dtype=np.uint64) & 0xFFFFE000).astype(np.uint32)
        arg, want = cp.asarray(codes.view(np.float32)), codes.view(np.float32).astype(np.float64)
        count = codes.size
    elif name == "e2m1":
        codes = np.tile(np.arange(16, dtype=np.uint8), 100)
        arg, want, count = cp.asarray(pack(codes)), decode(name, codes), codes.size
    else:
        codes = np.tile(np.arange(256, dtype=np.uint8), 5)
        arg, want, count = cp.asarray(codes), decode(name, codes), codes.size
    out = cp.zeros(count, np.float32)
    run("decode_" + name, ((count + 1023) // 1024,), arg, out)
    ok.append(same(cp.asnumpy(out).astype(np.float64), want))
print("decode", ok)
# CHECK: decode [True, True, True, True, True]

# Bitcasts (ragged: 3000 elements): byte codes as e4m3, decoded; 32-bit
# words as tf32, the 13 low bits dropped (NaN: tf32's 0x7FFFE000) and
# read back as float32 and as their bits.
count = 3000
codes = rng.integers(0, 256, count).astype(np.uint8)
words = rng.integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
words[:8] = [0x7F800000, 0xFF800000, 0x7F800001, 0xFFFFFFFF, 0x7FFFFFFF, 0x3F801FFF, 0x00001FFF, 0x80000001]
e, t, u = cp.zeros(count, np.float32), cp.zeros(count, np.float32), cp.zeros(count, np.int32)
run("bitcasts", ((count + 1023) // 1024,), cp.asarray(codes), e, cp.asarray(words), t, u)
as_float = words.view(np.float32)
want_bits = np.where(np.isnan(as_float), np.uint32(0x7FFFE000), words & np.uint32(0xFFFFE000))
print("bitcasts", same(cp.asnumpy(e).astype(np.float64), decode("e4m3", codes)),
      bool(np.array_equal(cp.asnumpy(t).view(np.uint32), want_bits)),
      bool(np.array_equal(cp.asnumpy(u).view(np.uint32), want_bits)))
# CHECK: bitcasts True True True

# PyTorch, independently: its decoding of fp8 and e8m0, and its
# round-to-nearest encoding where it agrees with CUDA's saturating one
# (finite values within range; e8m0: normal positive values).
try:
    import torch
    checks = []
    for name, dtype in (("e4m3", torch.float8_e4m3fn), ("e5m2", torch.float8_e5m2),
                        ("e8m0", getattr(torch, "float8_e8m0fnu", None))):
        if dtype is None:
            continue
        codes = torch.arange(256, dtype=torch.uint8)
        theirs = codes.view(dtype).float().double().numpy()
        checks.append(same(theirs, decode(name, np.arange(256))))
        largest = FORMATS[name][5]
        inside = np.isfinite(x32) & (np.abs(x32) <= largest)
        if name == "e8m0":
            inside &= (x32 >= 2.0 ** -126)
        theirs = torch.from_numpy(x32[inside]).to(dtype).view(torch.uint8).numpy()
        checks.append(bool(np.array_equal(theirs, results[("f32", name)][inside])))
    print("torch", all(checks), len(checks) >= 4)
except ImportError:
    print("torch", True, True)
# CHECK: torch True True

# Integers to tf32 and fp4 in one rounding: 2^60 + 2^49 is a tie (to even,
# down), one more is not (up); float64 alone would lose the 1.
big = 2 ** 60
ints = [0, 1, -1, 5, 7, -5, 13, big + 2 ** 49, big + 2 ** 49 + 1, -(big + 2 ** 49 + 1),
        big + 3 * 2 ** 49, 2 ** 63 - 1, -2 ** 63, 123456789012345, -98765432109876]
ints += [int(v) for v in rng.integers(-2 ** 62, 2 ** 62, 200)]


def int_round(n, bits):
    """n rounded to nearest even with `bits` significant bits (Python ints)."""
    if n == 0:
        return 0.0
    a = abs(n)
    shift = max(a.bit_length() - bits, 0)
    q, rem = divmod(a, 1 << shift)
    half = (1 << shift) >> 1
    if shift and (rem > half or (rem == half and q & 1)):
        q += 1
    return math.copysign(float(q << shift), n)


for kind, dtype, values in (("si64", np.int64, ints),
                            ("ui64", np.uint64, [abs(v) for v in ints] + [2 ** 64 - 1])):
    x = np.array(values, dtype=dtype)
    t, f = cp.zeros(x.size, np.float32), cp.zeros((x.size + 1) // 2, np.uint8)
    run("int_" + kind, ((x.size + 255) // 256,), cp.asarray(x), t, f)
    want_t = np.array([int_round(int(v), 11) for v in x])
    small = np.array([float(v) if abs(int(v)) < 64 else math.copysign(64.0, int(v))
                      for v in x])
    want_f = round_to("e2m1", small, "rn")
    print(kind, same(cp.asnumpy(t).astype(np.float64), want_t),
          same(decode("e2m1", unpack(cp.asnumpy(f), x.size)), want_f))
# CHECK: si64 True True
# CHECK: ui64 True True

# fp4 in memory. Rows of a byte array (fp4 [37, 2 * 151] in a [37, 160]
# array): ragged 16 x 256 tiles. Then through make_array with an odd row
# stride (301), where rows share bytes between threads and blocks: every
# element lands and the bytes' other halves stay.
m, cols = 37, 151
a = rng.integers(0, 256, (m, 160), dtype=np.uint8)
o = np.full((m, 160), 0x5A, np.uint8)
da, do = cp.asarray(a), cp.asarray(o)
run("fp4_rows", ((2 * cols + 255) // 256, (m + 15) // 16), da[:, :cols], do[:, :cols])
got = cp.asnumpy(do)
want = o.copy()
want[:, :cols] = a[:, :cols]
rows_ok = bool(np.array_equal(got, want))
n, ld = 301, 301
total = m * ld
codes = rng.integers(0, 16, total).astype(np.uint8)
src = cp.asarray(pack(codes))
dst = cp.asarray(np.full((total + 1) // 2 + 8, 0xA5, np.uint8))
run("fp4_shared_bytes", ((n + 255) // 256, (m + 15) // 16), src, dst, m, n - 1, ld)
got = unpack(cp.asnumpy(dst), total).reshape(m, ld)
want = np.where(np.arange(ld) < n - 1, codes.reshape(m, ld), 0).astype(np.uint8)
# The column outside (n - 1) keeps dst's halves: 0x5 or 0xA by parity.
untouched = unpack(np.full((total + 1) // 2, 0xA5, np.uint8), total).reshape(m, ld)
want = np.where(np.arange(ld) < n - 1, want, untouched)
tail = cp.asnumpy(dst)[(total + 1) // 2:]
print("fp4 memory", rows_ok, bool(np.array_equal(got, want)), bool(np.all(tail == 0xA5)))
# CHECK: fp4 memory True True True

# Gathers and scatters through a permutation (neighbouring fp4 elements
# written by different threads), e8m0 the same.
count = 3072
perm = rng.permutation(count).astype(np.int32)
for name in ("fp4", "e8m0"):
    if name == "fp4":
        codes = rng.integers(0, 16, count).astype(np.uint8)
        arg, g, s = cp.asarray(pack(codes)), cp.zeros(count // 2, np.uint8), cp.zeros(count // 2, np.uint8)
    else:
        codes = rng.integers(0, 255, count).astype(np.uint8)
        arg, g, s = cp.asarray(codes), cp.zeros(count, np.uint8), cp.zeros(count, np.uint8)
    run(name + "_permute", ((count + 255) // 256,), arg, cp.asarray(perm), g, s)
    gg, ss = cp.asnumpy(g), cp.asnumpy(s)
    if name == "fp4":
        gg, ss = unpack(gg, count), unpack(ss, count)
    scattered = np.empty_like(codes)
    scattered[perm] = codes
    print(name, "permute", bool(np.array_equal(gg, codes[perm])),
          bool(np.array_equal(ss, scattered)))
# CHECK: fp4 permute True True
# CHECK: e8m0 permute True True

# Constants: tables and splats.
e, f = cp.zeros(16, np.uint8), cp.zeros(16, np.uint8)
run("narrow_constants", (1,), e, f)
ge, gf = cp.asnumpy(e), unpack(cp.asnumpy(f), 32)
table_e = [1.0, 2.0, 0.5, 1024.0, 2.0 ** -127, 2.0 ** 127, 0.25, 8.0]
table_f = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0,
           -4.0, -6.0]
print("constants", same(decode("e8m0", ge), np.array(table_e + [4.0] * 8)),
      same(decode("e2m1", gf), np.array(table_f + [-3.0] * 16)))
# CHECK: constants True True
