# cudapy.device.launch against the CPU stand-in for libcuda.so.1: the
# parameters the driver receives for builtin numbers (an int as an int32, a
# float as a float32, a bool as a byte), fixed-format numbers (their
# machine representation) and arrays (an interoperable_array_descriptor:
# pointer, then shape and strides in elements as 64-bit integers), the
# grid, block and dynamic shared memory; one compile per list of argument
# types. (test/GPU runs kernels for real.)
# RUN: rm -rf %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import ctypes
import struct

from cudapy import device, runtime


@device.kernel
def scale(a, n, flag, x, out):
    i = device.tid(1)
    if flag and i < n:
        out[i] = a * x[i]


fake = ctypes.CDLL("libcuda.so.1")


def last_launch():
    grid, block = (ctypes.c_uint * 3)(), (ctypes.c_uint * 3)()
    shared, params = ctypes.c_uint(), ctypes.POINTER(ctypes.c_void_p)()
    fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
    return tuple(grid), tuple(block), shared.value, params


class Strided:
    """A __cuda_array_interface__ array over another's memory."""

    def __init__(self, base, shape, strides, typestr="<f4"):
        self.__cuda_array_interface__ = {
            "shape": shape, "strides": strides, "typestr": typestr,
            "data": (base.__cuda_array_interface__["data"][0], False), "version": 3}


dev = runtime.Device(0)
memory = dev.empty((1024,))
x = Strided(memory, (100,), (8,))
out = Strided(memory, (100,), None)
device.launch(scale, 2.5, 100, True, x, out, grid=(4,), block=32, shared=128)
grid, block, shared, params = last_launch()
base = memory.__cuda_array_interface__["data"][0]
print("grid", grid, "block", block, "shared", shared)
print("a", struct.unpack("<f", ctypes.string_at(params[0], 4))[0],
      "n", struct.unpack("<i", ctypes.string_at(params[1], 4))[0],
      "flag", ctypes.string_at(params[2], 1))
descriptor = struct.unpack("<3Q", ctypes.string_at(params[3], 24))
print("x", descriptor[0] - base, descriptor[1:])
# CHECK: grid (4, 1, 1) block (32, 1, 1) shared 128
# CHECK-NEXT: a 2.5 n 100 flag b'\x01'
# CHECK-NEXT: x 0 (100, 2)

# A fixed-format number is passed as its type: another specialization.
device.launch(scale, device.float32(0.5), device.int64(7), False, x, out, grid=1, block=1)
grid, block, shared, params = last_launch()
print("a", struct.unpack("<f", ctypes.string_at(params[0], 4))[0],
      "n", struct.unpack("<q", ctypes.string_at(params[1], 8))[0],
      "compiled", len(scale._cache))
# CHECK-NEXT: a 0.5 n 7 compiled 2
device.launch(scale, 1.0, 3, True, x, out, grid=1, block=1)
print("compiled", len(scale._cache))
# CHECK-NEXT: compiled 2

# ConstExpr parameters (cuda-device spec, "Constant Expressions"): the
# value is compiled in, one kernel per value, and not passed.
@device.kernel
def shift(x, amount: device.ConstExpr[float]):
    i = device.tid(1)
    if i < len(x):
        x[i] += amount


for amount in (1.5, 1.5, 2.5):
    device.launch(shift, out, amount, grid=1, block=32)
grid, block, shared, params = last_launch()
print("constexpr: compiled", len(shift._cache), "parameters",
      len(list(shift._cache.values())[0]["kernel"].params))
# CHECK-NEXT: constexpr: compiled 2 parameters 1
try:
    device.launch(shift, out, [1.0], grid=1, block=32)
except device.DeviceTypeError as error:
    print(error)
# CHECK-NEXT: argument 1 of shift is a ConstExpr parameter: pass a number, a bool, a string or a tuple of them, not a list (cuda-device spec, "Constant Expressions")

# A complex number is a !py.complex (complex<float32>): its two floats.
@device.kernel
def rotate(x, c):
    i = device.tid(1)
    if i < len(x):
        x[i] = x[i]


device.launch(rotate, out, 1.5 - 2.5j, grid=1, block=32)
grid, block, shared, params = last_launch()
print("complex", struct.unpack("<ff", ctypes.string_at(params[1], 8)))
# CHECK-NEXT: complex (1.5, -2.5)

