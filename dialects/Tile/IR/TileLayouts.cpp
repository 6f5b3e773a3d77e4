//===- TileLayouts.cpp - distributed layouts of tiles ---------------------===//

#include "dialects/Tile/IR/TileLayouts.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

//===----------------------------------------------------------------------===//
// Attribute verifiers
//===----------------------------------------------------------------------===//

LogicalResult BlockedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<int64_t> sizePerThread, ArrayRef<int64_t> threadsPerWarp,
    ArrayRef<int64_t> warpsPerCTA, ArrayRef<int64_t> order) {
  size_t rank = order.size();
  if (rank == 0 || rank > static_cast<size_t>(kMaxTileRank))
    return emitError() << "a blocked layout has 1 to " << kMaxTileRank
                       << " dimensions";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "a blocked layout has " << rank
                       << " entries in each list (the order's)";
  for (ArrayRef<int64_t> list : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (int64_t value : list)
      if (value <= 0 || !llvm::isPowerOf2_64(value))
        return emitError() << "blocked layout sizes are powers of two, not "
                           << value;
  int64_t lanes = 1, warps = 1;
  for (size_t d = 0; d < rank; ++d) {
    lanes *= threadsPerWarp[d];
    warps *= warpsPerCTA[d];
  }
  if (lanes != kWarpSize)
    return emitError() << "threadsPerWarp multiply to " << kWarpSize << ", not "
                       << lanes;
  if (warps > 32)
    return emitError() << "a CTA has at most 32 warps, not " << warps;
  SmallVector<bool> seen(rank, false);
  for (int64_t d : order) {
    if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d])
      return emitError() << "a layout's order is a permutation of 0 to "
                         << rank - 1;
    seen[d] = true;
  }
  return success();
}

int64_t BlockedLayoutAttr::getNumWarps() const {
  int64_t warps = 1;
  for (int64_t value : getWarpsPerCTA())
    warps *= value;
  return warps;
}

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t dim, Attribute parent) {
  int64_t rank;
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(parent))
    rank = blocked.getRank();
  else if (auto slice = dyn_cast<SliceLayoutAttr>(parent))
    rank = slice.getRank();
  else
    return emitError() << "a slice's parent is a #tile.blocked or "
                          "#tile.slice layout, not "
                       << parent;
  if (rank < 2)
    return emitError() << "a slice's parent has at least 2 dimensions";
  if (dim < 0 || dim >= rank)
    return emitError() << "slice dimension " << dim
                       << " is not one of the parent's " << rank;
  return success();
}

int64_t SliceLayoutAttr::getRank() const {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(getParent()))
    return blocked.getRank() - 1;
  return cast<SliceLayoutAttr>(getParent()).getRank() - 1;
}

int64_t SliceLayoutAttr::getNumWarps() const {
  return tile::getNumWarps(getParent());
}

int64_t tile::getNumWarps(Attribute layout) {
  if (auto blocked = dyn_cast<BlockedLayoutAttr>(layout))
    return blocked.getNumWarps();
  return cast<SliceLayoutAttr>(layout).getNumWarps();
}

//===----------------------------------------------------------------------===//
// DistributedLayout
//===----------------------------------------------------------------------===//

DistributedLayout DistributedLayout::get(Attribute layout) {
  if (auto slice = dyn_cast<SliceLayoutAttr>(layout)) {
    DistributedLayout parent = get(slice.getParent());
    int64_t dim = slice.getDim();
    DistributedLayout result;
    result.numWarps = parent.numWarps;
    result.removed = parent.removed;
    for (int64_t d = 0, e = parent.getRank(); d < e; ++d) {
      if (d == dim) {
        if (parent.threadsPerWarp[d] > 1 || parent.warpsPerCTA[d] > 1)
          result.removed.push_back(
              {parent.laneStride[d], parent.threadsPerWarp[d],
               parent.warpStride[d], parent.warpsPerCTA[d]});
        continue;
      }
      result.sizePerThread.push_back(parent.sizePerThread[d]);
      result.threadsPerWarp.push_back(parent.threadsPerWarp[d]);
      result.warpsPerCTA.push_back(parent.warpsPerCTA[d]);
      result.laneStride.push_back(parent.laneStride[d]);
      result.warpStride.push_back(parent.warpStride[d]);
    }
    for (int64_t d : parent.order)
      if (d != dim)
        result.order.push_back(d > dim ? d - 1 : d);
    return result;
  }
  auto blocked = cast<BlockedLayoutAttr>(layout);
  DistributedLayout result;
  result.sizePerThread.assign(blocked.getSizePerThread().begin(),
                              blocked.getSizePerThread().end());
  result.threadsPerWarp.assign(blocked.getThreadsPerWarp().begin(),
                               blocked.getThreadsPerWarp().end());
  result.warpsPerCTA.assign(blocked.getWarpsPerCTA().begin(),
                            blocked.getWarpsPerCTA().end());
  result.order.assign(blocked.getOrder().begin(), blocked.getOrder().end());
  result.numWarps = blocked.getNumWarps();
  int64_t rank = blocked.getRank();
  result.laneStride.resize(rank);
  result.warpStride.resize(rank);
  int64_t lanes = 1, warps = 1;
  for (int64_t d : result.order) {
    result.laneStride[d] = lanes;
    result.warpStride[d] = warps;
    lanes *= result.threadsPerWarp[d];
    warps *= result.warpsPerCTA[d];
  }
  return result;
}

