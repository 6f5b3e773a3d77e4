# cudapy.tile on the GPU: the Python tile examples (examples/python/tile)
# and the frontend's operations, launched on PyTorch and CuPy arrays with
# shapes that are multiples of the tiles and shapes that are not, each
# against a reference PyTorch computes on its own.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import sys

import torch

import cudapy.tile as ct

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(root, "examples", "python", "tile"))

import attention  # noqa: E402
import batch_matmul  # noqa: E402
import embedding  # noqa: E402
import fp8_matmul  # noqa: E402
import grouped_matmul  # noqa: E402
import layernorm  # noqa: E402
import matmul  # noqa: E402
import matmul_epilogue  # noqa: E402
import row_sum  # noqa: E402
import softmax  # noqa: E402
import transpose  # noqa: E402
import vector_add  # noqa: E402

torch.manual_seed(0)
cuda = "cuda"


def close(name, got, want, tolerance):
    torch.cuda.synchronize()
    error = ((got.double() - want.double()).abs().max() /
             want.double().abs().max().clamp(min=1e-30)).item()
    print(name, "ok" if error <= tolerance else "FAILED (relative error %g)" % error)


for n in (1 << 20, 1_000_003, 77):
    for dtype in (torch.float32, torch.float16):
        a = torch.rand(n, device=cuda, dtype=dtype)
        b = torch.rand(n, device=cuda, dtype=dtype)
        c = torch.full_like(a, -1)
        vector_add.run(a, b, c, tile_size=2048 if dtype == torch.float16 else 1024)
        close("vector_add %d %s" % (n, dtype), c, a + b, 0)
# CHECK-COUNT-6: vector_add {{.*}} ok

for rows, cols in ((4096, 1024), (1000, 999), (64, 3000)):
    x = torch.randn(rows, cols, device=cuda)
    y = torch.empty_like(x)
    softmax.run(x, y)
    close("softmax %dx%d" % (rows, cols), y, torch.softmax(x, dim=1), 1e-5)
# CHECK-COUNT-3: softmax {{.*}} ok

for rows, cols, dtype in ((512, 4096, torch.float32), (300, 1000, torch.float32),
                          (300, 5000, torch.float32), (256, 1024, torch.float16)):
    x = torch.randn(rows, cols, device=cuda, dtype=dtype)
    w = torch.randn(cols, device=cuda, dtype=dtype)
    b = torch.randn(cols, device=cuda, dtype=dtype)
    y = torch.empty_like(x)
    layernorm.run(x, w, b, y, eps=1e-5)
    want = torch.nn.functional.layer_norm(x.float(), (cols,), w.float(), b.float(), 1e-5)
    close("layernorm %dx%d %s" % (rows, cols, dtype), y, want,
          1e-4 if dtype == torch.float32 else 2e-3)
# CHECK-COUNT-4: layernorm {{.*}} ok

for rows, cols in ((4096, 4096), (1001, 333)):
    x = torch.randn(rows, cols, device=cuda)
    out = torch.empty(rows, device=cuda)
    row_sum.run(x, out)
    close("row_sum %dx%d" % (rows, cols), out, x.double().sum(dim=1), 1e-5)
# CHECK-COUNT-2: row_sum {{.*}} ok

for rows, cols in ((2048, 4096), (999, 130)):
    x = torch.randn(rows, cols, device=cuda)
    y = torch.empty(cols, rows, device=cuda)
    transpose.run(x, y)
    close("transpose %dx%d" % (rows, cols), y, x.t().contiguous(), 0)
# CHECK-COUNT-2: transpose {{.*}} ok

# 16-bit transposes, whose tiles move through shared memory by stmatrix
# .trans on sm_90 where the layouts suit it (128x32 at 16 and 8 warps,
# 32x32 at 4 and 1) and element by element where not (64x64, 32x128):
# bit for bit against PyTorch's, on shapes that are multiples of the
# tiles and shapes that are not.
for dtype in (torch.float16, torch.bfloat16, torch.int16):
    for tm, tn, warps in ((128, 32, 16), (128, 32, 8), (32, 32, 4), (32, 32, 1), (64, 64, 8),
                          (32, 128, 4)):
        kernel = transpose.transpose.replace_hints(num_worker_warps=warps)
        exact = True
        for rows, cols in ((512, 256), (1000, 333)):
            x = (torch.randn(rows, cols, device=cuda) * 1000).to(dtype)
            y = torch.zeros(cols, rows, device=cuda, dtype=dtype)
            ct.launch(0, (ct.cdiv(rows, tm), ct.cdiv(cols, tn)), kernel, (x, y, tm, tn))
            torch.cuda.synchronize()
            exact = exact and torch.equal(y, x.t().contiguous())
        print("transpose16", str(dtype)[6:], "%dx%d" % (tm, tn), warps, "ok" if exact else "FAILED")
