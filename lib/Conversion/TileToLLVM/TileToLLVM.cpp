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
#include "cudapy/Support/NarrowFloat.h"
#include "cudapy/Transforms/Passes.h"

#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
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

/// fp4 elements are packed two to a byte in global memory: element 2k in
/// the low four bits of byte k, 2k + 1 in the high four (as CUDA's and
/// PTX's e2m1x2 pairs and PyTorch's float4_e2m1fn_x2 hold them).
static bool isPacked(Type dtype) { return isa<Float4E2M1FNType>(dtype); }

/// The register type of a dtype: signless integers, floats, global
/// pointers; the narrow floats as support/NarrowFloat.h keeps them (fp8,
/// e8m0 and fp4 values as their bits in an i8, tf32 values as the float32
/// they are stored as).
static Type getRegisterType(Type dtype) {
  MLIRContext *context = dtype.getContext();
  if (auto integer = dyn_cast<IntegerType>(dtype))
    return IntegerType::get(context, integer.getWidth());
  if (isa<PointerType>(dtype))
    return LLVM::LLVMPointerType::get(context, kGlobal);
  if (isNarrowFloat(dtype))
    return getNarrowRegisterType(cast<FloatType>(dtype));
  return dtype;
}

/// A float attribute of `dtype` as the register constant holding it.
static TypedAttr getRegisterConstant(Type dtype, APFloat value) {
  Type registerType = getRegisterType(dtype);
  if (registerType.isInteger(8))
    return IntegerAttr::get(registerType, value.bitcastToAPInt().zext(8));
  bool lostInfo = false;
  value.convert(cast<FloatType>(registerType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lostInfo);
  return FloatAttr::get(registerType, value);
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
    // Scalars as the scalar tiles a cloned combiner region takes (see
    // applyCombiner): casts that reconcile-unrealized-casts folds.
    addSourceMaterialization([](OpBuilder &builder, Type type,
                                ValueRange inputs, Location loc) -> Value {
      if (inputs.size() != 1)
        return Value();
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
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

  /// The row-major position (i32) of element `indices` of a tile of
  /// `shape`.
  Value rowMajor(ArrayRef<Value> indices, ArrayRef<int64_t> shape) {
    Value position = i32(0);
    for (auto [index, extent] : llvm::zip(indices, shape))
      position = add(mul(position, i32(extent)), index);
    return position;
  }

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

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// A fresh global named `prefix` and a number in the enclosing gpu.module
/// (or module): its address.
static Value createGlobal(Emitter &e, Operation *op, StringRef prefix,
                          Type type, bool constant, Attribute value,
                          unsigned addressSpace) {
  Operation *module = op->getParentWithTrait<OpTrait::SymbolTable>();
  while (module && !isa<gpu::GPUModuleOp, ModuleOp>(module))
    module = module->getParentWithTrait<OpTrait::SymbolTable>();
  std::string name;
  SymbolTable table(module);
  for (int64_t i = 0;; ++i) {
    name = (prefix + Twine(i)).str();
    if (!table.lookup(name))
      break;
  }
  {
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPointToStart(&module->getRegion(0).front());
    auto global = LLVM::GlobalOp::create(e.b, e.loc, type, constant,
                                         LLVM::Linkage::Internal, name, value,
                                         /*alignment=*/16, addressSpace);
    table.insert(global);
  }
  return LLVM::AddressOfOp::create(
      e.b, e.loc, LLVM::LLVMPointerType::get(op->getContext(), addressSpace),
      name);
}

/// The prefix of the shared-memory buffers, which the pass adds up per
/// kernel.
static constexpr llvm::StringLiteral kSharedPrefix = "__tile_shared_";

/// A fresh shared-memory array of `count` elements of `element` type: its
/// address.
static Value allocateShared(Emitter &e, Operation *op, Type element,
                            int64_t count) {
  return createGlobal(e, op, kSharedPrefix,
                      LLVM::LLVMArrayType::get(element, count),
                      /*constant=*/false, Attribute(), kShared);
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

/// The argument attributes that promise facts about a kernel's array
/// argument (a JIT specializes a kernel on them, as Triton does on
/// divisibility by 16; the runtime checks them at each launch):
/// `tile.alignment` (the base address, in bytes), `tile.divisibility` and
/// `tile.stride_divisibility` (each extent and stride a multiple of the
/// number, one per dimension).
static constexpr llvm::StringLiteral kAlignmentAttr = "tile.alignment",
                                     kDivisibilityAttr = "tile.divisibility",
                                     kStrideDivisibilityAttr =
                                         "tile.stride_divisibility";
/// Where convert-tile-to-llvm copies them, on the loads and stores of the
/// array, before the conversion.
static constexpr llvm::StringLiteral kFactsAttr = "tile.array_facts";

/// What is known of an array's base alignment, extents and strides: static
/// extents and strides, and the facts of a kernel argument.
struct ArrayFacts {
  int64_t alignment = 1; // bytes
  SmallVector<int64_t> extentMultiple, strideMultiple;

  ArrayFacts(ArrayType type, DictionaryAttr given) {
    for (int64_t extent : type.getShape())
      extentMultiple.push_back(ShapedType::isDynamic(extent) ? 1 : extent);
    for (int64_t stride : type.getStrides())
      strideMultiple.push_back(ShapedType::isDynamic(stride) ? 1 : stride);
    if (!given)
      return;
    if (auto alignment = given.getAs<IntegerAttr>(kAlignmentAttr))
      this->alignment = alignment.getInt();
    auto merge = [](SmallVector<int64_t> &known, Attribute attr) {
      auto list = dyn_cast_or_null<DenseI64ArrayAttr>(attr);
      if (!list)
        return;
      for (auto [k, value] : llvm::zip(known, list.asArrayRef()))
        if (k == 1) // a static value already says all
          k = value;
    };
    merge(extentMultiple, given.get(kDivisibilityAttr));
    merge(strideMultiple, given.get(kStrideDivisibilityAttr));
  }
};

/// The byte of a packed (fp4) array at `base` that holds element `offset`
/// (i64), and the element's shift in it (i8: 0 or 4).
static std::pair<Value, Value> locatePacked(Emitter &e, Value base,
                                            Value offset) {
  Type i8 = e.b.getI8Type();
  Value byte =
      e.gep(base, i8, arith::ShRUIOp::create(e.b, e.loc, offset, e.i64(1)));
  Value shift =
      arith::ShLIOp::create(e.b, e.loc, e.andI(offset, e.i64(1)), e.i64(2));
  return {byte, arith::TruncIOp::create(e.b, e.loc, i8, shift)};
}

/// Element `offset` of a packed array: its four bits in an i8.
static Value loadPacked(Emitter &e, Value base, Value offset) {
  auto [address, shift] = locatePacked(e, base, offset);
  Type i8 = e.b.getI8Type();
  Value byte = LLVM::LoadOp::create(e.b, e.loc, i8, address, 1);
  return e.andI(arith::ShRUIOp::create(e.b, e.loc, byte, shift),
                arith::ConstantIntOp::create(e.b, e.loc, 0xF, 8));
}

/// Writes element `offset` of a packed array, leaving the other half of
/// its byte alone (another thread, of this block or another, may be
/// writing it): two atomics on the aligned 32-bit word that holds the
/// byte, one clearing the element's four bits, one setting them.
static void storePacked(Emitter &e, Value base, Value offset, Value value) {
  auto [address, shift] = locatePacked(e, base, offset);
  Type i32 = e.b.getI32Type(), i64 = e.b.getI64Type();
  Value misalignment =
      e.andI(LLVM::PtrToIntOp::create(e.b, e.loc, i64, address), e.i64(3));
  Value word = e.gep(address, e.b.getI8Type(),
                     arith::SubIOp::create(e.b, e.loc, e.i64(0), misalignment));
  Value bit = e.add(arith::ShLIOp::create(
                        e.b, e.loc,
                        arith::TruncIOp::create(e.b, e.loc, i32, misalignment),
                        e.i32(3)),
                    arith::ExtUIOp::create(e.b, e.loc, i32, shift));
  Value nibble =
      e.andI(arith::ExtUIOp::create(e.b, e.loc, i32, value), e.i32(0xF));
  Value clear = arith::XOrIOp::create(
      e.b, e.loc, arith::ShLIOp::create(e.b, e.loc, e.i32(0xF), bit),
      e.i32(-1));
  LLVM::AtomicRMWOp::create(e.b, e.loc, LLVM::AtomicBinOp::_and, word, clear,
                            LLVM::AtomicOrdering::monotonic);
  LLVM::AtomicRMWOp::create(e.b, e.loc, LLVM::AtomicBinOp::_or, word,
                            arith::ShLIOp::create(e.b, e.loc, nibble, bit),
                            LLVM::AtomicOrdering::monotonic);
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

  ViewAccess(Emitter &e, Operation *op, ViewType view, ValueRange viewValues,
             ValueRange indices, TileType tile)
      : e(e), view(view), array(e, view.getArray(), viewValues), dist(e, tile),
        memoryType(getMemoryType(tile.getElementType())),
        elementBytes(getMemoryBytes(tile.getElementType())),
        packed(isPacked(tile.getElementType())),
        elementBits(packed ? 4 : 8 * elementBytes),
        facts(view.getArray(), op->getAttrOfType<DictionaryAttr>(kFactsAttr)) {
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

  /// Element `offset` (memoryType).
  Value loadElement(Value offset) {
    if (packed)
      return loadPacked(e, array.base, offset);
    return LLVM::LoadOp::create(e.b, e.loc, memoryType, address(offset),
                                elementBytes);
  }

  void storeElement(Value value, Value offset) {
    if (packed)
      return storePacked(e, array.base, offset, value);
    LLVM::StoreOp::create(e.b, e.loc, value, address(offset), elementBytes);
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
    int64_t fastest = dist.layout.order.front();
    int64_t stride = view.getArray().getStrides()[arrayDim(fastest)];
    if (stride != 1 || isa<LLVM::LLVMPointerType>(memoryType))
      return 1;
    int64_t width = std::min<int64_t>(dist.layout.sizePerThread[fastest],
                                      128 / elementBits);
    width = std::min<int64_t>(width, dist.shape()[fastest]);
    return std::max<int64_t>(width, 1);
  }

  /// Whether the facts prove every vector of `width` elements aligned to
  /// its size: the base is, and so are the tiles' steps along the vectors'
  /// dimension and the strides of the other dimensions the tile spans.
  bool isKnownAligned(int64_t width) {
    if (width == 1)
      return true;
    if ((facts.alignment * 8) % (width * elementBits) != 0)
      return false;
    int64_t fastest = dist.layout.order.front();
    if (view.getSteps()[arrayDim(fastest)] % width != 0)
      return false;
    for (int64_t k = 0; k < rank(); ++k)
      if (k != fastest && dist.shape()[k] > 1 &&
          facts.strideMultiple[arrayDim(k)] % width != 0)
        return false;
    return true;
  }

  /// Whether every vector of `width` elements lies wholly inside the array
  /// or wholly outside it: the extent along the vectors' dimension and the
  /// tile's steps along it are multiples of `width`.
  bool hasWholeVectors(int64_t width) {
    int64_t dim = arrayDim(dist.layout.order.front());
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
    Distribution &dist = access.dist;
    Type registerType = getRegisterType(tile.getElementType());
    int64_t registers = dist.numRegisters();
    int64_t width = access.getVectorWidth();
    int64_t fastest = dist.layout.order.front();
    Value padding =
        toMemory(e, getPaddingValue(e, access.view), access.memoryType);
    Value fastPath = e.andI(access.tileInBounds(), access.isAligned(width));
    // The groups of `width` registers adjacent along the fastest dimension.
    SmallVector<SmallVector<int64_t>> groups;
    for (int64_t r = 0; r < registers; ++r) {
      SmallVector<int64_t> local = dist.layout.delinearize(dist.shape(), r);
      if (local[fastest] % width != 0)
        continue;
      SmallVector<int64_t> group;
      for (int64_t i = 0; i < width; ++i) {
        SmallVector<int64_t> next = local;
        next[fastest] += i;
        group.push_back(dist.layout.linearize(dist.shape(), next));
      }
      groups.push_back(group);
    }
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
    SmallVector<Value> chunks = emitIfElse(e, fastPath, types, [&](bool fast) {
      SmallVector<Value> result;
      for (ArrayRef<int64_t> group : groups) {
        if (vectorEdges && !fast) {
          auto [offset, inside] = access.locate(dist.indices(e, group[0]));
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
          auto [offset, unused] = access.locate(dist.indices(e, group[0]));
          (void)unused;
          result.push_back(width == 1 ? access.loadElement(offset)
                                      : access.loadVector(offset, width));
          continue;
        }
        // Partial (or misaligned) tile: element by element, the ones
        // outside the array are the padding.
        Value chunk = width == 1
                          ? Value()
                          : LLVM::PoisonOp::create(rewriter, e.loc, chunkType);
        for (auto [i, r] : llvm::enumerate(group)) {
          auto [offset, inside] = access.locate(dist.indices(e, r));
          Value element = emitIfElse(e, inside, access.memoryType,
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
    });
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
    ViewAccess access(e, op, op.getView().getType(), adaptor.getView(),
                      flatten(adaptor.getIndices()), tile);
    Distribution &dist = access.dist;
    ValueRange values = adaptor.getValue();
    int64_t registers = dist.numRegisters();
    int64_t width = access.getVectorWidth();
    int64_t fastest = dist.layout.order.front();
    // Registers that are copies of another thread's (or register's)
    // element store nothing; with none, whole tiles store unmasked.
    bool exact = dist.isExact();
    // With facts that make every vector wholly inside or outside the array
    // and aligned, edge tiles store whole vectors too, one check each.
    bool vectorEdges = exact && width > 1 && access.isKnownAligned(width) &&
                       access.hasWholeVectors(width);
    Value fastPath =
        exact ? e.andI(access.tileInBounds(), access.isAligned(width))
              : e.boolean(false);
    auto vectorType = VectorType::get({width}, access.memoryType);
    // Register r's vector of `width` elements (r first along the fastest
    // dimension), stored at element `offset`.
    auto storeVector = [&](int64_t r, Value offset) {
      SmallVector<int64_t> local = dist.layout.delinearize(dist.shape(), r);
      Value vector = LLVM::PoisonOp::create(rewriter, e.loc, vectorType);
      for (int64_t i = 0; i < width; ++i) {
        SmallVector<int64_t> next = local;
        next[fastest] += i;
        Value element =
            toMemory(e, values[dist.layout.linearize(dist.shape(), next)],
                     access.memoryType);
        vector = LLVM::InsertElementOp::create(rewriter, e.loc, vector, element,
                                               e.i32(i));
      }
      access.storeVector(vector, offset, width);
    };
    emitIfElse(e, fastPath, {}, [&](bool fast) -> SmallVector<Value> {
      if (fast || vectorEdges) {
        for (int64_t r = 0; r < registers; ++r) {
          SmallVector<int64_t> local = dist.layout.delinearize(dist.shape(), r);
          if (local[fastest] % width != 0)
            continue;
          auto [offset, inside] = access.locate(dist.indices(e, r));
          if (width == 1) {
            access.storeElement(toMemory(e, values[r], access.memoryType),
                                offset);
            continue;
          }
          if (fast) {
            storeVector(r, offset);
            continue;
          }
          auto ifOp = scf::IfOp::create(rewriter, e.loc, inside);
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(ifOp.thenBlock());
          storeVector(r, offset);
        }
        return {};
      }
      for (int64_t r = 0; r < registers; ++r) {
        auto [offset, inside] = access.locate(dist.indices(e, r));
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

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// A splat is one register value; other constants are a table in global
/// memory that each register reads at its element's row-major position.
struct ConstantLowering : public TilePattern<ConstantOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!elements)
      return rewriter.notifyMatchFailure(op, "not dense elements");
    TileType tile = op.getType();
    Type dtype = tile.getElementType();
    Type registerType = getRegisterType(dtype);
    if (elements.isSplat()) {
      Attribute splat = elements.getSplatValue<Attribute>();
      TypedAttr value;
      if (auto integer = dyn_cast<IntegerAttr>(splat))
        value = IntegerAttr::get(registerType, integer.getValue());
      else
        value = getRegisterConstant(dtype, cast<FloatAttr>(splat).getValue());
      Value scalar = arith::ConstantOp::create(rewriter, op.getLoc(), value);
      SmallVector<Type> types = convertResult(getTypeConverter(), tile);
      rewriter.replaceOpWithMultiple(
          op, {SmallVector<Value>(types.size(), scalar)});
      return success();
    }
    Emitter e{rewriter, op.getLoc()};
    Type memoryType = getMemoryType(dtype);
    int64_t count = tile.getNumElements();
    auto tableType = RankedTensorType::get({count}, memoryType);
    DenseElementsAttr table;
    if (isa<FloatType>(dtype)) {
      SmallVector<Attribute> values;
      for (APFloat value : elements.getValues<APFloat>())
        values.push_back(getRegisterConstant(dtype, value));
      table = DenseElementsAttr::get(tableType, values);
    } else {
      SmallVector<APInt> values;
      for (APInt value : elements.getValues<APInt>())
        values.push_back(value.zext(memoryType.getIntOrFloatBitWidth()));
      table = DenseElementsAttr::get(tableType, values);
    }
    Value base = createGlobal(e, op, "__tile_constant_",
                              LLVM::LLVMArrayType::get(memoryType, count),
                              /*constant=*/true, table, kGlobal);
    Distribution dist(e, tile);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      Value position = e.rowMajor(dist.indices(e, r), tile.getShape());
      Value loaded = LLVM::LoadOp::create(rewriter, e.loc, memoryType,
                                          e.gep(base, memoryType, position));
      values.push_back(toRegister(e, loaded, registerType));
    }
    rewriter.replaceOpWithMultiple(op, {values});
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
      Value position = e.rowMajor(dist.indices(e, r), tile.getShape());
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
  return createInlinePtx(e.b, e.loc, type, operands, text, constraints,
                         /*pure=*/true);
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
        return createInlinePtx(builder, loc, dtype, {a, b}, text, "=f,f,f",
                               /*pure=*/true);
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
  if (isNarrowFloat(from) || isNarrowFloat(to)) {
    // From a narrow float: exactly to float32, then on. To one: from
    // float32 or float64 in one rounding in the op's direction (f16 and
    // bf16 widen exactly to float32, integers go to float64 rounded to
    // odd, which keeps the one rounding correct).
    FloatType f32 = b.getF32Type();
    if (isNarrowFloat(from))
      return emit(e, op, f32, to,
                  decodeNarrowFloat(b, loc, x, cast<FloatType>(from)));
    Type source = from;
    if (isa<Float16Type, BFloat16Type>(from)) {
      x = arith::ExtFOp::create(b, loc, f32, x);
      source = f32;
    } else if (isa<IntegerType>(from)) {
      x = convertIntegerToOddFloat64(b, loc, x, isSigned(from));
      source = b.getF64Type();
    }
    NarrowRounding direction = NarrowRounding::NearestEven;
    if (auto rounding = op.getRounding()) {
      if (*rounding == RoundingMode::rz)
        direction = NarrowRounding::TowardZero;
      else if (*rounding == RoundingMode::rm)
        direction = NarrowRounding::Down;
      else if (*rounding == RoundingMode::rp)
        direction = NarrowRounding::Up;
    }
    return encodeNarrowFloat(b, loc, x, cast<FloatType>(source),
                             cast<FloatType>(to), direction);
  }
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
          "cvt" + getPtxRounding(*rounding).str() + ".f32.f64 $0, $1;", "=f,d",
          /*pure=*/true);
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

//===----------------------------------------------------------------------===//
// Moving elements between threads
//===----------------------------------------------------------------------===//

/// Which element of one tile another tile's element `indices` takes.
using IndexMap = function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)>;
/// The same map on the lowering's (i32) indices.
using ValueIndexMap = function_ref<SmallVector<Value>(ArrayRef<Value>)>;

static int64_t getRowMajorPosition(ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> indices) {
  int64_t position = 0;
  for (auto [extent, index] : llvm::zip(shape, indices))
    position = position * extent + index;
  return position;
}

/// For each register of a tile of type `to`, the register of a tile of type
/// `from` that holds, in every thread, the element `map` takes; nothing
/// when some thread would need an element only other threads hold (or when
/// the check would cost too much compile time).
static std::optional<SmallVector<int64_t>>
getRegisterMap(TileType from, TileType to, IndexMap map) {
  DistributedLayout in = DistributedLayout::get(from.getEncoding());
  DistributedLayout out = DistributedLayout::get(to.getEncoding());
  ArrayRef<int64_t> inShape = from.getShape(), outShape = to.getShape();
  int64_t inRegisters = in.getNumRegisters(inShape);
  int64_t outRegisters = out.getNumRegisters(outShape);
  int64_t threads = out.numWarps * kWarpSize;
  if (in.numWarps != out.numWarps ||
      threads * (inRegisters + outRegisters) > (int64_t(1) << 22))
    return std::nullopt;
  SmallVector<int64_t> registers(outRegisters, -1);
  DenseMap<int64_t, int64_t> held;
  for (int64_t t = 0; t < threads; ++t) {
    held.clear();
    for (int64_t r = 0; r < inRegisters; ++r)
      held.try_emplace(
          getRowMajorPosition(inShape, in.getElement(inShape, t, r)), r);
    for (int64_t r = 0; r < outRegisters; ++r) {
      auto found = held.find(
          getRowMajorPosition(inShape, map(out.getElement(outShape, t, r))));
      if (found == held.end() || (t > 0 && registers[r] != found->second))
        return std::nullopt;
      registers[r] = found->second;
    }
  }
  return registers;
}

/// A tile's elements in shared memory, row-major, rows of the last
/// dimension padded by one element against bank conflicts. Every op gets
/// its own buffer; in a loop, a barrier first keeps this iteration's writes
/// from racing the previous iteration's reads.
struct SharedTile {
  Emitter &e;
  SmallVector<int64_t> shape, pitch;
  Type registerType, memoryType;
  Value buffer;

  SharedTile(Emitter &e, Operation *op, TileType type)
      : e(e), shape(type.getShape()),
        registerType(getRegisterType(type.getElementType())),
        memoryType(getMemoryType(type.getElementType())) {
    int64_t rank = shape.size();
    int64_t pad = rank >= 2 && shape.back() >= 32 ? 1 : 0;
    pitch.assign(rank, 1);
    int64_t total = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      pitch[d] = total;
      total *= d == rank - 1 ? shape[d] + pad : shape[d];
    }
    buffer = allocateShared(e, op, memoryType, total);
    if (isInLoop(op))
      barrier();
  }

  void barrier() { gpu::BarrierOp::create(e.b, e.loc); }

  Value address(ArrayRef<Value> indices) {
    Value offset = e.i32(0);
    for (auto [index, step] : llvm::zip(indices, pitch))
      offset = e.add(offset, e.mul(index, e.i32(step)));
    return e.gep(buffer, memoryType, offset);
  }

  /// The owning copies among `values` (a tile of `type`, which fits in
  /// this one at `origin`, zeros when empty) write their elements.
  void write(TileType type, ValueRange values, ArrayRef<Value> origin = {}) {
    Distribution from(e, type);
    bool exact = from.isExact();
    for (int64_t r = 0, n = from.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = from.indices(e, r);
      for (auto [index, start] : llvm::zip(indices, origin))
        index = e.add(index, start);
      auto store = [&] {
        LLVM::StoreOp::create(e.b, e.loc, toMemory(e, values[r], memoryType),
                              address(indices));
      };
      if (exact) {
        store();
        continue;
      }
      auto ifOp = scf::IfOp::create(e.b, e.loc, from.isOwner(e, r));
      OpBuilder::InsertionGuard guard(e.b);
      e.b.setInsertionPointToStart(ifOp.thenBlock());
      store();
    }
  }

  Value read(ArrayRef<Value> indices) {
    Value loaded =
        LLVM::LoadOp::create(e.b, e.loc, memoryType, address(indices));
    return toRegister(e, loaded, registerType);
  }
};

/// Every register of `values` (a tile of `type`) made the value of its
/// element's owning copy, through shared memory: for ops whose copies do
/// not compute what their owners do (atomics, scans).
static void takeOwnersValues(Emitter &e, Operation *op, TileType type,
                             MutableArrayRef<Value> values) {
  SharedTile shared(e, op, type);
  shared.write(type, values);
  shared.barrier();
  Distribution dist(e, type);
  for (auto [r, value] : llvm::enumerate(values))
    value = shared.read(dist.indices(e, r));
}

/// The registers of a tile of type `to` whose element I is element map(I)
/// of the tile `values` of type `from`: registers of the thread when it
/// holds what it takes, else through shared memory.
static SmallVector<Value> remapTile(Emitter &e, Operation *op, TileType from,
                                    ValueRange values, TileType to,
                                    IndexMap map, ValueIndexMap valueMap) {
  if (to.getRank() == 0) // from holds one element, in every register
    return {values.front()};
  DistributedLayout out = DistributedLayout::get(to.getEncoding());
  int64_t registers = out.getNumRegisters(to.getShape());
  if (from.getRank() == 0)
    return SmallVector<Value>(registers, values.front());
  SmallVector<Value> result;
  if (std::optional<SmallVector<int64_t>> map2 =
          getRegisterMap(from, to, map)) {
    for (int64_t r : *map2)
      result.push_back(values[r]);
    return result;
  }
  SharedTile shared(e, op, from);
  shared.write(from, values);
  shared.barrier();
  Distribution dist(e, to);
  for (int64_t r = 0; r < registers; ++r)
    result.push_back(shared.read(valueMap(dist.indices(e, r))));
  return result;
}

static SmallVector<int64_t> identityMap(ArrayRef<int64_t> indices) {
  return SmallVector<int64_t>(indices);
}
static SmallVector<Value> identityValueMap(ArrayRef<Value> indices) {
  return SmallVector<Value>(indices);
}

/// A layout conversion: registers when the layouts put each element in the
/// same thread, else through shared memory.
struct ConvertLayoutLowering : public TilePattern<ConvertLayoutOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOpWithMultiple(
        op, {remapTile(e, op, op.getSource().getType(), adaptor.getSource(),
                       op.getType(), identityMap, identityValueMap)});
    return success();
  }
};

/// Row-major positions are kept: result indices to a position, the
/// position to source indices (shifts and masks: extents are powers of
/// two).
struct ReshapeLowering : public TilePattern<ReshapeOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    ArrayRef<int64_t> from = source.getShape(), to = result.getShape();
    auto map = [&](ArrayRef<int64_t> indices) {
      int64_t position = getRowMajorPosition(to, indices);
      SmallVector<int64_t> out(from.size());
      for (int64_t d = from.size() - 1; d >= 0; --d) {
        out[d] = position % from[d];
        position /= from[d];
      }
      return out;
    };
    auto valueMap = [&](ArrayRef<Value> indices) {
      Value position = e.rowMajor(indices, to);
      SmallVector<Value> out(from.size());
      int64_t scale = 1;
      for (int64_t d = from.size() - 1; d >= 0; --d) {
        out[d] = e.bits(position, scale, from[d]);
        scale *= from[d];
      }
      return out;
    };
    rewriter.replaceOpWithMultiple(
        op,
        {remapTile(e, op, source, adaptor.getSource(), result, map, valueMap)});
    return success();
  }
};

/// The new dimension's index (always 0) is dropped; the layouts that
/// tile-assign-layouts picks keep the registers.
struct ExpandDimsLowering : public TilePattern<ExpandDimsOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    int64_t axis = op.getAxis();
    auto map = [&](ArrayRef<int64_t> indices) {
      SmallVector<int64_t> out(indices);
      out.erase(out.begin() + axis);
      return out;
    };
    auto valueMap = [&](ArrayRef<Value> indices) {
      SmallVector<Value> out(indices);
      out.erase(out.begin() + axis);
      return out;
    };
    rewriter.replaceOpWithMultiple(
        op, {remapTile(e, op, op.getSource().getType(), adaptor.getSource(),
                       op.getType(), map, valueMap)});
    return success();
  }
};

/// The origin of sub-tile `indices` of extents `sub` in a tile of extents
/// `full`: out-of-range indices wrap (the result is unspecified, the access
/// stays inside the tile).
static SmallVector<Value> getSubTileOrigin(Emitter &e, ValueRange indices,
                                           ArrayRef<int64_t> sub,
                                           ArrayRef<int64_t> full) {
  SmallVector<Value> origin;
  for (auto [index, extent, total] : llvm::zip(indices, sub, full))
    origin.push_back(
        e.mul(e.andI(index, e.i32(total / extent - 1)), e.i32(extent)));
  return origin;
}

/// The source through shared memory; each thread reads its elements of
/// the sub-tile.
struct ExtractLowering : public TilePattern<ExtractOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ExtractOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType(), result = op.getType();
    SmallVector<Value> origin = getSubTileOrigin(
        e, flatten(adaptor.getIndices()), result.getShape(), source.getShape());
    SharedTile shared(e, op, source);
    shared.write(source, adaptor.getSource());
    shared.barrier();
    Distribution dist(e, result);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = dist.indices(e, r);
      for (auto [index, start] : llvm::zip(indices, origin))
        index = e.add(index, start);
      values.push_back(shared.read(indices));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// The value through shared memory; the destination's registers stay
/// outside the sub-tile (the result has the destination's layout).
struct InsertLowering : public TilePattern<InsertOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(InsertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType value = op.getValue().getType(), dest = op.getDest().getType();
    ArrayRef<int64_t> sub = value.getShape();
    SmallVector<Value> origin = getSubTileOrigin(
        e, flatten(adaptor.getIndices()), sub, dest.getShape());
    SharedTile shared(e, op, value);
    shared.write(value, adaptor.getValue());
    shared.barrier();
    Distribution dist(e, dest);
    ValueRange destValues = adaptor.getDest();
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
      SmallVector<Value> indices = dist.indices(e, r), inside;
      for (auto [index, start, extent] : llvm::zip(indices, origin, sub)) {
        index = arith::SubIOp::create(rewriter, e.loc, index, start);
        inside.push_back(e.ult(index, e.i32(extent)));
        index = e.andI(index, e.i32(extent - 1)); // a valid address
      }
      values.push_back(arith::SelectOp::create(rewriter, e.loc, e.allOf(inside),
                                               shared.read(indices),
                                               destValues[r]));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Both operands into one buffer of the result's shape, then read.
struct CatLowering : public TilePattern<CatOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(CatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType operand = op.getLhs().getType(), result = op.getType();
    SharedTile shared(e, op, result);
    SmallVector<Value> origin(operand.getRank(), e.i32(0));
    shared.write(operand, adaptor.getLhs(), origin);
    origin[op.getAxis()] = e.i32(operand.getShape()[op.getAxis()]);
    shared.write(operand, adaptor.getRhs(), origin);
    shared.barrier();
    Distribution dist(e, result);
    SmallVector<Value> values;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r)
      values.push_back(shared.read(dist.indices(e, r)));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Gathers, scatters, pointer tiles and atomics
//===----------------------------------------------------------------------===//

static Value getZero(Emitter &e, Type registerType) {
  if (auto real = dyn_cast<FloatType>(registerType))
    return e.floatConst(real, 0.0);
  if (isa<LLVM::LLVMPointerType>(registerType))
    return LLVM::ZeroOp::create(e.b, e.loc, registerType);
  return arith::ConstantIntOp::create(e.b, e.loc, registerType, 0);
}

/// An index of integer dtype `dtype` as i64.
static Value toIndex64(Emitter &e, Value index, Type dtype) {
  if (index.getType().isInteger(64))
    return index;
  if (isSigned(dtype))
    return arith::ExtSIOp::create(e.b, e.loc, e.b.getI64Type(), index);
  return arith::ExtUIOp::create(e.b, e.loc, e.b.getI64Type(), index);
}

/// Register `r` of an optional tile operand (absent: no value).
static Value registerOf(ValueRange tile, int64_t r) {
  if (tile.empty())
    return {};
  return tile[r];
}

/// The element offset and the in-bounds condition of register `r` of a
/// gather's or scatter's index tiles (one per array dimension); negative
/// indices are out of bounds.
static std::pair<Value, Value> locateGathered(Emitter &e, ArrayValues &array,
                                              ArrayRef<ValueRange> indices,
                                              TypeRange indexTypes, int64_t r) {
  Value offset = e.i64(0);
  SmallVector<Value> conditions;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Type dtype = cast<TileType>(indexTypes[d]).getElementType();
    Value wide = toIndex64(e, index[r], dtype);
    Value extent =
        arith::ExtUIOp::create(e.b, e.loc, e.b.getI64Type(), array.extents[d]);
    conditions.push_back(e.ult(wide, extent));
    offset = e.add(offset, e.mul(wide, array.strides[d]));
  }
  return {offset, e.allOf(conditions)};
}

/// A load of element `offset` of the array at `base` (no offset: the
/// element at `base`) that happens under `condition` only, `otherwise`
/// elsewhere.
static Value emitMaskedLoad(Emitter &e, Value condition, Value base,
                            Value offset, Type dtype, Value otherwise) {
  Type registerType = getRegisterType(dtype), memoryType = getMemoryType(dtype);
  int64_t bytes = getMemoryBytes(dtype);
  auto load = [&] {
    if (isPacked(dtype))
      return loadPacked(e, base, offset);
    Value address = offset ? e.gep(base, memoryType, offset) : base;
    return toRegister(
        e, LLVM::LoadOp::create(e.b, e.loc, memoryType, address, bytes),
        registerType);
  };
  if (!condition)
    return load();
  return emitIfElse(e, condition, registerType,
                    [&](bool inside) -> SmallVector<Value> {
                      if (!inside)
                        return {otherwise};
                      return {load()};
                    })[0];
}

/// A store of `value` to element `offset` of the array at `base` (no
/// offset: the element at `base`) that happens under `condition` only.
static void emitMaskedStore(Emitter &e, Value condition, Value value,
                            Value base, Value offset, Type dtype) {
  auto store = [&] {
    if (isPacked(dtype))
      return storePacked(e, base, offset, value);
    Type memoryType = getMemoryType(dtype);
    Value address = offset ? e.gep(base, memoryType, offset) : base;
    LLVM::StoreOp::create(e.b, e.loc, toMemory(e, value, memoryType), address,
                          getMemoryBytes(dtype));
  };
  if (!condition)
    return store();
  auto ifOp = scf::IfOp::create(e.b, e.loc, condition);
  OpBuilder::InsertionGuard guard(e.b);
  e.b.setInsertionPointToStart(ifOp.thenBlock());
  store();
}

/// `a && b` where either may be absent (true).
static Value andMaybe(Emitter &e, Value a, Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return e.andI(a, b);
}

struct GatherLowering : public TilePattern<GatherOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getType().getElementType();
    ArrayValues array(e, op.getArray().getType(), adaptor.getArray());
    Value padding = op.getPadding() ? adaptor.getPadding().front()
                                    : getZero(e, getRegisterType(dtype));
    SmallVector<ValueRange> indices(adaptor.getIndices());
    SmallVector<Value> values;
    for (int64_t r = 0, n = indices.front().size(); r < n; ++r) {
      auto [offset, inside] =
          locateGathered(e, array, indices, op.getIndices().getTypes(), r);
      Value condition = andMaybe(e, inside, registerOf(adaptor.getMask(), r));
      values.push_back(
          emitMaskedLoad(e, condition, array.base, offset, dtype, padding));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Copies of another register's element store nothing.
static Value ownerOf(Emitter &e, std::optional<Distribution> &dist, int64_t r) {
  return dist ? dist->isOwner(e, r) : Value();
}

static std::optional<Distribution> getCopies(Emitter &e, TileType type) {
  if (type.getRank() == 0)
    return std::nullopt;
  Distribution dist(e, type);
  if (dist.isExact())
    return std::nullopt;
  return dist;
}

struct ScatterLowering : public TilePattern<ScatterOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getValue().getType();
    Type dtype = tile.getElementType();
    ArrayValues array(e, op.getArray().getType(), adaptor.getArray());
    SmallVector<ValueRange> indices(adaptor.getIndices());
    std::optional<Distribution> copies = getCopies(e, tile);
    ValueRange values = adaptor.getValue();
    for (int64_t r = 0, n = values.size(); r < n; ++r) {
      auto [offset, inside] =
          locateGathered(e, array, indices, op.getIndices().getTypes(), r);
      Value condition = andMaybe(e, inside, registerOf(adaptor.getMask(), r));
      condition = andMaybe(e, condition, ownerOf(e, copies, r));
      emitMaskedStore(e, condition, values[r], array.base, offset, dtype);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

static Type getPointee(TileType pointers) {
  return cast<PointerType>(pointers.getElementType()).getPointee();
}

struct OffsetLowering : public TilePattern<OffsetOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(OffsetOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type memoryType = getMemoryType(getPointee(op.getType()));
    Type offsetType = op.getOffset().getType().getElementType();
    SmallVector<Value> values;
    for (auto [pointer, offset] :
         llvm::zip(adaptor.getPtr(), adaptor.getOffset()))
      values.push_back(
          e.gep(pointer, memoryType, toIndex64(e, offset, offsetType)));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct LoadPtrLowering : public TilePattern<LoadPtrOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LoadPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getType().getElementType();
    ValueRange pointers = adaptor.getPtr();
    Value zero = getZero(e, getRegisterType(dtype));
    SmallVector<Value> values;
    for (int64_t r = 0, n = pointers.size(); r < n; ++r) {
      Value other = op.getOther() ? adaptor.getOther()[r] : zero;
      values.push_back(emitMaskedLoad(e, registerOf(adaptor.getMask(), r),
                                      pointers[r], Value(), dtype, other));
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct StorePtrLowering : public TilePattern<StorePtrOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(StorePtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getValue().getType();
    std::optional<Distribution> copies = getCopies(e, tile);
    ValueRange values = adaptor.getValue(), pointers = adaptor.getPtr();
    for (int64_t r = 0, n = values.size(); r < n; ++r)
      emitMaskedStore(
          e,
          andMaybe(e, registerOf(adaptor.getMask(), r), ownerOf(e, copies, r)),
          values[r], pointers[r], Value(), tile.getElementType());
    rewriter.eraseOp(op);
    return success();
  }
};

static LLVM::AtomicOrdering getOrdering(MemoryOrder memory) {
  switch (memory) {
  case MemoryOrder::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemoryOrder::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemoryOrder::release:
    return LLVM::AtomicOrdering::release;
  case MemoryOrder::acq_rel:
    break;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// The failure order of a compare-and-swap: its load part.
static LLVM::AtomicOrdering getFailureOrdering(MemoryOrder memory) {
  if (memory == MemoryOrder::acquire || memory == MemoryOrder::acq_rel)
    return LLVM::AtomicOrdering::acquire;
  return LLVM::AtomicOrdering::monotonic;
}

/// LLVM's NVPTX sync scope of a thread scope (system is the default).
static StringRef getSyncScope(ThreadScope scope) {
  switch (scope) {
  case ThreadScope::block:
    return "block";
  case ThreadScope::device:
    return "device";
  case ThreadScope::system:
    break;
  }
  return "";
}

static LLVM::AtomicBinOp getAtomicBinOp(AtomicKind kind, Type dtype) {
  bool isFloat = isa<FloatType>(dtype);
  switch (kind) {
  case AtomicKind::exch:
    return LLVM::AtomicBinOp::xchg;
  case AtomicKind::add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomicKind::and_:
    return LLVM::AtomicBinOp::_and;
  case AtomicKind::or_:
    return LLVM::AtomicBinOp::_or;
  case AtomicKind::xor_:
    return LLVM::AtomicBinOp::_xor;
  case AtomicKind::max:
    return isFloat           ? LLVM::AtomicBinOp::fmax
           : isSigned(dtype) ? LLVM::AtomicBinOp::max
                             : LLVM::AtomicBinOp::umax;
  case AtomicKind::min:
    break;
  }
  return isFloat           ? LLVM::AtomicBinOp::fmin
         : isSigned(dtype) ? LLVM::AtomicBinOp::min
                           : LLVM::AtomicBinOp::umin;
}

/// An atomic per element: the owning copy of each element (where the mask
/// holds) performs it. The old values of copies come from their owners
/// through shared memory.
template <typename Op> struct AtomicLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    Type dtype = tile.getElementType();
    Type registerType = getRegisterType(dtype);
    std::optional<Distribution> copies = getCopies(e, tile);
    Value zero = getZero(e, registerType);
    SmallVector<Value> values;
    for (int64_t r = 0, n = adaptor.getPtr().size(); r < n; ++r) {
      Value condition =
          andMaybe(e, registerOf(adaptor.getMask(), r), ownerOf(e, copies, r));
      auto atomic = [&] { return emitAtomic(e, op, adaptor, r, dtype); };
      if (!condition) {
        values.push_back(atomic());
        continue;
      }
      values.push_back(emitIfElse(e, condition, registerType,
                                  [&](bool perform) -> SmallVector<Value> {
                                    if (!perform)
                                      return {zero};
                                    return {atomic()};
                                  })[0]);
    }
    if (copies)
      takeOwnersValues(e, op, tile, values);
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }

  static Value emitAtomic(Emitter &e, AtomicRMWOp op, OneToNOpAdaptor adaptor,
                          int64_t r, Type dtype) {
    return LLVM::AtomicRMWOp::create(
        e.b, e.loc, getAtomicBinOp(op.getKind(), dtype), adaptor.getPtr()[r],
        adaptor.getValue()[r], getOrdering(op.getMemory()),
        getSyncScope(op.getScope()), getMemoryBytes(dtype));
  }

  /// LLVM's cmpxchg takes integers: floats go as their bits.
  static Value emitAtomic(Emitter &e, AtomicCASOp op, OneToNOpAdaptor adaptor,
                          int64_t r, Type dtype) {
    Type registerType = getRegisterType(dtype);
    Type bits = e.b.getIntegerType(registerType.getIntOrFloatBitWidth());
    auto toBits = [&](Value value) -> Value {
      if (value.getType() == bits)
        return value;
      return arith::BitcastOp::create(e.b, e.loc, bits, value);
    };
    auto cas = LLVM::AtomicCmpXchgOp::create(
        e.b, e.loc, adaptor.getPtr()[r], toBits(adaptor.getExpected()[r]),
        toBits(adaptor.getDesired()[r]), getOrdering(op.getMemory()),
        getFailureOrdering(op.getMemory()), getSyncScope(op.getScope()),
        getMemoryBytes(dtype));
    Value old = LLVM::ExtractValueOp::create(e.b, e.loc, cas, 0);
    if (registerType == bits)
      return old;
    return arith::BitcastOp::create(e.b, e.loc, registerType, old);
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

/// Combines two tuples of scalars (the members of a reduction or scan, a
/// value and its index, say): `a` comes first.
using TupleCombine =
    function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)>;

/// `value` from another lane of the warp, for any width: `offset` lanes
/// away (xor, up, down) or lane `offset` (idx).
static Value shuffle(Emitter &e, Value value, Value offset,
                     gpu::ShuffleMode mode) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Value width = e.i32(kWarpSize);
  auto shuffle32 = [&](Value x) {
    return gpu::ShuffleOp::create(e.b, e.loc, x, offset, width, mode)
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

static SmallVector<Value> shuffleTuple(Emitter &e, ArrayRef<Value> tuple,
                                       Value offset, gpu::ShuffleMode mode) {
  SmallVector<Value> result;
  for (Value value : tuple)
    result.push_back(shuffle(e, value, offset, mode));
  return result;
}

static SmallVector<Value> selectTuple(Emitter &e, Value condition,
                                      ArrayRef<Value> a, ArrayRef<Value> b) {
  SmallVector<Value> result;
  for (auto [x, y] : llvm::zip(a, b))
    result.push_back(arith::SelectOp::create(e.b, e.loc, condition, x, y));
  return result;
}

/// A tuple whose first member tells whether it holds anything: combining
/// with an empty one gives the other. For combiners without an identity.
static SmallVector<Value> joinFlagged(Emitter &e, TupleCombine combine,
                                      ArrayRef<Value> a, ArrayRef<Value> b) {
  SmallVector<Value> both = combine(a.drop_front(), b.drop_front());
  SmallVector<Value> result = {arith::OrIOp::create(e.b, e.loc, a[0], b[0])};
  SmallVector<Value> one = selectTuple(e, a[0], a.drop_front(), b.drop_front());
  llvm::append_range(result, selectTuple(e, e.andI(a[0], b[0]), both, one));
  return result;
}

/// The keys of a reduction: per dimension, the thread's local indices that
/// stay apart (1 along reduced dimensions).
struct ReductionKeys {
  SmallVector<int64_t> shape;
  SmallVector<bool> reduced;

  ReductionKeys(const DistributedLayout &layout, ArrayRef<int64_t> tileShape,
                ArrayRef<bool> reduced)
      : reduced(reduced) {
    for (int64_t d = 0, rank = tileShape.size(); d < rank; ++d)
      shape.push_back(reduced[d] ? 1 : layout.getRegistersAlong(tileShape, d));
  }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t extent : shape)
      n *= extent;
    return n;
  }
  int64_t of(ArrayRef<int64_t> local) const {
    int64_t key = 0;
    for (int64_t d = 0, rank = shape.size(); d < rank; ++d)
      key = key * shape[d] + (reduced[d] ? 0 : local[d]);
    return key;
  }
};

/// Tuples of scalars exchanged between threads through shared memory: each
/// thread writes its tuple of every slot, then (after one barrier) reads
/// other threads'. Bools travel as bytes.
struct SharedTuples {
  Emitter &e;
  int64_t threads;
  SmallVector<Type> types;
  SmallVector<Value> buffers;

  SharedTuples(Emitter &e, Operation *op, ArrayRef<Value> like, int64_t slots,
               int64_t threads)
      : e(e), threads(threads) {
    for (Value value : like) {
      types.push_back(value.getType());
      buffers.push_back(allocateShared(e, op, memoryTypeOf(value.getType()),
                                       slots * threads));
    }
    if (isInLoop(op))
      gpu::BarrierOp::create(e.b, e.loc);
  }

  Type memoryTypeOf(Type type) {
    return type.isInteger(1) ? Type(e.b.getI8Type()) : type;
  }
  Value address(int64_t member, int64_t slot, Value thread) {
    return e.gep(buffers[member], memoryTypeOf(types[member]),
                 e.add(e.i32(slot * threads), thread));
  }
  /// This thread's tuple of every slot; then the barrier.
  void write(ArrayRef<SmallVector<Value>> tuples) {
    Value tid = e.threadId();
    for (auto [slot, tuple] : llvm::enumerate(tuples))
      for (auto [member, value] : llvm::enumerate(tuple))
        LLVM::StoreOp::create(e.b, e.loc,
                              toMemory(e, value, memoryTypeOf(types[member])),
                              address(member, slot, tid));
    gpu::BarrierOp::create(e.b, e.loc);
  }
  /// The tuple thread `thread` wrote in `slot`.
  SmallVector<Value> read(int64_t slot, Value thread) {
    SmallVector<Value> tuple;
    for (auto [member, type] : llvm::enumerate(types)) {
      Value loaded = LLVM::LoadOp::create(e.b, e.loc, memoryTypeOf(type),
                                          address(member, slot, thread));
      tuple.push_back(toRegister(e, loaded, type));
    }
    return tuple;
  }
};

/// Reduces tiles of one distribution together (`members`, a tuple of
/// register lists) along the `reduced` dimensions: in the thread, across
/// lanes by butterflies, across warps through shared memory, where each
/// thread folds its partners' partials in warp order so that all hold the
/// same result. Copies of elements take `identity` when there is one, else
/// a validity flag rides along. Returns each key's tuple.
static SmallVector<SmallVector<Value>>
reduceTuples(Emitter &e, Operation *op, Distribution &dist,
             ArrayRef<SmallVector<Value>> members, ArrayRef<bool> reduced,
             TupleCombine combine, ArrayRef<Value> identity) {
  DistributedLayout &layout = dist.layout;
  ArrayRef<int64_t> shape = dist.shape();
  int64_t rank = shape.size();
  ReductionKeys keys(layout, shape, reduced);
  bool flagged = identity.empty();
  auto join = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return flagged ? joinFlagged(e, combine, a, b) : combine(a, b);
  };

  // 1. In the thread.
  bool needsMask = false;
  for (int64_t d = 0; d < rank; ++d)
    needsMask |= reduced[d] && !layout.isExact(shape, d);
  SmallVector<SmallVector<Value>> partial(keys.size());
  for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
    SmallVector<int64_t> local = layout.delinearize(shape, r);
    SmallVector<Value> tuple;
    for (const SmallVector<Value> &member : members)
      tuple.push_back(member[r]);
    Value owner = e.boolean(true);
    if (needsMask) {
      SmallVector<Value> conditions;
      for (int64_t d = 0; d < rank; ++d)
        if (reduced[d] && !layout.isExact(shape, d))
          conditions.push_back(
              e.ult(dist.unwrapped(e, d, local[d]), e.i32(shape[d])));
      owner = e.allOf(conditions);
      if (!flagged)
        tuple = selectTuple(e, owner, tuple, identity);
    }
    if (flagged)
      tuple.insert(tuple.begin(), owner);
    SmallVector<Value> &slot = partial[keys.of(local)];
    slot = slot.empty() ? tuple : join(slot, tuple);
  }

  // 2. Across the lanes along the reduced dimensions.
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d])
      continue;
    for (int64_t step = 1; step < layout.threadsPerWarp[d]; step *= 2)
      for (SmallVector<Value> &slot : partial)
        slot =
            join(slot, shuffleTuple(e, slot, e.i32(step * layout.laneStride[d]),
                                    gpu::ShuffleMode::XOR));
  }

  // 3. Across the warps along them.
  SmallVector<int64_t> warpDims;
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d] && layout.warpsPerCTA[d] > 1)
      warpDims.push_back(d);
  if (!warpDims.empty()) {
    int64_t numKeys = keys.size();
    Value lane = e.lane(), warp = e.warp();
    SharedTuples shared(e, op, partial.front(), numKeys,
                        layout.numWarps * kWarpSize);
    shared.write(partial);
    // The warp with this warp's coordinates but zeros along the reduced
    // dimensions; partners add multiples of their strides.
    Value baseWarp = warp;
    for (int64_t d : warpDims)
      baseWarp = arith::SubIOp::create(
          e.b, e.loc, baseWarp,
          e.mul(e.bits(warp, layout.warpStride[d], layout.warpsPerCTA[d]),
                e.i32(layout.warpStride[d])));
    SmallVector<int64_t> partners = {0};
    for (int64_t d : warpDims) {
      SmallVector<int64_t> next;
      for (int64_t j = 0; j < layout.warpsPerCTA[d]; ++j)
        for (int64_t offset : partners)
          next.push_back(offset + j * layout.warpStride[d]);
      partners = next;
    }
    llvm::sort(partners);
    for (int64_t key = 0; key < numKeys; ++key) {
      SmallVector<Value> total;
      for (int64_t offset : partners) {
        Value partner = e.add(
            e.mul(e.add(baseWarp, e.i32(offset)), e.i32(kWarpSize)), lane);
        SmallVector<Value> tuple = shared.read(key, partner);
        total = total.empty() ? tuple : join(total, tuple);
      }
      partial[key] = total;
    }
  }
  if (flagged)
    for (SmallVector<Value> &slot : partial)
      slot.erase(slot.begin());
  return partial;
}

