# The flash-attention backward pass of examples/python/tile/attention_backward.py
# (its forward with each row's log-sum-exp, then dQ, dK and dV), head dim 64
# and 128, float16 and bfloat16, causal and not, a sequence that is a
# multiple of the blocks and a ragged one, against float64 PyTorch autograd
# through scaled_dot_product_attention; then the same in a process that
# compiles for sm_80 (CUDAPY_CHIP): mma.sync, the stages read both as they
# are and transposed through ldmatrix.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import subprocess
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
import attention_backward  # noqa: E402

torch.manual_seed(0)
cuda = torch.device("cuda")
chip = os.environ.get("CUDAPY_CHIP", "device")


def error(got, want):
    return ((got.double() - want).abs().max() / want.abs().max()).item()


for d in (64, 128):
    for dtype in (torch.float16, torch.bfloat16):
        for seq in (512, 300):
            for causal in (False, True):
                bh = 3
                q, k, v, do = (torch.randn(bh, seq, d, device=cuda, dtype=dtype)
                               for _ in range(4))
                o = torch.empty_like(q)
                lse = torch.empty(bh, seq, device=cuda, dtype=torch.float32)
                delta = torch.empty_like(lse)
                dq, dk, dv = (torch.full_like(q, float("nan")) for _ in range(3))
                attention_backward.forward(q, k, v, o, lse, causal)
                attention_backward.backward(q, k, v, o, do, lse, delta, dq, dk, dv, causal)
                torch.cuda.synchronize()
                leaves = [x.double().requires_grad_() for x in (q, k, v)]
                reference = torch.nn.functional.scaled_dot_product_attention(
                    *leaves, is_causal=causal)
                reference.backward(do.double())
                # Each row's log-sum-exp of scores in base 2, from float64.
                scores = (leaves[0] @ leaves[1].transpose(1, 2)).detach() / d ** 0.5
                if causal:
                    scores = scores.masked_fill(
                        torch.ones(seq, seq, device=cuda, dtype=torch.bool).triu(1),
                        float("-inf"))
                want_lse = torch.logsumexp(scores, dim=-1) / torch.log(
                    torch.tensor(2.0, dtype=torch.float64))
                errors = [error(o, reference.detach()), error(lse, want_lse)] + [
                    error(got, leaf.grad) for got, leaf in zip((dq, dk, dv), leaves)]
                tolerance = 2e-2 if dtype == torch.float16 else 5e-2
                bad = [name for name, e in zip(("o", "lse", "dq", "dk", "dv"), errors)
                       if not e < tolerance]
                print("attention backward d%d %s seq %d causal=%s [%s] %s" % (
                    d, dtype, seq, causal, chip,
                    "ok" if not bad else "FAILED %s %s" % (bad, errors)))

if chip == "device":
    sys.stdout.flush()
    subprocess.run([sys.executable, __file__], env=dict(os.environ, CUDAPY_CHIP="sm_80"),
                   check=True)

# CHECK-COUNT-16: attention backward {{.*}} [device] ok
# CHECK-COUNT-16: attention backward {{.*}} [sm_80] ok
# CHECK-NOT: FAILED
