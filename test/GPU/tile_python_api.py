# cudapy.tile's newer entries on the GPU, each against a reference PyTorch
# computes on its own: atan2, divmod, astile; Array.slice, tiled views with
# traversal steps and atomic stores; advanced indexing with ct.Slice;
# ScalarInt64, IndexedWithInt64 and static shapes (ArrayAnnotation);
# device printf/print (captured from a child process) and asserts (a child
# process whose launch fails with the message, file and line); loads and
# stores with a memory order; loads through transposed orders in pipelined
# K loops; stages that share shared memory; lists of arrays; matrix
# products that broadcast, of 1-d operands, through thin tiles, and of
# bfloat16 and int8 (wider accumulators); gathers of one element; gathers
# and scatters at redirected indices; tiles at the edge of ragged rows; a
# batch matmul whose B tiles are permuted before the reshape; float32
# products as tfloat32 of transposed tiles.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import subprocess
import sys
import tempfile
import typing

import torch

import cudapy.tile as ct

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from narrow_formats import round_tf32  # noqa: E402

torch.manual_seed(0)
cuda = "cuda"
stream = torch.cuda.current_stream()


def close(name, got, want, tolerance=0.0):
    torch.cuda.synchronize()
    error = ((got.double() - want.double()).abs().max() /
             want.double().abs().max().clamp(min=1e-30)).item()
    print(name, "ok" if error <= tolerance else "FAILED (relative error %g)" % error)


@ct.kernel
def math_kernel(y, x, q, r, c, k):
    pid = ct.bid(0)
    a = ct.load(y, (pid,), (4,))
    b = ct.load(x, (pid,), (4,))
    ct.store(y, (pid,), ct.atan2(a, b))
    n = ct.arange(4, dtype=ct.int32) + pid * 4 - 7
    quotient, remainder = divmod(n, k)
    ct.store(q, (pid,), quotient)
    ct.store(r, (pid,), remainder)
    ct.store(c, (pid, 0), ct.astile(((pid, 1), (2, k)), dtype=ct.int32))


y = torch.randn(64, device=cuda)
x = torch.randn(64, device=cuda)
want = torch.atan2(y, x)
q = torch.empty(64, dtype=torch.int32, device=cuda)
r = torch.empty_like(q)
c = torch.empty(32, 2, dtype=torch.int32, device=cuda)
ct.launch(stream, (16,), math_kernel, (y, x, q, r, c, 3))
n = torch.arange(64, device=cuda, dtype=torch.int32) - 7
close("atan2", y, want, 1e-6)
close("divmod quotient", q, torch.div(n, 3, rounding_mode="floor"))
close("divmod remainder", r, torch.remainder(n, 3))
want_c = torch.tensor([[0, 1], [2, 3]], dtype=torch.int32, device=cuda).repeat(16, 1)
want_c[0::2, 0] = torch.arange(16, dtype=torch.int32, device=cuda)
close("astile", c, want_c)
# CHECK: atan2 ok
# CHECK: divmod quotient ok
# CHECK: divmod remainder ok
# CHECK: astile ok


@ct.kernel
def views_kernel(x, out, acc, start):
    pid = ct.bid(0)
    part = x.slice(0, start, x.shape[0])
    tiles = part.tiled_view((4, 32), padding_mode=ct.PaddingMode.ZERO)
    t = tiles.load((pid, 0))
    overlapping = out.tiled_view((4, 32), traversal_steps=(2, 32))
    overlapping.atomic_store_add((pid, 0), t)
    acc.tiled_view((4, 32)).store((pid, 0), t * tiles.num_tiles(0))


x = torch.randn(30, 32, device=cuda)
out = torch.zeros(2 * 7 + 2, 32, device=cuda)
acc = torch.zeros(28, 32, device=cuda)
ct.launch(stream, (7,), views_kernel, (x, out, acc, 3))
part = x[3:]
want = torch.zeros_like(out)
for i in range(7):
    rows = part[4 * i:4 * i + 4]
    want[2 * i:2 * i + rows.shape[0]] += rows
close("slice and tiled_view atomic_store_add", out, want, 1e-6)
want_acc = torch.zeros_like(acc)
want_acc[:27] = part * 7
close("tiled_view store and num_tiles", acc, want_acc)
# CHECK: slice and tiled_view atomic_store_add ok
# CHECK: tiled_view store and num_tiles ok


