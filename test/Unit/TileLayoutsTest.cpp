//===- TileLayoutsTest.cpp - distributed layouts, element by element -----===//
//
// The register-to-element maps of #tile.blocked, #tile.slice and the mma
// layouts, through
// DistributedLayoutInterface and the functions of TileLayouts.h, checked
// against the layouts' definitions (TileAttrs.td) computed here on their
// own, and against the properties every distributed layout has: each
// element of a tile that covers the layout tile has exactly one owner, a
// slice's threads hold what their parent holds, and registers number local
// indices both ways.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/IR/TileLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace mlir;
using namespace cudapy::tile;

namespace {

class TileLayoutsTest : public ::testing::Test {
protected:
  TileLayoutsTest() { context.loadDialect<TileDialect>(); }

  BlockedLayoutAttr blocked(ArrayRef<int64_t> sizePerThread,
                            ArrayRef<int64_t> threadsPerWarp,
                            ArrayRef<int64_t> warpsPerCTA,
                            ArrayRef<int64_t> order) {
    return BlockedLayoutAttr::get(&context, sizePerThread, threadsPerWarp,
                                  warpsPerCTA, order);
  }

  MLIRContext context;
};

/// The element register `r` of `thread` holds under a blocked layout, from
/// the attribute's definition alone (TileAttrs.td): lanes and warps
/// numbered along `order`, registers running along `order` too, blocks of
/// sizePerThread contiguous elements, the layout tile repeated or wrapped.
std::vector<int64_t> referenceElement(BlockedLayoutAttr layout,
                                      ArrayRef<int64_t> shape, int64_t thread,
                                      int64_t r) {
  ArrayRef<int64_t> spt = layout.getSizePerThread(),
                    tpw = layout.getThreadsPerWarp(),
                    wpc = layout.getWarpsPerCTA(), order = layout.getOrder();
  size_t rank = shape.size();
  int64_t lane = thread % 32, warp = thread / 32;
  std::vector<int64_t> laneCoord(rank), warpCoord(rank), local(rank);
  for (int64_t d : order) {
    laneCoord[d] = lane % tpw[d];
    lane /= tpw[d];
    warpCoord[d] = warp % wpc[d];
    warp /= wpc[d];
  }
  for (int64_t d : order) {
    int64_t span = spt[d] * tpw[d] * wpc[d];
    int64_t along = spt[d] * std::max<int64_t>(1, shape[d] / span);
    local[d] = r % along;
    r /= along;
  }
  std::vector<int64_t> element(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t span = spt[d] * tpw[d] * wpc[d];
    int64_t coordinate = laneCoord[d] + tpw[d] * warpCoord[d];
    element[d] =
        ((local[d] / spt[d]) * span + coordinate * spt[d] + local[d] % spt[d]) %
        shape[d];
  }
  return element;
}

std::vector<int64_t> toStd(ArrayRef<int64_t> values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

TEST_F(TileLayoutsTest, BlockedAnswersTheInterface) {
  auto layout = blocked({1, 4}, {4, 8}, {2, 2}, {1, 0});
  auto interface = cast<DistributedLayoutInterface>(layout);
  EXPECT_EQ(interface.getRank(), 2);
  EXPECT_EQ(interface.getNumWarps(), 4);
  EXPECT_EQ(toStd(interface.getShapePerTile()), (std::vector<int64_t>{8, 64}));
  EXPECT_EQ(toStd(interface.getRegisterOrder()), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(interface.getRegistersPerTile(1), 4);
  EXPECT_EQ(getContiguity(interface, 1), 4);
  EXPECT_EQ(getContiguity(interface, 0), 1);
  // Lanes run along dimension 1 first (8 of them), then dimension 0.
  SmallVector<ThreadField> fields = interface.getThreadFields(1);
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0], (ThreadField{false, 1, 8, 4}));
  EXPECT_EQ(fields[1], (ThreadField{true, 1, 2, 32}));
  fields = interface.getThreadFields(0);
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0], (ThreadField{false, 8, 4, 1}));
  EXPECT_EQ(fields[1], (ThreadField{true, 2, 2, 4}));
  EXPECT_TRUE(interface.getReplicaFields().empty());
}

