//===- ConvertLayout.cpp - layout conversions -----------------------------===//
//
// tile.convert_layout: registers when both layouts put each element in the
// same thread, else through shared memory (remapTile).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// A layout conversion: registers when the layouts put each element in the
/// same thread, else through shared memory.
struct ConvertLayoutLowering : public TilePattern<ConvertLayoutOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOpWithMultiple(
        op, {remapTile(e, op, op.getSource().getType(), adaptor.getSource(),
                       op.getType(), identityMap, identityValueMap)});
    return success();
  }
};
} // namespace

void cudapy::populateTileConvertLayoutToLLVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering>(converter, patterns.getContext());
}
