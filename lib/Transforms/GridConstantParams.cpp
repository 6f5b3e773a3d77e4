//===- GridConstantParams.cpp - tensor maps as by-value params ------------===//
//
// Implements `cudapy-grid-constant-params`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYGRIDCONSTANTPARAMSPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {
struct CudapyGridConstantParamsPass
    : public cudapy::impl::CudapyGridConstantParamsPassBase<
          CudapyGridConstantParamsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Builder b(context);
    Type bytes = LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                          cudapy::kTensorMapBytes);
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      auto params = func->getAttrOfType<DenseI64ArrayAttr>(
          cudapy::kTensorMapParamsAttrName);
      if (!params)
        continue;
      for (int64_t param : params.asArrayRef()) {
        if (param < 0 || param >= func.getNumArguments() ||
            !isa<LLVM::LLVMPointerType>(func.getArgument(param).getType())) {
          func.emitOpError("has no pointer parameter ")
              << param << " for a tensor map";
          return signalPassFailure();
        }
        func.setArgAttr(param, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(bytes));
        func.setArgAttr(param, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(cudapy::kTensorMapAlign));
        func.setArgAttr(param, NVVM::NVVMDialect::getGridConstantAttrName(),
                        b.getUnitAttr());
      }
      func->removeAttr(cudapy::kTensorMapParamsAttrName);
    }
  }
};
} // namespace
