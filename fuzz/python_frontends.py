"""Grammar-based fuzzing of the Python frontends (docs/Fuzzing.md).

    python_frontends.py [--programs N] [--seed S] [--ptx-every K] OUT

Generates N small random kernels for cudapy.tile (cuTile Python) and
cudapy.device (the cuda.device spec), each in a file of its own under OUT,
and translates each through its frontend and the C API (one in K through
the whole pipeline to PTX). Most programs are meant to be valid; the
grammar also draws tile shapes that are not powers of two, operations on
the wrong kinds, unknown names and out-of-range literals, so that the
frontends' checks run too. Every outcome must be one of:

- a translation;
- the frontend's own exception (cudapy.tile.TileError other than
  TileInternalError, cudapy.device.DeviceError) naming the generated file
  and a line of it.

Anything else (another exception type, an internal error, a location
outside the program) is a finding: the program is kept as OUT/finding-N.py
and the run exits with 1. A crash of the process ends the run and leaves
the program that caused it as OUT/program_N.py. Needs no GPU.
"""

import argparse
import importlib.util
import os
import random
import sys
import traceback

import cudapy.device as device
import cudapy.tile as ct
from cudapy.tile import compilation as cc

TILE_DTYPES = ["float32", "float16", "bfloat16", "int32", "int16", "int8", "uint8",
               "float64", "int64", "bool_"]
TILE_UNARY = ["exp", "log", "sqrt", "rsqrt", "abs", "sin", "cos", "tanh", "floor", "ceil",
              "exp2", "log2", "negative", "isnan", "bitwise_not"]
TILE_BINARY_FUNCS = ["maximum", "minimum", "add", "sub", "mul", "truediv", "floordiv",
                     "mod", "pow", "atan2", "bitwise_and", "bitwise_or", "equal", "less"]
TILE_REDUCE = ["sum", "max", "min", "prod", "argmax", "argmin"]
BINARY_OPS = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<", "<=", "==", "!=",
              ">", ">="]
DEVICE_TYPESTRS = ["<f4", "<f8", "<i4", "<i8", "<f2", "|u1", "|i1", "<u4", "|b1"]
DEVICE_FUNCS = ["abs", "min", "max", "int", "float", "bool", "math.sqrt", "math.exp",
                "math.floor", "math.fabs", "math.isnan", "round", "pow"]


