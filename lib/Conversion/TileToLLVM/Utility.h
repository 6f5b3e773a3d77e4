//===- Utility.h - what the tile-to-LLVM patterns share ---------*- C++ -*-===//
//
// Private to lib/Conversion/TileToLLVM: the register and memory types of
// dtypes, the builder of one op's scalar code, where a tile's elements live
// for the current thread (through DistributedLayoutInterface only), shared
// memory, and the exchanges between threads that several op families use.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_LIB_CONVERSION_TILETOLLVM_UTILITY_H
#define CUDAPY_LIB_CONVERSION_TILETOLLVM_UTILITY_H

#include "cudapy/Conversion/LoweringUtils/Builder.h"
#include "cudapy/Conversion/TileToLLVM.h"

#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace cudapy::tile::lowering {

// The MLIR and LLVM names the patterns use, as MLIR's own code sees them.
using llvm::ArrayRef;
using llvm::cast;
using llvm::dyn_cast;
using llvm::function_ref;
using llvm::isa;
using llvm::MutableArrayRef;
using llvm::SmallVector;
using llvm::StringRef;
using mlir::APFloat;
using mlir::APInt;
using mlir::Attribute;
using mlir::ConversionPatternRewriter;
using mlir::DictionaryAttr;
using mlir::failure;
using mlir::FailureOr;
using mlir::Location;
using mlir::LogicalResult;
using mlir::OpBuilder;
using mlir::OpConversionPattern;
using mlir::Operation;
using mlir::Region;
using mlir::success;
using mlir::Type;
using mlir::TypeConverter;
using mlir::TypedAttr;
using mlir::TypeRange;
using mlir::Value;
using mlir::ValueRange;
namespace arith = mlir::arith;
namespace gpu = mlir::gpu;
namespace LLVM = mlir::LLVM;
namespace scf = mlir::scf;

/// LLVM's global, shared and shared::cluster address spaces.
constexpr unsigned kGlobal = 1, kShared = 3, kSharedCluster = 7;

/// The prefix of the shared-memory buffers, which the pass adds up per
/// kernel.
constexpr llvm::StringLiteral kSharedPrefix = "__tile_shared_";

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// fp4 elements are packed two to a byte in global memory: element 2k in
/// the low four bits of byte k, 2k + 1 in the high four (as CUDA's and
/// PTX's e2m1x2 pairs and PyTorch's float4_e2m1fn_x2 hold them).
bool isPacked(Type dtype);

/// The register type of a dtype: signless integers, floats, global
/// pointers; the narrow floats as LoweringUtils/NarrowFloat.h keeps them
/// (fp8, e8m0 and fp4 values as their bits in an i8, tf32 values as the
/// float32 they are stored as).
Type getRegisterType(Type dtype);

/// A float attribute of `dtype` as the register constant holding it.
TypedAttr getRegisterConstant(Type dtype, APFloat value);

/// How a dtype is kept in memory: bools as bytes.
Type getMemoryType(Type dtype);
int64_t getMemoryBytes(Type dtype);

bool isSigned(Type dtype);

//===----------------------------------------------------------------------===//
// Emitting
//===----------------------------------------------------------------------===//

/// Builds the scalar code of one op: the shared builder, and the thread's
/// place in the CTA.
struct Emitter : LoweringBuilder {
  Emitter(OpBuilder &b, Location loc) : LoweringBuilder{b, loc} {}

  /// The thread's index in the CTA, lane and warp (i32).
  Value threadId();
  Value lane() { return andI(threadId(), i32(kWarpSize - 1)); }
  Value warp() { return shr(threadId(), i32(5)); }

  /// The row-major position (i32) of element `indices` of a tile of
  /// `shape`.
  Value rowMajor(ArrayRef<Value> indices, ArrayRef<int64_t> shape);

  /// The value (i32) of a lane or warp bit field of the thread.
  Value field(const ThreadField &field, Value lane, Value warp) {
    return bits(field.warp ? warp : lane, field.stride, field.count);
  }
};

