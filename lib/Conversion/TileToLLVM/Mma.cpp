//===- Mma.cpp - matrix multiply-accumulate -------------------------------===//
//
// tile.mma and tile.matmul: on tensor cores (nvgpu.mma.sync m16n8k16) when
// tile-assign-layouts gave the result the accumulator layout, else through
// the simple path that any dtype and layout takes.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// The accumulator of `mma` (its registers), none for `matmul`.
template <typename Adaptor> static ValueRange getAccumulator(MmaOp, Adaptor a) {
  return a.getAcc();
}
template <typename Adaptor>
static ValueRange getAccumulator(MatmulOp, Adaptor) {
  return {};
}

/// `mma` and `matmul` on tensor cores, for f16 and bf16 operands and a
/// float32 accumulator in #tile.mma_accumulator: both operands through
/// shared memory (rows padded against bank conflicts), then each warp runs
/// one mma.sync m16n8k16 per 16x8 block of its share of the result and per
/// 16 of K, its A and B fragments read from shared memory where the PTX ISA
/// places them (lane l: group l/4, thread l%4 of it).
template <typename Op> struct MmaSyncLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType a = op.getA().getType(), b = op.getB().getType();
    TileType result = op.getType();
    auto layout = dyn_cast<MmaAccumulatorLayoutAttr>(result.getEncoding());
    Type dtype = a.getElementType();
    if (!layout || result.getRank() != 2 || !result.getElementType().isF32() ||
        !isa<Float16Type, BFloat16Type>(dtype) || b.getElementType() != dtype)
      return rewriter.notifyMatchFailure(op, "not an mma.sync m16n8k16");
    int64_t rowWarps = layout.getWarpsPerCTA()[0],
            columnWarps = layout.getWarpsPerCTA()[1];
    int64_t m = result.getShape()[0], n = result.getShape()[1],
            k = a.getShape()[1];
    if (m % (16 * rowWarps) != 0 || n % (8 * columnWarps) != 0 || k % 16 != 0)
      return rewriter.notifyMatchFailure(op, "partial 16x8x16 blocks");
    Emitter e{rewriter, op.getLoc()};
    SharedTile sharedA(e, op, a), sharedB(e, op, b);
    sharedA.write(a, adaptor.getA());
    sharedB.write(b, adaptor.getB());
    sharedA.barrier();

    Value lane = e.lane(), warp = e.warp();
    Value group = e.bits(lane, 4, 8), thread = e.bits(lane, 1, 4);
    Value rowWarp = e.bits(warp, 1, rowWarps),
          columnWarp = e.bits(warp, rowWarps, columnWarps);
    int64_t rowBlocks = m / (16 * rowWarps),
            columnBlocks = n / (8 * columnWarps);
    // The thread's first row of each row block, and its B column of each
    // column block.
    SmallVector<Value> rows, columns;
    Value warpRow = e.add(e.mul(rowWarp, e.i32(16)), group);
    for (int64_t i = 0; i < rowBlocks; ++i)
      rows.push_back(e.add(warpRow, e.i32(i * 16 * rowWarps)));
    Value warpColumn = e.add(e.mul(columnWarp, e.i32(8)), group);
    for (int64_t j = 0; j < columnBlocks; ++j)
      columns.push_back(e.add(warpColumn, e.i32(j * 8 * columnWarps)));

    SmallVector<Value> acc(getAccumulator(op, adaptor));
    int64_t registers = getNumRegisters(layout, result.getShape());
    if (acc.empty())
      acc.assign(registers, e.floatConst(rewriter.getF32Type(), 0.0));
    // Register (2i + h, 2j + c) of the accumulator: row h of block row i,
    // column c of block column j (C fragments: c0 c1 in row group, c2 c3
    // in row group + 8).
    auto accRegister = [&](int64_t i, int64_t h, int64_t j, int64_t c) {
      return linearize(layout, result.getShape(), {2 * i + h, 2 * j + c});
    };
    Type f32 = rewriter.getF32Type();
    auto typeA = VectorType::get({4, 2}, dtype),
         typeB = VectorType::get({2, 2}, dtype),
         typeC = VectorType::get({2, 2}, f32);
    for (int64_t step = 0; step < k / 16; ++step) {
      Value k0 = e.add(e.mul(thread, e.i32(2)), e.i32(16 * step));
      Value k1 = e.add(k0, e.i32(1)), k8 = e.add(k0, e.i32(8)),
            k9 = e.add(k0, e.i32(9));
      // A fragments: (r, k0..k1), (r + 8, k0..k1), (r, k8..k9), (r + 8,
      // k8..k9).
      SmallVector<Value> fragmentsA;
      for (Value row : rows) {
        Value row8 = e.add(row, e.i32(8));
        SmallVector<Value> elements;
        for (auto [r, c] : {std::pair{row, k0},
                            {row, k1},
                            {row8, k0},
                            {row8, k1},
                            {row, k8},
                            {row, k9},
                            {row8, k8},
                            {row8, k9}})
          elements.push_back(sharedA.read({r, c}));
        fragmentsA.push_back(
            vector::FromElementsOp::create(rewriter, e.loc, typeA, elements));
      }
      // B fragments: (k0..k1, n), (k8..k9, n).
      SmallVector<Value> fragmentsB;
      for (Value column : columns) {
        SmallVector<Value> elements;
        for (Value r : {k0, k1, k8, k9})
          elements.push_back(sharedB.read({r, column}));
        fragmentsB.push_back(
            vector::FromElementsOp::create(rewriter, e.loc, typeB, elements));
      }
      for (int64_t i = 0; i < rowBlocks; ++i)
        for (int64_t j = 0; j < columnBlocks; ++j) {
          SmallVector<Value> c = {
              acc[accRegister(i, 0, j, 0)], acc[accRegister(i, 0, j, 1)],
              acc[accRegister(i, 1, j, 0)], acc[accRegister(i, 1, j, 1)]};
          Value fragmentC =
              vector::FromElementsOp::create(rewriter, e.loc, typeC, c);
          Value d = nvgpu::MmaSyncOp::create(rewriter, e.loc, fragmentsA[i],
                                             fragmentsB[j], fragmentC,
                                             ArrayRef<int64_t>{16, 8, 16});
          for (int64_t h = 0; h < 2; ++h)
            for (int64_t col = 0; col < 2; ++col)
              acc[accRegister(i, h, j, col)] = vector::ExtractOp::create(
                  rewriter, e.loc, d, ArrayRef<int64_t>{h, col});
        }
    }
    rewriter.replaceOpWithMultiple(op, {acc});
    return success();
  }
};

