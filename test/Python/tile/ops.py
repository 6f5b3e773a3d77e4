# Every operation cudapy.tile provides translates to the tile dialect and
# compiles through the pipeline to PTX (no GPU): the IR names the tile op
# each API entry becomes. Where the toolkit's ptxas is found, it assembles
# each kernel's PTX.
# REQUIRES: libdevice
# RUN: %python %s %t | FileCheck %s --implicit-check-not="PTXAS FAILED"

import math
import os
import shutil
import subprocess
import sys

import cudapy.tile as ct
from cudapy.tile import compilation as cc

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def compile_both(kernel, *params):
    signature = cc.KernelSignature(params, cc.CallingConvention.cutile_python_v1())
    path = os.path.join(out, kernel.__name__)
    ir = cc.export_kernel(kernel, [signature], path + ".mlir", output_format="mlir")[0]
    ptx = cc.export_kernel(kernel, [signature], path + ".ptx", output_format="ptx")[0]
    print(kernel.__name__, ".entry" in ptx)
    if ptxas:
        done = subprocess.run([ptxas, "-arch=sm_90a", path + ".ptx", "-o", os.devnull],
                              capture_output=True, text=True)
        if done.returncode:
            print("PTXAS FAILED", kernel.__name__, done.stderr)
    return ir


def ops_in(ir):
    seen = []
    for line in ir.splitlines():
        words = line.replace("=", " ").split()
        for word in words:
            if word.startswith(("tile.", "scf.")) and word not in seen and \
                    not word.startswith(("tile.num_warps", "tile.alignment")):
                seen.append(word)
    return " ".join(seen)


f32 = cc.ArrayConstraint(ct.float32, 2)
f32v = cc.ArrayConstraint(ct.float32, 1)
i32v = cc.ArrayConstraint(ct.int32, 1)


@ct.kernel
def creation_and_shapes(x, y):
    pid = ct.bid(0)
    t = ct.load(x, (pid, 0), (16, 32), order="C")
    u = ct.load(x, (0, pid), (32, 16), order="F")
    z = ct.zeros((16, 32), ct.float32) + ct.ones((16, 32), ct.float32) + ct.full((16, 32), 2.5, ct.float32)
    r = ct.arange(16, dtype=ct.int32, start=1, step=2)
    v = ct.reshape(t, (32, 16)) + ct.permute(u, (0, 1)) + ct.transpose(t)
    w = ct.broadcast_to(ct.expand_dims(r, 1), (16, 32)).astype(ct.float32)
    c = ct.cat((t, t), axis=0)
    e = ct.extract(c, (1, 0), (16, 32))
    e = ct.insert(e, (0, 0), ct.zeros((8, 32), ct.float32))
    b = ct.bitcast(ct.bitcast(ct.bitcast(e, ct.int32), ct.tfloat32), ct.float32)
    s = ct.where(t > 0, t, z) + w + b + v.T + r[:, None] + u.transpose() * 0
    ct.store(y, (pid, 0), s + ct.num_blocks(0) + ct.num_tiles(x, 0, (16, 32)))


print(ops_in(compile_both(creation_and_shapes, f32, f32)))
# CHECK: creation_and_shapes True
# CHECK-NEXT: tile.load {{.*}}tile.iota {{.*}}tile.reshape tile.permute tile.expand_dims tile.broadcast tile.convert tile.cat tile.extract tile.insert tile.bitcast tile.cmp tile.select tile.num_blocks tile.num_tiles tile.store


@ct.kernel
def reductions(x, s, i, n: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, (pid, 0), (4, n), padding_mode=ct.PaddingMode.ZERO)
    total = (ct.sum(t, axis=1) + ct.prod(t, 1) + ct.max(t, 1, propagate_nan=True) +
             ct.min(t, axis=(1,)) + ct.sum(ct.cumsum(t, axis=1), 1) +
             ct.sum(ct.cumprod(t, 1, reverse=True), 1) + ct.sum(t))
    ct.store(s, (pid,), total)
    ct.store(i, (pid,), ct.argmax(t, axis=1) + ct.argmin(t, 1) + ct.argmax(t))


