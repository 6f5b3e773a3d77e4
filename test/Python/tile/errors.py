# Bad tile kernels get a cudapy.tile exception that names the file, line
# and column of the user's source and shows the line, from the frontend
# and from the verifiers behind it; none crashes the process.
# RUN: %python %s | FileCheck %s

import cudapy.tile as ct
from cudapy.tile import compilation as cc


def attempt(kernel, *params):
    signature = cc.KernelSignature(params, cc.CallingConvention.cutile_python_v1())
    try:
        cc.export_kernel(kernel, [signature], "/dev/null", output_format="mlir")
        print("no error")
    except ct.TileError as error:
        where = "%s:%d:%d" % (error.file.rsplit("/", 1)[-1], error.line, error.column)
        print(type(error).__name__, where, error.message)
        print(str(error).splitlines()[1].strip())


f32 = cc.ArrayConstraint(ct.float32, 1)


@ct.kernel
def unknown_attribute(a):
    t = ct.lod(a, index=(0,), shape=(16,))


attempt(unknown_attribute, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 <module 'cudapy.tile'{{.*}}> has no attribute 'lod'
# CHECK-NEXT: t = ct.lod(a, index=(0,), shape=(16,))


@ct.kernel
def not_a_power_of_two(a):
    t = ct.load(a, index=(0,), shape=(100,))


attempt(not_a_power_of_two, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 tile dimensions are powers of two, not 100


@ct.kernel
def releasing_load(a):
    t = ct.load(a, index=(0,), shape=(16,), memory_order=ct.MemoryOrder.RELEASE)


attempt(releasing_load, f32)
# CHECK: TileValueError errors.py:[[#@LINE-4]]:9 memory_order RELEASE is not allowed here


@ct.kernel
def acquiring_store(a):
    ct.store(a, index=(0,), tile=ct.zeros((16,), ct.float32),
             memory_order=ct.MemoryOrder.ACQUIRE)


attempt(acquiring_store, f32)
# CHECK: TileValueError errors.py:[[#@LINE-5]]:5 memory_order ACQUIRE is not allowed here


@ct.kernel
def mixed_signs(a, b, c):
    x = ct.load(a, index=(0,), shape=(16,))
    y = ct.load(b, index=(0,), shape=(16,))
    ct.store(c, index=(0,), tile=x + y)


attempt(mixed_signs, cc.ArrayConstraint(ct.int32, 1), cc.ArrayConstraint(ct.uint32, 1),
        cc.ArrayConstraint(ct.int32, 1))
# CHECK: TileTypeError errors.py:[[#@LINE-5]]:34 int32 and uint32 have no common dtype
# CHECK-NEXT: ct.store(c, index=(0,), tile=x + y)


@ct.kernel
def half_and_bfloat(a, b):
    x = ct.load(a, index=(0,), shape=(16,))
    y = ct.load(b, index=(0,), shape=(16,))
    z = x * y


attempt(half_and_bfloat, cc.ArrayConstraint(ct.float16, 1), cc.ArrayConstraint(ct.bfloat16, 1))
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 {{.*}}no common dtype


@ct.kernel
def two_arguments(a, b):
    pass


attempt(two_arguments, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-5]]:1 two_arguments takes 2 arguments, 1 given


@ct.kernel
def runtime_shape(a, n):
    t = ct.load(a, index=(0,), shape=(n,))


attempt(runtime_shape, f32, cc.ScalarConstraint(ct.int32))
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 shape must be a compile-time integer (a literal or a ct.Constant parameter)


@ct.kernel
def unsupported_statement(a):
    with open("x"):
        pass


attempt(unsupported_statement, f32)
# CHECK: TileUnsupportedFeatureError errors.py:[[#@LINE-5]]:5 'with' statements are not supported in a tile kernel


@ct.kernel
def item_assignment(a):
    t = ct.zeros((16,), dtype=ct.float32)
    t[0] = 1.0


attempt(item_assignment, f32)
# CHECK: TileUnsupportedFeatureError errors.py:[[#@LINE-4]]:5 assignment to subscript: tiles and arrays are immutable; use ct.store


@ct.kernel
def changes_type_in_loop(a):
    acc = 0
    for i in range(4):
        acc = acc + ct.load(a, index=(i,), shape=(16,))


attempt(changes_type_in_loop, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-5]]:5 'acc' is an int32 scalar before the loop and a float32 tile of shape (16,) after it


@ct.kernel
def used_after_loop(a):
    for i in range(4):
        t = ct.load(a, index=(i,), shape=(16,))
    ct.store(a, index=(0,), tile=t)


attempt(used_after_loop, f32)
# CHECK: TileSyntaxError errors.py:[[#@LINE-4]]:34 't' is assigned in a loop and used after it


