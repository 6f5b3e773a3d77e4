//===- Compiler.cpp - cudapy C API: compile MLIR to PTX -------------------===//
//
// The C face of buildCudapyToPTXPipeline. Every diagnostic is captured into
// the result; nothing is printed.
//
//===----------------------------------------------------------------------===//

#include "cudapy-c/Compiler.h"

#include "CEnum.h"

#include "cudapy-c/Cache.h"
#include "cudapy/Support/Assembler.h"

#include "cudapy/InitAll.h"
#include "cudapy/Pipelines.h"
#include "cudapy/Support/KernelMetadata.h"
#include "cudapy/Support/SourceChecks.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <cjson/cJSON.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <vector>

using namespace mlir;

namespace {
struct CompileOptionsImpl {
  cudapy::CudapyToPTXOptions pipeline;
  bool timing = false;
  bool cache = true;
  // Debug knobs (docs/Debugging.md): empty is off; each also comes from its
  // environment variable when left empty here.
  std::string dumpIR, dumpIRPasses, dumpOutput, reproducer, timingFile;
};

struct CompiledOutput {
  std::string name;
  std::string chip;
  std::string format;
  std::string text;
};

struct StoredDiagnostic {
  CudapyDiagnosticSeverity severity;
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
};

struct CompileResultImpl {
  bool succeeded = false;
  bool cached = false;
  std::vector<CompiledOutput> outputs;
  std::string metadata = "{}";
  std::string timing;
  std::vector<StoredDiagnostic> diagnostics;
  std::string diagnosticsText;
};
} // namespace

static CompileOptionsImpl *unwrap(CudapyCompileOptions options) {
  return static_cast<CompileOptionsImpl *>(options.ptr);
}
static CompileResultImpl *unwrap(CudapyCompileResult result) {
  return static_cast<CompileResultImpl *>(result.ptr);
}
static CudapyCompileResult wrap(CompileResultImpl *result) {
  return CudapyCompileResult{result};
}
static MlirStringRef toStringRef(const std::string &text) {
  return mlirStringRefCreate(text.data(), text.size());
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

CudapyCompileOptions cudapyCompileOptionsCreate(void) {
  return CudapyCompileOptions{new CompileOptionsImpl()};
}

void cudapyCompileOptionsDestroy(CudapyCompileOptions options) {
  delete unwrap(options);
}

void cudapyCompileOptionsSetChip(CudapyCompileOptions options,
                                 MlirStringRef chip) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.chip = unwrap(chip).str();
}

void cudapyCompileOptionsSetPtxVersion(CudapyCompileOptions options,
                                       MlirStringRef version) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.ptxVersion = unwrap(version).str();
}

void cudapyCompileOptionsSetOptLevel(CudapyCompileOptions options, int level) {
  if (!options.ptr)
    return;
  // Out-of-range levels are kept and rejected, with a message, by the compile.
  unwrap(options)->pipeline.optLevel = static_cast<unsigned>(level);
}

void cudapyCompileOptionsSetFastMath(CudapyCompileOptions options,
                                     bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.fastMath = enable;
}

void cudapyCompileOptionsSetFlushDenormals(CudapyCompileOptions options,
                                           bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.flushDenormals = enable;
}

void cudapyCompileOptionsSetCudaToolkitPath(CudapyCompileOptions options,
                                            MlirStringRef path) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.cudaToolkitPath = unwrap(path).str();
}

void cudapyCompileOptionsSetLibdevicePath(CudapyCompileOptions options,
                                          MlirStringRef path) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.libdevicePath = unwrap(path).str();
}

void cudapyCompileOptionsSetBarePtrMemrefABI(CudapyCompileOptions options,
                                             bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.barePtrMemrefABI = enable;
}

void cudapyCompileOptionsSetBoundsCheck(CudapyCompileOptions options,
                                        bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.boundsCheck = enable;
}

void cudapyCompileOptionsSetAssertions(CudapyCompileOptions options,
                                       bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.assertions = enable;
}

void cudapyCompileOptionsSetLineInfo(CudapyCompileOptions options,
                                     bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.lineInfo = enable;
}

void cudapyCompileOptionsSetNumWarps(CudapyCompileOptions options,
                                     int numWarps) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.numWarps = numWarps;
}

static std::string getEmitName(const CudapyEmitKind &emit) {
  int64_t kind = cudapy::cEnumValue(emit);
  if (kind == CUDAPY_EMIT_LLVM)
    return "llvm";
  if (kind == CUDAPY_EMIT_MLIR)
    return "mlir";
  if (kind == CUDAPY_EMIT_PTX)
    return "ptx";
  if (kind == CUDAPY_EMIT_CUBIN)
    return "cubin";
  if (kind == CUDAPY_EMIT_CUBIN_OR_PTX)
    return "cubin-or-ptx";
  // Not a CudapyEmitKind: the compile refuses it (validateCudapyToPTXOptions).
  return "CudapyEmitKind " + std::to_string(kind);
}

void cudapyCompileOptionsSetEmit(CudapyCompileOptions options,
                                 CudapyEmitKind emit) {
  if (!options.ptr)
    return;
  unwrap(options)->pipeline.emit = getEmitName(emit);
}

void cudapyCompileOptionsSetTiming(CudapyCompileOptions options, bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->timing = enable;
}

void cudapyCompileOptionsSetCache(CudapyCompileOptions options, bool enable) {
  if (!options.ptr)
    return;
  unwrap(options)->cache = enable;
}

void cudapyCompileOptionsSetDumpIR(CudapyCompileOptions options,
                                   MlirStringRef directory,
                                   MlirStringRef passes) {
  if (!options.ptr)
    return;
  unwrap(options)->dumpIR = unwrap(directory).str();
  unwrap(options)->dumpIRPasses = unwrap(passes).str();
}

void cudapyCompileOptionsSetDumpOutput(CudapyCompileOptions options,
                                       MlirStringRef directory) {
  if (!options.ptr)
    return;
  unwrap(options)->dumpOutput = unwrap(directory).str();
}

void cudapyCompileOptionsSetReproducer(CudapyCompileOptions options,
                                       MlirStringRef path) {
  if (!options.ptr)
    return;
  unwrap(options)->reproducer = unwrap(path).str();
}

