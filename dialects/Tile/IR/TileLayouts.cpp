//===- TileLayouts.cpp - distributed layouts of tiles ---------------------===//

#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileDialect.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

#include "dialects/Tile/IR/TileAttrInterfaces.cpp.inc"

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

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t dim, DistributedLayoutInterface parent) {
  if (!parent)
    return emitError() << "a slice's parent is a distributed layout";
  int64_t rank = parent.getRank();
  if (rank < 2)
    return emitError() << "a slice's parent has at least 2 dimensions";
  if (dim < 0 || dim >= rank)
    return emitError() << "slice dimension " << dim
                       << " is not one of the parent's " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// #tile.blocked
//===----------------------------------------------------------------------===//

int64_t BlockedLayoutAttr::getRank() const { return getOrder().size(); }

int64_t BlockedLayoutAttr::getNumWarps() const {
  int64_t warps = 1;
  for (int64_t value : getWarpsPerCTA())
    warps *= value;
  return warps;
}

SmallVector<int64_t> BlockedLayoutAttr::getShapePerTile() const {
  SmallVector<int64_t> shape;
  for (int64_t d = 0, rank = getRank(); d < rank; ++d)
    shape.push_back(getSizePerThread()[d] * getThreadsPerWarp()[d] *
                    getWarpsPerCTA()[d]);
  return shape;
}

SmallVector<int64_t> BlockedLayoutAttr::getRegisterOrder() const {
  return SmallVector<int64_t>(getOrder());
}

int64_t BlockedLayoutAttr::getRegistersPerTile(int64_t dim) const {
  return getSizePerThread()[dim];
}

int64_t BlockedLayoutAttr::getTileRegisterOffset(int64_t, int64_t local) const {
  return local;
}

/// Lanes and warps are numbered along `order` from its first dimension.
static SmallVector<int64_t> getStrides(ArrayRef<int64_t> counts,
                                       ArrayRef<int64_t> order) {
  SmallVector<int64_t> strides(counts.size());
  int64_t stride = 1;
  for (int64_t d : order) {
    strides[d] = stride;
    stride *= counts[d];
  }
  return strides;
}

SmallVector<int64_t> BlockedLayoutAttr::getLaneStrides() const {
  return getStrides(getThreadsPerWarp(), getOrder());
}

SmallVector<int64_t> BlockedLayoutAttr::getWarpStrides() const {
  return getStrides(getWarpsPerCTA(), getOrder());
}

SmallVector<ThreadField> BlockedLayoutAttr::getThreadFields(int64_t dim) const {
  int64_t size = getSizePerThread()[dim], lanes = getThreadsPerWarp()[dim],
          warps = getWarpsPerCTA()[dim];
  SmallVector<ThreadField> fields;
  if (lanes > 1)
    fields.push_back({/*warp=*/false, getLaneStrides()[dim], lanes, size});
  if (warps > 1)
    fields.push_back(
        {/*warp=*/true, getWarpStrides()[dim], warps, size * lanes});
  return fields;
}

SmallVector<ThreadField> BlockedLayoutAttr::getReplicaFields() const {
  return {};
}

//===----------------------------------------------------------------------===//
// #tile.slice
//===----------------------------------------------------------------------===//

int64_t SliceLayoutAttr::getRank() const { return getParent().getRank() - 1; }

int64_t SliceLayoutAttr::getNumWarps() const {
  return getParent().getNumWarps();
}

SmallVector<int64_t> SliceLayoutAttr::getShapePerTile() const {
  SmallVector<int64_t> shape = getParent().getShapePerTile();
  shape.erase(shape.begin() + getDim());
  return shape;
}

SmallVector<int64_t> SliceLayoutAttr::getRegisterOrder() const {
  SmallVector<int64_t> order;
  for (int64_t d : getParent().getRegisterOrder())
    if (d != getDim())
      order.push_back(d > getDim() ? d - 1 : d);
  return order;
}

int64_t SliceLayoutAttr::getRegistersPerTile(int64_t dim) const {
  return getParent().getRegistersPerTile(getParentDim(dim));
}

int64_t SliceLayoutAttr::getTileRegisterOffset(int64_t dim,
                                               int64_t local) const {
  return getParent().getTileRegisterOffset(getParentDim(dim), local);
}

SmallVector<ThreadField> SliceLayoutAttr::getThreadFields(int64_t dim) const {
  return getParent().getThreadFields(getParentDim(dim));
}

/// The lanes and warps the parent spreads along the removed dimension hold
/// the same elements.
SmallVector<ThreadField> SliceLayoutAttr::getReplicaFields() const {
  SmallVector<ThreadField> fields = getParent().getReplicaFields();
  llvm::append_range(fields, getParent().getThreadFields(getDim()));
  return fields;
}

//===----------------------------------------------------------------------===//
// #tile.mma_accumulator
//===----------------------------------------------------------------------===//

LogicalResult
MmaAccumulatorLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> warpsPerCTA) {
  if (warpsPerCTA.size() != 2)
    return emitError() << "an mma accumulator layout spreads warps over 2 "
                          "dimensions";
  for (int64_t warps : warpsPerCTA)
    if (warps <= 0 || !llvm::isPowerOf2_64(warps))
      return emitError() << "warpsPerCTA are powers of two, not " << warps;
  if (warpsPerCTA[0] * warpsPerCTA[1] > 32)
    return emitError() << "a CTA has at most 32 warps";
  return success();
}

