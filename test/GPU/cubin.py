# Cubins on the GPU (docs/CompileCache.md): examples compiled with emit
# "cubin" for this device's chip (ptxas, else nvJitLink) load through the C
# runtime without the driver's PTX JIT and compute what NumPy does; the same
# through cudapy-run; a cubin from the compile cache gives the same results;
# the frontends' kernels load cubins too.
# REQUIRES: cuda-gpu, nvjitlink
# RUN: rm -rf %t && mkdir -p %t && env CUDAPY_CACHE_DIR=%t/cache %gpu %python %s %t | FileCheck %s

import json
import os
import subprocess
import sys

import numpy as np

import cudapy
from cudapy import _jit, runtime

folder = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "examples")
device = runtime.Device(0)
chip = _jit.compile_chip(device.chip)
rng = np.random.default_rng(7)
n = 100_003


def compiled(name):
    with open(os.path.join(examples, name + ".mlir")) as handle:
        return cudapy.compile(handle.read(), source_name=name + ".mlir", chip=chip,
                              emit="cubin")


def buffer(values):
    result = device.empty(values.shape)
    result.copy_from_host(values.tobytes())
    return result


def host(buffer):
    return np.frombuffer(buffer.copy_to_host(), dtype=np.float32)


first = compiled("softplus")
again = compiled("softplus")
# CHECK: softplus: cubin True False True
print("softplus:", first.outputs[0].format, first.outputs[0].data[:4] == b"\x7fELF",
      first.cached, again.cached)
x = rng.uniform(-30, 30, n).astype(np.float32)
for label, result in (("compiled", first), ("cached", again)):
    kernel = device.load(result).kernel("softplus")
    dx, dy = buffer(x), buffer(np.zeros(n, dtype=np.float32))
    kernel.launch(((n + 255) // 256,), (256,), dx, dy, n)
    device.synchronize()
    y = host(dy)
    reference = np.logaddexp(0.0, x.astype(np.float64))
    error = np.abs(y - reference) / np.maximum(np.abs(reference), 1e-30)
    # CHECK-NEXT: compiled: close True
    # CHECK-NEXT: cached: close True
    print("%s: close" % label, bool(error.max() < 1e-6))

# cudapy-run takes the cubin in place of PTX.
vector_add = compiled("vector_add")
with open(os.path.join(folder, "k.cubin"), "wb") as handle:
    handle.write(vector_add.outputs[0].data)
with open(os.path.join(folder, "k.json"), "w") as handle:
    json.dump(vector_add.metadata, handle)
out = subprocess.run(["cudapy-run", os.path.join(folder, "k.cubin"), "--metadata",
                      os.path.join(folder, "k.json"), "--kernel", "vector_add", "--grid", "4",
                      "--block", "256", "--arg", "memref:f32[1000]=ramp:0:0.5",
                      "--arg", "memref:f32[1000]=random:3>%s/b.npy" % folder,
                      "--arg", "memref:f32[1000]=zeros>%s/c.npy" % folder, "--arg", "i:1000"],
                     capture_output=True, text=True)
b, c = np.load(folder + "/b.npy"), np.load(folder + "/c.npy")
# CHECK-NEXT: cudapy-run: 0 exact True
print("cudapy-run:", out.returncode, "exact",
      np.array_equal(c, np.arange(1000, dtype=np.float32) * np.float32(0.5) + b))

# A tile kernel of the Python frontend: its entry holds a cubin, which loads.
import cudapy.tile as ct  # noqa: E402


@ct.kernel
def scale(a, b, tile: ct.Constant[int]):
    pid = ct.bid(0)
    ct.store(b, index=(pid,), tile=ct.load(a, index=(pid,), shape=(tile,)) * 3.0)


a = rng.standard_normal(4096).astype(np.float32)
da, db = buffer(a), buffer(np.zeros(4096, dtype=np.float32))
ct.launch(0, (4,), scale, (da, db, 1024))
device.synchronize()
# Its entries in the compile cache (under its IR and under its source)
# hold the cubin after the PTX's fields.
entries = sorted(name[:-len(".entry")] for name in os.listdir(os.path.join(folder, "cache"))
                 if name.startswith("tile-"))
cubins = [("source" if key.startswith("tile-src-") else "ir",
           b"\0\x7fELF" in runtime.cache_load(key)) for key in entries]
# CHECK-NEXT: tile: exact True cubins [('ir', True), ('source', True)]
print("tile: exact", np.array_equal(host(db), a * np.float32(3.0)), "cubins", sorted(cubins))
