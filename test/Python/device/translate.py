# cudapy.device translates Python device code to the py, simt and scf
# dialects (no GPU): each construct's ops, with the types the py dialect's
# promotion library gives, locations on the user's lines, @func helpers as
# py.func per argument types; every kernel's PTX goes through ptxas where the
# toolkit has it.
# REQUIRES: libdevice
# RUN: %python %s %t | FileCheck %s --implicit-check-not="PTXAS FAILED"

import math
import re
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
        shape = shape if isinstance(shape, tuple) else (shape,)
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (4096, False), "version": 3}


def show(kernel, *args):
    """The kernel's ops in order of first appearance; its PTX through
    ptxas."""
    text = kernel.translate(args)
    seen = []
    for line in text.splitlines():
        for word in line.replace("=", " ").replace("(", " ").split():
            if word.startswith(("py.", "simt.", "scf.", "target.")) and word not in seen:
                seen.append(word)
    print(kernel.__name__, " ".join(seen))
    ptx = kernel.compile(args, chip="sm_90")["ptx"]
    path = os.path.join(out, kernel.__name__ + ".ptx")
    with open(path, "w") as handle:
        handle.write(ptx)
    if ptxas:
        done = subprocess.run([ptxas, "-arch=sm_90", path, "-o", os.devnull],
                              capture_output=True, text=True)
        if done.returncode:
            print("PTXAS FAILED", kernel.__name__, done.stderr)
    return text


f32 = Array(1000)
i32 = Array(1000, "<i4")


# The spec's axpy: a @func helper becomes a py.func of the argument types
# and a py.call; a float argument is a !py.float.
@device.func
def axpy(a, x, y):
    return a * x + y


@device.kernel
def vec_axpy(a, x, y, out):
    i = device.tid(1)
    if i < len(out):
        out[i] = axpy(a, x[i], y[i])


text = show(vec_axpy, 2.0, f32, f32, f32)
print([l.strip() for l in text.splitlines() if "py.func" in l or "py.call" in l])
# CHECK: vec_axpy py.func py.mul py.add py.return py.kernel simt.tid py.len py.cmp py.cast scf.if py.array.getitem py.call py.array.setitem
# CHECK-NEXT: ['py.func @axpy_0(%arg0: !py.float loc({{.*}}translate.py":[[#@LINE-14]]:10), %arg1: f32 {{.*}}) -> f32 {', '%6 = py.call @axpy_0(%arg0, %4, %5) : (!py.float, f32, f32) -> f32 loc({{.*}})']


# Loops and branches carry the names they assign (scf.for, scf.while,
# scf.if with results); fixed-format constructors make typed constants;
# an early return makes the rest of the kernel the other branch.
@device.kernel
def loops(x, out, n):
    i = device.tid(1)
    if i >= len(out):
        return
    total = device.float32(0)
    for k in range(n):
        total += x[k] * k
    j = 1
    while j < n:
        j *= 2
    out[i] = total if j > 8 else -total


text = show(loops, f32, f32, 10)
print([l.strip().split(" loc")[0] for l in text.splitlines()
       if "scf.for" in l or "scf.while" in l or "= py.constant 0.0" in l][:3])
# CHECK: loops py.kernel simt.tid py.len py.cmp py.cast scf.if py.constant scf.for {{.*}}scf.while
# CHECK-NEXT: ['%c = py.constant 0.000000e+00 : f32', '%{{.*}} = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %c) -> (f32) {', '%{{.*}} = scf.while (%{{.*}} = %{{.*}}) : (!py.int) -> !py.int {']


# A name both branches of an if assign, which had no value before it, is
# defined after the if (Python's scoping), with the type its values promote
# to: here an int literal and a float32 element, float32. (Found by
# fuzz/python_frontends.py: it was "name 'y' is not defined".)
@device.kernel
def defined_in_both_branches(x, out):
    i = device.tid(1)
    if i < len(out):
        if x[i] > 0:
            y = 1
        else:
            y = x[i]
        out[i] = y


text = show(defined_in_both_branches, f32, f32)
print([l.strip().split(" loc")[0] for l in text.splitlines() if "-> (f32)" in l])
# CHECK: defined_in_both_branches py.kernel simt.tid py.len py.cmp py.cast scf.if py.array.getitem
# CHECK-NEXT: ['%{{.*}} = scf.if %{{.*}} -> (f32) {']