/// Member `member` of a reduction's per-key tuples as the registers of
/// `result`: keepdims keeps the source's layout (every local index along a
/// reduced dimension a copy), else slices drop the reduced dimensions.
static SmallVector<Value> getReducedRegisters(
    TileType result, int64_t sourceRank, ArrayRef<int64_t> sourceShape,
    const DistributedLayout &sourceLayout, ArrayRef<bool> reduced,
    bool keepdims, ArrayRef<SmallVector<Value>> partial, int64_t member) {
  if (result.getRank() == 0)
    return {partial.front()[member]};
  ReductionKeys keys(sourceLayout, sourceShape, reduced);
  DistributedLayout out = DistributedLayout::get(result.getEncoding());
  ArrayRef<int64_t> shape = result.getShape();
  SmallVector<Value> registers;
  for (int64_t r = 0, n = out.getNumRegisters(shape); r < n; ++r) {
    SmallVector<int64_t> local = out.delinearize(shape, r);
    SmallVector<int64_t> full(sourceRank, 0);
    if (keepdims) {
      full = local;
    } else {
      int64_t next = 0;
      for (int64_t d = 0; d < sourceRank; ++d)
        full[d] = reduced[d] ? 0 : local[next++];
    }
    registers.push_back(partial[keys.of(full)][member]);
  }
  return registers;
}

