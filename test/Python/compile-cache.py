# The compile cache from Python (docs/CompileCache.md): cudapy.runtime's
# cache_info/cache_load/cache_store/cache_clear over libcudapy-runtime.so,
# cudapy.compile reading it (CompiledModule.cached), and a frontend entry
# stored and read back whole through the one cache.
# RUN: rm -rf %t && env CUDAPY_CACHE_DIR=%t %python %s %t | FileCheck %s

import os
import sys

import cudapy
from cudapy import _jit, runtime

folder = sys.argv[1]
info = runtime.cache_info()
# CHECK: info: True True 0 1073741824
print("info:", info["directory"] == folder, info["enabled"], info["entries"] or 0,
      info["max_bytes"])
# CHECK-NEXT: raw: True b'\x00bytes\xff' None False
print("raw:", runtime.cache_store("py-raw", b"\0bytes\xff"), runtime.cache_load("py-raw"),
      runtime.cache_load("py-absent"), runtime.cache_store("bad/key", b"x"))

source = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                           "examples", "vector_add.mlir")).read()
first = cudapy.compile(source, chip="sm_80")
second = cudapy.compile(source, chip="sm_80")
uncached = cudapy.compile(source, chip="sm_80", cache=False)
# CHECK-NEXT: compile: False True False same: True True
print("compile:", first.cached, second.cached, uncached.cached, "same:",
      first.outputs == second.outputs == uncached.outputs,
      first.metadata == second.metadata)
# CHECK-NEXT: output: ptx True
print("output:", first.outputs[0].format, first.outputs[0].data == first.ptx.encode())

# A frontend's entry: JSON fields and a cubin's bytes, whole.
_jit._write_cache("0123abcd", {"ptx": "// ptx", "metadata": {"kernels": []},
                               "cubin": b"\x7fELF\0\1\2"}, "tile")
entry = _jit._read_cache("0123abcd", "tile")
# CHECK-NEXT: entry: // ptx {'kernels': []} b'\x7fELF\x00\x01\x02' b'\x7fELF\x00\x01\x02'
print("entry:", entry["ptx"], entry["metadata"], entry["cubin"], _jit.image(entry))
_jit._write_cache("4567", {"ptx": "// only ptx", "metadata": {}}, "device")
entry = _jit._read_cache("4567", "device")
# CHECK-NEXT: no cubin: False // only ptx
print("no cubin:", "cubin" in entry, _jit.image(entry))
# A corrupt entry is a miss.
path = os.path.join(folder, "device-4567.entry")
data = bytearray(open(path, "rb").read())
data[-3] ^= 0xff
open(path, "wb").write(bytes(data))
# CHECK-NEXT: corrupt: None False
print("corrupt:", _jit._read_cache("4567", "device"), os.path.exists(path))

# py-raw, tile-0123abcd, the compile.
# CHECK-NEXT: entries: 3
print("entries:", runtime.cache_info()["entries"])
# CHECK-NEXT: cleared: True 0
print("cleared:", runtime.cache_clear(), runtime.cache_info()["entries"])
