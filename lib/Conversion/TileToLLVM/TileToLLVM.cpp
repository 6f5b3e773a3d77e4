//===- TileToLLVM.cpp - tiles to per-thread registers ---------------------===//
//
// Implements `convert-tile-to-llvm`: see include/cudapy/Conversion/Passes.td
// and docs/TileLowering.md. Every tile of rank 1 or more has a distributed
// layout (tile-assign-layouts); a thread's part of it becomes that many
// scalar SSA values (a 1:N type conversion), which the ops below compute with
// arith, math, gpu, scf and llvm ops.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/Passes.h"
#include "cudapy/Support/InlinePtx.h"
#include "cudapy/Transforms/Passes.h"

#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace cudapy {
#define GEN_PASS_DEF_CONVERTTILETOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"
} // namespace cudapy

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

static constexpr llvm::StringLiteral kNumWarpsAttr = "tile.num_warps";
static constexpr unsigned kGlobal = 1, kShared = 3;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The register type of a dtype: signless integers, floats, global
/// pointers.
static Type getRegisterType(Type dtype) {
  MLIRContext *context = dtype.getContext();
  if (auto integer = dyn_cast<IntegerType>(dtype))
    return IntegerType::get(context, integer.getWidth());
  if (isa<PointerType>(dtype))
    return LLVM::LLVMPointerType::get(context, kGlobal);
  return dtype;
}

/// How a dtype is kept in memory: bools as bytes.
static Type getMemoryType(Type dtype) {
  if (dtype.isInteger(1))
    return IntegerType::get(dtype.getContext(), 8);
  return getRegisterType(dtype);
}

static int64_t getMemoryBytes(Type dtype) {
  Type memory = getMemoryType(dtype);
  if (isa<LLVM::LLVMPointerType>(memory))
    return 8;
  return memory.getIntOrFloatBitWidth() / 8;
}

static bool isSigned(Type dtype) {
  auto integer = dyn_cast<IntegerType>(dtype);
  return integer && integer.isSigned();
}

namespace {
class TileTypeConverter : public TypeConverter {
public:
  TileTypeConverter(MLIRContext *context) {
    addConversion([](Type type) { return type; });
    addConversion(
        [](TileType type,
           SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
          Type element = getRegisterType(type.getElementType());
          if (type.getRank() == 0) {
            results.push_back(element);
            return success();
          }
          if (!type.getEncoding())
            return failure();
          int64_t registers = DistributedLayout::get(type.getEncoding())
                                  .getNumRegisters(type.getShape());
          results.append(registers, element);
          return success();
        });
    addConversion([context](ArrayType type, SmallVectorImpl<Type> &results) {
      appendArray(context, type, results);
      return success();
    });
    addConversion([context](ViewType type, SmallVectorImpl<Type> &results) {
      appendArray(context, type.getArray(), results);
      return success();
    });
    addConversion([context](PointerType) {
      return LLVM::LLVMPointerType::get(context, kGlobal);
    });
  }

  /// An array is its base pointer, its dynamic extents (i32) and its
  /// dynamic strides (i64, in elements).
  static void appendArray(MLIRContext *context, ArrayType type,
                          SmallVectorImpl<Type> &results) {
    results.push_back(LLVM::LLVMPointerType::get(context, kGlobal));
    for (int64_t extent : type.getShape())
      if (ShapedType::isDynamic(extent))
        results.push_back(IntegerType::get(context, 32));
    for (int64_t stride : type.getStrides())
      if (ShapedType::isDynamic(stride))
        results.push_back(IntegerType::get(context, 64));
  }
};

//===----------------------------------------------------------------------===//
// Emitting helpers
//===----------------------------------------------------------------------===//

/// Builds the scalar code of one op.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 32);
  }
  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  }
  Value boolean(bool value) {
    return arith::ConstantIntOp::create(b, loc, value, 1);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value slt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
  }
  Value sle(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, x, y);
  }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value ext64(Value x) {
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), x);
  }
  Value allOf(ArrayRef<Value> conditions) {
    Value all;
    for (Value condition : conditions)
      all = all ? andI(all, condition) : condition;
    return all ? all : boolean(true);
  }
  /// `x / divisor % modulus` for powers of two.
  Value bits(Value x, int64_t divisor, int64_t modulus) {
    if (modulus == 1)
      return i32(0);
    Value shifted =
        divisor == 1
            ? x
            : arith::ShRUIOp::create(b, loc, x, i32(llvm::Log2_64(divisor)));
    return andI(shifted, i32(modulus - 1));
  }

  /// The thread's index in the CTA, lane and warp (i32).
  Value threadId() {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
  }
  Value lane() { return andI(threadId(), i32(kWarpSize - 1)); }
  Value warp() { return arith::ShRUIOp::create(b, loc, threadId(), i32(5)); }

  Value gep(Value base, Type element, Value offset) {
    return LLVM::GEPOp::create(b, loc, base.getType(), element, base,
                               ArrayRef<LLVM::GEPArg>{offset});
  }

  /// A float constant of `type` from a double.
  Value floatConst(Type type, double value) {
    APFloat real(value);
    bool lostInfo = false;
    real.convert(cast<FloatType>(type).getFloatSemantics(),
                 APFloat::rmNearestTiesToEven, &lostInfo);
    return arith::ConstantFloatOp::create(b, loc, cast<FloatType>(type), real)
        .getResult();
  }
};

/// Where the elements of a tile of `type` live for the current thread.
struct Distribution {
  TileType type;
  DistributedLayout layout;
  /// Per dimension, the thread's coordinate times sizePerThread (i32).
  SmallVector<Value> threadOffset;
  /// Whether the thread is the first of those that hold the same elements
  /// (along the dimensions a slice removed).
  Value isFirstCopy;

  Distribution(Emitter &e, TileType type)
      : type(type), layout(DistributedLayout::get(type.getEncoding())) {
    Value lane = e.lane(), warp = e.warp();
    for (int64_t d = 0, r = layout.getRank(); d < r; ++d) {
      Value t =
          e.add(e.bits(lane, layout.laneStride[d], layout.threadsPerWarp[d]),
                e.mul(e.bits(warp, layout.warpStride[d], layout.warpsPerCTA[d]),
                      e.i32(layout.threadsPerWarp[d])));
      threadOffset.push_back(e.mul(t, e.i32(layout.sizePerThread[d])));
    }
    SmallVector<Value> first;
    for (auto [laneStride, lanes, warpStride, warps] : layout.removed) {
      if (lanes > 1)
        first.push_back(e.eq(e.bits(lane, laneStride, lanes), e.i32(0)));
      if (warps > 1)
        first.push_back(e.eq(e.bits(warp, warpStride, warps), e.i32(0)));
    }
    isFirstCopy = e.allOf(first);
  }

  ArrayRef<int64_t> shape() const { return type.getShape(); }
  int64_t numRegisters() const { return layout.getNumRegisters(shape()); }

  /// The index along `d` (i32) of the element in local index `local`, before
  /// the wrap-around (`mod shape[d]`).
  Value unwrapped(Emitter &e, int64_t d, int64_t local) {
    return e.add(threadOffset[d], e.i32(layout.getStaticOffset(d, local)));
  }
  /// The element's index along each dimension, for register `r`.
  SmallVector<Value> indices(Emitter &e, int64_t r) {
    SmallVector<int64_t> local = layout.delinearize(shape(), r);
    SmallVector<Value> result;
    for (int64_t d = 0, rank = layout.getRank(); d < rank; ++d) {
      Value index = unwrapped(e, d, local[d]);
      if (!layout.isExact(shape(), d))
        index = e.andI(index, e.i32(shape()[d] - 1));
      result.push_back(index);
    }
    return result;
  }
  /// Whether register `r` holds the element's one owning copy.
  Value isOwner(Emitter &e, int64_t r) {
    SmallVector<int64_t> local = layout.delinearize(shape(), r);
    SmallVector<Value> conditions = {isFirstCopy};
    for (int64_t d = 0, rank = layout.getRank(); d < rank; ++d)
      if (!layout.isExact(shape(), d))
        conditions.push_back(
            e.ult(unwrapped(e, d, local[d]), e.i32(shape()[d])));
    return e.allOf(conditions);
  }
  /// Whether every register owns its element.
  bool isExact() const {
    if (!layout.removed.empty())
      return false;
    for (int64_t d = 0, rank = layout.getRank(); d < rank; ++d)
      if (!layout.isExact(shape(), d))
        return false;
    return true;
  }
};

