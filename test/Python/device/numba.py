# The numba.cuda spelling (cudapy.numba_cuda) maps onto cudapy.device:
# @cuda.jit kernels under NumbaPro's promotion policy with Python ints and
# floats passed as int64 and float64, kernel[grid, block](...) launches
# (and forall), cuda.grid/gridsize, threadIdx & co, shared and local
# arrays, cuda.atomic.* returning the old value, @cuda.jit(device=True)
# functions, cuda.const.array_like (constant memory), cuda.atomic.inc/dec;
# unknown jit options are refused. Against the CPU stand-in for
# libcuda.so.1.
# RUN: rm -rf %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import array
import math
import ctypes
import os
import re
import shutil
import struct
import subprocess

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


# cuda.const.array_like: the host array's elements in constant memory
# (simt.const_array, a .const global) read with ld.const.
class HostArray(array.array):
    """A host array with NumPy's __array_interface__ (no NumPy here)."""

    def __new__(cls, typecode, values, shape, typestr):
        self = super().__new__(cls, typecode, values)
        self.__array_interface__ = {"shape": shape, "typestr": typestr, "version": 3,
                                    "data": (self.buffer_info()[0], True)}
        return self


WEIGHTS = HostArray("f", [0.5, 1.0, 2.0, 4.0, 8.0, 16.0], (2, 3), "<f4")
OFFSETS = HostArray("q", [-1, 7], (2,), "<i8")


@cuda.jit
def weigh(x, out):
    i = cuda.grid(1)
    w = cuda.const.array_like(WEIGHTS)
    o = cuda.const.array_like(OFFSETS)
    if i < out.size:
        out[i] = x[i] * w[i % 2, i % 3] + o[i % 2]


args = (Array(memory, (64,), "<f4"), Array(memory, (64,), "<f8"))
text = weigh.translate(args)
for line in text.splitlines():
    if "simt.const_array" in line:
        print(re.sub(r' loc\([^)]*\)', '', line.split("=", 1)[1].strip()))
# CHECK-NEXT: simt.const_array dense<{{\[}}[5.000000e-01, 1.000000e+00, 2.000000e+00], [4.000000e+00, 8.000000e+00, 1.600000e+01]]> : tensor<2x3xf32> : !py.array<f32, 2>
# CHECK-NEXT: simt.const_array dense<[-1, 7]> : tensor<2xsi64> : !py.array<si64, 1>
ptx = weigh.compile(args, chip="sm_90")["ptx"]
print(sorted(set(re.findall(r"^\.const \.align \d+ \.b8 \w+\[\d+\]", ptx, re.M))))
print("ld.const", "ld.const" in ptx)
# CHECK-NEXT: ['.const .align 4 .b8 __py_const_{{[01]}}[24]', '.const .align 8 .b8 __py_const_{{[01]}}[16]']
# CHECK-NEXT: ld.const True
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.path.exists(ptxas):
    os.makedirs(os.environ["CUDAPY_CACHE_DIR"], exist_ok=True)
    path = os.path.join(os.environ["CUDAPY_CACHE_DIR"], "weigh.ptx")
    with open(path, "w") as handle:
        handle.write(ptx)
    done = subprocess.run([ptxas, "-arch=sm_90", path, "-o", os.devnull],
                          capture_output=True, text=True)
    print("ptxas", done.returncode == 0 or done.stderr)
else:
    print("ptxas True")
# CHECK-NEXT: ptxas True

SCALE = 2.0
BOOLS = HostArray("b", [1, 0], (2,), "|b1")


@cuda.jit
def not_an_array(out):
    out[0] = cuda.const.array_like(SCALE)[0]


@cuda.jit
def bools(out):
    out[0] = cuda.const.array_like(BOOLS)[0]


for kernel_, where in ((not_an_array, Array(memory, (4,), "<f4")),
                       (bools, Array(memory, (4,), "<f4"))):
    try:
        kernel_.translate((where,))
    except Exception as error:  # noqa: BLE001 (DeviceTypeError)
        print(type(error).__name__, str(error).splitlines()[0])
# CHECK-NEXT: DeviceTypeError {{.*}}numba.py:{{[0-9]+}}:{{[0-9]+}}: cuda.const.array_like takes a host array (a NumPy array defined when the kernel compiles), not {{.*}}
# CHECK-NEXT: DeviceTypeError {{.*}}numba.py:{{[0-9]+}}:{{[0-9]+}}: cuda.const.array_like takes an array of integers or floats in this machine's byte order, not '|b1'


