# Every Python tile example (examples/python/tile) and the GPU test's extra
# kernel compile through cudapy.tile to PTX for sm_90a and sm_80 without a
# GPU, and ptxas accepts the PTX.
# REQUIRES: ptxas, libdevice
# RUN: %python %s %t %ptxas | FileCheck %s

import os
import subprocess
import sys

import cudapy.tile as ct
from cudapy.tile import compilation as cc

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
sys.path.insert(0, os.path.join(root, "examples", "python", "tile"))

import attention  # noqa: E402
import attention_backward  # noqa: E402
import attention_decode  # noqa: E402
import batch_matmul  # noqa: E402
import embedding  # noqa: E402
import fp8_matmul  # noqa: E402
import layernorm  # noqa: E402
import matmul  # noqa: E402
import matmul_epilogue  # noqa: E402
import row_sum  # noqa: E402
import softmax  # noqa: E402
import transpose  # noqa: E402
import vector_add  # noqa: E402

out, ptxas = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)


def array(dtype, rank):
    return cc.ArrayConstraint(dtype, rank, base_addr_divisible_by=16, stride_divisible_by=16)


def K(value):
    return cc.ConstantConstraint(value)


f32, f16, bf16, i32 = ct.float32, ct.float16, ct.bfloat16, ct.int32
e4m3 = ct.float8_e4m3fn
cases = [
    (vector_add.vector_add, [array(f32, 1)] * 3 + [K(1024)]),
    (vector_add.vector_add, [array(f16, 1)] * 3 + [K(2048)]),
    (softmax.softmax, [array(f32, 2)] * 2 + [K(1024)]),
    (layernorm.layernorm, [array(f32, 2), array(f32, 1), array(f32, 1), array(f32, 2),
                           cc.ScalarConstraint(f32), K(1024)]),
    (layernorm.layernorm_row, [array(f16, 2), array(f16, 1), array(f16, 1), array(f16, 2),
                               cc.ScalarConstraint(f32), K(1024)]),
    (row_sum.row_sum, [array(f32, 2), array(f32, 1), K(16), K(256)]),
    (transpose.transpose, [array(f32, 2)] * 2 + [K(64), K(64)]),
    (embedding.embedding, [array(i32, 1), array(f32, 2), array(f32, 2), K(16), K(128)]),
    (matmul.matmul, [array(f16, 2)] * 3 + [K(128), K(128), K(64)]),
    (batch_matmul.batch_matmul, [array(f16, 3)] * 3 + [K(128), K(128), K(64)]),
    (matmul_epilogue.matmul_bias_act, [array(f16, 2), array(f16, 2), array(f16, 1),
                                       array(f16, 2), K("gelu"), K(128), K(128), K(64)]),
    (matmul_epilogue.matmul_bias_act, [array(f16, 2), array(f16, 2), array(f16, 1),
                                       array(f16, 2), K("relu"), K(128), K(128), K(64)]),
    (fp8_matmul.fp8_matmul, [array(e4m3, 2)] * 2 + [array(bf16, 2), cc.ScalarConstraint(f32),
                                                    cc.ScalarConstraint(f32), K(128), K(128),
                                                    K(64)]),
    (fp8_matmul.fp8_matmul_nt, [array(e4m3, 2)] * 2 + [array(bf16, 2), cc.ScalarConstraint(f32),
                                                       cc.ScalarConstraint(f32), K(128), K(128),
                                                       K(64)]),
    (attention.attention, [array(f16, 3)] * 4 + [cc.ScalarConstraint(f32), K(64), K(128), K(64),
                                                 K(True)]),
    (matmul.matmul, [array(bf16, 2)] * 3 + [K(128), K(128), K(64)]),
    (matmul.matmul_tf32, [array(f32, 2)] * 3 + [K(128), K(128), K(32)]),
    (attention_backward.attention_lse, [array(f16, 3)] * 4 + [array(f32, 2),
                                                              cc.ScalarConstraint(f32), K(64),
                                                              K(128), K(64), K(True)]),
    (attention_backward.attention_dkdv, [array(f16, 3)] * 4 + [array(f32, 2)] * 2 +
     [array(f16, 3)] * 2 + [cc.ScalarConstraint(f32), K(64), K(64), K(128), K(True)]),
    (attention_backward.attention_dq, [array(bf16, 3)] * 4 + [array(f32, 2)] * 2 +
     [array(bf16, 3), cc.ScalarConstraint(f32), K(128), K(64), K(64), K(False)]),
    (attention_decode.attention_decode_split, [array(f16, 4)] * 3 + [array(f32, 5),
                                                                    array(f32, 4),
                                                                    cc.ScalarConstraint(f32),
                                                                    K(128), K(8), K(128), K(4)]),
    (attention_decode.attention_decode_combine, [array(f32, 5), array(f32, 4), array(f16, 4),
                                                 K(128), K(16)]),
]
for kernel, params in cases:
    signature = cc.KernelSignature(params, cc.CallingConvention.cutile_python_v1())
    for chip in ("sm_90a", "sm_80"):
        path = os.path.join(out, "%s_%s.ptx" % (kernel.__name__, chip))
        cc.export_kernel(kernel, [signature], path, gpu_code=chip, output_format="ptx")
        checked = subprocess.run([ptxas, "--gpu-name", chip, path, "-o", os.devnull],
                                 capture_output=True, text=True)
        with open(path + ".json") as handle:
            import json
            metadata = json.load(handle)
        print(kernel.__name__, chip, "ptxas", "ok" if checked.returncode == 0 else
              checked.stderr, "threads", metadata["kernels"][0]["max_threads_per_block"])
