//===- SharedMemory.cpp - shared buffers and asynchronous copies ----------===//
//
// The ops tile-pipeline-loads makes: a !tile.shared buffer is a shared
// array of its stages, each laid out as SwizzledLayout says; async_copy is
// cp.async of 16-byte chunks (zero-filled past the array's edges) where the
// chunks are aligned, and plain loads and stores where they may not be;
// async_commit and async_wait are cp.async's groups, the wait followed by a
// barrier; local_load reads a stage into any layout, mma operands by
// ldmatrix.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
/// How async_copy moves its chunks: cp.async of whole chunks (the tile
/// inside the array), cp.async zero-filling past the array's edges, or
/// element by element (chunks not known aligned).
enum class CopyMode { Interior, Edge, Elementwise };

struct AllocSharedLowering : public TilePattern<AllocSharedOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AllocSharedOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    SharedType type = op.getType();
    // 1024 bytes: the period of the 128-byte swizzle, which wgmma applies
    // to the addresses themselves.
    rewriter.replaceOp(
        op, allocateShared(e, op, getMemoryType(type.getElementType()),
                           type.getNumStages() * getStageLayout(type).size(),
                           /*alignment=*/1024, SharedUse::Stages));
    return success();
  }
};

/// Barrier `index` (an index) of the barriers at `base`.
static Value getBarrier(Emitter &e, Value base, Value index) {
  Value i32 = arith::IndexCastUIOp::create(e.b, e.loc, e.b.getI32Type(), index);
  return e.gep(base, e.b.getI64Type(), i32);
}

/// Moves `e`'s insertion point into a branch that one thread of the CTA
/// takes, thread 0, and returns the branch; in a producer, whose one thread
/// acts alone already, stays and returns null.
static scf::IfOp actAlone(Emitter &e, Operation *op) {
  if (isInProducer(op))
    return {};
  auto first = scf::IfOp::create(e.b, e.loc, e.eq(e.threadId(), e.i32(0)));
  e.b.setInsertionPointToStart(first.thenBlock());
  return first;
}

/// Thread 0 initializes the barriers (mbarrier.init, count `arrivals`),
/// fences the initialization for the tensor memory accelerator and the
/// CTA waits for it.
struct AllocBarriersLowering : public TilePattern<AllocBarriersOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AllocBarriersOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    int64_t count = op.getType().getCount();
    Value base = allocateShared(e, op, rewriter.getI64Type(), count,
                                /*alignment=*/8, SharedUse::Lasting);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      actAlone(e, op);
      for (int64_t k = 0; k < count; ++k)
        NVVM::MBarrierInitOp::create(
            rewriter, e.loc, e.gep(base, rewriter.getI64Type(), e.i32(k)),
            e.i32(op.getArrivals()), /*predicate=*/Value());
      NVVM::FenceMbarrierInitOp::create(rewriter, e.loc);
    }
    gpu::BarrierOp::create(rewriter, e.loc);
    rewriter.replaceOp(op, base);
    return success();
  }
};

/// mbarrier.try_wait.parity until the phase has completed.
struct BarrierWaitLowering : public TilePattern<BarrierWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BarrierWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value barrier = getBarrier(e, adaptor.getBarriers().front(),
                               adaptor.getBarrier().front());
    Value phase = e.zext(rewriter.getI32Type(), adaptor.getPhase().front());
    // The suspend-time hint upstream's nvgpu lowering gives (10 ms).
    NVVM::MBarrierTryWaitParityOp::create(rewriter, e.loc, barrier, phase,
                                          e.i32(10000000));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Each warp, once all its threads are there (bar.warp.sync, which orders
/// their shared-memory accesses before it), arrives on the barrier through
/// its first lane (mbarrier.arrive, a release); a producer's thread, alone
/// in its warp, arrives itself.
struct BarrierArriveLowering : public TilePattern<BarrierArriveOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(BarrierArriveOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Value barrier = getBarrier(e, adaptor.getBarriers().front(),
                               adaptor.getBarrier().front());
    if (!isInProducer(op)) {
      Value lane = e.lane();
      NVVM::SyncWarpOp::create(rewriter, e.loc, e.i32(-1));
      auto first = scf::IfOp::create(rewriter, e.loc, e.eq(lane, e.i32(0)));
      rewriter.setInsertionPointToStart(first.thenBlock());
    }
    NVVM::MBarrierArriveOp::create(rewriter, e.loc, Type(), barrier,
                                   /*count=*/Value());
    rewriter.eraseOp(op);
    return success();
  }
};

