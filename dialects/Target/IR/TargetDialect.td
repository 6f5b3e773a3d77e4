//===- TargetDialect.td - the target dialect ---------------*- tablegen -*-===//

#ifndef CUDAPY_TARGET_DIALECT_TD
#define CUDAPY_TARGET_DIALECT_TD

include "mlir/IR/OpBase.td"

def Target_Dialect : Dialect {
  let name = "target";
  let cppNamespace = "::cudapy::target";
  let summary = "Target specialization: conditions on the compile target";
  let description = [{
    The cuda-device spec's "Target Specialization" and "Execution Spaces".
    A condition (`#target.cond<"provides(sm_80) & ~is_exactly(sm_90)">`)
    describes a set of compile targets — the host, or GPU chips. `target.if`
    keeps code that only some targets can compile; `target-specialize` folds
    every condition for one target and drops the code that does not apply,
    before anything else looks at it. Functions carry an execution space
    (`target.execution_space`, a condition), ops declare what they require
    (`TargetRequirementOpInterface`, and the SM traits of NVVM ops), and
    `target-check-execution-spaces` reports what is used where it cannot run.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable function attribute holding its execution
    /// space (a ConditionAttr).
    static llvm::StringRef getExecutionSpaceAttrName() {
      return "target.execution_space";
    }
  }];
}

class Target_Op<string mnemonic, list<Trait> traits = []>
    : Op<Target_Dialect, mnemonic, traits>;

#endif // CUDAPY_TARGET_DIALECT_TD
