//===- TileOps.cpp - tile dialect operations ------------------------------===//
//
// Verifiers cite the spec rule they enforce; the broadcast and promotion
// rules themselves live in TilePromotion.cpp. Shape ops, reductions, scans
// and mma are in TileShapeOps.cpp, the folders of elementwise ops in
// TileFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/IR/TileOps.h"
#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileVerification.h"

#include "cudapy/Support/PrintFormat.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool tile::isFloatDType(Type dtype) {
  return isa<FloatType>(dtype) && !isRestrictedFloat(dtype);
}

bool tile::isSignedDType(Type dtype) {
  auto integer = dyn_cast<IntegerType>(dtype);
  return integer && integer.isSigned();
}

static TileType withElementType(TileType type, Type dtype) {
  return TileType::get(type.getContext(), type.getShape(), dtype,
                       type.getEncoding());
}

/// Checks a rounding mode against the ones an op allows for its dtype
/// (cuTile Python "Rounding Modes"; Tile C++ "Rounding Mode").
static LogicalResult verifyRounding(Operation *op,
                                    std::optional<RoundingMode> rounding,
                                    Type dtype, ArrayRef<RoundingMode> allowed,
                                    bool approxF32Only = true) {
  if (!rounding)
    return success();
  if (!isFloatDType(dtype))
    return op->emitOpError("rounding applies to floating-point results, not ")
           << getDTypeName(dtype);
  if (!llvm::is_contained(allowed, *rounding)) {
    std::string names;
    for (RoundingMode mode : allowed)
      names += (names.empty() ? "" : ", ") + stringifyRoundingMode(mode).str();
    return op->emitOpError("takes rounding ")
           << names << ", not " << stringifyRoundingMode(*rounding);
  }
  if (approxF32Only &&
      (*rounding == RoundingMode::approx || *rounding == RoundingMode::full) &&
      !dtype.isF32())
    return op->emitOpError("rounding ")
           << stringifyRoundingMode(*rounding) << " is for float32, not "
           << getDTypeName(dtype);
  // Directed rounding of arithmetic is PTX's, which has it for float32
  // and float64 only (a narrower result would be rounded twice).
  bool directed = *rounding == RoundingMode::rz ||
                  *rounding == RoundingMode::rm ||
                  *rounding == RoundingMode::rp;
  if (directed && !dtype.isF32() && !dtype.isF64())
    return op->emitOpError("rounding ")
           << stringifyRoundingMode(*rounding)
           << " is for float32 and float64, not " << getDTypeName(dtype);
  return success();
}

/// Flushing subnormals to zero is a float32 mode (Tile C++ "Subnormals
/// Rounding Mode"; PTX's .ftz).
static LogicalResult verifyFtz(Operation *op, bool ftz, Type dtype) {
  if (ftz && !dtype.isF32())
    return op->emitOpError("ftz applies to float32, not ")
           << getDTypeName(dtype);
  return success();
}

/// A scalar splat constant's value, if `value` is one.
Attribute tile::getSplat(Attribute value) {
  auto elements = dyn_cast_if_present<DenseElementsAttr>(value);
  if (!elements || !elements.isSplat())
    return {};
  return elements.getSplatValue<Attribute>();
}

DenseElementsAttr tile::splatOf(TileType type, Attribute element) {
  return DenseElementsAttr::get(cast<ShapedType>(type), element);
}

//===----------------------------------------------------------------------===//
// The implicit form
//===----------------------------------------------------------------------===//

std::optional<PromotionPolicy> tile::getPromotionPolicy(Operation *op) {
  auto attr = op->getAttrOfType<PromotionPolicyAttr>("promote");
  if (!attr)
    return std::nullopt;
  return attr.getValue();
}

/// A promotion operand for `value`: its dtype, or a loose constant's value
/// from its tile.literal.
static FailureOr<PromotionOperand> describeOperand(Value value,
                                                   std::string *why) {
  Type type = value.getType();
  if (auto tileType = dyn_cast<TileType>(type))
    return PromotionOperand::typed(tileType.getElementType());
  if (isa<LooseFloatType>(type))
    return PromotionOperand::looseFloat();
  auto literal = value.getDefiningOp<LiteralOp>();
  auto integer =
      literal ? dyn_cast<IntegerAttr>(literal.getValue()) : IntegerAttr();
  if (!integer) {
    if (why)
      *why = "a loosely typed integer comes from tile.literal";
    return failure();
  }
  bool isUint64 = integer.getType().isUnsignedInteger();
  return PromotionOperand::looseInt(
      static_cast<int64_t>(integer.getValue().getZExtValue()), isUint64);
}

static ArrayRef<int64_t> getShapeOf(Value value) {
  if (auto type = dyn_cast<TileType>(value.getType()))
    return type.getShape();
  return {};
}

FailureOr<ElementwiseSignature>
tile::inferElementwiseSignature(PromotionPolicy policy, ValueRange promoted,
                                ValueRange broadcastOnly, ConversionKind kind,
                                std::string *why) {
  ElementwiseSignature signature;
  for (Value value : llvm::concat<Value>(promoted, broadcastOnly)) {
    FailureOr<SmallVector<int64_t>> shape =
        getBroadcastShape(signature.shape, getShapeOf(value), why);
    if (failed(shape))
      return failure();
    signature.shape = std::move(*shape);
  }
  if (llvm::none_of(promoted,
                    [](Value v) { return isa<TileType>(v.getType()); })) {
    if (why)
      *why = "an elementwise operation needs a typed operand: fold the "
             "loosely typed constants first";
    return failure();
  }
  assert(promoted.size() == 2 && "binary promotion");
  FailureOr<PromotionOperand> a = describeOperand(promoted[0], why);
  FailureOr<PromotionOperand> b = describeOperand(promoted[1], why);
  if (failed(a) || failed(b))
    return failure();
  MLIRContext *context = promoted[0].getContext();
  FailureOr<PromotionOperand> common =
      promote(context, policy, *a, getShapeOf(promoted[0]).empty(), *b,
              getShapeOf(promoted[1]).empty(), kind, why);
  if (failed(common))
    return failure();
  signature.dtype = getConcreteDType(context, *common);
  return signature;
}

