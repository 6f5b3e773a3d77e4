//===- Tile.cpp - cudapy C API: the tile dialect --------------------------===//

#include "cudapy-c/Tile.h"

#include "dialects/Tile/IR/TilePromotion.h"
#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace cudapy;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, cudapy::tile::TileDialect)

MlirType cudapyTileTypeGetChecked(MlirLocation location, intptr_t rank,
                                  const int64_t *shape, MlirType element) {
  Location loc = unwrap(location);
  return wrap(tile::TileType::getChecked(
      [&] { return emitError(loc); }, loc.getContext(),
      ArrayRef<int64_t>(shape, static_cast<size_t>(rank)), unwrap(element)));
}

MlirType cudapyTilePointerTypeGetChecked(MlirLocation location,
                                         MlirType pointee) {
  Location loc = unwrap(location);
  return wrap(tile::PointerType::getChecked([&] { return emitError(loc); },
                                            loc.getContext(), unwrap(pointee)));
}

bool cudapyTileTypeIsTile(MlirType type) {
  return isa<tile::TileType>(unwrap(type));
}

static tile::PromotionOperand unwrapOperand(const CudapyTileOperand &operand) {
  switch (operand.kind) {
  case CUDAPY_TILE_OPERAND_LOOSE_INT:
    return tile::PromotionOperand::looseInt(operand.value, operand.isUint64);
  case CUDAPY_TILE_OPERAND_LOOSE_FLOAT:
    return tile::PromotionOperand::looseFloat();
  case CUDAPY_TILE_OPERAND_TYPED:
    break;
  }
  return tile::PromotionOperand::typed(unwrap(operand.dtype));
}

MlirLogicalResult
cudapyTilePromoteCuTile(MlirContext context, CudapyTileOperand a,
                        CudapyTileOperand b, CudapyTileOperand *result,
                        MlirStringCallback onError, void *userData) {
  std::string why;
  FailureOr<tile::PromotionOperand> common = tile::promoteCuTile(
      unwrap(context), unwrapOperand(a), unwrapOperand(b), &why);
  if (failed(common)) {
    if (onError)
      onError(mlirStringRefCreate(why.data(), why.size()), userData);
    return mlirLogicalResultFailure();
  }
  CudapyTileOperand out = {CUDAPY_TILE_OPERAND_TYPED, wrap(common->dtype), 0,
                           false};
  if (common->kind == tile::PromotionOperand::Kind::LooseInt)
    out.kind = CUDAPY_TILE_OPERAND_LOOSE_INT;
  else if (common->kind == tile::PromotionOperand::Kind::LooseFloat)
    out.kind = CUDAPY_TILE_OPERAND_LOOSE_FLOAT;
  if (result)
    *result = out;
  return mlirLogicalResultSuccess();
}