# CHECK-COUNT-18: transpose16 {{.*}} ok

table = torch.randn(5000, 128, device=cuda)
ids = torch.randint(0, 5000, (1000,), device=cuda, dtype=torch.int32)
out = torch.empty(1000, 128, device=cuda)
embedding.run(ids, table, out)
close("embedding", out, table[ids.long()], 0)
# CHECK: embedding ok

for m, n, k, dtype in ((512, 512, 512, torch.float16), (1000, 900, 700, torch.float16),
                       (256, 384, 320, torch.bfloat16)):
    a = torch.randn(m, k, device=cuda, dtype=dtype)
    b = torch.randn(k, n, device=cuda, dtype=dtype)
    c = torch.empty(m, n, device=cuda, dtype=dtype)
    matmul.run(a, b, c)
    close("matmul %dx%dx%d %s" % (m, n, k, dtype), c, a.float() @ b.float(), 1e-2)
# CHECK-COUNT-3: matmul {{.*}} ok


for batch, m, n, k in ((4, 256, 256, 256), (3, 200, 300, 100)):
    a = torch.randn(batch, m, k, device=cuda, dtype=torch.float16)
    b = torch.randn(batch, k, n, device=cuda, dtype=torch.float16)
    c = torch.empty(batch, m, n, device=cuda, dtype=torch.float16)
    batch_matmul.run(a, b, c)
    close("batch matmul %dx%dx%dx%d" % (batch, m, n, k), c, torch.bmm(a.float(), b.float()), 1e-2)
# CHECK-COUNT-2: batch matmul {{.*}} ok

for activation in ("gelu", "relu", "none"):
    a = torch.randn(300, 200, device=cuda, dtype=torch.float16)
    b = torch.randn(200, 500, device=cuda, dtype=torch.float16)
    bias = torch.randn(500, device=cuda, dtype=torch.float16)
    c = torch.empty(300, 500, device=cuda, dtype=torch.float16)
    matmul_epilogue.run(a, b, bias, c, activation)
    x = a.double() @ b.double() + bias.double()
    want = {"gelu": torch.nn.functional.gelu(x, approximate="tanh"), "relu": torch.relu(x),
            "none": x}[activation]
    close("matmul epilogue %s" % activation, c, want, 1e-2)
# CHECK-COUNT-3: matmul epilogue {{.*}} ok

for nt in (False, True):
    a = (torch.randn(256, 512, device=cuda) * 2).to(torch.float8_e4m3fn)
    w = (torch.randn(384, 512, device=cuda) * 2).to(torch.float8_e4m3fn)
    b = w.t().contiguous() if not nt else w
    c = torch.empty(256, 384, device=cuda, dtype=torch.bfloat16)
    fp8_matmul.run(a, b, c, 0.5, 0.25, nt=nt)
    close("fp8 matmul nt=%s" % nt, c, (a.double() @ w.double().t()) * 0.125, 1e-2)
# CHECK-COUNT-2: fp8 matmul {{.*}} ok

# Grouped products (a list or a tuple of arrays per operand): one tile
# block per output tile, and as many blocks as SMs sharing the tiles. The
# tuples' groups each have their own facts: tensor copies for the groups
# whose rows are multiples of 16 bytes, cp.async for the others (300 x 700
# and 64 x 200 here), in one kernel.
shapes = [(1024, 512, 256), (300, 700, 500), (128, 128, 64), (64, 200, 1000)]
for static in (False, True):
    for blocks in (None, torch.cuda.get_device_properties(0).multi_processor_count):
        a = [torch.randn(m, k, device=cuda, dtype=torch.float16) for m, n, k in shapes]
        b = [torch.randn(k, n, device=cuda, dtype=torch.float16) for m, n, k in shapes]
        c = [torch.empty(m, n, device=cuda, dtype=torch.float16) for m, n, k in shapes]
        grouped_matmul.run(a, b, c, blocks=blocks, static=static)
        for g, (x, y, z) in enumerate(zip(a, b, c)):
            close("grouped matmul static=%s blocks=%s group %d" % (static, blocks, g), z,
                  x.float() @ y.float(), 1e-2)
