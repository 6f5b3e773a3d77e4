//===- Pipelines.cpp - the cudapy-to-ptx pipeline -------------------------===//
//
// The one list of passes of cudapy. Frontend dialects add their passes here,
// ahead of the lowering of gpu.modules to NVVM.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Pipelines.h"
#include "cudapy/Conversion/Passes.h"

#include "cudapy/Transforms/Passes.h"
#include "dialects/Py/Transforms/Passes.h"
#include "dialects/Target/Transforms/Passes.h"
#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

#ifndef CUDAPY_DEFAULT_CUDA_TOOLKIT_PATH
#define CUDAPY_DEFAULT_CUDA_TOOLKIT_PATH "/usr/local/cuda"
#endif

using namespace mlir;

llvm::StringRef cudapy::getDefaultCudaToolkitPath() {
  return CUDAPY_DEFAULT_CUDA_TOOLKIT_PATH;
}

std::string cudapy::CudapyToPTXOptions::getCudaToolkitPath() const {
  return cudaToolkitPath.empty() ? getDefaultCudaToolkitPath().str()
                                 : std::string(cudaToolkitPath);
}

std::string cudapy::CudapyToPTXOptions::getLibdevicePath() const {
  if (!libdevicePath.empty())
    return libdevicePath;
  llvm::SmallString<256> path(getCudaToolkitPath());
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  return std::string(path);
}

std::optional<std::vector<cudapy::ResolvedTarget>>
cudapy::validateCudapyToPTXOptions(const CudapyToPTXOptions &options,
                                   std::string &error) {
  if (options.optLevel > 3) {
    error = "opt-level must be 0, 1, 2 or 3, not " +
            std::to_string(options.optLevel);
    return std::nullopt;
  }
  if (options.numWarps != 0 && !tile::isValidNumWarps(options.numWarps)) {
    error = "num-warps must be 0 (the compiler chooses), 1, 2, 4, 8, 16 or "
            "32, not " +
            std::to_string(options.numWarps);
    return std::nullopt;
  }
  if (options.emit != "mlir" && options.emit != "llvm" &&
      options.emit != "ptx" && options.emit != "cubin" &&
      options.emit != "cubin-or-ptx") {
    error = "emit must be 'ptx', 'cubin', 'cubin-or-ptx', 'llvm' or 'mlir', "
            "not '" +
            options.emit + "'";
    return std::nullopt;
  }
  std::vector<ResolvedTarget> targets;
  llvm::SmallVector<llvm::StringRef> chips;
  llvm::StringRef(options.chip).split(chips, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef chip : chips) {
    std::optional<ResolvedTarget> target =
        resolveTarget(chip.trim(), options.ptxVersion, error);
    if (!target)
      return std::nullopt;
    if (llvm::any_of(targets, [&](const ResolvedTarget &other) {
          return other.chip == target->chip;
        })) {
      error = "chip '" + target->chip + "' is named twice";
      return std::nullopt;
    }
    targets.push_back(*target);
  }
  if (targets.empty()) {
    error = "no chip to compile for";
    return std::nullopt;
  }
  return targets;
}

