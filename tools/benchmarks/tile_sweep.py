"""Tile kernels nobody tuned: a sweep of shapes, dtypes and warp counts,
each point our kernel (cudapy.tile) against Triton's kernel of the same
tile shape and warps, in one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/tile_sweep.py BUNDLE_DIR [--quick] [FAMILY ...]

Families: ew1d (1-D element-wise), row and col (2-D element-wise with a
broadcast row or column), rowsum and colsum (reductions), cumsum (row
scans), softmax, softmax_approx, softmax_mixed, layernorm, gather, scatter
(random indices), window (element-wise through gather/scatter at arange
offsets), transpose. Storage is f32, f16, bf16 or fp8 (e4m3); the math is
f32. Warps 1, 2, 4, 8 and 16 wherever the tile gives every thread from 1 to
64 elements (fewer leaves threads idle, more is not a configuration anyone
writes).

Both kernels of a point check bounds (Triton's with masks, as cuTile's loads
and stores do) and compute the same arithmetic, except in softmax_mixed:
- softmax: cuTile's default `ct.exp` (full range) and `/` (IEEE 754
  rounding) against Triton's kernel with the same operations
  (`libdevice.exp`, `tl.math.div_rn`);
- softmax_approx: both with the approximations Triton's defaults are (ours
  `ct.exp` with RoundingMode.APPROX and `ct.truediv` with
  RoundingMode.FULL, Triton's `tl.exp` and `/`);
- softmax_mixed: each language's default operations (ours exact, Triton's
  approximate), which compares arithmetic as much as compilers.
The summary gives the figures over every point and over the points of
equal arithmetic (all but softmax_mixed).
Each point checks both kernels against PyTorch, then times both from CUDA
graphs (bench.graph_ms: the GPU's time alone) and prints the ratio
(Triton's time / ours: above 1 is faster than Triton), registers and
local-memory bytes per thread of both. Then: the geometric mean, the
minimum, the worst five points, the kernels with local memory that
Triton's do not have, and the compiler's own warp count (the kernel
without `num_worker_warps`) against the best hand-picked one of each
group of points that differ only in warps.
"""
import math
import sys
import traceback

import bench
from bench import BUNDLE, graph_ms  # noqa: F401  (sets up the import path)

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.language.extra import libdevice  # noqa: E402

import cudapy.tile as ct  # noqa: E402

QUICK = "--quick" in sys.argv
FAMILIES = [a for a in sys.argv[2:] if not a.startswith("--")]
bench.REPEAT, bench.INNER = (10, 5) if QUICK else (20, 10)
WARPS = (1, 2, 4, 8, 16)
gen = torch.Generator(device="cuda").manual_seed(7)

TORCH = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
         "fp8": torch.float8_e4m3fn}
TOLERANCE = {"f32": 1e-4, "f16": 2e-3, "bf16": 1.6e-2, "fp8": 0.13}


def randn(shape, dtype, scale=1.0):
    x = torch.randn(shape, device="cuda", generator=gen) * scale
    return x.to(TORCH[dtype])


def close(got, want, dtype, what):
    """Relative to the reference's size (fp8 and bf16 round coarsely)."""
    got, want = got.float(), want.float()
    err = ((got - want).abs() / (want.abs() + 1)).max().item()
    if not err <= TOLERANCE[dtype]:
        raise AssertionError("%s: max error %.3g" % (what, err))


# -- the kernels, ours then Triton's -------------------------------------------------

@ct.kernel
def ew1d(x, z, y, T: ct.Constant[int]):
    i = ct.bid(0)
    a = ct.load(x, index=(i,), shape=(T,)).astype(ct.float32)
    b = ct.load(z, index=(i,), shape=(T,)).astype(ct.float32)
    ct.store(y, index=(i,), tile=(a * 0.5 + b).astype(y.dtype))


@triton.jit
def tr_ew1d(x, z, y, n, T: tl.constexpr):
    offs = tl.program_id(0) * T + tl.arange(0, T)
    m = offs < n
    a = tl.load(x + offs, mask=m).to(tl.float32)
    b = tl.load(z + offs, mask=m).to(tl.float32)
    tl.store(y + offs, (a * 0.5 + b).to(y.dtype.element_ty), mask=m)


