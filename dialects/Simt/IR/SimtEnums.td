//===- SimtEnums.td - simt dialect enumerations ------------*- tablegen -*-===//

#ifndef CUDAPY_SIMT_ENUMS_TD
#define CUDAPY_SIMT_ENUMS_TD

include "mlir/IR/EnumAttr.td"

def Simt_DimAttr : I32EnumAttr<"Dim", "a dimension of a Dim3", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>]> {
  let cppNamespace = "::cudapy::simt";
}

// Spec, "Memory Orderings" (C++'s std::memory_order).
def Simt_MemoryOrderAttr : I32EnumAttr<"MemoryOrder", "a memory ordering", [
    I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"consume", 1>,
    I32EnumAttrCase<"acquire", 2>, I32EnumAttrCase<"release", 3>,
    I32EnumAttrCase<"acq_rel", 4>, I32EnumAttrCase<"seq_cst", 5>]> {
  let cppNamespace = "::cudapy::simt";
}

// Spec, "Thread Scopes" (cuda::thread_scope).
def Simt_ThreadScopeAttr : I32EnumAttr<"ThreadScope", "a thread scope", [
    I32EnumAttrCase<"system", 0>, I32EnumAttrCase<"device", 1>,
    I32EnumAttrCase<"block", 2>, I32EnumAttrCase<"thread", 3>]> {
  let cppNamespace = "::cudapy::simt";
}

def Simt_OrderAttr : I32EnumAttr<"Order", "an array's memory order", [
    I32EnumAttrCase<"C", 0>, I32EnumAttrCase<"F", 1>]> {
  let cppNamespace = "::cudapy::simt";
}

#endif // CUDAPY_SIMT_ENUMS_TD
