"""The matmul kernels a cudapy.tile user writes (examples/python/tile:
matmul, batch_matmul, matmul_epilogue, fp8_matmul_nt), launched with
ct.launch on PyTorch arrays, against cuBLAS (through PyTorch) and Triton,
one run. What the frontend does with them is what a user gets: it
specializes on the arrays' facts (16-byte bases and strides), picks the
warps and the pipeline itself; nothing in these kernels is tuned.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/matmul_python.py BUNDLE_DIR [FAMILY...]

FAMILY is matmul, tf32, bmm, gelu or fp8 (all when none is named); tf32
is float32 arrays multiplied as tfloat32 (matmul_tf32) against cuBLAS with
TF32 allowed and Triton's float32 dot (tf32 by default).
CUDAPY_CHIP=sm_80 in the environment times the sm_80 code (mma.sync,
cp.async) on the device at hand; Triton then runs its mma.sync code too
(DISABLE_MMA_V3=1, Triton's switch off wgmma), so that its ratio compares
the two compilers' mma.sync kernels on one chip. For each
shape, ours runs at each tile shape of CONFIGS (a user's usual choices)
and Triton's tutorial-style kernel (tools/benchmarks/triton_kernels.py)
at each of TRITON_CONFIGS; each result is checked against PyTorch first,
then timed as replays of a CUDA graph of 10 calls (the GPU's time alone).
Prints TFLOP/s of the
best of each, the ratios, and our registers, local bytes and warps per
tile shape.
"""
import os
import sys

from bench import ROOT, graph_ms
from bench import launch_stream as cur

if os.environ.get("CUDAPY_CHIP", "").startswith("sm_8"):
    os.environ["DISABLE_MMA_V3"] = "1"

import torch  # noqa: E402
import triton  # noqa: E402

import cudapy.tile as ct  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import batch_matmul  # noqa: E402
import fp8_matmul  # noqa: E402
import matmul  # noqa: E402
import matmul_epilogue  # noqa: E402
from triton_kernels import triton_bmm, triton_fp8, triton_matmul, triton_matmul_gelu  # noqa: E402

FAMILIES = sys.argv[2:] or ["matmul", "tf32", "bmm", "gelu", "fp8"]
print("device:", torch.cuda.get_device_properties(0).name)
if os.environ.get("DISABLE_MMA_V3") == "1":
    print("chip %s: ours and Triton's on mma.sync (DISABLE_MMA_V3=1)" % os.environ["CUDAPY_CHIP"])

# (tm, tn, tk): the tile shapes a user of either would try first.
CONFIGS = [(128, 256, 64), (128, 128, 64), (64, 128, 64), (64, 64, 128)]
FP8_CONFIGS = [(128, 256, 128), (128, 128, 128), (128, 128, 64)]
# Triton (BM, BN, BK, warps, stages): its tutorial's autotuning list, cut.
TRITON_CONFIGS = [(128, 256, 64, 8, 3), (128, 128, 64, 8, 3), (128, 128, 64, 4, 4),
                  (64, 128, 64, 4, 4), (64, 64, 128, 4, 4)]
TRITON_FP8 = [(128, 256, 128, 8, 3), (128, 128, 128, 8, 3), (128, 128, 64, 8, 3)]
# float32 tiles: K of 32 (128-byte rows).
TF32_CONFIGS = [(128, 128, 32), (128, 256, 32), (64, 128, 32), (128, 64, 32)]
TRITON_TF32 = [(128, 128, 32, 8, 3), (128, 256, 32, 8, 3), (64, 128, 32, 4, 4),
               (128, 128, 64, 8, 3)]


def skinny_configs(m):
    """Rows M below 64: tiles of M rows (the fewest an mma takes is 16),
    narrow columns and deep K, so that N / tn tile blocks fill the device;
    the same shapes for Triton (4 warps, 4 stages)."""
    ours = [(m, 64, 128), (m, 32, 256), (m, 128, 64), (m, 64, 256)]
    return ours, [cfg + (4, 4) for cfg in ours]


