//===- LoadStore.cpp - loads, stores, arrays and views --------------------===//
//
// Block ids, arrays and views (their values pass through), and loads and
// stores of tiles through views: vectorized where contiguity and alignment
// are known, masked with the padding value at the array's edges.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "cudapy/Conversion/LoweringUtils/Atomics.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// `tile.bid` and `tile.num_blocks`: a gpu grid id op, as i32.
template <typename Op, typename GpuOp>
struct GridIdLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value id = GpuOp::create(rewriter, op.getLoc(),
                             static_cast<gpu::Dimension>(op.getDim()));
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, rewriter.getI32Type(),
                                                      id);
    return success();
  }
};

/// `tile.make_array` and `tile.make_view`: the array's values (pointer,
/// dynamic extents, dynamic strides) pass through.
template <typename Op> struct ArrayValuesLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, {flatten(adaptor.getOperands())});
    return success();
  }
};

struct ArrayDimLowering : public TilePattern<ArrayDimOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArrayDimOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ArrayValues array(e, op.getArray().getType(), adaptor.getArray());
    rewriter.replaceOp(op, array.extents[op.getDim()]);
    return success();
  }
};

struct ArrayBaseLowering : public TilePattern<ArrayBaseOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArrayBaseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ArrayValues array(e, op.getArray().getType(), adaptor.getArray());
    rewriter.replaceOp(op, array.base);
    return success();
  }
};

struct ArrayStrideLowering : public TilePattern<ArrayStrideOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArrayStrideOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ArrayValues array(e, op.getArray().getType(), adaptor.getArray());
    rewriter.replaceOp(op, array.strides[op.getDim()]);
    return success();
  }
};

/// `tile.list_len`: the list's second value.
struct ListLenLowering : public TilePattern<ListLenOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ListLenOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getList()[1]);
    return success();
  }
};

/// `tile.list_get`: the array's values out of its record (docs/
/// TileLowering.md, "Lists of arrays"): 1 + 2 * rank 64-bit words, the base
/// address, the extents, the strides; invariant loads (the records do not
/// change while the kernel runs), which reach PTX as `ld.global.nc`.
struct ListGetLowering : public TilePattern<ListGetOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ListGetOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ArrayType array = op.getType();
    int64_t rank = array.getRank();
    Type i64 = rewriter.getI64Type();
    Value index = arith::ExtSIOp::create(rewriter, e.loc, i64,
                                         adaptor.getIndex().front());
    Value first =
        arith::MulIOp::create(rewriter, e.loc, index, e.i64(1 + 2 * rank));
    Value records = adaptor.getList()[0];
    auto word = [&](int64_t k) -> Value {
      Value at = arith::AddIOp::create(rewriter, e.loc, first, e.i64(k));
      return LLVM::LoadOp::create(rewriter, e.loc, i64, e.gep(records, i64, at),
                                  /*alignment=*/8,
                                  /*isVolatile=*/false,
                                  /*isNonTemporal=*/false,
                                  /*isInvariant=*/true);
    };
    SmallVector<Value> values;
    values.push_back(LLVM::IntToPtrOp::create(
        rewriter, e.loc, LLVM::LLVMPointerType::get(getContext(), kGlobal),
        word(0)));
    for (auto [d, extent] : llvm::enumerate(array.getShape()))
      if (ShapedType::isDynamic(extent))
        values.push_back(arith::TruncIOp::create(
            rewriter, e.loc, rewriter.getI32Type(), word(1 + d)));
    for (auto [d, stride] : llvm::enumerate(array.getStrides()))
      if (ShapedType::isDynamic(stride))
        values.push_back(word(1 + rank + d));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct NumTilesLowering : public TilePattern<NumTilesOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(NumTilesOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ViewType view = op.getView().getType();
    ArrayValues array(e, view.getArray(), adaptor.getView());
    int64_t step = view.getSteps()[op.getDim()];
    // ceildiv, unsigned: extent + step - 1 may pass 2^31 but not 2^32
    // while the step is below 2^31 (extents are below 2^31).
    Value extent = array.extents[op.getDim()];
    if (step < (int64_t{1} << 31)) {
      rewriter.replaceOpWithNewOp<arith::DivUIOp>(
          op, e.add(extent, e.i32(step - 1)), e.i32(step));
      return success();
    }
    Value tiles = arith::DivUIOp::create(
        rewriter, op.getLoc(),
        e.add(e.zext(rewriter.getI64Type(), extent), e.i64(step - 1)),
        e.i64(step));
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, rewriter.getI32Type(),
                                                 tiles);
    return success();
  }
};

