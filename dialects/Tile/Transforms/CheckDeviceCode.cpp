//===- CheckDeviceCode.cpp - tile code only in gpu.modules ----------------===//
//
// Implements `tile-check-device-code`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace cudapy::tile {
#define GEN_PASS_DEF_TILECHECKDEVICECODEPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy::tile;

namespace {
/// Whether `type` is one of the tile dialect's.
static bool isTileType(Type type) {
  return isa<TileDialect>(type.getDialect());
}

struct TileCheckDeviceCodePass
    : public cudapy::tile::impl::TileCheckDeviceCodePassBase<
          TileCheckDeviceCodePass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    for (auto function : getOperation().getOps<FunctionOpInterface>()) {
      Operation *first = nullptr;
      function->walk<WalkOrder::PreOrder>([&](Operation *op) {
        // A gpu.launch body becomes a kernel of its own gpu.module.
        if (isa<gpu::LaunchOp>(op))
          return WalkResult::skip();
        if (isa_and_nonnull<TileDialect>(op->getDialect()) ||
            llvm::any_of(op->getResultTypes(), isTileType)) {
          first = op;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      bool tileArguments =
          llvm::any_of(function.getArgumentTypes(), isTileType);
      if (!first && !tileArguments)
        continue;
      InFlightDiagnostic error =
          function->emitError("@")
          << function.getName()
          << " uses tiles outside every gpu.module; tile code is device "
             "code: put it in a gpu.module (as a gpu.func kernel)";
      if (first)
        error.attachNote(first->getLoc())
            << "its first tile op: '" << first->getName() << "'";
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
