#!/usr/bin/env python3
"""The interoperable-kernel ABI matrix of the py dialect, and its check.

Each row pairs a py type with the CUDA C++ type the cuda-device spec says it
must match. `mlir` writes one `py.kernel ... interop` per row, `cu` the
`extern "C" __global__` kernels with the same names, and `compare` reads the
PTX of both and checks that every kernel's `.param` list (kinds, sizes,
alignments, order) is the same.

    py_abi_matrix.py mlir > abi.mlir
    py_abi_matrix.py cu > abi.cu
    py_abi_matrix.py compare ours.ptx nvcc.ptx

Each row also gets an `extern "C" __device__` function (a `py.func ...
interop`) taking the row's parameters and returning the first, compiled
with `nvcc -rdc=true` so that it is emitted; its parameter and return
.params must match too.
"""
import re
import sys

SCALARS = [
    ("bool", "!py.bool", "bool"),
    ("int", "!py.int", "cuda::std::int32_t"),
    ("float", "!py.float", "float"),
    ("complex", "!py.complex", "cuda::std::complex<float>"),
    ("bool_dtype", "i1", "bool"),
    ("int8", "si8", "cuda::std::int8_t"),
    ("int16", "si16", "cuda::std::int16_t"),
    ("int32", "si32", "cuda::std::int32_t"),
    ("int64", "si64", "cuda::std::int64_t"),
    ("uint8", "ui8", "cuda::std::uint8_t"),
    ("uint16", "ui16", "cuda::std::uint16_t"),
    ("uint32", "ui32", "cuda::std::uint32_t"),
    ("uint64", "ui64", "cuda::std::uint64_t"),
    ("float16", "f16", "__half"),
    ("bfloat16", "bf16", "__nv_bfloat16"),
    ("float8e4m3", "f8E4M3FN", "__nv_fp8_e4m3"),
    ("float8e5m2", "f8E5M2", "__nv_fp8_e5m2"),
    ("float32", "f32", "float"),
    ("float64", "f64", "double"),
    ("complex64", "complex<f32>", "cuda::std::complex<float>"),
    ("complex128", "complex<f64>", "cuda::std::complex<double>"),
    ("none", "!py.none", "void*"),
]

# Vector types CUDA C++ defines (spec, "Vector Types"); N = 4 of 8-byte
# elements is the 16-byte aligned `..._16a` type (the plain name is
# deprecated in CUDA 13).
VECTOR_ELEMENTS = [
    ("si8", "char"), ("ui8", "uchar"), ("si16", "short"), ("ui16", "ushort"),
    ("si32", "int"), ("ui32", "uint"), ("si64", "longlong"),
    ("ui64", "ulonglong"), ("f32", "float"), ("f64", "double"),
]
VECTORS = []
for mlir, cuda in VECTOR_ELEMENTS:
    for n in range(1, 5):
        name = f"{cuda}{n}"
        if n == 4 and mlir in ("si64", "ui64", "f64"):
            name += "_16a"
        VECTORS.append((f"vec_{cuda}{n}", f"!py.vector<{n} x {mlir}>", name))
VECTORS += [
    ("vec_half2", "!py.vector<2 x f16>", "__half2"),
    ("vec_bfloat162", "!py.vector<2 x bf16>", "__nv_bfloat162"),
    ("vec_fp8x2_e4m3", "!py.vector<2 x f8E4M3FN>", "__nv_fp8x2_e4m3"),
    ("vec_fp8x4_e4m3", "!py.vector<4 x f8E4M3FN>", "__nv_fp8x4_e4m3"),
    ("vec_fp8x2_e5m2", "!py.vector<2 x f8E5M2>", "__nv_fp8x2_e5m2"),
    ("vec_fp8x4_e5m2", "!py.vector<4 x f8E5M2>", "__nv_fp8x4_e5m2"),
]

POINT = '!py.struct<"point", (x: !py.int, y: !py.int, z: !py.int)>'
CPLX16 = '!py.struct<"cplx", (real: f32, imag: f32), align 16>'
MIXED = '!py.struct<"mixed", (a: si8, b: f64, c: si16)>'
NESTED = f'!py.struct<"nested", (flag: !py.bool, inner: {CPLX16}, v: !py.vector<3 x f32>)>'
AGGREGATES = [
    ("struct_point", POINT, "point"),
    ("struct_align16", CPLX16, "cplx16"),
    ("struct_mixed", MIXED, "mixed"),
    ("struct_nested", NESTED, "nested"),
    ("tuple_3int", "tuple<!py.int, !py.int, !py.int>", "tuple_3int"),
    ("tuple_mixed", "tuple<si8, f64, !py.bool, si16>", "tuple_mixed"),
    ("tuple_nested", f"tuple<complex<f32>, {POINT}>", "tuple_nested"),
    ("array_f32_1d", "!py.array<f32, 1>", "cuda::interoperable_array_descriptor<float, 1>"),
    ("array_f64_2d", "!py.array<f64, 2>", "cuda::interoperable_array_descriptor<double, 2>"),
    ("array_i8_3d", "!py.array<si8, 3>", "cuda::interoperable_array_descriptor<cuda::std::int8_t, 3>"),
    ("array_c128_2d", "!py.array<complex<f64>, 2>", "cuda::interoperable_array_descriptor<cuda::std::complex<double>, 2>"),
    ("array_point_1d", f"!py.array<{POINT}, 1>", "cuda::interoperable_array_descriptor<point, 1>"),
    ("array_f16_0d", "!py.array<f16, 0>", "cuda::interoperable_array_descriptor<__half, 0>"),
    ("record_packed", '!py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>', "rec"),
    ("record_gapped", '!py.struct<"gap", (a: si16 at 0, b: f64 at 8), size 24>', "gap"),
    ("array_record_1d", '!py.array<!py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5>, 1>',
     "cuda::interoperable_array_descriptor<rec, 1>"),
]