/// Verifies an elementwise op's operands: with `promote`, they must
/// broadcast and promote to `expected`'s shape and dtype; without it (the
/// explicit form) they must all be tiles of one type. Returns the common
/// operand dtype.
static FailureOr<Type>
verifyElementwiseOperands(Operation *op, ValueRange promoted,
                          ValueRange broadcastOnly, TileType result,
                          ConversionKind kind, bool resultIsBool) {
  std::optional<PromotionPolicy> policy = getPromotionPolicy(op);
  if (!policy) {
    for (Value value : llvm::concat<Value>(promoted, broadcastOnly))
      if (!isa<TileType>(value.getType()))
        return op->emitOpError("a loosely typed operand needs the implicit "
                               "form (promote <policy>)"),
               failure();
    Type type = promoted[0].getType();
    for (Value value : promoted)
      if (value.getType() != type)
        return op->emitOpError("operands of the explicit form have one type; "
                               "use `promote <policy>` or tile.broadcast and "
                               "tile.convert"),
               failure();
    for (Value value : broadcastOnly)
      if (getShapeOf(value) != cast<TileType>(type).getShape())
        return op->emitOpError("operands of the explicit form have one shape"),
               failure();
    auto tileType = cast<TileType>(type);
    Type expected =
        resultIsBool
            ? withElementType(tileType, IntegerType::get(op->getContext(), 1))
            : Type(tileType);
    if (result != expected)
      return op->emitOpError("result type ")
                 << result << " differs from " << expected,
             failure();
    return tileType.getElementType();
  }
  std::string why;
  FailureOr<ElementwiseSignature> signature =
      inferElementwiseSignature(*policy, promoted, broadcastOnly, kind, &why);
  if (failed(signature))
    return op->emitOpError(why), failure();
  Type dtype =
      resultIsBool ? IntegerType::get(op->getContext(), 1) : signature->dtype;
  auto expected = TileType::get(op->getContext(), signature->shape, dtype);
  if (auto tile = dyn_cast<TileType>(result))
    result = tile.dropEncoding();
  if (result != expected)
    return op->emitOpError("operands broadcast and promote to ")
               << expected << ", not " << result,
           failure();
  return signature->dtype;
}

/// The types of a binary op: `T` when both operands and the result have
/// type `T`, else `T1, T2 -> R`.
static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &lhs,
                                         Type &rhs, Type &result) {
  if (parser.parseType(lhs))
    return failure();
  if (failed(parser.parseOptionalComma())) {
    rhs = result = lhs;
    return success();
  }
  return failure(parser.parseType(rhs) || parser.parseArrow() ||
                 parser.parseType(result));
}

static void printElementwiseTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                                  Type rhs, Type result) {
  if (lhs == rhs && rhs == result) {
    printer << lhs;
    return;
  }
  printer << lhs << ", " << rhs << " -> " << result;
}

/// A comparison's types: `T` for operands of type `T` (the result is bools
/// of its shape), else `T1, T2 -> R`.
static ParseResult parseCompareTypes(OpAsmParser &parser, Type &lhs, Type &rhs,
                                     Type &result) {
  if (parser.parseType(lhs))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return failure(parser.parseType(rhs) || parser.parseArrow() ||
                   parser.parseType(result));
  rhs = lhs;
  auto tileType = dyn_cast<TileType>(lhs);
  if (!tileType)
    return parser.emitError(parser.getCurrentLocation(),
                            "a single type here is a tile type");
  result = withElementType(tileType, parser.getBuilder().getI1Type());
  return success();
}

static void printCompareTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                              Type rhs, Type result) {
  auto tileType = dyn_cast<TileType>(lhs);
  if (lhs == rhs && tileType &&
      result ==
          withElementType(tileType, IntegerType::get(lhs.getContext(), 1))) {
    printer << lhs;
    return;
  }
  printer << lhs << ", " << rhs << " -> " << result;
}

/// A select's types: `T` for a condition of bools of T's shape and values
/// and result of type `T`, else `C, T1, T2 -> R`.
static ParseResult parseSelectTypes(OpAsmParser &parser, Type &cond, Type &lhs,
                                    Type &rhs, Type &result) {
  Type first;
  if (parser.parseType(first))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    cond = first;
    return failure(parser.parseType(lhs) || parser.parseComma() ||
                   parser.parseType(rhs) || parser.parseArrow() ||
                   parser.parseType(result));
  }
  auto tileType = dyn_cast<TileType>(first);
  if (!tileType)
    return parser.emitError(parser.getCurrentLocation(),
                            "a single type here is a tile type");
  lhs = rhs = result = first;
  cond = withElementType(tileType, parser.getBuilder().getI1Type());
  return success();
}

static void printSelectTypes(OpAsmPrinter &printer, Operation *, Type cond,
                             Type lhs, Type rhs, Type result) {
  auto tileType = dyn_cast<TileType>(lhs);
  if (tileType && lhs == rhs && rhs == result &&
      cond ==
          withElementType(tileType, IntegerType::get(lhs.getContext(), 1))) {
    printer << lhs;
    return;
  }
  printer << cond << ", " << lhs << ", " << rhs << " -> " << result;
}

/// An optional operand whose type is `type` (a load's `other`).
static ParseResult
parseSameType(OpAsmParser &,
              std::optional<OpAsmParser::UnresolvedOperand> operand, Type type,
              Type &same) {
  if (operand)
    same = type;
  return success();
}

static void printSameType(OpAsmPrinter &, Operation *, Value, Type, Type) {}

/// A gather's optional padding: a scalar of the array's dtype.
static ParseResult
parsePaddingType(OpAsmParser &,
                 std::optional<OpAsmParser::UnresolvedOperand> operand,
                 Type array, Type &padding) {
  if (operand)
    padding = TileType::get(array.getContext(), {},
                            cast<ArrayType>(array).getElementType());
  return success();
}

static void printPaddingType(OpAsmPrinter &, Operation *, Value, Type, Type) {}

/// `-> type` after a view when the tile has a layout (the view's tile
/// otherwise).
static ParseResult parseViewTile(OpAsmParser &parser, Type &tile,
                                 Type viewType) {
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(tile);
  auto view = dyn_cast<ViewType>(viewType);
  if (!view)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a !tile.view type");
  tile = view.getTileType();
  return success();
}

static void printViewTile(OpAsmPrinter &printer, Operation *, Type tile,
                          Type viewType) {
  if (tile != cast<ViewType>(viewType).getTileType())
    printer << " -> " << tile;
}

#define GET_OP_CLASSES
#include "dialects/Tile/IR/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Arrays and views
//===----------------------------------------------------------------------===//

LogicalResult MakeArrayOp::verify() {
  ArrayType type = getResult().getType();
  if (getDynamicShape().size() != type.getNumDynamicDims())
    return emitOpError("takes one extent per dynamic dimension (")
           << type.getNumDynamicDims() << "), not " << getDynamicShape().size();
  if (getDynamicStrides().size() != type.getNumDynamicStrides())
    return emitOpError("takes one stride per dynamic stride (")
           << type.getNumDynamicStrides() << "), not "
           << getDynamicStrides().size();
  Type pointee =
      cast<PointerType>(getBase().getType().getElementType()).getPointee();
  if (pointee != type.getElementType())
    return emitOpError("the base points to ")
           << getDTypeName(pointee) << ", the array holds "
           << getDTypeName(type.getElementType());
  return success();
}

LogicalResult ArrayDimOp::verify() {
  if (static_cast<int64_t>(getDim()) >= getArray().getType().getRank())
    return emitOpError("dimension ")
           << getDim() << " is out of range for a rank-"
           << getArray().getType().getRank() << " array";
  return success();
}

