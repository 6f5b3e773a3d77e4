//===- Debug.cpp - device print, assert and grid dependencies -------------===//
//
// tile.print as gpu.printf (vprintf) per element the thread owns, tile.assert
// as cf.assert (CUDA's __assertfail with the op's location) per element, and
// the grid dependency ops as NVVM's griddepcontrol.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "cudapy/Support/PrintFormat.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// Whether the thread is the tile block's first: rank-0 values, which every
/// thread holds, print from it alone.
static Value isFirstThread(Emitter &e) { return e.eq(e.threadId(), e.i32(0)); }

struct PrintLowering : public TilePattern<PrintOp> {
  using TilePattern::TilePattern;

  /// `whole`: the tiles go to shared memory; the first thread prints the
  /// format's text and rank-0 values as they are, and each tile as nested
  /// lists, element by element in a loop (opening brackets, the element in
  /// its conversion, closing brackets, a comma).
  LogicalResult printWhole(PrintOp op, OneToNOpAdaptor adaptor,
                           ConversionPatternRewriter &rewriter) const {
    Emitter e{rewriter, op.getLoc()};
    StringRef format = op.getFormat();
    size_t bad = 0;
    FailureOr<SmallVector<PrintConversion>> conversions =
        parsePrintFormat(format, bad);
    if (failed(conversions))
      return failure();
    SmallVector<std::optional<SharedTile>> shared;
    for (auto [value, registers] :
         llvm::zip(op.getValues(), adaptor.getValues())) {
      auto tile = cast<TileType>(value.getType());
      shared.emplace_back();
      if (tile.getRank() == 0)
        continue;
      shared.back().emplace(e, op, tile);
      shared.back()->write(tile, registers);
    }
    gpu::BarrierOp::create(rewriter, e.loc);
    emitIf(e, isFirstThread(e), [&] {
      // Text and rank-0 values gather into one vprintf until a tile.
      std::string pending;
      SmallVector<Value> args;
      auto flush = [&] {
        if (!pending.empty())
          gpu::PrintfOp::create(rewriter, e.loc, pending, args);
        pending.clear();
        args.clear();
      };
      size_t position = 0;
      for (auto [i, conversion] : llvm::enumerate(*conversions)) {
        pending += format.slice(position, conversion.start);
        position = conversion.end;
        StringRef spec = format.slice(conversion.start, conversion.end);
        auto tile = cast<TileType>(op.getValues()[i].getType());
        Type dtype = tile.getElementType();
        if (tile.getRank() == 0) {
          pending += spec;
          args.push_back(e.widenForPrintf(adaptor.getValues()[i].front(),
                                          isSigned(dtype)));
          continue;
        }
        flush();
        printTile(e, *shared[i], tile, spec);
      }
      pending += format.substr(position);
      flush();
    });
    rewriter.eraseOp(op);
    return success();
  }

