//===- StripAssertions.cpp - remove device assertions ---------------------===//
//
// Implements `cudapy-strip-assertions`: see include/cudapy/Transforms/
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"
#include "dialects/Simt/IR/SimtOps.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYSTRIPASSERTIONSPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
struct CudapyStripAssertionsPass
    : public cudapy::impl::CudapyStripAssertionsPassBase<
          CudapyStripAssertionsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> assertions;
    getOperation()->walk([&](Operation *op) {
      if (isa<cudapy::simt::AssertOp, cudapy::tile::AssertOp, cf::AssertOp>(op))
        assertions.push_back(op);
    });
    for (Operation *op : assertions)
      op->erase();
  }
};
} // namespace