print(ops_in(compile_both(reductions, f32, f32v, i32v, cc.ConstantConstraint(64))))
# CHECK: reductions True
# CHECK-NEXT: tile.reduce {{.*}}tile.scan {{.*}}tile.argreduce


@ct.kernel
def elementwise(x, y, k):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (128,))
    n = ct.arange(128, dtype=ct.int32)
    f = (ct.exp(t) + ct.exp2(t, flush_to_zero=True) + ct.log(t) + ct.log2(t) +
         ct.sqrt(t, rounding_mode=ct.RoundingMode.RZ) + ct.rsqrt(t) + ct.sin(t) + ct.cos(t) +
         ct.tan(t) + ct.sinh(t) + ct.cosh(t) + ct.tanh(t, rounding_mode=ct.RoundingMode.APPROX) +
         ct.floor(t) + ct.ceil(t) + ct.abs(t) + abs(t) + ct.negative(t) + -t +
         ct.add(t, 1, rounding_mode=ct.RoundingMode.RZ) + ct.sub(t, t) + ct.mul(t, 2.0) +
         ct.truediv(t, 3, flush_to_zero=True) + ct.floordiv(t, 2.0) + ct.mod(t, 2.0) +
         ct.pow(t, 2.0) + t ** 0.5 + ct.maximum(t, 0) + ct.minimum(t, 1) + max(t, 0.5) +
         min(t, k) + t / n + t // 2 + t % 3)
    bits = (ct.bitwise_and(n, 3) | ct.bitwise_or(n, 1) ^ ct.bitwise_xor(n, 2) +
            ct.bitwise_lshift(n, 1) + (n >> 1) + ct.bitwise_rshift(n, k) + ct.bitwise_not(n) + ~n)
    m = (ct.equal(t, 0) | ct.not_equal(t, 1) | ct.less(t, 2) | ct.less_equal(t, 3) |
         ct.greater(t, 4) | ct.greater_equal(t, 5) | ct.isnan(t) | (0 < t < 1) |
         ((t > 0) & (t < 1)))
    ct.store(y, (pid,), ct.where(m, f, bits) + (n / 4 if k > 0 else n * 1.0))


print(ops_in(compile_both(elementwise, f32v, f32v, cc.ScalarConstraint(ct.int32))))
# CHECK: elementwise True
# CHECK-NEXT: tile.math {{.*}}tile.abs tile.neg {{.*}}tile.div {{.*}}tile.floordiv tile.mod tile.pow tile.maximum tile.minimum {{.*}}tile.and tile.or {{.*}}tile.xor tile.shl tile.shr tile.not tile.cmp tile.select


# ct.maximum and ct.minimum of two Python numbers fold to a number, a NaN
# operand giving the other (found by fuzz/python_frontends.py: a KeyError
# escaped the frontend): 3.5 - (-1.0).
@ct.kernel
def folded(y):
    ct.store(y, (0,), ct.full((16,), ct.maximum(2, 3.5) - ct.minimum(math.nan, -1.0),
                              ct.float32))


print([line.split("loc(")[0].strip() for line in
       compile_both(folded, f32v).splitlines() if "dense<" in line])
# CHECK: folded True
# CHECK-NEXT: ['%{{.*}} = tile.constant dense<4.500000e+00> : !tile.tile<16xf32>', {{.*}}]


@ct.kernel
def memory(x, y, idx, out):
    pid = ct.bid(0)
    rows = ct.load(idx, (pid,), (16,), padding_mode=ct.PaddingMode.ZERO)
    cols = ct.arange(32, dtype=ct.int32)
    g = ct.gather(x, (rows[:, None], cols[None, :]), mask=cols[None, :] < 20, padding_value=-1.0)
    ct.scatter(y, (rows[:, None], cols), g, mask=rows[:, None] >= 0)
    ct.scatter(out, ct.arange(16, dtype=ct.int32), ct.sum(g, axis=1))


print(ops_in(compile_both(memory, f32, f32, i32v, f32v)))
# CHECK: memory True
# CHECK-NEXT: tile.gather tile.scatter


@ct.kernel
def products(a, b, c):
    i = ct.bid(0)
    x = ct.load(a, (i, 0), (64, 32))
    y = ct.load(b, (0, i), (32, 64))
    acc = ct.mma(x, y, ct.zeros((64, 64), ct.float32))
    ct.store(c, (i, i), acc + ct.matmul(x, y) + (x @ y))


f16 = cc.ArrayConstraint(ct.float16, 2)
print(ops_in(compile_both(products, f16, f16, f32)))
# CHECK: products True
# CHECK-NEXT: tile.mma {{.*}}tile.matmul


# Matrix products broadcast their batch dimensions (NumPy's rules, cuTile's
# matmul and mma): a (1, 16, 16) or 2-d operand meets a batch of 4; a 1-d
# matmul operand is a row (or column) whose extent the result drops.
@ct.kernel
def broadcast_products(a, b, v, c, r):
    w = ct.load(a, (0, 0, 0), (1, 16, 16))
    x = ct.load(b, (0, 0, 0), (4, 16, 32))
    acc = ct.mma(ct.reshape(w, (16, 16)), x, ct.zeros((4, 16, 32), ct.float32))
    ct.store(c, (0, 0, 0), ct.matmul(w, x) + acc)
    row = ct.load(v, (0,), (16,))
    m = ct.reshape(ct.extract(x, (0, 0, 0), (1, 16, 16)), (16, 16))
    ct.store(r, (0,), row @ m + ct.matmul(m, row))


f32x3 = cc.ArrayConstraint(ct.float32, 3)
ir = compile_both(broadcast_products, f32x3, f32x3, f32v, f32x3, f32v)
for line in ir.splitlines():
    if any(op in line for op in ("tile.matmul", "tile.mma", "tile.broadcast")):
        print(line.split(" : ", 1)[1].split(" loc(")[0])
# CHECK: broadcast_products True
# CHECK-NEXT: !tile.tile<16x16xf32> -> !tile.tile<4x16x16xf32>
# CHECK-NEXT: !tile.tile<4x16x16xf32>, !tile.tile<4x16x32xf32>, !tile.tile<4x16x32xf32>
# CHECK-NEXT: !tile.tile<1x16x16xf32> -> !tile.tile<4x16x16xf32>
# CHECK-NEXT: !tile.tile<4x16x16xf32>, !tile.tile<4x16x32xf32> -> !tile.tile<4x16x32xf32>
# CHECK-NEXT: !tile.tile<1x16xf32>, !tile.tile<16x16xf32> -> !tile.tile<1x16xf32>
# CHECK-NEXT: !tile.tile<16x16xf32>, !tile.tile<16x1xf32> -> !tile.tile<16x1xf32>


# matmul accumulates each dtype's products as cuTile's does (bfloat16 and
# tfloat32 in float32, fp8 in float16, 8-bit integers in int32), then
# converts to the operands' dtype; float16 stays float16.
@ct.kernel
def product_accumulators(h, g, q, i, o):
    for a in (h, g, q, o):
        t = ct.load(a, (0, 0), (16, 16))
        ct.store(a, (0, 0), t @ t)
    f = ct.load(o, (0, 0), (16, 16)).astype(ct.float32).astype(ct.tfloat32)
    ct.store(o, (0, 0), (f @ f).astype(ct.float16))
    ct.store(i, (0, 0), ct.load(q, (0, 0), (16, 16)) @ ct.load(q, (0, 0), (16, 16)))


ir = compile_both(product_accumulators, cc.ArrayConstraint(ct.bfloat16, 2),
                  cc.ArrayConstraint(ct.float8_e4m3fn, 2), cc.ArrayConstraint(ct.int8, 2),
                  cc.ArrayConstraint(ct.int8, 2), cc.ArrayConstraint(ct.float16, 2))
for line in ir.splitlines():
    if "tile.matmul" in line or "tile.convert" in line:
        print(line.split("= ", 1)[1].split(" ", 1)[0], line.split(" : ", 1)[1].split(" loc(")[0])
# CHECK: product_accumulators True
# CHECK-NEXT: tile.matmul !tile.tile<16x16xbf16>, !tile.tile<16x16xbf16> -> !tile.tile<16x16xf32>
# CHECK-NEXT: tile.convert !tile.tile<16x16xf32> -> !tile.tile<16x16xbf16>
# CHECK-NEXT: tile.matmul !tile.tile<16x16xf8E4M3FN>, !tile.tile<16x16xf8E4M3FN> -> !tile.tile<16x16xf16>
# CHECK-NEXT: tile.convert !tile.tile<16x16xf16> -> !tile.tile<16x16xf8E4M3FN>
# CHECK-NEXT: tile.matmul !tile.tile<16x16xsi8>, !tile.tile<16x16xsi8> -> !tile.tile<16x16xsi32>
# CHECK-NEXT: tile.convert !tile.tile<16x16xsi32> -> !tile.tile<16x16xsi8>
# CHECK-NEXT: tile.matmul !tile.tile<16x16xf16>, !tile.tile<16x16xf16> -> !tile.tile<16x16xf16>
# CHECK: tile.matmul !tile.tile<16x16xtf32>, !tile.tile<16x16xtf32> -> !tile.tile<16x16xf32>
# CHECK-NEXT: tile.convert !tile.tile<16x16xf32> -> !tile.tile<16x16xtf32>


# Parameters cuTile lets a call name: bid/num_blocks's axis, Tile.astype's
# dtype, assume_divisible_by's divisor, static_iter's iterable, printf's
# format.
@ct.kernel
def keyword_forms(x, y):
    t = ct.load(x, (ct.bid(axis=0),), (16,))
    h = t.astype(dtype=ct.float16)
    ct.assume_divisible_by(x.shape[0], divisor=16)
    for i in ct.static_iter(iterable=(1, 2)):
        t = t + i
    ct.printf(format="a line\n")
    ct.store(y, (ct.num_blocks(axis=0) - 1,), t + h.astype(ct.float32))


ir = compile_both(keyword_forms, f32v, f32v)
print(ops_in(ir))
# CHECK: keyword_forms True
# CHECK-NEXT: tile.make_view tile.bid tile.load tile.convert tile.array_dim tile.literal tile.add tile.print tile.num_blocks tile.sub tile.store


# A gather at scalar indices is a scalar (its loop bound, its condition).
@ct.kernel
def scalar_gather(counts, x, y):
    n = ct.gather(counts, ct.bid(axis=0))
    ct.static_assert(n.shape == ())
    total = ct.zeros((16,), ct.float32)
    for i in range(n):
        total += ct.load(x, (i,), (16,))
    if n > 2:
        total = total * 2
    ct.store(y, (0,), total)


ir = compile_both(scalar_gather, cc.ArrayConstraint(ct.int32, 1), f32v, f32v)
print([op for op in ops_in(ir).split() if op in ("tile.gather", "tile.reshape", "scf.for", "scf.if")])
# CHECK: scalar_gather True
# CHECK-NEXT: ['tile.gather', 'tile.reshape', 'scf.for', 'scf.if']


# Control flow: loops over compile-time sequences unroll; static_assert and
# ensure_constant check constants; helpers with defaults inline.
def helper(t, scale=2):
    return t * scale


@ct.kernel
def control(x, y, n: ct.Constant[int]):
    ct.static_assert(n % 2 == 0)
    pid = ct.ensure_constant(0) + ct.bid(0)
    t = ct.load(x, (pid,), (64,))
    for s in ct.static_iter((1, 2, 3)):
        t = t + s
    for s in (4, 5):
        t = helper(t, s)
    i = 0
    total = 0.0
    while i < n:
        total = total + ct.sum(t)
        i += 1
    for j in range(pid, n, 2):
        t = t + j
    ct.store(y, (pid,), t + total if n > 2 else t)


print(ops_in(compile_both(control, f32v, f32v, cc.ConstantConstraint(4))))
# CHECK: control True
# CHECK-NEXT: scf.while {{.*}}scf.condition{{.*}}scf.for


# Custom combiners: a lambda in the kernel, a function defined in it, a
# module-level lambda and function, operator.add; a tuple reduced together.
import operator  # noqa: E402

larger = lambda a, b: ct.maximum(a, b)  # noqa: E731


def keep_larger(v0, i0, v1, i1):
    pick = v1 > v0
    return ct.where(pick, v1, v0), ct.where(pick, i1, i0)


@ct.kernel
def combiners(x, y, z):
    pid = ct.bid(0)
    t = ct.load(x, (pid, 0), (4, 64))

    def times(a, b):
        return a * b

    s = ct.reduce(t, 1, lambda a, b: a + b, 0.0)
    p = ct.reduce(t, axis=1, func=times, identity=1.0, keepdims=True)
    m = ct.reduce(t, 1, larger, -math.inf)
    o = ct.reduce(t, 1, operator.add, 0.0)
    value, index = ct.reduce((t, ct.broadcast_to(ct.arange(64, dtype=ct.int32), (4, 64))), 1,
                             keep_larger, (-math.inf, 0))
    ct.store(y, (pid,), s + ct.reshape(p, (4,)) + m + o + value + index)
    ct.store(z, (pid, 0), ct.scan(t, 1, lambda a, b: a + b, 0.0, reverse=True))


print(ops_in(compile_both(combiners, f32, f32v, f32)))
# CHECK: combiners True
# CHECK-NEXT: {{.*}}tile.reduce_with {{.*}}tile.yield {{.*}}tile.scan_with


# Atomics on array elements: pointers from the array's base and strides,
# masked to the array's bounds; scalar indices give scalar old values.
@ct.kernel
def atomics(x, counts, locks, out):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (64,))
    bins = ct.astype(ct.abs(t), ct.int32) % 16
    ct.atomic_add(counts, bins, 1)
    ct.atomic_max(counts, (bins,), 5, memory_order=ct.MemoryOrder.RELAXED,
                  memory_scope=ct.MemoryScope.BLOCK)
    old = ct.atomic_xchg(locks, pid, 1)
    while ct.atomic_cas(locks, pid, 0, 1, memory_order=ct.MemoryOrder.ACQUIRE) == 1:
        pass
    ct.atomic_xchg(locks, pid, 0, memory_order=ct.MemoryOrder.RELEASE)
    ct.store(out, (pid,), ct.full((1,), old, ct.int32))