@ct.kernel
def gather_rows(x, idx, out):
    pid = ct.bid(0)
    rows = ct.load(idx, (0,), (8,))
    t = ct.load_advanced_indexing(x, (rows, ct.Slice(pid * 16, 16)),
                                  padding_mode=ct.PaddingMode.NEG_INF)
    ct.store_advanced_indexing(out, (ct.arange(8, dtype=ct.int32), ct.Slice(pid * 16, 16)),
                               ct.maximum(t, -1.0))


x = torch.randn(100, 40, device=cuda)
idx = torch.tensor([5, 0, 99, 120, 3, 3, 64, 7], dtype=torch.int32, device=cuda)
out = torch.full((8, 40), 9.0, device=cuda)
ct.launch(stream, (3,), gather_rows, (x, idx, out))
want = torch.full((8, 40), -1.0, device=cuda)
for i, row in enumerate(idx.tolist()):
    if row < 100:
        want[i] = torch.clamp(x[row], min=-1.0)
close("load/store_advanced_indexing", out, want)
# CHECK: load/store_advanced_indexing ok


@ct.kernel
def annotated(x: ct.IndexedWithInt64[ct.Array],
              y: typing.Annotated[ct.Array, ct.ArrayAnnotation(static_shape_dims=(-1,))],
              out, big: ct.ScalarInt64[int]):
    pid = ct.bid(0)
    rows = x.shape[0]
    ct.static_assert(rows.dtype == ct.int64)
    t = ct.load(y, (pid, 0), (1, y.shape[1]))
    ct.store(out, (pid, 0), t + (big - rows).astype(ct.float32) + ct.static_eval(t.shape[1]))


x = torch.zeros(5, device=cuda)
y = torch.randn(4, 64, device=cuda)
out = torch.empty_like(y)
big = 2**40 + 3
ct.launch(stream, (4,), annotated, (x, y, out, big))
close("ScalarInt64, IndexedWithInt64, static_shape_dims", out, y + float(big - 5) + 64)
# CHECK: ScalarInt64, IndexedWithInt64, static_shape_dims ok

# pack_to_bytes gives the little-endian bytes PyTorch's view(uint8) shows;
# unpack_from_bytes brings them back.
@ct.kernel
def bytes_kernel(x, h, raw, back, raw16):
    t = ct.load(x, (0,), (16,))
    b = ct.pack_to_bytes(t)
    ct.store(raw, (0,), b)
    ct.store(back, (0,), ct.unpack_from_bytes(b, ct.float32))
    ct.store(raw16, (0,), ct.pack_to_bytes(ct.load(h, (0, 0), (4, 4))))


x = torch.randn(16, device=cuda)
h = torch.arange(-8, 8, dtype=torch.int16, device=cuda).reshape(4, 4) * 1000
raw = torch.empty(64, dtype=torch.uint8, device=cuda)
back = torch.empty_like(x)
raw16 = torch.empty(32, dtype=torch.uint8, device=cuda)
ct.launch(stream, (1,), bytes_kernel, (x, h, raw, back, raw16))
close("pack_to_bytes", raw, x.view(torch.uint8))
close("unpack_from_bytes", back, x)
close("pack_to_bytes int16 2-d", raw16, h.reshape(-1).view(torch.uint8))
# CHECK: pack_to_bytes ok
# CHECK: unpack_from_bytes ok
# CHECK: pack_to_bytes int16 2-d ok


# mma_scaled: float8_e4m3fn operands with float8_e8m0fnu scales, one per 32
# elements along K, against the dequantized product in float64.
@ct.kernel
def scaled_kernel(a, sa, b, sb, c):
    acc = ct.mma_scaled(ct.load(a, (0, 0), (64, 64)), ct.load(sa, (0, 0), (64, 2)),
                        ct.load(b, (0, 0), (64, 64)), ct.load(sb, (0, 0), (2, 64)),
                        ct.full((64, 64), 1.0, ct.float32))
    ct.store(c, (0, 0), acc)


a8 = (torch.randn(64, 64, device=cuda) * 4).to(torch.float8_e4m3fn)
b8 = (torch.randn(64, 64, device=cuda) * 4).to(torch.float8_e4m3fn)
sa = (2.0 ** torch.randint(-6, 7, (64, 2), device=cuda).float()).to(torch.float8_e8m0fnu)
sb = (2.0 ** torch.randint(-6, 7, (2, 64), device=cuda).float()).to(torch.float8_e8m0fnu)
c = torch.empty(64, 64, device=cuda)
ct.launch(stream, (1,), scaled_kernel, (a8, sa, b8, sb, c))
xa = a8.double() * sa.double().repeat_interleave(32, dim=1)
xb = b8.double() * sb.double().repeat_interleave(32, dim=0)
close("mma_scaled fp8 e8m0", c, xa @ xb + 1, 1e-6)
# CHECK: mma_scaled fp8 e8m0 ok