/// Whether every register of a tile of `type` owns its element: no thread
/// (and no register of one) holds a copy of another's.
bool ownsEveryElement(TileType type);

/// Where the elements of a tile of `type` live for the current thread: its
/// layout, asked through DistributedLayoutInterface only, and the thread's
/// offsets computed once.
struct Distribution {
  TileType type;
  DistributedLayoutInterface layout;
  /// Per dimension, the thread's offset (i32).
  SmallVector<Value> threadOffset;
  /// Whether the thread is the first of those that hold the same elements
  /// (the layout's replica fields are 0).
  Value isFirstCopy;

  Distribution(Emitter &e, TileType type);

  ArrayRef<int64_t> shape() const { return type.getShape(); }
  int64_t rank() const { return type.getRank(); }
  int64_t numRegisters() const { return getNumRegisters(layout, shape()); }
  int64_t registersAlong(int64_t d) const {
    return getRegistersAlong(layout, shape(), d);
  }
  SmallVector<int64_t> delinearize(int64_t r) const {
    return tile::delinearize(layout, shape(), r);
  }
  int64_t linearize(ArrayRef<int64_t> local) const {
    return tile::linearize(layout, shape(), local);
  }
  /// The dimension a thread's registers run along fastest.
  int64_t fastest() const { return layout.getRegisterOrder().front(); }
  bool isExactAlong(int64_t d) const {
    return tile::isExact(layout, shape(), d);
  }

  /// The index along `d` (i32) of the element in local index `local`, before
  /// the wrap-around (`mod shape[d]`).
  Value unwrapped(Emitter &e, int64_t d, int64_t local);
  /// The element's index along each dimension, for register `r`.
  SmallVector<Value> indices(Emitter &e, int64_t r);
  /// Whether register `r` holds the element's one owning copy.
  Value isOwner(Emitter &e, int64_t r);
  /// Whether every register owns its element.
  bool isExact() const;
  /// The first of the thread's registers that holds register `r`'s element
  /// (`r` itself unless the layout wraps around the tile within a thread).
  int64_t firstInThread(int64_t r) const;
  /// Elements of `bits` bits a vector access along dimension `d` (-1: the
  /// fastest) moves: up to 16 bytes of elements the thread holds
  /// contiguously along it (at least 1).
  int64_t vectorWidth(int64_t bits, int64_t d = -1) const;
  /// The registers a vector access of `width` elements moves: groups of
  /// `width` adjacent along dimension `d` (-1: the fastest), each starting
  /// at a multiple of `width` and the first copy of its elements in the
  /// thread (a thread reads or writes each element once).
  SmallVector<SmallVector<int64_t>> vectorGroups(int64_t width,
                                                 int64_t d = -1) const;
  /// Emits `body(r)` for each register `r` whose element the thread owns
  /// (isOwner): all of them, unconditionally, where the layout is exact;
  /// else one `scf.if` per group of registers that share the ownership test
  /// (their offsets along the dimensions the layout wraps around agree),
  /// and none for registers past the tile (a register offset beyond an
  /// extent, which no thread owns).
  void forEachOwned(Emitter &e, function_ref<void(int64_t r)> body);
};

/// The values of an array (or view) operand: pointer, extents (i32) and
/// strides (i64), static ones as constants.
struct ArrayValues {
  Value base;
  SmallVector<Value> extents, strides;

  ArrayValues(Emitter &e, ArrayType type, ValueRange values);
};

SmallVector<Value> flatten(ArrayRef<ValueRange> ranges);

/// Emits `body` under `scf.if condition` (no condition: always).
void emitIf(Emitter &e, Value condition, function_ref<void()> body);

/// Emits `body(fast)` under `scf.if condition`, yielding values of `types`
/// from each side.
SmallVector<Value> emitIfElse(Emitter &e, Value condition, TypeRange types,
                              function_ref<SmallVector<Value>(bool fast)> body);