print(ops_in(compile_both(atomics, f32v, i32v, i32v, i32v)))
# CHECK: atomics True
# CHECK-NEXT: {{.*}}tile.array_stride {{.*}}tile.array_base tile.offset tile.array_dim {{.*}}tile.atomic_rmw {{.*}}tile.atomic_cas


# Loads and stores with a memory order: a flag read with ACQUIRE (spun on
# while it is 0), data written, a flag written with RELEASE; RELAXED with no
# scope takes the device's.
@ct.kernel
def ordered(flags, x):
    pid = ct.bid(0)
    while ct.load(flags, (0,), (1,), memory_order=ct.MemoryOrder.ACQUIRE,
                  memory_scope=ct.MemoryScope.DEVICE).item() == 0:
        pass
    t = ct.load(x, (pid,), (64,), memory_order=ct.MemoryOrder.RELAXED)
    ct.store(x, (pid,), t + 1)
    ct.store(flags, (1,), ct.full((1,), 1, ct.int32), memory_order=ct.MemoryOrder.RELEASE,
             memory_scope=ct.MemoryScope.SYS)


for line in compile_both(ordered, i32v, f32v).splitlines():
    if "memory" in line and ("tile.load" in line or "tile.store" in line):
        print(line.split("=")[-1].split(":")[0].strip())
