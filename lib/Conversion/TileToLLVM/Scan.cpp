//===- Scan.cpp - scans ---------------------------------------------------===//
//
// Inclusive scans (built-in and custom combiners) along one axis, forward
// or reverse: in the thread, across lanes, across warps and repetitions.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// How a layout runs along a scan's axis: each thread holds `spt`
/// consecutive elements per repetition, then `lanes` lanes (the lane id's
/// bits from `laneStride`) and `warps` warps (from `warpStride`) follow.
struct ScanAxis {
  int64_t spt, lanes = 1, laneStride = 1, warps = 1, warpStride = 1;
};

/// The layout along `axis` as a ScanAxis; nothing for layouts that place
/// elements otherwise.
static std::optional<ScanAxis> getScanAxis(DistributedLayoutInterface layout,
                                           int64_t axis) {
  ScanAxis along{layout.getRegistersPerTile(axis)};
  if (getContiguity(layout, axis) != along.spt)
    return std::nullopt;
  for (const ThreadField &field : layout.getThreadFields(axis)) {
    int64_t &count = field.warp ? along.warps : along.lanes;
    int64_t &stride = field.warp ? along.warpStride : along.laneStride;
    if (count != 1)
      return std::nullopt; // one field of each kind
    count = field.count;
    stride = field.stride;
  }
  for (const ThreadField &field : layout.getThreadFields(axis))
    if (field.scale != (field.warp ? along.spt * along.lanes : along.spt))
      return std::nullopt;
  if (layout.getShapePerTile()[axis] != along.spt * along.lanes * along.warps)
    return std::nullopt;
  return along;
}