void cudapyCompileOptionsSetTimingFile(CudapyCompileOptions options,
                                       MlirStringRef path) {
  if (!options.ptr)
    return;
  unwrap(options)->timingFile = unwrap(path).str();
}

namespace {
/// Values read from a JSON options object, applied only once all are valid.
struct ParsedOptions {
  std::optional<std::string> chip, ptxVersion, cudaToolkit, libdevice, emit;
  std::optional<std::string> dumpIR, dumpIRPasses, dumpOutput, reproducer,
      timingFile;
  std::optional<int> optLevel, numWarps;
  std::optional<bool> fastMath, ftz, barePtr, boundsCheck, assertions, lineInfo,
      timing, cache;
};
} // namespace

static std::optional<std::string> parseOptionsJSON(const cJSON *root,
                                                   ParsedOptions &parsed) {
  if (!cJSON_IsObject(root))
    return std::string("compile options must be a JSON object");
  struct StringKey {
    const char *name;
    std::optional<std::string> *value;
  } strings[] = {{"chip", &parsed.chip},
                 {"ptx_version", &parsed.ptxVersion},
                 {"cuda_toolkit", &parsed.cudaToolkit},
                 {"libdevice", &parsed.libdevice},
                 {"emit", &parsed.emit},
                 {"dump_ir", &parsed.dumpIR},
                 {"dump_ir_passes", &parsed.dumpIRPasses},
                 {"dump_output", &parsed.dumpOutput},
                 {"reproducer", &parsed.reproducer},
                 {"timing_file", &parsed.timingFile}};
  struct BoolKey {
    const char *name;
    std::optional<bool> *value;
  } bools[] = {{"fast_math", &parsed.fastMath},
               {"ftz", &parsed.ftz},
               {"bare_ptr_memref_abi", &parsed.barePtr},
               {"bounds_check", &parsed.boundsCheck},
               {"assertions", &parsed.assertions},
               {"line_info", &parsed.lineInfo},
               {"timing", &parsed.timing},
               {"cache", &parsed.cache}};

  for (const cJSON *item = root->child; item; item = item->next) {
    llvm::StringRef key = item->string ? item->string : "";
    bool known = false;
    for (StringKey &entry : strings)
      if (key == entry.name) {
        known = true;
        if (!cJSON_IsString(item))
          return "compile option '" + key.str() + "' must be a string";
        *entry.value = item->valuestring;
      }
    for (BoolKey &entry : bools)
      if (key == entry.name) {
        known = true;
        if (!cJSON_IsBool(item))
          return "compile option '" + key.str() + "' must be true or false";
        *entry.value = cJSON_IsTrue(item);
      }
    if (key == "opt_level") {
      known = true;
      if (!cJSON_IsNumber(item) || item->valuedouble != item->valueint ||
          item->valueint < 0 || item->valueint > 3)
        return std::string("compile option 'opt_level' must be 0, 1, 2 or 3");
      parsed.optLevel = item->valueint;
    }
    if (key == "num_warps") {
      known = true;
      if (!cJSON_IsNumber(item) || item->valuedouble != item->valueint ||
          item->valueint < 0 || item->valueint > 32 ||
          (item->valueint & (item->valueint - 1)))
        return std::string("compile option 'num_warps' must be 0 (the "
                           "compiler chooses), 1, 2, 4, 8, 16 or 32");
      parsed.numWarps = item->valueint;
    }
    if (!known)
      return "unknown compile option '" + key.str() +
             "' (known: chip, ptx_version, opt_level, fast_math, ftz, "
             "cuda_toolkit, libdevice, bare_ptr_memref_abi, bounds_check, "
             "assertions, line_info, num_warps, emit, timing, cache, dump_ir, "
             "dump_ir_passes, dump_output, reproducer, timing_file)";
  }
  if (parsed.emit && *parsed.emit != "ptx" && *parsed.emit != "llvm" &&
      *parsed.emit != "mlir" && *parsed.emit != "cubin" &&
      *parsed.emit != "cubin-or-ptx")
    return "compile option 'emit' must be \"ptx\", \"cubin\", "
           "\"cubin-or-ptx\", \"llvm\" or \"mlir\"";
  return std::nullopt;
}

MlirLogicalResult cudapyCompileOptionsParseJSON(CudapyCompileOptions options,
                                                MlirStringRef json,
                                                MlirStringCallback onError,
                                                void *userData) {
  auto fail = [&](const std::string &message) {
    if (onError)
      onError(toStringRef(message), userData);
    return mlirLogicalResultFailure();
  };
  if (!options.ptr)
    return fail("the compile options handle is null");
  if (!json.data)
    return fail("compile options are not valid JSON (no text)");
  cJSON *root = cJSON_ParseWithLength(json.data, json.length);
  if (!root) {
    const char *at = cJSON_GetErrorPtr();
    size_t offset = at && at >= json.data && at <= json.data + json.length
                        ? static_cast<size_t>(at - json.data)
                        : 0;
    return fail("compile options are not valid JSON (near offset " +
                std::to_string(offset) + ")");
  }
  ParsedOptions parsed;
  std::optional<std::string> error = parseOptionsJSON(root, parsed);
  cJSON_Delete(root);
  if (error)
    return fail(*error);

  CompileOptionsImpl &impl = *unwrap(options);
  if (parsed.chip)
    impl.pipeline.chip = *parsed.chip;
  if (parsed.ptxVersion)
    impl.pipeline.ptxVersion = *parsed.ptxVersion;
  if (parsed.cudaToolkit)
    impl.pipeline.cudaToolkitPath = *parsed.cudaToolkit;
  if (parsed.libdevice)
    impl.pipeline.libdevicePath = *parsed.libdevice;
  if (parsed.emit)
    impl.pipeline.emit = *parsed.emit;
  if (parsed.optLevel)
    impl.pipeline.optLevel = static_cast<unsigned>(*parsed.optLevel);
  if (parsed.numWarps)
    impl.pipeline.numWarps = *parsed.numWarps;
  if (parsed.fastMath)
    impl.pipeline.fastMath = *parsed.fastMath;
  if (parsed.ftz)
    impl.pipeline.flushDenormals = *parsed.ftz;
  if (parsed.barePtr)
    impl.pipeline.barePtrMemrefABI = *parsed.barePtr;
  if (parsed.boundsCheck)
    impl.pipeline.boundsCheck = *parsed.boundsCheck;
  if (parsed.assertions)
    impl.pipeline.assertions = *parsed.assertions;
  if (parsed.lineInfo)
    impl.pipeline.lineInfo = *parsed.lineInfo;
  if (parsed.timing)
    impl.timing = *parsed.timing;
  if (parsed.cache)
    impl.cache = *parsed.cache;
  for (auto [value, field] :
       {std::pair(&parsed.dumpIR, &impl.dumpIR),
        std::pair(&parsed.dumpIRPasses, &impl.dumpIRPasses),
        std::pair(&parsed.dumpOutput, &impl.dumpOutput),
        std::pair(&parsed.reproducer, &impl.reproducer),
        std::pair(&parsed.timingFile, &impl.timingFile)})
    if (*value)
      *field = **value;
  return mlirLogicalResultSuccess();
}

