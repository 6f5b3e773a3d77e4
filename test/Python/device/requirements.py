# The cuda.device spec's [User Requirement] rules that test/Python/device/
# errors.py does not already break, one program each (docs/DevicePython.md
# lists every rule with its test): each gets a cudapy.device exception at the
# user's file, line and column, naming the section it breaks, whether the
# frontend or a verifier behind it found the problem. The last cases show
# what the rules allow.
# RUN: %python %s | FileCheck %s

from cudapy import device


class Array:
    def __init__(self, shape, typestr="<f4"):
        shape = shape if isinstance(shape, tuple) else (shape,)
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (4096, False), "version": 3}


f32, f64, f16, i32 = Array(64), Array(64, "<f8"), Array(64, "<f2"), Array(64, "<i4")
c128 = Array(64, "<c16")


def attempt(kernel, *args):
    try:
        kernel.translate(args)
        print("no error")
    except device.DeviceError as error:
        where = "%s:%d:%d" % (error.file.rsplit("/", 1)[-1], error.line, error.column)
        print(type(error).__name__, where, error.message)


# "General Requirements": an argument's type matches its parameter's type
# hint (WarpMask masks and flags, int32 lanes and indices, bool values).
@device.kernel
def float_mask(x):
    x[0] = device.shfl_sync(1.5, x[0], 0)


@device.kernel
def wide_lane(x):
    x[0] = device.shfl_sync(0xFFFFFFFF, x[0], device.int64(3))


@device.kernel
def signed_flag(x):
    x[0] = device.shfl_xor_sync(0xFFFFFFFF, x[0], device.int32(1))


@device.kernel
def float_mask_index(x):
    mask = device.activemask()
    x[0] = 1.0 if mask[x[1]] else 0.0


@device.kernel
def int_mask_value(x):
    mask = device.activemask()
    mask[0] = 1
    x[0] = device.float32(mask)


@device.kernel
def float_vector_index(x):
    v = device.float32x2(x[0], x[1])
    x[0] = v[x[2]]


@device.kernel
def syncwarp_of_an_int(x, n):
    device.syncwarp(n)


for kernel, args in ((float_mask, (f32,)), (wide_lane, (f32,)), (signed_flag, (f32,)),
                     (float_mask_index, (f32,)), (int_mask_value, (f32,)),
                     (float_vector_index, (f32,)), (syncwarp_of_an_int, (f32, 7))):
    attempt(kernel, *args)
# CHECK: DeviceTypeError requirements.py:[[#@LINE-41]]:12 mask of shfl_sync is a WarpMask (a uint32), not the constant 1.5 (cuda-device spec, "shfl_sync", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-37]]:12 src_lane of shfl_sync is an int32, not a value of type si64 (cuda-device spec, "shfl_sync", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-33]]:12 flag of shfl_xor_sync is a WarpMask (a uint32), not a value of type si32 (cuda-device spec, "shfl_xor_sync", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-28]]:19 i of WarpMask.__getitem__ is an int32, not a value of type f32 (cuda-device spec, "WarpMask.__getitem__", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-23]]:5 val of WarpMask.__setitem__ is a bool, not the constant 1 (cuda-device spec, "WarpMask.__setitem__", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-17]]:12 i of Vector.__getitem__ is an int32, not a value of type f32 (cuda-device spec, "Vector.__getitem__", "General Requirements": an argument's type matches its parameter's type hint)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-13]]:5 mask of syncwarp is a WarpMask (a uint32), not a value of type !py.int (cuda-device spec, "syncwarp", "General Requirements": an argument's type matches its parameter's type hint)


# "General Requirements": exposition-only entities are not used (there is
# none to use).
print("Dim3Like", hasattr(device, "Dim3Like"))
# CHECK-NEXT: Dim3Like False


# "@func": a @func is a heterogeneous function, so it uses device-only
# entities (thread positions, memories: "Thread Positioning", "Local,
# Shared, and Const Memory", "Device Only Entities") only where target
# specialization excludes the host.
@device.func
def position():
    return device.tid(1)


@device.func
def thread():
    return device.thread_idx.x


@device.func
def scratch(v):
    s = device.shared_array(32, device.float32)
    s[0] = v
    return s[0]


