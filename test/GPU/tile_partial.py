# Partial tiles and bounds, property-based: for random shapes (1, primes,
# sizes just over and under a tile, and random ones; seeded) each of
# load/store with zero padding, a K loop of loads reduced per row, gather
# and scatter with masks and out-of-range indices, and atomic adds whose
# out-of-range indices are skipped, is checked against NumPy. Run under
# compute-sanitizer by `tools/gpu-test.sh --sanitize memcheck`, an access
# past an array's end is a report.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import numpy as np
import torch

import cudapy.tile as ct

rng = np.random.default_rng(2026)
stream = torch.cuda.current_stream()
TM, TN = 16, 64


@ct.kernel
def copy2d(x, y, tm: ct.Constant[int], tn: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    ct.store(y, (i, j), ct.load(x, (i, j), (tm, tn), padding_mode=ct.PaddingMode.ZERO) + 1)


@ct.kernel
def row_sums(x, out, tm: ct.Constant[int], tn: ct.Constant[int]):
    i = ct.bid(0)
    acc = ct.zeros((tm,), dtype=ct.float32)
    for k in range(ct.cdiv(x.shape[1], tn)):
        acc = acc + ct.sum(ct.load(x, (i, k), (tm, tn), padding_mode=ct.PaddingMode.ZERO), axis=1)
    ct.store(out, (i,), acc)


@ct.kernel
def gather_scatter(x, idx, y, tile: ct.Constant[int]):
    # y[k] = 2 * x[idx[k]] for the k of this block where idx[k] is even;
    # idx holds indices past x's end too, whose gathers give -1.
    k = ct.arange(tile, dtype=ct.int32) + ct.bid(0) * tile
    at = ct.gather(idx, k, padding_value=0)
    v = ct.gather(x, at, padding_value=-1.0)
    ct.scatter(y, k, v * 2, mask=(at % 2) == 0)


@ct.kernel
def histogram(data, counts, tile: ct.Constant[int]):
    # counts[b] += 1 for each data value b; values outside counts (and the
    # lanes past data's end, -1) are skipped.
    k = ct.arange(tile, dtype=ct.int32) + ct.bid(0) * tile
    ct.atomic_add(counts, ct.gather(data, k, padding_value=-1), 1)


def extents():
    fixed = [1, 2, 3, 7, 13, 31, 63, 65, 127, 129, 257]
    return fixed + [int(v) for v in rng.integers(1, 700, 6)]


def report(name, cases, failures):
    print("%s: %d shapes, %s" % (name, cases, "all match" if not failures
                                  else "MISMATCH at " + ", ".join(failures[:5])))


def check_copy():
    failures, cases = [], 0
    for m in extents()[::2]:
        for n in extents()[1::3]:
            x = torch.from_numpy(rng.standard_normal((m, n), dtype=np.float32)).cuda()
            y = torch.full((m, n), np.nan, device="cuda")
            ct.launch(stream, (ct.cdiv(m, TM), ct.cdiv(n, TN)), copy2d, (x, y, TM, TN))
            cases += 1
            if not np.array_equal(y.cpu().numpy(), x.cpu().numpy() + 1):
                failures.append("%dx%d" % (m, n))
    report("load/store", cases, failures)


def check_row_sums():
    failures, cases = [], 0
    for m in extents()[::3]:
        for n in extents()[::2]:
            x = rng.integers(-4, 5, (m, n)).astype(np.float32)  # exact sums
            out = torch.full((ct.cdiv(m, TM) * TM,), np.nan, device="cuda")
            ct.launch(stream, (ct.cdiv(m, TM),), row_sums, (torch.from_numpy(x).cuda(), out, TM, TN))
            cases += 1
            got = out.cpu().numpy()
            if not (np.array_equal(got[:m], x.sum(axis=1)) and np.all(got[m:] == 0)):
                failures.append("%dx%d" % (m, n))
    report("K-loop row sums", cases, failures)


def check_gather_scatter():
    failures, cases = [], 0
    for n in extents():
        for count in (1, n, n + 1, 3 * n + 5):
            x = rng.standard_normal(n).astype(np.float32)
            idx = rng.integers(0, n + 3, count).astype(np.int32)  # some past x's end
            y = np.full(count, 7.0, np.float32)
            want = y.copy()
            gathered = np.where(idx < n, x[np.minimum(idx, n - 1)], -1.0)
            want[idx % 2 == 0] = (gathered * 2)[idx % 2 == 0]
            dy = torch.from_numpy(y).cuda()
            ct.launch(stream, (ct.cdiv(count, 128),), gather_scatter,
                      (torch.from_numpy(x).cuda(), torch.from_numpy(idx).cuda(), dy, 128))
            cases += 1
            if not np.array_equal(dy.cpu().numpy(), want):
                failures.append("n %d count %d" % (n, count))
    report("gather/scatter", cases, failures)


def check_histogram():
    failures, cases = [], 0
    for n in extents():
        for bins in (1, 5, 64, 129):
            data = rng.integers(-2, bins + 2, n).astype(np.int32)  # some outside
            counts = torch.zeros(bins, dtype=torch.int32, device="cuda")
            ct.launch(stream, (ct.cdiv(n, 256),), histogram,
                      (torch.from_numpy(data).cuda(), counts, 256))
            cases += 1
            inside = data[(data >= 0) & (data < bins)]
            if not np.array_equal(counts.cpu().numpy(), np.bincount(inside, minlength=bins)):
                failures.append("n %d bins %d" % (n, bins))
    report("atomic histogram", cases, failures)


check_copy()
check_row_sums()
check_gather_scatter()
check_histogram()
# CHECK: load/store: {{[0-9]+}} shapes, all match
# CHECK-NEXT: K-loop row sums: {{[0-9]+}} shapes, all match
# CHECK-NEXT: gather/scatter: {{[0-9]+}} shapes, all match
# CHECK-NEXT: atomic histogram: {{[0-9]+}} shapes, all match