# CHECK: vector_add sm_90a ptxas ok threads 128
# CHECK: vector_add sm_80 ptxas ok threads 128
# CHECK: vector_add sm_90a ptxas ok threads 128
# CHECK: vector_add sm_80 ptxas ok threads 128
# CHECK: softmax sm_90a ptxas ok threads 32
# CHECK: softmax sm_80 ptxas ok threads 32
# CHECK: layernorm sm_90a ptxas ok threads 32
# CHECK: layernorm sm_80 ptxas ok threads 32
# CHECK: layernorm_row sm_90a ptxas ok threads 32
# CHECK: layernorm_row sm_80 ptxas ok threads 32
# CHECK: row_sum sm_90a ptxas ok threads 128
# CHECK: row_sum sm_80 ptxas ok threads 128
# CHECK: transpose sm_90a ptxas ok threads 512
# CHECK: transpose sm_80 ptxas ok threads 512
# CHECK: embedding sm_90a ptxas ok threads 256
# CHECK: embedding sm_80 ptxas ok threads 256
# CHECK: matmul sm_90a ptxas ok threads 256
# CHECK: matmul sm_80 ptxas ok threads 256
# CHECK: batch_matmul sm_90a ptxas ok threads 256
# CHECK: batch_matmul sm_80 ptxas ok threads 256
# CHECK: matmul_bias_act sm_90a ptxas ok threads 256
# CHECK: matmul_bias_act sm_80 ptxas ok threads 256
# CHECK: matmul_bias_act sm_90a ptxas ok threads 256
# CHECK: matmul_bias_act sm_80 ptxas ok threads 256
# CHECK: fp8_matmul sm_90a ptxas ok threads 256
# CHECK: fp8_matmul sm_80 ptxas ok threads 256
# CHECK: fp8_matmul_nt sm_90a ptxas ok threads 256
# CHECK: fp8_matmul_nt sm_80 ptxas ok threads 256
# CHECK: attention sm_90a ptxas ok threads 128
# CHECK: attention sm_80 ptxas ok threads 128
# CHECK: matmul sm_90a ptxas ok threads 256
# CHECK: matmul sm_80 ptxas ok threads 256
# CHECK: matmul_tf32 sm_90a ptxas ok threads 256
# CHECK: matmul_tf32 sm_80 ptxas ok threads 256
# CHECK: attention_lse sm_90a ptxas ok threads 128
# CHECK: attention_lse sm_80 ptxas ok threads 128
# CHECK: attention_dkdv sm_90a ptxas ok threads 256
# CHECK: attention_dkdv sm_80 ptxas ok threads 256
# CHECK: attention_dq sm_90a ptxas ok threads 128
# CHECK: attention_dq sm_80 ptxas ok threads 128
# CHECK: attention_decode_split sm_90a ptxas ok threads 128
# CHECK: attention_decode_split sm_80 ptxas ok threads 128
# CHECK: attention_decode_combine sm_90a ptxas ok threads
# CHECK: attention_decode_combine sm_80 ptxas ok threads
