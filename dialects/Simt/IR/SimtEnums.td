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

// The read-modify-write operations of AtomicInterface (spec, "Atomics"),
// and CUDA's wrapping increment and decrement (atomicInc/atomicDec, which
// the numba.cuda spelling's cuda.atomic.inc/dec name).
def Simt_AtomicKindAttr : I32EnumAttr<"AtomicKind", "an atomic operation", [
    I32EnumAttrCase<"exch", 0>, I32EnumAttrCase<"add", 1>,
    I32EnumAttrCase<"sub", 2>, I32EnumAttrCase<"and_", 3, "and">,
    I32EnumAttrCase<"or_", 4, "or">, I32EnumAttrCase<"xor_", 5, "xor">,
    I32EnumAttrCase<"max", 6>, I32EnumAttrCase<"min", 7>,
    I32EnumAttrCase<"nanmax", 8>, I32EnumAttrCase<"nanmin", 9>,
    I32EnumAttrCase<"inc", 10>, I32EnumAttrCase<"dec", 11>]> {
  let cppNamespace = "::cudapy::simt";
}

// The Python math module functions simt.math computes (CUDA C++'s math
// library semantics, NumbaPro's "math functions").
def Simt_MathFunctionAttr : I32EnumAttr<"MathFunction", "a math module function", [
    I32EnumAttrCase<"acos", 0>, I32EnumAttrCase<"acosh", 1>, I32EnumAttrCase<"asin", 2>,
    I32EnumAttrCase<"asinh", 3>, I32EnumAttrCase<"atan", 4>, I32EnumAttrCase<"atanh", 5>,
    I32EnumAttrCase<"cbrt", 6>, I32EnumAttrCase<"ceil", 7>, I32EnumAttrCase<"cos", 8>,
    I32EnumAttrCase<"cosh", 9>, I32EnumAttrCase<"degrees", 10>, I32EnumAttrCase<"erf", 11>,
    I32EnumAttrCase<"erfc", 12>, I32EnumAttrCase<"exp", 13>, I32EnumAttrCase<"exp2", 14>,
    I32EnumAttrCase<"expm1", 15>, I32EnumAttrCase<"fabs", 16>, I32EnumAttrCase<"floor", 17>,
    I32EnumAttrCase<"gamma", 18>, I32EnumAttrCase<"lgamma", 19>, I32EnumAttrCase<"log", 20>,
    I32EnumAttrCase<"log10", 21>, I32EnumAttrCase<"log1p", 22>, I32EnumAttrCase<"log2", 23>,
    I32EnumAttrCase<"radians", 24>, I32EnumAttrCase<"sin", 25>, I32EnumAttrCase<"sinh", 26>,
    I32EnumAttrCase<"sqrt", 27>, I32EnumAttrCase<"tan", 28>, I32EnumAttrCase<"tanh", 29>,
    I32EnumAttrCase<"trunc", 30>, I32EnumAttrCase<"atan2", 31>, I32EnumAttrCase<"copysign", 32>,
    I32EnumAttrCase<"fmod", 33>, I32EnumAttrCase<"hypot", 34>, I32EnumAttrCase<"ldexp", 35>,
    I32EnumAttrCase<"nextafter", 36>, I32EnumAttrCase<"pow", 37>, I32EnumAttrCase<"remainder", 38>,
    I32EnumAttrCase<"isfinite", 39>, I32EnumAttrCase<"isinf", 40>, I32EnumAttrCase<"isnan", 41>]> {
  let cppNamespace = "::cudapy::simt";
}

#endif // CUDAPY_SIMT_ENUMS_TD
