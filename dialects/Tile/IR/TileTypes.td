//===- TileTypes.td - tile dialect types -------------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_TYPES_TD
#define CUDAPY_TILE_TYPES_TD

include "dialects/Tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PointerType : Tile_Type<"Pointer", "ptr"> {
  let summary = "A pointer scalar: the address of one element of a dtype";
  let description = [{
    Tile C++'s *pointer scalar*: a pointer to a numeric element type. Tiles
    of pointers (`!tile.tile<128x!tile.ptr<f32>>`) address gathers and
    scatters. Multi-level pointers are not pointer scalars (Tile C++), so
    the pointee is a numeric dtype.

    ```mlir
    !tile.ptr<f16>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointee);
  let assemblyFormat = "`<` $pointee `>`";
  let genVerifyDecl = 1;
}

def Tile_TileType : Tile_Type<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "A tile: an immutable array with a static power-of-two shape";
  let description = [{
    A tile of `shape` (every dimension a power of two; rank 0 is a scalar)
    of elements of a dtype:

    | dtype | type |
    | :---- | :--- |
    | bool | `i1` |
    | int8 … int64, uint8 … uint64 | `si8` … `si64`, `ui8` … `ui64` |
    | float16, bfloat16, float32, float64 | `f16`, `bf16`, `f32`, `f64` |
    | tfloat32 | `tf32` |
    | float8_e4m3fn, float8_e5m2, float8_e8m0fnu, float4_e2m1fn | `f8E4M3FN`, `f8E5M2`, `f8E8M0FNU`, `f4E2M1FN` |
    | pointer scalar | `!tile.ptr<T>` |

    Limits (the specs leave them to the implementation): a tile has at most
    8 dimensions and at most 2^20 elements.

    ```mlir
    !tile.tile<128x64xf16>
    !tile.tile<si32>              // a scalar
    !tile.tile<256x!tile.ptr<f32>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// ShapedTypeInterface: tiles are always ranked.
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
    /// The number of elements.
    int64_t getNumElements() const;
    /// Whether this is a zero-dimensional tile (a scalar).
    bool isScalar() const { return getShape().empty(); }
  }];
}

#endif // CUDAPY_TILE_TYPES_TD