# CHECK: ordered True
# CHECK-NEXT: tile.load {{.*}} memory acquire scope device
# CHECK-NEXT: tile.load {{.*}} memory relaxed scope device
# CHECK-NEXT: tile.store {{.*}} memory release scope system


# assume_divisible_by on an array argument's extent or stride becomes the
# argument's divisibility fact (least common multiple with what the
# specialization knows); on another scalar it is only checked.
@ct.kernel
def assumed(x, y, k):
    ct.assume_divisible_by(x.shape[1], 64)
    ct.assume_divisible_by(x.shape[1], 48)
    ct.assume_divisible_by(x.strides[0], 32)
    ct.assume_divisible_by(k, 8)
    row = ct.bid(0)
    ct.store(y, index=(row, 0), tile=ct.load(x, index=(row, 0), shape=(1, 64)))


for line in compile_both(assumed, cc.ArrayConstraint(ct.float32, 2),
                         cc.ArrayConstraint(ct.float32, 2),
                         cc.ScalarConstraint(ct.int32)).splitlines():
    if "gpu.func @assumed" in line:
        print(line[line.index("{"):line.index("}") + 1])
# CHECK: assumed True
# CHECK-NEXT: {tile.divisibility = array<i64: 1, 192>, tile.stride_divisibility = array<i64: 32, 1>}


