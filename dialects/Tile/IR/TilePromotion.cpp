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

//===----------------------------------------------------------------------===//
// Tile C++ ("Conversions")
//===----------------------------------------------------------------------===//

/// The floating point conversion ranks of "Extended Floating Point Types",
/// as levels: a type has a lesser rank than another iff its level is lower;
/// two distinct types of one level are unordered. -1: not a Tile C++ float.
static int getTileCppFloatLevel(Type type) {
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type))
    return 0;
  if (isa<Float16Type, BFloat16Type>(type))
    return 1;
  if (isa<FloatTF32Type>(type))
    return 2;
  if (isa<Float32Type>(type))
    return 3;
  if (isa<Float64Type>(type))
    return 4;
  return -1;
}

/// Whether every value of integer dtype `from` is one of `to`.
static bool holdsAllValues(IntegerType to, IntegerType from) {
  if (from.getWidth() == 1)
    return true;
  if (to.getWidth() == 1)
    return false;
  if (from.isUnsigned() == to.isUnsigned())
    return to.getWidth() >= from.getWidth();
  // Signed from unsigned needs a wider type; unsigned never holds negatives.
  return from.isUnsigned() && to.getWidth() > from.getWidth();
}

FailureOr<Type> tile::getTileCppCommonType(Type a, Type b, std::string *why) {
  std::string pair = getDTypeName(a) + " and " + getDTypeName(b);
  bool fa = isa<FloatType>(a), fb = isa<FloatType>(b);
  if (fa || fb) {
    // C++'s usual arithmetic conversions: an integer meets a float …
    if (!fa)
      return b;
    if (!fb)
      return a;
    // … and two floats take the greater conversion rank.
    if (a == b)
      return a;
    int la = getTileCppFloatLevel(a), lb = getTileCppFloatLevel(b);
    if (la < 0 || lb < 0)
      return fail(why, pair + " have no arithmetic common type: " +
                           getDTypeName(la < 0 ? a : b) +
                           " is not a Tile C++ scalar type");
    if (la == lb)
      return fail(why, pair + " have no arithmetic common type: unordered "
                              "conversion ranks");
    return la > lb ? a : b;
  }
  auto ia = cast<IntegerType>(a), ib = cast<IntegerType>(b);
  if (a == b)
    return a;
  // Without integer promotion a bool meets any integer as that integer.
  if (ia.getWidth() == 1)
    return b;
  if (ib.getWidth() == 1)
    return a;
  if (ia.isUnsigned() == ib.isUnsigned())
    return ia.getWidth() > ib.getWidth() ? a : b;
  IntegerType s = ia.isUnsigned() ? ib : ia, u = ia.isUnsigned() ? ia : ib;
  if (u.getWidth() > s.getWidth())
    return Type(u);
  if (holdsAllValues(s, u))
    return Type(s);
  return Type(
      IntegerType::get(s.getContext(), s.getWidth(), IntegerType::Unsigned));
}

bool tile::isNarrowingConversion(Type from, Type to) {
  if (from == to)
    return false;
  bool ff = isa<FloatType>(from), ft = isa<FloatType>(to);
  if (ff && !ft)
    return true;
  if (!ff && ft)
    return true;
  if (ff && ft) {
    int lf = getTileCppFloatLevel(from), lt = getTileCppFloatLevel(to);
    return lf < 0 || lt < 0 || lt <= lf;
  }
  return !holdsAllValues(cast<IntegerType>(to), cast<IntegerType>(from));
}

FailureOr<PromotionOperand>
tile::promoteTileCpp(MLIRContext *context, const PromotionOperand &a,
                     bool aIsScalar, const PromotionOperand &b, bool bIsScalar,
                     ConversionKind kind, std::string *why) {
  (void)context;
  using Kind = PromotionOperand::Kind;
  if (a.kind != Kind::Typed || b.kind != Kind::Typed)
    return fail(why, "Tile C++ has no loosely typed constants: a literal "
                     "has a dtype");
  for (Type dtype : {a.dtype, b.dtype})
    if (!isArithmeticDType(dtype))
      return fail(why, "Tile C++'s arithmetic conversions take arithmetic "
                       "dtypes, not " +
                           getDTypeName(dtype));
  // "arithmetic tile conversion": a tile's dtype wins over a scalar's;
  // "arithmetic comparison conversion" does not look.
  Type common;
  if (kind == ConversionKind::Arithmetic && aIsScalar != bIsScalar) {
    common = aIsScalar ? b.dtype : a.dtype;
  } else {
    FailureOr<Type> type = getTileCppCommonType(a.dtype, b.dtype, why);
    if (failed(type))
      return failure();
    common = *type;
  }
  // Narrowing is ill-formed except from an integer to a float.
  for (Type dtype : {a.dtype, b.dtype}) {
    if (isNarrowingConversion(dtype, common) &&
        !(isa<IntegerType>(dtype) && isa<FloatType>(common)))
      return fail(why, "ill-formed: " + getDTypeName(dtype) + " -> " +
                           getDTypeName(common) + " narrowing");
  }
  return PromotionOperand::typed(common);
}

//===----------------------------------------------------------------------===//
// Python Array API
//===----------------------------------------------------------------------===//

bool tile::fitsIntegerDType(const PromotionOperand &operand, IntegerType type) {
  unsigned w = type.getWidth();
  if (operand.isUint64 && operand.value < 0)
    return type.isUnsigned() && w == 64;
  int64_t v = operand.value;
  if (w == 1)
    return v == 0 || v == 1;
  if (type.isUnsigned())
    return v >= 0 && (w == 64 || v < (int64_t(1) << w));
  if (w == 64)
    return true;
  return v >= -(int64_t(1) << (w - 1)) && v < (int64_t(1) << (w - 1));
}

