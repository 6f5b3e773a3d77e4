"""Compile latency: where the time of a compile goes, for every example.

Usage (the bundle unpacked, see docs/Bundle.md; or a build tree's lib/):
    python3 tools/benchmarks/compile_time.py BUNDLE_DIR [--chip sm_90a] [--no-gpu]
                                             [--only TEXT]

For each example kernel (examples/*.mlir, examples/tile/*.mlir, and the
Python matmul of examples/python/tile/matmul.py as its frontend exports it): the
in-process compile through the C API in a warm process (the median of 5
compiles after one, the cache off), as PTX and as a cubin, and the phases of
the cubin compile (the metadata's phases_ms, docs/CompileCache.md). With a
GPU: the time the runtime takes to load the PTX (the driver's JIT) and the
cubin. Then, in new processes: `cudapy-compile --emit=cubin` of vector add
(wall, cold, the cache off), a cache hit that loads vector add (from the
compile call to the loaded module), and `import cudapy.tile` plus opening
the device. Prints one table; every figure is measured in this run. With
--only TEXT, only the kernels whose names contain TEXT, and nothing else.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BUNDLE = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON_DIR = (os.path.join(BUNDLE, "python") if os.path.isdir(os.path.join(BUNDLE, "python"))
              else os.path.join(ROOT, "python-bindings"))
LIB_DIR = os.path.join(BUNDLE, "lib")
BIN_DIR = os.path.join(BUNDLE, "bin")
sys.path.insert(0, PYTHON_DIR)
os.environ["CUDAPY_LIBRARY_PATH"] = LIB_DIR
# Every figure is a first compile and a first load: the driver's JIT cache
# off, and each compile of a kernel named differently (its PTX's .file
# lines differ), so that neither the driver nor nvJitLink can reuse work.
os.environ["CUDA_CACHE_DISABLE"] = "1"
CHIP = sys.argv[sys.argv.index("--chip") + 1] if "--chip" in sys.argv else "sm_90a"
GPU = "--no-gpu" not in sys.argv
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None

import cudapy  # noqa: E402

PHASES = ("parse", "cudapy_passes", "upstream_passes", "llvm_translate", "libdevice_link",
          "llvm_optimize", "nvptx_codegen", "assemble", "other")
SHORT = {"parse": "parse", "cudapy_passes": "cudapy", "upstream_passes": "upstrm",
         "llvm_translate": "transl", "libdevice_link": "libdev", "llvm_optimize": "opt",
         "nvptx_codegen": "nvptx", "assemble": "asm", "other": "other"}


def examples():
    """The examples' modules (examples/tile/matmul.mlir is a function for
    other modules: its 11 kernels of test/GPU/Inputs/tile_matmul.mlir, in one
    module, stand for it)."""
    for folder in ("examples", os.path.join("examples", "tile")):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".mlir") and name != "matmul.mlir":
                path = os.path.join(ROOT, folder, name)
                yield os.path.relpath(path, ROOT), open(path).read()
    path = os.path.join(ROOT, "test", "GPU", "Inputs", "tile_matmul.mlir")
    yield "tile_matmul.mlir (11 kernels)", open(path).read()


def python_matmuls():
    """examples/python/tile/matmul.py as its frontend exports it for float16
    arrays with 16-byte facts (what ct.launch specializes PyTorch's
    contiguous tensors on), at three tile shapes; compiled with the warps
    the compiler chooses, as ct.launch has them. Yields (name, IR, the
    frontend's warm translation in ms)."""
    sys.path.insert(0, os.path.join(ROOT, "examples", "python", "tile"))
    import cudapy.tile as ct
    from cudapy.tile.compilation import (ArrayConstraint, CallingConvention,
                                         ConstantConstraint, KernelSignature, export_kernel)
    import matmul
    for tiles in ((128, 256, 64), (128, 128, 64), (64, 128, 64)):
        arrays = [ArrayConstraint(ct.float16, 2, base_addr_divisible_by=16,
                                  stride_divisible_by=16, shape_divisible_by=16)
                  for _ in range(3)]
        signature = KernelSignature(arrays + [ConstantConstraint(t) for t in tiles],
                                    CallingConvention.cutile_python_v1())
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "matmul.mlir")
            export_kernel(matmul.matmul, [signature], path, gpu_code=CHIP, output_format="mlir")
            start = time.perf_counter()  # warm: the second translation
            export_kernel(matmul.matmul, [signature], path, gpu_code=CHIP, output_format="mlir")
            translate = (time.perf_counter() - start) * 1e3
            yield "matmul.py %dx%dx%d" % tiles, open(path).read(), translate


