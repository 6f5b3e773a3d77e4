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

#endif // CUDAPY_PY_PASSES_TD