static std::string printPipeline(const CompileOptionsImpl &options) {
  std::string text = "cudapy-to-ptx";
  llvm::raw_string_ostream os(text);
  options.pipeline.print(os);
  return text;
}

void cudapyCompileOptionsPrint(CudapyCompileOptions options,
                               MlirStringCallback callback, void *userData) {
  if (!options.ptr)
    return;
  if (!callback)
    return;
  std::string text = printPipeline(*unwrap(options));
  callback(toStringRef(text), userData);
}

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

static CudapyDiagnosticSeverity convertSeverity(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return CUDAPY_DIAGNOSTIC_ERROR;
  case DiagnosticSeverity::Warning:
    return CUDAPY_DIAGNOSTIC_WARNING;
  case DiagnosticSeverity::Note:
    return CUDAPY_DIAGNOSTIC_NOTE;
  case DiagnosticSeverity::Remark:
    break;
  }
  return CUDAPY_DIAGNOSTIC_REMARK;
}

static const char *getSeverityName(CudapyDiagnosticSeverity severity) {
  switch (severity) {
  case CUDAPY_DIAGNOSTIC_ERROR:
    return "error";
  case CUDAPY_DIAGNOSTIC_WARNING:
    return "warning";
  case CUDAPY_DIAGNOSTIC_NOTE:
    return "note";
  case CUDAPY_DIAGNOSTIC_REMARK:
    break;
  }
  return "remark";
}

/// Appends `stored` to `result`, and its line to the diagnostics text.
static void addDiagnostic(CompileResultImpl &result, StoredDiagnostic stored) {
  llvm::raw_string_ostream os(result.diagnosticsText);
  if (!stored.file.empty())
    os << stored.file << ":" << stored.line << ":" << stored.column << ": ";
  os << getSeverityName(stored.severity) << ": " << stored.message << "\n";
  result.diagnostics.push_back(std::move(stored));
}

/// Records a diagnostic at `loc`, which may be null (no location).
static void recordDiagnostic(CompileResultImpl &result, LocationAttr loc,
                             DiagnosticSeverity severity, std::string message) {
  StoredDiagnostic stored;
  stored.severity = convertSeverity(severity);
  stored.message = std::move(message);
  if (auto fileLoc = loc ? loc.findInstanceOf<FileLineColLoc>() : nullptr) {
    stored.file = fileLoc.getFilename().str();
    stored.line = fileLoc.getLine();
    stored.column = fileLoc.getColumn();
  }
  addDiagnostic(result, std::move(stored));
}

namespace {
/// Captures every diagnostic of `context` into `result` while alive.
class CapturingDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  CapturingDiagnosticHandler(MLIRContext *context, CompileResultImpl &result)
      : ScopedDiagnosticHandler(context) {
    setHandler([&result](Diagnostic &diag) {
      recordDiagnostic(result, diag.getLocation(), diag.getSeverity(),
                       diag.str());
      for (Diagnostic &note : diag.getNotes())
        recordDiagnostic(result, note.getLocation(), note.getSeverity(),
                         note.str());
      return success();
    });
  }
};
} // namespace

/// A debug knob: the option's value, else its environment variable's.
static std::string getKnob(const std::string &value, const char *variable) {
  if (!value.empty())
    return value;
  const char *fromEnvironment = std::getenv(variable);
  return fromEnvironment ? fromEnvironment : "";
}

/// Whether the dump filter (pass arguments separated by commas; empty: all)
/// takes `pass`.
static bool isDumpedPass(llvm::StringRef filter, Pass *pass) {
  if (filter.empty())
    return true;
  llvm::SmallVector<llvm::StringRef> names;
  filter.split(names, ',', -1, /*KeepEmpty=*/false);
  return llvm::any_of(names, [&](llvm::StringRef name) {
    return name.trim() == pass->getArgument();
  });
}

/// Writes `text` to `path`, or emits an error on `loc`.
static LogicalResult writeDebugFile(Location loc, llvm::StringRef path,
                                    llvm::StringRef text, bool append = false) {
  std::error_code ec;
  llvm::raw_fd_ostream os(
      path, ec, append ? llvm::sys::fs::OF_Append : llvm::sys::fs::OF_None);
  if (!ec) {
    os << text;
    os.close();
    ec = os.error();
  }
  if (ec)
    return emitError(loc) << "cannot write '" << path << "': " << ec.message();
  return success();
}

/// The 64-bit hash of `text` in 16 hexadecimal digits.
static std::string hashText(llvm::StringRef text) {
  std::string hex;
  llvm::raw_string_ostream(hex)
      << llvm::format_hex_no_prefix(llvm::xxh3_64bits(text), 16);
  return hex;
}

