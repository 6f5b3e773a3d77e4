# Tile kernels at every warp count from 1 to 16, against PyTorch: tiles
# with fewer elements than 128 bits for each thread (narrower vectors),
# fewer elements than threads (warps holding copies, whose stores are
# masked), broadcasts along either axis, column sums stored from a layout
# with copies, softmax rows, reductions and scans across warps; the warps
# the compiler chooses; ct.autotune: a winner per key, restore_value and
# reset_to_zero, and the winner read back from the compile cache by a new
# process.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import subprocess
import sys

import torch

import cudapy.tile as ct

torch.manual_seed(0)
stream = torch.cuda.current_stream()
WARPS = (1, 2, 4, 8, 16)


def report(name, got, want, tolerance=1e-6):
    torch.cuda.synchronize()
    error = ((got.double() - want.double()).abs().max() /
             want.double().abs().max().clamp(min=1e-30)).item()
    if error > tolerance:
        print(name, "FAILED (relative error %g)" % error)
    return error <= tolerance


@ct.kernel
def ew1d(x, z, y, T: ct.Constant[int]):
    i = ct.bid(0)
    a = ct.load(x, index=(i,), shape=(T,)).astype(ct.float32)
    b = ct.load(z, index=(i,), shape=(T,)).astype(ct.float32)
    ct.store(y, index=(i,), tile=(a * 0.5 + b).astype(y.dtype))


