//===- Creation.cpp - constants and iota ----------------------------------===//
//
// Tiles made in the kernel: constants (a register, or a table in global
// memory) and iota.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// A splat is one register value; other constants are a table in global
/// memory that each register reads at its element's row-major position.
struct ConstantLowering : public TilePattern<ConstantOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!elements)
      return rewriter.notifyMatchFailure(op, "not dense elements");
    TileType tile = op.getType();
    Type dtype = tile.getElementType();
    Type registerType = getRegisterType(dtype);
    if (elements.isSplat()) {
      Attribute splat = elements.getSplatValue<Attribute>();
      TypedAttr value;
      if (auto integer = dyn_cast<IntegerAttr>(splat))
        value = IntegerAttr::get(registerType, integer.getValue());
      else
        value = getRegisterConstant(dtype, cast<FloatAttr>(splat).getValue());
      Value scalar = arith::ConstantOp::create(rewriter, op.getLoc(), value);
      SmallVector<Type> types = convertResult(getTypeConverter(), tile);
      rewriter.replaceOpWithMultiple(
          op, {SmallVector<Value>(types.size(), scalar)});
      return success();
    }
    Emitter e{rewriter, op.getLoc()};
    Type memoryType = getMemoryType(dtype);
    int64_t count = tile.getNumElements();
    auto tableType = RankedTensorType::get({count}, memoryType);
    DenseElementsAttr table;
    if (isa<FloatType>(dtype)) {
      SmallVector<Attribute> values;
      for (APFloat value : elements.getValues<APFloat>())
        values.push_back(getRegisterConstant(dtype, value));
      table = DenseElementsAttr::get(tableType, values);
    } else {
      SmallVector<APInt> values;
      for (APInt value : elements.getValues<APInt>())
        values.push_back(value.zext(memoryType.getIntOrFloatBitWidth()));
      table = DenseElementsAttr::get(tableType, values);
    }
    Value base = createGlobal(e, op, "__tile_constant_",
                              LLVM::LLVMArrayType::get(memoryType, count),
                              /*constant=*/true, table, kGlobal);
    Distribution dist(e, tile);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      Value position = e.rowMajor(dist.indices(e, r), tile.getShape());
      Value loaded = LLVM::LoadOp::create(rewriter, e.loc, memoryType,
                                          e.gep(base, memoryType, position));
      values.push_back(toRegister(e, loaded, registerType));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct IotaLowering : public TilePattern<IotaOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    Type registerType = getRegisterType(tile.getElementType());
    Distribution dist(e, tile);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      Value position = e.rowMajor(dist.indices(e, r), tile.getShape());
      Value value;
      if (isa<FloatType>(registerType))
        value =
            arith::UIToFPOp::create(rewriter, e.loc, registerType, position);
      else if (registerType.getIntOrFloatBitWidth() > 32)
        value = arith::ExtUIOp::create(rewriter, e.loc, registerType, position);
      else if (registerType.getIntOrFloatBitWidth() < 32)
        value =
            arith::TruncIOp::create(rewriter, e.loc, registerType, position);
      else
        value = position;
      values.push_back(value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};
} // namespace

void cudapy::populateTileCreationToLLVMPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<ConstantLowering, IotaLowering>(converter,
                                               patterns.getContext());
}
