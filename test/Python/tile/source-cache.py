# The disk cache under a tile kernel's source: a second process launching
# the same kernel on arguments of the same specialization reads the
# compiled kernel by the source fingerprint of the kernel and of the
# helpers it calls, without importing the translator or loading the
# compiler library, and gets the IR a translation gives. What the kernel
# reads is in the key: a helper's source, a helper's default value (set
# outside its lines), a global constant. A kernel that reads another
# module's attribute has no source key (the attribute may change while the
# module's name does not): it is translated each time, its IR the key.
# `import cudapy.tile` imports neither the operations nor the translator.
# RUN: rm -rf %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import os
import subprocess
import sys
import tempfile

CHILD = """
import hashlib
import sys
import cudapy.tile as ct
from cudapy import runtime
from helpers import bump
import config

print("on import: operations", "cudapy.tile._api" in sys.modules,
      "translator", "cudapy.tile._compiler" in sys.modules)
SCALE = %s


@ct.kernel
def scaled(x, y, n: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(n,))
    ct.store(y, index=(ct.bid(0),), tile=bump(t) * SCALE)


@ct.kernel
def configured(x, y, n: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(n,))
    ct.store(y, index=(ct.bid(0),), tile=t * config.FACTOR)


kernel = %s
device = runtime.Device(0)
x, y = device.empty((256,)), device.empty((256,))
ct.launch(0, (1,), kernel, (x, y, 256))
text = next(iter(kernel._cache.values())).ir_text
print("translated", "cudapy.tile._compiler" in sys.modules,
      "compiler", "cudapy._capi" in sys.modules,
      "ir", hashlib.sha256(text.encode()).hexdigest()[:16])
"""

HELPERS = """
STEP = %s


def bump(t, step=STEP):
    return t + %s
"""

folder = tempfile.mkdtemp()
irs = []


def run(label, scale="2.0", step="1.0", body="step", factor="4.0", kernel="scaled"):
    for name, text in (("child.py", CHILD % (scale, kernel)),
                       ("helpers.py", HELPERS % (step, body)),
                       ("config.py", "FACTOR = %s\n" % factor)):
        with open(os.path.join(folder, name), "w") as handle:
            handle.write(text)
    # No bytecode: a file rewritten within the second at the same size
    # would be read from a stale one.
    done = subprocess.run([sys.executable, os.path.join(folder, "child.py")],
                          capture_output=True, text=True, cwd=folder,
                          env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    lines = done.stdout.strip().splitlines()
    if done.returncode or len(lines) != 2:
        print(label, "failed:", done.stderr.strip()[-400:])
        return
    ir = lines[1].split()[-1]
    seen = irs.index(ir) if ir in irs else len(irs)
    if ir not in irs:
        irs.append(ir)
    print(label, "|", lines[0], "|", lines[1].rsplit(" ", 1)[0], seen)


run("first")
run("again")
run("helper's body")
run("helper's body", body="step * 2.0")
run("helper's default", step="5.0")
run("scale", scale="3.0")
run("back", scale="2.0")
# CHECK: first | on import: operations False translator False | translated True compiler True ir 0
# CHECK-NEXT: again | on import: operations False translator False | translated False compiler False ir 0
# CHECK-NEXT: helper's body | on import: operations False translator False | translated False compiler False ir 0
# CHECK-NEXT: helper's body | on import: operations False translator False | translated True compiler True ir 1
# CHECK-NEXT: helper's default | on import: operations False translator False | translated True compiler True ir 2
# CHECK-NEXT: scale | on import: operations False translator False | translated True compiler True ir 3
# CHECK-NEXT: back | on import: operations False translator False | translated False compiler False ir 0

run("module attribute", kernel="configured")
run("module attribute", kernel="configured")
run("module attribute", kernel="configured", factor="8.0")
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 4
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 4
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 5

# The operations are there on first use, as cuTile's names.
import cudapy.tile as ct  # noqa: E402

print("load" in dir(ct), ct.load.__name__, ct.RoundingMode.APPROX.name, ct.cdiv(10, 4),
      "cudapy.tile._api" in sys.modules)
# CHECK-NEXT: True load APPROX 3 True
try:
    ct.no_such_operation
except AttributeError as error:
    print("AttributeError:", error)
# CHECK-NEXT: AttributeError: module 'cudapy.tile' has no attribute 'no_such_operation'
