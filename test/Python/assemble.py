# Cubins from Python (docs/CompileCache.md): cudapy.compile(emit="cubin"),
# cudapy._capi.assemble (cudapyAssemblePTX) on the PTX of a compile and on
# PTX the assembler (ptxas, whole program, else nvJitLink) refuses, and the
# frontends' helper _jit.assemble.
# REQUIRES: nvjitlink
# RUN: rm -rf %t && env CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import os

import cudapy
from cudapy import _capi, _jit

source = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                           "examples", "vector_add.mlir")).read()
compiled = cudapy.compile(source, chip="sm_90a", emit="cubin")
output = compiled.outputs[0]
# CHECK: emit cubin: cubin sm_90a True ''
print("emit cubin:", output.format, output.chip, output.data[:4] == b"\x7fELF", repr(output.text))
# CHECK-NEXT: metadata: cubin {{ptxas|nvJitLink}}
print("metadata:", compiled.metadata["targets"][0]["format"],
      compiled.metadata["targets"][0]["assembler"].split()[0])

ptx = cudapy.compile(source, chip="sm_80").ptx
assembled = _capi.assemble(ptx, "sm_80", {"emit": "cubin"})
# CHECK-NEXT: assemble: cubin sm_80 True
print("assemble:", assembled.outputs[0].format, assembled.outputs[0].chip,
      assembled.outputs[0].data[:4] == b"\x7fELF")
# CHECK-NEXT: helper: True
print("helper:", _jit.assemble(ptx, "sm_80")[:4] == b"\x7fELF")

refused = _capi.assemble(".version 8.0\n.target sm_80\nnot an instruction;\n", "sm_80",
                         {"emit": "cubin"})
# CHECK-NEXT: refused: error {{ptxas|nvJitLink}} could not assemble the PTX
print("refused:", refused[0].severity, refused[0].message.split("\n")[0][:40])
# CHECK-NEXT: no chip: cudapyAssemblePTX: no chip to assemble for
print("no chip:", _capi.assemble(ptx, "", {})[0].message)
try:
    _jit.assemble(".version 8.0\n.target sm_80\nbad;\n", "sm_80")
except RuntimeError as error:
    # CHECK-NEXT: helper refused: error: {{ptxas|nvJitLink}} could not assemble the PTX
    print("helper refused:", str(error).split(":")[0] + ":" + str(error).split(":")[1])
