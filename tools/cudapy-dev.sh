#!/usr/bin/env bash
#===- cudapy-dev.sh - set up, build, run the examples or the tests -------===#
#
# The two commands of the README:
#   tools/cudapy-dev.sh examples   compile the example kernels to PTX, check
#                                  them with ptxas, run them on a GPU when
#                                  there is one, report what happened
#   tools/cudapy-dev.sh test       run the whole test suite: the
#                                  development build's, the bundle's, and
#                                  the sanitizer jobs (ASan+UBSan with the
#                                  fuzz smoke run, TSan)
# and, for the GPU machine (docs/Bundle.md):
#   tools/cudapy-dev.sh bundle     build the portable bundle
#                                  (build-bundle/cudapy-bundle.tar.xz)
#   tools/cudapy-dev.sh gpu-kit    the bundle plus lit and FileCheck, in .device/
# and for reliability work:
#   tools/cudapy-dev.sh fuzz [SECONDS]  build the fuzz targets in build-fuzz/
#                                  and run each for SECONDS (docs/Fuzzing.md)
# Each installs missing Debian packages (as root, or through sudo), configures
# its build folder once and builds incrementally.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${CUDAPY_BUILD_DIR:-$ROOT/build}"
BUNDLE_BUILD="${CUDAPY_BUNDLE_BUILD_DIR:-$ROOT/build-bundle}"
CHIPS="${CUDAPY_EXAMPLE_CHIPS:-sm_80 sm_90}"

# Debian 12 packages the build and the tests need (clang-22 and its
# runtimes for the sanitizer builds).
PACKAGES=(cmake ninja-build ccache g++ gcc python3 llvm-22-dev llvm-22-tools libmlir-22-dev
          mlir-22-tools libcjson-dev libgtest-dev valgrind clang-format python3-venv
          clang-22 libclang-rt-22-dev)

say() { printf '\n== %s\n' "$*"; }

install_packages() {
  local missing=()
  for package in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      echo "cudapy-dev: need root (or sudo) to install: ${missing[*]}" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists only when an install cannot find what it needs.
  if ! "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; then
    "${sudo[@]}" apt-get update
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  fi
}

build() {
  if [ ! -f "$BUILD/build.ninja" ]; then
    say "configuring $BUILD"
    cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
  fi
  say "building"
  cached_ninja -C "$BUILD" "$@"
}

# True when a CUDA driver is loadable and reports a GPU.
gpu_present() {
  python3 - <<'PY' 2>/dev/null
import ctypes, sys
try:
    cuda = ctypes.CDLL("libcuda.so.1")
except OSError:
    sys.exit(1)
n = ctypes.c_int(0)
sys.exit(0 if cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(n)) == 0 and n.value > 0 else 1)
PY
}