/// `mma` and `matmul`, the simple path: both operands through shared
/// memory, then each thread runs along K for its accumulator registers,
/// multiplying in the accumulator's dtype (fma for floats).
template <typename Op> struct MmaLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;

  static ValueRange getAcc(MmaOp, OneToNOpAdaptor adaptor) {
    return adaptor.getAcc();
  }
  static ValueRange getAcc(MatmulOp, OneToNOpAdaptor) { return {}; }

  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType a = op.getA().getType(), b = op.getB().getType();
    TileType result = op.getType();
    Type inType = a.getElementType(), outType = result.getElementType();
    Type registerType = getRegisterType(outType);
    int64_t rank = result.getRank();
    int64_t depth = a.getShape()[rank - 1];
    SharedTile sharedA(e, op, a), sharedB(e, op, b);
    sharedA.write(a, adaptor.getA());
    sharedB.write(b, adaptor.getB());
    sharedA.barrier();
    Distribution dist(e, result);
    int64_t registers = dist.numRegisters();
    SmallVector<SmallVector<Value>> indices;
    for (int64_t r = 0; r < registers; ++r)
      indices.push_back(dist.indices(e, r));
    SmallVector<Value> init(getAcc(op, adaptor));
    if (init.empty())
      init.assign(registers, getZero(e, registerType));
    auto widen = [&](Value x) -> Value {
      if (isNarrowFloat(inType))
        x = decodeNarrowFloat(rewriter, e.loc, x, cast<FloatType>(inType));
      if (x.getType() == registerType)
        return x;
      if (x.getType().isF32() && isa<FloatType>(registerType))
        return arith::TruncFOp::create(rewriter, e.loc, registerType, x);
      if (isa<FloatType>(registerType))
        return arith::ExtFOp::create(rewriter, e.loc, registerType, x);
      if (isSigned(inType))
        return arith::ExtSIOp::create(rewriter, e.loc, registerType, x);
      return arith::ExtUIOp::create(rewriter, e.loc, registerType, x);
    };
    auto loop = scf::ForOp::create(
        rewriter, e.loc, e.i32(0), e.i32(depth), e.i32(1), init,
        [&](OpBuilder &builder, Location loc, Value k, ValueRange acc) {
          SmallVector<Value> next;
          for (int64_t r = 0; r < registers; ++r) {
            SmallVector<Value> at = indices[r], bt = indices[r];
            at[rank - 1] = k; // (batch, m, k)
            bt[rank - 2] = k; // (batch, k, n)
            Value x = widen(sharedA.read(at)), y = widen(sharedB.read(bt));
            if (isa<FloatType>(registerType)) {
              next.push_back(math::FmaOp::create(builder, loc, x, y, acc[r]));
              continue;
            }
            next.push_back(e.add(e.mul(x, y), acc[r]));
          }
          scf::YieldOp::create(builder, loc, next);
        });
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(loop.getResults())});
    return success();
  }
};
} // namespace

void cudapy::populateTileMmaToLLVMPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<MmaLowering<MmaOp>, MmaLowering<MatmulOp>>(
      converter, patterns.getContext());
  patterns.add<MmaSyncLowering<MmaOp>, MmaSyncLowering<MatmulOp>>(
      converter, patterns.getContext(), /*benefit=*/2);
}
