# The compiler's debug knobs reach the Python frontends through the
# environment (docs/Debugging.md): with CUDAPY_DUMP_OUTPUT set, a kernel the
# disk cache already holds is compiled again and its PTX written to the
# folder; CUDAPY_REPRODUCER writes the reproducer of the compile.
# RUN: rm -rf %t && mkdir -p %t && %python %s %t | FileCheck %s

import os
import subprocess
import sys

folder = sys.argv[1]
SCRIPT = r"""
from cudapy import device

class Array:
    __cuda_array_interface__ = {"shape": (8,), "typestr": "<f4", "data": (4096, False),
                                "version": 3}

@device.kernel
def twice(x):
    i = device.tid(1)
    if i < len(x):
        x[i] = x[i] * 2.0

print(len(twice.compile((Array(),), chip="sm_80")["ptx"]) > 0)
"""
script = os.path.join(folder, "kernel.py")
with open(script, "w") as handle:
    handle.write(SCRIPT)
environment = dict(os.environ, CUDAPY_CACHE_DIR=os.path.join(folder, "cache"))
for knobs in ({}, {}, {"CUDAPY_DUMP_OUTPUT": os.path.join(folder, "out"),
                       "CUDAPY_REPRODUCER": os.path.join(folder, "repro.mlir")}):
    done = subprocess.run([sys.executable, script], env=dict(environment, **knobs),
                          capture_output=True, text=True)
    print("compiled", done.stdout.strip(), done.stderr.strip())
print(sorted(name.split(".")[0] + "." + name.split(".")[-1]
             for name in os.listdir(os.path.join(folder, "out"))))
with open(os.path.join(folder, "repro.mlir")) as handle:
    text = handle.read()
print("reproducer", "py.kernel @twice" in text, "mlir_reproducer" in text)
# CHECK: compiled True
# CHECK-NEXT: compiled True
# CHECK-NEXT: compiled True
# CHECK-NEXT: ['metadata.json', 'twice.ptx']
# CHECK-NEXT: reproducer True True
