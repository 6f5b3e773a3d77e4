"""The simt reduction example against torch.sum and Triton, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/simt_reduction.py BUNDLE_DIR [LOG]

Sums 2^26 float32 values (256 MiB, far beyond L2) with
examples/simt_sum.mlir (shared memory + warp shuffles, the last block adds
the blocks' partial sums: one launch, nothing to zero), with torch.sum, and
with a Triton kernel (tl.sum per program, one atomic add each, after zeroing
the output). Checks each result against a float64 sum of fresh random data
first, then times each with CUDA events (median of 30 samples of 10
back-to-back calls, after warm-up), ours
at 4, 5, 6 and 8 blocks of 256 threads per SM, and prints GB/s (bytes read /
time) and the ratios to torch.sum. Also reports the device-to-device copy bandwidth
of the same bytes as the ceiling, and the compile time of the kernel through
the C API (median of warm compiles).
"""
import os
import statistics
import sys
import time

bundle = os.path.abspath(sys.argv[1])
log = sys.argv[2] if len(sys.argv) > 2 else None
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

N = 1 << 26
REPEAT = 30
INNER = 10
device = runtime.Device(0)
props = torch.cuda.get_device_properties(0)
print("device:", props.name, device.chip, "SMs:", props.multi_processor_count)

source = open(os.path.join(root, "examples", "simt_sum.mlir")).read()
compile_ms = []
for _ in range(7):
    start = time.perf_counter()
    compiled = cudapy.compile(source, chip=device.chip)
    compile_ms.append((time.perf_counter() - start) * 1e3)
module = device.load(compiled)
kernel = module.kernel("simt_sum")
BLOCK = 256
GRID = props.multi_processor_count * (2048 // BLOCK)
partials = torch.empty(GRID * 4, device="cuda")
counter = torch.zeros(1, dtype=torch.int32, device="cuda")


def ours(x, out, grid=GRID):
    kernel.launch((grid,), (BLOCK,), x, partials, counter, out)
    return out


@triton.jit
def triton_sum_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))


def triton_sum(x, out):
    out.zero_()
    triton_sum_kernel[(triton.cdiv(x.numel(), 8192),)](x, out, x.numel(), BLOCK_SIZE=8192)
    return out


def copy(x, y):
    y.copy_(x)
    return y


def median_ms(fn, *args):
    """Median over REPEAT samples of INNER back-to-back calls between two
    events: the queue stays full, so host launch time (ctypes, Python) is
    hidden as long as it is shorter than a kernel."""
    for _ in range(INNER):
        fn(*args)
    torch.cuda.synchronize()
    times = []
    for _ in range(REPEAT):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(INNER):
            fn(*args)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / INNER)
    return statistics.median(times)


# Correctness on fresh data (and a size with a tail), before any timing.
gen = torch.Generator(device="cuda").manual_seed(7)
ok = {}
for size in [N, N - 3]:
    x = torch.randn(size, device="cuda", generator=gen, dtype=torch.float32)
    ref = x.double().sum().item()
    scale = x.abs().double().sum().item()
    for name, fn in [("simt", ours), ("triton", triton_sum)]:
        out = torch.full((1,), float("nan"), device="cuda")
        got = fn(x, out).item()
        ok[name] = ok.get(name, True) and abs(got - ref) <= 1e-6 * scale
    ok["torch"] = ok.get("torch", True) and abs(x.sum().item() - ref) <= 1e-6 * scale
    del x
print("correct:", ok)

x = torch.randn(N, device="cuda", generator=gen, dtype=torch.float32)
out = torch.zeros(1, device="cuda")
y = torch.empty_like(x)
results = {
    "copy (read+write)": median_ms(copy, x, y),
    "torch.sum": median_ms(torch.sum, x),
    "triton": median_ms(triton_sum, x, out),
}
for per_sm in [4, 5, 6, 8]:
    grid = props.multi_processor_count * per_sm
    results["simt, %d blocks/SM" % per_sm] = median_ms(ours, x, out, grid)
bytes_read = N * 4
lines = ["%-32s %9s %9s %8s" % ("kernel", "ms", "GB/s", "vs torch")]
torch_ms = results["torch.sum"]
for name, ms in results.items():
    moved = 2 * bytes_read if name.startswith("copy") else bytes_read
    lines.append("%-32s %9.4f %9.1f %8.3f" % (name, ms, moved / ms / 1e6, torch_ms / ms))
lines.append("compile of examples/simt_sum.mlir through the C API: median %.1f ms (warm, 6 runs)"
             % statistics.median(compile_ms[1:]))
print("\n".join(lines))
if log:
    with open(log, "w") as f:
        f.write("device: %s\n%s\n" % (props.name, "\n".join(lines)))
