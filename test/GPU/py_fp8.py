# py.cast to and from the fp8 formats on the GPU: decoding every code and
# rounding float32/float64 to nearest even agree with PyTorch's float8 types
# (an independent implementation); out-of-range values saturate to the
# largest finite value and NaN stays NaN, as CUDA's __nv_fp8 constructors do
# (__NV_SATFINITE).
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np
import torch

import cudapy
from cudapy import runtime

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Inputs", "py_fp8.mlir")) as f:
    source = f.read()
device = runtime.Device(0)
kernel = device.load(cudapy.compile(source, chip=device.chip)).kernel("fp8")
rng = np.random.default_rng(5)

# float32 inputs: every fp8 value and the midpoints between neighbours (ties
# round to even), random values over the whole range, subnormals, signs.
e4_values = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(torch.float8_e4m3fn).float()
e5_values = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(torch.float8_e5m2).float()
finite4 = np.unique(e4_values[torch.isfinite(e4_values)].numpy())
finite5 = np.unique(e5_values[torch.isfinite(e5_values)].numpy())
mids = np.concatenate([(finite4[1:] + finite4[:-1]) / 2, (finite5[1:] + finite5[:-1]) / 2])
x = np.concatenate([finite4, finite5, mids,
                    rng.standard_normal(20000) * 30, rng.uniform(-1e-2, 1e-2, 5000),
                    rng.uniform(-60000, 60000, 5000)]).astype(np.float32)
x = np.unique(x)
n = len(x)
d = x.astype(np.float64)
out = {name: torch.zeros(n, dtype=torch.uint8, device="cuda") for name in ("e4", "e5", "b4", "b5")}
back4 = torch.zeros(n, dtype=torch.float32, device="cuda")
back5 = torch.zeros(n, dtype=torch.float32, device="cuda")
tx, td = torch.from_numpy(x).cuda(), torch.from_numpy(d).cuda()
# fp8 arrays travel as their bytes (uint8 tensors of the same size).
kernel.launch(((n + 255) // 256,), (256,), tx, td, out["e4"], out["e5"], out["b4"], out["b5"],
              back4, back5)
torch.cuda.synchronize()

# In range, PyTorch rounds to nearest even like CUDA; beyond it PyTorch gives
# NaN (e4m3fn) or inf (e5m2) where CUDA saturates, so compare in range.
in4 = np.abs(x) < 448
in5 = np.abs(x) < 57344
ref4 = torch.from_numpy(x).to(torch.float8_e4m3fn).view(torch.uint8).numpy()
ref5 = torch.from_numpy(x).to(torch.float8_e5m2).view(torch.uint8).numpy()
got4, got5 = out["e4"].cpu().numpy(), out["e5"].cpu().numpy()
print("f32->e4m3: %d of %d in range agree" % ((got4 == ref4)[in4].sum(), in4.sum()))
print("f32->e5m2: %d of %d in range agree" % ((got5 == ref5)[in5].sum(), in5.sum()))
# CHECK: f32->e4m3: [[N4:[0-9]+]] of [[N4]] in range agree
# CHECK: f32->e5m2: [[N5:[0-9]+]] of [[N5]] in range agree
print("float64 inputs give the same codes:",
      np.array_equal(out["b4"].cpu().numpy(), got4), np.array_equal(out["b5"].cpu().numpy(), got5))
# CHECK: float64 inputs give the same codes: True True
sat4 = got4[~in4] & 0x7F
sat5 = got5[~in5] & 0x7F
print("saturated:", sorted(set(sat4.tolist())), sorted(set(sat5.tolist())))
# CHECK: saturated: [126] [123]

# Decoding: the float32 of each code we produced is PyTorch's value of it.
dec4 = out["e4"].view(torch.float8_e4m3fn).float()
dec5 = out["e5"].view(torch.float8_e5m2).float()
print("decode:", torch.equal(back4, dec4), torch.equal(back5, dec5))
# CHECK: decode: True True

# Special values, and a float64 just above a tie (float32 would round it to
# the tie first and then to even: double rounding).
specials = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30, -1e30,
                     1 + 1 / 16 + 2 ** -40, 1 + 1 / 16], dtype=np.float64)
m = len(specials)
sx = torch.from_numpy(specials.astype(np.float32)).cuda()
sd = torch.from_numpy(specials).cuda()
o = {name: torch.zeros(m, dtype=torch.uint8, device="cuda") for name in ("e4", "e5", "b4", "b5")}
kernel.launch((1,), (32,), sx, sd, o["e4"], o["e5"], o["b4"], o["b5"],
              torch.zeros(m, device="cuda"), torch.zeros(m, device="cuda"))
torch.cuda.synchronize()
print("e4m3 from float64:", ["%02x" % v for v in o["b4"].cpu().tolist()])
print("e5m2 from float64:", ["%02x" % v for v in o["b5"].cpu().tolist()])
# CHECK: e4m3 from float64: ['7f', 'ff', '7e', 'fe', '00', '80', '7e', 'fe', '39', '38']
# CHECK: e5m2 from float64: ['7f', 'ff', '7b', 'fb', '00', '80', '7b', 'fb', '3c', '3c']