TEST_F(TileLayoutsTest, BlockedMatchesItsDefinition) {
  struct Case {
    BlockedLayoutAttr layout;
    std::vector<std::vector<int64_t>> shapes;
  };
  std::vector<Case> cases = {
      {blocked({4}, {32}, {4}, {0}), {{512}, {2048}, {128}, {4}, {1}}},
      {blocked({1, 4}, {4, 8}, {2, 2}, {1, 0}),
       {{8, 64}, {16, 256}, {2, 8}, {32, 4}, {1, 1}}},
      {blocked({2, 1}, {8, 4}, {1, 4}, {0, 1}), {{16, 16}, {64, 8}, {4, 2}}},
      {blocked({1, 2, 4}, {2, 2, 8}, {2, 1, 1}, {2, 1, 0}),
       {{4, 4, 32}, {8, 2, 64}, {1, 1, 8}}},
  };
  for (const Case &c : cases) {
    auto layout = cast<DistributedLayoutInterface>(c.layout);
    int64_t threads = layout.getNumWarps() * kWarpSize;
    for (const std::vector<int64_t> &shape : c.shapes) {
      int64_t registers = getNumRegisters(layout, shape);
      for (int64_t t = 0; t < threads; ++t)
        for (int64_t r = 0; r < registers; ++r)
          ASSERT_EQ(toStd(getElement(layout, shape, t, r)),
                    referenceElement(c.layout, shape, t, r))
              << "thread " << t << ", register " << r;
    }
  }
}

/// Every element of `shape` has exactly one owning (thread, register),
/// and every register holds an element inside the tile.
void expectOneOwnerEach(DistributedLayoutInterface layout,
                        ArrayRef<int64_t> shape) {
  std::map<std::vector<int64_t>, int> owners;
  int64_t threads = layout.getNumWarps() * kWarpSize;
  int64_t registers = getNumRegisters(layout, shape);
  ElementMap elements(layout, shape);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t r = 0; r < registers; ++r) {
      bool owner = false;
      std::vector<int64_t> element = toStd(elements.getElement(t, r, &owner));
      for (size_t d = 0; d < element.size(); ++d)
        ASSERT_LT(element[d], shape[d]);
      owners[element] += owner;
    }
  int64_t total = 1;
  for (int64_t extent : shape)
    total *= extent;
  ASSERT_EQ(static_cast<int64_t>(owners.size()), total);
  for (const auto &[element, count] : owners)
    ASSERT_EQ(count, 1);
}

TEST_F(TileLayoutsTest, EveryElementHasOneOwner) {
  auto layout = cast<DistributedLayoutInterface>(
      Attribute(blocked({1, 4}, {4, 8}, {2, 2}, {1, 0})));
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{8, 64}, {16, 128}, {2, 4}, {64, 1}, {1, 1}})
    expectOneOwnerEach(layout, shape);
  // Slices own each element once too, through their replica fields.
  auto slice = cast<DistributedLayoutInterface>(Attribute(SliceLayoutAttr::get(
      &context, 1, cast<DistributedLayoutInterface>(Attribute(layout)))));
  for (std::vector<int64_t> shape : {std::vector<int64_t>{8}, {64}, {2}, {1}})
    expectOneOwnerEach(slice, shape);
  auto inner = cast<DistributedLayoutInterface>(
      Attribute(SliceLayoutAttr::get(&context, 0, layout)));
  expectOneOwnerEach(inner, {64});
  expectOneOwnerEach(inner, {256});
  expectOneOwnerEach(inner, {16});
}

