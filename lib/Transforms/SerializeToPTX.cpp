//===- SerializeToPTX.cpp - lowered gpu.modules to PTX objects ------------===//
//
// Implements `cudapy-serialize-to-ptx`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/Assembler.h"
#include "cudapy/Support/KernelMetadata.h"
#include "cudapy/Support/Target.h"
#include "cudapy/Support/TargetCondition.h"
#include "cudapy/Transforms/Passes.h"
#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVM/ModuleToObject.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

#include <chrono>
#include <mutex>

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYSERIALIZETOPTXPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

/// NVPTX address space of `.shared` variables.
static constexpr unsigned kSharedAddressSpace = 3;

static StringRef classifyParamType(llvm::Type *type) {
  if (type->isPointerTy())
    return "pointer";
  if (type->isIntegerTy())
    return "integer";
  if (type->isFloatingPointTy())
    return "float";
  if (type->isVectorTy())
    return "vector";
  return "aggregate";
}

static void
collectSharedGlobals(const llvm::Value *value,
                     llvm::SetVector<const llvm::GlobalVariable *> &out) {
  if (auto *global = dyn_cast<llvm::GlobalVariable>(value)) {
    if (global->getAddressSpace() == kSharedAddressSpace)
      out.insert(global);
    return;
  }
  if (auto *expr = dyn_cast<llvm::ConstantExpr>(value))
    for (const llvm::Use &use : expr->operands())
      collectSharedGlobals(use.get(), out);
}

/// Bytes of static shared memory used by `kernel` and the functions it calls,
/// each global placed at the alignment codegen gives it.
static uint64_t computeStaticSharedBytes(const llvm::Function &kernel,
                                         const llvm::DataLayout &layout) {
  llvm::SetVector<const llvm::Function *> functions;
  llvm::SetVector<const llvm::GlobalVariable *> globals;
  functions.insert(&kernel);
  for (size_t i = 0; i < functions.size(); ++i)
    for (const llvm::Instruction &inst : llvm::instructions(*functions[i])) {
      if (auto *call = dyn_cast<llvm::CallBase>(&inst))
        if (const llvm::Function *callee = call->getCalledFunction())
          if (!callee->isDeclaration())
            functions.insert(callee);
      for (const llvm::Use &use : inst.operands())
        collectSharedGlobals(use.get(), globals);
    }
  uint64_t bytes = 0;
  for (const llvm::GlobalVariable *global : globals)
    bytes = llvm::alignTo(bytes, layout.getPreferredAlign(global)) +
            layout.getTypeAllocSize(global->getValueType());
  return bytes;
}

/// The kernel's source-level arguments (`cudapy.signature`, recorded before
/// lowering), each with the index of its first PTX parameter; null when there
/// is no signature or it does not account for exactly `numParams` parameters.
static ArrayAttr describeArgs(LLVM::LLVMFuncOp func, size_t numParams) {
  auto signature = func->getAttrOfType<ArrayAttr>(cudapy::kSignatureAttrName);
  if (!signature)
    return nullptr;
  Builder b(func.getContext());
  SmallVector<Attribute> args;
  int64_t next = 0;
  for (Attribute attr : signature) {
    auto arg = dyn_cast<DictionaryAttr>(attr);
    auto params = arg ? arg.getAs<IntegerAttr>("params") : IntegerAttr();
    if (!params)
      return nullptr;
    SmallVector<NamedAttribute> fields(arg.getValue());
    fields.push_back(b.getNamedAttr("first_param", b.getI64IntegerAttr(next)));
    args.push_back(b.getDictionaryAttr(fields));
    next += params.getInt();
  }
  if (next != static_cast<int64_t>(numParams)) {
    emitWarning(func.getLoc())
        << "kernel arguments account for " << next << " PTX parameters, not "
        << numParams << "; the metadata leaves them out";
    return nullptr;
  }
  return b.getArrayAttr(args);
}