/// The values of an array (or view) operand: pointer, extents (i32) and
/// strides (i64), static ones as constants.
struct ArrayValues {
  Value base;
  SmallVector<Value> extents, strides;

  ArrayValues(Emitter &e, ArrayType type, ValueRange values) {
    base = values.front();
    size_t next = 1;
    for (int64_t extent : type.getShape())
      extents.push_back(ShapedType::isDynamic(extent) ? values[next++]
                                                      : e.i32(extent));
    for (int64_t stride : type.getStrides())
      strides.push_back(ShapedType::isDynamic(stride) ? values[next++]
                                                      : e.i64(stride));
  }
};

static SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    llvm::append_range(values, range);
  return values;
}

/// The padding value of a view (zero when undetermined).
static Value getPaddingValue(Emitter &e, ViewType view) {
  Type dtype = getRegisterType(view.getArray().getElementType());
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
  return arith::ConstantFloatOp::create(e.b, e.loc, real, value);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// A fresh shared-memory array of `count` elements of `element` type in the
/// enclosing gpu.module (or module): its address.
static Value allocateShared(Emitter &e, Operation *op, Type element,
                            int64_t count) {
  Operation *module = op->getParentWithTrait<OpTrait::SymbolTable>();
  while (module && !isa<gpu::GPUModuleOp, ModuleOp>(module))
    module = module->getParentWithTrait<OpTrait::SymbolTable>();
  MLIRContext *context = op->getContext();
  auto arrayType = LLVM::LLVMArrayType::get(element, count);
  std::string name;
  SymbolTable table(module);
  for (int64_t i = 0;; ++i) {
    name = "__tile_shared_" + std::to_string(i);
    if (!table.lookup(name))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPointToStart(&module->getRegion(0).front());
    auto global = LLVM::GlobalOp::create(
        e.b, e.loc, arrayType, /*isConstant=*/false, LLVM::Linkage::Internal,
        name, Attribute(), /*alignment=*/16, kShared);
    table.insert(global);
  }
  return LLVM::AddressOfOp::create(
      e.b, e.loc, LLVM::LLVMPointerType::get(context, kShared), name);
}

static bool isInLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return false;
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename Op> struct TilePattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<Op>::OneToNOpAdaptor;
};

/// The converted values of a tile result.
static SmallVector<Type> convertResult(const TypeConverter *converter,
                                       Type type) {
  SmallVector<Type> types;
  (void)converter->convertType(type, types);
  return types;
}

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

struct NumTilesLowering : public TilePattern<NumTilesOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(NumTilesOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    ViewType view = op.getView().getType();
    ArrayValues array(e, view.getArray(), adaptor.getView());
    int64_t step = view.getSteps()[op.getDim()];
    // ceildiv in 64 bits: extent + step - 1 may pass 2^31.
    Value extent =
        arith::ExtUIOp::create(rewriter, op.getLoc(), rewriter.getI64Type(),
                               array.extents[op.getDim()]);
    Value tiles = arith::DivUIOp::create(
        rewriter, op.getLoc(), e.add(extent, e.i64(step - 1)), e.i64(step));
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, rewriter.getI32Type(),
                                                 tiles);
    return success();
  }
};

/// What loads and stores through a view share: the tile's origin, bounds
/// and addresses.
struct ViewAccess {
  Emitter &e;
  ViewType view;
  ArrayValues array;
  Distribution dist;
  Type memoryType;
  int64_t elementBytes;
  /// Per tile dimension k: the tile's first index along array dimension
  /// order[k] (i64).
  SmallVector<Value> start;

  ViewAccess(Emitter &e, ViewType view, ValueRange viewValues,
             ValueRange indices, TileType tile)
      : e(e), view(view), array(e, view.getArray(), viewValues), dist(e, tile),
        memoryType(getMemoryType(tile.getElementType())),
        elementBytes(getMemoryBytes(tile.getElementType())) {
    for (int64_t arrayDim : view.getOrder())
      start.push_back(
          e.mul(e.ext64(indices[arrayDim]), e.i64(view.getSteps()[arrayDim])));
  }

  int64_t rank() const { return view.getOrder().size(); }
  int64_t arrayDim(int64_t k) const { return view.getOrder()[k]; }

  /// Whether the whole tile lies inside the array.
  Value tileInBounds() {
    SmallVector<Value> conditions;
    for (int64_t k = 0; k < rank(); ++k) {
      Value end = e.add(start[k], e.i64(dist.shape()[k]));
      conditions.push_back(e.sle(end, e.ext64(array.extents[arrayDim(k)])));
    }
    return e.allOf(conditions);
  }

  /// The element offset of `indices` (tile indices) and whether it is
  /// inside the array.
  std::pair<Value, Value> locate(ArrayRef<Value> indices) {
    Value offset = e.i64(0);
    SmallVector<Value> conditions;
    for (int64_t k = 0; k < rank(); ++k) {
      Value index = e.add(start[k], e.ext64(indices[k]));
      offset = e.add(offset, e.mul(index, array.strides[arrayDim(k)]));
      conditions.push_back(e.slt(index, e.ext64(array.extents[arrayDim(k)])));
    }
    return {offset, e.allOf(conditions)};
  }

  Value address(Value offset) { return e.gep(array.base, memoryType, offset); }

  /// Elements per vector access along the layout's fastest dimension: up
  /// to 16 bytes of contiguous elements a thread holds, where the array's
  /// stride along it is 1. Groups of this many registers are adjacent.
  int64_t getVectorWidth() {
    int64_t fastest = dist.layout.order.front();
    int64_t stride = view.getArray().getStrides()[arrayDim(fastest)];
    if (stride != 1 || isa<LLVM::LLVMPointerType>(memoryType))
      return 1;
    int64_t width = std::min<int64_t>(dist.layout.sizePerThread[fastest],
                                      16 / elementBytes);
    width = std::min<int64_t>(width, dist.shape()[fastest]);
    return std::max<int64_t>(width, 1);
  }

  /// Whether every vector of `width` elements is aligned to its size: the
  /// tile's first element is, and so are the strides of the other
  /// dimensions the tile spans.
  Value isAligned(int64_t width) {
    if (width == 1)
      return e.boolean(true);
    auto [origin, unused] = locate(SmallVector<Value>(rank(), e.i32(0)));
    (void)unused;
    Value address = LLVM::PtrToIntOp::create(e.b, e.loc, e.b.getI64Type(),
                                             this->address(origin));
    int64_t bytes = width * elementBytes;
    SmallVector<Value> conditions = {
        e.eq(e.andI(address, e.i64(bytes - 1)), e.i64(0))};
    int64_t fastest = dist.layout.order.front();
    for (int64_t k = 0; k < rank(); ++k)
      if (k != fastest && dist.shape()[k] > 1)
        conditions.push_back(e.eq(
            e.andI(array.strides[arrayDim(k)], e.i64(width - 1)), e.i64(0)));
    return e.allOf(conditions);
  }
};

/// Emits `body(fast)` under `scf.if condition`, yielding `count` values of
/// `types` from each side.
static SmallVector<Value>
emitIfElse(Emitter &e, Value condition, TypeRange types,
           function_ref<SmallVector<Value>(bool fast)> body) {
  auto ifOp = scf::IfOp::create(e.b, e.loc, types, condition,
                                /*withElseRegion=*/true);
  for (bool fast : {true, false}) {
    OpBuilder::InsertionGuard guard(e.b);
    Block *block = fast ? ifOp.thenBlock() : ifOp.elseBlock();
    if (types.empty()) { // the builder made the terminators
      e.b.setInsertionPoint(block->getTerminator());
      body(fast);
      continue;
    }
    e.b.setInsertionPointToStart(block);
    SmallVector<Value> values = body(fast);
    scf::YieldOp::create(e.b, e.loc, values);
  }
  return SmallVector<Value>(ifOp.getResults());
}

static Value toRegister(Emitter &e, Value memory, Type registerType) {
  if (registerType.isInteger(1))
    return arith::TruncIOp::create(e.b, e.loc, registerType, memory);
  return memory;
}

static Value toMemory(Emitter &e, Value value, Type memoryType) {
  if (value.getType() != memoryType)
    return arith::ExtUIOp::create(e.b, e.loc, memoryType, value);
  return value;
}

