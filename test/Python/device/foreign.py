# Foreign device functions (cudapy.device.declare, link=): a declared
# function is a private interoperable py.func declaration that calls use
# with the extern "C" ABI; its PTX declares `.extern .func`, which ptxas
# takes in relocatable code (-c); the files its `link` names ride with every
# kernel that calls it. Errors name the user's line. No GPU:
# test/GPU/device_interop.py links and runs it.
# REQUIRES: libdevice
# RUN: %python %s %t | FileCheck %s --implicit-check-not="PTXAS FAILED"

import os
import shutil
import subprocess
import sys

from cudapy import device

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


class Array:
    """A __cuda_array_interface__ array (no memory behind it: nothing runs)."""

    def __init__(self, shape, typestr="<f4"):
        self.__cuda_array_interface__ = {"shape": (shape,), "typestr": typestr,
                                         "data": (4096, False), "version": 3}


class Array2(Array):
    def __init__(self, shape, typestr="<f4"):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (4096, False), "version": 3}


helper_ptx = os.path.join(out, "helper.ptx")
with open(helper_ptx, "w") as handle:
    handle.write("// defined elsewhere\n")
mul = device.declare("mul_f32", device.float32, [device.float32, device.float32],
                     link=helper_ptx)


@device.struct
class Pair:
    a: device.float32
    b: device.float32


pick = device.declare("pick", device.float16x2, (Pair, device.bool_))
note = device.declare("note", None, [device.int64])


@device.func
def twice_mul(a, b):
    return mul(a, b) * 2


@device.kernel
def k(x, y, out):
    i = device.tid(1)
    if i < len(out):
        note(i)
        out[i] = twice_mul(x[i], y[i]) + mul(x[i], 3) + pick(Pair(x[i], 1.0), i > 3)[0]


args = (Array(8), Array(8), Array(8))
text = k.translate(args)
for line in text.splitlines():
    if "py.func private" in line or "py.call" in line:
        print(line.split(" loc(")[0].strip())
# CHECK: py.func private @note(si64) attributes {interop}
# CHECK-NEXT: py.func private @mul_f32(f32, f32) -> f32 attributes {interop}
# CHECK-NEXT: py.call @mul_f32(%arg0, %arg1) : (f32, f32) -> f32
# CHECK-NEXT: py.func private @pick(!py.struct<"Pair", (a: f32, b: f32)>, i1) -> !py.vector<2 x f16> attributes {interop}
# CHECK-NEXT: py.call @note(%{{.*}}) : (si64) -> ()
# CHECK-NEXT: py.call @twice_mul_0(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: py.call @mul_f32(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-NEXT: py.call @pick(%{{.*}}, %{{.*}}) : (!py.struct<"Pair", (a: f32, b: f32)>, i1) -> !py.vector<2 x f16>

entry = k.compile(args, chip="sm_90")
print("link:", [os.path.basename(p) for p in entry["link"]])
# CHECK: link: ['helper.ptx']
ptx = entry["ptx"]
for line in ptx.splitlines():
    if line.startswith(".extern"):
        print(line)
# CHECK-DAG: .extern .func  (.param .b32 func_retval0) mul_f32
# CHECK-DAG: .extern .func pick
# CHECK-DAG: .extern .func note
path = os.path.join(out, "k.ptx")
with open(path, "w") as handle:
    handle.write(ptx)
if ptxas:
    done = subprocess.run([ptxas, "-arch=sm_90", "-c", path, "-o", os.devnull],
                          capture_output=True, text=True)
    if done.returncode:
        print("PTXAS FAILED", done.stderr)


def error(what, action):
    try:
        action()
    except Exception as e:  # noqa: BLE001
        line = getattr(e, "line", None)
        where = " (line %d)" % line if line else ""
        print("%s: %s: %s%s" % (what, type(e).__name__, str(e).splitlines()[0], where))
    else:
        print("%s: no error" % what)


# Declarations themselves.
error("symbol", lambda: device.declare("a-b", None, []))
# CHECK: symbol: TypeError: declare: the symbol must be an identifier, not 'a-b'
error("parameter type", lambda: device.declare("f", None, [int]))
# CHECK: parameter type: TypeError: declare('f'): <class 'int'> is not a number, vector, @struct or array type
error("result type", lambda: device.declare("f", "float", []))
# CHECK: result type: TypeError: declare('f'): 'float' is not a number, vector, @struct or array type
error("link suffix", lambda: device.declare("f", None, [], link="f.cu"))
# CHECK: link suffix: DeviceError: cannot link {{.*}}f.cu: link takes PTX (.ptx), cubins (.cubin), fatbinaries (.fatbin), objects (.o, from nvcc -dc) and archives (.a); compile CUDA C++ with nvcc first
error("link type", lambda: device.kernel(link=3)(lambda: None))
# CHECK: link type: TypeError: link takes a file name or a list of them, not int
error("host call", lambda: mul(1.0, 2.0))
# CHECK: host call: DeviceError: mul_f32 is a foreign device function: call it in device code


