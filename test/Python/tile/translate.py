# cudapy.tile translates cuTile Python kernels to the tile dialect: the IR
# of a few kernels (implicit form, a location on every operation), and PTX
# through the one pipeline. No GPU: specializations come from
# cudapy.tile.compilation's constraints.
# RUN: %python %s %t | FileCheck %s

import os
import sys

import cudapy.tile as ct
from cudapy.tile import compilation as cc

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def ir_of(kernel, *params):
    signature = cc.KernelSignature(params, cc.CallingConvention.cutile_python_v1())
    return cc.export_kernel(kernel, [signature], os.path.join(out, kernel.__name__ + ".mlir"),
                            output_format="mlir")[0]


def ptx_of(kernel, *params, chip="sm_90a"):
    signature = cc.KernelSignature(params, cc.CallingConvention.cutile_python_v1())
    return cc.export_kernel(kernel, [signature], os.path.join(out, kernel.__name__ + ".ptx"),
                            gpu_code=chip, output_format="ptx")[0]


def f32(rank, aligned=False):
    return cc.ArrayConstraint(ct.float32, rank, base_addr_divisible_by=16 if aligned else 1,
                              stride_divisible_by=16 if aligned else 1)


@ct.kernel
def vector_add(a, b, c, tile_size: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile_size,))
    y = ct.load(b, index=(pid,), shape=(tile_size,))
    ct.store(c, index=(pid,), tile=x + y)


print(ir_of(vector_add, f32(1, True), f32(1), f32(1), cc.ConstantConstraint(1024)))
# CHECK-LABEL: gpu.module @vector_add
# CHECK: gpu.func @vector_add(%[[A:.*]]: !tile.array<?xf32, strides [1]> {tile.alignment = 16 : i64} loc("{{.*}}translate.py":35:16), %{{.*}}: !tile.array<?xf32, strides [1]> loc(
# CHECK-SAME: kernel {
# CHECK: %[[VA:.*]] = tile.make_view %[[A]] {{.*}} -> !tile.view<1024, !tile.array<?xf32, strides [1]>> loc(#[[LOAD_A:loc[0-9]+]])
# CHECK: %[[PID:.*]] = tile.bid 0 loc(#[[BID:loc[0-9]+]])
# CHECK: %[[X:.*]] = tile.load %[[VA]][%[[PID]]] {{.*}} loc(#[[LOAD_A]])
# CHECK: %[[Y:.*]] = tile.load
# CHECK: %[[Z:.*]] = tile.add %[[X]], %[[Y]] promote cutile : !tile.tile<1024xf32> loc(#[[ADD:loc[0-9]+]])
# CHECK: tile.store %[[Z]], %{{.*}}[%[[PID]]] {{.*}} loc(#[[STORE:loc[0-9]+]])
# CHECK-DAG: #[[BID]] = loc("{{.*}}translate.py":36:11)
# CHECK-DAG: #[[LOAD_A]] = loc("{{.*}}translate.py":37:9)
# CHECK-DAG: #[[ADD]] = loc("{{.*}}translate.py":39:36)
# CHECK-DAG: #[[STORE]] = loc("{{.*}}translate.py":39:5)

ptx = ptx_of(vector_add, f32(1), f32(1), f32(1), cc.ConstantConstraint(1024))
print([l for l in ptx.splitlines() if l.startswith(".target") or ".entry" in l])
# CHECK: ['.target sm_90a', '.visible .entry vector_add(']


