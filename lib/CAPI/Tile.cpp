//===- Tile.cpp - cudapy C API: the tile dialect --------------------------===//

#include "cudapy-c/Tile.h"

#include "CEnum.h"

#include "dialects/Tile/IR/TileOps.h"
#include "dialects/Tile/IR/TilePromotion.h"
#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace cudapy;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, cudapy::tile::TileDialect)

// The C enumerations are the ODS enumerations' values.
#define CUDAPY_SAME_ENUM(c, cpp)                                               \
  static_assert(static_cast<uint32_t>(c) == static_cast<uint32_t>(cpp),        \
                #c " matches " #cpp)
CUDAPY_SAME_ENUM(CUDAPY_TILE_ROUNDING_RZI, tile::RoundingMode::rzi);
CUDAPY_SAME_ENUM(CUDAPY_TILE_ROUNDING_APPROX, tile::RoundingMode::approx);
CUDAPY_SAME_ENUM(CUDAPY_TILE_PADDING_NEG_INF, tile::PaddingMode::neg_inf);
CUDAPY_SAME_ENUM(CUDAPY_TILE_POLICY_ARRAY_API,
                 tile::PromotionPolicy::array_api);
CUDAPY_SAME_ENUM(CUDAPY_TILE_CMP_GE, tile::CmpPredicate::ge);
CUDAPY_SAME_ENUM(CUDAPY_TILE_REDUCE_XOR, tile::ReduceKind::xor_);
CUDAPY_SAME_ENUM(CUDAPY_TILE_ATOMIC_MIN, tile::AtomicKind::min);
CUDAPY_SAME_ENUM(CUDAPY_TILE_ATOMIC_AND, tile::AtomicKind::and_);
CUDAPY_SAME_ENUM(CUDAPY_TILE_MEMORY_ACQ_REL, tile::MemoryOrder::acq_rel);
CUDAPY_SAME_ENUM(CUDAPY_TILE_SCOPE_SYSTEM, tile::ThreadScope::system);
#undef CUDAPY_SAME_ENUM

MlirStringRef cudapyTileMathFunctionGetName(int32_t value) {
  StringRef name;
  if (value >= 0)
    name =
        tile::stringifyUnaryFunction(static_cast<tile::UnaryFunction>(value));
  return wrap(name);
}

int32_t cudapyTileMathFunctionGetValue(MlirStringRef name) {
  std::optional<tile::UnaryFunction> function =
      tile::symbolizeUnaryFunction(unwrap(name));
  return function ? static_cast<int32_t>(*function) : -1;
}

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
  int64_t kind = cEnumValue(operand.kind);
  if (kind == CUDAPY_TILE_OPERAND_LOOSE_INT)
    return tile::PromotionOperand::looseInt(operand.value, operand.isUint64);
  if (kind == CUDAPY_TILE_OPERAND_LOOSE_FLOAT)
    return tile::PromotionOperand::looseFloat();
  return tile::PromotionOperand::typed(unwrap(operand.dtype));
}

static CudapyTileOperand wrapOperand(const tile::PromotionOperand &operand) {
  CudapyTileOperand out = {CUDAPY_TILE_OPERAND_TYPED, wrap(operand.dtype), 0,
                           false};
  if (operand.kind == tile::PromotionOperand::Kind::LooseInt)
    out.kind = CUDAPY_TILE_OPERAND_LOOSE_INT;
  else if (operand.kind == tile::PromotionOperand::Kind::LooseFloat)
    out.kind = CUDAPY_TILE_OPERAND_LOOSE_FLOAT;
  return out;
}

static MlirLogicalResult report(const std::string &why,
                                MlirStringCallback onError, void *userData) {
  if (onError)
    onError(mlirStringRefCreate(why.data(), why.size()), userData);
  return mlirLogicalResultFailure();
}