/// Whether `kernel` reaches a grid barrier: it, or a function it calls
/// directly or through others, is marked cudapy.grid_sync.
static bool reachesGridSync(gpu::GPUModuleOp module, LLVM::LLVMFuncOp kernel) {
  SmallVector<LLVM::LLVMFuncOp> work = {kernel};
  llvm::SmallPtrSet<Operation *, 8> seen = {kernel};
  while (!work.empty()) {
    LLVM::LLVMFuncOp func = work.pop_back_val();
    if (func->hasAttr(cudapy::kGridSyncAttrName))
      return true;
    func.walk([&](LLVM::CallOp call) {
      if (std::optional<StringRef> callee = call.getCallee())
        if (auto target = module.lookupSymbol<LLVM::LLVMFuncOp>(*callee))
          if (seen.insert(target).second)
            work.push_back(target);
    });
  }
  return false;
}

/// The launch ABI of every kernel of `module`, read off its translation
/// `llvmModule` (which carries the target's data layout).
static ArrayAttr describeKernels(gpu::GPUModuleOp module,
                                 const llvm::Module &llvmModule) {
  Builder b(module.getContext());
  const llvm::DataLayout &layout = llvmModule.getDataLayout();
  SmallVector<Attribute> kernels;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      continue;
    const llvm::Function *kernel = llvmModule.getFunction(func.getSymName());
    if (!kernel || kernel->isDeclaration())
      continue;
    SmallVector<Attribute> params;
    for (const llvm::Argument &arg : kernel->args()) {
      // A by-value aggregate is one .param of the pointee's type in PTX.
      llvm::Type *type =
          arg.hasByValAttr() ? arg.getParamByValType() : arg.getType();
      // ... aligned as the parameter's `align` says (a CUDA C++ class with
      // alignas, or a packed struct laid out by hand), else as its type.
      uint64_t align = layout.getABITypeAlign(type).value();
      if (arg.hasByValAttr())
        if (llvm::MaybeAlign paramAlign = arg.getParamAlign())
          align = paramAlign->value();
      std::string typeText;
      llvm::raw_string_ostream os(typeText);
      type->print(os);
      NamedAttribute fields[] = {
          b.getNamedAttr("index", b.getI64IntegerAttr(arg.getArgNo())),
          b.getNamedAttr("type", b.getStringAttr(typeText)),
          b.getNamedAttr("kind", b.getStringAttr(classifyParamType(type))),
          b.getNamedAttr("size",
                         b.getI64IntegerAttr(layout.getTypeAllocSize(type))),
          b.getNamedAttr("align", b.getI64IntegerAttr(align)),
      };
      params.push_back(b.getDictionaryAttr(fields));
    }
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("name", func.getSymNameAttr()),
        b.getNamedAttr("params", b.getArrayAttr(params)),
        b.getNamedAttr(
            "static_shared_bytes",
            b.getI64IntegerAttr(computeStaticSharedBytes(*kernel, layout))),
    };
    if (auto dynamic = func->getAttrOfType<IntegerAttr>(
            cudapy::kDynamicSharedBytesAttrName))
      fields.push_back(b.getNamedAttr("dynamic_shared_bytes", dynamic));
    auto reqntid = func->getAttrOfType<DenseI32ArrayAttr>(
        NVVM::NVVMDialect::getReqntidAttrName());
    auto maxntid = func->getAttrOfType<DenseI32ArrayAttr>(
        NVVM::NVVMDialect::getMaxntidAttrName());
    if (DenseI32ArrayAttr bound = reqntid ? reqntid : maxntid) {
      int64_t threads = 1;
      for (int32_t extent : bound.asArrayRef())
        threads *= extent;
      fields.push_back(b.getNamedAttr("max_threads_per_block",
                                      b.getI64IntegerAttr(threads)));
    }
    if (auto required = reqntid ? reqntid
                                : func->getAttrOfType<DenseI32ArrayAttr>(
                                      cudapy::kRequiredBlockAttrName))
      fields.push_back(b.getNamedAttr("required_block_size", required));
    if (reachesGridSync(module, func))
      fields.push_back(b.getNamedAttr("cooperative", b.getBoolAttr(true)));
    if (ArrayAttr args = describeArgs(func, params.size()))
      fields.push_back(b.getNamedAttr("args", args));
    kernels.push_back(b.getDictionaryAttr(fields));
  }
  return b.getArrayAttr(kernels);
}

