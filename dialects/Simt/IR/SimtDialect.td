//===- SimtDialect.td - the simt dialect -------------------*- tablegen -*-===//

#ifndef CUDAPY_SIMT_DIALECT_TD
#define CUDAPY_SIMT_DIALECT_TD

include "mlir/IR/OpBase.td"

def Simt_Dialect : Dialect {
  let name = "simt";
  let cppNamespace = "::cudapy::simt";
  let summary = "The CUDA Python SIMT programming model";
  let description = [{
    The cuda-device spec's "CUDA Python Programming" section: thread
    positioning, the three memories, barriers and fences, atomics with a
    memory order and a thread scope, warp votes, shuffles and matching,
    numeric intrinsics and the math module functions. Values are `py` types
    (`!py.int`, `!py.bool`, arrays, tuples); upstream `gpu`/`nvvm` ops say
    the rest. Every op is device only (`TargetRequirementOpInterface`:
    `is_device`), so `target-check-execution-spaces` reports one used in
    host code (spec, "Device Only Entities"). `convert-simt-to-gpu` and
    `convert-py-to-llvm` lower the dialect (docs/Simt.md).
  }];
  let dependentDialects = ["cudapy::py::PyDialect"];
  let useDefaultTypePrinterParser = 1;
}

class Simt_Op<string mnemonic, list<Trait> traits = []>
    : Op<Simt_Dialect, mnemonic, traits>;

#endif // CUDAPY_SIMT_DIALECT_TD
