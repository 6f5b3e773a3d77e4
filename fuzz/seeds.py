"""Seeds and the dictionary for the fuzz targets (tools/cudapy-dev.sh fuzz):
ROOT OUT CUDAPY_COMPILE [--examples-only] writes
OUT/seeds/{compile,options,metadata} and OUT/mlir.dict. With
--examples-only (the test suite's smoke run, Fuzz/smoke.test) the compile
seeds are the examples' modules alone, which a run goes through in seconds.

- compile: every module of the repository's .mlir tests and examples (split
  at `// -----`), each behind the byte that picks the fuzz target's options;
- options: JSON objects with every key;
- metadata: the kernel metadata of the examples, from CUDAPY_COMPILE;
- mlir.dict: the op names, type and attribute prefixes and keywords those
  modules use, as libFuzzer dictionary entries."""

import glob
import hashlib
import json
import os
import re
import subprocess
import sys

root, out, compiler = sys.argv[1:4]
examples_only = sys.argv[4:] == ["--examples-only"]
if sys.argv[4:] and not examples_only:
    sys.exit("usage: seeds.py ROOT OUT CUDAPY_COMPILE [--examples-only]")
seeds = {name: os.path.join(out, "seeds", name) for name in ("compile", "options", "metadata")}
for folder in list(seeds.values()) + [os.path.join(out, "corpus", name) for name in seeds]:
    os.makedirs(folder, exist_ok=True)


def write(folder, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data)


tokens = set()
files = sorted(([] if examples_only else
                glob.glob(os.path.join(root, "test", "**", "*.mlir"), recursive=True)) +
               glob.glob(os.path.join(root, "examples", "**", "*.mlir"), recursive=True))
for index, path in enumerate(files):
    text = open(path, encoding="utf-8", errors="replace").read()
    for number, piece in enumerate(re.split(r"^// -----$", text, flags=re.M)):
        piece = "\n".join(line for line in piece.splitlines()
                          if not line.lstrip().startswith("// RUN:"))
        if len(piece) > 65536 or not piece.strip():
            continue
        write(seeds["compile"], bytes([(index + number) % 12]) + piece.encode())
        tokens.update(re.findall(r"\b[a-z_]+\.[a-z_][a-z_0-9.]*\b", piece))
        tokens.update(re.findall(r"[!#][a-z_]+\.[a-z_]+", piece))
tokens.update(["gpu.module", "gpu.func", "kernel", "attributes", "memref<", "vector<",
               "tensor<", "index", "i1", "i8", "i32", "i64", "f16", "bf16", "f32", "f64",
               "array<i32: ", "dense<", "affine_map<", "->", "%", "^bb0", "{", "}", "(", ")",
               "[", "]", "<", ">", ":", ","])
with open(os.path.join(out, "mlir.dict"), "w") as handle:
    for token in sorted(tokens):
        handle.write('"%s"\n' % token.replace("\\", "\\\\").replace('"', '\\"'))

options = [
    {"chip": "sm_90"},
    {"chip": "sm_80,sm_90a", "opt_level": 0, "emit": "mlir", "num_warps": 8},
    {"chip": "sm_100", "ptx_version": "8.8", "fast_math": True, "ftz": False,
     "bare_ptr_memref_abi": True, "bounds_check": True, "assertions": False,
     "line_info": False, "timing": True, "emit": "llvm"},
    {"cuda_toolkit": "/usr/local/cuda", "libdevice": "", "dump_ir": "", "dump_ir_passes": "",
     "dump_output": "", "reproducer": "", "timing_file": ""},
]
for value in options:
    write(seeds["options"], json.dumps(value).encode())

for example in sorted(glob.glob(os.path.join(root, "examples", "*.mlir")) +
                      glob.glob(os.path.join(root, "examples", "tile", "*.mlir"))):
    metadata = os.path.join(out, "example.json")
    done = subprocess.run([compiler, example, "--chip", "sm_90", "-o", os.devnull,
                           "--metadata", metadata], capture_output=True)
    if done.returncode == 0:
        write(seeds["metadata"], open(metadata, "rb").read())
print("seeds: %s; dictionary: %d entries" % (
    ", ".join("%s %d" % (name, len(os.listdir(folder))) for name, folder in seeds.items()),
    len(tokens)))
