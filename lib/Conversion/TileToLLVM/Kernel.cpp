//===- Kernel.cpp - tile kernels: launch shape, metadata, facts -----------===//
//
// What convert-tile-to-llvm does for whole kernels around the patterns: the
// launch's block follows tile.num_warps, the kernel metadata describes the
// source-level arguments, the facts of array arguments reach the loads and
// stores that use them, and the tiles' shared memory becomes dynamic where
// it passes what a kernel declares statically.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include <numeric>

#include "cudapy/Support/KernelAbi.h"
#include "cudapy/Support/Target.h"
#include "dialects/Target/IR/TargetDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

/// The NVVM attribute PTX's `.minnctapersm` comes from.
static constexpr llvm::StringLiteral kMinBlocksAttrName = "nvvm.minctasm";

/// The kernel ABI record of a tile kernel argument (docs/Runtime.md):
/// arrays are their pointer, dynamic extents and dynamic strides, with the
/// facts the kernel was specialized on; lists of arrays the address of their
/// records and their length, with what each array is.
static KernelArgument describeArgument(Type type, DictionaryAttr argAttrs) {
  KernelArgument arg;
  arg.type = printType(type);
  auto array = dyn_cast<ArrayType>(type);
  if (auto list = dyn_cast<ListType>(type)) {
    array = list.getElement();
    arg.kind = KernelArgKind::TileArrayList;
    arg.params = 2;
  } else if (array) {
    arg.kind = KernelArgKind::TileArray;
    arg.params = 1 + array.getNumDynamicDims() + array.getNumDynamicStrides();
  }
  if (!array)
    return arg;
  Type dtype = array.getElementType();
  arg.element = printType(dtype);
  // fp4 elements are packed two to a byte: 4 bits, 0 whole bytes.
  arg.elementBytes = isPacked(dtype) ? 0 : getMemoryBytes(dtype);
  arg.elementBits = isPacked(dtype) ? 4 : 8 * getMemoryBytes(dtype);
  arg.rank = array.getRank();
  auto staticOrMinusOne = [](ArrayRef<int64_t> values) {
    SmallVector<int64_t> result;
    for (int64_t value : values)
      result.push_back(ShapedType::isDynamic(value) ? -1 : value);
    return result;
  };
  arg.shape = staticOrMinusOne(array.getShape());
  arg.strides = staticOrMinusOne(array.getStrides());
  if (!argAttrs)
    return arg;
  if (auto alignment = argAttrs.getAs<IntegerAttr>(
          TileDialect::AlignmentAttrHelper::getNameStr()))
    arg.alignment = alignment.getInt();
  if (auto divisibility = argAttrs.getAs<DenseI64ArrayAttr>(
          TileDialect::DivisibilityAttrHelper::getNameStr()))
    arg.divisibility = SmallVector<int64_t>(divisibility.asArrayRef());
  if (auto strides = argAttrs.getAs<DenseI64ArrayAttr>(
          TileDialect::StrideDivisibilityAttrHelper::getNameStr()))
    arg.strideDivisibility = SmallVector<int64_t>(strides.asArrayRef());
  return arg;
}

/// Copies the facts of array arguments onto the loads and stores of the
/// views of those arrays, and those of list arguments onto the accesses of
/// the views of their arrays (the dialect has checked them).
static void annotateArrayFacts(FunctionOpInterface func) {
  MLIRContext *context = func->getContext();
  TileDialect::ArrayFactsAttrHelper factsAttr(context);
  // The function's arguments only: a gpu.func's entry block also holds
  // its workgroup and private attributions, which have no attributes.
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    BlockArgument arg = func.getArgument(i);
    DictionaryAttr attrs = func.getArgAttrDict(i);
    if (!attrs || !isa<ArrayType, ListType>(arg.getType()))
      continue;
    NamedAttrList facts;
    for (NamedAttribute attr : attrs)
      if (isa_and_nonnull<TileDialect>(attr.getNameDialect()))
        facts.append(attr);
    if (facts.empty())
      continue;
    DictionaryAttr dict = facts.getDictionary(context);
    SmallVector<Value> arrays{arg};
    if (isa<ListType>(arg.getType())) {
      arrays.clear();
      for (Operation *user : arg.getUsers())
        if (auto get = dyn_cast<ListGetOp>(user))
          arrays.push_back(get.getResult());
    }
    for (Value array : arrays)
      for (Operation *user : array.getUsers())
        if (auto view = dyn_cast<MakeViewOp>(user))
          for (Operation *access : view->getUsers())
            if (isa<LoadOp, StoreOp, AsyncCopyOp>(access))
              factsAttr.setAttr(access, dict);
  }
}