/// A tensor copy: thread 0 (a producer's thread) announces the stage's bytes on
/// the barrier (mbarrier.arrive.expect_tx) and has the tensor memory
/// accelerator copy the tile box by box (cp.async.bulk.tensor), each box the
/// slab of the stage layout that getTensorCopyBoxes says. Boxes past the
/// array's edges are zero-filled by the accelerator. The tensor map covers an
/// array with no element as one of one element (a tensor map has no empty
/// dimension), so the copy then starts a whole tile before the array: all
/// zeros, as the array's padding.
static LogicalResult
lowerTensorCopy(AsyncCopyOp op,
                TilePattern<AsyncCopyOp>::OneToNOpAdaptor adaptor,
                ConversionPatternRewriter &rewriter) {
  if (!op.getTensorMap())
    return op.emitOpError("has no tensor map; convert-tile-to-llvm gives "
                          "one to tensor copies of kernel arguments");
  Emitter e{rewriter, op.getLoc()};
  ViewType view = op.getView().getType();
  SharedType bufferType = op.getBuffer().getType();
  ArrayRef<int64_t> shape = view.getTileType().getShape();
  int64_t rank = shape.size();
  TensorCopyBoxes boxes =
      getTensorCopyBoxes(shape, bufferType.getElementType());
  SwizzledLayout shared = getStageLayout(bufferType);
  ArrayValues array(e, view.getArray(), flatten(adaptor.getView()));
  SmallVector<Value> indices = flatten(adaptor.getIndices());
  // Coordinates are 32-bit: a tile whose first element lies beyond (or
  // before) that range starts at its end, still outside the array.
  SmallVector<Value> start;
  Value low = e.i64(INT32_MIN), high = e.i64(INT32_MAX);
  for (int64_t d = 0; d < rank; ++d) {
    Value first = e.mul(e.ext64(indices[d]), e.i64(view.getSteps()[d]));
    first = e.select(e.slt(first, low), low, first);
    first = e.select(e.slt(high, first), high, first);
    start.push_back(e.trunc(rewriter.getI32Type(), first));
  }
  SmallVector<Value> empty;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t extent = view.getArray().getShape()[d];
    if (ShapedType::isDynamic(extent))
      empty.push_back(e.eq(array.extents[d], e.i32(0)));
    else if (extent == 0)
      empty.push_back(e.boolean(true));
  }
  if (!empty.empty()) {
    Value none = empty.front();
    for (Value other : ArrayRef<Value>(empty).drop_front())
      none = e.orI(none, other);
    start[0] = e.select(none, e.i32(-shape[0]), start[0]);
  }
  Value stage = getStage(e, bufferType, adaptor.getBuffer().front(),
                         adaptor.getStage().front());
  Value barrier = getBarrier(e, adaptor.getBarriers().front(),
                             adaptor.getBarrier().front());
  Value tensorMap = adaptor.getTensorMap().front();
  Type memoryType = getMemoryType(bufferType.getElementType());
  scf::IfOp first = actAlone(e, op);
  NVVM::MBarrierArriveExpectTxOp::create(
      rewriter, e.loc, Type(), barrier, e.i32(boxes.count * boxes.bytes),
      NVVM::MemScopeKind::CTA, /*relaxed=*/false, /*predicate=*/Value());
  auto cluster =
      LLVM::LLVMPointerType::get(rewriter.getContext(), kSharedCluster);
  for (int64_t k = 0; k < boxes.count; ++k) {
    Value slab =
        e.gep(stage, memoryType, e.i32(k * shared.rows * shared.slabColumns));
    // The coordinates run innermost first.
    SmallVector<Value> coordinates;
    for (int64_t d = rank - 1; d >= 0; --d)
      coordinates.push_back(
          d == rank - 1 ? e.add(start[d], e.i32(k * boxes.box[d])) : start[d]);
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        rewriter, e.loc,
        LLVM::AddrSpaceCastOp::create(rewriter, e.loc, cluster, slab),
        tensorMap, coordinates, barrier, /*im2colOffsets=*/ValueRange(),
        /*multicastMask=*/Value(), /*l2CacheHint=*/Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
        /*group=*/NVVM::CTAGroupKindAttr(), /*predicate=*/Value());
  }
  if (first)
    rewriter.setInsertionPointAfter(first);
  rewriter.eraseOp(op);
  return success();
}

