"""Layer normalization of the rows of a matrix, one row per tile block,
walking the row in tiles: the mean, then the variance, then the normalized
row times `weight` plus `bias`. Statistics accumulate in float32."""

import cudapy.tile as ct


@ct.kernel
def layernorm(x, weight, bias, y, eps, tile: ct.Constant[int]):
    row = ct.bid(0)
    n = x.shape[1]
    tiles = ct.num_tiles(x, axis=1, shape=(1, tile))
    total = ct.zeros((1, tile), dtype=ct.float32)
    for j in range(tiles):
        total += ct.load(x, index=(row, j), shape=(1, tile),
                         padding_mode=ct.PaddingMode.ZERO).astype(ct.float32)
    mean = ct.sum(total, axis=1, keepdims=True) / n
    squares = ct.zeros((1, tile), dtype=ct.float32)
    for j in range(tiles):
        t = ct.load(x, index=(row, j), shape=(1, tile),
                    padding_mode=ct.PaddingMode.ZERO).astype(ct.float32)
        inside = j * tile + ct.arange(tile, dtype=ct.int32) < n
        centered = ct.where(inside, t - mean, 0)
        squares += centered * centered
    rstd = ct.rsqrt(ct.sum(squares, axis=1, keepdims=True) / n + eps)
    for j in range(tiles):
        t = ct.load(x, index=(row, j), shape=(1, tile),
                    padding_mode=ct.PaddingMode.ZERO).astype(ct.float32)
        w = ct.load(weight, index=(j,), shape=(tile,)).astype(ct.float32)
        b = ct.load(bias, index=(j,), shape=(tile,)).astype(ct.float32)
        ct.store(y, index=(row, j), tile=(t - mean) * rstd * w + b)


def run(x, weight, bias, y, eps=1e-5, tile=1024, stream=0):
    ct.launch(stream, (x.shape[0],), layernorm, (x, weight, bias, y, eps, tile))


if __name__ == "__main__":
    import torch
    x = torch.randn(1024, 3000, device="cuda")
    w, b = torch.randn(3000, device="cuda"), torch.randn(3000, device="cuda")
    y = torch.empty_like(x)
    run(x, w, b, y)
    torch.cuda.synchronize()
    reference = torch.nn.functional.layer_norm(x, (3000,), w, b, 1e-5)
    print("layernorm max error:", (y - reference).abs().max().item())