int64_t DistributedLayout::getNumRegisters(ArrayRef<int64_t> shape) const {
  int64_t registers = 1;
  for (int64_t d = 0, e = getRank(); d < e; ++d)
    registers *= getRegistersAlong(shape, d);
  return registers;
}

SmallVector<int64_t> DistributedLayout::delinearize(ArrayRef<int64_t> shape,
                                                    int64_t r) const {
  SmallVector<int64_t> local(getRank(), 0);
  for (int64_t d : order) {
    int64_t along = getRegistersAlong(shape, d);
    local[d] = r % along;
    r /= along;
  }
  return local;
}

int64_t DistributedLayout::linearize(ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> local) const {
  int64_t r = 0, scale = 1;
  for (int64_t d : order) {
    r += local[d] * scale;
    scale *= getRegistersAlong(shape, d);
  }
  return r;
}

SmallVector<int64_t> DistributedLayout::getElement(ArrayRef<int64_t> shape,
                                                   int64_t thread, int64_t r,
                                                   bool *owner) const {
  int64_t lane = thread % kWarpSize, warp = thread / kWarpSize;
  auto bits = [](int64_t x, int64_t divisor, int64_t modulus) {
    return (x / divisor) % modulus;
  };
  SmallVector<int64_t> local = delinearize(shape, r), indices;
  bool isOwner = true;
  for (int64_t d = 0, rank = getRank(); d < rank; ++d) {
    int64_t t = bits(lane, laneStride[d], threadsPerWarp[d]) +
                threadsPerWarp[d] * bits(warp, warpStride[d], warpsPerCTA[d]);
    int64_t index = t * sizePerThread[d] + getStaticOffset(d, local[d]);
    isOwner &= index < shape[d];
    indices.push_back(index % shape[d]);
  }
  for (auto [laneStride, lanes, warpStride, warps] : removed)
    isOwner &= bits(lane, laneStride, lanes) == 0 &&
               bits(warp, warpStride, warps) == 0;
  if (owner)
    *owner = isOwner;
  return indices;
}

BlockedLayoutAttr tile::getCoalescedLayout(MLIRContext *context,
                                           ArrayRef<int64_t> shape,
                                           int64_t elementBits,
                                           ArrayRef<int64_t> order,
                                           int64_t numWarps) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sizePerThread(rank, 1), threadsPerWarp(rank, 1),
      warpsPerCTA(rank, 1);
  int64_t fastest = order.front();
  sizePerThread[fastest] = std::clamp<int64_t>(
      128 / std::max<int64_t>(elementBits, 1), 1, shape[fastest]);
  int64_t lanes = kWarpSize, warps = numWarps;
  for (int64_t d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    threadsPerWarp[d] = std::min(lanes, room);
    lanes /= threadsPerWarp[d];
  }
  threadsPerWarp[fastest] *= lanes;
  for (int64_t d : order) {
    int64_t room =
        std::max<int64_t>(1, shape[d] / (sizePerThread[d] * threadsPerWarp[d]));
    warpsPerCTA[d] = std::min(warps, room);
    warps /= warpsPerCTA[d];
  }
  warpsPerCTA[fastest] *= warps;
  return BlockedLayoutAttr::get(context, sizePerThread, threadsPerWarp,
                                warpsPerCTA, order);
}
