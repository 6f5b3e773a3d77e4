//===- ChooseNumWarps.cpp - warps per CTA of kernels that do not fix them -===//
//
// A kernel's warps per CTA (`tile.num_warps`): its own attribute, else the
// pass's option, else (option 0) a choice from its tiles
// (docs/TileLowering.md, "Choosing the warps").
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace cudapy::tile {
#define GEN_PASS_DEF_TILECHOOSENUMWARPSPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

namespace {

/// What the choice looks at: the largest tile a memory access moves (in
/// elements) and the largest matrix product's result.
struct KernelTiles {
  int64_t largestAccess = 0;
  int64_t largestProduct = 0;
  bool hasTiles = false;
};

static KernelTiles survey(FunctionOpInterface func) {
  KernelTiles tiles;
  auto elements = [](Type type) -> int64_t {
    auto tile = dyn_cast<TileType>(type);
    return tile ? tile.getNumElements() : 0;
  };
  func.getFunctionBody().walk([&](Operation *op) {
    tiles.hasTiles |= isa<TileDialect>(op->getDialect());
    if (isa<MmaOp, MatmulOp>(op)) {
      tiles.largestProduct =
          std::max(tiles.largestProduct, elements(op->getResult(0).getType()));
      return;
    }
    TileType moved;
    if (auto load = dyn_cast<LoadOp>(op))
      moved = load.getType();
    else if (auto store = dyn_cast<StoreOp>(op))
      moved = store.getValue().getType();
    else if (auto gather = dyn_cast<GatherOp>(op))
      moved = gather.getType();
    else if (auto scatter = dyn_cast<ScatterOp>(op))
      moved = scatter.getValue().getType();
    else if (auto load = dyn_cast<LoadPtrOp>(op))
      moved = load.getType();
    else if (auto store = dyn_cast<StorePtrOp>(op))
      moved = store.getValue().getType();
    if (moved)
      tiles.largestAccess =
          std::max(tiles.largestAccess, moved.getNumElements());
  });
  return tiles;
}

} // namespace

int64_t cudapy::tile::chooseNumWarps(FunctionOpInterface func) {
  KernelTiles tiles = survey(func);
  // Matrix products: the tensor-core paths' tiles (8 warps from 128 x 128,
  // two warpgroups; 4 below).
  if (tiles.largestProduct)
    return tiles.largestProduct >= 128 * 128 ? 8 : 4;
  // Others: one warp per kElementsPerWarp elements of the largest tile a
  // memory access moves, a power of two from 1 to kMaxWarps.
  constexpr int64_t kElementsPerWarp = 256, kMaxWarps = 8;
  int64_t warps = std::max<int64_t>(1, tiles.largestAccess / kElementsPerWarp);
  return std::min<int64_t>(kMaxWarps, llvm::PowerOf2Ceil(warps));
}

namespace {

struct TileChooseNumWarpsPass
    : public tile::impl::TileChooseNumWarpsPassBase<TileChooseNumWarpsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarps != 0 &&
        (numWarps < 1 || numWarps > 32 || !llvm::isPowerOf2_64(numWarps))) {
      getOperation()->emitError("num-warps must be 0 (the compiler chooses), "
                                "1, 2, 4, 8, 16 or 32, not ")
          << static_cast<int64_t>(numWarps);
      return signalPassFailure();
    }
    Builder builder(&getContext());
    TileDialect::NumWarpsAttrHelper numWarpsAttr(&getContext());
    getOperation()->walk([&](FunctionOpInterface func) {
      if (numWarpsAttr.getAttr(func))
        return;
      bool hasTiles = false;
      func.getFunctionBody().walk([&](Operation *op) {
        hasTiles |= isa<TileDialect>(op->getDialect());
      });
      if (!hasTiles)
        return;
      int64_t warps = numWarps ? numWarps : chooseNumWarps(func);
      numWarpsAttr.setAttr(func, builder.getI64IntegerAttr(warps));
    });
  }
};

} // namespace
