//===- Passes.td - cudapy conversion passes ----------------*- tablegen -*-===//

#ifndef CUDAPY_CONVERSION_PASSES_TD
#define CUDAPY_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertPyToLLVMPass : Pass<"convert-py-to-llvm"> {
  let summary = "Lower the explicit form of the py dialect to arith, math, "
                "complex, scf and llvm";
  let description = [{
    Runs after `py-legalize`. Numbers become signless integers, floats and
    `complex` values (a bool is an `i1` in registers and a byte in memory);
    vectors, structs and tuples become packed LLVM structs with explicit
    padding laid out as CUDA C++ lays out the corresponding class
    (`PyLayout.h`); arrays become the `interoperable_array_descriptor`
    `{ptr, [ndim x i64], [ndim x i64]}`; `None` is a null pointer.

    `py.kernel` becomes an `llvm.func` with `nvvm.kernel`, `py.func` an
    `llvm.func`. Kernels and interoperable functions get CUDA C++'s ABI: a
    parameter CUDA C++ passes as a class object (f16, bf16, fp8, complex,
    vectors, structs, tuples, arrays) is a `byval` pointer with the class's
    alignment, a bool is a byte. Kernels carry `cudapy.signature` for the
    kernel metadata.

    With `bounds-check`, array and vector indices outside their extent, zero
    slice steps and reshapes or views of memory that does not fit call
    `__assertfail` with the source location (the kernel traps, as CUDA C++'s
    `assert`).
  }];
  let options = [
    Option<"boundsCheck", "bounds-check", "bool", /*default=*/"false",
           "Trap with the source location on out-of-range indices">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
    "mlir::complex::ComplexDialect", "mlir::math::MathDialect",
    "mlir::scf::SCFDialect", "mlir::NVVM::NVVMDialect",
  ];
}

#endif // CUDAPY_CONVERSION_PASSES_TD