int64_t MmaAccumulatorLayoutAttr::getRank() const { return 2; }

int64_t MmaAccumulatorLayoutAttr::getNumWarps() const {
  return getWarpsPerCTA()[0] * getWarpsPerCTA()[1];
}

SmallVector<int64_t> MmaAccumulatorLayoutAttr::getShapePerTile() const {
  return {16 * getWarpsPerCTA()[0], 8 * getWarpsPerCTA()[1]};
}

SmallVector<int64_t> MmaAccumulatorLayoutAttr::getRegisterOrder() const {
  return {1, 0};
}

int64_t MmaAccumulatorLayoutAttr::getRegistersPerTile(int64_t) const {
  return 2;
}

/// Rows l/4 and l/4 + 8; columns 2(l%4) and 2(l%4) + 1.
int64_t MmaAccumulatorLayoutAttr::getTileRegisterOffset(int64_t dim,
                                                        int64_t local) const {
  return dim == 0 ? 8 * local : local;
}

SmallVector<ThreadField>
MmaAccumulatorLayoutAttr::getThreadFields(int64_t dim) const {
  int64_t rowWarps = getWarpsPerCTA()[0], columnWarps = getWarpsPerCTA()[1];
  SmallVector<ThreadField> fields;
  if (dim == 0) {
    fields.push_back({/*warp=*/false, /*stride=*/4, /*count=*/8, /*scale=*/1});
    if (rowWarps > 1)
      fields.push_back({/*warp=*/true, 1, rowWarps, 16});
    return fields;
  }
  fields.push_back({/*warp=*/false, 1, 4, 2});
  if (columnWarps > 1)
    fields.push_back({/*warp=*/true, rowWarps, columnWarps, 8});
  return fields;
}

SmallVector<ThreadField> MmaAccumulatorLayoutAttr::getReplicaFields() const {
  return {};
}

//===----------------------------------------------------------------------===//
// #tile.mma_operand
//===----------------------------------------------------------------------===//

LogicalResult
MmaOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             int64_t operand, int64_t bits,
                             MmaAccumulatorLayoutAttr parent) {
  if (operand != 0 && operand != 1)
    return emitError() << "an mma operand is 0 (A) or 1 (B), not " << operand;
  if (bits != 8 && bits != 16 && bits != 32)
    return emitError() << "mma.sync takes operands of 8, 16 or 32 bits, not "
                       << bits;
  if (!parent)
    return emitError() << "an mma operand layout needs its accumulator layout";
  return success();
}

int64_t MmaOperandLayoutAttr::getRank() const { return 2; }

int64_t MmaOperandLayoutAttr::getNumWarps() const {
  return getParent().getNumWarps();
}

SmallVector<int64_t> MmaOperandLayoutAttr::getShapePerTile() const {
  ArrayRef<int64_t> warps = getParent().getWarpsPerCTA();
  if (getOperand() == 0)
    return {16 * warps[0], getDepth()};
  return {getDepth(), 8 * warps[1]};
}

/// Along K first: a 32-bit register's elements are neighbours there.
SmallVector<int64_t> MmaOperandLayoutAttr::getRegisterOrder() const {
  if (getOperand() == 0)
    return {1, 0};
  return {0, 1};
}

