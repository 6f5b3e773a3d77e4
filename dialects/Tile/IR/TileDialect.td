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
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

#endif // CUDAPY_TILE_DIALECT_TD