@ct.kernel
def ew_col(x, c, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    a = ct.load(x, index=(i, j), shape=(BM, BN)).astype(ct.float32)
    b = ct.load(c, index=(i, 0), shape=(BM, 1)).astype(ct.float32)
    ct.store(y, index=(i, j), tile=(a * 0.5 + b).astype(y.dtype))


@ct.kernel
def colsum(x, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    j = ct.bid(0)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for i in range(ct.num_tiles(x, axis=0, shape=(BM, BN))):
        acc += ct.load(x, index=(i, j), shape=(BM, BN)).astype(ct.float32)
    ct.store(y, index=(j,), tile=ct.sum(acc, axis=0))


@ct.kernel
def softmax(x, y, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C), padding_mode=ct.PaddingMode.NEG_INF)
    t = t.astype(ct.float32)
    e = ct.exp(t - ct.max(t, axis=1, keepdims=True))
    ct.store(y, index=(i, 0), tile=(e / ct.sum(e, axis=1, keepdims=True)).astype(y.dtype))


# 1-D: 1000 elements (a partial last tile) of each dtype, tiles of 64 to
# 4096 elements, every warp count.
ok = True
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    n = 5000
    x, z = torch.randn(n, device="cuda").to(dtype), torch.randn(n, device="cuda").to(dtype)
    want = (x.float() * 0.5 + z.float()).to(dtype)
    for tile in (64, 256, 1024, 4096):
        for warps in WARPS:
            y = torch.zeros_like(x)
            ct.launch(stream, (ct.cdiv(n, tile),), ew1d.replace_hints(num_worker_warps=warps),
                      (x, z, y, tile))
            ok &= report("ew1d %s %d %d" % (dtype, tile, warps), y, want)
print("ew1d", "ok" if ok else "FAILED")
# CHECK: ew1d ok

ok = True
M, N = 200, 300
x = torch.randn(M, N, device="cuda")
c = torch.randn(M, 1, device="cuda")
want = x * 0.5 + c
for bm, bn in ((2, 16), (16, 64), (32, 128)):
    for warps in WARPS:
        y = torch.zeros_like(x)
        ct.launch(stream, (ct.cdiv(M, bm), ct.cdiv(N, bn)),
                  ew_col.replace_hints(num_worker_warps=warps), (x, c, y, bm, bn))
        ok &= report("ew_col %dx%d %d" % (bm, bn, warps), y, want)
print("broadcast column", "ok" if ok else "FAILED")
# CHECK: broadcast column ok

ok = True
x = torch.randn(256, 1024, device="cuda")
want = x.double().sum(dim=0)
for bm, bn in ((8, 256), (32, 128), (64, 64), (4, 16)):
    for warps in WARPS:
        y = torch.zeros(1024, device="cuda")
        ct.launch(stream, (1024 // bn,), colsum.replace_hints(num_worker_warps=warps),
                  (x, y, bm, bn))
        ok &= report("colsum %dx%d %d" % (bm, bn, warps), y, want, 1e-5)
print("column sums", "ok" if ok else "FAILED")
# CHECK: column sums ok

ok = True
for dtype in (torch.float32, torch.float16):
    for n, r in ((100, 4), (128, 16), (2000, 1), (2048, 1)):
        x = torch.randn(64, n, device="cuda").to(dtype)
        want = torch.softmax(x.float(), dim=1).to(dtype)
        width = 1 << (n - 1).bit_length()
        for warps in WARPS:
            y = torch.zeros_like(x)
            ct.launch(stream, (64 // r,), softmax.replace_hints(num_worker_warps=warps),
                      (x, y, r, width))
            ok &= report("softmax %s %d %d" % (dtype, n, warps), y, want,
                         1e-6 if dtype == torch.float32 else 1e-3)
print("softmax", "ok" if ok else "FAILED")
# CHECK: softmax ok


def keep_larger(v0, i0, v1, i1):
    larger = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return ct.where(larger, v1, v0), ct.where(larger, i1, i0)


@ct.kernel
def reductions(x, sums, maxima, args, pairs, colsums, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C))
    ct.store(sums, index=(i,), tile=ct.sum(t, axis=1))
    ct.store(maxima, index=(i,), tile=ct.max(t, axis=1))
    ct.store(args, index=(i,), tile=ct.argmax(t, axis=1))
    positions = ct.broadcast_to(ct.arange(C, dtype=ct.int32), (R, C))
    _value, index = ct.reduce((t, positions), 1, keep_larger, (-float("inf"), 0))
    ct.store(pairs, index=(i,), tile=index)
    ct.store(colsums, index=(i, 0), tile=ct.sum(t, axis=0, keepdims=True))


# Reductions across warps (lanes that hold the same partial read one
# warp's each, then butterflies), built-in, arg and combiner regions, along
# rows spread over every warp count and along columns.
ok = True
for r, c in ((1, 4096), (4, 1024), (16, 256), (64, 64), (2, 32)):
    rows = 8 * r
    x = torch.randn(rows, c, device="cuda")
    x[:, c // 3] = x.max(dim=1).values  # ties: the first position wins
    for warps in WARPS:
        sums = torch.zeros(rows, device="cuda")
        maxima = torch.zeros(rows, device="cuda")
        args = torch.zeros(rows, device="cuda", dtype=torch.int32)
        pairs = torch.zeros(rows, device="cuda", dtype=torch.int32)
        colsums = torch.zeros(8, c, device="cuda")
        ct.launch(stream, (8,), reductions.replace_hints(num_worker_warps=warps),
                  (x, sums, maxima, args, pairs, colsums, r, c))
        name = "reductions %dx%d %d" % (r, c, warps)
        ok &= report(name + " sum", sums, x.double().sum(dim=1), 1e-5)
        ok &= report(name + " max", maxima, x.max(dim=1).values, 0)
        ok &= report(name + " argmax", args, x.argmax(dim=1), 0)
        ok &= report(name + " reduce", pairs, x.argmax(dim=1), 0)
        ok &= report(name + " column sums", colsums,
                     x.double().reshape(8, r, c).sum(dim=1), 1e-5)
print("reductions", "ok" if ok else "FAILED")
# CHECK: reductions ok

@ct.kernel
def scans(x, n, fwd, rev, ints, running, R: ct.Constant[int], C: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i, 0), shape=(R, C))
    ct.store(fwd, index=(i, 0), tile=ct.cumsum(t, axis=1))
    ct.store(rev, index=(i, 0), tile=ct.cumsum(t, axis=1, reverse=True))
    ct.store(ints, index=(i, 0), tile=ct.cumsum(ct.load(n, index=(i, 0), shape=(R, C)), axis=1))
    ct.store(running, index=(i, 0), tile=ct.scan(t, 1, lambda a, b: ct.maximum(a, b),
                                                 -float("inf")))


# Scans across warps (lane t scans warp t's total where lanes along the
# axis are at least as many as warps): sums forward and reverse, integer
# sums (exact), a running maximum through a combiner region (partials with
# validity flags); -0.0 first stays -0.0 (the sum's identity is -0.0).
ok = True
for r, c in ((1, 4096), (4, 1024), (16, 256), (64, 64), (2, 32)):
    rows = 8 * r
    x = torch.randn(rows, c, device="cuda")
    x[:, 0] = -0.0
    n = torch.randint(-1000, 1000, (rows, c), device="cuda", dtype=torch.int32)
    for warps in WARPS:
        fwd, rev, running = (torch.zeros_like(x) for _ in range(3))
        ints = torch.zeros_like(n)
        ct.launch(stream, (8,), scans.replace_hints(num_worker_warps=warps),
                  (x, n, fwd, rev, ints, running, r, c))
        name = "scans %dx%d %d" % (r, c, warps)
        ok &= report(name + " cumsum", fwd, x.double().cumsum(dim=1), 1e-5)
        ok &= report(name + " reverse", rev, x.double().flip(1).cumsum(dim=1).flip(1), 1e-5)
        ok &= report(name + " int", ints, n.long().cumsum(dim=1), 0)
        ok &= report(name + " running max", running, torch.cummax(x, dim=1).values, 0)
        if not bool(torch.signbit(fwd[:, 0]).all()):
            print(name, "FAILED: -0.0 lost its sign")
            ok = False
print("scans", "ok" if ok else "FAILED")
# CHECK: scans ok

# The compiler's choice (tile-choose-num-warps): element-wise, one warp per
# 32 bytes a thread of the largest tile moved, 1 to 16.
x = torch.randn(1 << 16, device="cuda")
y = torch.empty_like(x)
for tile in (64, 1024, 2048, 16384):
    chosen = ew1d.compile((x, x, y, tile))
    ct.launch(stream, ((1 << 16) // tile,), ew1d, (x, x, y, tile))
    print("tile", tile, "warps", chosen.num_warps, "block", chosen.kernel.required_block[0],
          "ok" if report("chosen", y, x * 1.5) else "FAILED")
# CHECK: tile 64 warps 1 block 32 ok
# CHECK-NEXT: tile 1024 warps 4 block 128 ok
# CHECK-NEXT: tile 2048 warps 8 block 256 ok
# CHECK-NEXT: tile 16384 warps 16 block 512 ok


# ct.autotune: the configurations' constants fill TILE, the grid follows
# the winner's; the key is n.
configs = [ct.Config({"TILE": 256}, num_worker_warps=2), ct.Config({"TILE": 1024}),
           ct.Config({"TILE": 4096}, num_worker_warps=8)]


@ct.autotune(configs, key=["n"], restore_value=["y"])
@ct.kernel
def accumulate(x, y, n, TILE: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(y, index=(i,), shape=(TILE,)) + ct.load(x, index=(i,), shape=(TILE,))
    ct.store(y, index=(i,), tile=t)


for n in (1 << 20, 3000):
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    want = y + x
    ct.launch(stream, lambda meta: (ct.cdiv(n, meta["TILE"]),), accumulate, (x, y, n))
    print("autotune n", n, "winner" if accumulate.best_config in configs else "FAILED",
          len(accumulate.timings), "ok" if report("accumulate", y, want) else "FAILED")
# CHECK: autotune n 1048576 winner 1 ok
# CHECK-NEXT: autotune n 3000 winner 2 ok
# A key tuned already is not timed again.
ct.launch(stream, lambda meta: (ct.cdiv(n, meta["TILE"]),), accumulate, (x, y, n))
print("again", len(accumulate.timings), "ok" if report("again", y, want + x) else "FAILED")
# CHECK-NEXT: again 2 ok


@ct.autotune([ct.Config({"TILE": 128}), ct.Config({"TILE": 512})], key=["n"],
             reset_to_zero=["out"])
@ct.kernel
def total(x, out, n, TILE: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(x, index=(i,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.atomic_add(out, (0,), ct.sum(t, axis=0))


x = torch.ones(10000, device="cuda")
out = torch.zeros(1, device="cuda")
ct.launch(stream, lambda meta: (ct.cdiv(10000, meta["TILE"]),), total, (x, out, 10000))
print("reset_to_zero", out.item())
# CHECK-NEXT: reset_to_zero 10000.0

# A new process finds the winner in the compile cache: no timing.
script = """
import torch, cudapy.tile as ct
configs = %r
@ct.autotune([ct.Config({"TILE": t}, **h) for t, h in configs], key=["n"], restore_value=["y"])
@ct.kernel
def accumulate(x, y, n, TILE: ct.Constant[int]):
    i = ct.bid(0)
    t = ct.load(y, index=(i,), shape=(TILE,)) + ct.load(x, index=(i,), shape=(TILE,))
    ct.store(y, index=(i,), tile=t)
x, y = torch.ones(3000, device="cuda"), torch.zeros(3000, device="cuda")
ct.launch(torch.cuda.current_stream(), lambda m: (ct.cdiv(3000, m["TILE"]),), accumulate,
          (x, y, 3000))
torch.cuda.synchronize()
print(len(accumulate.timings), accumulate.best_config, y.sum().item())
""" % ([(c.constants["TILE"], c.hints) for c in configs],)
for attempt in range(2):
    with open(os.path.join(os.environ["CUDAPY_CACHE_DIR"], "autotune-child.py"), "w") as f:
        f.write(script)
    child = subprocess.run([sys.executable, f.name], capture_output=True, text=True)
    print("child", attempt, child.stdout.strip().split(" ", 1)[0], child.stdout.strip()[-6:],
          child.stderr.strip()[-300:])
# CHECK-NEXT: child 0 1 3000.0
# CHECK-NEXT: child 1 0 3000.0