# A tuple both branches assign is one after the if too; a name the branches
# give different constants (functions here) that nothing reads after the
# if is no error.
@device.kernel
def joined_in_branches(x, out):
    i = device.tid(1)
    if i < len(out):
        if x[i] > 0:
            f = math.sin
            t = (f(x[i]), 1)
        else:
            f = math.cos
            t = (f(x[i]), 2)
        out[i] = t[0] + t[1]


text = show(joined_in_branches, f32, f32)
print([l.strip().split(" loc")[0] for l in text.splitlines() if "-> (tuple<" in l])
# CHECK: joined_in_branches py.kernel {{.*}}py.tuple.make {{.*}}py.tuple.getitem
# CHECK-NEXT: ['%{{.*}} = scf.if %{{.*}} -> (tuple<f32, !py.int>) {']


# Thread positions, shared and local arrays, barriers, fences, atomics
# (AtomicInterface methods with memory orders and scopes).
@device.kernel
def memories(x, hist):
    tx, ty = device.tid(2)
    s = device.shared_array((16, 16), device.float32)
    local = device.local_array(4, device.int32)
    s[device.thread_idx.y, device.thread_idx.x] = x[tx]
    local[0] = device.block_dim.x + device.grid_dim.y + device.block_idx.z + ty
    device.syncthreads()
    device.threadfence(memory="acq_rel", scope="device")
    ref = device.atomic_ref(hist, local[0] % 16)
    ref.add(1)
    ref.max(7, memory="relaxed", scope="block")
    old = ref.cas(3, 4)
    ref.store(ref.load(memory="acquire") + old)
    count = device.syncthreads_count(lambda: s[0, 0] > 0.0)
    hist[1] = count + device.lane_id + device.warp_size


text = show(memories, f32, Array(16, "<u4"))
print([l.strip().split(" loc")[0] for l in text.splitlines() if "simt.atomic" in l
       or "threadfence" in l])
# CHECK: memories py.kernel simt.tid py.tuple.getitem simt.shared_array simt.local_array {{.*}}simt.syncthreads simt.threadfence {{.*}}simt.atomic_ref {{.*}}simt.atomic_rmw simt.atomic_cas simt.atomic_load simt.atomic_store {{.*}}simt.syncthreads_count
# CHECK-NEXT: ['simt.threadfence memory acq_rel scope device', '%{{.*}} = simt.atomic_ref %arg1[%{{.*}}] : !py.array<ui32, 1>, si32 -> !simt.atomic_ref<ui32>', '%{{.*}} = simt.atomic_rmw add %{{.*}}, %{{.*}} : !simt.atomic_ref<ui32>', '%{{.*}} = simt.atomic_rmw max %{{.*}}, %{{.*}} memory relaxed scope block : !simt.atomic_ref<ui32>', '%{{.*}} = simt.atomic_cas {{.*}}', '%{{.*}} = simt.atomic_load %{{.*}} memory acquire : !simt.atomic_ref<ui32>', 'simt.atomic_store {{.*}}']


# Warp functions, numeric intrinsics and the math module.
@device.kernel
def warps(x, out):
    i = device.tid(1)
    v = x[i]
    offset = 16
    while offset > 0:
        v += device.shfl_down_sync(0xFFFFFFFF, v, offset)
        offset //= 2
    mask = device.activemask()
    voted = device.ballot_sync(mask, lambda: v > 0.0)
    everyone = device.all_sync(mask, lambda: v > 0.0)
    bits = device.popc(voted) + device.clz(voted) + device.ffs(voted)
    out[i] = math.sqrt(abs(v)) + math.atan2(v, 2) + device.fma(v, 2.0, 1.0) + bits + \
        device.cbrt(v) + min(v, 1.0) + max(bits, 3) + (1.0 if everyone else 0.0)


text = show(warps, f32, f32)
# CHECK: warps py.kernel simt.tid py.array.getitem {{.*}}scf.while {{.*}}simt.shfl_down_sync {{.*}}simt.activemask simt.ballot_sync simt.all_sync simt.popc simt.clz simt.ffs py.abs simt.math simt.fma simt.cbrt


# Target specialization: `if device.target(...)` is target.if with the
# description's condition; @struct values are py.struct ops, arrays of them
# views; a loop over a constant tuple is unrolled; a @func returning a tuple
# packs it.
@device.struct(align=8)
class Pair:
    lo: device.float32
    hi: device.float32


