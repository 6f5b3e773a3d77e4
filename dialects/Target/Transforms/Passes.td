//===- Passes.td - target dialect passes -------------------*- tablegen -*-===//

#ifndef CUDAPY_TARGET_PASSES_TD
#define CUDAPY_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def TargetAssignChipsPass : Pass<"target-assign-chips", "mlir::ModuleOp"> {
  let summary = "Give every gpu.module its compile targets, one copy per chip";
  let description = [{
    For one chip, marks each `gpu.module` with `target.chip` and attaches the
    chip's `#nvvm.target`. For several (multi-target compilation), replaces
    each gpu.module by one copy per chip, named `<module>_<chip>` and marked
    with `target.chip` and `target.origin` (the original name), so that
    `target-specialize` can fold each copy's conditions for its own chip;
    `cudapy-serialize-to-ptx` puts the copies' objects back into one
    `gpu.binary` named after the original module.

    ```mlir
    // target-assign-chips{chips=sm_80,sm_90}
    gpu.module @k_sm_80 [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
        attributes {target.chip = "sm_80", target.origin = "k"} { ... }
    gpu.module @k_sm_90 [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">]
        attributes {target.chip = "sm_90", target.origin = "k"} { ... }
    ```
  }];
  let options = [
    ListOption<"chips", "chips", "std::string", "Chips to compile for">,
    Option<"ptxVersion", "ptx-version", "std::string", /*default=*/"\"\"",
           "PTX ISA version; empty: each chip's minimum">,
    Option<"optLevel", "O", "unsigned", /*default=*/"3",
           "Optimization level recorded in the #nvvm.target">,
  ];
  let dependentDialects = ["mlir::NVVM::NVVMDialect",
                           "cudapy::target::TargetDialect"];
}

def TargetSpecializePass : Pass<"target-specialize"> {
  let summary = "Fold target conditions for one compile target";
  let description = [{
    Replaces each `target.if` by the region that applies to the compile
    target (or by nothing) and each `target.query` by a constant (cuda-device
    spec, "Target Specialization"). The regions dropped are never looked at:
    they may hold constructs the target cannot compile. The target is the
    `target` option (`host` or a chip such as `sm_90a`), or else, inside a
    gpu.module, its `target.chip` attribute (`target-assign-chips`).

    ```mlir
    // target-specialize{target=sm_80}
    %v = target.if <"provides(sm_90)"> -> (i32) { ... } else { %b = ... }
    // becomes the else region's code, %v replaced by %b
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Compile target: 'host' or a chip; empty: the enclosing "
           "gpu.module's target.chip">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "cudapy::target::TargetDialect"];
}

def TargetCheckExecutionSpacesPass
    : Pass<"target-check-execution-spaces"> {
  let summary = "Report constructs used where the compile target cannot run them";
  let description = [{
    After `target-specialize`: every function compiled for the target (its
    execution space — `target.execution_space`, else device code inside a
    gpu.module and host code outside — contains it) may only use ops whose
    requirement (`TargetRequirementOpInterface`, NVVM's SM traits, the GPU
    dialect's device- and host-side ops) holds for the target, and call
    functions whose execution space contains it. Each violation is an error
    at the use, naming the requirement, the target and the `target.if` that
    would guard it (cuda-device spec, "Execution Spaces", "Device Only
    Entities").
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Compile target: 'host' or a chip; empty: the enclosing "
           "gpu.module's target.chip">,
  ];
  let dependentDialects = ["cudapy::target::TargetDialect"];
}

#endif // CUDAPY_TARGET_PASSES_TD
