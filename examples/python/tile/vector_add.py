"""Vector add in cuTile Python, run by cudapy: each tile block adds one tile
of `tile_size` elements; the last tile of an array whose length is not a
multiple reads padding past the end and stores only the elements inside."""

import cudapy.tile as ct


@ct.kernel
def vector_add(a, b, c, tile_size: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile_size,))
    y = ct.load(b, index=(pid,), shape=(tile_size,))
    ct.store(c, index=(pid,), tile=x + y)


def run(a, b, c, tile_size=1024, stream=0):
    ct.launch(stream, (ct.cdiv(a.shape[0], tile_size),), vector_add, (a, b, c, tile_size))


if __name__ == "__main__":
    import torch
    n = 1_000_003
    a, b = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    c = torch.empty_like(a)
    run(a, b, c)
    torch.cuda.synchronize()
    print("vector_add max error:", (c - (a + b)).abs().max().item())