/// The padding value of a view (zero when undetermined).
static Value getPaddingValue(Emitter &e, ViewType view) {
  Type dtype = view.getArray().getElementType();
  if (auto integer = dyn_cast<IntegerType>(dtype))
    return arith::ConstantIntOp::create(e.b, e.loc, 0, integer.getWidth());
  auto real = cast<FloatType>(dtype);
  const llvm::fltSemantics &semantics = real.getFloatSemantics();
  APFloat value = APFloat::getZero(semantics);
  switch (view.getPadding()) {
  case PaddingMode::neg_zero:
    value = APFloat::getZero(semantics, /*Negative=*/true);
    break;
  case PaddingMode::nan:
    value = APFloat::getQNaN(semantics);
    break;
  case PaddingMode::pos_inf:
    value = APFloat::getInf(semantics);
    break;
  case PaddingMode::neg_inf:
    value = APFloat::getInf(semantics, /*Negative=*/true);
    break;
  default:
    break;
  }
  return arith::ConstantOp::create(
      e.b, e.loc, getRegisterConstant(view.getArray().getElementType(), value));
}

/// What loads and stores through a view share: the tile's origin, bounds
/// and addresses.
struct ViewAccess {
  Emitter &e;
  ViewType view;
  ArrayValues array;
  Distribution dist;
  Type memoryType;
  int64_t elementBytes;
  /// fp4: two elements to a byte in the array (one per byte in registers
  /// and vectors of memoryType).
  bool packed;
  int64_t elementBits;
  /// Per tile dimension k: the tile's first index along array dimension
  /// order[k] (i64).
  SmallVector<Value> start;

  ArrayFacts facts;

  /// An atomic load's or store's ordering and sync scope (not_atomic: a
  /// weak access).
  LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::not_atomic;
  StringRef syncscope;

  ViewAccess(Emitter &e, Operation *op, ViewType view, ValueRange viewValues,
             ValueRange indices, TileType tile)
      : e(e), view(view), array(e, view.getArray(), viewValues), dist(e, tile),
        memoryType(getMemoryType(tile.getElementType())),
        elementBytes(getMemoryBytes(tile.getElementType())),
        packed(isPacked(tile.getElementType())),
        elementBits(packed ? 4 : 8 * elementBytes),
        facts(view.getArray(),
              TileDialect::ArrayFactsAttrHelper(op->getContext()).getAttr(op)) {
    for (int64_t arrayDim : view.getOrder())
      start.push_back(
          e.mul(e.ext64(indices[arrayDim]), e.i64(view.getSteps()[arrayDim])));
    // In i32, clamped so that the comparisons with a register's offset (0
    // to 2^31 - 2) keep their outcome: remaining to [-1, 2^31 - 1], lowest
    // to [0, 2^31 - 1].
    auto clamp = [&](Value x, int64_t low) {
      x = arith::MaxSIOp::create(e.b, e.loc, x, e.i64(low));
      x = arith::MinSIOp::create(e.b, e.loc, x, e.i64(INT32_MAX));
      return arith::TruncIOp::create(e.b, e.loc, e.b.getI32Type(), x)
          .getResult();
    };
    DenseI64ArrayAttr within =
        TileDialect::WithinTilesAttrHelper(op->getContext()).getAttr(op);
    tileRoom.resize(rank());
    for (int64_t k = 0; k < rank(); ++k) {
      // An index in [0, num_tiles + c) (a loop's over the tiles,
      // tile.within_tiles) starts its tile at most c steps past the
      // array's last element: E - start lies in [1 - c * step, E] and the
      // thread's remaining above -2^30 when c * step + the tile's extent
      // is at most 2^30. In i32 then (the product may wrap where c > 0,
      // the differences, in that range, come out exact), and nothing is
      // before the array.
      int64_t step = view.getSteps()[arrayDim(k)];
      if (int64_t ahead = within ? within[arrayDim(k)] : -1;
          ahead >= 0 && ahead <= (1 << 30) / step &&
          ahead * step + dist.shape()[k] <= (1 << 30)) {
        tileRoom[k] = e.sub(array.extents[arrayDim(k)],
                            e.mul(indices[arrayDim(k)], e.i32(step)));
        remaining.push_back(e.sub(tileRoom[k], dist.threadOffset[k]));
        lowest.push_back(e.i32(0));
        continue;
      }
      // A constant start in [0, 2^30 - the tile's extent] (a row of a
      // softmax's tile starts at column 0, say) needs neither: along a
      // dimension the layout covers exactly, the thread's first index lies
      // in [0, 2^30), so remaining is the extent (in [0, 2^31): the
      // runtimes refuse others) less it in i32, above -2^30, and nothing
      // is before the array. (Elsewhere locate checks each index itself.)
      if (std::optional<int64_t> known = getConstantIntValue(start[k]);
          known && *known >= 0 && *known + dist.shape()[k] <= (1 << 30)) {
        Value first = e.add(e.i32(*known), dist.threadOffset[k]);
        remaining.push_back(e.sub(array.extents[arrayDim(k)], first));
        lowest.push_back(e.i32(0));
        continue;
      }
      Value first = e.add(start[k], e.ext64(dist.threadOffset[k]));
      remaining.push_back(
          clamp(e.sub(e.ext64(array.extents[arrayDim(k)]), first), -1));
      lowest.push_back(clamp(e.sub(e.i64(0), first), 0));
    }
    // Whether more than one dimension has several register offsets: then a
    // predicate per dimension would be shared by a row's (or a column's)
    // elements, and the comparisons combine the dimensions first.
    int64_t varying = 0;
    for (int64_t k = 0; k < rank(); ++k)
      varying += dist.isExactAlong(k) && dist.registersAlong(k) > 1;
    combineDimensions = varying > 1;
  }

