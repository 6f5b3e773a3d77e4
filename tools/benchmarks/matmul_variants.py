"""The matmul examples beyond the plain one, against cuBLAS (through PyTorch)
and Triton, one run: batch matmul (examples/tile/batch_matmul.mlir), the
fused bias + GELU epilogue (matmul_epilogue.mlir) and the fp8 e4m3 matmul
with per-tensor scales (fp8_matmul.mlir: fp8_matmul takes B as K x N,
fp8_matmul_nt as N x K, the K-major operand of sm_90a's fp8 wgmma).

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/matmul_variants.py BUNDLE_DIR

Ours: each example compiled through the C API for this device's chip, and
on an sm_90 device for sm_90a too (wgmma); for fp8 also at PTX ISA 8.4
(fp8 mma.sync); the fastest is shown, all are listed. PyTorch: torch.bmm;
torch.addmm then gelu(approximate="tanh") (cuBLAS, then an elementwise
kernel); torch._scaled_mm (cuBLASLt fp8, B column-major as it requires).
Triton: each written the way its tutorial writes a matmul (128x128x64
tiles, 8 warps, 3 stages), with the same epilogue; for fp8 the faster of B
row-major and B column-major. Each result is checked
against PyTorch, then timed with CUDA events (median of 30 samples of 10
back-to-back calls, after warm-up). Prints TFLOP/s, ratios and each
kernel's shared memory.
"""
import os

from bench import ROOT as root, median_ms

import torch  # noqa: E402
import triton  # noqa: E402
from triton_kernels import triton_bmm, triton_fp8, triton_matmul_gelu  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

device = runtime.Device(0)
print("device:", torch.cuda.get_device_properties(0).name, device.chip)
stream = lambda: torch.cuda.current_stream().cuda_stream  # noqa: E731


def compile_example(name, variants):
    """[(label, module, metadata by kernel name)] for each (chip, ptx)."""
    with open(os.path.join(root, "examples", "tile", name + ".mlir")) as f:
        source = f.read()
    out = []
    for chip, ptx in variants:
        compiled = cudapy.compile(source, chip=chip, ptx_version=ptx)
        label = chip + (" ptx" + ptx if ptx else "")
        meta = {k["name"]: k for k in compiled.metadata["kernels"]}
        for k in meta.values():
            print("ours %s %s: %d bytes of static and %d of dynamic shared memory" % (
                label, k["name"], k["static_shared_bytes"], k.get("dynamic_shared_bytes", 0)))
        out.append((label, device.load(compiled), meta))
    return out


chips = [(device.chip, None)] + ([("sm_90a", None)] if device.chip == "sm_90" else [])
sm = int(device.chip[3:])


def report(title, flops, ours, others):
    """ours: {label: (ms, ok)}; others: [(name, ms or None, ok)]."""
    best = min(ours, key=lambda r: ours[r][0])
    ms, ok = ours[best]
    cols = ["%s %.1f (%s)" % (name, flops / o / 1e9, "ok" if good else "WRONG")
            if o else "%s n/a" % name for name, o, good in others]
    ratios = ["vs %s %.3f" % (name, o / ms) for name, o, _ in others if o]
    print("%-28s ours %.1f TFLOP/s (%s, %s) | %s | %s | all: %s" % (
        title, flops / ms / 1e9, best, "ok" if ok else "WRONG", "; ".join(cols),
        ", ".join(ratios), ", ".join("%s %.1f" % (r, flops / ours[r][0] / 1e9) for r in ours)))


def triton_or_none(fn):
    try:
        fn()
        torch.cuda.synchronize()
        return median_ms(fn)
    except Exception as error:  # noqa: BLE001 - a Triton that cannot compile it
        print("triton failed:", type(error).__name__, str(error).splitlines()[0][:120])
        return None


