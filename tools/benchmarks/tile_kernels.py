"""The tile example kernels against Triton and PyTorch, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/tile_kernels.py BUNDLE_DIR [LOG]

For each benchmark: our kernel (examples/tile, compiled through the C API
on this machine), an equivalent Triton kernel written the same way (one tile
per program, same tile shape and warps) and the PyTorch operation. Each is
checked against the PyTorch result first, then timed with CUDA events
(median of 30 samples of 10 back-to-back calls, after warm-up). Prints GB/s
(bytes the operation must read and write / time) and the ratios to Triton
and PyTorch. Then the same for our kernel and Triton's from CUDA graphs (GPU
time without launch overhead) and the CPU time one launch takes. For
vector add also the ratio to PyTorch's copy bandwidth
(`y.copy_(x)`, bytes read + written). Each benchmark also runs the Python
version of our kernel (examples/python/tile through cudapy.tile, warps
chosen by the frontend), checked likewise; a table gives its GPU time
against our MLIR kernel's. Ends with the in-process compile time of each
file through the C API (median of 6 warm compiles, the compile cache off).
The MLIR kernels are compiled as they are written: the examples, and their
other configurations in test/GPU/Inputs/tile_example_variants.mlir.
"""
import os
import statistics
import sys
import time

from bench import EXAMPLE_VARIANTS, INNER, ROOT as root, graph_ms, median_ms, mlir_source
from bench import launch_stream as cur
from bench import launch_us

log = sys.argv[2] if len(sys.argv) > 2 else None

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

device = runtime.Device(0)
props = torch.cuda.get_device_properties(0)
print("device:", props.name, device.chip, "SMs:", props.multi_processor_count)

compile_times = {}


loaded = {}


def compile_example(path, label=None):
    """An MLIR file compiled as it is written (bench.mlir_source), loaded
    once; its compile time the median of 6 warm compiles without the cache."""
    if path in loaded:
        return loaded[path]
    source_name, source = mlir_source(path)
    times = []
    for _ in range(7):
        start = time.perf_counter()
        compiled = cudapy.compile(source, source_name=source_name, chip=device.chip, cache=False)
        times.append((time.perf_counter() - start) * 1e3)
    compile_times[label or path] = statistics.median(times[1:])
    loaded[path] = device.load(compiled)
    return loaded[path]


from triton_kernels import (tr_add, tr_layernorm, tr_row_sum, tr_softmax,  # noqa: E402
                            tr_transpose)

import cudapy.tile as tile_py  # noqa: E402
sys.path.insert(0, os.path.join(root, "examples", "python", "tile"))
import layernorm as py_layernorm  # noqa: E402
import row_sum as py_row_sum  # noqa: E402
import softmax as py_softmax  # noqa: E402
import transpose as py_transpose  # noqa: E402
import vector_add as py_vector_add  # noqa: E402

# ---------------------------------------------------------------- benchmarks
rows = []
correct = {}


graph_rows = []


python_rows = []


def report(name, moved_bytes, ours, triton_fn, torch_fn, check, python=None):
    """`python`: (launch, check) of the kernel's Python version."""
    correct[name] = check()
    t_ours, t_triton, t_torch = median_ms(ours), median_ms(triton_fn), median_ms(torch_fn)
    gbs = [moved_bytes / t / 1e6 for t in (t_ours, t_triton, t_torch)]
    rows.append((name, t_ours, gbs[0], gbs[1], gbs[2], t_triton / t_ours, t_torch / t_ours))
    g_ours, g_triton = graph_ms(ours), graph_ms(triton_fn)
    graph_rows.append((name, g_ours, moved_bytes / g_ours / 1e6, moved_bytes / g_triton / 1e6,
                       g_triton / g_ours, launch_us(ours), launch_us(triton_fn)))
    if python:
        launch, python_check = python
        launch()
        ok = python_check()
        g_python = graph_ms(launch)
        python_rows.append((name, ok, moved_bytes / g_python / 1e6, g_ours / g_python,
                            g_triton / g_python, launch_us(launch)))


def close(a, b, tol):
    return bool(torch.allclose(a.float(), b.float(), rtol=tol, atol=tol))


gen = torch.Generator(device="cuda").manual_seed(11)