/// How far past the view's tiles along array dimension `dim` the tile index
/// `index` of an access through `view` can lie: c >= 0 when it lies in [0,
/// num_tiles + c), -1 when unknown. Known for the induction variable of an
/// scf.for from a bound >= 0 (a constant, or the block's index) to the
/// number of tiles along `dim` of a view of the same array with the same
/// step (cuTile's `for j in range(ct.num_tiles(...))`), plus a constant c
/// (the loads that tile-pipeline-loads issues ahead).
static int64_t getTilesPastEnd(Value index, Value view, int64_t dim) {
  auto scalar = index.getDefiningOp<FromScalarOp>();
  if (!scalar)
    return -1;
  Value counter = scalar.getSource();
  int64_t ahead = 0;
  if (auto add = counter.getDefiningOp<arith::AddIOp>()) {
    for (auto [x, y] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
      std::optional<int64_t> c = getConstantIntValue(y);
      if (c && *c >= 0) {
        counter = x;
        ahead = *c;
        break;
      }
    }
    if (counter == add.getResult())
      return -1;
  }
  auto iv = dyn_cast<BlockArgument>(counter);
  auto loop = iv ? dyn_cast_or_null<scf::ForOp>(iv.getOwner()->getParentOp())
                 : scf::ForOp();
  if (!loop || loop.getInductionVar() != iv)
    return -1;
  // From a bound >= 0 (scf.for's step is positive: the counter only grows).
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  auto lowerTile = loop.getLowerBound().getDefiningOp<ToScalarOp>();
  if (!(lower && *lower >= 0) &&
      !(lowerTile && lowerTile.getSource().getDefiningOp<BidOp>()))
    return -1;
  // To the tiles of the same array with the same step along `dim`.
  auto upper = loop.getUpperBound().getDefiningOp<ToScalarOp>();
  auto tiles =
      upper ? upper.getSource().getDefiningOp<NumTilesOp>() : NumTilesOp();
  if (!tiles || static_cast<int64_t>(tiles.getDim()) != dim)
    return -1;
  auto counted = tiles.getView().getDefiningOp<MakeViewOp>();
  auto accessed = view.getDefiningOp<MakeViewOp>();
  if (!counted || !accessed || counted.getArray() != accessed.getArray() ||
      tiles.getView().getType().getSteps()[dim] !=
          cast<ViewType>(view.getType()).getSteps()[dim])
    return -1;
  return ahead;
}

/// Puts on each load and store `tile.within_tiles` where an index of it is
/// known to lie within (or a few tiles past) its view's tiles, and removes
/// it elsewhere: the lowering trusts it, so it is this pass's own finding.
static void annotateTilesWithin(FunctionOpInterface func) {
  TileDialect::WithinTilesAttrHelper within(func->getContext());
  func->walk([&](Operation *op) {
    Value view;
    ValueRange indices;
    if (auto load = dyn_cast<LoadOp>(op))
      view = load.getView(), indices = load.getIndices();
    else if (auto store = dyn_cast<StoreOp>(op))
      view = store.getView(), indices = store.getIndices();
    else
      return;
    op->removeAttr(within.getName());
    SmallVector<int64_t> bounds;
    for (auto [dim, index] : llvm::enumerate(indices))
      bounds.push_back(getTilesPastEnd(index, view, dim));
    if (llvm::any_of(bounds, [](int64_t c) { return c >= 0; }))
      within.setAttr(op, DenseI64ArrayAttr::get(func->getContext(), bounds));
  });
}

/// Whether `x` (an index) holds an i32's value: a constant in range, or an
/// si32 tile's scalar.
static bool holdsI32(Value x) {
  if (std::optional<int64_t> c = getConstantIntValue(x))
    return *c >= INT32_MIN && *c <= INT32_MAX;
  auto scalar = x.getDefiningOp<ToScalarOp>();
  return scalar &&
         scalar.getSource().getType().getElementType().isSignedInteger(32);
}

