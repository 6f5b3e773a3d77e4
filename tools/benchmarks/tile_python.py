"""cudapy.tile (Python tile kernels) against the same kernels written in
MLIR (examples/tile) and against Triton, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/tile_python.py BUNDLE_DIR

For each kernel: the Python version (examples/python/tile) with the warps
the frontend chooses, and with the MLIR version's warps where they differ;
the MLIR version compiled through the C API; Triton's kernel of the same
tile shape and warps. Each is checked against PyTorch, then timed with CUDA
events (bench.median_ms: back-to-back calls, launch cost included) and from
CUDA graphs (the GPU's time alone). Prints GB/s and the ratios Python/MLIR
and Python/Triton. Then the CPU time of one launch, and the time of a first
call in a fresh process (import, compile, load, launch of vector add) with
an empty and with a warm disk cache.
"""
import os
import subprocess
import sys
import tempfile
import time

from bench import BUNDLE, ROOT, graph_ms, median_ms
from bench import launch_stream as cur

import torch  # noqa: E402

import cudapy  # noqa: E402
import cudapy.tile as ct  # noqa: E402
from cudapy import runtime  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import softmax  # noqa: E402
import transpose  # noqa: E402
import vector_add  # noqa: E402
from triton_kernels import tr_add, tr_softmax, tr_transpose  # noqa: E402

device = runtime.Device(0)
print("device:", torch.cuda.get_device_properties(0).name, device.chip)


def mlir_kernel(name, kernel, warps=None):
    source = open(os.path.join(ROOT, "examples", "tile", name + ".mlir")).read()
    if warps:
        source = source.replace("kernel {", "kernel attributes {tile.num_warps = %d} {" % warps)
    return device.load(cudapy.compile(source, chip=device.chip)).kernel(kernel)


def launch_us(fn, count=300):
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(count):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed / count * 1e6


rows = []


def measure(name, moved, variants, check):
    """variants: (label, fn) with the Python one first, MLIR, then Triton."""
    ok = check()
    times = [(label, median_ms(fn), graph_ms(fn), launch_us(fn)) for label, fn in variants]
    rows.append((name, ok, moved, times))


gen = torch.Generator(device="cuda").manual_seed(3)
N = 1 << 26
for dtype, mlir_name, tile in ((torch.float32, "vector_add", 1024),
                               (torch.float16, "vector_add_f16", 2048)):
    a = torch.randn(N, device="cuda", generator=gen, dtype=dtype)
    b = torch.randn(N, device="cuda", generator=gen, dtype=dtype)
    c, cm, cx = torch.empty_like(a), torch.empty_like(a), torch.empty_like(a)
    k = mlir_kernel("vector_add", mlir_name)
    grid = (ct.cdiv(N, tile),)
    four = vector_add.vector_add.replace_hints(num_worker_warps=4)
    variants = [("python", lambda: ct.launch(cur(), grid, vector_add.vector_add, (a, b, c, tile))),
                ("python 4 warps", lambda: ct.launch(cur(), grid, four, (a, b, c, tile))),
                ("mlir", lambda: k.launch(grid, (128,), a, b, cm, stream=cur())),
                ("triton", lambda: tr_add[grid](a, b, cx, N, BLOCK=tile, num_warps=4))]
    for _label, fn in variants:
        fn()
    measure("vector add %s 2^26" % str(dtype)[6:], 3 * N * a.element_size(), variants,
            lambda: torch.equal(c, a + b) and torch.equal(cm, a + b) and torch.equal(cx, a + b))
    del a, b, c, cm, cx

m, n = 16384, 1024
x = torch.randn(m, n, device="cuda", generator=gen)
y, ym, yx = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
k = mlir_kernel("softmax", "softmax", 4)
variants = [("python", lambda: ct.launch(cur(), (m,), softmax.softmax, (x, y, n))),
            ("mlir", lambda: k.launch((m,), (128,), x, ym, stream=cur())),
            ("triton", lambda: tr_softmax[(m,)](x, yx, n, n, BLOCK=n, num_warps=4))]
for _label, fn in variants:
    fn()
reference = torch.softmax(x, dim=1)
measure("softmax %dx%d" % (m, n), 2 * x.numel() * 4, variants,
        lambda: all(torch.allclose(t, reference, rtol=1e-5, atol=1e-6) for t in (y, ym, yx)))

m = n = 8192
x = torch.randn(m, n, device="cuda", generator=gen)
y, ym, yx = (torch.empty(n, m, device="cuda") for _ in range(3))
k = mlir_kernel("transpose", "transpose")
grid = (m // 64, n // 64)
four = transpose.transpose.replace_hints(num_worker_warps=4)
variants = [("python", lambda: ct.launch(cur(), grid, transpose.transpose, (x, y, 64, 64))),
            ("python 4 warps", lambda: ct.launch(cur(), grid, four, (x, y, 64, 64))),
            ("mlir", lambda: k.launch(grid, (128,), x, ym, stream=cur())),
            ("triton", lambda: tr_transpose[grid](x, yx, m, n, n, m, B=64, num_warps=4))]
for _label, fn in variants:
    fn()
measure("transpose %dx%d" % (m, n), 2 * x.numel() * 4, variants,
        lambda: all(torch.equal(t, x.t()) for t in (y, ym, yx)))

print("\n%-22s %-15s %8s %8s %9s %9s %8s" % ("kernel", "version", "GB/s", "graph", "vs mlir",
                                            "vs triton", "cpu us"))
for name, ok, moved, times in rows:
    mlir = [t for t in times if t[0] == "mlir"][0]
    triton = [t for t in times if t[0] == "triton"][0]
    for label, ms, graph, cpu in times:
        print("%-22s %-15s %8.0f %8.0f %9.3f %9.3f %8.1f" % (
            name, label, moved / ms / 1e6, moved / graph / 1e6, mlir[2] / graph,
            triton[2] / graph, cpu))
    print("%-22s correct: %s" % (name, ok))

# A first call in a fresh process: import, compile (or the disk cache),
# load, launch, synchronize.
script = """
import time
start = time.perf_counter()
import sys, os
sys.path.insert(0, os.path.join(%r, "python"))
import torch
a = torch.ones(1 << 20, device="cuda"); b = torch.ones(1 << 20, device="cuda")
c = torch.empty_like(a)
torch.cuda.synchronize()
ready = time.perf_counter()
import cudapy.tile as ct
sys.path.insert(0, %r)
import vector_add
ct.launch(0, (1024,), vector_add.vector_add, (a, b, c, 1024))
torch.cuda.synchronize()
done = time.perf_counter()
assert bool((c == 2).all())
print("%%.1f %%.1f" %% ((done - ready) * 1e3, (ready - start) * 1e3))
""" % (BUNDLE, os.path.join(ROOT, "examples", "python", "tile"))
with tempfile.TemporaryDirectory() as cache:
    environment = dict(os.environ, CUDAPY_CACHE_DIR=cache,
                       CUDAPY_LIBRARY_PATH=os.path.join(BUNDLE, "lib"))
    for label in ("empty cache", "warm cache", "warm cache"):
        result = subprocess.run([sys.executable, "-c", script], env=environment,
                                capture_output=True, text=True)
        if result.returncode:
            print("first call failed:", result.stderr[-2000:])
            break
        ours, torch_setup = result.stdout.split()
        print("first call, %s: %s ms (import cudapy.tile + compile or cache + load + launch;"
              " PyTorch's own setup before it %s ms)" % (label, ours, torch_setup))
