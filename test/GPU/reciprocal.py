# The reciprocal that tile divisions by a shared positive divisor use
# (Elementwise.cpp, reciprocalOfModerate; test/GPU/Inputs/reciprocal.mlir)
# is 1/b rounded to nearest for every float b in [2^-63, 2^63): all
# 1,056,964,608 of them, which Markstein's theorem needs of it for the
# quotients to be IEEE's (test/GPU/tile_ops.py checks quotients bit for bit).
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import os

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
device = runtime.Device(0)
source = open(os.path.join(here, "Inputs", "reciprocal.mlir")).read()
module = device.load(cudapy.compile(source, chip=device.chip))

FIRST, END = 0x20000000, 0x5F000000  # the bits of 2^-63 and of 2^63


def mismatches(newton):
    counts = cp.zeros(1, dtype=cp.int32)
    module.kernel("mismatches").launch((1024,), (256,), FIRST, END - FIRST, newton, counts)
    device.synchronize()
    return int(counts[0])


print("checked", END - FIRST, "mismatches", mismatches(1))
# CHECK: checked 1056964608 mismatches 0
# The check sees a wrong reciprocal: the approximation alone differs.
print("approximation alone differs", mismatches(0) > 0)
# CHECK: approximation alone differs True
