# The cudapy.tile matmuls of examples/python/tile at the tile shapes
# tools/benchmarks/matmul_python.py times (128x256 tiles, whose 16-bit
# results reach their stores through shared memory, a 3-D one through a
# reshape; 64x64x128; fp8 tiles of K 128), on ragged shapes, against
# PyTorch; then the same in a process that compiles for sm_80
# (CUDAPY_CHIP): the mma.sync path, on the device at hand. float32 products
# as tfloat32 against a reference that rounds the operands itself.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import subprocess
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import batch_matmul  # noqa: E402
import fp8_matmul  # noqa: E402
import matmul  # noqa: E402
import matmul_epilogue  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "test", "GPU", "Inputs"))
from narrow_formats import round_tf32  # noqa: E402

torch.manual_seed(0)
cuda = torch.device("cuda")
chip = os.environ.get("CUDAPY_CHIP", "device")


def close(name, got, want, tolerance):
    torch.cuda.synchronize()
    error = ((got.double() - want.double()).abs().max() / want.double().abs().max()).item()
    print("%s [%s] %s" % (name, chip, "ok" if error < tolerance else "FAILED (%g)" % error))


for tm, tn, tk in ((128, 256, 64), (64, 64, 128)):
    for m, n, k, dtype in ((1000, 900, 700, torch.float16), (384, 520, 256, torch.bfloat16)):
        a = torch.randn(m, k, device=cuda, dtype=dtype)
        b = torch.randn(k, n, device=cuda, dtype=dtype)
        c = torch.empty(m, n, device=cuda, dtype=dtype)
        matmul.run(a, b, c, tm=tm, tn=tn, tk=tk)
        close("matmul %dx%dx%d %dx%dx%d %s" % (tm, tn, tk, m, n, k, dtype), c,
              a.double() @ b.double(), 1e-2)

    a = torch.randn(3, 200, 300, device=cuda, dtype=torch.float16)
    b = torch.randn(3, 300, 420, device=cuda, dtype=torch.float16)
    c = torch.empty(3, 200, 420, device=cuda, dtype=torch.float16)
    batch_matmul.run(a, b, c, tm=tm, tn=tn, tk=tk)
    close("batch matmul %dx%dx%d" % (tm, tn, tk), c, torch.bmm(a.double(), b.double()), 1e-2)

    a = torch.randn(300, 200, device=cuda, dtype=torch.float16)
    b = torch.randn(200, 520, device=cuda, dtype=torch.float16)
    bias = torch.randn(520, device=cuda, dtype=torch.float16)
    c = torch.empty(300, 520, device=cuda, dtype=torch.float16)
    matmul_epilogue.run(a, b, bias, c, "gelu", tm=tm, tn=tn, tk=tk)
    want = torch.nn.functional.gelu(a.double() @ b.double() + bias.double(), approximate="tanh")
    close("matmul epilogue %dx%dx%d" % (tm, tn, tk), c, want, 1e-2)

for tm, tn, tk in ((128, 256, 128), (128, 128, 128)):
    a = (torch.randn(300, 640, device=cuda) * 2).to(torch.float8_e4m3fn)
    w = (torch.randn(520, 640, device=cuda) * 2).to(torch.float8_e4m3fn)
    c = torch.empty(300, 520, device=cuda, dtype=torch.bfloat16)
    fp8_matmul.run(a, w, c, 0.5, 0.25, nt=True, tm=tm, tn=tn, tk=tk)
    close("fp8 matmul nt %dx%dx%d" % (tm, tn, tk), c, (a.double() @ w.double().t()) * 0.125, 1e-2)



def to_tf32(x):
    """x rounded to tfloat32 by the reference's own rounding (NumPy)."""
    return torch.from_numpy(round_tf32(x.cpu().numpy())).to(x.device)


# float32 as tfloat32: within 1e-5 of the float64 product of the operands
# rounded to nearest even (truncated operands miss it by about 1e-3); B
# also as a view of Bᵀ (column-major strides).
for tm, tn, tk in ((128, 128, 32), (64, 128, 32), (128, 256, 32)):
    a = torch.randn(300, 200, device=cuda)
    for label, b in (("", torch.randn(200, 520, device=cuda)),
                     (" B column-major", torch.randn(520, 200, device=cuda).t())):
        c = torch.empty(300, 520, device=cuda)
        matmul.run(a, b, c, tm=tm, tn=tn, tk=tk, tf32=True)
        close("matmul tf32 %dx%dx%d%s" % (tm, tn, tk, label), c,
              to_tf32(a).double() @ to_tf32(b).double(), 1e-5)

# The chip the kernels were compiled for.
compiled = matmul.matmul.compile((a.half(), a.half(), a.half(), 128, 256, 64))
print("compiled for", compiled.metadata["targets"][0]["chip"])

if chip == "device":
    sys.stdout.flush()
    subprocess.run([sys.executable, __file__], env=dict(os.environ, CUDAPY_CHIP="sm_80"),
                   check=True)

# CHECK-COUNT-2: matmul 128x256x64 {{.*}} [device] ok
# CHECK: batch matmul 128x256x64 [device] ok
# CHECK: matmul epilogue 128x256x64 [device] ok
# CHECK-COUNT-2: matmul 64x64x128 {{.*}} [device] ok
# CHECK: batch matmul 64x64x128 [device] ok
# CHECK: matmul epilogue 64x64x128 [device] ok
# CHECK-COUNT-2: fp8 matmul nt {{.*}} [device] ok
# CHECK-COUNT-6: matmul tf32 {{.*}} [device] ok
# CHECK: compiled for sm_
# CHECK-COUNT-2: matmul 128x256x64 {{.*}} [sm_80] ok
# CHECK: batch matmul 128x256x64 [sm_80] ok
# CHECK: matmul epilogue 128x256x64 [sm_80] ok
# CHECK-COUNT-2: matmul 64x64x128 {{.*}} [sm_80] ok
# CHECK: batch matmul 64x64x128 [sm_80] ok
# CHECK: matmul epilogue 64x64x128 [sm_80] ok
# CHECK-COUNT-2: fp8 matmul nt {{.*}} [sm_80] ok
# CHECK-COUNT-6: matmul tf32 {{.*}} [sm_80] ok
# CHECK: compiled for sm_80
# CHECK-NOT: FAILED
