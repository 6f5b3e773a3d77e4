//===- Mma.cpp - matrix multiply-accumulate -------------------------------===//
//
// tile.mma and tile.matmul: on tensor cores (nvgpu.mma.sync m16n8k16) when
// tile-assign-layouts gave the result the accumulator layout, else through
// the simple path that any dtype and layout takes.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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

/// Writes a tile of 16-bit elements (its registers `values`) row-major into
/// shared memory at `buffer`, `pitch` elements a row: each thread stores the
/// runs of up to 8 elements (16 bytes) it holds along a row at once, or,
/// where its layout holds copies, the elements it owns one by one.
static void writeRows(Emitter &e, TileType type, ValueRange values,
                      Value buffer, int64_t pitch) {
  Distribution dist(e, type);
  Type element = getRegisterType(type.getElementType());
  bool exact = dist.isExact();
  int64_t width = 1;
  if (exact && dist.fastest() == 1)
    width = std::min<int64_t>(
        {getContiguity(dist.layout, 1), 8, type.getShape()[1]});
  auto vectorType = VectorType::get({width}, element);
  for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
    SmallVector<int64_t> local = dist.delinearize(r);
    if (local[1] % width != 0)
      continue;
    SmallVector<Value> indices = dist.indices(e, r);
    Value address = e.gep(buffer, element,
                          e.add(e.mul(indices[0], e.i32(pitch)), indices[1]));
    if (width > 1) {
      Value vector = e.poison(vectorType);
      for (int64_t i = 0; i < width; ++i) {
        SmallVector<int64_t> next = local;
        next[1] += i;
        vector = LLVM::InsertElementOp::create(
            e.b, e.loc, vector, values[dist.linearize(next)], e.i32(i));
      }
      LLVM::StoreOp::create(e.b, e.loc, vector, address, 2 * width);
      continue;
    }
    if (exact) {
      LLVM::StoreOp::create(e.b, e.loc, values[r], address, 2);
      continue;
    }
    auto ifOp = scf::IfOp::create(e.b, e.loc, dist.isOwner(e, r));
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPointToStart(ifOp.thenBlock());
    LLVM::StoreOp::create(e.b, e.loc, values[r], address, 2);
  }
}

/// `ldmatrix` of `count` 8x8 matrices of 16-bit elements whose rows the
/// lanes address (`.trans` when `transpose`): each 32-bit register as a pair
/// of `element`s.
static SmallVector<Value> loadMatrices(Emitter &e, Value address, int64_t count,
                                       bool transpose, Type element) {
  MLIRContext *context = e.b.getContext();
  Type i32 = e.b.getI32Type();
  Type result = count == 1 ? i32
                           : LLVM::LLVMStructType::getLiteral(
                                 context, SmallVector<Type>(count, i32));
  Value loaded = NVVM::LdMatrixOp::create(
      e.b, e.loc, result, address, count,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
      NVVM::LdStMatrixEltType::B16);
  SmallVector<Value> pairs;
  auto pairType = VectorType::get({2}, element);
  for (int64_t i = 0; i < count; ++i) {
    Value word = count == 1 ? loaded : e.extract(loaded, {i});
    pairs.push_back(LLVM::BitcastOp::create(e.b, e.loc, pairType, word));
  }
  return pairs;
}

/// Pairs as the rows of a fragment vector (`rows` x 2).
static Value makeFragment(Emitter &e, ArrayRef<Value> pairs, Type element) {
  auto type = VectorType::get({static_cast<int64_t>(pairs.size()), 2}, element);
  Value fragment = arith::ConstantOp::create(
      e.b, e.loc, type, DenseElementsAttr::get(type, e.b.getZeroAttr(element)));
  for (auto [i, pair] : llvm::enumerate(pairs))
    fragment = vector::InsertOp::create(e.b, e.loc, pair, fragment,
                                        ArrayRef<int64_t>{int64_t(i)});
  return fragment;
}

