#!/usr/bin/env python3
"""Reference typing of Python operators for the py dialect's exhaustive test.

Written from the specifications, independently of dialects/Py/IR/
PyPromotion.cpp: the Array API v2023.12 promotion tables are transcribed
cell by cell, NumPy's promote_types (NumbaPro's "most generic type") is a
transcribed table that `--check-numpy` verifies against NumPy itself, and
the operator rules are those docs/Py.md states. Prints, for both policies,
every operator over every pair of number types:

    <policy> <op> <lhs> <rhs> -> <operand type> <result type>   or   -> error

in the order test/CAPI/py.c prints them.
"""
import itertools
import sys

BUILTINS = ["!py.bool", "!py.int", "!py.float", "!py.complex"]
FIXED = ["i1", "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32", "ui64",
         "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "complex<f32>", "complex<f64>"]
TYPES = BUILTINS + FIXED
OPS = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>",
       "==", "!=", "<", "<=", ">", ">="]

KIND = {"!py.bool": "b", "!py.int": "i", "!py.float": "f", "!py.complex": "c", "i1": "b"}
for t in ["si8", "si16", "si32", "si64"]:
    KIND[t] = "i"
for t in ["ui8", "ui16", "ui32", "ui64"]:
    KIND[t] = "u"
for t in ["f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2"]:
    KIND[t] = "f"
KIND["complex<f32>"] = KIND["complex<f64>"] = "c"
RANK = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}
MACHINE = {"!py.bool": "i1", "!py.int": "si32", "!py.float": "f32", "!py.complex": "complex<f32>"}
BUILTIN_OF_KIND = {"b": "!py.bool", "i": "!py.int", "u": "!py.int", "f": "!py.float",
                   "c": "!py.complex"}
FP8 = {"f8E4M3FN", "f8E5M2"}
WIDTH = {"i1": 8, "si8": 8, "si16": 16, "si32": 32, "si64": 64, "ui8": 8, "ui16": 16,
         "ui32": 32, "ui64": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64,
         "complex<f32>": 64, "complex<f64>": 128}


def table(rows):
    """A symmetric table from {(a, b): result} given for one order."""
    out = {}
    for (a, b), r in rows.items():
        out[(a, b)] = out[(b, a)] = r
    return out


# Array API v2023.12, "Type Promotion Rules": the signed, unsigned, mixed
# integer and floating-point tables (None: not defined).
I = ["si8", "si16", "si32", "si64"]
U = ["ui8", "ui16", "ui32", "ui64"]
ARRAY_API = {}
for a, b in itertools.product(I, I):
    ARRAY_API[(a, b)] = max(a, b, key=I.index)
for a, b in itertools.product(U, U):
    ARRAY_API[(a, b)] = max(a, b, key=U.index)
MIXED = {  # rows u1 u2 u4 u8, columns i1 i2 i4 i8
    "ui8": ["si16", "si16", "si32", "si64"],
    "ui16": ["si32", "si32", "si32", "si64"],
    "ui32": ["si64", "si64", "si64", "si64"],
    "ui64": [None, None, None, None],
}
for u, row in MIXED.items():
    for i, r in zip(I, row):
        ARRAY_API[(u, i)] = ARRAY_API[(i, u)] = r
ARRAY_API.update(table({
    ("f32", "f32"): "f32", ("f32", "f64"): "f64", ("f32", "complex<f32>"): "complex<f32>",
    ("f32", "complex<f64>"): "complex<f64>", ("f64", "f64"): "f64",
    ("f64", "complex<f32>"): "complex<f64>", ("f64", "complex<f64>"): "complex<f64>",
    ("complex<f32>", "complex<f32>"): "complex<f32>",
    ("complex<f32>", "complex<f64>"): "complex<f64>",
    ("complex<f64>", "complex<f64>"): "complex<f64>",
    # cudapy's extensions for float16 and bfloat16 (docs/Py.md): each with
    # itself, the two meet at float32, and otherwise the wider wins.
    ("f16", "f16"): "f16", ("bf16", "bf16"): "bf16", ("f16", "bf16"): "f32",
    ("f16", "f32"): "f32", ("f16", "f64"): "f64", ("bf16", "f32"): "f32",
    ("bf16", "f64"): "f64", ("f16", "complex<f32>"): "complex<f32>",
    ("f16", "complex<f64>"): "complex<f64>", ("bf16", "complex<f32>"): "complex<f32>",
    ("bf16", "complex<f64>"): "complex<f64>",
}))
ARRAY_API[("i1", "i1")] = "i1"

# NumPy's promote_types over the types NumPy has (NumbaPro's "most generic
# type of the two"), transcribed; --check-numpy compares it with NumPy.
NP = {"i1": "bool", "si8": "int8", "si16": "int16", "si32": "int32", "si64": "int64",
      "ui8": "uint8", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64",
      "f16": "float16", "f32": "float32", "f64": "float64",
      "complex<f32>": "complex64", "complex<f64>": "complex128"}
NUMPY = {}
for t in NP:
    NUMPY[("i1", t)] = NUMPY[(t, "i1")] = t
for a, b in itertools.product(I + U, I + U):
    r = ARRAY_API[(a, b)]
    NUMPY[(a, b)] = r if r else "f64"
