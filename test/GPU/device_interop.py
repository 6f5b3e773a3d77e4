# Interoperability both ways (cuda-device spec, "Interoperable Functions"):
# a Python @func(interop=True) is linked into a CUDA C++ kernel built by
# nvcc (-rdc, the function's PTX as an input) and called there; a Python
# @kernel(interop=True) is loaded and launched from C with the driver API's
# cuLaunchKernel, its parameters laid out as CUDA C++ passes them (the
# array as its interoperable_array_descriptor). Both against host results.
# REQUIRES: cuda-gpu, nvcc
# RUN: rm -rf %t && mkdir -p %t && env CUDAPY_CACHE_DIR=%t/cache %gpu %python %s %t %nvcc | FileCheck %s

import os
import subprocess
import sys

from cudapy import device

out, nvcc = sys.argv[1], sys.argv[2]


@device.func(interop=True)
def axpy(a, x, y):
    return a * x + y


with open(os.path.join(out, "axpy.ptx"), "w") as handle:
    handle.write(axpy.export_ptx(device.float32, device.float32, device.float32))

CALLER = r"""
#include <cstdio>
extern "C" __device__ float axpy(float a, float x, float y);
__global__ void use(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = axpy(3.0f, x[i], y[i]);
}
int main() {
  const int n = 1000;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) { hx[i] = 0.5f * i; hy[i] = 1.0f; }
  float *x, *y;
  cudaMalloc(&x, sizeof(hx)); cudaMalloc(&y, sizeof(hy));
  cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof(hy), cudaMemcpyHostToDevice);
  use<<<(n + 255) / 256, 256>>>(x, y, n);
  cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost);
  int correct = 0;
  for (int i = 0; i < n; ++i) correct += hy[i] == 3.0f * (0.5f * i) + 1.0f;
  printf("CUDA C++ calling Python: %d of %d correct\n", correct, n);
  return 0;
}
"""
with open(os.path.join(out, "use.cu"), "w") as handle:
    handle.write(CALLER)
# Relocatable device code: the Python function's PTX and the CUDA C++ file
# compiled separately, then linked.
steps = [[nvcc, "-arch=sm_90", "-dc", os.path.join(out, "axpy.ptx"), "-o",
          os.path.join(out, "axpy.o")],
         [nvcc, "-arch=sm_90", "-dc", os.path.join(out, "use.cu"), "-o",
          os.path.join(out, "use.o")],
         [nvcc, "-arch=sm_90", os.path.join(out, "use.o"), os.path.join(out, "axpy.o"), "-o",
          os.path.join(out, "use")]]
for step in steps:
    build = subprocess.run(step, capture_output=True, text=True)
    if build.returncode:
        break
if build.returncode:
    print("nvcc failed:", build.stderr)
else:
    print(subprocess.run([os.path.join(out, "use")], capture_output=True,
                         text=True).stdout.strip())
# CHECK: CUDA C++ calling Python: 1000 of 1000 correct


@device.kernel(interop=True)
def scale(x, factor):
    i = device.tid(1)
    if i < len(x):
        x[i] *= factor


class Array:
    def __init__(self, n):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": "<f4",
                                         "data": (4096, False), "version": 3}


ptx = scale.compile((Array(1), device.float32(1.0)), chip="sm_90")["ptx"]
with open(os.path.join(out, "scale.ptx"), "w") as handle:
    handle.write(ptx)

LAUNCHER = r"""
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cuda.h>
struct Descriptor { float *data; uint64_t shape[1]; uint64_t strides[1]; };
int main(int argc, char **argv) {
  cuInit(0);
  CUdevice device; cuDeviceGet(&device, 0);
  CUcontext context; cuDevicePrimaryCtxRetain(&context, device);
  cuCtxSetCurrent(context);
  FILE *file = fopen(argv[1], "rb");
  fseek(file, 0, SEEK_END); long size = ftell(file); rewind(file);
  char *ptx = (char *)calloc(size + 1, 1);
  fread(ptx, 1, size, file); fclose(file);
  CUmodule module; CUfunction function;
  if (cuModuleLoadData(&module, ptx) || cuModuleGetFunction(&function, module, "scale")) {
    printf("cannot load the Python kernel\n"); return 1;
  }
  const int n = 777;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = (float)i;
  CUdeviceptr x; cuMemAlloc(&x, sizeof(host));
  cuMemcpyHtoD(x, host, sizeof(host));
  Descriptor descriptor = {(float *)x, {(uint64_t)n}, {1}};
  float factor = 0.25f;
  void *params[] = {&descriptor, &factor};
  cuLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, params, 0);
  cuMemcpyDtoH(host, x, sizeof(host));
  int correct = 0;
  for (int i = 0; i < n; ++i) correct += host[i] == 0.25f * i;
  printf("C launching Python: %d of %d correct\n", correct, n);
  return 0;
}
"""
with open(os.path.join(out, "launch.cu"), "w") as handle:
    handle.write(LAUNCHER)