@device.func
def ordered(a, b):
    if a < b:
        return a, b
    return b, a


@device.kernel
def specialized(x, out):
    pairs = x.view(Pair)
    p = pairs[device.tid(1)]
    lo, hi = ordered(p.lo, p.hi)
    p.lo = lo
    q = Pair(hi, hi=p.lo)
    total = q.lo + q.hi
    for k in (1, 2):
        total *= k
    if device.target(device.provides(device.sm90) & ~device.is_exactly(device.sm100)):
        total += 1.0
    out[0] = total


text = show(specialized, f32, f32)
print([l.strip().split(" loc")[0] for l in text.splitlines()
       if "target.if" in l or "py.array.view" in l or "struct.make" in l or "tuple.make" in l])
# CHECK: specialized {{.*}}py.array.view {{.*}}py.struct.getattr {{.*}}py.call {{.*}}py.struct.setattr py.struct.make {{.*}}target.if
# CHECK-NEXT: ['%{{.*}} = py.tuple.make(%{{.*}}, %{{.*}}) : f32, f32', '%{{.*}} = py.tuple.make(%{{.*}}, %{{.*}}) : f32, f32', '%{{.*}} = py.array.view %arg0 : !py.array<f32, 1> to !py.array<!py.struct<"Pair", (lo: f32, hi: f32), align 8>, 1>', '%{{.*}} = py.struct.make(%{{.*}}, %{{.*}}) : (f32, f32) -> !py.struct<"Pair", (lo: f32, hi: f32), align 8>', '%{{.*}} = target.if <"provides(sm_90) & ~is_exactly(sm_100)"> -> (f32) {']


# A multi-target build: one compile for several chips, `if target(...)`
# folded for each (the sm_90 and sm_100 PTX add 1.0, the sm_80 PTX does not).
built = specialized.compile((f32, f32), chip="sm_80,sm_90,sm_100")
print("targets", sorted(built["outputs"]), built["ptx"] == built["outputs"]["sm_80"])
for chip in ("sm_80", "sm_90", "sm_100"):
    ptx = built["outputs"][chip]
    print(chip, ".target " + chip in ptx, "0f3F800000" in ptx)
# CHECK: targets ['sm_100', 'sm_80', 'sm_90'] True
# CHECK-NEXT: sm_80 True False
# CHECK-NEXT: sm_90 True True
# CHECK-NEXT: sm_100 True False


@device.func(interop=True)
def fast_path(a):
    if device.target(device.provides(device.sm90)):
        return a * 3.0
    return a * 2.0


exported = fast_path.export_ptx(device.float32, chip=["sm_80", "sm_90"])
print("export", sorted(exported), "0f40400000" in exported["sm_90"],
      "0f40400000" in exported["sm_80"])
# CHECK-NEXT: export ['sm_80', 'sm_90'] True False


# Complex numbers' parts: z.real / z.imag are py.complex.real/imag (typed
# by the promotion library: !py.complex parts are !py.float); a real
# number's .real is itself and its .imag a zero of its type.
@device.kernel
def parts(z, w, x, out):
    out[0] = z.real + w.imag + x.real + x.imag


text = parts.translate((1 + 2j, device.complex128(3 - 4j), device.float64(0.5),
                        Array(4, "<f8")))
print([l.strip().split(" loc")[0].split("= ", 1)[1] for l in text.splitlines()
       if "py.complex." in l or "py.cast" in l])
# CHECK: ['py.complex.real %arg0 : !py.complex -> !py.float', 'py.complex.imag %arg1 : complex<f64> -> f64', 'py.cast %c : !py.int to f64']
try:
    parts.translate((Array(4), 1.0, 1.0, Array(4)))
except device.DeviceTypeError as error:
    print(str(error).splitlines()[0].split(": ", 1)[1])
# CHECK-NEXT: a 1-d float32 array has no attribute 'real' in device code