# Under a condition the assumption holds only there: no fact of the argument.
@ct.kernel
def assumed_if(x, y):
    if x.shape[1] % 64 == 0:
        ct.assume_divisible_by(x.shape[1], 64)
    row = ct.bid(0)
    ct.store(y, index=(row, 0), tile=ct.load(x, index=(row, 0), shape=(1, 64)))


for line in compile_both(assumed_if, cc.ArrayConstraint(ct.float32, 2),
                         cc.ArrayConstraint(ct.float32, 2)).splitlines():
    if "gpu.func @assumed_if" in line:
        print("facts" if "divisibility" in line else "no facts")
# CHECK: assumed_if True
# CHECK-NEXT: no facts


# Math, tuples of scalars, hints: atan2 and divmod (the builtin too),
# astile of constants and of runtime scalars, assume_divisible_by and
# static_eval of constants and of a tile's shape.
@ct.kernel
def more_math(x, y, k, n: ct.Constant[int]):
    pid = ct.bid(0)
    t = ct.load(x, (pid,), (4,))
    q, r = ct.divmod(pid, 3)
    q2, r2 = divmod(k, n)
    width = ct.static_eval(t.shape[0] * 2 if n % 2 == 0 else 1)
    ct.static_assert(width == 8)
    m = ct.assume_divisible_by(k, 16)
    u = (ct.atan2(t, t + 1) + ct.astile((1.0, 2.0, 3.0, 4.0)) +
         ct.astile((q, r, q2, m), dtype=ct.float32) + ct.astile(r2, dtype=ct.float32))
    ct.store(y, (pid,), u + ct.astile(((1, 2), (3, 4))).reshape((4,)))


