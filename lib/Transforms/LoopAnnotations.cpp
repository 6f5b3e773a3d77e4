//===- LoopAnnotations.cpp - scf.for annotations on lowered loops --------===//
//
// Implements `cudapy-loop-annotations`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "cudapy/Support/KernelAbi.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYLOOPANNOTATIONSPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
struct CudapyLoopAnnotationsPass
    : public cudapy::impl::CudapyLoopAnnotationsPassBase<
          CudapyLoopAnnotationsPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      auto annotation = op->getAttrOfType<LLVM::LoopAnnotationAttr>(
          cudapy::kLoopAnnotationAttrName);
      if (!annotation)
        return;
      if (auto branch = dyn_cast<LLVM::BrOp>(op))
        branch.setLoopAnnotationAttr(annotation);
      else if (auto branch = dyn_cast<LLVM::CondBrOp>(op))
        branch.setLoopAnnotationAttr(annotation);
      else
        return;
      op->removeAttr(cudapy::kLoopAnnotationAttrName);
    });
  }
};
} // namespace