# A softmax over rows with a loop over column tiles: loop-carried tiles,
# loose constants, reductions and broadcasting.
@ct.kernel
def row_softmax(x, y, n_tiles: ct.Constant[int], width: ct.Constant[int]):
    row = ct.bid(0)
    peak = ct.full((1, 1), -float("inf"), dtype=ct.float32)
    for j in range(n_tiles):
        t = ct.load(x, index=(row, j), shape=(1, width), padding_mode=ct.PaddingMode.NEG_INF)
        peak = ct.maximum(peak, ct.max(t, axis=1, keepdims=True))
    total = ct.zeros((1, 1), dtype=ct.float32)
    for j in range(n_tiles):
        t = ct.load(x, index=(row, j), shape=(1, width), padding_mode=ct.PaddingMode.NEG_INF)
        total += ct.sum(ct.exp(t - peak), axis=1, keepdims=True)
    for j in range(n_tiles):
        t = ct.load(x, index=(row, j), shape=(1, width), padding_mode=ct.PaddingMode.NEG_INF)
        ct.store(y, index=(row, j), tile=ct.exp(t - peak) / total)


print(ir_of(row_softmax, f32(2), f32(2), cc.ConstantConstraint(4), cc.ConstantConstraint(256)))
# CHECK-LABEL: gpu.module @row_softmax
# CHECK-NOT: tile.num_warps
# CHECK: tile.make_view {{.*}} -> !tile.view<1x256, !tile.array<?x?xf32, strides [?, 1]>, padding neg_inf>
# CHECK: %[[INIT:.*]] = tile.constant dense<0xFF800000> : !tile.tile<1x1xf32>
# CHECK: %[[PEAK:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[P:.*]] = %[[INIT]]) -> (!tile.tile<1x1xf32>)
# CHECK: tile.from_scalar
# CHECK: tile.reduce max %{{.*}} axes [1] keepdims
# CHECK: tile.maximum %[[P]], %{{.*}} promote cutile
# CHECK: tile.sub %{{.*}}, %[[PEAK]] promote cutile : !tile.tile<1x256xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x256xf32>
# CHECK: tile.math exp
# CHECK: tile.div {{.*}} promote cutile : !tile.tile<1x256xf32>, !tile.tile<1x1xf32> -> !tile.tile<1x256xf32>

ptx = ptx_of(row_softmax, f32(2), f32(2), cc.ConstantConstraint(4), cc.ConstantConstraint(256))
print(".entry row_softmax" in ptx)
# CHECK: True


# Helpers are inlined; if/else on a runtime condition merges tiles;
# compile-time conditions fold; Python ints take the tile's dtype.
def scale(t, factor):
    return t * factor


@ct.kernel
def branches(a, b, flag, use_scale: ct.Constant[bool]):
    pid = ct.bid(0)
    t = ct.load(a, index=(pid,), shape=(128,))
    if use_scale:
        t = scale(t, 2)
    if flag > 0:
        t = t + 1
    else:
        t = t - ct.arange(128, dtype=ct.int16)
    ct.store(b, index=(pid,), tile=t)


print(ir_of(branches, cc.ArrayConstraint(ct.int16, 1), cc.ArrayConstraint(ct.int16, 1),
            cc.ScalarConstraint(ct.int32), cc.ConstantConstraint(True)))
# CHECK-LABEL: gpu.module @branches
# CHECK: gpu.func @branches({{.*}}, %[[FLAG:.*]]: !tile.tile<si32> loc({{.*}})) kernel
# CHECK: %[[TWO:.*]] = tile.literal 2 loc(#[[SCALE:loc[0-9]+]])
# CHECK: tile.mul %{{.*}}, %[[TWO]] promote cutile : !tile.tile<128xsi16>, !tile.loose_int -> !tile.tile<128xsi16>
# CHECK: %[[COND:.*]] = tile.cmp gt %[[FLAG]]
# CHECK: %[[C:.*]] = tile.to_scalar %[[COND]] : !tile.tile<i1> -> i1
# CHECK: scf.if %[[C]] -> (!tile.tile<128xsi16>)
# CHECK: tile.iota : !tile.tile<128xsi16>
# CHECK: tile.sub {{.*}} promote cutile : !tile.tile<128xsi16>
# The helper's operation has the helper's line.
# CHECK: #[[SCALE]] = loc("{{.*}}translate.py":101:12)

# (PTX of the softmax's exp needs libdevice.)
# REQUIRES: libdevice
