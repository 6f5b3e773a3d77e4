//===- SimtToGPU.cpp - lower the simt dialect -----------------------------===//
//
// Implements `convert-simt-to-gpu`: see include/cudapy/Conversion/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/SimtToGPU.h"

#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"

#include "dialects/Py/IR/PyOps.h"
#include "dialects/Simt/IR/SimtOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace cudapy {
#define GEN_PASS_DEF_CONVERTSIMTTOGPUPASS
#include "cudapy/Conversion/Passes.h.inc"
} // namespace cudapy

using namespace mlir;
using namespace cudapy;
using namespace cudapy::simt;

static gpu::Dimension toGPU(Dim dim) {
  switch (dim) {
  case Dim::x:
    return gpu::Dimension::x;
  case Dim::y:
    return gpu::Dimension::y;
  case Dim::z:
    return gpu::Dimension::z;
  }
  llvm_unreachable("unknown dimension");
}

/// An index as a Python int (int32).
static Value toPyInt(OpBuilder &b, Location loc, Value index) {
  return py::CastOp::create(b, loc, py::PyIntType::get(b.getContext()), index);
}

namespace {
template <typename SimtOp, typename GPUOp>
struct Dim3Lowering : public OpRewritePattern<SimtOp> {
  using OpRewritePattern<SimtOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SimtOp op,
                                PatternRewriter &rewriter) const override {
    Value index = GPUOp::create(rewriter, op.getLoc(), toGPU(op.getDim()));
    rewriter.replaceOp(op, toPyInt(rewriter, op.getLoc(), index));
    return success();
  }
};

/// tid(ndims) and grid_size(ndims): one value per dimension, a tuple for
/// more than one.
template <typename SimtOp>
struct GridPositionLowering : public OpRewritePattern<SimtOp> {
  using OpRewritePattern<SimtOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SimtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> values;
    for (uint32_t d = 0; d < op.getNdims(); ++d) {
      auto dim = static_cast<gpu::Dimension>(d);
      Value blockDim = gpu::BlockDimOp::create(rewriter, loc, dim);
      Value value;
      if constexpr (std::is_same_v<SimtOp, TidOp>) {
        Value block = gpu::BlockIdOp::create(rewriter, loc, dim);
        Value thread = gpu::ThreadIdOp::create(rewriter, loc, dim);
        value = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, block, blockDim), thread);
      } else {
        Value gridDim = gpu::GridDimOp::create(rewriter, loc, dim);
        value = arith::MulIOp::create(rewriter, loc, blockDim, gridDim);
      }
      values.push_back(toPyInt(rewriter, loc, value));
    }
    if (values.size() == 1)
      rewriter.replaceOp(op, values.front());
    else
      rewriter.replaceOpWithNewOp<py::TupleMakeOp>(op, values);
    return success();
  }
};

struct WarpSizeLowering : public OpRewritePattern<WarpSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WarpSizeOp op,
                                PatternRewriter &rewriter) const override {
    // Every NVIDIA GPU has 32-thread warps (PTX's WARP_SZ).
    rewriter.replaceOpWithNewOp<py::ConstantOp>(
        op, op.getType(),
        IntegerAttr::get(
            IntegerType::get(op.getContext(), 32, IntegerType::Signed), 32));
    return success();
  }
};

struct LaneIdLowering : public OpRewritePattern<LaneIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LaneIdOp op,
                                PatternRewriter &rewriter) const override {
    Value lane = gpu::LaneIdOp::create(rewriter, op.getLoc(), nullptr);
    rewriter.replaceOp(op, toPyInt(rewriter, op.getLoc(), lane));
    return success();
  }
};

struct SyncThreadsLowering : public OpRewritePattern<SyncThreadsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SyncThreadsOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

/// The predicate of a barrier or vote: its value, or the value its region
/// yields, with the region's operations moved before the op.
template <typename SimtOp>
static Value takePredicate(SimtOp op, PatternRewriter &rewriter) {
  if (Value predicate = op.getPredicate())
    return predicate;
  Block &block = op.getBody().front();
  auto yield = cast<YieldOp>(block.getTerminator());
  Value value = yield.getValue();
  rewriter.inlineBlockBefore(&block, op);
  rewriter.eraseOp(yield);
  return value;
}

/// The barrier with a reduction over the block's predicates (bar.red).
template <typename SimtOp, NVVM::BarrierReduction reduction>
struct SyncThreadsReduceLowering : public OpRewritePattern<SimtOp> {
  using OpRewritePattern<SimtOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SimtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value predicate = takePredicate(op, rewriter);
    if (!predicate.getType().isInteger(1))
      predicate =
          py::CastOp::create(rewriter, loc, rewriter.getI1Type(), predicate);
    Value wide =
        arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), predicate);
    Value reduced =
        NVVM::BarrierOp::create(
            rewriter, loc, rewriter.getI32Type(), /*barrierId=*/Value(),
            /*numberOfThreads=*/Value(),
            NVVM::BarrierReductionAttr::get(op.getContext(), reduction), wide)
            .getResult(0);
    if constexpr (reduction == NVVM::BarrierReduction::POPC) {
      Value index = arith::IndexCastUIOp::create(
          rewriter, loc, rewriter.getIndexType(), reduced);
      rewriter.replaceOp(op, toPyInt(rewriter, loc, index));
    } else {
      Value zero =
          arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), 0);
      Value truth = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne, reduced, zero);
      rewriter.replaceOpWithNewOp<py::CastOp>(op, op.getType(), truth);
    }
    return success();
  }
};