TEST_F(TileLayoutsTest, SliceHoldsWhatItsParentHolds) {
  auto parent = cast<DistributedLayoutInterface>(
      Attribute(blocked({2, 4}, {4, 8}, {2, 2}, {1, 0})));
  for (int64_t dim : {0, 1}) {
    auto slice = cast<DistributedLayoutInterface>(
        Attribute(SliceLayoutAttr::get(&context, dim, parent)));
    EXPECT_EQ(slice.getRank(), 1);
    SmallVector<int64_t> parentShape = {32, 128};
    SmallVector<int64_t> shape = {parentShape[1 - dim]};
    // The replicas are the parent's lanes and warps along `dim`.
    EXPECT_EQ(slice.getReplicaFields().size(),
              parent.getThreadFields(dim).size());
    int64_t threads = slice.getNumWarps() * kWarpSize;
    for (int64_t t = 0; t < threads; ++t) {
      std::set<int64_t> held;
      for (int64_t r = 0, n = getNumRegisters(parent, parentShape); r < n; ++r)
        held.insert(getElement(parent, parentShape, t, r)[1 - dim]);
      for (int64_t r = 0, n = getNumRegisters(slice, shape); r < n; ++r)
        EXPECT_TRUE(held.count(getElement(slice, shape, t, r)[0]))
            << "dim " << dim << ", thread " << t << ", register " << r;
    }
  }
}