# Narrow floats from the host: rounded once to the nearest (ties to even),
# fp8 saturating to its largest finite value as CUDA's __NV_SATFINITE
# conversions (and the device's) do; bfloat16 overflowing to infinity.
@device.kernel
def narrow(x, a, b, c, d, v):
    i = device.tid(1)
    if i < len(x):
        x[i] = (device.float32(a) + device.float32(b) + device.float32(c) + device.float32(d)
                + device.float32(v[0]))


device.launch(narrow, out, device.float8e4m3(0.3), device.float8e5m2(-1e9),
              device.bfloat16(1 + 3 * 2**-8), device.bfloat16(3.4e38),
              device.float8e4m3x2(2**-10, 480.0), grid=1, block=32)
grid, block, shared, params = last_launch()
print("narrow", [ctypes.string_at(params[k], n).hex() for k, n in
                 ((1, 1), (2, 1), (3, 2), (4, 2), (5, 2))])
# CHECK-NEXT: narrow ['2a', 'fb', '823f', '807f', '007e']


@device.kernel
def complexes(x, a, b):
    i = device.tid(1)
    if i < len(x):
        x[i] = device.float32(1.0)  # a and b are parameters all the same


device.launch(complexes, out, device.complex64(1.5 - 2j), device.complex128(0.25 + 4j),
              grid=1, block=32)
grid, block, shared, params = last_launch()
print("complex64", struct.unpack("<ff", ctypes.string_at(params[1], 8)),
      "complex128", struct.unpack("<dd", ctypes.string_at(params[2], 16)))
# CHECK-NEXT: complex64 (1.5, -2.0) complex128 (0.25, 4.0)

# A host @struct value migrates to the device as CUDA C++ passes the class:
# its fields at their offsets (float3 at 0, an int64 aligned to 8 at 16).
@device.struct
class Particle:
    position: device.float32x3
    id: device.int64
    mass: device.float32


@device.kernel
def place(x, p):
    i = device.tid(1)
    if i < len(x):
        x[i] = p.position.x + p.mass


device.launch(place, out, Particle(device.float32x3(1, 2, 3), 7, 0.5), grid=1, block=32)
grid, block, shared, params = last_launch()
raw = ctypes.string_at(params[1], 32)
print("struct", struct.unpack("<3f", raw[:12]), struct.unpack("<q", raw[16:24])[0],
      struct.unpack("<f", raw[24:28])[0])
# CHECK-NEXT: struct (1.0, 2.0, 3.0) 7 0.5
for bad in (lambda: Particle(device.float32x2(1, 2), 7, 0.5),
            lambda: Particle(device.float32x3(1, 2, 3), 2**70, 0.5)):
    try:
        bad()
    except TypeError as error:
        print("TypeError:", error)
# CHECK-NEXT: TypeError: field position of @struct Particle is float32x3, not a VectorValue (cuda-device spec, "User-Defined Types": a migrating struct has its type hints' types)
# CHECK-NEXT: TypeError: field id of @struct Particle: 1180591620717411303424 does not fit in int64

# The disk cache: a second process launching the same kernel on arguments
# of the same types reads it by the kernel's source fingerprint, without
# translating or loading the compiler library; changing a constant the
# kernel reads compiles again.
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

CHILD = """
import sys
from cudapy import device, runtime

SCALE = %s


@device.kernel
def scaled(x):
    i = device.tid(1)
    if i < len(x):
        x[i] = x[i] * SCALE


x = runtime.Device(0).empty((64,))
device.launch(scaled, x, grid=1, block=64)
print("compiler library loaded:", "cudapy._capi" in sys.modules)
"""
folder = tempfile.mkdtemp()
for scale in ("2.0", "2.0", "3.0"):
    path = os.path.join(folder, "child.py")
    with open(path, "w") as handle:
        handle.write(CHILD % scale)
    done = subprocess.run([sys.executable, path], capture_output=True, text=True)
    print("SCALE", scale, done.stdout.strip() or done.stderr.strip()[-300:])
# CHECK: SCALE 2.0 compiler library loaded: True
# CHECK-NEXT: SCALE 2.0 compiler library loaded: False
# CHECK-NEXT: SCALE 3.0 compiler library loaded: True

