//===- ChooseNumWarps.cpp - warps per CTA of kernels that do not fix them -===//
//
// A kernel's warps per CTA (`tile.num_warps`): its own attribute, else the
// pass's option, else (option 0) a choice from its tiles
// (docs/TileLowering.md, "Choosing the warps").
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/IR/TargetDialect.h"
#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace cudapy::tile {
#define GEN_PASS_DEF_TILECHOOSENUMWARPSPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

namespace {

/// What the choice looks at: the largest tile a memory access moves (its
/// elements and their storage bytes), the largest matrix product's result,
/// the fewest rows of one, the most elements the products of one block (a
/// loop's body) accumulate (getProductElementsInBlock), and whether the
/// kernel reduces or scans.
struct KernelTiles {
  int64_t largestAccess = 0;
  int64_t accessBytes = 1;
  int64_t largestProduct = 0;
  int64_t fewestProductRows = std::numeric_limits<int64_t>::max();
  int64_t productsInBlock = 0;
  bool reduces = false;
};

static KernelTiles survey(FunctionOpInterface func) {
  KernelTiles tiles;
  tiles.productsInBlock = getProductElementsInBlock(func);
  func.getFunctionBody().walk([&](Operation *op) {
    tiles.reduces |=
        isa<ReduceOp, ArgReduceOp, ReduceWithOp, ScanOp, ScanWithOp>(op);
    if (isa<MmaOp, MatmulOp>(op)) {
      auto result = cast<TileType>(op->getResult(0).getType());
      tiles.largestProduct =
          std::max(tiles.largestProduct, result.getNumElements());
      if (result.getRank() >= 2)
        tiles.fewestProductRows = std::min(
            tiles.fewestProductRows, result.getShape()[result.getRank() - 2]);
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
    if (moved && moved.getNumElements() > tiles.largestAccess) {
      tiles.largestAccess = moved.getNumElements();
      tiles.accessBytes =
          std::max<int64_t>(1, getStorageBits(moved.getElementType()) / 8);
    }
  });
  return tiles;
}

} // namespace

bool cudapy::tile::usesTileOps(FunctionOpInterface func) {
  return func.getFunctionBody()
      .walk([](Operation *op) {
        return isa<TileDialect>(op->getDialect()) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

std::optional<std::pair<int64_t, int64_t>>
cudapy::tile::getLaunchBlocksAndSMs(FunctionOpInterface func) {
  TileDialect::GridBlocksAttrHelper gridAttr(func->getContext());
  TileDialect::MultiprocessorsAttrHelper smAttr(func->getContext());
  IntegerAttr grid = gridAttr.getAttr(func), sms = smAttr.getAttr(func);
  if (!grid || !sms)
    return std::nullopt;
  return std::make_pair(grid.getInt(), sms.getInt());
}

int64_t cudapy::tile::chooseNumWarps(FunctionOpInterface func) {
  KernelTiles tiles = survey(func);
  // Matrix products: the tensor-core paths' tiles (8 warps from 128 x 128,
  // two warpgroups; 4 below), and 8 where the products of one loop's body
  // would take more than 128 registers a thread of 4 warps and each has
  // the 128 rows two warpgroups take (attention's backward pass at head
  // dim 64, 128 keys a block: dK, dV, Sᵀ and dPᵀ, 128 x 64 each; its
  // forward pass, S and the accumulator, keeps 4).
  // On sm_90a the products run on warpgroup mmas, each warpgroup taking 64
  // rows of the result at a time: two take 128, and products of fewer rows
  // (64 x 256, say) at 8 warps would fall back to mma.sync (TileGym's
  // persistent batch matmul at 64 x 256 x 64 tiles: 64 mma.sync where 4
  // warps make 4 wgmmas). A larger product keeps 8 (at 4 warps its
  // float32 accumulator would take more than 128 registers a thread).
  if (tiles.largestProduct) {
    std::optional<CompileTarget> chip =
        target::getCompileTargetFor(func.getOperation(), "");
    bool warpgroups =
        chip && !chip->host && chip->sm == 90 && chip->variant == 'a';
    bool large =
        tiles.largestProduct >= 128 * 128 || tiles.productsInBlock > 128 * 128;
    bool splits = tiles.fewestProductRows % 128 == 0 ||
                  tiles.largestProduct > 128 * 128 ||
                  (!warpgroups && tiles.largestProduct == 128 * 128);
    bool eight = large && splits;
    return eight ? 8 : 4;
  }
  // Others, from the largest tile a memory access moves: 32 elements a
  // thread where the kernel reduces or scans (its math, in registers, is
  // per element), else 32 bytes a thread (element-wise code moves bytes);
  // the power of two at or below, from 1 to 16 warps. tile_sweep.py
  // measured these (docs/performance.md, "Tile sweep").
  constexpr int64_t kElementsPerThread = 32, kBytesPerThread = 32;
  constexpr int64_t kMaxWarps = 16;
  int64_t perWarp =
      kWarpSize * (tiles.reduces ? kElementsPerThread : kBytesPerThread);
  int64_t work = tiles.largestAccess * (tiles.reduces ? 1 : tiles.accessBytes);
  int64_t warps = std::max<int64_t>(1, work / perWarp);
  warps = std::min<int64_t>(kMaxWarps,
                            llvm::bit_floor(static_cast<uint64_t>(warps)));
  // A grid too small to fill the device (its blocks and the SMs, where a
  // JIT says them): each block's warps are all an SM has to hide its
  // latency with (a column sum of 64 blocks of 8 x 256 looping over the
  // rows: 2 warps ran at 0.44 of 16 on 132 SMs). Enough warps for 16 an
  // SM, while each thread keeps 4 elements of the largest access.
  if (auto launch = getLaunchBlocksAndSMs(func)) {
    auto [grid, sms] = *launch;
    constexpr int64_t kElementsEach = 4;
    int64_t needed = llvm::PowerOf2Ceil(static_cast<uint64_t>(
        llvm::divideCeil(kLatencyWarpsPerSM * sms, grid)));
    int64_t room = llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(
        1, tiles.largestAccess / (kWarpSize * kElementsEach))));
    warps = std::max(warps, std::min({needed, kMaxWarps, room}));
  }
  return warps;
}

namespace {

struct TileChooseNumWarpsPass
    : public tile::impl::TileChooseNumWarpsPassBase<TileChooseNumWarpsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarps != 0 && !isValidNumWarps(numWarps)) {
      getOperation()->emitError("num-warps must be 0 (the compiler chooses), "
                                "1, 2, 4, 8, 16 or 32, not ")
          << static_cast<int64_t>(numWarps);
      return signalPassFailure();
    }
    Builder builder(&getContext());
    TileDialect::NumWarpsAttrHelper numWarpsAttr(&getContext());
    getOperation()->walk([&](FunctionOpInterface func) {
      if (numWarpsAttr.getAttr(func) || !usesTileOps(func))
        return;
      int64_t warps = numWarps ? numWarps : chooseNumWarps(func);
      numWarpsAttr.setAttr(func, builder.getI64IntegerAttr(warps));
    });
  }
};

} // namespace