static SmallVector<bool> getReducedDims(int64_t rank, ArrayRef<int64_t> axes) {
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : axes)
    reduced[axis] = true;
  return reduced;
}

struct ReduceLowering : public TilePattern<ReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType();
    Combiner combiner{op.getKind(), source.getElementType(),
                      op.getPropagateNan()};
    SmallVector<bool> reduced = getReducedDims(source.getRank(), op.getAxes());
    Distribution dist(e, source);
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return SmallVector<Value>{combiner.combine(e, a[0], b[0])};
    };
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource())};
    auto partial = reduceTuples(e, op, dist, members, reduced, combine,
                                {combiner.identity(e)});
    rewriter.replaceOpWithMultiple(
        op, {getReducedRegisters(op.getType(), source.getRank(),
                                 source.getShape(), dist.layout, reduced,
                                 op.getKeepdims(), partial, 0)});
    return success();
  }
};

/// argmax/argmin: (value, position) pairs; the extreme value wins, the
/// first position among equals. NaN is the extreme under propagate_nan
/// and loses otherwise.
struct ArgReduceLowering : public TilePattern<ArgReduceOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ArgReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType source = op.getSource().getType();
    Type dtype = source.getElementType();
    int64_t axis = op.getAxis();
    SmallVector<bool> reduced = getReducedDims(source.getRank(), {axis});
    Distribution dist(e, source);
    bool isMax = op.getKind() == ReduceKind::max;
    bool propagateNaN = op.getPropagateNan();
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      Value x = a[0], y = b[0];
      Value strict, tie;
      if (isa<FloatType>(dtype)) {
        auto cmp = [&](arith::CmpFPredicate predicate, Value p, Value q) {
          return arith::CmpFOp::create(rewriter, e.loc, predicate, p, q)
              .getResult();
        };
        Value xNaN = cmp(arith::CmpFPredicate::UNO, x, x);
        Value yNaN = cmp(arith::CmpFPredicate::UNO, y, y);
        Value better =
            cmp(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
                x, y);
        Value nanWins = propagateNaN
                            ? e.andI(xNaN, e.eq(yNaN, e.boolean(false)))
                            : e.andI(yNaN, e.eq(xNaN, e.boolean(false)));
        strict = arith::OrIOp::create(rewriter, e.loc, better, nanWins);
        tie = arith::OrIOp::create(rewriter, e.loc,
                                   cmp(arith::CmpFPredicate::OEQ, x, y),
                                   e.andI(xNaN, yNaN));
      } else {
        arith::CmpIPredicate predicate =
            isMax ? (isSigned(dtype) ? arith::CmpIPredicate::sgt
                                     : arith::CmpIPredicate::ugt)
                  : (isSigned(dtype) ? arith::CmpIPredicate::slt
                                     : arith::CmpIPredicate::ult);
        strict = arith::CmpIOp::create(rewriter, e.loc, predicate, x, y);
        tie = e.eq(x, y);
      }
      Value first = e.sle(a[1], b[1]);
      Value xWins =
          arith::OrIOp::create(rewriter, e.loc, strict, e.andI(tie, first));
      return selectTuple(e, xWins, a, b);
    };
    SmallVector<Value> positions;
    for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r)
      positions.push_back(dist.indices(e, r)[axis]);
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource()), positions};
    auto partial =
        reduceTuples(e, op, dist, members, reduced, combine, /*identity=*/{});
    SmallVector<Value> result =
        getReducedRegisters(op.getType(), source.getRank(), source.getShape(),
                            dist.layout, reduced, op.getKeepdims(), partial, 1);
    Type resultType = getRegisterType(op.getType().getElementType());
    for (Value &value : result)
      if (value.getType() != resultType)
        value = arith::ExtUIOp::create(rewriter, e.loc, resultType, value);
    rewriter.replaceOpWithMultiple(op, {result});
    return success();
  }
};

