"""Decode attention (flash decoding) for grouped-query heads, the cuTile way.

One new token's queries attend to a cache of `seq` keys and values. Q and
O have shape (batch, kv heads, group, head dim): the `group` query heads
that share a key/value head; K and V (batch, kv heads, seq, head dim).

A group has too few query rows for a tensor core's 16, so a tile block
computes the scores transposed, Sᵀ = K Qᵀ (`bn` keys by the group, padded
to `g` >= 8 columns), and the output as Oᵀ += Vᵀ P (P = exp2 of Sᵀ, keys
by queries). Tile block (b, h, s) walks split s of the keys, `split`
blocks of `bn`, with an online softmax per query (its running maximum and
sum), and stores its partial output and its log-sum-exp in base 2;
`attention_decode_combine` then weighs the splits of each query, a tile
block a query. Splitting the keys gives the device enough tile blocks when
batch times heads is small, as it is when decoding.
"""

import math

import cudapy.tile as ct

from attention import LOG2E


@ct.kernel
def attention_decode_split(q, k, v, partial, lse, scale, d: ct.Constant[int],
                           g: ct.Constant[int], bn: ct.Constant[int], split: ct.Constant[int]):
    """Split s of the keys of kv head h of batch b: partial[b, h, :, s] and
    lse[b, h, :, s] for the group's queries."""
    b, h, s = ct.bid(0), ct.bid(1), ct.bid(2)
    qk_scale = scale * LOG2E
    qt = ct.load(q, index=(b, h, 0, 0), shape=(1, 1, g, d), padding_mode=ct.PaddingMode.ZERO)
    qt = ct.transpose(ct.reshape(qt, (g, d)))
    seq = k.shape[2]
    first = s * split
    last = ct.minimum(first + split, ct.cdiv(seq, bn))
    m_i = ct.full((g,), -math.inf, dtype=ct.float32)
    l_i = ct.zeros((g,), dtype=ct.float32)
    acc = ct.zeros((d, g), dtype=ct.float32)
    for j in range(first, last):
        kt = ct.load(k, index=(b, h, j, 0), shape=(1, 1, bn, d), padding_mode=ct.PaddingMode.ZERO)
        st = ct.matmul(ct.reshape(kt, (bn, d)), qt) * qk_scale
        if (j + 1) * bn > seq:
            keys = j * bn + ct.arange(bn, dtype=ct.int32)[:, None]
            st = ct.where(keys < seq, st, -math.inf)
        m_new = ct.maximum(m_i, ct.max(st, axis=0))
        p = ct.exp2(st - m_new[None, :])
        alpha = ct.exp2(m_i - m_new)
        l_i = l_i * alpha + ct.sum(p, axis=0)
        vt = ct.load(v, index=(b, h, j, 0), shape=(1, 1, bn, d), padding_mode=ct.PaddingMode.ZERO)
        vt = ct.transpose(ct.reshape(vt, (bn, d)))
        acc = ct.mma(vt, p.astype(q.dtype), acc * alpha[None, :])
        m_i = m_new
    out = ct.transpose(acc / l_i[None, :])
    ct.store(partial, index=(b, h, 0, s, 0), tile=ct.reshape(out, (1, 1, g, 1, d)))
    ct.store(lse, index=(b, h, 0, s), tile=ct.reshape(m_i + ct.log2(l_i), (1, 1, g, 1)))


@ct.kernel
def attention_decode_combine(partial, lse, o, d: ct.Constant[int], splits: ct.Constant[int]):
    """O[b, h, i] from the splits' partial outputs for query i, each weighed
    by its share exp2(lse - max) of the query's sum. One tile block a query:
    one for all of a group's queries ran 8 tile blocks for one batch of 8
    heads, 11 us under ncu against 13 for the splits."""
    b, h, i = ct.bid(0), ct.bid(1), ct.bid(2)
    parts = ct.load(partial, index=(b, h, i, 0, 0), shape=(1, 1, 1, splits, d),
                    padding_mode=ct.PaddingMode.ZERO)
    weights = ct.load(lse, index=(b, h, i, 0), shape=(1, 1, 1, splits),
                      padding_mode=ct.PaddingMode.NEG_INF)
    weights = ct.reshape(weights, (splits,))
    weights = ct.exp2(weights - ct.max(weights))
    out = ct.sum(ct.reshape(parts, (splits, d)) * weights[:, None], axis=0) / ct.sum(weights)
    ct.store(o, index=(b, h, i, 0), tile=ct.reshape(out, (1, 1, 1, d)).astype(o.dtype))


def next_power_of_2(n):
    return 1 << max(0, (n - 1).bit_length())


def run(q, k, v, o, bn=128, blocks_per_split=None, stream=0, target_blocks=132):
    """O = softmax(Q Kᵀ / sqrt(d)) V for each query head of the groups.
    Without `blocks_per_split`, the keys are split so that about
    `target_blocks` tile blocks run (one per SM of an H100: on an H200,
    132 ran faster than 264 or 528, and blocks of 128 keys than of 64,
    tools/benchmarks/attention_decode.py)."""
    import torch
    batch, heads, group, d = q.shape
    seq = k.shape[2]
    blocks = ct.cdiv(seq, bn)
    if blocks_per_split is None:
        # At most 32 splits: the combination holds a query's splits at once.
        blocks_per_split = max(1, ct.cdiv(blocks * batch * heads, target_blocks),
                               ct.cdiv(blocks, 32))
    splits = ct.cdiv(blocks, blocks_per_split)
    g = max(8, next_power_of_2(group))
    partial = torch.empty(batch, heads, group, splits, d, device=q.device, dtype=torch.float32)
    lse = torch.empty(batch, heads, group, splits, device=q.device, dtype=torch.float32)
    ct.launch(stream, (batch, heads, splits), attention_decode_split,
              (q, k, v, partial, lse, 1.0 / math.sqrt(d), d, g, bn, blocks_per_split))
    ct.launch(stream, (batch, heads, group), attention_decode_combine,
              (partial, lse, o, d, next_power_of_2(splits)))


if __name__ == "__main__":
    import torch
    q = torch.randn(4, 8, 4, 128, device="cuda", dtype=torch.float16)
    k, v = (torch.randn(4, 8, 4000, 128, device="cuda", dtype=torch.float16) for _ in range(2))
    o = torch.empty_like(q)
    run(q, k, v, o)
    scores = (q.float() @ k.float().transpose(2, 3)) / math.sqrt(128)
    reference = torch.softmax(scores, dim=-1) @ v.float()
    print("decode attention max error:", (o.float() - reference).abs().max().item())
