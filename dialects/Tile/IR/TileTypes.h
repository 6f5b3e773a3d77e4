//===- TileTypes.h - tile dialect types -------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILETYPES_H
#define CUDAPY_DIALECTS_TILE_IR_TILETYPES_H

#include "dialects/Tile/IR/TileDialect.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "dialects/Tile/IR/TileTypes.h.inc"

namespace cudapy::tile {

/// The implementation-defined limits of tile shapes (Tile C++ "tile
/// compatible"; cuTile Python leaves them open too).
constexpr int64_t kMaxTileRank = 8;
constexpr int64_t kMaxTileElements = int64_t(1) << 20;

/// Whether `type` is a numeric dtype of the specs: bool (i1), si/ui 8…64,
/// f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN.
bool isNumericDType(mlir::Type type);

/// Whether `type` is a tile element type: a numeric dtype or a pointer.
bool isElementType(mlir::Type type);

/// The restricted floats (tf32, fp8, e8m0, fp4): numeric but not
/// arithmetic dtypes (cuTile Python, "Numeric & Arithmetic Data Types").
bool isRestrictedFloat(mlir::Type type);

/// The dtype's name in the specs ("int32", "float16", "bool", …).
std::string getDTypeName(mlir::Type type);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILETYPES_H
