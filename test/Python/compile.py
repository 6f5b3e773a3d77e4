# The ctypes bindings compile MLIR text to PTX and metadata, and turn a failed
# compile into CompileError with located diagnostics.
# RUN: %python %s | FileCheck %s

import os

import cudapy

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "examples")

print("api", cudapy.api_version())
# CHECK: api 200

with open(os.path.join(examples, "vector_add.mlir")) as f:
    compiled = cudapy.compile(f.read(), source_name="vector_add.mlir", chip="sm_80")
lines = compiled.ptx.splitlines()
print([l for l in lines if l.startswith(".version") or l.startswith(".target")])
# CHECK-NEXT: ['.version 7.0', '.target sm_80']
kernel = compiled.metadata["kernels"][0]
print(kernel["name"], kernel["chip"], len(kernel["params"]),
      sum(p["size"] for p in kernel["params"]), kernel["max_threads_per_block"])
# CHECK-NEXT: vector_add sm_80 16 128 None
print(compiled.outputs[0].module, compiled.diagnostics)
# CHECK-NEXT: vector_add []

lowered = cudapy.compile(open(os.path.join(examples, "block_sum.mlir")).read(),
                         emit="mlir", timing=True)
print("llvm.func @block_sum" in lowered.ptx, "Total Execution Time" in lowered.timing)
# CHECK-NEXT: True True

try:
    cudapy.compile("module {\n  func.func @f() {\n    %0 = arith.addi : i32\n  }\n}\n",
                   source_name="bad.mlir")
except cudapy.CompileError as error:
    for diagnostic in error.diagnostics:
        print(diagnostic)
# CHECK-NEXT: bad.mlir:3:{{[0-9]+}}: error: {{.+}}

try:
    cudapy.compile("module {}", opt_level="fast")
except ValueError as error:
    print("ValueError:", error)
# CHECK-NEXT: ValueError: compile option 'opt_level' must be 0, 1, 2 or 3
