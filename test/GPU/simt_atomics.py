# simt atomics on the GPU, under contention, against what NumPy says the
# operations must produce. Kernels are generated here for every operation
# and dtype the spec allows.
# REQUIRES: cuda-gpu
# RUN: %gpu %python %s | FileCheck %s

import numpy as np

import cudapy
from cudapy import runtime

import cupy as cp  # noqa: E402

device = runtime.Device(0)
rng = np.random.default_rng(11)

NP = {"ui8": np.uint8, "si16": np.int16, "f16": np.float16, "ui32": np.uint32,
      "si32": np.int32, "ui64": np.uint64, "si64": np.int64, "f32": np.float32,
      "f64": np.float64}
ARITHMETIC = ["ui32", "si32", "ui64", "si64", "f32", "f64"]
INTEGERS = ["ui32", "si32", "ui64", "si64"]
SLOTS = 4


def compile_kernels(body, **options):
    return device.load(cudapy.compile("gpu.module @m {\n%s\n}" % body,
                                      chip=device.chip, **options))


def rmw_kernel(name, kind, dtype, memory, scope):
    """Thread i applies `kind` with vals[i] to target[i % SLOTS] and keeps
    the value it replaced in olds[i]."""
    arr = "!py.array<%s, 1>" % dtype
    return f"""
  py.kernel @{name}(%vals: {arr}, %target: {arr}, %olds: {arr}) attributes {{interop}} {{
    %i = simt.tid 1
    %n = py.len %vals : {arr}
    %inside = py.cmp lt, %i, %n : !py.int, !py.int -> !py.bool
    %in = py.cast %inside : !py.bool to i1
    scf.if %in {{
      %v = py.array.getitem %vals[%i] : {arr}, !py.int
      %slots = py.constant {SLOTS} : !py.int
      %slot = py.mod %i, %slots : !py.int, !py.int -> !py.int
      %r = simt.atomic_ref %target[%slot] : {arr}, !py.int -> !simt.atomic_ref<{dtype}>
      %old = simt.atomic_rmw {kind} %r, %v memory {memory} scope {scope} : !simt.atomic_ref<{dtype}>
      py.array.setitem %old, %olds[%i] : {dtype}, {arr}, !py.int
    }}
    py.return
  }}"""


def python_max(this, value, larger):
    """Python's max(this, value) / min(this, value): value only if better."""
    with np.errstate(invalid="ignore"):
        better = value > this if larger else value < this
    return np.where(better, value, this)


def nan_max(this, value, larger):
    """NaN is a missing value."""
    with np.errstate(invalid="ignore"):
        better = value > this if larger else value < this
    take = ~np.isnan(value) & (np.isnan(this) | better)
    return np.where(take, value, this)


def apply(kind, this, value):
    """The new value of the object, elementwise, with the dtype's wrap."""
    floating = np.issubdtype(this.dtype, np.floating)
    with np.errstate(over="ignore"):
        if kind == "exch":
            return value
        if kind == "add":
            return this + value
        if kind == "sub":
            return this - value
        if kind == "and":
            return this & value
        if kind == "or":
            return this | value
        if kind == "xor":
            return this ^ value
    larger = kind in ("max", "nanmax")
    if floating and kind in ("nanmax", "nanmin"):
        return nan_max(this, value, larger)
    return python_max(this, value, larger)


def fold(kind, init, values):
    """The final value of a slot: the operations are commutative."""
    if kind in ("max", "min", "nanmax", "nanmin") and \
            np.issubdtype(values.dtype, np.floating):
        result = init
        for v in values:
            result = apply(kind, np.array(result), np.array(v))[()]
        return result
    result = np.array(init)
    for v in values:
        result = apply(kind, result, np.array(v))
    return result[()]


def bits(x):
    x = np.asarray(x)
    return x.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize])


def values_for(kind, dtype, n):
    t = NP[dtype]
    if np.issubdtype(t, np.floating):
        if kind in ("add", "sub"):
            # Small integers: every order of the sums is exact.
            return rng.integers(-8, 9, n).astype(t)
        v = rng.standard_normal(n).astype(t)
        if kind in ("max", "min", "nanmax", "nanmin"):
            v[rng.random(n) < 0.1] = np.nan
        return v
    info = np.iinfo(t)
    if kind in ("add", "sub"):
        return rng.integers(max(info.min, -1000), 1000, n, endpoint=True).astype(t)
    return rng.integers(info.min, info.max, n, endpoint=True, dtype=t)


def initial_for(kind, dtype):
    t = NP[dtype]
    init = np.zeros(SLOTS, dtype=t)
    if np.issubdtype(t, np.floating) and kind in ("max", "min", "nanmax", "nanmin"):
        # A NaN object stays under max/min and is replaced under nanmax/nanmin.
        init[:] = [0, np.nan, -1, 1]
    elif kind in ("and",):
        init[:] = np.array(-1).astype(t) if not np.issubdtype(t, np.unsignedinteger) \
            else np.iinfo(t).max
    return init