@ct.kernel
def ew_row(x, r, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    a = ct.load(x, index=(i, j), shape=(BM, BN)).astype(ct.float32)
    b = ct.load(r, index=(0, j), shape=(1, BN)).astype(ct.float32)
    ct.store(y, index=(i, j), tile=(a * 0.5 + b).astype(y.dtype))


@ct.kernel
def ew_col(x, c, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    a = ct.load(x, index=(i, j), shape=(BM, BN)).astype(ct.float32)
    b = ct.load(c, index=(i, 0), shape=(BM, 1)).astype(ct.float32)
    ct.store(y, index=(i, j), tile=(a * 0.5 + b).astype(y.dtype))


@triton.jit
def tr_ew2d(x, v, y, M, N, ROW: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    a = tl.load(x + rows[:, None] * N + cols[None, :], mask=m).to(tl.float32)
    if ROW:
        b = tl.load(v + cols, mask=cols < N).to(tl.float32)[None, :]
    else:
        b = tl.load(v + rows, mask=rows < M).to(tl.float32)[:, None]
    tl.store(y + rows[:, None] * N + cols[None, :], (a * 0.5 + b).to(y.dtype.element_ty), mask=m)


@ct.kernel
def rowsum(x, y, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    acc = ct.zeros((R, C), dtype=ct.float32)
    for j in range(ct.num_tiles(x, axis=1, shape=(R, C))):
        acc += ct.load(x, index=(i, j), shape=(R, C)).astype(ct.float32)
    ct.store(y, index=(i,), tile=ct.sum(acc, axis=1))


@triton.jit
def tr_rowsum(x, y, M, N, R: tl.constexpr, C: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    acc = tl.zeros((R, C), dtype=tl.float32)
    for j in range(0, N, C):
        cols = j + tl.arange(0, C)
        m = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.load(x + rows[:, None] * N + cols[None, :], mask=m, other=0).to(tl.float32)
    tl.store(y + rows, tl.sum(acc, axis=1), mask=rows < M)


@ct.kernel
def colsum(x, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    j = ct.bid(0)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for i in range(ct.num_tiles(x, axis=0, shape=(BM, BN))):
        acc += ct.load(x, index=(i, j), shape=(BM, BN)).astype(ct.float32)
    ct.store(y, index=(j,), tile=ct.sum(acc, axis=0))


@triton.jit
def tr_colsum(x, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for i in range(0, M, BM):
        rows = i + tl.arange(0, BM)
        m = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.load(x + rows[:, None] * N + cols[None, :], mask=m, other=0).to(tl.float32)
    tl.store(y + cols, tl.sum(acc, axis=0), mask=cols < N)


@ct.kernel
def cumsum(x, y, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C)).astype(ct.float32)
    ct.store(y, index=(i, 0), tile=ct.cumsum(t, axis=1))


@triton.jit
def tr_cumsum(x, y, M, N, R: tl.constexpr, C: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    t = tl.load(x + rows[:, None] * N + cols[None, :], mask=m, other=0).to(tl.float32)
    tl.store(y + rows[:, None] * N + cols[None, :], tl.cumsum(t, axis=1), mask=m)


@ct.kernel
def softmax(x, y, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C)).astype(ct.float32)
    e = ct.exp(t - ct.max(t, axis=1, keepdims=True))
    ct.store(y, index=(i, 0), tile=(e / ct.sum(e, axis=1, keepdims=True)).astype(y.dtype))


@ct.kernel
def softmax_approx(x, y, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C)).astype(ct.float32)
    e = ct.exp(t - ct.max(t, axis=1, keepdims=True), rounding_mode=ct.RoundingMode.APPROX)
    r = ct.truediv(e, ct.sum(e, axis=1, keepdims=True), rounding_mode=ct.RoundingMode.FULL)
    ct.store(y, index=(i, 0), tile=r.astype(y.dtype))


@triton.jit
def tr_softmax(x, y, M, N, R: tl.constexpr, C: tl.constexpr, IEEE: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    t = tl.load(x + rows[:, None] * N + cols[None, :], mask=m, other=-float("inf"))
    t = t.to(tl.float32)
    if IEEE:  # cuTile's defaults: the full-range exp, the IEEE quotient
        e = libdevice.exp(t - tl.max(t, axis=1, keep_dims=True))
        r = tl.math.div_rn(e, tl.sum(e, axis=1, keep_dims=True))
    else:  # Triton's defaults: ex2.approx and div.full
        e = tl.exp(t - tl.max(t, axis=1, keep_dims=True))
        r = e / tl.sum(e, axis=1, keep_dims=True)
    tl.store(y + rows[:, None] * N + cols[None, :], r.to(y.dtype.element_ty), mask=m)


@ct.kernel
def layernorm(x, w, b, y, eps, C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(1, C)).astype(ct.float32)
    mean = ct.sum(t, axis=1, keepdims=True) / C
    centered = t - mean
    var = ct.sum(centered * centered, axis=1, keepdims=True) / C
    wt = ct.load(w, index=(0,), shape=(C,)).astype(ct.float32)
    bt = ct.load(b, index=(0,), shape=(C,)).astype(ct.float32)
    ct.store(y, index=(i, 0), tile=(centered * ct.rsqrt(var + eps) * wt + bt).astype(y.dtype))


@triton.jit
def tr_layernorm(x, w, b, y, eps, N, C: tl.constexpr):
    cols = tl.arange(0, C)
    m = cols < N
    t = tl.load(x + tl.program_id(0) * N + cols, mask=m, other=0).to(tl.float32)
    mean = tl.sum(t, axis=0) / C
    centered = t - mean
    var = tl.sum(centered * centered, axis=0) / C
    wt = tl.load(w + cols, mask=m, other=0).to(tl.float32)
    bt = tl.load(b + cols, mask=m, other=0).to(tl.float32)
    r = centered * tl.rsqrt(var + eps) * wt + bt
    tl.store(y + tl.program_id(0) * N + cols, r.to(y.dtype.element_ty), mask=m)


@ct.kernel
def gather(x, ids, y, T: ct.Constant[int]):
    i = ct.bid(0)
    idx = ct.load(ids, index=(i,), shape=(T,))
    ct.store(y, index=(i,), tile=ct.gather(x, idx))


@triton.jit
def tr_gather(x, ids, y, n, T: tl.constexpr):
    offs = tl.program_id(0) * T + tl.arange(0, T)
    m = offs < n
    idx = tl.load(ids + offs, mask=m, other=0)
    tl.store(y + offs, tl.load(x + idx, mask=m & (idx >= 0) & (idx < n), other=0), mask=m)


@ct.kernel
def scatter(x, ids, y, T: ct.Constant[int]):
    i = ct.bid(0)
    idx = ct.load(ids, index=(i,), shape=(T,))
    ct.scatter(y, idx, ct.load(x, index=(i,), shape=(T,)))


@triton.jit
def tr_scatter(x, ids, y, n, T: tl.constexpr):
    offs = tl.program_id(0) * T + tl.arange(0, T)
    m = offs < n
    idx = tl.load(ids + offs, mask=m, other=0)
    tl.store(y + idx, tl.load(x + offs, mask=m), mask=m & (idx >= 0) & (idx < n))


@ct.kernel
def window(x, y, T: ct.Constant[int]):
    offs = ct.bid(0) * T + ct.arange(T, dtype=ct.int32)
    t = ct.gather(x, offs).astype(ct.float32)
    ct.scatter(y, offs, ct.maximum(t, 0.0).astype(y.dtype))


@triton.jit
def tr_window(x, y, n, T: tl.constexpr):
    offs = tl.program_id(0) * T + tl.arange(0, T)
    m = offs < n
    t = tl.load(x + offs, mask=m, other=0).to(tl.float32)
    tl.store(y + offs, tl.maximum(t, 0.0).to(y.dtype.element_ty), mask=m)


@ct.kernel
def transpose(x, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    ct.store(y, index=(j, i), tile=ct.transpose(ct.load(x, index=(i, j), shape=(BM, BN))))


@triton.jit
def tr_transpose(x, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    t = tl.load(x + rows[:, None] * N + cols[None, :], mask=m)
    tl.store(y + cols[None, :] * M + rows[:, None], t, mask=m)


# -- the points --------------------------------------------------------------------

class Point:
    """One family, shape and dtype: `ours(kernel)` and `theirs(warps)`
    launch on the current stream; `check()` compares both outputs with
    `reference`. `elements` is the largest tile's, for the warps' range."""

    def __init__(self, family, shape, dtype, elements, ours, theirs, outputs, reference,
                 tolerance_dtype=None):
        self.family, self.shape, self.dtype, self.elements = family, shape, dtype, elements
        self.ours, self.theirs, self.outputs, self.reference = ours, theirs, outputs, reference
        self.tolerance_dtype = tolerance_dtype or dtype


def points():
    big = 1 << (23 if QUICK else 25)
    if not FAMILIES or "ew1d" in FAMILIES:
        for dtype in ("f32", "f16", "bf16", "fp8"):
            n = big
            x, z = randn(n, dtype), randn(n, dtype)
            want = (x.float() * 0.5 + z.float()).to(TORCH[dtype])
            for tile in (256, 1024, 4096, 16384):
                y, yt = torch.empty_like(x), torch.empty_like(x)
                yield Point(
                    "ew1d", "%d" % tile, dtype, tile,
                    lambda k, x=x, z=z, y=y, tile=tile: ct.launch(
                        bench.launch_stream() or 0, (n // tile,), k, (x, z, y, tile)),
                    lambda w, x=x, z=z, yt=yt, tile=tile: tr_ew1d[(n // tile,)](
                        x, z, yt, n, T=tile, num_warps=w),
                    (y, yt), want)
    for family in ("row", "col"):
        if FAMILIES and family not in FAMILIES:
            continue
        for dtype in ("f32", "bf16", "fp8"):
            M = N = 4096 if QUICK else 8192
            x = randn((M, N), dtype)
            v = randn((1, N) if family == "row" else (M, 1), dtype)
            want = (x.float() * 0.5 + v.float()).to(TORCH[dtype])
            for bm, bn in ((16, 64), (32, 128), (32, 256), (64, 256), (128, 64)):
                y, yt = torch.empty_like(x), torch.empty_like(x)
                kernel = ew_row if family == "row" else ew_col
                grid = (M // bm, N // bn)
                yield Point(
                    family, "%dx%d" % (bm, bn), dtype, bm * bn,
                    lambda k, x=x, v=v, y=y, bm=bm, bn=bn, grid=grid: ct.launch(
                        bench.launch_stream() or 0, grid, k, (x, v, y, bm, bn)),
                    lambda w, x=x, v=v, yt=yt, bm=bm, bn=bn, grid=grid, family=family:
                        tr_ew2d[grid](x, v, yt, M, N, ROW=family == "row", BM=bm, BN=bn,
                                      num_warps=w),
                    (y, yt), want)
    if not FAMILIES or "rowsum" in FAMILIES:
        for dtype in ("f32", "bf16"):
            for n in (128, 1024, 4096, 16384):
                c = min(n, 4096)
                r = max(1, 4096 // n)
                m = big // n
                x = randn((m, n), dtype)
                want = x.float().sum(dim=1)
                y, yt = torch.empty(m, device="cuda"), torch.empty(m, device="cuda")
                yield Point(
                    "rowsum", "%dx%d/%d" % (r, c, n), dtype, r * c,
                    lambda k, x=x, y=y, r=r, c=c, m=m: ct.launch(
                        bench.launch_stream() or 0, (m // r,), k, (x, y, r, c)),
                    lambda w, x=x, yt=yt, r=r, c=c, m=m, n=n: tr_rowsum[(m // r,)](
                        x, yt, m, n, R=r, C=c, num_warps=w),
                    (y, yt), want, tolerance_dtype="f16")
    if not FAMILIES or "colsum" in FAMILIES:
        for dtype in ("f32", "bf16"):
            m, n = (1024, 16384) if QUICK else (2048, 16384)
            x = randn((m, n), dtype)
            want = x.float().sum(dim=0)
            for bm, bn in ((8, 256), (32, 128), (64, 64), (32, 256)):
                y, yt = torch.empty(n, device="cuda"), torch.empty(n, device="cuda")
                yield Point(
                    "colsum", "%dx%d" % (bm, bn), dtype, bm * bn,
                    lambda k, x=x, y=y, bm=bm, bn=bn: ct.launch(
                        bench.launch_stream() or 0, (n // bn,), k, (x, y, bm, bn)),
                    lambda w, x=x, yt=yt, bm=bm, bn=bn: tr_colsum[(n // bn,)](
                        x, yt, m, n, BM=bm, BN=bn, num_warps=w),
                    (y, yt), want, tolerance_dtype="f16")
    if not FAMILIES or "cumsum" in FAMILIES:
        for n in (128, 1024, 4096):
            r = max(1, 2048 // n)
            m = (big // 4) // n
            x = randn((m, n), "f32")
            want = x.cumsum(dim=1)
            y, yt = torch.empty_like(x), torch.empty_like(x)
            yield Point(
                "cumsum", "%dx%d" % (r, n), "f32", r * n,
                lambda k, x=x, y=y, r=r, n=n, m=m: ct.launch(
                    bench.launch_stream() or 0, (m // r,), k, (x, y, r, n)),
                lambda w, x=x, yt=yt, r=r, n=n, m=m: tr_cumsum[(m // r,)](
                    x, yt, m, n, R=r, C=n, num_warps=w),
                (y, yt), want, tolerance_dtype="f16")
    # (family, whether Triton's kernel computes cuTile's IEEE arithmetic)
    for family, ieee in (("softmax", True), ("softmax_approx", False),
                         ("softmax_mixed", False)):
        if FAMILIES and family not in FAMILIES:
            continue
        for dtype in ("f32", "f16"):
            for n in (128, 512, 2048, 8192, 16384):
                r = max(1, 2048 // n)
                m = big // n
                x = randn((m, n), dtype)
                want = torch.softmax(x.float(), dim=1).to(TORCH[dtype])
                y, yt = torch.empty_like(x), torch.empty_like(x)
                yield Point(
                    family, "%dx%d" % (r, n), dtype, r * n,
                    lambda k, x=x, y=y, r=r, n=n, m=m: ct.launch(
                        bench.launch_stream() or 0, (m // r,), k, (x, y, r, n)),
                    lambda w, x=x, yt=yt, r=r, n=n, m=m, ieee=ieee: tr_softmax[(m // r,)](
                        x, yt, m, n, R=r, C=n, IEEE=ieee, num_warps=w),
                    (y, yt), want)
    if not FAMILIES or "layernorm" in FAMILIES:
        for dtype in ("f16", "bf16"):
            for n in (512, 1024, 4096, 16384):
                m = 4096 if n == 4096 else big // n
                x = randn((m, n), dtype)
                w_, b_ = randn(n, dtype), randn(n, dtype)
                want = torch.nn.functional.layer_norm(x.float(), (n,), w_.float(), b_.float(),
                                                      1e-5).to(TORCH[dtype])
                y, yt = torch.empty_like(x), torch.empty_like(x)
                yield Point(
                    "layernorm", "%dx%d" % (m, n), dtype, n,
                    lambda k, x=x, w_=w_, b_=b_, y=y, n=n, m=m: ct.launch(
                        bench.launch_stream() or 0, (m,), k, (x, w_, b_, y, 1e-5, n)),
                    lambda w, x=x, w_=w_, b_=b_, yt=yt, n=n, m=m: tr_layernorm[(m,)](
                        x, w_, b_, yt, 1e-5, n, C=n, num_warps=w),
                    (y, yt), want)
    if not FAMILIES or "window" in FAMILIES:
        # Element-wise code written with gather/scatter at arange offsets
        # (as many cuTile kernels ported from Triton are), on an array of a
        # multiple of the tile and on a ragged one.
        for dtype in ("f32", "f16", "bf16"):
            for n in (big, big - 3):
                x = randn(n, dtype)
                want = torch.relu(x.float()).to(TORCH[dtype])
                for tile in (1024, 4096):
                    y, yt = torch.empty_like(x), torch.empty_like(x)
                    yield Point(
                        "window", "%d%s" % (tile, "" if n == big else " ragged"), dtype, tile,
                        lambda k, x=x, y=y, tile=tile, n=n: ct.launch(
                            bench.launch_stream() or 0, (-(-n // tile),), k, (x, y, tile)),
                        lambda w, x=x, yt=yt, tile=tile, n=n: tr_window[(-(-n // tile),)](
                            x, yt, n, T=tile, num_warps=w),
                        (y, yt), want)
    for family in ("gather", "scatter"):
        if FAMILIES and family not in FAMILIES:
            continue
        for dtype in ("f32", "f16"):
            n = big // 2
            x = randn(n, dtype)
            ids = torch.randperm(n, device="cuda", generator=gen).to(torch.int32)
            if family == "gather":
                want = x[ids.long()]
            else:
                want = torch.empty_like(x)
                want[ids.long()] = x
            for tile in (1024, 4096):
                y, yt = torch.empty_like(x), torch.empty_like(x)
                kernel, tr = (gather, tr_gather) if family == "gather" else (scatter, tr_scatter)
                yield Point(
                    family, "%d" % tile, dtype, tile,
                    lambda k, x=x, ids=ids, y=y, tile=tile: ct.launch(
                        bench.launch_stream() or 0, (n // tile,), k, (x, ids, y, tile)),
                    lambda w, x=x, ids=ids, yt=yt, tile=tile, tr=tr: tr[(n // tile,)](
                        x, ids, yt, n, T=tile, num_warps=w),
                    (y, yt), want)
    if not FAMILIES or "transpose" in FAMILIES:
        for dtype in ("f32", "f16"):
            M = N = 4096 if QUICK else 8192
            x = randn((M, N), dtype)
            want = x.t().contiguous()
            for bm, bn in ((32, 32), (64, 64), (32, 128), (128, 32)):
                y, yt = torch.empty((N, M), device="cuda", dtype=x.dtype), \
                    torch.empty((N, M), device="cuda", dtype=x.dtype)
                grid = (M // bm, N // bn)
                yield Point(
                    "transpose", "%dx%d" % (bm, bn), dtype, bm * bn,
                    lambda k, x=x, y=y, bm=bm, bn=bn, grid=grid: ct.launch(
                        bench.launch_stream() or 0, grid, k, (x, y, bm, bn)),
                    lambda w, x=x, yt=yt, bm=bm, bn=bn, grid=grid: tr_transpose[grid](
                        x, yt, M, N, BM=bm, BN=bn, num_warps=w),
                    (y, yt), want)


KERNELS = {"ew1d": ew1d, "row": ew_row, "col": ew_col, "rowsum": rowsum, "colsum": colsum,
           "cumsum": cumsum, "softmax": softmax, "softmax_approx": softmax_approx,
           "softmax_mixed": softmax,
           "layernorm": layernorm, "gather": gather,
           "scatter": scatter, "window": window, "transpose": transpose}


# Families whose two kernels compute different arithmetic.
MIXED_ARITHMETIC = {"softmax_mixed"}


def our_kernel_info(kernel, launch):
    """Registers and local bytes of the specialization `launch` used."""
    compiled = list(kernel._cache.values())
    if not compiled:
        return None, None, None
    k = compiled[-1]
    return k.kernel.num_registers, k.kernel.local_bytes, k.num_warps


def triton_info(compiled):
    try:
        if hasattr(compiled, "_init_handles"):
            compiled._init_handles()
        return compiled.n_regs, compiled.n_spills
    except Exception:
        return None, None


def run_point(p, results, auto_rows):
    """Every warp count the tile allows, plus our own choice."""
    base = KERNELS[p.family]
    ours_by_warps = {}
    for warps in WARPS:
        per_thread = p.elements / (32 * warps)
        if not 1 <= per_thread <= 64:
            continue
        label = "%-9s %-12s %-4s %2d" % (p.family, p.shape, p.dtype, warps)
        try:
            kernel = base.replace_hints(num_worker_warps=warps)
            p.outputs[0].zero_()
            p.outputs[1].zero_()
            p.ours(kernel)
            compiled = p.theirs(warps)
            torch.cuda.synchronize()
            close(p.outputs[0], p.reference, p.tolerance_dtype, "ours")
            close(p.outputs[1], p.reference, p.tolerance_dtype, "Triton")
            ours = graph_ms(lambda: p.ours(kernel))
            theirs = graph_ms(lambda: p.theirs(warps))
        except Exception as why:
            print("%s  FAILED: %s" % (label, str(why).splitlines()[0] if str(why) else
                                      type(why).__name__), flush=True)
            traceback.print_exc(limit=2, file=sys.stdout)
            results.append((label, None, None, None, None))
            continue
        regs, local, _ = our_kernel_info(kernel, None)
        tregs, tspills = triton_info(compiled)
        ratio = theirs / ours
        ours_by_warps[warps] = ours
        results.append((label, ratio, (regs, local), (tregs, tspills), (ours, theirs)))
        print("%s  ours %8.4f ms  Triton %8.4f ms  %6.3f  regs %s/%s  local %s  spills(T) %s"
              % (label, ours, theirs, ratio, regs, tregs, local, tspills), flush=True)
    if not ours_by_warps:
        return
    try:
        kernel = base.replace_hints()
        p.ours(kernel)
        torch.cuda.synchronize()
        close(p.outputs[0], p.reference, p.tolerance_dtype, "ours, warps chosen")
        chosen_ms = graph_ms(lambda: p.ours(kernel))
        _, _, chosen = our_kernel_info(kernel, None)
    except Exception as why:
        print("%-9s %-12s %-4s auto  FAILED: %s" % (p.family, p.shape, p.dtype, why))
        auto_rows.append(("%s %s %s" % (p.family, p.shape, p.dtype), None, None, None))
        return
    best_warps = min(ours_by_warps, key=ours_by_warps.get)
    ratio = ours_by_warps[best_warps] / chosen_ms
    auto_rows.append(("%s %s %s" % (p.family, p.shape, p.dtype), chosen, best_warps, ratio))
    print("%-9s %-12s %-4s auto: %d warps chosen, %8.4f ms; best %d warps, %8.4f ms: %.3f"
          % (p.family, p.shape, p.dtype, chosen, chosen_ms, best_warps,
             ours_by_warps[best_warps], ratio), flush=True)


def describe(ratios):
    """The geometric mean, the minimum and the points below 0.9 of `ratios`."""
    geomean = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    return "geometric mean %.3f, minimum %.3f, points below 0.9: %d" % (
        geomean, min(ratios), sum(1 for x in ratios if x < 0.9))


def main():
    print("device:", torch.cuda.get_device_properties(0).name, "| Triton", triton.__version__)
    print("ratio = Triton's time / ours (GPU time, CUDA graphs); regs ours/Triton;"
          " local = our local bytes per thread")
    results, auto_rows = [], []
    for p in points():
        run_point(p, results, auto_rows)
    timed = [r for r in results if r[1] is not None]
    failed = [r[0] for r in results if r[1] is None]
    if not timed:
        print("no point ran")
        return 1
    ratios = [r[1] for r in timed]
    print()
    print("points: %d timed, %d failed" % (len(timed), len(failed)))
    print(describe(ratios))
    equal = [r[1] for r in timed if r[0].split()[0] not in MIXED_ARITHMETIC]
    if equal and len(equal) < len(ratios):
        print("of equal arithmetic (%d points, all but %s): %s"
              % (len(equal), ", ".join(sorted(MIXED_ARITHMETIC)), describe(equal)))
    print("worst five:")
    for label, ratio, ours, theirs, times in sorted(timed, key=lambda r: r[1])[:5]:
        print("  %s  %.3f  regs %s/%s  local %s" % (label, ratio, ours[0], theirs[0], ours[1]))
    spills = [r for r in timed if (r[2][1] or 0) > 0 and not (r[3][1] or 0) > 0]
    print("kernels with local memory where Triton's spill nothing: %d" % len(spills))
    for label, ratio, ours, theirs, times in spills:
        print("  %s  local %s bytes  regs %s/%s" % (label, ours[1], ours[0], theirs[0]))
    for label in failed:
        print("  failed: %s" % label)
    chosen = [r for r in auto_rows if r[3] is not None]
    if chosen:
        within = sum(1 for r in chosen if r[3] >= 1 / 1.05)
        print("warps chosen by the compiler: within 5%% of the best hand-picked on %d of %d "
              "groups (%.0f%%); worst:" % (within, len(chosen), 100.0 * within / len(chosen)))
        for label, warps, best, ratio in sorted(chosen, key=lambda r: r[3])[:5]:
            print("  %s  chose %d, best %d: %.3f" % (label, warps, best, ratio))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