/// Writes each output (and the metadata) into `directory`, named by module,
/// chip and a hash of the text: `kernels.sm_90.3f2a9c01d4e7b655.ptx`.
static void dumpOutputs(Location loc, llvm::StringRef directory,
                        const CompileResultImpl &result, llvm::StringRef emit) {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory)) {
    emitError(loc) << "cannot create '" << directory << "': " << ec.message();
    return;
  }
  llvm::StringRef extension = emit == "ptx"    ? "ptx"
                              : emit == "llvm" ? "ll"
                                               : "mlir";
  std::string all;
  for (const CompiledOutput &output : result.outputs) {
    all += output.text;
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(
        path, llvm::formatv("{0}.{1}{2}.{3}",
                            output.name.empty() ? "module" : output.name,
                            output.chip.empty() ? "" : output.chip + ".",
                            hashText(output.text), extension)
                  .str());
    if (failed(writeDebugFile(loc, path, output.text)))
      return;
  }
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(
      path, llvm::formatv("metadata.{0}.json", hashText(all)).str());
  (void)writeDebugFile(loc, path, result.metadata);
}

/// Whether `result` holds an error diagnostic.
static bool hasErrors(const CompileResultImpl &result) {
  return llvm::any_of(result.diagnostics, [](const StoredDiagnostic &d) {
    return d.severity == CUDAPY_DIAGNOSTIC_ERROR;
  });
}

namespace {
/// Adds up the time of the pipeline's passes by phase: cudapy's own passes
/// (those of the py, simt, tile and target dialects and cudapy's: their
/// arguments start with cudapy-, py-, simt-, tile- or target-, or convert
/// from py, simt or tile), upstream's, and the serialization, whose own
/// phases its objects record. Pass managers that only run nested ones are
/// not counted. Safe when a multithreaded context runs passes at once.
class PhaseTimer : public PassInstrumentation {
public:
  double cudapyMs = 0, upstreamMs = 0, serializeMs = 0;

  void runBeforePass(Pass *pass, Operation *op) override {
    if (isAdaptor(pass))
      return;
    std::lock_guard<std::mutex> lock(mutex);
    starts[{pass, op}] = std::chrono::steady_clock::now();
  }
  void runAfterPass(Pass *pass, Operation *op) override { stop(pass, op); }
  void runAfterPassFailed(Pass *pass, Operation *op) override {
    stop(pass, op);
  }

private:
  static bool isAdaptor(Pass *pass) {
    return pass->getArgument().empty() &&
           pass->getName().contains("PassAdaptor");
  }
  static bool isCudapyPass(llvm::StringRef argument) {
    for (llvm::StringRef prefix :
         {"cudapy-", "py-", "simt-", "tile-", "target-", "convert-py-to-",
          "convert-simt-to-", "convert-tile-to-"})
      if (argument.starts_with(prefix))
        return true;
    return false;
  }
  void stop(Pass *pass, Operation *op) {
    if (isAdaptor(pass))
      return;
    auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(mutex);
    auto start = starts.find({pass, op});
    if (start == starts.end())
      return;
    double ms =
        std::chrono::duration<double, std::milli>(now - start->second).count();
    starts.erase(start);
    llvm::StringRef argument = pass->getArgument();
    (argument == "cudapy-serialize-to-ptx" ? serializeMs
     : isCudapyPass(argument)              ? cudapyMs
                                           : upstreamMs) += ms;
  }

  std::mutex mutex;
  llvm::DenseMap<std::pair<Pass *, Operation *>,
                 std::chrono::steady_clock::time_point>
      starts;
};
} // namespace

/// The phases of a compile in milliseconds: `parseMs` (negative: the module
/// was not parsed here), the passes as `timer` added them up, the
/// serialization's phases as the objects of `module` record them, and what
/// remains of `totalMs`.
static std::vector<std::pair<std::string, double>>
collectPhases(ModuleOp module, double parseMs, const PhaseTimer &timer,
              double totalMs) {
  std::vector<std::pair<std::string, double>> phases;
  if (parseMs >= 0)
    phases.emplace_back("parse", parseMs);
  phases.emplace_back("cudapy_passes", timer.cudapyMs);
  phases.emplace_back("upstream_passes", timer.upstreamMs);
  static const std::pair<const char *, const char *> kSerializePhases[] = {
      {"llvm_translate", "translate_ms"},
      {"libdevice_link", "link_ms"},
      {"llvm_optimize", "optimize_ms"},
      {"nvptx_codegen", "llvm_to_ptx_ms"},
      {"assemble", "assemble_ms"}};
  double serialized = 0;
  for (auto [phase, property] : kSerializePhases) {
    double ms = 0;
    for (auto binary : module.getOps<gpu::BinaryOp>())
      for (Attribute attr : binary.getObjectsAttr())
        if (DictionaryAttr properties =
                cast<gpu::ObjectAttr>(attr).getProperties())
          if (auto value = properties.getAs<FloatAttr>(property))
            ms += value.getValueAsDouble();
    serialized += ms;
    phases.emplace_back(phase, ms);
  }
  double counted = std::max(parseMs, 0.0) + timer.cudapyMs + timer.upstreamMs +
                   std::max(timer.serializeMs, serialized);
  phases.emplace_back("other",
                      std::max(totalMs - counted, 0.0) +
                          std::max(timer.serializeMs - serialized, 0.0));
  return phases;
}

/// The phases as a table for the timing report.
static std::string
formatPhases(const std::vector<std::pair<std::string, double>> &phases) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "===" << std::string(73, '-') << "===\n"
     << "                          cudapy compile phases\n"
     << "===" << std::string(73, '-') << "===\n";
  for (const auto &[name, ms] : phases)
    os << llvm::format("  %10.3f ms  ", ms) << name << "\n";
  return text;
}