FailureOr<PromotionOperand> tile::promoteArrayApi(MLIRContext *context,
                                                  const PromotionOperand &a,
                                                  const PromotionOperand &b,
                                                  std::string *why) {
  (void)context;
  using Kind = PromotionOperand::Kind;
  if (a.kind != Kind::Typed && b.kind != Kind::Typed) {
    if (a.kind == Kind::LooseFloat || b.kind == Kind::LooseFloat)
      return PromotionOperand::looseFloat();
    return PromotionOperand::looseInt(0);
  }
  for (const PromotionOperand *operand : {&a, &b})
    if (operand->kind == Kind::Typed && !isArithmeticDType(operand->dtype))
      return fail(why, "the Array API promotes arithmetic dtypes, not " +
                           getDTypeName(operand->dtype));
  // A Python scalar takes the array's dtype when their kinds agree.
  if (a.kind != Kind::Typed || b.kind != Kind::Typed) {
    const PromotionOperand &scalar = a.kind != Kind::Typed ? a : b;
    Type dtype = a.kind != Kind::Typed ? b.dtype : a.dtype;
    if (dtype.isInteger(1))
      return fail(
          why,
          "a bool array takes bool scalars, not a Python " +
              std::string(scalar.kind == Kind::LooseInt ? "int" : "float"));
    if (scalar.kind == Kind::LooseFloat && isa<IntegerType>(dtype))
      return fail(why, "a Python float does not promote with an " +
                           getDTypeName(dtype) + " array");
    if (scalar.kind == Kind::LooseInt && isa<IntegerType>(dtype) &&
        !fitsIntegerDType(scalar, cast<IntegerType>(dtype)))
      return fail(why,
                  "the Python int is out of range for " + getDTypeName(dtype));
    return PromotionOperand::typed(dtype);
  }
  Type ta = a.dtype, tb = b.dtype;
  if (ta == tb)
    return PromotionOperand::typed(ta);
  std::string pair = getDTypeName(ta) + " and " + getDTypeName(tb);
  if (ta.isInteger(1) || tb.isInteger(1))
    return fail(why, pair + " do not promote: bools promote only with bools");
  bool fa = isa<FloatType>(ta), fb = isa<FloatType>(tb);
  if (fa != fb)
    return fail(why, pair + " do not promote: the Array API does not mix "
                            "integer and floating-point dtypes");
  if (fa) {
    unsigned wa = ta.getIntOrFloatBitWidth(), wb = tb.getIntOrFloatBitWidth();
    if (wa == wb)
      return fail(why, pair + " do not promote: neither holds the other");
    return PromotionOperand::typed(wa > wb ? ta : tb);
  }
  auto ia = cast<IntegerType>(ta), ib = cast<IntegerType>(tb);
  if (ia.isUnsigned() == ib.isUnsigned())
    return PromotionOperand::typed(ia.getWidth() > ib.getWidth() ? ta : tb);
  IntegerType u = ia.isUnsigned() ? ia : ib, s = ia.isUnsigned() ? ib : ia;
  if (s.getWidth() > u.getWidth())
    return PromotionOperand::typed(s);
  if (u.getWidth() == 64)
    return fail(why, pair + " do not promote: no signed dtype holds both");
  return PromotionOperand::typed(
      IntegerType::get(s.getContext(), u.getWidth() * 2, IntegerType::Signed));
}

FailureOr<PromotionOperand>
tile::promote(MLIRContext *context, PromotionPolicy policy,
              const PromotionOperand &a, bool aIsScalar,
              const PromotionOperand &b, bool bIsScalar, ConversionKind kind,
              std::string *why) {
  switch (policy) {
  case PromotionPolicy::cutile:
    return promoteCuTile(context, a, b, why);
  case PromotionPolicy::tilecpp:
    return promoteTileCpp(context, a, aIsScalar, b, bIsScalar, kind, why);
  case PromotionPolicy::array_api:
    return promoteArrayApi(context, a, b, why);
  }
  llvm_unreachable("unknown promotion policy");
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

bool tile::isBroadcastableTo(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (from.size() > to.size())
    return false;
  size_t offset = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1 && from[i] != to[i + offset])
      return false;
  return true;
}

std::string tile::formatShape(ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

FailureOr<SmallVector<int64_t>> tile::getBroadcastShape(ArrayRef<int64_t> a,
                                                        ArrayRef<int64_t> b,
                                                        std::string *why) {
  ArrayRef<int64_t> longer = a.size() >= b.size() ? a : b;
  ArrayRef<int64_t> shorter = a.size() >= b.size() ? b : a;
  SmallVector<int64_t> shape(longer);
  size_t offset = longer.size() - shorter.size();
  int64_t elements = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i >= offset) {
      int64_t x = shorter[i - offset], y = longer[i];
      if (x != y && x != 1 && y != 1) {
        // Name the extents in the operands' order.
        if (a.size() < b.size())
          std::swap(x, y);
        return fail(why, "shapes " + formatShape(a) + " and " + formatShape(b) +
                             " do not broadcast: extents " + std::to_string(y) +
                             " and " + std::to_string(x) +
                             " differ and neither is 1");
      }
      shape[i] = std::max(x, y);
    }
    elements *= shape[i];
  }
  if (elements > kMaxTileElements)
    return fail(why, "the broadcast shape " + formatShape(shape) +
                         " has more than " + std::to_string(kMaxTileElements) +
                         " elements");
  return shape;
}
