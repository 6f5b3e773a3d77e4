# ct.autotune and ct.Config refuse what they cannot tune, with messages
# that name the kernel and the argument (no GPU: nothing is launched).
# RUN: %python %s | FileCheck %s

import cudapy.tile as ct


@ct.kernel
def scale(x, y, n, TILE: ct.Constant[int]):
    i = ct.bid(0)
    ct.store(y, index=(i,), tile=ct.load(x, index=(i,), shape=(TILE,)) * 2)


def attempt(what, make):
    try:
        make()
        print(what, "accepted")
    except (TypeError, ValueError, ct.TileError) as error:
        print(what, type(error).__name__, error)


configs = [ct.Config({"TILE": 256}, num_worker_warps=2), ct.Config({"TILE": 1024})]
tuned = ct.autotune(configs, key=["n"])(scale)
print(tuned.__name__, tuned.configs, tuned.best_config)
# CHECK: scale [Config(TILE=256, num_worker_warps=2), Config(TILE=1024)] None
attempt("direct call", lambda: tuned(1, 2, 3))
# CHECK-NEXT: direct call TypeError Tile kernels cannot be called directly. Use cudapy.tile.launch() instead.
attempt("no configs", lambda: ct.autotune([])(scale))
# CHECK-NEXT: no configs TypeError autotune takes a non-empty list of ct.Config
attempt("not a kernel", lambda: ct.autotune(configs)(lambda x: x))
# CHECK-NEXT: not a kernel TypeError autotune decorates a @cudapy.tile.kernel, not <function
attempt("different constants", lambda: ct.autotune(
    [ct.Config({"TILE": 256}), ct.Config({})])(scale))
# CHECK-NEXT: different constants ValueError every Config of scale gives the same constants; Config(TILE=256) and Config() differ
attempt("unknown parameter", lambda: ct.autotune([ct.Config({"SIZE": 256})])(scale))
# CHECK-NEXT: unknown parameter ValueError scale has no parameter 'SIZE' (a Config names it)
attempt("not a constant", lambda: ct.autotune([ct.Config({"n": 256})])(scale))
# CHECK-NEXT: not a constant ValueError parameter 'n' of scale is not a ct.Constant; a Config fills Constant parameters only
attempt("key of a filled constant", lambda: ct.autotune(configs, key=["TILE"])(scale))
# CHECK-NEXT: key of a filled constant ValueError key names 'TILE', which is not an argument of a launch of scale (those are x, y, n)
attempt("key as a string", lambda: ct.autotune(configs, key="n"))
# CHECK-NEXT: key as a string TypeError key, reset_to_zero and restore_value are lists of argument names
attempt("restore unknown", lambda: ct.autotune(configs, restore_value=["z"])(scale))
# CHECK-NEXT: restore unknown ValueError restore_value names 'z', which is not an argument of a launch of scale (those are x, y, n)
attempt("budget", lambda: ct.autotune(configs, budget_ms=0))
# CHECK-NEXT: budget ValueError budget_ms must be a positive number of milliseconds
attempt("config names", lambda: ct.Config({1: 2}))
# CHECK-NEXT: config names TypeError a Config's constants are named by strings, not 1
attempt("launch with too many", lambda: ct.launch(0, (1,), tuned, (1, 2, 3, 4)))
# CHECK-NEXT: launch with too many TileTypeError
print(ct.Config({"A": 1}) == ct.Config({"A": 1}), ct.Config({"A": 1}) == ct.Config({"A": 2}))
# CHECK-NEXT: True False

# The key of a launch's tuning: each array's dtype, also of arrays in a
# tuple, and the shapes `key` names (a tuple's items' shapes).
import os  # noqa: E402
os.environ.setdefault("CUDAPY_CHIP", "sm_90a")


class Stand:
    """An array's dtype and shape, all the key reads."""

    def __init__(self, dtype, shape):
        self.dtype, self.shape = dtype, shape


def pair_kernel(xs, y, n, TILE: ct.Constant[int]):
    pass


pair = ct.autotune(configs, key=["xs"])(ct.kernel(pair_kernel))
half = pair._launch_key(((Stand("float16", (8,)), Stand("float16", (4,))), Stand("float16", (8,)), 8))
single = pair._launch_key(((Stand("float32", (8,)), Stand("float16", (4,))), Stand("float16", (8,)), 8))
other = pair._launch_key(((Stand("float16", (8,)), Stand("float16", (2,))), Stand("float16", (8,)), 8))
print(half != single, half != other, half == pair._launch_key(
    ((Stand("float16", (8,)), Stand("float16", (4,))), Stand("float16", (8,)), 8)))
# CHECK-NEXT: True True True
