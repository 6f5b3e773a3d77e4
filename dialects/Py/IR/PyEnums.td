//===- PyEnums.td - py dialect enumerations ----------------*- tablegen -*-===//

#ifndef CUDAPY_PY_ENUMS_TD
#define CUDAPY_PY_ENUMS_TD

include "dialects/Py/IR/PyDialect.td"
include "mlir/IR/EnumAttr.td"

def Py_PromotionPolicyAttr : I32EnumAttr<"PromotionPolicy",
    "the rules that type mixed-type arithmetic", [
      I32EnumAttrCase<"ArrayAPI", 0, "array_api">,
      I32EnumAttrCase<"NumbaPro", 1, "numbapro">]> {
  let cppNamespace = "::cudapy::py";
}

def Py_CmpPredicateAttr : I32EnumAttr<"CmpPredicate",
    "a Python comparison operator", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::cudapy::py";
}

#endif // CUDAPY_PY_ENUMS_TD
