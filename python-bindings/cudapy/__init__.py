"""cudapy: compile MLIR GPU kernels to PTX from Python.

A thin ctypes layer over the cudapy C API (libcudapy-c.so). The library is
found as cudapy/_libraries.py says: $CUDAPY_LIBRARY_PATH (a file or a folder),
the libraries a wheel installed, a build tree, an install prefix, then the
system loader path.

    import cudapy
    compiled = cudapy.compile(mlir_text, chip="sm_90")
    compiled.ptx                 # the PTX text of the only gpu.module
    compiled.metadata["kernels"] # kernel names, parameters, shared memory …
"""

_CAPI_NAMES = ("CompileError", "CompiledModule", "Diagnostic", "Output", "api_version",
               "compile", "library_path")


def __getattr__(name):
    # The compiler library (libcudapy-c.so, MLIR and LLVM) loads on first
    # use: a frontend launching from its disk cache never needs it.
    if name in _CAPI_NAMES:
        from . import _capi
        return getattr(_capi, name)
    raise AttributeError("module 'cudapy' has no attribute %r" % name)


__all__ = [
    "CompileError",
    "CompiledModule",
    "Diagnostic",
    "Output",
    "api_version",
    "compile",
    "library_path",
]
