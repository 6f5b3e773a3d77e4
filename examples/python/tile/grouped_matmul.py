"""Grouped matrix products, C[g] = A[g] @ B[g] for a list of problems of
different shapes, in one persistent launch: the tile blocks take the
output tiles of all groups in turn (group 0's first, row by row), each
block every `num_blocks`-th tile, so that one launch keeps the GPU busy
however the work is split between the groups. A, B and C are lists of
arrays (cuTile's lists of arrays: `len`, indexing)."""

import cudapy.tile as ct


@ct.kernel
def grouped_matmul(a_list, b_list, c_list, tm: ct.Constant[int], tn: ct.Constant[int],
                   tk: ct.Constant[int]):
    tile = ct.bid(0)
    step = ct.num_blocks(0)
    start = 0  # the first tile of group g
    for g in range(len(a_list)):
        a, b, c = a_list[g], b_list[g], c_list[g]
        columns = ct.num_tiles(c, axis=1, shape=(tm, tn))
        end = start + ct.num_tiles(c, axis=0, shape=(tm, tn)) * columns
        while tile < end:
            i, j = (tile - start) // columns, (tile - start) % columns
            acc = ct.zeros((tm, tn), dtype=ct.float32)
            for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
                x = ct.load(a, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
                y = ct.load(b, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
                acc = ct.mma(x, y, acc)
            ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))
            tile += step
        start = end


def run(a_list, b_list, c_list, tm=128, tn=128, tk=64, blocks=None, stream=0):
    """Launches one tile block per output tile, or `blocks` of them (the
    SMs' count, say) that share the tiles."""
    tiles = sum(ct.cdiv(c.shape[0], tm) * ct.cdiv(c.shape[1], tn) for c in c_list)
    grid = (max(1, min(tiles, blocks)) if blocks else max(tiles, 1),)
    ct.launch(stream, grid, grouped_matmul, (a_list, b_list, c_list, tm, tn, tk))


if __name__ == "__main__":
    import torch
    shapes = [(1024, 512, 256), (300, 700, 500), (128, 128, 64)]
    a = [torch.randn(m, k, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    b = [torch.randn(k, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    c = [torch.empty(m, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    run(a, b, c, blocks=torch.cuda.get_device_properties(0).multi_processor_count)
    torch.cuda.synchronize()
    for x, y, z in zip(a, b, c):
        reference = x.float() @ y.float()
        print("grouped matmul max relative error:",
              ((z.float() - reference).abs().max() / reference.abs().max()).item())