/// A value of `type` (a scalar or vector of 1 to 16 bytes) read at
/// `address` (global or generic) where `condition`, else `otherwise`: one
/// predicated `ld`. Neither LLVM nor NVVM has a predicated load for NVPTX
/// (LLVM's masked loads take constant masks), and a branch around a plain
/// load keeps the math that uses it apart from the other loads of a tile:
/// LLVM folds that math into the branches, and ptxas, which predicates
/// small branches, cannot interleave them. `otherwise` starts in the
/// result's registers (tied operands); the load may overwrite it. Null
/// where the address or type does not suit (the caller branches then).
Value loadIf(Emitter &e, Value address, Type type, Value condition,
             Value otherwise);
/// Stores `value` (as loadIf's) at `address` where `condition`: one
/// predicated `st`. False where the address or type does not suit.
bool storeIf(Emitter &e, Value address, Value value, Value condition);

/// Between a register value and its memory form (bools as bytes).
Value toRegister(Emitter &e, Value memory, Type registerType);
Value toMemory(Emitter &e, Value value, Type memoryType);

/// The zero of a register type (a null pointer for pointers).
Value getZero(Emitter &e, Type registerType);

/// The byte of a packed (fp4) array at `base` that holds element `offset`
/// (i64), and the element's shift in it (i8: 0 or 4).
std::pair<Value, Value> locatePacked(Emitter &e, Value base, Value offset);
/// Element `offset` of a packed array: its four bits in an i8.
Value loadPacked(Emitter &e, Value base, Value offset);
/// Writes element `offset` of a packed array, leaving the other half of its
/// byte alone (another thread, of this block or another, may be writing
/// it): two atomics on the aligned 32-bit word that holds the byte.
void storePacked(Emitter &e, Value base, Value offset, Value value);

/// The PTX suffix of a rounding mode.
StringRef getPtxRounding(RoundingMode mode);
/// A float instruction with an explicit rounding mode or ftz, in PTX:
/// `add.rz.ftz.f32 $0, $1, $2;`.
Value emitPtxFloatOp(Emitter &e, StringRef name,
                     std::optional<RoundingMode> rounding, bool ftz,
                     ValueRange operands);
/// Whether a float op needs its modifiers spelled out in PTX.
bool needsPtx(Type type, std::optional<RoundingMode> rounding, bool ftz);

//===----------------------------------------------------------------------===//
// Globals and shared memory
//===----------------------------------------------------------------------===//

/// A fresh global named `prefix` and a number in the enclosing gpu.module
/// (or module): its address.
Value createGlobal(Emitter &e, Operation *op, StringRef prefix, Type type,
                   bool constant, Attribute value, unsigned addressSpace,
                   int64_t alignment = 16);

/// What a shared-memory buffer holds, for placeSharedMemory.
enum class SharedUse {
  /// What an op's lowering writes and reads within the op (a layout
  /// conversion, a reduction across warps, an mma operand's staging).
  Scratch,
  /// A tile.alloc_shared's stages, which asynchronous copies fill (the
  /// tensor memory accelerator's and wgmma's accesses are the async proxy's).
  Stages,
  /// Anything else (barriers): the kernel's whole run.
  Lasting,
};

/// A fresh shared-memory array of `count` elements of `element` type,
/// aligned to `alignment` bytes: its address. Scratch buffers and stages
/// whose uses do not overlap may share memory (placeSharedMemory).
Value allocateShared(Emitter &e, Operation *op, Type element, int64_t count,
                     int64_t alignment = 16,
                     SharedUse use = SharedUse::Scratch);

/// The name prefixes of scratch buffers and of stages (within
/// kSharedPrefix's).
constexpr llvm::StringLiteral kScratchPrefix = "__tile_shared_scratch_";
constexpr llvm::StringLiteral kStagePrefix = "__tile_shared_stages_";

/// Whether `op` runs in a loop of its function.
bool isInLoop(Operation *op);

