//===- KernelMetadata.cpp - kernel metadata JSON --------------------------===//
//
// Reads the `cudapy.kernels` property that cudapy-serialize-to-ptx leaves on
// each #gpu.object and writes it out as JSON with cJSON.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/KernelMetadata.h"

#include "cudapy/Support/KernelAbi.h"
#include "cudapy/Support/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cjson/cJSON.h>

#include <memory>

using namespace mlir;

namespace {
struct JSONDeleter {
  void operator()(cJSON *json) const { cJSON_Delete(json); }
};
using JSONPtr = std::unique_ptr<cJSON, JSONDeleter>;
} // namespace

/// Converts the attributes cudapy-serialize-to-ptx records (dictionaries,
/// arrays, strings, integers, floats, booleans, i32/i64 arrays) to JSON.
static cJSON *attributeToJSON(Attribute attr) {
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    cJSON *object = cJSON_CreateObject();
    for (NamedAttribute entry : dict)
      cJSON_AddItemToObject(object, entry.getName().str().c_str(),
                            attributeToJSON(entry.getValue()));
    return object;
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    cJSON *list = cJSON_CreateArray();
    for (Attribute element : array)
      cJSON_AddItemToArray(list, attributeToJSON(element));
    return list;
  }
  if (auto array = dyn_cast<DenseI32ArrayAttr>(attr)) {
    cJSON *list = cJSON_CreateArray();
    for (int32_t element : array.asArrayRef())
      cJSON_AddItemToArray(list, cJSON_CreateNumber(element));
    return list;
  }
  if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
    cJSON *list = cJSON_CreateArray();
    for (int64_t element : array.asArrayRef())
      cJSON_AddItemToArray(list,
                           cJSON_CreateNumber(static_cast<double>(element)));
    return list;
  }
  if (auto str = dyn_cast<StringAttr>(attr))
    return cJSON_CreateString(str.str().c_str());
  if (auto boolean = dyn_cast<BoolAttr>(attr))
    return cJSON_CreateBool(boolean.getValue());
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return cJSON_CreateNumber(static_cast<double>(integer.getInt()));
  if (auto real = dyn_cast<FloatAttr>(attr))
    return cJSON_CreateNumber(real.getValueAsDouble());
  if (isa<UnitAttr>(attr))
    return cJSON_CreateTrue();
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return cJSON_CreateString(text.c_str());
}

std::string cudapy::getPtxVersionFromFeatures(llvm::StringRef features) {
  llvm::SmallVector<llvm::StringRef> parts;
  features.split(parts, ',');
  for (llvm::StringRef part : parts) {
    unsigned version = 0;
    part = part.trim();
    if (part.consume_front("+ptx") && !part.getAsInteger(10, version))
      return formatPtxVersion(version);
  }
  return "";
}

std::string cudapy::buildKernelMetadataJSON(ModuleOp module,
                                            const CompileSummary &summary) {
  JSONPtr root(cJSON_CreateObject());
  cJSON_AddNumberToObject(root.get(), "metadata_version",
                          kKernelMetadataVersion);
  cJSON_AddStringToObject(root.get(), "pipeline", summary.pipeline.c_str());
  cJSON_AddStringToObject(root.get(), "emit", summary.emit.c_str());
  cJSON_AddNumberToObject(root.get(), "opt_level", summary.optLevel);
  cJSON_AddBoolToObject(root.get(), "fast_math", summary.fastMath);
  cJSON_AddBoolToObject(root.get(), "ftz", summary.flushDenormals);
  cJSON_AddNumberToObject(root.get(), "compile_time_ms", summary.compileTimeMs);
  cJSON *phases = cJSON_AddObjectToObject(root.get(), "phases_ms");
  for (const auto &[name, ms] : summary.phases)
    cJSON_AddNumberToObject(phases, name.c_str(), ms);

  cJSON *targets = cJSON_AddArrayToObject(root.get(), "targets");
  cJSON *kernels = cJSON_AddArrayToObject(root.get(), "kernels");
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    for (Attribute attr : binary.getObjectsAttr()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object)
        continue;
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target)
        continue;
      std::string chip = target.getChip().str();
      std::string ptxVersion = getPtxVersionFromFeatures(target.getFeatures());

      cJSON *entry = cJSON_CreateObject();
      cJSON_AddStringToObject(entry, "module", binary.getName().str().c_str());
      cJSON_AddStringToObject(entry, "chip", chip.c_str());
      cJSON_AddStringToObject(entry, "ptx_version", ptxVersion.c_str());
      cJSON_AddStringToObject(entry, "triple",
                              target.getTriple().str().c_str());
      DictionaryAttr properties = object.getProperties();
      // What the output holds, how it was made, and each phase's time.
      for (const char *name : {"format", "assembler"})
        if (auto text =
                properties ? properties.getAs<StringAttr>(name) : StringAttr())
          cJSON_AddStringToObject(entry, name, text.str().c_str());
      for (const char *name : {"translate_ms", "link_ms", "optimize_ms",
                               "llvm_to_ptx_ms", "assemble_ms"})
        if (auto ms =
                properties ? properties.getAs<FloatAttr>(name) : FloatAttr())
          cJSON_AddNumberToObject(entry, name, ms.getValueAsDouble());
      cJSON_AddItemToArray(targets, entry);

      auto described =
          properties ? properties.getAs<ArrayAttr>(cudapy::kKernelsAttrName)
                     : ArrayAttr();
      if (!described)
        continue;
      for (Attribute kernelAttr : described) {
        cJSON *kernel = attributeToJSON(kernelAttr);
        cJSON_AddStringToObject(kernel, "module",
                                binary.getName().str().c_str());
        cJSON_AddStringToObject(kernel, "chip", chip.c_str());
        cJSON_AddStringToObject(kernel, "ptx_version", ptxVersion.c_str());
        if (!cJSON_HasObjectItem(kernel, "max_threads_per_block"))
          cJSON_AddNullToObject(kernel, "max_threads_per_block");
        cJSON_AddNumberToObject(kernel, "compile_time_ms",
                                summary.compileTimeMs);
        cJSON_AddItemToArray(kernels, kernel);
      }
    }
  }
  char *printed = cJSON_Print(root.get());
  std::string text = printed ? printed : "{}";
  cJSON_free(printed);
  return text;
}
