//===- Shape.cpp - shape ops ----------------------------------------------===//
//
// broadcast and permute (registers renamed), reshape and expand_dims
// (registers when every thread holds what it takes, else shared memory),
// extract (registers at constant indices where the layouts keep them),
// insert and cat (through shared memory).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
struct BroadcastLowering : public TilePattern<BroadcastOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType source = op.getSource().getType(), result = op.getType();
    ValueRange values = adaptor.getSource();
    if (source.getRank() == 0) {
      SmallVector<Type> types = convertResult(getTypeConverter(), result);
      rewriter.replaceOpWithMultiple(
          op, {SmallVector<Value>(types.size(), values.front())});
      return success();
    }
    // The source's layout is the result's (or its slices along the leading
    // dimensions the broadcast adds): each result register reads the
    // source register at the same local index, or at its block's first
    // element along dimensions of extent 1.
    DistributedLayoutInterface out = getLayout(result), in = getLayout(source);
    int64_t lead = result.getRank() - source.getRank();
    SmallVector<Value> broadcast;
    for (int64_t r = 0, n = getNumRegisters(out, result.getShape()); r < n;
         ++r) {
      SmallVector<int64_t> local = delinearize(out, result.getShape(), r);
      SmallVector<int64_t> sourceLocal(local.begin() + lead, local.end());
      for (int64_t d = 0; d < source.getRank(); ++d)
        sourceLocal[d] %= getRegistersAlong(in, source.getShape(), d);
      broadcast.push_back(
          values[linearize(in, source.getShape(), sourceLocal)]);
    }
    rewriter.replaceOpWithMultiple(op, {broadcast});
    return success();
  }
};

struct PermuteLowering : public TilePattern<PermuteOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(PermuteOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType source = op.getSource().getType(), result = op.getType();
    DistributedLayoutInterface in = getLayout(source), out = getLayout(result);
    ArrayRef<int64_t> p = op.getPermutation();
    ValueRange values = adaptor.getSource();
    SmallVector<Value> permuted;
    for (int64_t r = 0, n = getNumRegisters(out, result.getShape()); r < n;
         ++r) {
      SmallVector<int64_t> local = delinearize(out, result.getShape(), r);
      SmallVector<int64_t> sourceLocal(local.size());
      for (auto [k, d] : llvm::enumerate(p))
        sourceLocal[d] = local[k];
      permuted.push_back(values[linearize(in, source.getShape(), sourceLocal)]);
    }
    rewriter.replaceOpWithMultiple(op, {permuted});
    return success();
  }
};

/// Row-major positions are kept: result indices to a position, the
/// position to source indices (shifts and masks: extents are powers of
/// two).
struct ReshapeLowering : public TilePattern<ReshapeOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    ArrayRef<int64_t> from = source.getShape(), to = result.getShape();
    auto map = [&](ArrayRef<int64_t> indices) {
      int64_t position = getRowMajorPosition(to, indices);
      SmallVector<int64_t> out(from.size());
      for (int64_t d = from.size() - 1; d >= 0; --d) {
        out[d] = position % from[d];
        position /= from[d];
      }
      return out;
    };
    auto valueMap = [&](ArrayRef<Value> indices) {
      Value position = e.rowMajor(indices, to);
      SmallVector<Value> out(from.size());
      int64_t scale = 1;
      for (int64_t d = from.size() - 1; d >= 0; --d) {
        out[d] = e.bits(position, scale, from[d]);
        scale *= from[d];
      }
      return out;
    };
    rewriter.replaceOpWithMultiple(
        op,
        {remapTile(e, op, source, adaptor.getSource(), result, map, valueMap)});
    return success();
  }
};

/// The new dimension's index (always 0) is dropped; the layouts that
/// tile-assign-layouts picks keep the registers.
struct ExpandDimsLowering : public TilePattern<ExpandDimsOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    int64_t axis = op.getAxis();
    auto map = [&](ArrayRef<int64_t> indices) {
      SmallVector<int64_t> out(indices);
      out.erase(out.begin() + axis);
      return out;
    };
    auto valueMap = [&](ArrayRef<Value> indices) {
      SmallVector<Value> out(indices);
      out.erase(out.begin() + axis);
      return out;
    };
    rewriter.replaceOpWithMultiple(
        op, {remapTile(e, op, op.getSource().getType(), adaptor.getSource(),
                       op.getType(), map, valueMap)});
    return success();
  }
};