/// The threads of the CTA take the tile's chunks in turn (thread t chunks
/// t, t + T, …), so a warp's copies cover consecutive chunks of a row.
struct AsyncCopyLowering : public TilePattern<AsyncCopyOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isTensorCopy())
      return lowerTensorCopy(op, adaptor, rewriter);
    Emitter e{rewriter, op.getLoc()};
    ViewType view = op.getView().getType();
    SharedType bufferType = op.getBuffer().getType();
    Type dtype = bufferType.getElementType();
    if (isPacked(dtype))
      return rewriter.notifyMatchFailure(op, "packed elements");
    // The view's tile: the stage has its rows, whether or not it drops
    // leading unit dimensions.
    ArrayRef<int64_t> shape = view.getTileType().getShape();
    int64_t rank = shape.size();
    Type memoryType = getMemoryType(dtype);
    int64_t bytes = getMemoryBytes(dtype);
    ArrayValues array(e, view.getArray(), flatten(adaptor.getView()));
    SmallVector<Value> indices = flatten(adaptor.getIndices());
    SmallVector<Value> start;
    for (int64_t d = 0; d < rank; ++d)
      start.push_back(e.mul(e.ext64(indices[d]), e.i64(view.getSteps()[d])));
    SwizzledLayout shared = getStageLayout(bufferType);
    Value stage = getStage(e, bufferType, adaptor.getBuffer().front(),
                           adaptor.getStage().front());

    int64_t width = shared.chunkElements, chunkBytes = width * bytes;
    int64_t chunksPerRow = shape.back() / width;
    int64_t chunks = shared.rows * chunksPerRow;
    int64_t threads = getKernelNumWarps(op) * kWarpSize;
    // cp.async moves 4, 8 or 16 bytes from addresses aligned to as many,
    // within rows that are contiguous in the array.
    ArrayFacts facts(
        view.getArray(),
        TileDialect::ArrayFactsAttrHelper(op->getContext()).getAttr(op));
    bool asynchronous =
        (chunkBytes == 4 || chunkBytes == 8 || chunkBytes == 16) &&
        view.getArray().getStrides().back() == 1 &&
        view.getSteps().back() % width == 0;
    bool knownAligned =
        asynchronous &&
        facts.alignVectors(view, shape, rank - 1, width, 8 * bytes);
    Value alignedAtRunTime;
    if (asynchronous && !knownAligned) {
      Value position = LLVM::PtrToIntOp::create(
          rewriter, e.loc, rewriter.getI64Type(), array.base);
      SmallVector<Value> conditions = {
          e.eq(e.andI(position, e.i64(chunkBytes - 1)), e.i64(0))};
      // Every leading dimension's stride: the tile's first index along it
      // moves the chunks by its multiples even where the tile spans one
      // index (a batch's matrix).
      for (int64_t d = 0; d + 1 < rank; ++d)
        if (view.getArray().getShape()[d] != 1)
          conditions.push_back(
              e.eq(e.andI(array.strides[d], e.i64(width - 1)), e.i64(0)));
      alignedAtRunTime = e.allOf(conditions);
    }

    // The tile's first element in the array, and whether the whole tile
    // lies inside it (uniform: the block's threads copy one tile; a
    // negative tile index puts it outside).
    Value origin = e.i64(0);
    SmallVector<Value> whole;
    for (int64_t d = 0; d < rank; ++d) {
      origin = e.add(origin, e.mul(start[d], array.strides[d]));
      whole.push_back(e.sle(e.i64(0), start[d]));
      whole.push_back(
          e.sle(e.add(start[d], e.i64(shape[d])), e.ext64(array.extents[d])));
    }
    Value tileBase = e.gep(array.base, memoryType, origin);

    Value thread = e.threadId();
    // One chunk: its row (over the leading dimensions) and first column,
    // its offset from the tile's first element (which depends on the
    // thread alone: it stays out of the loops around) and whether its row
    // lies inside the array.
    auto copyChunks = [&](CopyMode mode) {
      for (int64_t first = 0; first < chunks; first += threads) {
        Value chunk = e.add(thread, e.i32(first));
        std::optional<scf::IfOp> guard;
        if (first + threads > chunks) {
          guard =
              scf::IfOp::create(rewriter, e.loc, e.ult(chunk, e.i32(chunks)));
          rewriter.setInsertionPointToStart(guard->thenBlock());
        }
        Value row = e.bits(chunk, chunksPerRow, shared.rows);
        Value column = e.mul(e.bits(chunk, 1, chunksPerRow), e.i32(width));
        Value local = e.i64(0);
        SmallVector<Value> inside;
        int64_t below = shared.rows;
        for (int64_t d = 0; d + 1 < rank; ++d) {
          below /= shape[d];
          Value index = e.ext64(e.bits(row, below, shape[d]));
          local = e.add(local, e.mul(index, array.strides[d]));
          if (mode != CopyMode::Interior)
            inside.push_back(
                e.ult(e.add(start[d], index), e.ext64(array.extents[d])));
        }
        local = e.add(local, e.mul(e.ext64(column), array.strides[rank - 1]));
        Value last = e.add(start[rank - 1], e.ext64(column));
        Value destination =
            e.gep(stage, memoryType, shared.offset(e, row, column));
        auto modifier = chunkBytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                         : NVVM::LoadCacheModifierKind::CA;
        if (mode == CopyMode::Interior) {
          NVVM::CpAsyncOp::create(rewriter, e.loc, destination,
                                  e.gep(tileBase, memoryType, local),
                                  chunkBytes, modifier, Value());
        } else if (mode == CopyMode::Edge) {
          // The elements of the chunk inside the array; cp.async fills
          // the rest with zeros.
          Value rowInside = e.allOf(inside);
          Value left = e.sub(e.ext64(array.extents[rank - 1]), last);
          Value count = e.select(e.slt(left, e.i64(width)), left, e.i64(width));
          // Unsigned: a chunk before the row's first element is outside
          // (chunks start at multiples of their width: wholly either way).
          count = e.select(
              e.andI(rowInside, e.ult(last, e.ext64(array.extents[rank - 1]))),
              count, e.i64(0));
          Value source = e.select(e.eq(count, e.i64(0)), array.base,
                                  e.gep(tileBase, memoryType, local));
          Value sourceBytes =
              e.trunc(rewriter.getI32Type(), e.mul(count, e.i64(bytes)));
          NVVM::CpAsyncOp::create(rewriter, e.loc, destination, source,
                                  chunkBytes, modifier, sourceBytes);
        } else {
          Value rowInside = e.allOf(inside);
          for (int64_t i = 0; i < width; ++i) {
            Value index = e.add(last, e.i64(i));
            Value within = e.andI(
                rowInside, e.ult(index, e.ext64(array.extents[rank - 1])));
            Value element = emitIfElse(
                e, within, memoryType, [&](bool load) -> SmallVector<Value> {
                  if (!load)
                    return {toMemory(e, getZero(e, getRegisterType(dtype)),
                                     memoryType)};
                  Value address = e.gep(
                      tileBase, memoryType,
                      e.add(local, e.mul(e.i64(i), array.strides[rank - 1])));
                  return {LLVM::LoadOp::create(e.b, e.loc, memoryType, address,
                                               bytes)};
                })[0];
            LLVM::StoreOp::create(rewriter, e.loc, element,
                                  e.gep(destination, memoryType, e.i32(i)),
                                  bytes);
          }
        }
        if (guard)
          rewriter.setInsertionPointAfter(*guard);
      }
    };
    // Aligned chunks of a tile inside the array take whole 16 bytes with
    // nothing to compute but their addresses; at the array's edges, each
    // chunk counts its elements inside. A copy marked `inside` takes the
    // first path alone.
    auto either = [&](Value condition, llvm::function_ref<void()> then,
                      llvm::function_ref<void()> otherwise) {
      auto ifOp = scf::IfOp::create(rewriter, e.loc, condition,
                                    /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      then();
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      otherwise();
    };
    auto aligned = [&] {
      if (op.getInside())
        return copyChunks(CopyMode::Interior);
      either(
          e.allOf(whole), [&] { copyChunks(CopyMode::Interior); },
          [&] { copyChunks(CopyMode::Edge); });
    };
    if (knownAligned)
      aligned();
    else if (!asynchronous)
      copyChunks(CopyMode::Elementwise);
    else
      either(alignedAtRunTime, aligned,
             [&] { copyChunks(CopyMode::Elementwise); });
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitLowering : public TilePattern<AsyncCommitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncCommitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

/// On sm_90a, a proxy fence: orders this thread's writes to shared memory
/// through the generic proxy before what reads it through the async proxy
/// (wgmma) after the CTA's next barrier.
static void fenceForWarpgroupMmas(OpBuilder &builder, Operation *op) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  if (chip && !chip->host && chip->sm >= 90 && chip->variant == 'a')
    NVVM::FenceProxyOp::create(
        builder, op->getLoc(), NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(builder.getContext(),
                                   NVVM::SharedSpace::shared_cta));
}

