//===- TileAttrs.td - tile dialect layout attributes -------*- tablegen -*-===//
//
// Distributed layouts: which thread of a CTA holds which elements of a tile
// in registers. `tile-assign-layouts` puts one on every tile type of rank 1
// or more (the type's encoding); `convert-tile-to-llvm` reads them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_TILE_ATTRS_TD
#define CUDAPY_TILE_ATTRS_TD

include "dialects/Tile/IR/TileDialect.td"
include "dialects/Tile/IR/TileInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

/// The methods of the distributed-layout interface a layout implements.
defvar Tile_DistributedLayoutMethods = [
  DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface, [
    "getRank", "getNumWarps", "getShapePerTile", "getRegisterOrder",
    "getRegistersPerTile", "getTileRegisterOffset", "getThreadFields",
    "getReplicaFields"]>];

def Tile_BlockedLayoutAttr
    : Tile_Attr<"BlockedLayout", "blocked", Tile_DistributedLayoutMethods> {
  let summary = "Blocks of contiguous elements per thread, threads per "
                "warp, warps per CTA";
  let description = [{
    Along each dimension `d` a thread holds `sizePerThread[d]` contiguous
    elements; `threadsPerWarp[d]` lanes and `warpsPerCTA[d]` warps follow
    each other, so one layout tile covers
    `sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d]` elements. A tile
    larger than the layout tile repeats it (each thread holds one block per
    repetition); a smaller one wraps around, so that several threads (or
    registers) hold the same element. `order` lists the dimensions from the
    fastest varying: lanes and warps are numbered along `order[0]` first,
    and a thread's registers run along it first too.

    The parameters do not depend on the tile's shape: one layout serves a
    `1x1024` tile and the `1x1` tile of its row maxima alike, which is what
    keeps broadcasts in registers.

    ```mlir
    #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32],
                  warpsPerCTA = [1, 4], order = [1, 0]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$sizePerThread,
                        ArrayRefParameter<"int64_t">:$threadsPerWarp,
                        ArrayRefParameter<"int64_t">:$warpsPerCTA,
                        ArrayRefParameter<"int64_t">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Per dimension, the lanes (warps) of the dimensions before it in
    /// `order`, multiplied: the divisor of the lane (warp) id along it.
    ::llvm::SmallVector<int64_t> getLaneStrides() const;
    ::llvm::SmallVector<int64_t> getWarpStrides() const;
  }];
}

def Tile_SliceLayoutAttr
    : Tile_Attr<"SliceLayout", "slice", Tile_DistributedLayoutMethods> {
  let summary = "A parent layout without one of its dimensions";
  let description = [{
    The layout of a tile that a reduction over dimension `dim` of a tile in
    layout `parent` leaves: element `i` (of rank `r - 1`) lives where the
    parent keeps the elements whose index is `i` with any value inserted at
    `dim`; the lanes and warps that the parent spreads along `dim` all hold
    it.

    ```mlir
    #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4],
        threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>
    ```
  }];
  let parameters = (ins "int64_t":$dim,
                        "::cudapy::tile::DistributedLayoutInterface":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The parent's dimension of dimension `dim` of the slice.
    int64_t getParentDim(int64_t dim) const {
      return dim < getDim() ? dim : dim + 1;
    }
  }];
}

def Tile_MmaAccumulatorLayoutAttr
    : Tile_Attr<"MmaAccumulatorLayout", "mma_accumulator",
                Tile_DistributedLayoutMethods> {
  let summary = "The accumulator fragments of mma.sync m16n8, per warp";
  let description = [{
    The layout in which `mma.sync` with an m16n8 shape (f16, bf16, tf32 and
    8-bit operands alike) leaves its accumulator: each warp holds 16x8
    blocks, lane `l` the rows `l / 4` and `l / 4 + 8` and the columns
    `2 * (l % 4)` and `2 * (l % 4) + 1` of each (PTX ISA, "Matrix Fragments
    for mma.m16n8k16"). `warpsPerCTA` spreads warps over rows first, then
    columns; one layout tile is `16 * warpsPerCTA[0]` by
    `8 * warpsPerCTA[1]`, repeated over larger tiles like any distributed
    layout.

    ```mlir
    #tile.mma_accumulator<warpsPerCTA = [2, 2]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$warpsPerCTA);
  let assemblyFormat = "`<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `>`";
  let genVerifyDecl = 1;
}

def Tile_MmaOperandLayoutAttr
    : Tile_Attr<"MmaOperandLayout", "mma_operand",
                Tile_DistributedLayoutMethods> {
  let summary = "The A or B operand fragments of mma.sync m16n8, per warp";
  let description = [{
    The layout in which `mma.sync` m16n8kK takes operand A (`operand = 0`,
    16 x K blocks) or B (`operand = 1`, K x 8 blocks) of the accumulator
    layout `parent`, for elements of `bits` bits (32: tf32, K = 8; 16: f16
    and bf16, K = 16; 8: 8-bit integers and floats, K = 32). With
    `w = 32 / bits` elements to a 32-bit register, lane `l` holds, of A, the
    rows `l / 4` and `l / 4 + 8` and the columns `w * (l % 4) + i` and
    `w * (l % 4) + K / 2 + i` (`i < w`); of B, column `l / 4` and the same
    rows that A has columns (PTX ISA, "Matrix Fragments for mma.m16n8k*").
    A warp holds the A blocks of its row of the accumulator's warps and the
    B blocks of its column; the other warps hold copies. One layout tile is
    `16 * warpsPerCTA[0]` x K for A and K x `8 * warpsPerCTA[1]` for B.

    ```mlir
    #tile.mma_operand<operand = 0, bits = 16,
        parent = #tile.mma_accumulator<warpsPerCTA = [2, 2]>>
    ```
  }];
  let parameters = (ins "int64_t":$operand, "int64_t":$bits,
                        "::cudapy::tile::MmaAccumulatorLayoutAttr":$parent);
  let assemblyFormat = [{
    `<` `operand` `=` $operand `,` `bits` `=` $bits `,` `parent` `=` $parent `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The elements of one 32-bit register.
    int64_t getVectorWidth() const { return 32 / getBits(); }
    /// K of the mma.sync shape m16n8kK.
    int64_t getDepth() const { return 256 / getBits(); }
    /// The dimension along K: 1 for A, 0 for B.
    int64_t getDepthDim() const { return getOperand() == 0 ? 1 : 0; }
  }];
}

#endif // CUDAPY_TILE_ATTRS_TD
