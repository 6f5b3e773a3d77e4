# tile.mma for every dtype pair it accepts (test/GPU/Inputs/
# tile_mma_dtypes.mlir): f16 with an f16 accumulator, tf32, si8, ui8, the fp8
# formats, f32, f64, bf16 with B transposed (a column-major view), f16 with
# B as permuted tiles of Bᵀ (stages read transposed; on sm_90a a K-major
# wgmma for bf16 and the fp8 formats), batches (3-D arrays),
# against float64 or int64 NumPy products of the same values,
# with M, N and K that are not multiples of the tiles. Compiled for the
# device's chip (fp8 through f16 tensor cores at its default PTX ISA), at
# PTX ISA 8.4 on sm_89 and later (fp8 mma.sync), and for sm_80, whose PTX the
# driver compiles for this device.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os
import sys

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "Inputs"))
from bfloat16 import from_bfloat16_bits, to_bfloat16_bits  # noqa: E402
from narrow_formats import random_finite_codes  # noqa: E402
from targets import tensor_core_targets  # noqa: E402

with open(os.path.join(here, "Inputs", "tile_mma_dtypes.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
rng = np.random.default_rng(11)


def round_tf32(x):
    """float32 -> tf32 (10 mantissa bits), to nearest even, as float64."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0xFFF + ((bits >> 13) & 1)) >> 13) << 13
    return rounded.astype(np.uint32).view(np.float32).astype(np.float64)


def operands(dtype, shape):
    """(what the kernel reads, the values it stands for in float64 or
    int64)."""
    if dtype == "f16":
        x = rng.standard_normal(shape).astype(np.float16)
        return x, x.astype(np.float64)
    if dtype == "bf16":
        bits = to_bfloat16_bits(rng.standard_normal(shape).astype(np.float32))
        return bits, from_bfloat16_bits(bits).astype(np.float64)
    if dtype == "tf32":
        x = rng.standard_normal(shape).astype(np.float32)
        return x, round_tf32(x)
    if dtype == "f32":
        x = rng.standard_normal(shape).astype(np.float32)
        return x, x.astype(np.float64)
    if dtype == "f64":
        x = rng.standard_normal(shape)
        return x, x
    if dtype == "si8":
        x = rng.integers(-128, 128, size=shape).astype(np.int8)
        return x, x.astype(np.int64)
    if dtype == "ui8":
        x = rng.integers(0, 256, size=shape).astype(np.uint8)
        return x, x.astype(np.int64)
    return random_finite_codes(dtype, shape, rng)


# kernel: operand dtype, output dtype, tile (M, N), B transposed (a view of
# Bᵀ, or "permuted": the kernel takes Bᵀ and permutes its tiles), batched.
KERNELS = {
    "mma_f16_acc_f16": ("f16", "f16", (64, 64), False, False),
    "mma_tf32": ("tf32", "f32", (64, 64), False, False),
    "mma_si8": ("si8", "si32", (64, 64), False, False),
    "mma_ui8": ("ui8", "si32", (64, 64), False, False),
    "mma_e4m3": ("e4m3", "f32", (64, 64), False, False),
    "mma_e5m2": ("e5m2", "f32", (64, 64), False, False),
    "mma_f32": ("f32", "f32", (64, 64), False, False),
    "mma_f64": ("f64", "f64", (64, 64), False, False),
    "mma_bf16_bt": ("bf16", "f32", (64, 64), True, False),
    "mma_f16_batch": ("f16", "f16", (128, 64), False, True),
    "mma_si8_bt": ("si8", "si32", (64, 64), True, False),
    "mma_tf32_batch": ("tf32", "f32", (64, 64), False, True),
    "mma_f16_permuted_b": ("f16", "f32", (64, 128), "permuted", False),
    "mma_bf16_permuted_b_w4": ("bf16", "f32", (64, 128), "permuted", False),
    "mma_e4m3_permuted_b": ("e4m3", "f32", (64, 128), "permuted", False),
    "mma_e5m2_permuted_b": ("e5m2", "f32", (64, 128), "permuted", False),
}
OUT = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "si32": np.int32}


def check(module, threads, name, m, n, k, batch):
    dtype, out, (bm, bn), transposed, batched = KERNELS[name]
    lead = (batch,) if batched else ()
    a, a_values = operands(dtype, lead + (m, k))
    if transposed == "permuted":  # the kernel takes Bᵀ and permutes tiles
        bt, bt_values = operands(dtype, (n, k))
        b, b_values = cp.asarray(bt), bt_values.T
    elif transposed:  # B is the transpose of an N x K row-major array
        bt, bt_values = operands(dtype, (n, k))
        b, b_values = cp.asarray(bt).T, bt_values.T
    else:
        b, b_values = operands(dtype, lead + (k, n))
        b = cp.asarray(b)
    fill = np.iinfo(np.int32).min if out == "si32" else np.nan
    c = cp.full(lead + (m, n), fill, dtype=OUT[out])
    grid = ((m + bm - 1) // bm, (n + bn - 1) // bn) + lead
    module.kernel(name).launch(grid, (threads[name],), cp.asarray(a), b, c)
    device.synchronize()
    got = cp.asnumpy(c)
    want = a_values @ b_values
    if out == "si32":  # integers: exact, wrapping like the accumulator
        return bool(np.array_equal(got.astype(np.int64),
                                   want.astype(np.int32).astype(np.int64)))
    # Floats: the error of accumulating in the accumulator's precision,
    # against the sum of the products' magnitudes.
    scale = np.abs(a_values) @ np.abs(b_values)
    eps = {"f16": 1e-2, "f32": 1e-4, "f64": 1e-13}[out]
    return bool(np.all(np.abs(got.astype(np.float64) - want) <= eps * (scale + 1)))


for label, chip, ptx in tensor_core_targets(device, ptx_84=True):
    compiled = cudapy.compile(source, chip=chip, ptx_version=ptx)
    module = device.load(compiled)
    threads = {kernel["name"]: kernel["max_threads_per_block"]
               for kernel in compiled.metadata["kernels"]}
    correct = total = 0
    for name in KERNELS:
        for m, n, k in ((300, 200, 100), (129, 65, 160), (64, 64, 64)):
            ok = check(module, threads, name, m, n, k, batch=3)
            correct += ok
            total += 1
            if not ok:
                print(label, name, m, n, k, "wrong")
    print("%s: %d of %d correct" % (label, correct, total))
# CHECK-DAG: native: 48 of 48 correct
# CHECK-DAG: native PTX 8.4: {{48 of 48 correct|skipped}}
# CHECK-DAG: sm_80: 48 of 48 correct
