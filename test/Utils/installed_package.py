"""Run by test/Tools/install/pip.test with the Python of a venv that cudapy
was pip-installed into, from outside the repository: says where the package
and its two libraries were found (relative to the venv), then runs the
repository's two vector-add examples (cudapy.device and cudapy.tile) as
their `run` functions launch them. Against the CPU stand-in for
libcuda.so.1, a launch compiles, loads and records the grid and block."""

import ctypes
import importlib.util
import os
import sys

import cudapy
from cudapy import runtime

root = sys.argv[1]


def where(path):
    path = os.path.realpath(path)
    prefix = os.path.realpath(sys.prefix)
    return os.path.relpath(path, prefix) if path.startswith(prefix + os.sep) else path


def example(name, path):
    spec = importlib.util.spec_from_file_location(name, os.path.join(root, "examples", path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def last_launch():
    fake = ctypes.CDLL("libcuda.so.1")
    grid, block = (ctypes.c_uint * 3)(), (ctypes.c_uint * 3)()
    shared, params = ctypes.c_uint(), ctypes.POINTER(ctypes.c_void_p)()
    fake.fakeCudaLastLaunch(grid, block, ctypes.byref(shared), ctypes.byref(params))
    return tuple(grid), tuple(block)


print("package", where(cudapy.__file__))
print("compiler", where(cudapy.library_path))
print("runtime", where(runtime._lib._name))

class Array:
    """5000 float32s of device memory, as __cuda_array_interface__."""

    def __init__(self, memory):
        self.memory, self.shape = memory, (5000,)
        self.__cuda_array_interface__ = {
            "shape": self.shape, "strides": None, "typestr": "<f4", "version": 3,
            "data": (memory.__cuda_array_interface__["data"][0], False)}

    def __len__(self):
        return self.shape[0]


dev = runtime.Device(0)
a, b, c = (Array(dev.empty((5000,))) for _ in range(3))
example("simt_vector_add", "python/simt/vector_add.py").run(a, b, c)
print("simt vector_add: grid %s block %s" % last_launch())
example("tile_vector_add", "python/tile/vector_add.py").run(a, b, c)
print("tile vector_add: grid %s block %s" % last_launch())