/// `mma` and `matmul` on tensor cores, for f16 and bf16 operands and a
/// float32 accumulator in #tile.mma_accumulator. Both operands go to shared
/// memory row-major, each row padded by 16 bytes (so that 8 rows of 16
/// bytes at one column fall in distinct banks and stay 16-byte aligned),
/// stored 16 bytes at a time; each warp then takes its fragments with
/// `ldmatrix` (A: x4 per 16x16 block; B: x2 `.trans` per 16x8 block, which
/// hands each lane its pairs along K) and runs one mma.sync m16n8k16 per
/// 16x8 block of its share of the result and per 16 of K.
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
    Type element = getRegisterType(dtype);
    int64_t pitchA = k + 8, pitchB = n + 8;
    Value sharedA = allocateShared(e, op, element, m * pitchA);
    Value sharedB = allocateShared(e, op, element, k * pitchB);
    if (auto loop = dyn_cast<scf::ForOp>(op->getParentOp())) {
      // An iteration of its loop: two buffers each, taken in turn, so that
      // this iteration's writes cannot race the previous one's reads (the
      // one before that finished its reads before this iteration's
      // barrier); one barrier an iteration.
      Value otherA = allocateShared(e, op, element, m * pitchA);
      Value otherB = allocateShared(e, op, element, k * pitchB);
      Value iteration = arith::DivUIOp::create(
          rewriter, e.loc,
          arith::SubIOp::create(rewriter, e.loc, loop.getInductionVar(),
                                loop.getLowerBound()),
          loop.getStep());
      Value parity = arith::IndexCastUIOp::create(
          rewriter, e.loc, rewriter.getI32Type(), iteration);
      Value even = e.eq(e.andI(parity, e.i32(1)), e.i32(0));
      sharedA = e.select(even, sharedA, otherA);
      sharedB = e.select(even, sharedB, otherB);
    } else if (isInLoop(op)) {
      // In another loop, the previous iteration's reads come first.
      gpu::BarrierOp::create(rewriter, e.loc);
    }
    writeRows(e, a, adaptor.getA(), sharedA, pitchA);
    writeRows(e, b, adaptor.getB(), sharedB, pitchB);
    gpu::BarrierOp::create(rewriter, e.loc);

    Value lane = e.lane(), warp = e.warp();
    Value rowWarp = e.bits(warp, 1, rowWarps),
          columnWarp = e.bits(warp, rowWarps, columnWarps);
    int64_t rowBlocks = m / (16 * rowWarps),
            columnBlocks = n / (8 * columnWarps);
    // ldmatrix addresses: A, lane l at row l % 16 of its warp's block and
    // column 8 (l / 16); B, lane l at row l % 16 of the step and its warp's
    // column block.
    Value laneRow = e.bits(lane, 1, 16), laneHalf = e.bits(lane, 16, 2);
    Value rowA = e.add(e.mul(rowWarp, e.i32(16)), laneRow);
    Value columnA = e.mul(laneHalf, e.i32(8));
    Value columnB = e.mul(columnWarp, e.i32(8));

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
    auto typeC = VectorType::get({2, 2}, rewriter.getF32Type());
    for (int64_t step = 0; step < k / 16; ++step) {
      SmallVector<Value> fragmentsA, fragmentsB;
      for (int64_t i = 0; i < rowBlocks; ++i) {
        Value row = e.add(rowA, e.i32(i * 16 * rowWarps));
        Value column = e.add(columnA, e.i32(16 * step));
        Value address =
            e.gep(sharedA, element, e.add(e.mul(row, e.i32(pitchA)), column));
        fragmentsA.push_back(makeFragment(
            e, loadMatrices(e, address, 4, /*transpose=*/false, element),
            element));
      }
      Value rowB = e.add(laneRow, e.i32(16 * step));
      for (int64_t j = 0; j < columnBlocks; ++j) {
        Value column = e.add(columnB, e.i32(j * 8 * columnWarps));
        Value address =
            e.gep(sharedB, element, e.add(e.mul(rowB, e.i32(pitchB)), column));
        fragmentsB.push_back(makeFragment(
            e, loadMatrices(e, address, 2, /*transpose=*/true, element),
            element));
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