/// Counts in i32 the scf.for loops over index whose bounds hold i32 values
/// and whose step is 1 (a loop over a view's tiles, say): the counter's
/// increment cannot pass the upper bound, and the code generator then
/// counts in one register with 32-bit adds and compares instead of two
/// (index is i64). The counter's uses take it as an index again.
static void narrowLoopCounters(FunctionOpInterface func) {
  SmallVector<scf::ForOp> loops;
  func->walk([&](scf::ForOp loop) {
    if (loop.getInductionVar().getType().isIndex() &&
        isConstantIntValue(loop.getStep(), 1) &&
        holdsI32(loop.getLowerBound()) && holdsI32(loop.getUpperBound()))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    OpBuilder b(loop);
    Type i32 = b.getI32Type();
    auto narrow = [&](Value x) {
      return arith::IndexCastOp::create(b, loop.getLoc(), i32, x).getResult();
    };
    loop.getLowerBoundMutable().assign(narrow(loop.getLowerBound()));
    loop.getUpperBoundMutable().assign(narrow(loop.getUpperBound()));
    loop.getStepMutable().assign(narrow(loop.getStep()));
    Value counter = loop.getInductionVar();
    counter.setType(i32);
    b.setInsertionPointToStart(loop.getBody());
    auto index =
        arith::IndexCastOp::create(b, loop.getLoc(), b.getIndexType(), counter);
    counter.replaceAllUsesExcept(index, index);
  }
}

/// Gives each tensor copy of `kernel` the tensor map it copies with: one
/// new argument (an !llvm.ptr to the by-value map) per array argument, box
/// and swizzle, placed after that array's argument (and its earlier maps).
/// Returns, per argument the kernel had, the maps that follow it; fails
/// (with a diagnostic) on a tensor copy of a view that is not of a kernel
/// argument.
static FailureOr<llvm::DenseMap<unsigned, SmallVector<TensorMapRecord>>>
addTensorMaps(gpu::GPUFuncOp kernel, llvm::SmallDenseSet<unsigned> &hidden) {
  llvm::DenseMap<unsigned, SmallVector<TensorMapRecord>> maps;
  SmallVector<AsyncCopyOp> copies;
  kernel.walk([&](AsyncCopyOp copy) {
    if (copy.isTensorCopy() && !copy.getTensorMap())
      copies.push_back(copy);
  });
  if (copies.empty())
    return maps;
  // The arguments before any is added, and the maps made so far.
  SmallVector<BlockArgument> original(kernel.getArguments());
  llvm::DenseMap<BlockArgument, SmallVector<std::pair<TensorMapRecord, Value>>>
      made;
  auto pointer = LLVM::LLVMPointerType::get(kernel.getContext());
  for (AsyncCopyOp copy : copies) {
    auto view = copy.getView().getDefiningOp<MakeViewOp>();
    auto array =
        view ? dyn_cast<BlockArgument>(view.getArray()) : BlockArgument();
    if (!array || !llvm::is_contained(original, array))
      return copy.emitOpError("copies by tensor map only views of kernel "
                              "arguments"),
             failure();
    ViewType type = copy.getView().getType();
    TensorCopyBoxes boxes = getTensorCopyBoxes(
        type.getTileType().getShape(), type.getTileType().getElementType());
    TensorMapRecord record{boxes.box, boxes.swizzleBytes};
    auto &ofArray = made[array];
    Value map;
    for (auto &[existing, value] : ofArray)
      if (existing.box == record.box && existing.swizzle == record.swizzle)
        map = value;
    if (!map) {
      // After the array's argument and the maps it has so far.
      unsigned position = array.getArgNumber() + 1 + ofArray.size();
      (void)kernel.insertArgument(position, pointer, DictionaryAttr(),
                                  copy.getLoc());
      map = kernel.getArgument(position);
      ofArray.emplace_back(record, map);
      maps[llvm::find(original, array) - original.begin()].push_back(record);
    }
    copy.getTensorMapMutable().assign(map);
  }
  for (auto &[array, ofArray] : made)
    for (auto &entry : ofArray)
      hidden.insert(cast<BlockArgument>(entry.second).getArgNumber());
  return maps;
}

/// Whether a kernel has tiles to lower (arguments or ops).
static bool usesTiles(gpu::GPUFuncOp kernel) {
  for (Type type : kernel.getArgumentTypes())
    if (isa<TileDialect>(&type.getDialect()))
      return true;
  WalkResult found = kernel.walk([](Operation *op) {
    return isa<TileDialect>(op->getDialect()) ? WalkResult::interrupt()
                                              : WalkResult::advance();
  });
  return found.wasInterrupted();
}

LogicalResult lowering::prepareKernels(Operation *root,
                                       const TypeConverter &converter) {
  Builder b(root->getContext());
  TileDialect::NumWarpsAttrHelper numWarps(root->getContext());
  WalkResult result = root->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return WalkResult::advance();
    annotateArrayFacts(func);
    annotateTilesWithin(func);
    narrowLoopCounters(func);
    auto kernel = dyn_cast<gpu::GPUFuncOp>(func.getOperation());
    if (kernel && kernel.isKernel() && usesTiles(kernel)) {
      // The launch's block is the CTA of num_warps warps; the metadata
      // describes the source-level arguments, the tensor maps among their
      // parameters.
      IntegerAttr warps = numWarps.getAttr(kernel);
      int64_t threads = (warps ? warps.getInt() : 4) * kWarpSize;
      kernel.walk([&](WarpSpecializeOp op) {
        threads += op.getProducerWarps() * kWarpSize;
      });
      // Left to choose the registers of a kernel that needs more than 255,
      // ptxas may give it 32 to 64 and spill the rest (attention's
      // backward pass on mma.sync: 32 registers and 23 KB of spills a
      // thread, against 255 and 3.5 KB; TileGym's flash decode, its K and
      // V tiles' fragments in registers, 64 and 2 KB against 255 and 0.8
      // KB). At least one block an SM (.minnctapersm 1) lets it take up to
      // 255: so for kernels whose products hold 64 registers a thread or
      // more (their accumulators and operand tiles,
      // getProductRegisterBytes; such a kernel holds one or two blocks an
      // SM anyway), unless they ask for an occupancy.
      if (!kernel->hasAttr(kMinBlocksAttrName) &&
          getProductRegisterBytes(kernel) >= 64 * 4 * threads)
        kernel->setAttr(kMinBlocksAttrName, b.getI32IntegerAttr(1));
      auto block =
          b.getDenseI32ArrayAttr({static_cast<int32_t>(threads), 1, 1});
      kernel.setKnownBlockSizeAttr(block);
      kernel->setAttr(kRequiredBlockAttrName, block);
      llvm::SmallDenseSet<unsigned> hidden;
      FailureOr<llvm::DenseMap<unsigned, SmallVector<TensorMapRecord>>> maps =
          addTensorMaps(kernel, hidden);
      if (failed(maps))
        return WalkResult::interrupt();
      SmallVector<Attribute> args;
      SmallVector<int64_t> mapParams;
      int64_t param = 0;
      unsigned source = 0;
      for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
        SmallVector<Type> converted;
        (void)converter.convertType(type, converted);
        if (hidden.contains(i)) {
          mapParams.push_back(param++);
          continue;
        }
        param += converted.size();
        KernelArgument arg = describeArgument(type, kernel.getArgAttrDict(i));
        if (auto found = maps->find(source); found != maps->end()) {
          arg.tensorMaps = found->second;
          arg.params += found->second.size();
        }
        ++source;
        args.push_back(buildKernelArgumentAttr(b, arg));
      }
      kernel->setAttr(kSignatureAttrName, b.getArrayAttr(args));
      if (!mapParams.empty())
        kernel->setAttr(kTensorMapParamsAttrName,
                        b.getDenseI64ArrayAttr(mapParams));
    }
    // The facts now live on the accesses and in the metadata; the lowered
    // arguments are pointers and integers, which no fact is about.
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (NamedAttribute attr : func.getArgAttrs(i))
        if (isa_and_nonnull<TileDialect>(attr.getNameDialect()))
          func.removeArgAttr(i, attr.getName());
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// A kernel's `nvvm.minctasm` (the tile blocks an SM should hold at once:
/// cuTile's occupancy hint), lowered to what its `bytes` of shared memory
/// let an SM hold (about `limit`, a block's most, each): ptxas bounds the
/// registers by it, which pays only where the blocks fit.
static void limitOccupancy(FunctionOpInterface func, int64_t bytes,
                           int64_t limit) {
  auto requested = func->getAttrOfType<IntegerAttr>(kMinBlocksAttrName);
  if (!requested || bytes == 0)
    return;
  int64_t fit = std::max<int64_t>(limit / bytes, 1);
  if (requested.getInt() <= fit)
    return;
  func->setAttr(kMinBlocksAttrName, IntegerAttr::get(requested.getType(), fit));
}

/// Offsets for `globals` (sizes from `sizeOf`) in which scratch buffers
/// (kScratchPrefix) and stages (kStagePrefix) whose live ranges are
/// disjoint share memory; returns the bytes the buffers then take. A
/// buffer's live range runs over the function's operations in order, from
/// its first use to its last (uses through the values derived from its
/// address, not through what loads from it read), and over every loop that
/// holds some of its uses but not all or takes one as an operand. Other buffers
/// (barriers, buffers of warp-specialized regions) live throughout. A barrier
/// before the first use of each buffer that shares memory keeps its writes
/// after the other buffers' reads, in the iteration and across a loop's back
/// edge (the first use is where its op was, which every thread of the block
/// reaches); before a stage's, a proxy fence first orders the threads'
/// earlier accesses there before the copies' and wgmma's (the async
/// proxy's). `barriers` gets those first uses (and whether each is a
/// stage's), for the caller to put the barriers before when it takes the
/// plan. A stage's last use is its loop's last wgmma or copy, which the
/// pipeline waits for right after the loop, before anything that follows.
static int64_t
shareScratch(FunctionOpInterface func, ArrayRef<LLVM::GlobalOp> globals,
             llvm::function_ref<int64_t(LLVM::GlobalOp)> sizeOf,
             SmallVectorImpl<int64_t> &offsets,
             SmallVectorImpl<std::pair<Operation *, bool>> &barriers) {
  llvm::DenseMap<Operation *, int64_t> position, lastInside;
  SmallVector<Operation *> loops;
  int64_t count = 0;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    position[op] = count++;
    if (isa<LoopLikeOpInterface>(op))
      loops.push_back(op);
  });
  for (Operation *loop : loops) {
    int64_t last = position[loop];
    loop->walk([&](Operation *inner) {
      last = std::max(last, position.lookup(inner));
    });
    lastInside[loop] = last;
  }
  int64_t total = count;
  struct Buffer {
    int64_t begin, end, size, alignment;
    bool scratch, stages;
    Operation *first;
  };
  SmallVector<Buffer> buffers;
  for (LLVM::GlobalOp global : globals) {
    bool stages = global.getSymName().starts_with(kStagePrefix);
    Buffer buffer{total,
                  -1,
                  sizeOf(global),
                  static_cast<int64_t>(global.getAlignment().value_or(16)),
                  stages || global.getSymName().starts_with(kScratchPrefix),
                  stages,
                  nullptr};
    SmallVector<Operation *> uses;
    llvm::SmallPtrSet<Operation *, 16> seen;
    func.walk([&](LLVM::AddressOfOp address) {
      if (address.getGlobalName() != global.getSymName())
        return;
      SmallVector<Operation *> work = {address};
      while (!work.empty()) {
        Operation *op = work.pop_back_val();
        if (!seen.insert(op).second || !position.count(op))
          continue;
        uses.push_back(op);
        // What a load or an ldmatrix reads is data, not the buffer's
        // address: its users are not the buffer's (a tile that went through
        // a scratch buffer would otherwise keep it live until its value's
        // last use, for a kernel of many conversions to the end: a cuTile
        // FFT sample's 46 scratch buffers shared no memory, 1.5 MB). The
        // results of other ops stay followed (a wgmma's accumulators, read
        // after its wait, which ends the reads of its asynchronous proxy).
        if (isa<LLVM::LoadOp, NVVM::LdMatrixOp>(op))
          continue;
        for (Value result : op->getResults())
          for (Operation *user : result.getUsers())
            work.push_back(user);
      }
    });
    for (Operation *use : uses) {
      int64_t at = position[use];
      if (at < buffer.begin)
        buffer.begin = at, buffer.first = use;
      buffer.end = std::max(buffer.end, at);
      if (use->getParentOfType<WarpSpecializeOp>())
        buffer.scratch = false;
    }
    // A loop that holds some uses but not all, or that carries a value
    // derived from the address: throughout it.
    for (Operation *use : uses) {
      if (isa<LoopLikeOpInterface>(use))
        buffer.end = std::max(buffer.end, lastInside[use]);
      for (Operation *loop = use->getParentOp(); loop && loop != func;
           loop = loop->getParentOp())
        if (isa<LoopLikeOpInterface>(loop) &&
            !llvm::all_of(uses, [&](Operation *other) {
              return loop->isProperAncestor(other);
            })) {
          buffer.begin = std::min(buffer.begin, position[loop]);
          buffer.end = std::max(buffer.end, lastInside[loop]);
        }
    }
    if (!buffer.scratch || uses.empty())
      buffer.begin = 0, buffer.end = total;
    buffers.push_back(buffer);
  }
  // First fit, largest buffers first: the lowest offset where the buffer
  // meets no placed buffer that is live with it.
  SmallVector<int64_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](int64_t a, int64_t b) {
    if (buffers[a].scratch != buffers[b].scratch)
      return !buffers[a].scratch; // the lasting buffers first
    return buffers[a].size > buffers[b].size;
  });
  offsets.assign(buffers.size(), -1);
  SmallVector<int64_t> placed;
  int64_t bytes = 0;
  for (int64_t i : order) {
    Buffer &buffer = buffers[i];
    auto live = [&](int64_t j) {
      return buffers[j].begin <= buffer.end && buffer.begin <= buffers[j].end;
    };
    int64_t offset = 0;
    for (bool moved = true; moved;) {
      moved = false;
      offset = llvm::alignTo(offset, buffer.alignment);
      for (int64_t j : placed)
        if (live(j) && offset < offsets[j] + buffers[j].size &&
            offsets[j] < offset + buffer.size) {
          offset = offsets[j] + buffers[j].size;
          moved = true;
        }
    }
    offsets[i] = offset;
    placed.push_back(i);
    bytes = std::max(bytes, offset + buffer.size);
  }
  // A buffer needs its barrier where another one used its memory before
  // it: one whose range ends before this one's begins, or any one where
  // this one's first use is in a loop (the other may have run in the
  // iteration before). The first buffer in a region of memory, used
  // first outside loops, needs none.
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    if (!buffer.scratch || !buffer.first)
      continue;
    bool looped = isInLoop(buffer.first);
    bool before =
        llvm::any_of(llvm::seq<size_t>(0, buffers.size()), [&](size_t j) {
          return j != i && offsets[i] < offsets[j] + buffers[j].size &&
                 offsets[j] < offsets[i] + buffer.size &&
                 (looped || buffers[j].end < buffer.begin);
        });
    if (before)
      barriers.push_back({buffer.first, buffer.stages});
  }
  return llvm::alignTo(bytes, 16);
}

