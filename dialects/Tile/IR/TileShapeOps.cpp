//===- TileShapeOps.cpp - shape ops, reductions, scans, mma ---------------===//
//
// Verifiers, folds and canonicalizations of the tile ops that move, reduce
// and multiply whole tiles. Each verifier cites the spec rule it enforces.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tile/IR/TileOps.h"
#include "dialects/Tile/IR/TileVerification.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

static LogicalResult verifySameDType(Operation *op, TileType a, TileType b) {
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("keeps the dtype: ")
           << getDTypeName(a.getElementType()) << " is not "
           << getDTypeName(b.getElementType());
  return success();
}

LogicalResult BroadcastOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (failed(verifySameDType(*this, source, result)))
    return failure();
  // Tile C++ "broadcastable to".
  if (!isBroadcastableTo(source.getShape(), result.getShape()))
    return emitOpError("shape ")
           << formatShape(source.getShape()) << " is not broadcastable to "
           << formatShape(result.getShape());
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (Attribute splat = getSplat(adaptor.getSource()))
    return splatOf(getType(), splat);
  if (auto inner = getSource().getDefiningOp<BroadcastOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

LogicalResult ConvertLayoutOp::verify() {
  TileType source = getSource().getType(), result = getType();
  if (source.dropEncoding() != result.dropEncoding())
    return emitOpError("changes only the layout: ")
           << source.dropEncoding() << " is not " << result.dropEncoding();
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (auto inner = getSource().getDefiningOp<ConvertLayoutOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

LogicalResult ReshapeOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (failed(verifySameDType(*this, source, result)))
    return failure();
  if (source.getNumElements() != result.getNumElements())
    return emitOpError("keeps the number of elements: ")
           << source.getNumElements() << " is not " << result.getNumElements();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSource().getType() == getType())
    return getSource();
  if (auto elements =
          dyn_cast_if_present<DenseElementsAttr>(adaptor.getSource()))
    return elements.reshape(cast<ShapedType>(getType()));
  if (auto inner = getSource().getDefiningOp<ReshapeOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

LogicalResult ExpandDimsOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (failed(verifySameDType(*this, source, result)))
    return failure();
  if (getAxis() > static_cast<uint64_t>(source.getRank()))
    return emitOpError("axis ")
           << getAxis() << " is out of range for rank " << source.getRank()
           << " (0 to " << source.getRank() << ")";
  SmallVector<int64_t> shape(source.getShape());
  shape.insert(shape.begin() + getAxis(), 1);
  if (ArrayRef<int64_t>(shape) != result.getShape())
    return emitOpError("the result's shape is ") << formatShape(shape);
  return success();
}

namespace {
/// expand_dims is a reshape; one op is easier to fold and lower.
struct ExpandDimsToReshape : OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), op.getSource());
    return success();
  }
};
} // namespace

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *context) {
  patterns.add<ExpandDimsToReshape>(context);
}

LogicalResult PermuteOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (failed(verifySameDType(*this, source, result)))
    return failure();
  ArrayRef<int64_t> permutation = getPermutation();
  int64_t rank = source.getRank();
  llvm::SmallBitVector seen(rank);
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOpError("the permutation has ") << rank << " entries";
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitOpError("the permutation is one of 0 to ") << rank - 1;
    seen.set(dim);
    shape.push_back(source.getShape()[dim]);
  }
  if (ArrayRef<int64_t>(shape) != result.getShape())
    return emitOpError("the result's shape is ") << formatShape(shape);
  return success();
}

OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> permutation = getPermutation();
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return getSource();
  if (Attribute splat = getSplat(adaptor.getSource()))
    return splatOf(getType(), splat);
  if (auto inner = getSource().getDefiningOp<PermuteOp>()) {
    // Result dim k is inner's dim p[k], which is the source's q[p[k]].
    SmallVector<int64_t> composed;
    for (int64_t dim : permutation)
      composed.push_back(inner.getPermutation()[dim]);
    getSourceMutable().assign(inner.getSource());
    setPermutation(composed);
    return getResult();
  }
  return {};
}

