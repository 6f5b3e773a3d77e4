# The frontends' MLIR contexts: a closed IR gives its context to the next
# (every dialect loads once, not once a kernel), with its diagnostics
# handler detached; a failed compile's context is destroyed, not kept; the
# kernel's IR text comes from the C API in one piece (cudapyOperationPrint)
# and compiles the same in a reused context as in a new one.
# RUN: env CUDAPY_CACHE=0 %python %s | FileCheck %s

import cudapy.tile as ct
from cudapy import _capi, _ir
from cudapy.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


@ct.kernel
def copy(x, y):
    ct.store(y, index=(0,), tile=ct.load(x, index=(0,), shape=(256,)))


@ct.kernel
def bad(x):
    ct.store(x, index=(0,), tile=ct.load(x, index=(0,), shape=(3,)))


specs = [p.spec() for p in KernelSignature([ArrayConstraint(ct.float32, 1)] * 2,
                                           CallingConvention.cutile_python_v1()).parameters]


def translate(kernel=copy, arity=2):
    return kernel.translate(specs[:arity], "sm_90a")


def ptx(translator):
    result = _capi.compile_module(translator.ir, {"chip": "sm_90a", "line_info": False})
    return result.outputs[0].text


_ir._SPARE_CONTEXTS.clear()
first, text = translate()
context = first.ir.context.ptr
print("one piece:", text.count("tile.load"), 'loc("' in text, "gpu.module @copy" in text)
# CHECK: one piece: 1 True True
fresh = ptx(first)
first.ir.close()
print("spare after close:", len(_ir._SPARE_CONTEXTS))
# CHECK-NEXT: spare after close: 1

second, again = translate()
print("reused:", second.ir.context.ptr == context, "same text:", again == text,
      "diagnostics:", second.ir.diagnostics)
# CHECK-NEXT: reused: True same text: True diagnostics: []
print("same PTX:", ptx(second) == fresh)
# CHECK-NEXT: same PTX: True
second.ir.close()

# A type error in a reused context: reported at the user's line, and not
# to the next IR that takes the context.
try:
    translate(bad, 1)
except ct.TileTypeError as error:
    print("error:", error.line, "shape" in str(error))
# CHECK-NEXT: error: 20 True
third, _ = translate()
print("after an error:", third.ir.diagnostics)
# CHECK-NEXT: after an error: []

# A failed compile: its context goes with its IR.
spare = len(_ir._SPARE_CONTEXTS)
failed = _capi.compile_module(third.ir, {"chip": "sm_90a", "ptx_version": "6.0"})
print("failed:", type(failed).__name__, third.ir.keep_context)
# CHECK-NEXT: failed: list False
third.ir.close()
print("spare after a failed compile:", len(_ir._SPARE_CONTEXTS) == spare)
# CHECK-NEXT: spare after a failed compile: True

# After _CONTEXT_USES modules a context is destroyed.
_ir._SPARE_CONTEXTS.clear()
kept = []
for _ in range(_ir._CONTEXT_USES + 1):
    translator, _ = translate()
    kept.append(translator.ir.context.ptr)
    translator.ir.close()
print("contexts:", len(set(kept)) >= 2, kept[0] == kept[_ir._CONTEXT_USES - 1])
# CHECK-NEXT: contexts: True True