/// The warps of the CTA of the function `op` is in (tile.num_warps, which
/// tile-assign-layouts sets).
int64_t getKernelNumWarps(Operation *op);

/// Where a stage of a `!tile.shared` buffer keeps its elements (docs/Tile.md,
/// "Shared memory"): the columns (the last dimension) cut into slabs of 128
/// bytes (the whole row when it is shorter), each slab row-major over the
/// rows (all but the last dimension) and stored after the previous one;
/// each slab row cut into chunks of 16 bytes (the whole row when shorter),
/// and the chunks of a row XOR-permuted by the row's phase, which changes
/// every 128 bytes of rows. So the 16-byte accesses of eight rows at one
/// column (`ldmatrix`, `cp.async`, vector stores) fall in distinct banks,
/// and every slab is in the canonical layout that wgmma reads with the
/// 128-, 64- or 32-byte swizzle (PTX ISA, "Shared Memory Matrix Layout").
/// The tiles that move to shared memory for tensor cores use it too.
/// With `interleaved` (`!tile.shared`'s), row 8a + 4b + t is stored where
/// row 8a + 2t + b would be, which wgmma cannot read.
struct SwizzledLayout {
  int64_t rows, columns, chunkElements, atom, rowsPerPhase;
  /// Columns of a slab.
  int64_t slabColumns;
  int64_t elementBytes;
  bool interleaved;

  SwizzledLayout(ArrayRef<int64_t> shape, int64_t elementBytes,
                 bool interleaved = false);

  /// Elements of one stage.
  int64_t size() const { return rows * columns; }
  /// Bytes of one row of a slab, and of a slab.
  int64_t slabRowBytes() const { return slabColumns * elementBytes; }
  int64_t slabBytes() const { return rows * slabRowBytes(); }
  /// The wgmma swizzle of a slab (descriptor bits 62-63: 1 for 128 bytes,
  /// 2 for 64, 3 for 32); 0 where its rows are narrower than 32 bytes,
  /// which wgmma cannot read in this layout.
  int64_t getWgmmaSwizzleMode() const;
  /// The element offset (i32) of `column` of `row` (i32), the rows running
  /// over all but the last dimension.
  Value offset(Emitter &e, Value row, Value column) const;
};

/// The layout of a stage of a shared buffer of `type`.
SwizzledLayout getStageLayout(SharedType type);
/// The address of stage `stage` (an index) of a buffer of `type` at `base`.
Value getStage(Emitter &e, SharedType type, Value base, Value stage);

/// Whether tiles of `type` in `layout` (null: no) are whole mma.sync
/// operand blocks that ldmatrix loads from a stage of the tile, or of its
/// transpose with `transposed` (Mma.cpp).
bool isLdmatrixOperand(MmaOperandLayoutAttr layout, TileType type,
                       bool transposed);

/// The registers of an operand tile of `type` in `layout` (see
/// isLdmatrixOperand) from shared memory at `base`, laid out as `shared`
/// says, where it starts at row `origin[0]` and column `origin[1]`, by
/// ldmatrix (Mma.cpp). With `transposed`, shared memory holds the operand
/// transposed (a B operand only: Bᵀ, N x K).
SmallVector<Value> loadMmaOperand(Emitter &e, MmaOperandLayoutAttr layout,
                                  TileType type, Value base,
                                  const SwizzledLayout &shared,
                                  ArrayRef<int64_t> origin = {0, 0},
                                  bool transposed = false);

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename Op> struct TilePattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<Op>::OneToNOpAdaptor;
};

/// The converted values of a tile result.
SmallVector<Type> convertResult(const TypeConverter *converter, Type type);

/// Unary elementwise ops: `emit` makes one element (each op family defines
/// it for its ops).
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
      if (mlir::failed(value))
        return rewriter.notifyMatchFailure(op, "unsupported");
      values.push_back(*value);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
  static FailureOr<Value> emit(Emitter &e, Op op, Type dtype, Type resultDType,
                               Value x);
};

