"""Flash-attention backward: dQ, dK and dV of O = softmax(Q Kᵀ · scale) V.

Shapes as in attention.py: Q, K, V, O and their gradients (batch · heads,
sequence, head dim); the forward's log-sum-exp of each row of scores and
the backward's row sums D = rowsum(O · dO) are (batch · heads, sequence),
float32. Scores are in base 2, as in attention.py: P = exp2(S · scale ·
log2(e) - L), where `attention_lse` stores L = m + log2(l) for each row.

Each tile block of `attention_dkdv` holds `bn` keys' dK and dV and walks
the blocks of queries; each of `attention_dq` holds `bm` queries' dQ and
walks the blocks of keys. Both multiply one loaded tile twice in an
iteration, once as it is and once transposed (dQ: S = Q Kᵀ and dS K; dK,
dV: Sᵀ = K Qᵀ and dSᵀ Q, dPᵀ = V dOᵀ and Pᵀ dO): the compiler stages
such a tile once and reads it both ways. Blocks that need no mask run in
one loop, the diagonal ones (causal) and, in dQ, a partial last block of
keys in another: a padded key's P = exp2(-L) may overflow where a row's
scores are all very negative, and inf times its zero K row is NaN. In dK
and dV a padded query needs no mask: its S is 0, its P 1, and its dO and
D rows are zeros, which make its terms vanish.
"""

import math

import cudapy.tile as ct

from attention import LOG2E, attend, key_blocks, key_mask


@ct.kernel
def attention_lse(q, k, v, o, lse, scale, d: ct.Constant[int], bm: ct.Constant[int],
                  bn: ct.Constant[int], causal: ct.Constant[bool]):
    """attention.py's forward (without its block order), also storing each
    row's log-sum-exp of scores in base 2 for the backward pass."""
    i, h = ct.bid(0), ct.bid(1)
    m_i, l_i, acc = attend(q, k, v, h, i, scale, d, bm, bn, causal)
    ct.store(o, index=(h, i, 0), tile=ct.reshape(acc / l_i, (1, bm, d)).astype(o.dtype))
    ct.store(lse, index=(h, i), tile=ct.reshape(m_i + ct.log2(l_i), (1, bm)))


@ct.kernel
def attention_delta(o, do, delta, d: ct.Constant[int], bm: ct.Constant[int]):
    """D = rowsum(O · dO), in float32."""
    i, h = ct.bid(0), ct.bid(1)
    ot = ct.load(o, index=(h, i, 0), shape=(1, bm, d), padding_mode=ct.PaddingMode.ZERO)
    dot = ct.load(do, index=(h, i, 0), shape=(1, bm, d), padding_mode=ct.PaddingMode.ZERO)
    product = ot.astype(ct.float32) * dot.astype(ct.float32)
    ct.store(delta, index=(h, i), tile=ct.reshape(ct.sum(product, axis=2), (1, bm)))


def load_rows(x, h, i, rows: int, d: int):
    return ct.reshape(ct.load(x, index=(h, i, 0), shape=(1, rows, d),
                              padding_mode=ct.PaddingMode.ZERO), (rows, d))


def dkdv_step(kt, vt, q, do, lse, delta, h, i, dk, dv, qk_scale, cols, bm: int, bn: int,
              d: int, masked: bool):
    """One block of queries for a block of keys: Pᵀ and dSᵀ, then dV += Pᵀ dO
    and dK += dSᵀ Q."""
    qt = load_rows(q, h, i, bm, d)
    dot = load_rows(do, h, i, bm, d)
    lse_row = ct.load(lse, index=(h, i), shape=(1, bm), padding_mode=ct.PaddingMode.ZERO)
    delta_row = ct.load(delta, index=(h, i), shape=(1, bm), padding_mode=ct.PaddingMode.ZERO)
    st = ct.mma(kt, ct.transpose(qt), ct.zeros((bn, bm), dtype=ct.float32))
    pt = ct.exp2(st * qk_scale - lse_row, flush_to_zero=True)
    if masked:
        rows = i * bm + ct.arange(bm, dtype=ct.int32)
        pt = ct.where(cols[:, None] <= rows[None, :], pt, 0.0)
    dv = ct.mma(pt.astype(dot.dtype), dot, dv)
    dpt = ct.mma(vt, ct.transpose(dot), ct.zeros((bn, bm), dtype=ct.float32))
    dst = pt * (dpt - delta_row)
    dk = ct.mma(dst.astype(qt.dtype), qt, dk)
    return dk, dv


@ct.kernel
def attention_dkdv(q, k, v, do, lse, delta, dk, dv, scale, d: ct.Constant[int],
                   bm: ct.Constant[int], bn: ct.Constant[int], causal: ct.Constant[bool]):
    j, h = ct.bid(0), ct.bid(1)
    kt = load_rows(k, h, j, bn, d)
    vt = load_rows(v, h, j, bn, d)
    qk_scale = scale * LOG2E
    dk_acc = ct.zeros((bn, d), dtype=ct.float32)
    dv_acc = ct.zeros((bn, d), dtype=ct.float32)
    blocks = ct.cdiv(q.shape[1], bm)
    cols = j * bn + ct.arange(bn, dtype=ct.int32)
    first = 0
    if causal:
        # The blocks of queries from the one with this block's first key
        # on; those the diagonal crosses are masked.
        first = j * bn // bm
        diagonal = min(ct.cdiv((j + 1) * bn, bm), blocks)
        for i in range(first, diagonal):
            dk_acc, dv_acc = dkdv_step(kt, vt, q, do, lse, delta, h, i, dk_acc, dv_acc,
                                       qk_scale, cols, bm, bn, d, True)
        first = max(first, diagonal)
    for i in range(first, blocks):
        dk_acc, dv_acc = dkdv_step(kt, vt, q, do, lse, delta, h, i, dk_acc, dv_acc, qk_scale,
                                   cols, bm, bn, d, False)
    ct.store(dk, index=(h, j, 0), tile=ct.reshape(dk_acc * scale, (1, bn, d)).astype(dk.dtype))
    ct.store(dv, index=(h, j, 0), tile=ct.reshape(dv_acc, (1, bn, d)).astype(dv.dtype))