struct LoadLowering : public TilePattern<LoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    ViewAccess access(e, op.getView().getType(), adaptor.getView(),
                      flatten(adaptor.getIndices()), tile);
    Distribution &dist = access.dist;
    Type registerType = getRegisterType(tile.getElementType());
    int64_t registers = dist.numRegisters();
    int64_t width = access.getVectorWidth();
    Value padding = getPaddingValue(e, access.view);
    Value fastPath = e.andI(access.tileInBounds(), access.isAligned(width));
    SmallVector<Type> types(registers, registerType);
    int64_t fastest = dist.layout.order.front();
    SmallVector<Value> values = emitIfElse(e, fastPath, types, [&](bool fast) {
      SmallVector<Value> result(registers);
      if (fast) {
        // Whole tile inside: no masks; `width` registers adjacent
        // along the fastest dimension per access.
        auto vectorType = VectorType::get({width}, access.memoryType);
        for (int64_t r = 0; r < registers; ++r) {
          SmallVector<int64_t> local = dist.layout.delinearize(dist.shape(), r);
          if (local[fastest] % width != 0)
            continue;
          auto [offset, unused] = access.locate(dist.indices(e, r));
          (void)unused;
          Value address = access.address(offset);
          if (width == 1) {
            Value loaded =
                LLVM::LoadOp::create(rewriter, e.loc, access.memoryType,
                                     address, access.elementBytes);
            result[r] = toRegister(e, loaded, registerType);
            continue;
          }
          Value vector =
              LLVM::LoadOp::create(rewriter, e.loc, vectorType, address,
                                   width * access.elementBytes);
          for (int64_t i = 0; i < width; ++i) {
            SmallVector<int64_t> next = local;
            next[fastest] += i;
            Value element = LLVM::ExtractElementOp::create(rewriter, e.loc,
                                                           vector, e.i32(i));
            result[dist.layout.linearize(dist.shape(), next)] =
                toRegister(e, element, registerType);
          }
        }
        return result;
      }
      // Partial (or misaligned) tile: element by element, the ones
      // outside the array are the padding.
      for (int64_t r = 0; r < registers; ++r) {
        auto [offset, inside] = access.locate(dist.indices(e, r));
        result[r] = emitIfElse(
            e, inside, registerType, [&](bool load) -> SmallVector<Value> {
              if (!load)
                return {padding};
              Value loaded = LLVM::LoadOp::create(
                  rewriter, e.loc, access.memoryType, access.address(offset),
                  access.elementBytes);
              return {toRegister(e, loaded, registerType)};
            })[0];
      }
      return result;
    });
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct StoreLowering : public TilePattern<StoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getValue().getType();
    ViewAccess access(e, op.getView().getType(), adaptor.getView(),
                      flatten(adaptor.getIndices()), tile);
    Distribution &dist = access.dist;
    ValueRange values = adaptor.getValue();
    int64_t registers = dist.numRegisters();
    int64_t width = access.getVectorWidth();
    int64_t fastest = dist.layout.order.front();
    // Registers that are copies of another thread's (or register's)
    // element store nothing; with none, whole tiles store unmasked.
    bool exact = dist.isExact();
    Value fastPath =
        exact ? e.andI(access.tileInBounds(), access.isAligned(width))
              : e.boolean(false);
    emitIfElse(e, fastPath, {}, [&](bool fast) -> SmallVector<Value> {
      if (fast) {
        auto vectorType = VectorType::get({width}, access.memoryType);
        for (int64_t r = 0; r < registers; ++r) {
          SmallVector<int64_t> local = dist.layout.delinearize(dist.shape(), r);
          if (local[fastest] % width != 0)
            continue;
          auto [offset, unused] = access.locate(dist.indices(e, r));
          (void)unused;
          Value address = access.address(offset);
          if (width == 1) {
            LLVM::StoreOp::create(rewriter, e.loc,
                                  toMemory(e, values[r], access.memoryType),
                                  address, access.elementBytes);
            continue;
          }
          Value vector = LLVM::PoisonOp::create(rewriter, e.loc, vectorType);
          for (int64_t i = 0; i < width; ++i) {
            SmallVector<int64_t> next = local;
            next[fastest] += i;
            Value element =
                toMemory(e, values[dist.layout.linearize(dist.shape(), next)],
                         access.memoryType);
            vector = LLVM::InsertElementOp::create(rewriter, e.loc, vector,
                                                   element, e.i32(i));
          }
          LLVM::StoreOp::create(rewriter, e.loc, vector, address,
                                width * access.elementBytes);
        }
        return {};
      }
      for (int64_t r = 0; r < registers; ++r) {
        auto [offset, inside] = access.locate(dist.indices(e, r));
        Value store = exact ? inside : e.andI(inside, dist.isOwner(e, r));
        auto ifOp = scf::IfOp::create(rewriter, e.loc, store);
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        LLVM::StoreOp::create(rewriter, e.loc,
                              toMemory(e, values[r], access.memoryType),
                              access.address(offset), access.elementBytes);
      }
      return {};
    });
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

struct ConstantLowering : public TilePattern<ConstantOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!elements || !elements.isSplat())
      return rewriter.notifyMatchFailure(op, "not a splat");
    TileType tile = op.getType();
    Type registerType = getRegisterType(tile.getElementType());
    Attribute splat = elements.getSplatValue<Attribute>();
    TypedAttr value;
    if (auto integer = dyn_cast<IntegerAttr>(splat))
      value = IntegerAttr::get(registerType, integer.getValue());
    else
      value = cast<FloatAttr>(splat);
    Value scalar = arith::ConstantOp::create(rewriter, op.getLoc(), value);
    SmallVector<Type> types = convertResult(getTypeConverter(), tile);
    rewriter.replaceOpWithMultiple(op,
                                   {SmallVector<Value>(types.size(), scalar)});
    return success();
  }
};

struct IotaLowering : public TilePattern<IotaOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    Type registerType = getRegisterType(tile.getElementType());
    Distribution dist(e, tile);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = dist.indices(e, r);
      Value position = e.i32(0);
      int64_t scale = 1;
      for (int64_t d = tile.getRank() - 1; d >= 0; --d) {
        position = e.add(position, e.mul(indices[d], e.i32(scale)));
        scale *= tile.getShape()[d];
      }
      Value value;
      if (isa<FloatType>(registerType))
        value =
            arith::UIToFPOp::create(rewriter, e.loc, registerType, position);
      else if (registerType.getIntOrFloatBitWidth() > 32)
        value = arith::ExtUIOp::create(rewriter, e.loc, registerType, position);
      else if (registerType.getIntOrFloatBitWidth() < 32)
        value =
            arith::TruncIOp::create(rewriter, e.loc, registerType, position);
      else
        value = position;
      values.push_back(value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

/// The PTX suffix of a rounding mode.
static StringRef getPtxRounding(RoundingMode mode) {
  switch (mode) {
  case RoundingMode::rn:
    return ".rn";
  case RoundingMode::rz:
    return ".rz";
  case RoundingMode::rm:
    return ".rm";
  case RoundingMode::rp:
    return ".rp";
  case RoundingMode::full:
    return ".full";
  case RoundingMode::approx:
    return ".approx";
  case RoundingMode::rzi:
    return ".rzi";
  }
  return "";
}

/// A float instruction with an explicit rounding mode or ftz, in PTX:
/// `add.rz.ftz.f32 $0, $1, $2;`.
static Value emitPtxFloatOp(Emitter &e, StringRef name,
                            std::optional<RoundingMode> rounding, bool ftz,
                            ValueRange operands) {
  Type type = operands.front().getType();
  bool isF64 = type.isF64();
  std::string text = name.str();
  text += getPtxRounding(rounding.value_or(RoundingMode::rn));
  if (ftz)
    text += ".ftz";
  text += isF64 ? ".f64 $0" : ".f32 $0";
  std::string constraints = isF64 ? "=d" : "=f";
  for (size_t i = 0; i < operands.size(); ++i) {
    text += ", $" + std::to_string(i + 1);
    constraints += isF64 ? ",d" : ",f";
  }
  text += ";";
  return createInlinePtx(e.b, e.loc, type, operands, text, constraints);
}

/// Whether a float op needs its modifiers spelled out in PTX.
static bool needsPtx(Type type, std::optional<RoundingMode> rounding,
                     bool ftz) {
  if (!type.isF32() && !type.isF64())
    return false;
  return ftz || (rounding && *rounding != RoundingMode::rn);
}

/// Python's floor division and modulo of signed integers from C's
/// truncating ones.
static Value emitSignedFloorAdjust(Emitter &e, Value a, Value b, bool mod) {
  Value q = arith::DivSIOp::create(e.b, e.loc, a, b);
  Value r = arith::RemSIOp::create(e.b, e.loc, a, b);
  Value zero = arith::ConstantIntOp::create(
      e.b, e.loc, 0, a.getType().getIntOrFloatBitWidth());
  Value rNonZero =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::ne, r, zero);
  Value signsDiffer =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::slt,
                            arith::XOrIOp::create(e.b, e.loc, r, b), zero);
  Value adjust = e.andI(rNonZero, signsDiffer);
  if (mod)
    return arith::SelectOp::create(e.b, e.loc, adjust,
                                   arith::AddIOp::create(e.b, e.loc, r, b), r);
  Value one = arith::ConstantIntOp::create(e.b, e.loc, 1,
                                           a.getType().getIntOrFloatBitWidth());
  return arith::SelectOp::create(e.b, e.loc, adjust,
                                 arith::SubIOp::create(e.b, e.loc, q, one), q);
}

