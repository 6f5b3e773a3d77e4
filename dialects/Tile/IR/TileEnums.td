//===- TileEnums.td - tile dialect enumerations ------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_ENUMS_TD
#define CUDAPY_TILE_ENUMS_TD

include "mlir/IR/EnumAttr.td"

// cuTile Python "Rounding Modes"; Tile C++ "Rounding Mode".
def Tile_RoundingModeAttr : I32EnumAttr<"RoundingMode", "a rounding mode", [
    I32EnumAttrCase<"rn", 0>, I32EnumAttrCase<"rz", 1>,
    I32EnumAttrCase<"rm", 2>, I32EnumAttrCase<"rp", 3>,
    I32EnumAttrCase<"full", 4>, I32EnumAttrCase<"approx", 5>,
    I32EnumAttrCase<"rzi", 6>]> {
  let cppNamespace = "::cudapy::tile";
}

// cuTile Python "Padding Modes"; Tile C++ "View Padding".
def Tile_PaddingModeAttr : I32EnumAttr<"PaddingMode", "a view's padding", [
    I32EnumAttrCase<"undetermined", 0>, I32EnumAttrCase<"zero", 1>,
    I32EnumAttrCase<"neg_zero", 2>, I32EnumAttrCase<"nan", 3>,
    I32EnumAttrCase<"pos_inf", 4>, I32EnumAttrCase<"neg_inf", 5>]> {
  let cppNamespace = "::cudapy::tile";
}

// The implicit form's promotion policies (docs/Tile.md, "Two forms").
def Tile_PromotionPolicyAttr : I32EnumAttr<"PromotionPolicy",
    "a dtype promotion policy", [
    I32EnumAttrCase<"cutile", 0>, I32EnumAttrCase<"tilecpp", 1>,
    I32EnumAttrCase<"array_api", 2>]> {
  let cppNamespace = "::cudapy::tile";
}

def Tile_CmpPredicateAttr : I32EnumAttr<"CmpPredicate", "a comparison", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
    I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::cudapy::tile";
}

// The built-in combiners of reductions and scans.
def Tile_ReduceKindAttr : I32EnumAttr<"ReduceKind", "a reduction", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>,
    I32EnumAttrCase<"and_", 4, "and">, I32EnumAttrCase<"or_", 5, "or">,
    I32EnumAttrCase<"xor_", 6, "xor">]> {
  let cppNamespace = "::cudapy::tile";
}

// Elementwise functions of one floating-point tile (cuTile's math
// functions; Tile C++'s math operations).
def Tile_UnaryFunctionAttr : I32EnumAttr<"UnaryFunction", "a math function", [
    I32EnumAttrCase<"exp", 0>, I32EnumAttrCase<"exp2", 1>,
    I32EnumAttrCase<"log", 2>, I32EnumAttrCase<"log2", 3>,
    I32EnumAttrCase<"log10", 4>, I32EnumAttrCase<"log1p", 5>,
    I32EnumAttrCase<"expm1", 6>, I32EnumAttrCase<"sqrt", 7>,
    I32EnumAttrCase<"rsqrt", 8>, I32EnumAttrCase<"sin", 9>,
    I32EnumAttrCase<"cos", 10>, I32EnumAttrCase<"tan", 11>,
    I32EnumAttrCase<"sinh", 12>, I32EnumAttrCase<"cosh", 13>,
    I32EnumAttrCase<"tanh", 14>, I32EnumAttrCase<"asin", 15>,
    I32EnumAttrCase<"acos", 16>, I32EnumAttrCase<"atan", 17>,
    I32EnumAttrCase<"erf", 18>, I32EnumAttrCase<"floor", 19>,
    I32EnumAttrCase<"ceil", 20>, I32EnumAttrCase<"trunc", 21>,
    I32EnumAttrCase<"round", 22>, I32EnumAttrCase<"rcp", 23>]> {
  let cppNamespace = "::cudapy::tile";
}

// Tile C++ "Memory Order" (relaxed, release, acquire, acq_rel).
def Tile_MemoryOrderAttr : I32EnumAttr<"MemoryOrder", "a memory order", [
    I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
    I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>]> {
  let cppNamespace = "::cudapy::tile";
}

// Tile C++ "Thread Scope": tile block, device, system.
def Tile_ThreadScopeAttr : I32EnumAttr<"ThreadScope", "a thread scope", [
    I32EnumAttrCase<"block", 0>, I32EnumAttrCase<"device", 1>,
    I32EnumAttrCase<"system", 2>]> {
  let cppNamespace = "::cudapy::tile";
}

def Tile_AtomicKindAttr : I32EnumAttr<"AtomicKind", "an atomic operation", [
    I32EnumAttrCase<"exch", 0>, I32EnumAttrCase<"add", 1>,
    I32EnumAttrCase<"and_", 2, "and">, I32EnumAttrCase<"or_", 3, "or">,
    I32EnumAttrCase<"xor_", 4, "xor">, I32EnumAttrCase<"max", 5>,
    I32EnumAttrCase<"min", 6>]> {
  let cppNamespace = "::cudapy::tile";
}

#endif // CUDAPY_TILE_ENUMS_TD
