//===- TileTypes.td - tile dialect types -------------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_TYPES_TD
#define CUDAPY_TILE_TYPES_TD

include "dialects/Tile/IR/TileDialect.td"
include "dialects/Tile/IR/TileEnums.td"
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

    After `tile-assign-layouts`, a tile of rank 1 or more carries its
    distributed layout as its encoding (a `#tile.blocked` or `#tile.slice`
    attribute, see the attributes' documentation):

    ```mlir
    !tile.tile<1x1024xf32, #tile.blocked<sizePerThread = [1, 4],
        threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>
    ```

    Verifiers compare tiles by shape and dtype; the encoding only says where
    the elements live.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType,
                     CArg<"::mlir::Attribute", "{}">:$encoding), [{
      return $_get($_ctxt, shape, elementType, encoding);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The same tile without its layout.
    TileType dropEncoding() const;
    /// The same shape and dtype with layout `encoding`.
    TileType withEncoding(::mlir::Attribute encoding) const;
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

def Tile_ArrayType : Tile_Type<"Array", "array"> {
  let summary = "A global array: a dtype, a shape and strides";
  let description = [{
    cuTile Python's global array, Tile C++'s tensor span with a strided
    layout mapping: the element at index `(i0, …, in)` lives at
    `base + sizeof(dtype) * (s0 * i0 + … + sn * in)`. Each extent and each
    stride is static or dynamic (`?`, a runtime value). Extents are int32
    values (cuTile Python, "Global Arrays"): an array holds at most
    2,147,483,647 elements along each dimension. Strides count elements,
    not bytes, and are nonnegative; omitted strides are all dynamic.

    ```mlir
    !tile.array<?x?xf32, strides [?, 1]>   // a row-major matrix
    !tile.array<1024xf16, strides [1]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// The number of dynamic extents and strides (make_array's operands).
    unsigned getNumDynamicDims() const;
    unsigned getNumDynamicStrides() const;
  }];
}

def Tile_ListType : Tile_Type<"List", "list"> {
  let summary = "A list of global arrays of one type";
  let description = [{
    cuTile Python's list of arrays (a kernel parameter annotated with
    `ListAnnotation`, "Kernel parameters"): a runtime number of arrays,
    each of the element array type (one dtype and rank; the element type's
    static extents and strides hold for every array). `tile.list_len` gives
    the number and `tile.list_get` an array. Only kernels take lists: the
    launch passes a pointer to one record per array (its base, then its
    extents and strides as 64-bit integers) and the number of arrays
    (docs/TileLowering.md, "Lists of arrays"). The facts of a list argument
    (`tile.alignment`, `tile.divisibility`, `tile.stride_divisibility`) hold
    for each of its arrays.

    ```mlir
    !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
    ```
  }];
  let parameters = (ins Tile_ArrayType:$element);
  let assemblyFormat = "`<` qualified($element) `>`";
}

def Tile_ViewType : Tile_Type<"View", "view"> {
  let summary = "A tiled view of an array: its tile space";
  let description = [{
    cuTile Python's tiled view ("Tiled Views", "Element & Tile Space"):
    the array seen as a grid of tiles of `tile` shape. Along array dimension
    `d` the tile with index `i` starts at element `i * steps[d]`; steps
    default to the tile's extents (adjacent tiles), smaller steps overlap
    tiles and larger ones leave gaps. `num_tiles[d]` is
    `ceildiv(shape[d], steps[d])`. `order` is a permutation: dimension `k`
    of a loaded tile runs along array dimension `order[k]` (the identity by
    default, `[1, 0]` loads a matrix's tile transposed); tile shapes are
    given in the loaded tile's order, steps and tile indices in the array's.
    Elements of a tile outside the array read as the `padding` value
    (`undetermined` by default) and are not written by stores.

    ```mlir
    !tile.view<128x64, !tile.array<?x?xf32, strides [?, 1]>>
    !tile.view<64x64, !tile.array<?x?xf16>, order [1, 0], padding neg_inf>
    !tile.view<256, !tile.array<?xf32>, steps [128], padding zero>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$tileShape,
                        Tile_ArrayType:$array,
                        ArrayRefParameter<"int64_t">:$order,
                        ArrayRefParameter<"int64_t">:$steps,
                        "::cudapy::tile::PaddingMode":$padding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tile a load through this view yields.
    TileType getTileType() const;
    /// The extent of a tile along array dimension `dim`.
    int64_t getTileExtentAlongArrayDim(unsigned dim) const;
  }];
}

def Tile_SharedType : Tile_Type<"Shared", "shared"> {
  let summary = "A CTA's buffer of tiles in shared memory";
  let description = [{
    Shared memory for `shape[0]` tiles of shape `shape[1:]` (the stages of a
    pipelined loop), which `tile.async_copy` fills and `tile.local_load`
    reads. It exists only between `tile-pipeline-loads` and
    `convert-tile-to-llvm`: programs do not name it.

    A tile is stored row-major, its rows cut into 16-byte chunks, and the
    chunks of each run of 128 bytes permuted by XOR with a phase that
    changes every 128 bytes of rows, so that the 16-byte reads and writes
    of eight rows at one column (`ldmatrix`, `cp.async`) fall in distinct
    banks (docs/Tile.md, "Shared memory").

    With `interleaved`, the rows of each group of eight (the rows running
    over all but the last dimension) are stored in the order 0, 4, 1, 5, 2,
    6, 3, 7: row 4b + t at 2t + b. `tile-pipeline-loads` makes such stages
    for mma.sync's 32-bit B operands, whose lanes read rows t and t + 4
    (t < 4) at eight columns: rows stored two apart fall in distinct banks
    in the swizzle above, where neighbours meet two by two.

    ```mlir
    !tile.shared<3x128x32xf16>
    !tile.shared<1x32x256xtf32, interleaved>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "bool":$interleaved);
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType,
                     CArg<"bool", "false">:$interleaved), [{
      return $_get($_ctxt, shape, elementType, interleaved);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of tiles (stages).
    int64_t getNumStages() const { return getShape().front(); }
    /// The tile one stage holds (no layout).
    TileType getStageType() const;
  }];
}

def Tile_BarriersType : Tile_Type<"Barriers", "barriers"> {
  let summary = "A CTA's transaction barriers in shared memory";
  let description = [{
    `count` barriers (mbarriers, one per stage of a pipelined loop), each
    completing a phase when the copies of a stage have all arrived and moved
    their bytes. Like `!tile.shared`, it exists only between
    `tile-pipeline-loads` and `convert-tile-to-llvm`.

    ```mlir
    !tile.barriers<3>
    ```
  }];
  let parameters = (ins "int64_t":$count);
  let assemblyFormat = "`<` $count `>`";
  let genVerifyDecl = 1;
}

def Tile_LooseIntType : Tile_Type<"LooseInt", "loose_int"> {
  let summary = "A loosely typed integral constant";
  let description = [{
    A literal such as `7` in cuTile Python ("Arithmetic Promotion"): it has
    no dtype of its own until promotion picks one. Only `tile.literal`
    makes one and only the implicit form consumes one.
  }];
}

def Tile_LooseFloatType : Tile_Type<"LooseFloat", "loose_float"> {
  let summary = "A loosely typed floating-point constant";
  let description = [{
    A literal such as `3.14` in cuTile Python; see `!tile.loose_int`.
  }];
}

#endif // CUDAPY_TILE_TYPES_TD
