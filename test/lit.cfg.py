# lit configuration of the cudapy test suite (ninja check-cudapy).
#
# Features:
#   nvcc       the CUDA toolkit's nvcc was found (ABI checks against CUDA C++)
#   numpy      the Python running the tests imports numpy
#   ptxas      the CUDA toolkit's ptxas was found; PTX-emitting tests also
#              run it on their output
#   libdevice  <cuda-toolkit>/nvvm/libdevice/libdevice.10.bc exists
#   nvjitlink  <cuda-toolkit>/lib64/libnvJitLink.so.13 or .so.12 exists (emit
#              cubin)
#   cuda-gpu   a CUDA driver and at least one GPU are present
#   valgrind   valgrind was found; C API tests also run under it for leaks
#   clang-format  clang-format was found; the formatting check runs
#   unittests  the GoogleTest unit tests were built (a development build)
#   mlir-opt   upstream mlir-opt-22 was found (the reference pipeline)
#   asan, tsan a sanitizer build of cudapy (CUDAPY_SANITIZE=address|thread)
#   fuzz       the libFuzzer targets were built (CUDAPY_FUZZ)

import ctypes
import os
import shutil
import sys

import lit.formats
import lit.llvm
import lit.util

if not hasattr(config, "cudapy_src_root"):
    # Bundle mode (the GPU machine, which has no build tree): CUDAPY_BUNDLE
    # names an unpacked cudapy bundle, CUDAPY_LIT_TOOLS the folder holding
    # FileCheck, not and count. See docs/Bundle.md.
    bundle = os.environ.get("CUDAPY_BUNDLE")
    if not bundle:
        lit_config.fatal("run the tests through the build tree (ninja check-cudapy), "
                         "or set CUDAPY_BUNDLE to an unpacked cudapy bundle")
    config.cudapy_src_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    config.cudapy_obj_root = os.environ.get("CUDAPY_TEST_OUTPUT", "/tmp/cudapy-lit")
    config.cudapy_tools_dir = os.path.join(bundle, "bin")
    config.cudapy_test_bin_dir = os.path.join(bundle, "test", "bin")
    config.cudapy_lib_dir = os.path.join(bundle, "lib")
    config.cudapy_python_dir = os.path.join(bundle, "python")
    config.cudapy_fake_cuda_dir = os.path.join(bundle, "test", "fake-cuda")
    config.llvm_tools_dir = os.environ.get("CUDAPY_LIT_TOOLS", "")
    config.mlir_include_dir = os.path.join(bundle, "include")
    config.ptxas = shutil.which("ptxas") or ""
    config.cuda_toolkit = "/usr/local/cuda"
    config.valgrind = ""
    config.clang_format = ""
    config.c_compiler = ""
    config.python = sys.executable
    lit.llvm.initialize(lit_config, config)
else:
    config.cudapy_python_dir = os.path.join(config.cudapy_src_root, "python-bindings")
    config.cudapy_fake_cuda_dir = os.path.join(config.cudapy_obj_root, "test", "fake-cuda")

from lit.llvm import llvm_config

config.name = "cudapy"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".c", ".test", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cudapy_obj_root, "test")
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt", "Inputs", "Utils"]

llvm_config.use_default_substitutions()  # FileCheck, not, count …
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.cudapy_test_bin_dir, append_path=True)
llvm_config.with_environment("PATH", config.cudapy_tools_dir, append_path=True)
llvm_config.with_environment("PYTHONPATH", config.cudapy_python_dir, append_path=True)
config.environment["CUDAPY_LIBRARY_PATH"] = config.cudapy_lib_dir
# The compile cache (docs/CompileCache.md) of the tests: in the build tree,
# not the user's; tests that look at the cache set a folder of their own.
config.environment["CUDAPY_CACHE_DIR"] = os.path.join(config.test_exec_root,
                                                      "compile-cache")

config.substitutions.append(("%cudapy_src", config.cudapy_src_root))
config.substitutions.append(("%cudapy_obj", config.cudapy_obj_root))
config.substitutions.append(("%fake_cuda_dir", config.cudapy_fake_cuda_dir))
# A sanitizer build of cudapy (CUDAPY_SANITIZE, docs/Fuzzing.md): features
# asan or tsan; a report aborts the process, so that neither FileCheck nor
# `not` can take it for an expected failure; Python, whose executable is not
# instrumented, preloads the runtime to load cudapy's libraries; valgrind,
# which cannot run instrumented programs, is off.
host_sanitizer = getattr(config, "host_sanitizer", "")
python_command = config.python
if host_sanitizer:
    config.available_features.add({"address": "asan", "thread": "tsan"}[host_sanitizer])
    config.environment["ASAN_OPTIONS"] = "abort_on_error=1:detect_leaks=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:abort_on_error=1"
    config.environment["TSAN_OPTIONS"] = "halt_on_error=1:abort_on_error=1"
    # Python's own allocations outlive it on purpose: no leak check there.
    python_command = ("env LD_PRELOAD=%s ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 %s"
                      % (config.host_sanitizer_runtime, config.python))
    config.valgrind = ""
# The libFuzzer targets of a -DCUDAPY_FUZZ=ON build (Fuzz/smoke.test).
if lit.util.pythonize_bool(getattr(config, "fuzz", "") or False):
    config.available_features.add("fuzz")
# (Replacing llvm_config's default %python.)
config.substitutions = [(key, value) for key, value in config.substitutions
                        if key != "%python"]
