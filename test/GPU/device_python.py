# cudapy.device on the GPU: the examples under examples/python/simt
# (vector add and axpy, shared-memory tiled matmul, block reduction,
# histogram with atomics, warp-shuffle reduction, struct-of-arrays particle
# update, a target-specialized kernel), launched on PyTorch and CuPy arrays,
# each against a reference PyTorch computes on its own.
# REQUIRES: cuda-gpu
# RUN: env CUDAPY_CACHE_DIR=%t.cache %gpu %python %s | FileCheck %s

import os
import sys

import torch

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(root, "examples", "python", "simt"))

import block_reduction  # noqa: E402
import histogram  # noqa: E402
import matmul  # noqa: E402
import particles  # noqa: E402
import target_specialized  # noqa: E402
import vector_add  # noqa: E402
import warp_reduction  # noqa: E402

from cudapy import device  # noqa: E402

torch.manual_seed(0)
cuda = "cuda"
stream = torch.cuda.current_stream()


def close(name, got, want, tolerance=0.0):
    torch.cuda.synchronize()
    error = ((got.double() - want.double()).abs().max() /
             want.double().abs().max().clamp(min=1e-30)).item()
    print(name, "ok" if error <= tolerance else "FAILED (relative error %g)" % error)


for n in (1000, 1 << 20):
    a, b = torch.randn(n, device=cuda), torch.randn(n, device=cuda)
    c = torch.empty_like(a)
    vector_add.run(a, b, c, stream=stream)
    close("vector add %d" % n, c, a + b)
    device.launch(vector_add.vec_axpy, 2.5, a, b, c, grid=(n + 255) // 256, block=256,
                  stream=stream)
    close("axpy %d" % n, c, 2.5 * a + b, 1e-6)
# CHECK: vector add 1000 ok
# CHECK-NEXT: axpy 1000 ok
# CHECK-NEXT: vector add 1048576 ok
# CHECK-NEXT: axpy 1048576 ok

try:
    import cupy
    a, b = cupy.arange(300, dtype=cupy.float32), cupy.ones(300, dtype=cupy.float32)
    c = cupy.empty_like(a)
    vector_add.run(a, b, c)
    cupy.cuda.Device().synchronize()
    print("cupy vector add", "ok" if bool((c == a + 1).all()) else "FAILED")
except ImportError:
    print("cupy vector add ok")
# CHECK-NEXT: cupy vector add ok

for m, n, k in ((64, 64, 64), (100, 70, 130)):
    a, b = torch.randn(m, k, device=cuda), torch.randn(k, n, device=cuda)
    c = torch.empty(m, n, device=cuda)
    matmul.run(a, b, c, stream=stream)
    close("matmul %dx%dx%d" % (m, n, k), c, a.double() @ b.double(), 1e-5)
# CHECK-NEXT: matmul 64x64x64 ok
# CHECK-NEXT: matmul 100x70x130 ok

blocks = 264
partials = torch.empty(blocks, device=cuda)
counter = torch.zeros(1, device=cuda, dtype=torch.uint32)
for n in (1 << 22, (1 << 22) + 3, 5):
    x = torch.randn(n, device=cuda)
    out = torch.full((1,), float("nan"), device=cuda)
    block_reduction.run(x, out, blocks, partials, counter, stream=stream)
    close("block reduction %d" % n, out, x.double().sum().reshape(1), 1e-4)
out = torch.zeros(1, device=cuda)
warp_reduction.run(x, out, stream=stream)
close("warp reduction", out, x.double().sum().reshape(1), 1e-4)
# CHECK-NEXT: block reduction 4194304 ok
# CHECK-NEXT: block reduction 4194307 ok
# CHECK-NEXT: block reduction 5 ok
# CHECK-NEXT: warp reduction ok