def dq_step(qt, dot, k, v, lse_col, delta_col, h, j, dq, qk_scale, mask, bn: int, d: int):
    """One block of keys for a block of queries: P and dS, then dQ += dS K."""
    kt = load_rows(k, h, j, bn, d)
    vt = load_rows(v, h, j, bn, d)
    s = ct.mma(qt, ct.transpose(kt), ct.zeros((qt.shape[0], bn), dtype=ct.float32))
    p = ct.exp2(s * qk_scale - lse_col, flush_to_zero=True)
    if mask is not None:
        p = ct.where(mask, p, 0.0)
    dp = ct.mma(dot, ct.transpose(vt), ct.zeros((qt.shape[0], bn), dtype=ct.float32))
    ds = p * (dp - delta_col)
    return ct.mma(ds.astype(kt.dtype), kt, dq)


@ct.kernel
def attention_dq(q, k, v, do, lse, delta, dq, scale, d: ct.Constant[int],
                 bm: ct.Constant[int], bn: ct.Constant[int], causal: ct.Constant[bool]):
    i, h = ct.bid(0), ct.bid(1)
    qt = load_rows(q, h, i, bm, d)
    dot = load_rows(do, h, i, bm, d)
    lse_col = ct.reshape(ct.load(lse, index=(h, i), shape=(1, bm),
                                 padding_mode=ct.PaddingMode.ZERO), (bm, 1))
    delta_col = ct.reshape(ct.load(delta, index=(h, i), shape=(1, bm),
                                   padding_mode=ct.PaddingMode.ZERO), (bm, 1))
    qk_scale = scale * LOG2E
    acc = ct.zeros((bm, d), dtype=ct.float32)
    seq = k.shape[1]
    unmasked, end = key_blocks(i, seq, bm, bn, causal)
    for j in range(unmasked):
        acc = dq_step(qt, dot, k, v, lse_col, delta_col, h, j, acc, qk_scale, None, bn, d)
    # The blocks of keys the diagonal crosses (causal) and a partial last one.
    rows = i * bm + ct.arange(bm, dtype=ct.int32)
    for j in range(unmasked, end):
        mask = key_mask(rows, j, seq, bn, causal)
        acc = dq_step(qt, dot, k, v, lse_col, delta_col, h, j, acc, qk_scale, mask, bn, d)
    ct.store(dq, index=(h, i, 0), tile=ct.reshape(acc * scale, (1, bm, d)).astype(dq.dtype))


def forward(q, k, v, o, lse, causal=False, bm=128, bn=64, stream=0):
    """O and each row's log-sum-exp (lse: (batch · heads, sequence) float32)."""
    bh, seq, d = q.shape
    ct.launch(stream, (ct.cdiv(seq, bm), bh), attention_lse,
              (q, k, v, o, lse, 1.0 / math.sqrt(d), d, bm, bn, causal))


def backward(q, k, v, o, do, lse, delta, dq, dk, dv, causal=False, bm=64, bn=128, dq_bn=64,
             stream=0):
    """dQ, dK and dV from dO; `delta` is scratch of lse's shape and dtype."""
    bh, seq, d = q.shape
    scale = 1.0 / math.sqrt(d)
    ct.launch(stream, (ct.cdiv(seq, 64), bh), attention_delta, (o, do, delta, d, 64))
    ct.launch(stream, (ct.cdiv(seq, bn), bh), attention_dkdv,
              (q, k, v, do, lse, delta, dk, dv, scale, d, bm, bn, causal))
    ct.launch(stream, (ct.cdiv(seq, bm), bh), attention_dq,
              (q, k, v, do, lse, delta, dq, scale, d, bm, dq_bn, causal))


if __name__ == "__main__":
    import torch
    shape = (8, 1000, 64)
    q, k, v, do = (torch.randn(shape, device="cuda", dtype=torch.float16) for _ in range(4))
    o = torch.empty_like(q)
    lse = torch.empty(shape[:2], device="cuda", dtype=torch.float32)
    delta = torch.empty_like(lse)
    dq, dk, dv = (torch.empty_like(q) for _ in range(3))
    for causal in (False, True):
        forward(q, k, v, o, lse, causal)
        backward(q, k, v, o, do, lse, delta, dq, dk, dv, causal)
        leaves = [x.double().requires_grad_() for x in (q, k, v)]
        reference = torch.nn.functional.scaled_dot_product_attention(*leaves, is_causal=causal)
        reference.backward(do.double())
        for name, got, want in zip(("dq", "dk", "dv"), (dq, dk, dv), leaves):
            print("attention backward causal=%s %s max error:" % (causal, name),
                  (got.double() - want.grad).abs().max().item())