def info(kernel):
    """Registers, local bytes and warps of the specialization compiled last
    (the one a configuration's first launch compiled: INFO keeps it)."""
    compiled = list(kernel._cache.values())
    if not compiled:
        return "?"
    k = compiled[-1]
    return "%d regs %d local %d warps" % (k.kernel.num_registers, k.kernel.local_bytes, k.num_warps)


INFO = {}  # (kernel, tile label): its specialization's registers and warps


def best_of(runs, check):
    """{label: graph ms} of the runs that are correct, and notes."""
    out, notes = {}, []
    for label, fn, kernel in runs:
        try:
            compiled = len(kernel._cache) if kernel is not None else 0
            fn()
            torch.cuda.synchronize()
            if kernel is not None and len(kernel._cache) > compiled:
                INFO[(kernel, label)] = info(kernel)
        except Exception as error:  # noqa: BLE001 - a configuration that does not compile
            notes.append("%s failed: %s" % (label, str(error).splitlines()[0][:100]))
            continue
        if not check():
            notes.append("%s WRONG" % label)
            continue
        out[label] = graph_ms(fn)
        if kernel is not None:
            notes.append("%s: %s" % (label, INFO.get((kernel, label), "?")))
    return out, notes


def report(title, flops, ours, theirs, cublas, notes):
    if not ours:
        print("%-26s ours: none correct | %s" % (title, "; ".join(notes)))
        return
    ob = min(ours, key=ours.get)
    tb = min(theirs, key=theirs.get) if theirs else None
    tflops = lambda ms: flops / ms / 1e9  # noqa: E731
    print("%-26s ours %6.1f (%s) | triton %s | cublas %6.1f | vs triton %s | vs cublas %.3f"
          % (title, tflops(ours[ob]), ob,
             "%6.1f (%s)" % (tflops(theirs[tb]), tb) if tb else "n/a",
             tflops(cublas), "%.3f" % (theirs[tb] / ours[ob]) if tb else "n/a",
             cublas / ours[ob]), flush=True)
    print("    ours: %s" % ", ".join("%s %.1f" % (k, tflops(v)) for k, v in ours.items()))
    if theirs:
        print("    triton: %s" % ", ".join("%s %.1f" % (k, tflops(v)) for k, v in theirs.items()))
    print("    " + "; ".join(notes))


def close(x, want, atol=2e-1):
    return lambda: torch.allclose(x.float(), want.float(), rtol=2e-2, atol=atol)


if "matmul" in FAMILIES:
    shapes = [((4096, 4096, 4096), torch.float16), ((8192, 8192, 8192), torch.float16),
              ((1024, 1024, 1024), torch.float16), ((128, 4096, 4096), torch.float16),
              ((64, 4096, 4096), torch.float16), ((32, 4096, 4096), torch.float16),
              ((16, 4096, 4096), torch.float16),
              ((4096, 4096, 4096), torch.bfloat16), ((8192, 8192, 8192), torch.bfloat16)]
    for (m, n, k), dtype in shapes:
        configs, triton_configs = skinny_configs(m) if m < 128 else (CONFIGS, TRITON_CONFIGS)
        gen = torch.Generator(device="cuda").manual_seed(1)
        a = torch.randn(m, k, device="cuda", dtype=dtype, generator=gen)
        b = torch.randn(k, n, device="cuda", dtype=dtype, generator=gen)
        want = torch.matmul(a, b)
        c, tc = torch.empty_like(want), torch.empty_like(want)
        runs = [("%dx%dx%d" % cfg,
                 lambda cfg=cfg: ct.launch(cur() or 0, (ct.cdiv(m, cfg[0]), ct.cdiv(n, cfg[1])),
                                           matmul.matmul, (a, b, c) + cfg), matmul.matmul)
                for cfg in configs]
        ours, notes = best_of(runs, close(c, want))
        truns = [("%dx%dx%d w%d s%d" % cfg,
                  lambda cfg=cfg: triton_matmul[(triton.cdiv(m, cfg[0]), triton.cdiv(n, cfg[1]))](
                      a, b, tc, m, n, k, *a.stride(), *b.stride(), *tc.stride(), BM=cfg[0],
                      BN=cfg[1], BK=cfg[2], num_warps=cfg[3], num_stages=cfg[4]), None)
                 for cfg in triton_configs]
        theirs, tnotes = best_of(truns, close(tc, want))
        report("matmul %dx%dx%d %s" % (m, n, k, str(dtype)[6:]), 2.0 * m * n * k, ours, theirs,
               graph_ms(lambda: torch.matmul(a, b)), notes + tnotes)

