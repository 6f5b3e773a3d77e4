# Tile kernels whose operands the tensor memory accelerator copies
# (Inputs/tile_tensor_copies.mlir: matmuls specialized on 16-byte alignment
# facts), on the GPU against float64 NumPy products of the same values:
# tiles of 256-, 128- and 64-byte rows (two boxes a stage, one, and four
# for B of the 128x256x64 kernels; 128 x 64 and 64 x 128 tiles), batches (3-D
# boxes), fp8 with B from a stage of Bᵀ, bfloat16; M, N and K not
# multiples of the tiles, K smaller than a tile, K = 0 (no copy: zeros),
# and views with row strides wider than their rows. Compiled for sm_90a
# (wgmma), the device's chip at PTX ISA 8.0 (mma.sync; the tensor copies'
# barriers need 8.0), and sm_80 (cp.async): the same results. On sm_90a
# the copies run on a producer warp (warp specialization: one warp more in
# the block than tile.num_warps says) in the four kernels that ask for it
# (tile.warp_specialize = true); elsewhere in none. The PTX must
# hold tensor copies where the chip has them, so that the test cannot pass
# on cp.async alone. Every kernel runs many launches with other arrays
# through the same argument buffers (the tensor maps are remade); the
# persistent kernel on 2 blocks, each looping over several tiles. Also:
# the runtime's refusal of an array that breaks a fact. The persistent
# kernels' tensor copies run through their loop over the tiles (on a
# producer warp in one, by the block itself in the other).
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

device = runtime.Device(0)
rng = np.random.default_rng(5)
with open(os.path.join(here, "Inputs", "tile_tensor_copies.mlir")) as f:
    SOURCE = f.read()
# (M, N, K); K = 40 is less than any tile's K, K = 0 has no copy.
SHAPES = [(300, 264, 200), (256, 512, 128), (129, 65, 40), (64, 80, 0)]


def close(got, want, scale, eps):
    return bool(np.all(np.abs(got - want) <= eps * (scale + np.abs(want) + 1)))


def f16(shape, pad=0, bf16=False):
    """Random float16 (or bfloat16, as bit patterns) values on the device,
    each row `pad` elements (a multiple of 8) apart from the next beyond its
    own rounded up to 8 elements, as the facts the kernels take ask: 16-byte
    strides."""
    x = rng.standard_normal(shape).astype(np.float16)
    stored = to_bfloat16_bits(x.astype(np.float32)) if bf16 else x
    values = (from_bfloat16_bits(stored) if bf16 else x).astype(np.float64)
    width = (shape[-1] + 7) // 8 * 8 + pad
    if width == shape[-1]:
        return cp.asarray(stored), values
    wide = cp.zeros(shape[:-1] + (width,), dtype=stored.dtype)
    view = wide[..., :shape[-1]]
    view[...] = cp.asarray(stored)
    return view, values


