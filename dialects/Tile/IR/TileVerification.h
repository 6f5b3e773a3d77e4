//===- TileVerification.h - rules the tile ops' verifiers share -*- C++ -*-===//
//
// The checks and splat helpers that the verifiers and folders of the tile
// ops (TileOps.cpp, TileShapeOps.cpp, TileFolders.cpp) have in common.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILEVERIFICATION_H
#define CUDAPY_DIALECTS_TILE_IR_TILEVERIFICATION_H

#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/IR/Operation.h"

namespace cudapy::tile {

/// Arithmetic floats (not the restricted ones) and signed integers.
bool isFloatDType(mlir::Type dtype);
bool isSignedDType(mlir::Type dtype);

/// The element of a splat constant (null otherwise), and the splat of
/// `element` as a tile of `type`.
mlir::Attribute getSplat(mlir::Attribute value);
mlir::DenseElementsAttr splatOf(TileType type, mlir::Attribute element);

/// What an elementwise op accepts.
enum class DTypes { Arithmetic, Division, Float, Bitwise, Shift };

/// Checks that `dtype` is one of the `accepted` (cuTile Python "Arithmetic
/// Operations", Tile C++ operator requirements).
mlir::LogicalResult verifyDType(mlir::Operation *op, mlir::Type dtype,
                                DTypes accepted);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILEVERIFICATION_H