@device.func
def any_target_guard(v):
    if device.target(device.any_target):
        v += device.lane_id
    return v


@device.kernel
def calls(x, which: device.ConstExpr[int]):
    if which == 0:
        x[0] = position()
    elif which == 1:
        x[0] = thread()
    elif which == 2:
        x[0] = scratch(x[0])
    else:
        x[0] = any_target_guard(x[0])


for which in range(4):
    attempt(calls, f32, which)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-36]]:12 tid is device only, and a @func function is heterogeneous (cuda-device spec, "@func", "Device Only Entities"): use it in a @kernel, or under `if device.target(device.is_device):`
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-32]]:12 thread_idx is device only, and a @func function is heterogeneous (cuda-device spec, "@func", "Device Only Entities"): use it in a @kernel, or under `if device.target(device.is_device):`
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-28]]:9 shared_array is device only, and a @func function is heterogeneous (cuda-device spec, "@func", "Device Only Entities"): use it in a @kernel, or under `if device.target(device.is_device):`
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-21]]:14 lane_id is device only, and a @func function is heterogeneous (cuda-device spec, "@func", "Device Only Entities"): use it in a @kernel, or under `if device.target(device.is_device):`


# "Vector.__init__": each argument constructs the dtype; "Vector.__setitem__":
# the value is assignable, the constant index below the size.
@device.kernel
def vector_of_a_tuple(x):
    v = device.float32x2(x[0], (x[1], x[2]))


@device.kernel
def vector_narrowed(x, y):
    v = device.float32x2(x[0], x[1])
    v[0] = y[0]
    x[0] = v[0]


@device.kernel
def vector_set_past_the_end(x):
    v = device.float32x2(x[0], x[1])
    v[2] = x[2]
    x[0] = v[0]


attempt(vector_of_a_tuple, f32)
attempt(vector_narrowed, f32, c128)
attempt(vector_set_past_the_end, f32)
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-20]]:9 'py.vector.make' op operand #1 must be variadic of a Python number (builtin or fixed-format), but got 'tuple<f32, f32>'
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-15]]:5 a complex<f64> value is not assignable to a f32 element (cuda-device spec, "Vector.__setitem__")
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-9]]:5 index 2 of a vector of 2 elements (cuda-device spec, "Vector.__setitem__": i < size)


# "User-Defined Types": fields have heterogeneous type hints; no attribute
# is added to a struct, on the host or in device code.
try:
    @device.struct
    class Named:
        name: str
except device.DeviceError as error:
    print(type(error).__name__ + ":", error)
# CHECK-NEXT: DeviceTypeError: field name of @struct Named has the type hint <class 'str'>, which is not heterogeneous (cuda-device spec, "User-Defined Types")


@device.struct
class Pair:
    lo: device.float32
    hi: device.float32


pair = Pair(1.0, 2.0)
for add in (lambda: setattr(pair, "extra", 1), lambda: setattr(Pair, "extra", 1)):
    try:
        add()
        print("no error")
    except (AttributeError, device.DeviceError) as error:
        print(type(error).__name__ + ":", error)
# CHECK-NEXT: DeviceTypeError: attributes cannot be added to a @struct Pair (cuda-device spec, "User-Defined Types")
# CHECK-NEXT: DeviceTypeError: attributes cannot be added to @struct Pair (cuda-device spec, "User-Defined Types")


@device.kernel
def struct_attribute(x):
    p = Pair(x[0], x[1])
    p.extra = x[2]


attempt(struct_attribute, f32)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-4]]:5 attributes cannot be added or assigned in device code (cuda-device spec, "Heterogeneous Types and Objects")


# "@kernel": a kernel is device only and launched, not called; a function
# is either @func or @kernel, in either order.
@device.kernel
def inner(x):
    x[0] = 1.0


@device.kernel
def outer(x):
    inner(x)


attempt(outer, f32)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-4]]:5 a kernel is launched, not called (cuda-device spec, "Kernel Functions")


def plain(x):
    return x


try:
    device.func(device.kernel(plain))
except device.DeviceError as error:
    print(type(error).__name__ + ":", error)
# CHECK-NEXT: DeviceError: plain is already a @kernel function; a function is either @func or @kernel (cuda-device spec, "@kernel")


