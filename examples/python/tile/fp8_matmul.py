"""C = (scale_a · scale_b) (A @ B) for float8_e4m3fn A (M x K) and B with
per-tensor float32 scales, accumulated in float32 and stored in C's dtype.
`fp8_matmul_nt` takes the second operand as W (N x K, a weight matrix's
layout and torch._scaled_mm's column-major B) and computes A @ Wᵀ: W's
tiles, transposed, are the mma's B."""

import cudapy.tile as ct


@ct.kernel
def fp8_matmul(a, b, c, scale_a, scale_b, tm: ct.Constant[int], tn: ct.Constant[int],
               tk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, index=(i, j), tile=(acc * (scale_a * scale_b)).astype(c.dtype))


@ct.kernel
def fp8_matmul_nt(a, w, c, scale_a, scale_w, tm: ct.Constant[int], tn: ct.Constant[int],
                  tk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(w, index=(j, k), shape=(tn, tk), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, ct.transpose(y), acc)
    ct.store(c, index=(i, j), tile=(acc * (scale_a * scale_w)).astype(c.dtype))


def run(a, b, c, scale_a, scale_b, nt=False, tm=128, tn=128, tk=64, stream=0):
    n = b.shape[0] if nt else b.shape[1]
    grid = (ct.cdiv(a.shape[0], tm), ct.cdiv(n, tn))
    kernel = fp8_matmul_nt if nt else fp8_matmul
    ct.launch(stream, grid, kernel, (a, b, c, scale_a, scale_b, tm, tn, tk))


if __name__ == "__main__":
    import torch
    a = torch.randn(512, 1024, device="cuda").to(torch.float8_e4m3fn)
    w = torch.randn(768, 1024, device="cuda").to(torch.float8_e4m3fn)
    c = torch.empty(512, 768, device="cuda", dtype=torch.bfloat16)
    run(a, w, c, 0.5, 2.0, nt=True)
    torch.cuda.synchronize()
    reference = a.float() @ w.float().t()
    print("fp8 matmul max relative error:",
          ((c.float() - reference).abs().max() / reference.abs().max()).item())
