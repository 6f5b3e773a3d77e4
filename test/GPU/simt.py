# simt thread positioning and block votes on the GPU, against what the
# launch geometry and NumPy say they must be.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Inputs", "simt_kernels.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
module = device.load(cudapy.compile(source, chip=device.chip))

# A 2-D launch: grid (3, 5) of blocks (32, 4).
grid, block = (3, 5), (32, 4)
nx, ny = grid[0] * block[0], grid[1] * block[1]
out = cp.full((ny, nx, 8), -1, dtype=cp.int32)
module.kernel("positions").launch(grid, block, out)
got = cp.asnumpy(out)
y, x = np.mgrid[0:ny, 0:nx]
expected = np.stack([x, y, np.full_like(x, nx), np.full_like(x, ny), x % block[0],
                     y // block[1], (x % block[0] + block[0] * (y % block[1])) % 32,
                     np.full_like(x, 32)], axis=-1)
print("positions:", [bool(np.array_equal(got[..., k], expected[..., k])) for k in range(8)])
# CHECK: positions: [True, True, True, True, True, True, True, True]

# syncthreads_count/and/or over blocks of 256 threads.
rng = np.random.default_rng(3)
blocks, threads = 6, 256
flags = rng.random(blocks * threads) < 0.5
flags[threads:2 * threads] = True       # block 1: all true
flags[2 * threads:3 * threads] = False  # block 2: none
flags[3 * threads + 17] = True          # block 3: exactly one
flags[3 * threads:4 * threads] = False
flags[3 * threads + 17] = True
votes = cp.zeros((blocks, 3), dtype=cp.int32)
module.kernel("votes").launch((blocks,), (threads,), cp.asarray(flags), votes)
per_block = flags.reshape(blocks, threads)
expected = np.stack([per_block.sum(1), per_block.all(1), per_block.any(1)], axis=1)
got = cp.asnumpy(votes)
print("votes:", np.array_equal(got, expected),
      " ".join("/".join(str(v) for v in row) for row in got[1:4].tolist()))
# CHECK: votes: True 256/1/1 0/0/0 1/0/1

# Shared, dynamic shared and local arrays: 8 blocks of 256 threads, 1 KiB of
# dynamic shared memory.
a = rng.standard_normal(8 * 256).astype(np.float32)
out = cp.zeros_like(cp.asarray(a))
module.kernel("memories").launch((8,), (256,), cp.asarray(a), out, shared=256 * 4)
t = np.tile(np.arange(256), 8)
reversed_ = a.reshape(8, 256)[:, ::-1].reshape(-1)
# The kernel adds in float32, then (numbapro: float32 with int32) in float64.
expected = ((reversed_ + a).astype(np.float64) + t).astype(np.float32)
print("memories:", np.array_equal(cp.asnumpy(out), expected))
# CHECK: memories: True

# Warp masks and votes over warps of 32: all lanes active.
n = 8 * 32
flags = rng.random(n) < 0.5
flags[32:64] = True
flags[64:96] = False
warp_module = device.load(cudapy.compile(
    open(os.path.join(here, "Inputs", "simt_warp.mlir")).read(), chip=device.chip))
out = cp.zeros((n, 6), dtype=cp.uint32)
warp_module.kernel("votes").launch((2,), (128,), cp.asarray(flags), out)
got = cp.asnumpy(out)
w = flags.reshape(-1, 32)
ballot = (w.astype(np.uint64) << np.arange(32, dtype=np.uint64)).sum(1).astype(np.uint32)
lane = np.arange(n) % 32
expected = np.stack([np.full(n, 0xFFFFFFFF, dtype=np.uint32),
                     np.repeat(w.all(1), 32), np.repeat(w.any(1), 32),
                     np.repeat(w.all(1) | ~w.any(1), 32), np.repeat(ballot, 32),
                     ((np.uint64(1) << lane.astype(np.uint64)) - np.uint64(1)).astype(np.uint32)],
                    axis=1).astype(np.uint32)
print("warp votes:", [bool(np.array_equal(got[:, k], expected[:, k])) for k in range(6)])
# CHECK: warp votes: [True, True, True, True, True, True]