/// cp.async.wait_group, then a barrier: each thread waits for its own
/// copies only. On sm_90a, a proxy fence between them makes the copies
/// visible to wgmma, which reads shared memory through the async proxy
/// (cp.async writes through the generic one).
struct AsyncWaitLowering : public TilePattern<AsyncWaitOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(),
                                     static_cast<int32_t>(op.getPending()));
    fenceForWarpgroupMmas(rewriter, op);
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

/// The address in `stage` (laid out as `shared`, its tile `whole`) of the
/// element register `r` of `dist` holds, where the tile starts at `origin`
/// of the stage (empty: at 0); with `transposed`, element (i, j) at (j, i).
static Value getStageElement(Emitter &e, Distribution &dist, int64_t r,
                             bool transposed, ArrayRef<int64_t> origin,
                             ArrayRef<int64_t> whole,
                             const SwizzledLayout &shared, Value stage,
                             Type memoryType) {
  SmallVector<Value> indices = dist.indices(e, r);
  if (transposed)
    std::reverse(indices.begin(), indices.end());
  for (auto [index, offset] : llvm::zip(indices, origin))
    index = e.add(index, e.i32(offset));
  Value row =
      e.rowMajor(ArrayRef<Value>(indices).drop_back(), whole.drop_back());
  return e.gep(stage, memoryType, shared.offset(e, row, indices.back()));
}

