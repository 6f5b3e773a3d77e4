"""The sum of each row of a matrix: tile block i walks row tile i across
the columns and accumulates in float32."""

import cudapy.tile as ct


@ct.kernel
def row_sum(x, out, rows: ct.Constant[int], cols: ct.Constant[int]):
    i = ct.bid(0)
    acc = ct.zeros((rows, cols), dtype=ct.float32)
    for j in range(ct.num_tiles(x, axis=1, shape=(rows, cols))):
        acc += ct.load(x, index=(i, j), shape=(rows, cols),
                       padding_mode=ct.PaddingMode.ZERO).astype(ct.float32)
    ct.store(out, index=(i,), tile=ct.sum(acc, axis=1))


def run(x, out, rows=16, cols=256, stream=0):
    ct.launch(stream, (ct.cdiv(x.shape[0], rows),), row_sum, (x, out, rows, cols))


if __name__ == "__main__":
    import torch
    x = torch.randn(5000, 3000, device="cuda")
    out = torch.empty(5000, device="cuda")
    run(x, out)
    torch.cuda.synchronize()
    print("row_sum max error:", (out - x.sum(dim=1)).abs().max().item())
