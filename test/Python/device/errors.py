# Programs that break a [User Requirement] of the cuda.device spec (or a
# rule of the py dialect) get a cudapy.device exception naming the user's
# file, line and column and showing the line, whether the frontend or a
# verifier behind it found the problem; each case names the spec section
# it checks. None crashes the process.
# RUN: %python %s | FileCheck %s

from cudapy import device


class Array:
    def __init__(self, shape, typestr="<f4"):
        shape = shape if isinstance(shape, tuple) else (shape,)
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (4096, False), "version": 3}


f32, i32, f16 = Array(64), Array(64, "<i4"), Array(64, "<f2")


def attempt(kernel, *args):
    try:
        kernel.translate(args)
        print("no error")
    except device.DeviceError as error:
        where = "%s:%d:%d" % (error.file.rsplit("/", 1)[-1], error.line, error.column)
        print(type(error).__name__, where, error.message)
        print(str(error).splitlines()[1].strip())


# "tid": 0 < ndims <= 3.
@device.kernel
def four_dimensions(x):
    x[0] = device.tid(4)


attempt(four_dimensions, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-4]]:12 tid(ndims) takes 0 < ndims <= 3, not 4 (cuda-device spec, "tid")
# CHECK-NEXT: x[0] = device.tid(4)


# "grid_size": 0 < ndims <= 3.
@device.kernel
def no_dimensions(x):
    x[0] = device.grid_size(0)


attempt(no_dimensions, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-4]]:12 grid_size(ndims) takes 0 < ndims <= 3, not 0


# "Kernel Functions": a kernel function returns None.
@device.kernel
def returns_a_value(x):
    return x[0]