if "tf32" in FAMILIES:
    torch.backends.cuda.matmul.allow_tf32 = True
    for m, n, k in [(4096, 4096, 4096), (8192, 8192, 8192), (1024, 1024, 1024)]:
        gen = torch.Generator(device="cuda").manual_seed(4)
        a = torch.randn(m, k, device="cuda", generator=gen)
        b = torch.randn(k, n, device="cuda", generator=gen)
        want = torch.matmul(a, b)
        c, tc = torch.empty_like(want), torch.empty_like(want)
        runs = [("%dx%dx%d" % cfg,
                 lambda cfg=cfg: ct.launch(cur() or 0, (ct.cdiv(m, cfg[0]), ct.cdiv(n, cfg[1])),
                                           matmul.matmul_tf32, (a, b, c) + cfg),
                 matmul.matmul_tf32) for cfg in TF32_CONFIGS]
        ours, notes = best_of(runs, close(c, want))
        truns = [("%dx%dx%d w%d s%d" % cfg,
                  lambda cfg=cfg: triton_matmul[(triton.cdiv(m, cfg[0]), triton.cdiv(n, cfg[1]))](
                      a, b, tc, m, n, k, *a.stride(), *b.stride(), *tc.stride(), BM=cfg[0],
                      BN=cfg[1], BK=cfg[2], num_warps=cfg[3], num_stages=cfg[4]), None)
                 for cfg in TRITON_TF32]
        theirs, tnotes = best_of(truns, close(tc, want))
        report("matmul tf32 %dx%dx%d" % (m, n, k), 2.0 * m * n * k, ours, theirs,
               graph_ms(lambda: torch.matmul(a, b)), notes + tnotes)
    torch.backends.cuda.matmul.allow_tf32 = False

if "bmm" in FAMILIES:
    for batch, m, n, k in [(16, 1024, 1024, 1024), (8, 2048, 2048, 2048), (4, 4096, 4096, 4096)]:
        gen = torch.Generator(device="cuda").manual_seed(1)
        a = torch.randn(batch, m, k, device="cuda", dtype=torch.float16, generator=gen)
        b = torch.randn(batch, k, n, device="cuda", dtype=torch.float16, generator=gen)
        want = torch.bmm(a, b)
        c, tc = torch.empty_like(want), torch.empty_like(want)
        runs = [("%dx%dx%d" % cfg,
                 lambda cfg=cfg: ct.launch(cur() or 0, (ct.cdiv(m, cfg[0]), ct.cdiv(n, cfg[1]), batch),
                                           batch_matmul.batch_matmul, (a, b, c) + cfg),
                 batch_matmul.batch_matmul) for cfg in CONFIGS]
        ours, notes = best_of(runs, close(c, want))
        truns = [("%dx%dx%d w%d s%d" % cfg,
                  lambda cfg=cfg: triton_bmm[(triton.cdiv(m, cfg[0]), triton.cdiv(n, cfg[1]), batch)](
                      a, b, tc, m, n, k, *a.stride(), *b.stride(), *tc.stride(), BM=cfg[0],
                      BN=cfg[1], BK=cfg[2], num_warps=cfg[3], num_stages=cfg[4]), None)
                 for cfg in TRITON_CONFIGS]
        theirs, tnotes = best_of(truns, close(tc, want))
        report("bmm %dx%dx%dx%d" % (batch, m, n, k), 2.0 * batch * m * n * k, ours, theirs,
               graph_ms(lambda: torch.bmm(a, b)), notes + tnotes)

