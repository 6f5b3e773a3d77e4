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
run("helper's body", body="step * 2.0")
run("helper's default", step="5.0")
run("scale", scale="3.0")
run("back", scale="2.0")
# CHECK: first | on import: operations False translator False | translated True compiler True ir 0
# CHECK-NEXT: again | on import: operations False translator False | translated False compiler False ir 0
# CHECK-NEXT: helper's body | on import: operations False translator False | translated True compiler True ir 1
# CHECK-NEXT: helper's default | on import: operations False translator False | translated True compiler True ir 2
# CHECK-NEXT: scale | on import: operations False translator False | translated True compiler True ir 3
# CHECK-NEXT: back | on import: operations False translator False | translated False compiler False ir 0

# The kernel's place is in the key too (its IR's locations, the line
# info of its cubin): a line added above it compiles again.
CHILD = "\n" + CHILD
run("moved down a line")
CHILD = CHILD[1:]
# CHECK-NEXT: moved down a line | on import: operations False translator False | translated True compiler True ir 4

run("module attribute", kernel="configured")
run("module attribute", kernel="configured")
run("module attribute", kernel="configured", factor="8.0")
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 5
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 5
# CHECK-NEXT: module attribute | on import: operations False translator False | translated True compiler True ir 6

# In one process: a global rebound between two specializations gives the
# second its own key (a new process with that value finds it), and a
# module edited and reloaded is keyed by its new lines.
EDITED = '''
import hashlib, importlib, os, sys
import cudapy.tile as ct
from cudapy import runtime
import scaled_kernel

device = runtime.Device(0)
x, y = device.empty((512,)), device.empty((512,))


def digest(kernel, n):
    ct.launch(0, (1,), kernel, (x, y, n))
    return hashlib.sha256(kernel._cache[next(k for k in kernel._cache if
                                             k[1][-1][-1] == n)].ir_text.encode()).hexdigest()[:8]


first = digest(scaled_kernel.scaled, 256)
if sys.argv[1] == "rebind":
    scaled_kernel.SCALE = 5.0
    digest(scaled_kernel.scaled, 512)
    text = scaled_kernel.scaled._cache[next(k for k in scaled_kernel.scaled._cache
                                            if k[1][-1][-1] == 512)].ir_text
    print("rebound, other n: translated with the new value", "5.000000e+00" in text)
else:
    with open(scaled_kernel.__file__) as handle:
        text = handle.read()
    with open(scaled_kernel.__file__, "w") as handle:
        handle.write(text.replace("t * SCALE", "t * SCALE + 1.0"))
    importlib.reload(scaled_kernel)
    print("edited and reloaded: same IR as before", digest(scaled_kernel.scaled, 256) == first)
'''
KERNEL = '''
import cudapy.tile as ct
SCALE = %s


@ct.kernel
def scaled(x, y, n: ct.Constant[int]):
    t = ct.load(x, index=(ct.bid(0),), shape=(n,))
    ct.store(y, index=(ct.bid(0),), tile=t * SCALE)
'''
NEW = '''
import sys
import cudapy.tile as ct
from cudapy import runtime
import scaled_kernel
device = runtime.Device(0)
x, y = device.empty((512,)), device.empty((512,))
ct.launch(0, (1,), scaled_kernel.scaled, (x, y, 512))
print("new process, SCALE 5.0, n 512: translated", "cudapy.tile._compiler" in sys.modules)
'''
for mode, scale, script in (("rebind", "2.0", EDITED), ("new", "5.0", NEW),
                            ("edit", "2.0", EDITED)):
    with open(os.path.join(folder, "scaled_kernel.py"), "w") as handle:
        handle.write(KERNEL % scale)
    with open(os.path.join(folder, "edited.py"), "w") as handle:
        handle.write(script)
    done = subprocess.run([sys.executable, os.path.join(folder, "edited.py"), mode],
                          capture_output=True, text=True, cwd=folder,
                          env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    print(done.stdout.strip() or done.stderr.strip()[-600:])
# CHECK-NEXT: rebound, other n: translated with the new value True
# CHECK-NEXT: new process, SCALE 5.0, n 512: translated False
# CHECK-NEXT: edited and reloaded: same IR as before False

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
