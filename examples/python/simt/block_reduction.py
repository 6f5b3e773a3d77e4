"""A sum in one launch, the algorithm of examples/simt_sum.mlir written in
Python: each thread adds float4 quads (the array seen through a 16-byte
@struct) four at a time with a grid stride, the block adds its threads'
sums with warp shuffles and shared memory, and the last block to finish
(an atomic counter) adds the blocks' partial sums and resets the counter,
so no zeroing launch is needed."""

from cudapy import device

BLOCK = 256


@device.struct(align=16)
class float4:
    x: device.float32
    y: device.float32
    z: device.float32
    w: device.float32


@device.func
def quad_sum(q):
    return (q.x + q.y) + (q.z + q.w)


@device.func
def warp_sum(v):
    for offset in (16, 8, 4, 2, 1):
        v += device.shfl_down_sync(0xFFFFFFFF, v, offset)
    return v


@device.func
def block_sum(v):
    total = v
    # Shared memory and thread positions are device only: a @func, which is
    # heterogeneous, reaches them under target specialization.
    if device.target(device.is_device):
        partial = device.shared_array(32, device.float32)
        mine = warp_sum(v)
        lane, warp = device.lane_id, device.thread_idx.x // 32
        if lane == 0:
            partial[warp] = mine
        device.syncthreads()
        p = partial[lane] if lane < device.block_dim.x // 32 else device.float32(0)
        total = warp_sum(p)
        device.syncthreads()
    return total


@device.kernel
def block_reduce(x, partials, counter, out):
    quads = x.view(float4)
    n, nq = len(x), len(quads)
    i = device.tid(1)
    stride = device.grid_size(1)
    a0 = a1 = a2 = a3 = device.float32(0)
    while i + 3 * stride < nq:
        a0 += quad_sum(quads[i])
        a1 += quad_sum(quads[i + stride])
        a2 += quad_sum(quads[i + 2 * stride])
        a3 += quad_sum(quads[i + 3 * stride])
        i += 4 * stride
    while i < nq:
        a0 += quad_sum(quads[i])
        i += stride
    s = (a0 + a1) + (a2 + a3)
    t = nq * 4 + device.tid(1)
    if t < n:
        s += x[t]
    total = block_sum(s)
    thread, blocks = device.thread_idx.x, device.grid_dim.x
    last = device.shared_array(1, device.bool_)
    if thread == 0:
        partials[device.block_idx.x] = total
        before = device.atomic_ref(counter, 0).add(1, memory="acq_rel", scope="device")
        last[0] = before == blocks - 1
    device.syncthreads()
    if last[0]:
        p = device.float32(0)
        j = thread
        while j < blocks:
            p += partials[j]
            j += device.block_dim.x
        grand = block_sum(p)
        if thread == 0:
            out[0] = grand
            device.atomic_ref(counter, 0).store(0, memory="relaxed", scope="device")


def run(x, out, blocks, partials, counter, stream=None):
    """`out[0] = sum(x)`, with `partials` (`blocks` float32s) and `counter`
    (one uint32, zero before the first launch; each launch leaves it
    zero)."""
    device.launch(block_reduce, x, partials, counter, out, grid=blocks, block=BLOCK,
                  stream=stream)
