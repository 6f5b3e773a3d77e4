# Upstream nvgpu kernels (test/GPU/Inputs/nvgpu_mma.mlir) on the GPU: one
# mma.sync m16n8k16 with f16 operands and f32 accumulators, A read lane by
# lane or through cp.async and ldmatrix, against a float64 NumPy product of
# the same f16 values.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Inputs", "nvgpu_mma.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
module = device.load(cudapy.compile(source, chip=device.chip))
rng = np.random.default_rng(3)
a = rng.standard_normal((16, 16)).astype(np.float16)
b = rng.standard_normal((16, 8)).astype(np.float16)
c = rng.standard_normal((16, 8)).astype(np.float32)
want = a.astype(np.float64) @ b.astype(np.float64) + c
for name in ("mma_direct", "mma_async"):
    d = cp.full((16, 8), np.nan, dtype=np.float32)
    module.kernel(name).launch((1,), (32,), cp.asarray(a), cp.asarray(b), cp.asarray(c), d)
    device.synchronize()
    got = cp.asnumpy(d)
    print(name, bool(np.allclose(got, want, rtol=1e-3, atol=1e-3)),
          float(np.max(np.abs(got - want))) < 1e-2)
# CHECK: mma_direct True True
# CHECK: mma_async True True