/// A shift by the bit width or more: shl gives 0, shr 0 or -1.
static Value emitShift(Emitter &e, Value a, Value b, bool left,
                       bool isSignedValue) {
  unsigned width = a.getType().getIntOrFloatBitWidth();
  Value limit = arith::ConstantIntOp::create(e.b, e.loc, width - 1, width);
  Value tooFar =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::ugt, b, limit);
  if (left) {
    Value shifted = arith::ShLIOp::create(e.b, e.loc, a, b);
    Value zero = arith::ConstantIntOp::create(e.b, e.loc, 0, width);
    return arith::SelectOp::create(e.b, e.loc, tooFar, zero, shifted);
  }
  if (isSignedValue) {
    Value clamped = arith::SelectOp::create(e.b, e.loc, tooFar, limit, b);
    return arith::ShRSIOp::create(e.b, e.loc, a, clamped);
  }
  Value shifted = arith::ShRUIOp::create(e.b, e.loc, a, b);
  Value zero = arith::ConstantIntOp::create(e.b, e.loc, 0, width);
  return arith::SelectOp::create(e.b, e.loc, tooFar, zero, shifted);
}

/// One element of a binary op whose dtype is `dtype`.
static FailureOr<Value> emitBinary(Emitter &e, Operation *op, Type dtype,
                                   Value a, Value b) {
  bool isFloat = isa<FloatType>(dtype);
  bool isSignedInt = isSigned(dtype);
  auto rounding = [&]() -> std::optional<RoundingMode> {
    if (auto attr = op->getAttrOfType<RoundingModeAttr>("rounding"))
      return attr.getValue();
    return std::nullopt;
  }();
  bool ftz = op->hasAttr("ftz");
  OpBuilder &builder = e.b;
  Location loc = e.loc;
  if (isa<AddOp, SubOp, MulOp, DivOp>(op) && isFloat &&
      needsPtx(dtype, rounding, ftz)) {
    StringRef name = isa<AddOp>(op)   ? "add"
                     : isa<SubOp>(op) ? "sub"
                     : isa<MulOp>(op) ? "mul"
                                      : "div";
    return emitPtxFloatOp(e, name, rounding, ftz, {a, b});
  }
  if (isa<DivOp>(op) && isFloat && rounding &&
      (*rounding == RoundingMode::full || *rounding == RoundingMode::approx))
    return emitPtxFloatOp(e, "div", rounding, ftz, {a, b});
  if (isa<AddOp>(op))
    return isFloat ? arith::AddFOp::create(builder, loc, a, b).getResult()
                   : arith::AddIOp::create(builder, loc, a, b).getResult();
  if (isa<SubOp>(op))
    return isFloat ? arith::SubFOp::create(builder, loc, a, b).getResult()
                   : arith::SubIOp::create(builder, loc, a, b).getResult();
  if (isa<MulOp>(op))
    return isFloat ? arith::MulFOp::create(builder, loc, a, b).getResult()
                   : arith::MulIOp::create(builder, loc, a, b).getResult();
  if (isa<DivOp>(op)) {
    if (isFloat)
      return arith::DivFOp::create(builder, loc, a, b).getResult();
    return isSignedInt ? arith::DivSIOp::create(builder, loc, a, b).getResult()
                       : arith::DivUIOp::create(builder, loc, a, b).getResult();
  }
  if (isa<FloorDivOp>(op)) {
    if (isFloat)
      return math::FloorOp::create(builder, loc,
                                   arith::DivFOp::create(builder, loc, a, b))
          .getResult();
    if (isSignedInt)
      return emitSignedFloorAdjust(e, a, b, /*mod=*/false);
    return arith::DivUIOp::create(builder, loc, a, b).getResult();
  }
  if (isa<RemOp>(op)) {
    if (isFloat)
      return arith::RemFOp::create(builder, loc, a, b).getResult();
    return isSignedInt ? arith::RemSIOp::create(builder, loc, a, b).getResult()
                       : arith::RemUIOp::create(builder, loc, a, b).getResult();
  }
  if (isa<ModOp>(op)) {
    if (isFloat) {
      // fmod, then moved to the divisor's sign.
      Value r = arith::RemFOp::create(builder, loc, a, b);
      Value zero = e.floatConst(dtype, 0.0);
      Value rNonZero = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::ONE, r, zero);
      Value rNeg = arith::CmpFOp::create(builder, loc,
                                         arith::CmpFPredicate::OLT, r, zero);
      Value bNeg = arith::CmpFOp::create(builder, loc,
                                         arith::CmpFPredicate::OLT, b, zero);
      Value differ = arith::XOrIOp::create(builder, loc, rNeg, bNeg);
      Value adjust = e.andI(rNonZero, differ);
      return arith::SelectOp::create(builder, loc, adjust,
                                     arith::AddFOp::create(builder, loc, r, b),
                                     r)
          .getResult();
    }
    if (isSignedInt)
      return emitSignedFloorAdjust(e, a, b, /*mod=*/true);
    return arith::RemUIOp::create(builder, loc, a, b).getResult();
  }
  if (isa<PowOp>(op)) {
    if (!isFloat)
      return failure();
    return math::PowFOp::create(builder, loc, a, b).getResult();
  }
  if (isa<MaximumOp, MinimumOp>(op)) {
    bool max = isa<MaximumOp>(op);
    if (isFloat) {
      if (ftz && dtype.isF32()) {
        std::string text = std::string(max ? "max" : "min") + ".ftz" +
                           (op->hasAttr("propagate_nan") ? ".NaN" : "") +
                           ".f32 $0, $1, $2;";
        return createInlinePtx(builder, loc, dtype, {a, b}, text, "=f,f,f");
      }
      if (op->hasAttr("propagate_nan"))
        return max ? arith::MaximumFOp::create(builder, loc, a, b).getResult()
                   : arith::MinimumFOp::create(builder, loc, a, b).getResult();
      return max ? arith::MaxNumFOp::create(builder, loc, a, b).getResult()
                 : arith::MinNumFOp::create(builder, loc, a, b).getResult();
    }
    if (isSignedInt)
      return max ? arith::MaxSIOp::create(builder, loc, a, b).getResult()
                 : arith::MinSIOp::create(builder, loc, a, b).getResult();
    return max ? arith::MaxUIOp::create(builder, loc, a, b).getResult()
               : arith::MinUIOp::create(builder, loc, a, b).getResult();
  }
  if (isa<AndOp>(op))
    return arith::AndIOp::create(builder, loc, a, b).getResult();
  if (isa<OrOp>(op))
    return arith::OrIOp::create(builder, loc, a, b).getResult();
  if (isa<XorOp>(op))
    return arith::XOrIOp::create(builder, loc, a, b).getResult();
  if (isa<ShlOp>(op))
    return emitShift(e, a, b, /*left=*/true, isSignedInt);
  if (isa<ShrOp>(op))
    return emitShift(e, a, b, /*left=*/false, isSignedInt);
  return failure();
}