/// The first function `module` calls but does not define, other than LLVM's
/// intrinsics and the system calls ptxas provides; null when none.
static const llvm::Function *findExternalCall(const llvm::Module &module) {
  static constexpr llvm::StringLiteral kSystemCalls[] = {
      "vprintf", "__assertfail", "malloc", "free"};
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && !function.isIntrinsic() &&
        !function.use_empty() &&
        !llvm::is_contained(kSystemCalls, function.getName()))
      return &function;
  return nullptr;
}

namespace {
/// Turns LLVM's diagnostics (IR linker, NVPTX backend) into MLIR diagnostics
/// on the module being serialized, so that nothing reaches stderr directly.
struct ForwardLLVMDiagnostics : public llvm::DiagnosticHandler {
  explicit ForwardLLVMDiagnostics(Location loc) : loc(loc) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    std::string message;
    {
      llvm::raw_string_ostream os(message);
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
    }
    switch (info.getSeverity()) {
    case llvm::DS_Error:
      emitError(loc) << "LLVM: " << message;
      break;
    case llvm::DS_Warning:
      emitWarning(loc) << "LLVM: " << message;
      break;
    case llvm::DS_Remark:
    case llvm::DS_Note:
      // Optimization remarks are not requested; drop them.
      break;
    }
    return true;
  }

  Location loc;
};

/// What one serialization produced.
struct SerializedObject {
  std::string text;
  ArrayAttr kernels;
  /// "ptx", "cubin" or "llvm"; for a cubin, the assembler's version.
  StringRef format;
  std::string assembler;
  /// Milliseconds of each phase.
  double translateMs = 0, linkMs = 0, optimizeMs = 0, llvmToTargetMs = 0,
         assembleMs = 0;
  /// The target the object was made for: the module's, or one of a newer
  /// PTX ISA (raisePtxVersion).
  NVVM::NVVMTargetAttr target;
};

/// Milliseconds since `start`.
static double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// The bytes of the bitcode file at `path`, read once per process (a
/// compile links only what it needs of them: see loadBitcodeFiles).
static FailureOr<llvm::MemoryBufferRef> readBitcodeOnce(StringRef path,
                                                        std::string &error) {
  static std::mutex mutex;
  static llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> files;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<llvm::MemoryBuffer> &file = files[path];
  if (!file) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!read) {
      error = read.getError().message();
      files.erase(path);
      return failure();
    }
    file = std::move(*read);
  }
  return file->getMemBufferRef();
}

/// Translates one gpu.module for one #nvvm.target, linking libdevice only when
/// the module calls into it.
class PTXSerializer : public LLVM::ModuleToObject {
public:
  PTXSerializer(gpu::GPUModuleOp module, NVVM::NVVMTargetAttr target,
                StringRef libdevicePath, StringRef format,
                StringRef cudaToolkitPath, bool lineInfo, bool raisePtxVersion)
      : ModuleToObject(*module, target.getTriple(), target.getChip(),
                       target.getFeatures(), target.getO()),
        target(target), libdevicePath(libdevicePath), format(format),
        cudaToolkitPath(cudaToolkitPath), lineInfo(lineInfo),
        emitLLVM(format == "llvm"), raisePtxVersion(raisePtxVersion),
        ptxVersion(cudapy::parsePtxVersion(
            cudapy::getPtxVersionFromFeatures(target.getFeatures()))) {}

