#!/usr/bin/env bash
#===- gpu-test.sh - run cudapy's GPU tests on a machine without LLVM -----===#
#
# Usage (on the GPU machine, in the repository):
#   tools/gpu-test.sh [--sanitize TOOL] KIT_DIR
# KIT_DIR holds cudapy-bundle.tar.xz and lit-tools.tar.xz, which
# `tools/cudapy-dev.sh gpu-kit` makes on the development machine. Runs, with
# the bundle's tools and libraries, every test that needs a GPU or runs
# against the bundle: test/GPU, the runtime's C API test, the Python tests and
# cudapy-run's. Ends with "N passed, N failed". With --sanitize TOOL, the
# tests of test/GPU only, each kernel under compute-sanitizer's TOOL.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SANITIZE=""
if [ "${1:-}" = "--sanitize" ]; then
  SANITIZE="${2:?usage: tools/gpu-test.sh [--sanitize TOOL] KIT_DIR}"
  shift 2
fi
KIT="$(cd "${1:?usage: tools/gpu-test.sh [--sanitize TOOL] KIT_DIR}" && pwd)"
WORK="${CUDAPY_GPU_TEST_DIR:-/tmp/cudapy-gpu-test}"
rm -rf "$WORK" && mkdir -p "$WORK"
tar -C "$WORK" -xJf "$KIT/cudapy-bundle.tar.xz" || exit 1
tar -C "$WORK" -xJf "$KIT/lit-tools.tar.xz" || exit 1

export CUDAPY_BUNDLE="$WORK/cudapy"
export CUDAPY_LIT_TOOLS="$WORK/lit-tools/bin"
export CUDAPY_TEST_OUTPUT="$WORK/output"
export LD_LIBRARY_PATH="$WORK/lit-tools/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PYTHONPATH="$WORK/lit-tools${PYTHONPATH:+:$PYTHONPATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null

if [ -n "$SANITIZE" ]; then
  # Only the tests that run kernels, each under compute-sanitizer's TOOL
  # (memcheck, racecheck, synccheck, initcheck): a report fails the test.
  # One test at a time unless CUDAPY_GPU_TEST_JOBS says otherwise: each
  # instance checks its own process only, but their reports on the
  # terminal interleave when several run side by side.
  export CUDAPY_GPU_SANITIZER="$SANITIZE"
  TESTS=(-j"${CUDAPY_GPU_TEST_JOBS:-1}" "$ROOT/test/GPU")
else
  TESTS=("$ROOT/test/GPU" "$ROOT/test/CAPI/runtime.c" "$ROOT/test/CAPI/py_runtime.c"
         "$ROOT/test/CAPI/tile_runtime.c"
         "$ROOT/test/Python" "$ROOT/test/Dialect/Py/promotion-numpy.test"
         "$ROOT/test/Tools/cudapy-run")
fi
python3 -c "import sys; from lit.main import main; sys.argv[0] = 'lit'; main()" -sv --output "$WORK/lit-results.json" \
  "${TESTS[@]}"
status=$?
python3 "$ROOT/test/Utils/lit_summary.py" "$WORK/lit-results.json" || status=1
exit $status