run_examples() {
  install_packages
  build cudapy-compile
  local out="$BUILD/examples" ptxas="" failures=0
  mkdir -p "$out"
  if command -v ptxas >/dev/null; then ptxas="$(command -v ptxas)";
  elif [ -x /usr/local/cuda/bin/ptxas ]; then ptxas=/usr/local/cuda/bin/ptxas; fi

  for example in "$ROOT"/examples/*.mlir; do
    local name; name="$(basename "$example" .mlir)"
    for chip in $CHIPS; do
      local ptx="$out/$name.$chip.ptx" json="$out/$name.$chip.json"
      say "$name for $chip: cudapy-compile examples/$name.mlir --chip $chip"
      if ! "$BUILD/bin/cudapy-compile" "$example" --chip "$chip" -o "$ptx" \
           --metadata "$json"; then
        echo "FAILED: cudapy-compile"
        failures=$((failures + 1))
        continue
      fi
      cat "$ptx"
      python3 - "$json" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
for k in meta["kernels"]:
    print("metadata: kernel %s (%s, PTX %s): %d parameters, %d bytes of static shared memory, max threads per block %s, compiled in %.1f ms"
          % (k["name"], k["chip"], k["ptx_version"], len(k["params"]),
             k["static_shared_bytes"], k["max_threads_per_block"], k["compile_time_ms"]))
PY
      if [ -n "$ptxas" ]; then
        if "$ptxas" --gpu-name "$chip" -v "$ptx" -o "$out/$name.$chip.cubin" 2>"$out/$name.$chip.ptxas.log"; then
          echo "ptxas --gpu-name $chip: accepted ($(grep -o 'Used [0-9]* registers' "$out/$name.$chip.ptxas.log" | head -1))"
        else
          echo "ptxas --gpu-name $chip: REJECTED"
          cat "$out/$name.$chip.ptxas.log"
          failures=$((failures + 1))
        fi
      else
        echo "ptxas: not found (install the CUDA toolkit to validate the PTX)"
      fi
    done
  done

  say "running the kernels"
  if gpu_present; then
    build cudapy-run
    # Each example names its launch in a "// cudapy-run:" line.
    for example in "$ROOT"/examples/*.mlir; do
      local name launch chip
      name="$(basename "$example" .mlir)"
      launch="$(sed -n 's|^// cudapy-run: ||p' "$example")"
      [ -n "$launch" ] || continue
      echo "-- $name: cudapy-run $launch"
      # shellcheck disable=SC2086
      if ! "$BUILD/bin/cudapy-run" "$out/$name".sm_*.ptx --metadata \
           "$out/$name.${CHIPS##* }.json" --kernel "$name" $launch; then
        echo "FAILED: cudapy-run"
        failures=$((failures + 1))
      fi
    done
  else
    echo "no CUDA driver or GPU on this machine: nothing was run"
  fi
  say "examples: $failures failure(s); outputs in $out"
  [ "$failures" -eq 0 ]
}

run_tests() {
  install_packages
  build
  say "running the test suite (lit)"
  local status=0
  cached_ninja -C "$BUILD" check-cudapy || status=$?
  # The portable bundle, as the GPU machine uses it: the tests that run
  # against it (GPU ones where there is a GPU, the fake driver's elsewhere).
  local bundleResults="$ROOT/build-bundle/gpu-test/lit-results.json"
  rm -f "$bundleResults"
  if build_gpu_kit; then
    say "running the bundle's tests (tools/gpu-test.sh)"
    CUDAPY_GPU_TEST_DIR="$ROOT/build-bundle/gpu-test" \
      "$ROOT/tools/gpu-test.sh" "$ROOT/.device" || status=1
  else
    status=1
  fi
  # The sanitizer jobs (docs/Fuzzing.md): the suite again on the ASan+UBSan
  # build, with the fuzz smoke run; the concurrency test on the TSan build.
  local sanitizerResults=("$FUZZ_BUILD/test/lit-results.json"
                          "$TSAN_BUILD/test/lit-results.json")
  rm -f "${sanitizerResults[@]}"
  # (A build that cannot be configured leaves no results: the summary
  # counts its suite as failed.)
  say "ASan+UBSan: the test suite and the fuzz smoke run ($FUZZ_BUILD)"
  if ! { configure_fuzz_build && cached_ninja -C "$FUZZ_BUILD" check-cudapy; }; then
    status=1
  fi
  say "TSan: the concurrency test ($TSAN_BUILD)"
  if ! { configure_tsan_build && cached_ninja -C "$TSAN_BUILD" check-cudapy; }; then
    status=1
  fi
  say "summary"
  python3 "$ROOT/test/Utils/lit_summary.py" "$BUILD/test/lit-results.json" \
    "$bundleResults" "${sanitizerResults[@]}" || status=1
  return $status
}

build_bundle() {
  # Static MLIR/LLVM libraries need zstd's development files.
  install_packages libzstd-dev
  if [ ! -f "$BUNDLE_BUILD/build.ninja" ]; then
    say "configuring $BUNDLE_BUILD (static MLIR/LLVM)"
    cmake -G Ninja -S "$ROOT" -B "$BUNDLE_BUILD" -DCMAKE_BUILD_TYPE=Release \
      -DCUDAPY_LINK_MLIR_DYLIB=OFF
  fi
  say "building the bundle"
  cached_ninja -C "$BUNDLE_BUILD"
  local stage="$BUNDLE_BUILD/stage"
  rm -rf "$stage"
  cmake --install "$BUNDLE_BUILD" --prefix "$stage/cudapy" --strip >/dev/null
  # cJSON is the one library outside the C/C++ runtime the bundle needs.
  cp -L "$(ldconfig -p | awk '/libcjson.so.1 /{print $NF; exit}')" "$stage/cudapy/lib/"
  tar -C "$stage" -cf - cudapy | xz -T0 -6 > "$BUNDLE_BUILD/cudapy-bundle.tar.xz"
  say "bundle: $BUNDLE_BUILD/cudapy-bundle.tar.xz ($(du -h "$BUNDLE_BUILD/cudapy-bundle.tar.xz" | cut -f1))"
}

# The bundle plus what the GPU machine lacks to run the lit tests: lit itself
# (pure Python) and FileCheck, not and count. Those three name libz3.so.4
# without using it; an empty stand-in satisfies the loader.
build_gpu_kit() {
  build_bundle
  local kit="$ROOT/.device" tools
  rm -rf "$kit" && mkdir -p "$kit"
  tools="$(mktemp -d)"
  mkdir -p "$tools/lit-tools/bin" "$tools/lit-tools/lib"
  cp -r /usr/lib/llvm-22/utils/lit/lit "$tools/lit-tools/"
  cp /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/not \
     /usr/lib/llvm-22/bin/count "$tools/lit-tools/bin/"
  echo "" | cc -shared -x c - -o "$tools/lit-tools/lib/libz3.so.4" \
     -Wl,-soname,libz3.so.4
  tar -C "$tools" -cf - lit-tools | xz -T0 -6 > "$kit/lit-tools.tar.xz"
  rm -rf "$tools"
  cp "$BUNDLE_BUILD/cudapy-bundle.tar.xz" "$kit/"
  say "GPU kit in $kit: $(du -sh "$kit" | cut -f1); on the GPU machine: tools/gpu-test.sh .device"
}

# Builds the fuzz targets (clang, libFuzzer, ASan+UBSan on cudapy's code) in
# $FUZZ_BUILD and runs each for SECONDS (docs/Fuzzing.md). The corpora
# persist there between runs; crashes go to $FUZZ_BUILD/fuzz/crashes.
FUZZ_BUILD="${CUDAPY_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
TSAN_BUILD="${CUDAPY_TSAN_BUILD_DIR:-$ROOT/build-tsan}"
# Configures sanitizer build DIR (clang) once, described as WHAT, with the
# given cmake options.
configure_sanitizer_build() {
  local dir="$1" what="$2"
  shift 2
  if [ ! -f "$dir/build.ninja" ]; then
    say "configuring $dir (clang, $what)"
    cmake -G Ninja -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DCUDAPY_WERROR=OFF "$@"
  fi
}
# The ASan+UBSan build, which also has the fuzz targets; the TSan build.
configure_fuzz_build() {
  configure_sanitizer_build "$FUZZ_BUILD" "libFuzzer, ASan+UBSan" -DCUDAPY_FUZZ=ON
}
configure_tsan_build() {
  configure_sanitizer_build "$TSAN_BUILD" "TSan" -DCUDAPY_SANITIZE=thread
}
# Every build's ccache keys name paths relative to the checkout, so that one
# clone reuses the objects another built (the build folders have the same
# places in each): a fresh clone's test command (CI's) compiles only what
# changed.
cached_ninja() {
  CCACHE_BASEDIR="$ROOT" ninja "$@"
}
run_fuzz() {
  local seconds="${1:-60}" jobs="${CUDAPY_FUZZ_JOBS:-1}"
  install_packages
  configure_fuzz_build
  say "building the fuzz targets"
  cached_ninja -C "$FUZZ_BUILD" cudapy-fuzz-compile cudapy-fuzz-options \
    cudapy-fuzz-metadata cudapy-fake-cuda cudapy-compile
  local out="$FUZZ_BUILD/fuzz"
  mkdir -p "$out/crashes"
  python3 "$ROOT/fuzz/seeds.py" "$ROOT" "$out" "$FUZZ_BUILD/bin/cudapy-compile"
  local status=0 target
  for target in compile options metadata; do
    local extra=()
    [ "$target" = compile ] && extra=(-dict="$out/mlir.dict")
    say "fuzzing $target for $seconds s"
    # ASan's leak checker would flag what a recovered parse leaves; the
    # contract checks and crashes are what the runs look for.
    if ! ASAN_OPTIONS=detect_leaks=0 LD_LIBRARY_PATH="$FUZZ_BUILD/test/fake-cuda" \
        "$out/cudapy-fuzz-$target" "$out/corpus/$target" "$out/seeds/$target" \
        "${extra[@]}" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
        -jobs="$jobs" -workers="$jobs" -print_final_stats=1 \
        -artifact_prefix="$out/crashes/$target-" > "$out/$target.log" 2>&1; then
      status=1
      echo "FAILED: cudapy-fuzz-$target found a crash (see $out/$target.log, $out/crashes)"
    fi
    grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$out/$target.log" | tail -2 || true
    echo "corpus: $(ls "$out/corpus/$target" | wc -l) inputs"
  done
  return $status
}

case "${1:-}" in
  examples) run_examples ;;
  test) run_tests ;;
  fuzz) shift; run_fuzz "$@" ;;
  bundle) build_bundle ;;
  gpu-kit) build_gpu_kit ;;
  *)
    echo "usage: $0 examples|test|bundle|gpu-kit|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
