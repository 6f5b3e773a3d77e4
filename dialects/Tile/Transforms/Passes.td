//===- Passes.td - tile dialect passes ---------------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_PASSES_TD
#define CUDAPY_TILE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileMakeExplicitPass : Pass<"tile-make-explicit"> {
  let summary = "Rewrite the implicit form of tile ops to the explicit form";
  let description = [{
    Every elementwise op that carries `promote <policy>` (the implicit form)
    gets operands of one type: each operand is converted to the dtype the
    policy promotes to (`tile.convert`, rounding to nearest even) and
    broadcast to the common shape (`tile.broadcast`); a loosely typed
    `tile.literal` becomes a `tile.constant` of that dtype and shape. The
    rules are the verifiers' (dialects/Tile/IR/TilePromotion.h), so a
    verified program always rewrites; a literal that does not fit the dtype
    it promotes to is an error. The lowering consumes the explicit form.

    ```mlir
    %two = tile.literal 2
    %y = tile.mul %x, %two promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
    %z = tile.add %y, %w promote cutile : !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
    // becomes
    %c = tile.constant dense<2.0> : !tile.tile<4x1xf16>
    %y = tile.mul %x, %c : !tile.tile<4x1xf16>
    %0 = tile.convert %y : !tile.tile<4x1xf16> -> !tile.tile<4x1xf32>
    %1 = tile.broadcast %0 : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
    %2 = tile.broadcast %w : !tile.tile<8xf32> -> !tile.tile<4x8xf32>
    %z = tile.add %1, %2 : !tile.tile<4x8xf32>
    ```
  }];
  let statistics = [
    Statistic<"numRewritten", "rewritten-ops", "Implicit-form ops rewritten">,
  ];
  let dependentDialects = ["cudapy::tile::TileDialect"];
}

#endif // CUDAPY_TILE_PASSES_TD
