"""One launch of a matmul kernel of test/GPU/Inputs/tile_matmul.mlir, for
profilers (ncu, compute-sanitizer).

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    ncu --kernel-name KERNEL python3 tools/benchmarks/matmul_once.py BUNDLE_DIR KERNEL [M N K [CHIP]]
CUDAPY_MATMUL_INPUT names another file of test/GPU/Inputs (tile_tensor_copies
for the kernels specialized on alignment facts).
"""
import os
import re
import sys

bundle = os.path.abspath(sys.argv[1])
name = sys.argv[2]
m, n, k = (int(x) for x in sys.argv[3:6]) if len(sys.argv) > 5 else (4096, 4096, 4096)
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")

import torch  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

device = runtime.Device(0)
source = open(os.path.join(root, "test", "GPU", "Inputs",
                           os.environ.get("CUDAPY_MATMUL_INPUT", "tile_matmul") + ".mlir")).read()
compiled = cudapy.compile(source, chip=sys.argv[6] if len(sys.argv) > 6 else device.chip)
kernel = next(kern for kern in compiled.metadata["kernels"] if kern["name"] == name)
bm, bn, _ = (int(x) for x in re.search(r"(\d+)x(\d+)x(\d+)", name).groups())
dtype = torch.bfloat16 if "bf16" in name else torch.float16
a = torch.randn(m, k, device="cuda", dtype=dtype)
b = torch.randn(k, n, device="cuda", dtype=dtype)
c = torch.empty(m, n, device="cuda", dtype=dtype)
grid = ((m + bm - 1) // bm, (n + bn - 1) // bn)
if "grouped" in name:
    grid = (grid[0] * grid[1],)
if "persistent" in name:
    grid = (torch.cuda.get_device_properties(0).multi_processor_count,)
device.load(compiled).kernel(name).launch(grid, (kernel["max_threads_per_block"],), a, b, c)
torch.cuda.synchronize()
print("%s %dx%dx%d: max abs error %.3g" % (name, m, n, k, (c.float() - (a.float() @ b.float())).abs().max()))