# print works as in numba-cuda (one line per call); assert
# statements are checked only with debug=True, as numba-cuda does.
def checked(x):
    i = cuda.grid(1)
    print("thread", i, x[i])
    assert x[i] >= 0, "x is not negative"


args = (Array(memory, (64,), "<f4"),)
for debug in (False, True):
    text = cuda.jit(debug=debug)(checked).translate(args)
    print("debug", debug, [re.sub(r' loc\([^)]*\)', '', l.strip().split(" : ")[0])
                           for l in text.splitlines() if "simt.print" in l or "simt.assert" in l])
    ptx = cuda.jit(debug=debug)(checked).compile(args, chip="sm_90")["ptx"]
    print("ptx", "vprintf" in ptx, "__assertfail" in ptx)
# CHECK-NEXT: debug False ['simt.print "thread %d %f\\0A" %{{[0-9]+}}, %{{[0-9]+}}', 'simt.assert %{{[0-9]+}}, "x is not negative"']
# CHECK-NEXT: ptx True False
# CHECK-NEXT: debug True ['simt.print "thread %d %f\\0A" %{{[0-9]+}}, %{{[0-9]+}}', 'simt.assert %{{[0-9]+}}, "x is not negative"']
# CHECK-NEXT: ptx True True

# Cooperative groups: cuda.cg.this_grid().sync() makes every launch of the
# kernel cooperative (as numba-cuda decides it from the kernel), and the
# compiled specialization tells the largest cooperative grid (the stand-in
# driver fits 2048 threads and 32 blocks on each of 132 multiprocessors).
@cuda.jit
def heat(a, b, steps, k):
    i = cuda.grid(1)
    if i >= len(a):
        return
    g = cuda.cg.this_grid()
    for step in range(steps):
        if step % 2 == 0:
            src, dst = a, b
        else:
            src, dst = b, a
        dst[i] = src[i] + k * (src[max(i - 1, 0)] - 2 * src[i] + src[min(i + 1, len(a) - 1)])
        g.sync()


rod = Array(memory, (1001,), "<f8")
rod2 = Array(memory, (1001,), "<f8")
fake.fakeCudaLastLaunchAttributes.restype = ctypes.c_uint
heat.forall(1001)(rod, rod2, 10, 0.25)
print("cg", last_launch()[:2], fake.fakeCudaLastLaunchAttributes() == 1 << 2,
      "simt.grid_sync" in heat.translate((rod, rod2, 10, 0.25)),
      heat.definition.cooperative, heat.definition.max_cooperative_grid_blocks(256),
      [o.max_cooperative_grid_blocks((16, 16)) for o in heat.overloads.values()])
# CHECK-NEXT: cg ((4, 1, 1), (256, 1, 1)) True True True 1056 [1056]


# cudapy.numba_cuda.random: xoroshiro128+ device functions written in the
# numba spelling (uint64 arithmetic), and the seeding kernel.
from cudapy.numba_cuda import random as cuda_random  # noqa: E402


@cuda.jit
def draws(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cuda_random.xoroshiro128p_uniform_float32(states, i) + \
            cuda_random.xoroshiro128p_normal_float64(states, i)


states = Array(memory, (16, 2), "<u8")
text = draws.translate((states, Array(memory, (16,), "<f8")))
print("random", sorted({w for l in text.splitlines() for w in l.split()
                        if w in ("py.lshift", "py.rshift", "py.xor", "py.or", "simt.math")}),
      "@xoroshiro128p_next" in text)
# CHECK-NEXT: random ['py.lshift', 'py.or', 'py.rshift', 'py.xor', 'simt.math'] True
print("seeding", len(cuda_random._seed_states.compile(
    (states, cuda.uint64(7), 0))["ptx"]) > 0)
# CHECK-NEXT: seeding True


# vectorize(signatures, target='cuda'): the scalar function is a device
# function, called by a kernel of one thread per element; signatures are
# text or made by calling types.
@cuda.vectorize(["float32(float32, float32, float32)", cuda.float64(cuda.float64, cuda.int32,
                                                                     cuda.float64)],
                target="cuda")
def discriminant(a, b, c):
    return math.sqrt(b ** 2 - 4 * a * c)


print(discriminant, discriminant.nin)
vector = Array(memory, (16,), "<f4")
text = discriminant._kernel.translate((vector, vector, vector, vector))
print("ufunc kernel", "simt.math sqrt" in text, "py.call @discriminant" in text)
# CHECK-NEXT: <CUDA ufunc discriminant [float32(float32, float32, float32), float64(float64, int32, float64)]> 3
# CHECK-NEXT: ufunc kernel True True
for bad in (lambda: cuda.vectorize(["float32(float32)", "float32(float32, float32)"])(abs),
            lambda: cuda.vectorize("float32(text)")(abs),
            lambda: cuda.vectorize(["float32(float32)"], target="cpu")(abs)):
    try:
        bad()
    except (TypeError, NotImplementedError) as error:
        print(type(error).__name__ + ":", error)
# CHECK-NEXT: TypeError: the signatures of a ufunc take one number of arguments
# CHECK-NEXT: TypeError: a signature names number and array types, not 'float32(text)'
# CHECK-NEXT: NotImplementedError: cudapy vectorizes for target='cuda' only, not 'cpu'


# overloads[sig]: a kernel compiled and loaded for a signature's types
# before any launch (numba's `@cuda.jit(sig)` idiom; `::1` is contiguous).
from cudapy.numba_cuda import int32 as numba_int32  # noqa: E402

rows_sig = (numba_int32[:, ::1],)


@cuda.jit(rows_sig)
def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, M.shape[0]):
        M[row, col] = M[row - 1, M.shape[1] - col - 1] + 1
        g.sync()


