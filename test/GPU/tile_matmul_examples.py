# The matmul examples beyond examples/tile/matmul.mlir, on the GPU against
# float64 NumPy products of the same values: batch matmul
# (examples/tile/batch_matmul.mlir), the fused bias + GELU/ReLU epilogue
# (matmul_epilogue.mlir) and the fp8 matmul with per-tensor scales
# (fp8_matmul.mlir, B as K x N and as N x K), with M, N and K that are not
# multiples of the tiles, and batches whose matrices are not 16-byte aligned.
# Compiled for the device's chip, sm_90a on an sm_90 device (wgmma), the
# device's chip at PTX ISA 8.4 (fp8 mma.sync from sm_89), and sm_80.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import math
import os
import sys

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, os.path.join(here, "Inputs"))
from bfloat16 import from_bfloat16_bits  # noqa: E402
from narrow_formats import random_finite_codes  # noqa: E402
from targets import tensor_core_targets  # noqa: E402

device = runtime.Device(0)
rng = np.random.default_rng(12)
SHAPES = [(300, 200, 100), (256, 256, 128), (129, 65, 200)]


def source(name):
    with open(os.path.join(root, "examples", "tile", name + ".mlir")) as f:
        return f.read()


def f16(shape):
    x = rng.standard_normal(shape).astype(np.float16)
    return x, x.astype(np.float64)


def close(got, want, scale, eps):
    """Within eps of the sum of the products' magnitudes (and the output's
    rounding)."""
    return bool(np.all(np.abs(got - want) <= eps * (scale + np.abs(want) + 1)))


def gapped(x):
    """`x` (3-D) on the device with 4 elements between its matrices: rows
    16-byte aligned, matrices not (the batch stride is 4 mod 8)."""
    batch, rows, cols = x.shape
    stride = rows * cols + 4
    flat = cp.zeros(batch * stride, dtype=x.dtype)
    view = cp.lib.stride_tricks.as_strided(
        flat, shape=x.shape, strides=(stride * x.itemsize, cols * x.itemsize, x.itemsize))
    view[...] = cp.asarray(x)
    return view


def batch_matmul(module, threads):
    ok = []
    # Contiguous batches, then (the last shape again) A's and B's matrices
    # apart by a stride whose chunks are not 16-byte aligned.
    for (m, n, k), spaced in [(shape, False) for shape in SHAPES] + [((256, 256, 128), True)]:
        batch = 3
        a, av = f16((batch, m, k))
        b, bv = f16((batch, k, n))
        c = cp.full((batch, m, n), np.nan, dtype=np.float16)
        grid = ((m + 127) // 128, (n + 127) // 128, batch)
        da, db = (gapped(a), gapped(b)) if spaced else (cp.asarray(a), cp.asarray(b))
        module.kernel("batch_matmul").launch(grid, (threads["batch_matmul"],), da, db, c)
        device.synchronize()
        ok.append(close(cp.asnumpy(c).astype(np.float64), av @ bv,
                        np.abs(av) @ np.abs(bv), 2e-3))
    return ok


def gelu(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def epilogue(module, threads):
    ok = []
    for act, fn in (("gelu", gelu), ("relu", lambda x: np.maximum(x, 0))):
        name = "matmul_bias_" + act
        for m, n, k in SHAPES:
            a, av = f16((m, k))
            b, bv = f16((k, n))
            bias, biasv = f16((n,))
            c = cp.full((m, n), np.nan, dtype=np.float16)
            grid = ((m + 127) // 128, (n + 127) // 128)
            module.kernel(name).launch(grid, (threads[name],), cp.asarray(a),
                                       cp.asarray(b), cp.asarray(bias), c)
            device.synchronize()
            want = fn(av @ bv + biasv)
            ok.append(close(cp.asnumpy(c).astype(np.float64), want,
                            np.abs(av) @ np.abs(bv) + np.abs(biasv), 2e-3))
    return ok


def fp8_matmul(module, threads):
    """fp8_matmul (B is K x N) and fp8_matmul_nt (W is N x K: A @ Wᵀ)."""
    ok = []
    for name in ("fp8_matmul", "fp8_matmul_nt"):
        for m, n, k in SHAPES:
            a, av = random_finite_codes("e4m3", (m, k), rng)
            if name == "fp8_matmul":
                b, bv = random_finite_codes("e4m3", (k, n), rng)
            else:
                b, wv = random_finite_codes("e4m3", (n, k), rng)
                bv = wv.T
            scale_a, scale_b = 0.01, 0.25
            c = cp.full((m, n), 0xFFFF, dtype=np.uint16)  # bfloat16 NaN
            grid = ((m + 127) // 128, (n + 127) // 128)
            module.kernel(name).launch(grid, (threads[name],), cp.asarray(a),
                                       cp.asarray(b), c, scale_a, scale_b)
            device.synchronize()
            want = (av @ bv) * np.float64(np.float32(scale_a) * np.float32(scale_b))
            scale = (np.abs(av) @ np.abs(bv)) * scale_a * scale_b
            got = from_bfloat16_bits(cp.asnumpy(c)).astype(np.float64)
            ok.append(close(got, want, scale, 2 ** -8))
    return ok


for label, chip, ptx in tensor_core_targets(device, sm_90a=True, ptx_84=True):
    results = []
    for name, run in (("batch_matmul", batch_matmul),
                      ("matmul_epilogue", epilogue), ("fp8_matmul", fp8_matmul)):
        compiled = cudapy.compile(source(name), chip=chip, ptx_version=ptx)
        threads = {kernel["name"]: kernel["max_threads_per_block"]
                   for kernel in compiled.metadata["kernels"]}
        results += run(device.load(compiled), threads)
    print("%s: %d of %d correct" % (label, sum(results), len(results)))
# CHECK-DAG: native: 16 of 16 correct
# CHECK-DAG: sm_90a: {{16 of 16 correct|skipped}}
# CHECK-DAG: native PTX 8.4: {{16 of 16 correct|skipped}}
# CHECK-DAG: sm_80: 16 of 16 correct