# Partial masks: lanes below 4 + 3w of warp w. Votes, shuffles, match and
# WarpMask bits among them; the other lanes write nothing.
keys = rng.integers(-1, 3, n).astype(np.int32)
keys[32 * 5:32 * 6] = 2                 # warp 5: every active key the same
out = cp.full((n, 14), -1, dtype=cp.int64)
warp_module.kernel("partial").launch((2,), (128,), cp.asarray(keys), out)
got = cp.asnumpy(out)
warp = np.arange(n) // 32
k = 4 + 3 * warp
active = lane < k
mask = ((np.uint64(1) << k.astype(np.uint64)) - np.uint64(1)).astype(np.int64)
p = keys > 0
x = keys.astype(np.int64) * 1000 + np.arange(n)
rows = []
for i in range(n):
    if not active[i]:
        rows.append([-1] * 14)
        continue
    lanes = np.arange(warp[i] * 32, warp[i] * 32 + k[i])
    bit = lambda ls: int(sum(1 << int(j % 32) for j in ls))
    same_key = lanes[keys[lanes] == keys[i]]
    all_same = bool((keys[lanes] == keys[lanes[0]]).all())
    m = int(mask[i])
    rows.append([m, int(p[lanes].all()), int(p[lanes].any()), bit(lanes[p[lanes]]),
                 x[lanes[0]], x[i - 1] if lane[i] >= 1 else x[i], bit(same_key),
                 m, 1, m if all_same else 0, int(all_same), 1,
                 m & ~(1 << int(lane[i])), m | (1 << int((lane[i] + 1) % 32))])
expected = np.array(rows, dtype=np.int64)
print("partial masks:", [bool(np.array_equal(got[:, c], expected[:, c])) for c in range(14)])
# CHECK: partial masks: [True, True, True, True, True, True, True, True, True, True, True, True, True, True]

# syncwarp, shfl_down and shfl_xor with the upper half of each warp.
xs = rng.integers(-1000, 1000, n).astype(np.int32)
out = cp.full((n, 3), -7, dtype=cp.int32)
warp_module.kernel("partial_shuffles").launch((2,), (128,), cp.asarray(xs), out)
got = cp.asnumpy(out)
upper = lane >= 16
idx = np.arange(n)
expected = np.stack([np.full(n, np.int32(-65536)), np.where(lane < 31, xs[np.minimum(idx + 1, n - 1)], xs),
                     xs[idx ^ 1]], axis=1)
expected[~upper] = -7
print("partial shuffles:", [bool(np.array_equal(got[:, c], expected[:, c])) for c in range(3)])
# CHECK: partial shuffles: [True, True, True]

# Warp shuffles of float64 (two words) and int8 values.
sa = rng.standard_normal(n)
sb = rng.integers(-128, 128, n).astype(np.int8)
out = cp.zeros((n, 4), dtype=cp.float64)
shuffles = device.load(cudapy.compile(
    open(os.path.join(here, "Inputs", "simt_shuffles.mlir")).read(), chip=device.chip))