class Program:
    """Lines of a module being written, with indentation."""

    def __init__(self):
        self.lines = []
        self.indent = 0

    def add(self, text):
        self.lines.append("    " * self.indent + text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def literal(rng):
    return rng.choice(["1", "2", "0", "3.5", "-1", "0.5", "1e30", "255", "2**31",
                       "-2**63", "True", "1.0e-3"])


def assignments(rng, p, prefix, names, expr, condition, loop):
    """One to four statements that assign PREFIX0, PREFIX1, ... from
    `expr(rng, names, depth)`, each appended to `names`: a plain
    assignment, one in both branches of an if on `condition()`, or a loop
    (`loop(name)`: its first line, its head, the body's update)."""
    for number in range(rng.randrange(1, 5)):
        name = "%s%d" % (prefix, number)
        kind = rng.random()
        if kind < 0.6:
            p.add("%s = %s" % (name, expr(rng, names, 3)))
        elif kind < 0.8:
            p.add("if %s:" % condition())
            for branch in ("then", "else"):
                if branch == "else":
                    p.add("else:")
                p.indent += 1
                p.add("%s = %s" % (name, expr(rng, names, 2)))
                p.indent -= 1
        else:
            first, head, update = loop(name)
            p.add(first)
            p.add(head)
            p.indent += 1
            p.add(update)
            p.indent -= 1
        names.append(name)


def tile_shape(rng, rank):
    # Powers of two mostly; now and then one that is not (an error to report).
    sizes = [1, 2, 4, 8, 16, 32, 64]
    shape = [rng.choice(sizes) for _ in range(rank)]
    if rng.random() < 0.05:
        shape[rng.randrange(rank)] = rng.choice([3, 100, 0])
    return shape


def tile_expr(rng, names, depth):
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(names + [literal(rng)])
    choice = rng.random()
    if choice < 0.35:
        return "(%s %s %s)" % (tile_expr(rng, names, depth - 1), rng.choice(BINARY_OPS),
                               tile_expr(rng, names, depth - 1))
    if choice < 0.5:
        return "ct.%s(%s)" % (rng.choice(TILE_UNARY), tile_expr(rng, names, depth - 1))
    if choice < 0.62:
        return "ct.%s(%s, %s)" % (rng.choice(TILE_BINARY_FUNCS),
                                  tile_expr(rng, names, depth - 1),
                                  tile_expr(rng, names, depth - 1))
    if choice < 0.72:
        axis = rng.choice(["", ", axis=0", ", axis=1", ", axis=-1", ", axis=2"])
        return "ct.%s(%s%s)" % (rng.choice(TILE_REDUCE), tile_expr(rng, names, depth - 1), axis)
    if choice < 0.8:
        return "ct.astype(%s, ct.%s)" % (tile_expr(rng, names, depth - 1),
                                         rng.choice(TILE_DTYPES))
    if choice < 0.86:
        return "ct.where(%s > 0, %s, %s)" % (tile_expr(rng, names, depth - 1),
                                            tile_expr(rng, names, depth - 1),
                                            tile_expr(rng, names, depth - 1))
    if choice < 0.9:
        return "ct.full((%s), %s, ct.%s)" % (
            ", ".join(map(str, tile_shape(rng, rng.choice([1, 2])))) + ",", literal(rng),
            rng.choice(TILE_DTYPES))
    if choice < 0.94:
        return "ct.reshape(%s, (%s,))" % (tile_expr(rng, names, depth - 1),
                                          rng.choice(["-1", "64", "8, 8", "1, 16"]))
    if choice < 0.97:
        return "ct.transpose(%s)" % tile_expr(rng, names, depth - 1)
    return rng.choice(["ct.arange(16, dtype=ct.int32)", "ct.bid(0)", "ct.num_blocks(0)",
                       "ct.nothing(1)", "undefined_name"])


def tile_program(rng):
    """A cuTile Python kernel and the constraints of its parameters."""
    rank = rng.choice([1, 2])
    shape = tile_shape(rng, rank)
    dtypes = [rng.choice(TILE_DTYPES[:7]) for _ in range(3)]
    p = Program()
    p.add("import cudapy.tile as ct")
    p.add("")
    p.add("")
    p.add("@ct.kernel")
    p.add("def kernel(a, b, c, n: ct.Constant[int]):")
    p.indent = 1
    p.add("pid = ct.bid(0)")
    index = "(pid,)" if rank == 1 else "(pid, 0)"
    p.add("x = ct.load(a, index=%s, shape=(%s,))" % (index, ", ".join(map(str, shape))))
    p.add("y = ct.load(b, index=%s, shape=(%s,))" % (index, ", ".join(map(str, shape))))
    names = ["x", "y", "n"]
    assignments(rng, p, "t", names, tile_expr,
                lambda: "n > %d" % rng.randrange(0, 8),
                lambda name: ("%s = x" % name, "for i in range(%d):" % rng.randrange(0, 4),
                              "%s = %s + %s" % (name, name, tile_expr(rng, names, 2))))
    p.add("ct.store(c, index=%s, tile=%s)" % (index, tile_expr(rng, names, 2)))
    params = [cc.ArrayConstraint(getattr(ct, dtype), rank) for dtype in dtypes]
    params.append(cc.ConstantConstraint(rng.choice([0, 1, 7, 16, 1024])))
    return p.text(), params


def device_expr(rng, names, depth):
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(names + [literal(rng)])
    choice = rng.random()
    if choice < 0.5:
        return "(%s %s %s)" % (device_expr(rng, names, depth - 1), rng.choice(BINARY_OPS),
                               device_expr(rng, names, depth - 1))
    if choice < 0.7:
        function = rng.choice(DEVICE_FUNCS)
        arity = 2 if function in ("min", "max", "pow") else 1
        return "%s(%s)" % (function, ", ".join(device_expr(rng, names, depth - 1)
                                               for _ in range(arity)))
    if choice < 0.8:
        return "-%s" % device_expr(rng, names, depth - 1)
    if choice < 0.88:
        return "(%s if %s else %s)" % (device_expr(rng, names, depth - 1),
                                      device_expr(rng, names, depth - 1),
                                      device_expr(rng, names, depth - 1))
    if choice < 0.95:
        return rng.choice(["a[i]", "b[i]", "len(a)", "a.shape[0]", "a.size", "a.ndim"])
    return rng.choice(["device.thread_idx.x", "device.block_dim.x", "device.lane_id()",
                       "device.warp_size", "a[i, 0]", "undefined_name", "b.nothing"])


class Array:
    """A __cuda_array_interface__ array: nothing runs, so no memory."""

    def __init__(self, shape, typestr):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (4096, False), "version": 3}