struct ThreadFenceLowering : public OpRewritePattern<ThreadFenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ThreadFenceOp op,
                                PatternRewriter &rewriter) const override {
    MemoryOrder memory = op.getMemory();
    ThreadScope scope = op.getScope();
    // A relaxed fence, or one only this thread observes, orders nothing.
    if (memory == MemoryOrder::relaxed || scope == ThreadScope::thread) {
      rewriter.eraseOp(op);
      return success();
    }
    StringRef semantics = memory == MemoryOrder::seq_cst ? "sc" : "acq_rel";
    StringRef level = getPtxScope(scope);
    std::string text = ("fence." + semantics + "." + level + ";").str();
    createInlinePtx(rewriter, op.getLoc(), Type(), ValueRange(), text,
                    "~{memory}");
    rewriter.eraseOp(op);
    return success();
  }
};

/// A WarpMask (py ui32) as the i32 NVVM takes, and back.
static Value maskToI32(OpBuilder &b, Location loc, Value mask) {
  Value index = py::CastOp::create(b, loc, b.getIndexType(), mask);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), index);
}
static Value i32ToMask(OpBuilder &b, Location loc, Value bits, Type type) {
  Value index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), bits);
  return py::CastOp::create(b, loc, type, index);
}
static Value toI1(OpBuilder &b, Location loc, Value predicate) {
  if (predicate.getType().isInteger(1))
    return predicate;
  return py::CastOp::create(b, loc, b.getI1Type(), predicate);
}

struct ActiveMaskLowering : public OpRewritePattern<ActiveMaskOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ActiveMaskOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bits = createInlinePtx(rewriter, loc, rewriter.getI32Type(),
                                 ValueRange(), "activemask.b32 $0;", "=r");
    rewriter.replaceOp(op, i32ToMask(rewriter, loc, bits, op.getType()));
    return success();
  }
};

struct LaneMaskLtLowering : public OpRewritePattern<LaneMaskLtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LaneMaskLtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bits =
        NVVM::LaneMaskLtOp::create(rewriter, loc, rewriter.getI32Type());
    rewriter.replaceOp(op, i32ToMask(rewriter, loc, bits, op.getType()));
    return success();
  }
};

struct SyncWarpLowering : public OpRewritePattern<SyncWarpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SyncWarpOp op,
                                PatternRewriter &rewriter) const override {
    NVVM::SyncWarpOp::create(rewriter, op.getLoc(),
                             maskToI32(rewriter, op.getLoc(), op.getMask()));
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename SimtOp, NVVM::VoteSyncKind kind>
struct VoteLowering : public OpRewritePattern<SimtOp> {
  using OpRewritePattern<SimtOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(SimtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool ballot = kind == NVVM::VoteSyncKind::ballot;
    Type result = ballot ? rewriter.getI32Type() : rewriter.getI1Type();
    Value predicate = takePredicate(op, rewriter);
    Value vote = NVVM::VoteSyncOp::create(
        rewriter, loc, result, maskToI32(rewriter, loc, op.getMask()),
        toI1(rewriter, loc, predicate),
        NVVM::VoteSyncKindAttr::get(op.getContext(), kind));
    if (ballot)
      rewriter.replaceOp(op, i32ToMask(rewriter, loc, vote, op.getType()));
    else
      rewriter.replaceOpWithNewOp<py::CastOp>(op, op.getType(), vote);
    return success();
  }
};

struct ConvertSimtToGPUPass
    : public cudapy::impl::ConvertSimtToGPUPassBase<ConvertSimtToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<
        Dim3Lowering<ThreadIdxOp, gpu::ThreadIdOp>,
        Dim3Lowering<BlockIdxOp, gpu::BlockIdOp>,
        Dim3Lowering<BlockDimOp, gpu::BlockDimOp>,
        Dim3Lowering<GridDimOp, gpu::GridDimOp>, GridPositionLowering<TidOp>,
        GridPositionLowering<GridSizeOp>, WarpSizeLowering, LaneIdLowering,
        SyncThreadsLowering,
        SyncThreadsReduceLowering<SyncThreadsCountOp,
                                  NVVM::BarrierReduction::POPC>,
        SyncThreadsReduceLowering<SyncThreadsAndOp,
                                  NVVM::BarrierReduction::AND>,
        SyncThreadsReduceLowering<SyncThreadsOrOp, NVVM::BarrierReduction::OR>,
        ThreadFenceLowering, ActiveMaskLowering, LaneMaskLtLowering,
        SyncWarpLowering, VoteLowering<AllSyncOp, NVVM::VoteSyncKind::all>,
        VoteLowering<AnySyncOp, NVVM::VoteSyncKind::any>,
        VoteLowering<EqSyncOp, NVVM::VoteSyncKind::uni>,
        VoteLowering<BallotSyncOp, NVVM::VoteSyncKind::ballot>>(context);
    // Only simt ops change: no folding of anything else.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    // The ops on py values (memories, shuffles, numeric intrinsics, atomics)
    // are convert-py-to-llvm's.
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (isLoweredWithPy(op))
        return WalkResult::advance();
      if (isa<SimtDialect>(op->getDialect())) {
        op->emitError("has no lowering");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
