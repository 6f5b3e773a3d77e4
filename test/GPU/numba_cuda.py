# The numba.cuda spelling on the GPU: kernels written as numba-cuda programs
# are (only the import differs), launched with kernel[grid, block] and
# forall on CuPy arrays and on cuda.to_device/device_array arrays, each
# against NumPy.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import math

import numpy as np

from cudapy import numba_cuda as cuda
from cudapy.numba_cuda import float32, int32

try:
    import cupy as cp
except ImportError:
    cp = None


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def bump_2d(grid):
    row, col = cuda.grid(2)
    if row < grid.shape[0] and col < grid.shape[1]:
        grid[row, col] += row * 100 + col


@cuda.jit
def count_bins(values, bins):
    start, stride = cuda.grid(1), cuda.gridsize(1)
    for i in range(start, values.shape[0], stride):
        cuda.atomic.add(bins, values[i] % bins.shape[0], 1)


BLOCK = 128


@cuda.jit
def block_totals(data, totals):
    cache = cuda.shared.array(BLOCK, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    cache[t] = data[i] if i < data.size else 0
    cuda.syncthreads()
    half = BLOCK // 2
    while half > 0:
        if t < half:
            cache[t] += cache[t + half]
        cuda.syncthreads()
        half //= 2
    if t == 0:
        totals[cuda.blockIdx.x] = cache[0]


@cuda.jit(device=True)
def hypot2(a, b):
    return math.sqrt(a * a + b * b)


@cuda.jit
def lengths(xs, ys, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = hypot2(xs[i], ys[i])


rng = np.random.default_rng(0)
x = rng.random(5000).astype(np.float32)
y = rng.random(5000).astype(np.float32)
out = cuda.device_array(5000, np.float32)
saxpy.forall(5000)(2.5, cuda.to_device(x), cuda.to_device(y), out)
print("saxpy", np.allclose(out.copy_to_host(), 2.5 * x + y, rtol=1e-6))
# CHECK: saxpy True

grid = np.zeros((37, 53), dtype=np.int32)
grid_d = cuda.to_device(grid)
bump_2d[(math.ceil(37 / 16), math.ceil(53 / 16)), (16, 16)](grid_d)
want = np.arange(37)[:, None] * 100 + np.arange(53)[None, :]
print("2d", np.array_equal(grid_d.copy_to_host(), want))
# CHECK-NEXT: 2d True

values = rng.integers(0, 1000, 100000).astype(np.int32)
bins = cuda.to_device(np.zeros(16, dtype=np.int32))
count_bins[64, 128](cuda.to_device(values), bins)
print("atomics", np.array_equal(bins.copy_to_host(), np.bincount(values % 16, minlength=16)))
# CHECK-NEXT: atomics True

data = rng.random(1000).astype(np.float32)
totals = cuda.device_array(8, np.float32)
block_totals[8, BLOCK](cuda.to_device(data), totals)
padded = np.zeros(1024, np.float32)
padded[:1000] = data
print("shared", np.allclose(totals.copy_to_host(), padded.reshape(8, 128).sum(axis=1),
                            rtol=1e-5))
# CHECK-NEXT: shared True

xs, ys = rng.random(300), rng.random(300)
out = cuda.device_array(300, np.float64)
lengths[3, 128](cuda.to_device(xs), cuda.to_device(ys), out)
print("device function", np.allclose(out.copy_to_host(), np.hypot(xs, ys)))
# CHECK-NEXT: device function True

if cp is not None:
    a = cp.arange(1000, dtype=cp.float64)
    result = cp.empty_like(a)
    saxpy[4, 256](0.5, a, a, result)
    print("cupy", bool(cp.allclose(result, 1.5 * a)))
else:
    print("cupy True")
# CHECK-NEXT: cupy True


# cuda.atomic.inc/dec under contention: every thread of the launch bumps one
# counter that wraps at `bound`. Whatever the order, the old values the
# threads see are the counter's sequence (0, 1, …, bound, 0, … for inc;
# 0, bound, bound - 1, …, for dec) and the final value is where it ends.
@cuda.jit
def wrapping(counters, olds, bound, up):
    i = cuda.grid(1)
    if i < olds.size:
        if up:
            olds[i] = cuda.atomic.inc(counters, 0, bound)
        else:
            olds[i] = cuda.atomic.dec(counters, 0, bound)


n, bound = 100003, 37
for dtype in (np.uint32, np.uint64):
    for up in (True, False):
        counters = cuda.to_device(np.zeros(1, dtype))
        olds = cuda.device_array(n, dtype)
        wrapping[(n + 255) // 256, 256](counters, olds, bound, up)
        steps = np.arange(n) if up else -np.arange(n)
        sequence = np.sort((steps % (bound + 1)).astype(dtype))
        final = (n if up else -n) % (bound + 1)
        print("atomic.%s %s" % ("inc" if up else "dec", np.dtype(dtype).name),
              np.array_equal(np.sort(olds.copy_to_host()), sequence),
              int(counters.copy_to_host()[0]) == final)
# CHECK-NEXT: atomic.inc uint32 True True
# CHECK-NEXT: atomic.dec uint32 True True
# CHECK-NEXT: atomic.inc uint64 True True
# CHECK-NEXT: atomic.dec uint64 True True


# cuda.const.array_like: global NumPy tables copied into constant memory
# when the kernel compiles, read by every thread.
TABLE = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(3, 4)
SHIFTS = np.array([3, -5, 11], dtype=np.int64)


@cuda.jit
def lookup(x, out):
    i = cuda.grid(1)
    table = cuda.const.array_like(TABLE)
    shifts = cuda.const.array_like(SHIFTS)
    if i < out.size:
        out[i] = x[i] * table[i % 3, i % 4] + shifts[i % 3]


xs = rng.random(5000)
out = cuda.device_array(5000, np.float64)
lookup[20, 256](cuda.to_device(xs), out)
index = np.arange(5000)
want = xs * TABLE[index % 3, index % 4].astype(np.float64) + SHIFTS[index % 3]
print("const.array_like", np.allclose(out.copy_to_host(), want, rtol=1e-12, atol=0))
# CHECK-NEXT: const.array_like True


# cudapy.numba_cuda.random (numba.cuda.random's spelling): the states the
# seeding kernel makes and the first numbers of a few generators against
# xoroshiro128+ and SplitMix64 written here in Python integers; the
# distributions of a million numbers; a Monte Carlo estimate of pi in the
# style of numba-cuda's documentation example (only the imports differ).
from cudapy.numba_cuda.random import (create_xoroshiro128p_states,  # noqa: E402
                                      xoroshiro128p_normal_float32,
                                      xoroshiro128p_uniform_float32,
                                      xoroshiro128p_uniform_float64)

MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def reference_state(seed, position):
    base = (seed + position * 2 * GOLDEN) & MASK
    return [splitmix((base + GOLDEN) & MASK), splitmix((base + 2 * GOLDEN) & MASK)]


def reference_next(state):
    s0, s1 = state
    result = (s0 + s1) & MASK
    s1 ^= s0
    state[0] = (((s0 << 24) | (s0 >> 40)) & MASK) ^ s1 ^ ((s1 << 16) & MASK)
    state[1] = ((s1 << 37) | (s1 >> 27)) & MASK
    return result


@cuda.jit
def draw(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for j in range(out.shape[1]):
            out[i, j] = xoroshiro128p_uniform_float64(states, i)


states = create_xoroshiro128p_states(1000, seed=42, subsequence_start=7)
first = states.copy_to_host()
numbers = cuda.device_array((1000, 4), np.float64)
draw.forall(1000)(states, numbers)
got = numbers.copy_to_host()
ok_states = all(list(map(int, first[i])) == reference_state(42, 7 + i) for i in (0, 1, 999))
ok_numbers = True
for i in (0, 500, 999):
    state = reference_state(42, 7 + i)
    for j in range(4):
        ok_numbers &= got[i, j] == (reference_next(state) >> 11) * 2.0**-53
print("random states and numbers", ok_states, ok_numbers)
# CHECK-NEXT: random states and numbers True True


@cuda.jit
def sample(states, uniform, normal):
    i = cuda.grid(1)
    if i < uniform.shape[0]:
        uniform[i] = xoroshiro128p_uniform_float32(states, i)
        normal[i] = xoroshiro128p_normal_float32(states, i)


n = 1 << 20
states = create_xoroshiro128p_states(n, seed=1)
uniform, normal = cuda.device_array(n, np.float32), cuda.device_array(n, np.float32)
sample.forall(n)(states, uniform, normal)
u, g = uniform.copy_to_host().astype(np.float64), normal.copy_to_host().astype(np.float64)
print("uniform", 0.0 <= u.min(), u.max() < 1.0, abs(u.mean() - 0.5) < 2e-3,
      abs(u.var() - 1 / 12) < 1e-3, "normal", abs(g.mean()) < 5e-3, abs(g.std() - 1) < 5e-3)
# CHECK-NEXT: uniform True True True True normal True True


@cuda.jit
def compute_pi(rng_states, iterations, out):
    """Find the maximum value in values and store in result[0]"""
    thread_id = cuda.grid(1)

    # Compute pi by drawing random (x, y) points and finding what
    # fraction lie inside a unit circle
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1

    out[thread_id] = 4.0 * inside / iterations


threads_per_block = 64
blocks = 24
rng_states = create_xoroshiro128p_states(threads_per_block * blocks, seed=1)
out = np.zeros(threads_per_block * blocks, dtype=np.float32)

compute_pi[blocks, threads_per_block](rng_states, 10000, out)
print("pi", abs(out.mean() - math.pi) < 0.01)
# CHECK-NEXT: pi True


# CUDA ufuncs (`vectorize(signatures, target='cuda')`), written as in
# numba-cuda's documentation with the import changed: NumPy arguments
# (float32 and float64 pick their signatures), device arrays (a device
# result), broadcasting of a scalar and a row, `out=`.
from cudapy.numba_cuda import vectorize  # noqa: E402


@vectorize(['float32(float32, float32, float32)',
            'float64(float64, float64, float64)'],
           target='cuda')
def cu_discriminant(a, b, c):
    return math.sqrt(b ** 2 - 4 * a * c)


N = 10000
for dtype in (np.float32, np.float64):
    A = np.array(np.random.sample(N), dtype=dtype)
    B = np.array(np.random.sample(N) + 10, dtype=dtype)
    C = np.array(np.random.sample(N), dtype=dtype)
    D = cu_discriminant(A, B, C)
    tolerance = 1e-6 if dtype == np.float32 else 1e-14
    print("ufunc", D.dtype, type(D).__name__,
          np.allclose(D, np.sqrt(B ** 2 - 4 * A * C), rtol=tolerance, atol=0))
# CHECK-NEXT: ufunc float32 ndarray True
# CHECK-NEXT: ufunc float64 ndarray True


@vectorize(['float64(float64, float64)'], target='cuda')
def hypot(x, y):
    return math.sqrt(x * x + y * y)


rows = cuda.to_device(rng.random((64, 32)))
column = rng.random(32)
on_device = hypot(rows, column)
result = cuda.device_array((64, 32), np.float64)
hypot(rows, 3.0, out=result)
print("ufunc broadcast", type(on_device).__name__,
      np.allclose(on_device.copy_to_host(), np.hypot(rows.copy_to_host(), column), rtol=1e-14),
      np.allclose(result.copy_to_host(), np.hypot(rows.copy_to_host(), 3.0), rtol=1e-14))
# CHECK-NEXT: ufunc broadcast DeviceNDArray True True


# Globals as numba freezes them: a NumPy array is copied into constant memory
# when the kernel compiles (simt.const_array), a NumPy scalar is a number of
# its dtype.
PRICES = np.array([10.0, 25.0, 5.0, 15.0, 30.0], dtype=np.float32)
TIMEOUT = np.int64(3600)


@cuda.jit
def priced(quantities, times, totals):
    i = cuda.grid(1)
    if i < totals.size:
        late = times[i] > TIMEOUT
        totals[i] = quantities[i] * PRICES[i % 5] + (1.0 if late else 0.0)


quantities = rng.random(1000).astype(np.float32)
times = rng.integers(0, 7200, 1000)
totals = cuda.device_array(1000, np.float32)
priced[4, 256](cuda.to_device(quantities), cuda.to_device(times), totals)
want = quantities * PRICES[np.arange(1000) % 5] + (times > 3600).astype(np.float32)
print("frozen globals", np.allclose(totals.copy_to_host(), want, rtol=1e-6, atol=0),
      "simt.const_array" in priced.translate((cuda.to_device(quantities),
                                               cuda.to_device(times), totals)))
# CHECK-NEXT: frozen globals True True


# cuda.reduce: sums (float64 against math.fsum of the same values, int32
# exactly), a maximum with init below every element, a size shorter than
# the array, res= into a device array, an array of one element.
@cuda.reduce
def sum_reduce(a, b):
    return a + b


@cuda.reduce
def max_reduce(a, b):
    return max(a, b)


values = rng.random(1_000_003)
ints = rng.integers(-1000, 1000, 777_777).astype(np.int32)
d_values = cuda.to_device(values)
res = cuda.device_array(1, np.float64)
sum_reduce(d_values, res=res)
print("cuda.reduce",
      abs(sum_reduce(d_values) - math.fsum(values)) < 1e-6,
      sum_reduce(cuda.to_device(ints)) == int(ints.astype(np.int64).sum()),
      max_reduce(d_values, init=-1.0) == values.max(),
      abs(sum_reduce(values, size=1000) - math.fsum(values[:1000])) < 1e-9,
      abs(res.copy_to_host()[0] - math.fsum(values)) < 1e-6,
      sum_reduce(np.array([5.0])) == 5.0)
# CHECK-NEXT: cuda.reduce True True True True True True


# NumPy ufuncs in device code (numba's spelling): on numbers they are the
# math functions; with an output array, a loop over its elements.
@cuda.jit
def numpy_math(r, x, m, s):
    np.sin(x, r)                      # r[:] = sin(x[:]), in one thread
    np.arctan2(m, 2.0, out=m)         # a 2-d output
    s[0] = np.sqrt(np.absolute(x[0])) + np.power(2.0, 3.0)


x = np.arange(10, dtype=np.float32) - 5
r = np.zeros_like(x)
m = rng.random((3, 4))
s = np.zeros(1)
m_in = m.copy()
numpy_math[1, 1](r, x, m, s)
print("numpy ufuncs", np.allclose(r, np.sin(x), rtol=1e-6),
      np.allclose(m, np.arctan2(m_in, 2.0), rtol=1e-14),
      np.isclose(s[0], math.sqrt(5.0) + 8.0, rtol=1e-6))
# CHECK-NEXT: numpy ufuncs True True True