/// Runs the pipeline on `module` and fills `result`. `parseMs` is the time
/// taken to parse it (negative: it came parsed, in a context of the caller's
/// that may lack cudapy's dialects and interfaces).
static void compileModule(ModuleOp module, const CompileOptionsImpl &options,
                          CompileResultImpl &result, double parseMs = -1) {
  auto start = std::chrono::steady_clock::now();
  std::string dumpIR = getKnob(options.dumpIR, "CUDAPY_DUMP_IR");
  std::string dumpIRPasses =
      getKnob(options.dumpIRPasses, "CUDAPY_DUMP_IR_PASSES");
  std::string dumpOutput = getKnob(options.dumpOutput, "CUDAPY_DUMP_OUTPUT");
  std::string reproducer = getKnob(options.reproducer, "CUDAPY_REPRODUCER");
  std::string timingFile = getKnob(options.timingFile, "CUDAPY_TIMING_FILE");
  bool collectTiming = options.timing || !timingFile.empty();
  // A deliberate crash inside the compile, for an embedder to see how an
  // internal error reaches it (docs/Debugging.md).
  std::string crash = getKnob("", "CUDAPY_TEST_CRASH");
  if (crash == "signal")
    std::raise(SIGSEGV);
  if (crash == "fatal")
    llvm::report_fatal_error("CUDAPY_TEST_CRASH=fatal");
  MLIRContext *context = module.getContext();
  if (parseMs < 0) {
    DialectRegistry registry;
    cudapy::registerAllDialects(registry);
    context->appendDialectRegistry(registry);
  }

  // The timing manager outlives the pass manager, whose timing
  // instrumentation still stops the timers of a failed pass when it goes.
  std::string timingText;
  llvm::raw_string_ostream timingStream(timingText);
  DefaultTimingManager timing;
  PassManager pm(context, ModuleOp::getOperationName());
  // The input was verified after parsing, and the serializer verifies what
  // it translates (as the emit=mlir output is below); verifying after each
  // of the pipeline's passes as well took a tenth of a matmul's compile.
  // `cudapy-opt` (reproducers included) still verifies after every pass.
  pm.enableVerifier(false);
  std::string error;
  if (failed(cudapy::buildCudapyToPTXPipeline(
          pm, options.pipeline, error, cudapy::findModuleUses(module)))) {
    emitError(module.getLoc()) << "invalid compile options: " << error;
    return;
  }

  // The reproducer: the module as it comes and the pipeline, which
  // `cudapy-opt --run-reproducer FILE` replays.
  if (!reproducer.empty()) {
    // makeReproducer answers with what it did, or why it could not.
    std::string said =
        makeReproducer(pm.getOpAnchorName(), pm.getPasses(), module, reproducer,
                       /*disableThreads=*/true);
    if (!llvm::StringRef(said).starts_with("reproducer generated at")) {
      emitError(module.getLoc()) << "cannot write the reproducer: " << said;
      return;
    }
  }
  if (!dumpIR.empty()) {
    std::string filter = dumpIRPasses;
    pm.enableIRPrintingToFileTree([](Pass *, Operation *) { return false; },
                                  [filter](Pass *pass, Operation *) {
                                    return isDumpedPass(filter, pass);
                                  },
                                  /*printModuleScope=*/false,
                                  /*printAfterOnlyOnChange=*/false,
                                  /*printAfterOnlyOnFailure=*/false, dumpIR);
  }

  auto timer = std::make_unique<PhaseTimer>();
  PhaseTimer &phaseTimer = *timer;
  pm.addInstrumentation(std::move(timer));
  TimingScope timingRoot;
  if (collectTiming) {
    timing.setEnabled(true);
    timing.setOutput(createOutputStrategy(
        DefaultTimingManager::OutputFormat::Text, timingStream));
    timingRoot = timing.getRootScope();
    pm.enableTiming(timingRoot);
  }
  LogicalResult ran = pm.run(module);
  if (collectTiming) {
    timingRoot.stop();
    timing.print();
    timing.setEnabled(false);
    timingStream << formatPhases(
        collectPhases(module, parseMs, phaseTimer,
                      std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                              .count() +
                          std::max(parseMs, 0.0)));
    result.timing = timingText;
    if (!timingFile.empty() &&
        failed(writeDebugFile(module.getLoc(), timingFile, timingText,
                              /*append=*/true)))
      return;
  }
  if (failed(ran))
    return;

  const cudapy::CudapyToPTXOptions &pipeline = options.pipeline;
  if (pipeline.emit == "mlir") {
    if (failed(verify(module)))
      return;
    CompiledOutput output;
    output.format = "mlir";
    llvm::raw_string_ostream os(output.text);
    module.print(os);
    result.outputs.push_back(std::move(output));
  } else {
    for (auto binary : module.getOps<gpu::BinaryOp>())
      for (Attribute attr : binary.getObjectsAttr()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        CompiledOutput output;
        output.name = binary.getName().str();
        if (auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget()))
          output.chip = target.getChip().str();
        DictionaryAttr properties = object.getProperties();
        auto format =
            properties ? properties.getAs<StringAttr>("format") : StringAttr();
        output.format = format ? format.str() : std::string(pipeline.emit);
        output.text = object.getObject().str();
        result.outputs.push_back(std::move(output));
      }
  }

  cudapy::CompileSummary summary;
  summary.pipeline = printPipeline(options);
  summary.emit = pipeline.emit;
  summary.optLevel = pipeline.optLevel;
  summary.fastMath = pipeline.fastMath;
  summary.flushDenormals = pipeline.fastMath || pipeline.flushDenormals;
  summary.compileTimeMs = std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - start)
                              .count() +
                          std::max(parseMs, 0.0);
  summary.phases =
      collectPhases(module, parseMs, phaseTimer, summary.compileTimeMs);
  result.metadata = cudapy::buildKernelMetadataJSON(module, summary);
  if (!dumpOutput.empty())
    dumpOutputs(module.getLoc(), dumpOutput, result, pipeline.emit);
  // A compile that reported an error fails, even where the stage that
  // reported it went on (upstream's parser does after some lexer errors).
  result.succeeded = !hasErrors(result);
}

/// The message of an LLVM fatal error raised during a compile on this
/// thread, for the "internal error" it becomes.
static thread_local std::string fatalErrorReason;

/// LLVM's fatal errors (report_fatal_error: "LLVM ERROR: ...") would print
/// and abort the process. Inside a compile (a CrashRecoveryContext) they
/// end the compile instead; elsewhere they keep LLVM's behaviour.
static void handleFatalError(void *, const char *reason, bool) {
  if (llvm::CrashRecoveryContext *context =
          llvm::CrashRecoveryContext::GetCurrent()) {
    fatalErrorReason = reason ? reason : "";
    context->HandleExit(1);
  }
  llvm::errs() << "LLVM ERROR: " << (reason ? reason : "") << "\n";
  std::abort();
}

