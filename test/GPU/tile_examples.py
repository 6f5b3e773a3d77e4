# The tile example kernels (examples/tile) on the GPU against NumPy, with
# shapes that are multiples of the tiles and shapes that are not.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
device = runtime.Device(0)
rng = np.random.default_rng(8)


def load(path):
    """Compiles an MLIR file of the repository as it is written."""
    source = open(os.path.join(root, path)).read()
    return device.load(cudapy.compile(source, source_name=path, chip=device.chip))


def load_example(name):
    return load(os.path.join("examples", "tile", name + ".mlir"))


# Other configurations of the examples (4096-column rows, facts), written out.
variants = load(os.path.join("test", "GPU", "Inputs", "tile_example_variants.mlir"))


def close(got, want, rtol, atol):
    return bool(np.allclose(got, want, rtol=rtol, atol=atol))


# Vector add, float32 and float16: a whole number of tiles, a partial last
# tile, fewer elements than one tile, and a misaligned start (a view that
# begins one element into the buffer: the vector path's alignment check).
module = load_example("vector_add")
for dtype, kernel, tile in [(np.float32, "vector_add", 1024),
                            (np.float16, "vector_add_f16", 2048)]:
    results = []
    for n, offset in [(1 << 20, 0), (1000003, 0), (77, 0), (50000, 1)]:
        a = rng.standard_normal(n + offset).astype(dtype)
        b = rng.standard_normal(n + offset).astype(dtype)
        da, db = cp.asarray(a), cp.asarray(b)
        dc = cp.full(n + offset + 5, 7, dtype=dtype)
        module.kernel(kernel).launch(((n + tile - 1) // tile,), (128,),
                                     da[offset:], db[offset:], dc[offset:offset + n])
        got = cp.asnumpy(dc)
        ok = np.array_equal(got[offset:offset + n], a[offset:] + b[offset:])
        ok &= bool(np.all(got[offset + n:] == 7)) and bool(np.all(got[:offset] == 7))
        results.append(ok)
    print(kernel, results)
# CHECK: vector_add [True, True, True, True]
# CHECK: vector_add_f16 [True, True, True, True]


def softmax_ref(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# Softmax over rows (N <= 1024), and the same kernel with 4096-column tiles
# on 8 warps.
results = []
for kernel, warps, shapes in [(load_example("softmax").kernel("softmax"), 4,
                               [(64, 1024), (33, 1000), (5, 17)]),
                              (variants.kernel("softmax_4096"), 8, [(16, 4096), (7, 3001)])]:
    for m, n in shapes:
        x = (rng.standard_normal((m, n)) * 4).astype(np.float32)
        dy = cp.zeros((m, n), dtype=cp.float32)
        kernel.launch((m,), (32 * warps,), cp.asarray(x), dy)
        results.append(close(cp.asnumpy(dy), softmax_ref(x), 1e-5, 1e-6))
print("softmax", results)
# CHECK: softmax [True, True, True, True, True]


def layernorm_ref(x, w, b, eps=1e-5):
    x = x.astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps) * w.astype(np.float64) + b.astype(np.float64))


def check_layernorm(kernel, shapes, warps=4):
    results = []
    for m, n in shapes:
        x = rng.standard_normal((m, n)).astype(np.float16)
        w = rng.standard_normal(n).astype(np.float16)
        b = rng.standard_normal(n).astype(np.float16)
        dy = cp.zeros((m, n), dtype=cp.float16)
        kernel.launch((m,), (32 * warps,), cp.asarray(x), cp.asarray(w), cp.asarray(b), dy)
        got = cp.asnumpy(dy).astype(np.float64)
        results.append(close(got, layernorm_ref(x, w, b), 1e-2, 1e-2))
    return results


print("layernorm", check_layernorm(load_example("layernorm").kernel("layernorm"),
                                   [(64, 1024), (37, 1000), (3, 5)]))
# CHECK: layernorm [True, True, True]
print("layernorm 4096", check_layernorm(variants.kernel("layernorm_4096"),
                                        [(16, 4096), (7, 3001)], warps=8))
