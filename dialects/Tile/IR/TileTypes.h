//===- TileTypes.h - tile dialect types -------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILETYPES_H
#define CUDAPY_DIALECTS_TILE_IR_TILETYPES_H

#include "dialects/Tile/IR/TileDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include "dialects/Tile/IR/TileEnums.h.inc"

namespace cudapy::tile {
class TileType;

/// A bit field of a thread's lane or warp id that places it along one
/// dimension of a distributed layout: it adds `((id / stride) % count) *
/// scale` to the thread's offset (DistributedLayoutInterface).
struct ThreadField {
  bool warp = false; // the warp id, else the lane id
  int64_t stride = 1, count = 1, scale = 1;

  bool operator==(const ThreadField &other) const {
    return warp == other.warp && stride == other.stride &&
           count == other.count && scale == other.scale;
  }
};
} // namespace cudapy::tile

#include "dialects/Tile/IR/TileAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Tile/IR/TileAttrs.h.inc"

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

/// The arithmetic dtypes: numeric, not restricted floats.
bool isArithmeticDType(mlir::Type type);

/// A view's default traversal steps: each array dimension advances by the
/// tile's extent along it (adjacent tiles). Entries of `order` out of range
/// are skipped (the verifier reports them).
llvm::SmallVector<int64_t> getAdjacentSteps(llvm::ArrayRef<int64_t> tileShape,
                                            llvm::ArrayRef<int64_t> order);

/// Integers (not bool), bools (i1), pointers.
bool isIntegerDType(mlir::Type type);
bool isBoolDType(mlir::Type type);
bool isPointerDType(mlir::Type type);

/// `!tile.tile<si32>`, the type of tile indices, extents and block indices;
/// `!tile.tile<si64>`, the type of strides.
TileType getIndexScalarType(mlir::MLIRContext *context);
TileType getSi64ScalarType(mlir::MLIRContext *context);

/// The largest array extent (cuTile Python, "Global Arrays": int32 shapes).
constexpr int64_t kMaxArrayExtent = 2147483647;

/// The dtype's name in the specs ("int32", "float16", "bool", …).
std::string getDTypeName(mlir::Type type);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILETYPES_H