print(ops_in(compile_both(more_math, f32v, f32v, cc.ScalarConstraint(ct.int32),
                          cc.ConstantConstraint(4))))
# CHECK: more_math True
# CHECK-NEXT: tile.load tile.literal tile.floordiv tile.mod {{.*}}tile.atan2 tile.constant {{.*}}tile.expand_dims tile.cat


# Device print (printf, print with f-strings, the builtin print), asserts
# (assert_ and the assert statement on a runtime condition) and the grid
# dependency ops.
@ct.kernel
def debugging(x):
    pid = ct.bid(0)
    ct.grid_dependency_control_wait()
    t = ct.load(x, (pid,), (8,))
    ct.printf("t=%f pid=%d\n", t, pid)
    ct.print("sum", ct.sum(t), sep=": ")
    print(f"pid {pid:>4d} t {t:.3f} of {len(t)}")
    ct.assert_(t >= 0, "t must not be negative")
    assert pid < 1000, "too many blocks"
    ct.grid_dependency_control_launch_dependents()


ir = compile_both(debugging, f32v)
print(ops_in(ir))
# CHECK: debugging True
# CHECK-NEXT: tile.grid_dependency_wait {{.*}}tile.print {{.*}}tile.assert {{.*}}tile.launch_dependents
for line in ir.splitlines():
    if "tile.print" in line or "tile.assert" in line:
        print(line.split("loc(")[0].strip().split(" : ")[0].split("tile.", 1)[1])
