//===- TilePromotion.h - dtype promotion of tile operands -------*- C++ -*-===//
//
// The broadcast and promotion rules of the tile dialect, one library for the
// verifiers, the implicit-to-explicit pass and the C API: the cuTile Python
// policy ("Data Model" > "Arithmetic Promotion", with loosely typed
// constants), the Tile C++ arithmetic conversions ("Conversions") and the
// Python Array API's type promotion.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H
#define CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H

#include "dialects/Tile/IR/TileTypes.h"

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

/// Whether a binary operation converts its operands as arithmetic does or as
/// comparisons do (Tile C++ distinguishes them: "arithmetic tile
/// conversion" prefers a tile's dtype over a scalar's, "arithmetic
/// comparison conversion" does not).
enum class ConversionKind { Arithmetic, Comparison };

/// Tile C++'s "arithmetic common type" of two arithmetic dtypes: the usual
/// C++ arithmetic conversions without integer promotion, with the
/// conversion ranks of "Extended Floating Point Types".
mlir::FailureOr<mlir::Type> getTileCppCommonType(mlir::Type a, mlir::Type b,
                                                 std::string *why = nullptr);

/// Whether Tile C++'s scalar conversion from `from` to `to` is narrowing
/// (C++ list-initialization's notion, with the extended float ranks).
bool isNarrowingConversion(mlir::Type from, mlir::Type to);

/// Tile C++'s arithmetic tile conversion (or comparison conversion) of two
/// operands, `aIsScalar`/`bIsScalar` telling C++ scalars (rank-0 tiles)
/// from tiles: the common element type, failing where the spec says the
/// conversion is ill-formed. Tile C++ has no loose constants.
mlir::FailureOr<PromotionOperand>
promoteTileCpp(mlir::MLIRContext *context, const PromotionOperand &a,
               bool aIsScalar, const PromotionOperand &b, bool bIsScalar,
               ConversionKind kind, std::string *why = nullptr);

/// The Python Array API's type promotion: bools only with bools, integers
/// of one signedness to the wider, mixed signedness to a signed type that
/// holds both (none for uint64), floats to the wider (float16 and bfloat16
/// do not mix), no promotion across kinds; a Python scalar (loose
/// constant) takes an array's dtype of its kind or a float array's, and an
/// integer scalar must fit that dtype.
mlir::FailureOr<PromotionOperand> promoteArrayApi(mlir::MLIRContext *context,
                                                  const PromotionOperand &a,
                                                  const PromotionOperand &b,
                                                  std::string *why = nullptr);

/// The common dtype of two operands under `policy` (the dispatch the
/// implicit form's verifiers and the pass use).
mlir::FailureOr<PromotionOperand>
promote(mlir::MLIRContext *context, PromotionPolicy policy,
        const PromotionOperand &a, bool aIsScalar, const PromotionOperand &b,
        bool bIsScalar, ConversionKind kind, std::string *why = nullptr);

/// Whether loose integer constant `operand` is a value of integer dtype
/// `type` (bool: 0 or 1).
bool fitsIntegerDType(const PromotionOperand &operand, mlir::IntegerType type);

/// `(4, 8)`, `(128,)`, `()`: a shape as the diagnostics write it.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Whether `from` is broadcastable to `to` (Tile C++ "broadcastable to":
/// aligned at the trailing dimensions, each extent equal or 1).
bool isBroadcastableTo(llvm::ArrayRef<int64_t> from,
                       llvm::ArrayRef<int64_t> to);

/// The mutual broadcast shape of `a` and `b` (Tile C++ "mutual broadcast
/// shape"; cuTile Python "Shape Broadcasting"), failing when they are not
/// mutually broadcast compatible or the shape is over the tile limits.
mlir::FailureOr<llvm::SmallVector<int64_t>>
getBroadcastShape(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b,
                  std::string *why = nullptr);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILEPROMOTION_H