# Matrix products: operands of 1 to 3 dimensions (2 to 3 for mma) whose
# inner extents agree and whose batch dimensions broadcast, an accumulator
# of the product's shape.
@ct.kernel
def product_shapes(a, b, c, which: ct.Constant[int]):
    x = ct.load(a, index=(0, 0, 0), shape=(2, 16, 16))
    y = ct.load(b, index=(0, 0, 0), shape=(4, 16, 8))
    if which == 0:
        ct.store(c, index=(0, 0, 0), tile=ct.matmul(x, y))
    elif which == 1:
        ct.store(c, index=(0, 0, 0), tile=ct.matmul(x, ct.reshape(y, (4, 8, 16))))
    elif which == 2:
        ct.store(c, index=(0, 0, 0), tile=ct.mma(ct.reshape(x, (1, 2, 16, 16)), x, x))
    else:
        ct.store(c, index=(0, 0, 0), tile=ct.mma(x, x, ct.zeros((2, 16, 8), ct.float32)))


f32x3 = cc.ArrayConstraint(ct.float32, 3)
for which in range(4):
    attempt(product_shapes, f32x3, f32x3, f32x3, cc.ConstantConstraint(which))
# CHECK: TileTypeError errors.py:[[#@LINE-12]]:43 matmul: the batch dimensions of a float32 tile of shape (2, 16, 16) and a float32 tile of shape (4, 16, 8) do not broadcast
# CHECK-NEXT: ct.store(c, index=(0, 0, 0), tile=ct.matmul(x, y))
# CHECK: TileTypeError errors.py:[[#@LINE-12]]:43 matmul: the inner extents of a float32 tile of shape (2, 16, 16) and a float32 tile of shape (4, 8, 16) differ
# CHECK: TileTypeError errors.py:[[#@LINE-11]]:43 mma takes 2-d or 3-d tiles, not a float32 tile of shape (1, 2, 16, 16) and a float32 tile of shape (2, 16, 16)
# CHECK: TileTypeError errors.py:[[#@LINE-10]]:43 mma: the accumulator is a float32 tile of shape (2, 16, 8), the product of shape (2, 16, 16)


@ct.kernel
def verifier_error(a, b, c):
    x = ct.load(a, index=(0, 0), shape=(16, 16))
    y = ct.load(b, index=(0, 0), shape=(16, 16))
    acc = ct.zeros((16, 16), dtype=ct.int32)
    ct.store(c, index=(0, 0), tile=ct.mma(x, y, acc))


f16x2 = cc.ArrayConstraint(ct.float16, 2)
attempt(verifier_error, f16x2, f16x2, cc.ArrayConstraint(ct.int32, 2))
# CHECK: TileCompilerExecutionError errors.py:[[#@LINE-5]]:36 'tile.mma' op does not accumulate float16 products in int32
# CHECK-NEXT: ct.store(c, index=(0, 0), tile=ct.mma(x, y, acc))


@ct.kernel
def static_check(a, n: ct.Constant[int]):
    ct.static_assert(n % 16 == 0, "n is a multiple of 16")


attempt(static_check, f32, cc.ConstantConstraint(20))
# CHECK: TileStaticAssertionError errors.py:[[#@LINE-4]]:5 Static assertion failed: n is a multiple of 16


# The message may be an f-string of tiles (cuTile's examples write them):
# the tiles show as their types.
@ct.kernel
def static_check_tiles(a):
    t = ct.load(a, index=(0,), shape=(16,))
    ct.static_assert(t.dtype == ct.int32, f"expected int32, got {t}")


attempt(static_check_tiles, f32)
# CHECK: TileStaticAssertionError errors.py:[[#@LINE-4]]:5 Static assertion failed: expected int32, got a float32 tile of shape (16,)


@ct.kernel
def bad_keyword(a):
    t = ct.load(a, index=(0,), shape=(16,), padding=0)