template <typename Op> struct BinaryLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPromote())
      return rewriter.notifyMatchFailure(op, "implicit form");
    Emitter e{rewriter, op.getLoc()};
    Type dtype = cast<TileType>(op.getType()).getElementType();
    SmallVector<Value> values;
    for (auto [a, b] : llvm::zip(adaptor.getLhs(), adaptor.getRhs())) {
      FailureOr<Value> value = emitBinary(e, op, dtype, a, b);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "unsupported dtype");
      values.push_back(*value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

static arith::CmpFPredicate getFloatPredicate(CmpPredicate predicate) {
  switch (predicate) {
  case CmpPredicate::eq:
    return arith::CmpFPredicate::OEQ;
  case CmpPredicate::ne:
    return arith::CmpFPredicate::UNE;
  case CmpPredicate::lt:
    return arith::CmpFPredicate::OLT;
  case CmpPredicate::le:
    return arith::CmpFPredicate::OLE;
  case CmpPredicate::gt:
    return arith::CmpFPredicate::OGT;
  case CmpPredicate::ge:
    return arith::CmpFPredicate::OGE;
  }
  return arith::CmpFPredicate::OEQ;
}

static arith::CmpIPredicate getIntPredicate(CmpPredicate predicate,
                                            bool isSignedInt) {
  switch (predicate) {
  case CmpPredicate::eq:
    return arith::CmpIPredicate::eq;
  case CmpPredicate::ne:
    return arith::CmpIPredicate::ne;
  case CmpPredicate::lt:
    return isSignedInt ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  case CmpPredicate::le:
    return isSignedInt ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case CmpPredicate::gt:
    return isSignedInt ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case CmpPredicate::ge:
    return isSignedInt ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  }
  return arith::CmpIPredicate::eq;
}

struct CmpLowering : public TilePattern<CmpOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(CmpOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPromote())
      return rewriter.notifyMatchFailure(op, "implicit form");
    Type dtype = cast<TileType>(op.getLhs().getType()).getElementType();
    SmallVector<Value> values;
    for (auto [a, b] : llvm::zip(adaptor.getLhs(), adaptor.getRhs())) {
      if (isa<FloatType>(dtype))
        values.push_back(arith::CmpFOp::create(
            rewriter, op.getLoc(), getFloatPredicate(op.getPredicate()), a, b));
      else
        values.push_back(arith::CmpIOp::create(
            rewriter, op.getLoc(),
            getIntPredicate(op.getPredicate(), isSigned(dtype)), a, b));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct SelectLowering : public TilePattern<SelectOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPromote())
      return rewriter.notifyMatchFailure(op, "implicit form");
    SmallVector<Value> values;
    for (auto [c, a, b] :
         llvm::zip(adaptor.getCond(), adaptor.getLhs(), adaptor.getRhs()))
      values.push_back(arith::SelectOp::create(rewriter, op.getLoc(), c, a, b));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Unary elementwise ops: `emit` makes one element.
template <typename Op> struct UnaryLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = cast<TileType>(op.getSource().getType()).getElementType();
    Type resultDType = cast<TileType>(op.getType()).getElementType();
    SmallVector<Value> values;
    for (Value x : adaptor.getSource()) {
      FailureOr<Value> value = emit(e, op, dtype, resultDType, x);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "unsupported");
      values.push_back(*value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
  static FailureOr<Value> emit(Emitter &e, Op op, Type dtype, Type resultDType,
                               Value x);
};

template <>
FailureOr<Value> UnaryLowering<NegOp>::emit(Emitter &e, NegOp, Type dtype, Type,
                                            Value x) {
  if (isa<FloatType>(dtype))
    return arith::NegFOp::create(e.b, e.loc, x).getResult();
  Value zero = arith::ConstantIntOp::create(
      e.b, e.loc, 0, x.getType().getIntOrFloatBitWidth());
  return arith::SubIOp::create(e.b, e.loc, zero, x).getResult();
}

template <>
FailureOr<Value> UnaryLowering<NotOp>::emit(Emitter &e, NotOp, Type, Type,
                                            Value x) {
  Value ones = arith::ConstantIntOp::create(
      e.b, e.loc, -1, x.getType().getIntOrFloatBitWidth());
  return arith::XOrIOp::create(e.b, e.loc, x, ones).getResult();
}

template <>
FailureOr<Value> UnaryLowering<AbsOp>::emit(Emitter &e, AbsOp, Type dtype, Type,
                                            Value x) {
  if (isa<FloatType>(dtype))
    return math::AbsFOp::create(e.b, e.loc, x).getResult();
  if (!isSigned(dtype))
    return x;
  return math::AbsIOp::create(e.b, e.loc, x).getResult();
}

template <>
FailureOr<Value> UnaryLowering<MathOp>::emit(Emitter &e, MathOp op, Type dtype,
                                             Type, Value x) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  switch (op.getFunction()) {
  case UnaryFunction::exp:
    return math::ExpOp::create(b, loc, x).getResult();
  case UnaryFunction::exp2:
    return math::Exp2Op::create(b, loc, x).getResult();
  case UnaryFunction::log:
    return math::LogOp::create(b, loc, x).getResult();
  case UnaryFunction::log2:
    return math::Log2Op::create(b, loc, x).getResult();
  case UnaryFunction::log10:
    return math::Log10Op::create(b, loc, x).getResult();
  case UnaryFunction::log1p:
    return math::Log1pOp::create(b, loc, x).getResult();
  case UnaryFunction::expm1:
    return math::ExpM1Op::create(b, loc, x).getResult();
  case UnaryFunction::sqrt:
    return math::SqrtOp::create(b, loc, x).getResult();
  case UnaryFunction::rsqrt:
    return math::RsqrtOp::create(b, loc, x).getResult();
  case UnaryFunction::sin:
    return math::SinOp::create(b, loc, x).getResult();
  case UnaryFunction::cos:
    return math::CosOp::create(b, loc, x).getResult();
  case UnaryFunction::tan:
    return math::TanOp::create(b, loc, x).getResult();
  case UnaryFunction::sinh:
    return math::SinhOp::create(b, loc, x).getResult();
  case UnaryFunction::cosh:
    return math::CoshOp::create(b, loc, x).getResult();
  case UnaryFunction::tanh:
    return math::TanhOp::create(b, loc, x).getResult();
  case UnaryFunction::asin:
    return math::AsinOp::create(b, loc, x).getResult();
  case UnaryFunction::acos:
    return math::AcosOp::create(b, loc, x).getResult();
  case UnaryFunction::atan:
    return math::AtanOp::create(b, loc, x).getResult();
  case UnaryFunction::erf:
    return math::ErfOp::create(b, loc, x).getResult();
  case UnaryFunction::floor:
    return math::FloorOp::create(b, loc, x).getResult();
  case UnaryFunction::ceil:
    return math::CeilOp::create(b, loc, x).getResult();
  case UnaryFunction::trunc: // toward zero: floor(|x|) with x's sign
    return math::CopySignOp::create(
               b, loc,
               math::FloorOp::create(b, loc, math::AbsFOp::create(b, loc, x)),
               x)
        .getResult();
  case UnaryFunction::round:
    return math::RoundEvenOp::create(b, loc, x).getResult();
  case UnaryFunction::rcp:
    return arith::DivFOp::create(b, loc, e.floatConst(dtype, 1.0), x)
        .getResult();
  }
  return failure();
}

template <>
FailureOr<Value> UnaryLowering<ConvertOp>::emit(Emitter &e, ConvertOp op,
                                                Type from, Type to, Value x) {
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type target = getRegisterType(to);
  if (from == to)
    return x;
  if (isRestrictedFloat(from) || isRestrictedFloat(to))
    return failure();
  auto rounding = op.getRounding();
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat) {
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth()) {
      // f16 <-> bf16: exactly through f32, then rounded to nearest even.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      return arith::TruncFOp::create(b, loc, target, wide).getResult();
    }
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, target, x).getResult();
    if (rounding && *rounding != RoundingMode::rn) {
      if (!to.isF32() || !from.isF64())
        return failure();
      return createInlinePtx(
          b, loc, target, x,
          "cvt" + getPtxRounding(*rounding).str() + ".f32.f64 $0, $1;", "=f,d");
    }
    return arith::TruncFOp::create(b, loc, target, x).getResult();
  }
  if (to.isInteger(1)) {
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   e.floatConst(from, 0.0))
          .getResult();
    Value zero = arith::ConstantIntOp::create(
        b, loc, 0, x.getType().getIntOrFloatBitWidth());
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero)
        .getResult();
  }
  if (fromFloat) // toward zero (C++), in range
    return isSigned(to)
               ? arith::FPToSIOp::create(b, loc, target, x).getResult()
               : arith::FPToUIOp::create(b, loc, target, x).getResult();
  bool signedSource = isSigned(from);
  if (toFloat)
    return signedSource
               ? arith::SIToFPOp::create(b, loc, target, x).getResult()
               : arith::UIToFPOp::create(b, loc, target, x).getResult();
  unsigned fromBits = from.getIntOrFloatBitWidth(),
           toBits = to.getIntOrFloatBitWidth();
  if (fromBits == toBits)
    return x;
  if (fromBits > toBits)
    return arith::TruncIOp::create(b, loc, target, x).getResult();
  return signedSource ? arith::ExtSIOp::create(b, loc, target, x).getResult()
                      : arith::ExtUIOp::create(b, loc, target, x).getResult();
}

