//===- PipelineLoads.cpp - tile-pipeline-loads ----------------------------===//
//
// Implements `tile-pipeline-loads` (Passes.td): the tiles an mma of an
// scf.for iteration multiplies are loaded ahead, through a multi-stage
// pipeline of asynchronous copies to shared memory where the chip has them,
// else one iteration ahead in registers; the loads of loops without
// products that write no memory, one iteration ahead in registers.
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/IR/TargetDialect.h"
#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "cudapy/Support/KernelAbi.h"
#include "cudapy/Support/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace cudapy::tile {
#define GEN_PASS_DEF_TILEPIPELINELOADSPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

namespace {

/// The ops of `loop`'s body that `load`'s operands are computed by, in body
/// order, when they are all free of side effects and use only the
/// induction variable, values from outside the loop and each other; none
/// otherwise (then the load cannot move to another iteration).
static std::optional<SmallVector<Operation *>> getIndexSlice(scf::ForOp loop,
                                                             LoadOp load) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(load->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !isPure(def) ||
        def->getNumRegions() != 0)
      return std::nullopt; // a loop-carried value, or an effect
    if (slice.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Clones at `builder` the ops of `slice` that `mapping` (which maps the
/// induction variable to another iteration's) does not hold yet: the loads
/// of one iteration share their index computations.
static void cloneSlice(OpBuilder &builder, ArrayRef<Operation *> slice,
                       IRMapping &mapping) {
  for (Operation *op : slice)
    if (!mapping.contains(op))
      builder.clone(*op, mapping);
}

/// Whether tile.async_copy can take `load`'s place (its verifier's rules):
/// not atomic, zero or undetermined padding, the array's order, whole bytes.
static bool canCopyAsynchronously(LoadOp load) {
  if (load.getMemory())
    return false; // atomic loads stay where they are
  ViewType view = load.getView().getType();
  if (view.getPadding() != PaddingMode::zero &&
      view.getPadding() != PaddingMode::undetermined)
    return false;
  for (auto [k, dim] : llvm::enumerate(view.getOrder()))
    if (static_cast<int64_t>(k) != dim)
      return false;
  Type dtype = view.getArray().getElementType();
  return !isa<Float4E2M1FNType>(dtype) &&
         view.getArray().getStrides().back() == 1;
}

/// The bytes a stage of `type` takes in shared memory.
static int64_t getTileBytes(TileType type) {
  return llvm::divideCeil(
      getStorageBits(type.getElementType()) * type.getNumElements(), 8);
}

/// The bytes of the tiles that stay live through `loop`'s body besides
/// what it loads: those it carries, and those from outside it uses, each
/// at the largest tile a broadcast inside the loop makes of it where it is
/// a row or column (its layout then holds it as often as that tile's
/// threads share its elements; a scalar takes one register).
static int64_t getLiveTileBytes(scf::ForOp loop) {
  int64_t bytes = 0;
  for (Value carried : loop.getInitArgs())
    if (auto tile = dyn_cast<TileType>(carried.getType()))
      bytes += getTileBytes(tile);
  llvm::SetVector<Value> outside;
  getUsedValuesDefinedAbove(loop.getRegion(), outside);
  for (Value value : outside) {
    auto tile = dyn_cast<TileType>(value.getType());
    if (!tile)
      continue;
    int64_t held = getTileBytes(tile);
    if (tile.getNumElements() > 1)
      for (Operation *user : value.getUsers())
        if (auto broadcast = dyn_cast<BroadcastOp>(user);
            broadcast && loop->isAncestor(broadcast))
          held = std::max(held, getTileBytes(broadcast.getType()));
    bytes += held;
  }
  return bytes;
}

/// Whether the tensor memory accelerator can copy `load`'s tiles
/// (`tile.async_copy ... barrier`) in `loop`: the chip has it (sm_90 on)
/// and the module's PTX ISA has its barriers' transaction counts (8.0:
/// sm_90a's first, sm_90 from 8.0 up; the chip's first where the module
/// names no version), the view's
/// tiles suit it (whyNotTensorCopy) and its array is an argument of a
/// kernel (whose tensor map the runtime makes) whose facts promise what a
/// tensor map needs: a base aligned to 16 bytes and strides of multiples
/// of 16 bytes (all but the last, 1, along dimensions of more than one
/// index).
static bool canCopyByTensorMap(scf::ForOp loop, LoadOp load) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(load, "");
  ViewType view = load.getView().getType();
  if (!chip || chip->host || chip->sm < 90 || !canCopyAsynchronously(load) ||
      whyNotTensorCopy(view))
    return false;
  std::optional<unsigned> ptx = target::getPtxVersionFor(load);
  if (!ptx)
    ptx = getMinimumPtxVersion(chip->str());
  if (!ptx || *ptx < 80)
    return false;
  auto make = load.getView().getDefiningOp<MakeViewOp>();
  auto arg = make ? dyn_cast<BlockArgument>(make.getArray()) : BlockArgument();
  auto kernel =
      arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  if (!kernel || !kernel.isKernel() || !arg.getOwner()->isEntryBlock() ||
      arg.getArgNumber() >= kernel.getNumArguments())
    return false;
  ArrayType array = view.getArray();
  ArrayFacts facts(array, kernel.getArgAttrDict(arg.getArgNumber()));
  if (facts.alignment % 16 != 0)
    return false;
  int64_t bytes = getStorageBits(array.getElementType()) / 8;
  for (int64_t d = 0, e = array.getRank() - 1; d < e; ++d)
    if (array.getShape()[d] != 1 &&
        (facts.strideMultiple[d] <= 0 ||
         (facts.strideMultiple[d] * bytes) % 16 != 0))
      return false;
  return true;
}

/// The reshape that is `load`'s only use when it drops leading unit
/// dimensions (a batch's matrix of a 3-D array); null otherwise.
static ReshapeOp getUnitDropReshape(LoadOp load) {
  if (!load->hasOneUse())
    return {};
  auto reshape = dyn_cast<ReshapeOp>(*load->user_begin());
  if (!reshape)
    return {};
  ArrayRef<int64_t> from = load.getType().getShape(),
                    to = reshape.getType().getShape();
  if (to.size() > from.size() || from.take_back(to.size()) != to ||
      llvm::any_of(from.drop_back(to.size()),
                   [](int64_t extent) { return extent != 1; }))
    return {};
  return reshape;
}

/// The tile a stage holds for `load`: its result, or the reshape of it that
/// drops leading unit dimensions.
static Value getStageTile(LoadOp load) {
  if (ReshapeOp reshape = getUnitDropReshape(load))
    return reshape.getResult();
  return load.getResult();
}

/// Whether `use` is operand A or B of an mma (or matmul).
static bool isProductOperand(OpOperand &use) {
  return isa<MmaOp, MatmulOp>(use.getOwner()) && use.getOperandNumber() < 2;
}

/// `op` as a transpose (permute [1, 0] of a matrix); null otherwise.
static PermuteOp asTranspose(Operation *op) {
  auto permute = dyn_cast<PermuteOp>(op);
  if (!permute || permute.getType().getRank() != 2 ||
      permute.getPermutation() != ArrayRef<int64_t>{1, 0})
    return {};
  return permute;
}

/// The transpose that is the only use of `load`'s stage tile (attention's
/// Kᵀ); null otherwise.
static PermuteOp getTranspose(LoadOp load) {
  Value tile = getStageTile(load);
  if (!tile.hasOneUse())
    return {};
  return asTranspose(*tile.user_begin());
}

/// Where `load`'s stage tile has several uses, the transposes among them
/// whose result only mmas (or matmuls) take as operand A or B: the
/// backward pass of attention multiplies a K tile as K and as Kᵀ in one
/// iteration (dQ += dS K after S = Q Kᵀ). Each becomes a transposed read
/// of the stage (readStages), the stage's other uses one plain read.
/// Empty where getTranspose holds.
static SmallVector<PermuteOp> getOtherTransposes(LoadOp load) {
  Value tile = getStageTile(load);
  SmallVector<PermuteOp> transposes;
  if (tile.hasOneUse())
    return transposes;
  for (Operation *user : tile.getUsers()) {
    PermuteOp permute = asTranspose(user);
    if (permute && !permute.getResult().use_empty() &&
        llvm::all_of(permute.getResult().getUses(), isProductOperand))
      transposes.push_back(permute);
  }
  return transposes;
}

/// The tile `load` stands for in the loop: its stage tile, or the
/// transpose of it.
static Value getLoadedTile(LoadOp load) {
  if (PermuteOp permute = getTranspose(load))
    return permute.getResult();
  return getStageTile(load);
}

/// The tile.convert that is the only use of `load`'s tile in the loop
/// (getLoadedTile), to a dtype of as many bits, and whose result only mmas
/// (or matmuls) take as operands A or B: float32 tiles multiplied as tf32
/// (`astype(tfloat32)`). The pipeline stages the load's tile, the convert
/// stays in the iteration (splitAlongDepth converts each step's slices, in
/// the fragments' layout, tile-assign-layouts). Null otherwise (a
/// narrowing conversion, whose fragments hold other elements than the
/// stage's, keeps its load in registers).
static ConvertOp getOperandConvert(LoadOp load) {
  Value tile = getLoadedTile(load);
  if (!tile.hasOneUse())
    return {};
  auto convert = dyn_cast<ConvertOp>(*tile.user_begin());
  if (!convert || convert->getBlock() != load->getBlock() ||
      getStorageBits(convert.getSource().getType().getElementType()) !=
          getStorageBits(convert.getType().getElementType()) ||
      convert.getResult().use_empty() ||
      !llvm::all_of(convert.getResult().getUses(), [&](OpOperand &use) {
        return isProductOperand(use) &&
               use.getOwner()->getBlock() == load->getBlock();
      }))
    return {};
  return convert;
}

/// The tile an mma of the loop multiplies for `load`: its loaded tile
/// (getLoadedTile), or the conversion of it (getOperandConvert).
static Value getOperandTile(LoadOp load) {
  if (ConvertOp convert = getOperandConvert(load))
    return convert.getResult();
  return getLoadedTile(load);
}

/// Whether an mma (or matmul) of `loop`'s body takes `load`'s tile as an
/// operand: its operand tile (getOperandTile), or a transpose of its stage
/// tile among other uses (getOtherTransposes).
static bool multipliesLoad(LoadOp load, scf::ForOp loop) {
  auto inLoop = [&](Operation *user) {
    return isa<MmaOp, MatmulOp>(user) && user->getBlock() == loop.getBody();
  };
  if (llvm::any_of(getOperandTile(load).getUsers(), inLoop))
    return true;
  return llvm::any_of(getOtherTransposes(load), [&](PermuteOp permute) {
    return llvm::any_of(permute->getUsers(), inLoop);
  });
}

/// Whether `load`'s tile reaches an mma of `loop`'s body as an operand
/// through ops that only reshape, permute or convert it.
static bool feedsMma(LoadOp load, scf::ForOp loop) {
  SmallVector<Value> worklist = {load.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (user->getBlock() != loop.getBody())
        continue;
      if (isa<MmaOp, MatmulOp>(user))
        return true;
      if (isa<ReshapeOp, PermuteOp, ConvertOp, ConvertLayoutOp>(user))
        llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

/// A load in `loop`'s body through a view whose order swaps the last two
/// dimensions (cuTile's `order=(0, 1, 3, 2)`: Kᵀ read as K's columns), whose
/// tile is a matrix (after a reshape dropping leading unit dimensions, its
/// only use) that reaches an mma, becomes a load through the view in the
/// array's order, that reshape, and a transpose: the form whose loads the
/// pipeline stages (a stage of K, which the mma reads transposed). The
/// tiles are the same: the order only says which array dimension a tile
/// dimension runs along.
///
/// So does a load of a batch's matrix that a permute swapping the last two
/// dimensions, then a reshape dropping the leading unit ones, make a
/// matrix of (cuTile's `ct.permute(tile, (0, 2, 1))` before the reshape to
/// the mma's operand): the reshape comes first, then the transpose.
static void untransposeLoads(scf::ForOp loop) {
  SmallVector<LoadOp> loads;
  for (Operation &op : loop.getBody()->without_terminator())
    if (auto load = dyn_cast<LoadOp>(op))
      loads.push_back(load);
  for (LoadOp load : loads) {
    ArrayRef<int64_t> shape = load.getType().getShape();
    int64_t rank = shape.size();
    auto permute = load->hasOneUse() ? dyn_cast<PermuteOp>(*load->user_begin())
                                     : PermuteOp();
    if (rank < 3 || !permute || !permute->hasOneUse() ||
        !feedsMma(load, loop) ||
        llvm::any_of(shape.drop_back(2), [](int64_t e) { return e != 1; }))
      continue;
    SmallVector<int64_t> swapped(rank);
    std::iota(swapped.begin(), swapped.end(), 0);
    std::swap(swapped[rank - 2], swapped[rank - 1]);
    auto reshape = dyn_cast<ReshapeOp>(*permute->user_begin());
    if (permute.getPermutation() != ArrayRef<int64_t>(swapped) || !reshape ||
        reshape.getType().getShape() !=
            ArrayRef<int64_t>{shape[rank - 1], shape[rank - 2]})
      continue;
    OpBuilder b(reshape);
    TileType result = reshape.getType();
    Value matrix = ReshapeOp::create(
        b, reshape.getLoc(),
        result.cloneWith(shape.take_back(2), result.getElementType()), load);
    Value transposed = PermuteOp::create(b, permute.getLoc(), result, matrix,
                                         b.getDenseI64ArrayAttr({1, 0}));
    reshape.getResult().replaceAllUsesWith(transposed);
    reshape.erase();
    permute.erase();
  }
  for (LoadOp load : loads) {
    ViewType view = load.getView().getType();
    ArrayRef<int64_t> order = view.getOrder(), shape = view.getTileShape();
    int64_t rank = order.size();
    auto make = load.getView().getDefiningOp<MakeViewOp>();
    if (rank < 2 || !make || load.getMemory() || !feedsMma(load, loop))
      continue;
    bool swapsLastTwo =
        order[rank - 2] == rank - 1 && order[rank - 1] == rank - 2 &&
        llvm::all_of(shape.drop_back(2), [](int64_t e) { return e == 1; });
    for (int64_t d = 0; d + 2 < rank; ++d)
      swapsLastTwo &= order[d] == d;
    Operation *matrix = load;
    if (rank > 2) {
      // Only a reshape that drops the leading unit dimensions: any other
      // rearranges the elements.
      auto reshape = load->hasOneUse()
                         ? dyn_cast<ReshapeOp>(*load->user_begin())
                         : ReshapeOp();
      if (!reshape || reshape.getType().getShape() != shape.take_back(2))
        continue;
      matrix = reshape;
    }
    if (!swapsLastTwo)
      continue;
    SmallVector<int64_t> plainShape(shape), identity(rank);
    std::swap(plainShape[rank - 2], plainShape[rank - 1]);
    std::iota(identity.begin(), identity.end(), 0);
    OpBuilder b(load);
    Location loc = load.getLoc();
    auto plainView =
        ViewType::get(view.getContext(), plainShape, view.getArray(), identity,
                      view.getSteps(), view.getPadding());
    Value plain = MakeViewOp::create(b, loc, plainView, make.getArray());
    auto plainLoad = LoadOp::create(b, loc, plain, load.getIndices());
    plainLoad->setDiscardableAttrs(load->getDiscardableAttrDictionary());
    Value tile = plainLoad;
    TileType result = cast<TileType>(matrix->getResult(0).getType());
    ArrayRef<int64_t> rows = result.getShape();
    if (rank > 2)
      tile = ReshapeOp::create(
          b, loc,
          result.cloneWith(ArrayRef<int64_t>{rows[1], rows[0]},
                           result.getElementType()),
          tile);
    Value transposed =
        PermuteOp::create(b, loc, result, tile, b.getDenseI64ArrayAttr({1, 0}));
    matrix->getResult(0).replaceAllUsesWith(transposed);
    if (matrix != load)
      matrix->erase();
    load.erase();
  }
}

/// Whether `loop` only accumulates its products: every mma's result goes
/// to another mma's accumulator, an add or the yield. A loop that works on
/// them in the iteration (attention's softmax between Q Kᵀ and P V) keeps
/// more tiles live; where its mmas run on mma.sync, whose operands enter
/// the registers, the stages' shared memory and the copies' registers cost
/// it more than the latency they hide (flash attention at head dim 64, n
/// 4096: 161 TFLOP/s unpipelined, 138 with 4 stages of K and V, 159 with
/// 2): such loops are left alone unless the kernel asks for stages
/// (tile.num_stages) or their mmas run on warpgroups
/// (multipliesOnWarpgroups).
static bool onlyAccumulates(scf::ForOp loop) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (!isa<MmaOp, MatmulOp>(op))
      continue;
    for (OpOperand &use : op.getResult(0).getUses()) {
      Operation *user = use.getOwner();
      bool accumulates = isa<scf::YieldOp, AddOp>(user) ||
                         (isa<MmaOp>(user) && use.getOperandNumber() == 2);
      if (!accumulates)
        return false;
    }
  }
  return true;
}

/// Whether nothing in `loop` moves a tile through shared memory besides the
/// stages: its tiles are loaded (their unit dimensions dropped, or
/// transposed, on the way to an mma that reads them from the stages),
/// multiplied and added up, element for element. Any other op on a tile
/// may need scratch live with the stages (a layout conversion, a reduction
/// or a permute whose scratch is as large as its tile).
static bool needsNoScratch(scf::ForOp loop) {
  auto isTile = [](Type type) {
    auto tile = dyn_cast<TileType>(type);
    return tile && tile.getRank() > 0;
  };
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (isa<scf::YieldOp>(op) ||
        (llvm::none_of(op->getOperandTypes(), isTile) &&
         llvm::none_of(op->getResultTypes(), isTile)))
      return WalkResult::advance();
    if (isa<LoadOp, MmaOp, MatmulOp>(op))
      return WalkResult::advance();
    if (auto add = dyn_cast<AddOp>(op))
      return llvm::all_equal(add->getOperandTypes()) &&
                     add->getOperand(0).getType() == add.getType()
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    Value source = op->getNumOperands() == 1 ? op->getOperand(0) : Value();
    if (isa<ReshapeOp>(op) && source && source.getDefiningOp<LoadOp>() &&
        getUnitDropReshape(source.getDefiningOp<LoadOp>()) == op)
      return WalkResult::advance();
    // An operand's conversion (getOperandConvert) of one use runs on the
    // fragments (tile-assign-layouts gives it and its read the fragment
    // layout).
    if (auto convert = dyn_cast<ConvertOp>(op);
        convert && convert->hasOneUse()) {
      Operation *from = convert.getSource().getDefiningOp();
      if (auto reshape = dyn_cast_or_null<ReshapeOp>(from))
        from = reshape.getSource().getDefiningOp();
      if (auto permute = dyn_cast_or_null<PermuteOp>(from))
        from = permute.getSource().getDefiningOp();
      if (auto reshape = dyn_cast_or_null<ReshapeOp>(from))
        from = reshape.getSource().getDefiningOp();
      auto load = dyn_cast_or_null<LoadOp>(from);
      if (load && getOperandConvert(load) == convert)
        return WalkResult::advance();
    }
    if (auto permute = dyn_cast<PermuteOp>(op)) {
      if (auto reshape = permute.getSource().getDefiningOp<ReshapeOp>())
        source = reshape.getSource();
      auto load = source ? source.getDefiningOp<LoadOp>() : LoadOp();
      if (load && (getTranspose(load) == permute ||
                   llvm::is_contained(getOtherTransposes(load), permute)))
        return WalkResult::advance();
    }
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// The load of `loads` whose stage an mma reads as `tile`, and whether
/// it reads the stage transposed: the load's operand tile
/// (getOperandTile), or one of the other transposes of its stage tile
/// (getOtherTransposes); null if none.
static std::pair<LoadOp, bool>
findLoad(ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
         Value tile) {
  auto permute = tile.getDefiningOp<PermuteOp>();
  for (auto &entry : loads) {
    LoadOp load = entry.first;
    if (getOperandTile(load) == tile)
      return {load, static_cast<bool>(getTranspose(load))};
    if (permute && llvm::is_contained(getOtherTransposes(load), permute))
      return {load, true};
  }
  return {};
}

/// Erases the loads a pipeline has replaced (and their unit-dropping
/// reshapes), and the ops of their index slices nothing else uses.
static void
eraseLoads(RewriterBase &rewriter,
           MutableArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads) {
  for (auto &[load, slice] : loads) {
    // The transposes readStages replaced by reads of the stage.
    for (Operation *user :
         llvm::make_early_inc_range(getStageTile(load).getUsers()))
      if (asTranspose(user) && user->use_empty())
        rewriter.eraseOp(user);
    if (ReshapeOp reshape = getUnitDropReshape(load))
      rewriter.eraseOp(reshape);
    rewriter.eraseOp(load);
    for (Operation *op : llvm::reverse(slice))
      if (op->use_empty())
        rewriter.eraseOp(op);
  }
}

/// Starts the copies of the iteration whose induction variable `mapping`
/// maps into `stage` of `buffers` (tensor copies completing barrier
/// `stage` of `barriers` where that is set), cloning the loads' index
/// computations at `builder`.
static void
issueCopies(OpBuilder &builder,
            ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
            ArrayRef<Value> buffers, Value stage, Value barriers,
            IRMapping &mapping) {
  for (auto [entry, buffer] : llvm::zip(loads, buffers)) {
    LoadOp load = entry.first;
    cloneSlice(builder, entry.second, mapping);
    AsyncCopyOp::create(
        builder, load.getLoc(), mapping.lookupOrDefault(load.getView()),
        llvm::map_to_vector(
            load.getIndices(),
            [&](Value index) { return mapping.lookupOrDefault(index); }),
        buffer, stage, barriers, barriers ? stage : Value(),
        /*tensorMap=*/Value());
  }
}

/// One buffer of `stages` stages per load, at `builder`: each stage holds
/// the load's stage tile.
static SmallVector<Value>
allocateStages(OpBuilder &builder,
               ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
               int64_t stages) {
  SmallVector<Value> buffers;
  for (auto &entry : loads) {
    LoadOp load = entry.first;
    auto tile = cast<TileType>(getStageTile(load).getType());
    SmallVector<int64_t> shape = {stages};
    llvm::append_range(shape, tile.getShape());
    buffers.push_back(AllocSharedOp::create(
        builder, load.getLoc(),
        SharedType::get(builder.getContext(), shape, tile.getElementType())));
  }
  return buffers;
}

/// Replaces the tiles the loads stand for in the loop by tile.local_loads
/// of `stage` of their buffers, at `builder`: one transposed read for each
/// other transpose of a stage tile (getOtherTransposes), then one read
/// for the rest of its uses.
static void
readStages(OpBuilder &builder,
           ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
           ArrayRef<Value> buffers, Value stage) {
  for (auto [entry, buffer] : llvm::zip(loads, buffers)) {
    LoadOp load = entry.first;
    SmallVector<PermuteOp> transposes = getOtherTransposes(load);
    for (PermuteOp permute : transposes) {
      Value tile = LocalLoadOp::create(
          builder, permute.getLoc(), permute.getType(), buffer, stage,
          DenseI64ArrayAttr(), builder.getUnitAttr());
      permute.getResult().replaceAllUsesWith(tile);
    }
    auto isRest = [&](OpOperand &use) {
      return llvm::none_of(transposes, [&](PermuteOp permute) {
        return permute.getOperation() == use.getOwner();
      });
    };
    Value loaded = getLoadedTile(load);
    if (llvm::none_of(loaded.getUses(), isRest))
      continue;
    Value tile = LocalLoadOp::create(builder, load.getLoc(), loaded.getType(),
                                     buffer, stage, DenseI64ArrayAttr(),
                                     getTranspose(load) ? builder.getUnitAttr()
                                                        : UnitAttr());
    loaded.replaceUsesWithIf(tile, isRest);
  }
}

/// The constants a stage counter counts with: 0, 1 and the stages.
struct StageConstants {
  Value zero, one, count;
  StageConstants(OpBuilder &builder, Location loc, int64_t stages)
      : zero(arith::ConstantIndexOp::create(builder, loc, 0)),
        one(arith::ConstantIndexOp::create(builder, loc, 1)),
        count(arith::ConstantIndexOp::create(builder, loc, stages)) {}

  /// The stage after `stage` (counting up to the stages and back to 0: no
  /// division), and whether it wrapped.
  std::pair<Value, Value> next(OpBuilder &builder, Location loc,
                               Value stage) const {
    Value after = arith::AddIOp::create(builder, loc, stage, one);
    Value wraps = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        after, count);
    return {arith::SelectOp::create(builder, loc, wraps, zero, after), wraps};
  }
};

/// The loops from a kernel's first block down to `loop`, outermost first
/// (a persistent kernel's loop over its tiles, then the loop over K), where
/// each is in the body of the one before (a `for`'s, or the `do` region of
/// a `while`: a persistent loop written as `while tile < end`) and the
/// first in the first block of a kernel; empty otherwise.
static SmallVector<Operation *> getLoopNest(scf::ForOp loop) {
  SmallVector<Operation *> nest = {loop};
  while (true) {
    Operation *inner = nest.back(), *parent = inner->getParentOp();
    auto outerWhile = dyn_cast<scf::WhileOp>(parent);
    if (!isa<scf::ForOp>(parent) &&
        !(outerWhile && inner->getParentRegion() == &outerWhile.getAfter()))
      break;
    nest.push_back(parent);
  }
  std::reverse(nest.begin(), nest.end());
  auto kernel = dyn_cast<gpu::GPUFuncOp>(nest.front()->getParentOp());
  if (!kernel || !kernel.isKernel() ||
      nest.front()->getBlock() != &kernel.getBody().front())
    return {};
  return nest;
}

/// getLoopNest where each of its loops is a `for` (a producer warp runs
/// the nest again: specializeWarps); empty otherwise.
static SmallVector<scf::ForOp> getForNest(scf::ForOp loop) {
  SmallVector<scf::ForOp> nest;
  for (Operation *op : getLoopNest(loop)) {
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp)
      return {};
    nest.push_back(forOp);
  }
  return nest;
}

/// `loop` with `initial` carried as well: new operands, results and
/// arguments of both its blocks (its condition passes them on), and the
/// values `next` makes of the `do` block's new arguments yielded. Replaces
/// `loop`.
static scf::WhileOp carryThroughWhile(RewriterBase &rewriter, scf::WhileOp loop,
                                      ValueRange initial,
                                      const NewYieldValuesFn &next) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInits());
  inits.append(initial.begin(), initial.end());
  SmallVector<Type> types(loop.getResultTypes());
  for (Value value : initial)
    types.push_back(value.getType());
  // Empty regions, which take the loop's blocks.
  auto replaced = scf::WhileOp::create(rewriter, loop.getLoc(), types, inits,
                                       ArrayRef<NamedAttribute>{});
  replaced->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  rewriter.inlineRegionBefore(loop.getBefore(), replaced.getBefore(),
                              replaced.getBefore().end());
  rewriter.inlineRegionBefore(loop.getAfter(), replaced.getAfter(),
                              replaced.getAfter().end());
  Block *before = replaced.getBeforeBody(), *after = replaced.getAfterBody();
  SmallVector<Value> passed;
  SmallVector<BlockArgument> carried;
  for (Value value : initial) {
    passed.push_back(before->addArgument(value.getType(), value.getLoc()));
    carried.push_back(after->addArgument(value.getType(), value.getLoc()));
  }
  scf::ConditionOp condition = replaced.getConditionOp();
  rewriter.modifyOpInPlace(condition,
                           [&] { condition.getArgsMutable().append(passed); });
  scf::YieldOp yield = replaced.getYieldOp();
  rewriter.setInsertionPoint(yield);
  SmallVector<Value> yielded = next(rewriter, yield.getLoc(), carried);
  rewriter.modifyOpInPlace(yield,
                           [&] { yield.getResultsMutable().append(yielded); });
  rewriter.replaceOp(loop,
                     replaced.getResults().take_front(loop.getNumResults()));
  return replaced;
}

