//===- Mma.cpp - matrix multiply-accumulate -------------------------------===//
//
// tile.mma and tile.matmul.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// `mma` and `matmul`, the simple path: both operands through shared
/// memory, then each thread runs along K for its accumulator registers,
/// multiplying in the accumulator's dtype (fma for floats). Tensor cores
/// (mma.sync, wgmma) are the next step.
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
}
