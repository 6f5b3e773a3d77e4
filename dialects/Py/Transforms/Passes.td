//===- Passes.td - py dialect passes -----------------------*- tablegen -*-===//

#ifndef CUDAPY_PY_PASSES_TD
#define CUDAPY_PY_PASSES_TD

include "mlir/Pass/PassBase.td"

def PyLegalizePass : Pass<"py-legalize"> {
  let summary = "Make every implicit conversion of py ops an explicit py.cast";
  let description = [{
    Rewrites the *implicit* form (operands of different number types, values
    stored into elements of another type) into the *explicit* form that
    `convert-py-to-llvm` lowers: each operand is converted to the type the
    op's promotion policy computes in (`PyPromotion.h`), so afterwards both
    operands of every binary op have one type, stored values have the
    element's type, and vector constructors get elements of the dtype. A
    Python `int` literal that does not fit the type it adopts is an error
    (the Array API requires the scalar to be within the dtype's bounds).

    ```mlir
    // before
    %r = py.add %a, %c3 : si8, !py.int -> si8
    // after
    %0 = py.cast %c3 : !py.int to si8
    %r = py.add %a, %0 : si8, si8 -> si8
    ```
  }];
  let dependentDialects = ["cudapy::py::PyDialect"];
}

def PySpecializeConstExprPass : Pass<"py-specialize-constexpr"> {
  let summary = "Clone functions for the constant arguments of their "
                "ConstExpr parameters";
  let description = [{
    cuda-device spec, "Constant Expressions": a `ConstExpr` parameter
    (`py.constexpr` argument attribute) receives a value known when the code
    is compiled. For each `py.call` that passes constants to such
    parameters, the callee is cloned once per distinct set of constants —
    the clone has those parameters replaced by `py.constant`s and removed
    from its signature — and the call goes to the clone. Clones are named
    `<callee>__ce<N>`. Calls inside clones are specialized in turn; a
    function left without callers that still has ConstExpr parameters is
    erased unless it is a kernel (a JIT specializes kernels for their launch
    arguments with `cudapy::py::specializeConstExpr`, or
    `cudapyPySpecializeFunction` in C).

    ```mlir
    // before
    py.func @scale(%x: f32, %k: !py.int {py.constexpr}) -> f32 { ... }
    %r = py.call @scale(%x, %c2) : (f32, !py.int) -> f32
    // after
    py.func @scale__ce0(%x: f32) -> f32 { %k = py.constant 2 : !py.int ... }
    %r = py.call @scale__ce0(%x) : (f32) -> f32
    ```
  }];
  let dependentDialects = ["cudapy::py::PyDialect"];
}

def PyCheckDeviceOnlyPass : Pass<"py-check-device-only", "mlir::ModuleOp"> {
  let summary = "Device-only py entities must be in device code";
  let description = [{
    cuda-device spec, "Device Only Entities": device-only entities shall
    not be used in host code; a kernel function is device only. Device code
    is what a `gpu.module` holds, so a `py.kernel` outside every gpu.module
    is an error (the pipeline would otherwise leave it uncompiled).
  }];
}

#endif // CUDAPY_PY_PASSES_TD