/// A sub-tile shape that splits `whole` evenly, rank for rank.
static LogicalResult verifySubTile(Operation *op, TileType part, TileType whole,
                                   ValueRange indices) {
  if (failed(verifySameDType(op, part, whole)))
    return failure();
  if (part.getRank() != whole.getRank())
    return op->emitOpError("sub-tiles have the tile's rank ")
           << whole.getRank();
  for (auto [p, w] : llvm::zip(part.getShape(), whole.getShape()))
    if (p > w)
      return op->emitOpError("sub-tile shape ")
             << formatShape(part.getShape()) << " does not fit in "
             << formatShape(whole.getShape());
  if (static_cast<int64_t>(indices.size()) != whole.getRank())
    return op->emitOpError("takes one sub-tile index per dimension (")
           << whole.getRank() << "), not " << indices.size();
  return success();
}

LogicalResult ExtractOp::verify() {
  return verifySubTile(*this, getResult().getType(), getSource().getType(),
                       getIndices());
}

LogicalResult InsertOp::verify() {
  return verifySubTile(*this, getValue().getType(), getDest().getType(),
                       getIndices());
}

LogicalResult CatOp::verify() {
  TileType lhs = getLhs().getType(), rhs = getRhs().getType();
  if (lhs != rhs)
    return emitOpError("concatenates tiles of one type (so the result's "
                       "extent stays a power of two), not ")
           << lhs << " and " << rhs;
  if (getAxis() >= static_cast<uint64_t>(lhs.getRank()))
    return emitOpError("axis ") << getAxis() << " is out of range";
  SmallVector<int64_t> shape(lhs.getShape());
  shape[getAxis()] *= 2;
  if (getResult().getType().dropEncoding() !=
      TileType::get(getContext(), shape, lhs.getElementType()))
    return emitOpError("the result's shape is ") << formatShape(shape);
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

static LogicalResult verifyReduceKind(Operation *op, ReduceKind kind,
                                      Type dtype, bool propagateNan) {
  bool bitwise = kind == ReduceKind::and_ || kind == ReduceKind::or_ ||
                 kind == ReduceKind::xor_;
  if (failed(verifyDType(op, dtype,
                         bitwise ? DTypes::Bitwise : DTypes::Arithmetic)))
    return failure();
  if (propagateNan && (!isFloatDType(dtype) ||
                       (kind != ReduceKind::max && kind != ReduceKind::min)))
    return op->emitOpError("propagate_nan applies to max and min of floats");
  return success();
}

/// The shape left after reducing `axes` (extent 1 with `keepdims`).
static FailureOr<SmallVector<int64_t>> getReducedShape(Operation *op,
                                                       ArrayRef<int64_t> shape,
                                                       ArrayRef<int64_t> axes,
                                                       bool keepdims) {
  llvm::SmallBitVector reduced(shape.size());
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
      return op->emitOpError("axis ")
                 << axis << " is out of range for rank " << shape.size(),
             failure();
    if (reduced[axis])
      return op->emitOpError("axis ") << axis << " is repeated", failure();
    reduced.set(axis);
  }
  SmallVector<int64_t> result;
  for (auto [dim, extent] : llvm::enumerate(shape)) {
    if (!reduced[dim])
      result.push_back(extent);
    else if (keepdims)
      result.push_back(1);
  }
  return result;
}

LogicalResult ReduceOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (failed(verifySameDType(*this, source, result)) ||
      failed(verifyReduceKind(*this, getKind(), source.getElementType(),
                              getPropagateNan())))
    return failure();
  FailureOr<SmallVector<int64_t>> shape =
      getReducedShape(*this, source.getShape(), getAxes(), getKeepdims());
  if (failed(shape))
    return failure();
  if (ArrayRef<int64_t>(*shape) != result.getShape())
    return emitOpError("the result's shape is ") << formatShape(*shape);
  return success();
}