build = subprocess.run([nvcc, os.path.join(out, "launch.cu"), "-o", os.path.join(out, "launch"),
                        "-lcuda"], capture_output=True, text=True)
if build.returncode:
    print("nvcc failed:", build.stderr)
else:
    print(subprocess.run([os.path.join(out, "launch"), os.path.join(out, "scale.ptx")],
                         capture_output=True, text=True).stdout.strip())
# CHECK-NEXT: C launching Python: 777 of 777 correct

# Python calling CUDA C++: foreign device functions declared with
# device.declare and linked by the driver's JIT linker, one from an nvcc -dc
# object and one from relocatable PTX (nvcc -ptx -rdc=true). Scalars, a
# struct by value and a struct result, a bool: the extern "C" ABI both ways.
FOREIGN_OBJECT = r"""
#include <cstdint>
extern "C" __device__ float poly(float x, float a) { return a * x * x + 1.0f; }
extern "C" __device__ int pick(bool first, int a, int b) { return first ? a : b; }
// The spec's interoperable array descriptors (cuda-device spec, "Arrays"),
// written out: data, shape[ndim], strides[ndim] (in elements).
struct floats1 { float *data; uint64_t shape[1]; uint64_t strides[1]; };
struct ints2 { int *data; uint64_t shape[2]; uint64_t strides[2]; };
extern "C" __device__ float weigh(floats1 x, ints2 w, int row) {
  float s = 0;
  for (uint64_t j = 0; j < w.shape[1]; ++j)
    s += x.data[j * x.strides[0]] * w.data[row * w.strides[0] + j * w.strides[1]];
  return s;
}
"""
FOREIGN_PTX = r"""
struct Pair { float a; float b; };
extern "C" __device__ Pair swap_scale(Pair p, float s) { return Pair{p.b * s, p.a * s}; }
"""
with open(os.path.join(out, "poly.cu"), "w") as handle:
    handle.write(FOREIGN_OBJECT)
with open(os.path.join(out, "pair.cu"), "w") as handle:
    handle.write(FOREIGN_PTX)
steps = [[nvcc, "-arch=sm_90", "-dc", os.path.join(out, "poly.cu"), "-o",
          os.path.join(out, "poly.o")],
         [nvcc, "-arch=sm_90", "-ptx", "-rdc=true", os.path.join(out, "pair.cu"), "-o",
          os.path.join(out, "pair.ptx")]]
for step in steps:
    build = subprocess.run(step, capture_output=True, text=True)
    if build.returncode:
        print("nvcc failed:", build.stderr)


@device.struct
class Pair:
    a: device.float32
    b: device.float32


poly = device.declare("poly", device.float32, [device.float32, device.float32],
                      link=os.path.join(out, "poly.o"))
pick = device.declare("pick", device.int32, [device.bool_, device.int32, device.int32],
                      link=os.path.join(out, "poly.o"))
swap_scale = device.declare("swap_scale", Pair, [Pair, device.float32],
                            link=os.path.join(out, "pair.ptx"))
weigh = device.declare("weigh", device.float32,
                       [device.float32[:], device.int32[:, :], device.int32],
                       link=os.path.join(out, "poly.o"))


@device.kernel
def use_foreign(x, y, ys, flags):
    i = device.tid(1)
    if i < len(x):
        y[i] = poly(x[i], 2.0)
        p = swap_scale(Pair(x[i], y[i]), 0.5)
        ys[i, 0] = p.a
        ys[i, 1] = p.b
        flags[i] = pick(i % 3 == 0, i, -i)