# CHECK-NEXT: print "t=%f pid=%d\0A" whole
# CHECK-NEXT: print "sum: %f\0A" whole
# CHECK-NEXT: print "pid %4d t %.3f of 8\0A" whole
# CHECK-NEXT: assert {{.*}}, "t must not be negative"
# CHECK-NEXT: assert {{.*}}, "too many blocks"


# Array.slice, tiled views (load, store, num_tiles, an atomic store,
# traversal steps), advanced indexing with ct.Slice.
@ct.kernel
def views(x, y, idx, out):
    pid = ct.bid(0)
    part = x.slice(0, 2, x.shape[0])
    v = part.tiled_view((4, 16), padding_mode=ct.PaddingMode.ZERO)
    w = y.tiled_view((4, 16), traversal_steps=(2, 16))
    t = v.load((pid, 0)) + v.num_tiles(0)
    w.store((pid, 0), t)
    w.atomic_store_add((pid, 1), t)
    rows = ct.load(idx, (0,), (4,))
    g = ct.load_advanced_indexing(x, (rows, ct.Slice(pid * 16, 16)),
                                  padding_mode=ct.PaddingMode.NEG_INF)
    ct.store_advanced_indexing(out, (rows, ct.Slice(0, 16)), g + t)


print(ops_in(compile_both(views, f32, f32, i32v, f32)))
# CHECK: views True
# CHECK-NEXT: tile.make_view {{.*}}tile.array_dim {{.*}}tile.array_base tile.array_stride {{.*}}tile.offset {{.*}}tile.make_array tile.load tile.num_tiles {{.*}}tile.store {{.*}}tile.atomic_rmw tile.gather tile.scatter


# The occupancy hint becomes the kernel's nvvm.minctasm (PTX .minnctapersm).
@ct.kernel(occupancy=ct.ByTarget(sm_90=3, default=2))
def occupied(x):
    ct.store(x, (ct.bid(0),), ct.load(x, (ct.bid(0),), (64,)) + 1)


ir = compile_both(occupied, f32v)
print("minctasm", [l.split("nvvm.minctasm = ")[1][:1] for l in ir.splitlines() if "nvvm.minctasm" in l])
# CHECK: occupied True
# CHECK-NEXT: minctasm ['3']
ptx = open(os.path.join(out, "occupied.ptx")).read()
print("ptx", [l.strip() for l in ptx.splitlines() if "minnctapersm" in l])
# CHECK-NEXT: ptx ['.minnctapersm 3']


# Bytes: pack_to_bytes (bitcast, shifts, a narrowing convert) and
# unpack_from_bytes (widen, shift, an or-reduction, bitcast).
@ct.kernel
def bytes_kernel(x, y):
    t = ct.load(x, (0,), (8,))
    b = ct.pack_to_bytes(t)
    ct.static_assert(b.shape == (32,) and b.dtype == ct.uint8)
    ct.store(y, (0,), ct.unpack_from_bytes(b, ct.float32))


print(ops_in(compile_both(bytes_kernel, f32v, f32v)))
# CHECK: bytes_kernel True
# CHECK-NEXT: tile.load tile.bitcast tile.reshape tile.broadcast tile.iota {{.*}}tile.convert tile.shr tile.shl tile.reduce


# Block-scaled products: fp8 with e8m0 scales (B = 32) and fp4 with e4m3
# scales (B = 16), dequantized exactly to bfloat16, then a bfloat16 mma.
@ct.kernel
def scaled(a, sa, b, sb, a4, sa4, b4, sb4, c):
    x = ct.load(a, (0, 0), (64, 64))
    y = ct.load(b, (0, 0), (64, 64))
    xs = ct.load(sa, (0, 0), (64, 2))
    ys = ct.load(sb, (0, 0), (2, 64))
    acc = ct.mma_scaled(x, xs, y, ys, ct.zeros((64, 64), ct.float32))
    x4 = ct.load(a4, (0, 0), (64, 64))
    y4 = ct.load(b4, (0, 0), (64, 64))
    acc = ct.mma_scaled(x4, ct.load(sa4, (0, 0), (64, 4)), y4, ct.load(sb4, (0, 0), (4, 64)),
                        acc)
    ct.store(c, (0, 0), acc)