print("overloads[sig]", sequential_rows.overloads[rows_sig].max_cooperative_grid_blocks(32),
      len(sequential_rows.overloads),
      sequential_rows.overloads["void(int32[:, ::1])"].cooperative)
# CHECK-NEXT: overloads[sig] 4224 1 True



# cuda.reduce: the binary function folds blocks' strided shares, then the
# threads' values in shared memory (only those that exist), in one kernel
# bound to the function; compiled here per dtype.
@cuda.reduce
def sum_reduce(a, b):
    return a + b


for typestr in ("<f4", "<i4", "<f8"):
    text = sum_reduce._kernel.translate((Array(memory, (100,), typestr), 100,
                                         Array(memory, (4,), typestr)))
    print("reduce", typestr, text.count("simt.shared_array"), "py.call @sum_reduce" in text)
# CHECK-NEXT: reduce <f4 2 True
# CHECK-NEXT: reduce <i4 2 True
# CHECK-NEXT: reduce <f8 2 True


# A comparison (i1) and a bool constant join into one bool; a device array
# read from a global is refused with what to do instead.
@cuda.jit
def boundaries(ids, out):
    i = cuda.grid(1)
    if i > 0:
        boundary = ids[i] != ids[i - 1] or ids[i] > 7
    else:
        boundary = True
    out[i] = 1 if boundary else 0


print("bool join", "scf.if" in boundaries.translate((Array(memory, (8,), "<i4"),
                                                      Array(memory, (8,), "<i4"))))
# CHECK-NEXT: bool join True
GLOBAL_ON_DEVICE = Array(memory, (8,), "<f4")


@cuda.jit
def reads_global(out):
    out[0] = GLOBAL_ON_DEVICE[0]


try:
    reads_global.translate((Array(memory, (8,), "<f4"),))
except Exception as error:  # noqa: BLE001
    print(type(error).__name__, str(error).splitlines()[0].split(": ", 1)[1])
# CHECK-NEXT: DeviceUnsupportedError 'GLOBAL_ON_DEVICE' is a device array of a global or closure variable; cudapy does not capture device arrays (numba bakes their address into the kernel): pass it as an argument


# cudapy.numba_compat (for `import numba`): numba.jit functions run as
# Python on the host and compile as device functions in kernels.
from cudapy import numba_compat  # noqa: E402


@numba_compat.jit
def business_logic(x, y, z):
    return 4 * z * (2 * x - (4 * y) / 2 * 3.14)


@cuda.jit
def uses_host_function(res, xs):
    i = cuda.grid(1)
    if i < len(xs):
        res[i] = business_logic(xs[i], 2.0, 3.0)


print("numba.jit", business_logic(1, 2, 3), "py.call @business_logic" in
      uses_host_function.translate((Array(memory, (4,), "<f8"), Array(memory, (4,), "<f8"))))
# CHECK-NEXT: numba.jit -126.72 True


# The builtin types as dtypes: numba's int64 and float64 in the numba
# spelling (the spec's int32 and float32 in cudapy.device).
@cuda.jit
def builtin_dtypes(out):
    scratch = cuda.local.array(4, float)
    counts = cuda.shared.array(4, int)
    scratch[0] = 1.5
    counts[0] = 2
    out[0] = scratch[0] + counts[0]


text = builtin_dtypes.translate((Array(memory, (4,), "<f8"),))
print("builtin dtypes", "!py.array<f64, 1>" in text and "!py.array<si64, 1>" in text)
# CHECK-NEXT: builtin dtypes True