/// How many blocks of `threads` threads (0: unknown) using `bytes` of shared
/// memory each an SM holds, as far as shared memory and threads say: an SM
/// has about `limit` (a block's most) plus the 1 KiB the driver reserves
/// per block, and 2048 threads.
static int64_t residentBlocks(int64_t bytes, int64_t threads, int64_t limit) {
  constexpr int64_t kReservedPerBlock = 1024, kThreadsPerSM = 2048;
  int64_t blocks = (limit + kReservedPerBlock) / (bytes + kReservedPerBlock);
  if (threads > 0)
    blocks = std::min(blocks, kThreadsPerSM / threads);
  return blocks;
}

/// A kernel's tiles' shared memory is static while it fits the 48 KiB a
/// kernel declares statically. Beyond that, the buffers become offsets in
/// one dynamic array (`extern .shared`), and the kernel's
/// kDynamicSharedBytesAttrName says how large (the metadata's
/// `dynamic_shared_bytes`, which the runtimes launch with), up to what the
/// module's chip lets a block opt into.
LogicalResult lowering::placeSharedMemory(Operation *root) {
  // The buffers made offsets in the dynamic array, erased at the end where
  // no function still takes their address (one walk: a symbol-use query
  // per buffer walks every attribute of the module each time).
  SmallVector<LLVM::GlobalOp> placed;
  WalkResult result = root->walk([&](FunctionOpInterface func) {
    SmallVector<LLVM::GlobalOp> globals;
    llvm::SmallDenseSet<StringRef> seen;
    func.walk([&](LLVM::AddressOfOp address) {
      StringRef name = address.getGlobalName();
      if (!name.starts_with(kSharedPrefix) || !seen.insert(name).second)
        return;
      globals.push_back(SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
          address, address.getGlobalNameAttr()));
    });
    auto sizeOf = [](LLVM::GlobalOp global) {
      auto array = cast<LLVM::LLVMArrayType>(global.getGlobalType());
      Type element = array.getElementType();
      return static_cast<int64_t>(array.getNumElements()) *
             (isa<LLVM::LLVMPointerType>(element)
                  ? 8
                  : static_cast<int64_t>(
                        llvm::divideCeil(element.getIntOrFloatBitWidth(), 8)));
    };
    // Each buffer at the next multiple of its alignment.
    int64_t bytes = 0;
    SmallVector<int64_t> offsets;
    for (LLVM::GlobalOp global : globals) {
      bytes = llvm::alignTo(bytes, global.getAlignment().value_or(16));
      offsets.push_back(bytes);
      bytes += sizeOf(global);
    }
    bytes = llvm::alignTo(bytes, 16);
    auto kernel = dyn_cast<gpu::GPUFuncOp>(func.getOperation());
    std::optional<CompileTarget> chip = target::getCompileTargetFor(func, "");
    int64_t limit =
        chip ? chip->getMaxSharedMemoryPerBlock() : kStaticSharedLimit;
    if (bytes <= kStaticSharedLimit) {
      limitOccupancy(func, bytes, limit);
      return WalkResult::advance();
    }
    bool dynamic = kernel && kernel.isKernel() && chip && !chip->host;
    // Scratch buffers whose uses do not overlap share memory where the
    // buffers one after another are more than a block has, or where sharing
    // lets an SM hold more blocks at once (the barriers it adds cost less
    // than the occupancy it buys: attention's masks and epilogue took a
    // head-dim-64 kernel from two blocks an SM to one).
    if (dynamic) {
      SmallVector<int64_t> shared;
      SmallVector<std::pair<Operation *, bool>> barriers;
      int64_t packed = shareScratch(func, globals, sizeOf, shared, barriers);
      Block &entry = func.getFunctionBody().front();
      int64_t threads =
          entry.empty() ? 0 : getKernelNumWarps(&entry.front()) * kWarpSize;
      if (packed < bytes &&
          (bytes > limit || residentBlocks(packed, threads, limit) >
                                residentBlocks(bytes, threads, limit))) {
        bytes = packed;
        offsets.assign(shared.begin(), shared.end());
        // The async proxy (tensor copies, wgmma) needs PTX ISA 8.0, as
        // does its fence; below it, stages are the generic proxy's alone.
        std::optional<unsigned> ptx = target::getPtxVersionFor(func);
        if (!ptx)
          ptx = getMinimumPtxVersion(chip->str());
        bool asyncProxy = chip->sm >= 90 && ptx && *ptx >= 80;
        for (auto [first, stages] : barriers) {
          // A barrier next to it, past only proxy fences and operations
          // without memory effects (the addresses), serves (the one after
          // the mbarriers' initialization, a conversion's own in a loop):
          // the fence, where a stage needs one, goes before that barrier.
          auto transparent = [](Operation *op) {
            return isa<NVVM::FenceProxyOp>(op) || isMemoryEffectFree(op);
          };
          Operation *previous = first->getPrevNode();
          while (previous && transparent(previous))
            previous = previous->getPrevNode();
          auto barrier = dyn_cast_or_null<gpu::BarrierOp>(previous);
          for (Operation *next = first; !barrier && next && transparent(next);
               next = next->getNextNode())
            barrier = dyn_cast_or_null<gpu::BarrierOp>(next->getNextNode());
          Operation *at = barrier ? barrier.getOperation() : first;
          OpBuilder b(at);
          if (stages && asyncProxy &&
              !isa_and_nonnull<NVVM::FenceProxyOp>(at->getPrevNode()))
            NVVM::FenceProxyOp::create(
                b, first->getLoc(), NVVM::ProxyKind::async_shared,
                NVVM::SharedSpaceAttr::get(b.getContext(),
                                           NVVM::SharedSpace::shared_cta));
          if (!barrier)
            gpu::BarrierOp::create(b, first->getLoc());
        }
      }
    }
    if (!dynamic || bytes > limit) {
      InFlightDiagnostic diag = func.emitOpError("needs ")
                                << bytes
                                << " bytes of shared memory for its tiles, "
                                   "more than the ";
      if (dynamic)
        diag << limit << " a block may use on " << chip->str()
             << "; use smaller tiles or fewer stages";
      else
        diag << kStaticSharedLimit
             << " a function declares statically (kernels for a chip may "
                "use more); use smaller tiles";
      return WalkResult::interrupt();
    }
    // The dynamic array, one per module, and the buffers as offsets in it.
    Operation *module = func->getParentWithTrait<OpTrait::SymbolTable>();
    MLIRContext *context = func->getContext();
    OpBuilder b(context);
    if (!SymbolTable::lookupSymbolIn(module, kDynamicSharedName)) {
      b.setInsertionPointToStart(&module->getRegion(0).front());
      LLVM::GlobalOp::create(
          b, func.getLoc(), LLVM::LLVMArrayType::get(b.getI8Type(), 0),
          /*isConstant=*/false, LLVM::Linkage::External, kDynamicSharedName,
          Attribute(), /*alignment=*/1024, kShared); // the buffers' largest
    }
    llvm::DenseMap<StringRef, int64_t> offsetOf;
    for (auto [global, offset] : llvm::zip(globals, offsets))
      offsetOf[global.getSymName()] = offset;
    func.walk([&](LLVM::AddressOfOp address) {
      auto found = offsetOf.find(address.getGlobalName());
      if (found == offsetOf.end())
        return;
      b.setInsertionPoint(address);
      Value base = LLVM::AddressOfOp::create(
          b, address.getLoc(), address.getType(), kDynamicSharedName);
      Value offset = LLVM::ConstantOp::create(
          b, address.getLoc(), b.getI32Type(),
          b.getI32IntegerAttr(static_cast<int32_t>(found->second)));
      address.replaceAllUsesWith(
          LLVM::GEPOp::create(b, address.getLoc(), address.getType(),
                              b.getI8Type(), base, ValueRange{offset})
              .getResult());
      address.erase();
    });
    llvm::append_range(placed, globals);
    func->setAttr(kDynamicSharedBytesAttrName, b.getI64IntegerAttr(bytes));
    limitOccupancy(func, bytes, limit);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // Names per symbol table (two gpu.modules may name buffers alike).
  llvm::DenseSet<std::pair<Operation *, StringRef>> taken;
  root->walk([&](LLVM::AddressOfOp address) {
    taken.insert({address->getParentWithTrait<OpTrait::SymbolTable>(),
                  address.getGlobalName()});
  });
  llvm::SmallPtrSet<Operation *, 8> erased;
  for (LLVM::GlobalOp global : placed)
    if (!taken.contains({global->getParentOp(), global.getSymName()}) &&
        erased.insert(global.getOperation()).second)
      global.erase();
  return success();
}

bool lowering::isInProducer(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion())
    if (auto specialized = dyn_cast<WarpSpecializeOp>(region->getParentOp()))
      return region == &specialized.getProducer();
  return false;
}