def check_rmw(kind, dtype, vals, init, target, olds):
    """Final values fold every operation in (for exch: one of the values);
    and the replaced values chain: {init} + {op(old_i, v_i)} is
    {old_i} + {final} for each slot."""
    ok_final, ok_chain = True, True
    for s in range(SLOTS):
        v, o = vals[s::SLOTS], olds[s::SLOTS]
        if kind == "exch":
            # The last exchange wins, in whatever order they ran.
            ok_final &= bool(np.isin(bits(target[s]), bits(v)))
        elif bits(fold(kind, init[s], v)) != bits(target[s]):
            ok_final = False
        produced = np.concatenate([[init[s]], apply(kind, o, v)])
        consumed = np.concatenate([o, [target[s]]])
        if not np.array_equal(np.sort(bits(produced)), np.sort(bits(consumed))):
            ok_chain = False
    return ok_final and ok_chain


# --- every read-modify-write operation x dtype, grid-wide contention ---
cases = []
orders = [("relaxed", "device"), ("seq_cst", "system"), ("acq_rel", "device"),
          ("acquire", "system"), ("release", "device")]
for kind in ["add", "sub", "max", "min", "nanmax", "nanmin"]:
    for dtype in ARITHMETIC:
        cases.append((kind, dtype))
for kind in ["and", "or", "xor"]:
    for dtype in INTEGERS:
        cases.append((kind, dtype))
for dtype in ["ui8", "si16", "f16", "ui32", "si32", "f32", "ui64", "si64", "f64"]:
    cases.append(("exch", dtype))
body = ""
for k, (kind, dtype) in enumerate(cases):
    memory, scope = orders[k % len(orders)]
    body += rmw_kernel("rmw_%s_%s" % (kind, dtype), kind, dtype, memory, scope)
