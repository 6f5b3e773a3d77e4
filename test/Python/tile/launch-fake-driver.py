# ct.launch against the CPU stand-in for libcuda.so.1: the launch path that
# reads each argument once for its specialization key and fills and
# launches in one cudapyLaunchRecords call. Checks the parameters the
# driver received, one specialization per key (alignment, extents divisible
# by 16 or by a 16-byte vector's elements), the errors of a bad grid (ValueError) or argument (TileTypeError,
# or TypeError where the runtime refuses the array: one that breaks an
# assume_divisible_by fact); a list of arrays: its records in the
# driver's memory, one specialization for the facts all its arrays share.
# (test/GPU runs the kernels for real.)
# RUN: rm -rf %t && env LD_LIBRARY_PATH=%fake_cuda_dir CUDAPY_CACHE_DIR=%t %python %s | FileCheck %s

import ctypes
import struct

import cudapy.tile as ct
from cudapy import runtime


@ct.kernel
def affine(x, y, alpha, shift, width: ct.Constant[int]):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(1, width))
    ct.store(y, index=(row, 0), tile=t * alpha + shift)


class Strided:
    """A __cuda_array_interface__ array over another's memory (a CuPy-like
    view with byte strides)."""

    def __init__(self, base, shape, strides, offset=0):
        self.__cuda_array_interface__ = {
            "shape": shape, "strides": strides, "typestr": "<f4",
            "data": (base.__cuda_array_interface__["data"][0] + offset, False),
            "version": 3}


fake = ctypes.CDLL("libcuda.so.1")


def last_launch(kernel):
    """The grid, block and each parameter's value the driver was given."""
    grid, block = (ctypes.c_uint * 3)(), (ctypes.c_uint * 3)()
    shared, params = ctypes.c_uint(), ctypes.POINTER(ctypes.c_void_p)()
    count = fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
    values = []
    for i, (kind, size, _type) in enumerate(kernel.params):
        raw = ctypes.string_at(params[i], size)
        if kind == "float":
            values.append(struct.unpack("f" if size == 4 else "d", raw)[0])
        else:
            values.append(int.from_bytes(raw, "little", signed=True))
    return count, tuple(grid), tuple(block), values


def compiled():
    return [c.kernel for c in dict.fromkeys(affine._by_launch_key.values())]


def compiled_of(kernel):
    """The kernels compiled through the general launch path."""
    return [c.kernel for c in kernel._cache.values()]


device = runtime.Device(0)
memory = device.empty((64 * 64,))
x = Strided(memory, (48, 64), (256, 4))
y = Strided(memory, (48, 64), None)

ct.launch(0, (48,), affine, (x, y, 0.5, 3, 64))
kernel = compiled()[0]
count, grid, block, values = last_launch(kernel)
base = memory.__cuda_array_interface__["data"][0]
print(grid, block, [v - base if v > 1 << 20 else v for v in values])
# x and y: base, 48 rows, 64 columns, row stride 64 elements; then 0.5 and 3
# CHECK: (48, 1, 1) (32, 1, 1) [0, 48, 64, 64, 0, 48, 64, 64, 0.5, 3]

# The same key again: no new specialization, the new values are passed.
ct.launch(0, (7, 1), affine, (x, y, -1.25, -2**31, 64))
print(len(compiled()), last_launch(kernel)[3][-2:], last_launch(kernel)[1])
# CHECK-NEXT: 1 [-1.25, -2147483648] (7, 1, 1)

# A base 4 bytes off 16-byte alignment, 40 rows (not a multiple of 16) and
# an int64 number are other keys, hence other kernels.
ct.launch(0, (40,), affine, (Strided(memory, (40, 64), (256, 4), 4), y, 1.0, 0, 64))
ct.launch(0, (40,), affine, (Strided(memory, (40, 64), (256, 4)), y, 1.0, 0, 64))
ct.launch(0, (40,), affine, (Strided(memory, (40, 64), (256, 4)), y, 1.0, 2**40, 64))
print(len(compiled()))
# CHECK-NEXT: 4

# Extents are specialized on being multiples of 16 (48 rows), of a 16-byte
# vector's elements (4 float32s: 40 rows), or neither (42 rows); x's facts
# say which (the tile blocks at a row's edge then move whole vectors).
import re  # noqa: E402
ct.launch(0, (42,), affine, (Strided(memory, (42, 64), (256, 4)), y, 1.0, 0, 64))
print(len(compiled()), [re.search(r"tile.divisibility = array<i64: ([0-9, ]*)>", c.ir_text).group(1)
                        for c in dict.fromkeys(affine._by_launch_key.values())
                        if "2147483648" not in c.ir_text][:5])