attempt(bad_keyword, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 load(): got an unexpected keyword argument 'padding'

try:
    unknown_attribute(None)
except TypeError as error:
    print(error)
# CHECK: Tile kernels cannot be called directly. Use cudapy.tile.launch() instead.

try:
    ct.kernel(occupancy=64)
except ValueError as error:
    print(error)
# CHECK: occupancy must be an integer in [1, 32], not 64


# The new entries' rules: printf's conversions, astile's power-of-two
# tuples, static_eval's failures, advanced indexing's one index tile, a
# float divmod, a non-bool assertion.
@ct.kernel
def printf_mismatch(a):
    t = ct.load(a, index=(0,), shape=(16,))
    ct.printf("%d and %d\n", t)


attempt(printf_mismatch, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:5 printf's format has more conversions than the 1 values given


@ct.kernel
def printf_float_as_int(a):
    t = ct.load(a, index=(0,), shape=(16,))
    ct.printf("%d\n", t)


attempt(printf_float_as_int, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:5 cannot print a float32 tile of shape (16,) with '%d'


@ct.kernel
def astile_three(a):
    ct.store(a, index=(0,), tile=ct.astile((1.0, 2.0, 3.0)))


attempt(astile_three, f32)
# CHECK: TileValueError errors.py:[[#@LINE-4]]:34 astile: a tuple of 3 items (each length must be a power of two)


@ct.kernel
def static_eval_runtime(a):
    t = ct.load(a, index=(0,), shape=(16,))
    n = ct.static_eval(1 if t else 2)


attempt(static_eval_runtime, f32)
# CHECK: TileStaticEvalError errors.py:[[#@LINE-4]]:9 static_eval: TypeError: the truth of a float32 tile of shape (16,) is known only at run time


@ct.kernel
def two_index_tiles(a, i):
    rows = ct.load(i, index=(0,), shape=(4,))
    t = ct.load_advanced_indexing(a, (rows, rows))


attempt(two_index_tiles, cc.ArrayConstraint(ct.float32, 2), cc.ArrayConstraint(ct.int32, 1))
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 advanced indexing takes exactly one 1-d integer tile (and ct.Slice entries), not 2


@ct.kernel
def slice_length(a, i):
    rows = ct.load(i, index=(0,), shape=(4,))
    t = ct.load_advanced_indexing(a, (rows, ct.Slice(0, 12)))


attempt(slice_length, cc.ArrayConstraint(ct.float32, 2), cc.ArrayConstraint(ct.int32, 1))
# CHECK: TileValueError errors.py:[[#@LINE-4]]:45 a Slice's length must be a power of two, not 12


@ct.kernel
def float_divmod(a):
    t = ct.load(a, index=(0,), shape=(16,))
    q, r = divmod(t, 2)


attempt(float_divmod, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:12 divmod takes integers, not a float32 tile of shape (16,)


@ct.kernel
def assert_float(a):
    t = ct.load(a, index=(0,), shape=(16,))
    ct.assert_(t, "t")


attempt(assert_float, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:5 assert_ takes a bool tile, not a float32 tile of shape (16,)


@ct.kernel
def bad_view(a):
    v = a.tiled_view((16,), traversal_steps=(0,))


attempt(bad_view, f32)
# CHECK: TileValueError errors.py:[[#@LINE-4]]:9 traversal_steps must be 1 positive constants


# Constant expressions the frontend folds (found by fuzz/python_frontends.py:
# each escaped as a Python exception, or took the process's memory):
# a power too large for a constant, bitwise operators on a float.
@ct.kernel
def huge_power(a, n: ct.Constant[int]):
    ct.store(a, (0,), ct.full((16,), ct.pow(n, 2**31) - 1, ct.int32))


@ct.kernel
def float_bits(a):
    ct.store(a, (0,), ct.full((16,), ct.bitwise_and(1.5, 1), ct.int32))


attempt(huge_power, f32, cc.ConstantConstraint(1024))
# CHECK: TileValueError errors.py:[[#@LINE-9]]:38 constant expression: 1024 ** 2147483648 does not fit in 128 bits
attempt(float_bits, f32)
# CHECK: TileTypeError errors.py:[[#@LINE-6]]:38 constant expression: unsupported operand type(s) for &: 'float' and 'int'


# A list of arrays takes integer indices; its arrays are not tiles.
@ct.kernel
def float_list_index(parts, out):
    a = parts[1.5]


attempt(float_list_index, cc.ListConstraint(f32), f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:9 a list index must be an integer, not 1.5
# CHECK-NEXT: a = parts[1.5]


@ct.kernel
def list_as_tile(parts, out):
    ct.store(out, (0,), parts + 1)


attempt(list_as_tile, cc.ListConstraint(f32), f32)
# CHECK: TileTypeError errors.py:[[#@LINE-4]]:25 {{.*}}a list of 1-d float32 arrays


# Launch-time errors come before any device work: a wrong number of
# arguments, a list where the kernel takes no list of arrays, an int64
# scalar that does not fit, a non-bool launch option.
@ct.kernel
def two_params(a, n: ct.ScalarInt64[int]):
    pass


for args in ((1,), ([1, 2], 3), (1.5, 2**70)):
    try:
        ct.launch(0, (1,), two_params, args)
    except ct.TileError as error:
        print(type(error).__name__, error)
# CHECK: TileTypeError two_params takes 2 arguments, 1 given
# CHECK: TileTypeError argument 0 of two_params: item 0 of the list is not an array (int)
# CHECK: TileValueError argument 1 of two_params: 1180591620717411303424 does not fit in int64
try:
    ct.launch(0, (1,), two_params, (1, 2), programmatic_dependent_launch=1)
except TypeError as error:
    print(error)
# CHECK: programmatic_dependent_launch must be a bool