/// A combiner region applied to scalars: its body cloned, the scalars cast
/// to the scalar tiles it takes (the conversion lowers the clones and folds
/// the casts away).
static SmallVector<Value> applyCombiner(Emitter &e, Region &region,
                                        ArrayRef<Value> a, ArrayRef<Value> b) {
  Block &body = region.front();
  IRMapping mapping;
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value scalar = i < a.size() ? a[i] : b[i - a.size()];
    mapping.map(arg, UnrealizedConversionCastOp::create(e.b, e.loc,
                                                        arg.getType(), scalar)
                         .getResult(0));
  }
  for (Operation &op : body.without_terminator())
    e.b.clone(op, mapping);
  SmallVector<Value> result;
  for (auto [value, like] : llvm::zip(body.getTerminator()->getOperands(), a))
    result.push_back(UnrealizedConversionCastOp::create(
                         e.b, e.loc, like.getType(), mapping.lookup(value))
                         .getResult(0));
  return result;
}

struct ReduceWithLowering : public TilePattern<ReduceWithOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ReduceWithOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    auto source = cast<TileType>(op.getSources().front().getType());
    int64_t axis = op.getAxis();
    SmallVector<bool> reduced = getReducedDims(source.getRank(), {axis});
    Distribution dist(e, source);
    SmallVector<SmallVector<Value>> members;
    for (ValueRange values : adaptor.getSources())
      members.push_back(SmallVector<Value>(values));
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return applyCombiner(e, op.getCombiner(), a, b);
    };
    auto partial =
        reduceTuples(e, op, dist, members, reduced, combine, /*identity=*/{});
    SmallVector<SmallVector<Value>> results;
    for (auto [m, result] : llvm::enumerate(op.getResults()))
      results.push_back(getReducedRegisters(
          cast<TileType>(result.getType()), source.getRank(), source.getShape(),
          dist.layout, reduced, op.getKeepdims(), partial, m));
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