# The kernel's options are part of that key: the same source compiled
# without assertions is compiled again (its PTX has no __assertfail).
CHECKED = """
import sys
from cudapy import device, runtime


def check(x):
    i = device.tid(1)
    assert i < len(x)
    x[i] = 1.0


kernel = device.kernel(assertions=%s)(check)
x = runtime.Device(0).empty((64,))
device.launch(kernel, x, grid=1, block=64)
print("compiler library loaded:", "cudapy._capi" in sys.modules,
      "asserts:", "__assertfail" in kernel.compile((x,))["ptx"])
"""
for assertions in ("True", "False", "False"):
    path = os.path.join(folder, "checked.py")
    with open(path, "w") as handle:
        handle.write(CHECKED % assertions)
    done = subprocess.run([sys.executable, path], capture_output=True, text=True)
    print("assertions", assertions, done.stdout.strip() or done.stderr.strip()[-300:])
# CHECK-NEXT: assertions True compiler library loaded: True asserts: True
# CHECK-NEXT: assertions False compiler library loaded: True asserts: False
# CHECK-NEXT: assertions False compiler library loaded: {{True|False}} asserts: False

# A kernel that syncs the grid (this_grid().sync(), in a @func it calls) is
# launched cooperatively: cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_COOPERATIVE
# (attribute 2), its grid checked against the blocks that fit at once (the
# stand-in driver: 2048 threads and 32 blocks per multiprocessor, 132 of
# them). A kernel without it is a plain cuLaunchKernel.
@device.func
def barrier():
    # A @func is heterogeneous: device-only entities under target(is_device).
    if device.target(device.is_device):
        device.this_grid().sync()


@device.kernel
def steps(x):
    i = device.tid(1)
    g = device.this_grid()
    for _ in range(2):
        if i < len(x):
            x[i] += 1.0
        barrier()
        g.sync()


fake.fakeCudaLastLaunchAttributes.restype = ctypes.c_uint
device.launch(steps, out, grid=8, block=256)
print("cooperative", fake.fakeCudaLastLaunchAttributes() == 1 << 2,
      "max", steps.max_cooperative_blocks(out, block=256),
      steps.max_cooperative_blocks(out, block=(32, 2)))
# CHECK-NEXT: cooperative True max 1056 4224
@device.kernel
def plain(x):
    x[device.tid(1)] = 0.0


device.launch(plain, out, grid=1, block=1)
print("plain", fake.fakeCudaLastLaunchAttributes())
# CHECK-NEXT: plain 0
try:
    device.launch(steps, out, grid=1057, block=256)
except runtime.CudaError as error:
    print("refused:", error)
# CHECK-NEXT: refused: kernel 'steps' is launched cooperatively, so its 1057 blocks (1057x1x1) must run at once, but at most 1056 blocks of 256x1x1 threads fit on {{.*}} (cudapyKernelGetMaxCooperativeBlocks)

# Tuples and None are heterogeneous (cuda-device spec, "Heterogeneous Types
# and Objects", "launch"): a tuple is passed by value, laid out as a CUDA
# C++ class of its items (an int32 then a float32 here, a nested tuple and a
# struct as their own members); None as the py dialect's none; `x is None`
# is known from x's type.
@device.struct
class Pair:
    lo: device.float32
    hi: device.float32


@device.kernel
def unpack(x, pair, nested, nothing):
    a, b = pair
    (c, d), e = nested
    if nothing is None and pair is not None:
        x[0] = a + b + device.float32(c) + d.lo + e


device.launch(unpack, out, (3, 2.5), ((device.int64(7), Pair(1.0, 2.0)), 0.5), None,
              grid=1, block=1)
grid, block, shared, params = last_launch()
print("tuple", struct.unpack("<if", ctypes.string_at(params[1], 8)),
      struct.unpack("<q2ff", ctypes.string_at(params[2], 20)),
      ctypes.string_at(params[3], 8))
# CHECK-NEXT: tuple (3, 2.5) (7, 1.0, 2.0, 0.5) b'\x00\x00\x00\x00\x00\x00\x00\x00'
try:
    device.launch(unpack, out, (3, out), ((1, Pair(1.0, 2.0)), 0.5), None, grid=1, block=1)
except device.DeviceError as error:
    print(type(error).__name__ + ":", error)
# CHECK-NEXT: DeviceTypeError: argument 1 of unpack: a tuple passed to a launch holds numbers, vectors, structs, tuples and None, not arrays
