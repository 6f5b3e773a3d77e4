# The Python runtime against the CPU stand-in for libcuda.so.1: loading a
# compiled module, matching Python arguments to PTX parameters through the
# metadata, and errors as exceptions. (test/GPU runs kernels for real.)
# RUN: env LD_LIBRARY_PATH=%fake_cuda_dir %python %s | FileCheck %s

import ctypes
import os
import struct

import cudapy
from cudapy import runtime

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "examples")

print(runtime.device_count())
# CHECK: 1
device = runtime.Device(0)
print(device.name, device.chip, device.compute_capability)
# CHECK-NEXT: Fake CUDA Device sm_90 (9, 0)

compiled = cudapy.compile(open(os.path.join(examples, "vector_add.mlir")).read(),
                          chip=device.chip)
module = device.load(compiled)
print(module.jit_log)
# CHECK-NEXT: fake JIT: module loaded
kernel = module.kernel("vector_add")
print(len(kernel.params), kernel.params[0], kernel.params[15], kernel.max_threads_per_block)
# CHECK-NEXT: 16 ('pointer', 8, 'ptr') ('integer', 8, 'i64') 1024
print(kernel.num_registers, kernel.local_bytes, kernel.static_shared_bytes)
# CHECK-NEXT: 16 0 0

n = 1000
a, b, c = (device.empty((n,)) for _ in range(3))
a.copy_from_host(struct.pack("%df" % n, *range(n)))
print(struct.unpack("3f", a.copy_to_host()[:12]))
# CHECK-NEXT: (0.0, 1.0, 2.0)

kernel.launch((4,), (256,), a, b, c, n)
fake = ctypes.CDLL("libcuda.so.1")
grid, block = (ctypes.c_uint * 3)(), (ctypes.c_uint * 3)()
shared, params = ctypes.c_uint(), ctypes.POINTER(ctypes.c_void_p)()
fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
values = [ctypes.c_int64.from_address(params[i]).value for i in range(16)]
print(list(grid), list(block), values[0] == a.pointer, values[2:5], values[15])
# CHECK-NEXT: [4, 1, 1] [256, 1, 1] True [0, 1000, 1] 1000

# An array forced into one pointer leaves the rest of the descriptor unfilled.
try:
    kernel.launch((4,), (256,), runtime.pointer(a), b, c, n)
except runtime.CudaError as error:
    print("CudaError:", error)
# CHECK-NEXT: CudaError: parameter 2 of kernel 'vector_add' is an integer (i64), not a pointer

for bad in [((1,), (2048,), a, b, c, n), ((1,), (32,), a, b, c), ((1,), (32,), a, b, c, 1.5)]:
    try:
        kernel.launch(*bad)
    except runtime.CudaError as error:
        print("CudaError:", error)
# CHECK-NEXT: CudaError: a block of 2048 threads (2048x1x1) exceeds the 1024 threads per block kernel 'vector_add' allows
# CHECK-NEXT: CudaError: kernel 'vector_add' takes 16 parameters, but 15 were given
# CHECK-NEXT: CudaError: parameter 15 of kernel 'vector_add' is an integer (i64), not a floating-point number

try:
    kernel.launch((1,), (32,), a, b, c, "1000")
except TypeError as error:
    print("TypeError:", error)
# CHECK-NEXT: TypeError: argument 3 of vector_add: cannot pass a str to a kernel
print([(arg["type"], arg["first_param"]) for arg in kernel.args])
# CHECK-NEXT: [('memref<?xf32>', 0), ('memref<?xf32>', 5), ('memref<?xf32>', 10), ('index', 15)]

doubles = device.empty((n,), "<f8")
try:
    kernel.launch((1,), (32,), doubles, b, c, n)
except TypeError as error:
    print("TypeError:", error)
# CHECK-NEXT: TypeError: argument 0 of vector_add is memref<?xf32> (4-byte elements); the array's elements have 8 bytes
doubles.free()

try:
    module.kernel("nope")
except runtime.CudaError as error:
    print("CudaError:", error.code, error)
# CHECK-NEXT: CudaError: 5 no kernel named 'nope' in the module's metadata

print("%.1f us" % kernel.time((4,), (256,), a, b, c, n, warmup=1, repeat=3))
# CHECK-NEXT: 500.0 us
module.unload()

# A tile kernel whose arguments are all tile arrays: filled and launched in
# one cudapyLaunchRecords call; an array the kernel refuses is a TypeError,
# a launch the runtime refuses a CudaError.
tiles = device.load(cudapy.compile(open(os.path.join(examples, "tile", "vector_add.mlir")).read(),
                                   chip=device.chip)).kernel("vector_add")
tiles.launch((4,), (128,), a, b, c, stream=0)
count = fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
print(tuple(grid), tuple(block), [ctypes.cast(params[i], ctypes.POINTER(ctypes.c_int64))[0]
                                  == buffer.__cuda_array_interface__["data"][0]
                                  for i, buffer in ((0, a), (2, b), (4, c))],
      ctypes.cast(params[1], ctypes.POINTER(ctypes.c_int32))[0])
# CHECK-NEXT: (4, 1, 1) (128, 1, 1) [True, True, True] 1000
square = device.empty((4, 4))
try:
    tiles.launch((4,), (128,), a, square, c)
except TypeError as error:
    print("TypeError:", error)
# CHECK-NEXT: TypeError: argument 1 of kernel 'vector_add' is !tile.array<?xf32, strides [1]>; the array has rank 2
# A tile kernel's block is 32 x tile.num_warps threads: the metadata's
# required_block_size. Without a block the launch takes it; another block
# is refused (it would silently run something else).
print("required block", tiles.required_block)
# CHECK-NEXT: required block (128, 1, 1)
tiles.launch((2,), None, a, b, c)
fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
print("no block", tuple(grid), tuple(block))
# CHECK-NEXT: no block (2, 1, 1) (128, 1, 1)
for wrong in ((4096,), (256,), (64, 2)):
    try:
        tiles.launch((4,), wrong, a, b, c)
    except runtime.CudaError as error:
        print("CudaError:", error)
# CHECK-NEXT: CudaError: kernel 'vector_add' runs with a block of exactly 128x1x1 threads (its code assumes it: 32 x tile.num_warps for a tile kernel), not 4096x1x1; pass that block or none
# CHECK-NEXT: CudaError: kernel 'vector_add' runs with a block of exactly 128x1x1 threads {{.*}}, not 256x1x1; pass that block or none
# CHECK-NEXT: CudaError: kernel 'vector_add' runs with a block of exactly 128x1x1 threads {{.*}}, not 64x2x1; pass that block or none
square.free()
for buffer in (a, b, c):
    buffer.free()
device.close()
print("done")
# CHECK-NEXT: done