/// What a producer warp can compute of a loop nest (getLoopNest): the ops
/// of the kernel's first block before the nest and of each loop's body
/// before the next loop that compute the same on every thread (pure, no
/// regions, no tile of rank 1 or more, operands among `available`), and the
/// values it has: the kernel's arguments, the loops' induction variables
/// and those ops' results.
struct UniformValues {
  llvm::SmallPtrSet<Operation *, 16> ops;
  llvm::DenseSet<Value> available;

  explicit UniformValues(ArrayRef<scf::ForOp> nest) {
    auto kernel = cast<gpu::GPUFuncOp>(nest.front()->getParentOp());
    Block *block = &kernel.getBody().front();
    available.insert(block->getArguments().begin(),
                     block->getArguments().end());
    for (scf::ForOp loop : nest) {
      for (Operation &op : *block) {
        if (&op == loop.getOperation())
          break;
        if (isUniform(&op)) {
          ops.insert(&op);
          available.insert(op.getResults().begin(), op.getResults().end());
        }
      }
      available.insert(loop.getInductionVar());
      block = loop.getBody();
    }
  }

  bool isUniform(Operation *op) const {
    if (!isPure(op) || op->getNumRegions() != 0)
      return false;
    for (Type type :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto tile = dyn_cast<TileType>(type); tile && tile.getRank() > 0)
        return false;
    return llvm::all_of(op->getOperands(),
                        [&](Value value) { return available.contains(value); });
  }
};