def device_program(rng):
    """A cuda.device kernel and its arguments."""
    p = Program()
    p.add("import math")
    p.add("")
    p.add("from cudapy import device")
    p.add("")
    p.add("")
    p.add("@device.kernel")
    p.add("def kernel(a, b, out, s):")
    p.indent = 1
    p.add("i = device.tid(1)")
    p.add("if i < len(out):")
    p.indent = 2
    names = ["a[i]", "b[i]", "s", "i"]
    assignments(rng, p, "v", names, device_expr,
                lambda: device_expr(rng, names, 2),
                lambda name: ("%s = %s" % (name, device_expr(rng, names, 1)),
                              "for k in range(%s):" % rng.choice(["3", "s", "len(a)", "0"]),
                              "%s += %s" % (name, device_expr(rng, names, 2))))
    p.add("out[i] = %s" % device_expr(rng, names, 2))
    # Mostly one element type for the three arrays, so that many programs
    # get past typing and reach the lowering.
    one = rng.choice(DEVICE_TYPESTRS)
    arrays = [Array((64,), one if rng.random() < 0.7 else rng.choice(DEVICE_TYPESTRS))
              for _ in range(3)]
    scalar = rng.choice([2, 2.5, True, -7, 2, 0.0, 3, 2 ** 40])
    return p.text(), arrays + [scalar]


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.kernel


def run_one(frontend, text, inputs, path, ptx):
    """None when the outcome is allowed, else what is wrong."""
    with open(path, "w") as handle:
        handle.write(text)
    lines = text.count("\n")
    try:
        kernel = load(path)
        if frontend == "tile":
            signature = cc.KernelSignature(inputs, cc.CallingConvention.cutile_python_v1())
            cc.export_kernel(kernel, [signature], os.devnull,
                             output_format="ptx" if ptx else "mlir")
        else:
            if ptx:
                kernel.compile(inputs, chip="sm_90")
            else:
                kernel.translate(inputs)
        return None, "translated"
    except (ct.TileError, device.DeviceError) as error:
        if os.environ.get("CUDAPY_FUZZ_VERBOSE"):
            print("%s: %s" % (type(error).__name__, error.message))
        if isinstance(error, ct.TileInternalError):
            return "internal error: %s" % error, None
        # A launch argument that the kernel cannot take is the call's error,
        # not the program's: no line of it to name.
        if not error.file and error.message.startswith("argument "):
            return None, type(error).__name__
        if not (getattr(error, "file", "") or "").endswith(os.path.basename(path)):
            return "error located in %r, not the program: %s" % (error.file, error), None
        if not 1 <= (error.line or 0) <= lines:
            return "error at line %s of a %d-line program: %s" % (error.line, lines, error), None
        return None, type(error).__name__
    except RecursionError as error:
        return "RecursionError: %s" % error, None
    except Exception:  # noqa: BLE001 - anything else is what the run looks for
        return traceback.format_exc(), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ptx-every", type=int, default=8)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    outcomes = {}
    findings = 0
    for number in range(args.programs):
        frontend = "tile" if number % 2 == 0 else "device"
        text, inputs = (tile_program if frontend == "tile" else device_program)(rng)
        path = os.path.join(args.out, "program_%d.py" % number)
        wrong, outcome = run_one(frontend, text, inputs, path,
                                 args.ptx_every > 0 and number % args.ptx_every == 0)
        if wrong:
            findings += 1
            kept = os.path.join(args.out, "finding-%d.py" % number)
            os.replace(path, kept)
            print("FINDING in %s (%s):\n%s" % (kept, frontend, wrong))
            continue
        os.remove(path)
        key = "%s %s" % (frontend, outcome)
        outcomes[key] = outcomes.get(key, 0) + 1
    for key in sorted(outcomes):
        print("%s: %d" % (key, outcomes[key]))
    print("%d programs, %d findings" % (args.programs, findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