  /// Whether the module may be made for PTX ISA `needed`, newer than the
  /// target's: raisePtxVersion allows it (and takes it). False where the
  /// target's version already suffices.
  bool raiseTo(unsigned needed) {
    if (!ptxVersion || *ptxVersion >= needed || !raisePtxVersion)
      return false;
    ptxVersion = needed;
    return true;
  }

  /// The target for the version the module is made for: the module's
  /// own, or with its `+ptx` feature replaced (raiseTo).
  NVVM::NVVMTargetAttr getTargetMade() {
    if (!ptxVersion)
      return target;
    std::string made =
        cudapy::ResolvedTarget{chip.str(), *ptxVersion}.getFeatures();
    if (target.getFeatures().contains(made))
      return target;
    SmallVector<StringRef> parts;
    target.getFeatures().split(parts, ',', -1, /*KeepEmpty=*/false);
    std::string features;
    for (StringRef part : parts) {
      bool version = part.starts_with("+ptx");
      features += (features.empty() ? "" : ",") + (version ? made : part.str());
    }
    return NVVM::NVVMTargetAttr::get(
        target.getContext(), target.getO(), target.getTriple(),
        target.getChip(), features, target.getFlags(), target.getLink(),
        target.getVerifyTarget());
  }

  /// NVPTX aligns a function's return .param as its `alignstack` return
  /// attribute says (LLVM's struct types cannot carry the alignment of a
  /// CUDA C++ class): set for each function with `cudapy.return_align`.
  void annotateReturnAlignment(llvm::Module &llvmModule) {
    for (auto func : module.getRegion(0).getOps<LLVM::LLVMFuncOp>()) {
      auto align =
          func->getAttrOfType<IntegerAttr>(cudapy::kReturnAlignAttrName);
      llvm::Function *function = llvmModule.getFunction(func.getSymName());
      if (!align || !function)
        continue;
      function->addRetAttr(llvm::Attribute::getWithStackAlignment(
          llvmModule.getContext(), llvm::Align(align.getInt())));
    }
  }

  /// NVVM intrinsics whose PTX instructions need a newer PTX ISA than some
  /// chip's minimum, which the NVPTX backend cannot select below it (a
  /// fatal error, not a diagnostic): the call's name prefix and the
  /// version (PTX ISA, "Release Notes" of each instruction).
  static constexpr std::pair<llvm::StringLiteral, unsigned>
      kIntrinsicPtxVersions[] = {
          {"llvm.nvvm.mbarrier.arrive.expect.tx", 80},
          {"llvm.nvvm.cp.async.bulk", 80},
          {"llvm.nvvm.fence.proxy.async", 80},
          {"llvm.nvvm.fence.proxy.tensormap", 83},
          {"llvm.nvvm.elect.sync", 80},
          {"llvm.nvvm.setmaxnreg", 80},
          {"llvm.nvvm.wgmma", 80},
      };

  /// Refuses, with a diagnostic, a module that calls an intrinsic the
  /// target's PTX ISA version lacks.
  LogicalResult checkPtxVersion(const llvm::Module &llvmModule) {
    if (!ptxVersion)
      return success();
    for (const llvm::Function &function : llvmModule) {
      if (!function.isDeclaration())
        continue;
      for (const auto &[prefix, needed] : kIntrinsicPtxVersions)
        if (function.getName().starts_with(prefix) && *ptxVersion < needed &&
            !raiseTo(needed))
          return module.emitError()
                 << "'" << function.getName() << "' needs PTX ISA "
                 << cudapy::formatPtxVersion(needed)
                 << " or newer; the target has "
                 << cudapy::formatPtxVersion(*ptxVersion)
                 << " (set the ptx-version option)";
    }
    return success();
  }