# Loads through a transposed order in a K loop (cuTile's FMHA sample reads
# Kᵀ as load(K, order=(0, 1, 3, 2))): C = A Bᵀ with Bᵀ stored N x K, once
# as 2-D tiles (order=(1, 0)) and once as a batch of 3-D ones
# (order=(0, 2, 1)); the pipeline stages them and the mma reads them
# transposed (wgmma on sm_90a). Ragged K: the last tiles are padded with
# zeros.
@ct.kernel
def matmul_bt(a, bt, c, bk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((128, 128), dtype=ct.float32)
    for k in range(ct.cdiv(a.shape[1], bk)):
        x = ct.load(a, (i, k), (128, bk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(bt, (k, j), (bk, 128), order=(1, 0), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (i, j), acc.astype(c.dtype))


@ct.kernel
def batch_matmul_bt(a, bt, c, bk: ct.Constant[int]):
    i, j, h = ct.bid(0), ct.bid(1), ct.bid(2)
    acc = ct.zeros((128, 128), dtype=ct.float32)
    for k in range(ct.cdiv(a.shape[2], bk)):
        x = ct.load(a, (h, i, k), (1, 128, bk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(bt, (h, k, j), (1, bk, 128), order=(0, 2, 1),
                    padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x.reshape((128, bk)), y.reshape((bk, 128)), acc)
    ct.store(c, (h, i, j), acc.reshape((1, 128, 128)).astype(c.dtype))


a16 = torch.randn(256, 200, device=cuda, dtype=torch.float16)
bt16 = torch.randn(256, 200, device=cuda, dtype=torch.float16)
c16 = torch.empty(256, 256, device=cuda, dtype=torch.float16)
ct.launch(stream, (2, 2), matmul_bt, (a16, bt16, c16, 64))
close("matmul through order (1, 0)", c16, a16.double() @ bt16.double().T, 2e-3)
# CHECK: matmul through order (1, 0) ok
ab = torch.randn(3, 128, 200, device=cuda, dtype=torch.float16)
bbt = torch.randn(3, 256, 200, device=cuda, dtype=torch.float16)
cb = torch.empty(3, 128, 256, device=cuda, dtype=torch.float16)
ct.launch(stream, (1, 2, 3), batch_matmul_bt, (ab, bbt, cb, 64))
close("batch matmul through order (0, 2, 1)", cb,
      ab.double() @ bbt.double().transpose(1, 2), 2e-3)
# CHECK: batch matmul through order (0, 2, 1) ok


# float32 as tfloat32 with Bᵀ's tiles transposed: the stage of Bᵀ is read
# transposed a step at a time, each slice rounded after its read (against
# operands the reference rounds itself, within float32 sums' error).
@ct.kernel
def matmul_bt_tf32(a, bt, c, bk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((64, 128), dtype=ct.float32)
    for k in range(ct.cdiv(a.shape[1], bk)):
        x = ct.load(a, (i, k), (64, bk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.transpose(ct.load(bt, (j, k), (128, bk), padding_mode=ct.PaddingMode.ZERO))
        acc = ct.mma(x.astype(ct.tfloat32), y.astype(ct.tfloat32), acc)
    ct.store(c, (i, j), acc)


a32 = torch.randn(200, 300, device=cuda)
bt32 = torch.randn(256, 300, device=cuda)
c32 = torch.empty(200, 256, device=cuda)
ct.launch(stream, (4, 2), matmul_bt_tf32, (a32, bt32, c32, 32))
tf32 = lambda x: torch.from_numpy(round_tf32(x.cpu().numpy())).to(cuda).double()  # noqa: E731
close("tf32 matmul of transposed tiles", c32, tf32(a32) @ tf32(bt32).T, 1e-5)
# CHECK: tf32 matmul of transposed tiles ok


# Stages that share shared memory: the pipelined loop's stages of 128 x 64
# and 64 x 256 tiles and, after the loop, the extract's scratch buffer for
# the 128 x 256 float32 accumulator do not fit the block one after another;
# the extract reuses the stages' memory once the loop is done.
@ct.kernel
def matmul_extract(a, b, c):
    acc = ct.zeros((128, 256), dtype=ct.float32)
    for k in range(ct.cdiv(a.shape[1], 64)):
        x = ct.load(a, (0, k), (128, 64), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, (k, 0), (64, 256), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, (0, 0), ct.extract(acc, (1, 1), (64, 128)))


ae = torch.randn(128, 1000, device=cuda, dtype=torch.float16)
be = torch.randn(1000, 256, device=cuda, dtype=torch.float16)
ce = torch.empty(64, 128, device=cuda)
ct.launch(stream, (1,), matmul_extract, (ae, be, ce))
close("matmul, extract in stages' memory", ce, (ae.double() @ be.double())[64:, 128:], 1e-5)
# CHECK: matmul, extract in stages' memory ok


# Matrix products broadcast their batch dimensions, and a batched DFT of
# interleaved complex rows goes through thin tiles: the real and imaginary
# columns extracted from a (bs, n, 2) tile, one (1, n, n) matrix (or a 2-d
# one, in the mma) against the batch of (bs, n, 1) columns, the two halves
# joined again by cat. 1-d matmul operands are a row or a column.
@ct.kernel
def dft_rows(x, w, y, n: ct.Constant[int], bs: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, (pid, 0, 0), (bs, n, 2))
    re = ct.extract(t, (0, 0, 0), (bs, n, 1))
    im = ct.extract(t, (0, 0, 1), (bs, n, 1))
    m = ct.load(w, (0, 0, 0), (n, n, 2))
    wr = ct.reshape(ct.extract(m, (0, 0, 0), (n, n, 1)), (1, n, n))
    wi = ct.reshape(ct.extract(m, (0, 0, 1), (n, n, 1)), (1, n, n))
    out_re = wr @ re - ct.matmul(wi, im)
    out_im = ct.mma(ct.reshape(wi, (n, n)), re, wr @ im)
    ct.store(y, (pid, 0, 0), ct.cat((out_re, out_im), axis=-1))


@ct.kernel
def vector_products(v, m, row, column):
    a = ct.load(v, (0,), (32,))
    b = ct.load(m, (0, 0), (32, 32))
    ct.store(row, (0,), a @ b)
    ct.store(column, (0,), ct.matmul(b, a))


rows = torch.randn(8, 64, dtype=torch.complex64, device=cuda)
k = torch.arange(64, device=cuda, dtype=torch.float64)
dft = torch.exp(-2j * torch.pi * torch.outer(k, k) / 64)
w = torch.view_as_real(dft.to(torch.complex64)).contiguous()
out = torch.empty(8, 64, 2, device=cuda)
ct.launch(stream, (4,), dft_rows, (torch.view_as_real(rows).contiguous(), w, out, 64, 2))
close("batched DFT through thin tiles", torch.view_as_complex(out),
      torch.fft.fft(rows.to(torch.complex128), dim=-1), 1e-5)
v = torch.randn(32, device=cuda)
m = torch.randn(32, 32, device=cuda)
row, column = torch.empty(32, device=cuda), torch.empty(32, device=cuda)
ct.launch(stream, (1,), vector_products, (v, m, row, column))
close("matmul of a 1-d row", row, v.double() @ m.double(), 1e-6)
close("matmul of a 1-d column", column, m.double() @ v.double(), 1e-6)
# CHECK: batched DFT through thin tiles ok
# CHECK: matmul of a 1-d row ok
# CHECK: matmul of a 1-d column ok


# matmul of bfloat16 accumulates in float32 and rounds once (cuTile's rule);
# of int8, in int32 then wraps to int8. A gather at scalar indices gives
# the scalar that bounds a loop.
@ct.kernel
def narrow_products(a, b, c, qa, qb, qc):
    ct.store(c, (0, 0), ct.load(a, (0, 0), (64, 128)) @ ct.load(b, (0, 0), (128, 64)))
    ct.store(qc, (0, 0), ct.load(qa, (0, 0), (32, 32)) @ ct.load(qb, (0, 0), (32, 32)))


@ct.kernel
def counted_rows(counts, x, y):
    pid = ct.bid(axis=0)
    total = ct.zeros((1, 64), ct.float32)
    for i in range(ct.gather(counts, pid)):
        total += ct.load(x, (i, 0), (1, 64))
    ct.store(y, (pid, 0), total)


a = torch.randn(64, 128, device=cuda).bfloat16()
b = torch.randn(128, 64, device=cuda).bfloat16()
c = torch.empty(64, 64, device=cuda, dtype=torch.bfloat16)
qa = torch.randint(-8, 8, (32, 32), device=cuda, dtype=torch.int8)
qb = torch.randint(-8, 8, (32, 32), device=cuda, dtype=torch.int8)
qc = torch.empty(32, 32, device=cuda, dtype=torch.int8)
ct.launch(stream, (1,), narrow_products, (a, b, c, qa, qb, qc))
close("bfloat16 matmul, one rounding", c, (a.double() @ b.double()).bfloat16(), 3e-3)
close("int8 matmul, wrapped", qc, (qa.double() @ qb.double()).long().to(torch.int8))
counts = torch.tensor([0, 3, 7, 1], device=cuda, dtype=torch.int32)
xr = torch.randn(8, 64, device=cuda)
yr = torch.empty(4, 64, device=cuda)
ct.launch(stream, (4,), counted_rows, (counts, xr, yr))
close("loops bounded by gathered scalars", yr,
      torch.stack([xr[:n].double().sum(0) for n in counts.tolist()]), 1e-6)
# CHECK: bfloat16 matmul, one rounding ok
# CHECK: int8 matmul, wrapped ok
# CHECK: loops bounded by gathered scalars ok


# A stored K x M, loaded in tiles of K x M and transposed for the product:
# wgmma reads that A from the registers, which each iteration loads anew,
# so it waits for each iteration's mmas (with the next iteration's mmas
# let run on, 13 % of C came out wrong).
@ct.kernel
def transposed_a(a, b, c, k_tiles: ct.Constant[int]):
    m, n = ct.bid(0), ct.bid(1)
    acc = ct.zeros((128, 128), ct.float32)
    for k in range(k_tiles):
        x = ct.transpose(ct.load(a, (k, m), (64, 128), padding_mode=ct.PaddingMode.ZERO))
        y = ct.transpose(ct.load(b, (n, k), (128, 64), padding_mode=ct.PaddingMode.ZERO))
        acc = ct.mma(x, y, acc)
    ct.store(c, (m, n), acc.astype(c.dtype))


at = torch.randn(320, 1024, device=cuda, dtype=torch.float16)
bt = torch.randn(768, 320, device=cuda, dtype=torch.float16)
ct_ = torch.empty(1024, 768, device=cuda, dtype=torch.float16)
ct.launch(stream, (8, 6), transposed_a.replace_hints(occupancy=1), (at, bt, ct_, 5))
close("mma of a transposed A from registers", ct_, at.t().double() @ bt.t().double(), 2e-3)
# CHECK: mma of a transposed A from registers ok


# Message passing between tile blocks: block 1 writes the data, then the
# flag with RELEASE; block 0 spins on the flag with ACQUIRE (each read an
# atomic load, not hoisted out of the loop), then reads the data.
@ct.kernel
def message(data, flag, out):
    if ct.bid(0) == 1:
        ct.store(data, (0,), ct.arange(256, dtype=ct.int32) * 3)
        ct.store(flag, (0,), ct.full((1,), 1, ct.int32), memory_order=ct.MemoryOrder.RELEASE,
                 memory_scope=ct.MemoryScope.DEVICE)
    else:
        while ct.load(flag, (0,), (1,), memory_order=ct.MemoryOrder.ACQUIRE,
                      memory_scope=ct.MemoryScope.DEVICE).item() == 0:
            pass
        ct.store(out, (0,), ct.load(data, (0,), (256,)))


md = torch.zeros(256, device=cuda, dtype=torch.int32)
mf = torch.zeros(1, device=cuda, dtype=torch.int32)
mo = torch.full((256,), -1, device=cuda, dtype=torch.int32)
ct.launch(stream, (2,), message, (md, mf, mo))
close("release/acquire message", mo, torch.arange(256, device=cuda) * 3)
# CHECK: release/acquire message ok


# assume_divisible_by on an array's extent: a fact of the argument, which
# the compiler uses (whole vectors at the edges) and the runtime checks.
@ct.kernel
def scale_rows(x, y):
    ct.assume_divisible_by(x.shape[1], 64)
    row, col = ct.bid(0), ct.bid(1)
    t = ct.load(x, index=(row, col), shape=(2, 64), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(row, col), tile=t * 2)


xs = torch.randn(7, 192, device=cuda)
ys = torch.empty_like(xs)
ct.launch(stream, (4, 3), scale_rows, (xs, ys))
close("assume_divisible_by on an extent", ys, xs * 2)
# CHECK: assume_divisible_by on an extent ok
try:
    ct.launch(stream, (4, 3), scale_rows, (xs[:, :160], ys[:, :160]))
except TypeError as error:
    print("refused:", str(error).split(";")[-1].strip())
# CHECK-NEXT: refused: the kernel assumes extent 1 a multiple of 64, the array's is 160


# Programmatic dependent launch: the consumer, launched with
# programmatic_dependent_launch=True, may start while the producer runs;
# its grid_dependency_control_wait() waits for the producer's writes.
@ct.kernel
def producer(x, y):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (1024,))
    for _ in range(50):  # long enough for the consumer to be waiting
        t = t * 1.0001 + 1.0
    ct.store(y, (pid,), t)
    ct.grid_dependency_control_launch_dependents()


@ct.kernel
def consumer(y, z):
    pid = ct.bid(0)
    ct.grid_dependency_control_wait()
    ct.store(z, (pid,), ct.load(y, (pid,), (1024,)) * 2)


x = torch.randn(1 << 22, device=cuda)
y = torch.empty_like(x)
z = torch.empty_like(x)
want = x.clone()
for _ in range(50):
    want = want * 1.0001 + 1.0
for _ in range(3):
    ct.launch(stream, (x.numel() // 1024,), producer, (x, y))
    ct.launch(stream, (x.numel() // 1024,), consumer, (y, z), programmatic_dependent_launch=True)
close("programmatic dependent launch", z, want * 2, 1e-5)
# CHECK: programmatic dependent launch ok


# Reductions with a rounding mode and flush-to-zero: float32 sums rounded
# toward zero stay within a few ulps of PyTorch's; the maximum is exact.
@ct.kernel
def rounded(x, s, m):
    t = ct.load(x, (ct.bid(0), 0), (4, 256))
    ct.store(s, (ct.bid(0),), ct.sum(t, axis=1, rounding_mode=ct.RoundingMode.RZ,
                                     flush_to_zero=True))
    ct.store(m, (ct.bid(0),), ct.max(t, axis=1, flush_to_zero=True))


x = torch.rand(64, 256, device=cuda)
s = torch.empty(64, device=cuda)
m = torch.empty(64, device=cuda)
ct.launch(stream, (16,), rounded, (x, s, m))
close("sum rounding rz ftz", s, x.double().sum(1), 1e-5)
close("max ftz", m, x.max(1).values)
# CHECK: sum rounding rz ftz ok
# CHECK: max ftz ok


# A while loop carrying a tile (and a scalar): halve each block's tile
# until its maximum is at most the limit, counting the steps.
@ct.kernel
def halve_until(x, y, limit):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (128,))
    steps = 0
    while ct.max(t) > limit:
        t = t * 0.5
        steps += 1
    ct.store(y, (pid,), t + steps)


x = torch.rand(8, 128, device=cuda) * (2.0 ** torch.arange(8, device=cuda)[:, None])
y = torch.empty_like(x)
ct.launch(stream, (8,), halve_until, (x.reshape(-1), y.reshape(-1), 1.0))
want = x.clone()
for row in range(8):
    steps = 0
    while want[row].max() > 1.0:
        want[row] *= 0.5
        steps += 1
    want[row] += steps
close("while carrying a tile", y, want)
# CHECK: while carrying a tile ok


# ct.tune.exhaustive_search times every configuration (a failing one is
# reported, not fatal) and the best one computes the right thing.
@ct.kernel
def add_tiles(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    ct.store(c, (pid,), ct.load(a, (pid,), (tile,)) + ct.load(b, (pid,), (tile,)))


a = torch.randn(1 << 20, device=cuda)
b = torch.randn_like(a)
c = torch.empty_like(a)
result = ct.tune.exhaustive_search(
    [256, 1024, 100], stream, lambda tile: (ct.cdiv(a.numel(), tile),), add_tiles,
    lambda tile: (a, b, c, tile), lambda tile: {"num_worker_warps": 4}, quiet=True)
print("tune", len(result.successes), len(result.failures), result.best.config in (256, 1024),
      result.best.mean_us > 0, result.failures[0][0])
ct.launch(stream, (ct.cdiv(a.numel(), result.best.config),), add_tiles,
          (a, b, c, result.best.config))
close("tuned add", c, a + b)
# CHECK: tune 2 1 True True 100
# CHECK: tuned add ok


# Lists of arrays: a grouped matrix product (each tile block walks the
# groups to find its tile, as a persistent grouped GEMM does), checked per
# group against torch.matmul; a launch with other arrays after two with the
# same list (the runtime copies the records again only when they change);
# a list whose arrays share no 16-byte alignment; `for a in list`.
@ct.kernel
def grouped_product(a_list, b_list, c_list, tm: ct.Constant[int], tn: ct.Constant[int],
                    tk: ct.Constant[int]):
    tile = ct.bid(0)
    first = 0
    for g in range(len(a_list)):
        a = a_list[g]
        b = b_list[g]
        c = c_list[g]
        columns = ct.num_tiles(c, 1, (tm, tn))
        count = ct.num_tiles(c, 0, (tm, tn)) * columns
        if tile >= first and tile < first + count:
            mine = tile - first
            acc = ct.zeros((tm, tn), ct.float32)
            for k in range(ct.num_tiles(a, 1, (tm, tk))):
                acc = ct.mma(ct.load(a, (mine // columns, k), (tm, tk),
                                     padding_mode=ct.PaddingMode.ZERO),
                             ct.load(b, (k, mine % columns), (tk, tn),
                                     padding_mode=ct.PaddingMode.ZERO), acc)
            ct.store(c, (mine // columns, mine % columns), acc.astype(c.dtype))
        first += count


def grouped(sizes, dtype=torch.float16):
    a = [torch.randn(m, k, device=cuda, dtype=dtype) for m, n, k in sizes]
    b = [torch.randn(k, n, device=cuda, dtype=dtype) for m, n, k in sizes]
    c = [torch.empty(m, n, device=cuda, dtype=dtype) for m, n, k in sizes]
    tiles = sum(-(-m // 64) * -(-n // 64) for m, n, k in sizes)
    return a, b, c, tiles


def check_grouped(name, a, b, c, tiles):
    ct.launch(stream, (tiles,), grouped_product, (a, b, c, 64, 64, 32))
    errors = [((x.float() @ y.float() - z.float()).abs().max() /
               (x.float() @ y.float()).abs().max()).item() for x, y, z in zip(a, b, c)]
    print(name, "ok" if max(errors) < 2e-3 else "FAILED %s" % errors)


first_set = grouped([(256, 128, 64), (100, 200, 96), (64, 64, 32)])
check_grouped("grouped three", *first_set)
check_grouped("grouped again", *first_set)
check_grouped("grouped other arrays", *grouped([(128, 256, 128), (33, 17, 40)]))
# CHECK: grouped three ok
# CHECK-NEXT: grouped again ok
# CHECK-NEXT: grouped other arrays ok


@ct.kernel
def add_all(parts, out):
    total = ct.zeros((128,), ct.float32)
    for part in parts:
        total += ct.load(part, (ct.bid(0),), (128,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (ct.bid(0),), total)


base = torch.randn(4, 1001, device=cuda)
parts = [base[0], base[1, 1:], base[2, 3:1000], base[3, ::2]]
total = torch.empty(1000, device=cuda)
ct.launch(stream, (8,), add_all, (parts, total))
want = torch.zeros(1000, device=cuda)
for part in parts:
    want[:part.shape[0]] += part[:1000]
close("list without shared alignment", total, want, 1e-6)
print("specialization", [l.split("(")[1].split(" loc")[0] for l in
                         next(iter(add_all._cache.values())).ir_text.splitlines()
                         if "gpu.func" in l][0])
# CHECK-NEXT: list without shared alignment ok
# CHECK-NEXT: specialization %arg0: !tile.list<!tile.array<?xf32>>


# Device printing, from a child process whose output is captured.
PRINTING = r'''
import torch
import cudapy.tile as ct

@ct.kernel
def show(x, pid):
    t = ct.load(x, (pid, 0), (1, 4))
    ct.printf("block %d: %.1f\n", pid, t)
    print(f"block {pid} sum {ct.sum(t):.2f} ints", t.astype(ct.int32).reshape((2, 2)))

x = torch.arange(8, dtype=torch.float32, device="cuda").reshape(2, 4)
for row in (0, 1):  # one tile block a launch: its lines do not interleave
    ct.launch(torch.cuda.current_stream(), (1,), show, (x, row))
torch.cuda.synchronize()
'''
scripts = tempfile.mkdtemp()


def run_script(name, text):
    path = os.path.join(scripts, name)
    with open(path, "w") as file:
        file.write(text)
    return subprocess.run([sys.executable, path], capture_output=True, text=True)


done = run_script("printing.py", PRINTING)
lines = sorted(done.stdout.splitlines())
print("printed", done.returncode, len(lines))
for line in lines:
    print("line", line)
# CHECK: printed 0 4
# CHECK-NEXT: line block 0 sum 6.00 ints {{\[\[0, 1\], \[2, 3\]\]$}}
# CHECK-NEXT: line block 0: {{\[\[0\.0, 1\.0, 2\.0, 3\.0\]\]$}}
# CHECK-NEXT: line block 1 sum 22.00 ints {{\[\[4, 5\], \[6, 7\]\]$}}
# CHECK-NEXT: line block 1: {{\[\[4\.0, 5\.0, 6\.0, 7\.0\]\]$}}

# A failing assertion stops the kernel; the launch's error reaches Python
# and the device prints the message with the kernel's file and line.
ASSERTING = r'''
import torch
import cudapy.tile as ct

@ct.kernel
def check(x):
    t = ct.load(x, (ct.bid(0),), (4,))
    ct.assert_(t < 6, "values stay below six")

x = torch.arange(8, dtype=torch.float32, device="cuda")
ct.launch(torch.cuda.current_stream(), (2,), check, (x[:4],))
torch.cuda.synchronize()
print("first launch passed")
ct.launch(torch.cuda.current_stream(), (2,), check, (x,))
torch.cuda.synchronize()
print("not reached")
'''
done = run_script("asserting.py", ASSERTING)
print("asserting", done.returncode != 0, done.stdout.strip())
print("message", "values stay below six" in done.stderr, "asserting.py:8" in done.stderr)
# CHECK: asserting True first launch passed
# CHECK: message True True


# Gathers and scatters at a select of a run and a past-the-end index (the
# masked lanes of a ragged last tile): 16-byte runs move as vectors where a
# check of the indices confirms them, the redirected lanes read the padding
# and store nothing. Tiles of 1,024 over bfloat16 rows of 1,000 columns (a
# multiple of 8, not of 16): the edge tiles move whole vectors.
@ct.kernel
def redirected(x, y, n: ct.Constant[int], tile: ct.Constant[int]):
    offsets = ct.bid(0) * tile + ct.arange(tile, dtype=ct.int32)
    safe = ct.where(offsets < n, offsets, ct.full((tile,), 1 << 30, dtype=ct.int32))
    t = ct.gather(x, safe, padding_value=0)
    ct.scatter(y, safe, t * 2)


@ct.kernel
def scale_tiles(x, y, rows: ct.Constant[int], cols: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0), ct.bid(1)), shape=(rows, cols),
                padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(ct.bid(0), ct.bid(1)),
             tile=ct.astype(ct.astype(t, ct.float32) * 3.0, y.dtype))


for n in (5000, 4096, 77):
    x = torch.randn(n, device=cuda, dtype=torch.bfloat16)
    y = torch.full((n + 100,), -1.0, device=cuda, dtype=torch.bfloat16)
    ct.launch(stream, ((n + 1023) // 1024,), redirected, (x, y, n, 1024))
    want = torch.cat([x * 2, torch.full((100,), -1.0, device=cuda, dtype=torch.bfloat16)])
    close("redirected %d" % n, y, want)
x = torch.randn(64, 1000, device=cuda, dtype=torch.bfloat16)
y = torch.zeros_like(x)
ct.launch(stream, (2, 1), scale_tiles, (x, y, 32, 1024))
close("ragged bfloat16 rows", y, (x.float() * 3.0).bfloat16())
# CHECK: redirected 5000 ok
# CHECK-NEXT: redirected 4096 ok
# CHECK-NEXT: redirected 77 ok
# CHECK-NEXT: ragged bfloat16 rows ok


# A batch's B stored transposed (Q x N x K), each tile permuted to K x N
# before the reshape to the mma's operand: staged like a transposed matrix
# in a pipelined K loop (K of 300: a ragged last step).
@ct.kernel
def batch_b_transposed(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int],
                       tk: ct.Constant[int]):
    q = ct.bid(2)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.cdiv(a.shape[2], tk)):
        at = ct.load(a, index=(q, ct.bid(0), k), shape=(1, tm, tk),
                     padding_mode=ct.PaddingMode.ZERO)
        bt = ct.load(b, index=(q, ct.bid(1), k), shape=(1, tn, tk),
                     padding_mode=ct.PaddingMode.ZERO)
        bt = ct.reshape(ct.permute(bt, (0, 2, 1)), (tk, tn))
        acc = ct.mma(ct.reshape(at, (tm, tk)), bt, acc)
    ct.store(c, index=(q, ct.bid(0), ct.bid(1)),
             tile=ct.reshape(ct.astype(acc, c.dtype), (1, tm, tn)))


for dtype in (torch.float16, torch.bfloat16):
    a = torch.randn(3, 256, 300, device=cuda, dtype=dtype)
    b = torch.randn(3, 128, 300, device=cuda, dtype=dtype)
    c = torch.empty(3, 256, 128, device=cuda, dtype=dtype)
    ct.launch(stream, (2, 1, 3), batch_b_transposed, (a, b, c, 128, 128, 64))
    close("batch with B transposed %s" % dtype, c,
          torch.bmm(a.float(), b.float().transpose(1, 2)), 1e-2)
# CHECK: batch with B transposed torch.float16 ok
# CHECK-NEXT: batch with B transposed torch.bfloat16 ok