//===----------------------------------------------------------------------===//
// Moving elements between threads
//===----------------------------------------------------------------------===//

/// Which element of one tile another tile's element `indices` takes.
using IndexMap = function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)>;
/// The same map on the lowering's (i32) indices.
using ValueIndexMap = function_ref<SmallVector<Value>(ArrayRef<Value>)>;

int64_t getRowMajorPosition(ArrayRef<int64_t> shape, ArrayRef<int64_t> indices);

/// For each register of a tile of type `to`, the register of a tile of type
/// `from` that holds, in every thread, the element `map` takes; nothing
/// when some thread would need an element only other threads hold (or when
/// the check would cost too much compile time).
std::optional<SmallVector<int64_t>> getRegisterMap(TileType from, TileType to,
                                                   IndexMap map);

/// The widest run of a thread's registers of a tile of type `type` (a
/// power of two, at most `maxElements`) that one vector access of a
/// row-major buffer of shape `bufferShape` serves: in every thread, each
/// run's elements, taken by `map` to the buffer, follow each other along
/// its last dimension from a multiple of the run's length. 1 when no run of
/// two does (or the check would cost too much compile time).
int64_t getSharedVectorWidth(TileType type, int64_t maxElements,
                             ArrayRef<int64_t> bufferShape, IndexMap map);

/// A tile's elements in shared memory, row-major. Accessed element by
/// element, rows of the last dimension are padded by one element against
/// bank conflicts; accessed `vector` elements at a time (rows written and
/// read along their length), by 16 bytes, which keeps the vectors aligned
/// and puts the rows a warp writes at once in different banks. Every op
/// gets its own buffer; in a loop, a barrier first keeps this iteration's
/// writes from racing the previous iteration's reads.
struct SharedTile {
  Emitter &e;
  SmallVector<int64_t> shape, pitch;
  Type registerType, memoryType;
  Value buffer;

  SharedTile(Emitter &e, Operation *op, TileType type, int64_t vector = 1);

  void barrier() { gpu::BarrierOp::create(e.b, e.loc); }

  Value address(ArrayRef<Value> indices) {
    Value offset = e.i32(0);
    for (auto [index, step] : llvm::zip(indices, pitch))
      offset = e.add(offset, e.mul(index, e.i32(step)));
    return e.gep(buffer, memoryType, offset);
  }

  /// The owning copies among `values` (a tile of `type`, which fits in
  /// this one at `origin`, zeros when empty) write their elements;
  /// `vector` registers at a time (a width getSharedVectorWidth gives for
  /// `type`, whose every register owns its element, at no origin).
  void write(TileType type, ValueRange values, ArrayRef<Value> origin = {},
             int64_t vector = 1);

  Value read(ArrayRef<Value> indices) {
    Value loaded =
        LLVM::LoadOp::create(e.b, e.loc, memoryType, address(indices));
    return toRegister(e, loaded, registerType);
  }
  /// The `count` elements from `indices` along the last dimension, in one
  /// vector load (`count` from getSharedVectorWidth).
  SmallVector<Value> readVector(ArrayRef<Value> indices, int64_t count);
};

/// Every register of `values` (a tile of `type`) made the value of its
/// element's owning copy (of the first thread for rank 0), through shared
/// memory: for ops whose copies do not compute what their owners do
/// (atomics, scans).
void takeOwnersValues(Emitter &e, Operation *op, TileType type,
                      MutableArrayRef<Value> values);

/// The registers of a tile of type `to` whose element I is element map(I)
/// of the tile `values` of type `from`: registers of the thread when it
/// holds what it takes, else through shared memory.
SmallVector<Value> remapTile(Emitter &e, Operation *op, TileType from,
                             ValueRange values, TileType to, IndexMap map,
                             ValueIndexMap valueMap);

SmallVector<int64_t> identityMap(ArrayRef<int64_t> indices);
SmallVector<Value> identityValueMap(ArrayRef<Value> indices);

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