TEST_F(TileLayoutsTest, RegistersNumberLocalIndices) {
  auto layout = cast<DistributedLayoutInterface>(
      Attribute(blocked({1, 2, 4}, {2, 2, 8}, {2, 1, 1}, {2, 0, 1})));
  SmallVector<int64_t> shape = {16, 8, 64};
  for (int64_t r = 0, n = getNumRegisters(layout, shape); r < n; ++r)
    EXPECT_EQ(linearize(layout, shape, delinearize(layout, shape, r)), r);
  // order[0] (dimension 2) runs fastest.
  EXPECT_EQ(toStd(delinearize(layout, shape, 1)),
            (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(getRegistersAlong(layout, shape, 2), 8);
  EXPECT_EQ(getRegistersAlong(layout, shape, 0), 4);
}

TEST_F(TileLayoutsTest, SameDistribution) {
  auto wide = blocked({1, 4}, {1, 32}, {1, 4}, {1, 0});
  auto row = blocked({4}, {32}, {4}, {0});
  auto slice = SliceLayoutAttr::get(&context, 0, wide);
  // Slicing away a dimension without lanes or warps leaves the row layout.
  EXPECT_TRUE(haveSameDistribution(slice, row));
  EXPECT_TRUE(haveSameDistribution(wide, wide));
  EXPECT_FALSE(haveSameDistribution(row, blocked({2}, {32}, {4}, {0})));
  // A slice along the lanes' dimension holds replicas: not the row layout.
  auto columns = blocked({4, 1}, {16, 2}, {4, 1}, {0, 1});
  EXPECT_FALSE(
      haveSameDistribution(SliceLayoutAttr::get(&context, 1, columns), row));
}

/// The element register `r` of `thread` holds in an m16n8 accumulator, from
/// the PTX ISA's fragment layout: per 16x8 block, c0 c1 in row groupID and
/// c2 c3 in row groupID + 8, columns threadID_in_group * 2 + (i & 1); warps
/// over rows first; registers columns first, then rows.
std::vector<int64_t> referenceAccumulator(int64_t rowWarps, int64_t columnWarps,
                                          ArrayRef<int64_t> shape,
                                          int64_t thread, int64_t r) {
  int64_t lane = thread % 32, warp = thread / 32;
  int64_t spanRows = 16 * rowWarps, spanColumns = 8 * columnWarps;
  int64_t columnsHeld = 2 * std::max<int64_t>(1, shape[1] / spanColumns);
  int64_t localColumn = r % columnsHeld, localRow = r / columnsHeld;
  int64_t row = (localRow / 2) * spanRows + (warp % rowWarps) * 16 + lane / 4 +
                8 * (localRow % 2);
  int64_t column = (localColumn / 2) * spanColumns + (warp / rowWarps) * 8 +
                   2 * (lane % 4) + localColumn % 2;
  return {row % shape[0], column % shape[1]};
}

TEST_F(TileLayoutsTest, MmaAccumulatorMatchesThePtxFragments) {
  for (auto [rowWarps, columnWarps] :
       {std::pair<int64_t, int64_t>{1, 1}, {2, 2}, {4, 1}, {1, 4}, {2, 4}}) {
    auto layout = cast<DistributedLayoutInterface>(Attribute(
        MmaAccumulatorLayoutAttr::get(&context, {rowWarps, columnWarps})));
    EXPECT_EQ(getContiguity(layout, 1), 2);
    EXPECT_EQ(getContiguity(layout, 0), 1);
    for (std::vector<int64_t> shape :
         {std::vector<int64_t>{16 * rowWarps, 8 * columnWarps},
          {64, 128},
          {16, 8}}) {
      int64_t threads = layout.getNumWarps() * kWarpSize;
      for (int64_t t = 0; t < threads; ++t)
        for (int64_t r = 0, n = getNumRegisters(layout, shape); r < n; ++r)
          ASSERT_EQ(toStd(getElement(layout, shape, t, r)),
                    referenceAccumulator(rowWarps, columnWarps, shape, t, r))
              << "thread " << t << ", register " << r;
      if (shape[0] >= 16 * rowWarps && shape[1] >= 8 * columnWarps)
        expectOneOwnerEach(layout, shape);
    }
  }
  // Its row sums keep the accumulator's rows in place.
  auto accumulator = cast<DistributedLayoutInterface>(
      Attribute(MmaAccumulatorLayoutAttr::get(&context, {2, 2})));
  expectOneOwnerEach(cast<DistributedLayoutInterface>(Attribute(
                         SliceLayoutAttr::get(&context, 1, accumulator))),
                     {32});
}

/// Within each thread, registers hold distinct elements of `shape`, and
/// every element still has one owner.
void expectNoCopiesInAThread(DistributedLayoutInterface layout,
                             ArrayRef<int64_t> shape) {
  int64_t threads = layout.getNumWarps() * kWarpSize;
  int64_t registers = getNumRegisters(layout, shape);
  ElementMap elements(layout, shape);
  for (int64_t t = 0; t < threads; ++t) {
    std::set<std::vector<int64_t>> held;
    for (int64_t r = 0; r < registers; ++r)
      held.insert(toStd(elements.getElement(t, r)));
    ASSERT_EQ(static_cast<int64_t>(held.size()), registers)
        << "thread " << t << " holds a copy of its own element";
  }
  expectOneOwnerEach(layout, shape);
}

TEST_F(TileLayoutsTest, SmallTilesKeepNoCopiesInAThread) {
  // A row statistic in an mma accumulator layout (attention's running
  // maximum, 128x1): one register a row, not one for each of the pair of
  // columns a thread holds; rows 8 apart fold too where the tile has 8.
  auto accumulator = cast<DistributedLayoutInterface>(
      Attribute(MmaAccumulatorLayoutAttr::get(&context, {4, 1})));
  EXPECT_EQ(getNumRegisters(accumulator, {128, 1}), 4);
  EXPECT_EQ(getRegistersAlong(accumulator, {128, 1}, 1), 1);
  EXPECT_EQ(getRegistersAlong(accumulator, {8, 64}, 0), 1);
  EXPECT_EQ(getRegistersAlong(accumulator, {128, 64}, 1), 16);
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{128, 1}, {64, 2}, {8, 8}, {1, 1}, {4, 64}})
    expectNoCopiesInAThread(accumulator, shape);
  // Blocked layouts: a run shorter than sizePerThread.
  auto blockedRows = cast<DistributedLayoutInterface>(
      Attribute(blocked({1, 4}, {4, 8}, {2, 2}, {1, 0})));
  EXPECT_EQ(getRegistersAlong(blockedRows, {64, 1}, 1), 1);
  EXPECT_EQ(getRegistersAlong(blockedRows, {64, 2}, 1), 2);
  EXPECT_EQ(getRegistersAlong(blockedRows, {64, 16}, 1), 4);
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{64, 1}, {64, 2}, {2, 2}, {1, 1}})
    expectNoCopiesInAThread(blockedRows, shape);
  // mma.sync operands along K: runs at 0 and K / 2.
  auto a = cast<DistributedLayoutInterface>(Attribute(MmaOperandLayoutAttr::get(
      &context, 0, 16, MmaAccumulatorLayoutAttr::get(&context, {2, 1}))));
  EXPECT_EQ(getRegistersAlong(a, {32, 8}, 1), 2);
  EXPECT_EQ(getRegistersAlong(a, {32, 16}, 1), 4);
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{32, 8}, {32, 2}, {32, 1}, {16, 4}})
    expectNoCopiesInAThread(a, shape);
}