# Vector add, float32 and float16, 2^26 elements.
module = compile_example("vector_add")
N = 1 << 26
for dtype, kernel, tile in [(torch.float32, "vector_add", 1024), (torch.float16, "vector_add_f16", 2048)]:
    a = torch.randn(N, device="cuda", generator=gen, dtype=dtype)
    b = torch.randn(N, device="cuda", generator=gen, dtype=dtype)
    c, ct, cp = torch.empty_like(a), torch.empty_like(a), torch.empty_like(a)
    k = module.kernel(kernel)
    grid = (triton.cdiv(N, tile),)
    report("vector add %s 2^26" % str(dtype).split(".")[1], 3 * N * a.element_size(),
           lambda: k.launch(grid, (128,), a, b, c, stream=cur()),
           lambda: tr_add[grid](a, b, ct, N, BLOCK=tile, num_warps=4),
           lambda: torch.add(a, b, out=ct),
           lambda: (k.launch(grid, (128,), a, b, c, stream=cur()), tr_add[grid](a, b, ct, N, BLOCK=tile, num_warps=4),
                    torch.equal(c, a + b) and torch.equal(ct, a + b))[-1],
           (lambda: tile_py.launch(cur(), grid, py_vector_add.vector_add, (a, b, cp, tile)),
            lambda: torch.equal(cp, a + b)))
    if dtype == torch.float32:
        y = torch.empty_like(a)
        copy_ms = median_ms(lambda: y.copy_(a))
        copy_gbs = 2 * N * 4 / copy_ms / 1e6
    del a, b, c, ct, cp

# Softmax over rows, float32: the example (rows of up to 1024, 4 warps) and
# its 4096-column version on 8 warps.
for (m, n, warps, path, name) in [(4096, 4096, 8, EXAMPLE_VARIANTS, "softmax_4096"),
                                  (16384, 1024, 4, "softmax", "softmax")]:
    block = triton.next_power_of_2(n)
    k = compile_example(path, "variants" if path == EXAMPLE_VARIANTS else path).kernel(name)
    x = torch.randn(m, n, device="cuda", generator=gen)
    y, yt, yp = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
    report("softmax %dx%d" % (m, n), 2 * x.numel() * 4,
           lambda: k.launch((m,), (32 * warps,), x, y, stream=cur()),
           lambda: tr_softmax[(m,)](x, yt, n, n, BLOCK=block, num_warps=warps),
           lambda: torch.softmax(x, dim=1),
           lambda: (k.launch((m,), (32 * warps,), x, y, stream=cur()), tr_softmax[(m,)](x, yt, n, n, BLOCK=block, num_warps=warps),
                    close(y, torch.softmax(x, 1), 1e-5) and close(yt, torch.softmax(x, 1), 1e-5))[-1],
           (lambda: tile_py.launch(cur(), (m,), py_softmax.softmax, (x, yp, n)),
            lambda: close(yp, torch.softmax(x, 1), 1e-5)))

# Layer norm forward, float16 in and out, float32 inside: the example (rows
# of up to 1024, 4 warps), its 4096-column version on 8 warps, then both
# specialized on the facts that hold here (as Triton specializes on
# divisibility by 16): 16-byte aligned bases, columns and row strides
# multiples of 16.
for (m, n, warps, facts, path, name) in [
        (4096, 4096, 8, False, EXAMPLE_VARIANTS, "layernorm_4096"),
        (16384, 1024, 4, False, "layernorm", "layernorm"),
        (4096, 4096, 8, True, EXAMPLE_VARIANTS, "layernorm_4096_facts"),
        (16384, 1024, 4, True, EXAMPLE_VARIANTS, "layernorm_facts")]:
    block = triton.next_power_of_2(n)
    k = compile_example(path, "variants" if path == EXAMPLE_VARIANTS else path).kernel(name)
    x = torch.randn(m, n, device="cuda", generator=gen, dtype=torch.float16)
    w = torch.randn(n, device="cuda", generator=gen, dtype=torch.float16)
    b = torch.randn(n, device="cuda", generator=gen, dtype=torch.float16)
    y, yt, yp = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
    ref = F.layer_norm(x.float(), (n,), w.float(), b.float(), 1e-5)
    report("layernorm f16 %dx%d%s" % (m, n, " facts" if facts else ""), 2 * x.numel() * 2,
           lambda: k.launch((m,), (32 * warps,), x, w, b, y, stream=cur()),
           lambda: tr_layernorm[(m,)](x, w, b, yt, n, n, 1e-5, BLOCK=block, num_warps=warps),
           lambda: F.layer_norm(x, (n,), w, b, 1e-5),
           lambda: (k.launch((m,), (32 * warps,), x, w, b, y, stream=cur()),
                    tr_layernorm[(m,)](x, w, b, yt, n, n, 1e-5, BLOCK=block, num_warps=warps),
                    close(y, ref, 2e-2) and close(yt, ref, 2e-2))[-1],
           (lambda: tile_py.launch(cur(), (m,), py_layernorm.layernorm_row,
                                   (x, w, b, yp, 1e-5, n)),
            lambda: close(yp, ref, 2e-2)))

