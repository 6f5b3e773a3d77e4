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
an empty and with a warm disk cache, without bytecode of cudapy's Python
files and with the package byte-compiled.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from bench import BUNDLE, EXAMPLE_VARIANTS, ROOT, graph_ms, median_ms, mlir_source
from bench import launch_stream as cur
from bench import launch_us

import torch  # noqa: E402

import cudapy  # noqa: E402
import cudapy.tile as ct  # noqa: E402
from cudapy import runtime  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import layernorm  # noqa: E402
import row_sum  # noqa: E402
import softmax  # noqa: E402
import transpose  # noqa: E402
import vector_add  # noqa: E402
import importlib.util  # noqa: E402
# examples/python/tile/attention.py, not this folder's attention benchmark.
_spec = importlib.util.spec_from_file_location(
    "tile_attention", os.path.join(ROOT, "examples", "python", "tile", "attention.py"))
attention = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(attention)
from triton_kernels import (tr_add, tr_layernorm, tr_row_sum, tr_softmax,  # noqa: E402
                            tr_transpose)

device = runtime.Device(0)
print("device:", torch.cuda.get_device_properties(0).name, device.chip)


def mlir_kernel(path, kernel):
    """A kernel of an MLIR file compiled as it is written (bench.mlir_source)."""
    source_name, source = mlir_source(path)
    return device.load(cudapy.compile(source, source_name=source_name,
                                      chip=device.chip)).kernel(kernel)


rows = []


def measure(name, moved, variants, check):
    """variants: (label, fn) with the Python one first, MLIR, then Triton."""
    ok = check()
    times = [(label, median_ms(fn), graph_ms(fn), launch_us(fn, 300))
             for label, fn in variants]
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
k = mlir_kernel("softmax", "softmax")
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

# Layer norm, float16 in and out: the MLIR version with and without the
# facts a JIT specializes on (the Python version specializes by itself); the
# example's rows of up to 1024 on 4 warps, and its 4096-column version on 8
# (tile_example_variants.mlir).
for m, n, warps, plain, facts in (
        (16384, 1024, 4, mlir_kernel("layernorm", "layernorm"),
         mlir_kernel(EXAMPLE_VARIANTS, "layernorm_facts")),
        (4096, 4096, 8, mlir_kernel(EXAMPLE_VARIANTS, "layernorm_4096"),
         mlir_kernel(EXAMPLE_VARIANTS, "layernorm_4096_facts"))):
    x = torch.randn(m, n, device="cuda", generator=gen, dtype=torch.float16)
    w = torch.randn(n, device="cuda", generator=gen, dtype=torch.float16)
    b = torch.randn(n, device="cuda", generator=gen, dtype=torch.float16)
    y, ym, yf, yx = (torch.empty_like(x) for _ in range(4))
    variants = [("python", lambda: ct.launch(cur(), (m,), layernorm.layernorm_row,
                                             (x, w, b, y, 1e-5, n))),
                ("mlir", lambda: plain.launch((m,), (32 * warps,), x, w, b, ym, stream=cur())),
                ("mlir facts", lambda: facts.launch((m,), (32 * warps,), x, w, b, yf,
                                                    stream=cur())),
                ("triton", lambda: tr_layernorm[(m,)](x, w, b, yx, n, n, 1e-5, BLOCK=n,
                                                      num_warps=warps))]
    for _label, fn in variants:
        fn()
    reference = torch.nn.functional.layer_norm(x.float(), (n,), w.float(), b.float(), 1e-5)
    measure("layernorm f16 %dx%d" % (m, n), 2 * x.numel() * 2, variants,
            lambda: all(torch.allclose(t.float(), reference, rtol=2e-2, atol=2e-2)
                        for t in (y, ym, yf, yx)))

