"""Grouped matrix products (lists and tuples of arrays) against PyTorch,
one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/tile_grouped.py BUNDLE_DIR

For each set of problems (float16 and bfloat16, float32 accumulation):
examples/python/tile/grouped_matmul.py in one launch, with one tile block
per output tile and with as many blocks as SMs sharing the tiles (lists of
arrays), and its tuple kernel with as many blocks as SMs (each group's
arrays with their own facts, so tensor copies where they suit); PyTorch's
loop of one cuBLAS matmul per group (into preallocated outputs); and
PyTorch's torch._grouped_mm where this PyTorch has it (bfloat16, every
group's K and N equal: the mixture-of-experts shape). Each result is
checked against the float32 product first. Times are CUDA-event medians of
back-to-back calls (bench.median_ms: launch costs included), printed as
TFLOP/s with the ratio to the matmul loop; then the host time of one
grouped launch (bench.launch_us).
"""
import os
import sys

from bench import BUNDLE, ROOT, launch_us, median_ms

import torch  # noqa: E402

import cudapy.tile as ct  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import grouped_matmul  # noqa: E402

print("device:", torch.cuda.get_device_properties(0).name)
SMS = torch.cuda.get_device_properties(0).multi_processor_count
stream = torch.cuda.current_stream()

CASES = [
    ("8 x 1024^3", [(1024, 1024, 1024)] * 8),
    ("4 x 4096x4096x4096", [(4096, 4096, 4096)] * 4),
    ("16 experts m=64..2048 n=4096 k=1024",
     [(m, 4096, 1024) for m in (64, 128, 256, 512, 1024, 2048, 96, 1536,
                                 320, 768, 2048, 128, 1024, 512, 256, 1792)]),
    ("mixed", [(2048, 1024, 512), (300, 700, 500), (4096, 256, 2048), (96, 3000, 1000)]),
]


def flops(shapes):
    return sum(2.0 * m * n * k for m, n, k in shapes)


for dtype in (torch.float16, torch.bfloat16):
    for name, shapes in CASES:
        a = [torch.randn(m, k, device="cuda", dtype=dtype) for m, n, k in shapes]
        b = [torch.randn(k, n, device="cuda", dtype=dtype) for m, n, k in shapes]
        c = [torch.empty(m, n, device="cuda", dtype=dtype) for m, n, k in shapes]
        ref = [torch.empty(m, n, device="cuda", dtype=dtype) for m, n, k in shapes]
        total = flops(shapes)

        def ours(blocks=None, static=False):
            grouped_matmul.run(a, b, c, blocks=blocks, static=static, stream=stream)

        def loop():
            for x, y, z in zip(a, b, ref):
                torch.matmul(x, y, out=z)

        rows = []
        for label, fn in (("cudapy, a block per tile", lambda: ours()),
                          ("cudapy, %d persistent blocks" % SMS, lambda: ours(SMS)),
                          ("cudapy, tuples, %d blocks" % SMS, lambda: ours(SMS, True))):
            fn()
            torch.cuda.synchronize()
            error = max(((z.float() - x.float() @ y.float()).abs().max() /
                         (x.float() @ y.float()).abs().max()).item()
                        for x, y, z in zip(a, b, c))
            rows.append((label, median_ms(fn), error))
        base = median_ms(loop)
        rows.append(("torch.matmul per group", base, 0.0))
        ks = {k for m, n, k in shapes}
        ns = {n for m, n, k in shapes}
        if dtype is torch.bfloat16 and hasattr(torch, "_grouped_mm") and len(ks) == 1 and \
                len(ns) == 1:
            a_cat = torch.cat(a)
            b_stack = torch.stack(b)
            offsets = torch.tensor([sum(m for m, n, k in shapes[:i + 1])
                                    for i in range(len(shapes))], device="cuda",
                                   dtype=torch.int32)
            try:
                out = torch._grouped_mm(a_cat, b_stack, offs=offsets)
                rows.append(("torch._grouped_mm", median_ms(
                    lambda: torch._grouped_mm(a_cat, b_stack, offs=offsets)), 0.0))
            except Exception as why:  # noqa: BLE001
                print("  torch._grouped_mm unavailable:", str(why).splitlines()[0])
        print("%s %s (%.1f GFLOP)" % (name, str(dtype).split(".")[1], total / 1e9))
        for label, ms, error in rows:
            print("  %-34s %8.3f ms %7.1f TFLOP/s  %.2fx the loop%s"
                  % (label, ms, total / ms / 1e9, base / ms,
                     "" if error < 1e-2 else "  WRONG (relative error %g)" % error))

shapes = CASES[2][1]
a = [torch.randn(m, k, device="cuda", dtype=torch.float16) for m, n, k in shapes]
b = [torch.randn(k, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
c = [torch.empty(m, n, device="cuda", dtype=torch.float16) for m, n, k in shapes]
print("host time of one grouped launch (16 groups, 48 arrays): %.1f us"
      % launch_us(lambda: grouped_matmul.run(a, b, c, blocks=SMS, stream=stream)))
print("the same with tuples: %.1f us"
      % launch_us(lambda: grouped_matmul.run(a, b, c, blocks=SMS, static=True,
                                             stream=stream)))
