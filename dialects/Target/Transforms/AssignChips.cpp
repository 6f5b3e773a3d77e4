//===- AssignChips.cpp - compile targets for gpu.modules ------------------===//
//
// Implements `target-assign-chips`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/Transforms/Passes.h"

#include "cudapy/Support/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace cudapy::target {
#define GEN_PASS_DEF_TARGETASSIGNCHIPSPASS
#include "dialects/Target/Transforms/Passes.h.inc"
} // namespace cudapy::target

using namespace mlir;
using namespace cudapy;
using namespace cudapy::target;

namespace {
struct TargetAssignChipsPass
    : public cudapy::target::impl::TargetAssignChipsPassBase<
          TargetAssignChipsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (chips.empty()) {
      getOperation().emitError("target-assign-chips needs at least one chip");
      return signalPassFailure();
    }
    SmallVector<std::pair<ResolvedTarget, Attribute>> targets;
    for (const std::string &chip : chips) {
      std::string error;
      std::optional<ResolvedTarget> resolved =
          resolveTarget(chip, ptxVersion, error);
      if (!resolved) {
        getOperation().emitError("target-assign-chips: ") << error;
        return signalPassFailure();
      }
      Attribute nvvmTarget = NVVM::NVVMTargetAttr::get(
          context, optLevel, "nvptx64-nvidia-cuda", resolved->chip,
          resolved->getFeatures(), /*targetFlags=*/nullptr,
          /*linkFiles=*/nullptr,
          // target-check-execution-spaces checks SM requirements after
          // target-specialize has dropped the code that does not apply;
          // NVVM's own check would see that code too.
          /*verifyTarget=*/false);
      targets.emplace_back(*resolved, nvvmTarget);
    }

    for (auto module : llvm::make_early_inc_range(
             getOperation().getOps<gpu::GPUModuleOp>())) {
      if (targets.size() == 1) {
        module->setAttr(kChipAttrName,
                        StringAttr::get(context, targets[0].first.chip));
        module.setTargetsAttr(ArrayAttr::get(context, {targets[0].second}));
        continue;
      }
      // The first chip's copy is the module itself (so that the host's
      // gpu.launch_func still names it); the others follow it, named
      // after their chip.
      OpBuilder builder(module->getContext());
      builder.setInsertionPointAfter(module);
      std::string origin = module.getName().str();
      for (auto [k, target] : llvm::enumerate(targets)) {
        auto &[resolved, nvvmTarget] = target;
        auto copy = module;
        if (k > 0) {
          copy = cast<gpu::GPUModuleOp>(builder.clone(*module));
          copy.setName(origin + "_" + resolved.chip);
        }
        copy->setAttr(kChipAttrName, StringAttr::get(context, resolved.chip));
        copy->setAttr(kOriginAttrName, StringAttr::get(context, origin));
        copy.setTargetsAttr(ArrayAttr::get(context, {nvvmTarget}));
      }
    }
  }
};
} // namespace
