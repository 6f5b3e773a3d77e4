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

// The read-modify-write operations of AtomicInterface (spec, "Atomics").
def Simt_AtomicKindAttr : I32EnumAttr<"AtomicKind", "an atomic operation", [
    I32EnumAttrCase<"exch", 0>, I32EnumAttrCase<"add", 1>,
    I32EnumAttrCase<"sub", 2>, I32EnumAttrCase<"and_", 3, "and">,
    I32EnumAttrCase<"or_", 4, "or">, I32EnumAttrCase<"xor_", 5, "xor">,
    I32EnumAttrCase<"max", 6>, I32EnumAttrCase<"min", 7>,
    I32EnumAttrCase<"nanmax", 8>, I32EnumAttrCase<"nanmin", 9>]> {
  let cppNamespace = "::cudapy::simt";
}

#endif // CUDAPY_SIMT_ENUMS_TD
