# py dialect kernels on the GPU, against NumPy computing the same Python
# semantics independently: every arithmetic operator over mixed types (both
# promotion policies), slicing and negative indices, reshape and view,
# structs, tuples and vectors passed by value with CUDA C++'s layout, and
# the bounds-check trap.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os
import struct
import subprocess
import sys

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Inputs", "py_kernels.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
module = device.load(cudapy.compile(source, chip=device.chip))
rng = np.random.default_rng(11)
n = 5000
grid = ((n + 127) // 128,)

# --- int32: + - * // % ** << >> (Python semantics, int32 wrap-around) ---
a = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
b = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
a[:100] = rng.integers(-50, 50, 100)
b[:100] = rng.integers(-9, 9, 100)
b[b == 0] = 3
a[(a == -2**31) & (b == -1)] = 5  # INT_MIN // -1 is undefined
out = cp.zeros((n, 10), dtype=cp.int32)
module.kernel("int_ops").launch(grid, (128,), cp.asarray(a), cp.asarray(b), out)


def wrap32(v):
    return (int(v) + 2**31) % 2**32 - 2**31


expected = np.zeros((n, 10), dtype=np.int64)
for i in range(n):
    x, y = int(a[i]), int(b[i])
    s, w = y & 31, y & 63
    expected[i] = [wrap32(x + y), wrap32(x - y), wrap32(x * y), wrap32(x // y),
                   wrap32(x % y), wrap32(x ** (y % 5)), wrap32(x << s), x >> s,
                   0 if w >= 32 else wrap32(x << w), x >> min(w, 31)]
got = cp.asnumpy(out).astype(np.int64)
print("int_ops:", [int((got[:, k] == expected[:, k]).sum()) for k in range(10)], "of", n)
# CHECK: int_ops: [5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000] of 5000

# --- mixed types ---
ai = rng.integers(-128, 128, n).astype(np.int8)
ui = rng.integers(0, 2**16, n).astype(np.uint16)
f = (rng.standard_normal(n) * 100).astype(np.float32)
g = (rng.standard_normal(n) * 10).astype(np.float32)
g[g == 0] = 1.5
d = rng.standard_normal(n) * 50
d[:10] = 0.0
d[10:20] = np.nan
out = cp.zeros((n, 26), dtype=cp.float64)
module.kernel("mixed_ops").launch(grid, (128,), cp.asarray(ai), cp.asarray(ui), cp.asarray(f),
                                   cp.asarray(g), cp.asarray(d), out)
got = cp.asnumpy(out)
with np.errstate(all="ignore"):
    ref = np.zeros((n, 26))
    ref[:, 0] = (ai.astype(np.int64) + 3 + 128) % 256 - 128
    ref[:, 1] = ui.astype(np.int64) * ai.astype(np.int64)
    ref[:, 2] = f / np.float32(3)
    ref[:, 3] = np.floor_divide(f, g)
    ref[:, 4] = np.remainder(f, g)
    ref[:, 5] = np.power(np.abs(d), g.astype(np.float64))
    ref[:, 6] = ai.astype(np.float64) / 7.0
    ref[:, 7] = np.floor_divide(ai.astype(np.float32), g).astype(np.int32)
    ref[:, 8] = ui.astype(np.int64) + ai.astype(np.int64)
    ref[:, 9] = f.astype(np.float64) < d
    ref[:, 10] = np.abs(ai)  # int8: abs(-128) wraps to -128
    ref[:, 11] = (-ui.astype(np.int64)) % 2**16
    ref[:, 12] = ~ai
    ref[:, 13] = f.astype(np.int32)
    ref[:, 14] = d != 0  # NaN is true
    z = f.astype(np.complex64) + g.astype(np.complex64) * np.complex64(1j)
    ref[:, 15] = np.abs(z * z)
    ref[:, 16] = 2
    a32, u32 = ai.astype(np.int32), ui.astype(np.int32)
    ref[:, 17] = u32 | a32
    ref[:, 18] = ai ^ np.int8(85)
    ref[:, 19] = f >= g
    ref[:, 20] = u32 > a32
    ref[:, 21] = ai <= 0
    ref[:, 22] = a32 != u32
    ref[:, 23] = ui
    ref[:, 24] = f.astype(np.float64) - d
    ref[:, 25] = ai == 7
exact = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]
same = (got == ref) | (np.isnan(got) & np.isnan(ref))  # NaN from NaN inputs
print("mixed_ops exact:", [int(same[:, k].sum()) for k in exact], "of", n)
# CHECK: mixed_ops exact: [5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000] of 5000
pow_ok = np.allclose(got[:, 5], ref[:, 5], rtol=1e-14, atol=0, equal_nan=True)
abs_ok = np.allclose(got[:, 15], ref[:, 15], rtol=2e-6, atol=0)
print("mixed_ops pow within 1e-14:", pow_ok, "complex abs within 2e-6:", abs_ok)
# CHECK: mixed_ops pow within 1e-14: True complex abs within 2e-6: True

# --- slicing, negative indices, reshape, view ---
rows, cols = 37, 11
x = rng.standard_normal((rows, cols)).astype(np.float32)
x[0, 5] = 123.75
v = x[::-1, 1::2]
out = cp.zeros(v.shape, dtype=cp.float32)
neg = cp.zeros(rows, dtype=cp.float32)
meta = cp.zeros(9, dtype=cp.int64)
module.kernel("views").launch((1,), (64, 8), cp.asarray(x), out, neg, meta)
device.synchronize()
print("views:", np.array_equal(cp.asnumpy(out), v),
      np.array_equal(cp.asnumpy(neg), x[::-1, -1]))
# CHECK: views: True True
expected_meta = [v.shape[0], v.shape[1], v.strides[0], v.strides[1], v.size, v.ndim,
                 len(x), int(x.reshape(-1)[5]), int(x.view(np.uint32)[0, 0])]
print("meta:", cp.asnumpy(meta).tolist() == expected_meta, cp.asnumpy(meta)[:6].tolist())
# CHECK: meta: True [37, 5, -44, 8, 185, 2]

# --- structs, tuples and vectors by value ---
point = struct.pack("<if", 7, 2.5)                  # struct point {int x; float y;}
vector = struct.pack("<3f", 1.0, 2.0, 3.0)         # float3
mixed = struct.pack("<b7xd?7x", -5, 6.25, True)    # {int8_t; double; bool}
out = cp.zeros(12, dtype=cp.float64)
module.kernel("aggregates").launch((1,), (1,), point, vector, mixed, -2, out)
print("aggregates:", cp.asnumpy(out).tolist())
# CHECK: aggregates: [7.0, 2.5, 70.0, 2.0, 1.0, 9.5, 3.0, -5.0, 6.25, 1.0, 3.0, 3.0]

# --- a NumPy structured array (packed, 5-byte records) ---
rec_dtype = np.dtype([("a", "u1"), ("b", "<f4")])
records = np.zeros(1001, dtype=rec_dtype)
records["a"] = rng.integers(0, 256, records.size)
records["b"] = rng.standard_normal(records.size).astype(np.float32)
buffer = runtime.DeviceBuffer(device, records.shape, typestr="|V5")
buffer.copy_from_host(records.tobytes())
sums = cp.zeros(records.size, dtype=cp.float32)
module.kernel("records").launch(((records.size + 127) // 128,), (128,), buffer, sums)
device.synchronize()
after = np.frombuffer(buffer.copy_to_host(), dtype=rec_dtype)
print("records:", np.array_equal(cp.asnumpy(sums), records["b"] + records["a"].astype(np.float32)),
      np.array_equal(after["a"], (records["a"].astype(np.int64) + 1) % 256),
      np.array_equal(after["b"], records["b"]))
# CHECK: records: True True True

# --- calls to interoperable device functions (their CUDA C++ ABI) ---
h = cp.asarray(np.array([1.5, -2.25], dtype=np.float16))
out = cp.zeros(6, dtype=cp.float32)
module.kernel("calls").launch((1,), (1,), h, out)
print("calls:", cp.asnumpy(out).tolist())
# CHECK: calls: [-2.25, 1.5, 3.25, 21.0, 7.5, 25.0]

# --- bounds checks trap with the source location ---
child = r"""
import sys, cupy as cp, cudapy
from cudapy import runtime
device = runtime.Device(0)
module = device.load(cudapy.compile(open(sys.argv[1]).read(), source_name=sys.argv[1],
                                   chip=device.chip, bounds_check=True))
a = cp.arange(8, dtype=cp.int32)
out = cp.zeros((4, 10), dtype=cp.int32)   # 4 rows: threads 4..7 index past them
module.kernel("int_ops").launch((1,), (8,), a, a + 1, out)
try:
    device.synchronize()
    print("no trap")
except runtime.CudaError as error:
    print("CudaError:", error)
"""
result = subprocess.run([sys.executable, "-c", child, os.path.join(here, "Inputs", "py_kernels.mlir")],
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
print(result.stdout.strip().replace("\n", " | "))
# CHECK: py_kernels.mlir:{{[0-9]+}}: int_ops: block: [0,0,0], thread: [{{[4-7]}},0,0] Assertion `array index out of range` failed.
# CHECK-SAME: CudaError: {{.*}}CUDA_ERROR_ASSERT