/// The tile's dimension along the stage's rows (with `transposed`, its
/// first), and the elements a thread holds in a run along it that one
/// vector access moves: up to 16 bytes, inside one swizzle chunk; 1 for
/// packed elements and scalars.
static std::pair<int64_t, int64_t> getStageRun(Distribution &dist,
                                               TileType type, bool transposed,
                                               const SwizzledLayout &shared) {
  int64_t along = transposed ? 0 : type.getRank() - 1;
  if (type.getRank() == 0 || isPacked(type.getElementType()))
    return {along, 1};
  int64_t bits = getMemoryBytes(type.getElementType()) * 8;
  return {along, std::min(dist.vectorWidth(bits, along), shared.chunkElements)};
}

/// mma operands by ldmatrix where it loads them (isLdmatrixOperand); any
/// other layout in runs of up to 16 bytes a thread holds along the stage's
/// rows (inside one swizzle chunk, where the sub-tile starts at a multiple
/// of the run there), each one vector, else element by element. (LLVM does
/// not merge such reads itself behind the swizzle's XOR at an offset.)
struct LocalLoadLowering : public TilePattern<LocalLoadOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    SharedType bufferType = op.getBuffer().getType();
    TileType type = op.getType();
    SwizzledLayout shared = getStageLayout(bufferType);
    Value stage = getStage(e, bufferType, adaptor.getBuffer().front(),
                           adaptor.getStage().front());
    SmallVector<int64_t> origin = op.getOrigin();
    auto operand = dyn_cast<MmaOperandLayoutAttr>(type.getEncoding());
    bool transposed = op.getTranspose();
    if (isLdmatrixOperand(operand, type, transposed)) {
      rewriter.replaceOpWithMultiple(
          op, {loadMmaOperand(e, operand, type, stage, shared, origin,
                              transposed)});
      return success();
    }
    Distribution dist(e, type);
    Type memoryType = getMemoryType(type.getElementType());
    Type registerType = getRegisterType(type.getElementType());
    int64_t bytes = getMemoryBytes(type.getElementType());
    ArrayRef<int64_t> whole = bufferType.getShape().drop_front();
    auto addressOf = [&](int64_t r) {
      return getStageElement(e, dist, r, transposed, origin, whole, shared,
                             stage, memoryType);
    };
    int64_t n = dist.numRegisters();
    SmallVector<Value> values(n);
    auto [along, width] = getStageRun(dist, type, transposed, shared);
    // (The origin is the stage's: its last dimension runs along the rows.)
    if (width > 1 && !origin.empty() && origin.back() % width != 0)
      width = 1;
    if (width > 1) {
      auto vectorType = VectorType::get({width}, memoryType);
      for (ArrayRef<int64_t> group : dist.vectorGroups(width, along)) {
        Value vector =
            LLVM::LoadOp::create(rewriter, e.loc, vectorType,
                                 addressOf(group.front()), width * bytes);
        for (auto [i, r] : llvm::enumerate(group))
          values[r] = toRegister(
              e,
              LLVM::ExtractElementOp::create(rewriter, e.loc, vector, e.i32(i)),
              registerType);
      }
    }
    // Element by element, and a thread's copies of an element it holds
    // twice from the first.
    for (int64_t r = 0; r < n; ++r) {
      if (values[r])
        continue;
      int64_t first = dist.firstInThread(r);
      if (first != r && values[first]) {
        values[r] = values[first];
        continue;
      }
      values[r] = toRegister(e,
                             LLVM::LoadOp::create(rewriter, e.loc, memoryType,
                                                  addressOf(r), bytes),
                             registerType);
    }
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Each thread stores its registers at their elements' places in the
/// stage (with `transpose`, element (i, j) at (j, i)): runs of up to 16
/// bytes it holds along the stage's rows as one vector, else element by
/// element. On sm_90a a proxy fence then orders the writes before the
/// warpgroup mmas that read the stage after the CTA's next barrier.
struct LocalStoreLowering : public TilePattern<LocalStoreOp> {
  using TilePattern::TilePattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    SharedType bufferType = op.getBuffer().getType();
    TileType type = op.getValue().getType();
    SwizzledLayout shared = getStageLayout(bufferType);
    Value stage = getStage(e, bufferType, adaptor.getBuffer().front(),
                           adaptor.getStage().front());
    bool transposed = op.getTranspose();
    Distribution dist(e, type);
    Type memoryType = getMemoryType(type.getElementType());
    int64_t bytes = getMemoryBytes(type.getElementType());
    ValueRange values = adaptor.getValue();
    ArrayRef<int64_t> whole = bufferType.getShape().drop_front();
    auto addressOf = [&](int64_t r) {
      return getStageElement(e, dist, r, transposed, /*origin=*/{}, whole,
                             shared, stage, memoryType);
    };
    auto [along, width] = getStageRun(dist, type, transposed, shared);
    if (width > 1) {
      auto vectorType = VectorType::get({width}, memoryType);
      for (ArrayRef<int64_t> group : dist.vectorGroups(width, along)) {
        Value vector = LLVM::PoisonOp::create(rewriter, e.loc, vectorType);
        for (auto [i, r] : llvm::enumerate(group))
          vector = LLVM::InsertElementOp::create(
              rewriter, e.loc, vector, toMemory(e, values[r], memoryType),
              e.i32(i));
        LLVM::StoreOp::create(rewriter, e.loc, vector, addressOf(group.front()),
                              width * bytes);
      }
    } else {
      for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r)
        if (dist.firstInThread(r) == r)
          LLVM::StoreOp::create(rewriter, e.loc,
                                toMemory(e, values[r], memoryType),
                                addressOf(r), bytes);
    }
    fenceForWarpgroupMmas(rewriter, op);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void cudapy::populateTileSharedMemoryToLLVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AllocSharedLowering, AllocBarriersLowering, AsyncCopyLowering,
               AsyncCommitLowering, AsyncWaitLowering, BarrierWaitLowering,
               BarrierArriveLowering, LocalLoadLowering, LocalStoreLowering>(
      converter, patterns.getContext());
}
