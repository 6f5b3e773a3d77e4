//===- TilePromotion.h - dtype promotion of tile operands -------*- C++ -*-===//
//
// The promotion rules of the tile dialect, one library for the verifiers,
// type inference, the implicit-to-explicit pass and the C API. Today: the
// cuTile Python policy ("Data Model" > "Arithmetic Promotion"), with loosely
// typed constants.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H
#define CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>

namespace cudapy::tile {

/// cuTile's dtype categories, ordered boolean < integral < floating-point.
enum class DTypeCategory { Boolean = 0, Integral = 1, Float = 2 };

/// The category of a numeric dtype (pointers have none: std::nullopt).
std::optional<DTypeCategory> getCategory(mlir::Type dtype);

/// An operand of a binary operation, or its result: a value of a dtype, or
/// a loosely typed numeric constant (a literal such as `7` or `3.14`).
struct PromotionOperand {
  enum class Kind { Typed, LooseInt, LooseFloat };
  Kind kind = Kind::Typed;
  /// The dtype of a Typed operand.
  mlir::Type dtype;
  /// The value of a LooseInt constant: `value`, or the uint64 `value` when
  /// `isUint64`.
  int64_t value = 0;
  bool isUint64 = false;

  static PromotionOperand typed(mlir::Type dtype) {
    return {Kind::Typed, dtype, 0, false};
  }
  static PromotionOperand looseInt(int64_t value, bool isUint64 = false) {
    return {Kind::LooseInt, mlir::Type(), value, isUint64};
  }
  static PromotionOperand looseFloat() {
    return {Kind::LooseFloat, mlir::Type(), 0, false};
  }
};

/// The concrete dtype cuTile picks for a loose constant: int32, int64 or
/// uint64 by the integer's value (the smallest that holds it); float32 for
/// a floating-point constant.
mlir::Type getConcreteDType(mlir::MLIRContext *context,
                            const PromotionOperand &operand);

/// cuTile Python's common dtype of `a` and `b`: two loose constants give a
/// loose constant (integral unless one is floating-point); otherwise the
/// rules of "Arithmetic Promotion" and its table, whose ERR cells fail with
/// a sentence in `why` (mixed signedness, float16 with bfloat16, a
/// restricted float with another dtype).
mlir::FailureOr<PromotionOperand> promoteCuTile(mlir::MLIRContext *context,
                                                const PromotionOperand &a,
                                                const PromotionOperand &b,
                                                std::string *why = nullptr);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H