/// A scalar si32 constant.
static Attribute indexAttr(MLIRContext *context, int64_t value) {
  return splatOf(
      getIndexScalarType(context),
      IntegerAttr::get(IntegerType::get(context, 32, IntegerType::Signed),
                       value));
}

OpFoldResult ArrayDimOp::fold(FoldAdaptor) {
  int64_t extent = getArray().getType().getShape()[getDim()];
  if (ShapedType::isDynamic(extent))
    return {};
  return indexAttr(getContext(), extent);
}

LogicalResult ArrayBaseOp::verify() {
  Type pointee =
      cast<PointerType>(getResult().getType().getElementType()).getPointee();
  if (pointee != getArray().getType().getElementType())
    return emitOpError("points to ")
           << getDTypeName(pointee) << ", not the array's "
           << getDTypeName(getArray().getType().getElementType());
  return success();
}

LogicalResult ArrayStrideOp::verify() {
  if (static_cast<int64_t>(getDim()) >= getArray().getType().getRank())
    return emitOpError("dimension ")
           << getDim() << " is out of range for a rank-"
           << getArray().getType().getRank() << " array";
  return success();
}

OpFoldResult ArrayStrideOp::fold(FoldAdaptor) {
  int64_t stride = getArray().getType().getStrides()[getDim()];
  if (ShapedType::isDynamic(stride))
    return {};
  return splatOf(
      getSi64ScalarType(getContext()),
      IntegerAttr::get(IntegerType::get(getContext(), 64, IntegerType::Signed),
                       stride));
}

LogicalResult MakeViewOp::verify() {
  if (getResult().getType().getArray() != getArray().getType())
    return emitOpError("views an array of type ")
           << getResult().getType().getArray() << ", not "
           << getArray().getType();
  return success();
}

LogicalResult NumTilesOp::verify() {
  if (static_cast<int64_t>(getDim()) >=
      getView().getType().getArray().getRank())
    return emitOpError("dimension ") << getDim() << " is out of range";
  return success();
}

OpFoldResult NumTilesOp::fold(FoldAdaptor) {
  ViewType view = getView().getType();
  int64_t extent = view.getArray().getShape()[getDim()];
  if (ShapedType::isDynamic(extent))
    return {};
  int64_t step = view.getSteps()[getDim()];
  return indexAttr(getContext(), (extent + step - 1) / step);
}

static LogicalResult verifyTileIndices(Operation *op, ValueRange indices,
                                       int64_t rank) {
  if (static_cast<int64_t>(indices.size()) != rank)
    return op->emitOpError("takes one tile index per array dimension (")
           << rank << "), not " << indices.size();
  return success();
}

/// The tile loaded from or stored to a view is the view's tile, in any
/// layout.
static LogicalResult verifyViewTile(Operation *op, Type tile, ViewType view) {
  if (cast<TileType>(tile).dropEncoding() != view.getTileType())
    return op->emitOpError("the tile is ")
           << view.getTileType() << " (the view's tile), not "
           << cast<TileType>(tile).dropEncoding();
  return success();
}

/// A load's or store's memory order and scope (cuTile's `memory_order` and
/// `memory_scope` on load and store): both or neither; a load is relaxed or
/// acquire, a store relaxed or release; 4-bit elements have no atomic
/// access.
static LogicalResult verifyMemoryOrder(Operation *op,
                                       std::optional<MemoryOrder> order,
                                       std::optional<ThreadScope> scope,
                                       MemoryOrder other, Type dtype) {
  if (order.has_value() != scope.has_value())
    return op->emitOpError("takes a memory order and a scope together");
  if (!order)
    return success();
  if (*order != MemoryOrder::relaxed && *order != other)
    return op->emitOpError("is relaxed or ")
           << stringifyMemoryOrder(other) << ", not "
           << stringifyMemoryOrder(*order);
  if (isa<Float4E2M1FNType>(dtype))
    return op->emitOpError("of 4-bit elements cannot be atomic (memory ")
           << stringifyMemoryOrder(*order) << ")";
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyViewTile(*this, getType(), getView().getType())))
    return failure();
  if (failed(verifyMemoryOrder(
          *this, getMemory(), getScope(), MemoryOrder::acquire,
          getView().getType().getArray().getElementType())))
    return failure();
  return verifyTileIndices(*this, getIndices(),
                           getView().getType().getArray().getRank());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  // An atomic load is not merged with another or moved across one: it may
  // see another thread's write each time (and acquire orders what follows).
  if (getMemory())
    effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyViewTile(*this, getValue().getType(), getView().getType())))
    return failure();
  if (failed(verifyMemoryOrder(
          *this, getMemory(), getScope(), MemoryOrder::release,
          getView().getType().getArray().getElementType())))
    return failure();
  return verifyTileIndices(*this, getIndices(),
                           getView().getType().getArray().getRank());
}

void StoreOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get());
}

/// Index tiles (and a mask) of `shape`, one per array dimension.
static LogicalResult verifyIndexTiles(Operation *op, ValueRange indices,
                                      Value mask, ArrayRef<int64_t> shape,
                                      int64_t rank) {
  if (static_cast<int64_t>(indices.size()) != rank)
    return op->emitOpError("takes one index tile per array dimension (")
           << rank << "), not " << indices.size();
  for (Value index : indices)
    if (getShapeOf(index) != shape)
      return op->emitOpError("index tiles have the shape ")
             << formatShape(shape) << ", not "
             << formatShape(getShapeOf(index));
  if (mask && getShapeOf(mask) != shape)
    return op->emitOpError("the mask has the shape ")
           << formatShape(shape) << ", not " << formatShape(getShapeOf(mask));
  return success();
}

LogicalResult GatherOp::verify() {
  ArrayType array = getArray().getType();
  TileType result = getResult().getType();
  if (result.getElementType() != array.getElementType())
    return emitOpError("gathers ")
           << getDTypeName(array.getElementType()) << ", not "
           << getDTypeName(result.getElementType());
  if (Value padding = getPadding()) {
    auto type = cast<TileType>(padding.getType());
    if (!type.isScalar() || type.getElementType() != array.getElementType())
      return emitOpError("the padding is a scalar of the array's dtype");
  }
  return verifyIndexTiles(*this, getIndices(), getMask(), result.getShape(),
                          array.getRank());
}

void GatherOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
}

LogicalResult ScatterOp::verify() {
  ArrayType array = getArray().getType();
  TileType value = getValue().getType();
  if (value.getElementType() != array.getElementType())
    return emitOpError("scatters ")
           << getDTypeName(value.getElementType()) << " into an array of "
           << getDTypeName(array.getElementType());
  return verifyIndexTiles(*this, getIndices(), getMask(), value.getShape(),
                          array.getRank());
}

void ScatterOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// Pointer tiles
//===----------------------------------------------------------------------===//

static Type getPointee(TileType pointers) {
  return cast<PointerType>(pointers.getElementType()).getPointee();
}

/// fp4 elements are packed two to a byte, and a pointer addresses a byte:
/// a `!tile.ptr<f4E2M1FN>` is the base of an array (`make_array`), whose
/// loads, stores, gathers and scatters address the elements; pointer
/// arithmetic and accesses through pointers cannot.
static LogicalResult verifyNotPacked(Operation *op, TileType pointers) {
  if (isa<Float4E2M1FNType>(getPointee(pointers)))
    return op->emitOpError("a pointer to float4_e2m1fn addresses a byte of "
                           "two packed elements, not one element; make an "
                           "array of it (tile.make_array) and access that");
  return success();
}

/// A value tile, and a mask, matching a tile of pointers.
static LogicalResult verifyPointerAccess(Operation *op, TileType pointers,
                                         TileType value, Value mask) {
  if (failed(verifyNotPacked(op, pointers)))
    return failure();
  if (value.getShape() != pointers.getShape())
    return op->emitOpError("values and pointers have one shape, not ")
           << formatShape(value.getShape()) << " and "
           << formatShape(pointers.getShape());
  if (value.getElementType() != getPointee(pointers))
    return op->emitOpError("the pointers point to ")
           << getDTypeName(getPointee(pointers)) << ", not "
           << getDTypeName(value.getElementType());
  if (mask && getShapeOf(mask) != pointers.getShape())
    return op->emitOpError("the mask has the pointers' shape ")
           << formatShape(pointers.getShape());
  return success();
}

LogicalResult OffsetOp::verify() {
  if (failed(verifyNotPacked(*this, getPtr().getType())))
    return failure();
  if (getOffset().getType().getShape() != getPtr().getType().getShape())
    return emitOpError("pointers and offsets have one shape (the explicit "
                       "form), not ")
           << formatShape(getPtr().getType().getShape()) << " and "
           << formatShape(getOffset().getType().getShape());
  return success();
}

LogicalResult LoadPtrOp::verify() {
  if (Value other = getOther())
    if (other.getType() != getResult().getType())
      return emitOpError("`other` has the result's type ")
             << getResult().getType();
  return verifyPointerAccess(*this, getPtr().getType(), getResult().getType(),
                             getMask());
}

void LoadPtrOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
}

LogicalResult StorePtrOp::verify() {
  return verifyPointerAccess(*this, getPtr().getType(), getValue().getType(),
                             getMask());
}

void StorePtrOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyPointerAccess(*this, getPtr().getType(),
                                 getValue().getType(), getMask())))
    return failure();
  // The operations PTX's atom has (Tile C++ leaves the set to the
  // implementation).
  Type dtype = getValue().getType().getElementType();
  unsigned width = dtype.getIntOrFloatBitWidth();
  bool wideInt = isIntegerDType(dtype) && (width == 32 || width == 64);
  bool ok = false;
  switch (getKind()) {
  case AtomicKind::add:
    ok = wideInt ||
         isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(dtype);
    break;
  case AtomicKind::and_:
  case AtomicKind::or_:
  case AtomicKind::xor_:
  case AtomicKind::max:
  case AtomicKind::min:
    ok = wideInt;
    break;
  case AtomicKind::exch:
    ok = (width == 32 || width == 64) && isArithmeticDType(dtype);
    break;
  }
  if (!ok)
    return emitOpError("atomic ") << stringifyAtomicKind(getKind())
                                  << " does not take " << getDTypeName(dtype);
  return success();
}

void AtomicRMWOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult AtomicCASOp::verify() {
  if (failed(verifyPointerAccess(*this, getPtr().getType(),
                                 getExpected().getType(), getMask())))
    return failure();
  Type dtype = getExpected().getType().getElementType();
  unsigned width = dtype.getIntOrFloatBitWidth();
  if ((width != 16 && width != 32 && width != 64) || isRestrictedFloat(dtype))
    return emitOpError("compare-and-swap takes 16, 32 or 64-bit dtypes, not ")
           << getDTypeName(dtype);
  return success();
}

void AtomicCASOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

void ConstantOp::build(OpBuilder &builder, OperationState &state, TileType type,
                       Attribute splat) {
  // The generated builder (a Type and an ElementsAttr), not this one again.
  build(builder, state, Type(type), ElementsAttr(splatOf(type, splat)));
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult LiteralOp::verify() {
  Attribute value = getValue();
  if (isa<LooseIntType>(getType())) {
    // An integer type of 64 bits, signless or unsigned (an `index`
    // attribute has no width to ask for).
    auto integer = dyn_cast<IntegerAttr>(value);
    auto type = integer ? dyn_cast<IntegerType>(integer.getType()) : nullptr;
    if (!type || type.getWidth() != 64 || type.isSigned())
      return emitOpError("a loose integer is an i64 or ui64 attribute");
    return success();
  }
  auto real = dyn_cast<FloatAttr>(value);
  if (!real || !real.getType().isF64())
    return emitOpError("a loose float is an f64 attribute");
  return success();
}

OpFoldResult LiteralOp::fold(FoldAdaptor) { return getValue(); }

/// `tile.literal 7`, `tile.literal 2.5`, `tile.literal 18446744073709551615 :
/// ui64`, `tile.literal 0x7FF0000000000000 : f64` (an infinity): the
/// attribute's kind gives the loose type.
ParseResult LiteralOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseAttribute(value) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Type type;
  if (isa<IntegerAttr>(value))
    type = LooseIntType::get(parser.getContext());
  else if (isa<FloatAttr>(value))
    type = LooseFloatType::get(parser.getContext());
  else
    return parser.emitError(loc, "a literal is an integer or a float");
  result.addAttribute(getValueAttrName(result.name), value);
  result.addTypes(type);
  return success();
}

void LiteralOp::print(OpAsmPrinter &printer) {
  printer << " ";
  Type type = cast<TypedAttr>(getValue()).getType();
  // Infinities and NaNs print in hexadecimal, which reads back as an integer
  // without the type after it.
  auto real = dyn_cast<FloatAttr>(getValue());
  if (type.isSignlessInteger(64) ||
      (type.isF64() && real && real.getValue().isFinite()))
    printer.printAttributeWithoutType(getValue());
  else
    printer.printAttribute(getValue());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
}