/// Inclusive scans of tiles of one distribution together (`members`)
/// along `axis`, first to last element (last to first under `reverse`):
/// in the thread, across lanes (Hillis-Steele with shuffles), across warps
/// and repetitions of the layout through shared memory. Every partial
/// carries a validity flag: copies of elements (a tile smaller than its
/// layout) and "nothing yet" take part as empty; copies get their owners'
/// results through shared memory at the end. Returns each member's
/// registers.
static SmallVector<SmallVector<Value>>
scanTuples(Emitter &e, Operation *op, Distribution &dist,
           ArrayRef<TileType> types, ArrayRef<SmallVector<Value>> members,
           int64_t axis, bool reverse, TupleCombine combine) {
  DistributedLayout &layout = dist.layout;
  ArrayRef<int64_t> shape = dist.shape();
  int64_t spt = layout.sizePerThread[axis];
  int64_t lanes = layout.threadsPerWarp[axis];
  int64_t warps = layout.warpsPerCTA[axis];
  int64_t reps = layout.getRepetitions(shape, axis);
  bool exact = layout.isExact(shape, axis);
  SmallVector<bool> reduced(shape.size(), false);
  reduced[axis] = true;
  ReductionKeys keys(layout, shape, reduced);
  int64_t numKeys = keys.size();
  // `a` before `b` in the scan's order.
  auto ordered = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return reverse ? combine(b, a) : combine(a, b);
  };
  auto join = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
    return joinFlagged(e, ordered, a, b);
  };
  auto when = [&](Value condition, ArrayRef<Value> a, ArrayRef<Value> b) {
    return selectTuple(e, condition, a, b);
  };
  SmallVector<Value> empty = {e.boolean(false)};
  for (const SmallVector<Value> &member : members)
    empty.push_back(member.front()); // any value: the flag says empty
  // The position of index i of n in the scan's order.
  auto rank = [&](int64_t i, int64_t n) { return reverse ? n - 1 - i : i; };
  auto rankValue = [&](Value i, int64_t n) {
    return reverse
               ? arith::SubIOp::create(e.b, e.loc, e.i32(n - 1), i).getResult()
               : i;
  };

  // The registers of each key and repetition, in the thread's order.
  int64_t registers = dist.numRegisters();
  SmallVector<SmallVector<int64_t>> groups(numKeys * reps,
                                           SmallVector<int64_t>(spt));
  for (int64_t r = 0; r < registers; ++r) {
    SmallVector<int64_t> local = layout.delinearize(shape, r);
    int64_t q = local[axis] / spt, j = local[axis] % spt;
    groups[keys.of(local) * reps + rank(q, reps)][rank(j, spt)] = r;
  }

  // 1. In the thread: running partials, and the thread's total.
  SmallVector<SmallVector<Value>> running(registers);
  SmallVector<SmallVector<Value>> totals;
  for (ArrayRef<int64_t> group : groups) {
    SmallVector<Value> acc;
    for (int64_t r : group) {
      SmallVector<Value> tuple = {e.boolean(true)};
      if (!exact) {
        SmallVector<int64_t> local = layout.delinearize(shape, r);
        tuple[0] =
            e.ult(dist.unwrapped(e, axis, local[axis]), e.i32(shape[axis]));
      }
      for (const SmallVector<Value> &member : members)
        tuple.push_back(member[r]);
      acc = acc.empty() ? tuple : join(acc, tuple);
      running[r] = acc;
    }
    totals.push_back(acc);
  }

  // 2. Across the lanes along the axis: each thread's inclusive partial,
  // the exclusive one (from the previous lane) and the warp's total.
  Value lane = e.lane(), warp = e.warp();
  int64_t laneStride = layout.laneStride[axis];
  Value laneRank = rankValue(e.bits(lane, laneStride, lanes), lanes);
  gpu::ShuffleMode toLater =
      reverse ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP;
  SmallVector<SmallVector<Value>> before(totals.size(), empty);
  SmallVector<SmallVector<Value>> warpTotals = totals;
  if (lanes > 1) {
    Value lastLane =
        e.add(arith::SubIOp::create(
                  e.b, e.loc, lane,
                  e.mul(e.bits(lane, laneStride, lanes), e.i32(laneStride))),
              e.i32(rank(lanes - 1, lanes) * laneStride));
    for (auto [total, previous, warpTotal] :
         llvm::zip(totals, before, warpTotals)) {
      for (int64_t k = 1; k < lanes; k *= 2) {
        SmallVector<Value> other =
            shuffleTuple(e, total, e.i32(k * laneStride), toLater);
        total = when(e.sle(e.i32(k), laneRank), join(other, total), total);
      }
      SmallVector<Value> other =
          shuffleTuple(e, total, e.i32(laneStride), toLater);
      previous = when(e.sle(e.i32(1), laneRank), other, empty);
      warpTotal = shuffleTuple(e, total, lastLane, gpu::ShuffleMode::IDX);
    }
  }

  // 3. Across the warps along the axis, through shared memory: each
  // thread folds the totals of the warps before its own, and of all.
  SmallVector<SmallVector<Value>> repTotals = warpTotals;
  if (warps > 1) {
    int64_t slots = static_cast<int64_t>(totals.size());
    SharedTuples shared(e, op, empty, slots, layout.numWarps * kWarpSize);
    shared.write(warpTotals);
    int64_t warpStride = layout.warpStride[axis];
    Value coordinate = e.bits(warp, warpStride, warps);
    Value warpRank = rankValue(coordinate, warps);
    Value baseWarp = arith::SubIOp::create(
        e.b, e.loc, warp, e.mul(coordinate, e.i32(warpStride)));
    for (int64_t slot = 0; slot < slots; ++slot) {
      SmallVector<Value> earlier = empty, all;
      for (int64_t t = 0; t < warps; ++t) {
        int64_t w = rank(t, warps);
        Value partner = e.add(
            e.mul(e.add(baseWarp, e.i32(w * warpStride)), e.i32(kWarpSize)),
            lane);
        SmallVector<Value> tuple = shared.read(slot, partner);
        earlier =
            when(e.slt(e.i32(t), warpRank), join(earlier, tuple), earlier);
        all = all.empty() ? tuple : join(all, tuple);
      }
      before[slot] = join(earlier, before[slot]);
      repTotals[slot] = all;
    }
  }

  // 4. Across the repetitions, in registers; then every element.
  SmallVector<SmallVector<Value>> results(members.size());
  for (auto &result : results)
    result.resize(registers);
  for (int64_t key = 0; key < numKeys; ++key) {
    SmallVector<Value> carry = empty;
    for (int64_t q = 0; q < reps; ++q) {
      int64_t slot = key * reps + q;
      SmallVector<Value> prefix = join(carry, before[slot]);
      for (int64_t r : groups[slot]) {
        SmallVector<Value> value = join(prefix, running[r]);
        for (size_t m = 0; m < members.size(); ++m)
          results[m][r] = value[m + 1];
      }
      carry = join(carry, repTotals[slot]);
    }
  }
  if (!exact)
    for (auto [type, result] : llvm::zip(types, results))
      takeOwnersValues(e, op, type, result);
  return results;
}

