//===- FastMath.cpp - relax floating-point semantics ----------------------===//
//
// Implements `cudapy-fast-math`: see include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYFASTMATHPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
struct CudapyFastMathPass
    : public cudapy::impl::CudapyFastMathPassBase<CudapyFastMathPass> {
  void runOnOperation() override {
    auto fast = arith::FastMathFlagsAttr::get(&getContext(),
                                              arith::FastMathFlags::fast);
    getOperation()->walk([&](arith::ArithFastMathInterface op) {
      op->setAttr(op.getFastMathAttrName(), fast);
    });
  }
};
} // namespace