config.substitutions.append(("%python", python_command))
# What `pip install` of the repository takes its libraries from: the bundle
# (an install prefix) or the build tree (python-bindings/build-backend).
config.substitutions.append((
    "%cudapy_pip_source",
    "prefix=" + os.path.dirname(config.cudapy_lib_dir) if os.environ.get("CUDAPY_BUNDLE")
    else "build-dir=" + config.cudapy_obj_root))
config.substitutions.append(("%cc", config.c_compiler))
config.substitutions.append(("%mlir_include", config.mlir_include_dir))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# Upstream's mlir-opt (Debian's mlir-22-tools): its gpu-lower-to-nvvm-pipeline
# is the reference that cudapy-compile must accept at least as much as.
mlir_opt = shutil.which("mlir-opt-22") or "/usr/lib/llvm-22/bin/mlir-opt"
if os.path.exists(mlir_opt):
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir_opt", mlir_opt))

# NumPy (the GPU machine has it): reference tables are checked against it.
import subprocess  # noqa: E402
if subprocess.run([config.python, "-c", "import numpy"], capture_output=True).returncode == 0:
    config.available_features.add("numpy")

sanitizer = os.path.join(config.cuda_toolkit, "bin", "compute-sanitizer")
if os.path.exists(sanitizer):
    config.available_features.add("compute-sanitizer")
    config.substitutions.append(("%compute_sanitizer", sanitizer))

# `%gpu` prefixes every command of test/GPU that runs kernels. With
# CUDAPY_GPU_SANITIZER=memcheck|racecheck|synccheck|initcheck (tools/gpu-test.sh
# --sanitize TOOL) it runs them under compute-sanitizer, and any report
# fails the test (exit code 86).
gpu_sanitizer = os.environ.get("CUDAPY_GPU_SANITIZER", "")
gpu_prefix = ""
if gpu_sanitizer:
    if gpu_sanitizer not in ("memcheck", "racecheck", "synccheck", "initcheck"):
        lit_config.fatal("CUDAPY_GPU_SANITIZER: unknown compute-sanitizer tool '%s'"
                         % gpu_sanitizer)
    if not os.path.exists(sanitizer):
        lit_config.fatal("CUDAPY_GPU_SANITIZER needs %s" % sanitizer)
    # Its report goes to stderr, which lit shows for a failed test (stdout
    # goes to FileCheck). Only the test's own process is checked: tests run
    # their deliberate device-side assertions in child processes. Failed
    # CUDA calls a test provokes (a link error) are not reports.
    gpu_prefix = ("%s --tool %s --error-exitcode 86 --target-processes "
                  "application-only --report-api-errors no --print-limit 20 "
                  "--log-file /dev/stderr " % (sanitizer, gpu_sanitizer))
    config.available_features.add("gpu-sanitizer")
config.substitutions.append(("%gpu", gpu_prefix))

nvcc = os.path.join(config.cuda_toolkit, "bin", "nvcc")
if os.path.exists(nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))

# A build tree to install (not the bundle, which is an install already), and
# the tools its consumers build with.
if os.environ.get("CUDAPY_BUNDLE") is None and shutil.which("cmake") and \
        shutil.which("ninja"):
    config.available_features.add("install-tree")
if shutil.which("pkg-config"):
    config.available_features.add("pkg-config")
# `python -m venv` with pip in it (Debian: python3-venv): pip install tests.
if subprocess.run([config.python, "-c", "import venv, ensurepip"],
                  capture_output=True).returncode == 0:
    config.available_features.add("python-venv")
# Compiler flags for a C program embedding cudapy: against the bundle (an
# install tree) or the build tree.
if os.environ.get("CUDAPY_BUNDLE"):
    prefix = os.environ["CUDAPY_BUNDLE"]
    embed_flags = "-I{0}/include -L{0}/lib -Wl,-rpath,{0}/lib -lcudapy-c " \
                  "-lcudapy-runtime".format(prefix)
else:
    embed_flags = "-I{0}/include -I{1} -L{2}/lib -Wl,-rpath,{2}/lib -lcudapy-c " \
                  "-lcudapy-mlir-capi -lcudapy-runtime".format(
                      config.cudapy_src_root, config.mlir_include_dir,
                      config.cudapy_obj_root)
config.substitutions.append(("%cudapy_embed_flags", embed_flags))

libdevice = os.path.join(config.cuda_toolkit, "nvvm", "libdevice", "libdevice.10.bc")
if os.path.exists(libdevice):
    config.available_features.add("libdevice")

if any(os.path.exists(os.path.join(config.cuda_toolkit, "lib64", "libnvJitLink.so." + v))
       for v in ("13", "12")):
    config.available_features.add("nvjitlink")

if os.path.exists(os.path.join(config.cudapy_test_bin_dir, "cudapy-unittests")):
    config.available_features.add("unittests")

if config.valgrind and os.path.exists(config.valgrind):
    config.available_features.add("valgrind")
    # Definite and indirect leaks fail the run; memory still reachable at exit
    # (LLVM's and MLIR's process-wide registries) does not. The compile cache
    # is off there: the compiles themselves are what runs under valgrind.
    config.substitutions.append((
        "%valgrind",
        "env CUDAPY_CACHE=0 " + config.valgrind + " --quiet --error-exitcode=99 --leak-check=full"
        " --errors-for-leak-kinds=definite,indirect"
        " --show-leak-kinds=definite,indirect"))

if config.clang_format and os.path.exists(config.clang_format):
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", config.clang_format))


def _cuda_gpu_present():
    """True when libcuda.so.1 loads and reports at least one device."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return False
    return count.value > 0


if _cuda_gpu_present():
    config.available_features.add("cuda-gpu")