/// The origin of sub-tile `indices` of extents `sub` in a tile of extents
/// `full`: out-of-range indices wrap (the result is unspecified, the access
/// stays inside the tile).
static SmallVector<Value> getSubTileOrigin(Emitter &e, ValueRange indices,
                                           ArrayRef<int64_t> sub,
                                           ArrayRef<int64_t> full) {
  SmallVector<Value> origin;
  for (auto [index, extent, total] : llvm::zip(indices, sub, full))
    origin.push_back(
        e.mul(e.andI(index, e.i32(total / extent - 1)), e.i32(extent)));
  return origin;
}

/// The sub-tile's origin where `op`'s indices are constants (wrapped as
/// getSubTileOrigin wraps them).
static std::optional<SmallVector<int64_t>> getConstantOrigin(ExtractOp op) {
  SmallVector<int64_t> origin;
  ArrayRef<int64_t> sub = op.getType().getShape(),
                    full = op.getSource().getType().getShape();
  for (auto [index, extent, total] : llvm::zip(op.getIndices(), sub, full)) {
    auto constant = index.getDefiningOp<ConstantOp>();
    auto value = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue())
                          : nullptr;
    if (!value || !value.isSplat())
      return std::nullopt;
    int64_t i = value.getSplatValue<APInt>().getSExtValue();
    origin.push_back((i & (total / extent - 1)) * extent);
  }
  return origin;
}

/// At constant indices, the registers that hold the sub-tile where every
/// thread holds its elements of it in the source's layout (an mma
/// operand's steps along K, tile-pipeline-loads' splitAlongDepth), else
/// through shared memory (remapTile). At other indices, the source through
/// shared memory; each thread reads its elements of the sub-tile.
struct ExtractLowering : public TilePattern<ExtractOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ExtractOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    if (std::optional<SmallVector<int64_t>> start = getConstantOrigin(op)) {
      auto map = [&](ArrayRef<int64_t> indices) {
        SmallVector<int64_t> out(indices);
        for (auto [index, offset] : llvm::zip(out, *start))
          index += offset;
        return out;
      };
      auto valueMap = [&](ArrayRef<Value> indices) {
        SmallVector<Value> out(indices);
        for (auto [index, offset] : llvm::zip(out, *start))
          index = e.add(index, e.i32(offset));
        return out;
      };
      rewriter.replaceOpWithMultiple(
          op, {remapTile(e, op, source, adaptor.getSource(), result, map,
                         valueMap)});
      return success();
    }
    SmallVector<Value> origin = getSubTileOrigin(
        e, flatten(adaptor.getIndices()), result.getShape(), source.getShape());
    SharedTile shared(e, op, source);
    shared.write(source, adaptor.getSource());
    shared.barrier();
    Distribution dist(e, result);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = dist.indices(e, r);
      for (auto [index, start] : llvm::zip(indices, origin))
        index = e.add(index, start);
      values.push_back(shared.read(indices));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// The value through shared memory; the destination's registers stay
/// outside the sub-tile (the result has the destination's layout).
struct InsertLowering : public TilePattern<InsertOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(InsertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType value = op.getValue().getType(), dest = op.getDest().getType();
    ArrayRef<int64_t> sub = value.getShape();
    SmallVector<Value> origin = getSubTileOrigin(
        e, flatten(adaptor.getIndices()), sub, dest.getShape());
    SharedTile shared(e, op, value);
    shared.write(value, adaptor.getValue());
    shared.barrier();
    Distribution dist(e, dest);
    ValueRange destValues = adaptor.getDest();
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = dist.indices(e, r), inside;
      for (auto [index, start, extent] : llvm::zip(indices, origin, sub)) {
        index = arith::SubIOp::create(rewriter, e.loc, index, start);
        inside.push_back(e.ult(index, e.i32(extent)));
        index = e.andI(index, e.i32(extent - 1)); // a valid address
      }
      values.push_back(arith::SelectOp::create(rewriter, e.loc, e.allOf(inside),
                                               shared.read(indices),
                                               destValues[r]));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Both operands into one buffer of the result's shape, then read.
struct CatLowering : public TilePattern<CatOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(CatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType operand = op.getLhs().getType(), result = op.getType();
    SharedTile shared(e, op, result);
    SmallVector<Value> origin(operand.getRank(), e.i32(0));
    shared.write(operand, adaptor.getLhs(), origin);
    origin[op.getAxis()] = e.i32(operand.getShape()[op.getAxis()]);
    shared.write(operand, adaptor.getRhs(), origin);
    shared.barrier();
    Distribution dist(e, result);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r)
      values.push_back(shared.read(dist.indices(e, r)));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};
} // namespace

void cudapy::populateTileShapeToLLVMPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns
      .add<BroadcastLowering, PermuteLowering, ReshapeLowering,
           ExpandDimsLowering, ExtractLowering, InsertLowering, CatLowering>(
          converter, patterns.getContext());
}