@device.kernel
def arity(out):
    out[0] = mul(out[0])


error("arity", lambda: arity.translate((Array(8),)))
# CHECK: arity: DeviceTypeError: {{.*}}foreign.py:[[@LINE-4]]:{{[0-9]+}}: mul_f32 takes 2 arguments, 1 given


@device.kernel
def not_castable(out):
    out[0] = pick(out[0], True)[0]


error("argument type", lambda: not_castable.translate((Array(8),)))
# CHECK: argument type: DeviceTypeError: {{.*}}foreign.py:[[@LINE-4]]:{{[0-9]+}}: cannot convert f32 to !py.struct<"Pair", (a: f32, b: f32)>

mul_f64 = device.declare("mul_f32", device.float64, [device.float64, device.float64])


@device.kernel
def twice_declared(out):
    out[0] = mul(out[0], out[1]) + mul_f64(out[0], out[1])


error("two signatures", lambda: twice_declared.translate((Array(8),)))
# CHECK: two signatures: DeviceTypeError: {{.*}}foreign.py:[[@LINE-4]]:{{[0-9]+}}: mul_f32 is declared twice with different signatures


@device.kernel(link=os.path.join(out, "missing.ptx"))
def missing(out):
    out[0] = 1.0


# Reading the files happens at load; a missing one is a clear error there.
from cudapy.device import _kernel  # noqa: E402
error("missing file", lambda: _kernel.read_link_inputs(missing.link))
# CHECK: missing file: DeviceError: cannot read {{.*}}missing.ptx to link it: No such file or directory


# Arrays as foreign parameters (`device.float32[:]`): the function takes the
# spec's interoperable array descriptor (data, shape[ndim], strides[ndim])
# by value, as CUDA C++ passes a class: a .param of 8 + 16 * ndim bytes
# aligned to 8. The argument is an array of exactly that dtype and rank.
total = device.declare("total", device.float32, [device.float32[:], device.int32[:, :]])


@device.kernel
def sums(x, m, out):
    out[0] = total(x, m)


entry = sums.compile((Array(8), Array2((2, 3), "<i4"), Array(1)), chip="sm_90")
for line in entry["ptx"].splitlines():
    if line.startswith(".extern") or "total_param" in line and ".param" in line:
        print(line.strip())
# CHECK: .extern .func  (.param .b32 func_retval0) total
# CHECK-NEXT: .param .align 8 .b8 total_param_0[24],
# CHECK-NEXT: .param .align 8 .b8 total_param_1[40]
print([t.name for t in total.params], device.float64[:, :, :])
# CHECK: ['float32[:]', 'int32[:, :]'] cudapy.device.float64[:, :, :]
error("array type", lambda: device.float32[1:])
# CHECK: array type: TypeError: an array type is written float32[:] (one ':' per dimension), not float32[slice(1, None, None)]
error("array result", lambda: device.declare("f", device.float32[:], []))
# CHECK: array result: TypeError: declare('f'): a foreign function returns a number, vector or @struct, not an array


@device.kernel
def wrong_rank(x, out):
    out[0] = total(x, x)


error("array argument", lambda: wrong_rank.translate((Array(8), Array(1))))
# CHECK: array argument: DeviceTypeError: {{.*}}foreign.py:[[@LINE-4]]:{{[0-9]+}}: argument 1 of total is a int32[:, :] array, not a 1-d float32 array


# numba.cuda's declare_device: numba's device function ABI, a status result
# and the value through a leading pointer (`int f(T *result, ...)`).
from cudapy import numba_cuda as cuda  # noqa: E402

add = cuda.declare_device("add_numba", "float32(float32, float32)", link=helper_ptx)
log = cuda.declare_device("log_numba", "void(int64)")


@cuda.jit
def uses_numba_abi(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = add(x[i], 1.0)
        log(i)


text = uses_numba_abi.translate((Array(8),))
for line in text.splitlines():
    if "py.func private" in line:
        print(line.split(" loc(")[0].strip())
# CHECK: py.func private @add_numba(f32, f32) -> f32 attributes {interop, numba_abi}
# CHECK-NEXT: py.func private @log_numba(si64) attributes {interop, numba_abi}
ptx = uses_numba_abi.compile((Array(8),), chip="sm_90")["ptx"]
print([l for l in ptx.splitlines() if l.startswith(".extern")])
# CHECK-NEXT: ['.extern .func  (.param .b32 func_retval0) add_numba', '.extern .func  (.param .b32 func_retval0) log_numba']
error("numba abi array", lambda: cuda.declare_device("f", "float32(float32[:])"))
# CHECK-NEXT: numba abi array: TypeError: declare_device('f'): numba's ABI passes numbers, vectors and structs here, not arrays
