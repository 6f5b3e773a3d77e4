# The numba.cuda spelling (cudapy.numba_cuda) maps onto cudapy.device:
# @cuda.jit kernels under NumbaPro's promotion policy with Python ints and
# floats passed as int64 and float64, kernel[grid, block](...) launches
# (and forall), cuda.grid/gridsize, threadIdx & co, shared and local
# arrays, cuda.atomic.* returning the old value, @cuda.jit(device=True)
# functions; unknown jit options are refused. Against the CPU stand-in for
# libcuda.so.1.
# RUN: rm -rf %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import ctypes
import re
import struct

from cudapy import numba_cuda as cuda
from cudapy import runtime
from cudapy.numba_cuda import float32, int32


@cuda.jit(device=True)
def clamp(v, low, high):
    return min(max(v, low), high)


@cuda.jit
def kernel(x, counts, scale, offset):
    i, j = cuda.grid(2)
    tile = cuda.shared.array((8, 8), float32)
    scratch = cuda.local.array(2, int32)
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = 0
    scratch[0] = cuda.blockIdx.x + cuda.blockDim.y + cuda.gridDim.x
    cuda.syncthreads()
    if i < x.shape[0] and j < x.shape[1]:
        x[i, j] = clamp(x[i, j] * scale + offset, 0.0, 1.0)
        old = cuda.atomic.add(counts, 0, 1)
        cuda.atomic.max(counts, 1, old)
    if cuda.gridsize(1) == cuda.laneid + cuda.warpsize:
        cuda.threadfence()


class Array:
    def __init__(self, base, shape, typestr):
        self.__cuda_array_interface__ = {
            "shape": shape, "typestr": typestr, "strides": None, "version": 3,
            "data": (base.__cuda_array_interface__["data"][0], False)}


dev = runtime.Device(0)
memory = dev.empty((4096,))
x = Array(memory, (20, 30), "<f4")
counts = Array(memory, (2,), "<i4")
text = kernel.translate((x, counts, 2.0, 1))
print([re.sub(r' loc\([^)]*\)', '', l.strip()) for l in text.splitlines() if "py.kernel" in l][0])
print(sorted({w for l in text.splitlines() for w in l.split() if w.startswith(
    ("simt.", "py.call"))}))
print("policy numbapro", "policy numbapro" in text)
# CHECK: py.kernel @kernel(%arg0: !py.array<f32, 2>, %arg1: !py.array<si32, 1>, %arg2: f64, %arg3: si64) {
# CHECK-NEXT: ['py.call', 'simt.atomic_ref', 'simt.atomic_rmw', 'simt.block_dim', 'simt.block_idx', 'simt.grid_dim', 'simt.grid_size', 'simt.lane_id', 'simt.local_array', 'simt.shared_array', 'simt.syncthreads', 'simt.thread_idx', 'simt.threadfence', 'simt.tid', 'simt.warp_size']
# CHECK-NEXT: policy numbapro True

fake = ctypes.CDLL("libcuda.so.1")


def last_launch():
    grid, block = (ctypes.c_uint * 3)(), (ctypes.c_uint * 3)()
    shared, params = ctypes.c_uint(), ctypes.POINTER(ctypes.c_void_p)()
    fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
    return tuple(grid), tuple(block), params


kernel[(3, 4), (8, 8)](x, counts, 2.0, 1)
grid, block, params = last_launch()
print("launch", grid, block, struct.unpack("<d", ctypes.string_at(params[2], 8))[0],
      struct.unpack("<q", ctypes.string_at(params[3], 8))[0])
# CHECK-NEXT: launch (3, 4, 1) (8, 8, 1) 2.0 1


@cuda.jit
def fill(a, value):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = value


fill.forall(1000)(Array(memory, (1000,), "<f4"), 1.5)
print("forall", last_launch()[:2])
# CHECK-NEXT: forall ((4, 1, 1), (256, 1, 1))

for attempt in (lambda: cuda.jit(nopython=True), lambda: fill(1, 2),
                lambda: fill[1](Array(memory, (4,), "<f4"), 1.0)):
    try:
        attempt()
    except (TypeError, ValueError) as error:
        print(type(error).__name__ + ":", error)
# CHECK-NEXT: TypeError: cuda.jit does not take nopython
# CHECK-NEXT: TypeError: a @cuda.jit kernel is launched with a configuration: fill[grid, block](...)
# CHECK-NEXT: ValueError: a launch configuration is [grid, block] or [grid, block, stream] or [grid, block, stream, shared memory bytes]


# cuda.atomic.inc/dec: simt.atomic_rmw inc/dec on unsigned counters (a
# Python int bound converts to the counter's dtype); others are an error at
# the user's line.
@cuda.jit
def wrap(counters, bound):
    cuda.atomic.inc(counters, 0, bound)
    cuda.atomic.dec(counters, 1, 7)


text = wrap.translate((Array(memory, (2,), "<u4"), 9))
for line in text.splitlines():
    if "simt.atomic_rmw" in line:
        print(re.sub(r' loc\([^)]*\)', '', line.split("=", 1)[1].strip()))
# CHECK-NEXT: simt.atomic_rmw inc %{{.*}}, %{{.*}} : !simt.atomic_ref<ui32>
# CHECK-NEXT: simt.atomic_rmw dec %{{.*}}, %{{.*}} : !simt.atomic_ref<ui32>
try:
    wrap.translate((Array(memory, (2,), "<i4"), 9))
except Exception as error:  # noqa: BLE001 (a DeviceTypeError)
    print(type(error).__name__, str(error).splitlines()[0])
# CHECK-NEXT: DeviceTypeError {{.*}}numba.py:[[@LINE-14]]:{{[0-9]+}}: cuda.atomic.inc takes a uint32 or uint64 array, not si32 (it wraps an unsigned counter)