  /// Refuses kernels that ptxas would: more bytes of parameters than the
  /// PTX ISA version allows, more static shared memory than a kernel can
  /// declare. `kernels` is what describeKernels read off the translation.
  LogicalResult checkKernelLimits(ArrayAttr kernels) {
    // ptxas: a kernel's .param space is 4352 bytes before PTX ISA 8.1,
    // 32764 from 8.1 on (CUDA 12.1, sm_70 and later).
    constexpr uint64_t kParamBytesBefore81 = 4352, kParamBytes = 32764;
    // ptxas: at most 48 KiB of .shared variables per kernel; more must be
    // dynamic shared memory, opted into at launch.
    constexpr uint64_t kStaticSharedBytes = 48 * 1024;
    // 8.1's larger space is sm_70's and later's.
    std::optional<cudapy::CompileTarget> parsed =
        cudapy::CompileTarget::parse(chip);
    bool larger = parsed && parsed->sm >= 70;
    for (auto kernel : kernels.getAsRange<DictionaryAttr>()) {
      StringRef name = kernel.getAs<StringAttr>("name").getValue();
      Operation *func = SymbolTable::lookupSymbolIn(&module, name);
      Location loc = func ? func->getLoc() : module.getLoc();
      uint64_t bytes = 0;
      for (auto param :
           kernel.getAs<ArrayAttr>("params").getAsRange<DictionaryAttr>())
        bytes =
            llvm::alignTo(bytes, param.getAs<IntegerAttr>("align").getInt()) +
            param.getAs<IntegerAttr>("size").getInt();
      std::optional<unsigned> version = ptxVersion;
      if (version) {
        uint64_t limit =
            *version >= 81 && larger ? kParamBytes : kParamBytesBefore81;
        if (bytes > kParamBytes && raisePtxVersion)
          return emitError(loc)
                 << "kernel '" << name << "' takes " << bytes
                 << " bytes of parameters; PTX ISA 8.1 and later allow "
                 << kParamBytes << ", the most any version does";
        if (bytes > limit && !(larger && bytes <= kParamBytes && raiseTo(81))) {
          InFlightDiagnostic diag = emitError(loc)
                                    << "kernel '" << name << "' takes " << bytes
                                    << " bytes of parameters; PTX ISA "
                                    << cudapy::formatPtxVersion(*version)
                                    << " allows " << limit;
          if (*version < 81 && larger && bytes <= kParamBytes)
            diag << " (8.1 and later allow " << kParamBytes
                 << ": set the ptx-version option)";
          return diag;
        }
      }
      uint64_t shared =
          kernel.getAs<IntegerAttr>("static_shared_bytes").getInt();
      if (shared > kStaticSharedBytes)
        return emitError(loc)
               << "kernel '" << name << "' declares " << shared
               << " bytes of static shared memory; at most "
               << kStaticSharedBytes
               << " (48 KiB) can be static: make the rest dynamic shared "
                  "memory";
    }
    return success();
  }

