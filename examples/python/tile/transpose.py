"""Matrix transpose: tile block (i, j) loads tile (i, j) and stores its
transpose as tile (j, i) of the output."""

import cudapy.tile as ct


@ct.kernel
def transpose(x, y, tm: ct.Constant[int], tn: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    t = ct.load(x, index=(i, j), shape=(tm, tn))
    ct.store(y, index=(j, i), tile=ct.transpose(t))


def run(x, y, tm=64, tn=64, stream=0):
    grid = (ct.cdiv(x.shape[0], tm), ct.cdiv(x.shape[1], tn))
    ct.launch(stream, grid, transpose, (x, y, tm, tn))


if __name__ == "__main__":
    import torch
    x = torch.randn(3000, 5000, device="cuda")
    y = torch.empty(5000, 3000, device="cuda")
    run(x, y)
    torch.cuda.synchronize()
    print("transpose exact:", torch.equal(y, x.t()))
