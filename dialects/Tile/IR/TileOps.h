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

/// How a tile's elements change along one of its dimensions.
enum class ElementRun { other, constant, consecutive, checked };

/// Along dimension `dim` of tile `value` (explicit form): whether its
/// elements are all equal (constant), each is one more than the one before
/// it (consecutive, in the dtype's wrapping arithmetic), or may be where a
/// check of the values says so (checked: a select of such a run and other
/// indices, as a scatter that sends its masked elements out of bounds
/// makes), as far as the ops that make it show (iota, broadcast, reshapes
/// that insert or drop extents of 1, converts, selects, and adds, subtracts
/// and multiplies of constant parts: arange plus an offset).
ElementRun getElementRun(mlir::Value value, int64_t dim);

/// Whether the index tiles of a gather or scatter on `array` (one per array
/// dimension) read windows of it along tile dimension `dim`: the array's
/// last stride is 1, the index into the last dimension is consecutive
/// along `dim` and the other indices constant. With `checked`, an index
/// into the last dimension whose run a check of its values must confirm
/// counts too, and sets it.
bool indexesWindows(ArrayType array, mlir::ValueRange indices, int64_t dim,
                    bool *checked = nullptr);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILEOPS_H