/// Inclusive scans of tiles of one distribution together (`members`)
/// along `axis`, first to last element (last to first under `reverse`):
/// in the thread, across lanes (Hillis-Steele with shuffles), across warps
/// (where lanes along the axis are at least as many as warps, lane t
/// reads warp t's total and the lanes scan them by shuffles; else each
/// thread folds every warp's) and repetitions of the layout. Copies of
/// elements (a tile smaller than its layout) and "nothing yet" take part
/// as empty: `identity` where the combiner has an exact one, else every
/// partial carries a validity flag. Copies get their owners' results
/// through shared memory at the end. Returns each member's registers.
static SmallVector<SmallVector<Value>>
scanTuples(Emitter &e, Operation *op, Distribution &dist,
           ArrayRef<TileType> types, ArrayRef<SmallVector<Value>> members,
           int64_t axis, bool reverse, TupleCombine combine,
           ArrayRef<Value> identity) {
  DistributedLayoutInterface layout = dist.layout;
  ArrayRef<int64_t> shape = dist.shape();
  std::optional<ScanAxis> along = getScanAxis(layout, axis);
  assert(along && "checked by the patterns");
  // A tile shorter than a thread's run along the axis keeps fewer
  // registers there (getRegistersAlong): one repetition of them.
  int64_t spt = std::min(along->spt, dist.registersAlong(axis));
  int64_t lanes = along->lanes, warps = along->warps;
  int64_t laneStride = along->laneStride, warpStride = along->warpStride;
  int64_t reps = dist.registersAlong(axis) / spt;
  bool exact = dist.isExactAlong(axis);
  SmallVector<bool> reduced(shape.size(), false);
  reduced[axis] = true;
  ReductionKeys keys(layout, shape, reduced);
  int64_t numKeys = keys.size();
  // `a` before `b` in the scan's order.
  auto ordered = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return reverse ? combine(b, a) : combine(a, b);
  };
  bool flagged = identity.empty();
  auto join = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return flagged ? joinFlagged(e, ordered, a, b) : ordered(a, b);
  };
  auto when = [&](Value condition, ArrayRef<Value> a, ArrayRef<Value> b) {
    return selectTuple(e, condition, a, b);
  };
  SmallVector<Value> empty(identity);
  if (flagged) {
    empty.push_back(e.boolean(false));
    for (const SmallVector<Value> &member : members)
      empty.push_back(member.front()); // any value: the flag says empty
  }
  // The position of index i of n in the scan's order.
  auto rank = [&](int64_t i, int64_t n) { return reverse ? n - 1 - i : i; };
  auto rankValue = [&](Value i, int64_t n) {
    return reverse
               ? arith::SubIOp::create(e.b, e.loc, e.i32(n - 1), i).getResult()
               : i;
  };

  // The registers of each key and repetition, in the thread's order.
  int64_t registers = dist.numRegisters();
  SmallVector<SmallVector<int64_t>> groups(numKeys * reps,
                                           SmallVector<int64_t>(spt));
  for (int64_t r = 0; r < registers; ++r) {
    SmallVector<int64_t> local = dist.delinearize(r);
    int64_t q = local[axis] / spt, j = local[axis] % spt;
    groups[keys.of(local) * reps + rank(q, reps)][rank(j, spt)] = r;
  }

  // 1. In the thread: running partials, and the thread's total.
  SmallVector<SmallVector<Value>> running(registers);
  SmallVector<SmallVector<Value>> totals;
  for (ArrayRef<int64_t> group : groups) {
    SmallVector<Value> acc;
    for (int64_t r : group) {
      SmallVector<Value> tuple;
      for (const SmallVector<Value> &member : members)
        tuple.push_back(member[r]);
      Value valid = e.boolean(true);
      if (!exact) {
        SmallVector<int64_t> local = dist.delinearize(r);
        valid = e.ult(dist.unwrapped(e, axis, local[axis]), e.i32(shape[axis]));
      }
      if (flagged)
        tuple.insert(tuple.begin(), valid);
      else if (!exact)
        tuple = when(valid, tuple, identity);
      acc = acc.empty() ? tuple : join(acc, tuple);
      running[r] = acc;
    }
    totals.push_back(acc);
  }

  // 2. Across the lanes along the axis: each thread's inclusive partial,
  // the exclusive one (from the previous lane) and the warp's total.
  Value lane = e.lane(), warp = e.warp();
  Value laneRank = rankValue(e.bits(lane, laneStride, lanes), lanes);
  gpu::ShuffleMode toLater =
      reverse ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP;
  // The inclusive scan of `tuple` over the first `count` lane ranks along
  // the axis (Hillis-Steele). Operands are named in order, so the IR does
  // not depend on the C++ compiler's order of evaluating arguments.
  auto scanLanes = [&](SmallVector<Value> tuple, int64_t count) {
    for (int64_t k = 1; k < count; k *= 2) {
      SmallVector<Value> other =
          shuffleTuple(e, tuple, e.i32(k * laneStride), toLater);
      Value later = e.sle(e.i32(k), laneRank);
      SmallVector<Value> joined = join(other, tuple);
      tuple = when(later, joined, tuple);
    }
    return tuple;
  };
  SmallVector<SmallVector<Value>> before(totals.size(), empty);
  SmallVector<SmallVector<Value>> warpTotals = totals;
  if (lanes > 1) {
    Value lastLane =
        e.add(arith::SubIOp::create(
                  e.b, e.loc, lane,
                  e.mul(e.bits(lane, laneStride, lanes), e.i32(laneStride))),
              e.i32(rank(lanes - 1, lanes) * laneStride));
    for (auto [total, previous, warpTotal] :
         llvm::zip(totals, before, warpTotals)) {
      total = scanLanes(total, lanes);
      SmallVector<Value> other =
          shuffleTuple(e, total, e.i32(laneStride), toLater);
      previous = when(e.sle(e.i32(1), laneRank), other, empty);
      warpTotal = shuffleTuple(e, total, lastLane, gpu::ShuffleMode::IDX);
    }
  }

  // 3. Across the warps along the axis, through shared memory.
  SmallVector<SmallVector<Value>> repTotals = warpTotals;
  if (warps > 1) {
    int64_t slots = static_cast<int64_t>(totals.size());
    SharedTuples shared(e, op, empty, slots, layout.getNumWarps() * kWarpSize);
    shared.write(warpTotals);
    Value coordinate = e.bits(warp, warpStride, warps);
    Value warpRank = rankValue(coordinate, warps);
    Value baseWarp = arith::SubIOp::create(
        e.b, e.loc, warp, e.mul(coordinate, e.i32(warpStride)));
    auto threadOf = [&](Value warpCoordinate) {
      return e.add(
          e.mul(e.add(baseWarp, e.mul(warpCoordinate, e.i32(warpStride))),
                e.i32(kWarpSize)),
          lane);
    };
    if (lanes >= warps) {
      // Lane rank t reads the total of the warp of rank t, the lanes scan
      // them (Hillis-Steele), and each thread takes the scan at its warp's
      // predecessor and at the last warp.
      Value t = e.andI(laneRank, e.i32(warps - 1));
      Value partner = threadOf(rankValue(t, warps));
      // The lane of this thread's warp and lanes along the other
      // dimensions whose rank along the axis is `r`.
      Value laneBase = arith::SubIOp::create(
          e.b, e.loc, lane,
          e.mul(e.bits(lane, laneStride, lanes), e.i32(laneStride)));
      auto laneOfRank = [&](Value r) {
        return e.add(laneBase, e.mul(rankValue(r, lanes), e.i32(laneStride)));
      };
      Value previousRank = arith::MaxSIOp::create(
          e.b, e.loc, e.sub(warpRank, e.i32(1)), e.i32(0));
      for (int64_t slot = 0; slot < slots; ++slot) {
        SmallVector<Value> scan = shared.read(slot, partner);
        scan = scanLanes(scan, warps);
        Value notFirst = e.sle(e.i32(1), warpRank);
        Value previousLane = laneOfRank(previousRank);
        SmallVector<Value> previous =
            shuffleTuple(e, scan, previousLane, gpu::ShuffleMode::IDX);
        SmallVector<Value> earlier = when(notFirst, previous, empty);
        repTotals[slot] = shuffleTuple(e, scan, laneOfRank(e.i32(warps - 1)),
                                       gpu::ShuffleMode::IDX);
        before[slot] = join(earlier, before[slot]);
      }
    } else {
      // Each thread folds the totals of the warps before its own, and of
      // all.
      for (int64_t slot = 0; slot < slots; ++slot) {
        SmallVector<Value> earlier = empty, all;
        for (int64_t t = 0; t < warps; ++t) {
          SmallVector<Value> tuple =
              shared.read(slot, threadOf(e.i32(rank(t, warps))));
          Value earlierWarp = e.slt(e.i32(t), warpRank);
          SmallVector<Value> joined = join(earlier, tuple);
          earlier = when(earlierWarp, joined, earlier);
          all = all.empty() ? tuple : join(all, tuple);
        }
        before[slot] = join(earlier, before[slot]);
        repTotals[slot] = all;
      }
    }
  }

  // 4. Across the repetitions, in registers; then every element.
  SmallVector<SmallVector<Value>> results(members.size());
  for (auto &result : results)
    result.resize(registers);
  for (int64_t key = 0; key < numKeys; ++key) {
    SmallVector<Value> carry = empty;
    for (int64_t q = 0; q < reps; ++q) {
      int64_t slot = key * reps + q;
      SmallVector<Value> prefix = join(carry, before[slot]);
      for (int64_t r : groups[slot]) {
        SmallVector<Value> value = join(prefix, running[r]);
        for (size_t m = 0; m < members.size(); ++m)
          results[m][r] = value[m + (flagged ? 1 : 0)];
      }
      carry = join(carry, repTotals[slot]);
    }
  }
  if (!exact)
    for (auto [type, result] : llvm::zip(types, results))
      takeOwnersValues(e, op, type, result);
  return results;
}