# CHECK-NEXT: 5 ['16, 16', '4, 16', '4, 16', '4, 16', '1, 16']

for grid in ((0,), (1, 2, 3, 4), (2.0,), "4"):
    try:
        ct.launch(0, grid, affine, (x, y, 0.5, 3, 64))
    except ValueError as error:
        print("ValueError:", error)
# CHECK-NEXT: ValueError: grid must be 1 to 3 positive integers, not (0,)
# CHECK-NEXT: ValueError: grid must be 1 to 3 positive integers, not (1, 2, 3, 4)
# CHECK-NEXT: ValueError: grid must be 1 to 3 positive integers, not (2.0,)
# CHECK-NEXT: ValueError: grid must be 1 to 3 positive integers, not ('4',)

class Extent:
    """An integral type other than int (NumPy's integers, say)."""

    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n


ct.launch(0, (Extent(5), Extent(2)), affine, (x, y, 0.5, 3, 64))
print(last_launch(kernel)[1])
# CHECK-NEXT: (5, 2, 1)

for args in ((x, y, 0.5, 64), (x, 1.0, 0.5, 3, 64), (x, y, 0.5, 3, 32)):
    try:
        ct.launch(0, (1,), affine, args)
        print("launched with width", args[-1], "kernels:", len(compiled()))
    except (ct.TileError, TypeError) as error:
        print(type(error).__name__ + ":", str(error).splitlines()[0])
# CHECK-NEXT: TileTypeError: affine takes 5 arguments, 4 given
# CHECK-NEXT: TileTypeError: {{.*}}launch-fake-driver.py:{{[0-9]+}}:5: array must be an array argument, not a float32 scalar
# CHECK-NEXT: launched with width 32 kernels: 6


# assume_divisible_by on an array's extent is a fact of the argument, which
# the runtime checks at each launch: 64 columns pass, 48 do not.
@ct.kernel
def copy_rows(x, y):
    ct.assume_divisible_by(x.shape[1], 64)
    row = ct.bid(0)
    ct.store(y, index=(row, 0), tile=ct.load(x, index=(row, 0), shape=(1, 64)))


ct.launch(0, (4,), copy_rows, (Strided(memory, (4, 64), None), Strided(memory, (4, 64), None)))
print("64 columns launched")
# CHECK-NEXT: 64 columns launched
try:
    ct.launch(0, (4,), copy_rows, (Strided(memory, (4, 48), None),
                                    Strided(memory, (4, 64), None)))
except TypeError as error:
    print("TypeError:", error)
# CHECK-NEXT: TypeError: argument 0 of kernel 'copy_rows' is !tile.array<?x?xf32, strides [?, 1]>; the kernel assumes extent 1 a multiple of 64, the array's is 48
# With a grid of another integral type, the launch's own error still shows.
try:
    ct.launch(0, (Extent(4),), copy_rows, (Strided(memory, (4, 48), None),
                                            Strided(memory, (4, 64), None)))
except (ValueError, TypeError) as error:
    print(type(error).__name__)
# CHECK-NEXT: TypeError
# A grid beyond 2^32 - 1 is a bad grid.
try:
    ct.launch(0, (1 << 32,), affine, (x, y, 0.5, 3, 64))
except ValueError as error:
    print("ValueError:", error)
# CHECK-NEXT: ValueError: grid must be 1 to 3 positive integers, not (4294967296,)


# A list of arrays: its records (base, extents, strides per array) and
# length; the kernel is specialized on what all its arrays share (here a
# base aligned to 16 bytes only where every array's is).
@ct.kernel
def firsts(parts, out):
    i = ct.bid(0)
    ct.store(out, index=(i, 0), tile=ct.reshape(
        ct.load(parts[i], index=(0,), shape=(16,), padding_mode=ct.PaddingMode.ZERO), (1, 16)))


parts = [Strided(memory, (40,), None), Strided(memory, (24,), None, offset=256),
         Strided(memory, (8,), (8,), offset=1024)]
ct.launch(0, (3,), firsts, (parts, Strided(memory, (3, 16), None)))
count, grid, block, values = last_launch(compiled_of(firsts)[0])
records = (ctypes.c_int64 * 9).from_address(values[0])
base = memory.__cuda_array_interface__["data"][0]
print("list:", values[1], "arrays;",
      [(records[3 * k] - base, records[3 * k + 1], records[3 * k + 2]) for k in range(3)],
      "fast path", len(firsts._by_launch_key))