MlirLogicalResult
cudapyTilePromote(MlirContext context, CudapyTilePromotionPolicy policy,
                  CudapyTileOperand a, bool aIsScalar, CudapyTileOperand b,
                  bool bIsScalar, bool isComparison, CudapyTileOperand *result,
                  MlirStringCallback onError, void *userData) {
  std::optional<tile::PromotionPolicy> kind =
      tile::symbolizePromotionPolicy(static_cast<uint32_t>(cEnumValue(policy)));
  if (!kind)
    return report("unknown promotion policy", onError, userData);
  std::string why;
  FailureOr<tile::PromotionOperand> common =
      tile::promote(unwrap(context), *kind, unwrapOperand(a), aIsScalar,
                    unwrapOperand(b), bIsScalar,
                    isComparison ? tile::ConversionKind::Comparison
                                 : tile::ConversionKind::Arithmetic,
                    &why);
  if (failed(common))
    return report(why, onError, userData);
  if (result)
    *result = wrapOperand(*common);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult
cudapyTileGetBroadcastShape(intptr_t aRank, const int64_t *aShape,
                            intptr_t bRank, const int64_t *bShape,
                            int64_t *result, intptr_t *resultRank,
                            MlirStringCallback onError, void *userData) {
  std::string why;
  FailureOr<SmallVector<int64_t>> shape = tile::getBroadcastShape(
      ArrayRef<int64_t>(aShape, static_cast<size_t>(aRank)),
      ArrayRef<int64_t>(bShape, static_cast<size_t>(bRank)), &why);
  if (failed(shape))
    return report(why, onError, userData);
  if (static_cast<int64_t>(shape->size()) > tile::kMaxTileRank)
    return report("a tile has at most 8 dimensions", onError, userData);
  llvm::copy(*shape, result);
  *resultRank = static_cast<intptr_t>(shape->size());
  return mlirLogicalResultSuccess();
}

bool cudapyTileIsBroadcastableTo(intptr_t fromRank, const int64_t *from,
                                 intptr_t toRank, const int64_t *to) {
  return tile::isBroadcastableTo(
      ArrayRef<int64_t>(from, static_cast<size_t>(fromRank)),
      ArrayRef<int64_t>(to, static_cast<size_t>(toRank)));
}

bool cudapyTileIsNarrowingConversion(MlirType from, MlirType to) {
  return tile::isNarrowingConversion(unwrap(from), unwrap(to));
}

MlirType cudapyTileArrayTypeGetChecked(MlirLocation location, intptr_t rank,
                                       const int64_t *shape, MlirType element,
                                       const int64_t *strides) {
  Location loc = unwrap(location);
  auto size = static_cast<size_t>(rank);
  return wrap(tile::ArrayType::getChecked(
      [&] { return emitError(loc); }, loc.getContext(),
      ArrayRef<int64_t>(shape, size), unwrap(element),
      ArrayRef<int64_t>(strides, size)));
}

MlirType cudapyTileViewTypeGetChecked(MlirLocation location,
                                      const int64_t *tileShape, MlirType array,
                                      const int64_t *order,
                                      const int64_t *steps,
                                      CudapyTilePaddingMode padding) {
  Location loc = unwrap(location);
  auto arrayType = dyn_cast<tile::ArrayType>(unwrap(array));
  std::optional<tile::PaddingMode> mode =
      tile::symbolizePaddingMode(static_cast<uint32_t>(cEnumValue(padding)));
  if (!arrayType || !mode) {
    emitError(loc) << "a view takes an array type and a padding mode";
    return MlirType{nullptr};
  }
  auto rank = static_cast<size_t>(arrayType.getRank());
  SmallVector<int64_t> shape(tileShape, tileShape + rank);
  SmallVector<int64_t> orderVector =
      order ? SmallVector<int64_t>(order, order + rank)
            : llvm::to_vector(llvm::seq<int64_t>(0, rank));
  SmallVector<int64_t> stepVector =
      steps ? SmallVector<int64_t>(steps, steps + rank)
            : tile::getAdjacentSteps(shape, orderVector);
  return wrap(tile::ViewType::getChecked(
      [&] { return emitError(loc); }, loc.getContext(),
      ArrayRef<int64_t>(shape), arrayType, ArrayRef<int64_t>(orderVector),
      ArrayRef<int64_t>(stepVector), *mode));
}

MlirType cudapyTileListTypeGetChecked(MlirLocation location, MlirType array) {
  Location loc = unwrap(location);
  auto arrayType = dyn_cast_or_null<tile::ArrayType>(unwrap(array));
  if (!arrayType) {
    emitError(loc) << "a list holds arrays, not " << unwrap(array);
    return MlirType{nullptr};
  }
  return wrap(tile::ListType::get(loc.getContext(), arrayType));
}

bool cudapyTileTypeIsList(MlirType type) {
  return isa<tile::ListType>(unwrap(type));
}

bool cudapyTileTypeIsArray(MlirType type) {
  return isa<tile::ArrayType>(unwrap(type));
}

bool cudapyTileTypeIsView(MlirType type) {
  return isa<tile::ViewType>(unwrap(type));
}

MlirType cudapyTileViewTypeGetTileType(MlirType view) {
  return wrap(cast<tile::ViewType>(unwrap(view)).getTileType());
}

MlirType cudapyTileLooseIntTypeGet(MlirContext context) {
  return wrap(tile::LooseIntType::get(unwrap(context)));
}

MlirType cudapyTileLooseFloatTypeGet(MlirContext context) {
  return wrap(tile::LooseFloatType::get(unwrap(context)));
}

MlirLogicalResult
cudapyTilePromoteCuTile(MlirContext context, CudapyTileOperand a,
                        CudapyTileOperand b, CudapyTileOperand *result,
                        MlirStringCallback onError, void *userData) {
  std::string why;
  FailureOr<tile::PromotionOperand> common = tile::promoteCuTile(
      unwrap(context), unwrapOperand(a), unwrapOperand(b), &why);
  if (failed(common))
    return report(why, onError, userData);
  CudapyTileOperand out = wrapOperand(*common);
  if (result)
    *result = out;
  return mlirLogicalResultSuccess();
}