struct ScanLowering : public TilePattern<ScanOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType tile = op.getType();
    if (!getScanAxis(getLayout(tile), op.getAxis()))
      return rewriter.notifyMatchFailure(op, "layout not blocked along axis");
    Emitter e{rewriter, op.getLoc()};
    Combiner combiner{op.getKind(), tile.getElementType(),
                      /*propagateNaN=*/false};
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return SmallVector<Value>{combiner.combine(e, a[0], b[0])};
    };
    Distribution dist(e, tile);
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource())};
    SmallVector<Value> identity;
    if (combiner.hasExactIdentity())
      identity.push_back(combiner.identity(e));
    auto results = scanTuples(e, op, dist, {tile}, members, op.getAxis(),
                              op.getReverse(), combine, identity);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

struct ScanWithLowering : public TilePattern<ScanWithOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScanWithOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<TileType> types;
    for (Type type : op.getResultTypes())
      types.push_back(cast<TileType>(type));
    if (!getScanAxis(getLayout(types.front()), op.getAxis()))
      return rewriter.notifyMatchFailure(op, "layout not blocked along axis");
    Emitter e{rewriter, op.getLoc()};
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return applyCombiner(e, op.getCombiner(), a, b);
    };
    Distribution dist(e, types.front());
    SmallVector<SmallVector<Value>> members;
    for (ValueRange values : adaptor.getSources())
      members.push_back(SmallVector<Value>(values));
    auto results = scanTuples(e, op, dist, types, members, op.getAxis(),
                              op.getReverse(), combine, /*identity=*/{});
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};
} // namespace

void cudapy::populateTileScanToLLVMPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ScanLowering, ScanWithLowering>(converter,
                                               patterns.getContext());
}
