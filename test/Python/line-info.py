# Line info from Python: both frontends put the user's file and lines in the
# PTX (.file/.loc), so Nsight Compute, compute-sanitizer and cuda-gdb point
# at the Python source. (test/GPU/line-info.test runs compute-sanitizer.)
# REQUIRES: libdevice
# RUN: %python %s %t | FileCheck %s

import os
import re
import shutil
import subprocess
import sys

import cudapy.tile as ct
from cudapy import device
from cudapy.tile import compilation as cc

here = os.path.abspath(__file__)


def lines(ptx):
    """The file the PTX names for this test, and the lines of it that its
    .loc directives give."""
    files = dict(re.findall(r'^\s*\.file\s+(\d+)\s+"([^"]*)"', ptx, re.M))
    ours = [n for n, path in files.items() if os.path.abspath(path) == here]
    found = set()
    for n, line in re.findall(r"^\s*\.loc\s+(\d+)\s+(\d+)\s", ptx, re.M):
        if n in ours:
            found.add(int(line))
    return bool(ours), found


class Array:
    def __init__(self, n, typestr="<f4"):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": typestr,
                                         "data": (4096, False), "version": 3}


@device.kernel
def scale(x, factor):
    i = device.tid(1)
    if i < len(x):
        x[i] = x[i] * factor  # the store's line


source = open(here).read().splitlines()
store_line = next(k + 1 for k, text in enumerate(source) if text.endswith("# the store's line"))
load_line = next(k + 1 for k, text in enumerate(source) if text.endswith("# the tile load's line"))

entry = scale.compile((Array(100), 2.0), chip="sm_80")
named, found = lines(entry["ptx"])
print("device: file", named, "store line", store_line in found)
# CHECK: device: file True store line True


@ct.kernel
def double(x, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,))  # the tile load's line
    ct.store(x, index=(bid,), tile=t * 2)


signature = cc.KernelSignature([cc.ArrayConstraint(ct.float32, 1), cc.ConstantConstraint(256)],
                               cc.CallingConvention.cutile_python_v1())
os.makedirs(sys.argv[1], exist_ok=True)
ptx = cc.export_kernel(double, [signature], os.path.join(sys.argv[1], "double.ptx"),
                       gpu_code="sm_80", output_format="ptx")
ptx = ptx if isinstance(ptx, str) else "\n".join(ptx)
named, found = lines(ptx)
print("tile: file", named, "load line", load_line in found)
# CHECK: tile: file True load line True

# ptxas accepts both PTX files with their line info.
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.path.exists(ptxas):
    with open(os.path.join(sys.argv[1], "scale.ptx"), "w") as handle:
        handle.write(entry["ptx"])
    results = [subprocess.run([ptxas, "-arch=sm_80", os.path.join(sys.argv[1], name), "-o",
                               os.devnull], capture_output=True, text=True)
               for name in ("scale.ptx", "double.ptx")]
    print("ptxas", all(r.returncode == 0 for r in results) or [r.stderr for r in results])
else:
    print("ptxas True")
# CHECK: ptxas True
