# The matmul kernels of test/GPU/Inputs/tile_matmul.mlir (examples/tile/
# matmul.mlir as kernels, in several tile shapes and warp counts, float16 and
# bfloat16, one in grouped program order, one persistent, one taking B as
# W = Bᵀ (N x K); tensor cores on sm_80 and later)
# against a float64 NumPy product of the same inputs, with M, N and K that are not multiples of the tiles
# (ragged edges, and rows whose 16-byte chunks are not aligned, which the
# asynchronous copies take element by element) and ones that are.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os
import re
import sys

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "Inputs"))
from bfloat16 import from_bfloat16_bits, to_bfloat16_bits  # noqa: E402
from targets import tensor_core_targets  # noqa: E402
with open(os.path.join(here, "Inputs", "tile_matmul.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
rng = np.random.default_rng(7)


# The device's own chip; on an sm_90 device its architecture-specific
# sm_90a (wgmma); then the sm_80 path (cp.async, ldmatrix, mma.sync), whose
# PTX the driver compiles for this device.
for label, chip, _ in tensor_core_targets(device, sm_90a=True):
    compiled = cudapy.compile(source, chip=chip)
    correct = total = 0
    module = device.load(compiled)
    for kernel in compiled.metadata["kernels"]:
        name = kernel["name"]
        bm, bn, _ = (int(x) for x in re.search(r"(\d+)x(\d+)x(\d+)", name).groups())
        threads = kernel["max_threads_per_block"]
        bf16 = "bf16" in name
        for m, n, k in ((300, 200, 100), (256, 512, 96), (129, 65, 33)):
            a = rng.standard_normal((m, k)).astype(np.float32)
            b = rng.standard_normal((k, n)).astype(np.float32)
            if bf16:
                a_bits, b_bits = to_bfloat16_bits(a), to_bfloat16_bits(b)
                a, b = from_bfloat16_bits(a_bits), from_bfloat16_bits(b_bits)
                c = cp.full((m, n), 0xFFFF, dtype=np.uint16)  # NaN
                args = (cp.asarray(a_bits), cp.asarray(b_bits), c)
            else:
                a, b = a.astype(np.float16), b.astype(np.float16)
                c = cp.full((m, n), np.nan, dtype=np.float16)
                # _nt: the kernel takes W = Bᵀ, N x K row-major.
                second = np.ascontiguousarray(b.T) if "_nt" in name else b
                args = (cp.asarray(a), cp.asarray(second), c)
            grid = ((m + bm - 1) // bm, (n + bn - 1) // bn)
            if "grouped" in name:  # one block per tile of C, in grouped order
                grid = (grid[0] * grid[1],)
            if "persistent" in name:  # fewer blocks than tiles: each takes several
                grid = (5,)
            module.kernel(name).launch(grid, (threads,), *args)
            device.synchronize()
            want = a.astype(np.float64) @ b.astype(np.float64)
            got = cp.asnumpy(c)
            got = (from_bfloat16_bits(got) if bf16 else got).astype(np.float64)
            # float16 out: 2^-11 relative; bfloat16: 2^-8.
            tolerance = 2e-2 if bf16 else 1e-2
            ok = bool(np.allclose(got, want, rtol=tolerance, atol=tolerance * 4))
            correct += ok
            total += 1
            if not ok:
                print(label, name, m, n, k, "wrong: max error %g" % np.abs(got - want).max())
    print("%s: %d of %d correct" % (label, correct, total))
# CHECK-DAG: native: 33 of 33 correct
# CHECK-DAG: sm_90a: {{33 of 33 correct|skipped}}
# CHECK-DAG: sm_80: 33 of 33 correct
