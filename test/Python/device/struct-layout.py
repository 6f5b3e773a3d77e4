# @struct layouts against CUDA C++'s (cuda-device spec, "User-Defined Types":
# a struct has the machine representation of the standard-layout class of
# its members; "align"): nvcc compiles the same classes, with `alignas(n)`
# where Python says `align(t, n)` or `@struct(align=n)`, and prints each
# member's offset and the class's size and alignment; the frontend's layout,
# the bytes of a host value and the kernel parameter's metadata must agree.
# REQUIRES: nvcc
# RUN: rm -rf %t && mkdir -p %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE=0 %python %s %t %nvcc | FileCheck %s

import os
import struct
import subprocess
import sys

from cudapy import device, runtime

out, nvcc = sys.argv[1], sys.argv[2]


@device.struct
class Padded:
    tag: device.uint8
    value: device.align(device.float32, 16)
    pair: device.align(device.float32x2, 32)
    last: device.int16


@device.struct(align=8)
class Small:
    a: device.int8
    b: device.align(device.int16, 4)


@device.struct
class Outer:
    x: device.float64
    inner: Small
    v: device.float32x3
    w: device.align(device.float32x4, 32)
    z: device.align(int, 8)


CUDA = r"""
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector_types.h>
struct Padded { uint8_t tag; alignas(16) float value; alignas(32) float2 pair; int16_t last; };
struct alignas(8) Small { int8_t a; alignas(4) int16_t b; };
struct Outer { double x; Small inner; float3 v; alignas(32) float4 w; alignas(8) int z; };
#define SHOW(T, ...) do { size_t o[] = {__VA_ARGS__}; printf(#T " ["); \
  for (size_t i = 0; i < sizeof o / sizeof o[0]; ++i) printf(i ? ", %zu" : "%zu", o[i]); \
  printf("] %zu %zu\n", sizeof(T), alignof(T)); } while (0)
int main() {
  SHOW(Padded, offsetof(Padded, tag), offsetof(Padded, value), offsetof(Padded, pair),
       offsetof(Padded, last));
  SHOW(Small, offsetof(Small, a), offsetof(Small, b));
  SHOW(Outer, offsetof(Outer, x), offsetof(Outer, inner), offsetof(Outer, v),
       offsetof(Outer, w), offsetof(Outer, z));
}
"""
source = os.path.join(out, "layout.cu")
with open(source, "w") as handle:
    handle.write(CUDA)
program = os.path.join(out, "layout")
# nvcc and the program run without the sanitizer runtime the sanitizer
# builds preload into Python.
clean = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS")}
subprocess.run([nvcc, source, "-o", program], check=True, env=clean)
cuda = subprocess.run([program], capture_output=True, text=True, check=True,
                      env=clean).stdout.split("\n")

from cudapy import _ir  # noqa: E402

ir = _ir.IR()
for line, struct_type in zip(cuda, (Padded, Small, Outer)):
    offsets, size = struct_type.layout()
    _, alignment = _ir.py_machine_layout(struct_type.mlir_type(ir))
    mine = "%s %s %d %d" % (struct_type.name, offsets, size, alignment)
    print(mine, "==" if mine == line else "!= " + line)
# CHECK: Padded [0, 16, 32, 40] 64 32 ==
# CHECK-NEXT: Small [0, 4] 8 8 ==
# CHECK-NEXT: Outer [0, 8, 16, 32, 48] 64 32 ==

# A host value is those bytes, and a kernel takes it as one parameter of
# that size and alignment.
value = Padded(1, 2.5, device.float32x2(-1.0, 4.0), -3)
data = value.to_bytes()
print(len(data), data[0], struct.unpack_from("<f", data, 16), struct.unpack_from("<2f", data, 32),
      struct.unpack_from("<h", data, 40))
# CHECK-NEXT: 64 1 (2.5,) (-1.0, 4.0) (-3,)


@device.kernel
def take(p, o, out):
    out[0] = p.value + p.pair.y + device.float32(p.last) + device.float32(o.z)
    out[1] = o.w.w + device.float32(o.inner.b)


memory = runtime.Device(0).empty((16,))
array = type("A", (), {"__cuda_array_interface__": {
    "shape": (2,), "typestr": "<f4", "strides": None, "version": 3,
    "data": (memory.__cuda_array_interface__["data"][0], False)}})()
outer = Outer(1.0, Small(2, 3), device.float32x3(1.0, 2.0, 3.0),
              device.float32x4(1.0, 2.0, 3.0, 4.0), 5)
params = take.compile((value, outer, array))["metadata"]["kernels"][0]["params"]
print([(p["size"], p["align"]) for p in params[:2]])
# CHECK-NEXT: [(64, 32), (64, 32)]