/// Runs `compile` so that a crash in it (a signal, an LLVM fatal error)
/// becomes an "internal error" diagnostic of `result` instead of killing
/// the caller's process. `input` says where the input can be found again
/// (a saved file, or how to save it), for the report. Returns whether
/// `compile` ran to its end.
static bool runRecoveringCrashes(CompileResultImpl &result,
                                 llvm::function_ref<void()> compile,
                                 llvm::function_ref<std::string()> input) {
  // CUDAPY_CRASH_RECOVERY=off: crashes take their usual course (a fuzzer
  // or a debugger wants them with their stack).
  if (getKnob("", "CUDAPY_CRASH_RECOVERY") == "off") {
    compile();
    return true;
  }
  static std::once_flag enable;
  std::call_once(enable, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(handleFatalError);
  });
  fatalErrorReason.clear();
  llvm::CrashRecoveryContext recovery;
  if (recovery.RunSafely(compile))
    return true;
  // What ran was abandoned midway; its diagnostics may be incomplete.
  result.succeeded = false;
  std::string message = "internal error: the compiler ";
  if (recovery.RetCode > 128)
    message +=
        "crashed (signal " + std::to_string(recovery.RetCode - 128) + ")";
  else
    message += "stopped on an LLVM fatal error (" + fatalErrorReason + ")";
  message += "; " + input() + ". Please report it.";
  recordDiagnostic(result, LocationAttr(), DiagnosticSeverity::Error, message);
  return false;
}

namespace {
/// MLIR contexts kept from one cudapyCompileSource to the next: a new
/// context loads its dialects again, 4-5 % of a warm compile of a small
/// tile kernel (docs/CompileCache.md). A context serves one compile at a time
/// (compiles on other threads take others), at most kMaxIdle wait, and
/// each is retired after kMaxUses compiles, so that what it keeps uniqued
/// (types, attributes, locations) stays bounded. A context a compile
/// crashed in is never given back.
class ContextPool {
public:
  struct Lease {
    std::unique_ptr<MLIRContext> context;
    unsigned uses = 0;
  };

  Lease take() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        Lease lease = std::move(idle.back());
        idle.pop_back();
        return lease;
      }
    }
    DialectRegistry registry;
    cudapy::registerAllDialects(registry);
    Lease lease;
    lease.context = std::make_unique<MLIRContext>(
        registry, MLIRContext::Threading::DISABLED);
    // Diagnostics name their source location; a dump of the operation in
    // generic form would only bury it.
    lease.context->printOpOnDiagnostic(false);
    return lease;
  }

  void giveBack(Lease lease) {
    if (++lease.uses >= kMaxUses)
      return;
    std::lock_guard<std::mutex> lock(mutex);
    if (idle.size() < kMaxIdle)
      idle.push_back(std::move(lease));
  }

private:
  static constexpr unsigned kMaxUses = 32;
  static constexpr size_t kMaxIdle = 4;
  std::mutex mutex;
  std::vector<Lease> idle;
};
} // namespace

/// The process's pool; never destroyed, so that no context outlives the
/// LLVM and MLIR statics its destructor uses at exit.
static ContextPool &getContextPool() {
  static ContextPool *pool = new ContextPool();
  return *pool;
}

/// A failed result with one error: for arguments no compile can start from.
static CudapyCompileResult refuse(const char *message) {
  auto *result = new CompileResultImpl();
  recordDiagnostic(*result, LocationAttr(), DiagnosticSeverity::Error, message);
  return wrap(result);
}

CudapyCompileResult cudapyCompileModule(MlirModule module,
                                        CudapyCompileOptions options) {
  if (mlirModuleIsNull(module))
    return refuse("cudapyCompileModule: the module is null");
  if (!options.ptr)
    return refuse("cudapyCompileModule: the compile options handle is null");
  auto *result = new CompileResultImpl();
  ModuleOp op = unwrap(module);
  CapturingDiagnosticHandler handler(op.getContext(), *result);
  runRecoveringCrashes(
      *result, [&] { compileModule(op, *unwrap(options), *result); },
      [] {
        return std::string("the module may be left half-compiled; set "
                           "CUDAPY_REPRODUCER=FILE to save the input");
      });
  return wrap(result);
}

/// Saves `source` to a fresh file in the temporary folder for a crash
/// report: where it went, or why it could not be saved.
static std::string saveCrashInput(llvm::StringRef source) {
  llvm::SmallString<128> path;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("cudapy-crash", "mlir", fd, path))
    return "the input could not be saved (" + ec.message() + ")";
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << source;
  os.close();
  if (os.has_error()) {
    os.clear_error();
    return "the input could not be saved to '" + path.str().str() + "'";
  }
  return "the input is saved in '" + path.str().str() + "'";
}

//===----------------------------------------------------------------------===//
// The compile cache (cudapy-c/Cache.h)
//===----------------------------------------------------------------------===//

/// Path, size and modification time of `path`, or that it is absent.
static std::string describeFile(llvm::StringRef path) {
  std::string text = path.str();
  struct stat status;
  if (::stat(text.c_str(), &status))
    return text + ":absent";
  return text + ":" + std::to_string(status.st_size) + ":" +
         std::to_string(status.st_mtim.tv_sec) + "." +
         std::to_string(status.st_mtim.tv_nsec);
}

/// The compiler build: the library (or executable) this code is in.
static const std::string &describeCompiler() {
  static const std::string identity = [] {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&cudapyCompileSource), &info) &&
        info.dli_fname)
      return describeFile(info.dli_fname);
    return std::string("unknown");
  }();
  return identity;
}

/// Whether a compile with `options` may be read from or stored into the
/// cache: not when a debug knob asks for what only a compile does.
static bool usesCache(const CompileOptionsImpl &options) {
  if (!options.cache || options.timing || !cudapyCacheEnabled())
    return false;
  for (auto [value, variable] :
       {std::pair(&options.dumpIR, "CUDAPY_DUMP_IR"),
        std::pair(&options.dumpOutput, "CUDAPY_DUMP_OUTPUT"),
        std::pair(&options.reproducer, "CUDAPY_REPRODUCER"),
        std::pair(&options.timingFile, "CUDAPY_TIMING_FILE")})
    if (!getKnob(*value, variable).empty())
      return false;
  return getKnob("", "CUDAPY_TEST_CRASH").empty();
}