e4 = cc.ArrayConstraint(ct.float8_e4m3fn, 2)
e8 = cc.ArrayConstraint(ct.float8_e8m0fnu, 2)
f4 = cc.ArrayConstraint(ct.float4_e2m1fn, 2)
print(ops_in(compile_both(scaled, e4, e8, e4, e8, f4, e4, f4, e4, f32)))
# CHECK: scaled True
# CHECK-NEXT: tile.load tile.convert tile.expand_dims tile.broadcast tile.reshape tile.mul {{.*}}tile.mma


# Extents divisible by 16 are facts the kernel is specialized on
# (tile.divisibility, as Triton specializes integers divisible by 16).
ir = compile_both(occupied, cc.ArrayConstraint(ct.float32, 1, shape_divisible_by=16))
print("divisibility", [l.split("tile.divisibility = ")[1].split(">")[0] + ">"
                       for l in ir.splitlines() if "tile.divisibility" in l][:1])
# CHECK: occupied True
# CHECK-NEXT: divisibility ['array<i64: 16>']


# Reductions whose steps round (rounding_mode) or flush subnormals: a
# tile.reduce_with per axis whose combiner carries the modifiers.
@ct.kernel
def rounded_sums(x, y):
    t = ct.load(x, (0, 0), (4, 64))
    s = ct.sum(t, axis=1, rounding_mode=ct.RoundingMode.RZ) + ct.max(t, 1, flush_to_zero=True)
    ct.store(y, (0,), s + ct.prod(t, axis=(0, 1), flush_to_zero=True))


ir = compile_both(rounded_sums, f32, f32v)
print(ops_in(ir))
print(sorted({l.split("tile.")[1].split(" %")[0] + " " + l.split(" : ")[0].split(", ")[-1].split(" ", 1)[-1]
              for l in ir.splitlines() if ("tile.add" in l or "tile.maximum" in l or "tile.mul" in l)
              and ("rounding" in l or "ftz" in l)}))
# CHECK: rounded_sums True
# CHECK-NEXT: tile.load tile.reduce_with tile.add tile.yield tile.reshape tile.maximum {{.*}}tile.mul
# CHECK-NEXT: ['add promote cutile rounding rz', 'maximum promote cutile ftz', 'mul promote cutile ftz']


# Lists of arrays (ct.ListAnnotation, compilation.ListConstraint): len()
# is tile.list_len, an index (negative constants from the end) and a loop
# over the list tile.list_get; the list argument carries the facts of each
# of its arrays.
@ct.kernel
def grouped_sums(parts, weights, out):
    t = ct.zeros((64,), ct.float32)
    for g in range(len(parts)):
        t = t + ct.load(parts[g], (0,), (64,), padding_mode=ct.PaddingMode.ZERO) * g
    for w in weights:
        t = t + ct.load(w, (0,), (64,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, (0,), t + ct.load(parts[-1], (1,), (64,), padding_mode=ct.PaddingMode.ZERO))


ir = compile_both(grouped_sums, cc.ListConstraint(cc.ArrayConstraint(
    ct.float32, 1, base_addr_divisible_by=16)), cc.ListConstraint(f32v), f32v)
print(ops_in(ir))
print([l.split("(")[1].split(" loc")[0] for l in ir.splitlines() if "gpu.func" in l][0])
# CHECK: grouped_sums True
# CHECK-NEXT: {{.*}}tile.list_len {{.*}}tile.list_get
# CHECK-NEXT: %arg0: !tile.list<!tile.array<?xf32, strides [1]>> {tile.alignment = 16 : i64}