  int64_t rank() const { return view.getOrder().size(); }
  int64_t arrayDim(int64_t k) const { return view.getOrder()[k]; }

  /// Whether the whole tile lies inside the array (a negative tile index
  /// puts it outside).
  Value tileInBounds() {
    SmallVector<Value> conditions;
    for (int64_t k = 0; k < rank(); ++k) {
      if (tileRoom[k]) {
        conditions.push_back(e.sle(e.i32(dist.shape()[k]), tileRoom[k]));
        continue;
      }
      Value end = e.add(start[k], e.i64(dist.shape()[k]));
      conditions.push_back(e.sle(e.i64(0), start[k]));
      conditions.push_back(e.sle(end, e.ext64(array.extents[arrayDim(k)])));
    }
    return e.allOf(conditions);
  }

  /// Per tile dimension k, for the thread (made with the access, before
  /// its branches): how many
  /// elements lie from its first index along k to the array's end, and how
  /// far before the array's start that index is (i64). An element is inside
  /// where its register's constant offset lies between them.
  SmallVector<Value> remaining, lowest;
  /// Per tile dimension k, the array's extent less the tile's start (i32)
  /// where tile.within_tiles bounds it; null elsewhere.
  SmallVector<Value> tileRoom;
  bool combineDimensions = false;

  /// Register `r`'s element offset and whether it is inside the array. Along
  /// the dimensions its layout covers exactly, the check compares the
  /// register's constant offset with the thread's two values above: no
  /// per-element index stays live (the code generator would otherwise
  /// hoist the indices that a load's and a store's element-by-element paths
  /// share to the kernel's entry, where they hold a register each for the
  /// whole kernel). Elsewhere (wrapped layouts) the index itself.
  std::pair<Value, Value> locate(int64_t r) {
    SmallVector<Value> indices = dist.indices(e, r);
    auto [offset, unused] = locate(indices, /*check=*/false);
    (void)unused;
    SmallVector<int64_t> local = dist.delinearize(r);
    SmallVector<Value> conditions;
    // Along the exact dimensions, the room left after the element (> 0
    // inside) and before it (<= 0 inside), each the least (greatest) over
    // the dimensions: one comparison per element, whose operands the
    // elements of a row or column share, rather than a predicate per
    // dimension that they would share (and hold across the branches).
    Value after, before;
    for (int64_t k = 0; k < rank(); ++k) {
      if (!dist.isExactAlong(k)) {
        Value index = e.add(start[k], e.ext64(indices[k]));
        conditions.push_back(e.ult(index, e.ext64(array.extents[arrayDim(k)])));
        continue;
      }
      Value at = e.i32(getRegisterOffset(dist.layout, k, local[k]));
      if (!combineDimensions) {
        conditions.push_back(e.sle(lowest[k], at));
        conditions.push_back(e.slt(at, remaining[k]));
        continue;
      }
      Value roomAfter = e.sub(remaining[k], at);
      Value roomBefore = e.sub(lowest[k], at);
      after =
          after
              ? arith::MinSIOp::create(e.b, e.loc, after, roomAfter).getResult()
              : roomAfter;
      before = before ? arith::MaxSIOp::create(e.b, e.loc, before, roomBefore)
                            .getResult()
                      : roomBefore;
    }
    if (after) {
      conditions.push_back(e.slt(e.i32(0), after));
      conditions.push_back(e.sle(before, e.i32(0)));
    }
    return {offset, e.allOf(conditions)};
  }

