//===- TileDialect.td - the tile dialect -------------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_DIALECT_TD
#define CUDAPY_TILE_DIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::cudapy::tile";
  let summary = "Tiles: immutable arrays with power-of-two shapes";
  let description = [{
    The tile model of cuTile Python ("Data Model") and Tile C++: a kernel
    works on tiles, immutable multidimensional values whose shape is known
    at compile time and whose every dimension is a power of two, loaded from
    and stored to global arrays through tiled views. Elementwise operations
    come in two forms: the implicit form broadcasts and promotes its
    operands under a named policy (cuTile Python, Tile C++, the Array API);
    `tile-make-explicit` rewrites it to the explicit form, where operands
    have one type, which the lowering consumes (docs/Tile.md).
  }];
  // The attributes passes and runtimes read off functions and their
  // arguments, checked by the dialect (verifyOperationAttribute,
  // verifyRegionArgAttribute; docs/TileLowering.md):
  //  - `tile.num_warps` on a kernel: the warps of its CTA (1 to 32, a power
  //    of two), which tile-assign-layouts defaults and the launch's block
  //    size follows;
  //  - `tile.num_stages` on a kernel: the shared-memory stages of its
  //    pipelined loops (1 to 8; 1 pipelines nothing), which
  //    tile-pipeline-loads otherwise chooses;
  //  - `tile.warp_specialize` (a bool) on a kernel: whether
  //    tile-pipeline-loads gives its pipelines' tensor copies a producer
  //    warp of their own (tile.warp_specialize) where it can, whatever its
  //    option says;
  //  - `tile.alignment` (bytes, a power of two), `tile.divisibility` and
  //    `tile.stride_divisibility` (one positive number per dimension) on an
  //    array argument: facts a JIT specializes on and the runtime checks;
  //  - `tile.array_facts` on a load or store: the facts of the array it
  //    accesses, which convert-tile-to-llvm copies there;
  //  - `tile.within_tiles` on a load or store: per array dimension, c >= 0
  //    where its index lies in [0, num_tiles + c) of the view's tiles
  //    along it (the index of a loop over `tile.num_tiles`), -1 elsewhere;
  //    convert-tile-to-llvm finds it and puts it there (replacing any the
  //    input has), and keeps that dimension's bounds in 32 bits;
  //  - `tile.grid_blocks` and `tile.multiprocessors` (positive integers)
  //    on a kernel: the tile blocks a JIT launches it with and the SMs of
  //    the device, which tile-choose-num-warps weighs.
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$num_warps,
    "::mlir::IntegerAttr":$num_stages,
    "::mlir::BoolAttr":$warp_specialize,
    "::mlir::IntegerAttr":$alignment,
    "::mlir::DenseI64ArrayAttr":$divisibility,
    "::mlir::DenseI64ArrayAttr":$stride_divisibility,
    "::mlir::DictionaryAttr":$array_facts,
    "::mlir::DenseI64ArrayAttr":$within_tiles,
    "::mlir::IntegerAttr":$grid_blocks,
    "::mlir::IntegerAttr":$multiprocessors);
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

#endif // CUDAPY_TILE_DIALECT_TD
