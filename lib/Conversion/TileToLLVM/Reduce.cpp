//===- Reduce.cpp - reductions --------------------------------------------===//
//
// Reductions (built-in, argmax/argmin, custom combiner regions): in the
// thread, across lanes by butterflies, across warps through shared memory.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// Reduces tiles of one distribution together (`members`, a tuple of
/// register lists) along the `reduced` dimensions: in the thread, across
/// lanes by butterflies, across warps through shared memory: lanes that
/// hold the same partials read one partner's each and fold them by
/// butterflies, or (with fewer such lanes than partners) each thread folds
/// all its partners' partials in warp order; either way all threads hold
/// the same result. Copies of elements take `identity` when there is one, else
/// a validity flag rides along. Returns each key's tuple.
static SmallVector<SmallVector<Value>>
reduceTuples(Emitter &e, Operation *op, Distribution &dist,
             ArrayRef<SmallVector<Value>> members, ArrayRef<bool> reduced,
             TupleCombine combine, ArrayRef<Value> identity) {
  DistributedLayoutInterface layout = dist.layout;
  ArrayRef<int64_t> shape = dist.shape();
  int64_t rank = shape.size();
  ReductionKeys keys(layout, shape, reduced);
  bool flagged = identity.empty();
  auto join = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return flagged ? joinFlagged(e, combine, a, b) : combine(a, b);
  };

  // 1. In the thread.
  bool needsMask = false;
  for (int64_t d = 0; d < rank; ++d)
    needsMask |= reduced[d] && !dist.isExactAlong(d);
  SmallVector<SmallVector<Value>> partial(keys.size());
  for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
    SmallVector<int64_t> local = dist.delinearize(r);
    SmallVector<Value> tuple;
    for (const SmallVector<Value> &member : members)
      tuple.push_back(member[r]);
    Value owner = e.boolean(true);
    if (needsMask) {
      SmallVector<Value> conditions;
      for (int64_t d = 0; d < rank; ++d)
        if (reduced[d] && !dist.isExactAlong(d))
          conditions.push_back(
              e.ult(dist.unwrapped(e, d, local[d]), e.i32(shape[d])));
      owner = e.allOf(conditions);
      if (!flagged)
        tuple = selectTuple(e, owner, tuple, identity);
    }
    if (flagged)
      tuple.insert(tuple.begin(), owner);
    SmallVector<Value> &slot = partial[keys.of(local)];
    slot = slot.empty() ? tuple : join(slot, tuple);
  }

  // The lane and warp fields of the thread along the reduced dimensions.
  SmallVector<ThreadField> laneFields, warpFields;
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d])
      for (const ThreadField &field : layout.getThreadFields(d))
        (field.warp ? warpFields : laneFields).push_back(field);

  // 2. Across the lanes along them: butterflies over each field's bits.
  for (const ThreadField &field : laneFields)
    for (int64_t step = 1; step < field.count; step *= 2)
      for (SmallVector<Value> &slot : partial)
        slot = join(slot, shuffleTuple(e, slot, e.i32(step * field.stride),
                                       gpu::ShuffleMode::XOR));

  // 3. Across the warps along them.
  if (!warpFields.empty()) {
    int64_t numKeys = keys.size();
    Value lane = e.lane(), warp = e.warp();
    SharedTuples shared(e, op, partial.front(), numKeys,
                        layout.getNumWarps() * kWarpSize);
    shared.write(partial);
    // The warp with this warp's coordinates but zeros in the reduced
    // fields; partners add multiples of their strides.
    Value baseWarp = warp;
    for (const ThreadField &field : warpFields)
      baseWarp = e.sub(baseWarp,
                       e.mul(e.field(field, lane, warp), e.i32(field.stride)));
    SmallVector<int64_t> partners = {0};
    for (const ThreadField &field : warpFields) {
      SmallVector<int64_t> next;
      for (int64_t j = 0; j < field.count; ++j)
        for (int64_t offset : partners)
          next.push_back(offset + j * field.stride);
      partners = next;
    }
    llvm::sort(partners);
    // Where one reduced lane field has a lane for each partner, those lanes
    // (holding the same partials) each read one partner's, and butterflies
    // over that field's low bits fold them: one read and log2(partners)
    // shuffles instead of a read for each partner.
    int64_t numPartners = partners.size();
    const ThreadField *spread = nullptr;
    for (const ThreadField &field : laneFields)
      if (field.count >= numPartners && llvm::isPowerOf2_64(numPartners))
        spread = &field;
    if (spread) {
      Value j = e.field(*spread, lane, warp);
      Value offset = e.i32(0);
      int64_t divisor = 1;
      for (const ThreadField &field : warpFields) {
        offset = e.add(offset, e.mul(e.bits(j, divisor, field.count),
                                     e.i32(field.stride)));
        divisor *= field.count;
      }
      Value partner =
          e.add(e.mul(e.add(baseWarp, offset), e.i32(kWarpSize)), lane);
      for (int64_t key = 0; key < numKeys; ++key)
        partial[key] = shared.read(key, partner);
      for (int64_t step = 1; step < numPartners; step *= 2)
        for (SmallVector<Value> &slot : partial)
          slot = join(slot, shuffleTuple(e, slot, e.i32(step * spread->stride),
                                         gpu::ShuffleMode::XOR));
    }
    for (int64_t key = 0; key < numKeys && !spread; ++key) {
      SmallVector<Value> total;
      for (int64_t offset : partners) {
        Value partner = e.add(
            e.mul(e.add(baseWarp, e.i32(offset)), e.i32(kWarpSize)), lane);
        SmallVector<Value> tuple = shared.read(key, partner);
        total = total.empty() ? tuple : join(total, tuple);
      }
      partial[key] = total;
    }
  }
  if (flagged)
    for (SmallVector<Value> &slot : partial)
      slot.erase(slot.begin());
  return partial;
}