  /// The element offset of `indices` (tile indices) and whether it is
  /// inside the array (unless `check` is false: then null).
  std::pair<Value, Value> locate(ArrayRef<Value> indices, bool check = true) {
    Value offset = e.i64(0);
    SmallVector<Value> conditions;
    for (int64_t k = 0; k < rank(); ++k) {
      Value index = e.add(start[k], e.ext64(indices[k]));
      offset = e.add(offset, e.mul(index, array.strides[arrayDim(k)]));
      // Unsigned: an index before the array's first element is outside.
      if (check)
        conditions.push_back(e.ult(index, e.ext64(array.extents[arrayDim(k)])));
    }
    return {offset, check ? e.allOf(conditions) : Value()};
  }

  Value address(Value offset) { return e.gep(array.base, memoryType, offset); }

  /// Takes `op`'s memory order and scope (tile.load/tile.store `memory`):
  /// its accesses become atomic, one element each.
  template <typename Op> void setOrdering(Op op) {
    if (std::optional<MemoryOrder> order = op.getMemory()) {
      ordering = getLLVMOrdering(getAtomicOrder(*order));
      syncscope = getLLVMSyncScope(getAtomicScope(*op.getScope()));
    }
  }
  bool isAtomic() const { return ordering != LLVM::AtomicOrdering::not_atomic; }

  /// Element `offset` (memoryType).
  Value loadElement(Value offset) {
    if (packed)
      return loadPacked(e, array.base, offset);
    return LLVM::LoadOp::create(e.b, e.loc, memoryType, address(offset),
                                elementBytes, /*isVolatile=*/false,
                                /*isNonTemporal=*/false, /*isInvariant=*/false,
                                /*isInvariantGroup=*/false, ordering,
                                syncscope);
  }

  void storeElement(Value value, Value offset) {
    if (packed)
      return storePacked(e, array.base, offset, value);
    LLVM::StoreOp::create(e.b, e.loc, value, address(offset), elementBytes,
                          /*isVolatile=*/false, /*isNonTemporal=*/false,
                          /*isInvariantGroup=*/false, ordering, syncscope);
  }

  /// The `width` elements from `offset` on where `inside`, else `padding`
  /// (a vector of them), in one predicated access aligned to its size (not
  /// packed: loadIf).
  Value loadVectorIf(Value offset, int64_t width, Value inside, Value padding) {
    return loadIf(e, address(offset), VectorType::get({width}, memoryType),
                  inside, padding);
  }

  /// Stores `vector` (`width` elements, not packed) at element `offset`
  /// where `inside`, in one predicated access aligned to its size
  /// (storeIf).
  void storeVectorIf(Value vector, Value offset, Value inside) {
    bool stored = storeIf(e, address(offset), vector, inside);
    assert(stored && "a vector of at most 16 bytes");
    (void)stored;
  }

