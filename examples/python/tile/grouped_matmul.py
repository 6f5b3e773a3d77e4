"""Grouped matrix products, C[g] = A[g] @ B[g] for problems of different
shapes, in one persistent launch: the tile blocks take the output tiles of
all groups in turn (group 0's first, row by row), each block every
`num_blocks`-th tile, so that one launch keeps the GPU busy however the
work is split between the groups.

Two kernels share the work of a group (`group_tiles`, a helper the
kernels inline):
- `grouped_matmul` takes lists of arrays (cuTile's lists: their length and
  arrays known at run time; one compile serves any number of groups);
- `grouped_matmul_static` takes tuples of arrays (an extension of cuTile
  1.6's kernel parameters: each array is an argument of its own, the
  tuple's length known at compile time), unrolled with `ct.static_iter`.
  Each array brings its own facts (alignment, extents), so the compiler
  can copy its tiles with tensor copies; it compiles once per number of
  groups and facts."""

import cudapy.tile as ct


def group_tiles(a, b, c, tile, start, tm, tn, tk):
    """The output tiles of one group that this block takes, from `tile`
    on (the group's tiles are numbered from `start`). Returns the block's
    next tile and the next group's first."""
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
        tile += ct.num_blocks(0)
    return tile, end


@ct.kernel
def grouped_matmul(a_list, b_list, c_list, tm: ct.Constant[int], tn: ct.Constant[int],
                   tk: ct.Constant[int]):
    tile, start = ct.bid(0), 0
    for g in range(len(a_list)):
        tile, start = group_tiles(a_list[g], b_list[g], c_list[g], tile, start, tm, tn, tk)


@ct.kernel
def grouped_matmul_static(a_tuple, b_tuple, c_tuple, tm: ct.Constant[int],
                          tn: ct.Constant[int], tk: ct.Constant[int]):
    tile, start = ct.bid(0), 0
    for g in ct.static_iter(range(len(a_tuple))):
        tile, start = group_tiles(a_tuple[g], b_tuple[g], c_tuple[g], tile, start, tm, tn,
                                  tk)


def run(a_list, b_list, c_list, tm=128, tn=128, tk=64, blocks=None, static=False, stream=0):
    """Launches one tile block per output tile, or `blocks` of them (the
    SMs' count, say) that share the tiles; `static` takes the tuple
    kernel (the groups' count and facts compiled in)."""
    tiles = sum(ct.cdiv(c.shape[0], tm) * ct.cdiv(c.shape[1], tn) for c in c_list)
    grid = (max(1, min(tiles, blocks)) if blocks else max(tiles, 1),)
    if static:
        ct.launch(stream, grid, grouped_matmul_static,
                  (tuple(a_list), tuple(b_list), tuple(c_list), tm, tn, tk))
    else:
        ct.launch(stream, grid, grouped_matmul, (list(a_list), list(b_list), list(c_list),
                                                 tm, tn, tk))


if __name__ == "__main__":
    import torch
    shapes = [(1024, 512, 256), (300, 700, 500), (128, 128, 64)]
    a = [torch.randn(m, k, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    b = [torch.randn(k, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    c = [torch.empty(m, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
    for static in (False, True):
        run(a, b, c, blocks=torch.cuda.get_device_properties(0).multi_processor_count,
            static=static)
        torch.cuda.synchronize()
        for x, y, z in zip(a, b, c):
            reference = x.float() @ y.float()
            print("grouped matmul (static=%s) max relative error:" % static,
                  ((z.float() - reference).abs().max() / reference.abs().max()).item())