shuffles.kernel("shuffles").launch((2,), (128,), cp.asarray(sa), cp.asarray(sb), out)
got = cp.asnumpy(out)
base = (np.arange(n) // 32) * 32
up = np.where(lane >= 1, np.arange(n) - 1, np.arange(n))
down = np.where(lane + 1 < 32, np.arange(n) + 1, np.arange(n))
expected = np.stack([sa[base + 3], sa[up], sb[down].astype(np.float64), sa[base + (lane ^ 5)]],
                    axis=1)
print("shuffles:", [bool(np.array_equal(got[:, k], expected[:, k])) for k in range(4)])
# CHECK: shuffles: [True, True, True, True]

# Vectors, structs and tuples move as their bytes (one or two words).
fa = rng.standard_normal(n).astype(np.float32)
out = cp.zeros((n, 6), dtype=cp.float32)
shuffles.kernel("aggregates").launch((2,), (128,), cp.asarray(fa), out)
got = cp.asnumpy(out)
idx = np.arange(n)
src_v, src_s, src_t = base + 7, base + (lane ^ 3), np.where(lane + 1 < 32, idx + 1, idx)
expected = np.stack([fa[src_v], fa[src_v] + np.float32(1), src_s.astype(np.int16),
                     src_s.astype(np.uint8), src_t.astype(np.int16), src_t.astype(np.uint8)],
                    axis=1).astype(np.float32)
print("aggregate shuffles:", [bool(np.array_equal(got[:, k], expected[:, k])) for k in range(6)])
# CHECK: aggregate shuffles: [True, True, True, True, True, True]

# Numeric intrinsics over edge values: 0, all ones, negative numbers, NaN,
# infinities and subnormals.
u = np.concatenate([[0, 1, 0xFFFFFFFF, 0x80000000, 0x12345678],
                    rng.integers(0, 2**32, 251, dtype=np.uint64)]).astype(np.uint32)
m = len(u)
l = np.concatenate([[0, -1, -2**63, 2**63 - 1, 1],
                    rng.integers(-2**63, 2**63 - 1, m - 5, dtype=np.int64)]).astype(np.int64)
f = np.concatenate([[0.0, -0.0, np.nan, np.inf, -np.inf, 1e-40, -8.0, 27.0],
                    rng.standard_normal(m - 8) * 100]).astype(np.float32)
d = np.concatenate([[0.0, -0.0, np.nan, np.inf, -np.inf, 5e-324, -27.0, 64.0],
                    rng.standard_normal(m - 8) * 1e6])
iout = cp.zeros((m, 5), dtype=cp.int64)
fout = cp.zeros((m, 3), dtype=cp.float64)
intrinsics = device.load(cudapy.compile(
    open(os.path.join(here, "Inputs", "simt_intrinsics.mlir")).read(), chip=device.chip))
intrinsics.kernel("intrinsics").launch(((m + 127) // 128,), (128,), cp.asarray(u), cp.asarray(l),
                                       cp.asarray(f), cp.asarray(d), iout, fout)
gi, gf = cp.asnumpy(iout), cp.asnumpy(fout)


def bits(v, width):
    return format(int(v) & ((1 << width) - 1), "0%db" % width)


ref = np.array([[bits(x, 32).count("1"), len(bits(y, 64)) - len(bits(y, 64).lstrip("0")),
                 (32 - bits(x, 32).rfind("1")) if x else 0, int(bits(x, 32)[::-1], 2),
                 bits(y, 64).count("1")] for x, y in zip(u, l)], dtype=np.int64)
print("bit intrinsics:", [bool(np.array_equal(gi[:, k], ref[:, k])) for k in range(5)])
# CHECK: bit intrinsics: [True, True, True, True, True]
cbrt64 = np.cbrt(d)
fma32 = (f.astype(np.float64) * f + f).astype(np.float32)  # exact product, one rounding
close = np.isclose(gf[:, 0], cbrt64, rtol=1e-15, atol=0, equal_nan=True)
same_fma = (gf[:, 1] == fma32) | (np.isnan(gf[:, 1]) & np.isnan(fma32))
cbrt32_ok = np.isclose(gf[:, 2], np.cbrt(f.astype(np.float64)), rtol=2e-7, atol=0,
                       equal_nan=True)
print("cbrt float64 within 1e-15:", bool(close.all()), "fma exact:", bool(same_fma.all()),
      "cbrt float32 within 2e-7:", bool(cbrt32_ok.all()))
# CHECK: cbrt float64 within 1e-15: True fma exact: True cbrt float32 within 2e-7: True

# The reduction example (examples/simt_sum.mlir): sizes with a tail after the
# last float4, against a float64 sum; the kernel resets its block counter.
sum_module = device.load(cudapy.compile(
    open(os.path.join(here, "..", "..", "examples", "simt_sum.mlir")).read(), chip=device.chip))
sums = []
partials = cp.full(264, np.nan, dtype=cp.float32)
counter = cp.zeros(1, dtype=cp.uint32)
for size in [1, 3, 1000, 1000003, 1 << 22]:
    x = rng.standard_normal(size).astype(np.float32)
    out = cp.full(1, np.nan, dtype=cp.float32)
    # The counter is back at 0 after each launch.
    sum_module.kernel("simt_sum").launch((264,), (256,), cp.asarray(x), partials, counter, out)
    got = float(cp.asnumpy(out)[0])
    sums.append(bool(abs(got - x.astype(np.float64).sum()) <= 1e-6 * np.abs(x).sum() + 1e-6))
print("simt sum:", sums, int(cp.asnumpy(counter)[0]))
# CHECK: simt sum: [True, True, True, True, True] 0