if "gelu" in FAMILIES:
    for m, n, k in [(4096, 4096, 4096), (8192, 8192, 8192)]:
        gen = torch.Generator(device="cuda").manual_seed(2)
        a = torch.randn(m, k, device="cuda", dtype=torch.float16, generator=gen)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16, generator=gen)
        bias = torch.randn(n, device="cuda", dtype=torch.float16, generator=gen)
        torch_fn = lambda: torch.nn.functional.gelu(torch.addmm(bias, a, b), approximate="tanh")  # noqa: E731
        want = torch_fn()
        c, tc = torch.empty_like(want), torch.empty_like(want)
        kern = matmul_epilogue.matmul_bias_act
        runs = [("%dx%dx%d" % cfg,
                 lambda cfg=cfg: ct.launch(cur() or 0, (ct.cdiv(m, cfg[0]), ct.cdiv(n, cfg[1])),
                                           kern, (a, b, bias, c, "gelu") + cfg), kern)
                for cfg in CONFIGS]
        ours, notes = best_of(runs, close(c, want))
        truns = [("%dx%dx%d w%d s%d" % cfg,
                  lambda cfg=cfg: triton_matmul_gelu[(triton.cdiv(m, cfg[0]), triton.cdiv(n, cfg[1]))](
                      a, b, bias, tc, m, n, k, *a.stride(), *b.stride(), *tc.stride(), BM=cfg[0],
                      BN=cfg[1], BK=cfg[2], num_warps=cfg[3], num_stages=cfg[4]), None)
                 for cfg in TRITON_CONFIGS]
        theirs, tnotes = best_of(truns, close(tc, want))
        report("bias+gelu %dx%dx%d" % (m, n, k), 2.0 * m * n * k, ours, theirs,
               graph_ms(torch_fn), notes + tnotes)

if "fp8" in FAMILIES:
    for m, n, k in [(4096, 4096, 4096), (8192, 8192, 8192)]:
        gen = torch.Generator(device="cuda").manual_seed(3)
        a = torch.randn(m, k, device="cuda", generator=gen).to(torch.float8_e4m3fn)
        w = torch.randn(n, k, device="cuda", generator=gen).to(torch.float8_e4m3fn)
        scale_a = torch.tensor(0.5, device="cuda")
        scale_w = torch.tensor(0.25, device="cuda")
        want = (a.float() @ w.float().t()) * 0.125
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        tc = torch.empty_like(c)
        kern = fp8_matmul.fp8_matmul_nt
        runs = [("%dx%dx%d" % cfg,
                 lambda cfg=cfg: ct.launch(cur() or 0, (ct.cdiv(m, cfg[0]), ct.cdiv(n, cfg[1])),
                                           kern, (a, w, c, 0.5, 0.25) + cfg), kern)
                for cfg in FP8_CONFIGS]
        ours, notes = best_of(runs, close(c, want, atol=1.0))
        wt = w.t()  # K x N, column-major: the K-major B of Hopper's fp8 wgmma
        truns = [("%dx%dx%d w%d s%d" % cfg,
                  lambda cfg=cfg: triton_fp8[(triton.cdiv(m, cfg[0]), triton.cdiv(n, cfg[1]))](
                      a, wt, tc, m, n, k, *a.stride(), *wt.stride(), *tc.stride(), 0.125,
                      BM=cfg[0], BN=cfg[1], BK=cfg[2], num_warps=cfg[3], num_stages=cfg[4]), None)
                 for cfg in TRITON_FP8]
        theirs, tnotes = best_of(truns, close(tc, want, atol=1.0))
        scaled = lambda: torch._scaled_mm(a, wt, scale_a=scale_a, scale_b=scale_w,  # noqa: E731
                                          out_dtype=torch.bfloat16)
        report("fp8 e4m3 %dx%dx%d" % (m, n, k), 2.0 * m * n * k, ours, theirs, graph_ms(scaled),
               notes + tnotes)
