//===- TargetAttrs.td - target dialect attributes ----------*- tablegen -*-===//

#ifndef CUDAPY_TARGET_ATTRS_TD
#define CUDAPY_TARGET_ATTRS_TD

include "dialects/Target/IR/TargetDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Target_ConditionAttr : AttrDef<Target_Dialect, "Condition"> {
  let mnemonic = "cond";
  let summary = "A target description: a set of compile targets";
  let description = [{
    A condition in the spec's notation (cuda-device spec, "Target
    Specialization": `provides(smXX)`, `is_exactly(smXX)`, `is_host`,
    `is_device`, `any_target`, `no_target`, `|`, `&`, `~`), kept in normal
    form: the attribute stores and prints the normalized condition, so
    equivalent spellings the algebra's laws identify are the same attribute.

    ```mlir
    #target.cond<"provides(sm_80) & ~is_exactly(sm_90)">
    #target.cond<"~(is_host | provides(sm_90))">   // prints "~provides(sm_90) & is_device"
    ```
  }];
  let parameters = (ins StringRefParameter<"the condition, normalized">:$expression);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "const ::cudapy::Condition &":$condition)>,
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// The condition (the stored text parsed back; always valid).
    ::cudapy::Condition getCondition() const;
    /// Parses and normalizes `text`; a null attribute, with `error` set, when
    /// it is not a condition.
    static ConditionAttr parse(::mlir::MLIRContext *context,
                               ::llvm::StringRef text, std::string &error);
    bool evaluate(const ::cudapy::CompileTarget &target) const {
      return getCondition().evaluate(target);
    }
  }];
}

#endif // CUDAPY_TARGET_ATTRS_TD