  FailureOr<SerializedObject> serialize() {
    // An error reported on the way (by the translation, which goes on after
    // some, or by LLVM's backend) fails the serialization: never PTX from
    // a module something was wrong with.
    bool reportedError = false;
    ScopedDiagnosticHandler watch(module.getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        reportedError = true;
      return failure(); // Not handled here: on to the caller's handler.
    });
    FailureOr<SerializedObject> result = serializeUnwatched();
    if (succeeded(result) && reportedError)
      return failure();
    return result;
  }

  FailureOr<SerializedObject> serializeUnwatched() {
    llvm::LLVMContext llvmContext;
    llvmContext.setDiagnosticHandler(
        std::make_unique<ForwardLLVMDiagnostics>(module.getLoc()));
    SerializedObject result;
    auto start = std::chrono::steady_clock::now();
    std::unique_ptr<llvm::Module> llvmModule = translateToLLVMIR(llvmContext);
    if (!llvmModule)
      return module.emitError("failed to translate the module to LLVM IR");
    setDataLayoutAndTriple(*llvmModule);
    annotateReturnAlignment(*llvmModule);
    result.translateMs = millisecondsSince(start);
    result.kernels =
        describeKernels(cast<gpu::GPUModuleOp>(module), *llvmModule);
    if (!emitLLVM && failed(checkKernelLimits(result.kernels)))
      return failure();

    start = std::chrono::steady_clock::now();
    std::optional<SmallVector<std::unique_ptr<llvm::Module>>> libs =
        loadBitcodeFiles(*llvmModule);
    if (!libs || failed(linkFiles(*llvmModule, std::move(*libs))))
      return failure();
    result.linkMs = millisecondsSince(start);
    start = std::chrono::steady_clock::now();
    if (failed(optimizeModule(*llvmModule, optLevel)))
      return failure();
    result.optimizeMs = millisecondsSince(start);

    if (emitLLVM) {
      result.format = "llvm";
      llvm::raw_string_ostream os(result.text);
      llvmModule->print(os, nullptr);
      return result;
    }
    if (failed(checkPtxVersion(*llvmModule)))
      return failure();
    result.target = getTargetMade();
    FailureOr<llvm::TargetMachine *> machine =
        result.target == target ? getOrCreateTargetMachine()
                                : createTargetMachine(result.target);
    if (failed(machine))
      return module.emitError()
             << "the NVPTX target is not available for triple '" << triple
             << "' and chip '" << chip << "'";
    start = std::chrono::steady_clock::now();
    FailureOr<SmallString<0>> ptx = translateModuleToISA(
        *llvmModule, **machine, [&] { return module.emitError(); });
    if (failed(ptx))
      return failure();
    result.llvmToTargetMs = millisecondsSince(start);
    result.text = ptx->str().str();
    result.format = "ptx";
    // A module that calls functions defined elsewhere (interoperable
    // declarations) is linked at load; it cannot be a cubin of its own.
    if (format != "ptx")
      if (const llvm::Function *external = findExternalCall(*llvmModule)) {
        if (format == "cubin")
          return module.emitError()
                 << "cannot make a cubin: the module calls '"
                 << external->getName()
                 << "', which it does not define (emit PTX and link it "
                    "when loading)";
        return result;
      }
    if (format == "ptx" || failed(assemble(result)))
      return format == "cubin" ? FailureOr<SerializedObject>(failure())
                               : FailureOr<SerializedObject>(result);
    return result;
  }

  /// Replaces the PTX of `object` by a cubin for the target's chip. Fails
  /// with an error when format=cubin, silently with format=cubin-or-ptx
  /// when no assembler is found (the PTX stays); an assembler that refuses
  /// the PTX is an error either way.
  LogicalResult assemble(SerializedObject &object) {
    const char *why = nullptr;
    std::string toolkit = cudaToolkitPath.str();
    if (!cudapyFindAssembler(toolkit.c_str(), &why)) {
      if (format == "cubin")
        return module.emitError() << "cannot make a cubin: " << why
                                  << " (emit PTX, or install the CUDA toolkit)";
      return failure();
    }
    auto start = std::chrono::steady_clock::now();
    std::string chipName = chip.str();
    CudapyAssembly assembly = cudapyAssemblePtx(
        toolkit.c_str(), object.text.data(), object.text.size(),
        chipName.c_str(), optLevel, lineInfo);
    if (!assembly.cubin) {
      module.emitError() << (assembly.message ? assembly.message
                                              : "nvJitLink failed");
      cudapyAssemblyFree(&assembly);
      return failure();
    }
    object.text.assign(assembly.cubin, assembly.size);
    if (assembly.assembler)
      object.assembler = assembly.assembler;
    cudapyAssemblyFree(&assembly);
    object.format = "cubin";
    object.assembleMs = millisecondsSince(start);
    return success();
  }

