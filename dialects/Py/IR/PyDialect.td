//===- PyDialect.td - the py dialect -----------------------*- tablegen -*-===//

#ifndef CUDAPY_PY_DIALECT_TD
#define CUDAPY_PY_DIALECT_TD

include "mlir/IR/OpBase.td"

def Py_Dialect : Dialect {
  let name = "py";
  let cppNamespace = "::cudapy::py";
  let summary = "Python heterogeneous types and objects with their CUDA C++ machine representation";
  let description = [{
    The cuda-device spec's "Python Heterogeneous Programming" and "Python and
    CUDA C++" sections, with the typing and arithmetic rules of NumbaPro's
    CUDA Python v0.2 as a second promotion policy.

    Types. The builtin numbers `!py.bool`, `!py.int`, `!py.float` and
    `!py.complex` are Python scalars: their machine formats are `bool`,
    `int32_t`, `float` and `complex<float>`, and they are *weakly typed* — when
    one meets a fixed-format number the promotion policy decides, and under
    the Array API it adopts the other operand's type. Fixed-format numbers are
    MLIR's builtin types, which already mean the same thing: `i1` (the bool
    dtype), `si8`…`si64`, `ui8`…`ui64` (signedness is part of the type),
    `f16`, `bf16`, `f32`, `f64`, `f8E4M3FN` (`__nv_fp8_e4m3`), `f8E5M2`
    (`__nv_fp8_e5m2`), `complex<f32>` and `complex<f64>`. Heterogeneous
    tuples are builtin `tuple<...>`. The dialect adds vectors
    (`!py.vector<4 x f32>`, CUDA's `float4`), `@struct` types, `None`,
    slices and arrays (`!py.array<f32, 2>`, the
    `interoperable_array_descriptor`).

    Operations follow Python semantics (floor division, the sign of `%`,
    `**`); operands of arithmetic may have different types (the *implicit*
    form) and `py-legalize` makes every conversion an explicit `py.cast`
    (the *explicit* form), which `convert-py-to-llvm` lowers. The rules live in
    one library (`PyPromotion.h`) that verifiers, type inference, the pass and
    the C API share.
  }];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["mlir::complex::ComplexDialect"];
  let extraClassDeclaration = [{
    void registerTypes();

    /// Argument attribute of a `ConstExpr` parameter (cuda-device spec,
    /// "Constant Expressions").
    static llvm::StringRef getConstExprAttrName() { return "py.constexpr"; }
  }];
}

class Py_Op<string mnemonic, list<Trait> traits = []>
    : Op<Py_Dialect, mnemonic, traits>;

#endif // CUDAPY_PY_DIALECT_TD