attempt(returns_a_value, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:5 a kernel function returns None (cuda-device spec, "Kernel Functions")


# "Numeric Promotion": the Array API leaves int8 + float32 undefined.
@device.kernel
def mixed_kinds(x, y):
    x[0] = y[0] + x[0]


attempt(mixed_kinds, f32, Array(64, "|i1"))
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:12 '+' of int8 and float32 is not defined under the array_api promotion policy{{.*}}


# "Arrays": a stored value must be assignable to the dtype.
@device.kernel
def float_into_int(x):
    x[0] = 1.5


attempt(float_into_int, i32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:5 a !py.float value is not assignable to an element of a 1-d int32 array under the array_api promotion policy


# "Heterogeneous Types and Objects": no attributes added in device code.
@device.kernel
def new_attribute(x):
    x.extra = 1


attempt(new_attribute, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:5 attributes cannot be added or assigned in device code (cuda-device spec, "Heterogeneous Types and Objects")


# "Builtin Numbers": an int is an int32.
@device.kernel
def too_big(x):
    x[0] = 3000000000


attempt(too_big, i32)
# CHECK: DeviceValueError errors.py:[[#@LINE-4]]:5 3000000000 does not fit in an int (int32, cuda-device spec, "Builtin Numbers"); use a fixed-format number such as device.int64(3000000000)


# "local_array", "shared_array": the shape is a constant int or tuple.
@device.kernel
def runtime_shape(x):
    s = device.shared_array(len(x), device.float32)


attempt(runtime_shape, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:9 the shape of shared_array is an int or a tuple of ints, constant expressions (cuda-device spec, "shared_array")


# "Memory Orderings" and "Thread Scopes".
@device.kernel
def bad_order(x):
    device.threadfence(memory="sometimes")


@device.kernel
def bad_scope(x):
    device.atomic_ref(x, 0).add(1.0, scope="galaxy")


attempt(bad_order, f32)
attempt(bad_scope, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-10]]:5 memory is one of relaxed, consume, acquire, release, acq_rel, seq_cst (cuda-device spec, "Memory Orderings"), not 'sometimes'
# CHECK: DeviceValueError errors.py:[[#@LINE-6]]:5 scope is one of system, device, block, thread (cuda-device spec, "Thread Scopes"), not 'galaxy'


# "shfl_sync": 0 <= src_lane < 32.
@device.kernel
def far_lane(x):
    x[0] = device.shfl_sync(0xFFFFFFFF, x[0], 40)


attempt(far_lane, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-4]]:12 src_lane of shfl_sync is a lane from 0 to 31, not 40 (cuda-device spec, "shfl_sync")


# "popc": x is an integer; "cbrt": a is a float (the simt verifiers, at
# the user's line).
@device.kernel
def float_bits(x):
    x[0] = device.popc(x[0])


@device.kernel
def integer_root(x):
    x[0] = device.cbrt(x[0])


attempt(float_bits, f32)
attempt(integer_root, i32)
# CHECK: DeviceCompileError errors.py:[[#@LINE-10]]:12 {{.*}}must be an integer{{.*}}
# CHECK: DeviceCompileError errors.py:[[#@LINE-6]]:12 {{.*}}must be a real float{{.*}}


# "add": an atomic add takes 32- and 64-bit integers and floats.
@device.kernel
def half_atomic(x):
    device.atomic_ref(x, 0).add(x[1])


attempt(half_atomic, f16)
# CHECK: DeviceCompileError errors.py:[[#@LINE-4]]:5 'simt.atomic_rmw' op 'add' takes uint32, int32, uint64, int64, float32 or float64, not 'f16' (spec, "Atomics")


# A variable keeps a type through a loop: one its values promote to
# (`total = 0` then `total += x[i]` makes it a float32 from the start), not
# int8 then float32, which do not promote.
@device.kernel
def changes_type(x, y):
    total = y[0]
    for i in range(4):
        total = x[i]
    x[0] = total


attempt(changes_type, f32, Array(64, "|i1"))
# CHECK: DeviceTypeError errors.py:[[#@LINE-6]]:5 'total' is si8 before the loop and f32 after it; a variable keeps its type


# Statements device code does not have.
@device.kernel
def with_statement(x):
    with open("f"):
        pass


attempt(with_statement, f32)
# CHECK: DeviceUnsupportedError errors.py:[[#@LINE-5]]:5 With statements are not supported in device code


# Device code calls @func functions, not plain Python ones.
def plain(a):
    return a


@device.kernel
def calls_plain(x):
    x[0] = plain(x[0])


attempt(calls_plain, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:12 <function plain at {{.*}}> cannot be called in device code: device code calls @func functions and the device API (cuda-device spec, "Heterogeneous Functions")


# "Constant Expressions": a ConstExpr parameter takes a constant.
@device.func
def scaled(x, k: device.ConstExpr[int]):
    return x * k


@device.kernel
def runtime_constant(x):
    x[0] = scaled(x[0], len(x))


attempt(runtime_constant, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:12 argument 1 of scaled is a ConstExpr parameter: it takes a constant expression, not a value of type !py.int (cuda-device spec, "Constant Expressions")


# "Vector.__getitem__": i < size; "Vector.__init__": one value per
# element; "WarpMask.__getitem__": 0 <= i < 32 (constant indices).
@device.kernel
def vector_index(x):
    v = device.float32x2(x[0], x[1])
    x[0] = v[2]


@device.kernel
def vector_values(x):
    v = device.float32x4(x[0], x[1])


@device.kernel
def mask_index(x):
    mask = device.activemask()
    x[0] = 1.0 if mask[32] else 0.0


attempt(vector_index, f32)
attempt(vector_values, f32)
attempt(mask_index, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-17]]:12 index 2 of a vector of 2 elements (cuda-device spec, "Vector.__getitem__": i < size)
# CHECK: DeviceTypeError errors.py:[[#@LINE-13]]:9 float32x4 takes 4 values, not 2 (cuda-device spec, "Vector.__init__")
# CHECK: DeviceValueError errors.py:[[#@LINE-8]]:19 a WarpMask index is from 0 to 31, not 32 (cuda-device spec, "WarpMask.__getitem__")


# "Atomic.__init__": the atomic's object is at most 16 bytes.
@device.struct
class Big:
    a: device.float64
    b: device.float64
    c: device.float64


@device.struct
class HasBigAtomic:
    value: device.Atomic(Big)


@device.kernel
def big_atomic(x):
    s = x.view(HasBigAtomic)


attempt(big_atomic, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-4]]:9 {{.*}}16 bytes{{.*}}


# Host-side rules: unknown decorator keywords ("@func", "@kernel"), a
# function both @func and @kernel ("@kernel"), launching what is not a
# kernel and arguments that are not heterogeneous ("launch"), calling a
# kernel or a device-only function on the host ("Device Only Entities").
for make in (lambda: device.func(lto=True)(plain), lambda: device.kernel(plain, fast=1),
             lambda: device.kernel(device.func(plain))):
    try:
        make()
    except (TypeError, device.DeviceError) as error:
        print(type(error).__name__ + ":", error)
# CHECK: TypeError: @func does not take lto (cuda-device spec: unknown keyword arguments are errors)
# CHECK-NEXT: TypeError: @kernel does not take fast (cuda-device spec: unknown keyword arguments are errors)
# CHECK-NEXT: DeviceError: plain is already a @func function; a function is either @func or @kernel (cuda-device spec, "@kernel")
for call in (lambda: device.launch(plain, 1, grid=1, block=1),
             lambda: device.launch(four_dimensions, "text", grid=1, block=1),
             lambda: device.launch(four_dimensions, f32, grid=(0,), block=1),
             lambda: four_dimensions(f32), lambda: device.tid(1),
             lambda: device.thread_idx.x):
    try:
        call()
    except (ValueError, device.DeviceError) as error:
        print(type(error).__name__ + ":", error)
# CHECK-NEXT: DeviceTypeError: launch() takes a @kernel function, not <function plain at {{.*}}> (cuda-device spec, "launch": f shall be a kernel function)
# CHECK-NEXT: DeviceTypeError: argument 0 of four_dimensions: a str is not heterogeneous (pass numbers and arrays with DLPack or __cuda_array_interface__; cuda-device spec, "launch")
# CHECK-NEXT: ValueError: grid must be a positive int or a tuple of 1 to 3 positive ints (a Dim3Like), not (0,)
# CHECK-NEXT: DeviceError: four_dimensions is a kernel: launch it with cudapy.device.launch (cuda-device spec, "Kernel Functions": kernels are device only)
# CHECK-NEXT: DeviceError: tid is device only: call it in a @kernel or @func function (cuda-device spec, "Device Only Entities")
# CHECK-NEXT: DeviceError: thread_idx is device only (cuda-device spec, "Device Only Entities")


# `and`/`or` short-circuit (the right side is read only when the left does
# not decide: a bounds check guards an index); used as values, their
# operands are bools: Python would give the deciding operand itself.
@device.kernel
def guarded(x, n):
    i = device.tid(1)
    if i < n and x[i] > 0.0:
        x[i] = 0.0


@device.kernel
def or_value(x):
    x[0] = x[1] or 2.0


attempt(guarded, f32, 3)
attempt(or_value, f32)
# CHECK: no error
# CHECK: DeviceUnsupportedError errors.py:[[#@LINE-6]]:12 `and`/`or` of a value of type f32 used as a value (Python would give one of the operands); compare it, or use `a if c else b`


# A name both branches of an if assign, with values of two types that do
# not promote to one: an array in one, a number in the other.
@device.kernel
def branches_disagree(x, out):
    i = device.tid(1)
    if i < len(out):
        if x[i] > 0:
            y = x
        else:
            y = x[i]
        out[i] = y


attempt(branches_disagree, f32, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-8]]:9 'y' is !py.array<f32, 1> in one branch of this if and f32 in the other, which do not promote to one type; a variable has one type


# Constant expressions the frontend folds (found by fuzz/python_frontends.py):
# a shift too large for a constant, xor of an int and a float.
@device.kernel
def huge_shift(out):
    out[0] = 1 << 2**40


@device.kernel
def float_xor(out):
    out[0] = 1 ^ 2.5


attempt(huge_shift, f32)
# CHECK: DeviceValueError errors.py:[[#@LINE-9]]:14 1 << 1099511627776 does not fit in 128 bits
attempt(float_xor, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-6]]:14 unsupported operand type(s) for ^: 'int' and 'float'