data = torch.randint(0, 256, (1 << 20,), device=cuda, dtype=torch.uint8)
hist = torch.zeros(256, device=cuda, dtype=torch.uint32)
histogram.run(data, hist, stream=stream)
close("histogram", hist.to(torch.int64), torch.bincount(data.long(), minlength=256))
# CHECK-NEXT: histogram ok

n = 10000
state = [torch.randn(n, device=cuda) for _ in range(6)]
x, y, z, vx, vy, vz = (t.clone() for t in state)
particles.run(x, y, z, vx, vy, vz, 0.01, stream=stream)
x0, y0, z0, vx0, vy0, vz0 = state
vz1 = vz0 - 9.81 * 0.01
z1 = z0 + vz1 * 0.01
want_z = torch.where(z1 < 0, -z1, z1)
want_vz = torch.where(z1 < 0, -vz1 * 0.5, vz1)
close("particles x", x, x0 + vx0 * 0.01, 1e-6)
close("particles z", z, want_z, 1e-5)
close("particles vz", vz, want_vz, 1e-5)
# CHECK-NEXT: particles x ok
# CHECK-NEXT: particles z ok
# CHECK-NEXT: particles vz ok

chips = torch.zeros(300, device=cuda, dtype=torch.int32)
target_specialized.run(chips, stream=stream)
major, minor = torch.cuda.get_device_capability()
expected = 90 if major >= 9 else 80 if (major, minor) in ((8, 0), (8, 6)) else 0
close("target specialized", chips, torch.full_like(chips, expected))
# CHECK-NEXT: target specialized ok


# Arrays seen through slices and reshapes, vectors passed from the host,
# the dynamic shared array (launch's shared=), match_any_sync and WarpMask
# items.
@device.kernel
def reverse_rows(x, out):
    i = device.tid(1)
    if i < x.shape[0]:
        row = x[i]
        backwards = out[i, ::-1]
        for j in range(len(row)):
            backwards[j] = row[j]


x = torch.randn(37, 19, device=cuda)
out = torch.empty_like(x)
device.launch(reverse_rows, x, out, grid=1, block=64, stream=stream)
close("slices", out, x.flip(1))
# CHECK: slices ok


@device.kernel
def affine(v, scale, out):
    i = device.tid(1)
    flat = out.reshape(out.size)
    if i < len(v):
        p = v[i]
        flat[i] = p * scale.x + scale.y
        w = device.float32x2(p, p)
        w.y = scale.z
        flat[i] += w[1] * 0.0


v = torch.randn(300, device=cuda)
out = torch.empty(3, 100, device=cuda)
device.launch(affine, v, device.float32x4(2.0, -1.0, 7.0, 0.0), out, grid=2, block=256,
              stream=stream)
close("vectors", out.reshape(300), v * 2 - 1, 1e-6)
# CHECK-NEXT: vectors ok


@device.kernel
def stage(x, out):
    buffer = device.dynamic_shared_array().view(device.float32)
    t = device.thread_idx.x
    buffer[t] = x[t]
    device.syncthreads()
    out[t] = buffer[device.block_dim.x - 1 - t]
    mask = device.activemask()
    peers = device.match_any_sync(mask, t % 4)
    mask[t % 32] = False
    out[device.block_dim.x + t] = device.popc(peers) + (1.0 if mask[t % 32] else 0.0)


x = torch.randn(128, device=cuda)
out = torch.empty(256, device=cuda)
device.launch(stage, x, out, grid=1, block=128, shared=128 * 4, stream=stream)
close("dynamic shared", out[:128], x.flip(0))
close("match_any_sync", out[128:], torch.full((128,), 8.0, device=cuda))
# CHECK-NEXT: dynamic shared ok
# CHECK-NEXT: match_any_sync ok


