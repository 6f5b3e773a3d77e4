//===- CheckDeviceOnly.cpp - device-only py entities in device code -------===//
//
// Implements `py-check-device-only`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Py/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace cudapy::py {
#define GEN_PASS_DEF_PYCHECKDEVICEONLYPASS
#include "dialects/Py/Transforms/Passes.h.inc"
} // namespace cudapy::py

using namespace mlir;
using namespace cudapy::py;

namespace {
struct PyCheckDeviceOnlyPass
    : public cudapy::py::impl::PyCheckDeviceOnlyPassBase<
          PyCheckDeviceOnlyPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](KernelOp kernel) {
      if (kernel->getParentOfType<gpu::GPUModuleOp>())
        return;
      kernel.emitError("kernel @")
          << kernel.getSymName()
          << " is device only and must be in a gpu.module (spec, \"Device "
             "Only Entities\": device-only entities shall not be used in host "
             "code)";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
