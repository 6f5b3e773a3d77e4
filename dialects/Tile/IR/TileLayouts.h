//===- TileLayouts.h - distributed layouts of tiles -------------*- C++ -*-===//
//
// The arithmetic of #tile.blocked and #tile.slice layouts: which thread and
// which of its registers hold which element of a tile. One library for
// tile-assign-layouts (which picks layouts) and convert-tile-to-llvm
// (which distributes the elements).
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H
#define CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H

#include "dialects/Tile/IR/TileTypes.h"

#include "llvm/ADT/SmallVector.h"

#include <array>

namespace cudapy::tile {

/// The threads of a CTA have 32 lanes per warp.
constexpr int64_t kWarpSize = 32;

/// A layout (blocked, or a slice of one) as per-dimension numbers. Along
/// dimension d of a tile of shape S:
///  - a thread holds blocks of sizePerThread[d] contiguous elements;
///  - its coordinate is t = lane' + threadsPerWarp[d] * warp', where
///    lane' = (lane / laneStride[d]) % threadsPerWarp[d] and
///    warp' = (warp / warpStride[d]) % warpsPerCTA[d];
///  - one layout tile spans tileSpan(d) = sizePerThread * threadsPerWarp *
///    warpsPerCTA elements and repeats max(1, S[d] / tileSpan(d)) times;
///  - the thread's local index l in [0, getRegistersAlong(S, d)) holds the
///    element ((l / sizePerThread) * tileSpan + t * sizePerThread +
///    l % sizePerThread) mod S[d]; it is that element's owner when the
///    value before the mod is below S[d] (others hold copies).
/// A thread's registers are its local indices in mixed radix, `order[0]`
/// (the fastest dimension) varying fastest.
struct DistributedLayout {
  llvm::SmallVector<int64_t> sizePerThread, threadsPerWarp, warpsPerCTA;
  llvm::SmallVector<int64_t> laneStride, warpStride, order;
  int64_t numWarps = 1;
  /// Per dimension a slice removed: its laneStride, threadsPerWarp,
  /// warpStride and warpsPerCTA. The threads that differ only there hold
  /// the same elements; the first of them (coordinate 0) owns them.
  llvm::SmallVector<std::array<int64_t, 4>> removed;

  /// The numbers of a #tile.blocked or #tile.slice layout.
  static DistributedLayout get(mlir::Attribute layout);

  /// Whether two layouts put every element of every shape in the same
  /// thread and register.
  bool operator==(const DistributedLayout &other) const {
    return sizePerThread == other.sizePerThread &&
           threadsPerWarp == other.threadsPerWarp &&
           warpsPerCTA == other.warpsPerCTA && laneStride == other.laneStride &&
           warpStride == other.warpStride && order == other.order &&
           removed == other.removed;
  }

  int64_t getRank() const { return order.size(); }
  int64_t tileSpan(int64_t d) const {
    return sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d];
  }
  int64_t getRepetitions(llvm::ArrayRef<int64_t> shape, int64_t d) const {
    return std::max<int64_t>(1, shape[d] / tileSpan(d));
  }
  int64_t getRegistersAlong(llvm::ArrayRef<int64_t> shape, int64_t d) const {
    return sizePerThread[d] * getRepetitions(shape, d);
  }
  int64_t getNumRegisters(llvm::ArrayRef<int64_t> shape) const;
  /// Register `r`'s local index along each dimension, and back.
  llvm::SmallVector<int64_t> delinearize(llvm::ArrayRef<int64_t> shape,
                                         int64_t r) const;
  int64_t linearize(llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<int64_t> local) const;
  /// The part of the element index along `d` that does not depend on the
  /// thread: (l / sizePerThread) * tileSpan + l % sizePerThread.
  int64_t getStaticOffset(int64_t d, int64_t local) const {
    return (local / sizePerThread[d]) * tileSpan(d) + local % sizePerThread[d];
  }
  /// Whether every element has one owner thread and register along `d`
  /// (the tile covers the layout tile).
  bool isExact(llvm::ArrayRef<int64_t> shape, int64_t d) const {
    return shape[d] >= tileSpan(d);
  }
  /// The element that register `r` of thread `thread` (its index in the
  /// CTA) holds, as indices into `shape`; `owner` tells whether the
  /// register is that element's owning copy. The compile-time twin of what
  /// the lowering computes from the thread id.
  llvm::SmallVector<int64_t> getElement(llvm::ArrayRef<int64_t> shape,
                                        int64_t thread, int64_t r,
                                        bool *owner = nullptr) const;
};

/// The layout that reads a tile of `shape` with `elementBits`-bit elements
/// coalesced: up to 128 bits per thread along `order[0]`, then lanes and
/// warps along `order` as far as the shape goes (what remains wraps along
/// `order[0]`). `order` lists dimensions from the fastest.
BlockedLayoutAttr getCoalescedLayout(mlir::MLIRContext *context,
                                     llvm::ArrayRef<int64_t> shape,
                                     int64_t elementBits,
                                     llvm::ArrayRef<int64_t> order,
                                     int64_t numWarps);

/// The number of warps of a layout attribute (blocked or slice).
int64_t getNumWarps(mlir::Attribute layout);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H
