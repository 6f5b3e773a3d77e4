//===- InitAll.cpp - register cudapy's dialects and passes ----------------===//
//
// Adding a dialect to cudapy: one line in registerAllDialects (and one in
// registerAllPasses when it has passes).
//
//===----------------------------------------------------------------------===//

#include "cudapy/InitAll.h"

#include "cudapy/Conversion/Passes.h"
#include "cudapy/Pipelines.h"
#include "cudapy/Transforms/Passes.h"
#include "dialects/Py/IR/PyDialect.h"
#include "dialects/Py/Transforms/Passes.h"
#include "dialects/Simt/IR/SimtDialect.h"
#include "dialects/Target/IR/TargetDialect.h"
#include "dialects/Target/Transforms/Passes.h"
#include "dialects/Tile/IR/TileDialect.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

using namespace mlir;

void cudapy::registerAllDialects(DialectRegistry &registry) {
  // cudapy dialects, one line each.
  registry.insert<cudapy::py::PyDialect, cudapy::simt::SimtDialect,
                  cudapy::target::TargetDialect, cudapy::tile::TileDialect>();
  cudapy::target::registerTargetRequirementExternalModels(registry);

  // Upstream dialects a cudapy module may contain on its way to PTX (and
  // async, which host code around launches may use).
  registry
      .insert<affine::AffineDialect, arith::ArithDialect, async::AsyncDialect,
              cf::ControlFlowDialect, func::FuncDialect, gpu::GPUDialect,
              index::IndexDialect, LLVM::LLVMDialect, math::MathDialect,
              memref::MemRefDialect, NVVM::NVVMDialect, nvgpu::NVGPUDialect,
              scf::SCFDialect, ub::UBDialect, vector::VectorDialect>();

  // What convert-gpu-to-nvvm uses to lower the other dialects it meets.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  func::registerInlinerExtension(registry);

  // Translation of lowered gpu.modules to LLVM IR, and the #nvvm.target
  // compilation interface (for upstream gpu-module-to-binary).
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

void cudapy::registerAllPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerCudapyTransformsPasses();
    registerCudapyConversionPasses();
    cudapy::py::registerPyPasses();
    cudapy::target::registerTargetPasses();
    cudapy::tile::registerTilePasses();
    registerCudapyPipelines();
  });
}

void cudapy::registerAllPassesWithUpstream() {
  registerAllPasses();
  static std::once_flag once;
  std::call_once(once, [] {
    // General transforms.
    registerCanonicalizerPass();
    registerCSEPass();
    registerInlinerPass();
    registerSymbolDCEPass();
    registerStripDebugInfoPass();
    registerLoopInvariantCodeMotionPass();
    // The passes of cudapy-to-ptx, each runnable alone.
    registerGpuNVVMAttachTarget();
    registerGpuModuleToBinaryPass();
    registerGpuKernelOutliningPass();
    registerLowerAffinePass();
    registerConvertVectorToSCFPass();
    registerSCFToControlFlowPass();
    memref::registerExpandStridedMetadataPass();
    registerConvertGpuOpsToNVVMOps();
    registerConvertNVVMToLLVMPass();
    LLVM::registerNVVMOptimizeForTargetPass();
    registerReconcileUnrealizedCastsPass();
    registerConvertIndexToLLVMPass();
    registerArithToLLVMConversionPass();
    registerConvertMathToLLVMPass();
    registerConvertFuncToLLVMPass();
    registerFinalizeMemRefToLLVMConversionPass();
    registerConvertControlFlowToLLVMPass();
    registerConvertNVGPUToNVVMPass();
    registerConvertComplexToStandardPass();
    registerConvertComplexToLLVMPass();
    LLVM::registerDIScopeForLLVMFuncOpPass();
  });
}
