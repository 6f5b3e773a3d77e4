//===- CheckExecutionSpaces.cpp - uses where the target cannot run --------===//
//
// Implements `target-check-execution-spaces`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace cudapy::target {
#define GEN_PASS_DEF_TARGETCHECKEXECUTIONSPACESPASS
#include "dialects/Target/Transforms/Passes.h.inc"
} // namespace cudapy::target

using namespace mlir;
using namespace cudapy;
using namespace cudapy::target;

namespace {
struct TargetCheckExecutionSpacesPass
    : public cudapy::target::impl::TargetCheckExecutionSpacesPassBase<
          TargetCheckExecutionSpacesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    return verifyTargetOption(context, "target-check-execution-spaces", target);
  }

  /// Checks the body of `function`, compiled for `compileTarget`.
  bool checkFunction(FunctionOpInterface function,
                     const CompileTarget &compileTarget) {
    bool ok = true;
    std::string where = compileTarget.str();
    auto noteFunction = [&](InFlightDiagnostic &diag) {
      diag.attachNote(function.getLoc())
          << "in '" << function.getName() << "', compiled for " << where
          << " (execution space " << getExecutionSpace(function).getExpression()
          << ")";
    };
    function.getFunctionBody().walk([&](Operation *op) {
      if (isa<IfOp, QueryOp>(op)) {
        InFlightDiagnostic diag =
            op->emitError("target condition left unspecialized; run "
                          "target-specialize first");
        ok = false;
        return WalkResult::skip();
      }
      if (ConditionAttr requirement = getTargetRequirement(op))
        if (!requirement.evaluate(compileTarget)) {
          InFlightDiagnostic diag = op->emitError()
                                    << "'" << op->getName() << "' requires "
                                    << requirement.getExpression() << ", which "
                                    << where
                                    << " does not satisfy; guard it with "
                                       "target.if <\""
                                    << requirement.getExpression() << "\">";
          noteFunction(diag);
          ok = false;
        }
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (Operation *callee = call.resolveCallable())
          if (isa<FunctionOpInterface>(callee)) {
            ConditionAttr space = getExecutionSpace(callee);
            if (!space.evaluate(compileTarget)) {
              InFlightDiagnostic diag =
                  op->emitError()
                  << "calls '" << cast<FunctionOpInterface>(callee).getName()
                  << "', whose execution space " << space.getExpression()
                  << " does not contain " << where << "; guard the call with "
                  << "target.if <\"" << space.getExpression() << "\">";
              noteFunction(diag);
              ok = false;
            }
          }
      return WalkResult::advance();
    });
    return ok;
  }

  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      std::optional<CompileTarget> compileTarget =
          getCompileTargetFor(function, target);
      if (!compileTarget) {
        function.emitError("target-check-execution-spaces has no compile "
                           "target: give the pass a target, or run "
                           "target-assign-chips first");
        ok = false;
        return;
      }
      // Functions that are not compiled for this target are not checked.
      if (!getExecutionSpace(function).evaluate(*compileTarget))
        return;
      ok &= checkFunction(function, *compileTarget);
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
