# The matmul kernels of test/GPU/Inputs/tile_matmul.mlir (examples/tile/
# matmul.mlir as kernels; tensor cores on sm_80 and later) against a float64
# NumPy product of the same float16 inputs, with M, N and K that are not
# multiples of the tiles.
# REQUIRES: cuda-gpu
# RUN: %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Inputs", "tile_matmul.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
module = device.load(cudapy.compile(source, chip=device.chip))
rng = np.random.default_rng(7)
for name, tile, warps in (("matmul_64x64x32", 64, 4), ("matmul_128x128x32", 128, 8)):
    for m, n, k in ((300, 200, 100), (256, 512, 96), (129, 65, 33)):
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = cp.full((m, n), np.nan, dtype=np.float16)
        grid = ((m + tile - 1) // tile, (n + tile - 1) // tile)
        module.kernel(name).launch(grid, (32 * warps,), cp.asarray(a), cp.asarray(b), c)
        device.synchronize()
        want = a.astype(np.float64) @ b.astype(np.float64)
        got = cp.asnumpy(c).astype(np.float64)
        print(name, m, n, k, bool(np.allclose(got, want, rtol=1e-2, atol=1e-2)))
# CHECK: matmul_64x64x32 300 200 100 True
# CHECK: matmul_64x64x32 256 512 96 True
# CHECK: matmul_64x64x32 129 65 33 True
# CHECK: matmul_128x128x32 300 200 100 True
# CHECK: matmul_128x128x32 256 512 96 True
# CHECK: matmul_128x128x32 129 65 33 True