LogicalResult IotaOp::verify() {
  TileType type = getType();
  Type dtype = type.getElementType();
  int64_t last = type.getNumElements() - 1;
  if (auto integer = dyn_cast<IntegerType>(dtype)) {
    unsigned bits = integer.getWidth() - (integer.isSigned() ? 1 : 0);
    if (integer.getWidth() == 1 || (bits < 63 && last >= (int64_t(1) << bits)))
      return emitOpError(getDTypeName(dtype))
             << " does not hold the position " << last;
    return success();
  }
  if (!isFloatDType(dtype))
    return emitOpError("an iota has an integer or arithmetic float dtype, "
                       "not ")
           << getDTypeName(dtype);
  // Every position must be exact: below 2^precision.
  unsigned precision =
      APFloat::semanticsPrecision(cast<FloatType>(dtype).getFloatSemantics());
  if (last > (int64_t(1) << precision))
    return emitOpError(getDTypeName(dtype))
           << " does not hold the position " << last << " exactly";
  return success();
}

//===----------------------------------------------------------------------===//
// Scalars and control flow
//===----------------------------------------------------------------------===//

/// Whether builtin scalar `builtin` and scalar tile `tile` convert into each
/// other: index and integers, signless integers of the dtype's width, the
/// same float.
static LogicalResult verifyScalarBridge(Operation *op, Type builtin,
                                        TileType tile) {
  if (!tile.isScalar())
    return op->emitOpError("bridges scalar tiles, not ") << tile;
  Type dtype = tile.getElementType();
  bool ok = false;
  if (isa<IndexType>(builtin))
    ok = isIntegerDType(dtype);
  else if (auto integer = dyn_cast<IntegerType>(builtin))
    ok = isa<IntegerType>(dtype) &&
         integer.getWidth() == dtype.getIntOrFloatBitWidth();
  else
    ok = builtin == dtype && isFloatDType(dtype);
  if (!ok)
    return op->emitOpError("does not bridge ")
           << builtin << " and " << getDTypeName(dtype);
  return success();
}

LogicalResult ToScalarOp::verify() {
  return verifyScalarBridge(*this, getType(), getSource().getType());
}