# Batch matmul.
modules = compile_example("batch_matmul", chips)
for batch, m, n, k in [(16, 1024, 1024, 1024), (8, 2048, 2048, 2048), (4, 4096, 4096, 4096)]:
    gen = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randn(batch, m, k, device="cuda", dtype=torch.float16, generator=gen)
    b = torch.randn(batch, k, n, device="cuda", dtype=torch.float16, generator=gen)
    want = torch.bmm(a, b)
    ours = {}
    for label, module, meta in modules:
        c = torch.empty(batch, m, n, device="cuda", dtype=torch.float16)
        kern, threads = module.kernel("batch_matmul"), meta["batch_matmul"]["max_threads_per_block"]
        grid = ((m + 127) // 128, (n + 127) // 128, batch)
        run = lambda: kern.launch(grid, (threads,), a, b, c, stream=stream())  # noqa: E731
        run()
        ours[label] = (median_ms(run), torch.allclose(c.float(), want.float(), rtol=2e-2, atol=2e-1))
    ct = torch.empty(batch, m, n, device="cuda", dtype=torch.float16)
    tgrid = (triton.cdiv(m, 128), triton.cdiv(n, 128), batch)
    trun = lambda: triton_bmm[tgrid](a, b, ct, m, n, k, *a.stride(), *b.stride(), *ct.stride(),  # noqa: E731
                                     BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    t_ms = triton_or_none(trun)
    tok = t_ms is not None and torch.allclose(ct.float(), want.float(), rtol=2e-2, atol=2e-1)
    report("bmm %dx%dx%dx%d" % (batch, m, n, k), 2.0 * batch * m * n * k, ours,
           [("cublas", median_ms(lambda: torch.bmm(a, b)), True), ("triton", t_ms, tok)])

# Fused bias + GELU epilogue.
modules = compile_example("matmul_epilogue", chips)
for m, n, k in [(4096, 4096, 4096), (8192, 8192, 8192)]:
    gen = torch.Generator(device="cuda").manual_seed(2)
    a = torch.randn(m, k, device="cuda", dtype=torch.float16, generator=gen)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16, generator=gen)
    bias = torch.randn(n, device="cuda", dtype=torch.float16, generator=gen)
    torch_fn = lambda: torch.nn.functional.gelu(torch.addmm(bias, a, b), approximate="tanh")  # noqa: E731
    want = torch_fn()
    ours = {}
    for label, module, meta in modules:
        c = torch.empty(m, n, device="cuda", dtype=torch.float16)
        kern = module.kernel("matmul_bias_gelu")
        threads = meta["matmul_bias_gelu"]["max_threads_per_block"]
        grid = ((m + 127) // 128, (n + 127) // 128)
        run = lambda: kern.launch(grid, (threads,), a, b, bias, c, stream=stream())  # noqa: E731
        run()
        ours[label] = (median_ms(run), torch.allclose(c.float(), want.float(), rtol=2e-2, atol=2e-1))
    ct = torch.empty(m, n, device="cuda", dtype=torch.float16)
    tgrid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
    trun = lambda: triton_matmul_gelu[tgrid](a, b, bias, ct, m, n, k, *a.stride(), *b.stride(),  # noqa: E731
                                             *ct.stride(), BM=128, BN=128, BK=64, num_warps=8,
                                             num_stages=3)
    t_ms = triton_or_none(trun)
    tok = t_ms is not None and torch.allclose(ct.float(), want.float(), rtol=2e-2, atol=2e-1)
    report("bias+gelu %dx%dx%d" % (m, n, k), 2.0 * m * n * k, ours,
           [("torch addmm+gelu", median_ms(torch_fn), True), ("triton", t_ms, tok)])

# fp8 e4m3 with per-tensor scales.
variants = chips + ([(device.chip, "8.4")] if sm >= 89 else [])
modules = compile_example("fp8_matmul", variants)
for m, n, k in [(4096, 4096, 4096), (8192, 8192, 8192)]:
    gen = torch.Generator(device="cuda").manual_seed(3)
    a = torch.randn(m, k, device="cuda", generator=gen).to(torch.float8_e4m3fn)
    b = torch.randn(k, n, device="cuda", generator=gen).to(torch.float8_e4m3fn)
    scale_a = torch.tensor(0.5, device="cuda")
    scale_b = torch.tensor(0.25, device="cuda")
    b_col = b.t().contiguous().t()  # column-major, as _scaled_mm requires
    scaled = lambda: torch._scaled_mm(a, b_col, scale_a=scale_a, scale_b=scale_b,  # noqa: E731
                                      out_dtype=torch.bfloat16)
    want = (a.float() @ b.float()) * 0.125
    w = b.t().contiguous()  # N x K: what fp8_matmul_nt takes
    ours = {}
    for label, module, meta in modules:
        for name, second in (("fp8_matmul", b), ("fp8_matmul_nt", w)):
            c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
            kern, threads = module.kernel(name), meta[name]["max_threads_per_block"]
            grid = ((m + 127) // 128, (n + 127) // 128)
            run = lambda: kern.launch(grid, (threads,), a.view(torch.uint8),  # noqa: E731
                                      second.view(torch.uint8), c, 0.5, 0.25, stream=stream())
            run()
            ours[name[4:] + ":" + label] = (median_ms(run),
                                            torch.allclose(c.float(), want, rtol=2e-2, atol=1.0))
    # Triton's tutorial kernel on B (K x N) and on B column-major (the
    # K-major B of Hopper's fp8 wgmma), the faster shown.
    ct = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    tgrid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
    t_best, tok = None, False
    for second in (b, b_col):
        trun = lambda: triton_fp8[tgrid](a, second, ct, m, n, k, *a.stride(), *second.stride(),  # noqa: E731
                                         *ct.stride(), 0.125, BM=128, BN=128, BK=64, num_warps=8,
                                         num_stages=3)
        t_ms = triton_or_none(trun)
        if t_ms is not None and (t_best is None or t_ms < t_best):
            t_best, tok = t_ms, torch.allclose(ct.float(), want, rtol=2e-2, atol=1.0)
    sok = torch.allclose(scaled().float(), want, rtol=2e-2, atol=1.0)
    report("fp8 %dx%dx%d" % (m, n, k), 2.0 * m * n * k, ours,
           [("_scaled_mm", median_ms(scaled), sok), ("triton", t_best, tok)])
