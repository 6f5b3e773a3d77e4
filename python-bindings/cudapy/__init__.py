"""cudapy: compile MLIR GPU kernels to PTX from Python.

A thin ctypes layer over the cudapy C API (libcudapy-c.so). The library is
found through $CUDAPY_LIBRARY_PATH (a file or a folder), then next to a build
tree (build/lib), then through the system's loader path.

    import cudapy
    compiled = cudapy.compile(mlir_text, chip="sm_90")
    compiled.ptx                 # the PTX text of the only gpu.module
    compiled.metadata["kernels"] # kernel names, parameters, shared memory …
"""

from ._capi import (
    CompileError,
    CompiledModule,
    Diagnostic,
    Output,
    api_version,
    compile,
    library_path,
)

__all__ = [
    "CompileError",
    "CompiledModule",
    "Diagnostic",
    "Output",
    "api_version",
    "compile",
    "library_path",
]