# Row sums, float32: 4 rows of 1024 per CTA of 8 warps.
k = compile_example("row_sum").kernel("row_sum")
m, n = 16384, 1024
x = torch.randn(m, n, device="cuda", generator=gen)
s, st, sp = (torch.empty(m, device="cuda") for _ in range(3))
report("row sum %dx%d" % (m, n), x.numel() * 4 + m * 4,
       lambda: k.launch((m // 4,), (256,), x, s, stream=cur()),
       lambda: tr_row_sum[(m // 4,)](x, st, n, m, n, BM=4, BN=1024, num_warps=8),
       lambda: torch.sum(x, dim=1),
       lambda: (k.launch((m // 4,), (256,), x, s, stream=cur()), tr_row_sum[(m // 4,)](x, st, n, m, n, BM=4, BN=1024, num_warps=8),
                close(s, x.sum(1), 1e-4) and close(st, x.sum(1), 1e-4))[-1],
       (lambda: tile_py.launch(cur(), (m // 4,), py_row_sum.row_sum, (x, sp, 4, 1024)),
        lambda: close(sp, x.sum(1), 1e-4)))

# Transpose copy, float32, 64 x 64 tiles.
k = compile_example("transpose").kernel("transpose")
m, n = 8192, 8192
x = torch.randn(m, n, device="cuda", generator=gen)
y, yt, yp = (torch.empty(n, m, device="cuda") for _ in range(3))
grid = (m // 64, n // 64)
report("transpose %dx%d" % (m, n), 2 * x.numel() * 4,
       lambda: k.launch(grid, (128,), x, y, stream=cur()),
       lambda: tr_transpose[grid](x, yt, m, n, n, m, B=64, num_warps=4),
       lambda: yt.copy_(x.t()),
       lambda: (k.launch(grid, (128,), x, y, stream=cur()), tr_transpose[grid](x, yt, m, n, n, m, B=64, num_warps=4),
                torch.equal(y, x.t()) and torch.equal(yt, x.t()))[-1],
       (lambda: tile_py.launch(cur(), grid, py_transpose.transpose, (x, yp, 64, 64)),
        lambda: torch.equal(yp, x.t())))

lines = ["correct: %s" % correct,
         "%-26s %9s %9s %9s %9s %9s %9s" % ("benchmark", "ours ms", "ours GB/s", "triton", "torch",
                                             "vs triton", "vs torch")]
for name, ms, ours, tri, tor, vs_triton, vs_torch in rows:
    lines.append("%-26s %9.4f %9.1f %9.1f %9.1f %9.3f %9.3f" % (name, ms, ours, tri, tor, vs_triton, vs_torch))
lines.append("")
lines.append("GPU time alone (CUDA graphs of %d launches) and CPU time per launch:" % INNER)
lines.append("%-26s %9s %9s %9s %9s %11s %11s" % ("benchmark", "ours ms", "ours GB/s", "triton",
                                                   "vs triton", "ours us/launch", "triton us/launch"))
for name, ms, ours, tri, vs_triton, cpu_ours, cpu_triton in graph_rows:
    lines.append("%-26s %9.4f %9.1f %9.1f %9.3f %11.1f %11.1f" % (name, ms, ours, tri, vs_triton,
                                                                 cpu_ours, cpu_triton))
lines.append("")
lines.append("The Python versions (cudapy.tile), GPU time alone, against our MLIR kernels:")
lines.append("%-26s %8s %9s %9s %9s %11s" % ("benchmark", "correct", "GB/s", "vs mlir",
                                          "vs triton", "us/launch"))
for name, ok, gbs, vs_mlir, vs_triton, cpu in python_rows:
    lines.append("%-26s %8s %9.1f %9.3f %9.3f %11.1f" % (name, ok, gbs, vs_mlir, vs_triton, cpu))
lines.append("Python/MLIR over the %d benchmarks: %.3f to %.3f" % (
    len(python_rows), min(r[3] for r in python_rows), max(r[3] for r in python_rows)))
lines.append("torch copy 2^26 f32 (read+write): %.1f GB/s; vector add f32 reaches %.3f of it"
             % (copy_gbs, rows[0][2] / copy_gbs))
lines.append("compile through the C API (median of 6 warm runs, ms): " +
             ", ".join("%s %.1f" % item for item in compile_times.items()))
print("\n".join(lines))
if log:
    with open(log, "w") as f:
        f.write("device: %s\n%s\n" % (props.name, "\n".join(lines)))
