//===- SimtToGPU.cpp - lower the simt dialect -----------------------------===//
//
// Implements `convert-simt-to-gpu`: see include/cudapy/Conversion/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/SimtToGPU.h"

#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Support/KernelAbi.h"

#include "dialects/Py/IR/PyOps.h"
#include "dialects/Simt/IR/SimtOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// The grid barrier of a cooperative launch. The driver gives such a launch
/// a workspace whose address is in the special registers %envreg1 (high
/// word) and %envreg2 (low word), and whose second 32-bit word is the
/// barrier's counter. Between two block barriers, each block's first thread
/// adds its block to the counter and waits: every block adds 1 except block
/// 0, which adds 2^31 - (blocks - 1), so the arrivals of one barrier add up
/// to exactly 2^31 and flip the counter's top bit once the last block has
/// come. A thread waits until the top bit differs from what its own add
/// found. The add releases and the polling load acquires at GPU scope, so
/// what any thread of the grid wrote before the barrier (ordered before its
/// block's first thread by the first block barrier) is visible after it.
struct GridSyncLowering : public OpRewritePattern<GridSyncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GridSyncOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    auto constant = [&](Type type, int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, type, value);
    };
    auto sum3 = [&](auto makeOp) -> Value {
      Value x = makeOp(gpu::Dimension::x), y = makeOp(gpu::Dimension::y),
            z = makeOp(gpu::Dimension::z);
      Value sum = arith::AddIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, x, y), z);
      return arith::IndexCastUIOp::create(rewriter, loc, i32, sum);
    };
    // The function becomes one that needs a cooperative launch.
    if (auto function = op->getParentOfType<FunctionOpInterface>())
      function->setAttr(kGridSyncAttrName, rewriter.getUnitAttr());

    gpu::BarrierOp::create(rewriter, loc);
    Value threadSum = sum3([&](gpu::Dimension d) {
      return gpu::ThreadIdOp::create(rewriter, loc, d);
    });
    Value zero = constant(i32, 0);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        threadSum, zero);
    auto ifOp = scf::IfOp::create(rewriter, loc, first, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      Value high = createInlinePtx(rewriter, loc, i32, ValueRange(),
                                   "mov.u32 $0, %envreg1;", "=r");
      Value low = createInlinePtx(rewriter, loc, i32, ValueRange(),
                                  "mov.u32 $0, %envreg2;", "=r");
      Value address = arith::OrIOp::create(
          rewriter, loc,
          arith::ShLIOp::create(
              rewriter, loc, arith::ExtUIOp::create(rewriter, loc, i64, high),
              constant(i64, 32)),
          arith::ExtUIOp::create(rewriter, loc, i64, low));
      Value counter =
          arith::AddIOp::create(rewriter, loc, address, constant(i64, 4));
      Value blocks = rewriter.createOrFold<arith::MulIOp>(
          loc,
          rewriter.createOrFold<arith::MulIOp>(
              loc, gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::x),
              gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::y)),
          gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::z));
      blocks = arith::IndexCastUIOp::create(rewriter, loc, i32, blocks);
      Value blockSum = sum3([&](gpu::Dimension d) {
        return gpu::BlockIdOp::create(rewriter, loc, d);
      });
      Value firstBlock = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, blockSum, zero);
      Value topBit = constant(i32, INT32_MIN);
      // 2^31 - (blocks - 1), in 32-bit arithmetic.
      Value firstAdd = arith::SubIOp::create(
          rewriter, loc, topBit,
          arith::SubIOp::create(rewriter, loc, blocks, constant(i32, 1)));
      Value add = arith::SelectOp::create(rewriter, loc, firstBlock, firstAdd,
                                          constant(i32, 1));
      Value before = createInlinePtx(
          rewriter, loc, i32, ValueRange{counter, add},
          "atom.add.release.gpu.u32 $0, [$1], $2;", "=r,l,r,~{memory}");
      auto loop =
          scf::WhileOp::create(rewriter, loc, TypeRange(), ValueRange());
      Block *condition = rewriter.createBlock(&loop.getBefore());
      rewriter.setInsertionPointToStart(condition);
      Value now =
          createInlinePtx(rewriter, loc, i32, ValueRange{counter},
                          "ld.acquire.gpu.u32 $0, [$1];", "=r,l,~{memory}");
      Value flipped = arith::AndIOp::create(
          rewriter, loc, arith::XOrIOp::create(rewriter, loc, before, now),
          topBit);
      Value waiting = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, flipped, zero);
      scf::ConditionOp::create(rewriter, loc, waiting, ValueRange());
      Block *body = rewriter.createBlock(&loop.getAfter());
      rewriter.setInsertionPointToStart(body);
      scf::YieldOp::create(rewriter, loc);
    }
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

/// `wait(old)`: atomic loads until the value differs from `old`, sleeping
/// between them (nanosleep, 32 ns doubling to 1024 ns), as libcu++ waits on
/// the device. Both values compare as indices (an integer's value).
struct AtomicWaitLowering : public OpRewritePattern<AtomicWaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AtomicWaitOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type(), index = rewriter.getIndexType();
    Value first = arith::ConstantIntOp::create(rewriter, loc, i32, 32);
    Value old = py::CastOp::create(rewriter, loc, index, op.getOld());
    auto loop =
        scf::WhileOp::create(rewriter, loc, TypeRange{i32}, ValueRange{first});
    Block *before = rewriter.createBlock(&loop.getBefore(), {}, {i32}, {loc});
    Value now =
        AtomicLoadOp::create(rewriter, loc, op.getOld().getType(), op.getRef(),
                             op.getMemory(), op.getScope());
    Value same = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        py::CastOp::create(rewriter, loc, index, now), old);
    scf::ConditionOp::create(rewriter, loc, same, before->getArguments());
    Block *after = rewriter.createBlock(&loop.getAfter(), {}, {i32}, {loc});
    Value sleep = after->getArgument(0);
    createInlinePtx(rewriter, loc, Type(), ValueRange{sleep},
                    "nanosleep.u32 $0;", "r");
    Value doubled = arith::MinUIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(
            rewriter, loc, sleep,
            arith::ConstantIntOp::create(rewriter, loc, i32, 1)),
        arith::ConstantIntOp::create(rewriter, loc, i32, 1024));
    scf::YieldOp::create(rewriter, loc, doubled);
    rewriter.eraseOp(op);
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
        ThreadFenceLowering, GridSyncLowering, AtomicWaitLowering,
        ActiveMaskLowering, LaneMaskLtLowering, SyncWarpLowering,
        VoteLowering<AllSyncOp, NVVM::VoteSyncKind::all>,
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
