"""c = a + b, one thread an element (the cuda.device spec's first kernel),
and the spec's axpy through a @func helper."""

from cudapy import device


@device.kernel
def vector_add(a, b, c):
    i = device.tid(1)
    if i < len(c):
        c[i] = a[i] + b[i]


@device.func
def axpy(a, x, y):
    return a * x + y


@device.kernel
def vec_axpy(a, x, y, out):
    i = device.tid(1)
    if i < len(out):
        out[i] = axpy(a, x[i], y[i])


def run(a, b, c, stream=None, block=256):
    device.launch(vector_add, a, b, c, grid=(len(c) + block - 1) // block, block=block,
                  stream=stream)


if __name__ == "__main__":
    import torch
    a = torch.randn(100000, device="cuda")
    b = torch.randn(100000, device="cuda")
    c = torch.empty_like(a)
    run(a, b, c)
    torch.cuda.synchronize()
    print("vector add max error:", (c - (a + b)).abs().max().item())