# CHECK-NEXT: list: 3 arrays; [(0, 40, 1), (256, 24, 1), (1024, 8, 2)] fast path 1
print([l.strip() for l in next(iter(firsts._cache.values())).ir_text.splitlines()
       if "gpu.func" in l][0].split("(")[1].split(" loc")[0])
# CHECK-NEXT: %arg0: !tile.list<!tile.array<?xf32>> {tile.alignment = 16 : i64, tile.divisibility = array<i64: 4>}
for bad in ([parts[0], 3], [parts[0], Strided(memory, (4, 4), None)], [], (parts[0],)):
    try:
        ct.launch(0, (1,), firsts, (bad, Strided(memory, (3, 16), None)))
    except ct.TileError as error:
        print(type(error).__name__ + ":", error)
# CHECK-NEXT: TileTypeError: argument 0 of firsts: item 1 of the list is not an array (int)
# CHECK-NEXT: TileTypeError: argument 0 of firsts: the list's arrays have one dtype and rank; item 0 is a 1-d float32 array, item 1 a 2-d float32 array
# CHECK-NEXT: TileValueError: argument 0 of firsts: an empty list has no dtype or rank to compile for
# CHECK-NEXT: TileTypeError: {{.*}}launch-fake-driver.py:[[#]]:17: a tuple of 1 items is indexed by compile-time integers, not {{.*}}


# A tuple argument (an extension of cuTile 1.6's kernel parameters: NVIDIA
# TileGym's grouped GEMM passes tuples of arrays): each array and number in
# it is a kernel argument of its own, in order, and in the kernel the tuple
# has its length at compile time (len, ct.static_iter, constant indices,
# unpacking; tuples in tuples). One specialization per key, the tuple's items' keys;
# arrays whose records the launch path cannot read go the general way
# (here strides as a list), with the same arguments.
@ct.kernel
def scaled_rows(sources, scales, out):
    factor, offsets = scales
    for k in ct.static_iter(range(len(sources))):
        t = ct.load(sources[k], index=(0,), shape=(16,), padding_mode=ct.PaddingMode.ZERO)
        ct.store(out, index=(k, 0), tile=ct.reshape(t * factor + offsets[k], (1, 16)))


rows = Strided(memory, (3, 16), None, offset=2048)
three = (Strided(memory, (40,), None), Strided(memory, (24,), None, offset=256),
         Strided(memory, (8,), (8,), offset=1024))
ct.launch(0, (1,), scaled_rows, (three, (0.5, (1, 2, 3)), rows))
kernel = compiled_of(scaled_rows)[0]
count, grid, block, values = last_launch(kernel)
print("tuple:", len(kernel.params), [v - base if v > 1 << 20 else v for v in values])
# CHECK: tuple: 15 [0, 40, 256, 24, 1024, 8, 2, 0.5, 1, 2, 3, 2048, 3, 16, 16]
print([l.strip() for l in next(iter(scaled_rows._cache.values())).ir_text.splitlines()
       if "gpu.func" in l][0].split("(", 1)[1].split(") kernel")[0])
# CHECK-NEXT: %arg0: !tile.array<?xf32, strides [1]> {{.*}}, %arg1: !tile.array<?xf32, strides [1]> {{.*}}, %arg2: !tile.array<?xf32> {{.*}}, %arg3: !tile.tile<f32> {{.*}}, %arg4: !tile.tile<si32> {{.*}}, %arg5: !tile.tile<si32> {{.*}}, %arg6: !tile.tile<si32> {{.*}}, %arg7: !tile.array<?x?xf32, strides [?, 1]> {{.*}}
ct.launch(0, (1,), scaled_rows, (three, (-2.0, (4, 5, 6)), rows))
print(len(scaled_rows._by_launch_key), len(scaled_rows._cache),
      last_launch(kernel)[3][7:11])
# CHECK-NEXT: 1 1 [-2.0, 4, 5, 6]
listed = (three[0], Strided(memory, (24,), [4], offset=256), three[2])
ct.launch(0, (1,), scaled_rows, (listed, (0.25, (7, 8, 9)), rows))
print(len(scaled_rows._by_launch_key), len(scaled_rows._cache),
      [v - base if v > 1 << 20 else v for v in last_launch(kernel)[3]])
