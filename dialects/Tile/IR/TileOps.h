//===- TileOps.h - tile dialect operations ----------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILEOPS_H
#define CUDAPY_DIALECTS_TILE_IR_TILEOPS_H

#include "dialects/Tile/IR/TilePromotion.h"
#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/Tile/IR/TileOps.h.inc"

namespace cudapy::tile {

/// What the operands of an implicit-form elementwise op become in the
/// explicit form: one shape and, for the promoted operands, one dtype.
struct ElementwiseSignature {
  llvm::SmallVector<int64_t> shape;
  mlir::Type dtype;
};

/// The signature of an implicit-form elementwise op under `policy`:
/// `promoted` broadcast together with `broadcastOnly` (a select's
/// condition) and promote to a common dtype. Fails with the reason in
/// `why`. A loose operand's value comes from its `tile.literal`.
mlir::FailureOr<ElementwiseSignature>
inferElementwiseSignature(PromotionPolicy policy, mlir::ValueRange promoted,
                          mlir::ValueRange broadcastOnly, ConversionKind kind,
                          std::string *why = nullptr);

/// The policy of an implicit-form elementwise op (its `promote`
/// attribute), or std::nullopt for the explicit form and other ops.
std::optional<PromotionPolicy> getPromotionPolicy(mlir::Operation *op);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILEOPS_H
