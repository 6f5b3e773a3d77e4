//===- TargetInterfaces.td - target dialect interfaces -----*- tablegen -*-===//

#ifndef CUDAPY_TARGET_INTERFACES_TD
#define CUDAPY_TARGET_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Target_RequirementOpInterface : OpInterface<"TargetRequirementOpInterface"> {
  let cppNamespace = "::cudapy::target";
  let description = [{
    Implemented by ops (of any dialect; upstream ones through external
    models) that can only be compiled for some targets: device-only ops
    (`is_device`), ops that need a chip (`provides(sm_80)`, `provides(sm_90a)`)
    or host-only ops (`is_host`). `target-check-execution-spaces` reports a
    use where the requirement does not hold (cuda-device spec, "Execution
    Spaces" and "Device Only Entities").
  }];
  let methods = [
    InterfaceMethod<"The targets on which the op can be compiled.",
      "::cudapy::target::ConditionAttr", "getTargetRequirement">,
  ];
}

#endif // CUDAPY_TARGET_INTERFACES_TD