# CHECK-NEXT: 1 1 [0, 40, 256, 24, 1024, 8, 2, 0.25, 7, 8, 9, 2048, 3, 16, 16]
ct.launch(0, (1,), scaled_rows, (three[:2], (0.5, (1, 2)), rows))
print(len(scaled_rows._cache), "compiles;", len(compiled_of(scaled_rows)[1].params),
      "parameters")
# CHECK-NEXT: 2 compiles; 11 parameters
for bad in (((three[0], "x"), (0.5, (1,)), rows), ((three[0],), (0.5, ()), rows),
            ((three[0],), [0.5, (1,)], rows)):
    try:
        ct.launch(0, (1,), scaled_rows, bad)
    except ct.TileError as error:
        print(type(error).__name__ + ":", str(error).splitlines()[0])
# CHECK-NEXT: TileTypeError: argument 0 of scaled_rows, item 1 of the tuple: a tuple a kernel takes holds arrays, numbers and tuples, not a str
# CHECK-NEXT: TileTypeError: {{.*}}launch-fake-driver.py:[[#]]:{{.*}}tuple index: tuple index out of range
# CHECK-NEXT: TileTypeError: argument 1 of scaled_rows: item 0 of the list is not an array (float)


# An empty tuple gives no argument; a bool and an int beyond 32 bits in a
# tuple are scalars of their own (bool, int64: a key apart from int32's).
@ct.kernel
def flagged(empty, options, out):
    on, big = options
    value = ct.where(on, big, len(empty))
    ct.store(out, index=(0, 0), tile=ct.full((1, 16), 1.0, dtype=ct.float32) * value)


ct.launch(0, (1,), flagged, ((), (True, 2**40), rows))
kernel = compiled_of(flagged)[0]
print("flagged:", [(kind, size) for kind, size, _ in kernel.params][:2],
      last_launch(kernel)[3][:2])
# CHECK: flagged: [('integer', 1), ('integer', 8)] [1, 1099511627776]
ct.launch(0, (1,), flagged, ((), (False, 7), rows))
print(len(flagged._cache), "compiles;", last_launch(compiled_of(flagged)[1])[3][:2])
# CHECK-NEXT: 2 compiles; [0, 7]


# The warps of a kernel that leaves them to the compiler follow the grid
# where it is too small to fill the device (the fake device's 132 SMs):
# a column sum of 8 x 256 tiles takes 2 warps from its tiles, 16 for 64
# blocks (16 warps an SM), 4 for 1024 blocks, 2 for 8192; grids that ask
# for the same warps share one compile (64 and 100 blocks: 16). A kernel
# with its own warps specializes on the grid only where its blocks leave
# the SMs fewer than 16 warps each (64 blocks of 4 warps, whose loop then
# loads its small tiles two iterations ahead), not for 8192 blocks.
@ct.kernel
def colsum(x, y, BM: ct.Constant[int], BN: ct.Constant[int]):
    j = ct.bid(0)
    acc = ct.zeros((BM, BN), dtype=ct.float32)
    for i in range(ct.num_tiles(x, axis=0, shape=(BM, BN))):
        acc += ct.load(x, index=(i, j), shape=(BM, BN))
    ct.store(y, index=(j,), tile=ct.sum(acc, axis=0))


wide = device.empty((8 * 8192 * 256,))
sums = device.empty((8192 * 256,))
for blocks in (64, 100, 1024, 8192):
    ct.launch(0, (blocks,), colsum, (Strided(wide, (8, blocks * 256), None),
                                     Strided(sums, (blocks * 256,), None), 8, 256))
    print(blocks, "blocks:", last_launch(compiled_of(colsum)[-1])[2][0] // 32, "warps;",
          len(colsum._cache), "compiles")
# CHECK-NEXT: 64 blocks: 16 warps; 1 compiles
# CHECK-NEXT: 100 blocks: 16 warps; 1 compiles
# CHECK-NEXT: 1024 blocks: 4 warps; 2 compiles
# CHECK-NEXT: 8192 blocks: 2 warps; 3 compiles
fixed = colsum.replace_hints(num_worker_warps=4)
for blocks in (64, 8192):
    ct.launch(0, (blocks,), fixed, (Strided(wide, (8, blocks * 256), None),
                                    Strided(sums, (blocks * 256,), None), 8, 256))
print("fixed:", last_launch(compiled_of(fixed)[-1])[2][0] // 32, "warps;", len(fixed._cache),
      "compiles")
# CHECK-NEXT: fixed: 4 warps; 2 compiles
