//===- TileToLLVM.cpp - the convert-tile-to-llvm pass ---------------------===//
//
// Implements `convert-tile-to-llvm` (include/cudapy/Conversion/Passes.td,
// docs/TileLowering.md) by assembling the pattern sets of the op families
// (include/cudapy/Conversion/TileToLLVM.h). Every tile of rank 1 or more has
// a distributed layout (tile-assign-layouts); a thread's part of it becomes
// that many scalar SSA values (a 1:N type conversion).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "cudapy/Support/Target.h"
#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace cudapy {
#define GEN_PASS_DEF_CONVERTTILETOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"
} // namespace cudapy

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

void cudapy::populateTileToLLVMConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    bool fastMath) {
  populateTileLoadStoreToLLVMPatterns(converter, patterns);
  populateTileCreationToLLVMPatterns(converter, patterns);
  populateTileElementwiseToLLVMPatterns(converter, patterns, fastMath);
  populateTileConversionToLLVMPatterns(converter, patterns);
  populateTileConvertLayoutToLLVMPatterns(converter, patterns);
  populateTileShapeToLLVMPatterns(converter, patterns);
  populateTileMemoryToLLVMPatterns(converter, patterns);
  populateTileDebugToLLVMPatterns(converter, patterns);
  populateTileReduceToLLVMPatterns(converter, patterns);
  populateTileScanToLLVMPatterns(converter, patterns);
  populateTileSharedMemoryToLLVMPatterns(converter, patterns);
  populateTileMmaToLLVMPatterns(converter, patterns);
}

/// Whether `op` is one of the tensor copies' ops (sm_90 on).
static bool usesTensorCopies(Operation *op) {
  if (auto copy = dyn_cast<AsyncCopyOp>(op))
    return copy.isTensorCopy();
  return isa<AllocBarriersOp, BarrierWaitOp, BarrierArriveOp>(op);
}

/// Tensor copies and their barriers need sm_90 and PTX ISA 8.0 (where the
/// module names its target): a diagnostic, not NVPTX's failure to select.
static LogicalResult checkTensorCopyTarget(Operation *op) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  if (chip && !chip->host && chip->sm < 90)
    return op->emitOpError("needs the tensor memory accelerator and its "
                           "barriers, which ")
           << chip->str() << " lacks (sm_90 and later have them)";
  std::optional<unsigned> ptx = target::getPtxVersionFor(op);
  if (ptx && *ptx < 80)
    return op->emitOpError("needs PTX ISA 8.0 or later for the tensor "
                           "memory accelerator's barriers; the module's is ")
           << formatPtxVersion(*ptx);
  return success();
}

/// griddepcontrol needs sm_90: a diagnostic on older chips, not NVPTX's
/// failure to select.
static LogicalResult checkGridDependencyTarget(Operation *op) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  if (chip && !chip->host && chip->sm < 90)
    return op->emitOpError("needs programmatic dependent launch, which ")
           << chip->str() << " lacks (sm_90 and later have it)";
  return success();
}

namespace {
struct ConvertTileToLLVMPass
    : public cudapy::impl::ConvertTileToLLVMPassBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    TileToLLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateTileToLLVMConversionPatterns(converter, patterns, fastMath);
    if (failed(checkLowerable(root, patterns)))
      return signalPassFailure();
    if (failed(prepareKernels(root, converter)))
      return signalPassFailure();

    ConversionTarget target(*context);
    target.addIllegalDialect<TileDialect>();
    target.addLegalDialect<arith::ArithDialect, math::MathDialect,
                           gpu::GPUDialect, LLVM::LLVMDialect,
                           NVVM::NVVMDialect, nvgpu::NVGPUDialect,
                           scf::SCFDialect, vector::VectorDialect>();
    // Combiner regions run as clones between casts (see applyCombiner).
    target.addLegalOp<UnrealizedConversionCastOp>();
    // tile.assert's failures, for convert-gpu-to-nvvm's __assertfail.
    target.addLegalOp<cf::AssertOp>();
    // tile.warp_specialize stays until its regions are lowered
    // (splitSpecializedWarps).
    target.addLegalOp<WarpSpecializeOp>();
    target.addDynamicallyLegalOp<YieldOp>(
        [](YieldOp op) { return isa<WarpSpecializeOp>(op->getParentOp()); });
    auto isLegalFunction = [&](Operation *op) {
      auto func = cast<FunctionOpInterface>(op);
      return converter.isSignatureLegal(
                 cast<FunctionType>(func.getFunctionType())) &&
             converter.isLegal(&func.getFunctionBody());
    };
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>(isLegalFunction);
    target.addDynamicallyLegalOp<func::FuncOp>(isLegalFunction);
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns,
                                                                     converter);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    splitSpecializedWarps(root);
    if (failed(placeSharedMemory(root)))
      signalPassFailure();
  }

  /// What the patterns cannot take, with a location each: tile ops that no
  /// pattern lowers (the pattern set says which), constants that are not
  /// dense, tiles without layouts. Combiner terminators go with their
  /// regions.
  static LogicalResult checkLowerable(Operation *root,
                                      RewritePatternSet &patterns) {
    llvm::DenseSet<OperationName> lowered;
    for (const std::unique_ptr<RewritePattern> &pattern :
         patterns.getNativePatterns())
      if (std::optional<OperationName> name = pattern->getRootKind())
        lowered.insert(*name);
    WalkResult check = root->walk([&](Operation *op) -> WalkResult {
      if (!isa<TileDialect>(op->getDialect()))
        return WalkResult::advance();
      if (!lowered.contains(op->getName()) &&
          !isa<YieldOp, WarpSpecializeOp>(op))
        return op->emitOpError("has no lowering to LLVM yet"),
               WalkResult::interrupt();
      if (auto constant = dyn_cast<ConstantOp>(op))
        if (!isa<DenseElementsAttr>(constant.getValue()))
          return op->emitOpError("lowers dense constants only"),
                 WalkResult::interrupt();
      if (usesTensorCopies(op) && failed(checkTensorCopyTarget(op)))
        return WalkResult::interrupt();
      if (isa<GridDependencyWaitOp, LaunchDependentsOp>(op) &&
          failed(checkGridDependencyTarget(op)))
        return WalkResult::interrupt();
      for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                                op->getResultTypes()))
        if (auto tile = dyn_cast<TileType>(type);
            tile && tile.getRank() > 0 && !tile.getEncoding())
          return op->emitOpError("needs tiles with layouts; run "
                                 "tile-assign-layouts first"),
                 WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(check.wasInterrupted());
  }
};
} // namespace