template <>
FailureOr<Value> UnaryLowering<BitcastOp>::emit(Emitter &e, BitcastOp,
                                                Type from, Type to, Value x) {
  if (isRestrictedFloat(from) || isRestrictedFloat(to))
    return failure();
  return arith::BitcastOp::create(e.b, e.loc, getRegisterType(to), x)
      .getResult();
}

struct FmaLowering : public TilePattern<FmaOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(FmaOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getType().getElementType();
    SmallVector<Value> values;
    for (auto [a, b, c] :
         llvm::zip(adaptor.getA(), adaptor.getB(), adaptor.getC())) {
      if (needsPtx(dtype, op.getRounding(), op.getFtz()))
        values.push_back(emitPtxFloatOp(e, "fma", op.getRounding(), op.getFtz(),
                                        ValueRange{a, b, c}));
      else
        values.push_back(math::FmaOp::create(rewriter, op.getLoc(), a, b, c));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

struct ToScalarLowering : public TilePattern<ToScalarOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ToScalarOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getSource().front();
    Type dtype = op.getSource().getType().getElementType();
    Type result = op.getType();
    if (result.isIndex()) {
      if (isSigned(dtype))
        rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, result, x);
      else
        rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, result, x);
      return success();
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};

struct FromScalarLowering : public TilePattern<FromScalarOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(FromScalarOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = adaptor.getSource().front();
    Type target = getRegisterType(op.getType().getElementType());
    if (x.getType().isIndex()) {
      rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, target, x);
      return success();
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shapes and layouts
//===----------------------------------------------------------------------===//

struct BroadcastLowering : public TilePattern<BroadcastOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType source = op.getSource().getType(), result = op.getType();
    ValueRange values = adaptor.getSource();
    if (source.getRank() == 0) {
      SmallVector<Type> types = convertResult(getTypeConverter(), result);
      rewriter.replaceOpWithMultiple(
          op, {SmallVector<Value>(types.size(), values.front())});
      return success();
    }
    // The source's layout is the result's (or its slices along the leading
    // dimensions the broadcast adds): each result register reads the
    // source register at the same local index, or at its block's first
    // element along dimensions of extent 1.
    DistributedLayout out = DistributedLayout::get(result.getEncoding());
    DistributedLayout in = DistributedLayout::get(source.getEncoding());
    int64_t lead = result.getRank() - source.getRank();
    SmallVector<Value> broadcast;
    for (int64_t r = 0, n = out.getNumRegisters(result.getShape()); r < n;
         ++r) {
      SmallVector<int64_t> local = out.delinearize(result.getShape(), r);
      SmallVector<int64_t> sourceLocal(local.begin() + lead, local.end());
      for (int64_t d = 0; d < source.getRank(); ++d)
        sourceLocal[d] %= in.getRegistersAlong(source.getShape(), d);
      broadcast.push_back(values[in.linearize(source.getShape(), sourceLocal)]);
    }
    rewriter.replaceOpWithMultiple(op, {broadcast});
    return success();
  }
};

struct PermuteLowering : public TilePattern<PermuteOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(PermuteOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType source = op.getSource().getType(), result = op.getType();
    DistributedLayout in = DistributedLayout::get(source.getEncoding());
    DistributedLayout out = DistributedLayout::get(result.getEncoding());
    ArrayRef<int64_t> p = op.getPermutation();
    ValueRange values = adaptor.getSource();
    SmallVector<Value> permuted;
    for (int64_t r = 0, n = out.getNumRegisters(result.getShape()); r < n;
         ++r) {
      SmallVector<int64_t> local = out.delinearize(result.getShape(), r);
      SmallVector<int64_t> sourceLocal(local.size());
      for (auto [k, d] : llvm::enumerate(p))
        sourceLocal[d] = local[k];
      permuted.push_back(values[in.linearize(source.getShape(), sourceLocal)]);
    }
    rewriter.replaceOpWithMultiple(op, {permuted});
    return success();
  }
};

/// Through shared memory: every owner writes its element at its row-major
/// position (rows padded by one element against bank conflicts), then
/// every thread reads the elements of the new layout.
struct ConvertLayoutLowering : public TilePattern<ConvertLayoutOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    // Two spellings of one distribution (a slice that equals a blocked
    // layout, say): the registers stay.
    if (DistributedLayout::get(source.getEncoding()) ==
        DistributedLayout::get(result.getEncoding())) {
      rewriter.replaceOpWithMultiple(op,
                                     {SmallVector<Value>(adaptor.getSource())});
      return success();
    }
    ArrayRef<int64_t> shape = source.getShape();
    int64_t rank = shape.size();
    Type registerType = getRegisterType(source.getElementType());
    Type memoryType = getMemoryType(source.getElementType());
    // Row-major positions; rows of the last dimension padded by one.
    int64_t pad = rank >= 2 && shape.back() >= 32 ? 1 : 0;
    SmallVector<int64_t> pitch(rank, 1);
    int64_t total = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      pitch[d] = total;
      total *= d == rank - 1 ? shape[d] + pad : shape[d];
    }
    Value buffer = allocateShared(e, op, memoryType, total);
    auto position = [&](ArrayRef<Value> indices) {
      Value offset = e.i32(0);
      for (int64_t d = 0; d < rank; ++d)
        offset = e.add(offset, e.mul(indices[d], e.i32(pitch[d])));
      return e.gep(buffer, memoryType, offset);
    };
    if (isInLoop(op))
      gpu::BarrierOp::create(rewriter, e.loc);
    Distribution from(e, source);
    ValueRange values = adaptor.getSource();
    for (int64_t r = 0, n = from.numRegisters(); r < n; ++r) {
      Value address = position(from.indices(e, r));
      auto write = [&] {
        LLVM::StoreOp::create(rewriter, e.loc,
                              toMemory(e, values[r], memoryType), address);
      };
      if (from.isExact()) {
        write();
        continue;
      }
      auto ifOp = scf::IfOp::create(rewriter, e.loc, from.isOwner(e, r));
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      write();
    }
    gpu::BarrierOp::create(rewriter, e.loc);
    Distribution to(e, result);
    SmallVector<Value> converted;
    for (int64_t r = 0, n = to.numRegisters(); r < n; ++r) {
      Value loaded = LLVM::LoadOp::create(rewriter, e.loc, memoryType,
                                          position(to.indices(e, r)));
      converted.push_back(toRegister(e, loaded, registerType));
    }
    rewriter.replaceOpWithMultiple(op, {converted});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The combiner of a built-in reduction and its identity.
struct Combiner {
  ReduceKind kind;
  Type dtype;
  bool propagateNaN;

  Value combine(Emitter &e, Value a, Value b) const {
    OpBuilder &builder = e.b;
    Location loc = e.loc;
    bool isFloat = isa<FloatType>(dtype);
    switch (kind) {
    case ReduceKind::sum:
      return isFloat ? arith::AddFOp::create(builder, loc, a, b).getResult()
                     : arith::AddIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::prod:
      return isFloat ? arith::MulFOp::create(builder, loc, a, b).getResult()
                     : arith::MulIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::max:
      if (isFloat)
        return propagateNaN
                   ? arith::MaximumFOp::create(builder, loc, a, b).getResult()
                   : arith::MaxNumFOp::create(builder, loc, a, b).getResult();
      return isSigned(dtype)
                 ? arith::MaxSIOp::create(builder, loc, a, b).getResult()
                 : arith::MaxUIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::min:
      if (isFloat)
        return propagateNaN
                   ? arith::MinimumFOp::create(builder, loc, a, b).getResult()
                   : arith::MinNumFOp::create(builder, loc, a, b).getResult();
      return isSigned(dtype)
                 ? arith::MinSIOp::create(builder, loc, a, b).getResult()
                 : arith::MinUIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::and_:
      return arith::AndIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::or_:
      return arith::OrIOp::create(builder, loc, a, b).getResult();
    case ReduceKind::xor_:
      return arith::XOrIOp::create(builder, loc, a, b).getResult();
    }
    return a;
  }