  /// The `width` elements from `offset` on, a vector of memoryType, in one
  /// access aligned to its size (packed: `width` is even and `offset` a
  /// multiple of it).
  Value loadVector(Value offset, int64_t width) {
    auto type = VectorType::get({width}, memoryType);
    if (!packed)
      return LLVM::LoadOp::create(e.b, e.loc, type, address(offset),
                                  width * elementBytes);
    int64_t bytes = width / 2;
    Type i8 = e.b.getI8Type();
    Type rawType = bytes == 1 ? i8 : VectorType::get({bytes}, i8);
    Value raw = LLVM::LoadOp::create(
        e.b, e.loc, rawType, locatePacked(e, array.base, offset).first, bytes);
    Value vector = LLVM::PoisonOp::create(e.b, e.loc, type);
    Value low = arith::ConstantIntOp::create(e.b, e.loc, 0xF, 8);
    Value four = arith::ConstantIntOp::create(e.b, e.loc, 4, 8);
    for (int64_t j = 0; j < bytes; ++j) {
      Value byte =
          bytes == 1 ? raw
                     : LLVM::ExtractElementOp::create(e.b, e.loc, raw, e.i32(j))
                           .getResult();
      vector = LLVM::InsertElementOp::create(e.b, e.loc, vector,
                                             e.andI(byte, low), e.i32(2 * j));
      vector = LLVM::InsertElementOp::create(
          e.b, e.loc, vector, arith::ShRUIOp::create(e.b, e.loc, byte, four),
          e.i32(2 * j + 1));
    }
    return vector;
  }

  /// Stores `vector` as loadVector reads it. Packed, a thread writes whole
  /// bytes: both of their elements are its own.
  void storeVector(Value vector, Value offset, int64_t width) {
    if (!packed) {
      LLVM::StoreOp::create(e.b, e.loc, vector, address(offset),
                            width * elementBytes);
      return;
    }
    int64_t bytes = width / 2;
    Type i8 = e.b.getI8Type();
    Value low = arith::ConstantIntOp::create(e.b, e.loc, 0xF, 8);
    Value four = arith::ConstantIntOp::create(e.b, e.loc, 4, 8);
    Value raw =
        bytes == 1
            ? Value()
            : LLVM::PoisonOp::create(e.b, e.loc, VectorType::get({bytes}, i8));
    for (int64_t j = 0; j < bytes; ++j) {
      Value first =
          LLVM::ExtractElementOp::create(e.b, e.loc, vector, e.i32(2 * j));
      Value second =
          LLVM::ExtractElementOp::create(e.b, e.loc, vector, e.i32(2 * j + 1));
      Value byte =
          arith::OrIOp::create(e.b, e.loc, e.andI(first, low),
                               arith::ShLIOp::create(e.b, e.loc, second, four));
      raw = bytes == 1
                ? byte
                : LLVM::InsertElementOp::create(e.b, e.loc, raw, byte, e.i32(j))
                      .getResult();
    }
    LLVM::StoreOp::create(e.b, e.loc, raw,
                          locatePacked(e, array.base, offset).first, bytes);
  }

  /// Elements per vector access along the layout's fastest dimension: up
  /// to 16 bytes of contiguous elements a thread holds, where the array's
  /// stride along it is 1. Groups of this many registers are adjacent.
  int64_t getVectorWidth() {
    int64_t fastest = dist.fastest();
    int64_t stride = view.getArray().getStrides()[arrayDim(fastest)];
    if (stride != 1 || isa<LLVM::LLVMPointerType>(memoryType))
      return 1;
    return dist.vectorWidth(elementBits);
  }

  /// Whether the facts prove every vector of `width` elements along the
  /// fastest dimension aligned to its size (ArrayFacts::alignVectors).
  bool isKnownAligned(int64_t width) {
    return facts.alignVectors(view, dist.shape(), dist.fastest(), width,
                              elementBits);
  }

  /// Whether every vector of `width` elements lies wholly inside the array
  /// or wholly outside it: the extent along the vectors' dimension and the
  /// tile's steps along it are multiples of `width`.
  bool hasWholeVectors(int64_t width) {
    int64_t dim = arrayDim(dist.fastest());
    return facts.extentMultiple[dim] % width == 0 &&
           view.getSteps()[dim] % width == 0;
  }

  /// Whether every vector of `width` elements is aligned to its size: the
  /// tile's first element is, and so are the strides of the other
  /// dimensions the tile spans.
  Value isAligned(int64_t width) {
    if (isKnownAligned(width))
      return e.boolean(true);
    auto [origin, unused] = locate(SmallVector<Value>(rank(), e.i32(0)));
    (void)unused;
    Value position;
    int64_t unit = packed ? width : width * elementBytes;
    if (packed) {
      // In elements: twice the base's byte address, plus the offset.
      Value base =
          LLVM::PtrToIntOp::create(e.b, e.loc, e.b.getI64Type(), array.base);
      position = e.add(e.add(base, base), origin);
    } else {
      position = LLVM::PtrToIntOp::create(e.b, e.loc, e.b.getI64Type(),
                                          this->address(origin));
    }
    SmallVector<Value> conditions = {
        e.eq(e.andI(position, e.i64(unit - 1)), e.i64(0))};
    int64_t fastest = dist.fastest();
    for (int64_t k = 0; k < rank(); ++k)
      if (k != fastest && dist.shape()[k] > 1)
        conditions.push_back(e.eq(
            e.andI(array.strides[arrayDim(k)], e.i64(width - 1)), e.i64(0)));
    return e.allOf(conditions);
  }
};

