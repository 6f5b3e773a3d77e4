"""A histogram of byte values: each thread adds one to its value's bin
with an atomic add (cuda-device spec, "Atomics"), first in a per-block
histogram in shared memory, then the block's bins into the global one."""

from cudapy import device

BINS = 256


@device.kernel
def histogram(data, hist):
    local = device.shared_array(BINS, device.uint32)
    t = device.thread_idx.x
    b = t
    while b < BINS:
        local[b] = 0
        b += device.block_dim.x
    device.syncthreads()
    i = device.tid(1)
    while i < len(data):
        device.atomic_ref(local, data[i]).add(1, scope="block")
        i += device.grid_size(1)
    device.syncthreads()
    b = t
    while b < BINS:
        if local[b] > 0:
            device.atomic_ref(hist, b).add(local[b], memory="relaxed", scope="device")
        b += device.block_dim.x


def run(data, hist, blocks=132, stream=None):
    """`hist += bincount(data)` (uint8 data, 256 uint32 bins)."""
    device.launch(histogram, data, hist, grid=blocks, block=256, stream=stream)
