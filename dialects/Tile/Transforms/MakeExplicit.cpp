//===- MakeExplicit.cpp - the implicit form to the explicit form ----------===//

#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

namespace cudapy::tile {
#define GEN_PASS_DEF_TILEMAKEEXPLICITPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

namespace {

/// A splat of loose constant `literal` as a tile of `type`, or null after
/// reporting a value that `type`'s dtype does not hold.
static DenseElementsAttr materializeLiteral(Operation *user, LiteralOp literal,
                                            TileType type) {
  Type dtype = type.getElementType();
  Attribute element;
  if (auto integer = dyn_cast<IntegerAttr>(literal.getValue())) {
    const APInt &value = integer.getValue();
    bool isUint64 = integer.getType().isUnsignedInteger();
    if (auto target = dyn_cast<IntegerType>(dtype)) {
      unsigned width = target.getWidth();
      PromotionOperand operand = PromotionOperand::looseInt(
          static_cast<int64_t>(value.getZExtValue()), isUint64);
      if (!fitsIntegerDType(operand, target)) {
        user->emitOpError("the literal ")
            << (isUint64 ? llvm::toString(value, 10, false)
                         : llvm::toString(value, 10, true))
            << " does not fit " << getDTypeName(dtype);
        return {};
      }
      element = IntegerAttr::get(dtype, value.trunc(width));
    } else {
      APFloat real(cast<FloatType>(dtype).getFloatSemantics());
      real.convertFromAPInt(value, !isUint64, APFloat::rmNearestTiesToEven);
      element = FloatAttr::get(dtype, real);
    }
  } else {
    APFloat real = cast<FloatAttr>(literal.getValue()).getValue();
    bool lostInfo = false;
    real.convert(cast<FloatType>(dtype).getFloatSemantics(),
                 APFloat::rmNearestTiesToEven, &lostInfo);
    element = FloatAttr::get(dtype, real);
  }
  return DenseElementsAttr::get(cast<ShapedType>(type), element);
}

/// `value` as a tile of `shape` and (unless null) dtype `dtype`.
static Value makeExplicit(OpBuilder &builder, Operation *user, Value value,
                          ArrayRef<int64_t> shape, Type dtype) {
  Location loc = user->getLoc();
  if (auto literal = value.getDefiningOp<LiteralOp>()) {
    DenseElementsAttr splat = materializeLiteral(
        user, literal, TileType::get(builder.getContext(), shape, dtype));
    if (!splat)
      return {};
    return ConstantOp::create(builder, loc, splat);
  }
  auto type = cast<TileType>(value.getType());
  if (dtype && type.getElementType() != dtype) {
    type = TileType::get(builder.getContext(), type.getShape(), dtype);
    value = ConvertOp::create(builder, loc, type, value, RoundingModeAttr(),
                              /*ftz=*/false);
  }
  if (type.getShape() != shape)
    value = BroadcastOp::create(
        builder, loc,
        TileType::get(builder.getContext(), shape, type.getElementType()),
        value);
  return value;
}

struct TileMakeExplicitPass
    : tile::impl::TileMakeExplicitPassBase<TileMakeExplicitPass> {
  void runOnOperation() override {
    SmallVector<Operation *> implicit;
    SmallVector<LiteralOp> literals;
    getOperation()->walk([&](Operation *op) {
      if (getPromotionPolicy(op))
        implicit.push_back(op);
      else if (auto literal = dyn_cast<LiteralOp>(op))
        literals.push_back(literal);
    });
    OpBuilder builder(&getContext());
    for (Operation *op : implicit) {
      if (failed(rewrite(builder, op)))
        return signalPassFailure();
      ++numRewritten;
    }
    for (LiteralOp literal : literals)
      if (literal->use_empty())
        literal->erase();
  }

  /// Gives `op`'s operands the explicit form's one type.
  LogicalResult rewrite(OpBuilder &builder, Operation *op) {
    PromotionPolicy policy = *getPromotionPolicy(op);
    // Which operands promote (the last two) and which only broadcast (a
    // select's condition).
    unsigned numOperands = op->getNumOperands();
    ValueRange promoted = op->getOperands().drop_front(numOperands - 2);
    ValueRange broadcastOnly = op->getOperands().take_front(numOperands - 2);
    ConversionKind kind = isa<CmpOp>(op) ? ConversionKind::Comparison
                                         : ConversionKind::Arithmetic;
    std::string why;
    FailureOr<ElementwiseSignature> signature =
        inferElementwiseSignature(policy, promoted, broadcastOnly, kind, &why);
    if (failed(signature))
      return op->emitOpError(why);
    builder.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (Value value : broadcastOnly)
      operands.push_back(
          makeExplicit(builder, op, value, signature->shape, Type()));
    for (Value value : promoted)
      operands.push_back(
          makeExplicit(builder, op, value, signature->shape, signature->dtype));
    if (llvm::is_contained(operands, Value()))
      return failure();
    op->setOperands(operands);
    op->removeAttr("promote");
    foldIdentity(op);
    return success();
  }

  /// Removes `op` where its explicit form forwards an operand (`x * 1`,
  /// `x + 0` of a literal, the folders' identities), with the constant it
  /// leaves unused, so that the analyses after this pass (the element runs
  /// of a gather's indices, divisibility) see the value itself.
  static void foldIdentity(Operation *op) {
    if (op->getNumResults() != 1)
      return;
    // A first fold may only move a commutative op's constant to the right.
    Value value;
    for (int attempt = 0; attempt < 2 && !value; ++attempt) {
      SmallVector<OpFoldResult> folded;
      if (failed(op->fold(folded)))
        return;
      if (folded.empty()) // folded in place
        continue;
      value = dyn_cast<Value>(folded.front());
      if (!value)
        return;
    }
    if (!value || value.getType() != op->getResult(0).getType())
      return;
    llvm::SetVector<Value> operands(llvm::from_range, op->getOperands());
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
    for (Value operand : operands)
      if (Operation *def = operand.getDefiningOp<ConstantOp>())
        if (def->use_empty())
          def->erase();
  }
};

} // namespace