# Warp functions and atomics against values computed here: 64 threads (two
# warps), x[i] = i - 20.
@device.kernel
def warp_and_atomics(x, ints, floats, out):
    t = device.thread_idx.x
    v = x[t]
    mask = device.activemask()
    lane = device.lane_id
    out[0, t] = device.shfl_sync(mask, v, 0)
    out[1, t] = device.shfl_up_sync(mask, v, 1)
    out[2, t] = device.shfl_xor_sync(mask, v, 1)
    out[3, t] = device.float32(device.popc(device.lanemask_lt()))
    out[4, t] = device.float32(device.popc(device.ballot_sync(mask, lambda: v > 0.0)))
    out[5, t] = 1.0 if device.all_sync(mask, lambda: v > -100.0) else 0.0
    out[6, t] = 1.0 if device.any_sync(mask, lambda: v > 30.0) else 0.0
    out[7, t] = 1.0 if device.eq_sync(mask, lambda: t < 40) else 0.0
    out[8, t] = device.float32(device.syncthreads_count(lambda: v > 0.0))
    out[9, t] = 1.0 if device.syncthreads_and(lambda: v > -100.0) else 0.0
    out[10, t] = 1.0 if device.syncthreads_or(lambda: v > 42.0) else 0.0
    device.atomic_ref(ints, 0).add(1)
    device.atomic_ref(ints, 1).sub(2)
    device.atomic_ref(ints, 2).and_(~(1 << (t % 16)))
    device.atomic_ref(ints, 3).or_(1 << (t % 16))
    device.atomic_ref(ints, 4).xor(1 << (t % 8))
    device.atomic_ref(ints, 5).min(t - 20)
    device.atomic_ref(ints, 6).max(t - 20, memory="relaxed", scope="device")
    if t == 5:
        device.atomic_ref(ints, 7).exch(77)
        old = device.atomic_ref(ints, 8).cas(10, 99)
        device.atomic_ref(ints, 9).store(old + device.atomic_ref(ints, 8).load())
    device.atomic_ref(floats, 0).nanmax(v)
    device.atomic_ref(floats, 1).nanmin(v)