m, n = 16384, 1024
x = torch.randn(m, n, device="cuda", generator=gen)
s, sm, sx = (torch.empty(m, device="cuda") for _ in range(3))
k = mlir_kernel("row_sum", "row_sum")
variants = [("python", lambda: ct.launch(cur(), (m // 4,), row_sum.row_sum, (x, s, 4, 1024))),
            ("mlir", lambda: k.launch((m // 4,), (256,), x, sm, stream=cur())),
            ("triton", lambda: tr_row_sum[(m // 4,)](x, sx, n, m, n, BM=4, BN=1024,
                                                     num_warps=8))]
for _label, fn in variants:
    fn()
measure("row sum %dx%d" % (m, n), x.numel() * 4 + m * 4, variants,
        lambda: all(torch.allclose(t, x.sum(1), rtol=1e-4, atol=1e-4) for t in (s, sm, sx)))

# Flash attention, float16, head dim 64, batch 4 x 32 heads: the Python
# version against the MLIR one (both 128 x 64 blocks, 4 warps). Attention
# is compute-bound: the figure is TFLOP/s, in the GB/s columns.
source = open(os.path.join(ROOT, "examples", "tile", "attention.mlir")).read()
attention_module = device.load(cudapy.compile(source, chip="sm_90a" if device.chip == "sm_90"
                                              else device.chip))
for causal in (False, True):
    n, d = 4096, 64
    q, k, v = (torch.randn(128, n, d, device="cuda", generator=gen, dtype=torch.float16)
               for _ in range(3))
    o, om = torch.empty_like(q), torch.empty_like(q)
    kern = attention_module.kernel("attention_f16_d64" + ("_causal" if causal else ""))
    scale = 1.0 / d ** 0.5
    variants = [("python", lambda: ct.launch(cur(), (n // 128, 128), attention.attention,
                                             (q, k, v, o, scale, d, 128, 64, causal))),
                ("mlir", lambda: kern.launch((n // 128, 128), (128,), q, k, v, om, scale,
                                             stream=cur()))]
    for _label, fn in variants:
        fn()
    reference = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
    flops = 4 * 128 * n * n * d * (0.5 if causal else 1.0)
    measure("attention d64 4k%s" % (" causal" if causal else ""), flops / 1e3, variants,
            lambda: all(torch.allclose(t.float(), reference.float(), rtol=1e-2, atol=1e-2)
                        for t in (o, om)))

print("(attention rows: the 'GB/s' columns are TFLOP/s; tools/benchmarks/attention.py "
      "compares the MLIR kernel with Triton)")
print("\n%-22s %-15s %8s %8s %9s %9s %8s" % ("kernel", "version", "GB/s", "graph", "vs mlir",
                                            "vs triton", "cpu us"))
for name, ok, moved, times in rows:
    mlir = [t for t in times if t[0] == "mlir"][0]
    triton = [t for t in times if t[0] == "triton"]
    for label, ms, graph, cpu in times:
        print("%-22s %-15s %8.0f %8.0f %9.3f %9s %8.1f" % (
            name, label, moved / ms / 1e6, moved / graph / 1e6, mlir[2] / graph,
            "%.3f" % (triton[0][2] / graph) if triton else "-", cpu))
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
# Twice: without bytecode of cudapy's Python files (every process compiles
# them, as under PYTHONDONTWRITEBYTECODE=1), then with the bundle's package
# byte-compiled (`python3 -m compileall`, as a pip install does).
package = os.path.join(BUNDLE, "python", "cudapy")
for bytecode in (False, True):
    for folder, folders, _ in os.walk(package):
        if "__pycache__" in folders:
            shutil.rmtree(os.path.join(folder, "__pycache__"))
    if bytecode:
        subprocess.run([sys.executable, "-m", "compileall", "-q", package], check=True)
    with tempfile.TemporaryDirectory() as cache:
        environment = dict(os.environ, CUDAPY_CACHE_DIR=cache, PYTHONDONTWRITEBYTECODE="1",
                           CUDAPY_LIBRARY_PATH=os.path.join(BUNDLE, "lib"))
        for label in ("empty cache", "warm cache", "warm cache", "warm cache"):
            result = subprocess.run([sys.executable, "-c", script], env=environment,
                                    capture_output=True, text=True)
            if result.returncode:
                print("first call failed:", result.stderr[-2000:])
                break
            ours, torch_setup = result.stdout.split()
            print("first call, %s, %s: %s ms (import cudapy.tile + compile or cache + load + "
                  "launch; PyTorch's own setup before it %s ms)"
                  % ("bytecode" if bytecode else "no bytecode", label, ours, torch_setup))