INT_WITH_FLOAT = {  # integer -> (with f16, with f32, with c64)
    "si8": ("f16", "f32", "complex<f32>"), "ui8": ("f16", "f32", "complex<f32>"),
    "si16": ("f32", "f32", "complex<f32>"), "ui16": ("f32", "f32", "complex<f32>"),
    "si32": ("f64", "f64", "complex<f64>"), "ui32": ("f64", "f64", "complex<f64>"),
    "si64": ("f64", "f64", "complex<f64>"), "ui64": ("f64", "f64", "complex<f64>"),
}
for t, (h, s, c) in INT_WITH_FLOAT.items():
    NUMPY.update(table({(t, "f16"): h, (t, "f32"): s, (t, "f64"): "f64",
                        (t, "complex<f32>"): c, (t, "complex<f64>"): "complex<f64>"}))
for a, b in itertools.product(["f16", "f32", "f64", "complex<f32>", "complex<f64>"], repeat=2):
    if (a, b) in ARRAY_API:
        NUMPY[(a, b)] = ARRAY_API[(a, b)]
# bfloat16, which NumPy lacks (docs/Py.md): like float16 among floats; with
# integers the smallest float holding them (int8/uint8: bfloat16).
for t in NP:
    if t == "i1":
        NUMPY[("i1", "bf16")] = NUMPY[("bf16", "i1")] = "bf16"
    elif KIND[t] in "iu":
        h = {"si8": "bf16", "ui8": "bf16", "si16": "f32", "ui16": "f32"}.get(t, "f64")
        NUMPY[(t, "bf16")] = NUMPY[("bf16", t)] = h
    else:
        NUMPY[(t, "bf16")] = NUMPY[("bf16", t)] = ARRAY_API[(t, "bf16")]
NUMPY[("bf16", "bf16")] = "bf16"


def promote(policy, a, b):
    if a in FP8 or b in FP8:
        return None
    weak_a, weak_b = a in BUILTINS, b in BUILTINS
    if weak_a and weak_b:
        return max(a, b, key=lambda t: RANK[KIND[t]])
    if not weak_a and not weak_b:
        return (ARRAY_API if policy == "array_api" else NUMPY).get((a, b))
    weak, strong = (a, b) if weak_a else (b, a)
    kw, ks = KIND[weak], KIND[strong]
    if policy == "array_api":
        # Array API 2023.12, "Mixing arrays with Python scalars".
        allowed = {"b": "b", "i": "iufc", "f": "fc", "c": "c"}[kw]
        return strong if ks in allowed else None
    if RANK[kw] <= RANK[ks]:
        return strong
    return NUMPY.get((MACHINE[weak], strong))


def type_binary(policy, op, a, b):
    p = promote(policy, a, b)
    if p is None:
        return None
    k = KIND[p]
    weak = p in BUILTINS
    arith = "!py.int" if (k == "b" and weak) else p
    if op in ("==", "!=", "<", "<=", ">", ">="):
        ordering = op not in ("==", "!=")
        if ordering and k == "c":
            return None
        if ordering and k == "b" and not weak and policy == "array_api":
            return None
        return (p, "!py.bool" if weak else "i1")
    if op in ("&", "|", "^"):
        return (p, p) if k in "biu" else None
    if op in ("<<", ">>"):
        if k == "b" and not weak:
            return None
        return (arith, arith) if KIND[arith] in "iu" else None
    if k == "b" and not weak:
        return None
    if policy == "numbapro" and k == "c" and not weak and op not in ("+", "-", "*"):
        return None
    ak = KIND[arith]
    if op in ("+", "-", "*", "**"):
        return (arith, arith)
    if op == "%":
        return None if ak == "c" else (arith, arith)
    if op == "//":
        if ak == "c":
            return None
        if policy == "array_api" or weak:
            return (arith, arith)
        width = max(32, WIDTH[arith])
        return (arith, ("ui" if ak == "u" else "si") + str(width))
    # "/"
    if weak:
        r = "!py.complex" if ak == "c" else "!py.float"
        return (r, r)
    if policy == "numbapro":
        def width(t):
            return WIDTH[p] if t in BUILTINS else WIDTH[t]
        r = "f64" if max(width(a), width(b)) > 32 else "f32"
        return (r, r)
    if ak in "iu":
        return ("f64", "f64")
    return (arith, arith)


def check_numpy():
    import numpy as np
    bad = 0
    for a, b in itertools.product(NP, NP):
        expected = np.dtype(np.promote_types(NP[a], NP[b])).name
        if NP[NUMPY[(a, b)]] != expected:
            print("numpy disagrees:", a, b, NUMPY[(a, b)], expected)
            bad += 1
    print("NumPy promote_types: %d of %d pairs agree" % (len(NP) ** 2 - bad, len(NP) ** 2))
    return bad


if __name__ == "__main__":
    if sys.argv[1:] == ["--check-numpy"]:
        sys.exit(1 if check_numpy() else 0)
    for policy in ("array_api", "numbapro"):
        for op in OPS:
            for a in TYPES:
                for b in TYPES:
                    typed = type_binary(policy, op, a, b)
                    result = "error" if typed is None else "%s %s" % typed
                    print("%s %s %s %s -> %s" % (policy, op, a, b, result))
