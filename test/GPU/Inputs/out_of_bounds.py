# A Python kernel that writes past its array on purpose (thread t stores to
# x[n + 2**24 + t], with no bounds check): test/GPU/line-info.test runs it
# under compute-sanitizer, which must name this file and the store's line.
import sys

import torch

from cudapy import device


@device.kernel
def out_of_bounds(x, n):
    t = device.thread_idx.x
    x[n + 16777216 + t] = 1.0  # the bad store


source = open(__file__).read().splitlines()
line = next(k + 1 for k, text in enumerate(source) if text.endswith("# the bad store"))
x = torch.zeros(64, device="cuda")
device.launch(out_of_bounds, x, 64, grid=1, block=32)
try:
    torch.cuda.synchronize()
except RuntimeError:
    pass
sys.stdout.write("expected line %d\n" % line)