/// The combiner of a built-in reduction and its identity.
struct Combiner {
  ReduceKind kind;
  Type dtype;
  bool propagateNaN;

  Value combine(Emitter &e, Value a, Value b) const;
  /// A value that leaves every other unchanged where it is combined with it
  /// (-0.0 for float sums), but for float max/min, where maxnum(-inf, NaN)
  /// is not NaN: those are an identity for everything but NaN.
  Value identity(Emitter &e) const;
  /// Whether identity() is exact for every value, NaN included.
  bool hasExactIdentity() const;
};

/// Combines two tuples of scalars (the members of a reduction or scan, a
/// value and its index, say): `a` comes first.
using TupleCombine =
    function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)>;

/// The keys of a reduction: per dimension, the thread's local indices that
/// stay apart (1 along reduced dimensions).
struct ReductionKeys {
  SmallVector<int64_t> shape;
  SmallVector<bool> reduced;

  ReductionKeys(DistributedLayoutInterface layout, ArrayRef<int64_t> tileShape,
                ArrayRef<bool> reduced)
      : reduced(reduced) {
    for (int64_t d = 0, rank = tileShape.size(); d < rank; ++d)
      shape.push_back(reduced[d] ? 1 : getRegistersAlong(layout, tileShape, d));
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

/// `value` from another lane of the warp, for any width: `offset` lanes
/// away (xor, up, down) or lane `offset` (idx).
Value shuffle(Emitter &e, Value value, Value offset, gpu::ShuffleMode mode);
SmallVector<Value> shuffleTuple(Emitter &e, ArrayRef<Value> tuple, Value offset,
                                gpu::ShuffleMode mode);
SmallVector<Value> selectTuple(Emitter &e, Value condition, ArrayRef<Value> a,
                               ArrayRef<Value> b);

/// A tuple whose first member tells whether it holds anything: combining
/// with an empty one gives the other. For combiners without an identity.
SmallVector<Value> joinFlagged(Emitter &e, TupleCombine combine,
                               ArrayRef<Value> a, ArrayRef<Value> b);

/// A combiner region applied to scalars: its body cloned, the scalars cast
/// to the scalar tiles it takes (the conversion lowers the clones and folds
/// the casts away).
SmallVector<Value> applyCombiner(Emitter &e, Region &region, ArrayRef<Value> a,
                                 ArrayRef<Value> b);

//===----------------------------------------------------------------------===//
// Kernels (Kernel.cpp)
//===----------------------------------------------------------------------===//

/// Before the patterns: each tile kernel's launch block (32 x
/// tile.num_warps threads, and its producer's where it has a
/// tile.warp_specialize) and argument metadata, the facts of array
/// arguments copied onto the loads and stores that use them, and the
/// tensor maps of its tensor copies as parameters (listed in the kernel's
/// kTensorMapParamsAttrName, counted as `converter` converts the
/// arguments).
LogicalResult prepareKernels(Operation *root, const TypeConverter &converter);

/// What a kernel may declare statically: 48 KiB.
constexpr int64_t kStaticSharedLimit = 48 * 1024;
/// The dynamic shared array of the kernels whose tiles need more.
constexpr llvm::StringLiteral kDynamicSharedName = "__tile_dynamic_shared";

/// After them: the tiles' shared memory of each kernel, static up to
/// kStaticSharedLimit, else in the dynamic array (at most what the chip
/// allows a block).
LogicalResult placeSharedMemory(Operation *root);

/// After them: each tile.warp_specialize (left in place, its regions
/// lowered) becomes a branch on the thread's index, its consumer's CTA
/// barriers (gpu.barrier) named barriers of the kernel's tile warps.
void splitSpecializedWarps(Operation *root);

/// Whether `op` is in the producer region of a tile.warp_specialize (one
/// thread runs it).
bool isInProducer(Operation *op);

} // namespace cudapy::tile::lowering

#endif // CUDAPY_LIB_CONVERSION_TILETOLLVM_UTILITY_H
