"""cudapy.device (Python SIMT kernels) against examples/simt_sum.mlir,
torch.sum and Triton, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/device_python.py BUNDLE_DIR

1. Sums of 2^26 float32 values: examples/python/simt/block_reduction.py
   and warp_reduction.py (as many blocks of 256 threads as 8 per SM, each
   thread striding over the array) against examples/simt_sum.mlir through
   the runtime (its float4 loads and last-block finish) and torch.sum;
   each checked against a float64 sum, then timed (bench.median_ms), as
   GB/s and ratios.
2. Host time of one launch (bench.launch_us) of vector add on 1024 floats:
   device.launch and the numba spelling's kernel[grid, block, stream]
   against a Triton kernel doing the same (median of 15 alternating
   trials of 200 launches).
3. The first call in a fresh process (import, compile, load, launch of
   vector add, synchronized), with an empty and with a warm disk cache.
"""
import os
import statistics
import subprocess
import sys
import tempfile

from bench import BUNDLE, ROOT, launch_us, median_ms

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import cudapy  # noqa: E402
from cudapy import device, numba_cuda, runtime  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "simt"))
import block_reduction  # noqa: E402
import vector_add  # noqa: E402
import warp_reduction  # noqa: E402

props = torch.cuda.get_device_properties(0)
dev = runtime.Device(0)
print("device:", props.name, dev.chip)
N = 1 << 26
x = torch.randn(N, device="cuda")
reference = x.double().sum().item()
scale = x.abs().double().sum().item()
out = torch.zeros(1, device="cuda")
blocks = props.multi_processor_count * 8

module = dev.load(cudapy.compile(open(os.path.join(ROOT, "examples", "simt_sum.mlir")).read(),
                                 chip=dev.chip))
simt_sum = module.kernel("simt_sum")
partials = torch.empty(blocks * 4, device="cuda")
counter = torch.zeros(1, dtype=torch.int32, device="cuda")


def mlir_sum():
    simt_sum.launch((blocks,), (256,), x, partials, counter, out)


py_counter = torch.zeros(1, dtype=torch.uint32, device="cuda")


def python_block():
    block_reduction.run(x, out, blocks, partials, py_counter)


def python_warp():
    out.zero_()
    warp_reduction.run(x, out, blocks=blocks)


rows = []
for name, fn in (("examples/simt_sum.mlir", mlir_sum), ("python block_reduction", python_block),
                 ("python warp_reduction", python_warp)):
    fn()
    torch.cuda.synchronize()
    ok = abs(out.item() - reference) <= 1e-5 * scale
    rows.append((name, median_ms(fn), ok))
rows.append(("torch.sum", median_ms(lambda: torch.sum(x)), True))
base = rows[0][1]
for name, ms, ok in rows:
    print("  %-26s %7.3f ms %7.1f GB/s  %.3fx simt_sum.mlir%s"
          % (name, ms, N * 4 / ms / 1e6, base / ms, "" if ok else "  WRONG"))
print("  (the warp reduction's zeroing of out is in its time)")


@triton.jit
def tr_add(a, b, c, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(c + offsets, tl.load(a + offsets, mask=mask) + tl.load(b + offsets, mask=mask),
             mask=mask)


a, b = torch.randn(1024, device="cuda"), torch.randn(1024, device="cuda")
c = torch.empty_like(a)
stream = torch.cuda.current_stream()
numba_add = numba_cuda.jit(vector_add.vector_add.underlying)
launches = (("device.launch", lambda: vector_add.run(a, b, c, stream=stream)),
            ("numba spelling", lambda: numba_add[4, 256, stream](a, b, c)),
            ("Triton", lambda: tr_add[(4,)](a, b, c, 1024, BLOCK=256)))
for _, fn in launches:
    for _ in range(20):
        fn()
samples = [[] for _ in launches]
for _ in range(15):  # alternating, median of 15 trials of 200 launches
    for k, (_, fn) in enumerate(launches):
        samples[k].append(launch_us(fn, 200))
medians = [statistics.median(s) for s in samples]
print("launch (CPU us, median of 15 alternating trials of 200): " +
      ", ".join("%s %.2f" % (name, m) for (name, _), m in zip(launches, medians)) +
      "; ratios to Triton %.3f, %.3f" % (medians[0] / medians[2], medians[1] / medians[2]))

SCRIPT = """
import time
start = time.perf_counter()
import torch
a = torch.ones(1024, device="cuda"); b = torch.ones(1024, device="cuda")
c = torch.empty_like(a)
torch.cuda.synchronize()
ready = time.perf_counter()
import sys
sys.path.insert(0, %r)
from cudapy import device
import vector_add
imported = time.perf_counter()
vector_add.run(a, b, c)
torch.cuda.synchronize()
done = time.perf_counter()
assert bool((c == 2).all())
print("%%.1f (import %%.1f)" %% ((done - ready) * 1e3, (imported - ready) * 1e3))
""" % os.path.join(ROOT, "examples", "python", "simt")
with tempfile.TemporaryDirectory() as cache:
    env = dict(os.environ, CUDAPY_CACHE_DIR=cache,
               PYTHONPATH=os.path.join(BUNDLE, "python"))
    times = []
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                              env=env)
        times.append(done.stdout.strip() or done.stderr.strip()[-200:])
    print("first call (import cudapy + compile + load + launch), ms: empty cache %s, warm "
          "cache %s" % (times[0], ", ".join(times[1:])))