/// Member `member` of a reduction's per-key tuples as the registers of
/// `result`: keepdims keeps the source's layout (every local index along a
/// reduced dimension a copy), else slices drop the reduced dimensions.
static SmallVector<Value> getReducedRegisters(
    TileType result, int64_t sourceRank, ArrayRef<int64_t> sourceShape,
    DistributedLayoutInterface sourceLayout, ArrayRef<bool> reduced,
    bool keepdims, ArrayRef<SmallVector<Value>> partial, int64_t member) {
  if (result.getRank() == 0)
    return {partial.front()[member]};
  ReductionKeys keys(sourceLayout, sourceShape, reduced);
  DistributedLayoutInterface out = getLayout(result);
  ArrayRef<int64_t> shape = result.getShape();
  SmallVector<Value> registers;
  for (int64_t r = 0, n = getNumRegisters(out, shape); r < n; ++r) {
    SmallVector<int64_t> local = delinearize(out, shape, r);
    SmallVector<int64_t> full(sourceRank, 0);
    if (keepdims) {
      full = local;
    } else {
      int64_t next = 0;
      for (int64_t d = 0; d < sourceRank; ++d)
        full[d] = reduced[d] ? 0 : local[next++];
    }
    registers.push_back(partial[keys.of(full)][member]);
  }
  return registers;
}

static SmallVector<bool> getReducedDims(int64_t rank, ArrayRef<int64_t> axes) {
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : axes)
    reduced[axis] = true;
  return reduced;
}

struct ReduceLowering : public TilePattern<ReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType();
    Combiner combiner{op.getKind(), source.getElementType(),
                      op.getPropagateNan()};
    SmallVector<bool> reduced = getReducedDims(source.getRank(), op.getAxes());
    Distribution dist(e, source);
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return SmallVector<Value>{combiner.combine(e, a[0], b[0])};
    };
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource())};
    auto partial = reduceTuples(e, op, dist, members, reduced, combine,
                                {combiner.identity(e)});
    rewriter.replaceOpWithMultiple(
        op, {getReducedRegisters(op.getType(), source.getRank(),
                                 source.getShape(), dist.layout, reduced,
                                 op.getKeepdims(), partial, 0)});
    return success();
  }
};

