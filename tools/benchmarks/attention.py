"""Flash-attention forward on the GPU: ours against Triton and PyTorch SDPA's
flash backend, one run.

Usage (GPU machine, bundle unpacked, see docs/Bundle.md):
    python3 tools/benchmarks/attention.py BUNDLE_DIR

Ours: the kernels of examples/tile/attention.mlir (head dim 64, 4 warps,
keys and values in blocks of 64) and examples/tile/attention_d128.mlir
(head dim 128, 8 warps, blocks of 128; on a chip without wgmma
test/GPU/Inputs/tile_attention_d128.mlir, blocks of 64), compiled through
the C API for this device's chip (sm_90a on an sm_90 device: Q K^T and
P V on wgmma, K and V through tensor-copy stages); 128-row blocks of
queries. Triton: a
fused-attention kernel written the way its tutorial writes one (online
softmax in exp2, tl.dot for Q K^T and P V, the blocks that need no mask
in a loop of their own, as ours), with the best of three configurations
per shape. SDPA:
torch.nn.functional.scaled_dot_product_attention on its flash backend.
Batch 4 x 32 heads, sequences of 1k, 4k and 16k, causal and not, float16.
Each is checked against SDPA, then timed with CUDA events (median of 5
samples of back-to-back calls that take about 0.2 s). Prints TFLOP/s
(4 b h n^2 d, halved when causal), ratios, and ptxas's registers and
spills for our kernels.
"""
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

bundle = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(bundle, "lib")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: E402

import cudapy  # noqa: E402
from cudapy import runtime  # noqa: E402

device = runtime.Device(0)
# The device's chip; on an sm_90 device its wgmma variant sm_90a.
chip = "sm_90a" if device.chip == "sm_90" else device.chip
print("device:", torch.cuda.get_device_properties(0).name, device.chip, "- ours for", chip)
files = [os.path.join(root, "examples", "tile", "attention.mlir"),
         os.path.join(root, "examples", "tile", "attention_d128.mlir") if chip == "sm_90a"
         else os.path.join(root, "test", "GPU", "Inputs", "tile_attention_d128.mlir")]
ours = {}
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
for path in files:
    compiled = cudapy.compile(open(path).read(), chip=chip)
    module = device.load(compiled)
    usage = {}
    if os.path.exists(ptxas):
        with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
            f.write(compiled.ptx)
            f.flush()
            log = subprocess.run([ptxas, "-v", "-arch=" + chip, f.name, "-o", os.devnull],
                                 capture_output=True, text=True).stderr
        for name, body in re.findall(r"Compiling entry function '(\w+)'.*?\n(.*?)(?=Compiling|\Z)", log, re.S):
            regs = re.search(r"Used (\d+) registers", body)
            spill = re.search(r"(\d+) bytes spill stores", body)
            usage[name] = "%s registers, %s bytes spilled" % (regs and regs.group(1), spill and spill.group(1))
    for kernel in compiled.metadata["kernels"]:
        name = kernel["name"]
        if "bf16" in name:
            continue
        ours[name] = (module.kernel(name), kernel["max_threads_per_block"])
        print("ours %s: %s; %d bytes of dynamic shared memory; compiled in %.0f ms" % (
            name, usage.get(name, "?"), kernel.get("dynamic_shared_bytes", 0), kernel["compile_time_ms"]))


