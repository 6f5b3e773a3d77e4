"""One launch each of our layernorm (4096 x 4096, f16, 8 warps) and the
Triton kernel of tile_kernels.py, for ncu (docs/performance.md):
    ncu --clock-control none --kernel-name regex:layernorm --launch-skip 2 \
        --launch-count 2 --section LaunchStats --section Occupancy \
        python3 tools/benchmarks/ncu_layernorm.py BUNDLE_DIR
"""
import os
import sys

bundle = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
sys.path.insert(0, os.path.join(root, "tools", "benchmarks"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402


@triton.jit
def tr_layernorm(x, w, b, y, stride, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    v = tl.load(x + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(v, axis=0) / n
    xc = tl.where(mask, v - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(xc * xc, axis=0) / n + eps)
    wv = tl.load(w + cols, mask=mask, other=0.0).to(tl.float32)
    bv = tl.load(b + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(y + row * stride + cols, (xc * rstd * wv + bv).to(tl.float16), mask=mask)


device = runtime.Device(0)
source = open(os.path.join(root, "examples", "tile", "layernorm.mlir")).read()
source = source.replace("1024", "4096").replace(
    "kernel {", "kernel attributes {tile.num_warps = 8} {")
ptx = cudapy.compile(source, chip=device.chip)
open(os.path.join(os.environ.get("OUT", "/tmp"), "layernorm4096.ptx"), "w").write(
    ptx if isinstance(ptx, str) else getattr(ptx, "ptx", str(ptx)))
k = device.load(ptx).kernel("layernorm")
m = n = 4096
x = torch.randn(m, n, device="cuda", dtype=torch.float16)
w = torch.randn(n, device="cuda", dtype=torch.float16)
b = torch.randn(n, device="cuda", dtype=torch.float16)
y, yt = torch.empty_like(x), torch.empty_like(x)
for _ in range(2):
    k.launch((m,), (256,), x, w, b, y)
    tr_layernorm[(m,)](x, w, b, yt, n, n, 1e-5, BLOCK=4096, num_warps=8)
torch.cuda.synchronize()
print("ok", torch.allclose(y.float(), yt.float(), atol=2e-2, rtol=2e-2))
