"""Two launches each of our layernorm (f16; 4096 x 4096 on 8 warps, or
16384 x 1024 on 4 with N = 1024) and the Triton kernel of triton_kernels.py,
for ncu (docs/performance.md):
    ncu --clock-control none --kernel-name regex:layernorm --launch-skip 2 \
        --launch-count 2 --section LaunchStats --section Occupancy \
        python3 tools/benchmarks/ncu_layernorm.py BUNDLE_DIR [N]
"""
import os
import sys

bundle = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")
import torch  # noqa: E402
from triton_kernels import tr_layernorm  # noqa: E402  (beside this script)

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402


device = runtime.Device(0)
n = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
m, warps = (4096, 8) if n == 4096 else (16384, 4)
# The example (rows of up to 1024, 4 warps) or its 4096-column version on 8
# warps, compiled as written.
path, name = ((os.path.join("test", "GPU", "Inputs", "tile_example_variants.mlir"), "layernorm_4096")
              if n == 4096 else (os.path.join("examples", "tile", "layernorm.mlir"), "layernorm"))
source = open(os.path.join(root, path)).read()
ptx = cudapy.compile(source, source_name=path, chip=device.chip)
open(os.path.join(os.environ.get("OUT", "/tmp"), "layernorm%d.ptx" % n), "w").write(
    ptx if isinstance(ptx, str) else getattr(ptx, "ptx", str(ptx)))
k = device.load(ptx).kernel(name)
x = torch.randn(m, n, device="cuda", dtype=torch.float16)
w = torch.randn(n, device="cuda", dtype=torch.float16)
b = torch.randn(n, device="cuda", dtype=torch.float16)
y, yt = torch.empty_like(x), torch.empty_like(x)
for _ in range(2):
    k.launch((m,), (32 * warps,), x, w, b, y)
    tr_layernorm[(m,)](x, w, b, yt, n, n, 1e-5, BLOCK=n, num_warps=warps)
torch.cuda.synchronize()
compiled = tr_layernorm[(m,)](x, w, b, yt, n, n, 1e-5, BLOCK=n, num_warps=warps)
triton_ptx = compiled.asm["ptx"]
print("triton's divisions:", {op: triton_ptx.count(op) for op in
                              ("div.rn.f32", "div.full.f32", "div.approx.f32", "rsqrt", "sqrt")})
print("ok", torch.allclose(y.float(), yt.float(), atol=2e-2, rtol=2e-2))