def matmuls(module, threads):
    ok = []
    for name, bm, bn in (("matmul_128x256x64", 128, 256), ("matmul_64x64x32", 64, 64),
                         ("matmul_bf16_128x256x64", 128, 256),
                         ("matmul_128x256x64_specialized", 128, 256),
                         ("matmul_128x256x64_persistent", 128, 256),
                         ("matmul_128x256x64_persistent_plain", 128, 256),
                         ("matmul_128x64x64", 128, 64), ("matmul_64x128x64", 64, 128),
                         ("matmul_64x64x128", 64, 64)):
        bf16 = "bf16" in name
        for (m, n, k), pad in [(shape, 0) for shape in SHAPES] + [((300, 264, 200), 24)]:
            a, av = f16((m, k), pad, bf16)
            b, bv = f16((k, n), pad, bf16)
            c = cp.full((m, n), 0xFFFF if bf16 else np.nan,
                        dtype=np.uint16 if bf16 else np.float16)
            grid = ((m + bm - 1) // bm, (n + bn - 1) // bn)
            if "persistent" in name:  # 2 blocks, each looping over tiles
                grid = (2,)
            module.kernel(name).launch(grid, (threads[name],), a, b, c)
            device.synchronize()
            got = cp.asnumpy(c)
            got = (from_bfloat16_bits(got) if bf16 else got).astype(np.float64)
            ok.append(("%s %dx%dx%d pad %d" % (name, m, n, k, pad),
                       close(got, av @ bv, np.abs(av) @ np.abs(bv),
                             2 ** -8 if bf16 else 2e-3)))
    return ok


def batch_matmul(module, threads):
    ok = []
    for m, n, k in SHAPES[:3]:
        a, av = f16((3, m, k))
        b, bv = f16((3, k, n))
        c = cp.full((3, m, n), np.nan, dtype=np.float16)
        grid = ((m + 127) // 128, (n + 127) // 128, 3)
        module.kernel("batch_matmul").launch(grid, (threads["batch_matmul"],), a, b, c)
        device.synchronize()
        ok.append(("batch_matmul %dx%dx%d" % (m, n, k),
                   close(cp.asnumpy(c).astype(np.float64), av @ bv,
                         np.abs(av) @ np.abs(bv), 2e-3)))
    return ok


def fp8_matmul_nt(module, threads):
    """Within 2^-8 of the products' magnitudes: wgmma accumulates 8-bit
    products with fewer bits than float32 (about 1e-3 of them measured,
    with cp.async copies as with tensor copies)."""
    ok = []
    for m, n, k in [(300, 264, 272), (129, 65, 48)]:
        a, av = random_finite_codes("e4m3", (m, k), rng)
        w, wv = random_finite_codes("e4m3", (n, k), rng)
        c = cp.full((m, n), np.nan, dtype=np.float32)
        grid = ((m + 127) // 128, (n + 127) // 128)
        module.kernel("fp8_matmul_nt").launch(grid, (threads["fp8_matmul_nt"],),
                                              cp.asarray(a), cp.asarray(w), c)
        device.synchronize()
        ok.append(("fp8_matmul_nt %dx%dx%d" % (m, n, k),
                   close(cp.asnumpy(c).astype(np.float64), av @ wv.T,
                         np.abs(av) @ np.abs(wv).T, 2 ** -8)))
    return ok


def refusal(module, threads):
    """An array whose base breaks the 16-byte alignment fact is refused."""
    a = cp.zeros(64 * 64 + 1, dtype=np.float16)[1:].reshape(64, 64)
    b = cp.zeros((64, 64), dtype=np.float16)
    c = cp.zeros((64, 64), dtype=np.float16)
    try:
        module.kernel("matmul_64x64x32").launch((1, 1), (threads["matmul_64x64x32"],), a, b, c)
    except TypeError as error:  # the runtime's refusal of an argument
        return [("refusal", "aligned to 16 bytes" in str(error))]
    return [("refusal", False)]


sm = int(device.chip[3:])
targets = [("sm_80", "sm_80", None)]
if sm >= 90:
    targets.append(("native PTX 8.0", device.chip, "8.0"))
if device.chip == "sm_90":
    targets.append(("sm_90a", "sm_90a", None))
else:
    print("sm_90a: skipped (not an sm_90 device)")
for label, chip, ptx in targets:
    compiled = cudapy.compile(SOURCE, chip=chip, ptx_version=ptx)
    copies = compiled.ptx.count("cp.async.bulk.tensor")
    threads = {kernel["name"]: kernel["max_threads_per_block"]
               for kernel in compiled.metadata["kernels"]}
    # A producer warp makes the block one warp more than its warpgroups.
    specialized = sum(count % 128 == 32 for count in threads.values())
    module = device.load(compiled)
    results = (matmuls(module, threads) + batch_matmul(module, threads)
               + fp8_matmul_nt(module, threads) + refusal(module, threads))
    print("%s: %d of %d correct, tensor copies %s, producer warps in %d of %d kernels" % (
        label, sum(ok for _, ok in results), len(results), "yes" if copies else "no",
        specialized, len(threads)))
    for case, ok in results:
        if not ok:
            print("  wrong:", case)
# CHECK-DAG: sm_80: 51 of 51 correct, tensor copies no, producer warps in 0 of 11 kernels
# CHECK-DAG: native PTX 8.0: 51 of 51 correct, tensor copies yes, producer warps in 0 of 11 kernels
# CHECK-DAG: sm_90a: {{51 of 51 correct, tensor copies yes, producer warps in 4 of 11 kernels|skipped}}