LogicalResult FromScalarOp::verify() {
  return verifyScalarBridge(*this, getSource().getType(), getType());
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

LogicalResult tile::verifyDType(Operation *op, Type dtype, DTypes accepted) {
  bool ok = false;
  const char *what = "";
  switch (accepted) {
  case DTypes::Arithmetic:
    ok = isArithmeticDType(dtype);
    what = "arithmetic dtypes (not restricted floats or pointers)";
    break;
  case DTypes::Division:
    ok = isArithmeticDType(dtype) && !isBoolDType(dtype);
    what = "integers and arithmetic floats";
    break;
  case DTypes::Float:
    ok = isFloatDType(dtype);
    what = "arithmetic floats";
    break;
  case DTypes::Bitwise:
    ok = isIntegerDType(dtype) || isBoolDType(dtype);
    what = "integers and bools";
    break;
  case DTypes::Shift:
    ok = isIntegerDType(dtype);
    what = "integers";
    break;
  }
  if (!ok)
    return op->emitOpError("takes ") << what << ", not " << getDTypeName(dtype);
  return success();
}

template <typename Op>
static LogicalResult verifyBinary(Op op, DTypes accepted) {
  FailureOr<Type> dtype = verifyElementwiseOperands(
      op, {op.getLhs(), op.getRhs()}, {}, op.getResult().getType(),
      ConversionKind::Arithmetic, /*resultIsBool=*/false);
  if (failed(dtype))
    return failure();
  return verifyDType(op, *dtype, accepted);
}

static const RoundingMode kIeeeRounding[] = {
    RoundingMode::rn, RoundingMode::rz, RoundingMode::rm, RoundingMode::rp};
static const RoundingMode kDivisionRounding[] = {
    RoundingMode::rn, RoundingMode::rz,   RoundingMode::rm,
    RoundingMode::rp, RoundingMode::full, RoundingMode::approx};

template <typename Op>
static LogicalResult verifyFloatBinary(Op op, DTypes accepted,
                                       ArrayRef<RoundingMode> rounding) {
  if (failed(verifyBinary(op, accepted)))
    return failure();
  Type dtype = op.getResult().getType().getElementType();
  if (failed(verifyRounding(op, op.getRounding(), dtype, rounding)))
    return failure();
  return verifyFtz(op, op.getFtz(), dtype);
}

LogicalResult AddOp::verify() {
  return verifyFloatBinary(*this, DTypes::Arithmetic, kIeeeRounding);
}
LogicalResult SubOp::verify() {
  return verifyFloatBinary(*this, DTypes::Arithmetic, kIeeeRounding);
}
LogicalResult MulOp::verify() {
  return verifyFloatBinary(*this, DTypes::Arithmetic, kIeeeRounding);
}
LogicalResult DivOp::verify() {
  return verifyFloatBinary(*this, DTypes::Division, kDivisionRounding);
}
LogicalResult FloorDivOp::verify() {
  return verifyBinary(*this, DTypes::Division);
}
LogicalResult RemOp::verify() { return verifyBinary(*this, DTypes::Division); }
LogicalResult ModOp::verify() { return verifyBinary(*this, DTypes::Division); }
LogicalResult PowOp::verify() { return verifyBinary(*this, DTypes::Float); }
LogicalResult Atan2Op::verify() { return verifyBinary(*this, DTypes::Float); }
LogicalResult AndOp::verify() { return verifyBinary(*this, DTypes::Bitwise); }
LogicalResult OrOp::verify() { return verifyBinary(*this, DTypes::Bitwise); }
LogicalResult XorOp::verify() { return verifyBinary(*this, DTypes::Bitwise); }
LogicalResult ShlOp::verify() { return verifyBinary(*this, DTypes::Shift); }
LogicalResult ShrOp::verify() { return verifyBinary(*this, DTypes::Shift); }

template <typename Op> static LogicalResult verifyMinMax(Op op) {
  if (failed(verifyBinary(op, DTypes::Arithmetic)))
    return failure();
  Type dtype = op.getResult().getType().getElementType();
  if (op.getPropagateNan() && !isFloatDType(dtype))
    return op.emitOpError("propagate_nan applies to floats, not ")
           << getDTypeName(dtype);
  return verifyFtz(op, op.getFtz(), dtype);
}

LogicalResult MaximumOp::verify() { return verifyMinMax(*this); }
LogicalResult MinimumOp::verify() { return verifyMinMax(*this); }

LogicalResult CmpOp::verify() {
  FailureOr<Type> dtype = verifyElementwiseOperands(
      *this, {getLhs(), getRhs()}, {}, getResult().getType(),
      ConversionKind::Comparison, /*resultIsBool=*/true);
  if (failed(dtype))
    return failure();
  return verifyDType(*this, *dtype, DTypes::Arithmetic);
}

LogicalResult SelectOp::verify() {
  if (auto cond = dyn_cast<TileType>(getCond().getType());
      !cond || !isBoolDType(cond.getElementType()))
    return emitOpError("the condition is a tile of bools");
  FailureOr<Type> dtype = verifyElementwiseOperands(
      *this, {getLhs(), getRhs()}, {getCond()}, getResult().getType(),
      ConversionKind::Arithmetic, /*resultIsBool=*/false);
  return failure(failed(dtype));
}

LogicalResult NegOp::verify() {
  Type dtype = getType().getElementType();
  if (!isSignedDType(dtype) && !isFloatDType(dtype))
    return emitOpError("takes signed integers and arithmetic floats, not ")
           << getDTypeName(dtype);
  return success();
}

LogicalResult NotOp::verify() {
  return verifyDType(*this, getType().getElementType(), DTypes::Bitwise);
}

LogicalResult AbsOp::verify() {
  Type dtype = getType().getElementType();
  if (!isSignedDType(dtype) && !isFloatDType(dtype))
    return emitOpError("takes signed integers and arithmetic floats, not ")
           << getDTypeName(dtype);
  return success();
}

LogicalResult MathOp::verify() {
  Type dtype = getType().getElementType();
  if (failed(verifyDType(*this, dtype, DTypes::Float)))
    return failure();
  static const RoundingMode kRootRounding[] = {
      RoundingMode::rn, RoundingMode::rz, RoundingMode::rm, RoundingMode::rp,
      RoundingMode::approx};
  static const RoundingMode kTranscendental[] = {RoundingMode::full,
                                                 RoundingMode::approx};
  ArrayRef<RoundingMode> allowed;
  switch (getFunction()) {
  case UnaryFunction::sqrt:
  case UnaryFunction::rcp:
    allowed = kRootRounding;
    break;
  case UnaryFunction::floor:
  case UnaryFunction::ceil:
  case UnaryFunction::trunc:
  case UnaryFunction::round:
    allowed = {};
    break;
  default:
    allowed = kTranscendental;
    break;
  }
  if (failed(verifyRounding(*this, getRounding(), dtype, allowed)))
    return failure();
  return verifyFtz(*this, getFtz(), dtype);
}

LogicalResult FmaOp::verify() {
  Type dtype = getType().getElementType();
  if (failed(verifyDType(*this, dtype, DTypes::Float)) ||
      failed(verifyRounding(*this, getRounding(), dtype, kIeeeRounding)))
    return failure();
  return verifyFtz(*this, getFtz(), dtype);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult ConvertOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (source.getShape() != result.getShape())
    return emitOpError("converts elementwise: shapes ")
           << formatShape(source.getShape()) << " and "
           << formatShape(result.getShape()) << " differ";
  Type from = source.getElementType(), to = result.getElementType();
  if (std::optional<RoundingMode> rounding = getRounding()) {
    bool toFloat = isa<FloatType>(to), fromFloat = isa<FloatType>(from);
    if (fromFloat && !toFloat) {
      // Float to integer: to an integral value first.
      if (!llvm::is_contained({RoundingMode::rzi, RoundingMode::rn,
                               RoundingMode::rm, RoundingMode::rp},
                              *rounding))
        return emitOpError("float-to-integer conversions take rounding rzi, "
                           "rn, rm or rp, not ")
               << stringifyRoundingMode(*rounding);
    } else if (toFloat) {
      if (!llvm::is_contained(kIeeeRounding, *rounding))
        return emitOpError("conversions to floats take rounding rn, rz, rm "
                           "or rp, not ")
               << stringifyRoundingMode(*rounding);
    } else {
      return emitOpError("integer-to-integer conversions have no rounding");
    }
  }
  if (getFtz() && !from.isF32() && !to.isF32())
    return emitOpError("ftz applies to float32 sources or results");
  return success();
}

/// Converts a splat constant `value` from `from` to `to` where the result
/// is exact in every mode (ints) or rounding is round-to-nearest-even.
static Attribute convertScalar(Attribute value, Type from, Type to) {
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    APInt bits = integer.getValue();
    bool isSigned = !from.isUnsignedInteger() && !from.isInteger(1);
    if (auto target = dyn_cast<IntegerType>(to)) {
      if (target.getWidth() == 1)
        return IntegerAttr::get(to, APInt(1, !bits.isZero()));
      return IntegerAttr::get(to, isSigned
                                      ? bits.sextOrTrunc(target.getWidth())
                                      : bits.zextOrTrunc(target.getWidth()));
    }
    auto target = cast<FloatType>(to);
    APFloat result(target.getFloatSemantics());
    result.convertFromAPInt(bits, isSigned, APFloat::rmNearestTiesToEven);
    return FloatAttr::get(to, result);
  }
  auto real = dyn_cast<FloatAttr>(value);
  if (!real || !isa<FloatType>(to))
    return {};
  APFloat result = real.getValue();
  bool lostInfo = false;
  result.convert(cast<FloatType>(to).getFloatSemantics(),
                 APFloat::rmNearestTiesToEven, &lostInfo);
  return FloatAttr::get(to, result);
}

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType() && !getFtz())
    return getSource();
  Attribute splat = getSplat(adaptor.getSource());
  Type from = getSource().getType().getElementType();
  Type to = getType().getElementType();
  // Only folds whose result is independent of the modes: integer sources
  // and targets, or round-to-nearest-even between floats.
  if (!splat || getFtz() || isRestrictedFloat(from) || isRestrictedFloat(to))
    return {};
  if (isa<FloatType>(from) && !isa<FloatType>(to))
    return {};
  if (getRounding() && *getRounding() != RoundingMode::rn)
    return {};
  Attribute converted = convertScalar(splat, from, to);
  if (!converted)
    return {};
  return splatOf(getType(), converted);
}

/// The bits of a dtype's container: pointers 64, tf32 32 (a 19-bit format
/// stored as a float32 whose 13 low bits are zero).
static unsigned getDTypeBits(Type dtype) {
  if (isa<PointerType>(dtype))
    return 64;
  if (isa<FloatTF32Type>(dtype))
    return 32;
  return dtype.getIntOrFloatBitWidth();
}

LogicalResult BitcastOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (source.getShape() != result.getShape())
    return emitOpError("casts elementwise: shapes ")
           << formatShape(source.getShape()) << " and "
           << formatShape(result.getShape()) << " differ";
  if (getDTypeBits(source.getElementType()) !=
      getDTypeBits(result.getElementType()))
    return emitOpError("casts between dtypes of one width, not ")
           << getDTypeBits(source.getElementType()) << " and "
           << getDTypeBits(result.getElementType()) << " bits";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // A bitcast to tf32 drops the container's 13 low bits: a chain through
  // one keeps it.
  auto inner = getSource().getDefiningOp<BitcastOp>();
  if (inner &&
      (!isa<FloatTF32Type>(inner.getType().getElementType()) ||
       isa<FloatTF32Type>(inner.getSource().getType().getElementType()))) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Shared memory and asynchronous copies
//===----------------------------------------------------------------------===//

