"""C = A @ B with shared-memory tiles: each block of 16 x 16 threads loads
a 16 x 16 tile of A and of B into shared memory, waits, accumulates its
element's dot product over the tile, and waits again before the next."""

from cudapy import device

TILE = 16


@device.kernel
def matmul(a, b, c):
    sa = device.shared_array((TILE, TILE), device.float32)
    sb = device.shared_array((TILE, TILE), device.float32)
    tx, ty = device.thread_idx.x, device.thread_idx.y
    col = device.block_idx.x * TILE + tx
    row = device.block_idx.y * TILE + ty
    n, m, k_total = c.shape[0], c.shape[1], a.shape[1]
    acc = device.float32(0)
    for t in range((k_total + TILE - 1) // TILE):
        k = t * TILE
        sa[ty, tx] = a[row, k + tx] if row < n and k + tx < k_total else device.float32(0)
        sb[ty, tx] = b[k + ty, col] if k + ty < k_total and col < m else device.float32(0)
        device.syncthreads()
        for i in range(TILE):
            acc += sa[ty, i] * sb[i, tx]
        device.syncthreads()
    if row < n and col < m:
        c[row, col] = acc


def run(a, b, c, stream=None):
    grid = ((c.shape[1] + TILE - 1) // TILE, (c.shape[0] + TILE - 1) // TILE)
    device.launch(matmul, a, b, c, grid=grid, block=(TILE, TILE), stream=stream)
