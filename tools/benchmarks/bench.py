"""What the tensor-core benchmarks share: the bundle to import cudapy from
(the script's first argument, see docs/Bundle.md) and CUDA-event timing,
of back-to-back calls or of a CUDA graph of them."""
import os
import statistics
import sys

BUNDLE = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(BUNDLE, "python"))
os.environ["CUDAPY_LIBRARY_PATH"] = os.path.join(BUNDLE, "lib")

REPEAT, INNER = 30, 10


def median_ms(fn):
    """The median over REPEAT samples of INNER back-to-back calls of `fn`
    (after INNER calls of warm-up), in milliseconds a call, by CUDA events
    on the current stream."""
    import torch
    for _ in range(INNER):
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(REPEAT):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(INNER):
            fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / INNER)
    return statistics.median(samples)


def launch_us(fn, count=200):
    """CPU time of one call of `fn` in microseconds (launches queued
    without waiting for them)."""
    import time
    import torch
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(count):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed / count * 1e6


_capturing = None


def launch_stream():
    """Where our launches go (their `stream=`): the default stream, or the
    stream a CUDA graph captures while graph_ms records one."""
    return _capturing


def graph_ms(fn):
    """As median_ms, but what is timed is the replay of a CUDA graph that
    captured INNER calls of `fn` (which must launch on the current stream,
    or on launch_stream()): the GPU's time alone, without the host's cost of
    each launch, which bounds back-to-back calls of kernels of a few tens of
    microseconds."""
    global _capturing
    import torch
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        fn()  # warm-up outside the capture (Triton compiles, caches fill)
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        _capturing = torch.cuda.current_stream()
        try:
            for _ in range(INNER):
                fn()
        finally:
            _capturing = None
    graph.replay()
    torch.cuda.synchronize()
    samples = []
    for _ in range(REPEAT):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / INNER)
    return statistics.median(samples)


# MLIR kernels of the repository, compiled as they are written: the tile
# examples (examples/tile) and their other configurations
# (test/GPU/Inputs/tile_example_variants.mlir: 4096-column rows, the facts
# a JIT specializes on).
EXAMPLE_VARIANTS = os.path.join("test", "GPU", "Inputs", "tile_example_variants.mlir")


def mlir_source(path):
    """The text of an MLIR file under ROOT (`name` alone: examples/tile/NAME.mlir)."""
    if os.sep not in path:
        path = os.path.join("examples", "tile", path + ".mlir")
    with open(os.path.join(ROOT, path)) as handle:
        return path, handle.read()
