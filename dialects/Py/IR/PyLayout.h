//===- PyLayout.h - machine representation of py types ----------*- C++ -*-===//
//
// Size and alignment of every heterogeneous type as CUDA C++ lays out the
// corresponding type (cuda-device spec, "Python and CUDA C++"), and the
// offsets of aggregate members. The lowering builds LLVM types from these
// numbers, so the two never disagree; test/Dialect/Py/abi-nvcc.test checks
// them against nvcc.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYLAYOUT_H
#define CUDAPY_DIALECTS_PY_IR_PYLAYOUT_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace cudapy::py {

struct MachineLayout {
  uint64_t size = 0;
  uint64_t align = 1;
};

/// The layout of a heterogeneous type's machine representation.
MachineLayout getMachineLayout(mlir::Type type);

/// The member types of an aggregate in order: a tuple's elements, a struct's
/// fields, a vector's elements and a complex number's two parts. Empty for
/// scalars and arrays (an array descriptor is a pointer at offset 0, then
/// `shape` at 8 and `strides` at 8 + 8·ndim).
llvm::SmallVector<mlir::Type> getAggregateMembers(mlir::Type type);

/// Byte offsets of the members `getAggregateMembers` lists.
llvm::SmallVector<uint64_t> getMemberOffsets(mlir::Type type);

/// Whether CUDA C++ passes the type as a class object (a `.param .align A
/// .b8 p[size]` byte array in PTX) rather than as a scalar register: true
/// for everything but bool, the integers, float, double and None (`void*`).
/// `__half`, `__nv_bfloat16` and the fp8 types are classes in CUDA C++.
bool isPassedAsAggregate(mlir::Type type);

/// Whether a CUDA C++ *device function* takes and returns the type through a
/// pointer (the Itanium C++ ABI's rule for classes that are not trivially
/// copyable): `__half2` and `__nv_bfloat162`, the vectors of two f16 or
/// bf16. Kernels copy every parameter as bytes regardless.
bool isPassedIndirectly(mlir::Type type);

} // namespace cudapy::py

#endif // CUDAPY_DIALECTS_PY_IR_PYLAYOUT_H