# print() and assert (CUDA C++ Programming Guide 7.34, 7.31): numbers,
# constants and tuples print; an assert's message is a constant string.
@device.kernel
def prints_an_array(x):
    print(x)


@device.kernel
def print_sep(x, s):
    print(x[0], sep=s)


@device.kernel
def assert_message(x):
    assert x[0] > 0, x[1]


attempt(prints_an_array, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-14]]:5 print() takes numbers, constants and tuples of them, not a 1-d float32 array
attempt(print_sep, f32, 1)
# CHECK: DeviceTypeError errors.py:[[#@LINE-11]]:5 print()'s sep must be a constant string
attempt(assert_message, f32)
# CHECK: DeviceTypeError errors.py:[[#@LINE-8]]:22 an assert's message must be a constant string
try:
    device.func(lambda x: x, assertions=False)
except TypeError as error:
    print("TypeError:", error)
# CHECK: TypeError: @func does not take assertions (cuda-device spec: unknown keyword arguments are errors)


# break and continue work in while loops and loops over range(); a loop over
# a tuple is unrolled, and does not take them.
@device.kernel
def break_in_unrolled(x):
    for k in (1, 2, 3):
        if x[k] > 0.0:
            break
        x[0] += x[k]


attempt(break_in_unrolled, f32)
# CHECK: DeviceUnsupportedError errors.py:[[#@LINE-7]]:5 break or continue in a loop over a tuple (which is unrolled)