# "local_array": the shape is a constant int or tuple of ints.
@device.kernel
def local_of_a_length(x):
    scratch = device.local_array(len(x), device.float32)


attempt(local_of_a_length, f32)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-4]]:15 the shape of local_array is an int or a tuple of ints, constant expressions (cuda-device spec, "local_array")


# "AtomicInterface.load"/"store": at most 16 bytes ("atomic_ref" refuses a
# bigger object); "exch", "cas": at most 8 bytes; "sub", "max", "min",
# "nanmax", "nanmin": (u)int32/64, float32/64; "and_", "or_", "xor": (u)int32/64.
@device.struct
class Quad:
    a: device.float64
    b: device.float64
    c: device.float64
    d: device.float64


@device.kernel
def atomics(x, h, z, q, which: device.ConstExpr[int]):
    if which == 0:
        q[0] = device.atomic_ref(q.view(Quad), 0).load().a
    elif which == 1:
        device.atomic_ref(z, 0).exch(z[1])
    elif which == 2:
        device.atomic_ref(z, 0).cas(z[1], z[2])
    elif which == 3:
        device.atomic_ref(h, 0).sub(h[1])
    elif which == 4:
        device.atomic_ref(x, 0).and_(1)
    elif which == 5:
        device.atomic_ref(x, 0).or_(1)
    elif which == 6:
        device.atomic_ref(x, 0).xor(1)
    elif which == 7:
        device.atomic_ref(h, 0).max(h[1])
    elif which == 8:
        device.atomic_ref(h, 0).min(h[1])
    elif which == 9:
        device.atomic_ref(h, 0).nanmax(h[1])
    else:
        device.atomic_ref(h, 0).nanmin(h[1])


for which in range(11):
    attempt(atomics, f32, f16, c128, f64, which)
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-25]]:16 'simt.atomic_ref' op accesses an object of at most 16 bytes; '!py.struct<"Quad", (a: f64, b: f64, c: f64, d: f64)>' has 32 (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-24]]:9 'simt.atomic_rmw' op exchanges an object of at most 8 bytes; 'complex<f64>' has 16 (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-23]]:9 'simt.atomic_cas' op compares and swaps an object of at most 8 bytes; 'complex<f64>' has 16 (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-22]]:9 'simt.atomic_rmw' op 'sub' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-21]]:9 'simt.atomic_rmw' op 'and' takes uint32, int32, uint64 or int64, not 'f32' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-20]]:9 'simt.atomic_rmw' op 'or' takes uint32, int32, uint64 or int64, not 'f32' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-19]]:9 'simt.atomic_rmw' op 'xor' takes uint32, int32, uint64 or int64, not 'f32' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-18]]:9 'simt.atomic_rmw' op 'max' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-17]]:9 'simt.atomic_rmw' op 'min' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-16]]:9 'simt.atomic_rmw' op 'nanmax' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-15]]:9 'simt.atomic_rmw' op 'nanmin' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")


# "Thread Block Synchronization", "Thread Warp Synchronization": pred is a
# function callable with no arguments (a value is numba's spelling).
@device.kernel
def value_predicates(x, which: device.ConstExpr[int]):
    if which == 0:
        x[0] = device.syncthreads_count(x[0] > 0.0)
    else:
        x[0] = device.float32(device.ballot_sync(0xFFFFFFFF, x[0] > 0.0))


for which in range(2):
    attempt(value_predicates, f32, which)
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-7]]:16 pred of syncthreads_count is a function callable with no arguments (a lambda or a @func function), not a value of type i1 (cuda-device spec, "Thread Block Synchronization")
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-6]]:31 pred of ballot_sync is a function callable with no arguments (a lambda or a @func function), not a value of type i1 (cuda-device spec, "Thread Warp Synchronization")