OpFoldResult ReduceOp::fold(FoldAdaptor) {
  // Reducing nothing, or dimensions of extent 1, keeping them.
  if (getSource().getType() == getType())
    return getSource();
  return {};
}

LogicalResult ArgReduceOp::verify() {
  TileType source = getSource().getType(), result = getResult().getType();
  if (getKind() != ReduceKind::max && getKind() != ReduceKind::min)
    return emitOpError("finds the position of a max or a min, not a ")
           << stringifyReduceKind(getKind());
  if (failed(verifyReduceKind(*this, getKind(), source.getElementType(),
                              getPropagateNan())))
    return failure();
  Type dtype = result.getElementType();
  if (!isSignedDType(dtype) || dtype.getIntOrFloatBitWidth() < 32)
    return emitOpError("positions are si32 or si64, not ")
           << getDTypeName(dtype);
  FailureOr<SmallVector<int64_t>> shape =
      getReducedShape(*this, source.getShape(),
                      {static_cast<int64_t>(getAxis())}, getKeepdims());
  if (failed(shape))
    return failure();
  if (ArrayRef<int64_t>(*shape) != result.getShape())
    return emitOpError("the result's shape is ") << formatShape(*shape);
  return success();
}

LogicalResult ScanOp::verify() {
  TileType source = getSource().getType();
  if (failed(verifyReduceKind(*this, getKind(), source.getElementType(),
                              /*propagateNan=*/false)))
    return failure();
  if (getAxis() >= static_cast<uint64_t>(source.getRank()))
    return emitOpError("axis ")
           << getAxis() << " is out of range for rank " << source.getRank();
  return success();
}

