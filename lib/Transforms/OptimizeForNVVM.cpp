//===- OptimizeForNVVM.cpp - upstream's NVVM rewrites where they apply ----===//
//
// Implements `cudapy-optimize-for-nvvm`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Pass/PassManager.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYOPTIMIZEFORNVVMPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
struct CudapyOptimizeForNVVMPass
    : public cudapy::impl::CudapyOptimizeForNVVMPassBase<
          CudapyOptimizeForNVVMPass> {
  void runOnOperation() override {
    // What upstream's ExpandDivF16 matches: a scalar f16 division.
    bool halfDivision = getOperation()
                            ->walk([](LLVM::FDivOp division) {
                              return division.getType().isF16()
                                         ? WalkResult::interrupt()
                                         : WalkResult::advance();
                            })
                            .wasInterrupted();
    if (!halfDivision)
      return markAllAnalysesPreserved();
    OpPassManager upstream(gpu::GPUModuleOp::getOperationName());
    upstream.addPass(LLVM::createNVVMOptimizeForTargetPass());
    if (failed(runPipeline(upstream, getOperation())))
      signalPassFailure();
  }
};
} // namespace