cudapy::ModuleUses cudapy::findModuleUses(ModuleOp module) {
  ModuleUses uses;
  uses.complexNumbers = uses.vectorOps = uses.memrefs = uses.pythonCode = false;
  // Types within types too (a tuple or memref of py values).
  auto isPython = [](Type type) {
    return type
        .walk([](Type inner) {
          return llvm::is_contained({"py", "simt"},
                                    inner.getDialect().getNamespace())
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  };
  auto isComplex = [](Type type) {
    return isa<ComplexType>(type) ||
           type.getDialect().getNamespace() == "complex";
  };
  auto anyType = [](Operation *op, function_ref<bool(Type)> is) {
    return llvm::any_of(op->getOperandTypes(), is) ||
           llvm::any_of(op->getResultTypes(), is) ||
           llvm::any_of(op->getRegions(), [&](Region &region) {
             return llvm::any_of(region.getArgumentTypes(), is);
           });
  };
  auto isMemref = [](Type type) { return isa<BaseMemRefType>(type); };
  module.walk([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    bool pythonOp = dialect == "py" || dialect == "simt";
    // A declaration's function type names its parameters without a region.
    auto function = dyn_cast<FunctionOpInterface>(op);
    bool python =
        pythonOp || anyType(op, isPython) ||
        (function && (llvm::any_of(function.getArgumentTypes(), isPython) ||
                      llvm::any_of(function.getResultTypes(), isPython)));
    uses.pythonCode |= python;
    uses.vectorOps |= pythonOp || dialect == "vector";
    uses.complexNumbers |=
        python || dialect == "complex" || anyType(op, isComplex);
    uses.memrefs |= uses.vectorOps || dialect == "memref" ||
                    dialect == "affine" || anyType(op, isMemref);
    return uses.complexNumbers && uses.vectorOps && uses.memrefs &&
                   uses.pythonCode
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return uses;
}

LogicalResult
cudapy::buildCudapyToPTXPipeline(OpPassManager &pm,
                                 const CudapyToPTXOptions &options,
                                 std::string &error, const ModuleUses &uses) {
  std::optional<std::vector<ResolvedTarget>> targets =
      validateCudapyToPTXOptions(options, error);
  if (!targets)
    return failure();
  bool flushDenormals = options.fastMath || options.flushDenormals;

  // Input that verifies but that no lowering can take is refused first,
  // with an error at the op, before anything can crash on it.
  pm.addPass(createCudapyCheckInputPass());

  // nvgpu in host functions first, as upstream's gpu-lower-to-nvvm-pipeline
  // does: a TMA descriptor (!nvgpu.tensormap.descriptor) a gpu.launch body
  // uses must be a pointer before outlining makes it a kernel argument. (Not
  // in gpu.modules: their tiles are not lowered yet.)
  // Tile code outside gpu.modules is an error, before host passes meet it.
  pm.addPass(tile::createTileCheckDeviceCodePass());
  pm.addNestedPass<func::FuncOp>(createConvertNVGPUToNVVMPass());
  // Kernels written inline as gpu.launch bodies become gpu.module kernels.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(py::createPyCheckDeviceOnlyPass());

  // One copy of each gpu.module per chip, with its #nvvm.target; the copies'
  // objects come back together in one gpu.binary when serialized.
  target::TargetAssignChipsPassOptions assign;
  for (const ResolvedTarget &resolved : *targets)
    assign.chips.push_back(resolved.chip);
  assign.ptxVersion = options.ptxVersion;
  assign.optLevel = options.optLevel;
  pm.addPass(target::createTargetAssignChipsPass(assign));

  // Lower each gpu.module to the LLVM and NVVM dialects, after folding its
  // target conditions for its chip and checking what remains can run there.
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(target::createTargetSpecializePass());
  device.addPass(target::createTargetCheckExecutionSpacesPass());
  if (!options.assertions)
    device.addPass(createCudapyStripAssertionsPass());
  // Tiles: the explicit form, mma operands loaded ahead (through shared
  // memory where the chip has cp.async), a distributed layout for every
  // tile, then per-thread scalars (docs/TileLowering.md).
  device.addPass(tile::createTileMakeExplicitPass());
  tile::TileChooseNumWarpsPassOptions warps;
  warps.numWarps = options.numWarps;
  device.addPass(tile::createTileChooseNumWarpsPass(warps));
  tile::TilePipelineLoadsPassOptions pipelining;
  pipelining.numWarps = options.numWarps;
  device.addPass(tile::createTilePipelineLoadsPass(pipelining));
  tile::TileAssignLayoutsPassOptions layouts;
  layouts.numWarps = options.numWarps;
  device.addPass(tile::createTileAssignLayoutsPass(layouts));
  // One conversion where the layouts asked for the same one twice (a tile
  // converted before each of two loops that read it, say): no second
  // shuffle through shared memory, no second buffer.
  device.addPass(createCSEPass());
  ConvertTileToLLVMPassOptions tileOptions;
  tileOptions.fastMath = options.fastMath;
  device.addPass(createConvertTileToLLVMPass(tileOptions));
  // The simt dialect to gpu/nvvm with py values; then the py dialect:
  // specialize for ConstExpr arguments, make conversions
  // explicit, then lower to arith, math, complex, scf and llvm; complex
  // arithmetic then to arith and math.
  if (uses.pythonCode) {
    device.addPass(createConvertSimtToGPUPass());
    device.addPass(py::createPySpecializeConstExprPass());
    device.addPass(py::createPyLegalizePass());
    ConvertPyToLLVMPassOptions pyOptions;
    pyOptions.boundsCheck = options.boundsCheck;
    device.addPass(createConvertPyToLLVMPass(pyOptions));
  }
  if (uses.complexNumbers) {
    device.addPass(createConvertComplexToStandardPass());
    device.addPass(createConvertComplexToLLVMPass());
  }
  CudapyRecordKernelSignaturePassOptions signature;
  signature.barePtrMemrefABI = options.barePtrMemrefABI;
  device.addPass(createCudapyRecordKernelSignaturePass(signature));
  if (options.fastMath)
    device.addPass(createCudapyFastMathPass());
  // Strided memrefs (subviews, views) to their base and offsets, whose
  // affine.apply ops lower-affine then makes arithmetic.
  if (uses.memrefs) {
    device.addPass(memref::createExpandStridedMetadataPass());
    device.addPass(createLowerAffinePass());
  }
  if (uses.vectorOps)
    device.addPass(createConvertVectorToSCFPass());
  device.addPass(createSCFToControlFlowPass());
  // Upstream's warp-level tensor-core, async-copy, TMA and mbarrier ops
  // (nvgpu) to NVVM, before the gpu ops and memrefs they use.
  device.addPass(createConvertNVGPUToNVVMPass());
  // arith ops whose types stay, straight to LLVM ops (what the conversion
  // below would make of them, without its driver's cost an op).
  device.addPass(createCudapyArithToLLVMPass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = 64;
  toNVVM.useBarePtrCallConv = options.barePtrMemrefABI;
  device.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  // Tensor maps (tile tensor copies) as by-value kernel parameters, which
  // the gpu.func lowering cannot say.
  device.addPass(createCudapyGridConstantParamsPass());
  // The scf.for annotations scf-to-cf left on back edges, as the branches'
  // own (which become !llvm.loop).
  device.addPass(createCudapyLoopAnnotationsPass());
  device.addPass(createConvertNVVMToLLVMPass());
  // Upstream's float16 division rewrite, on modules that divide in float16.
  device.addPass(createCudapyOptimizeForNVVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  if (flushDenormals)
    device.addPass(createCudapyNVVMFlushDenormalsPass());

  if (options.emit == "mlir")
    return success();
  // Line info: every llvm.func (host and device) gets a subprogram in one
  // compile unit that asks for debug directives only, so the NVPTX backend
  // writes .file/.loc from the ops' locations and no DWARF sections.
  if (options.lineInfo) {
    LLVM::DIScopeForLLVMFuncOpPassOptions lines;
    lines.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(lines));
  }
  CudapySerializeToPTXPassOptions serialize;
  serialize.libdevicePath = options.getLibdevicePath();
  serialize.format = options.emit;
  serialize.cudaToolkitPath = options.getCudaToolkitPath();
  serialize.lineInfo = options.lineInfo;
  // No version asked for: the chip's first, or the newer one the module
  // needs.
  serialize.raisePtxVersion = options.ptxVersion.empty();
  pm.addPass(createCudapySerializeToPTXPass(serialize));
  return success();
}

void cudapy::registerCudapyPipelines() {
  registerPassPipeline(
      "cudapy-to-ptx",
      "Lower gpu.modules (and, as they land, the cudapy dialects) to PTX",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        CudapyToPTXOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error;
        if (failed(buildCudapyToPTXPipeline(pm, options, error)))
          return errorHandler("cudapy-to-ptx: " + error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(CudapyToPTXOptions());
      });
}
