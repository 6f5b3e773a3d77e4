//===- SimtTypes.td - simt dialect types -------------------*- tablegen -*-===//

#ifndef CUDAPY_SIMT_TYPES_TD
#define CUDAPY_SIMT_TYPES_TD

include "dialects/Simt/IR/SimtDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Simt_AtomicRefType : TypeDef<Simt_Dialect, "AtomicRef"> {
  let mnemonic = "atomic_ref";
  let summary = "An `AtomicInterface`: a reference to an object of `dtype`";
  let description = [{
    What `atomic_ref(array, index)` returns (spec, "Atomics"): the address
    of an object of `dtype` in memory, accessed atomically by the
    `simt.atomic_*` ops. It lives in registers as a generic pointer; the
    user keeps the array alive while it is used (a User Requirement).

    ```mlir
    !simt.atomic_ref<si32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$dtype);
  let assemblyFormat = "`<` $dtype `>`";
}

#endif // CUDAPY_SIMT_TYPES_TD