/// The cache key of compiling `source` named `name` with `options`: the
/// SHA-256 of everything the result depends on: the compiler build, the
/// options (as the pipeline they select), the toolkit files the compile
/// reads (libdevice, nvJitLink) and the source.
static std::string getCacheKey(llvm::StringRef source, llvm::StringRef name,
                               const CompileOptionsImpl &options) {
  const cudapy::CudapyToPTXOptions &pipeline = options.pipeline;
  std::string toolkit = pipeline.getCudaToolkitPath();
  char assembler[2048] = "";
  if (llvm::StringRef(pipeline.emit).starts_with("cubin"))
    cudapyDescribeAssembler(toolkit.c_str(), assembler, sizeof(assembler));
  llvm::SHA256 hash;
  auto add = [&](llvm::StringRef field) {
    uint64_t size = field.size();
    hash.update(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(&size), sizeof(size)));
    hash.update(field);
  };
  add("cudapy compile cache 1");
  add(describeCompiler());
  add(printPipeline(options));
  add(describeFile(pipeline.getLibdevicePath()));
  add(assembler);
  add(name);
  add(source);
  std::array<uint8_t, 32> digest = hash.final();
  std::string key = "compile-";
  llvm::raw_string_ostream os(key);
  for (uint8_t byte : digest)
    os << llvm::format_hex_no_prefix(byte, 2);
  return key;
}

namespace {
/// The bytes of a cached result: counts and lengths as 8-byte integers,
/// strings as their bytes.
struct EntryWriter {
  std::string bytes;
  void number(uint64_t value) {
    bytes.append(reinterpret_cast<const char *>(&value), sizeof(value));
  }
  void text(llvm::StringRef value) {
    number(value.size());
    bytes.append(value.data(), value.size());
  }
};

struct EntryReader {
  llvm::StringRef bytes;
  bool ok = true;
  uint64_t number() {
    uint64_t value = 0;
    if (bytes.size() < sizeof(value)) {
      ok = false;
      return 0;
    }
    memcpy(&value, bytes.data(), sizeof(value));
    bytes = bytes.drop_front(sizeof(value));
    return value;
  }
  std::string text() {
    uint64_t size = number();
    if (!ok || size > bytes.size()) {
      ok = false;
      return {};
    }
    std::string value = bytes.take_front(size).str();
    bytes = bytes.drop_front(size);
    return value;
  }
};
} // namespace

static const char kEntryFormat[] = "cudapy compile result 1";

static std::string serializeResult(const CompileResultImpl &result) {
  EntryWriter writer;
  writer.text(kEntryFormat);
  writer.number(result.outputs.size());
  for (const CompiledOutput &output : result.outputs) {
    writer.text(output.name);
    writer.text(output.chip);
    writer.text(output.format);
    writer.text(output.text);
  }
  writer.text(result.metadata);
  writer.number(result.diagnostics.size());
  for (const StoredDiagnostic &diagnostic : result.diagnostics) {
    writer.number(diagnostic.severity);
    writer.text(diagnostic.file);
    writer.number(diagnostic.line);
    writer.number(diagnostic.column);
    writer.text(diagnostic.message);
  }
  return std::move(writer.bytes);
}

/// Fills `result` from a cache entry; false (and `result` untouched) when
/// the entry does not read back whole.
static bool deserializeResult(llvm::StringRef bytes,
                              CompileResultImpl &result) {
  EntryReader reader{bytes};
  if (reader.text() != kEntryFormat)
    return false;
  CompileResultImpl read;
  uint64_t outputs = reader.number();
  for (uint64_t i = 0; reader.ok && i < outputs; ++i) {
    CompiledOutput output;
    output.name = reader.text();
    output.chip = reader.text();
    output.format = reader.text();
    output.text = reader.text();
    read.outputs.push_back(std::move(output));
  }
  read.metadata = reader.text();
  uint64_t diagnostics = reader.number();
  for (uint64_t i = 0; reader.ok && i < diagnostics; ++i) {
    StoredDiagnostic diagnostic;
    uint64_t severity = reader.number();
    diagnostic.severity = severity <= CUDAPY_DIAGNOSTIC_REMARK
                              ? static_cast<CudapyDiagnosticSeverity>(severity)
                              : CUDAPY_DIAGNOSTIC_REMARK;
    diagnostic.file = reader.text();
    diagnostic.line = static_cast<unsigned>(reader.number());
    diagnostic.column = static_cast<unsigned>(reader.number());
    diagnostic.message = reader.text();
    if (diagnostic.severity == CUDAPY_DIAGNOSTIC_ERROR)
      reader.ok = false; // Only successful compiles are stored.
    addDiagnostic(read, std::move(diagnostic));
  }
  if (!reader.ok || !reader.bytes.empty())
    return false;
  read.succeeded = true;
  read.cached = true;
  result = std::move(read);
  return true;
}

CudapyCompileResult cudapyCompileSource(MlirStringRef source,
                                        MlirStringRef sourceName,
                                        CudapyCompileOptions options) {
  if (!source.data && source.length)
    return refuse("cudapyCompileSource: the source is null");
  if (!options.ptr)
    return refuse("cudapyCompileSource: the compile options handle is null");
  llvm::StringRef text = source.data ? unwrap(source) : llvm::StringRef("");
  llvm::StringRef name =
      sourceName.data ? unwrap(sourceName) : llvm::StringRef("");
  auto *result = new CompileResultImpl();
  const CompileOptionsImpl &compileOptions = *unwrap(options);
  std::string cacheKey;
  if (usesCache(compileOptions)) {
    cacheKey = getCacheKey(text, name, compileOptions);
    void *data = nullptr;
    size_t size = 0;
    if (cudapyCacheLoad(cacheKey.c_str(), &data, &size)) {
      bool read = deserializeResult(
          llvm::StringRef(static_cast<const char *>(data), size), *result);
      cudapyCacheFree(data);
      if (read)
        return wrap(result);
    }
  }
  auto parseStart = std::chrono::steady_clock::now();
  ContextPool::Lease lease = getContextPool().take();
  MLIRContext &context = *lease.context;
  bool completed;
  {
    CapturingDiagnosticHandler handler(&context, *result);
    completed = runRecoveringCrashes(
        *result,
        [&] {
          // Parsed, checked for what upstream's parser and verifier would
          // crash on, then verified (cudapy/Support/SourceChecks.h).
          if (failed(cudapy::checkSourceText(text, name, &context)))
            return;
          OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
              text, ParserConfig(&context, /*verifyAfterParse=*/false), name);
          if (!module || hasErrors(*result) ||
              failed(cudapy::checkParsedModule(*module)) ||
              failed(verify(*module)))
            return;
          compileModule(*module, compileOptions, *result,
                        std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - parseStart)
                            .count());
        },
        [&] { return saveCrashInput(text); });
  }
  if (completed)
    getContextPool().giveBack(std::move(lease));
  if (!cacheKey.empty() && result->succeeded) {
    std::string entry = serializeResult(*result);
    (void)cudapyCacheStore(cacheKey.c_str(), entry.data(), entry.size());
  }
  return wrap(result);
}