/// A combiner region: two scalars per operand dtype in, one per dtype out.
static LogicalResult verifyCombiner(Operation *op, Region &combiner,
                                    ValueRange sources) {
  if (sources.empty())
    return op->emitOpError("combines at least one tile");
  auto first = cast<TileType>(sources[0].getType());
  SmallVector<Type> scalars;
  for (Value source : sources) {
    auto type = cast<TileType>(source.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("combined tiles have one shape");
    scalars.push_back(
        TileType::get(op->getContext(), {}, type.getElementType()));
  }
  Block &block = combiner.front();
  SmallVector<Type> expected(scalars);
  expected.append(scalars);
  if (block.getArgumentTypes() != ArrayRef<Type>(expected))
    return op->emitOpError("the combiner takes the accumulated scalars then "
                           "the next ones: ")
           << expected.size() << " scalar tiles of the operands' dtypes";
  Operation *terminator = block.getTerminator();
  if (terminator->getOperandTypes() != ArrayRef<Type>(scalars))
    return op->emitOpError("the combiner yields one scalar per operand, of "
                           "its dtype");
  return success();
}

LogicalResult ReduceWithOp::verifyRegions() {
  if (failed(verifyCombiner(*this, getCombiner(), getSources())))
    return failure();
  auto source = cast<TileType>(getSources()[0].getType());
  FailureOr<SmallVector<int64_t>> shape =
      getReducedShape(*this, source.getShape(),
                      {static_cast<int64_t>(getAxis())}, getKeepdims());
  if (failed(shape))
    return failure();
  if (getResults().size() != getSources().size())
    return emitOpError("has one result per operand");
  for (auto [operand, result] : llvm::zip(getSources(), getResults())) {
    auto type =
        TileType::get(getContext(), *shape,
                      cast<TileType>(operand.getType()).getElementType());
    if (cast<TileType>(result.getType()).dropEncoding() != type)
      return emitOpError("result types are ") << type << " and the like";
  }
  return success();
}

LogicalResult ScanWithOp::verifyRegions() {
  if (failed(verifyCombiner(*this, getCombiner(), getSources())))
    return failure();
  auto source = cast<TileType>(getSources()[0].getType());
  if (getAxis() >= static_cast<uint64_t>(source.getRank()))
    return emitOpError("axis ") << getAxis() << " is out of range";
  if (getResults().getTypes() != getSources().getTypes())
    return emitOpError("results have the operands' types");
  return success();
}

//===----------------------------------------------------------------------===//
// mma
//===----------------------------------------------------------------------===//

/// The accumulator dtypes of "mma" for operands of `dtype`.
static bool isAccumulatorFor(Type operand, Type acc) {
  if (isa<Float16Type, Float8E4M3FNType, Float8E5M2Type>(operand))
    return acc.isF16() || acc.isF32();
  if (isa<BFloat16Type, FloatTF32Type, Float32Type>(operand))
    return acc.isF32();
  if (operand.isF64())
    return acc.isF64();
  if (auto integer = dyn_cast<IntegerType>(operand))
    return integer.getWidth() == 8 && acc.isSignedInteger(32);
  return false;
}

static LogicalResult verifyMatrixProduct(Operation *op, TileType a, TileType b,
                                         TileType acc) {
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("operands share a dtype, not ")
           << getDTypeName(a.getElementType()) << " and "
           << getDTypeName(b.getElementType());
  if (!isAccumulatorFor(a.getElementType(), acc.getElementType()))
    return op->emitOpError("does not accumulate ")
           << getDTypeName(a.getElementType()) << " products in "
           << getDTypeName(acc.getElementType());
  int64_t rank = a.getRank();
  if ((rank != 2 && rank != 3) || b.getRank() != rank || acc.getRank() != rank)
    return op->emitOpError("multiplies matrices (rank 2) or batches of them "
                           "(rank 3) of one rank");
  ArrayRef<int64_t> sa = a.getShape(), sb = b.getShape(), sc = acc.getShape();
  int64_t m = sa[rank - 2], k = sa[rank - 1], n = sb[rank - 1];
  if (sb[rank - 2] != k)
    return op->emitOpError("inner extents differ: ")
           << k << " and " << sb[rank - 2];
  if (sc[rank - 2] != m || sc[rank - 1] != n)
    return op->emitOpError("the accumulator is ") << m << "x" << n;
  if (rank == 3 && (sb[0] != sa[0] || sc[0] != sa[0]))
    return op->emitOpError("batch extents differ");
  return success();
}

LogicalResult MmaOp::verify() {
  return verifyMatrixProduct(*this, getA().getType(), getB().getType(),
                             getAcc().getType());
}

LogicalResult SharedMmaOp::verify() {
  // wgmma reads a stage in the swizzle alone (its descriptor's mode).
  for (Value operand : {Value(getA()), Value(getB())})
    if (auto shared = dyn_cast<SharedType>(operand.getType());
        shared && shared.getInterleaved())
      return emitOpError("reads no interleaved stage");
  TileType b = getB().getType().getStageType();
  if (getTranspose()) {
    if (b.getRank() != 2)
      return emitOpError("transposes a stage of rank ") << b.getRank();
    b = TileType::get(getContext(), {b.getShape()[1], b.getShape()[0]},
                      b.getElementType());
  }
  // A, a stage of a shared buffer (then with its stage) or a tile.
  TileType a;
  if (auto shared = dyn_cast<SharedType>(getA().getType())) {
    if (!getStageA())
      return emitOpError("reads A from a shared buffer without its stage");
    a = shared.getStageType();
  } else {
    if (getStageA())
      return emitOpError("takes a stage of A, a tile");
    a = cast<TileType>(getA().getType());
    if (a.getRank() != 2)
      return emitOpError("multiplies an A tile of rank ") << a.getRank();
  }
  return verifyMatrixProduct(*this, a, b, getAcc().getType());
}

/// The results are the operands.
LogicalResult MmaWaitOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &results) {
  llvm::append_range(results, operands.getTypes());
  return success();
}

LogicalResult MatmulOp::verify() {
  return verifyMatrixProduct(*this, getA().getType(), getB().getType(),
                             getResult().getType());
}
