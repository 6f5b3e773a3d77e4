"""Flash-attention forward, O = softmax(Q Kᵀ · scale) V, the cuTile way.

Q, K, V and O have shape (batch · heads, sequence, head dim). Tile block
(i, h) computes rows `bm·i … bm·i + bm - 1` of head h, walking the keys and
values in blocks of `bn` with an online softmax: the running row maximum
`m` and sum `l`, the accumulator rescaled as `m` grows, so the scores never
leave the tile block. Blocks that need no mask (wholly inside the sequence,
and before the diagonal when causal) run in one loop, the rest (a partial
last block, the diagonal blocks) in a second, masked one. Scores are scaled
in base 2 (exp2 of the scores times scale · log2(e)). Causal kernels take
their blocks heaviest first (heaviest_first).
"""

import math

import cudapy.tile as ct

LOG2E = 1.4426950408889634


def heaviest_first(x, y, blocks, heads, seq, budget: int):
    """The (block of queries, head) of grid block (x, y), heaviest first: a
    causal block reads the keys up to its last row, so a head's last blocks
    run longest, and started last they would leave the GPU idle at the end.
    Blocks run in groups of heads whose keys and values fit in L2 together
    (`budget` // seq heads), each group from its last block to its first,
    head after head."""
    group = min(max(budget // seq, 1), heads)
    linear = y * blocks + x
    g = linear // (group * blocks)
    within = linear - g * group * blocks
    first = g * group
    in_group = min(group, heads - first)
    rank = within // in_group
    return blocks - 1 - rank, first + within - rank * in_group


def online_step(qt, k, v, h, j, m_i, l_i, acc, qk_scale, mask, bn: int, d: int):
    """One block of keys: scores, the running maximum and sum, P V."""
    kt = ct.reshape(ct.load(k, index=(h, j, 0), shape=(1, bn, d),
                            padding_mode=ct.PaddingMode.ZERO), (bn, d))
    s = ct.mma(qt, ct.transpose(kt), ct.zeros((qt.shape[0], bn), dtype=ct.float32))
    if mask is not None:
        s = ct.where(mask, s, -math.inf)
    m_new = ct.maximum(m_i, ct.max(s, axis=1, keepdims=True) * qk_scale)
    p = ct.exp2(s * qk_scale - m_new, flush_to_zero=True)
    alpha = ct.exp2(m_i - m_new, flush_to_zero=True)
    l_new = l_i * alpha + ct.sum(p, axis=1, keepdims=True)
    vt = ct.reshape(ct.load(v, index=(h, j, 0), shape=(1, bn, d),
                            padding_mode=ct.PaddingMode.ZERO), (bn, d))
    acc = ct.mma(p.astype(vt.dtype), vt, acc * alpha)
    return m_new, l_new, acc


def key_blocks(i, seq, bm: int, bn: int, causal: bool):
    """For block i of queries: the blocks of keys before `unmasked` need no
    mask; those up to `end` do (a partial last block; the diagonal's where
    causal)."""
    unmasked, end = seq // bn, ct.cdiv(seq, bn)
    if causal:
        unmasked, end = min(i * bm // bn, unmasked), min(ct.cdiv((i + 1) * bm, bn), end)
    return unmasked, end


def key_mask(rows, j, seq, bn: int, causal: bool):
    """Which scores of block j of keys against queries `rows` count."""
    cols = j * bn + ct.arange(bn, dtype=ct.int32)
    mask = cols[None, :] < seq
    if causal:
        mask = mask & (rows[:, None] >= cols[None, :])
    return mask


def attend(q, k, v, h, i, scale, d: int, bm: int, bn: int, causal: bool):
    """Block i of head h's queries against the keys: each row's running
    maximum (of the scores scaled by scale · log2(e)) and sum, and the
    unnormalized output."""
    qt = ct.reshape(ct.load(q, index=(h, i, 0), shape=(1, bm, d),
                            padding_mode=ct.PaddingMode.ZERO), (bm, d))
    seq = k.shape[1]
    qk_scale = scale * LOG2E
    m_i = ct.full((bm, 1), -math.inf, dtype=ct.float32)
    l_i = ct.zeros((bm, 1), dtype=ct.float32)
    acc = ct.zeros((bm, d), dtype=ct.float32)
    unmasked, end = key_blocks(i, seq, bm, bn, causal)
    for j in range(unmasked):
        m_i, l_i, acc = online_step(qt, k, v, h, j, m_i, l_i, acc, qk_scale, None, bn, d)
    rows = i * bm + ct.arange(bm, dtype=ct.int32)
    for j in range(unmasked, end):
        mask = key_mask(rows, j, seq, bn, causal)
        m_i, l_i, acc = online_step(qt, k, v, h, j, m_i, l_i, acc, qk_scale, mask, bn, d)
    return m_i, l_i, acc


@ct.kernel
def attention(q, k, v, o, scale, d: ct.Constant[int], bm: ct.Constant[int],
              bn: ct.Constant[int], causal: ct.Constant[bool]):
    if causal:  # 16 MiB of K and V: 2^22 / d heads of a sequence of 1
        i, h = heaviest_first(ct.bid(0), ct.bid(1), ct.num_blocks(0), ct.num_blocks(1),
                              k.shape[1], (1 << 22) // d)
    else:
        i, h = ct.bid(0), ct.bid(1)
    m_i, l_i, acc = attend(q, k, v, h, i, scale, d, bm, bn, causal)
    out = ct.reshape(acc / l_i, (1, bm, d))
    ct.store(o, index=(h, i, 0), tile=out.astype(o.dtype))


def run(q, k, v, o, causal=False, bm=128, bn=64, stream=0):
    bh, seq, d = q.shape
    scale = 1.0 / math.sqrt(d)
    ct.launch(stream, (ct.cdiv(seq, bm), bh), attention, (q, k, v, o, scale, d, bm, bn, causal))


if __name__ == "__main__":
    import torch
    q, k, v = (torch.randn(32, 1000, 64, device="cuda", dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    for causal in (False, True):
        run(q, k, v, o, causal)
        reference = torch.nn.functional.scaled_dot_product_attention(
            q.float(), k.float(), v.float(), is_causal=causal)
        print("attention causal=%s max error:" % causal, (o.float() - reference).abs().max().item())