/// Along K, two runs of w (at 0 and K / 2); along M, rows 0 and 8 of A;
/// along N, one column of B.
int64_t MmaOperandLayoutAttr::getRegistersPerTile(int64_t dim) const {
  if (dim == getDepthDim())
    return 2 * getVectorWidth();
  return getOperand() == 0 ? 2 : 1;
}

int64_t MmaOperandLayoutAttr::getTileRegisterOffset(int64_t dim,
                                                    int64_t local) const {
  if (dim == getDepthDim())
    return local % getVectorWidth() +
           (local / getVectorWidth()) * (getDepth() / 2);
  return 8 * local;
}

/// Along K, the lane's index in its group of 4 (w elements each); across
/// K, its group (l / 4), and the warps of the accumulator along that
/// dimension.
SmallVector<ThreadField>
MmaOperandLayoutAttr::getThreadFields(int64_t dim) const {
  if (dim == getDepthDim())
    return {{/*warp=*/false, /*stride=*/1, /*count=*/4,
             /*scale=*/getVectorWidth()}};
  ArrayRef<int64_t> warps = getParent().getWarpsPerCTA();
  SmallVector<ThreadField> fields = {{/*warp=*/false, 4, 8, 1}};
  if (getOperand() == 0 && warps[0] > 1)
    fields.push_back({/*warp=*/true, 1, warps[0], 16});
  if (getOperand() == 1 && warps[1] > 1)
    fields.push_back({/*warp=*/true, warps[0], warps[1], 8});
  return fields;
}

/// A's blocks are shared by the warps of a row of the accumulator, B's by
/// those of a column.
SmallVector<ThreadField> MmaOperandLayoutAttr::getReplicaFields() const {
  ArrayRef<int64_t> warps = getParent().getWarpsPerCTA();
  if (getOperand() == 0 && warps[1] > 1)
    return {{/*warp=*/true, warps[0], warps[1], 1}};
  if (getOperand() == 1 && warps[0] > 1)
    return {{/*warp=*/true, 1, warps[0], 1}};
  return {};
}

int64_t cudapy::tile::getStorageBits(Type dtype) {
  if (isa<FloatTF32Type>(dtype))
    return 32;
  if (isa<Float4E2M1FNType>(dtype))
    return 4;
  if (dtype.isIntOrFloat())
    return std::max<int64_t>(8, dtype.getIntOrFloatBitWidth());
  return 64;
}

int64_t cudapy::tile::getMmaSyncMinimumSm(Type operand, Type accumulator) {
  if (operand.isF16() && (accumulator.isF16() || accumulator.isF32()))
    return 80;
  if (isa<BFloat16Type, FloatTF32Type>(operand) && accumulator.isF32())
    return 80;
  if (operand.isInteger(8) && !operand.isSignlessInteger() &&
      accumulator.isSignedInteger(32))
    return 80;
  if (isa<Float8E4M3FNType, Float8E5M2Type>(operand) && accumulator.isF32())
    return 89;
  return 0;
}

/// The most of `measure(accumulator elements, operand tile bytes)` over
/// the blocks of `op`'s regions (getProductElementsInBlock).
static int64_t
measureProducts(Operation *op,
                llvm::function_ref<int64_t(int64_t, int64_t)> measure) {
  auto isProduct = [](Operation *candidate) {
    return candidate && isa<MmaOp, MatmulOp, SharedMmaOp>(candidate);
  };
  int64_t most = 0;
  op->walk([&](Block *block) {
    int64_t elements = 0, operandBytes = 0;
    llvm::SmallPtrSet<Value, 8> operands;
    for (Operation &inner : *block) {
      if (!isProduct(&inner))
        continue;
      for (Value operand : inner.getOperands().take_front(2))
        if (auto tile = dyn_cast<TileType>(operand.getType());
            tile && operands.insert(operand).second)
          operandBytes += llvm::divideCeil(
              tile.getNumElements() * getStorageBits(tile.getElementType()), 8);
      Value acc;
      if (auto mma = dyn_cast<MmaOp>(inner))
        acc = mma.getAcc();
      else if (auto shared = dyn_cast<SharedMmaOp>(inner))
        acc = shared.getAcc();
      Operation *from = acc ? acc.getDefiningOp() : nullptr;
      if (isProduct(from) && from->getBlock() == block)
        continue;
      elements += cast<TileType>(inner.getResult(0).getType()).getNumElements();
    }
    most = std::max(most, measure(elements, operandBytes));
  });
  return most;
}