struct ScanLowering : public TilePattern<ScanOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType tile = op.getType();
    Combiner combiner{op.getKind(), tile.getElementType(),
                      /*propagateNaN=*/false};
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return SmallVector<Value>{combiner.combine(e, a[0], b[0])};
    };
    Distribution dist(e, tile);
    SmallVector<SmallVector<Value>> members = {
        SmallVector<Value>(adaptor.getSource())};
    auto results = scanTuples(e, op, dist, {tile}, members, op.getAxis(),
                              op.getReverse(), combine);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

struct ScanWithLowering : public TilePattern<ScanWithOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(ScanWithOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    SmallVector<TileType> types;
    for (Type type : op.getResultTypes())
      types.push_back(cast<TileType>(type));
    auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
      return applyCombiner(e, op.getCombiner(), a, b);
    };
    Distribution dist(e, types.front());
    SmallVector<SmallVector<Value>> members;
    for (ValueRange values : adaptor.getSources())
      members.push_back(SmallVector<Value>(values));
    auto results = scanTuples(e, op, dist, types, members, op.getAxis(),
                              op.getReverse(), combine);
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

/// `mma` and `matmul`, the simple path: both operands through shared
/// memory, then each thread runs along K for its accumulator registers,
/// multiplying in the accumulator's dtype (fma for floats). Tensor cores
/// (mma.sync, wgmma) are the next step.
template <typename Op> struct MmaLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;

  static ValueRange getAcc(MmaOp, OneToNOpAdaptor adaptor) {
    return adaptor.getAcc();
  }
  static ValueRange getAcc(MatmulOp, OneToNOpAdaptor) { return {}; }

  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    TileType a = op.getA().getType(), b = op.getB().getType();
    TileType result = op.getType();
    Type inType = a.getElementType(), outType = result.getElementType();
    Type registerType = getRegisterType(outType);
    int64_t rank = result.getRank();
    int64_t depth = a.getShape()[rank - 1];
    SharedTile sharedA(e, op, a), sharedB(e, op, b);
    sharedA.write(a, adaptor.getA());
    sharedB.write(b, adaptor.getB());
    sharedA.barrier();
    Distribution dist(e, result);
    int64_t registers = dist.numRegisters();
    SmallVector<SmallVector<Value>> indices;
    for (int64_t r = 0; r < registers; ++r)
      indices.push_back(dist.indices(e, r));
    SmallVector<Value> init(getAcc(op, adaptor));
    if (init.empty())
      init.assign(registers, getZero(e, registerType));
    auto widen = [&](Value x) -> Value {
      if (isNarrowFloat(inType))
        x = decodeNarrowFloat(rewriter, e.loc, x, cast<FloatType>(inType));
      if (x.getType() == registerType)
        return x;
      if (x.getType().isF32() && isa<FloatType>(registerType))
        return arith::TruncFOp::create(rewriter, e.loc, registerType, x);
      if (isa<FloatType>(registerType))
        return arith::ExtFOp::create(rewriter, e.loc, registerType, x);
      if (isSigned(inType))
        return arith::ExtSIOp::create(rewriter, e.loc, registerType, x);
      return arith::ExtUIOp::create(rewriter, e.loc, registerType, x);
    };
    auto loop = scf::ForOp::create(
        rewriter, e.loc, e.i32(0), e.i32(depth), e.i32(1), init,
        [&](OpBuilder &builder, Location loc, Value k, ValueRange acc) {
          SmallVector<Value> next;
          for (int64_t r = 0; r < registers; ++r) {
            SmallVector<Value> at = indices[r], bt = indices[r];
            at[rank - 1] = k; // (batch, m, k)
            bt[rank - 2] = k; // (batch, k, n)
            Value x = widen(sharedA.read(at)), y = widen(sharedB.read(bt));
            if (isa<FloatType>(registerType)) {
              next.push_back(math::FmaOp::create(builder, loc, x, y, acc[r]));
              continue;
            }
            next.push_back(e.add(e.mul(x, y), acc[r]));
          }
          scf::YieldOp::create(builder, loc, next);
        });
    rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(loop.getResults())});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The kernel metadata entry of a tile kernel argument (docs/Runtime.md):
