"""C[b] = A[b] @ B[b] for a batch of matrices: A (batch, M, K), B (batch,
K, N), C (batch, M, N). Tile block (i, j, b) computes tile (i, j) of C[b],
loading 1 x tm x tk tiles of the 3-d arrays and dropping their batch
dimension for the mma; zero padding makes partial tiles add nothing."""

import cudapy.tile as ct


@ct.kernel
def batch_matmul(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int], tk: ct.Constant[int]):
    i, j, batch = ct.bid(0), ct.bid(1), ct.bid(2)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=2, shape=(1, tm, tk))):
        x = ct.load(a, index=(batch, i, k), shape=(1, tm, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(batch, k, j), shape=(1, tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(ct.reshape(x, (tm, tk)), ct.reshape(y, (tk, tn)), acc)
    # Converted before the reshape: the reshape then moves half the bytes.
    ct.store(c, index=(batch, i, j), tile=ct.reshape(acc.astype(c.dtype), (1, tm, tn)))


def run(a, b, c, tm=128, tn=128, tk=64, stream=0):
    grid = (ct.cdiv(a.shape[1], tm), ct.cdiv(b.shape[2], tn), a.shape[0])
    ct.launch(stream, grid, batch_matmul, (a, b, c, tm, tn, tk))


if __name__ == "__main__":
    import torch
    a = torch.randn(8, 500, 300, device="cuda", dtype=torch.float16)
    b = torch.randn(8, 300, 700, device="cuda", dtype=torch.float16)
    c = torch.empty(8, 500, 700, device="cuda", dtype=torch.float16)
    run(a, b, c)
    torch.cuda.synchronize()
    reference = torch.bmm(a.float(), b.float())
    print("batch matmul max relative error:",
          ((c.float() - reference).abs().max() / reference.abs().max()).item())