import torch  # noqa: E402

n = 1000
x = torch.linspace(-2.0, 2.0, n, device="cuda")
y = torch.empty_like(x)
ys = torch.empty(n, 2, device="cuda")
flags = torch.empty(n, dtype=torch.int32, device="cuda")
device.launch(use_foreign, x, y, ys, flags, grid=(n + 127) // 128, block=128)
torch.cuda.synchronize()
want_y = 2.0 * x * x + 1.0
index = torch.arange(n, device="cuda", dtype=torch.int32)
correct = int((((y - want_y).abs() <= 1e-6 * want_y) & (ys[:, 0] == y * 0.5) & (ys[:, 1] == x * 0.5) &
               (flags == torch.where(index % 3 == 0, index, -index))).sum())
print("Python calling CUDA C++: %d of %d correct" % (correct, n))
# CHECK-NEXT: Python calling CUDA C++: 1000 of 1000 correct

# A declared function no input defines: the linker's error, as an exception.
missing = device.declare("not_defined_anywhere", device.float32, [device.float32],
                         link=os.path.join(out, "pair.ptx"))


@device.kernel
def use_missing(x):
    i = device.tid(1)
    if i < len(x):
        x[i] = missing(x[i])


try:
    device.launch(use_missing, x, grid=1, block=32)
except Exception as error:  # noqa: BLE001
    print(type(error).__name__ + ":", str(error).splitlines()[0])
# CHECK-NEXT: {{.*}}Error: {{.*}}cuLink{{.*}} failed



# Arrays as foreign parameters (`device.float32[:]`): the CUDA C++ function
# reads the interoperable array descriptors, strided views included.
@device.kernel
def weighted(x, w, out):
    i = device.tid(1)
    if i < len(out):
        out[i] = weigh(x, w, i)


xs = torch.arange(8, dtype=torch.float32, device="cuda")[::2]   # 4 elements, stride 2
ws = torch.arange(24, dtype=torch.int32, device="cuda").reshape(4, 6)[:, 1:5].T.contiguous().T
got = torch.empty(4, device="cuda")
device.launch(weighted, xs, ws, got, grid=1, block=32)
torch.cuda.synchronize()
want = (ws.float() @ xs)
print("arrays to CUDA C++:", torch.equal(got, want), got.tolist())
# CHECK-NEXT: arrays to CUDA C++: True [{{.*}}]


# numba.cuda's declare_device: a CUDA C++ function with numba's ABI (a
# status result, the value through its first parameter), linked from an
# nvcc -dc object, called from a kernel of the numba spelling.
NUMBA_ABI = r"""
extern "C" __device__ int scaled_add(float *result, float x, float y, int k) {
  *result = x + k * y;
  return 0;
}
"""
with open(os.path.join(out, "numba_abi.cu"), "w") as handle:
    handle.write(NUMBA_ABI)
build = subprocess.run([nvcc, "-arch=sm_90", "-dc", os.path.join(out, "numba_abi.cu"), "-o",
                        os.path.join(out, "numba_abi.o")], capture_output=True, text=True)
if build.returncode:
    print("nvcc failed:", build.stderr)

from cudapy import numba_cuda  # noqa: E402

scaled_add = numba_cuda.declare_device("scaled_add", "float32(float32, float32, int32)",
                                       link=os.path.join(out, "numba_abi.o"))


@numba_cuda.jit
def numba_foreign(x, y, out):
    i = numba_cuda.grid(1)
    if i < out.size:
        out[i] = scaled_add(x[i], y[i], 3)


# Whole numbers: x + 3 * y is exact whether nvcc contracts it into an FMA.
nx = torch.arange(500, dtype=torch.float32, device="cuda")
ny = torch.arange(500, dtype=torch.float32, device="cuda") * 2 - 300
nout = torch.empty_like(nx)
numba_foreign[4, 128](nx, ny, nout)
torch.cuda.synchronize()
print("numba ABI from CUDA C++:", torch.equal(nout, nx + 3 * ny),
      (nout - (nx + 3 * ny)).abs().max().item())
# CHECK-NEXT: numba ABI from CUDA C++: True 0.0
