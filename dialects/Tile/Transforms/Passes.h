//===- Passes.h - tile dialect passes ---------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TILE_TRANSFORMS_PASSES_H
#define CUDAPY_DIALECTS_TILE_TRANSFORMS_PASSES_H

#include "dialects/Tile/IR/TileOps.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace cudapy::tile {

/// The warps per CTA the compiler gives a tile kernel that does not fix
/// them (tile-choose-num-warps, docs/TileLowering.md).
int64_t chooseNumWarps(mlir::FunctionOpInterface func);

/// Whether `func`'s body has an op of the tile dialect (the functions that
/// get warps and layouts).
bool usesTileOps(mlir::FunctionOpInterface func);

/// The warps an SM needs to hide its loads' latency. Where a JIT says the
/// launch (tile.grid_blocks on tile.multiprocessors SMs), a grid that
/// leaves the SMs fewer gets more warps a block (tile-choose-num-warps)
/// and loops without products that load further ahead
/// (tile-pipeline-loads).
constexpr int64_t kLatencyWarpsPerSM = 16;

/// The tile blocks and the SMs of `func`'s launch, where a JIT says them
/// (tile.grid_blocks, tile.multiprocessors); none otherwise.
std::optional<std::pair<int64_t, int64_t>>
getLaunchBlocksAndSMs(mlir::FunctionOpInterface func);

#define GEN_PASS_DECL
#include "dialects/Tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/Tile/Transforms/Passes.h.inc"

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_TRANSFORMS_PASSES_H
