"""C = act(A @ B + bias) with the epilogue fused: the bias row is added to
the accumulator and the activation (GELU in its tanh form, or ReLU)
applied before the one store in C's dtype."""

import math

import cudapy.tile as ct


def gelu(x):
    inner = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)
    return 0.5 * x * (1.0 + ct.tanh(inner))


@ct.kernel
def matmul_bias_act(a, b, bias, c, activation: ct.Constant[str], tm: ct.Constant[int],
                    tn: ct.Constant[int], tk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    acc = acc + ct.load(bias, index=(j,), shape=(tn,), padding_mode=ct.PaddingMode.ZERO)
    if activation == "gelu":
        acc = gelu(acc)
    elif activation == "relu":
        acc = ct.maximum(acc, 0.0)
    else:
        ct.static_assert(activation == "none", "activation is gelu, relu or none")
    ct.store(c, index=(i, j), tile=acc.astype(c.dtype))


def run(a, b, bias, c, activation="gelu", tm=128, tn=128, tk=64, stream=0):
    grid = (ct.cdiv(a.shape[0], tm), ct.cdiv(b.shape[1], tn))
    ct.launch(stream, grid, matmul_bias_act, (a, b, bias, c, activation, tm, tn, tk))


if __name__ == "__main__":
    import torch
    a = torch.randn(1000, 512, device="cuda", dtype=torch.float16)
    b = torch.randn(512, 768, device="cuda", dtype=torch.float16)
    bias = torch.randn(768, device="cuda", dtype=torch.float16)
    c = torch.empty(1000, 768, device="cuda", dtype=torch.float16)
    run(a, b, bias, c)
    torch.cuda.synchronize()
    reference = torch.nn.functional.gelu(a.float() @ b.float() + bias.float(), approximate="tanh")
    print("matmul + bias + gelu max error:", (c.float() - reference).abs().max().item())