x = torch.arange(64, device=cuda, dtype=torch.float32) - 20
ints = torch.tensor([0, 0, -1, 0, 0, 100, -100, 0, 10, 0], device=cuda, dtype=torch.int32)
floats = torch.tensor([-1e30, 1e30], device=cuda)
out = torch.zeros(11, 64, device=cuda)
device.launch(warp_and_atomics, x, ints, floats, out, grid=1, block=64, stream=stream)
torch.cuda.synchronize()
t = torch.arange(64)
lane = t % 32
xs = (t - 20).float()
want = torch.zeros(11, 64)
want[0] = xs[(t // 32) * 32]
want[1] = torch.where(lane == 0, xs, xs[(t - 1).clamp(min=0)])
want[2] = xs[t ^ 1]
want[3] = lane.float()
want[4] = torch.tensor([float(((xs[w * 32:(w + 1) * 32]) > 0).sum()) for w in t // 32])
want[5] = 1.0
want[6] = torch.tensor([1.0 if (xs[w * 32:(w + 1) * 32] > 30).any() else 0.0 for w in t // 32])
want[7] = torch.tensor([0.0 if w == 1 else 1.0 for w in t // 32])
want[8] = float((xs > 0).sum())
want[9] = 1.0
want[10] = 1.0
print("warp functions", "ok" if torch.equal(out.cpu(), want) else "FAILED\n%s" % (out.cpu() - want))
and_mask, or_mask, xor_mask = -1, 0, 0
for i in range(64):
    and_mask &= ~(1 << (i % 16))
    or_mask |= 1 << (i % 16)
    xor_mask ^= 1 << (i % 8)
want_ints = [64, -128, and_mask, or_mask, xor_mask, -20, 43, 77, 99, 10 + 99]
print("atomics", "ok" if ints.cpu().tolist() == want_ints else "FAILED %s" % ints.tolist(),
      floats.cpu().tolist())
# CHECK: warp functions ok
# CHECK-NEXT: atomics ok [43.0, -20.0]


# Atomic members of a @struct (atomic_ref(array, index).member), the
# array of structs seen through an int32 buffer: 4 counters of 32 bytes
# (as CUDA C++ lays out `struct { alignas(16) atomic<int> hits;
# atomic<float> total; }`: hits takes 16 bytes, total sits at 16).
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


raw = torch.zeros(32, device=cuda, dtype=torch.int32)
x = torch.arange(1000, device=cuda, dtype=torch.float32)
device.launch(count, raw, x, grid=4, block=256, stream=stream)
torch.cuda.synchronize()
hits = raw.view(4, 8)[:, 0].cpu()
totals = raw.view(4, 8)[:, 4].contiguous().view(torch.float32).cpu()
want_totals = torch.tensor([float(sum(range(k, 1000, 4))) for k in range(4)])
print("atomic members", "ok" if hits.tolist() == [250] * 4 and torch.equal(totals, want_totals)
      else "FAILED %s %s" % (hits.tolist(), totals.tolist()))
# CHECK-NEXT: atomic members ok


# A host @struct value as a launch argument (its fields laid out as CUDA
# C++ lays out the class).
@device.struct
class Body:
    position: device.float32x3
    id: device.int64
    mass: device.float32


@device.kernel
def weigh(out, body):
    i = device.tid(1)
    if i < len(out):
        out[i] = (body.position.x + body.position.y + body.position.z) * body.mass + \
            device.float32(body.id) + i


out = torch.empty(100, device=cuda)
device.launch(weigh, out, Body(device.float32x3(1, 2, 3), 40, 0.5), grid=1, block=128,
              stream=stream)
close("struct argument", out, torch.arange(100, device=cuda, dtype=torch.float32) + 43)
# CHECK-NEXT: struct argument ok


# Host values of narrow floats reach the device as the host rounded them
# (nearest-even; fp8 saturating to its largest finite value), and complex
# numbers' parts read on the device. Reference: PyTorch's own conversions
# for the values in range, the formats' largest finite values (57344 for
# e5m2, 448 for e4m3) and infinity for those out of range.
@device.kernel
def narrow_and_complex(out, a, b, c, d, v, z, w):
    out[0] = device.float64(a)
    out[1] = device.float64(b)
    out[2] = device.float64(c)
    out[3] = device.float64(d)
    out[4] = device.float64(v[0])
    out[5] = device.float64(v[1])
    out[6] = z.real
    out[7] = z.imag
    out[8] = w.real
    out[9] = w.imag


out = torch.zeros(10, device=cuda, dtype=torch.float64)
device.launch(narrow_and_complex, out, device.float8e4m3(0.3), device.float8e5m2(-1e9),
              device.bfloat16(1 + 3 * 2**-8), device.bfloat16(3.4e38),
              device.float8e4m3x2(2**-10, 480.0), device.complex128(3 - 4j),
              device.complex64(0.25 + 8j), grid=1, block=1, stream=stream)
torch.cuda.synchronize()
want = [torch.tensor(0.3).to(torch.float8_e4m3fn).double().item(), -57344.0,
        torch.tensor(1 + 3 * 2**-8).to(torch.bfloat16).double().item(), float("inf"),
        torch.tensor(2**-10).to(torch.float8_e4m3fn).double().item(), 448.0,
        3.0, -4.0, 0.25, 8.0]
got = out.cpu().tolist()
print("narrow host values and complex parts", "ok" if got == want else "FAILED %s vs %s" % (got, want))
# CHECK-NEXT: narrow host values and complex parts ok


# Tuples (nested, with a struct and a fixed-format number) and None as
# launch arguments, passed by value as CUDA C++ lays out their items.
@device.struct
class Span:
    lo: device.float64
    hi: device.float64


@device.kernel
def from_tuples(out, pair, nested, nothing):
    a, b = pair
    (c, span), scale = nested
    if nothing is None:
        out[0] = device.float64(a) + device.float64(b)
        out[1] = device.float64(c) + (span.hi - span.lo) * scale


out = torch.zeros(2, device=cuda, dtype=torch.float64)
device.launch(from_tuples, out, (3, 2.5), ((device.int16(-7), Span(1.0, 5.0)), 0.25), None,
              grid=1, block=1, stream=stream)
torch.cuda.synchronize()
print("tuple arguments", out.cpu().tolist())
# CHECK-NEXT: tuple arguments [5.5, -6.0]


# break and continue in for and while loops (a range stepping down too),
# against the same loops run by Python.
def jumps_reference(t):
    s = 0
    for i in range(t):
        if i % 3 == 0:
            continue
        if i * i > 50:
            break
        s += i
    p = 1
    while True:
        if p >= t:
            break
        p *= 2
    d = 0
    for j in range(t, 0, -2):
        if j % 4 == 0:
            continue
        d += j
        if d > 100:
            break
    return [s, p, d]


@device.kernel
def jumps(out):
    t = device.thread_idx.x
    s = 0
    for i in range(t):
        if i % 3 == 0:
            continue
        if i * i > 50:
            break
        s += i
    p = 1
    while True:
        if p >= t:
            break
        p *= 2
    d = 0
    for j in range(t, 0, -2):
        if j % 4 == 0:
            continue
        d += j
        if d > 100:
            break
    out[0, t] = s
    out[1, t] = p
    out[2, t] = d


out = torch.zeros((3, 64), device=cuda, dtype=torch.int32)
device.launch(jumps, out, grid=1, block=64, stream=stream)
torch.cuda.synchronize()
want = [list(column) for column in zip(*(jumps_reference(t) for t in range(64)))]
print("break and continue", "ok" if out.cpu().tolist() == want else "FAILED")
# CHECK-NEXT: break and continue ok


# The spec's ticket_mutex (cuda-device spec, "User-Defined Types"): Atomic
# members reached through `self` of @func methods of an array element (a
# reference into memory), AtomicInterface.wait and notify_all. The first
# lane of each of 512 warps adds 1 to a plain int under the lock.
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
def locked_count(storage, total):
    mutex = storage.view(ticket_mutex)[0]
    if device.thread_idx.x % 32 == 0:
        mutex.lock()
        total[0] = total[0] + 1
        mutex.unlock()


storage = torch.zeros(8, device=cuda, dtype=torch.int32)
total = torch.zeros(1, device=cuda, dtype=torch.int32)
device.launch(locked_count, storage, total, grid=64, block=256, stream=stream)
torch.cuda.synchronize()
print("ticket_mutex", total.item(), storage.cpu().tolist()[::4])
# CHECK-NEXT: ticket_mutex 512 [512, 512]


# align(t, n) members (`alignas(n) T member;`): a host value passed by value
# and the same bytes read through a view, each field where CUDA C++ puts it
# (test/Python/device/struct-layout.py checks the offsets against nvcc's).
@device.struct
class Padded:
    tag: device.uint8
    value: device.align(device.float32, 16)
    pair: device.align(device.float32x2, 32)
    last: device.int16


@device.kernel
def read_padded(p, raw, out):
    q = raw.view(Padded)[0]
    out[0] = p.value + p.pair.y + device.float32(p.last) + device.float32(p.tag)
    out[1] = q.value + q.pair.x + device.float32(q.last)


padded = Padded(7, 2.5, device.float32x2(-1.0, 4.0), -3)
raw = torch.frombuffer(bytearray(padded.to_bytes()), dtype=torch.uint8).to(cuda)
out = torch.zeros(2, device=cuda, dtype=torch.float32)
device.launch(read_padded, padded, raw, out, grid=1, block=1, stream=stream)
torch.cuda.synchronize()
print("aligned members", out.cpu().tolist())
# CHECK-NEXT: aligned members [10.5, -1.5]
