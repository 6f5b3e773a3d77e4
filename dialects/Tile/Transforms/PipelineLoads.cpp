//===- PipelineLoads.cpp - tile-pipeline-loads ----------------------------===//
//
// Implements `tile-pipeline-loads` (Passes.td): the tiles an mma of an
// scf.for iteration multiplies are loaded one iteration ahead.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cudapy::tile {
#define GEN_PASS_DEF_TILEPIPELINELOADSPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

namespace {

/// The ops of `loop`'s body that `load`'s operands are computed by, in body
/// order, when they are all free of side effects and use only the
/// induction variable, values from outside the loop and each other; none
/// otherwise (then the load cannot move to another iteration).
static std::optional<SmallVector<Operation *>> getIndexSlice(scf::ForOp loop,
                                                             LoadOp load) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(load->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !isPure(def) ||
        def->getNumRegions() != 0)
      return std::nullopt; // a loop-carried value, or an effect
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// A copy of `load` (and the ops of `slice`) at `builder`, with the
/// induction variable `inductionVar` replaced by `iv`.
static Value cloneLoadAt(OpBuilder &builder, Value inductionVar, LoadOp load,
                         ArrayRef<Operation *> slice, Value iv) {
  IRMapping mapping;
  mapping.map(inductionVar, iv);
  for (Operation *op : slice)
    builder.clone(*op, mapping);
  return builder.clone(*load, mapping)->getResult(0);
}

struct TilePipelineLoadsPass
    : public tile::impl::TilePipelineLoadsPassBase<TilePipelineLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      pipeline(loop);
  }

  void pipeline(scf::ForOp loop) {
    // Loads of the body that an mma of the body multiplies.
    SmallVector<std::pair<LoadOp, SmallVector<Operation *>>> loads;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LoadOp>(&op);
      if (!load || !llvm::any_of(load->getUsers(), [&](Operation *user) {
            return isa<MmaOp, MatmulOp>(user) &&
                   user->getBlock() == loop.getBody();
          }))
        continue;
      if (std::optional<SmallVector<Operation *>> slice =
              getIndexSlice(loop, load))
        loads.emplace_back(load, std::move(*slice));
    }
    if (loads.empty())
      return;
    IRRewriter rewriter(loop->getContext());
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> first;
    for (auto &[load, slice] : loads)
      first.push_back(cloneLoadAt(rewriter, loop.getInductionVar(), load, slice,
                                  loop.getLowerBound()));
    auto newYields = [&](OpBuilder &builder, Location loc,
                         ArrayRef<BlockArgument> carried) {
      // The loads of this iteration become the carried values; the next
      // iteration's are made at the end of the body.
      for (auto [entry, arg] : llvm::zip(loads, carried))
        entry.first.getResult().replaceAllUsesWith(arg);
      // The body now belongs to the new loop: its induction variable is the
      // block's first argument. The next loads go first, so that their
      // latency overlaps this iteration's work.
      Block *body = builder.getInsertionBlock();
      Value iv = body->getArgument(0);
      builder.setInsertionPointToStart(body);
      Value next = arith::AddIOp::create(builder, loc, iv, loop.getStep());
      SmallVector<Value> values;
      for (auto &[load, slice] : loads)
        values.push_back(cloneLoadAt(builder, iv, load, slice, next));
      return values;
    };
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(rewriter, first,
                                         /*replaceInitOperandUsesInLoop=*/false,
                                         newYields);
    if (failed(replaced))
      return;
    for (auto &[load, slice] : loads) {
      rewriter.eraseOp(load);
      for (Operation *op : llvm::reverse(slice))
        if (op->use_empty())
          rewriter.eraseOp(op);
    }
    numPipelined += loads.size();
  }
};

} // namespace