# CHECK-COUNT-16: grouped matmul {{.*}} ok

# The causal kernels take their blocks heaviest first in groups of 2^22 / d
# / seq heads: 5 heads of 16384 at head dim 64 make groups of 4 and 1.
for bh, seq, d, dtype in ((8, 1024, 64, torch.float16), (4, 1000, 128, torch.bfloat16),
                          (5, 16384, 64, torch.float16)):
    q, k, v = (torch.randn(bh, seq, d, device=cuda, dtype=dtype) for _ in range(3))
    for causal in ((False, True) if seq < 16384 else (True,)):
        o = torch.empty_like(q)
        attention.run(q, k, v, o, causal=causal, bm=128, bn=64 if d == 64 else 32)
        wide = torch.float64 if seq < 16384 else torch.float32
        want = torch.nn.functional.scaled_dot_product_attention(
            q.to(wide), k.to(wide), v.to(wide), is_causal=causal)
        close("attention %d %d %d %s causal=%s" % (bh, seq, d, dtype, causal), o, want, 2e-2)
# CHECK-COUNT-5: attention {{.*}} ok


# Operations beyond the examples: control flow, reductions, scans, shape
# operations, where, math with rounding modes, integer division.
@ct.kernel
def ops(x, out_sum, out_argmax, out_scan, out_misc, n: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, index=(pid, 0), shape=(4, n))
    ct.store(out_sum, index=(pid,), tile=ct.sum(t, axis=1))
    ct.store(out_argmax, index=(pid,), tile=ct.argmax(t, axis=1))
    ct.store(out_scan, index=(pid, 0), tile=ct.cumsum(t, axis=1))
    m = ct.exp(t, rounding_mode=ct.RoundingMode.APPROX) * 0
    k = 0
    s = 0.0
    while k < 3:
        s = s + 1.0
        k = k + 1
    m = m + s
    if pid % 2 == 0:
        m = m + ct.transpose(ct.reshape(t, (n, 4)))
    else:
        m = m - t
    ct.store(out_misc, index=(pid, 0), tile=ct.where(m > 3, m, -m) + ct.arange(n, dtype=ct.int32) // 3)


n = 64
x = torch.randn(64, n, device=cuda)
out_sum = torch.empty(64, device=cuda)
out_argmax = torch.empty(64, device=cuda, dtype=torch.int32)
out_scan = torch.empty(64, n, device=cuda)
out_misc = torch.empty(64, n, device=cuda)
ct.launch(torch.cuda.current_stream(), (16,), ops, (x, out_sum, out_argmax, out_scan, out_misc, n))
close("ops sum", out_sum, x.double().sum(dim=1), 1e-5)
close("ops argmax", out_argmax, x.argmax(dim=1).int(), 0)
close("ops cumsum", out_scan, x.double().cumsum(dim=1), 1e-5)
blocks = torch.arange(64, device=cuda) // 4
even = (blocks % 2 == 0)[:, None]
m = torch.where(even, 3 + x.reshape(16, n, 4).transpose(1, 2).reshape(64, n), 3 - x)
want = torch.where(m > 3, m, -m) + torch.arange(n, device=cuda) // 3
close("ops control flow", out_misc, want, 1e-5)
# CHECK: ops sum ok
# CHECK: ops argmax ok
# CHECK: ops cumsum ok
# CHECK: ops control flow ok

# Custom combiners: a lambda, a (value, index) pair reduced together by a
# module-level function, a running maximum.
def keep_larger(v0, i0, v1, i1):
    pick = v1 > v0
    return ct.where(pick, v1, v0), ct.where(pick, i1, i0)


@ct.kernel
def combiners(x, s, arg, running):
    pid = ct.bid(0)
    t = ct.load(x, (pid, 0), (4, 64))
    ct.store(s, (pid,), ct.reduce(t, 1, lambda a, b: a + b, 0.0))
    positions = ct.broadcast_to(ct.arange(64, dtype=ct.int32), (4, 64))
    _value, index = ct.reduce((t, positions), 1, keep_larger, (-float("inf"), 0))
    ct.store(arg, (pid,), index)
    ct.store(running, (pid, 0), ct.scan(t, 1, lambda a, b: ct.maximum(a, b), -float("inf")))


x = torch.randn(64, 64, device=cuda)
s, arg = torch.empty(64, device=cuda), torch.empty(64, device=cuda, dtype=torch.int32)
running = torch.empty(64, 64, device=cuda)
ct.launch(0, (16,), combiners, (x, s, arg, running))
close("reduce lambda", s, x.double().sum(dim=1), 1e-5)
close("reduce pair", arg, x.argmax(dim=1).int(), 0)
close("scan maximum", running, torch.cummax(x, dim=1).values, 0)
# CHECK: reduce lambda ok
# CHECK: reduce pair ok
# CHECK: scan maximum ok

# Atomics on array elements: a histogram (indices out of bounds count
# nothing), a scalar atomic once per tile block, a maximum, and a spin lock
# (compare-and-swap to take it, exchange to give it back) around a plain
# read-modify-write.
@ct.kernel
def histogram(x, counts, blocks, peaks, n: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (n,), padding_mode=ct.PaddingMode.ZERO)
    inside = pid * n + ct.arange(n, dtype=ct.int32) < x.shape[0]
    ct.atomic_add(counts, ct.where(inside, t, -1), 1)
    ct.atomic_add(blocks, 0, 1)
    ct.atomic_max(peaks, pid % 4, ct.max(t), memory_order=ct.MemoryOrder.RELAXED)


@ct.kernel
def locked_increment(lock, value):
    # The whole block's threads read and write the 1024 values; the lock's
    # release must publish every thread's writes.
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    v = ct.load(value, (0,), (1024,))
    ct.store(value, (0,), v + 1)
    ct.atomic_xchg(lock, 0, 0, memory_order=ct.MemoryOrder.RELEASE)


x = torch.randint(0, 50, (10000,), device=cuda, dtype=torch.int32)
counts = torch.zeros(50, device=cuda, dtype=torch.int32)
blocks = torch.zeros(1, device=cuda, dtype=torch.int32)
peaks = torch.zeros(4, device=cuda, dtype=torch.int32)
grid = ct.cdiv(10000, 256)
ct.launch(0, (grid,), histogram, (x, counts, blocks, peaks, 256))
close("atomic histogram", counts, torch.bincount(x, minlength=50).int(), 0)
close("atomic scalar", blocks, torch.tensor([grid], device=cuda, dtype=torch.int32), 0)
want = torch.zeros(4, device=cuda, dtype=torch.int32)
for b in range(grid):
    want[b % 4] = max(want[b % 4], x[b * 256:(b + 1) * 256].max())
close("atomic max", peaks, want, 0)
lock = torch.zeros(1, device=cuda, dtype=torch.int32)
value = torch.zeros(1024, device=cuda, dtype=torch.int32)
ct.launch(0, (64,), locked_increment, (lock, value))
close("atomic lock", value, torch.full((1024,), 64, device=cuda, dtype=torch.int32), 0)
# CHECK: atomic histogram ok
# CHECK: atomic scalar ok
# CHECK: atomic max ok
# CHECK: atomic lock ok

# CuPy arrays, a CuPy stream, and a kernel that is launched again from the
# in-memory cache.
import cupy as cp  # noqa: E402
a = cp.arange(5000, dtype=cp.float32)
b = cp.ones(5000, dtype=cp.float32)
c = cp.zeros(5000, dtype=cp.float32)
stream = cp.cuda.Stream()
for _ in range(2):
    ct.launch(stream, (ct.cdiv(5000, 1024),), vector_add.vector_add, (a, b, c, 1024))
stream.synchronize()
print("cupy", bool(cp.all(c == a + 1)), len(vector_add.vector_add._cache) >= 1)
# CHECK: cupy True True