ROWS = [(f"k_{n}", [p], [c]) for n, p, c in SCALARS + VECTORS + AGGREGATES]
ROWS.append(("k_multi", ["!py.int", "!py.array<f64, 1>", "!py.vector<3 x f32>", "!py.bool", CPLX16],
             ["cuda::std::int32_t", "cuda::interoperable_array_descriptor<double, 1>", "float3", "bool", "cplx16"]))

CU_PRELUDE = """\
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda/std/complex>
#include <cuda/std/cstdint>

namespace cuda {
// The spec's interoperable_array_descriptor (cuda-device spec, "Arrays").
template <typename dtype, cuda::std::uint64_t ndim>
struct interoperable_array_descriptor {
  dtype *data;
  cuda::std::uint64_t shape[ndim];
  cuda::std::uint64_t strides[ndim];
};
template <typename dtype>
struct interoperable_array_descriptor<dtype, 0> {
  dtype *data;
};
} // namespace cuda

struct point { cuda::std::int32_t x, y, z; };
struct alignas(16) cplx16 { float real, imag; };
struct mixed { cuda::std::int8_t a; double b; cuda::std::int16_t c; };
struct nested { bool flag; cplx16 inner; float3 v; };
struct tuple_3int { cuda::std::int32_t __0, __1, __2; };
struct tuple_mixed { cuda::std::int8_t __0; double __1; bool __2; cuda::std::int16_t __3; };
struct tuple_nested { cuda::std::complex<float> __0; point __1; };
// NumPy structured dtypes: packed records with their fields' offsets.
struct __attribute__((packed)) rec { cuda::std::uint8_t a; float b; };
struct __attribute__((packed)) gap {
  cuda::std::int16_t a; char pad[6]; double b; char tail[8];
};
"""


def function_name(name):
    # The device function of a row: f_<type> for k_<type>.
    return "f_" + name[2:]


def write_mlir():
    print("// Generated by test/Utils/py_abi_matrix.py: per row, one interoperable")
    print("// kernel and one interoperable function returning its first parameter.")
    print("gpu.module @abi {")
    for name, params, _ in ROWS:
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
        print(f"  py.kernel @{name}({args}) attributes {{interop}} {{")
        print("    py.return")
        print("  }")
        print(f"  py.func @{function_name(name)}({args}) -> {params[0]} attributes {{interop}} {{")
        print(f"    py.return %a0 : {params[0]}")
        print("  }")
    print("}")


def write_cu():
    print(CU_PRELUDE)
    print('extern "C" {')
    for name, _, params in ROWS:
        args = ", ".join(f"{t} a{i}" for i, t in enumerate(params))
        print(f"__global__ void {name}({args}) {{}}")
        print(f"__device__ __noinline__ {params[0]} {function_name(name)}({args}) "
              f"{{ return a0; }}")
    print("}")


ENTRY = re.compile(r"\.entry\s+(\w+)\s*\((.*?)\)", re.S)
FUNC = re.compile(r"\.visible\s+\.func\s+(?:\((.*?)\)\s*)?(\w+)\s*\((.*?)\)", re.S)


def normalize(body):
    params = []
    for line in body.split(","):
        line = line.strip()
        if not line:
            continue
        # Drop the parameter's name and pointer annotations (our .ptr
        # .global hints are not part of the ABI).
        line = re.sub(r"\s+(\w+_param_\d+|func_retval0)", " P", line)
        line = re.sub(r"\.ptr(\s+\.(global|shared|const|local))?(\s+\.align\s+\d+)?\s*", "", line)
        params.append(" ".join(line.split()))
    return params


def read_params(path):
    text = open(path).read()
    signatures = {}
    for name, body in ENTRY.findall(text):
        signatures[name] = normalize(body)
    for result, name, body in FUNC.findall(text):
        signatures[name] = ["returns " + " ".join(normalize(result))] + normalize(body)
    return signatures


def compare(ours_path, theirs_path):
    ours, theirs = read_params(ours_path), read_params(theirs_path)
    bad = {"kernels": 0, "functions": 0}
    for row, _, _ in ROWS:
        for name, what in ((row, "kernels"), (function_name(row), "functions")):
            if name not in ours or name not in theirs:
                print(f"MISSING {name}: ours={name in ours} nvcc={name in theirs}")
                bad[what] += 1
            elif ours[name] != theirs[name]:
                print(f"MISMATCH {name}: ours {ours[name]} nvcc {theirs[name]}")
                bad[what] += 1
    for what in ("kernels", "functions"):
        print(f"{len(ROWS) - bad[what]} of {len(ROWS)} {what} match nvcc's .param lists")
    return 1 if sum(bad.values()) else 0


if __name__ == "__main__":
    if sys.argv[1] == "mlir":
        write_mlir()
    elif sys.argv[1] == "cu":
        write_cu()
    else:
        sys.exit(compare(sys.argv[2], sys.argv[3]))