# Arrays: slices and fewer indices than dimensions are views
# (py.array.subscript of py.slice), reshape and astype(copy=False) do not
# allocate; vectors (py.vector.make/getitem/setitem, .x/.y, len, loops over
# them unrolled); the dynamic shared array; match_any/all_sync and WarpMask
# items.
@device.kernel
def views(x, out, scale):
    row = x[1]
    part = x[0, 2:10:2]
    flipped = out[::-1]
    flat = x.reshape(x.size)
    same = x.astype(device.float32, copy=False)
    v = device.float32x3(row[0], part[1], flat[2])
    v.y = same[1, 1]
    v[2] = scale.w
    total = device.float32(len(v))
    for e in v:
        total += e
    dynamic = device.dynamic_shared_array().view(device.float32)
    dynamic[device.thread_idx.x] = total
    mask = device.activemask()
    peers = device.match_any_sync(mask, total)
    same_mask, equal = device.match_all_sync(mask, device.lane_id % 2)
    mask[0] = equal
    flipped[0] = dynamic[0] + device.popc(peers) + (1.0 if mask[1] else 0.0)


text = show(views, Array((8, 16)), Array(8), device.float32x4(1, 2, 3, 4))
# CHECK: views py.kernel py.constant py.array.subscript py.slice {{.*}}py.array.reshape py.array.astype {{.*}}py.vector.make py.vector.setitem {{.*}}py.vector.getitem {{.*}}simt.dynamic_shared_array py.array.view {{.*}}simt.match_any_sync {{.*}}simt.match_all_sync simt.warp_mask.setitem {{.*}}simt.warp_mask.getitem


# The rest of the device API, each entry once: barrier reductions, votes,
# every shuffle, lane masks, warp barriers, bit intrinsics, every atomic
# operation, fences of each scope, the other target descriptions.
@device.kernel
def everything(x, counts, out):
    i = device.tid(1)
    v = x[i]
    every = device.syncthreads_and(lambda: v > 0.0)
    some = device.syncthreads_or(lambda: v < 0.0)
    mask = device.activemask()
    below = device.lanemask_lt()
    device.syncwarp(mask)
    agree = device.eq_sync(mask, lambda: v > 0.0)
    anyone = device.any_sync(mask, lambda: v > 1.0)
    v += device.shfl_sync(mask, v, 0) + device.shfl_up_sync(mask, v, 1) + \
        device.shfl_xor_sync(mask, v, 2)
    bits = device.brev(below) + device.popc(mask)
    ref = device.atomic_ref(counts, i % 8)
    ref.sub(1)
    ref.and_(0xFF)
    ref.or_(1)
    ref.xor(2)
    ref.min(3)
    ref.exch(4, memory="release", scope="block")
    fref = device.atomic_ref(out, 0)
    fref.nanmax(v)
    fref.nanmin(v, memory="relaxed", scope="thread")
    device.threadfence(scope="block")
    device.threadfence(memory="release", scope="device")
    if device.target(device.is_device & ~device.is_host | device.no_target):
        v += 1.0
    if device.target(device.any_target):
        v += 2.0
    flags = (1 if every else 0) + (1 if some else 0) + (1 if agree else 0) + \
        (1 if anyone else 0)
    out[i + 1] = v + device.float32(bits) + flags


text = show(everything, f32, Array(8, "<u4"), f32)
print(sorted({w for l in text.splitlines() for w in l.replace("(", " ").split()
              if w.startswith("simt.") or w.startswith("target.")}))
print(sorted({l.split("simt.atomic_rmw ")[1].split()[0] for l in text.splitlines()
              if "simt.atomic_rmw" in l}))
# CHECK: everything py.kernel
# CHECK-NEXT: ['simt.activemask', 'simt.any_sync', 'simt.atomic_ref', 'simt.atomic_rmw', 'simt.brev', 'simt.eq_sync', 'simt.lanemask_lt', 'simt.popc', 'simt.shfl_sync', 'simt.shfl_up_sync', 'simt.shfl_xor_sync', 'simt.syncthreads_and', 'simt.syncthreads_or', 'simt.syncwarp', 'simt.threadfence', 'simt.tid', 'target.if', 'target.yield']
# CHECK-NEXT: ['and', 'exch', 'min', 'nanmax', 'nanmin', 'or', 'sub', 'xor']

# Host-side entries: machine_representation(), `underlying`.
print(device.machine_representation(), axpy.underlying.__name__, vec_axpy.underlying.__name__,
      Pair.underlying.__name__)
# CHECK-NEXT: itanium axpy vec_axpy Pair