# "WarpMask.__setitem__": 0 <= i < 32; "shfl_sync": mask[src_lane] (both
# constants), a value of at most 8 bytes (each shuffle), lanes, deltas and
# flags below 32.
@device.kernel
def warps(x, y, which: device.ConstExpr[int]):
    mask = device.activemask()
    if which == 0:
        mask[32] = True
    elif which == 1:
        x[0] = device.shfl_sync(0x0000FFFF, x[0], 20)
    elif which == 2:
        y[0] = device.shfl_sync(mask, y[0], 1)
    elif which == 3:
        y[0] = device.shfl_up_sync(mask, y[0], 1)
    elif which == 4:
        y[0] = device.shfl_down_sync(mask, y[0], 1)
    elif which == 5:
        y[0] = device.shfl_xor_sync(mask, y[0], 1)
    elif which == 6:
        x[0] = device.shfl_up_sync(mask, x[0], 32)
    elif which == 7:
        x[0] = device.shfl_down_sync(mask, x[0], 40)
    else:
        x[0] = device.shfl_xor_sync(mask, x[0], 32)


for which in range(9):
    attempt(warps, f32, c128, which)
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-21]]:9 a WarpMask index is from 0 to 31, not 32 (cuda-device spec, "WarpMask.__setitem__")
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-20]]:16 src_lane 20 of shfl_sync is not in the mask 0xffff (cuda-device spec, "shfl_sync": mask[src_lane] == True)
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-19]]:16 'simt.shfl_sync' op shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-18]]:16 'simt.shfl_up_sync' op shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-17]]:16 'simt.shfl_down_sync' op shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-16]]:16 'simt.shfl_xor_sync' op shuffles values of at most 8 bytes; 'complex<f64>' has 16 (spec, "shfl_sync")
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-15]]:16 delta of shfl_up_sync is a lane from 0 to 31, not 32 (cuda-device spec, "shfl_up_sync")
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-14]]:16 delta of shfl_down_sync is a lane from 0 to 31, not 40 (cuda-device spec, "shfl_down_sync")
# CHECK-NEXT: DeviceValueError requirements.py:[[#@LINE-13]]:16 flag of shfl_xor_sync is a lane from 0 to 31, not 32 (cuda-device spec, "shfl_xor_sync")


# "brev", "clz", "ffs": an integer; "fma": floating point operands.
@device.kernel
def intrinsics(x, which: device.ConstExpr[int]):
    if which == 0:
        x[0] = device.brev(x[1])
    elif which == 1:
        x[0] = device.clz(x[1])
    elif which == 2:
        x[0] = device.ffs(x[1])
    else:
        x[0] = device.fma(x[1], 2, 1)


for which in range(4):
    attempt(intrinsics, f32, which)
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-11]]:16 'simt.brev' op operand #0 must be an integer (int or a fixed-format integer), but got 'f32'
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-10]]:16 'simt.clz' op operand #0 must be an integer (int or a fixed-format integer), but got 'f32'
# CHECK-NEXT: DeviceCompileError requirements.py:[[#@LINE-9]]:16 'simt.ffs' op operand #0 must be an integer (int or a fixed-format integer), but got 'f32'
# CHECK-NEXT: DeviceTypeError requirements.py:[[#@LINE-8]]:16 b of fma is a floating point number, not a value of type !py.int (cuda-device spec, "fma": a, b and c have floating point types)


# What the rules allow: device-only entities under target specialization
# that excludes the host (the if's body, or the else of one that includes
# it), predicates as lambdas and @func functions, WarpMask constants, and
# the numba spelling's own conversions (values as predicates, int masks).
@device.func
def guarded(v):
    if device.target(device.is_device):
        v += device.lane_id
    if device.target(device.is_host):
        v += 1
    else:
        v += device.thread_idx.x
    return v


@device.func
def positive(v):
    return v > 0.0


@device.kernel
def allowed(x):
    x[0] = guarded(x[0])
    n = device.syncthreads_count(lambda: x[1] > 0.0)
    x[1] = device.float32(device.ballot_sync(0xFFFFFFFF, lambda: positive(x[2]))) + n
    mask = device.activemask()
    mask[3] = x[3] > 0.0
    x[3] = device.shfl_sync(mask, x[3], 3)


attempt(allowed, f32)
# CHECK-NEXT: no error

from cudapy import numba_cuda as cuda  # noqa: E402


@cuda.jit
def numba_style(x, n):
    x[0] = cuda.syncthreads_count(x[0] > 0) + cuda.shfl_sync(n, x[1], n % 32)


attempt(numba_style, f32, 7)
# CHECK-NEXT: no error