int64_t cudapy::tile::getProductElementsInBlock(Operation *op) {
  return measureProducts(
      op, [](int64_t elements, int64_t operandBytes) { return elements; });
}

int64_t cudapy::tile::getProductRegisterBytes(Operation *op) {
  return measureProducts(op, [](int64_t elements, int64_t operandBytes) {
    return 4 * elements + operandBytes;
  });
}

//===----------------------------------------------------------------------===//
// Over the interface
//===----------------------------------------------------------------------===//

DistributedLayoutInterface tile::getLayout(TileType type) {
  return dyn_cast_or_null<DistributedLayoutInterface>(type.getEncoding());
}

int64_t tile::getRegistersAlong(DistributedLayoutInterface layout,
                                ArrayRef<int64_t> shape, int64_t dim) {
  int64_t span = layout.getShapePerTile()[dim];
  int64_t perTile = layout.getRegistersPerTile(dim);
  int64_t extent = shape[dim];
  if (extent >= span)
    return perTile * (extent / span);
  // The registers at offsets inside the tile come first (offsets grow);
  // each later one wraps onto one of them (its offset modulo the extent is
  // one of theirs, and the thread's own part of the index is the same for
  // both), unless the layout places them otherwise: then all stay.
  int64_t kept = 1;
  while (kept < perTile && layout.getTileRegisterOffset(dim, kept) < extent)
    ++kept;
  for (int64_t j = kept; j < perTile; ++j) {
    int64_t wrapped = layout.getTileRegisterOffset(dim, j) % extent;
    bool held = false;
    for (int64_t i = 0; i < kept && !held; ++i)
      held = layout.getTileRegisterOffset(dim, i) == wrapped;
    if (!held)
      return perTile;
  }
  return kept;
}

int64_t tile::getNumRegisters(DistributedLayoutInterface layout,
                              ArrayRef<int64_t> shape) {
  int64_t registers = 1;
  for (int64_t d = 0, e = layout.getRank(); d < e; ++d)
    registers *= getRegistersAlong(layout, shape, d);
  return registers;
}

SmallVector<int64_t> tile::delinearize(DistributedLayoutInterface layout,
                                       ArrayRef<int64_t> shape, int64_t r) {
  SmallVector<int64_t> local(layout.getRank(), 0);
  for (int64_t d : layout.getRegisterOrder()) {
    int64_t along = getRegistersAlong(layout, shape, d);
    local[d] = r % along;
    r /= along;
  }
  return local;
}

int64_t tile::linearize(DistributedLayoutInterface layout,
                        ArrayRef<int64_t> shape, ArrayRef<int64_t> local) {
  int64_t r = 0, scale = 1;
  for (int64_t d : layout.getRegisterOrder()) {
    r += local[d] * scale;
    scale *= getRegistersAlong(layout, shape, d);
  }
  return r;
}

int64_t tile::getRegisterOffset(DistributedLayoutInterface layout, int64_t dim,
                                int64_t local) {
  int64_t perTile = layout.getRegistersPerTile(dim);
  return (local / perTile) * layout.getShapePerTile()[dim] +
         layout.getTileRegisterOffset(dim, local % perTile);
}

bool tile::isExact(DistributedLayoutInterface layout, ArrayRef<int64_t> shape,
                   int64_t dim) {
  return shape[dim] >= layout.getShapePerTile()[dim];
}

int64_t tile::getContiguity(DistributedLayoutInterface layout, int64_t dim) {
  int64_t perTile = layout.getRegistersPerTile(dim);
  for (int64_t width = perTile; width > 1; width /= 2) {
    if (perTile % width != 0)
      continue;
    bool contiguous = true;
    for (int64_t j = 0; j < perTile && contiguous; ++j)
      contiguous = layout.getTileRegisterOffset(dim, j) ==
                   layout.getTileRegisterOffset(dim, j - j % width) + j % width;
    if (contiguous)
      return width;
  }
  return 1;
}

ElementMap::ElementMap(DistributedLayoutInterface layout,
                       ArrayRef<int64_t> shape)
    : shape(shape), numRegisters(tile::getNumRegisters(layout, shape)),
      replicaFields(layout.getReplicaFields()) {
  int64_t rank = shape.size();
  for (int64_t d = 0; d < rank; ++d)
    threadFields.push_back(layout.getThreadFields(d));
  registerOffsets.reserve(numRegisters * rank);
  for (int64_t r = 0; r < numRegisters; ++r) {
    SmallVector<int64_t> local = delinearize(layout, shape, r);
    for (int64_t d = 0; d < rank; ++d)
      registerOffsets.push_back(getRegisterOffset(layout, d, local[d]));
  }
}

