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


@ct.kernel
def layernorm_row(x, weight, bias, y, eps, width: ct.Constant[int]):
    """The same for rows that fit one tile of `width` columns: the row is
    read once. The divisions by the row's length round `full` (within 2
    ulp), as Triton's `/` does."""
    row = ct.bid(0)
    n = x.shape[1]
    t = ct.load(x, index=(row, 0), shape=(1, width),
                padding_mode=ct.PaddingMode.ZERO).astype(ct.float32)
    mean = ct.truediv(ct.sum(t, axis=1, keepdims=True), n, rounding_mode=ct.RoundingMode.FULL)
    centered = ct.where(ct.arange(width, dtype=ct.int32) < n, t - mean, 0.0)
    var = ct.truediv(ct.sum(centered * centered, axis=1, keepdims=True), n,
                     rounding_mode=ct.RoundingMode.FULL)
    w = ct.load(weight, index=(0,), shape=(width,), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(bias, index=(0,), shape=(width,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(row, 0), tile=centered * ct.rsqrt(var + eps) * w + b)


def run(x, weight, bias, y, eps=1e-5, tile=1024, stream=0):
    width = 1 << max(x.shape[1] - 1, 1).bit_length()
    if width <= 4096:
        ct.launch(stream, (x.shape[0],), layernorm_row, (x, weight, bias, y, eps, width))
    else:
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
