"""A sum with warp shuffles: each warp adds its 32 values by halving
shuffles (shfl_down_sync), and its lane 0 adds the warp's sum to the
result atomically."""

from cudapy import device


@device.func
def warp_sum(v):
    offset = 16
    while offset > 0:
        v += device.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    return v


@device.kernel
def warp_reduce(x, out):
    total = device.float32(0)
    i = device.tid(1)
    while i < len(x):
        total += x[i]
        i += device.grid_size(1)
    total = warp_sum(total)
    if device.lane_id == 0:
        device.atomic_ref(out, 0).add(total)


def run(x, out, blocks=264, stream=None):
    """`out[0] += sum(x)` (the block size is a multiple of 32)."""
    device.launch(warp_reduce, x, out, grid=blocks, block=256, stream=stream)