SmallVector<int64_t> ElementMap::getElement(int64_t thread, int64_t r,
                                            bool *owner) const {
  int64_t lane = thread % kWarpSize, warp = thread / kWarpSize;
  int64_t rank = shape.size();
  SmallVector<int64_t> indices;
  bool isOwner = true;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t index = registerOffsets[r * rank + d];
    for (const ThreadField &field : threadFields[d])
      index += getFieldValue(field, lane, warp) * field.scale;
    isOwner &= index < shape[d];
    indices.push_back(index % shape[d]);
  }
  for (const ThreadField &field : replicaFields)
    isOwner &= getFieldValue(field, lane, warp) == 0;
  if (owner)
    *owner = isOwner;
  return indices;
}

SmallVector<int64_t> tile::getElement(DistributedLayoutInterface layout,
                                      ArrayRef<int64_t> shape, int64_t thread,
                                      int64_t r, bool *owner) {
  return ElementMap(layout, shape).getElement(thread, r, owner);
}

bool tile::haveSameDistribution(DistributedLayoutInterface a,
                                DistributedLayoutInterface b) {
  if (a == b)
    return true;
  int64_t rank = a.getRank();
  if (rank != b.getRank() || a.getNumWarps() != b.getNumWarps() ||
      a.getShapePerTile() != b.getShapePerTile() ||
      a.getRegisterOrder() != b.getRegisterOrder())
    return false;
  auto sorted = [](SmallVector<ThreadField> fields) {
    llvm::sort(fields, [](const ThreadField &x, const ThreadField &y) {
      return std::make_tuple(x.warp, x.stride, x.count, x.scale) <
             std::make_tuple(y.warp, y.stride, y.count, y.scale);
    });
    return fields;
  };
  if (sorted(a.getReplicaFields()) != sorted(b.getReplicaFields()))
    return false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t perTile = a.getRegistersPerTile(d);
    if (perTile != b.getRegistersPerTile(d) ||
        sorted(a.getThreadFields(d)) != sorted(b.getThreadFields(d)))
      return false;
    for (int64_t j = 0; j < perTile; ++j)
      if (a.getTileRegisterOffset(d, j) != b.getTileRegisterOffset(d, j))
        return false;
  }
  return true;
}

BlockedLayoutAttr
tile::getCoalescedLayout(MLIRContext *context, ArrayRef<int64_t> shape,
                         int64_t elementBits, ArrayRef<int64_t> order,
                         int64_t numWarps, ArrayRef<int64_t> threadOrder) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sizePerThread(rank, 1), threadsPerWarp(rank, 1),
      warpsPerCTA(rank, 1);
  int64_t fastest = order.front();
  // No more per thread than the tile has for each thread of the CTA: a
  // tile of fewer than 128 bits a thread takes narrower vectors rather than
  // leaving warps to hold copies (whose stores are masked).
  int64_t elements = 1;
  for (int64_t extent : shape)
    elements *= extent;
  int64_t perThread = std::max<int64_t>(
      1, elements / (kWarpSize * std::max<int64_t>(numWarps, 1)));
  sizePerThread[fastest] = std::clamp<int64_t>(
      std::min(128 / std::max<int64_t>(elementBits, 1), perThread), 1,
      shape[fastest]);
  if (threadOrder.empty())
    threadOrder = order;
  int64_t lanes = kWarpSize, warps = numWarps;
  for (int64_t d : threadOrder) {
    int64_t room = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    threadsPerWarp[d] = std::min(lanes, room);
    lanes /= threadsPerWarp[d];
  }
  threadsPerWarp[threadOrder.front()] *= lanes;
  for (int64_t d : threadOrder) {
    int64_t room =
        std::max<int64_t>(1, shape[d] / (sizePerThread[d] * threadsPerWarp[d]));
    warpsPerCTA[d] = std::min(warps, room);
    warps /= warpsPerCTA[d];
  }
  warpsPerCTA[threadOrder.front()] *= warps;
  return BlockedLayoutAttr::get(context, sizePerThread, threadsPerWarp,
                                warpsPerCTA, threadOrder);
}