CudapyCompileResult cudapyAssemblePTX(MlirStringRef ptx, MlirStringRef chip,
                                      CudapyCompileOptions options) {
  if (!ptx.data || !ptx.length)
    return refuse("cudapyAssemblePTX: the PTX is empty");
  if (!options.ptr)
    return refuse("cudapyAssemblePTX: the compile options handle is null");
  const cudapy::CudapyToPTXOptions &pipeline = unwrap(options)->pipeline;
  std::string chipName = chip.data ? unwrap(chip).str() : "";
  std::string toolkit = pipeline.getCudaToolkitPath();
  if (chipName.empty())
    return refuse("cudapyAssemblePTX: no chip to assemble for");
  auto *result = new CompileResultImpl();
  CompiledOutput output;
  output.chip = chipName;
  const char *why = nullptr;
  if (!cudapyFindAssembler(toolkit.c_str(), &why)) {
    if (pipeline.emit != "cubin-or-ptx") {
      recordDiagnostic(*result, LocationAttr(), DiagnosticSeverity::Error,
                       std::string("cannot make a cubin: ") + why);
      return wrap(result);
    }
    output.format = "ptx";
    output.text = unwrap(ptx).str();
  } else {
    CudapyAssembly assembly = cudapyAssemblePtx(
        toolkit.c_str(), ptx.data, ptx.length, chipName.c_str(),
        static_cast<int>(pipeline.optLevel), pipeline.lineInfo);
    if (!assembly.cubin) {
      recordDiagnostic(*result, LocationAttr(), DiagnosticSeverity::Error,
                       assembly.message ? assembly.message
                                        : "nvJitLink failed");
      cudapyAssemblyFree(&assembly);
      return wrap(result);
    }
    output.format = "cubin";
    output.text.assign(assembly.cubin, assembly.size);
    cudapyAssemblyFree(&assembly);
  }
  result->outputs.push_back(std::move(output));
  result->succeeded = true;
  return wrap(result);
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

void cudapyCompileResultDestroy(CudapyCompileResult result) {
  delete unwrap(result);
}

/// Results handed out for a null result handle or an index out of range.
static const CompileResultImpl &emptyResult() {
  static const CompileResultImpl empty;
  return empty;
}
static const CompileResultImpl &get(CudapyCompileResult result) {
  return result.ptr ? *unwrap(result) : emptyResult();
}
static const CompiledOutput *getOutput(CudapyCompileResult result,
                                       intptr_t index) {
  const CompileResultImpl &impl = get(result);
  if (index < 0 || static_cast<size_t>(index) >= impl.outputs.size())
    return nullptr;
  return &impl.outputs[index];
}

bool cudapyCompileResultSucceeded(CudapyCompileResult result) {
  return get(result).succeeded;
}

intptr_t cudapyCompileResultGetNumOutputs(CudapyCompileResult result) {
  return static_cast<intptr_t>(get(result).outputs.size());
}

MlirStringRef cudapyCompileResultGetOutput(CudapyCompileResult result,
                                           intptr_t index) {
  const CompiledOutput *output = getOutput(result, index);
  return output ? toStringRef(output->text) : mlirStringRefCreate(nullptr, 0);
}

MlirStringRef cudapyCompileResultGetOutputName(CudapyCompileResult result,
                                               intptr_t index) {
  const CompiledOutput *output = getOutput(result, index);
  return output ? toStringRef(output->name) : mlirStringRefCreate(nullptr, 0);
}

MlirStringRef cudapyCompileResultGetOutputFormat(CudapyCompileResult result,
                                                 intptr_t index) {
  const CompiledOutput *output = getOutput(result, index);
  return output ? toStringRef(output->format) : mlirStringRefCreate(nullptr, 0);
}

bool cudapyCompileResultIsCached(CudapyCompileResult result) {
  return get(result).cached;
}

MlirStringRef cudapyCompileResultGetOutputChip(CudapyCompileResult result,
                                               intptr_t index) {
  const CompiledOutput *output = getOutput(result, index);
  return output ? toStringRef(output->chip) : mlirStringRefCreate(nullptr, 0);
}

MlirStringRef cudapyCompileResultGetMetadataJSON(CudapyCompileResult result) {
  return toStringRef(get(result).metadata);
}

MlirStringRef cudapyCompileResultGetTimingReport(CudapyCompileResult result) {
  return toStringRef(get(result).timing);
}

intptr_t cudapyCompileResultGetNumDiagnostics(CudapyCompileResult result) {
  return static_cast<intptr_t>(get(result).diagnostics.size());
}

CudapyDiagnosticInfo
cudapyCompileResultGetDiagnostic(CudapyCompileResult result, intptr_t index) {
  const CompileResultImpl &impl = get(result);
  if (index < 0 || static_cast<size_t>(index) >= impl.diagnostics.size())
    return CudapyDiagnosticInfo{CUDAPY_DIAGNOSTIC_ERROR,
                                mlirStringRefCreate(nullptr, 0), 0, 0,
                                mlirStringRefCreate(nullptr, 0)};
  const StoredDiagnostic &stored = impl.diagnostics[index];
  return CudapyDiagnosticInfo{stored.severity, toStringRef(stored.file),
                              stored.line, stored.column,
                              toStringRef(stored.message)};
}

MlirStringRef
cudapyCompileResultGetDiagnosticsText(CudapyCompileResult result) {
  return toStringRef(get(result).diagnosticsText);
}