  Value identity(Emitter &e) const {
    Type type = getRegisterType(dtype);
    if (auto real = dyn_cast<FloatType>(type)) {
      const llvm::fltSemantics &semantics = real.getFloatSemantics();
      APFloat value = APFloat::getZero(semantics);
      if (kind == ReduceKind::prod)
        value = APFloat::getOne(semantics);
      else if (kind == ReduceKind::max)
        value = APFloat::getInf(semantics, /*Negative=*/true);
      else if (kind == ReduceKind::min)
        value = APFloat::getInf(semantics);
      return arith::ConstantFloatOp::create(e.b, e.loc, real, value);
    }
    unsigned width = type.getIntOrFloatBitWidth();
    APInt value = APInt::getZero(width);
    bool isSignedInt = isSigned(dtype);
    switch (kind) {
    case ReduceKind::prod:
      value = APInt(width, 1);
      break;
    case ReduceKind::max:
      value =
          isSignedInt ? APInt::getSignedMinValue(width) : APInt::getZero(width);
      break;
    case ReduceKind::min:
      value = isSignedInt ? APInt::getSignedMaxValue(width)
                          : APInt::getAllOnes(width);
      break;
    case ReduceKind::and_:
      value = APInt::getAllOnes(width);
      break;
    default:
      break;
    }
    return arith::ConstantOp::create(e.b, e.loc, IntegerAttr::get(type, value));
  }
};

/// `value` from the lane `offset` away (xor) in the warp, for any width.
static Value shuffleXor(Emitter &e, Value value, int64_t offset) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Value offsetValue = e.i32(offset), width = e.i32(kWarpSize);
  auto shuffle32 = [&](Value x) {
    return gpu::ShuffleOp::create(e.b, e.loc, x, offsetValue, width,
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  if (bits == 32)
    return shuffle32(value);
  Type integer = e.b.getIntegerType(bits);
  Value asInt =
      type.isInteger(bits)
          ? value
          : arith::BitcastOp::create(e.b, e.loc, integer, value).getResult();
  Value result;
  if (bits < 32) {
    Value wide = arith::ExtUIOp::create(e.b, e.loc, e.b.getI32Type(), asInt);
    result = arith::TruncIOp::create(e.b, e.loc, integer, shuffle32(wide));
  } else {
    Value low = arith::TruncIOp::create(e.b, e.loc, e.b.getI32Type(), asInt);
    Value high = arith::TruncIOp::create(
        e.b, e.loc, e.b.getI32Type(),
        arith::ShRUIOp::create(e.b, e.loc, asInt, e.i64(32)));
    Value newLow = arith::ExtUIOp::create(e.b, e.loc, integer, shuffle32(low));
    Value newHigh =
        arith::ExtUIOp::create(e.b, e.loc, integer, shuffle32(high));
    result = arith::OrIOp::create(
        e.b, e.loc, newLow,
        arith::ShLIOp::create(e.b, e.loc, newHigh, e.i64(32)));
  }
  if (type.isInteger(bits))
    return result;
  return arith::BitcastOp::create(e.b, e.loc, type, result);
}

struct ReduceLowering : public TilePattern<ReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    Combiner combiner{op.getKind(), source.getElementType(),
                      op.getPropagateNan()};
    ArrayRef<int64_t> shape = source.getShape();
    int64_t rank = shape.size();
    SmallVector<bool> reduced(rank, false);
    for (int64_t axis : op.getAxes())
      reduced[axis] = true;
    Distribution dist(e, source);
    DistributedLayout &layout = dist.layout;
    ValueRange values = adaptor.getSource();

    // 1. In the thread: one partial per combination of the kept local
    // indices (`key`), copies of other threads' elements as the identity.
    SmallVector<int64_t> keyShape(rank, 1);
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d])
        keyShape[d] = layout.getRegistersAlong(shape, d);
    int64_t numKeys = 1;
    for (int64_t extent : keyShape)
      numKeys *= extent;
    auto keyOf = [&](ArrayRef<int64_t> local) {
      int64_t key = 0;
      for (int64_t d = 0; d < rank; ++d)
        key = key * keyShape[d] + (reduced[d] ? 0 : local[d]);
      return key;
    };
    SmallVector<Value> partial(numKeys);
    bool needsMask = false;
    for (int64_t d = 0; d < rank; ++d)
      needsMask |= reduced[d] && !layout.isExact(shape, d);
    Value identity = combiner.identity(e);
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<int64_t> local = layout.delinearize(shape, r);
      Value value = values[r];
      if (needsMask) {
        SmallVector<Value> owner;
        for (int64_t d = 0; d < rank; ++d)
          if (reduced[d] && !layout.isExact(shape, d))
            owner.push_back(
                e.ult(dist.unwrapped(e, d, local[d]), e.i32(shape[d])));
        value = arith::SelectOp::create(rewriter, e.loc, e.allOf(owner), value,
                                        identity);
      }
      Value &slot = partial[keyOf(local)];
      slot = slot ? combiner.combine(e, slot, value) : value;
    }

    // 2. Across the lanes along the reduced dimensions: butterflies.
    for (int64_t d = 0; d < rank; ++d) {
      if (!reduced[d])
        continue;
      for (int64_t step = 1; step < layout.threadsPerWarp[d]; step *= 2)
        for (Value &slot : partial)
          slot = combiner.combine(
              e, slot, shuffleXor(e, slot, step * layout.laneStride[d]));
    }

    // 3. Across the warps along them: through shared memory, each thread
    // reading its partners' partials in warp order (so that all of them
    // get the same result).
    SmallVector<int64_t> reducedWarpDims;
    for (int64_t d = 0; d < rank; ++d)
      if (reduced[d] && layout.warpsPerCTA[d] > 1)
        reducedWarpDims.push_back(d);
    if (!reducedWarpDims.empty()) {
      int64_t threads = layout.numWarps * kWarpSize;
      Type memoryType = getMemoryType(source.getElementType());
      Type registerType = getRegisterType(source.getElementType());
      Value buffer = allocateShared(e, op, memoryType, numKeys * threads);
      Value tid = e.threadId(), lane = e.lane(), warp = e.warp();
      if (isInLoop(op))
        gpu::BarrierOp::create(rewriter, e.loc);
      for (int64_t key = 0; key < numKeys; ++key)
        LLVM::StoreOp::create(
            rewriter, e.loc, toMemory(e, partial[key], memoryType),
            e.gep(buffer, memoryType, e.add(e.i32(key * threads), tid)));
      gpu::BarrierOp::create(rewriter, e.loc);
      // The warp with this warp's coordinates except zeros along the
      // reduced dimensions; partners add multiples of their strides.
      Value baseWarp = warp;
      for (int64_t d : reducedWarpDims) {
        Value coordinate =
            e.bits(warp, layout.warpStride[d], layout.warpsPerCTA[d]);
        baseWarp = arith::SubIOp::create(
            rewriter, e.loc, baseWarp,
            e.mul(coordinate, e.i32(layout.warpStride[d])));
      }
      SmallVector<int64_t> partnerOffsets = {0};
      for (int64_t d : reducedWarpDims) {
        SmallVector<int64_t> next;
        for (int64_t j = 0; j < layout.warpsPerCTA[d]; ++j)
          for (int64_t offset : partnerOffsets)
            next.push_back(offset + j * layout.warpStride[d]);
        partnerOffsets = next;
      }
      llvm::sort(partnerOffsets);
      for (int64_t key = 0; key < numKeys; ++key) {
        Value total;
        for (int64_t offset : partnerOffsets) {
          Value partnerTid = e.add(
              e.mul(e.add(baseWarp, e.i32(offset)), e.i32(kWarpSize)), lane);
          Value loaded = LLVM::LoadOp::create(
              rewriter, e.loc, memoryType,
              e.gep(buffer, memoryType,
                    e.add(e.i32(key * threads), partnerTid)));
          Value value = toRegister(e, loaded, registerType);
          total = total ? combiner.combine(e, total, value) : value;
        }
        partial[key] = total;
      }
    }

    // 4. The result's registers: keepdims keeps the source's layout, with
    // every local index along a reduced dimension a copy; otherwise the
    // slices drop those dimensions.
    DistributedLayout out = DistributedLayout::get(result.getEncoding());
    ArrayRef<int64_t> resultShape = result.getShape();
    SmallVector<Value> results;
    for (int64_t r = 0, n = out.getNumRegisters(resultShape); r < n; ++r) {
      SmallVector<int64_t> local = out.delinearize(resultShape, r);
      SmallVector<int64_t> full(rank, 0);
      if (op.getKeepdims()) {
        full = local;
      } else {
        int64_t next = 0;
        for (int64_t d = 0; d < rank; ++d)
          full[d] = reduced[d] ? 0 : local[next++];
      }
      results.push_back(partial[keyOf(full)]);
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The kernel metadata entry of a tile kernel argument (docs/Runtime.md):
/// arrays are their pointer, dynamic extents and dynamic strides.
static DictionaryAttr describeArgument(Builder &b, Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("type", b.getStringAttr(text))};
  auto dtypeText = [](Type dtype) {
    std::string name;
    llvm::raw_string_ostream os(name);
    dtype.print(os);
    return name;
  };
  if (auto array = dyn_cast<ArrayType>(type)) {
    int64_t params =
        1 + array.getNumDynamicDims() + array.getNumDynamicStrides();
    SmallVector<int64_t> shape, strides;
    for (int64_t extent : array.getShape())
      shape.push_back(ShapedType::isDynamic(extent) ? -1 : extent);
    for (int64_t stride : array.getStrides())
      strides.push_back(ShapedType::isDynamic(stride) ? -1 : stride);
    fields.append({
        b.getNamedAttr("kind", b.getStringAttr("tile_array")),
        b.getNamedAttr("params", b.getI64IntegerAttr(params)),
        b.getNamedAttr("element",
                       b.getStringAttr(dtypeText(array.getElementType()))),
        b.getNamedAttr("element_bytes", b.getI64IntegerAttr(getMemoryBytes(
                                            array.getElementType()))),
        b.getNamedAttr("rank", b.getI64IntegerAttr(array.getRank())),
        b.getNamedAttr("shape", b.getDenseI64ArrayAttr(shape)),
        b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides)),
    });
  } else {
    fields.append({b.getNamedAttr("kind", b.getStringAttr("scalar")),
                   b.getNamedAttr("params", b.getI64IntegerAttr(1))});
  }
  return b.getDictionaryAttr(fields);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Ops without a lowering yet, named in the diagnostic.