TensorCopyBoxes cudapy::tile::getTensorCopyBoxes(ArrayRef<int64_t> tileShape,
                                                 Type dtype) {
  int64_t bytes = getStorageBits(dtype) / 8;
  int64_t columns = tileShape.back();
  int64_t slab = std::min<int64_t>(columns, std::max<int64_t>(1, 128 / bytes));
  TensorCopyBoxes boxes;
  boxes.box.assign(tileShape.begin(), tileShape.end());
  boxes.box.back() = slab;
  boxes.count = columns / slab;
  boxes.bytes = bytes;
  for (int64_t extent : boxes.box)
    boxes.bytes *= extent;
  int64_t rowBytes = slab * bytes;
  boxes.swizzleBytes = rowBytes >= 32 ? rowBytes : 0;
  return boxes;
}

std::optional<std::string> cudapy::tile::whyNotTensorCopy(ViewType view) {
  TileType tile = view.getTileType();
  Type dtype = tile.getElementType();
  int64_t bits = getStorageBits(dtype);
  if (bits < 8 || !llvm::isPowerOf2_64(bits) || bits > 64)
    return std::string("its elements are not of 1, 2, 4 or 8 bytes");
  ArrayRef<int64_t> shape = tile.getShape();
  if (shape.empty() || shape.size() > 5)
    return std::string("its tiles are not of rank 1 to 5");
  if (view.getArray().getStrides().back() != 1)
    return std::string("its array's last stride is not 1");
  TensorCopyBoxes boxes = getTensorCopyBoxes(shape, dtype);
  int64_t rowBytes = boxes.box.back() * bits / 8;
  if (rowBytes % 16 != 0)
    return std::string("its tiles' rows are not a multiple of 16 bytes");
  if (llvm::any_of(boxes.box, [](int64_t extent) { return extent > 256; }))
    return std::string("its tiles span more than 256 elements along a "
                       "dimension");
  int64_t rows = 1;
  for (int64_t extent : shape.drop_back())
    rows *= extent;
  if (boxes.swizzleBytes && rows % 8 != 0)
    return std::string("its tiles' rows do not come in groups of 8 (the "
                       "swizzle's period)");
  if (boxes.bytes % 128 != 0)
    return std::string("its boxes are not a multiple of 128 bytes (the "
                       "accelerator writes to 128-byte aligned addresses)");
  return std::nullopt;
}

cudapy::tile::ArrayFacts::ArrayFacts(ArrayType type, DictionaryAttr given) {
  for (int64_t extent : type.getShape())
    extentMultiple.push_back(ShapedType::isDynamic(extent) ? 1 : extent);
  for (int64_t stride : type.getStrides())
    strideMultiple.push_back(ShapedType::isDynamic(stride) ? 1 : stride);
  if (!given)
    return;
  if (auto alignment = given.getAs<IntegerAttr>(
          TileDialect::AlignmentAttrHelper::getNameStr()))
    this->alignment = alignment.getInt();
  auto merge = [](SmallVector<int64_t> &known, Attribute attr) {
    auto list = dyn_cast_or_null<DenseI64ArrayAttr>(attr);
    if (!list)
      return;
    for (auto [k, value] : llvm::zip(known, list.asArrayRef()))
      if (k == 1) // a static value already says all
        k = value;
  };
  merge(extentMultiple,
        given.get(TileDialect::DivisibilityAttrHelper::getNameStr()));
  merge(strideMultiple,
        given.get(TileDialect::StrideDivisibilityAttrHelper::getNameStr()));
}

bool cudapy::tile::ArrayFacts::alignVectors(ViewType view,
                                            ArrayRef<int64_t> shape,
                                            int64_t dim, int64_t width,
                                            int64_t elementBits) const {
  if (width == 1)
    return true;
  if ((alignment * 8) % (width * elementBits) != 0)
    return false;
  ArrayRef<int64_t> order = view.getOrder();
  if (view.getSteps()[order[dim]] % width != 0)
    return false;
  // Every other dimension's stride, where the tile spans it and also where
  // it does not: the tile's first index along it moves the vectors by
  // multiples of its stride (unless the array has one index there).
  ArrayRef<int64_t> extents = view.getArray().getShape();
  for (int64_t k = 0, e = shape.size(); k < e; ++k)
    if (k != dim && extents[order[k]] != 1 &&
        strideMultiple[order[k]] % width != 0)
      return false;
  return true;
}
