"""Decode attention on the GPU: the cudapy.tile kernels of
examples/python/tile/attention_decode.py against PyTorch SDPA, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/attention_decode.py BUNDLE_DIR

One query token per head against caches of keys and values, grouped-query
heads (SDPA with enable_gqa, its own choice of backend). Each is checked
against SDPA, then both are timed from CUDA graphs (bench.graph_ms: the
GPU's time alone; ours is two kernels, the splits and their combination).
Decoding reads each key and value once, so the figure is GB/s of the
cache (2 b h_kv n d elements); the ratio is SDPA's time over ours. Then the
registers, local bytes and warps of our kernels.
"""
import math
import os
import sys

from bench import ROOT, graph_ms

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import attention_decode as ad  # noqa: E402

print("device:", torch.cuda.get_device_properties(0).name)
print("%-40s %8s %8s %8s" % ("shape (GB/s of the cache)", "ours", "sdpa", "vs sdpa"))
ratios = []
# (batch, query heads, kv heads, cache length, head dim)
shapes = [(8, 32, 8, 4096, 128), (1, 64, 8, 8192, 128), (4, 32, 32, 1000, 128),
          (16, 32, 8, 2048, 128), (2, 16, 2, 32768, 128), (8, 32, 8, 4096, 64)]
for dtype in (torch.float16, torch.bfloat16):
    for batch, hq, hkv, n, d in shapes:
        group = hq // hkv
        gen = torch.Generator(device="cuda").manual_seed(n + d)
        q = torch.randn(batch, hkv, group, d, device="cuda", dtype=dtype, generator=gen)
        k, v = (torch.randn(batch, hkv, n, d, device="cuda", dtype=dtype, generator=gen)
                for _ in range(2))
        o = torch.empty_like(q)
        q_sdpa = q.reshape(batch, hq, 1, d)

        def run_ours():
            ad.run(q, k, v, o, stream=torch.cuda.current_stream().cuda_stream)

        def run_sdpa():
            return F.scaled_dot_product_attention(q_sdpa, k, v, enable_gqa=True)

        run_ours()
        want = run_sdpa().reshape(o.shape).float()
        torch.cuda.synchronize()
        err = ((o.float() - want).abs().max() / want.abs().max()).item()
        bad = not err < (1e-2 if dtype == torch.float16 else 3e-2)
        ours_ms, sdpa_ms = graph_ms(run_ours), graph_ms(run_sdpa)
        gbs = lambda ms: 2.0 * batch * hkv * n * d * q.element_size() / ms / 1e6  # noqa: E731
        ratio = sdpa_ms / ours_ms
        ratios.append(ratio)
        label = "%s b%d hq%d hkv%d n%d d%d" % (str(dtype).split(".")[1], batch, hq, hkv, n, d)
        print("%-40s %8.0f %8.0f %8.3f%s" % (label, gbs(ours_ms), gbs(sdpa_ms), ratio,
                                             "  WRONG: %.3g" % err if bad else ""))
print("geometric mean vs sdpa: %.3f, minimum %.3f" % (
    math.exp(sum(math.log(r) for r in ratios) / len(ratios)), min(ratios)))

for kernel in (ad.attention_decode_split, ad.attention_decode_combine):
    for k in kernel._cache.values():
        print("%s: %d regs %d local %d warps" % (kernel.__name__, k.kernel.num_registers,
                                                 k.kernel.local_bytes, k.num_warps))