@triton.jit
def triton_attention_blocks(acc, l_i, m_i, q, K, V, base, lo, hi, rm, rd, N, qk_scale, D: tl.constexpr,
                            BN: tl.constexpr, MASK: tl.constexpr, CAUSAL: tl.constexpr):
    # Blocks of keys lo .. hi; MASK: some keys are past the sequence or
    # (CAUSAL) past a row.
    for start in range(lo, hi, BN):
        rn = start + tl.arange(0, BN)
        if MASK:
            k = tl.load(K + base + rn[None, :] * D + rd[:, None], mask=rn[None, :] < N, other=0.0)
        else:
            k = tl.load(K + base + rn[None, :] * D + rd[:, None])
        s = tl.dot(q, k)
        if MASK:
            valid = rn[None, :] < N
            if CAUSAL:
                valid = valid & (rn[None, :] <= rm[:, None])
            s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1) * qk_scale)
        p = tl.math.exp2(s * qk_scale - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        if MASK:
            v = tl.load(V + base + rn[:, None] * D + rd[None, :], mask=rn[:, None] < N, other=0.0)
        else:
            v = tl.load(V + base + rn[:, None] * D + rd[None, :])
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
    return acc, l_i, m_i


@triton.jit
def triton_attention(Q, K, V, O, scale, N, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                     CAUSAL: tl.constexpr):
    # The tutorial's structure: the blocks that need no mask in one loop
    # (causal: those before the block's first row; else the whole blocks),
    # the rest (the diagonal, or a partial last block) in a masked one.
    pid = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * N * D
    rm = pid * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(Q + base + rm[:, None] * D + rd[None, :], mask=rm[:, None] < N, other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = scale * 1.44269504
    if CAUSAL:
        full = pid * BM
        hi = tl.minimum((pid + 1) * BM, N)
    else:
        full = (N // BN) * BN
        hi = N
    acc, l_i, m_i = triton_attention_blocks(acc, l_i, m_i, q, K, V, base, 0, full, rm, rd, N, qk_scale,
                                            D, BN, False, CAUSAL)
    acc, l_i, m_i = triton_attention_blocks(acc, l_i, m_i, q, K, V, base, full, hi, rm, rd, N, qk_scale,
                                            D, BN, True, CAUSAL)
    acc = acc / l_i[:, None]
    tl.store(O + base + rm[:, None] * D + rd[None, :], acc.to(O.dtype.element_ty), mask=rm[:, None] < N)


TRITON_CONFIGS = [(128, 64, 4, 3), (128, 128, 8, 3), (128, 64, 8, 2)]


def median_ms(fn):
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    inner = max(1, min(50, int(200 / max(start.elapsed_time(end), 1e-3))))
    samples = []
    for _ in range(5):
        start.record()
        for _ in range(inner):
            fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / inner)
    return statistics.median(samples)


stream = lambda: torch.cuda.current_stream().cuda_stream  # noqa: E731
batch, heads = 4, 32
print("%-26s %8s %8s %8s %9s %9s" % ("shape", "ours", "triton", "sdpa", "vs triton", "vs sdpa"))
for d in (64, 128):
    for causal in (False, True):
        name = "attention_f16_d%d%s" % (d, "_causal" if causal else "")
        kern, threads = ours[name]
        for n in (1024, 4096, 16384):
            gen = torch.Generator(device="cuda").manual_seed(n + d)
            q, k, v = (torch.randn(batch, heads, n, d, device="cuda", dtype=torch.float16, generator=gen)
                       for _ in range(3))
            scale = 1.0 / math.sqrt(d)
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                want = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
            o = torch.empty_like(q)
            q3, k3, v3, o3 = (x.view(batch * heads, n, d) for x in (q, k, v, o))
            run = lambda: kern.launch((n // 128, batch * heads), (threads,), q3, k3, v3, o3, scale,  # noqa: E731
                                      stream=stream())
            run()
            ok = torch.allclose(o.float(), want.float(), rtol=1e-2, atol=1e-2)
            ms = median_ms(run)
            best = None
            for bm, bn, warps, stages in TRITON_CONFIGS:
                to = torch.empty_like(q)
                trun = lambda: triton_attention[(n // bm, batch * heads)](  # noqa: E731
                    q, k, v, to, scale, n, D=d, BM=bm, BN=bn, CAUSAL=causal, num_warps=warps, num_stages=stages)
                try:
                    trun()
                except Exception as error:  # a configuration that does not fit this shape
                    print("triton %s: %s" % ((bm, bn, warps, stages), type(error).__name__))
                    continue
                tok = torch.allclose(to.float(), want.float(), rtol=1e-2, atol=1e-2)
                t_ms = median_ms(trun)
                if tok and (best is None or t_ms < best[0]):
                    best = (t_ms, (bm, bn, warps, stages))
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                s_ms = median_ms(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale))
            flops = 4.0 * batch * heads * n * n * d * (0.5 if causal else 1.0)
            tf = lambda t: flops / t / 1e9  # noqa: E731
            t_ms = best[0] if best else float("nan")
            print("%-26s %8.1f %8.1f %8.1f %9.3f %9.3f  (ours correct %s; triton %s)" % (
                "d%d n%d%s" % (d, n, " causal" if causal else ""), tf(ms), tf(t_ms), tf(s_ms),
                t_ms / ms, s_ms / ms, ok, best and best[1]))
