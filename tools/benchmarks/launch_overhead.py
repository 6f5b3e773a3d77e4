"""Host launch overhead: cudapy's runtime against CuPy and Triton, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/launch_overhead.py BUNDLE_DIR

Measures the host time of one launch (median of many, the GPU kept busy with
nothing else) of a kernel with no parameters and of one with 16 (the
vector-add example: three rank-1 memref descriptors and n), through:
  - cudapy-run --bench (the C runtime: argument packing + cuLaunchKernel),
  - cudapy.runtime from Python (ctypes),
  - CuPy RawModule on the same PTX,
  - Triton, on kernels with the same number of parameters.
Prints a table and ratios to the C runtime.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

bundle = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")

import numpy as np  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

REPEAT = 2000
device = runtime.Device(0)
print("device:", device.name, device.chip)
work = tempfile.mkdtemp()
results = {}


def median_host_us(launch, repeat=REPEAT, sync=None):
    for _ in range(50):
        launch()
    if sync:
        sync()
    samples = []
    for i in range(repeat):
        start = time.perf_counter_ns()
        launch()
        samples.append((time.perf_counter_ns() - start) / 1e3)
        if i % 64 == 63 and sync:
            sync()  # keep the queue short
    if sync:
        sync()
    return statistics.median(samples)


# Compile both kernels for this GPU with the bundle's cudapy-compile.
kernels = {"noop": os.path.join(root, "tools", "benchmarks", "noop.mlir"),
           "vector_add": os.path.join(root, "examples", "vector_add.mlir")}
for name, source in kernels.items():
    subprocess.run([os.path.join(bundle, "bin", "cudapy-compile"), source, "--chip",
                    device.chip, "-o", os.path.join(work, name + ".ptx"),
                    "--metadata", os.path.join(work, name + ".json")], check=True)

n = 1 << 20
# 1. C runtime through cudapy-run --bench.
for name, args in [("noop", []),
                   ("vector_add", ["--arg", "memref:f32[%d]=ramp" % n,
                                   "--arg", "memref:f32[%d]=ramp" % n,
                                   "--arg", "memref:f32[%d]=zeros" % n, "--arg", "i:%d" % n])]:
    grid = "1" if name == "noop" else str(n // 256)
    block = "1" if name == "noop" else "256"
    out = subprocess.run([os.path.join(bundle, "bin", "cudapy-run"),
                          os.path.join(work, name + ".ptx"), "--metadata",
                          os.path.join(work, name + ".json"), "--kernel", name,
                          "--grid", grid, "--block", block, "--bench", "--warmup", "50",
                          "--repeat", str(REPEAT)] + args,
                         check=True, capture_output=True, text=True).stdout
    match = re.search(r"median ([0-9.]+) us, min [0-9.]+ us \(CUDA events\); "
                      r"host launch median ([0-9.]+) us", out)
    results[("cudapy C runtime", name)] = float(match.group(2))
    results[("GPU time (events)", name)] = float(match.group(1))

# 2. cudapy.runtime from Python; 3. CuPy on the same PTX; 4. Triton.
import cupy as cp  # noqa: E402

a = cp.arange(n, dtype=cp.float32)
b = cp.arange(n, dtype=cp.float32)
c = cp.zeros(n, dtype=cp.float32)
module = {}
for name in kernels:
    with open(os.path.join(work, name + ".ptx")) as f:
        ptx = f.read()
    with open(os.path.join(work, name + ".json")) as f:
        metadata = f.read()
    module[name] = runtime.Module(device, ptx, metadata).kernel(name)

sync = cp.cuda.Device().synchronize
results[("cudapy Python runtime", "noop")] = median_host_us(
    lambda: module["noop"].launch((1,), (1,)), sync=sync)
results[("cudapy Python runtime", "vector_add")] = median_host_us(
    lambda: module["vector_add"].launch((n // 256,), (256,), a, b, c, n), sync=sync)

raw = {name: cp.RawModule(path=os.path.join(work, name + ".ptx")).get_function(name)
       for name in kernels}
descriptor = []
for array in (a, b, c):
    descriptor += [np.uint64(array.data.ptr), np.uint64(array.data.ptr), np.int64(0),
                   np.int64(n), np.int64(1)]
vector_args = tuple(descriptor + [np.int64(n)])
results[("CuPy RawModule", "noop")] = median_host_us(
    lambda: raw["noop"]((1,), (1,), ()), sync=sync)
results[("CuPy RawModule", "vector_add")] = median_host_us(
    lambda: raw["vector_add"]((n // 256,), (256,), vector_args), sync=sync)

try:
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def triton_noop():
        pass

    @triton.jit
    def triton_16(p0, p1, i2, i3, i4, p5, p6, i7, i8, i9, p10, p11, i12, i13, i14, n):
        pid = tl.program_id(0)
        offsets = pid * 256 + tl.arange(0, 256)
        mask = offsets < n
        x = tl.load(p1 + offsets, mask=mask)
        y = tl.load(p6 + offsets, mask=mask)
        tl.store(p11 + offsets, x + y, mask=mask)

    ta = torch.arange(n, dtype=torch.float32, device="cuda")
    tb = torch.arange(n, dtype=torch.float32, device="cuda")
    tc = torch.zeros(n, dtype=torch.float32, device="cuda")
    targs = (ta, ta, 0, n, 1, tb, tb, 0, n, 1, tc, tc, 0, n, 1, n)
    tsync = torch.cuda.synchronize
    results[("Triton", "noop")] = median_host_us(lambda: triton_noop[(1,)](), sync=tsync)
    results[("Triton", "vector_add")] = median_host_us(
        lambda: triton_16[(n // 256,)](*targs), sync=tsync)
    ok = torch.equal(tc, ta + tb)
    print("Triton 16-parameter kernel correct:", ok)
except ImportError as error:
    print("Triton not measured:", error)

# The cudapy result is right too.
module["vector_add"].launch((n // 256,), (256,), a, b, c, n)
sync()
print("cudapy vector_add correct:", bool(cp.array_equal(c, a + b)))

print()
print("%-24s %14s %14s" % ("host launch, median us", "no parameters", "16 parameters"))
base = {k: results[("cudapy C runtime", k)] for k in kernels}
for who in ["cudapy C runtime", "cudapy Python runtime", "CuPy RawModule", "Triton",
            "GPU time (events)"]:
    if (who, "noop") not in results:
        continue
    cells = []
    for k in kernels:
        value = results[(who, k)]
        ratio = "" if who.startswith(("cudapy C", "GPU")) else " (%.1fx)" % (value / base[k])
        cells.append("%.2f%s" % (value, ratio))
    print("%-24s %14s %14s" % (who, cells[0], cells[1]))
print("(ratios: time / cudapy C runtime; GPU time: one launch between CUDA events)")