COUNTER = [0]


def unique(name):
    COUNTER[0] += 1
    return "%s.%d" % (name, COUNTER[0])


def timed_compiles(source, name, emit, count=5, **options):
    """(median ms of `count` warm compiles, the results)."""
    cudapy.compile(source, source_name=unique(name), chip=CHIP, emit=emit, cache=False,
                   **options)
    times, results = [], []
    for _ in range(count):
        start = time.perf_counter()
        results.append(cudapy.compile(source, source_name=unique(name), chip=CHIP, emit=emit,
                                      cache=False, **options))
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), results


def load_ms(device, results, cubin):
    """Median ms of loading each of `results` (different PTX or cubins)."""
    from cudapy import runtime
    times = []
    for result in results:
        output = result.outputs[0]
        data = output.data if cubin else output.text
        metadata = json.dumps(result.metadata)
        start = time.perf_counter()
        module = runtime.Module(device, data, metadata)
        times.append((time.perf_counter() - start) * 1e3)
        del module
    return statistics.median(times)


def in_new_process(code, count=5, env=None):
    """Median of the number a fresh Python process prints, `count` runs."""
    values = []
    for _ in range(count):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=dict(os.environ, PYTHONPATH=PYTHON_DIR, **(env or {})))
        if out.returncode:
            raise RuntimeError(out.stderr)
        values.append(float(out.stdout.split()[-1]))
        if "False" in out.stdout.split()[:1] and count > 1:
            raise RuntimeError("expected a cache hit: " + out.stdout)
    return statistics.median(values)


