//===- NVVMFlushDenormals.cpp - f32 flush-to-zero for NVVM modules --------===//
//
// Implements `cudapy-nvvm-flush-denormals`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYNVVMFLUSHDENORMALSPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

/// The libdevice switch read through `__nvvm_reflect("__CUDA_FTZ")`.
static constexpr llvm::StringLiteral kReflectFtzFlag = "nvvm-reflect-ftz";

namespace {
struct CudapyNVVMFlushDenormalsPass
    : public cudapy::impl::CudapyNVVMFlushDenormalsPassBase<
          CudapyNVVMFlushDenormalsPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    auto preserveSign = StringAttr::get(ctx, "preserve-sign");
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      func.setDenormalFpMathF32Attr(preserveSign);

    auto ftzFlag = LLVM::ModuleFlagAttr::get(
        ctx, LLVM::ModFlagBehavior::Override,
        StringAttr::get(ctx, kReflectFtzFlag),
        IntegerAttr::get(IntegerType::get(ctx, 32), 1));

    // Merge into an existing llvm.module_flags op, replacing an earlier value
    // of the same flag, so that running the pass twice changes nothing.
    SmallVector<Attribute> flags;
    LLVM::ModuleFlagsOp flagsOp;
    for (auto op : module.getOps<LLVM::ModuleFlagsOp>()) {
      flagsOp = op;
      break;
    }
    if (flagsOp)
      for (Attribute attr : flagsOp.getFlags()) {
        auto flag = dyn_cast<LLVM::ModuleFlagAttr>(attr);
        if (!flag || flag.getKey() != kReflectFtzFlag)
          flags.push_back(attr);
      }
    flags.push_back(ftzFlag);
    ArrayAttr flagsAttr = ArrayAttr::get(ctx, flags);
    if (flagsOp) {
      flagsOp.setFlagsAttr(flagsAttr);
      return;
    }
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    LLVM::ModuleFlagsOp::create(builder, module.getLoc(), flagsAttr);
  }
};
} // namespace
