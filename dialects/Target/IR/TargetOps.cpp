//===- TargetOps.cpp - target dialect operations --------------------------===//

#include "dialects/Target/IR/TargetOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::target;

/// `<"condition">`: the condition attribute without its `#target.cond`.
static ParseResult parseTargetCondition(OpAsmParser &parser,
                                        ConditionAttr &condition) {
  Attribute attr = ConditionAttr::parse(parser, Type());
  condition = llvm::dyn_cast_or_null<ConditionAttr>(attr);
  return success(condition != nullptr);
}

static void printTargetCondition(OpAsmPrinter &printer, Operation *,
                                 ConditionAttr condition) {
  condition.print(printer);
}

#define GET_OP_CLASSES
#include "dialects/Target/IR/TargetOps.cpp.inc"

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  if (getNumResults() != 0 && getElseRegion().empty())
    return emitOpError("yields ")
           << getNumResults() << " values and so needs an else region";
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    if (region->empty())
      continue;
    auto yield = cast<YieldOp>(region->front().getTerminator());
    if (yield.getResults().getTypes() != getResultTypes())
      return yield.emitOpError("yields ")
             << yield.getResults().getTypes() << " where the target.if has "
             << getResultTypes();
  }
  return success();
}

void IfOp::foldTo(RewriterBase &rewriter, bool taken) {
  Region &region = taken ? getThenRegion() : getElseRegion();
  if (region.empty()) {
    rewriter.eraseOp(*this);
    return;
  }
  Block &block = region.front();
  auto yield = cast<YieldOp>(block.getTerminator());
  SmallVector<Value> values(yield.getResults());
  rewriter.inlineBlockBefore(&block, *this);
  rewriter.eraseOp(yield);
  rewriter.replaceOp(*this, values);
}

namespace {
/// A condition that holds for every target, or for none, decides the op
/// whatever the target.
struct FoldConstantCondition : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Condition::Kind kind = op.getCondition().getCondition().kind;
    if (kind != Condition::Kind::Any && kind != Condition::Kind::None)
      return failure();
    op.foldTo(rewriter, kind == Condition::Kind::Any);
    return success();
  }
};
} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                       MLIRContext *context) {
  patterns.add<FoldConstantCondition>(context);
}

//===----------------------------------------------------------------------===//
// QueryOp
//===----------------------------------------------------------------------===//

OpFoldResult QueryOp::fold(FoldAdaptor) {
  Condition::Kind kind = getCondition().getCondition().kind;
  if (kind != Condition::Kind::Any && kind != Condition::Kind::None)
    return {};
  return BoolAttr::get(getContext(), kind == Condition::Kind::Any);
}