def main():
    device = None
    if GPU:
        from cudapy import runtime
        device = runtime.Device(0)
        print("device:", device.name, device.chip)
    print("chip:", CHIP, "| compiles in process, warm, cache off: median of 5 (ms)")
    header = "%-30s %8s %8s" % ("kernel", "PTX", "cubin")
    header += "".join(" %6s" % SHORT[p] for p in PHASES)
    if GPU:
        header += " %8s %8s" % ("load PTX", "load bin")
    print(header)
    kernels = [(name, source, {}) for name, source in examples()]
    translations = []
    for name, source, translate in python_matmuls():
        kernels.append((name, source, {"num_warps": 0}))
        translations.append("%s %.1f" % (name, translate))
    for name, source, options in kernels:
        if ONLY and ONLY not in name:
            continue
        try:
            ptx_ms, ptxs = timed_compiles(source, name, "ptx", **options)
            cubin_ms, cubins = timed_compiles(source, name, "cubin", **options)
        except cudapy.CompileError as error:
            print("%-30s compile failed: %s" % (name, str(error).splitlines()[0]))
            continue
        phases = {p: statistics.median(c.metadata["phases_ms"].get(p, 0.0) for c in cubins)
                  for p in PHASES}
        line = "%-30s %8.1f %8.1f" % (name, ptx_ms, cubin_ms)
        line += "".join(" %6.1f" % phases.get(p, 0.0) for p in PHASES)
        if GPU and len(ptxs[0].outputs) == 1:
            line += " %8.1f %8.1f" % (load_ms(device, ptxs, False), load_ms(device, cubins, True))
        print(line)

    print("the frontend's translation of the Python matmuls (warm, ms): "
          + ", ".join(translations))
    if ONLY:
        return

    vector_add = os.path.join(ROOT, "examples", "tile", "vector_add.mlir")
    compiler = os.path.join(BIN_DIR, "cudapy-compile")
    for example in ("vector_add.mlir", os.path.join("tile", "vector_add.mlir")):
        if not os.path.exists(compiler):
            break
        for emit in ("ptx", "cubin"):
            walls = []
            with tempfile.TemporaryDirectory() as folder:
                for _ in range(5):
                    start = time.perf_counter()
                    subprocess.run([compiler, os.path.join(ROOT, "examples", example), "--chip",
                                    CHIP, "--emit=" + emit, "--no-cache", "-o",
                                    os.path.join(folder, "k")],
                                   check=True, env=dict(os.environ, LD_LIBRARY_PATH=LIB_DIR))
                    walls.append((time.perf_counter() - start) * 1e3)
            print("cold process: cudapy-compile --emit=%s examples/%s (wall): %.1f ms"
                  % (emit, example, statistics.median(walls)))
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([compiler, "--version"], check=True, capture_output=True,
                       env=dict(os.environ, LD_LIBRARY_PATH=LIB_DIR))
        walls.append((time.perf_counter() - start) * 1e3)
    print("cold process: cudapy-compile --version (wall): %.1f ms" % statistics.median(walls))

    with tempfile.TemporaryDirectory() as cache:
        env = {"CUDAPY_CACHE_DIR": cache}
        # The compiler library is loaded (and the device opened) first: the
        # figure is the cache's, from the compile call to the loaded module.
        hit = ("import time, json, cudapy\n"
               "from cudapy import runtime\n"
               "t = time.perf_counter()\n"
               "cudapy.api_version()\n"
               "library = (time.perf_counter() - t) * 1e3\n"
               "d = runtime.Device(0) if %r else None\n"
               "src = open(%r).read()\n"
               "t = time.perf_counter()\n"
               "r = cudapy.compile(src, source_name='vector_add', chip=%r, emit='cubin')\n"
               "m = runtime.Module(d, r.outputs[0].data, json.dumps(r.metadata)) if d else None\n"
               "print(r.cached, library, (time.perf_counter() - t) * 1e3)\n"
               % (GPU, vector_add, CHIP))
        in_new_process(hit, count=1, env=env)  # fills the cache
        print("new process, cache hit, compile call to loaded vector add: %.2f ms"
              % in_new_process(hit, env=env))
        load = hit.replace("print(r.cached, library, (time.perf_counter() - t) * 1e3)",
                           "print(library)")
        print("new process: loading the compiler library (libcudapy-c.so): %.1f ms"
              % in_new_process(load, env=env))
    imports = ("import time\nt = time.perf_counter()\nimport cudapy.tile\n"
               "print((time.perf_counter() - t) * 1e3)\n")
    print("new process: import cudapy.tile: %.1f ms" % in_new_process(imports))
    imports = imports.replace("cudapy.tile", "cudapy.device")
    print("new process: import cudapy.device: %.1f ms" % in_new_process(imports))
    if GPU:
        opened = ("import time\nt = time.perf_counter()\nimport cudapy.tile\n"
                  "from cudapy import runtime\nruntime.Device(0)\n"
                  "print((time.perf_counter() - t) * 1e3)\n")
        print("new process: import cudapy.tile + open device: %.1f ms" % in_new_process(opened))
        # What the driver itself takes to start and give a context, from
        # ctypes: the floor of any device open.
        driver = ("import ctypes, time\nt = time.perf_counter()\n"
                  "cuda = ctypes.CDLL('libcuda.so.1')\ncuda.cuInit(0)\n"
                  "d = ctypes.c_int()\ncuda.cuDeviceGet(ctypes.byref(d), 0)\n"
                  "c = ctypes.c_void_p()\n"
                  "cuda.cuDevicePrimaryCtxRetain(ctypes.byref(c), d)\n"
                  "print((time.perf_counter() - t) * 1e3)\n")
        print("new process: the driver alone (cuInit + primary context, ctypes): %.1f ms"
              % in_new_process(driver))

main()