static bool hasLowering(Operation *op) {
  return isa<BidOp, NumBlocksOp, MakeArrayOp, MakeViewOp, ArrayDimOp,
             NumTilesOp, LoadOp, StoreOp, ConstantOp, IotaOp, AddOp, SubOp,
             MulOp, DivOp, FloorDivOp, RemOp, ModOp, PowOp, MaximumOp,
             MinimumOp, AndOp, OrOp, XorOp, ShlOp, ShrOp, CmpOp, SelectOp,
             NegOp, NotOp, AbsOp, MathOp, FmaOp, ConvertOp, BitcastOp,
             ToScalarOp, FromScalarOp, BroadcastOp, PermuteOp, ConvertLayoutOp,
             ReduceOp>(op);
}

struct ConvertTileToLLVMPass
    : public cudapy::impl::ConvertTileToLLVMPassBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    // Check what the patterns cannot take, with a location each.
    WalkResult check = root->walk([&](Operation *op) -> WalkResult {
      if (!isa<TileDialect>(op->getDialect()))
        return WalkResult::advance();
      if (!hasLowering(op))
        return op->emitOpError("has no lowering to LLVM yet"),
               WalkResult::interrupt();
      if (auto constant = dyn_cast<ConstantOp>(op))
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
            !dense || !dense.isSplat())
          return op->emitOpError(
                     "lowers splat constants only; build others with "
                     "tile.iota and elementwise ops"),
                 WalkResult::interrupt();
      if (isRestrictedFloatOp(op))
        return op->emitOpError("on ")
                   << "tf32, fp8 or fp4 elements has no lowering yet",
               WalkResult::interrupt();
      for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                                op->getResultTypes()))
        if (auto tile = dyn_cast<TileType>(type);
            tile && tile.getRank() > 0 && !tile.getEncoding())
          return op->emitOpError("needs tiles with layouts; run "
                                 "tile-assign-layouts first"),
                 WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (check.wasInterrupted())
      return signalPassFailure();

    // Kernels: the launch's block is the CTA of num_warps warps; the
    // metadata describes the source-level arguments.
    Builder b(context);
    root->walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      bool usesTiles = false;
      func.walk([&](Operation *op) {
        usesTiles |= isa<TileDialect>(op->getDialect());
      });
      for (Type type : func.getArgumentTypes())
        usesTiles |= isa<TileDialect>(&type.getDialect());
      if (!usesTiles)
        return;
      auto warps = func->getAttrOfType<IntegerAttr>(kNumWarpsAttr);
      int64_t threads = (warps ? warps.getInt() : 4) * kWarpSize;
      func.setKnownBlockSizeAttr(
          b.getDenseI32ArrayAttr({static_cast<int32_t>(threads), 1, 1}));
      SmallVector<Attribute> args;
      for (Type type : func.getArgumentTypes())
        args.push_back(describeArgument(b, type));
      func->setAttr(kSignatureAttrName, b.getArrayAttr(args));
    });

    TileTypeConverter converter(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<TileDialect>();
    target
        .addLegalDialect<arith::ArithDialect, math::MathDialect,
                         gpu::GPUDialect, LLVM::LLVMDialect, scf::SCFDialect>();
    auto isLegalFunction = [&](Operation *op) {
      auto func = cast<FunctionOpInterface>(op);
      return converter.isSignatureLegal(
                 cast<FunctionType>(func.getFunctionType())) &&
             converter.isLegal(&func.getFunctionBody());
    };
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>(isLegalFunction);
    target.addDynamicallyLegalOp<func::FuncOp>(isLegalFunction);
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    RewritePatternSet patterns(context);
    patterns.add<
        GridIdLowering<BidOp, gpu::BlockIdOp>,
        GridIdLowering<NumBlocksOp, gpu::GridDimOp>,
        ArrayValuesLowering<MakeArrayOp>, ArrayValuesLowering<MakeViewOp>,
        ArrayDimLowering, NumTilesLowering, LoadLowering, StoreLowering,
        ConstantLowering, IotaLowering, BinaryLowering<AddOp>,
        BinaryLowering<SubOp>, BinaryLowering<MulOp>, BinaryLowering<DivOp>,
        BinaryLowering<FloorDivOp>, BinaryLowering<RemOp>,
        BinaryLowering<ModOp>, BinaryLowering<PowOp>, BinaryLowering<MaximumOp>,
        BinaryLowering<MinimumOp>, BinaryLowering<AndOp>, BinaryLowering<OrOp>,
        BinaryLowering<XorOp>, BinaryLowering<ShlOp>, BinaryLowering<ShrOp>,
        CmpLowering, SelectLowering, UnaryLowering<NegOp>, UnaryLowering<NotOp>,
        UnaryLowering<AbsOp>, UnaryLowering<MathOp>, UnaryLowering<ConvertOp>,
        UnaryLowering<BitcastOp>, FmaLowering, ToScalarLowering,
        FromScalarLowering, BroadcastLowering, PermuteLowering,
        ConvertLayoutLowering, ReduceLowering>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns,
                                                                     converter);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }

  static bool isRestrictedFloatOp(Operation *op) {
    auto restricted = [](Type type) {
      if (auto tile = dyn_cast<TileType>(type))
        return isRestrictedFloat(tile.getElementType());
      if (auto array = dyn_cast<ArrayType>(type))
        return isRestrictedFloat(array.getElementType());
      if (auto view = dyn_cast<ViewType>(type))
        return isRestrictedFloat(view.getArray().getElementType());
      return false;
    };
    return llvm::any_of(op->getOperandTypes(), restricted) ||
           llvm::any_of(op->getResultTypes(), restricted);
  }
};

} // namespace