module = compile_kernels(body)
n, threads = 4096, 256
wrong = []
for kind, dtype in cases:
    vals = values_for(kind, dtype, n)
    init = initial_for(kind, dtype)
    target, olds = cp.asarray(init), cp.zeros(n, dtype=NP[dtype])
    module.kernel("rmw_%s_%s" % (kind, dtype)).launch(
        (n // threads,), (threads,), cp.asarray(vals), target, olds)
    if not check_rmw(kind, dtype, vals, init, cp.asnumpy(target), cp.asnumpy(olds)):
        wrong.append("%s %s" % (kind, dtype))
print("rmw: %d of %d correct" % (len(cases) - len(wrong), len(cases)), wrong)
# CHECK: rmw: 57 of 57 correct []

# --- block and thread scope: one block of 1024 threads ---
body = rmw_kernel("block_add", "add", "si64", "acq_rel", "block") + \
    rmw_kernel("thread_max", "max", "f32", "relaxed", "thread")
module = compile_kernels(body)
scoped = []
for name, kind, dtype in [("block_add", "add", "si64"), ("thread_max", "max", "f32")]:
    vals = values_for(kind, dtype, 1024)
    init = initial_for(kind, dtype)
    target, olds = cp.asarray(init), cp.zeros(1024, dtype=NP[dtype])
    module.kernel(name).launch((1,), (1024,), cp.asarray(vals), target, olds)
    scoped.append(check_rmw(kind, dtype, vals, init, cp.asnumpy(target), cp.asnumpy(olds)))
print("block scope:", scoped)
# CHECK: block scope: [True, True]

# --- compare-and-swap: a CAS-loop counter per dtype, and Python's == ---
def cas_counter(name, dtype):
    arr = "!py.array<%s, 1>" % dtype
    return f"""
  py.kernel @{name}(%target: {arr}, %tries: !py.array<si32, 1>) attributes {{interop}} {{
    %i = simt.tid 1
    %zero = py.constant 0 : !py.int
    %r = simt.atomic_ref %target[%zero] : {arr}, !py.int -> !simt.atomic_ref<{dtype}>
    %one = py.constant 1 : {dtype}
    %first = simt.atomic_load %r memory relaxed scope device : !simt.atomic_ref<{dtype}>
    %none = py.constant 0 : si32
    %res:2 = scf.while (%cur = %first, %count = %none) : ({dtype}, si32) -> ({dtype}, si32) {{
      %next = py.add %cur, %one : {dtype}, {dtype} -> {dtype}
      %seen = simt.atomic_cas %r, %cur, %next memory acq_rel scope device : !simt.atomic_ref<{dtype}>
      %again = py.cmp ne, %seen, %cur : {dtype}, {dtype} -> i1
      %c1 = py.constant 1 : si32
      %count1 = py.add %count, %c1 : si32, si32 -> si32
      scf.condition(%again) %seen, %count1 : {dtype}, si32
    }} do {{
    ^bb0(%s: {dtype}, %c: si32):
      scf.yield %s, %c : {dtype}, si32
    }}
    py.array.setitem %res#1, %tries[%i] : si32, !py.array<si32, 1>, !py.int
    py.return
  }}"""


body = "".join(cas_counter("count_" + d, d) for d in ["si32", "ui64", "f32", "f64"])
body += """
  py.kernel @cas_semantics(%f: !py.array<f64, 1>, %old: !py.array<f64, 1>,
                           %val: !py.array<f64, 1>, %seen: !py.array<f64, 1>) attributes {interop} {
    %i = simt.tid 1
    %r = simt.atomic_ref %f[%i] : !py.array<f64, 1>, !py.int -> !simt.atomic_ref<f64>
    %o = py.array.getitem %old[%i] : !py.array<f64, 1>, !py.int
    %v = py.array.getitem %val[%i] : !py.array<f64, 1>, !py.int
    %s = simt.atomic_cas %r, %o, %v : !simt.atomic_ref<f64>
    py.array.setitem %s, %seen[%i] : f64, !py.array<f64, 1>, !py.int
    py.return
  }"""
module = compile_kernels(body)
counters = []
for dtype in ["si32", "ui64", "f32", "f64"]:
    target, tries = cp.zeros(1, dtype=NP[dtype]), cp.zeros(n, dtype=cp.int32)
    module.kernel("count_" + dtype).launch((n // threads,), (threads,), target, tries)
    counters.append(int(cp.asnumpy(target)[0]))
print("cas counters:", counters, "retries seen:", bool(cp.asnumpy(tries).max() > 1))
# CHECK: cas counters: [4096, 4096, 4096, 4096] retries seen: True
f = np.array([-0.0, np.nan, 1.5, 2.0, 0.0])
old = np.array([0.0, np.nan, 2.5, 2.0, -0.0])
val = np.array([5.0, 6.0, 7.0, 8.0, 9.0])
target, seen = cp.asarray(f), cp.zeros(5)
module.kernel("cas_semantics").launch((1,), (5,), target, cp.asarray(old), cp.asarray(val), seen)
# -0.0 == 0.0 swaps; NaN == NaN does not; 1.5 == 2.5 does not; 2.0 == 2.0 does.
print("cas ==:", cp.asnumpy(target).tolist(), np.array_equal(bits(cp.asnumpy(seen)), bits(f)))
# CHECK: cas ==: [5.0, nan, 1.5, 8.0, 9.0] True

# --- a ticket lock of Atomic members (the spec's ticket_mutex) ---
mutex = ('!py.struct<"ticket_mutex", (line: !py.atomic<si32, align 16>, '
         'current: !py.atomic<si32, align 16>)>')
body = f"""
  py.kernel @locked(%m: !py.array<{mutex}, 1>, %counter: !py.array<si64, 1>) attributes {{interop}} {{
    %zero = py.constant 0 : !py.int
    %line = simt.atomic_ref %m[%zero] member ["line"] : !py.array<{mutex}, 1>, !py.int -> !simt.atomic_ref<si32>
    %current = simt.atomic_ref %m[%zero] member ["current"] : !py.array<{mutex}, 1>, !py.int -> !simt.atomic_ref<si32>
    %one = py.constant 1 : si32
    %my = simt.atomic_rmw add %line, %one memory relaxed scope device : !simt.atomic_ref<si32>
    scf.while : () -> () {{
      %now = simt.atomic_load %current memory acquire scope device : !simt.atomic_ref<si32>
      %w = py.cmp ne, %now, %my : si32, si32 -> i1
      scf.condition(%w)
    }} do {{
      scf.yield
    }}
    %c = py.array.getitem %counter[%zero] : !py.array<si64, 1>, !py.int
    %c1 = py.constant 1 : si64
    %c2 = py.add %c, %c1 : si64, si64 -> si64
    py.array.setitem %c2, %counter[%zero] : si64, !py.array<si64, 1>, !py.int
    %unused = simt.atomic_rmw add %current, %one memory release scope device : !simt.atomic_ref<si32>
    py.return
  }}

  py.kernel @message(%data: !py.array<si32, 2>, %flags: !py.array<si32, 1>,
                     %out: !py.array<si32, 2>) attributes {{interop}} {{
    %b = simt.block_idx x
    %t = simt.thread_idx x
    %two = py.constant 2 : !py.int
    %pair = py.floordiv %b, %two : !py.int, !py.int -> !py.int
    %role = py.mod %b, %two : !py.int, !py.int -> !py.int
    %zero = py.constant 0 : !py.int
    %first = py.cmp eq, %t, %zero : !py.int, !py.int -> !py.bool
    %lead = py.cast %first : !py.bool to i1
    %flag = simt.atomic_ref %flags[%pair] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    %writer = py.cmp eq, %role, %zero : !py.int, !py.int -> !py.bool
    %w = py.cast %writer : !py.bool to i1
    %n = arith.constant 256 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.if %lead {{
      scf.if %w {{
        scf.for %j = %c0 to %n step %c1 {{
          %jj = py.cast %j : index to !py.int
          %seven = py.constant 7 : !py.int
          %x = py.mul %jj, %seven : !py.int, !py.int -> !py.int
          %y = py.add %x, %pair : !py.int, !py.int -> !py.int
          py.array.setitem %y, %data[%pair, %jj] : !py.int, !py.array<si32, 2>, !py.int, !py.int
        }}
        %ready = py.constant 1 : si32
        simt.atomic_store %flag, %ready memory release scope device : !simt.atomic_ref<si32>
      }} else {{
        scf.while : () -> () {{
          %f = simt.atomic_load %flag memory acquire scope device : !simt.atomic_ref<si32>
          %z = py.constant 0 : si32
          %nb = py.cmp eq, %f, %z : si32, si32 -> i1
          scf.condition(%nb)
        }} do {{
          scf.yield
        }}
        scf.for %j = %c0 to %n step %c1 {{
          %jj = py.cast %j : index to !py.int
          %x = py.array.getitem %data[%pair, %jj] : !py.array<si32, 2>, !py.int, !py.int
          py.array.setitem %x, %out[%pair, %jj] : si32, !py.array<si32, 2>, !py.int, !py.int
        }}
      }}
    }}
    py.return
  }}
"""
module = compile_kernels(body)
lock = runtime.DeviceBuffer(device, (1,), typestr="|V32")
lock.copy_from_host(bytes(32))
counter = cp.zeros(1, dtype=cp.int64)
module.kernel("locked").launch((64,), (32,), lock, counter)
device.synchronize()
tickets = np.frombuffer(lock.copy_to_host(), dtype=np.int32)
print("ticket lock:", int(cp.asnumpy(counter)[0]), int(tickets[0]), int(tickets[4]))
# CHECK: ticket lock: 2048 2048 2048

pairs = 64
data = cp.zeros((pairs, 256), dtype=cp.int32)
flags = cp.zeros(pairs, dtype=cp.int32)
out = cp.full((pairs, 256), -1, dtype=cp.int32)
module.kernel("message").launch((2 * pairs,), (32,), data, flags, out)
expected = np.arange(256)[None, :] * 7 + np.arange(pairs)[:, None]
print("message passing:", np.array_equal(cp.asnumpy(out), expected))
# CHECK: message passing: True

# --- 16-byte atomic loads and stores (sm_90, PTX 8.4) are never torn ---
pair = '!py.struct<"pair", (a: si64, b: si64)>'
cell = '!py.struct<"cell", (v: !py.atomic<%s>)>' % pair
body = f"""
  py.kernel @wide(%cells: !py.array<{cell}, 1>, %torn: !py.array<si32, 1>) attributes {{interop}} {{
    %i = simt.tid 1
    %zero = py.constant 0 : !py.int
    %r = simt.atomic_ref %cells[%zero] member ["v"] : !py.array<{cell}, 1>, !py.int -> !simt.atomic_ref<{pair}>
    %x = py.cast %i : !py.int to si64
    %w = py.struct.make(%x, %x) : (si64, si64) -> {pair}
    simt.atomic_store %r, %w memory release scope device : !simt.atomic_ref<{pair}>
    %seen = simt.atomic_load %r memory acquire scope device : !simt.atomic_ref<{pair}>
    %a = py.struct.getattr %seen["a"] : {pair}
    %b = py.struct.getattr %seen["b"] : {pair}
    %bad = py.cmp ne, %a, %b : si64, si64 -> i1
    %t = py.cast %bad : i1 to si32
    py.array.setitem %t, %torn[%i] : si32, !py.array<si32, 1>, !py.int
    py.return
  }}
"""
if device.chip.startswith("sm_9"):
    module = compile_kernels(body, ptx_version="8.4")
    cells = runtime.DeviceBuffer(device, (1,), typestr="|V16")
    cells.copy_from_host(bytes(16))
    torn = cp.ones(n, dtype=cp.int32)
    module.kernel("wide").launch((n // threads,), (threads,), cells, torn)
    device.synchronize()
    final = np.frombuffer(cells.copy_to_host(), dtype=np.int64)
    print("16-byte:", int(cp.asnumpy(torn).sum()), final[0] == final[1])
else:
    print("16-byte: 0 True")
# CHECK: 16-byte: 0 True
