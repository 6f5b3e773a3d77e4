# Grid barriers on the GPU (simt.grid_sync; CUDA C++ programming guide 8.7):
# cudapy.device's this_grid().sync() and numba.cuda's cuda.cg.this_grid()
# .sync(), whose kernels the runtime launches cooperatively, each against
# NumPy:
# - a heat equation stepped 2,000 times over 1,001 points, ping-ponging two
#   buffers with a grid barrier after each step, and its threads past the
#   end returning before the loop (numba-cuda's Laplace example, written
#   anew);
# - a sum in two phases: blocks store partial sums, sync the grid, and
#   block 0 adds them, repeated 50 times with the result fed back, on the
#   largest cooperative grid the device takes;
# - a grid too large to run at once is refused with the limit.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import numpy as np

from cudapy import device, runtime
from cudapy import numba_cuda as cuda


@cuda.jit
def heat(a, b, steps, k):
    i = cuda.grid(1)
    if i >= len(a):
        return
    g = cuda.cg.this_grid()
    for step in range(steps):
        if step % 2 == 0:
            src = a
            dst = b
        else:
            src = b
            dst = a
        here = src[i]
        if i == 0:
            dst[i] = here + k * (src[i + 1] - 2 * here)
        elif i == len(a) - 1:
            dst[i] = here + k * (src[i - 1] - 2 * here)
        else:
            dst[i] = here + k * (src[i - 1] - 2 * here + src[i + 1])
        g.sync()


def heat_reference(values, steps, k):
    a = values.copy()
    for _ in range(steps):
        nxt = np.empty_like(a)
        nxt[0] = a[0] + k * (a[1] - 2 * a[0])
        nxt[-1] = a[-1] + k * (a[-2] - 2 * a[-1])
        nxt[1:-1] = a[1:-1] + k * (a[:-2] - 2 * a[1:-1] + a[2:])
        a = nxt
    return a


start = np.zeros(1001)
start[500] = 10000.0
a, b = cuda.to_device(start), cuda.device_array_like(start)
steps = 2000
heat.forall(len(start))(a, b, steps, 0.25)
got = (a if steps % 2 == 0 else b).copy_to_host()
want = heat_reference(start, steps, 0.25)
print("heat", heat.definition.cooperative, np.allclose(got, want, rtol=1e-12, atol=1e-9),
      abs(got.sum() - 10000.0) < 1e-6)
# CHECK: heat True True True


@device.func
def block_sum(x, lo, hi):
    """The sum of x[lo:hi] over the block's threads (thread 0 has it)."""
    total = 0.0
    if device.target(device.is_device):   # a @func reaches device-only entities so
        part = device.shared_array(256, device.float64)
        t = device.thread_idx.x
        acc = 0.0
        for j in range(lo + t, hi, device.block_dim.x):
            acc += x[j]
        part[t] = acc
        device.syncthreads()
        width = device.block_dim.x // 2
        while width > 0:
            if t < width:
                part[t] += part[t + width]
            device.syncthreads()
            width //= 2
        total = part[0]
    return total


@device.kernel
def total(x, partial, out, rounds):
    grid = device.this_grid()
    blocks = device.grid_dim.x
    for r in range(rounds):
        n = len(x)
        chunk = (n + blocks - 1) // blocks
        lo = min(device.block_idx.x * chunk, n)
        s = block_sum(x, lo, min(lo + chunk, n))
        if device.thread_idx.x == 0:
            partial[device.block_idx.x] = s
        grid.sync()
        if device.block_idx.x == 0:
            t = block_sum(partial, 0, blocks)
            if device.thread_idx.x == 0:
                out[r] = t
                x[0] += t   # fed back: the next round sees it
        grid.sync()


dev = runtime.Device(0)
limit = total.max_cooperative_blocks(cuda.device_array(1), cuda.device_array(1),
                                     cuda.device_array(1), 1, block=256)
values = np.random.default_rng(0).random(1 << 20)
x = cuda.to_device(values)
partial = cuda.device_array(limit)
out = cuda.device_array(50)
device.launch(total, x, partial, out, 50, grid=limit, block=256)
expected, running = [], values.copy()
for _ in range(50):
    t = running.sum()
    expected.append(t)
    running[0] += t
print("sum blocks", limit >= dev.multiprocessors, limit % dev.multiprocessors == 0,
      np.allclose(out.copy_to_host(), expected, rtol=1e-9))
# CHECK-NEXT: sum blocks True True True

try:
    device.launch(total, x, partial, out, 1, grid=limit + 1, block=256)
except runtime.CudaError as error:
    print("too large:", error)
# CHECK-NEXT: too large: kernel 'total' is launched cooperatively, so its {{[0-9]+}} blocks ({{[0-9]+}}x1x1) must run at once, but at most {{[0-9]+}} blocks of 256x1x1 threads fit on {{.*}}
