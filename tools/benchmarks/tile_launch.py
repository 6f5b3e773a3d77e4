"""Host cost of one launch: `cudapy.tile.launch` against Triton, one run.

Usage (GPU machine with PyTorch and Triton, bundle unpacked, docs/Bundle.md):
    python3 tools/benchmarks/tile_launch.py BUNDLE_DIR

For the Python example kernels and Triton kernels with the same arguments,
on small problems (the GPU keeps up, so the host's launch is what is
timed): the CPU time of one launch, from 200 back-to-back launches, the
median of 15 trials, ours and Triton's alternating. Ours twice: with the
stream read once (`s = torch.cuda.current_stream()`) and with
`torch.cuda.current_stream()` in every call, as cuTile's samples write
it (Triton reads the stream itself). Prints microseconds and ratios.
"""
import os
import statistics
import sys

from bench import BUNDLE, ROOT, launch_us  # noqa: F401  (BUNDLE sets up the import path)

import torch  # noqa: E402

import cudapy.tile as ct  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import layernorm  # noqa: E402
import row_sum  # noqa: E402
import softmax  # noqa: E402
import transpose  # noqa: E402
import vector_add  # noqa: E402
from triton_kernels import tr_add, tr_layernorm, tr_row_sum, tr_softmax, tr_transpose  # noqa: E402

COUNT, TRIALS = 200, 15


def compare(name, ours_with_stream, ours, triton):
    for fn in (ours_with_stream, ours, triton):
        for _ in range(20):
            fn()
    samples = ([], [], [])
    for _ in range(TRIALS):
        for i, fn in enumerate((ours_with_stream, ours, triton)):
            samples[i].append(launch_us(fn, COUNT))
    a, b, c = (statistics.median(s) for s in samples)
    print("%-22s %10.2f %10.2f %10.2f %8.3f %8.3f" % (name, a, b, c, a / c, b / c))
    return a / c, b / c


cur = torch.cuda.current_stream
print("device:", torch.cuda.get_device_name(0))
print("%-22s %10s %10s %10s %8s %8s" % ("kernel", "ours us", "ours+cur", "triton us",
                                        "ratio", "ratio+cur"))
ratios = []
n = 1 << 16
a, b = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
c, cx = torch.empty_like(a), torch.empty_like(a)
s = cur()
grid = (ct.cdiv(n, 1024),)
ratios.append(compare("vector add", lambda: ct.launch(s, grid, vector_add.vector_add, (a, b, c, 1024)),
                      lambda: ct.launch(cur(), grid, vector_add.vector_add, (a, b, c, 1024)),
                      lambda: tr_add[grid](a, b, cx, n, BLOCK=1024, num_warps=4)))

m, k = 64, 1024
x = torch.randn(m, k, device="cuda")
y, yx = torch.empty_like(x), torch.empty_like(x)
ratios.append(compare("softmax", lambda: ct.launch(s, (m,), softmax.softmax, (x, y, k)),
                      lambda: ct.launch(cur(), (m,), softmax.softmax, (x, y, k)),
                      lambda: tr_softmax[(m,)](x, yx, k, k, BLOCK=k, num_warps=4)))

xh = torch.randn(m, k, device="cuda", dtype=torch.float16)
w = torch.randn(k, device="cuda", dtype=torch.float16)
bias = torch.randn(k, device="cuda", dtype=torch.float16)
yh, yhx = torch.empty_like(xh), torch.empty_like(xh)
ratios.append(compare("layernorm",
                      lambda: ct.launch(s, (m,), layernorm.layernorm_row, (xh, w, bias, yh, 1e-5, k)),
                      lambda: ct.launch(cur(), (m,), layernorm.layernorm_row,
                                        (xh, w, bias, yh, 1e-5, k)),
                      lambda: tr_layernorm[(m,)](xh, w, bias, yhx, k, k, 1e-5, BLOCK=k,
                                                 num_warps=4)))

sums, sumsx = torch.empty(m, device="cuda"), torch.empty(m, device="cuda")
ratios.append(compare("row sum", lambda: ct.launch(s, (m // 4,), row_sum.row_sum, (x, sums, 4, k)),
                      lambda: ct.launch(cur(), (m // 4,), row_sum.row_sum, (x, sums, 4, k)),
                      lambda: tr_row_sum[(m // 4,)](x, sumsx, k, m, k, BM=4, BN=k, num_warps=8)))

t = torch.randn(256, 256, device="cuda")
tt, ttx = torch.empty(256, 256, device="cuda"), torch.empty(256, 256, device="cuda")
ratios.append(compare("transpose", lambda: ct.launch(s, (4, 4), transpose.transpose, (t, tt, 64, 64)),
                      lambda: ct.launch(cur(), (4, 4), transpose.transpose, (t, tt, 64, 64)),
                      lambda: tr_transpose[(4, 4)](t, ttx, 256, 256, 256, 256, B=64, num_warps=4)))

assert torch.equal(c, cx) and torch.allclose(y, yx) and torch.equal(tt, ttx)
print("ratio (ours / Triton, lower is cheaper): stream read once %.3f to %.3f; "
      "current_stream() per call %.3f to %.3f"
      % (min(r[0] for r in ratios), max(r[0] for r in ratios),
         min(r[1] for r in ratios), max(r[1] for r in ratios)))
