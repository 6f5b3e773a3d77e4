# compilation.export_kernel(output_format="cubin") assembles the kernel's
# PTX (cudapyAssemblePTX: ptxas, else nvJitLink) into an ELF for the chip,
# the metadata beside it; more than one signature per cubin is refused.
# REQUIRES: nvjitlink
# RUN: %python %s %t | FileCheck %s

import json
import os
import sys

import cudapy.tile as ct
from cudapy.tile import compilation as cc


@ct.kernel
def scale(x, y, n: ct.Constant[int]):
    pid = ct.bid(0)
    ct.store(y, (pid,), ct.load(x, (pid,), (n,)) * 2)


f32 = cc.ArrayConstraint(ct.float32, 1)
signature = cc.KernelSignature([f32, f32, cc.ConstantConstraint(256)],
                               cc.CallingConvention.cutile_python_v1())
(cubin,) = cc.export_kernel(scale, [signature], sys.argv[1] + ".cubin", gpu_code="sm_90a",
                            output_format="cubin")
print("elf", cubin[:4] == b"\x7fELF", len(cubin) > 1000)
print("metadata", json.load(open(sys.argv[1] + ".cubin.json"))["kernels"][0]["name"])
# CHECK: elf True True
# CHECK: metadata scale
try:
    cc.export_kernel(scale, [signature, signature], sys.argv[1] + ".two", output_format="cubin")
except ValueError as why:
    print("refused:", why)
# CHECK: refused: output_format='cubin' takes one signature (one kernel a file)
