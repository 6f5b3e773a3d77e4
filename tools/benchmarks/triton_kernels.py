"""The Triton kernels our tile examples are measured against
(tile_kernels.py, ncu_layernorm.py, matmul.py, matmul_variants.py): written
the way the examples are, one tile per program, same tile shape; the
matmuls the way Triton's tutorial writes one."""
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


# Matmuls: the tutorial's K loop over masked loads, then each kernel's
# epilogue.

@triton.jit
def tile_product(a, b, rm, rn, M, N, K, sam, sak, sbk, sbn,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """The (rm, rn) tile of A @ B, K in steps of BK, as the tutorial's loop."""
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(a + rm[:, None] * sam + kk[None, :] * sak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b + kk[:, None] * sbk + rn[None, :] * sbn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    return acc


@triton.jit
def triton_matmul(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    acc = tile_product(a, b, rm, rn, M, N, K, sam, sak, sbk, sbn, BM, BN, BK)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(c.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def triton_bmm(a, b, c, M, N, K, sab, sam, sak, sbb, sbk, sbn, scb, scm, scn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn, pb = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    a += pb * sab
    b += pb * sbb
    acc = tile_product(a, b, rm, rn, M, N, K, sam, sak, sbk, sbn, BM, BN, BK)
    tl.store(c + pb * scb + rm[:, None] * scm + rn[None, :] * scn, acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def triton_matmul_gelu(a, b, bias, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    acc = tile_product(a, b, rm, rn, M, N, K, sam, sak, sbk, sbn, BM, BN, BK)
    x = acc + tl.load(bias + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
    inner = 0.7978845608 * (x + 0.044715 * x * x * x)
    y = 0.5 * x * (2.0 * tl.sigmoid(2.0 * inner))  # 1 + tanh(u) = 2 sigmoid(2u)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, y.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def triton_fp8(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn, scale,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    acc = tile_product(a, b, rm, rn, M, N, K, sam, sak, sbk, sbn, BM, BN, BK)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, (acc * scale).to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