# CHECK: layernorm 4096 [True, True]

# The same kernel specialized on facts, as a JIT does where they hold
# (bases 16-byte aligned, columns and row strides multiples of 16): edge
# tiles move whole vectors. The runtime refuses arrays that break a fact.
results = check_layernorm(variants.kernel("layernorm_facts"), [(64, 1024), (37, 1008), (3, 16)])
results += check_layernorm(variants.kernel("layernorm_4096_facts"), [(16, 4096), (7, 3008)], warps=8)
try:
    x = cp.zeros((4, 1000), dtype=cp.float16)
    w = cp.zeros(1000, dtype=cp.float16)
    variants.kernel("layernorm_facts").launch((4,), (128,), x, w, w, x)
    results.append("launched")
except TypeError as error:
    results.append("refused" if "a multiple of 16" in str(error) else str(error))
print("layernorm with facts", results)
# CHECK: layernorm with facts [True, True, True, True, True, 'refused']

# Row sums: 4 rows per CTA; M not a multiple of 4, N not of 1024.
module = load_example("row_sum")
results = []
for m, n in [(256, 1024), (103, 999), (2, 3)]:
    x = rng.standard_normal((m, n)).astype(np.float32)
    ds = cp.full(m + 3, 7, dtype=cp.float32)
    module.kernel("row_sum").launch(((m + 3) // 4,), (256,), cp.asarray(x), ds[:m])
    got = cp.asnumpy(ds)
    results.append(close(got[:m], x.astype(np.float64).sum(axis=1), 1e-5, 1e-4)
                   and bool(np.all(got[m:] == 7)))
print("row_sum", results)
# CHECK: row_sum [True, True, True]

# Transpose through 64 x 64 tiles, exact and ragged, and from a strided view.
module = load_example("transpose")
results = []
for m, n in [(256, 128), (100, 37), (1, 65)]:
    x = rng.standard_normal((m, n)).astype(np.float32)
    dy = cp.zeros((n, m), dtype=cp.float32)
    module.kernel("transpose").launch(((m + 63) // 64, (n + 63) // 64), (128,),
                                      cp.asarray(x), dy)
    results.append(np.array_equal(cp.asnumpy(dy), x.T))
big = cp.asarray(rng.standard_normal((130, 90)).astype(np.float32))
view = big[3:103, 5:69]  # row stride 90 elements
dy = cp.zeros((64, 100), dtype=cp.float32)
module.kernel("transpose").launch((2, 1), (128,), view, dy)
results.append(np.array_equal(cp.asnumpy(dy), cp.asnumpy(view).T))
print("transpose", results)
# CHECK: transpose [True, True, True, True]

# Embedding lookup: ids in range, ids outside [0, V) (zero rows), N not a
# multiple of 32, D below the tile's 128 columns.
module = load_example("embedding")
results = []
for n, v, d in [(256, 1000, 128), (77, 50, 100), (5, 3, 7)]:
    table = rng.standard_normal((v, d)).astype(np.float32)
    ids = rng.integers(-2, v + 2, n).astype(np.int32)
    dy = cp.full((n, d), 7, dtype=cp.float32)
    module.kernel("embedding").launch(((n + 31) // 32,), (128,), cp.asarray(table),
                                      cp.asarray(ids), dy)
    inside = (ids >= 0) & (ids < v)
    want = np.where(inside[:, None], table[np.clip(ids, 0, v - 1)], 0)
    results.append(np.array_equal(cp.asnumpy(dy), want))
print("embedding", results)
# CHECK: embedding [True, True, True]

# A launch whose block is not the kernel's CTA fails instead of computing
# garbage.
try:
    module = load_example("transpose")
    module.kernel("transpose").launch((1, 1), (256,), cp.asarray(x), dy)
    device.synchronize()
    print("wrong block: launched")
except runtime.CudaError as error:
    print("wrong block: refused")
# CHECK: wrong block: refused
