"""C = A @ B the cuTile way: tile block (i, j) walks K in tiles of `tk`,
accumulating with ct.mma in float32, and stores C's tile in C's dtype.
Zero padding makes partial tiles along K add nothing."""

import cudapy.tile as ct


@ct.kernel
def matmul(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int], tk: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))


@ct.kernel
def matmul_tf32(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int], tk: ct.Constant[int]):
    """float32 A and B multiplied on tensor cores as tfloat32: each element
    rounded to 10 mantissa bits (to nearest, ties to even), the products
    summed in float32, as cuBLAS's TF32 mode and Triton's float32 dot do."""
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(ct.astype(x, ct.tfloat32), ct.astype(y, ct.tfloat32), acc)
    ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))


def run(a, b, c, tm=128, tn=128, tk=64, stream=0, tf32=False):
    """C = A @ B; with `tf32`, float32 A and B as tfloat32 (matmul_tf32)."""
    grid = (ct.cdiv(a.shape[0], tm), ct.cdiv(b.shape[1], tn))
    ct.launch(stream, grid, matmul_tf32 if tf32 else matmul, (a, b, c, tm, tn, tk))


if __name__ == "__main__":
    import torch
    a = torch.randn(1000, 700, device="cuda", dtype=torch.float16)
    b = torch.randn(700, 900, device="cuda", dtype=torch.float16)
    c = torch.empty(1000, 900, device="cuda", dtype=torch.float16)
    run(a, b, c)
    torch.cuda.synchronize()
    reference = (a.float() @ b.float())
    print("matmul max relative error:",
          ((c.float() - reference).abs().max() / reference.abs().max()).item())
