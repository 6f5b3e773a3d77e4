//===- AtomicsTest.cpp - one memory-order and scope mapping ---------------===//
//
// The simt and the tile lowerings map their memory orders and thread scopes
// to LLVM through one table (cudapy/Conversion/LoweringUtils/Atomics.h):
// every value of both dialects' enumerations, against C++'s and PTX's
// meaning written out here.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/LoweringUtils/Atomics.h"

#include "dialects/Simt/IR/SimtOps.h"
#include "dialects/Tile/IR/TileOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace cudapy;
using LLVM::AtomicOrdering;

namespace {

TEST(AtomicsTest, SimtMemoryOrders) {
  struct Row {
    simt::MemoryOrder order;
    AtomicOrdering ordering, failure;
  };
  // consume is acquire (as every C++ implementation has it); a
  // compare-exchange fails with its order's load part.
  for (Row row : {
           Row{simt::MemoryOrder::relaxed, AtomicOrdering::monotonic,
               AtomicOrdering::monotonic},
           Row{simt::MemoryOrder::consume, AtomicOrdering::acquire,
               AtomicOrdering::acquire},
           Row{simt::MemoryOrder::acquire, AtomicOrdering::acquire,
               AtomicOrdering::acquire},
           Row{simt::MemoryOrder::release, AtomicOrdering::release,
               AtomicOrdering::monotonic},
           Row{simt::MemoryOrder::acq_rel, AtomicOrdering::acq_rel,
               AtomicOrdering::acquire},
           Row{simt::MemoryOrder::seq_cst, AtomicOrdering::seq_cst,
               AtomicOrdering::seq_cst},
       }) {
    EXPECT_EQ(getLLVMOrdering(getAtomicOrder(row.order)), row.ordering)
        << simt::stringifyMemoryOrder(row.order).str();
    EXPECT_EQ(getLLVMFailureOrdering(getAtomicOrder(row.order)), row.failure)
        << simt::stringifyMemoryOrder(row.order).str();
  }
}

TEST(AtomicsTest, TileMemoryOrders) {
  struct Row {
    tile::MemoryOrder order;
    AtomicOrdering ordering, failure;
  };
  for (Row row : {
           Row{tile::MemoryOrder::relaxed, AtomicOrdering::monotonic,
               AtomicOrdering::monotonic},
           Row{tile::MemoryOrder::acquire, AtomicOrdering::acquire,
               AtomicOrdering::acquire},
           Row{tile::MemoryOrder::release, AtomicOrdering::release,
               AtomicOrdering::monotonic},
           Row{tile::MemoryOrder::acq_rel, AtomicOrdering::acq_rel,
               AtomicOrdering::acquire},
       }) {
    EXPECT_EQ(getLLVMOrdering(getAtomicOrder(row.order)), row.ordering)
        << tile::stringifyMemoryOrder(row.order).str();
    EXPECT_EQ(getLLVMFailureOrdering(getAtomicOrder(row.order)), row.failure)
        << tile::stringifyMemoryOrder(row.order).str();
  }
}

TEST(AtomicsTest, ThreadScopes) {
  // NVPTX's sync scopes: "" is the system; a thread's scope widens to its
  // block (PTX has nothing narrower, and wider is always correct).
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(simt::ThreadScope::system)), "");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(simt::ThreadScope::device)),
            "device");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(simt::ThreadScope::block)),
            "block");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(simt::ThreadScope::thread)),
            "block");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(tile::ThreadScope::system)), "");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(tile::ThreadScope::device)),
            "device");
  EXPECT_EQ(getLLVMSyncScope(getAtomicScope(tile::ThreadScope::block)),
            "block");
}

} // namespace