/// cp.async fills what lies outside the array with zeros, and copies rows
/// of the array as they are.
/// The stage holds the view's tile, or that tile without its leading unit
/// dimensions (a tile of a 3-D array of batches that an mma takes as a
/// matrix).
LogicalResult AsyncCopyOp::verify() {
  ViewType view = getView().getType();
  TileType stage = getBuffer().getType().getStageType();
  ArrayRef<int64_t> tileShape = view.getTileType().getShape();
  size_t lead =
      tileShape.size() - std::min(tileShape.size(), stage.getShape().size());
  if (stage.getElementType() != view.getTileType().getElementType() ||
      tileShape.drop_front(lead) != stage.getShape() ||
      llvm::any_of(tileShape.take_front(lead),
                   [](int64_t extent) { return extent != 1; }))
    return emitOpError("the stage is ")
           << view.getTileType()
           << " (the view's tile) or it without leading unit dimensions, not "
           << stage;
  if (view.getPadding() != PaddingMode::zero &&
      view.getPadding() != PaddingMode::undetermined)
    return emitOpError("fills with zeros, so the view's padding is zero or "
                       "undetermined, not ")
           << stringifyPaddingMode(view.getPadding());
  for (auto [k, dim] : llvm::enumerate(view.getOrder()))
    if (static_cast<int64_t>(k) != dim)
      return emitOpError("copies tiles in the array's order");
  if (static_cast<bool>(getBarriers()) != static_cast<bool>(getBarrier()))
    return emitOpError("names a barrier by its barriers and an index");
  if (getTensorMap() && !isTensorCopy())
    return emitOpError("takes a tensor map only with a barrier");
  if (Value map = getTensorMap()) {
    auto pointer = dyn_cast<LLVM::LLVMPointerType>(map.getType());
    if (!pointer || pointer.getAddressSpace() != 0)
      return emitOpError("takes the tensor map as an !llvm.ptr, not ")
             << map.getType();
  }
  if (isTensorCopy()) {
    if (std::optional<std::string> why = whyNotTensorCopy(view))
      return emitOpError("cannot copy with the tensor memory accelerator: ")
             << *why;
    // The tensor memory accelerator writes the swizzle alone.
    if (getBuffer().getType().getInterleaved())
      return emitOpError("cannot copy into an interleaved stage with the "
                         "tensor memory accelerator");
  }
  return verifyTileIndices(*this, getIndices(), view.getArray().getRank());
}

SmallVector<int64_t> LocalLoadOp::getOrigin() {
  if (std::optional<ArrayRef<int64_t>> offsets = getOffsets())
    return SmallVector<int64_t>(*offsets);
  return SmallVector<int64_t>(getBuffer().getType().getStageType().getRank(),
                              0);
}

SmallVector<int64_t> LocalLoadOp::getStageExtents() {
  SmallVector<int64_t> extents(getType().getShape());
  if (getTranspose())
    std::reverse(extents.begin(), extents.end());
  return extents;
}

/// tile.warp_specialize ends the first block of a kernel: the extra warps
/// exit after it, and before it every thread of the block runs.
LogicalResult WarpSpecializeOp::verify() {
  auto kernel = dyn_cast<gpu::GPUFuncOp>((*this)->getParentOp());
  if (!kernel || !kernel.isKernel() ||
      (*this)->getBlock() != &kernel.getBody().front())
    return emitOpError("belongs in the first block of a gpu.func kernel");
  Operation *next = (*this)->getNextNode();
  if (!next || !next->hasTrait<OpTrait::IsTerminator>())
    return emitOpError("ends its kernel: only the kernel's terminator "
                       "follows it");
  TileDialect::NumWarpsAttrHelper numWarps(getContext());
  if (IntegerAttr warps = numWarps.getAttr(kernel);
      warps && warps.getInt() + getProducerWarps() > 32)
    return emitOpError("needs ")
           << warps.getInt() + getProducerWarps()
           << " warps with the kernel's; a block has at most 32";
  return success();
}

/// One thread runs the producer: no tile of rank 1 or more (it has no part
/// of a layout), no CTA barrier or op of all the CTA's threads, and of the
/// tile ops with effects only tensor copies and barrier waits and arrivals.
LogicalResult WarpSpecializeOp::verifyRegions() {
  for (Region *region : {&getProducer(), &getConsumer()})
    if (region->front().getTerminator()->getNumOperands() != 0)
      return emitOpError("yields nothing from its regions");
  WalkResult walk = getProducer().walk([&](Operation *op) -> WalkResult {
    auto refuse = [&](StringRef why) {
      op->emitOpError("cannot run in a tile.warp_specialize producer, "
                      "which one thread runs: ")
          << why;
      return WalkResult::interrupt();
    };
    for (Type type :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto tile = dyn_cast<TileType>(type); tile && tile.getRank() > 0)
        return refuse("it holds no tile of rank 1 or more");
    if (isa<gpu::BarrierOp>(op))
      return refuse("a CTA barrier would wait for threads that never reach "
                    "it");
    if (auto copy = dyn_cast<AsyncCopyOp>(op); copy && !copy.isTensorCopy())
      return refuse("its copies are tensor copies (with a barrier)");
    if (isa<TileDialect>(op->getDialect()) && !isPure(op) &&
        !isa<AsyncCopyOp, BarrierWaitOp, BarrierArriveOp, YieldOp>(op))
      return refuse("of the tile ops with effects it runs tensor copies, "
                    "barrier waits and arrivals only");
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// The result is the stage's tile, or a part of it inside the stage, or
/// (transpose) that transposed.
LogicalResult LocalLoadOp::verify() {
  TileType stage = getBuffer().getType().getStageType();
  TileType result = getType();
  if (result.getElementType() != stage.getElementType() ||
      result.getRank() != stage.getRank())
    return emitOpError("the tile is a part of ")
           << stage << " (a stage of the buffer), not "
           << result.dropEncoding();
  if (getTranspose() && stage.getRank() != 2)
    return emitOpError("transposes stages of rank 2, not ") << stage;
  if (getOffsets() && getOffsets()->size() != stage.getShape().size())
    return emitOpError("has one offset per dimension of the stage, not ")
           << getOffsets()->size();
  for (auto [extent, offset, whole] :
       llvm::zip(getStageExtents(), getOrigin(), stage.getShape()))
    if (offset < 0 || offset + extent > whole)
      return emitOpError("reads ")
             << result.dropEncoding() << (getTranspose() ? " transposed" : "")
             << " at offsets [" << llvm::interleaved(getOrigin())
             << "], outside the stage's " << stage;
  return success();
}

/// The tile is the whole stage, or with `transpose` (rank 2) the stage
/// transposed, in the stage's dtype.
LogicalResult LocalStoreOp::verify() {
  TileType stage = getBuffer().getType().getStageType();
  TileType value = getValue().getType();
  if (getTranspose() && stage.getRank() != 2)
    return emitOpError("transposes stages of rank 2, not ") << stage;
  SmallVector<int64_t> extents(value.getShape());
  if (getTranspose())
    std::reverse(extents.begin(), extents.end());
  if (value.getElementType() != stage.getElementType() ||
      ArrayRef<int64_t>(extents) != stage.getShape())
    return emitOpError("writes the whole stage ")
           << stage << (getTranspose() ? " transposed" : "") << ", not "
           << value.dropEncoding();
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging and grid dependencies
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  std::string error;
  FailureOr<SmallVector<PrintConversion>> conversions =
      parsePrintFormatFor(getFormat(), getValues().size(), error);
  if (failed(conversions))
    return emitOpError(error);
  std::optional<ArrayRef<int64_t>> shape;
  for (auto [i, value, conversion] :
       llvm::enumerate(getValues(), *conversions)) {
    auto tile = cast<TileType>(value.getType());
    Type dtype = tile.getElementType();
    if (tile.getRank() > 0 && !getWhole()) {
      if (shape && *shape != tile.getShape())
        return emitOpError("prints tiles of one shape (and rank-0 tiles), "
                           "not ")
               << TileType::get(getContext(), *shape, dtype) << " and "
               << tile.dropEncoding();
      shape = tile.getShape();
    }
    bool integer = isIntegerDType(dtype) || isBoolDType(dtype);
    bool floating = !integer && isArithmeticDType(dtype);
    unsigned bits = integer ? dtype.getIntOrFloatBitWidth() : 0;
    if (std::optional<std::string> wrong =
            checkPrintValue(conversion, integer, floating, bits))
      return emitOpError("prints value ")
             << i << " of dtype " << getDTypeName(dtype) << *wrong
             << (isRestrictedFloat(dtype) ? " (convert restricted floats "
                                            "with tile.convert first)"
                                          : "");
  }
  return success();
}

static void addWriteEffect(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get());
}

void PrintOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(effects);
}
void AssertOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(effects);
}
void GridDependencyWaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  addWriteEffect(effects);
}
void LaunchDependentsOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addWriteEffect(effects);
}

