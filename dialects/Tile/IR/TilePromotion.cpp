//===- TilePromotion.cpp - dtype promotion of tile operands ---------------===//

#include "dialects/Tile/IR/TilePromotion.h"
#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/IR/BuiltinTypes.h"

#include <limits>

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

std::optional<DTypeCategory> tile::getCategory(Type dtype) {
  if (!isNumericDType(dtype))
    return std::nullopt;
  if (dtype.isInteger(1))
    return DTypeCategory::Boolean;
  if (isa<IntegerType>(dtype))
    return DTypeCategory::Integral;
  return DTypeCategory::Float;
}

Type tile::getConcreteDType(MLIRContext *context,
                            const PromotionOperand &operand) {
  switch (operand.kind) {
  case PromotionOperand::Kind::Typed:
    return operand.dtype;
  case PromotionOperand::Kind::LooseFloat:
    return Float32Type::get(context);
  case PromotionOperand::Kind::LooseInt:
    break;
  }
  if (operand.isUint64 && operand.value < 0)
    return IntegerType::get(context, 64, IntegerType::Unsigned);
  int64_t v = operand.value;
  if (v >= std::numeric_limits<int32_t>::min() &&
      v <= std::numeric_limits<int32_t>::max())
    return IntegerType::get(context, 32, IntegerType::Signed);
  return IntegerType::get(context, 64, IntegerType::Signed);
}

static LogicalResult fail(std::string *why, const std::string &text) {
  if (why)
    *why = text;
  return failure();
}

/// The table of "Arithmetic Promotion" for two dtypes of one category.
static FailureOr<Type> promoteSameCategory(Type a, Type b, std::string *why) {
  if (a == b)
    return a;
  std::string pair = getDTypeName(a) + " and " + getDTypeName(b);
  if (isRestrictedFloat(a) || isRestrictedFloat(b))
    return fail(why, pair + " have no common dtype: a restricted float "
                            "(tfloat32, float8, float4) combines only with "
                            "itself");
  if (auto ia = dyn_cast<IntegerType>(a)) {
    auto ib = cast<IntegerType>(b);
    if (ia.isUnsigned() != ib.isUnsigned())
      return fail(why, pair + " have no common dtype: cuTile does not mix "
                              "signed and unsigned integers");
    return ia.getWidth() >= ib.getWidth() ? a : b;
  }
  unsigned wa = a.getIntOrFloatBitWidth(), wb = b.getIntOrFloatBitWidth();
  if (wa == wb)
    return fail(why, pair + " have no common dtype: neither holds the other");
  return wa > wb ? a : b;
}

FailureOr<PromotionOperand> tile::promoteCuTile(MLIRContext *context,
                                                const PromotionOperand &a,
                                                const PromotionOperand &b,
                                                std::string *why) {
  using Kind = PromotionOperand::Kind;
  // Two loose constants make a loose constant (5 + 7, 5 + 3.0).
  if (a.kind != Kind::Typed && b.kind != Kind::Typed) {
    if (a.kind == Kind::LooseFloat || b.kind == Kind::LooseFloat)
      return PromotionOperand::looseFloat();
    return PromotionOperand::looseInt(0);
  }
  Type ta = getConcreteDType(context, a), tb = getConcreteDType(context, b);
  std::optional<DTypeCategory> ca = getCategory(ta), cb = getCategory(tb);
  if (!ca || !cb)
    return fail(why, "promotion takes numeric dtypes, not " +
                         getDTypeName(!ca ? ta : tb));
  // The higher category's dtype wins …
  if (*ca != *cb) {
    Type wider = *ca > *cb ? ta : tb;
    // … but the table's cells of a restricted float with a dtype of
    // another category are ERR (a loose constant takes the float's dtype).
    bool restricted = isRestrictedFloat(ta) || isRestrictedFloat(tb);
    if (restricted && a.kind == Kind::Typed && b.kind == Kind::Typed)
      return fail(why, getDTypeName(ta) + " and " + getDTypeName(tb) +
                           " have no common dtype: a restricted float "
                           "(tfloat32, float8, float4) combines only with "
                           "itself");
    return PromotionOperand::typed(wider);
  }
  // … and within a category a loose constant takes the other's dtype.
  if (a.kind != Kind::Typed)
    return PromotionOperand::typed(tb);
  if (b.kind != Kind::Typed)
    return PromotionOperand::typed(ta);
  FailureOr<Type> common = promoteSameCategory(ta, tb, why);
  if (failed(common))
    return failure();
  return PromotionOperand::typed(*common);
}
