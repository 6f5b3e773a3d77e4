//===- TargetDialect.cpp - the target dialect -----------------------------===//

#include "dialects/Target/IR/TargetDialect.h"
#include "cudapy/Support/KernelMetadata.h"
#include "cudapy/Support/Target.h"
#include "dialects/Target/IR/TargetOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::target;

#include "dialects/Target/IR/TargetDialect.cpp.inc"
#include "dialects/Target/IR/TargetInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Target/IR/TargetAttrs.cpp.inc"

void TargetDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Target/IR/TargetAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/Target/IR/TargetOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ConditionAttr
//===----------------------------------------------------------------------===//

ConditionAttr ConditionAttr::get(MLIRContext *context,
                                 const Condition &condition) {
  return Base::get(context, normalize(condition).str());
}

ConditionAttr ConditionAttr::parse(MLIRContext *context, StringRef text,
                                   std::string &error) {
  std::optional<Condition> condition = parseCondition(text, error);
  if (!condition)
    return nullptr;
  return get(context, *condition);
}

Condition ConditionAttr::getCondition() const {
  std::string error;
  std::optional<Condition> condition = parseCondition(getExpression(), error);
  assert(condition && "a ConditionAttr holds a valid condition");
  return *condition;
}

LogicalResult
ConditionAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef expression) {
  std::string error;
  if (!parseCondition(expression, error))
    return emitError() << "invalid target condition: " << error;
  return success();
}

Attribute ConditionAttr::parse(AsmParser &parser, Type) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&text) || parser.parseGreater())
    return {};
  std::string error;
  ConditionAttr attr = parse(parser.getContext(), text, error);
  if (!attr)
    parser.emitError(loc) << "invalid target condition: " << error;
  return attr;
}

void ConditionAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << getExpression() << "\">";
}

//===----------------------------------------------------------------------===//
// Requirements and execution spaces
//===----------------------------------------------------------------------===//

static ConditionAttr conditionOf(MLIRContext *context, StringRef text) {
  std::string error;
  return ConditionAttr::parse(context, text, error);
}

/// The chips upstream's nvgpu ops need (PTX ISA: mma.sync m16n8k16 and
/// cp.async from sm_80, ldmatrix from sm_75, mbarrier from sm_80 and its
/// parity waits from sm_90, TMA from sm_90, wgmma on sm_90a). Named here
/// rather than by linking the dialect: the target dialect checks them
/// before convert-nvgpu-to-nvvm, whose intrinsics LLVM cannot select for
/// older chips.
static StringRef getNVGPURequirement(OperationName name) {
  StringRef op = name.stripDialect();
  if (op.starts_with("warpgroup."))
    return "provides(sm_90a)";
  if (op.starts_with("tma.") || op == "mbarrier.try_wait.parity")
    return "provides(sm_90)";
  if (op.starts_with("mma.") || op.starts_with("device_async_") ||
      op.starts_with("mbarrier."))
    return "provides(sm_80)";
  if (op == "ldmatrix")
    return "provides(sm_75)";
  return "is_device";
}

ConditionAttr cudapy::target::getTargetRequirement(Operation *op) {
  MLIRContext *context = op->getContext();
  if (auto requirement = dyn_cast<TargetRequirementOpInterface>(op))
    return requirement.getTargetRequirement();
  if (auto requiresSM = dyn_cast<NVVM::RequiresSMInterface>(op)) {
    NVVM::NVVMCheckSMVersion version = requiresSM.getRequiredMinSMVersion();
    Condition condition{Condition::Kind::Or, {}, {}};
    for (int sm : version.smVersionList) {
      CompileTarget chip{false, static_cast<unsigned>(sm),
                         version.archAccelerated ? 'a' : '\0'};
      condition.operands.push_back(
          Condition{Condition::Kind::Provides, chip, {}});
    }
    return ConditionAttr::get(context, condition);
  }
  if (isa<NVVM::NVVMDialect>(op->getDialect()))
    return conditionOf(context, "is_device");
  if (op->getName().getDialectNamespace() == "nvgpu")
    return conditionOf(context, getNVGPURequirement(op->getName()));
  if (isa<gpu::GPUDialect>(op->getDialect())) {
    // Host-side GPU ops: launching, allocating, copying, waiting.
    if (isa<gpu::LaunchFuncOp, gpu::LaunchOp, gpu::AllocOp, gpu::DeallocOp,
            gpu::MemcpyOp, gpu::MemsetOp, gpu::WaitOp, gpu::HostRegisterOp,
            gpu::HostUnregisterOp>(op))
      return conditionOf(context, "is_host");
    // Containers and functions are not uses.
    if (isa<gpu::GPUModuleOp, gpu::GPUFuncOp, gpu::BinaryOp, gpu::ReturnOp,
            gpu::TerminatorOp>(op))
      return nullptr;
    return conditionOf(context, "is_device");
  }
  return nullptr;
}

namespace {
/// The requirement of an upstream op that can only run on the host.
template <typename Op>
struct HostOnlyRequirement : public TargetRequirementOpInterface::ExternalModel<
                                 HostOnlyRequirement<Op>, Op> {
  ConditionAttr getTargetRequirement(Operation *op) const {
    return conditionOf(op->getContext(), "is_host");
  }
};
} // namespace

void cudapy::target::registerTargetRequirementExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, vector::VectorDialect *) {
    vector::PrintOp::attachInterface<HostOnlyRequirement<vector::PrintOp>>(
        *context);
  });
}

std::optional<CompileTarget>
cudapy::target::getCompileTargetFor(Operation *op, StringRef option) {
  if (!option.empty())
    return CompileTarget::parse(option);
  auto module = dyn_cast<gpu::GPUModuleOp>(op);
  if (!module)
    module = op->getParentOfType<gpu::GPUModuleOp>();
  if (auto chip = module ? module->getAttrOfType<StringAttr>(kChipAttrName)
                         : StringAttr())
    return CompileTarget::parse(chip.getValue());
  return std::nullopt;
}

std::optional<unsigned> cudapy::target::getPtxVersionFor(Operation *op) {
  auto module = dyn_cast<gpu::GPUModuleOp>(op);
  if (!module)
    module = op->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return std::nullopt;
  for (Attribute target : module.getTargetsAttr())
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      return parsePtxVersion(getPtxVersionFromFeatures(nvvm.getFeatures()));
  return std::nullopt;
}

LogicalResult cudapy::target::verifyTargetOption(MLIRContext *context,
                                                 StringRef passName,
                                                 StringRef option) {
  if (option.empty() || CompileTarget::parse(option))
    return success();
  return emitError(UnknownLoc::get(context))
         << passName << ": target must be 'host' or a chip such as sm_90, not '"
         << option << "'";
}

ConditionAttr cudapy::target::getExecutionSpace(Operation *function) {
  if (auto space = function->getAttrOfType<ConditionAttr>(
          TargetDialect::getExecutionSpaceAttrName()))
    return space;
  return conditionOf(function->getContext(),
                     function->getParentOfType<gpu::GPUModuleOp>() ? "is_device"
                                                                   : "is_host");
}