protected:
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &llvmModule) override {
    mainModule = &llvmModule;
    SmallVector<std::unique_ptr<llvm::Module>> libs;
    if (ArrayAttr link = target.getLink())
      if (failed(loadBitcodeFilesFromList(llvmModule.getContext(),
                                          link.getValue(), libs)))
        return std::nullopt;

    const llvm::Function *libdeviceCall = nullptr;
    for (const llvm::Function &func : llvmModule)
      if (func.isDeclaration() && func.getName().starts_with("__nv_")) {
        libdeviceCall = &func;
        break;
      }
    if (!libdeviceCall)
      return libs;

    if (libdevicePath.empty() ||
        !llvm::sys::fs::is_regular_file(libdevicePath)) {
      Operation *decl =
          SymbolTable::lookupSymbolIn(&module, libdeviceCall->getName());
      InFlightDiagnostic diag =
          emitError(decl ? decl->getLoc() : module.getLoc())
          << "'" << libdeviceCall->getName()
          << "' is a libdevice function, but libdevice ";
      if (libdevicePath.empty())
        diag << "was not found";
      else
        diag << "is not at '" << libdevicePath << "'";
      diag << "; install the CUDA toolkit or set the libdevice path";
      return std::nullopt;
    }
    // Parsed lazily: the linker (LinkOnlyNeeded) materializes only the
    // functions the module reaches, not libdevice's hundreds.
    std::string error;
    FailureOr<llvm::MemoryBufferRef> bytes =
        readBitcodeOnce(libdevicePath, error);
    if (failed(bytes)) {
      module.emitError() << "cannot read libdevice '" << libdevicePath
                         << "': " << error;
      return std::nullopt;
    }
    llvm::Expected<std::unique_ptr<llvm::Module>> libdevice =
        llvm::getLazyBitcodeModule(*bytes, llvmModule.getContext());
    if (!libdevice) {
      module.emitError() << "cannot parse libdevice '" << libdevicePath
                         << "': " << llvm::toString(libdevice.takeError());
      return std::nullopt;
    }
    libs.push_back(std::move(*libdevice));
    return libs;
  }

  LogicalResult handleBitcodeFile(llvm::Module &library) override {
    // libdevice names a generic triple; take the module's so that the IR
    // linker has nothing to warn about.
    if (mainModule) {
      library.setTargetTriple(mainModule->getTargetTriple());
      library.setDataLayout(mainModule->getDataLayout());
    }
    return success();
  }

  /// A target machine for `made` (a newer PTX ISA than the module's
  /// target; the data layout is the same).
  FailureOr<llvm::TargetMachine *>
  createTargetMachine(NVVM::NVVMTargetAttr made) {
    std::string error;
    llvm::Triple parsed(triple);
    const llvm::Target *llvmTarget =
        llvm::TargetRegistry::lookupTarget(parsed, error);
    if (!llvmTarget)
      return failure();
    raisedMachine.reset(llvmTarget->createTargetMachine(
        parsed, chip, made.getFeatures(), {}, {}));
    if (!raisedMachine)
      return failure();
    // What optimizeModule sets on the module's own machine.
    raisedMachine->setOptLevel(static_cast<llvm::CodeGenOptLevel>(optLevel));
    return raisedMachine.get();
  }

private:
  NVVM::NVVMTargetAttr target;
  StringRef libdevicePath;
  StringRef format;
  StringRef cudaToolkitPath;
  bool lineInfo;
  bool emitLLVM;
  bool raisePtxVersion;
  /// The PTX ISA version the module is made for (raiseTo).
  std::optional<unsigned> ptxVersion;
  std::unique_ptr<llvm::TargetMachine> raisedMachine;
  const llvm::Module *mainModule = nullptr;
};