/// arrays are their pointer, dynamic extents and dynamic strides.
static DictionaryAttr describeArgument(Builder &b, Type type,
                                       DictionaryAttr argAttrs) {
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
        // fp4 elements are packed two to a byte: 4 bits, 0 whole bytes.
        b.getNamedAttr(
            "element_bytes",
            b.getI64IntegerAttr(isPacked(array.getElementType())
                                    ? 0
                                    : getMemoryBytes(array.getElementType()))),
        b.getNamedAttr("element_bits",
                       b.getI64IntegerAttr(
                           isPacked(array.getElementType())
                               ? 4
                               : 8 * getMemoryBytes(array.getElementType()))),
        b.getNamedAttr("rank", b.getI64IntegerAttr(array.getRank())),
        b.getNamedAttr("shape", b.getDenseI64ArrayAttr(shape)),
        b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides)),
    });
    // Facts the kernel was specialized on, which the runtime checks.
    if (argAttrs) {
      if (Attribute alignment = argAttrs.get(kAlignmentAttr))
        fields.push_back(b.getNamedAttr("alignment", alignment));
      if (Attribute divisibility = argAttrs.get(kDivisibilityAttr))
        fields.push_back(b.getNamedAttr("divisibility", divisibility));
      if (Attribute strides = argAttrs.get(kStrideDivisibilityAttr))
        fields.push_back(b.getNamedAttr("stride_divisibility", strides));
    }
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
             ReshapeOp, ExpandDimsOp, ExtractOp, InsertOp, CatOp, GatherOp,
             ScatterOp, OffsetOp, LoadPtrOp, StorePtrOp, AtomicRMWOp,
             AtomicCASOp, ReduceOp, ArgReduceOp, ReduceWithOp, ScanOp,
             ScanWithOp, YieldOp, MmaOp, MatmulOp>(op);
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
        if (!isa<DenseElementsAttr>(constant.getValue()))
          return op->emitOpError("lowers dense constants only"),
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
    if (failed(annotateArrayFacts(root)))
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
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
        args.push_back(describeArgument(b, type, func.getArgAttrDict(i)));
      func->setAttr(kSignatureAttrName, b.getArrayAttr(args));
    });

    TileTypeConverter converter(context);
    ConversionTarget target(*context);
    target.addIllegalDialect<TileDialect>();
    target
        .addLegalDialect<arith::ArithDialect, math::MathDialect,
                         gpu::GPUDialect, LLVM::LLVMDialect, scf::SCFDialect>();
    // Combiner regions run as clones between casts (see applyCombiner).
    target.addLegalOp<UnrealizedConversionCastOp>();
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
        ConvertLayoutLowering, ReshapeLowering, ExpandDimsLowering,
        ExtractLowering, InsertLowering, CatLowering, GatherLowering,
        ScatterLowering, OffsetLowering, LoadPtrLowering, StorePtrLowering,
        AtomicLowering<AtomicRMWOp>, AtomicLowering<AtomicCASOp>,
        ReduceLowering, ArgReduceLowering, ReduceWithLowering, ScanLowering,
        ScanWithLowering, MmaLowering<MmaOp>, MmaLowering<MatmulOp>>(converter,
                                                                     context);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns,
                                                                     converter);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    if (failed(checkSharedMemory(root)))
      signalPassFailure();
  }

  /// Checks the facts on array arguments (docs/TileLowering.md) and copies
  /// them onto the loads and stores of the views of those arrays.
  static LogicalResult annotateArrayFacts(Operation *root) {
    WalkResult result = root->walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return WalkResult::advance();
      for (BlockArgument arg : func.getArguments()) {
        auto type = dyn_cast<ArrayType>(arg.getType());
        DictionaryAttr attrs = func.getArgAttrDict(arg.getArgNumber());
        if (!attrs)
          continue;
        NamedAttrList facts;
        auto fail = [&](StringRef name) {
          return func.emitOpError("argument ")
                 << arg.getArgNumber() << ": '" << name << "' ";
        };
        for (StringRef name : {kAlignmentAttr.data(), kDivisibilityAttr.data(),
                               kStrideDivisibilityAttr.data()}) {
          Attribute value = attrs.get(name);
          if (!value)
            continue;
          if (!type) {
            fail(name) << "states a fact about an array, not about "
                       << arg.getType();
            return WalkResult::interrupt();
          }
          if (name == kAlignmentAttr) {
            auto alignment = dyn_cast<IntegerAttr>(value);
            if (!alignment || alignment.getInt() <= 0 ||
                !llvm::isPowerOf2_64(alignment.getInt())) {
              fail(name) << "is a power of two (bytes), not " << value;
              return WalkResult::interrupt();
            }
          } else {
            auto list = dyn_cast<DenseI64ArrayAttr>(value);
            if (!list || list.size() != type.getRank() ||
                llvm::any_of(list.asArrayRef(),
                             [](int64_t v) { return v <= 0; })) {
              fail(name) << "lists one positive number per dimension of "
                         << type << ", not " << value;
              return WalkResult::interrupt();
            }
          }
          facts.append(name, value);
        }
        if (facts.empty())
          continue;
        DictionaryAttr dict = facts.getDictionary(func->getContext());
        for (Operation *user : arg.getUsers())
          if (auto view = dyn_cast<MakeViewOp>(user))
            for (Operation *access : view->getUsers())
              if (isa<LoadOp, StoreOp>(access))
                access->setAttr(kFactsAttr, dict);
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Kernels declare their tiles' shared memory statically: at most 48 KiB.
  static LogicalResult checkSharedMemory(Operation *root) {
    constexpr int64_t kLimit = 48 * 1024;
    WalkResult result = root->walk([&](FunctionOpInterface func) {
      int64_t bytes = 0;
      llvm::SmallDenseSet<StringRef> seen;
      func.walk([&](LLVM::AddressOfOp address) {
        StringRef name = address.getGlobalName();
        if (!name.starts_with(kSharedPrefix) || !seen.insert(name).second)
          return;
        auto global = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
            address, address.getGlobalNameAttr());
        auto array = cast<LLVM::LLVMArrayType>(global.getGlobalType());
        Type element = array.getElementType();
        bytes += array.getNumElements() *
                 (isa<LLVM::LLVMPointerType>(element)
                      ? 8
                      : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8));
      });
      if (bytes <= kLimit)
        return WalkResult::advance();
      func.emitOpError("needs ")
          << bytes << " bytes of shared memory for its tiles, more than the "
          << kLimit << " a kernel declares statically; use smaller tiles";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }
};

} // namespace
