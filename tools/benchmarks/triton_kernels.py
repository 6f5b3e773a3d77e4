"""The Triton kernels our tile examples are measured against
(tile_kernels.py, ncu_layernorm.py): written the way the examples are, one
tile per program, same tile shape."""
import triton
import triton.language as tl


@triton.jit
def tr_add(a, b, c, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(c + offs, tl.load(a + offs, mask=mask) + tl.load(b + offs, mask=mask), mask=mask)


@triton.jit
def tr_softmax(x, y, stride, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x + row * stride + cols, mask=cols < n, other=-float("inf"))
    v = v - tl.max(v, axis=0)
    e = tl.exp(v)
    tl.store(y + row * stride + cols, e / tl.sum(e, axis=0), mask=cols < n)


@triton.jit
def tr_layernorm(x, w, b, y, stride, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    v = tl.load(x + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(v, axis=0) / n
    xc = tl.where(mask, v - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=0) / n + eps)
    wv = tl.load(w + cols, mask=mask, other=0.0).to(tl.float32)
    bv = tl.load(b + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(y + row * stride + cols, (xc * rstd * wv + bv).to(tl.float16), mask=mask)


@triton.jit
def tr_row_sum(x, s, stride, m, n, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows[:, None] < m) & (cols[None, :] < n)
    v = tl.load(x + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
    tl.store(s + rows, tl.sum(v, axis=1), mask=rows < m)


@triton.jit
def tr_transpose(x, y, m, n, sx, sy, B: tl.constexpr):
    i = tl.program_id(0) * B + tl.arange(0, B)
    j = tl.program_id(1) * B + tl.arange(0, B)
    v = tl.load(x + i[:, None] * sx + j[None, :], mask=(i[:, None] < m) & (j[None, :] < n))
    tl.store(y + j[:, None] * sy + i[None, :], tl.trans(v), mask=(j[:, None] < n) & (i[None, :] < m))
