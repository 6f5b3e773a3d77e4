/*===- Tile.h - cudapy C API: the tile dialect --------------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. The `tile` dialect (cuTile Python's data model, Tile C++):      *|
|* its dialect handle, its types (tiles, pointers, arrays, views, loose       *|
|* constants), and the broadcast and promotion rules a frontend needs to     *|
|* type operations.                                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_TILE_H
#define CUDAPY_C_TILE_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handle of `tile` (mlirDialectHandleRegisterDialect …).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/// `!tile.tile<shape x element>`: `rank` dimensions (0: a scalar), each a
/// power of two, at most 8 of them and 2^20 elements. Null (with a
/// diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyTileTypeGetChecked(MlirLocation location,
                                                     intptr_t rank,
                                                     const int64_t *shape,
                                                     MlirType element);

/// `!tile.ptr<pointee>`, a pointer scalar to a numeric dtype. Null (with a
/// diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType
cudapyTilePointerTypeGetChecked(MlirLocation location, MlirType pointee);

/// Whether `type` is a `!tile.tile`.
MLIR_CAPI_EXPORTED bool cudapyTileTypeIsTile(MlirType type);

/// An operand of a binary operation: a value of `dtype`, or a loosely typed
/// literal (an integer `value`, read as uint64 when `isUint64`, or a
/// floating-point one).
typedef enum {
  CUDAPY_TILE_OPERAND_TYPED = 0,
  CUDAPY_TILE_OPERAND_LOOSE_INT = 1,
  CUDAPY_TILE_OPERAND_LOOSE_FLOAT = 2,
} CudapyTileOperandKind;

typedef struct {
  CudapyTileOperandKind kind;
  MlirType dtype;
  int64_t value;
  bool isUint64;
} CudapyTileOperand;

/// cuTile Python's common dtype of `a` and `b` ("Arithmetic Promotion"):
/// `*result` is a typed operand, or a loose one when both are loose. When
/// the specs' table says ERR, returns failure and passes the reason to
/// `onError` (when not null).
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyTilePromoteCuTile(
    MlirContext context, CudapyTileOperand a, CudapyTileOperand b,
    CudapyTileOperand *result, MlirStringCallback onError, void *userData);

/// The promotion policies of the implicit form (`promote <policy>`).
typedef enum {
  CUDAPY_TILE_POLICY_CUTILE = 0,
  CUDAPY_TILE_POLICY_TILECPP = 1,
  CUDAPY_TILE_POLICY_ARRAY_API = 2,
} CudapyTilePromotionPolicy;

/// The common dtype of `a` and `b` under `policy`, as the implicit form's
/// verifiers compute it. `aIsScalar`/`bIsScalar` say which operands are
/// scalars (rank 0), which the Tile C++ policy's arithmetic tile
/// conversion prefers less than tiles; `isComparison` selects its
/// arithmetic comparison conversion. Failure: the reason goes to `onError`
/// (when not null).
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyTilePromote(
    MlirContext context, CudapyTilePromotionPolicy policy, CudapyTileOperand a,
    bool aIsScalar, CudapyTileOperand b, bool bIsScalar, bool isComparison,
    CudapyTileOperand *result, MlirStringCallback onError, void *userData);

/// The mutual broadcast shape of two shapes (cuTile Python "Shape
/// Broadcasting", Tile C++ "mutual broadcast shape"): written to `result`,
/// which has room for 8 extents, its rank to `*resultRank`. Failure (shapes
/// not broadcast compatible, or over the tile limits): the reason goes to
/// `onError` (when not null).
MLIR_CAPI_EXPORTED MlirLogicalResult cudapyTileGetBroadcastShape(
    intptr_t aRank, const int64_t *aShape, intptr_t bRank,
    const int64_t *bShape, int64_t *result, intptr_t *resultRank,
    MlirStringCallback onError, void *userData);

/// Whether a shape is broadcastable to another (Tile C++ "broadcastable
/// to").
MLIR_CAPI_EXPORTED bool cudapyTileIsBroadcastableTo(intptr_t fromRank,
                                                    const int64_t *from,
                                                    intptr_t toRank,
                                                    const int64_t *to);

/// Whether Tile C++'s scalar conversion from dtype `from` to `to` narrows.
MLIR_CAPI_EXPORTED bool cudapyTileIsNarrowingConversion(MlirType from,
                                                        MlirType to);

/// `!tile.array<shape x element, strides [...]>`: `rank` extents and
/// strides, each static or `mlirShapedTypeGetDynamicSize()`. Null (with a
/// diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyTileArrayTypeGetChecked(
    MlirLocation location, intptr_t rank, const int64_t *shape,
    MlirType element, const int64_t *strides);

/// A view's padding mode (cuTile Python "Padding Modes").
typedef enum {
  CUDAPY_TILE_PADDING_UNDETERMINED = 0,
  CUDAPY_TILE_PADDING_ZERO = 1,
  CUDAPY_TILE_PADDING_NEG_ZERO = 2,
  CUDAPY_TILE_PADDING_NAN = 3,
  CUDAPY_TILE_PADDING_POS_INF = 4,
  CUDAPY_TILE_PADDING_NEG_INF = 5,
} CudapyTilePaddingMode;

/// `!tile.view<tileShape, array, order, steps, padding>`: `tileShape` has
/// the array's rank; `order` and `steps` may be null for the identity order
/// and adjacent tiles. Null (with a diagnostic at `location`) when invalid.
MLIR_CAPI_EXPORTED MlirType cudapyTileViewTypeGetChecked(
    MlirLocation location, const int64_t *tileShape, MlirType array,
    const int64_t *order, const int64_t *steps, CudapyTilePaddingMode padding);

/// `!tile.list<array>`: a list of arrays of type `array`. Null (with a
/// diagnostic at `location`) when `array` is not a `!tile.array`.
MLIR_CAPI_EXPORTED MlirType cudapyTileListTypeGetChecked(MlirLocation location,
                                                         MlirType array);

/// Whether `type` is a `!tile.array`, a `!tile.view` or a `!tile.list`.
MLIR_CAPI_EXPORTED bool cudapyTileTypeIsArray(MlirType type);
MLIR_CAPI_EXPORTED bool cudapyTileTypeIsView(MlirType type);
MLIR_CAPI_EXPORTED bool cudapyTileTypeIsList(MlirType type);

/// The tile a load through view `view` yields.
MLIR_CAPI_EXPORTED MlirType cudapyTileViewTypeGetTileType(MlirType view);

/// The values of the tile ops' enumeration attributes. Each attribute is an
/// `i32` IntegerAttr (mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), v)):
/// `rounding`, `padding` (above), `promote` (above), `predicate` of
/// tile.cmp, `kind` of reductions/scans and of tile.atomic_rmw, `memory`,
/// `scope` and `function` of tile.math.
typedef enum {
  CUDAPY_TILE_ROUNDING_RN = 0,
  CUDAPY_TILE_ROUNDING_RZ = 1,
  CUDAPY_TILE_ROUNDING_RM = 2,
  CUDAPY_TILE_ROUNDING_RP = 3,
  CUDAPY_TILE_ROUNDING_FULL = 4,
  CUDAPY_TILE_ROUNDING_APPROX = 5,
  CUDAPY_TILE_ROUNDING_RZI = 6,
} CudapyTileRoundingMode;

typedef enum {
  CUDAPY_TILE_CMP_EQ = 0,
  CUDAPY_TILE_CMP_NE = 1,
  CUDAPY_TILE_CMP_LT = 2,
  CUDAPY_TILE_CMP_LE = 3,
  CUDAPY_TILE_CMP_GT = 4,
  CUDAPY_TILE_CMP_GE = 5,
} CudapyTileCmpPredicate;

typedef enum {
  CUDAPY_TILE_REDUCE_SUM = 0,
  CUDAPY_TILE_REDUCE_PROD = 1,
  CUDAPY_TILE_REDUCE_MAX = 2,
  CUDAPY_TILE_REDUCE_MIN = 3,
  CUDAPY_TILE_REDUCE_AND = 4,
  CUDAPY_TILE_REDUCE_OR = 5,
  CUDAPY_TILE_REDUCE_XOR = 6,
} CudapyTileReduceKind;

typedef enum {
  CUDAPY_TILE_ATOMIC_EXCH = 0,
  CUDAPY_TILE_ATOMIC_ADD = 1,
  CUDAPY_TILE_ATOMIC_AND = 2,
  CUDAPY_TILE_ATOMIC_OR = 3,
  CUDAPY_TILE_ATOMIC_XOR = 4,
  CUDAPY_TILE_ATOMIC_MAX = 5,
  CUDAPY_TILE_ATOMIC_MIN = 6,
} CudapyTileAtomicKind;

typedef enum {
  CUDAPY_TILE_MEMORY_RELAXED = 0,
  CUDAPY_TILE_MEMORY_ACQUIRE = 1,
  CUDAPY_TILE_MEMORY_RELEASE = 2,
  CUDAPY_TILE_MEMORY_ACQ_REL = 3,
} CudapyTileMemoryOrder;

typedef enum {
  CUDAPY_TILE_SCOPE_BLOCK = 0,
  CUDAPY_TILE_SCOPE_DEVICE = 1,
  CUDAPY_TILE_SCOPE_SYSTEM = 2,
} CudapyTileThreadScope;

/// The name of a tile.math function's enumeration value ("exp", "rsqrt"
/// …), or an empty string for a value out of range; and the value of a
/// name, or -1.
MLIR_CAPI_EXPORTED MlirStringRef cudapyTileMathFunctionGetName(int32_t value);
MLIR_CAPI_EXPORTED int32_t cudapyTileMathFunctionGetValue(MlirStringRef name);

/// `!tile.loose_int` and `!tile.loose_float`, the types of `tile.literal`.
MLIR_CAPI_EXPORTED MlirType cudapyTileLooseIntTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirType cudapyTileLooseFloatTypeGet(MlirContext context);

#ifdef __cplusplus
}
#endif

#endif // CUDAPY_C_TILE_H