struct CudapySerializeToPTXPass
    : public cudapy::impl::CudapySerializeToPTXPassBase<
          CudapySerializeToPTXPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (format != "ptx" && format != "llvm" && format != "cubin" &&
        format != "cubin-or-ptx")
      return emitError(UnknownLoc::get(context))
             << "cudapy-serialize-to-ptx: unknown format '" << format
             << "' (expected 'ptx', 'cubin', 'cubin-or-ptx' or 'llvm')";
    static std::once_flag initializeNVPTX;
    std::call_once(initializeNVPTX, [] {
      LLVMInitializeNVPTXTarget();
      LLVMInitializeNVPTXTargetInfo();
      LLVMInitializeNVPTXTargetMC();
      LLVMInitializeNVPTXAsmPrinter();
    });
    return success();
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    MLIRContext *ctx = &getContext();
    // What a pipeline that does not verify after each pass (the C API's)
    // hands over is checked once here: an error, not a translation of IR
    // that breaks its ops' rules.
    if (failed(verify(top)))
      return signalPassFailure();
    // Copies of one module made per chip (target.origin) share one binary.
    llvm::StringMap<gpu::BinaryOp> binaries;
    for (auto module :
         llvm::make_early_inc_range(top.getOps<gpu::GPUModuleOp>())) {
      SmallVector<Attribute> objects;
      for (Attribute attr : module.getTargetsAttr()
                                ? module.getTargetsAttr().getValue()
                                : ArrayRef<Attribute>()) {
        auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
        if (!target) {
          module.emitError() << "cudapy-serialize-to-ptx only handles "
                                "#nvvm.target targets, not "
                             << attr;
          return signalPassFailure();
        }
        PTXSerializer serializer(module, target, libdevicePath, format,
                                 cudaToolkitPath, lineInfo, raisePtxVersion);
        FailureOr<SerializedObject> object = serializer.serialize();
        if (failed(object))
          return signalPassFailure();

        Builder b(ctx);
        SmallVector<NamedAttribute> properties;
        properties.emplace_back(cudapy::kKernelsAttrName, object->kernels);
        properties.emplace_back("format", b.getStringAttr(object->format));
        if (!object->assembler.empty())
          properties.emplace_back("assembler",
                                  b.getStringAttr(object->assembler));
        auto addMs = [&](StringRef name, double ms) {
          properties.emplace_back(name, b.getF64FloatAttr(ms));
        };
        addMs("translate_ms", object->translateMs);
        addMs("link_ms", object->linkMs);
        addMs("optimize_ms", object->optimizeMs);
        if (object->format != "llvm")
          addMs("llvm_to_ptx_ms", object->llvmToTargetMs);
        if (object->format == "cubin")
          addMs("assemble_ms", object->assembleMs);
        gpu::CompilationTarget kind =
            object->format == "llvm"    ? gpu::CompilationTarget::Offload
            : object->format == "cubin" ? gpu::CompilationTarget::Binary
                                        : gpu::CompilationTarget::Assembly;
        objects.push_back(gpu::ObjectAttr::get(
            ctx, object->target ? object->target : target, kind,
            StringAttr::get(ctx, object->text),
            DictionaryAttr::get(ctx, properties), nullptr));
      }
      if (objects.empty()) {
        module.emitError("gpu.module has no #nvvm.target to compile for "
                         "(run nvvm-attach-target first)");
        return signalPassFailure();
      }
      auto origin =
          module->getAttrOfType<StringAttr>(cudapy::target::kOriginAttrName);
      StringRef name = origin ? origin.getValue() : module.getName();
      if (gpu::BinaryOp existing = binaries.lookup(name)) {
        SmallVector<Attribute> merged(existing.getObjectsAttr().getValue());
        merged.append(objects.begin(), objects.end());
        existing.setObjectsAttr(ArrayAttr::get(ctx, merged));
      } else {
        OpBuilder builder(module);
        binaries[name] = gpu::BinaryOp::create(builder, module.getLoc(), name,
                                               nullptr, objects);
      }
      module.erase();
    }
  }
};
} // namespace
