/*===- Tile.h - cudapy C API: the tile dialect --------------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. The `tile` dialect (cuTile Python's data model, Tile C++):      *|
|* its dialect handle, tile and pointer types, and the dtype promotion a      *|
|* frontend needs to type binary operations.                                  *|
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

#ifdef __cplusplus
}
#endif

#endif // CUDAPY_C_TILE_H