/// The consumer's threads (the kernel's tile warps) run its region; thread
/// 32 x tile.num_warps, the first of the producer's warps, runs the
/// producer's; the producer's other threads go straight to the kernel's
/// end. A CTA barrier of the consumer would wait for the producer's
/// threads until they exit, which they do only once the consumers have
/// released every stage: a named barrier (1) of the consumers' threads.
void lowering::splitSpecializedWarps(Operation *root) {
  SmallVector<WarpSpecializeOp> found;
  root->walk([&](WarpSpecializeOp op) { found.push_back(op); });
  for (WarpSpecializeOp op : found) {
    Location loc = op.getLoc();
    OpBuilder b(op);
    int64_t threads = getKernelNumWarps(op) * kWarpSize;
    SmallVector<gpu::BarrierOp> barriers;
    op.getConsumer().walk(
        [&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
    for (gpu::BarrierOp barrier : barriers) {
      OpBuilder at(barrier);
      auto i32 = [&](int64_t value) -> Value {
        return LLVM::ConstantOp::create(at, barrier.getLoc(), at.getI32Type(),
                                        at.getI32IntegerAttr(value));
      };
      NVVM::BarrierOp::create(at, barrier.getLoc(), TypeRange(), i32(1),
                              i32(threads), NVVM::BarrierReductionAttr(),
                              Value());
      barrier.erase();
    }
    // The warp's index as lane 0 has it (shfl.sync): ptxas then knows the
    // branch is the same on every thread of a warp. On the thread index
    // itself it took the consumer for divergent code and serialized its
    // wgmmas (C7520: a warpgroup arrive inserted before each).
    Emitter e(b, loc);
    Value tid = e.threadId();
    Value warp = e.shr(tid, e.i32(5));
    Value lane0 = e.i32(0);
    Value uniform = shuffle(e, warp, lane0, gpu::ShuffleMode::IDX);
    Value consumes = e.cmpi(arith::CmpIPredicate::ult, uniform,
                            e.i32(getKernelNumWarps(op)));
    auto branch = scf::IfOp::create(b, loc, consumes, /*withElseRegion=*/true);
    auto moveBody = [](Region &from, Block *to) {
      Block &body = from.front();
      body.getTerminator()->erase();
      to->getOperations().splice(to->getTerminator()->getIterator(),
                                 body.getOperations());
    };
    moveBody(op.getConsumer(), branch.thenBlock());
    b.setInsertionPointToStart(branch.elseBlock());
    Value produces = e.cmpi(arith::CmpIPredicate::eq, tid, e.i32(threads));
    auto producer = scf::IfOp::create(b, loc, produces);
    moveBody(op.getProducer(), producer.thenBlock());
    op.erase();
  }
}
