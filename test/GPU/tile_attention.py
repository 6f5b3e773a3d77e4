# The flash-attention kernels of examples/tile/attention.mlir (head dim 64,
# 4 warps) and test/GPU/Inputs/tile_attention_d128.mlir (head dim 128,
# 8 warps; on sm_90a also examples/tile/attention_d128.mlir, blocks of 128
# keys), float16 and bfloat16, causal and not, against a float64 NumPy
# softmax(Q K^T scale) V of the same inputs; sequences that are multiples
# of the 128-row and 64-key blocks and ones that are not. Run for the
# device's chip, sm_90a, and sm_80's PTX on this device. At head dim 128
# without wgmma (sm_80, sm_90) the kernels stage their mma operands through
# shared memory in scratch buffers that share it, within a block's.
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
sys.path.insert(0, os.path.join(here, "Inputs"))
from bfloat16 import from_bfloat16_bits, to_bfloat16_bits  # noqa: E402
root = os.path.dirname(os.path.dirname(here))
sources = [open(os.path.join(root, "examples", "tile", "attention.mlir")).read(),
           open(os.path.join(here, "Inputs", "tile_attention_d128.mlir")).read()]
# Blocks of 128 keys at head dim 128 fit only beside wgmma (sm_90a).
wgmma_sources = [open(os.path.join(root, "examples", "tile", "attention_d128.mlir")).read()]
device = runtime.Device(0)
rng = np.random.default_rng(5)


def reference(q, k, v, scale, causal):
    s = np.einsum("bqd,bkd->bqk", q, k) * scale
    if causal:
        n = q.shape[1]
        s = np.where(np.tril(np.ones((n, n), dtype=bool)), s, -np.inf)
    s = s - s.max(axis=2, keepdims=True)
    p = np.exp(s)
    return np.einsum("bqk,bkd->bqd", p / p.sum(axis=2, keepdims=True), v)


def gpu_reference(q, k, v, scale):
    """Causal softmax(q k^T scale) v of one head, float32, CuPy."""
    s = (q @ k.T) * scale
    n = q.shape[0]
    s = cp.where(cp.tril(cp.ones((n, n), dtype=bool)), s, -cp.inf)
    p = cp.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v


chips = [("native", device.chip), ("sm_90a", "sm_90a"), ("sm_80", "sm_80")]
for label, chip in chips:
    if chip == "sm_90a" and device.chip != "sm_90":
        print("sm_90a: skipped (not an sm_90 device)")
        continue
    correct = total = 0
    for source in sources + (wgmma_sources if chip == "sm_90a" else []):
        try:
            compiled = cudapy.compile(source, chip=chip)
        except cudapy.CompileError as error:
            # Without wgmma, sm_80's block cannot hold the head-dim-128
            # kernels' operand staging.
            if chip != "sm_90a" and "shared memory" in str(error):
                print("%s: head dim 128 refused: %s" % (label, "more than the" in str(error)))
                continue
            raise
        module = device.load(compiled)
        for kernel in compiled.metadata["kernels"]:
            name = kernel["name"]
            d = 128 if "d128" in name else 64
            bf16 = "bf16" in name
            causal = "causal" in name
            threads = kernel["max_threads_per_block"]
            shapes = [(3, 200), (2, 256), (1, 77)]
            # The causal kernels take their blocks heaviest first in groups
            # of heads that fit L2 (65536 / n heads at head dim 64, 32768 / n
            # at 128): 5 heads of 16384 make groups of 4 + 1 (2 + 2 + 1).
            if causal and not bf16 and chip == "sm_90a":
                shapes.append((5, 16384))
            for bh, n in shapes:
                q, k, v = (rng.standard_normal((bh, n, d)).astype(np.float32) for _ in range(3))
                if bf16:
                    bits = [to_bfloat16_bits(x) for x in (q, k, v)]
                    q, k, v = (from_bfloat16_bits(b) for b in bits)
                    args = [cp.asarray(b) for b in bits]
                    o = cp.full((bh, n, d), 0xFFFF, dtype=np.uint16)  # NaN
                else:
                    q, k, v = (x.astype(np.float16) for x in (q, k, v))
                    args = [cp.asarray(x) for x in (q, k, v)]
                    o = cp.full((bh, n, d), np.nan, dtype=np.float16)
                scale = 1.0 / math.sqrt(d)
                module.kernel(name).launch(((n + 127) // 128, bh), (threads,), *args, o, scale)
                device.synchronize()
                if n > 4096:  # float32 on the GPU (CuPy), a head at a time
                    want = np.stack([cp.asnumpy(gpu_reference(
                        *(cp.asarray(x[h].astype(np.float32)) for x in (q, k, v)), scale))
                        for h in range(bh)]).astype(np.float64)
                else:
                    want = reference(*(x.astype(np.float64) for x in (q, k, v)), scale, causal)
                got = cp.asnumpy(o)
                got = (from_bfloat16_bits(got) if bf16 else got).astype(np.float64)
                # The output is a convex combination of V's rows (|V| < ~5):
                # float16 P and O round at 2^-11, bfloat16 at 2^-8.
                tolerance = 3e-2 if bf16 else 5e-3
                ok = bool(np.allclose(got, want, rtol=tolerance, atol=tolerance))
                correct += ok
                total += 1
                if not ok:
                    print(label, name, bh, n, "wrong: max error %g" % np.nanmax(np.abs(got - want)))
    print("%s: %d of %d correct" % (label, correct, total))
# CHECK: native: 18 of 18 correct
# CHECK: sm_90a: {{30 of 30 correct|skipped}}
# CHECK: sm_80: 18 of 18 correct
