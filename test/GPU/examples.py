# The shipped examples, compiled for this GPU and run on CuPy (or PyTorch)
# arrays, against NumPy references computed on the host.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "examples")

try:
    import cupy as xp

    def to_device(a):
        return xp.asarray(a)

    def to_host(a):
        return xp.asnumpy(a)
except ImportError:
    import torch

    def to_device(a):
        return torch.from_numpy(a).cuda()

    def to_host(a):
        return a.cpu().numpy()

device = runtime.Device(0)
print("device:", device.name, device.chip)
# CHECK: device: {{.+}} sm_{{[0-9]+}}


def load(name):
    with open(os.path.join(examples, name + ".mlir")) as f:
        compiled = cudapy.compile(f.read(), source_name=name + ".mlir", chip=device.chip)
    return device.load(compiled).kernel(name)


rng = np.random.default_rng(2026)

# vector_add: exact.
n = 1_000_003
a = rng.standard_normal(n, dtype=np.float32)
b = rng.standard_normal(n, dtype=np.float32)
da, db = to_device(a), to_device(b)
dc = to_device(np.zeros(n, dtype=np.float32))
load("vector_add").launch(((n + 255) // 256,), (256,), da, db, dc, n)
device.synchronize()
c = to_host(dc)
print("vector_add: exact", np.array_equal(c, a + b))
# CHECK-NEXT: vector_add: exact True

# softplus: libdevice expf/log1pf against float64 NumPy.
x = rng.uniform(-30, 30, n).astype(np.float32)
dx, dy = to_device(x), to_device(np.zeros(n, dtype=np.float32))
load("softplus").launch(((n + 255) // 256,), (256,), dx, dy, n)
device.synchronize()
y = to_host(dy)
reference = np.logaddexp(0.0, x.astype(np.float64))
error = np.abs(y - reference) / np.maximum(np.abs(reference), 1e-30)
print("softplus: max relative error below 1e-6", bool(error.max() < 1e-6),
      "(%.2e)" % error.max())
# CHECK-NEXT: softplus: max relative error below 1e-6 True

# block_sum: each block of 256 sums its elements (zero past n).
blocks = (n + 255) // 256
dsums = to_device(np.zeros(blocks, dtype=np.float32))
load("block_sum").launch((blocks,), (256,), da, dsums, n)
device.synchronize()
sums = to_host(dsums)
padded = np.zeros(blocks * 256, dtype=np.float64)
padded[:n] = a
expected = padded.reshape(blocks, 256).sum(axis=1)
print("block_sum: close", bool(np.allclose(sums, expected, rtol=1e-5, atol=1e-4)))
# CHECK-NEXT: block_sum: close True
