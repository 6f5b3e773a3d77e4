# Device print and assert from cudapy.device and the numba.cuda spelling
# (CUDA C++ Programming Guide 7.34, 7.31), each in a child process whose
# output is captured: the lines each thread prints, against the values
# Python computes for the same inputs; a failing assertion's report (file,
# line, function, message) and the launch error it leaves; the same kernel
# compiled without assertions running to the end.
# Not under %gpu (compute-sanitizer): one child fails an assertion on
# purpose.
# REQUIRES: cuda-gpu
# RUN: rm -rf %t && mkdir -p %t && env CUDAPY_CACHE_DIR=%t/cache %python %s %t | FileCheck %s

import os
import subprocess
import sys

scripts = sys.argv[1]


def run_script(name, text):
    path = os.path.join(scripts, name)
    with open(path, "w") as file:
        file.write(text)
    return subprocess.run([sys.executable, path], capture_output=True, text=True)


# Each thread prints its index, an int64, an unsigned byte, a float32, a
# bool and a complex64, and a tuple; Python formats the same values with
# the same conversions.
PRINTING = r'''
import torch
from cudapy import device
from cudapy import numba_cuda as cuda

@device.kernel
def show(x, big, flags, z):
    i = device.tid(1)
    if i < len(x):
        print("thread", i, "big", big[i], "flag", flags[i], "x", x[i], (i, z))

@cuda.jit
def numba_show(x):
    i = cuda.grid(1)
    if i < x.size:
        print("numba", i, x[i])

x = torch.arange(5, dtype=torch.float32, device="cuda") * 0.25
big = torch.tensor([2**40 + k for k in range(5)], dtype=torch.int64, device="cuda")
flags = torch.tensor([200, 1, 2, 3, 255], dtype=torch.uint8, device="cuda")
device.launch(show, x, big, flags, device.complex64(1.5 - 2j), grid=1, block=32)
torch.cuda.synchronize()
numba_show[1, 32](x)
torch.cuda.synchronize()
'''
done = run_script("printing.py", PRINTING)
got = sorted(done.stdout.splitlines())
flags = [200, 1, 2, 3, 255]
want = sorted(["thread %d big %d flag %d x %f (%d, (%f%+fj))" % (i, 2**40 + i, flags[i],
                                                               i * 0.25, i, 1.5, -2.0)
               for i in range(5)] + ["numba %d %f" % (i, i * 0.25) for i in range(5)])
print("printed", done.returncode, len(got), "matches", got == want)
if got != want:
    print(done.stdout, done.stderr)
# CHECK: printed 0 10 matches True

# A failing assertion: the report names the file, the line, the function
# and the message; the launch's error reaches Python. Without assertions
# the kernel runs to the end.
ASSERTING = r'''
import sys
import torch
from cudapy import device

def check(x):
    i = device.tid(1)
    if i < len(x):
        assert x[i] < 6.0, "values stay below six"
        x[i] = x[i] + 1.0

x = torch.arange(8, dtype=torch.float32, device="cuda")
if sys.argv[-1] == "off":
    device.launch(device.kernel(assertions=False)(check), x, grid=1, block=32)
    torch.cuda.synchronize()
    print("ran to the end", x.tolist())
else:
    device.launch(device.kernel(check), x[:4], grid=1, block=32)
    torch.cuda.synchronize()
    print("first launch passed")
    device.launch(device.kernel(check), x, grid=1, block=32)
    try:
        torch.cuda.synchronize()
        print("not reached")
    except RuntimeError as error:
        print("launch error", "assert" in str(error).lower())
'''
path = os.path.join(scripts, "asserting.py")
done = run_script("asserting.py", ASSERTING)
print("asserting", done.stdout.strip().replace("\n", " | "))
report = [l for l in done.stderr.splitlines() if "Assertion" in l]
print("report", len(report) > 0, "asserting.py:9" in (report or [""])[0],
      "check" in (report or [""])[0], "values stay below six" in (report or [""])[0])
if not report:
    print(done.stderr)
# CHECK: asserting first launch passed | launch error True
# CHECK: report True True True True
off = subprocess.run([sys.executable, path, "off"], capture_output=True, text=True)
print("without assertions", off.returncode, off.stdout.strip())
if off.returncode:
    print(off.stderr[-2000:])
# CHECK: without assertions 0 ran to the end [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
