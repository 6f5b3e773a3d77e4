# The assembler (cudapyAssemblePTX) gives PTX to the toolkit's ptxas as a
# whole program: nvJitLink compiles PTX as relocatable code, which costs
# registers (IEEE division's slow-path subroutines are called through the
# ABI, the kernel holding its live values in registers the call preserves;
# kernels that call nothing take more too). The cubin's register count
# matches `ptxas -v` of the same PTX (whole program), with division and
# without; ptxas's errors come back.
# REQUIRES: nvjitlink, ptxas
# RUN: %python %s %ptxas | FileCheck %s

import re
import struct
import subprocess
import sys
import tempfile

from cudapy import _capi

ptxas = sys.argv[1]


def registers(cubin):
    """The kernels' register counts (EIATTR_REGCOUNT of .nv.info)."""
    shoff = struct.unpack_from("<Q", cubin, 0x28)[0]
    entsize, count = struct.unpack_from("<HH", cubin, 0x3A)
    found = []
    for i in range(count):
        fields = struct.unpack_from("<IIQQQQIIQQ", cubin, shoff + i * entsize)
        kind, offset, size = fields[1], fields[4], fields[5]
        if kind != 0x70000000:  # SHT_CUDA_INFO
            continue
        data, j = cubin[offset:offset + size], 0
        while j + 4 <= len(data):
            form, attribute, length = data[j], data[j + 1], struct.unpack_from("<H", data, j + 2)[0]
            if form == 4:
                if attribute == 0x2F:
                    found.append(struct.unpack_from("<II", data, j + 4)[1])
                j += 4 + length
            else:
                j += 4
    return found


def cli_registers(ptx):
    with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
        f.write(ptx)
        f.flush()
        out = subprocess.run([ptxas, "-v", "-arch=sm_90a", f.name, "-o", "/dev/null"],
                             capture_output=True, text=True,
                             env={"PATH": "/usr/bin:/bin"}).stderr
    return int(re.search(r"Used (\d+) registers", out).group(1))


# 64 values live across 64 IEEE divisions (a row scaled by its sum).
loads = "\n".join("    ld.global.f32 %%f%d, [%%rd1+%d];" % (i, 4 * i) for i in range(64))
divides = "\n".join("    div.rn.f32 %%f%d, %%f%d, %%f100;" % (i, i) for i in range(64))
stores = "\n".join("    st.global.f32 [%%rd2+%d], %%f%d;" % (4 * i, i) for i in range(64))
adds = "\n".join("    add.f32 %%f100, %%f100, %%f%d;" % i for i in range(64))
ptx = """.version 8.0
.target sm_90a
.address_size 64
.visible .entry scale(.param .u64 a, .param .u64 b)
{
    .reg .f32 %%f<101>;
    .reg .b64 %%rd<3>;
    ld.param.u64 %%rd1, [a];
    ld.param.u64 %%rd2, [b];
%s
    mov.f32 %%f100, 0f3F800000;
%s
%s
%s
    ret;
}
""" % (loads, adds, divides, stores)

result = _capi.assemble(ptx, "sm_90a", {"emit": "cubin", "line_info": False})
print("division:", registers(result.outputs[0].data) == [cli_registers(ptx)])
# CHECK: division: True

plain = ptx.replace("div.rn.f32", "mul.f32")
result = _capi.assemble(plain, "sm_90a", {"emit": "cubin", "line_info": False})
print("no division:", registers(result.outputs[0].data) == [cli_registers(plain)])
# CHECK-NEXT: no division: True

bad = ptx.replace("ld.global.f32", "ld.globall.f32", 1)
result = _capi.assemble(bad, "sm_90a", {"emit": "cubin"})
print(result[0].message.splitlines()[0][:48] if isinstance(result, list) else "no error")
# CHECK-NEXT: ptxas could not assemble the PTX: ptxas

# A compile to cubin says which assembled it.
import os  # noqa: E402

import cudapy  # noqa: E402

examples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
for name in ("softmax.mlir", "vector_add.mlir"):
    source = open(os.path.join(examples, "tile", name)).read()
    compiled = cudapy.compile(source, chip="sm_90a", emit="cubin")
    print(name, compiled.metadata["targets"][0]["assembler"])
# CHECK-NEXT: softmax.mlir ptxas (whole program)
# CHECK-NEXT: vector_add.mlir ptxas (whole program)
