"""A sum in two steps: each block of 256 threads adds its part of `x` in
shared memory (a tree of halving strides between barriers), and its first
thread adds the block's sum to `out[0]` atomically. Threads stride over x
by the grid's size, so any grid covers any length."""

from cudapy import device

BLOCK = 256


@device.kernel
def block_sum(x, out):
    partial = device.shared_array(BLOCK, device.float32)
    t = device.thread_idx.x
    total = device.float32(0.0)
    i = device.tid(1)
    while i < len(x):
        total += x[i]
        i += device.grid_size(1)
    partial[t] = total
    device.syncthreads()
    stride = BLOCK // 2
    while stride > 0:
        if t < stride:
            partial[t] += partial[t + stride]
        device.syncthreads()
        stride //= 2
    if t == 0:
        device.atomic_ref(out, 0).add(partial[0])


def run(x, out, blocks=264, stream=None):
    """`out[0] += sum(x)` (out is zeroed by the caller)."""
    device.launch(block_sum, x, out, grid=blocks, block=BLOCK, stream=stream)


if __name__ == "__main__":
    import torch
    x = torch.randn(1 << 22, device="cuda")
    out = torch.zeros(1, device="cuda")
    run(x, out)
    torch.cuda.synchronize()
    print("block sum:", out.item(), "torch:", x.sum().item())
