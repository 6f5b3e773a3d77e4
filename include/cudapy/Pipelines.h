//===- Pipelines.h - the cudapy-to-ptx pipeline -----------------*- C++ -*-===//
//
// The one pipeline of cudapy. `cudapy-opt --cudapy-to-ptx`, the C API and the
// Python bindings all build it with buildCudapyToPTXPipeline.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_PIPELINES_H
#define CUDAPY_PIPELINES_H

#include "cudapy/Support/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <optional>
#include <string>

namespace cudapy {

/// The default CUDA toolkit root, from the CUDAPY_CUDA_TOOLKIT_PATH CMake
/// setting.
llvm::StringRef getDefaultCudaToolkitPath();

/// Options of the cudapy-to-ptx pipeline; the textual form is
/// `cudapy-to-ptx{chip=sm_90 opt-level=3 ...}`.
struct CudapyToPTXOptions
    : public mlir::PassPipelineOptions<CudapyToPTXOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (sm_80, sm_90, sm_90a…), or several "
                     "separated by commas: one PTX per chip"),
      llvm::cl::init("sm_90")};
  Option<std::string> ptxVersion{
      *this, "ptx-version",
      llvm::cl::desc("PTX ISA version (major.minor); empty: the smallest one "
                     "that supports the chip, or the newer one a module "
                     "needs"),
      llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM optimization level (0-3)"),
                            llvm::cl::init(3)};
  Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Relax floating-point semantics (approximate division, "
                     "square root and transcendentals) and flush f32 "
                     "denormals, like nvcc --use_fast_math"),
      llvm::cl::init(false)};
  Option<bool> flushDenormals{*this, "ftz",
                              llvm::cl::desc("Flush f32 denormals to zero"),
                              llvm::cl::init(false)};
  Option<std::string> cudaToolkitPath{
      *this, "cuda-toolkit",
      llvm::cl::desc("CUDA toolkit root, where libdevice is looked up; empty: "
                     "the build's default (see getDefaultCudaToolkitPath)"),
      llvm::cl::init("")};
  Option<std::string> libdevicePath{
      *this, "libdevice",
      llvm::cl::desc("libdevice bitcode; empty: "
                     "<cuda-toolkit>/nvvm/libdevice/libdevice.10.bc"),
      llvm::cl::init("")};
  Option<bool> barePtrMemrefABI{
      *this, "bare-ptr-memref-abi",
      llvm::cl::desc("Pass statically shaped memref kernel arguments as bare "
                     "pointers instead of expanded memref descriptors"),
      llvm::cl::init(false)};
  Option<bool> boundsCheck{
      *this, "bounds-check",
      llvm::cl::desc("py arrays and vectors: trap with the source location "
                     "on out-of-range indices (convert-py-to-llvm)"),
      llvm::cl::init(false)};
  Option<int64_t> numWarps{
      *this, "num-warps",
      llvm::cl::desc("Warps per CTA of tile kernels without a tile.num_warps "
                     "attribute (1, 2, 4, 8, 16 or 32; 0: the compiler "
                     "chooses, tile-choose-num-warps)"),
      llvm::cl::init(4)};
  Option<bool> assertions{
      *this, "assertions",
      llvm::cl::desc("Keep device assertions (simt.assert, tile.assert, "
                     "cf.assert); off removes them, like NDEBUG"),
      llvm::cl::init(true)};
  Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Carry source locations into the PTX as .file/.loc "
                     "directives (like nvcc -lineinfo; no other debug "
                     "information, no change to the code)"),
      llvm::cl::init(true)};
  Option<std::string> emit{
      *this, "emit",
      llvm::cl::desc("Where to stop: 'mlir' (lowered gpu.modules), 'llvm' "
                     "(gpu.binary of LLVM IR), 'ptx' (gpu.binary of PTX), "
                     "'cubin' (of cubins, assembled by nvJitLink) or "
                     "'cubin-or-ptx' (cubins where nvJitLink is found)"),
      llvm::cl::init("ptx")};

  /// The CUDA toolkit root the pipeline uses after defaults are applied.
  std::string getCudaToolkitPath() const;

  /// The libdevice path the pipeline uses after defaults are applied.
  std::string getLibdevicePath() const;
};

/// Validates the options: chips, PTX version, optimization level and emit
/// kind. Returns the resolved targets (one per chip), or std::nullopt with
/// `error` set.
std::optional<std::vector<ResolvedTarget>>
validateCudapyToPTXOptions(const CudapyToPTXOptions &options,
                           std::string &error);

/// What a module uses that some lowerings exist for alone: without it,
/// those passes would only walk the module (each walk costs a few percent of
/// a tile kernel's compile).
struct ModuleUses {
  /// Complex numbers: ops or values of the complex, py or simt dialects
  /// (py's complex numbers lower to the complex dialect), or complex types.
  bool complexNumbers = true;
  /// Ops of the vector, py or simt dialects, for convert-vector-to-scf
  /// (tile lowerings create no vector transfers).
  bool vectorOps = true;
  /// Ops of the memref or affine dialects, or memref values, for
  /// expand-strided-metadata and lower-affine (no cudapy lowering creates
  /// them; convert-vector-to-scf does, so vector ops count too).
  bool memrefs = true;
  /// Ops, values or function types of the py or simt dialects, for
  /// convert-simt-to-gpu and the py passes (py-specialize-constexpr,
  /// py-legalize, convert-py-to-llvm); no tile lowering creates them.
  bool pythonCode = true;
};

/// What `module` uses (ModuleUses), read off it before it is compiled.
ModuleUses findModuleUses(mlir::ModuleOp module);

/// Adds the cudapy-to-ptx pipeline to `pm` (anchored on builtin.module).
/// Fails, with `error` set, when the options do not validate. With `uses`
/// (of the module about to be compiled), leaves out the lowerings of what
/// the module does not use; without, adds every pass.
mlir::LogicalResult buildCudapyToPTXPipeline(mlir::OpPassManager &pm,
                                             const CudapyToPTXOptions &options,
                                             std::string &error,
                                             const ModuleUses &uses = {});

/// Registers `cudapy-to-ptx` as a named pipeline for cudapy-opt.
void registerCudapyPipelines();

} // namespace cudapy

#endif // CUDAPY_PIPELINES_H