# Tuples as @func arguments: packed at the call (py.tuple.make), one
# py.func per tuple type, read with py.tuple.getitem.
@device.func
def norm2(p):
    return p[0] * p[0] + p[1] * p[1]


@device.kernel
def tuple_arguments(x):
    i = device.tid(1)
    x[i] = norm2((x[i], 2.0))


text = show(tuple_arguments, f32)
print([l.strip().split(" loc")[0] for l in text.splitlines() if "py.call" in l])
# CHECK: tuple_arguments py.func py.tuple.getitem
# CHECK-NEXT: ['%{{.*}} = py.call @norm2_0(%{{.*}}) : (tuple<f32, !py.float>) -> f32']


# align(t, n) of a @struct type raises its alignment.
Wide = device.align(Pair, 16)


@device.kernel
def aligned(x):
    pairs = x.view(Wide)
    x[0] = pairs[1].hi


text = show(aligned, f32)
print([l.strip().split(" loc")[0] for l in text.splitlines() if "py.array.view" in l])
print(device.align(device.float32, 16))
try:
    device.align("text", 16)
except TypeError as error:
    print(error)
# CHECK: aligned py.kernel py.array.view
# CHECK-NEXT: ['%0 = py.array.view %arg0 : !py.array<f32, 1> to !py.array<!py.struct<"Pair", (lo: f32, hi: f32), align 16>, 1>']
# CHECK-NEXT: cudapy.device.align(float32, 16)
# CHECK-NEXT: align('text', 16) takes a number, vector or @struct type


# Atomic members of a @struct: atomic_ref(array, index).member is the
# member's AtomicInterface (simt.atomic_ref ... member ["name"]).
@device.struct
class Counter:
    hits: device.Atomic(device.int32, align=16)
    total: device.Atomic(device.float32)


@device.kernel
def count(raw, x):
    counters = raw.view(Counter)
    i = device.tid(1)
    if i < len(x):
        c = device.atomic_ref(counters, i % 4)
        c.hits.add(1)
        c.total.add(x[i], memory="relaxed", scope="device")


text = show(count, Array(32, "<i4"), f32)
print([l.strip().split(" : ")[0] for l in text.splitlines() if "member" in l])
# CHECK: count py.kernel py.array.view {{.*}}simt.atomic_ref simt.atomic_rmw
# CHECK-NEXT: ['%{{.*}} = simt.atomic_ref %0[%{{.*}}] member ["hits"]', '%{{.*}} = simt.atomic_ref %0[%{{.*}}] member ["total"]']


# @func methods of @struct values: called with the value as self (a struct
# is immutable: a method that changes it returns a new one).
@device.struct
class Point:
    x: device.float32
    y: device.float32

    @device.func
    def norm2(self):
        return self.x * self.x + self.y * self.y

    @device.func
    def scaled(self, k):
        return Point(self.x * k, self.y * k)


@device.kernel
def methods(raw, out):
    points = raw.view(Point)
    i = device.tid(1)
    if i < len(points):
        out[i] = points[i].scaled(2.0).norm2()


text = show(methods, Array(16), Array(8))
print([l.strip().split(" : ")[0] for l in text.splitlines() if "py.call" in l])
# CHECK: methods py.func {{.*}}py.struct.make {{.*}}py.kernel
# CHECK-NEXT: ['%{{.*}} = py.call @scaled_0(%{{.*}}, %{{.*}})', '%{{.*}} = py.call @norm2_1(%{{.*}})']


# `and`/`or` short-circuit: the read of x[i] is inside the scf.if that the
# bounds check decides.
@device.kernel
def guarded(x, n):
    i = device.tid(1)
    if i < n and x[i] > 0.0:
        x[i] = 0.0


text = show(guarded, f32, 3)
lines = [l.strip() for l in text.splitlines()]
first_if = next(k for k, l in enumerate(lines) if "scf.if" in l and "-> (i1)" in l)
print("short circuit", "py.array.getitem" in lines[first_if + 1])
# CHECK: guarded py.kernel
# CHECK-NEXT: short circuit True


# print() is one simt.print per call (each value in the conversion CUDA's
# printf reads it with; constants in the format, % escaped; a complex
# number as its parts); assert is simt.assert with the message, or the
# test's source, and @kernel(assertions=False) compiles it out.
@device.kernel
def debugging(x, n, z):
    i = device.tid(1)
    print("i", i, "x[i]", x[i], "n", n, (z, 100), "50%", sep=" ", end="!\n")
    assert x[i] >= 0
    assert i < n, "i stays below n"