//===----------------------------------------------------------------------===//
// Element runs of index tiles
//===----------------------------------------------------------------------===//

namespace cudapy::tile {

/// Whether runs of `dtype` stay consecutive as far as getElementRun follows
/// them: signed integers (not bools), whose wrap inside a run of a few
/// elements leaves its last element negative, which the bounds checks of
/// the accesses that rely on the run then refuse; an unsigned run could
/// wrap to small indices that pass them.
static bool keepsRuns(Type dtype) {
  auto integer = dyn_cast<IntegerType>(dtype);
  return integer && integer.isSigned() && integer.getWidth() > 1;
}

/// getElementRun, `depth` ops from the tile asked about.
static ElementRun runAlong(Value value, int64_t dim, int depth) {
  auto type = dyn_cast<TileType>(value.getType());
  if (!type || depth > 16)
    return ElementRun::other;
  if (dim < 0 || type.getShape()[dim] == 1)
    return ElementRun::constant;
  Operation *def = value.getDefiningOp();
  if (!def)
    return ElementRun::other;
  if (auto constant = dyn_cast<ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat() ? ElementRun::constant : ElementRun::other;
  }
  if (isa<IotaOp>(def))
    return dim == type.getRank() - 1 && keepsRuns(type.getElementType())
               ? ElementRun::consecutive
               : ElementRun::other;
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    auto source = cast<TileType>(broadcast.getSource().getType());
    return runAlong(broadcast.getSource(),
                    dim - (type.getRank() - source.getRank()), depth + 1);
  }
  if (auto reshape = dyn_cast<ReshapeOp>(def)) {
    // Only a reshape that inserts or drops extents of 1: `dim` is then the
    // source's dimension of the same rank among those of other extents.
    auto source = cast<TileType>(reshape.getSource().getType());
    SmallVector<int64_t> kept, sourceDims;
    for (auto [d, extent] : llvm::enumerate(source.getShape()))
      if (extent != 1) {
        kept.push_back(extent);
        sourceDims.push_back(d);
      }
    SmallVector<int64_t> resultKept;
    int64_t position = -1;
    for (auto [d, extent] : llvm::enumerate(type.getShape()))
      if (extent != 1) {
        if (static_cast<int64_t>(d) == dim)
          position = resultKept.size();
        resultKept.push_back(extent);
      }
    if (kept != resultKept || position < 0)
      return ElementRun::other;
    return runAlong(reshape.getSource(), sourceDims[position], depth + 1);
  }
  if (auto convert = dyn_cast<ConvertOp>(def)) {
    ElementRun run = runAlong(convert.getSource(), dim, depth + 1);
    bool integers =
        keepsRuns(getElementTypeOrSelf(convert.getSource().getType())) &&
        keepsRuns(type.getElementType());
    return run == ElementRun::constant || integers ? run : ElementRun::other;
  }
  auto isRun = [](ElementRun run) {
    return run == ElementRun::consecutive || run == ElementRun::checked;
  };
  if (isa<AddOp, SubOp, MulOp>(def) && def->getNumOperands() == 2) {
    ElementRun lhs = runAlong(def->getOperand(0), dim, depth + 1);
    ElementRun rhs = runAlong(def->getOperand(1), dim, depth + 1);
    if (lhs == ElementRun::constant && rhs == ElementRun::constant)
      return ElementRun::constant;
    if (!keepsRuns(type.getElementType()) || isa<MulOp>(def))
      return ElementRun::other;
    if (isRun(lhs) && rhs == ElementRun::constant)
      return lhs;
    if (isa<AddOp>(def) && lhs == ElementRun::constant && isRun(rhs))
      return rhs;
  }
  if (auto select = dyn_cast<SelectOp>(def)) {
    // Each element is one of the two: a run where the check finds one.
    ElementRun lhs = runAlong(select.getLhs(), dim, depth + 1);
    ElementRun rhs = runAlong(select.getRhs(), dim, depth + 1);
    if (lhs == ElementRun::constant && rhs == ElementRun::constant)
      return runAlong(select.getCond(), dim, depth + 1) == ElementRun::constant
                 ? ElementRun::constant
                 : ElementRun::other;
    if (keepsRuns(type.getElementType()) && lhs != ElementRun::other &&
        rhs != ElementRun::other)
      return ElementRun::checked;
  }
  return ElementRun::other;
}

ElementRun getElementRun(Value value, int64_t dim) {
  return runAlong(value, dim, 0);
}

bool indexesWindows(ArrayType array, ValueRange indices, int64_t dim,
                    bool *checked) {
  ArrayRef<int64_t> strides = array.getStrides();
  if (strides.empty() || strides.back() != 1 ||
      indices.size() != strides.size())
    return false;
  for (Value index : indices.drop_back())
    if (getElementRun(index, dim) != ElementRun::constant)
      return false;
  ElementRun last = getElementRun(indices.back(), dim);
  if (last == ElementRun::checked && checked) {
    *checked = true;
    return true;
  }
  return last == ElementRun::consecutive;
}

} // namespace cudapy::tile
