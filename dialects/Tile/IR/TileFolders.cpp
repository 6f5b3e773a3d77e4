//===- TileFolders.cpp - folders of elementwise tile ops ------------------===//
//
// Constant folding of the explicit form's elementwise ops on splats.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/IR/TileOps.h"
#include "dialects/Tile/IR/TileVerification.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

//===----------------------------------------------------------------------===//
// Folders of elementwise operations (explicit form only)
//===----------------------------------------------------------------------===//

/// Folds a binary op on two splat constants of integers, or of floats when
/// no rounding or ftz modifier could change the result.
template <typename IntFn, typename FloatFn>
static Attribute foldBinary(Operation *op, Attribute lhs, Attribute rhs,
                            IntFn intFn, FloatFn floatFn) {
  if (getPromotionPolicy(op))
    return {};
  auto type = dyn_cast<TileType>(op->getResult(0).getType());
  Attribute a = getSplat(lhs), b = getSplat(rhs);
  if (!type || !a || !b)
    return {};
  if (op->hasAttr("rounding") || op->hasAttr("ftz"))
    return {};
  if (auto ia = dyn_cast<IntegerAttr>(a)) {
    std::optional<APInt> value =
        intFn(ia.getValue(), cast<IntegerAttr>(b).getValue(),
              type.getElementType().isUnsignedInteger());
    if (!value)
      return {};
    return splatOf(type, IntegerAttr::get(type.getElementType(), *value));
  }
  auto fa = dyn_cast<FloatAttr>(a);
  if (!fa || isRestrictedFloat(type.getElementType()))
    return {};
  std::optional<APFloat> value =
      floatFn(fa.getValue(), cast<FloatAttr>(b).getValue());
  if (!value)
    return {};
  return splatOf(type, FloatAttr::get(type.getElementType(), *value));
}

static bool isSplatOf(Attribute attr, int64_t value) {
  Attribute splat = getSplat(attr);
  if (auto integer = dyn_cast_if_present<IntegerAttr>(splat))
    return integer.getValue() == value;
  return false;
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (!getPromotionPolicy(*this) && isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      *this, adaptor.getLhs(), adaptor.getRhs(),
      [](const APInt &a, const APInt &b, bool) -> std::optional<APInt> {
        return a + b;
      },
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.add(b, APFloat::rmNearestTiesToEven);
        return a;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (!getPromotionPolicy(*this) && isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      *this, adaptor.getLhs(), adaptor.getRhs(),
      [](const APInt &a, const APInt &b, bool) -> std::optional<APInt> {
        return a - b;
      },
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.subtract(b, APFloat::rmNearestTiesToEven);
        return a;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (!getPromotionPolicy(*this) && isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  return foldBinary(
      *this, adaptor.getLhs(), adaptor.getRhs(),
      [](const APInt &a, const APInt &b, bool) -> std::optional<APInt> {
        return a * b;
      },
      [](APFloat a, const APFloat &b) -> std::optional<APFloat> {
        a.multiply(b, APFloat::rmNearestTiesToEven);
        return a;
      });
}

template <typename Op>
static OpFoldResult foldMinMax(Op op, Attribute lhs, Attribute rhs,
                               bool isMax) {
  if (!getPromotionPolicy(op) && op.getLhs() == op.getRhs())
    return op.getLhs();
  bool propagateNan = op.getPropagateNan();
  return foldBinary(
      op, lhs, rhs,
      [&](const APInt &a, const APInt &b,
          bool isUnsigned) -> std::optional<APInt> {
        bool less = isUnsigned ? a.ult(b) : a.slt(b);
        if (a.getBitWidth() == 1)
          less = a.ult(b);
        return (less == isMax) ? b : a;
      },
      [&](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        if (propagateNan)
          return isMax ? llvm::maximum(a, b) : llvm::minimum(a, b);
        return isMax ? llvm::maximumnum(a, b) : llvm::minimumnum(a, b);
      });
}

OpFoldResult MaximumOp::fold(FoldAdaptor adaptor) {
  return foldMinMax(*this, adaptor.getLhs(), adaptor.getRhs(), true);
}

OpFoldResult MinimumOp::fold(FoldAdaptor adaptor) {
  return foldMinMax(*this, adaptor.getLhs(), adaptor.getRhs(), false);
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getPromotionPolicy(*this))
    return {};
  if (getLhs() == getRhs())
    return getLhs();
  if (auto cond = dyn_cast_if_present<IntegerAttr>(getSplat(adaptor.getCond())))
    return cond.getValue().isOne() ? getLhs() : getRhs();
  return {};
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getSource().getDefiningOp<NegOp>())
    return inner.getSource();
  return {};
}

OpFoldResult NotOp::fold(FoldAdaptor) {
  if (auto inner = getSource().getDefiningOp<NotOp>())
    return inner.getSource();
  return {};
}