text = show(debugging, f32, device.uint64(7), device.complex64(1 + 2j))
for line in text.splitlines():
    if "simt.print" in line or "simt.assert" in line:
        print(line.strip().split(" loc(")[0])
# CHECK: debugging py.kernel simt.tid py.array.getitem py.complex.real py.complex.imag simt.print py.constant py.cmp simt.assert py.return
# CHECK-NEXT: simt.print "i %d x[i] %f n %llu ((%f%+fj), 100) 50%%!\0A" %0, %1, %arg1, %2, %3 : !py.int, f32, ui64, f32, f32
# CHECK-NEXT: simt.assert %{{[0-9]+}}, "x[i] >= 0" : i1
# CHECK-NEXT: simt.assert %{{[0-9]+}}, "i stays below n" : i1
args = (f32, device.uint64(7), device.complex64(1 + 2j))
ptx = debugging.compile(args, chip="sm_90")["ptx"]
quiet = device.kernel(assertions=False)(debugging.__wrapped__).compile(args, chip="sm_90")["ptx"]
print("vprintf", "vprintf" in ptx, "__assertfail", "call.uni __assertfail" in ptx,
      "without assertions", "__assertfail" in quiet, "vprintf" in quiet)
# CHECK-NEXT: vprintf True __assertfail True without assertions False True


# break and continue: a range loop that jumps is a while over a hidden
# counter; each jump sets a hidden flag the loop's test and the rest of the
# body read (no scf.for, no unstructured control flow).
@device.kernel
def jumping(x):
    s = 0.0
    for i in range(len(x)):
        if x[i] < 0.0:
            continue
        if x[i] > 100.0:
            break
        s += x[i]
    x[0] = s


text = show(jumping, f32)
print("scf.for" in text, text.count("scf.while"), text.count("scf.condition"))
# CHECK: jumping py.kernel {{.*}}scf.while {{.*}}py.return
# CHECK-NEXT: False 1 1


# The spec's ticket_mutex: an element of an array of structs with Atomic
# members is a reference; its @func methods take it as `self` (the array and
# the index), and reach the members with simt.atomic_ref … member;
# wait is simt.atomic_wait, notify_all nothing.
@device.struct
class ticket_mutex:
    line: device.Atomic(int, align=16)
    current: device.Atomic(int, align=16)

    @device.func
    def lock(self):
        my = self.line.add(1)
        while True:
            now = self.current.load()
            if now == my:
                break
            self.current.wait(now)

    @device.func
    def unlock(self):
        self.current.add(1)
        self.current.notify_all()


@device.kernel
def locked(storage, total):
    mutex = storage.view(ticket_mutex)[0]
    mutex.lock()
    total[0] += 1.0
    mutex.unlock()


text = locked.translate((Array(8, "<i4"), f32))
for line in text.splitlines():
    if "py.func" in line or "simt.atomic_wait" in line or "py.call" in line:
        print(re.sub(r' loc\([^)]*\)', '', re.sub(r'!py.struct<"ticket_mutex", \(.*?\)>', 'S', line.strip())))
# CHECK: py.func @lock_{{[0-9]+}}(%arg0: !py.array<S, 1>, %arg1: !py.int) {
# CHECK: simt.atomic_wait %{{[0-9]+}}, %{{[0-9]+}} : !simt.atomic_ref<si32>
# CHECK: py.func @unlock_{{[0-9]+}}(%arg0: !py.array<S, 1>, %arg1: !py.int) {
# CHECK: py.call @lock_{{[0-9]+}}(%{{[0-9]+}}, %{{.*}}) : (!py.array<S, 1>, !py.int) -> ()
# CHECK: py.call @unlock_{{[0-9]+}}


# The builtin types as dtypes are the spec's int32 and float32.
@device.kernel
def builtin_dtypes(x):
    scratch = device.local_array(4, float)
    counts = device.shared_array(4, int)
    scratch[0] = x[0]
    counts[0] = 2
    x[0] = scratch[0] + device.float32(counts[0])


text = builtin_dtypes.translate((f32,))
print("builtin dtypes", "!py.array<f32, 1>" in text, "!py.array<si32, 1>" in text)
# CHECK: builtin dtypes True True