/// argmax/argmin: (value, position) pairs; the extreme value wins, the
/// first position among equals. NaN is the extreme under propagate_nan
/// and loses otherwise.
struct ArgReduceLowering : public TilePattern<ArgReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArgReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType();
    Type dtype = source.getElementType();
    int64_t axis = op.getAxis();
    SmallVector<bool> reduced = getReducedDims(source.getRank(), {axis});
    Distribution dist(e, source);
    bool isMax = op.getKind() == ReduceKind::max;
    bool propagateNaN = op.getPropagateNan();
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      Value x = a[0], y = b[0];
      Value strict, tie;
      if (isa<FloatType>(dtype)) {
        auto cmp = [&](arith::CmpFPredicate predicate, Value p, Value q) {
          return arith::CmpFOp::create(rewriter, e.loc, predicate, p, q)
              .getResult();
        };
        Value xNaN = cmp(arith::CmpFPredicate::UNO, x, x);
        Value yNaN = cmp(arith::CmpFPredicate::UNO, y, y);
        Value better =
            cmp(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
                x, y);
        Value nanWins = propagateNaN
                            ? e.andI(xNaN, e.eq(yNaN, e.boolean(false)))
                            : e.andI(yNaN, e.eq(xNaN, e.boolean(false)));
        strict = arith::OrIOp::create(rewriter, e.loc, better, nanWins);
        tie = arith::OrIOp::create(rewriter, e.loc,
                                   cmp(arith::CmpFPredicate::OEQ, x, y),
                                   e.andI(xNaN, yNaN));
      } else {
        arith::CmpIPredicate predicate =
            isMax ? (isSigned(dtype) ? arith::CmpIPredicate::sgt
                                     : arith::CmpIPredicate::ugt)
                  : (isSigned(dtype) ? arith::CmpIPredicate::slt
                                     : arith::CmpIPredicate::ult);
        strict = arith::CmpIOp::create(rewriter, e.loc, predicate, x, y);
        tie = e.eq(x, y);
      }
      Value first = e.sle(a[1], b[1]);
      Value xWins =
          arith::OrIOp::create(rewriter, e.loc, strict, e.andI(tie, first));
      return selectTuple(e, xWins, a, b);
    };
    SmallVector<Value> positions;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r)
      positions.push_back(dist.indices(e, r)[axis]);
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource()), positions};
    auto partial =
        reduceTuples(e, op, dist, members, reduced, combine, /*identity=*/{});
    SmallVector<Value> result =
        getReducedRegisters(op.getType(), source.getRank(), source.getShape(),
                            dist.layout, reduced, op.getKeepdims(), partial, 1);
    Type resultType = getRegisterType(op.getType().getElementType());
    for (Value &value : result)
      if (value.getType() != resultType)
        value = arith::ExtUIOp::create(rewriter, e.loc, resultType, value);
    rewriter.replaceOpWithMultiple(op, {result});
    return success();
  }
};

struct ReduceWithLowering : public TilePattern<ReduceWithOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceWithOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    auto source = cast<TileType>(op.getSources().front().getType());
    int64_t axis = op.getAxis();
    SmallVector<bool> reduced = getReducedDims(source.getRank(), {axis});
    Distribution dist(e, source);
    SmallVector<SmallVector<Value>> members;
    for (ValueRange values : adaptor.getSources())
      members.push_back(SmallVector<Value>(values));
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return applyCombiner(e, op.getCombiner(), a, b);
    };
    auto partial =
        reduceTuples(e, op, dist, members, reduced, combine, /*identity=*/{});
    SmallVector<SmallVector<Value>> results;
    for (auto [m, result] : llvm::enumerate(op.getResults()))
      results.push_back(getReducedRegisters(
          cast<TileType>(result.getType()), source.getRank(), source.getShape(),
          dist.layout, reduced, op.getKeepdims(), partial, m));
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};
} // namespace

void cudapy::populateTileReduceToLLVMPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ArgReduceLowering, ReduceWithLowering>(
      converter, patterns.getContext());
}