  static void printTile(Emitter &e, SharedTile &shared, TileType tile,
                        StringRef spec) {
    OpBuilder &b = e.b;
    ArrayRef<int64_t> shape = tile.getShape();
    int64_t rank = shape.size(), count = tile.getNumElements();
    auto loop = scf::ForOp::create(b, e.loc, e.i32(0), e.i32(count), e.i32(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value linear = loop.getInductionVar();
    SmallVector<Value> indices(rank);
    Value rest = linear;
    for (int64_t d = rank - 1; d >= 0; --d) {
      indices[d] = arith::RemUIOp::create(b, e.loc, rest, e.i32(shape[d]));
      rest = arith::DivUIOp::create(b, e.loc, rest, e.i32(shape[d]));
    }
    // Dimension d opens (closes) a list where every dimension from d on is
    // at its first (last) index.
    SmallVector<Value> opens(rank), closes(rank);
    Value first = e.boolean(true), last = e.boolean(true);
    for (int64_t d = rank - 1; d >= 0; --d) {
      first = e.andI(first, e.eq(indices[d], e.i32(0)));
      last = e.andI(last, e.eq(indices[d], e.i32(shape[d] - 1)));
      opens[d] = first;
      closes[d] = last;
    }
    for (int64_t d = 0; d < rank; ++d)
      emitIf(e, opens[d],
             [&] { gpu::PrintfOp::create(b, e.loc, "[", ValueRange{}); });
    gpu::PrintfOp::create(b, e.loc, spec,
                          e.widenForPrintf(shared.read(indices),
                                           isSigned(tile.getElementType())));
    for (int64_t d = rank - 1; d >= 0; --d)
      emitIf(e, closes[d],
             [&] { gpu::PrintfOp::create(b, e.loc, "]", ValueRange{}); });
    emitIf(e, e.ult(linear, e.i32(count - 1)),
           [&] { gpu::PrintfOp::create(b, e.loc, ", ", ValueRange{}); });
  }

  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType shaped;
    for (Value value : op.getValues())
      if (auto tile = cast<TileType>(value.getType()); tile.getRank() > 0)
        shaped = tile;
    auto operand = [&](int64_t i, int64_t r) {
      ValueRange registers = adaptor.getValues()[i];
      Type dtype = cast<TileType>(op.getValues()[i].getType()).getElementType();
      return e.widenForPrintf(
          registers.size() == 1 ? registers[0] : registers[r], isSigned(dtype));
    };
    if (op.getWhole() && shaped)
      return printWhole(op, adaptor, rewriter);
    if (!shaped) {
      emitIf(e, isFirstThread(e), [&] {
        SmallVector<Value> args;
        for (int64_t i = 0, n = op.getValues().size(); i < n; ++i)
          args.push_back(operand(i, 0));
        gpu::PrintfOp::create(rewriter, e.loc, op.getFormat(), args);
      });
      rewriter.eraseOp(op);
      return success();
    }
    // bid (x, y, z) idx (i, j): <format>
    std::string format = "bid (%u, %u, %u) idx (";
    for (int64_t d = 0; d < shaped.getRank(); ++d)
      format += d ? ", %d" : "%d";
    format += "): " + op.getFormat().str();
    SmallVector<Value> blocks;
    for (gpu::Dimension dim :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
      blocks.push_back(arith::IndexCastUIOp::create(
          rewriter, e.loc, rewriter.getI32Type(),
          gpu::BlockIdOp::create(rewriter, e.loc, dim)));
    Distribution dist(e, shaped);
    bool exact = dist.isExact();
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      emitIf(e, exact ? Value() : dist.isOwner(e, r), [&] {
        SmallVector<Value> args(blocks);
        llvm::append_range(args, dist.indices(e, r));
        for (int64_t i = 0, count = op.getValues().size(); i < count; ++i)
          args.push_back(operand(i, r));
        gpu::PrintfOp::create(rewriter, e.loc, format, args);
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Each element's owning copy asserts it (rank 0: the first thread), so a
/// failure reports once per element.
struct AssertLowering : public TilePattern<AssertOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getCondition().getType();
    ValueRange conditions = adaptor.getCondition();
    std::optional<Distribution> dist;
    if (tile.getRank() > 0)
      dist.emplace(e, tile);
    for (auto [r, condition] : llvm::enumerate(conditions)) {
      Value owner = !dist             ? isFirstThread(e)
                    : dist->isExact() ? Value()
                                      : dist->isOwner(e, r);
      Value holds = condition;
      if (owner)
        holds = e.orI(holds, e.xorI(owner, e.boolean(true)));
      cf::AssertOp::create(rewriter, getAssertionLocation(op), holds,
                           op.getMessage());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// griddepcontrol (sm_90 on: checkLowerable says so for older chips).
template <typename Op, NVVM::GridDepActionKind kind>
struct GridDependencyLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::GriddepcontrolOp>(op, kind);
    return success();
  }
};
} // namespace

void cudapy::populateTileDebugToLLVMPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns
      .add<PrintLowering, AssertLowering,
           GridDependencyLowering<GridDependencyWaitOp,
                                  NVVM::GridDepActionKind::wait>,
           GridDependencyLowering<LaunchDependentsOp,
                                  NVVM::GridDepActionKind::launch_dependents>>(
          converter, patterns.getContext());
}
