"""Ahead-of-time compilation of tile kernels (cuTile's `ct.compilation`):
the kernel's specialization is described by constraints instead of arrays,
so no GPU is needed.

    sig = KernelSignature([ArrayConstraint(ct.float32, 1), ArrayConstraint(ct.float32, 1),
                           ArrayConstraint(ct.float32, 1), ConstantConstraint(1024)],
                          CallingConvention.cutile_python_v1())
    export_kernel(vector_add, [sig], "vector_add.ptx", gpu_code="sm_90a", output_format="ptx")
"""

import json
import os
import shutil
import tempfile

from ._values import ArgSpec
from ._kernel import _extent_fact


class ScalarConstraint:
    """A scalar parameter of `dtype`."""

    def __init__(self, dtype):
        self.dtype = dtype

    def spec(self):
        return ArgSpec("scalar", self.dtype)


class ArrayConstraint:
    """An array parameter: dtype, rank and the facts the kernel may assume
    (a unit last stride unless `stride_constant` says otherwise; strides,
    extents and base address divisible by the numbers given; cudapy uses
    divisibility by 16, and of extents by a 16-byte vector's elements)."""

    def __init__(self, dtype, ndim, *, index_dtype=None, stride_lower_bound_incl=0,
                 alias_groups=(), may_alias_internally=False, stride_constant=None,
                 shape_constant=None, stride_divisible_by=1, shape_divisible_by=1,
                 base_addr_divisible_by=1):
        self.dtype, self.ndim = dtype, ndim
        self.stride_constant = stride_constant
        self.stride_divisible_by = stride_divisible_by
        self.base_addr_divisible_by = base_addr_divisible_by
        self.shape_divisible_by = shape_divisible_by

    def spec(self):
        unit = self.ndim > 0
        if self.stride_constant is not None:
            last = self.stride_constant[-1] if isinstance(self.stride_constant,
                                                          (tuple, list)) else None
            unit = last == 1
        per16 = 16 // self.dtype.itemsize if self.dtype.itemsize <= 16 else 1
        divisible = self.stride_divisible_by
        divisibility = [per16 if isinstance(divisible, int) and divisible % per16 == 0
                        else 1 for _ in range(self.ndim)]
        if unit and divisibility:
            divisibility[-1] = 1
        shape = self.shape_divisible_by
        shape = shape if isinstance(shape, (tuple, list)) else (shape,) * self.ndim
        extents = [_extent_fact(d, per16) if isinstance(d, int) else 1 for d in shape]
        return ArgSpec("array", self.dtype, self.ndim, unit_stride=unit,
                       aligned16=self.base_addr_divisible_by % 16 == 0,
                       stride_divisibility=divisibility, divisibility=extents)


class ListConstraint:
    """A list-of-arrays parameter: each array as `element` (an
    ArrayConstraint) describes it; the list's length is a runtime value."""

    def __init__(self, element, *, alias_groups=(), elements_may_alias=False):
        if not isinstance(element, ArrayConstraint):
            raise TypeError("a ListConstraint's element is an ArrayConstraint, not %r"
                            % (element,))
        self.element = element

    def spec(self):
        element = self.element.spec()
        element.kind = "list"
        return element


class ConstantConstraint:
    """A `ct.Constant` parameter's value."""

    def __init__(self, value):
        self.value = value

    def spec(self):
        return ArgSpec("constant", value=self.value)


ConstantValue = (bool, int, float)


class CallingConvention:
    """How parameters are passed: cudapy has one (arrays as pointer, dynamic
    extents and strides; constants left out), which both names select."""

    def __init__(self, name, code):
        self.name, self.code = name, code

    @classmethod
    def cutile_python_v1(cls):
        return cls("cutile_python_v1", "t1")

    @classmethod
    def cutile_python_v2(cls):
        return cls("cutile_python_v2", "t2")

    @classmethod
    def from_code(cls, code):
        if code == "t1":
            return cls.cutile_python_v1()
        if code == "t2":
            return cls.cutile_python_v2()
        raise ValueError("unknown calling convention %r" % code)


class KernelSignature:
    """One specialization of a kernel: a constraint per parameter."""

    def __init__(self, parameters, calling_convention, symbol=None):
        self.parameters, self.calling_convention = list(parameters), calling_convention
        self.symbol = symbol

    def with_symbol(self, symbol):
        return KernelSignature(self.parameters, self.calling_convention, symbol)


def export_kernel(kernel, signatures, output_file, *, gpu_code=None, output_format="ptx",
                  bytecode_version=None):
    """Compiles `kernel` for each signature and writes the result: "ptx"
    (the PTX of each, one after another; a `.json` file beside it holds the
    kernel metadata), "cubin" (one signature: the PTX assembled in process
    for `gpu_code` by the CUDA toolkit's nvJitLink, cudapyAssemblePTX; the
    metadata beside it) or "mlir" (the tile-dialect
    IR the frontend built, with locations). Returns the texts (the cubin's
    bytes)."""
    if output_format not in ("ptx", "mlir", "cubin"):
        raise ValueError("output_format is 'ptx', 'cubin' or 'mlir' (cudapy produces no "
                         "%r)" % (output_format,))
    if output_format == "cubin":
        return _export_cubin(kernel, signatures, output_file, gpu_code or "sm_90a")
    chip = gpu_code or "sm_90a"
    texts, metadata = [], []
    for signature in signatures:
        specs = [p.spec() for p in signature.parameters]
        translator, ir_text = kernel.translate(specs, chip)
        if output_format == "mlir":
            translator.ir.close()
            texts.append(ir_text)
            continue
        entry = kernel._run_pipeline(translator, {"chip": chip})
        translator.ir.close()
        texts.append(entry["ptx"])
        metadata.append(entry["metadata"])
    with open(output_file, "w", encoding="utf-8") as handle:
        handle.write("\n".join(texts))
    if metadata:
        with open(output_file + ".json", "w", encoding="utf-8") as handle:
            json.dump(metadata if len(metadata) > 1 else metadata[0], handle)
    return texts


def _export_cubin(kernel, signatures, output_file, chip):
    if len(signatures) != 1:
        raise ValueError("output_format='cubin' takes one signature (one kernel a file)")
    from .. import _capi
    with tempfile.TemporaryDirectory() as scratch:
        ptx_file = os.path.join(scratch, "kernel.ptx")
        (ptx,) = export_kernel(kernel, signatures, ptx_file, gpu_code=chip)
        assembled = _capi.assemble(ptx, chip, {"emit": "cubin"})
        if isinstance(assembled, list):
            raise RuntimeError("cannot assemble %s's PTX: %s" % (
                kernel.__name__, "; ".join(d.message for d in assembled)))
        cubin = assembled.outputs[0].data
        with open(output_file, "wb") as handle:
            handle.write(cubin)
        shutil.copyfile(ptx_file + ".json", output_file + ".json")
    return [cubin]