/// Both paths make vectors of `width` elements along the fastest dimension
/// (the fast one by vector loads, the other element by element), which the
/// registers are extracted from after the branch: sub-word elements stay
/// packed in 32-bit registers until they are used.
struct LoadLowering : public TilePattern<LoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    ViewAccess access(e, op, op.getView().getType(), adaptor.getView(),
                      flatten(adaptor.getIndices()), tile);
    access.setOrdering(op);
    Distribution &dist = access.dist;
    Type registerType = getRegisterType(tile.getElementType());
    int64_t registers = dist.numRegisters();
    // Atomic loads read one element each.
    int64_t width = access.isAtomic() ? 1 : access.getVectorWidth();
    Value padding =
        toMemory(e, getPaddingValue(e, access.view), access.memoryType);
    // The groups of `width` registers adjacent along the fastest dimension;
    // copies within the thread (a tile smaller than the layout's registers
    // along a dimension, such as a column broadcast along the rows) take the
    // first's value below.
    SmallVector<SmallVector<int64_t>> groups = dist.vectorGroups(width);
    // One element a thread (a tile of as many elements as threads, or
    // fewer): its own check costs what the tile's would, so one predicated
    // load, without the whole-tile branch.
    SmallVector<Value> chunks;
    if (width == 1 && groups.size() == 1 && !access.packed &&
        !access.isAtomic()) {
      auto [offset, inside] = access.locate(groups[0][0]);
      // A check known true (a rank-0 tile) is a plain load, which LLVM may
      // still move (out of a loop) or merge.
      if (matchPattern(inside, m_One()))
        chunks.push_back(access.loadElement(offset));
      else if (Value element = loadIf(e, access.address(offset),
                                      access.memoryType, inside, padding))
        chunks.push_back(element);
    }
    Value fastPath =
        chunks.empty() ? e.andI(access.tileInBounds(), access.isAligned(width))
                       : Value();
    Type chunkType = width == 1 ? access.memoryType
                                : VectorType::get({width}, access.memoryType);
    // With facts that make every vector wholly inside or outside the array
    // and aligned, edge tiles move whole vectors too, one check each.
    bool vectorEdges = width > 1 && access.isKnownAligned(width) &&
                       access.hasWholeVectors(width);
    Value paddingVector;
    if (vectorEdges) {
      paddingVector = LLVM::PoisonOp::create(rewriter, e.loc, chunkType);
      for (int64_t i = 0; i < width; ++i)
        paddingVector = LLVM::InsertElementOp::create(
            rewriter, e.loc, paddingVector, padding, e.i32(i));
    }
    SmallVector<Type> types(groups.size(), chunkType);
    // Whole vectors at the edges need no path of their own for inner tiles:
    // one straight-line sequence of vectors, each under its own check (which
    // ptxas predicates), lets the loads of several tiles interleave with
    // the math that uses them, rather than all of a tile's registers
    // meeting at the end of a branch.
    auto build = [&](bool fast) {
      SmallVector<Value> result;
      for (ArrayRef<int64_t> group : groups) {
        if (vectorEdges && !fast) {
          auto [offset, inside] = access.locate(group[0]);
          if (!access.packed) {
            result.push_back(
                access.loadVectorIf(offset, width, inside, paddingVector));
            continue;
          }
          result.push_back(emitIfElse(
              e, inside, chunkType, [&](bool load) -> SmallVector<Value> {
                if (!load)
                  return {paddingVector};
                return {access.loadVector(offset, width)};
              })[0]);
          continue;
        }
        if (fast) {
          // Whole tile inside: no masks.
          auto [offset, unused] = access.locate(group[0]);
          (void)unused;
          result.push_back(width == 1 ? access.loadElement(offset)
                                      : access.loadVector(offset, width));
          continue;
        }
        // Partial (or misaligned) tile: element by element, the ones
        // outside the array are the padding: a predicated load each,
        // straight-line code that LLVM and the NVPTX back end go through
        // faster than a branch an element (docs/performance.md, "Compile
        // latency"); a branch each where no predicated load fits (packed
        // or atomic elements, pointers).
        Value chunk = width == 1
                          ? Value()
                          : LLVM::PoisonOp::create(rewriter, e.loc, chunkType);
        for (auto [i, r] : llvm::enumerate(group)) {
          auto [offset, inside] = access.locate(r);
          Value element;
          if (!access.packed && !access.isAtomic())
            element = loadIf(e, access.address(offset), access.memoryType,
                             inside, padding);
          if (!element)
            element = emitIfElse(e, inside, access.memoryType,
                                 [&](bool load) -> SmallVector<Value> {
                                   if (!load)
                                     return {padding};
                                   return {access.loadElement(offset)};
                                 })[0];
          chunk = width == 1 ? element
                             : LLVM::InsertElementOp::create(
                                   rewriter, e.loc, chunk, element,
                                   e.i32(static_cast<int64_t>(i)));
        }
        result.push_back(chunk);
      }
      return result;
    };
    if (chunks.empty())
      chunks = vectorEdges ? build(/*fast=*/false)
                           : emitIfElse(e, fastPath, types, build);
    SmallVector<Value> values(registers);
    for (auto [group, chunk] : llvm::zip(groups, chunks))
      for (auto [i, r] : llvm::enumerate(group)) {
        Value element =
            width == 1
                ? chunk
                : LLVM::ExtractElementOp::create(rewriter, e.loc, chunk,
                                                 e.i32(static_cast<int64_t>(i)))
                      .getResult();
        values[r] = toRegister(e, element, registerType);
      }
    for (int64_t r = 0; r < registers; ++r)
      if (!values[r])
        values[r] = values[dist.firstInThread(r)];
    // Threads holding copies of an element read it at different times: they
    // take its owner's value, so that the whole block sees one (a flag it
    // spins on leaves the loop in every thread at once).
    if (access.isAtomic() && (tile.getRank() == 0 || !dist.isExact()))
      takeOwnersValues(e, op, tile, values);
    // The tile block is one program: after an acquiring load, every thread
    // sees what the load's releasing side published.
    if (op.getMemory() == MemoryOrder::acquire)
      gpu::BarrierOp::create(rewriter, e.loc);
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Whether the `width` registers of each vector along the fastest dimension
/// are owned together where the layout holds copies: every thread's offset
/// along it and every vector's first register offset are multiples of
/// `width` (and the extent is, being a power of two no smaller), so that a
/// wrapped-around thread's vector lies wholly past the extent or inside.
static bool hasWholeVectorCopies(Distribution &dist, int64_t width) {
  int64_t fastest = dist.fastest();
  if (dist.shape()[fastest] % width != 0)
    return false;
  for (const ThreadField &field : dist.layout.getThreadFields(fastest))
    if (field.scale % width != 0)
      return false;
  for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
    int64_t local = dist.delinearize(r)[fastest];
    if (local % width == 0 &&
        getRegisterOffset(dist.layout, fastest, local) % width != 0)
      return false;
  }
  return true;
}