/// The elements thread `thread` holds of an mma.sync m16n8kK operand
/// tile of `shape` (A: M x K tiles; B: K x N), from the PTX ISA's fragment
/// tables ("Matrix Fragments for mma.m16n8k*"): with w = 32 / bits elements
/// to a register and group g = lane / 4, index t = lane % 4, A holds rows
/// g and g + 8 and columns w t + q and w t + q + K / 2 of each 16 x K
/// block; B the same rows of K and column g of each K x 8 block.
std::set<std::vector<int64_t>>
referenceOperand(int64_t operand, int64_t bits, int64_t rowWarps,
                 int64_t columnWarps, ArrayRef<int64_t> shape, int64_t thread) {
  int64_t lane = thread % 32, warp = thread / 32;
  int64_t g = lane / 4, t = lane % 4, w = 32 / bits, depth = 8 * w;
  std::set<std::vector<int64_t>> elements;
  int64_t depthDim = operand == 0 ? 1 : 0, otherDim = 1 - depthDim;
  int64_t block = operand == 0 ? 16 : 8;
  int64_t warps = operand == 0 ? rowWarps : columnWarps;
  int64_t ownWarp =
      operand == 0 ? warp % rowWarps : (warp / rowWarps) % columnWarps;
  for (int64_t i = 0; i < shape[otherDim] / (block * warps); ++i)
    for (int64_t s = 0; s < shape[depthDim] / depth; ++s)
      for (int64_t h = 0; h < (operand == 0 ? 2 : 1); ++h)
        for (int64_t half = 0; half < 2; ++half)
          for (int64_t q = 0; q < w; ++q) {
            std::vector<int64_t> element(2);
            element[otherDim] = i * block * warps + block * ownWarp + g + 8 * h;
            element[depthDim] = s * depth + w * t + q + half * depth / 2;
            elements.insert(element);
          }
  return elements;
}

TEST_F(TileLayoutsTest, MmaOperandsMatchThePtxFragments) {
  for (auto [rowWarps, columnWarps] :
       {std::pair<int64_t, int64_t>{1, 1}, {2, 2}, {4, 2}, {1, 4}}) {
    auto accumulator =
        MmaAccumulatorLayoutAttr::get(&context, {rowWarps, columnWarps});
    for (int64_t operand : {0, 1})
      for (int64_t bits : {8, 16, 32}) {
        auto layout = cast<DistributedLayoutInterface>(Attribute(
            MmaOperandLayoutAttr::get(&context, operand, bits, accumulator)));
        int64_t depth = 256 / bits;
        // Whole blocks, and two of them along each dimension.
        SmallVector<int64_t> tile = layout.getShapePerTile();
        for (std::vector<int64_t> shape :
             {std::vector<int64_t>{tile[0], tile[1]},
              {2 * tile[0], 2 * tile[1]}}) {
          ASSERT_EQ(tile[operand == 0 ? 1 : 0], depth);
          int64_t threads = layout.getNumWarps() * kWarpSize;
          for (int64_t thread = 0; thread < threads; ++thread) {
            std::set<std::vector<int64_t>> held;
            for (int64_t r = 0, n = getNumRegisters(layout, shape); r < n; ++r)
              held.insert(toStd(getElement(layout, shape, thread, r)));
            ASSERT_EQ(held, referenceOperand(operand, bits, rowWarps,
                                             columnWarps, shape, thread))
                << "operand " << operand << ", " << bits << " bits, thread "
                << thread;
          }
          // The warps that share a block hold copies; one of them owns it.
          expectOneOwnerEach(layout, shape);
        }
        // A 32-bit register's elements are neighbours along K.
        EXPECT_EQ(getContiguity(layout, operand == 0 ? 1 : 0), 32 / bits);
      }
  }
}

