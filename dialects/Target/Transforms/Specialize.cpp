//===- Specialize.cpp - fold target conditions ----------------------------===//
//
// Implements `target-specialize`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace cudapy::target {
#define GEN_PASS_DEF_TARGETSPECIALIZEPASS
#include "dialects/Target/Transforms/Passes.h.inc"
} // namespace cudapy::target

using namespace mlir;
using namespace cudapy;
using namespace cudapy::target;

namespace {
struct TargetSpecializePass
    : public cudapy::target::impl::TargetSpecializePassBase<
          TargetSpecializePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    return verifyTargetOption(context, "target-specialize", target);
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failed = false;
    auto targetOrError = [&](Operation *op) -> std::optional<CompileTarget> {
      std::optional<CompileTarget> compileTarget =
          getCompileTargetFor(op, target);
      if (!compileTarget) {
        op->emitError("target-specialize has no compile target for this "
                      "op: give the pass a target, or run "
                      "target-assign-chips first");
        failed = true;
      }
      return compileTarget;
    };

    getOperation()->walk([&](QueryOp query) {
      std::optional<CompileTarget> compileTarget = targetOrError(query);
      if (!compileTarget)
        return;
      rewriter.setInsertionPoint(query);
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          query,
          rewriter.getBoolAttr(query.getCondition().evaluate(*compileTarget)));
    });

    // Fold the outermost target.if ops first: an inner one may sit in a
    // region that goes away. Inlined regions bring their inner ones up, so
    // repeat until none is left.
    while (!failed) {
      SmallVector<IfOp> outermost;
      getOperation()->walk<WalkOrder::PreOrder>([&](IfOp op) {
        outermost.push_back(op);
        return WalkResult::skip();
      });
      if (outermost.empty())
        break;
      for (IfOp op : outermost) {
        std::optional<CompileTarget> compileTarget = targetOrError(op);
        if (!compileTarget)
          break;
        rewriter.setInsertionPoint(op);
        op.foldTo(rewriter, op.getCondition().evaluate(*compileTarget));
      }
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