struct StoreLowering : public TilePattern<StoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getValue().getType();
    ViewAccess access(e, op, op.getView().getType(), adaptor.getView(),
                      flatten(adaptor.getIndices()), tile);
    access.setOrdering(op);
    // A releasing store publishes the writes of every thread of the block
    // before it.
    if (op.getMemory() == MemoryOrder::release)
      gpu::BarrierOp::create(rewriter, e.loc);
    Distribution &dist = access.dist;
    ValueRange values = adaptor.getValue();
    int64_t registers = dist.numRegisters();
    // Atomic stores write one element each.
    int64_t width = access.isAtomic() ? 1 : access.getVectorWidth();
    int64_t fastest = dist.fastest();
    // Registers that are copies of another thread's (or register's)
    // element store nothing; with none, whole tiles store unmasked.
    bool exact = dist.isExact();
    // Copies of whole vectors (the layout's lanes or warps wrap around a
    // tile smaller than they cover): in-bounds tiles still store vectors,
    // each under its owner's condition, which its elements share.
    bool vectorCopies =
        !exact && width > 1 && hasWholeVectorCopies(dist, width);
    // With facts that make every vector wholly inside or outside the array
    // and aligned, edge tiles store whole vectors too, one check each.
    bool vectorEdges = exact && width > 1 && access.isKnownAligned(width) &&
                       access.hasWholeVectors(width);
    // One element a thread: one predicated store under its own check (and
    // its owner's, where threads hold copies), without the whole-tile
    // branch (see LoadLowering).
    if (width == 1 && registers == 1 && !access.packed && !access.isAtomic()) {
      auto [offset, inside] = access.locate(0);
      Value store = exact ? inside : e.andI(inside, dist.isOwner(e, 0));
      if (storeIf(e, access.address(offset),
                  toMemory(e, values[0], access.memoryType), store)) {
        rewriter.eraseOp(op);
        return success();
      }
    }
    Value fastPath = exact || vectorCopies ? e.andI(access.tileInBounds(),
                                                    access.isAligned(width))
                                           : e.boolean(false);
    auto vectorType = VectorType::get({width}, access.memoryType);
    // Register r's vector of `width` elements (r first along the fastest
    // dimension), stored at element `offset`.
    auto makeVector = [&](int64_t r) {
      SmallVector<int64_t> local = dist.delinearize(r);
      Value vector = LLVM::PoisonOp::create(rewriter, e.loc, vectorType);
      for (int64_t i = 0; i < width; ++i) {
        SmallVector<int64_t> next = local;
        next[fastest] += i;
        Value element =
            toMemory(e, values[dist.linearize(next)], access.memoryType);
        vector = LLVM::InsertElementOp::create(rewriter, e.loc, vector, element,
                                               e.i32(i));
      }
      return vector;
    };
    auto storeVector = [&](int64_t r, Value offset) {
      access.storeVector(makeVector(r), offset, width);
    };
    // Whole vectors at the edges: one straight-line sequence of predicated
    // stores, for inner tiles too (see loadVectorIf).
    if (vectorEdges && !access.packed) {
      for (int64_t r = 0; r < registers; ++r) {
        if (dist.delinearize(r)[fastest] % width != 0)
          continue;
        auto [offset, inside] = access.locate(r);
        access.storeVectorIf(makeVector(r), offset, inside);
      }
      rewriter.eraseOp(op);
      return success();
    }
    emitIfElse(e, fastPath, {}, [&](bool fast) -> SmallVector<Value> {
      if (fast || vectorEdges) {
        for (int64_t r = 0; r < registers; ++r) {
          SmallVector<int64_t> local = dist.delinearize(r);
          if (local[fastest] % width != 0)
            continue;
          auto [offset, inside] = access.locate(r);
          if (width == 1) {
            access.storeElement(toMemory(e, values[r], access.memoryType),
                                offset);
            continue;
          }
          if (fast && exact) {
            storeVector(r, offset);
            continue;
          }
          auto ifOp = scf::IfOp::create(rewriter, e.loc,
                                        fast ? dist.isOwner(e, r) : inside);
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(ifOp.thenBlock());
          storeVector(r, offset);
        }
        return {};
      }
      // Element by element: a branch around each store. Not a predicated
      // store each, as the loads' partial tiles have: straight-line stores
      // after a loop kept two forms of one 64-bit row index live through
      // it (LLVM's and the loop strength reduction's), which cost a row
      // sum of 4 x 1024 float32 at 16 warps 7 registers (39 against 32)
      // and a quarter of its occupancy (docs/performance.md).
      for (int64_t r = 0; r < registers; ++r) {
        auto [offset, inside] = access.locate(r);
        Value store = exact ? inside : e.andI(inside, dist.isOwner(e, r));
        auto ifOp = scf::IfOp::create(rewriter, e.loc, store);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        access.storeElement(toMemory(e, values[r], access.memoryType), offset);
      }
      return {};
    });
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void cudapy::populateTileLoadStoreToLLVMPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<GridIdLowering<BidOp, gpu::BlockIdOp>,
               GridIdLowering<NumBlocksOp, gpu::GridDimOp>,
               ArrayValuesLowering<MakeArrayOp>,
               ArrayValuesLowering<MakeViewOp>, ArrayDimLowering,
               ArrayBaseLowering, ArrayStrideLowering, ListLenLowering,
               ListGetLowering, NumTilesLowering, LoadLowering, StoreLowering>(
      converter, patterns.getContext());
}