TEST_F(TileLayoutsTest, CoalescedLayouts) {
  // 16-bit elements: 8 per thread along the fastest dimension.
  BlockedLayoutAttr layout =
      getCoalescedLayout(&context, {32, 256}, 16, {1, 0}, 4);
  EXPECT_EQ(toStd(layout.getSizePerThread()), (std::vector<int64_t>{1, 8}));
  EXPECT_EQ(toStd(layout.getThreadsPerWarp()), (std::vector<int64_t>{1, 32}));
  EXPECT_EQ(toStd(layout.getWarpsPerCTA()), (std::vector<int64_t>{4, 1}));
  // A tile smaller than a warp's reach wraps along the fastest dimension,
  // one element a thread (no wider vectors: they would leave more of the
  // CTA holding copies).
  layout = getCoalescedLayout(&context, {64}, 32, {0}, 4);
  EXPECT_EQ(toStd(layout.getSizePerThread()), (std::vector<int64_t>{1}));
  EXPECT_EQ(toStd(layout.getThreadsPerWarp()), (std::vector<int64_t>{32}));
  EXPECT_EQ(toStd(layout.getWarpsPerCTA()), (std::vector<int64_t>{4}));
  expectOneOwnerEach(cast<DistributedLayoutInterface>(Attribute(layout)),
                     {1024});
  // Fewer elements than 128 bits for each of the CTA's threads: narrower
  // vectors, every thread owning elements (a 1x2048 f16 row at 16 warps: 4
  // a thread, not 8 with half the warps holding copies).
  layout = getCoalescedLayout(&context, {1, 2048}, 16, {1, 0}, 16);
  EXPECT_EQ(toStd(layout.getSizePerThread()), (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(toStd(layout.getThreadsPerWarp()), (std::vector<int64_t>{1, 32}));
  EXPECT_EQ(toStd(layout.getWarpsPerCTA()), (std::vector<int64_t>{1, 16}));
  EXPECT_TRUE(cast<DistributedLayoutInterface>(Attribute(layout))
                  .getReplicaFields()
                  .empty());
  // 2-D: the vector narrows before warps wrap along either dimension.
  layout = getCoalescedLayout(&context, {32, 64}, 16, {1, 0}, 16);
  EXPECT_EQ(toStd(layout.getSizePerThread()), (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(toStd(layout.getThreadsPerWarp()), (std::vector<int64_t>{2, 16}));
  EXPECT_EQ(toStd(layout.getWarpsPerCTA()), (std::vector<int64_t>{16, 1}));
}

TEST_F(TileLayoutsTest, MmaSyncDtypePairs) {
  Builder b(&context);
  Type si8 = IntegerType::get(&context, 8, IntegerType::Signed);
  Type ui8 = IntegerType::get(&context, 8, IntegerType::Unsigned);
  Type si32 = IntegerType::get(&context, 32, IntegerType::Signed);
  Type tf32 = b.getTF32Type();
  Type e4m3 = b.getType<Float8E4M3FNType>();
  EXPECT_EQ(getMmaSyncMinimumSm(b.getF16Type(), b.getF32Type()), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(b.getF16Type(), b.getF16Type()), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(b.getBF16Type(), b.getF32Type()), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(tf32, b.getF32Type()), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(si8, si32), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(ui8, si32), 80);
  EXPECT_EQ(getMmaSyncMinimumSm(e4m3, b.getF32Type()), 89);
  // No mma.sync: f16 accumulators of bf16 or fp8, f32 and f64 operands,
  // signless integers (not a tile dtype).
  EXPECT_EQ(getMmaSyncMinimumSm(b.getBF16Type(), b.getF16Type()), 0);
  EXPECT_EQ(getMmaSyncMinimumSm(e4m3, b.getF16Type()), 0);
  EXPECT_EQ(getMmaSyncMinimumSm(b.getF32Type(), b.getF32Type()), 0);
  EXPECT_EQ(getMmaSyncMinimumSm(b.getF64Type(), b.getF64Type()), 0);
  EXPECT_EQ(getMmaSyncMinimumSm(b.getI8Type(), si32), 0);
  EXPECT_EQ(getStorageBits(tf32), 32);
  EXPECT_EQ(getStorageBits(b.getI1Type()), 8);
  EXPECT_EQ(getStorageBits(b.getType<Float4E2M1FNType>()), 4);
}

} // namespace
