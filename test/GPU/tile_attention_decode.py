# The decode attention of examples/python/tile/attention_decode.py (its
# splits of the keys, then their combination) for groups of 1 to 16 query
# heads per key/value head, head dim 64 and 128, float16 and bfloat16, a
# cache that is a multiple of the key blocks and ragged ones, one split and
# many, against float64 PyTorch; then the same in a process that compiles
# for sm_80 (CUDAPY_CHIP): mma.sync cut into steps along K, each reading
# its slice of the stage and its sub-tile of the queries or of P.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import math
import os
import subprocess
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import attention_decode  # noqa: E402

torch.manual_seed(0)
cuda = torch.device("cuda")
chip = os.environ.get("CUDAPY_CHIP", "device")

# (batch, kv heads, group, cache length, head dim, blocks a split)
cases = [(2, 4, 4, 1000, 128, None), (1, 8, 8, 4096, 128, None), (3, 2, 1, 300, 64, None),
         (2, 2, 16, 2048, 64, None), (1, 1, 4, 5000, 128, 1), (2, 3, 2, 777, 128, 100)]
for batch, heads, group, seq, d, per_split in cases:
    for dtype in (torch.float16, torch.bfloat16):
        q = torch.randn(batch, heads, group, d, device=cuda, dtype=dtype)
        k, v = (torch.randn(batch, heads, seq, d, device=cuda, dtype=dtype) for _ in range(2))
        o = torch.full_like(q, float("nan"))
        attention_decode.run(q, k, v, o, blocks_per_split=per_split)
        torch.cuda.synchronize()
        scores = (q.double() @ k.double().transpose(2, 3)) / math.sqrt(d)
        want = torch.softmax(scores, dim=-1) @ v.double()
        error = ((o.double() - want).abs().max() / want.abs().max()).item()
        tolerance = 1e-2 if dtype == torch.float16 else 3e-2
        print("attention decode b%d h%d g%d seq %d d%d %s [%s] %s" % (
            batch, heads, group, seq, d, dtype, chip,
            "ok" if error < tolerance else "FAILED %g" % error))

if chip == "device":
    sys.stdout.flush()
    subprocess.run([sys.executable, __file__], env=dict(os.environ, CUDAPY_CHIP="sm_80"),
                   check=True)

# CHECK-COUNT-12: attention decode {{.*}} [device] ok
# CHECK-COUNT-12: attention decode {{.*}} [sm_80] ok
# CHECK-NOT: FAILED
