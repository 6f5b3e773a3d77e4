# Arrays reach kernels through __cuda_array_interface__ (CuPy, PyTorch) and
# __dlpack__, contiguous or strided (a memref descriptor carries the strides).
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import numpy as np

import cudapy
from cudapy import runtime

here = os.path.dirname(os.path.abspath(__file__))
device = runtime.Device(0)
with open(os.path.join(here, "..", "..", "examples", "vector_add.mlir")) as f:
    kernel = device.load(cudapy.compile(f.read(), chip=device.chip)).kernel("vector_add")
rng = np.random.default_rng(7)
n = 4099

import cupy as cp  # noqa: E402
import torch  # noqa: E402

a = rng.standard_normal(2 * n, dtype=np.float32)
b = rng.standard_normal(2 * n, dtype=np.float32)

# CuPy, strided views (every other element, from the second): a kernel
# compiled for contiguous memrefs refuses them, one compiled for strided
# memrefs reads them.
ca, cb = cp.asarray(a), cp.asarray(b)
cc = cp.zeros(n, dtype=cp.float32)
try:
    kernel.launch(((n + 127) // 128,), (128,), ca[1::2], cb[1::2], cc, n)
except runtime.CudaError as error:
    print("CudaError:", error)
# CHECK: CudaError: argument 0 of kernel 'vector_add' is memref<?xf32>, which the kernel reads as a contiguous row-major array; the array's stride in dimension 0 is 2, not 1
with open(os.path.join(here, "Inputs", "strided_add.mlir")) as f:
    strided = device.load(cudapy.compile(f.read(), chip=device.chip)).kernel("strided_add")
cc_wide = cp.zeros(2 * n, dtype=cp.float32)
strided.launch(((n + 127) // 128,), (128,), ca[1::2], cb[1::2], cc_wide[::2])
device.synchronize()
print("cupy strided:", np.array_equal(cp.asnumpy(cc_wide[::2]), a[1::2] + b[1::2]),
      "untouched:", not cp.asnumpy(cc_wide[1::2]).any())
# CHECK-NEXT: cupy strided: True untouched: True

# PyTorch tensors (__cuda_array_interface__).
ta, tb = torch.from_numpy(a[:n].copy()).cuda(), torch.from_numpy(b[:n].copy()).cuda()
tc = torch.zeros(n, dtype=torch.float32, device="cuda")
kernel.launch(((n + 127) // 128,), (128,), ta, tb, tc, n)
torch.cuda.synchronize()
print("torch:", torch.equal(tc, ta + tb))
# CHECK-NEXT: torch: True


class DLPackOnly:
    """Exposes an array through __dlpack__ alone."""

    def __init__(self, tensor):
        self.tensor = tensor

    def __dlpack__(self, stream=None):
        return self.tensor.__dlpack__()

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()


tc.zero_()
kernel.launch(((n + 127) // 128,), (128,), DLPackOnly(ta), DLPackOnly(tb), DLPackOnly(tc), n)
torch.cuda.synchronize()
print("dlpack:", torch.equal(tc, ta + tb))
# CHECK-NEXT: dlpack: True

# A host array is refused with a sentence, not a crash.
try:
    kernel.launch((1,), (32,), DLPackOnly(torch.zeros(4)), tb, tc, 4)
except ValueError as error:
    print("ValueError:", error)
# CHECK-NEXT: ValueError: a __dlpack__ argument must live on a CUDA device

# A module compiled for several chips: device.load picks the best output.
with open(os.path.join(here, "Inputs", "which-arch.mlir")) as f:
    compiled = cudapy.compile(f.read(), chip="sm_80,sm_90")
print(sorted(output.chip for output in compiled.outputs))
# CHECK-NEXT: ['sm_80', 'sm_90']
which = device.load(compiled).kernel("which_arch")
out = cp.full(2, 7, dtype=cp.int32)
which.launch((1,), (1,), out)
device.synchronize()
print("which_arch:", cp.asnumpy(out).tolist())
# CHECK-NEXT: which_arch: [90, 0]