/// The warps a specialized kernel adds for its producer: one thread issues
/// the tensor copies, and one warp holds it (a warpgroup would hold the
/// registers of three more warps idle).
constexpr int64_t kProducerWarps = 1;

struct TilePipelineLoadsPass
    : public tile::impl::TilePipelineLoadsPassBase<TilePipelineLoadsPass> {
  using Base::Base;

  /// The loops this run pipelined through shared memory: each iteration
  /// starts with the wait for its stage, which covers every group
  /// committed before the loop's copies.
  llvm::SmallPtrSet<Operation *, 8> pipelinedLoops;
  /// Whether the loop being pipelined has room for multiplyRounded's
  /// stages.
  bool roundsInStages = false;
  /// Loops enclosing a specialized one that were replaced (by loops that
  /// also carry its stage counters), after the walk saw them.
  llvm::SmallPtrSet<Operation *, 8> replacedLoops;
  /// Those of them whose copies are tensor copies (waiting on barriers,
  /// which do not cover groups of copies).
  llvm::SmallPtrSet<Operation *, 8> tensorLoops;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      untransposeLoads(loop);
    for (scf::ForOp loop : loops)
      if (!replacedLoops.contains(loop))
        pipeline(loop);
    getOperation()->walk(
        [&](FunctionOpInterface func) { stageInvariantOperands(func); });
    pipelinedLoops.clear();
    tensorLoops.clear();
    replacedLoops.clear();
  }

  /// The stages the kernel asks for (tile.num_stages, else the option);
  /// 0 when it leaves them to the pass.
  int64_t getRequestedStages(scf::ForOp loop) {
    auto func = loop->getParentOfType<FunctionOpInterface>();
    TileDialect::NumStagesAttrHelper numStagesAttr(&getContext());
    if (IntegerAttr stages = func ? numStagesAttr.getAttr(func) : nullptr)
      return stages.getInt();
    return numStages;
  }

  /// The blocks of `bytes` of shared memory each that fit on one processor
  /// of `chip` (its block's most, and 1 KiB the driver keeps for each
  /// block).
  static int64_t getBlocksPerProcessor(const CompileTarget &chip,
                                       int64_t bytes) {
    constexpr int64_t kReserved = 1024;
    return (chip.getMaxSharedMemoryPerBlock() + kReserved) /
           (bytes + kReserved);
  }

  /// The stages of `loop`'s shared buffers, `bytes` a stage; 0 where the
  /// chip has no cp.async. Unless the kernel asks: 2 to 4, as many as fit
  /// in what `sharedBudget` leaves this loop (the lowering refuses a
  /// kernel whose shared memory exceeds the block's, naming the stages).
  /// Tensor-core loops hold one block per SM by their registers anyway; a
  /// fourth stage paid where half the shared memory held only 2 or 3 (H100,
  /// sm_90a, 4096³: 128x128x64 tiles 423 TFLOP/s with 3 stages, 466 with 4;
  /// 128x256x64 487 with 3, 526 with 4) and a fifth did not (128x256x32: 509
  /// with 4, 501 with 5). `reserved` bytes of the budget go to the loop's
  /// other buffers (getRoundedStageBytes).
  int64_t chooseStages(scf::ForOp loop, int64_t bytes, bool loadBound,
                       int64_t reserved) {
    std::optional<CompileTarget> chip = target::getCompileTargetFor(loop, "");
    if (!chip || chip->host || chip->sm < 80)
      return 0;
    if (int64_t requested = getRequestedStages(loop))
      return requested;
    // Stages that do not fit leave the loop's loads as they are: a kernel
    // whose tiles are too large to double-buffer still compiles.
    int64_t limit = chip->getMaxSharedMemoryPerBlock();
    int64_t budget = sharedBudget(loop, limit) - reserved;
    int64_t fit = budget / bytes;
    if (fit < 2)
      return 0;
    if (onlyAccumulates(loop))
      return std::min<int64_t>(fit, 4);
    // A loop that works on its products (attention on warpgroup mmas)
    // gained nothing from more than 2 stages (H100, batch 4 x 32 heads,
    // head dim 64 and 128, n 1k-16k, causal and not: 2, 3 and 4 stages
    // within 3 % of each other), which leave the most shared memory. One
    // whose loads bound it (boundByLoads) keeps more of them in flight,
    // as many as fit beside the scratch its body's work may take
    // (getBodyScratchBytes) where that exceeds what sharedBudget keeps
    // for it: at least the 2 it would have had.
    if (!loadBound)
      return 2;
    int64_t excess = std::max<int64_t>(
        getBodyScratchBytes(loop) - getBodyReserve(loop, limit), 0);
    return std::clamp<int64_t>((budget - excess) / bytes, 2, 4);
  }

  /// The largest tile that an op of `loop`'s body may move through shared
  /// memory as it works on its products: an mma's result (which may become
  /// another mma's operand), the source of a reduction, scan, permute or
  /// reshape (not a loaded tile's: the stages hold those). The scratch that
  /// may be live beside the loop's stages.
  static int64_t getBodyScratchBytes(scf::ForOp loop) {
    auto loaded = [](Value value) {
      Operation *producer = value.getDefiningOp();
      if (auto reshape = dyn_cast_or_null<ReshapeOp>(producer))
        producer = reshape.getSource().getDefiningOp();
      return isa_and_nonnull<LoadOp>(producer);
    };
    int64_t scratch = 0;
    loop.getBody()->walk([&](Operation *op) {
      Value tile;
      if (isa<MmaOp, MatmulOp>(op))
        tile = op->getResult(0);
      else if (isa<ReduceOp, ReduceWithOp, ScanOp, ScanWithOp, PermuteOp,
                   ReshapeOp>(op) &&
               !loaded(op->getOperand(0)))
        tile = op->getOperand(0);
      if (auto type = tile ? dyn_cast<TileType>(tile.getType()) : nullptr)
        scratch = std::max(scratch, getTileBytes(type));
    });
    return scratch;
  }

  /// What sharedBudget keeps of a block's `limit` for alignment and the
  /// small scratch of `loop`'s body: 1/8, 1/16 where nothing in it needs
  /// scratch (needsNoScratch).
  static int64_t getBodyReserve(scf::ForOp loop, int64_t limit) {
    return needsNoScratch(loop) ? limit / 16 : limit / 8;
  }

  /// The shared memory the stages of `loop` may take of the `limit` a
  /// block has: 7/8 of it (the rest for alignment and small scratch in the
  /// loop), 15/16 where nothing in the loop needs scratch (needsNoScratch:
  /// on sm_80, 3 stages of 128x256x64 f16 tiles where 2 were), less
  /// the largest tile that an op outside the kernel's multiplying loops may
  /// move through shared memory (a permute, reduction, scan or layout
  /// conversion: its scratch is as large as the tile), shared equally by
  /// the loops that multiply (each may get a pipeline; one already
  /// pipelined multiplies through shared_mma or mma) and whose stages may
  /// be live with `loop`'s: those around it and those in it (the deepest
  /// chain of them). Loops one after another share their stages' memory
  /// (placeSharedMemory), so each of them may take all of it. A kernel
  /// that asks for warp specialization also keeps room for the stores of
  /// tiles narrower than 32 bits an element (an mma's result reaches its
  /// store through shared memory, tile-assign-layouts, rows padded by 16
  /// bytes), since its producer's stages share memory with nothing; that
  /// room counted exactly, the stages may take all but 1/16 of the rest.
  int64_t sharedBudget(scf::ForOp loop, int64_t limit) {
    auto func = loop->getParentOfType<FunctionOpInterface>();
    if (!func)
      return limit * 7 / 8;
    TileDialect::WarpSpecializeAttrHelper wanted(&getContext());
    BoolAttr asked = wanted.getAttr(func);
    bool specialized = asked ? asked.getValue() : warpSpecialize;
    auto multiplies = [](scf::ForOp candidate) {
      return llvm::any_of(
          candidate.getBody()->without_terminator(),
          [](Operation &op) { return isa<MmaOp, MatmulOp, SharedMmaOp>(op); });
    };
    // The multiplying loops around `loop` (itself too), then the deepest
    // chain of them inside it.
    int64_t loops = 0;
    for (auto around = loop; around;
         around = around->getParentOfType<scf::ForOp>())
      loops += multiplies(around);
    int64_t inside = 0;
    loop->walk([&](scf::ForOp inner) {
      if (inner == loop || !multiplies(inner))
        return;
      int64_t chain = 0;
      for (Operation *op = inner; op != loop; op = op->getParentOp())
        if (auto around = dyn_cast<scf::ForOp>(op))
          chain += multiplies(around);
      inside = std::max(inside, chain);
    });
    loops += inside;
    int64_t scratch = 0, storeScratch = 0;
    func->walk([&](Operation *op) {
      if (isa<scf::ForOp>(op))
        return;
      auto store = dyn_cast<StoreOp>(op);
      if (store &&
          !(specialized && store.getValue().getType().getRank() >= 2 &&
            getStorageBits(store.getValue().getType().getElementType()) < 32))
        return;
      if (!store && !isa<PermuteOp, ReduceOp, ScanOp, ConvertLayoutOp>(op))
        return;
      for (auto parent = op->getParentOfType<scf::ForOp>(); parent;
           parent = parent->getParentOfType<scf::ForOp>())
        if (multiplies(parent))
          return;
      if (store) {
        TileType tile = store.getValue().getType();
        storeScratch = std::max(
            storeScratch, getTileBytes(tile) + tile.getNumElements() /
                                                   tile.getShape().back() * 16);
      } else if (auto tile = dyn_cast<TileType>(op->getOperand(0).getType())) {
        scratch = std::max(scratch, getTileBytes(tile));
      }
    });
    int64_t reserve = getBodyReserve(loop, limit);
    int64_t budget = limit - reserve - std::max(scratch, storeScratch);
    if (storeScratch > scratch)
      budget = std::max(budget, limit - storeScratch - limit / 16);
    return std::max<int64_t>(budget, 0) / std::max<int64_t>(loops, 1);
  }

  void pipeline(scf::ForOp loop) {
    // Loads of the body that an mma of the body multiplies (directly, or
    // as a batch's matrix, through a reshape that drops unit dimensions;
    // converted, getOperandConvert).
    SmallVector<std::pair<LoadOp, SmallVector<Operation *>>> loads;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LoadOp>(&op);
      if (!load || !multipliesLoad(load, loop))
        continue;
      if (std::optional<SmallVector<Operation *>> slice =
              getIndexSlice(loop, load))
        loads.emplace_back(load, std::move(*slice));
    }
    // A loop that works on its products is pipelined only where the kernel
    // (or the pass's option) asks for stages.
    int64_t requested = getRequestedStages(loop);
    if (loads.empty() && requested != 1)
      return prefetchLoads(loop);
    bool loadBound = !loads.empty() && boundByLoads(loop, loads);
    if (loads.empty() || requested == 1 ||
        (!requested && !onlyAccumulates(loop) &&
         !multipliesOnWarpgroups(loop, loads) && !loadBound))
      return;
    // A pipeline that leaves another operand's load in the iteration
    // (reaching its mma through a permute, say) hides none of the
    // iteration's load latency and costs shared memory: none then.
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto load = dyn_cast<LoadOp>(&op);
          load && feedsMma(load, loop) &&
          !llvm::any_of(loads,
                        [&](auto &entry) { return entry.first == load; }))
        return;
    // Atomic loads (a memory order) stay in their iteration: neither staged
    // nor read an iteration ahead.
    if (llvm::any_of(loads, [](auto &entry) {
          return static_cast<bool>(entry.first.getMemory());
        }))
      return;
    if (llvm::all_of(loads, [](auto &entry) {
          return canCopyAsynchronously(entry.first);
        })) {
      int64_t bytes = 0;
      for (auto &entry : loads)
        bytes += getTileBytes(entry.first.getType());
      bool warpgroups = false;
      int64_t rounded = getRoundedStageBytes(loop, loads, warpgroups);
      int64_t stages = chooseStages(loop, bytes, loadBound, rounded);
      // The rounded stages where they fit beside those (a kernel may ask
      // for more stages than leave room for them).
      std::optional<CompileTarget> chip = target::getCompileTargetFor(loop, "");
      roundsInStages =
          rounded && chip &&
          stages * bytes + rounded <=
              sharedBudget(loop, chip->getMaxSharedMemoryPerBlock());
      // On mma.sync, not where they would cost a block a processor: the
      // rounding saves each warp's own rounding of its fragments, and a
      // block that runs alone waits at the rounding's barrier with nothing
      // else to run (sm_80 code on an H200, whose 228 KiB held 2 blocks of
      // 64x128x32 at 4 warps without them and 1 with: 12 % slower;
      // 128x128x32 at 8 warps, 1 either way: 17 % faster).
      if (roundsInStages && !warpgroups) {
        int64_t plain = chooseStages(loop, bytes, loadBound, 0);
        if (getBlocksPerProcessor(*chip, stages * bytes + rounded) <
            getBlocksPerProcessor(*chip, plain * bytes)) {
          roundsInStages = false;
          stages = plain;
        }
      }
      if (stages > 1)
        return pipelineThroughSharedMemory(loop, loads, stages);
    }
    prefetchInRegisters(loop, loads);
  }

  /// Loads of a loop without products (a column sum's, say) one iteration
  /// ahead in registers: where the body writes no memory (nothing a load
  /// ahead could pass), each tile.load of the body whose operands come
  /// from the induction variable and values from outside the loop
  /// (getIndexSlice), not atomic, within `prefetch-bytes` a thread in all
  /// (the loaded tiles' registers twice over then live). The iteration
  /// past the end loads a tile outside the array: its elements are all
  /// masked, and it reads nothing.
  void prefetchLoads(scf::ForOp loop) {
    auto func = loop->getParentOfType<FunctionOpInterface>();
    TileDialect::NumWarpsAttrHelper numWarpsAttr(&getContext());
    IntegerAttr warps = func ? numWarpsAttr.getAttr(func) : nullptr;
    if (prefetchBytes <= 0)
      return;
    bool writes = false;
    loop.getBody()->walk([&](Operation *op) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if ((!effects && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
           !isPure(op)) ||
          (effects && (effects.hasEffect<MemoryEffects::Write>() ||
                       effects.hasEffect<MemoryEffects::Allocate>() ||
                       effects.hasEffect<MemoryEffects::Free>())) ||
          isa<gpu::BarrierOp>(op))
        writes = true;
    });
    if (writes)
      return;
    SmallVector<std::pair<LoadOp, SmallVector<Operation *>>> loads;
    int64_t bytes = 0;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LoadOp>(&op);
      if (!load || load.getMemory())
        continue;
      if (std::optional<SmallVector<Operation *>> slice =
              getIndexSlice(loop, load)) {
        bytes += getTileBytes(load.getType());
        loads.emplace_back(load, std::move(*slice));
      }
    }
    int64_t threads = (warps ? warps.getInt() : numWarps) * 32;
    if (loads.empty() || bytes > prefetchBytes * threads)
      return;
    // A load ahead keeps its tiles live twice over: not where they and the
    // tiles live through the body would take more than a thread's registers
    // at this block size, less 32 for addresses and temporaries (a layer
    // norm's 32x1024 float32 sum over 16 warps, 64 registers a thread,
    // with its bfloat16 tile loaded ahead: 10 KB of spills a thread).
    int64_t registerBytes =
        (std::min<int64_t>(255, 65536 / threads) - 32) * 4 * threads;
    int64_t live = getLiveTileBytes(loop);
    if (live + 2 * bytes > registerBytes)
      return;
    numPrefetched += loads.size();
    // Two iterations ahead where the launch leaves each SM fewer than 16
    // warps (tile.grid_blocks, tile.multiprocessors: where a JIT says them)
    // and the tiles take at most a quarter of the bytes (16 registers a
    // thread at the default 256): so few warps wait on their loads'
    // latency, and twice the bytes in flight halve the wait (a column sum
    // of 8x256 float32 tiles at 8 warps, 64 tile blocks on 132 SMs, 32
    // bytes a thread an iteration: 0.142 to 0.072 ms). Where the grid
    // fills the device, the registers cost more than the depth buys (a row
    // sum of one 4x1024 float32 tile a row at 16 warps: 32 to 50 registers,
    // from 1.00 to 0.75 of Triton's speed).
    auto launch = func ? getLaunchBlocksAndSMs(func) : std::nullopt;
    bool fewWarps = launch && launch->first * (threads / 32) <
                                  kLatencyWarpsPerSM * launch->second;
    prefetchInRegisters(loop, loads,
                        fewWarps && 4 * bytes <= prefetchBytes * threads &&
                                live + 3 * bytes <= registerBytes
                            ? 2
                            : 1);
  }

  /// `loads` of `loop` `depth` iterations ahead in registers: the first
  /// `depth` iterations' before the loop, the one `depth` ahead first in
  /// the body, carried by the loop (each iteration passes the later ones'
  /// tiles on).
  void prefetchInRegisters(
      scf::ForOp loop,
      MutableArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
      int64_t depth = 1) {
    IRRewriter rewriter(loop->getContext());
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> first;
    for (int64_t ahead = 0; ahead < depth; ++ahead) {
      Value iv = loop.getLowerBound();
      if (ahead)
        iv = arith::AddIOp::create(
            rewriter, loop.getLoc(), iv,
            arith::MulIOp::create(rewriter, loop.getLoc(), loop.getStep(),
                                  arith::ConstantIndexOp::create(
                                      rewriter, loop.getLoc(), ahead)));
      IRMapping atFirst;
      atFirst.map(loop.getInductionVar(), iv);
      for (auto &[load, slice] : loads) {
        cloneSlice(rewriter, slice, atFirst);
        first.push_back(rewriter.clone(*load, atFirst)->getResult(0));
      }
    }
    auto newYields = [&](OpBuilder &builder, Location loc,
                         ArrayRef<BlockArgument> carried) {
      // The loads of this iteration become the first carried values; the
      // later iterations' are passed on, and the one `depth` ahead is made
      // at the start of the body.
      for (auto [entry, arg] : llvm::zip(loads, carried))
        entry.first.getResult().replaceAllUsesWith(arg);
      // The body now belongs to the new loop: its induction variable is the
      // block's first argument. The next loads go first, so that their
      // latency overlaps this iteration's work.
      Block *body = builder.getInsertionBlock();
      Value iv = body->getArgument(0);
      builder.setInsertionPointToStart(body);
      Value next = loop.getStep();
      if (depth > 1)
        next = arith::MulIOp::create(
            builder, loc, next,
            arith::ConstantIndexOp::create(builder, loc, depth));
      next = arith::AddIOp::create(builder, loc, iv, next);
      SmallVector<Value> values(carried.begin() + loads.size(), carried.end());
      IRMapping atNext;
      atNext.map(iv, next);
      for (auto &[load, slice] : loads) {
        cloneSlice(builder, slice, atNext);
        values.push_back(builder.clone(*load, atNext)->getResult(0));
      }
      return values;
    };
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(rewriter, first,
                                         /*replaceInitOperandUsesInLoop=*/false,
                                         newYields);
    if (failed(replaced))
      return;
    eraseLoads(rewriter, loads);
    numPipelined += loads.size();
    // The depth chosen here is the loop's: LLVM's runtime unrolling would
    // start a second iteration's loads ahead as well, beyond the registers
    // the depth was chosen within (a row sum of one 4x1024 float32 tile a
    // row at 16 warps: 32 registers, 44 unrolled by 2 with its loads
    // hoisted). scf-to-cf carries the annotation to the loop's back edge.
    MLIRContext *context = loop->getContext();
    (*replaced)->setAttr(
        kLoopAnnotationAttrName,
        LLVM::LoopAnnotationAttr::get(
            context, {}, {}, {},
            LLVM::LoopUnrollAttr::get(
                context, {}, {}, BoolAttr::get(context, true), {}, {}, {}, {}),
            {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}));
  }

  /// Carries `initial` through `nest` (getLoopNest, outermost first) as
  /// new values of each of its loops: the innermost advances them by
  /// `next`; each loop outside it passes its own to the loop inside and
  /// yields what that loop leaves. The nest's loops are replaced (and
  /// recorded in replacedLoops); false where one could not be.
  bool carryThroughNest(RewriterBase &rewriter,
                        MutableArrayRef<Operation *> nest, ValueRange initial,
                        const NewYieldValuesFn &next) {
    SmallVector<Value> values(initial);
    size_t count = values.size();
    for (auto [level, original] : llvm::enumerate(nest)) {
      bool innermost = level + 1 == nest.size();
      auto advance = [&](OpBuilder &builder, Location at,
                         ArrayRef<BlockArgument> carried) {
        if (innermost)
          return next(builder, at, carried);
        return SmallVector<Value>(carried.begin(), carried.end());
      };
      replacedLoops.insert(original);
      if (auto loop = dyn_cast<scf::WhileOp>(original)) {
        scf::WhileOp replaced =
            carryThroughWhile(rewriter, loop, values, advance);
        nest[level] = replaced;
        values =
            SmallVector<Value>(replaced.getAfterArguments().take_back(count));
        continue;
      }
      FailureOr<LoopLikeOpInterface> replaced =
          cast<LoopLikeOpInterface>(original).replaceWithAdditionalYields(
              rewriter, values, /*replaceInitOperandUsesInLoop=*/false,
              advance);
      if (failed(replaced))
        return false;
      auto loop = cast<scf::ForOp>(replaced->getOperation());
      nest[level] = loop;
      values = SmallVector<Value>(loop.getRegionIterArgs().take_back(count));
    }
    for (size_t level = 0; level + 1 < nest.size(); ++level) {
      Region &body = isa<scf::WhileOp>(nest[level])
                         ? cast<scf::WhileOp>(nest[level]).getAfter()
                         : cast<scf::ForOp>(nest[level]).getRegion();
      auto yield = cast<scf::YieldOp>(body.front().getTerminator());
      unsigned first = yield.getNumOperands() - count;
      ValueRange left = nest[level + 1]->getResults().take_back(count);
      for (auto [i, value] : llvm::enumerate(left))
        yield->setOperand(first + i, value);
    }
    return true;
  }

  /// The S-stage pipeline of asynchronous copies (Passes.td).
  void pipelineThroughSharedMemory(
      scf::ForOp loop,
      MutableArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
      int64_t stages) {
    IRRewriter rewriter(loop->getContext());
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    bool mapped = tensorCopies && llvm::all_of(loads, [&](auto &entry) {
                    return canCopyByTensorMap(loop, entry.first);
                  });
    if (mapped && canSpecializeWarps(loop, loads))
      return specializeWarps(loop, loads, stages);
    // Barriers are initialized once (again is undefined before they are
    // invalidated): where the loop is when it is in no other loop, else
    // before the nest of loops it is in (a persistent kernel's loop over
    // its tiles), which then carries the stage counters and the phase on
    // from one run of the loop to the next (carryThroughNest). A loop in
    // no such nest keeps cp.async.
    bool nested = loop->getParentOfType<LoopLikeOpInterface>() != nullptr;
    SmallVector<Operation *> nest =
        nested ? getLoopNest(loop) : SmallVector<Operation *>{loop};
    bool tensor = mapped && !nest.empty();
    bool throughNest = tensor && nested;
    Value barriers;
    if (tensor) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(nest.front());
      barriers = AllocBarriersOp::create(
          rewriter, loc, BarriersType::get(&getContext(), stages),
          static_cast<int64_t>(loads.size()));
    }
    SmallVector<Value> buffers = allocateStages(rewriter, loads, stages);
    // The copies of the iteration at `iv` into `stage`, when it runs; one
    // group either way (none for tensor copies, which complete the stage's
    // barrier).
    auto copy = [&](Value iv,
                    Value stage) -> std::pair<Operation *, Operation *> {
      Value runs = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, iv, loop.getUpperBound());
      auto ifOp = scf::IfOp::create(rewriter, loc, runs);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        IRMapping mapping;
        mapping.map(loop.getInductionVar(), iv);
        issueCopies(rewriter, loads, buffers, stage, barriers, mapping);
      }
      if (tensor)
        return {ifOp, nullptr};
      return {ifOp, AsyncCommitOp::create(rewriter, loc)};
    };
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    // In another loop (a persistent kernel's loop over its tiles), the
    // prologue's copies refill stages the loop's last run may still read:
    // its last iteration's stage has no barrier after its reads, and with
    // several warpgroups others' mmas may still read theirs. The CTA waits
    // for all of them first. Prologue: iterations 0 .. S - 2, into the
    // stages from `first` on (0 without it).
    auto prologue = [&](Value first, const StageConstants *counter) {
      if (nested)
        gpu::BarrierOp::create(rewriter, loc);
      Value stage = first ? first : constant(0);
      for (int64_t p = 0; p + 1 < stages; ++p) {
        Value iv = arith::AddIOp::create(
            rewriter, loc, loop.getLowerBound(),
            arith::MulIOp::create(rewriter, loc, loop.getStep(), constant(p)));
        if (p > 0)
          stage =
              counter ? counter->next(rewriter, loc, stage).first : constant(p);
        copy(iv, stage);
      }
    };
    // The loop carries the stage it reads and the stage it fills (S - 1
    // ahead), each counting up to S and back to 0: no division by S in
    // the iteration; with tensor copies also the parity of the phase of
    // the barrier it waits for, which flips where the stage it reads
    // wraps.
    std::optional<StageConstants> counters;
    if (throughNest) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(nest.front());
      counters.emplace(rewriter, loc, stages);
    } else {
      prologue(/*first=*/Value(), /*counter=*/nullptr);
      counters.emplace(rewriter, loc, stages);
    }
    const StageConstants &counter = *counters;
    Value zero = counter.zero;
    auto nextStages = [&](OpBuilder &builder, Location at,
                          ArrayRef<BlockArgument> carried) {
      SmallVector<Value> next, wrapped;
      for (BlockArgument current : carried.take_front(2)) {
        auto [after, wraps] = counter.next(builder, at, current);
        wrapped.push_back(wraps);
        next.push_back(after);
      }
      if (tensor)
        next.push_back(
            arith::XOrIOp::create(builder, at, carried[2], wrapped.front()));
      return next;
    };
    SmallVector<Value> initial;
    if (throughNest) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(nest.front());
      initial = {zero, constant(stages - 1),
                 arith::ConstantIntOp::create(rewriter, loc, 0, 1)};
      if (!carryThroughNest(rewriter, nest, initial, nextStages))
        return;
      loop = cast<scf::ForOp>(nest.back());
      rewriter.setInsertionPoint(loop);
      prologue(loop.getInitArgs().take_back(initial.size()).front(), &counter);
    } else {
      initial = {zero, constant(stages - 1)};
      if (tensor)
        initial.push_back(arith::ConstantIntOp::create(rewriter, loc, 0, 1));
      FailureOr<LoopLikeOpInterface> replaced =
          cast<LoopLikeOpInterface>(loop.getOperation())
              .replaceWithAdditionalYields(
                  rewriter, initial,
                  /*replaceInitOperandUsesInLoop=*/false, nextStages);
      if (failed(replaced))
        return;
      loop = cast<scf::ForOp>(replaced->getOperation());
    }
    pipelinedLoops.insert(loop);
    if (tensor)
      tensorLoops.insert(loop);
    Value inductionVar = loop.getInductionVar();
    ValueRange carried = loop.getRegionIterArgs().take_back(initial.size());
    Value stage = carried[0];
    Value aheadStage = carried[1];
    // Each iteration: wait for its own stage, read it, start the copies of
    // the iteration S - 1 ahead.
    rewriter.setInsertionPointToStart(loop.getBody());
    if (tensor) {
      // The barrier's wait is each thread's own: the CTA then waits for
      // all, so that the stage the previous iteration read is refilled
      // after every thread has read it.
      BarrierWaitOp::create(rewriter, loc, barriers, stage, carried[2]);
      gpu::BarrierOp::create(rewriter, loc);
    }
    AsyncWaitOp wait;
    if (!tensor)
      wait = AsyncWaitOp::create(rewriter, loc, stages - 2);
    readStages(rewriter, loads, buffers, stage);
    Value ahead = arith::AddIOp::create(
        rewriter, loc, inductionVar,
        arith::MulIOp::create(rewriter, loc, loop.getStep(),
                              constant(stages - 1)));
    auto [aheadCopies, aheadCommit] = copy(ahead, aheadStage);
    eraseLoads(rewriter, loads);
    numPipelined += loads.size();
    numAsync += loads.size();
    if (tensor)
      numTensor += loads.size();
    SmallVector<Operation *> multiplies;
    for (Operation &op : loop.getBody()->without_terminator())
      if (isa<MmaOp, MatmulOp>(op))
        multiplies.push_back(&op);
    SmallVector<SharedMmaOp> shared;
    for (Operation *op : multiplies) {
      FailureOr<SharedMmaOp> mma = multiplyInSharedMemory(op);
      if (succeeded(mma))
        shared.push_back(*mma);
      else
        splitAlongDepth(roundStagesOnce(op));
    }
    if (shared.size() == 1 && multiplies.size() == 1)
      overlapWarpgroupMmas(loop, shared.front(), aheadCopies, aheadCommit);
    if (wait && shared.empty() && readAhead)
      if (std::optional<StepChain> steps = getStepChain(loop);
          steps && paysToReadAhead(*steps)) {
        IRMapping inside;
        if (scf::ForOp version =
                versionInside(rewriter, loop, aheadCopies, stages, inside)) {
          if (std::optional<StepChain> copied = getStepChain(version))
            readFirstStepAhead(rewriter, version, *copied,
                               cast<AsyncWaitOp>(inside.lookup(wait)), counter,
                               inside.lookup(aheadCopies),
                               inside.lookup(aheadCommit));
          if (paysToCopyWithoutBranch(*steps))
            copyWithoutBranch(rewriter,
                              cast<scf::IfOp>(inside.lookup(aheadCopies)));
        }
      }
  }

  /// A second version of the pipelined `loop` for tile blocks whose copies
  /// in the loop all lie inside their arrays: `scf.if` of that condition
  /// takes a copy of the loop whose tile.async_copy ops are marked `inside`
  /// (no bounds checks, hence no second path that ptxas would predicate
  /// along, docs/performance.md), else the loop as it is. The copies of
  /// the loop (`copies`, an `scf.if` on `ahead < n`) are for iterations
  /// first = lb + S - 1 to last = n - 1 (step 1); where each index of each
  /// copy is an affine function of `ahead` (additions, subtractions,
  /// products with values of outside the loop, casts), its tiles lie
  /// inside along a dimension at every iteration where they do at `first`
  /// and at `last`, which the condition checks before the loop. Returns
  /// the copy of the loop, `mapping` mapping the loop's ops to their
  /// copies; null (and nothing changed) where the step is not 1 or an
  /// index is not such a function.
  scf::ForOp versionInside(RewriterBase &rewriter, scf::ForOp loop,
                           Operation *copies, int64_t stages,
                           IRMapping &mapping) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    auto guard = cast<scf::IfOp>(copies);
    auto runs = guard.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!step || *step != 1 || !runs)
      return {};
    Value ahead = runs.getLhs();
    Block *block = guard.thenBlock();
    // The values of the block that depend on `ahead`; each op of the block
    // but the copies keeps them affine in it.
    llvm::SmallPtrSet<Value, 8> affine = {ahead};
    SmallVector<AsyncCopyOp> copyOps;
    for (Operation &op : block->without_terminator()) {
      if (auto copy = dyn_cast<AsyncCopyOp>(op)) {
        auto view = copy.getView().getDefiningOp<MakeViewOp>();
        if (copy.isTensorCopy() || !view || loop->isAncestor(view))
          return {};
        copyOps.push_back(copy);
        continue;
      }
      int64_t dependent = llvm::count_if(op.getOperands(), [&](Value value) {
        return affine.contains(value);
      });
      bool keepsAffine = isa<FromScalarOp, arith::IndexCastOp, arith::AddIOp,
                             arith::SubIOp, AddOp, SubOp>(op) ||
                         (isa<arith::MulIOp, MulOp>(op) && dependent <= 1) ||
                         (dependent == 0 && isMemoryEffectFree(&op));
      if (!keepsAffine || op.getNumRegions() != 0)
        return {};
      // Other operands come from outside the loop (getIndexSlice).
      for (Value operand : op.getOperands())
        if (!affine.contains(operand) &&
            loop->isAncestor(operand.getParentRegion()->getParentOp()))
          return {};
      if (dependent > 0)
        affine.insert(op.getResults().begin(), op.getResults().end());
    }
    if (copyOps.empty())
      return {};
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    Value zero = index(0);
    Value inside;
    auto all = [&](Value condition) {
      inside = inside ? arith::AndIOp::create(rewriter, loc, inside, condition)
                            .getResult()
                      : condition;
    };
    for (Value at :
         {arith::AddIOp::create(rewriter, loc, loop.getLowerBound(),
                                index(stages - 1))
              .getResult(),
          arith::SubIOp::create(rewriter, loc, loop.getUpperBound(), index(1))
              .getResult()}) {
      IRMapping atIteration;
      atIteration.map(ahead, at);
      for (Operation &op : block->without_terminator())
        if (!isa<AsyncCopyOp>(op))
          rewriter.clone(op, atIteration);
      for (AsyncCopyOp copy : copyOps) {
        ViewType view = copy.getView().getType();
        ArrayRef<int64_t> shape = view.getTileType().getShape();
        Value array = copy.getView().getDefiningOp<MakeViewOp>().getArray();
        for (auto [d, tileIndex] : llvm::enumerate(copy.getIndices())) {
          Value position =
              ToScalarOp::create(rewriter, loc, rewriter.getIndexType(),
                                 atIteration.lookupOrDefault(tileIndex));
          Value start = arith::MulIOp::create(rewriter, loc, position,
                                              index(view.getSteps()[d]));
          Value extent = ToScalarOp::create(
              rewriter, loc, rewriter.getIndexType(),
              ArrayDimOp::create(rewriter, loc,
                                 getIndexScalarType(&getContext()), array,
                                 rewriter.getI64IntegerAttr(d)));
          all(arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle,
                                    zero, start));
          all(arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::sle,
              arith::AddIOp::create(rewriter, loc, start, index(shape[d])),
              extent));
        }
      }
    }
    auto version = scf::IfOp::create(rewriter, loc, loop.getResultTypes(),
                                     inside, /*withElseRegion=*/true);
    loop->replaceAllUsesWith(version.getResults());
    rewriter.setInsertionPointToStart(version.thenBlock());
    auto copy = cast<scf::ForOp>(rewriter.clone(*loop, mapping));
    scf::YieldOp::create(rewriter, loc, copy.getResults());
    rewriter.setInsertionPointToStart(version.elseBlock());
    auto yield = scf::YieldOp::create(rewriter, loc, loop.getResults());
    loop->moveBefore(yield);
    copy->walk([](AsyncCopyOp op) { op.setInside(true); });
    // Only the copies in the loop: the prologue's are outside it.
    pipelinedLoops.insert(copy);
    return copy;
  }

  /// The copies ahead of the inside version of a loop (versionInside)
  /// made on every iteration: `guard`'s `ahead < n` (no copy past the
  /// last iteration) goes, and the copies take the tiles of iteration
  /// min(ahead, n - 1), inside the arrays as the condition checked: past
  /// the last iteration they copy the last tile again, into a stage no
  /// iteration reads after. The loop's body is then one block, which
  /// ptxas schedules as one: the mma.sync of the iteration go between its
  /// copies (behind the branch, the copies were a block of their own that
  /// the tensor cores waited out, docs/performance.md). The thread waits
  /// for all its copies after the loop, before the stages' memory is used
  /// again.
  void copyWithoutBranch(RewriterBase &rewriter, scf::IfOp guard) {
    auto runs = guard.getCondition().getDefiningOp<arith::CmpIOp>();
    auto loop = guard->getParentOfType<scf::ForOp>();
    Location loc = guard.getLoc();
    rewriter.setInsertionPoint(loop);
    Value last =
        arith::SubIOp::create(rewriter, loc, runs.getRhs(),
                              arith::ConstantIndexOp::create(rewriter, loc, 1));
    rewriter.setInsertionPoint(guard);
    Value clamped = arith::MinSIOp::create(rewriter, loc, runs.getLhs(), last);
    replaceAllUsesInRegionWith(runs.getLhs(), clamped, guard.getThenRegion());
    rewriter.eraseOp(guard.thenBlock()->getTerminator());
    rewriter.inlineBlockBefore(guard.thenBlock(), guard);
    rewriter.eraseOp(guard);
    if (runs->use_empty())
      rewriter.eraseOp(runs);
    rewriter.setInsertionPointAfter(loop);
    AsyncWaitOp::create(rewriter, loc, 0);
  }

  /// What readFirstStepAhead moves: the chain of mma steps of a
  /// pipelined loop's body, and the ops that read each operand of its
  /// first step from the stage.
  struct StepChain {
    Operation *first, *last;
    SmallVector<SmallVector<Operation *, 2>, 2> reads;
    Value stage;
  };

  /// The chain of `loop`'s body where its iteration only reads its stage
  /// into two or more mma.sync steps, each accumulating into the next, the
  /// first step's operands each a read of the stage or the conversion of
  /// one (tf32), used once, and every read of a stage in the body before
  /// the last step's mma (where the barrier goes); none otherwise.
  static std::optional<StepChain> getStepChain(scf::ForOp loop) {
    SmallVector<Operation *> chain;
    for (Operation &op : loop.getBody()->without_terminator())
      if (isa<MmaOp, MatmulOp>(op))
        chain.push_back(&op);
    if (chain.size() < 2)
      return std::nullopt;
    for (auto [before, after] : llvm::zip(chain, ArrayRef(chain).drop_front()))
      if (!isa<MmaOp>(after) || after->getOperand(2) != before->getResult(0) ||
          !before->getResult(0).hasOneUse())
        return std::nullopt;
    StepChain steps{chain.front(), chain.back(), {}, Value()};
    for (Value operand : steps.first->getOperands().take_front(2)) {
      auto convert = operand.getDefiningOp<ConvertOp>();
      Value read = convert ? convert.getSource() : operand;
      auto load = read.getDefiningOp<LocalLoadOp>();
      if (!load || load->getBlock() != loop.getBody() || !operand.hasOneUse() ||
          !read.hasOneUse() || (steps.stage && load.getStage() != steps.stage))
        return std::nullopt;
      steps.stage = load.getStage();
      steps.reads.push_back({load});
      if (convert)
        steps.reads.back().push_back(convert);
    }
    bool readsAfter = false;
    loop.getBody()->walk([&](LocalLoadOp load) {
      readsAfter |= load->getBlock() != loop.getBody() ||
                    !load->isBeforeInBlock(steps.last);
    });
    auto stage = dyn_cast<BlockArgument>(steps.stage);
    if (readsAfter || !stage || stage.getOwner() != loop.getBody())
      return std::nullopt;
    return steps;
  }

  /// Whether the read-ahead pays for `steps` (measured on an H200,
  /// docs/performance.md): where each warp's share of the product is 1024
  /// elements or more (8 mma.sync a step), the large matmuls gained 3 to
  /// 7 %; at 256 or fewer (the 16- and 32-row tiles of skinny products) it
  /// lost 9 to 12 %.
  bool paysToReadAhead(const StepChain &steps) {
    return getWarpShare(steps) >= 1024;
  }

  /// The elements of the product of `steps` each warp holds.
  int64_t getWarpShare(const StepChain &steps) {
    auto result = cast<TileType>(steps.last->getResult(0).getType());
    return result.getNumElements() / getNumWarps(steps.last);
  }

  /// Whether copyWithoutBranch pays for `steps` (measured on an H200,
  /// docs/performance.md): at 2048 elements of the product a warp or more
  /// (128x256, 128x128 and 64x128 tiles) the f16 and bf16 matmuls gained
  /// up to 6 % or held (but 128x128 at 1024³, 3 % behind); at 1024 (64x64 tiles
  /// of 4 warps, 16 copies a thread to 64 mma.sync a warp an iteration) they
  /// lost 3 to 9 % where the loop is short or the grid one wave (1024³, 64 and
  /// 128 rows by 4096²) and held elsewhere.
  bool paysToCopyWithoutBranch(const StepChain &steps) {
    return getWarpShare(steps) >= 2048;
  }

  /// The next stage's first K step read an iteration ahead, as Ampere's
  /// GEMMs do, in a loop of getStepChain: the wait for the next stage (and
  /// its barrier) moves before the chain's last mma, the next stage's
  /// first step is read right after it and carried into the next
  /// iteration, whose first mma then needs no read; the iteration's copies
  /// ahead go after that first mma. The warps thus wait with the
  /// second-to-last step's mmas queued, and start each iteration on the
  /// tensor cores. Before the loop, the first stage is waited for and its
  /// first step read. The last iteration reads a stage no copy fills
  /// (harmless: the reads are of shared memory the pipeline owns) and
  /// leaves them unused. The barrier still comes after every read of the
  /// stage that the next iteration's copies refill: its last step's reads
  /// precede the wait.
  void readFirstStepAhead(RewriterBase &rewriter, scf::ForOp loop,
                          const StepChain &steps, AsyncWaitOp wait,
                          const StageConstants &counter, Operation *copies,
                          Operation *commit) {
    Operation *first = steps.first, *last = steps.last;
    const auto &reads = steps.reads;
    Value stage = steps.stage;
    Location loc = wait.getLoc();
    // Before the loop: the first stage's wait and first step.
    rewriter.setInsertionPoint(loop);
    AsyncWaitOp::create(rewriter, loc, wait.getPending());
    // The first step's operands read again at `builder`, of the stage
    // `mapping` maps the loop's to.
    auto readAgain = [&](OpBuilder &builder, IRMapping &mapping) {
      SmallVector<Value> values;
      for (ArrayRef<Operation *> ops : reads) {
        Operation *clone = nullptr;
        for (Operation *op : ops)
          clone = builder.clone(*op, mapping);
        values.push_back(clone->getResult(0));
      }
      return values;
    };
    IRMapping atStart;
    atStart.map(stage, loop.getTiedLoopInit(cast<BlockArgument>(stage))->get());
    SmallVector<Value> initial = readAgain(rewriter, atStart);
    auto nextReads = [&](OpBuilder &builder, Location,
                         ArrayRef<BlockArgument>) -> SmallVector<Value> {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(last);
      wait->moveBefore(last);
      // The block's stage argument, the new loop's by now.
      Value current = cast<LocalLoadOp>(reads.front().front()).getStage();
      IRMapping atNext;
      atNext.map(current, counter.next(builder, loc, current).first);
      return readAgain(builder, atNext);
    };
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(rewriter, initial,
                                         /*replaceInitOperandUsesInLoop=*/false,
                                         nextReads);
    if (failed(replaced))
      return;
    pipelinedLoops.erase(loop);
    pipelinedLoops.insert(replaced->getOperation());
    auto carried = cast<scf::ForOp>(replaced->getOperation())
                       .getRegionIterArgs()
                       .take_back(2);
    for (auto [index, ops] : llvm::enumerate(reads)) {
      first->setOperand(index, carried[index]);
      for (Operation *op : llvm::reverse(ops))
        rewriter.eraseOp(op);
    }
    copies->moveAfter(first);
    commit->moveAfter(copies);
  }

  /// Whether `loop`'s pipeline of tensor copies can run on a producer warp
  /// of its own (specializeWarps): the kernel asks for it
  /// (`tile.warp_specialize`), else the option does; the loop is in the
  /// kernel's first block or in a nest of loops there (getLoopNest: a
  /// persistent kernel's loop over its tiles); its one multiply is an mma
  /// of two of `loads` whose stages a warpgroup mma reads, accumulating
  /// into a value the loop carries; and what the copies and the loops take
  /// is the same on every thread (UniformValues), so that the producer
  /// computes it too.
  bool canSpecializeWarps(
      scf::ForOp loop,
      ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads) {
    SmallVector<scf::ForOp> nest = getForNest(loop);
    if (nest.empty() || getNumWarps(loop) + kProducerWarps > 32)
      return false;
    auto kernel = cast<gpu::GPUFuncOp>(nest.front()->getParentOp());
    TileDialect::WarpSpecializeAttrHelper wanted(&getContext());
    BoolAttr attr = wanted.getAttr(kernel);
    if (!(attr ? attr.getValue() : warpSpecialize))
      return false;
    MmaOp mma;
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (!isa<MmaOp, MatmulOp>(op))
        continue;
      if (mma || !isa<MmaOp>(op))
        return false;
      mma = cast<MmaOp>(op);
    }
    auto [a, transposedA] =
        mma ? findLoad(loads, mma.getA()) : std::pair<LoadOp, bool>();
    auto [b, transposedB] =
        mma ? findLoad(loads, mma.getB()) : std::pair<LoadOp, bool>();
    // Both whole stages, each read once: a converted operand
    // (getOperandConvert) is no stage the warpgroup mma reads.
    if (!a || !b || getOperandConvert(a) || getOperandConvert(b) ||
        transposedA || !getStageTile(a).hasOneUse() ||
        !getStageTile(b).hasOneUse() ||
        !fitsWarpgroupMma(mma, /*sharedA=*/true, transposedB))
      return false;
    auto arg = dyn_cast<BlockArgument>(mma.getAcc());
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    if (!arg || arg.getOwner() != loop.getBody() || !arg.hasOneUse() ||
        arg.getArgNumber() == 0 || !mma->hasOneUse() ||
        yield.getOperand(arg.getArgNumber() - 1) != mma.getResult())
      return false;
    UniformValues uniform(nest);
    auto available = [&](Value value) {
      return !loop.isDefinedOutsideOfLoop(value) ||
             uniform.available.contains(value);
    };
    for (scf::ForOp level : nest)
      if (!available(level.getLowerBound()) ||
          !available(level.getUpperBound()) || !available(level.getStep()))
        return false;
    for (auto &[load, slice] : loads) {
      if (!llvm::all_of(load->getOperands(), available))
        return false;
      for (Operation *op : slice)
        if (!llvm::all_of(op->getOperands(), available))
          return false;
    }
    return true;
  }

  /// The S-stage pipeline of tensor copies with its copies on a producer
  /// warp (Passes.td). The loop nest (getLoopNest), the ops before it that
  /// are not uniform and the rest of the kernel become the consumer region
  /// of a tile.warp_specialize; the stages and both sets of barriers are
  /// made before it, once (so the nest may be a persistent kernel's). In
  /// the consumer each iteration waits for its stage's copies (full
  /// barriers), multiplies on warpgroups and releases the stage whose
  /// wgmmas have completed (empty barriers): the previous iteration's where
  /// its own stay in flight, and the last iteration's after the loop's
  /// wait. The producer region runs the nest's loops again, computing what
  /// their bodies compute uniformly before the next loop, and in the
  /// innermost each iteration waits for its stage to be free (at once in
  /// the first round: parity 1 of a fresh barrier) and starts its copies.
  /// Both sides count the stage and its phase on through the whole nest.
  void specializeWarps(
      scf::ForOp loop,
      MutableArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
      int64_t stages) {
    MLIRContext *context = &getContext();
    SmallVector<scf::ForOp> nest = getForNest(loop);
    auto kernel = cast<gpu::GPUFuncOp>(nest.front()->getParentOp());
    Block &entry = kernel.getBody().front();
    UniformValues uniform(nest);
    SmallVector<Operation *> consumed;
    for (Operation &op : entry) {
      if (&op == nest.front().getOperation())
        break;
      if (!uniform.ops.contains(&op))
        consumed.push_back(&op);
    }
    for (Operation *op = nest.front(); op != entry.getTerminator();
         op = op->getNextNode())
      consumed.push_back(op);

    IRRewriter rewriter(context);
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(nest.front());
    auto barriersType = BarriersType::get(context, stages);
    Value full = AllocBarriersOp::create(rewriter, loc, barriersType,
                                         static_cast<int64_t>(loads.size()));
    Value empty =
        AllocBarriersOp::create(rewriter, loc, barriersType, getNumWarps(loop));
    SmallVector<Value> buffers = allocateStages(rewriter, loads, stages);
    auto specialized = WarpSpecializeOp::create(rewriter, loc, kProducerWarps);
    for (Region *region :
         {&specialized.getProducer(), &specialized.getConsumer()})
      WarpSpecializeOp::ensureTerminator(*region, rewriter, loc);
    Block *consumer = &specialized.getConsumer().front();
    for (Operation *op : consumed)
      op->moveBefore(consumer->getTerminator());

    // The producer: the nest again; in its innermost loop each iteration
    // waits for its stage to be free, then starts its copies.
    rewriter.setInsertionPoint(
        specialized.getProducer().front().getTerminator());
    StageConstants producerCounter(rewriter, loc, stages);
    Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value no = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    IRMapping mapping;
    std::function<ValueRange(OpBuilder &, size_t, ValueRange)> produce =
        [&](OpBuilder &builder, size_t level, ValueRange counters) {
          scf::ForOp original = nest[level];
          auto body = [&](OpBuilder &inner, Location at, Value iv,
                          ValueRange carried) {
            mapping.map(original.getInductionVar(), iv);
            if (level + 1 < nest.size()) {
              for (Operation &op : *original.getBody()) {
                if (&op == nest[level + 1].getOperation())
                  break;
                if (uniform.ops.contains(&op))
                  inner.clone(op, mapping);
              }
              scf::YieldOp::create(inner, at,
                                   produce(inner, level + 1, carried));
              return;
            }
            Value stage = carried[0], phase = carried[1];
            BarrierWaitOp::create(inner, at, empty, stage,
                                  arith::XOrIOp::create(inner, at, phase, yes));
            issueCopies(inner, loads, buffers, stage, full, mapping);
            auto [next, wraps] = producerCounter.next(inner, at, stage);
            scf::YieldOp::create(
                inner, at,
                ValueRange{next,
                           arith::XOrIOp::create(inner, at, phase, wraps)});
          };
          return scf::ForOp::create(
                     builder, loc,
                     mapping.lookupOrDefault(original.getLowerBound()),
                     mapping.lookupOrDefault(original.getUpperBound()),
                     mapping.lookupOrDefault(original.getStep()), counters,
                     body)
              .getResults();
        };
    produce(rewriter, 0, ValueRange{producerCounter.zero, no});

    // The consumers: each loop of the nest carries the stage and its phase
    // on, the innermost reading and advancing them.
    rewriter.setInsertionPoint(nest.front());
    StageConstants counter(rewriter, loc, stages);
    SmallVector<Value> initial = {
        counter.zero, arith::ConstantIntOp::create(rewriter, loc, 0, 1)};
    SmallVector<Operation *> carriers(nest.begin(), nest.end());
    if (!carryThroughNest(
            rewriter, carriers, initial,
            [&](OpBuilder &builder, Location at,
                ArrayRef<BlockArgument> carried) -> SmallVector<Value> {
              auto [next, wraps] = counter.next(builder, at, carried[0]);
              return {next,
                      arith::XOrIOp::create(builder, at, carried[1], wraps)};
            }))
      return;
    loop = cast<scf::ForOp>(carriers.back());
    ValueRange carried = loop.getRegionIterArgs().take_back(2);
    Value stage = carried[0];
    rewriter.setInsertionPointToStart(loop.getBody());
    BarrierWaitOp::create(rewriter, loc, full, stage, carried[1]);
    readStages(rewriter, loads, buffers, stage);
    eraseLoads(rewriter, loads);
    numPipelined += loads.size();
    numAsync += loads.size();
    numTensor += loads.size();
    ++numSpecialized;
    Operation *multiply = nullptr;
    for (Operation &op : loop.getBody()->without_terminator())
      if (isa<MmaOp>(op))
        multiply = &op;
    FailureOr<SharedMmaOp> mma = multiplyInSharedMemory(multiply);
    if (failed(mma))
      return; // canSpecializeWarps has checked it fits
    Value iv = loop.getInductionVar();
    Value lowerBound = loop.getLowerBound();
    auto previousOf = [&](OpBuilder &builder, Value of) -> Value {
      Value first = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, of, counter.zero);
      return arith::SelectOp::create(
          builder, loc, first,
          arith::SubIOp::create(builder, loc, counter.count, counter.one),
          arith::SubIOp::create(builder, loc, of, counter.one));
    };
    rewriter.setInsertionPointAfter(*mma);
    if (!overlapWarpgroupMmas(loop, *mma, nullptr, nullptr)) {
      BarrierArriveOp::create(rewriter, loc, empty, stage);
      return;
    }
    // From the second iteration on, the previous iteration's stage; after
    // the loop's wait for its last wgmmas, the last iteration's.
    Value later = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                        iv, lowerBound);
    Value previous = previousOf(rewriter, stage);
    auto release = scf::IfOp::create(rewriter, loc, later);
    rewriter.setInsertionPointToStart(release.thenBlock());
    BarrierArriveOp::create(rewriter, loc, empty, previous);
    auto wait = cast<MmaWaitOp>(loop->getNextNode());
    rewriter.setInsertionPointAfter(wait);
    Value after = loop.getResult(loop.getNumResults() - 2);
    BarrierArriveOp::create(rewriter, loc, empty, previousOf(rewriter, after));
  }

  /// Loads whose tile only warpgroup mmas of pipelined loops take as A,
  /// from the registers (attention's Q, loaded before its loops): on
  /// sm_90a the tile is copied once into a stage of its own where the load
  /// was, and the mmas read it there instead of holding A's fragments in
  /// registers through the loops. The copy's group comes before every
  /// pipeline's, so each loop's first wait (which starts its iterations)
  /// covers it. Only loads outside every loop: the copy runs once.
  void stageInvariantOperands(FunctionOpInterface func) {
    llvm::SmallPtrSet<Operation *, 4> waitedLoops;
    SmallVector<LoadOp> candidates;
    func->walk([&](LoadOp load) { candidates.push_back(load); });
    for (LoadOp load : candidates) {
      Value tile = getStageTile(load);
      auto afterWait = [&](SharedMmaOp mma) {
        return pipelinedLoops.contains(mma->getParentOp());
      };
      // A load in a loop would refill the stage while the previous
      // iteration's mmas (other warpgroups') may still read it.
      if (load->getParentOfType<LoopLikeOpInterface>() || tile.use_empty() ||
          !canCopyAsynchronously(load) ||
          !llvm::all_of(tile.getUses(), [&](OpOperand &use) {
            auto mma = dyn_cast<SharedMmaOp>(use.getOwner());
            return mma && use.getOperandNumber() == 0 && afterWait(mma);
          }))
        continue;
      auto type = cast<TileType>(tile.getType());
      SmallVector<int64_t> shape = {1};
      llvm::append_range(shape, type.getShape());
      IRRewriter rewriter(load->getContext());
      rewriter.setInsertionPoint(load);
      Location loc = load.getLoc();
      Value buffer = AllocSharedOp::create(
          rewriter, loc,
          SharedType::get(&getContext(), shape, type.getElementType()));
      Value first = arith::ConstantIndexOp::create(rewriter, loc, 0);
      AsyncCopyOp::create(rewriter, loc, load.getView(), load.getIndices(),
                          buffer, first, /*barriers=*/Value(),
                          /*barrier=*/Value(), /*tensorMap=*/Value());
      AsyncCommitOp::create(rewriter, loc);
      for (Operation *user : llvm::to_vector(tile.getUsers())) {
        auto mma = cast<SharedMmaOp>(user);
        mma.getAMutable().assign(buffer);
        mma.getStageAMutable().assign(first);
        // A loop of tensor copies waits on barriers, not for groups: the
        // copy's group is waited for before it (after its own copies
        // ahead have started).
        Operation *loop = mma->getParentOp();
        if (tensorLoops.contains(loop) && waitedLoops.insert(loop).second) {
          OpBuilder before(loop);
          AsyncWaitOp::create(before, loc, /*pending=*/0);
        }
      }
      if (ReshapeOp reshape = getUnitDropReshape(load))
        rewriter.eraseOp(reshape);
      rewriter.eraseOp(load);
    }
  }

  /// Keeps each iteration's warpgroup mmas (those of `mma`, the loop's one
  /// multiply) running into the next iteration, where the loop only
  /// accumulates their results (shared_mma `pending = 1`): the iteration's
  /// copies ahead then go after the shared_mma, which has waited for the
  /// previous iteration's, whose stage they refill; after the loop, a
  /// tile.mma_wait waits for the last.
  ///
  /// A specialized loop has no copies (`copies` null): its producer refills
  /// the stages once the consumers release them.
  ///
  /// Not where A is a tile the iteration computes: wgmma reads A's
  /// registers while it runs, and the next iteration would write them
  /// before the wait (PTX leaves that undefined; ptxas does not guard it,
  /// and a transposed A came out wrong).
  bool overlapWarpgroupMmas(scf::ForOp loop, SharedMmaOp mma, Operation *copies,
                            Operation *commit) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    auto arg = dyn_cast<BlockArgument>(mma.getAcc());
    if (!mma->hasOneUse() || *mma->user_begin() != yield.getOperation() ||
        !arg || arg.getOwner() != loop.getBody() || !arg.hasOneUse())
      return false;
    if (!mma.getStageA() &&
        loop.getBodyRegion().isAncestor(mma.getA().getParentRegion()))
      return false;
    int64_t carried = arg.getArgNumber() - 1;
    if (yield.getOperand(carried) != mma.getResult())
      return false;
    mma.setPending(1);
    // Each warpgroup waits for its own mmas: the others' may still read
    // the stage until all have passed their waits. (With one warpgroup,
    // its mmas are the CTA's: its wait is every thread's, and the copies
    // need no barrier.) Tensor copies then need none after their barrier's
    // wait either: that one only kept the copies at the iteration's start
    // behind the previous iteration's reads.
    if (copies) {
      copies->moveAfter(mma);
      if (commit)
        commit->moveAfter(copies);
      if (getNumWarps(loop) > 4) {
        OpBuilder barrier(copies);
        gpu::BarrierOp::create(barrier, loop.getLoc());
      }
    }
    for (Operation &op : *loop.getBody())
      if (isa<BarrierWaitOp>(op)) {
        if (auto after = dyn_cast_or_null<gpu::BarrierOp>(op.getNextNode()))
          after->erase();
        break;
      }
    // The loop and its wait run where the loop has iterations: the path
    // that skips it then holds no moves into the accumulators' registers
    // between the mmas and the wait (which ptxas would answer by waiting
    // after every mma).
    Location loc = loop.getLoc();
    OpBuilder builder(loop);
    Value runs =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    auto ifOp = scf::IfOp::create(builder, loc, loop.getResultTypes(), runs,
                                  /*withElseRegion=*/true);
    for (auto [result, replacement] :
         llvm::zip(loop.getResults(), ifOp.getResults()))
      result.replaceAllUsesWith(replacement);
    builder.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(builder, loc, loop.getInitArgs());
    builder.setInsertionPointToStart(ifOp.thenBlock());
    loop->moveBefore(ifOp.thenBlock(), ifOp.thenBlock()->end());
    SmallVector<Value> results(loop.getResults());
    results[carried] =
        MmaWaitOp::create(builder, loc, ValueRange{results[carried]},
                          /*pending=*/0)
            .getResult(0);
    scf::YieldOp::create(builder, loc, results);
    return true;
  }

  /// Whether every mma of `loop` would run as a warpgroup mma (see
  /// fitsWarpgroupMma) once `loads` copy into stages: B one of them, A
  /// another or a tile in registers. Such a loop keeps its operands in
  /// shared memory, not in registers, and its stages pay even where it
  /// works on its products (attention: the scores and P stay in registers,
  /// K and V never enter them).
  bool multipliesOnWarpgroups(
      scf::ForOp loop,
      ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads) {
    bool any = false;
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (!isa<MmaOp, MatmulOp>(op))
        continue;
      auto [a, transposedA] = findLoad(loads, op.getOperand(0));
      auto [b, transposedB] = findLoad(loads, op.getOperand(1));
      // A converted A (getOperandConvert) goes from the registers; a
      // converted B is no stage the warpgroup mma reads.
      if (a && getOperandConvert(a))
        a = {};
      if (!b || getOperandConvert(b) || !canCopyAsynchronously(b) ||
          (a && (transposedA || !canCopyAsynchronously(a))) ||
          !fitsWarpgroupMma(&op, bool(a), transposedB))
        return false;
      any = true;
    }
    return any;
  }

  /// Whether `loop`'s products do fewer than 32 flops for each byte
  /// `loads` bring in an iteration: the loop streams its operands (a
  /// decode's attention, a block of keys against a few queries: 8 flops a
  /// byte), and its loads' latency, not its math, bounds it; stages ahead
  /// pay there even where the loop works on its products on mma.sync
  /// (TileGym's grouped flash decode, 128 keys against 8 queries an
  /// iteration: 0.166 ms unstaged). Attention's forward pass does 128 a
  /// byte at head dim 64.
  static bool
  boundByLoads(scf::ForOp loop,
               ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads) {
    int64_t flops = 0, bytes = 0;
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (!isa<MmaOp, MatmulOp>(op))
        continue;
      auto a = cast<TileType>(op.getOperand(0).getType());
      auto result = cast<TileType>(op.getResult(0).getType());
      if (a.getRank() < 2)
        return false;
      flops += 2 * result.getNumElements() * a.getShape().back();
    }
    for (auto &entry : loads) {
      LoadOp load = entry.first;
      bytes += getTileBytes(load.getType());
    }
    return flops < 32 * bytes;
  }

  /// The warps of `op`'s kernel: its tile.num_warps, else the option.
  int64_t getNumWarps(Operation *op) {
    auto func = op->getParentOfType<FunctionOpInterface>();
    TileDialect::NumWarpsAttrHelper numWarpsAttr(&getContext());
    if (IntegerAttr warps = func ? numWarpsAttr.getAttr(func) : nullptr)
      return warps.getInt();
    return numWarps;
  }

  /// An mma (or matmul) of two whole stages becomes a tile.shared_mma, on
  /// the warpgroup mma of sm_90a: f16 or bf16 operands (B from a stage of
  /// B or of Bᵀ), or 8-bit floats with B from a stage of Bᵀ (wgmma reads
  /// them K-major only); a float32 accumulator, whole warpgroups that each
  /// take 64 rows (16 a warp) at a time, N a multiple of 8 up to 256, and K
  /// a multiple of a wgmma's (32 bytes: rows of at least 32 bytes in both
  /// stages, the narrowest swizzle wgmma reads).
  ///
  /// A that is not a whole stage (a tile the iteration computes, as
  /// attention's P, or one from before the loop, as its Q) goes from the
  /// registers: 16-bit floats only.
  FailureOr<SharedMmaOp> multiplyInSharedMemory(Operation *op) {
    if (FailureOr<SharedMmaOp> mma = multiplyRounded(op); succeeded(mma))
      return mma;
    auto a = op->getOperand(0).getDefiningOp<LocalLoadOp>();
    auto b = op->getOperand(1).getDefiningOp<LocalLoadOp>();
    bool sharedA = a && !a.getOffsets() && !a.getTranspose() && a->hasOneUse();
    if (!b || b.getOffsets() || !b->hasOneUse() ||
        !fitsWarpgroupMma(op, sharedA, b.getTranspose()))
      return failure();
    auto result = cast<TileType>(op->getResult(0).getType());
    OpBuilder builder(op);
    Value acc = isa<MmaOp>(op) ? op->getOperand(2) : Value();
    if (!acc)
      acc = ConstantOp::create(builder, op->getLoc(), result,
                               builder.getF32FloatAttr(0.0f));
    auto product = SharedMmaOp::create(
        builder, op->getLoc(), result,
        sharedA ? a.getBuffer() : op->getOperand(0), b.getBuffer(),
        b.getStage(), acc, sharedA ? a.getStage() : Value(),
        /*pending=*/0, b.getTranspose());
    op->getResult(0).replaceAllUsesWith(product.getResult());
    op->erase();
    if (sharedA)
      a->erase();
    b->erase();
    return product;
  }

  /// The conversion an operand of an mma is of the whole stage a
  /// local_load reads, each used once; null where the operand is no such
  /// conversion.
  static ConvertOp getConvertedStage(Value operand) {
    auto convert = operand.getDefiningOp<ConvertOp>();
    auto load =
        convert ? convert.getSource().getDefiningOp<LocalLoadOp>() : nullptr;
    if (!load || load.getOffsets() || !load->hasOneUse() ||
        !convert->hasOneUse())
      return {};
    return convert;
  }

  /// How an mma (or matmul) `op` of the conversions `a` and `b` (null: no
  /// such conversion) of two float32 stages to tfloat32 has each stage
  /// rounded once an iteration, rather than each operand fragment in every
  /// warp that reads it: on warpgroups (multiplyRounded), or on mma.sync
  /// (roundStagesOnce); None where `op` is no such product.
  enum class StageRounding { None, Warpgroup, MmaSync };
  StageRounding getStageRounding(Operation *op, ConvertOp a, ConvertOp b) {
    if (!a || !b || a == b || !a.getType().getElementType().isTF32() ||
        !b.getType().getElementType().isTF32() ||
        !a.getSource().getType().getElementType().isF32() ||
        !b.getSource().getType().getElementType().isF32())
      return StageRounding::None;
    if (fitsWarpgroupMma(op, /*sharedA=*/true, /*transposedB=*/true))
      return StageRounding::Warpgroup;
    return fitsMmaSync(op) ? StageRounding::MmaSync : StageRounding::None;
  }

  /// Whether the mma (or matmul) `op` of 2-D tiles has an mma.sync for its
  /// operand and accumulator dtypes on the kernel's chip, and whole steps
  /// of it (16 rows, 8 columns, 256 bits of K).
  bool fitsMmaSync(Operation *op) {
    std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
    auto a = cast<TileType>(op->getOperand(0).getType());
    auto result = cast<TileType>(op->getResult(0).getType());
    if (!chip || chip->host || a.getRank() != 2 || result.getRank() != 2)
      return false;
    int64_t minimumSm =
        getMmaSyncMinimumSm(a.getElementType(), result.getElementType());
    return minimumSm && chip->sm >= minimumSm &&
           result.getShape()[0] % 16 == 0 && result.getShape()[1] % 8 == 0 &&
           a.getShape()[1] % (256 / getStorageBits(a.getElementType())) == 0;
  }

  /// The shared memory the rounded stages of `loop`'s mmas of two stages
  /// of `loads` as tfloat32 take (getStageRounding): two stages of each
  /// operand on warpgroups, one on mma.sync.
  int64_t getRoundedStageBytes(
      scf::ForOp loop,
      ArrayRef<std::pair<LoadOp, SmallVector<Operation *>>> loads,
      bool &warpgroups) {
    int64_t bytes = 0;
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (!isa<MmaOp, MatmulOp>(op))
        continue;
      auto [a, transposedA] = findLoad(loads, op.getOperand(0));
      auto [b, transposedB] = findLoad(loads, op.getOperand(1));
      ConvertOp convertA = a ? getOperandConvert(a) : nullptr;
      ConvertOp convertB = b ? getOperandConvert(b) : nullptr;
      StageRounding rounding = getStageRounding(&op, convertA, convertB);
      if (rounding == StageRounding::None)
        continue;
      warpgroups |= rounding == StageRounding::Warpgroup;
      int64_t stages = rounding == StageRounding::Warpgroup ? 2 : 1;
      bytes += stages * (getTileBytes(convertA.getType()) +
                         getTileBytes(convertB.getType()));
    }
    return bytes;
  }

  /// An mma (or matmul) of two float32 stages as tfloat32 (`astype`, the
  /// loads' getOperandConvert) on warpgroups, sm_90a: wgmma reads tf32
  /// operands from shared memory K-major only, and would not round them.
  /// Each iteration rounds its two stages once (every thread its part of
  /// them, as the conversion says) into stages of tf32 of their own in the
  /// order wgmma reads, A as it is and B as Bᵀ (tile.local_store, B
  /// transposed), then a CTA barrier, then one tile.shared_mma of those
  /// (`transpose`). Two stages of each, taken in turn: an iteration's
  /// rounding writes the stage the mmas of two iterations before read,
  /// which have completed (overlapWarpgroupMmas keeps at most the previous
  /// iteration's running, and a barrier follows each warpgroup's wait),
  /// while the previous iteration's mmas may still run.
  FailureOr<SharedMmaOp> multiplyRounded(Operation *op) {
    auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
    ConvertOp convertA = getConvertedStage(op->getOperand(0));
    ConvertOp convertB = getConvertedStage(op->getOperand(1));
    if (!loop || !roundsInStages ||
        getStageRounding(op, convertA, convertB) != StageRounding::Warpgroup)
      return failure();
    Location loc = op->getLoc();
    MLIRContext *context = &getContext();
    TileType typeA = convertA.getType(), typeB = convertB.getType();
    int64_t m = typeA.getShape()[0], k = typeA.getShape()[1],
            n = typeB.getShape()[1];
    Type tf32 = typeA.getElementType();
    OpBuilder builder(loop);
    Value roundedA = AllocSharedOp::create(
        builder, loc, SharedType::get(context, {2, m, k}, tf32));
    Value roundedB = AllocSharedOp::create(
        builder, loc, SharedType::get(context, {2, n, k}, tf32));
    // The turn: ((iv - lb) / step) mod 2, at the top of the iteration.
    builder.setInsertionPointToStart(loop.getBody());
    Value iterations = arith::DivUIOp::create(
        builder, loc,
        arith::SubIOp::create(builder, loc, loop.getInductionVar(),
                              loop.getLowerBound()),
        loop.getStep());
    Value turn =
        arith::RemUIOp::create(builder, loc, iterations,
                               arith::ConstantIndexOp::create(builder, loc, 2));
    builder.setInsertionPoint(op);
    LocalStoreOp::create(builder, loc, convertA.getResult(), roundedA, turn,
                         UnitAttr());
    LocalStoreOp::create(builder, loc, convertB.getResult(), roundedB, turn,
                         builder.getUnitAttr());
    gpu::BarrierOp::create(builder, loc);
    auto result = cast<TileType>(op->getResult(0).getType());
    Value acc = isa<MmaOp>(op) ? op->getOperand(2) : Value();
    if (!acc)
      acc = ConstantOp::create(builder, loc, result,
                               builder.getF32FloatAttr(0.0f));
    auto product = SharedMmaOp::create(builder, loc, result, roundedA, roundedB,
                                       turn, acc, turn,
                                       /*pending=*/0, /*transpose=*/true);
    op->getResult(0).replaceAllUsesWith(product.getResult());
    op->erase();
    return product;
  }

  /// An mma (or matmul) of two float32 stages as tfloat32 (`astype`, the
  /// loads' getOperandConvert) on mma.sync: each iteration rounds its two
  /// stages once (every thread its part of them, as the conversion says,
  /// 16 bytes at a time) into a stage of tf32 of each operand's own, then a
  /// CTA barrier, then the mma reads its operands from those, where each
  /// warp would otherwise round every fragment it reads (a fragment of A
  /// is read by each warp along N, one of B by each along M). One stage of
  /// each is enough: the mmas read their fragments before the next
  /// iteration's wait for its copies, a barrier (tile.async_wait), which
  /// every thread passes before it rounds again. B's stage is
  /// `interleaved` where its rows are 128 bytes or more: a step's lanes read
  /// its rows t and t + 4 (t < 4), which the swizzle alone leaves two to a
  /// bank. Returns the mma, which splitAlongDepth then cuts along K.
  Operation *roundStagesOnce(Operation *op) {
    auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
    ConvertOp convertA = getConvertedStage(op->getOperand(0));
    ConvertOp convertB = getConvertedStage(op->getOperand(1));
    if (!loop || !roundsInStages ||
        getStageRounding(op, convertA, convertB) != StageRounding::MmaSync)
      return op;
    Location loc = op->getLoc();
    MLIRContext *context = &getContext();
    TileType typeA = convertA.getType(), typeB = convertB.getType();
    OpBuilder builder(loop);
    auto allocate = [&](TileType type, bool interleaved) -> Value {
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, type.getShape());
      return AllocSharedOp::create(
          builder, loc,
          SharedType::get(context, shape, type.getElementType(), interleaved));
    };
    Value roundedA = allocate(typeA, /*interleaved=*/false);
    Value roundedB = allocate(
        typeB, typeB.getShape()[1] * getStorageBits(typeB.getElementType()) >=
                   8 * 128);
    builder.setInsertionPoint(op);
    Value stage = arith::ConstantIndexOp::create(builder, loc, 0);
    LocalStoreOp::create(builder, loc, convertA.getResult(), roundedA, stage,
                         UnitAttr());
    LocalStoreOp::create(builder, loc, convertB.getResult(), roundedB, stage,
                         UnitAttr());
    gpu::BarrierOp::create(builder, loc);
    op->setOperand(0, LocalLoadOp::create(builder, loc, typeA, roundedA, stage,
                                          DenseI64ArrayAttr(), UnitAttr()));
    op->setOperand(1, LocalLoadOp::create(builder, loc, typeB, roundedB, stage,
                                          DenseI64ArrayAttr(), UnitAttr()));
    ++numRoundedOnce;
    return op;
  }

  /// Whether the mma (or matmul) `op` can run as a warpgroup mma, with A
  /// from shared memory (`sharedA`) or registers and B from a stage of B
  /// or of Bᵀ (`transposedB`): sm_90a; f16 or bf16 operands, B either
  /// way; 8-bit floats from shared memory with B K-major (a stage of Bᵀ:
  /// the only way wgmma reads them); a float32 accumulator, whole
  /// warpgroups that each take 64 rows (16 a warp) at a time, N a multiple
  /// of 8 from 16 to 256, and K a multiple of a wgmma's (32 bytes: rows of
  /// at least 32 bytes, the narrowest swizzle wgmma reads).
  bool fitsWarpgroupMma(Operation *op, bool sharedA, bool transposedB) {
    std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
    if (!chip || chip->host || chip->sm != 90 || chip->variant != 'a')
      return false;
    auto a = cast<TileType>(op->getOperand(0).getType());
    auto result = cast<TileType>(op->getResult(0).getType());
    if (a.getRank() != 2 || result.getRank() != 2 ||
        !result.getElementType().isF32())
      return false;
    Type element = a.getElementType();
    bool halves = isa<Float16Type, BFloat16Type>(element);
    bool quarters = isa<Float8E4M3FNType, Float8E5M2Type>(element) && sharedA &&
                    transposedB;
    bool words = element.isTF32() && sharedA && transposedB;
    if (!halves && !quarters && !words)
      return false;
    int64_t m = result.getShape()[0], n = result.getShape()[1];
    int64_t k = a.getShape()[1];
    int64_t warps = getNumWarps(op);
    return warps % 4 == 0 && m % (16 * warps) == 0 && n % 8 == 0 && n <= 256 &&
           n >= 16 && k % (256 / getStorageBits(element)) == 0;
  }

  /// An mma (or matmul) on tensor cores of a local_load or two, cut along
  /// K into the steps of its mma.sync (K = 256 / the operands' bits) that
  /// read their slices of the stages: the fragments of one step then load
  /// while the previous step multiplies, and fewer of them are live at
  /// once. An operand in registers (a decode's queries, attention's P) is
  /// cut into the steps' sub-tiles (tile.extract at constant indices, whose
  /// registers tile-assign-layouts keeps).
  void splitAlongDepth(Operation *op) {
    // Each operand a local_load, or the conversion of one
    // (getOperandConvert), converted a slice at a time.
    auto peel = [](Value operand) -> std::pair<LocalLoadOp, ConvertOp> {
      if (auto convert = operand.getDefiningOp<ConvertOp>())
        if (auto load = convert.getSource().getDefiningOp<LocalLoadOp>();
            load && load->hasOneUse())
          return {load, convert};
      return {operand.getDefiningOp<LocalLoadOp>(), ConvertOp()};
    };
    auto [a, convertA] = peel(op->getOperand(0));
    auto [b, convertB] = peel(op->getOperand(1));
    auto result = cast<TileType>(op->getResult(0).getType());
    Type element = cast<TileType>(op->getOperand(0).getType()).getElementType();
    if ((!a && !b) || result.getRank() != 2 ||
        cast<TileType>(op->getOperand(1).getType()).getElementType() !=
            element ||
        !getMmaSyncMinimumSm(element, result.getElementType()))
      return;
    int64_t kStep = 256 / getStorageBits(element);
    int64_t m = result.getShape()[0], n = result.getShape()[1];
    int64_t depth = cast<TileType>(op->getOperand(0).getType()).getShape()[1];
    if (depth <= kStep || depth % kStep != 0)
      return;
    OpBuilder builder(op);
    Value acc = isa<MmaOp>(op) ? op->getOperand(2) : Value();
    // A slice of the stage `load` reads, converted as `convert` does.
    auto slice = [&](LocalLoadOp load, ConvertOp convert,
                     ArrayRef<int64_t> shape,
                     ArrayRef<int64_t> origin) -> Value {
      Value tile = LocalLoadOp::create(
          builder, load.getLoc(),
          TileType::get(&getContext(), shape, load.getType().getElementType()),
          load.getBuffer(), load.getStage(),
          builder.getDenseI64ArrayAttr(origin), load.getTransposeAttr());
      if (!convert)
        return tile;
      return ConvertOp::create(builder, convert.getLoc(),
                               TileType::get(&getContext(), shape, element),
                               tile, convert.getRoundingAttr(),
                               convert.getFtzAttr());
    };
    // Step `k`'s sub-tile of `shape` of a tile in registers (K along
    // `axis`).
    auto extract = [&](Value tile, ArrayRef<int64_t> shape, int64_t axis,
                       int64_t k) -> Value {
      SmallVector<Value> indices;
      for (int64_t d = 0; d < 2; ++d)
        indices.push_back(ConstantOp::create(
            builder, op->getLoc(), getIndexScalarType(&getContext()),
            builder.getIntegerAttr(
                builder.getIntegerType(32, /*isSigned=*/true),
                d == axis ? k / kStep : 0)));
      auto type = cast<TileType>(tile.getType());
      return ExtractOp::create(
          builder, op->getLoc(),
          TileType::get(&getContext(), shape, type.getElementType()), tile,
          indices);
    };
    // Step `k` of operand `index` (of `shape`, K along `axis`: 1 for A, 0
    // for B): its slice of the stage `load` reads (K along the other axis
    // where the stage holds the operand transposed), else its sub-tile of
    // the registers.
    auto step = [&](LocalLoadOp load, ConvertOp convert, int64_t index,
                    ArrayRef<int64_t> shape, int64_t axis, int64_t k) -> Value {
      if (!load)
        return extract(op->getOperand(index), shape, axis, k);
      SmallVector<int64_t> origin = load.getOrigin();
      origin[load.getTranspose() ? 1 - axis : axis] += k;
      return slice(load, convert, shape, origin);
    };
    for (int64_t k = 0; k < depth; k += kStep) {
      Value sliceA = step(a, convertA, 0, {m, kStep}, 1, k);
      Value sliceB = step(b, convertB, 1, {kStep, n}, 0, k);
      acc =
          acc ? MmaOp::create(builder, op->getLoc(), result, sliceA, sliceB,
                              acc)
                    .getResult()
              : MatmulOp::create(builder, op->getLoc(), result, sliceA, sliceB)
                    .getResult();
    }
    op->getResult(0).replaceAllUsesWith(acc);
    op->erase();
    if (convertA && convertA->use_empty())
      convertA->erase();
    if (convertB && convertB != convertA && convertB->use_empty())
      convertB->erase();
    if (a && a->use_empty())
      a->erase();
    if (b && b != a && b->use_empty())
      b->erase();
  }
};

} // namespace
