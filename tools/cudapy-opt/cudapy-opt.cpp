//===- cudapy-opt.cpp - mlir-opt for cudapy -------------------------------===//
//
// Runs any cudapy pass or pipeline (and the upstream passes they build on) on
// MLIR text, with the standard mlir-opt flags.
//
//===----------------------------------------------------------------------===//

#include "cudapy/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  cudapy::registerAllPassesWithUpstream();
  mlir::DialectRegistry registry;
  cudapy::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cudapy optimizer driver\n", registry));
}
