//===- Tile.td - the tile dialect, umbrella ----------------*- tablegen -*-===//

include "dialects/Tile/IR/TileDialect.td"
include "dialects/Tile/IR/TileEnums.td"
include "dialects/Tile/IR/TileAttrs.td"
include "dialects/Tile/IR/TileTypes.td"
include "dialects/Tile/IR/TileOps.td"
