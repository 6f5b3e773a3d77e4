"""float16 and bfloat16 matmul (float32 accumulation) on tensor cores against
cuBLAS and Triton, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/matmul.py BUNDLE_DIR

Ours: the float16 kernels of test/GPU/Inputs/tile_matmul.mlir (examples/
tile/matmul.mlir as kernels in several tile shapes and warp counts; the
tiles are in the kernel's name, the block is its required block size;
the _nt kernel takes B as W = Bᵀ, N x K),
compiled through the C API on this machine for its chip (and, on an sm_90
device, for sm_90a too: wgmma); the fastest is shown, all are listed. Triton: a matmul written the
way its tutorial writes one (128x128x64 tiles, 8 warps, 3 stages, the
K loop over block pointers). cuBLAS: torch.matmul. Each is checked against
torch.matmul first, then timed with CUDA events (median of 30 samples of 10
back-to-back calls, after warm-up), and again as replays of a CUDA graph of
10 calls (the GPU's time without the host's launch cost, which bounds the
small shapes' back-to-back calls). Prints TFLOP/s and the ratios, and the
in-process compile time of our kernels (median of 6 warm compiles).
"""
import os
import re
import statistics
import time

from bench import ROOT as root, graph_ms, median_ms

import torch  # noqa: E402
import triton  # noqa: E402
from triton_kernels import triton_matmul  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

device = runtime.Device(0)
sms = torch.cuda.get_device_properties(0).multi_processor_count
print("device:", torch.cuda.get_device_properties(0).name, device.chip)

def read(name):
    return open(os.path.join(root, "test", "GPU", "Inputs", name + ".mlir")).read()


# The device's chip, and on an sm_90 device also sm_90a (wgmma). Then the
# kernels specialized on 16-byte alignment facts (tile_tensor_copies.mlir),
# as a JIT that knows its arrays compiles them: on sm_90 and later their
# operands are copied by the tensor memory accelerator (PTX ISA 8.0 on).
chips = [device.chip] + (["sm_90a"] if device.chip == "sm_90" else [])
builds = [("tile_matmul", chip, None) for chip in chips]
if int(device.chip[3:]) >= 90:
    builds += [("tile_tensor_copies", chip, "8.0") for chip in chips]
times = {}
ours = []
for file, chip, ptx in builds:
    label = chip if file == "tile_matmul" else chip + "+facts"
    times[label] = []
    for _ in range(7):
        start = time.perf_counter()
        compiled = cudapy.compile(read(file), chip=chip, ptx_version=ptx)
        times[label].append((time.perf_counter() - start) * 1e3)
    module = device.load(compiled)
    for kernel in compiled.metadata["kernels"]:
        name = kernel["name"]
        if not name.startswith("matmul"):
            continue
        bm, bn, _ = (int(x) for x in re.search(r"(\d+)x(\d+)x(\d+)", name).groups())
        ours.append(("%s:%s" % (label, name), module.kernel(name), bm, bn, kernel["max_threads_per_block"]))
        print("ours %s %s: %d bytes of static and %d of dynamic shared memory" % (
            label, name, kernel["static_shared_bytes"], kernel.get("dynamic_shared_bytes", 0)))


stream = lambda: torch.cuda.current_stream().cuda_stream  # noqa: E731
print("%-22s %10s %10s %10s %9s %9s" % ("shape", "ours", "triton", "cublas", "vs triton", "vs cublas"))
cases = [(shape, torch.float16) for shape in
         [(4096, 4096, 4096), (8192, 8192, 8192), (1024, 1024, 1024), (128, 4096, 4096)]]
cases += [(shape, torch.bfloat16) for shape in [(4096, 4096, 4096), (8192, 8192, 8192)]]
for (m, n, k), dtype in cases:
    gen = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
    b = torch.randn(k, n, device="cuda", dtype=dtype, generator=gen)
    want = torch.matmul(a, b)
    rows = {}
    for name, kern, bm, bn, threads in ours:
        if ("bf16" in name) != (dtype == torch.bfloat16):
            continue
        c = torch.empty(m, n, device="cuda", dtype=dtype)
        grid = ((m + bm - 1) // bm, (n + bn - 1) // bn)
        if "grouped" in name:  # one block per tile of C, in grouped order
            grid = (grid[0] * grid[1],)
        if "persistent" in name:  # one block per SM, tiles in a loop
            grid = (min(sms, grid[0] * grid[1]),)
        second = b.t().contiguous() if "_nt" in name else b  # _nt: W = Bᵀ, N x K
        run = lambda: kern.launch(grid, (threads,), a, second, c, stream=stream())  # noqa: E731
        run()
        ok = torch.allclose(c.float(), want.float(), rtol=2e-2, atol=2e-1)
        rows[name] = (median_ms(run), ok, graph_ms(run))
    ct = torch.empty(m, n, device="cuda", dtype=dtype)
    tgrid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
    trun = lambda: triton_matmul[tgrid](a, b, ct, m, n, k, a.stride(0), a.stride(1), b.stride(0),  # noqa: E731
                                        b.stride(1), ct.stride(0), ct.stride(1), BM=128, BN=128, BK=64,
                                        num_warps=8, num_stages=3)
    trun()
    tok = torch.allclose(ct.float(), want.float(), rtol=2e-2, atol=2e-1)
    t_ms, tg_ms = median_ms(trun), graph_ms(trun)
    cublas = lambda: torch.matmul(a, b)  # noqa: E731
    cb_ms, cbg_ms = median_ms(cublas), graph_ms(cublas)
    flops = 2.0 * m * n * k
    best = min(rows, key=lambda r: rows[r][0])
    ms, ok, _ = rows[best]
    print("%-22s %10.1f %10.1f %10.1f %9.3f %9.3f  (ours: %s, correct %s; triton correct %s; %s)" % (
        "%dx%dx%d%s" % (m, n, k, " bf16" if dtype == torch.bfloat16 else ""), flops / ms / 1e9, flops / t_ms / 1e9, flops / cb_ms / 1e9,
        t_ms / ms, cb_ms / ms, best, ok, tok,
        ", ".join("%s %.1f" % (r, flops / rows[r][0] / 1e9) for r in rows)))
    # The same kernels timed as CUDA graphs (no host launch cost).
    gbest = min(rows, key=lambda r: rows[r][2])
    g_ms = rows[gbest][2]
    print("%-22s %10.1f %10.1f %10.1f %9.3f %9.3f  (CUDA graphs; ours: %s)" % (
        "  graphs", flops / g_ms / 1e9, flops / tg_ms / 1e9, flops / cbg_ms / 1e9,
        tg_ms / g_ms, cbg_ms / g_ms, gbest))
for label in times:
    print("compile for %s through the C API (median of 6 warm runs, ms, the whole file): %.1f"
          % (label, statistics.median(times[label][1:])))
