"""Flash-attention backward on the GPU: the cudapy.tile kernels of
examples/python/tile/attention_backward.py against PyTorch SDPA's flash
backend, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/attention_backward.py BUNDLE_DIR

Ours: the example's backward (D = rowsum(O dO), then dK and dV with 128
keys a block, then dQ with 64 queries a block; 64-row blocks of queries in
the dK dV kernel), from the example's forward's log-sum-exp. SDPA:
torch.autograd.grad of scaled_dot_product_attention on its flash backend
(its backward kernel and preprocessing). Batch 4 x 16 heads, sequences of
1k and 4k, head dim 64 and 128, causal and not, float16 and bfloat16.
Each is checked against SDPA's gradients, then timed with CUDA events
(bench.median_ms: back-to-back calls; the autograd engine's backward runs
outside graph capture). Prints TFLOP/s (10 b h n^2 d for
the five products, halved when causal) and ratios, and the registers,
local bytes and warps of our kernels.
"""
import math
import os
import sys

from bench import ROOT, median_ms

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: E402

import attention_backward as ab  # noqa: E402

print("device:", torch.cuda.get_device_properties(0).name)
batch, heads = 4, 16
print("%-34s %8s %8s %8s" % ("shape", "ours", "sdpa", "vs sdpa"))
ratios = []
for dtype in (torch.float16, torch.bfloat16):
    for d in (64, 128):
        for causal in (False, True):
            for n in (1024, 4096):
                gen = torch.Generator(device="cuda").manual_seed(n + d)
                q, k, v, do = (torch.randn(batch * heads, n, d, device="cuda", dtype=dtype,
                                           generator=gen) for _ in range(4))
                o = torch.empty_like(q)
                lse = torch.empty(batch * heads, n, device="cuda", dtype=torch.float32)
                delta = torch.empty_like(lse)
                dq, dk, dv = (torch.empty_like(q) for _ in range(3))
                ab.forward(q, k, v, o, lse, causal)
                leaves = [x.view(batch, heads, n, d).detach().requires_grad_() for x in (q, k, v)]
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    out = F.scaled_dot_product_attention(*leaves, is_causal=causal)
                grads = torch.autograd.grad(out, leaves, do.view(batch, heads, n, d),
                                            retain_graph=True)

                def run_ours():
                    ab.backward(q, k, v, o, do, lse, delta, dq, dk, dv, causal,
                                stream=torch.cuda.current_stream().cuda_stream)

                run_ours()
                torch.cuda.synchronize()
                bad = []
                for name, got, want in zip(("dq", "dk", "dv"), (dq, dk, dv), grads):
                    want = want.reshape(got.shape).float()
                    err = ((got.float() - want).abs().max() / want.abs().max()).item()
                    if not err < (2e-2 if dtype == torch.float16 else 5e-2):
                        bad.append("%s %.3g" % (name, err))

                def run_sdpa():
                    torch.autograd.grad(out, leaves, do.view(batch, heads, n, d),
                                        retain_graph=True)

                ours_ms = median_ms(run_ours)
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    sdpa_ms = median_ms(run_sdpa)
                flops = 10.0 * batch * heads * n * n * d / (2 if causal else 1)
                tf = lambda ms: flops / ms / 1e9  # noqa: E731
                ratio = sdpa_ms / ours_ms
                ratios.append(ratio)
                label = "%s d%d n%d%s" % (str(dtype).split(".")[1], d, n,
                                          " causal" if causal else "")
                print("%-34s %8.1f %8.1f %8.3f%s" % (label, tf(ours_ms), tf(sdpa_ms), ratio,
                                                     "  WRONG: " + ", ".join(bad) if bad else ""))
print("geometric mean vs sdpa: %.3f, minimum %.3f" % (
    math.exp(sum(math.log(r) for r in ratios) / len(ratios)), min(ratios)))

# Registers, local (spill) bytes and warps of each specialization our
# kernels compiled.
for kernel in (ab.attention_delta, ab.attention_dkdv, ab.attention_dq):
    for k in kernel._cache.values():
        print("%s: %d regs %d local %d warps" % (kernel.__name__, k.kernel.num_registers,
                                                 k.kernel.local_bytes, k.num_warps))
