//===- AssignLayouts.cpp - distributed layouts for every tile -------------===//
//
// Implements `tile-assign-layouts`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Target/IR/TargetDialect.h"
#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <map>

namespace cudapy::tile {
#define GEN_PASS_DEF_TILEASSIGNLAYOUTSPASS
#include "dialects/Tile/Transforms/Passes.h.inc"
} // namespace cudapy::tile

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

/// The attribute that sets a kernel's warps per CTA.

static TileType getTile(Value value) {
  return dyn_cast<TileType>(value.getType());
}

static bool needsLayout(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getRank() > 0;
}

/// Tile dimensions from the fastest varying in memory: a view's tile
/// dimension k runs along array dimension order[k]; array dimensions sort by
/// static stride (dynamic strides count as large, the last dimension first
/// among equals: row-major).
static SmallVector<int64_t> getMemoryOrder(ViewType view) {
  ArrayRef<int64_t> strides = view.getArray().getStrides();
  ArrayRef<int64_t> order = view.getOrder();
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(0, order.size()));
  auto key = [&](int64_t k) {
    int64_t stride = strides[order[k]];
    return ShapedType::isDynamic(stride) ? std::numeric_limits<int64_t>::max()
                                         : stride;
  };
  std::stable_sort(dims.begin(), dims.end(), [&](int64_t a, int64_t b) {
    if (key(a) != key(b))
      return key(a) < key(b);
    return order[a] > order[b];
  });
  return dims;
}

namespace {

/// The layouts of one function.
class LayoutAssigner {
public:
  LayoutAssigner(FunctionOpInterface func, int64_t numWarps)
      : func(func), numWarps(numWarps), context(func->getContext()) {
    // Tensor cores where the module's chip has mma.sync.
    std::optional<CompileTarget> chip = target::getCompileTargetFor(func, "");
    if (chip && !chip->host)
      sm = chip->sm;
    ptxVersion = target::getPtxVersionFor(func).value_or(0);
  }

  /// Assigns the function's layouts. A loop carries each tile in the
  /// layout its body yields it in (its initial value converted once, before
  /// the loop), which is known only once the body has layouts: the
  /// assignment first runs on copies of the function (diagnostics muted)
  /// until the yielded layouts settle, at most three times.
  LogicalResult run() {
    bool carriesTiles = false;
    func.getFunctionBody().walk([&](scf::ForOp loop) {
      carriesTiles |= llvm::any_of(loop.getInitArgs().getTypes(), needsLayout);
    });
    for (int round = 0; carriesTiles && round < 3; ++round) {
      OpBuilder builder(func);
      auto copy = cast<FunctionOpInterface>(builder.clone(*func));
      LayoutAssigner trial(copy, numWarps);
      trial.loopHints = loopHints;
      LogicalResult result = failure();
      {
        ScopedDiagnosticHandler mute(context,
                                     [](Diagnostic &) { return success(); });
        result = trial.assignAll();
      }
      copy->erase();
      if (failed(result) || trial.yieldLayouts == loopHints)
        break;
      loopHints = trial.yieldLayouts;
    }
    if (failed(assignAll()))
      return failure();
    hoistInvariantConversions();
    return success();
  }

private:
  /// The assignment proper: see run.
  LogicalResult assignAll() {
    // Before any op is assigned: an op that meets such an argument finds
    // no layout on it.
    for (BlockArgument arg : func.getArguments())
      if (needsLayout(arg.getType()))
        return func.emitOpError("takes a tile of rank ")
               << getTile(arg).getRank()
               << " as an argument; tiles live in registers, pass an array";
    int64_t index = 0;
    func.getFunctionBody().walk<WalkOrder::PreOrder>(
        [&](scf::ForOp loop) { loopIndex[loop] = index++; });
    chooseKernelLayouts();
    WalkResult result = func.getFunctionBody().walk<WalkOrder::PreOrder>(
        [&](Operation *op) -> WalkResult {
          if (failed(assign(op)))
            return WalkResult::interrupt();
          for (Region &region : op->getRegions())
            for (Block &block : region)
              for (BlockArgument arg : block.getArguments())
                if (needsLayout(arg.getType()) && !getTile(arg).getEncoding())
                  return op->emitOpError(
                             "carries tile values through a region, which "
                             "the layout assignment does not support yet"),
                         WalkResult::interrupt();
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      return failure();
    foldConversionsIntoProducers();
    return success();
  }

  /// Conversions of values defined outside the loops around them move
  /// before those loops: made once, not every iteration.
  void hoistInvariantConversions() {
    func.getFunctionBody().walk([&](ConvertLayoutOp op) {
      if (op.use_empty())
        return op.erase();
      while (auto loop = dyn_cast<scf::ForOp>(op->getParentOp())) {
        if (!loop.isDefinedOutsideOfLoop(op.getSource()))
          break;
        op->moveBefore(loop);
      }
    });
  }

  /// Whether a gather's or scatter's `indices` read windows of `array`
  /// along the tile's last dimension (indexesWindows, those a check of the
  /// indices confirms too), which the lowering moves as vectors when each
  /// thread holds runs of 16 bytes.
  static bool readsWindows(ArrayType array, ValueRange indices, TileType tile) {
    bool checked = false;
    return tile.getRank() > 0 &&
           indexesWindows(array, indices, tile.getRank() - 1, &checked);
  }

  /// Per rank, the coalesced layout of the largest load or store of that
  /// rank; gathers and scatters that read windows of their array count as
  /// row-major accesses (others keep the layout the loads and stores give:
  /// runs of elements a thread holds would spread each of their scalar
  /// accesses over more sectors).
  void chooseKernelLayouts() {
    std::map<int64_t, int64_t> largest;
    func.getFunctionBody().walk([&](Operation *op) {
      TileType tile;
      SmallVector<int64_t> order;
      if (auto load = dyn_cast<LoadOp>(op)) {
        tile = load.getView().getType().getTileType();
        order = getMemoryOrder(load.getView().getType());
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        tile = store.getView().getType().getTileType();
        order = getMemoryOrder(store.getView().getType());
      } else if (auto gather = dyn_cast<GatherOp>(op);
                 gather &&
                 readsWindows(gather.getArray().getType(), gather.getIndices(),
                              gather.getType())) {
        tile = gather.getType();
      } else if (auto scatter = dyn_cast<ScatterOp>(op);
                 scatter && readsWindows(scatter.getArray().getType(),
                                         scatter.getIndices(),
                                         scatter.getValue().getType())) {
        tile = scatter.getValue().getType();
      } else {
        return;
      }
      int64_t rank = tile.getRank(), elements = tile.getNumElements();
      if (rank == 0 || (largest.count(rank) && largest[rank] >= elements))
        return;
      if (order.empty())
        order = llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank)));
      largest[rank] = elements;
      kernelLayouts[rank] = getCoalescedLayout(
          context, tile.getShape(), getStorageBits(tile.getElementType()),
          order, numWarps);
    });
  }

  /// The kernel's layout for tiles of `tile`'s rank: its memory accesses';
  /// for ranks that no load or store has, the slices of a higher rank's
  /// along its leading dimensions (which broadcasts add back), else
  /// row-major and 32-bit.
  Attribute getKernelLayout(TileType tile) {
    int64_t rank = tile.getRank();
    auto found = kernelLayouts.find(rank);
    if (found != kernelLayouts.end())
      return found->second;
    auto higher = kernelLayouts.upper_bound(rank);
    if (higher != kernelLayouts.end()) {
      Attribute layout = higher->second;
      for (int64_t d = rank; d < higher->first; ++d)
        layout = SliceLayoutAttr::get(context, 0,
                                      cast<DistributedLayoutInterface>(layout));
      return kernelLayouts[rank] = layout;
    }
    SmallVector<int64_t> order;
    for (int64_t d = rank - 1; d >= 0; --d)
      order.push_back(d);
    return kernelLayouts[rank] = getCoalescedLayout(
               context, tile.getShape(), getStorageBits(tile.getElementType()),
               order, numWarps);
  }

  /// The dtype in which operands of `dtype` reach mma.sync for an
  /// accumulator of `accumulator`: their own where the chip has an mma.sync
  /// for the pair (getMmaSyncMinimumSm), fp8 as f16 where only the PTX ISA
  /// (fp8 mma.sync needs 8.4) or the chip (sm_89) is missing (exact: f16
  /// holds every fp8 value, and the products accumulate in f32); null where
  /// tensor cores do not take them.
  Type getTensorCoreOperandType(Type dtype, Type accumulator) {
    int64_t minimumSm = getMmaSyncMinimumSm(dtype, accumulator);
    if (minimumSm == 0)
      return {};
    bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(dtype);
    if (sm >= minimumSm && (!fp8 || ptxVersion >= 84))
      return dtype;
    Type f16 = Float16Type::get(context);
    if (fp8 && sm >= getMmaSyncMinimumSm(f16, accumulator))
      return f16;
    return {};
  }

  /// The accumulator layout of `op` (a tile.mma or tile.matmul) on tensor
  /// cores: mma.sync m16n8kK where the chip has it for the operand and
  /// accumulator dtypes (getTensorCoreOperandType) and the warps split the
  /// result into whole 16x8 blocks (rows first while a warp's share is the
  /// taller); null otherwise.
  Attribute getTensorCoreLayout(Operation *op) {
    TileType a = getTile(op->getOperand(0)), b = getTile(op->getOperand(1));
    TileType result = getTile(op->getResult(0));
    Type dtype = a.getElementType();
    Type operandType = getTensorCoreOperandType(dtype, result.getElementType());
    if (result.getRank() != 2 || b.getElementType() != dtype || !operandType)
      return {};
    int64_t m = result.getShape()[0], n = result.getShape()[1],
            k = a.getShape()[1];
    if (m % 16 != 0 || n % 8 != 0 ||
        k % (256 / getStorageBits(operandType)) != 0)
      return {};
    int64_t rowWarps = 1, columnWarps = 1;
    for (int64_t warps = numWarps; warps > 1; warps /= 2) {
      bool rowsFit = m % (32 * rowWarps) == 0,
           columnsFit = n % (16 * columnWarps) == 0;
      if (rowsFit && (!columnsFit || m / rowWarps >= n / columnWarps))
        rowWarps *= 2;
      else if (columnsFit)
        columnWarps *= 2;
      else
        return {};
    }
    return MmaAccumulatorLayoutAttr::get(context, {rowWarps, columnWarps});
  }

  /// Whether `mma`, of `loop`'s body, accumulates into `arg`: a chain of
  /// mmas of the body (one per step of K) leads from `arg` to it.
  static bool accumulatesInto(Operation *mma, Value arg, scf::ForOp loop) {
    while (mma && isa<MmaOp, SharedMmaOp>(mma) && mma->getParentOp() == loop) {
      Value acc = isa<MmaOp>(mma) ? cast<MmaOp>(mma).getAcc()
                                  : cast<SharedMmaOp>(mma).getAcc();
      if (acc == arg)
        return true;
      mma = acc.getDefiningOp();
    }
    return false;
  }

  /// The layout of the accumulator of `op` (tile.mma, tile.matmul or
  /// tile.shared_mma) on tensor cores; null where they do not take it.
  Attribute getAccumulatorLayout(Operation *op) {
    if (isa<SharedMmaOp>(op))
      return getWarpgroupLayout();
    return getTensorCoreLayout(op);
  }

  /// The accumulator layout of a warpgroup mma (wgmma m64nN): warp w holds
  /// rows 16 w to 16 w + 15 of each 16 * numWarps, warpgroup g the 64 from
  /// 64 g, each warp's 16 x N as mma.sync's m16n8 accumulator blocks.
  Attribute getWarpgroupLayout() {
    return MmaAccumulatorLayoutAttr::get(context, {numWarps, 1});
  }

  /// The operands of a tensor-core mma (operands 0 and 1) in the fragment
  /// layouts of its accumulator layout `layout`.
  /// Operands whose dtype mma.sync does not take (getTensorCoreOperandType)
  /// are converted to the one it takes, in the fragment layout.
  void convertOperandsForTensorCores(Operation *op, Attribute layout) {
    auto accumulator = cast<MmaAccumulatorLayoutAttr>(layout);
    Type operandType =
        getTensorCoreOperandType(getTile(op->getOperand(0)).getElementType(),
                                 getTile(op->getResult(0)).getElementType());
    for (int64_t i = 0; i < 2; ++i) {
      OpOperand &operand = op->getOpOperand(i);
      Attribute fragments = MmaOperandLayoutAttr::get(
          context, i, getStorageBits(operandType), accumulator);
      Value value = convertTo(operand.get(), fragments, op);
      TileType type = getTile(value);
      if (type.getElementType() != operandType) {
        OpBuilder builder(op);
        value = ConvertOp::create(
            builder, op->getLoc(),
            TileType::get(context, type.getShape(), operandType, fragments),
            value, RoundingModeAttr(), UnitAttr());
      }
      operand.set(value);
    }
  }

  /// The fragment layout of `arg` where every use of it is the same
  /// operand (A or B) of mmas on tensor cores of one accumulator layout;
  /// null otherwise.
  Attribute getCarriedOperandLayout(Value arg) {
    Attribute fragments;
    for (OpOperand &use : arg.getUses()) {
      Operation *user = use.getOwner();
      Attribute accumulator =
          isa<MmaOp, MatmulOp>(user) && use.getOperandNumber() < 2
              ? getTensorCoreLayout(user)
              : Attribute();
      if (!accumulator)
        return {};
      Type operandType = getTensorCoreOperandType(
          getTile(user->getOperand(0)).getElementType(),
          getTile(user->getResult(0)).getElementType());
      Attribute layout = MmaOperandLayoutAttr::get(
          context, use.getOperandNumber(), getStorageBits(operandType),
          cast<MmaAccumulatorLayoutAttr>(accumulator));
      if (fragments && layout != fragments)
        return {};
      fragments = layout;
    }
    return fragments;
  }

  void setLayout(Value value, Attribute layout) {
    value.setType(getTile(value).withEncoding(layout));
  }

  /// Whether `extract` takes a step of its source along one dimension (the
  /// other extents whole) at constant indices: an mma operand's step along
  /// K (tile-pipeline-loads' splitAlongDepth).
  static bool isConstantStep(ExtractOp extract) {
    ArrayRef<int64_t> sub = extract.getType().getShape(),
                      full = extract.getSource().getType().getShape();
    int64_t cut = 0;
    for (auto [part, whole] : llvm::zip(sub, full))
      cut += part != whole;
    return cut <= 1 && llvm::all_of(extract.getIndices(), [](Value index) {
             return index.getDefiningOp<ConstantOp>() != nullptr;
           });
  }

  /// `value` in `layout`, through a tile.convert_layout before `user` when
  /// it has another.
  Value convertTo(Value value, Attribute layout, Operation *user) {
    TileType tile = getTile(value);
    if (tile.getEncoding() == layout)
      return value;
    // A conversion of a conversion converts the original.
    if (auto earlier = value.getDefiningOp<ConvertLayoutOp>())
      return convertTo(earlier.getSource(), layout, user);
    // Shared memory reads into any layout at the same cost; so does a
    // conversion of such a read to a dtype of as many bits (an operand's,
    // tile-pipeline-loads' getOperandConvert) on the elements it reads.
    if (auto load = value.getDefiningOp<LocalLoadOp>();
        load && value.hasOneUse())
      return setLayout(value, layout), value;
    if (auto convert = value.getDefiningOp<ConvertOp>();
        convert && value.hasOneUse() && convert.getSource().hasOneUse() &&
        convert.getSource().getDefiningOp<LocalLoadOp>() &&
        getStorageBits(getTile(convert.getSource()).getElementType()) ==
            getStorageBits(tile.getElementType())) {
      setLayout(convert.getSource(), layout);
      return setLayout(value, layout), value;
    }
    // A step along K of a tensor-core operand (an extract at constant
    // indices, tile-pipeline-loads' splitAlongDepth) takes the fragment
    // layout with its source: the source converts once (the conversions
    // of one source merge in CSE, and move out of loops that do not define
    // it), its other uses keep it as it is, and each extract then selects
    // registers.
    if (auto extract = value.getDefiningOp<ExtractOp>();
        extract && value.hasOneUse() && isa<MmaOperandLayoutAttr>(layout) &&
        isConstantStep(extract)) {
      extract.getSourceMutable().assign(
          convertTo(extract.getSource(), layout, extract));
      return setLayout(value, layout), value;
    }
    OpBuilder builder(user);
    return ConvertLayoutOp::create(builder, user->getLoc(),
                                   tile.withEncoding(layout), value);
  }

  LogicalResult assign(Operation *op) {
    if (auto store = dyn_cast<StoreOp>(op))
      return assignStore(store);
    if (isa<ScatterOp, StorePtrOp>(op))
      return convertOperandsLike(op, op->getOperand(0)), success();
    // A stage's writes: the tile in a layout whose threads each hold 16
    // bytes along the stage's rows, which a read of another stage,
    // converted or not, takes at no cost (convertTo). Written as it is, the
    // lanes go along the rows too (16-byte chunks of rows both ways);
    // written transposed, along the tile's rows, so that the read from the
    // stage it comes from is 32 elements of one row a register and the
    // writes 16-byte chunks of 32 rows (the stages' swizzle spreads both
    // over the banks).
    if (auto store = dyn_cast<LocalStoreOp>(op)) {
      TileType tile = getTile(store.getValue());
      SmallVector<int64_t> order =
          llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, tile.getRank())));
      SmallVector<int64_t> threadOrder = order;
      if (store.getTranspose())
        std::reverse(order.begin(), order.end());
      Attribute layout = getCoalescedLayout(
          context, tile.getShape(), getStorageBits(tile.getElementType()),
          order, numWarps, threadOrder);
      store.getValueMutable().assign(convertTo(store.getValue(), layout, op));
      return success();
    }
    // A print's tiles of rank 1 or more share the first one's layout, so
    // that one register of each holds one element.
    if (auto print = dyn_cast<PrintOp>(op)) {
      if (print.getWhole()) // each tile goes through shared memory
        return success();
      for (Value value : print.getValues())
        if (getTile(value) && getTile(value).getRank() > 0)
          return convertOperandsLike(op, value), success();
      return success();
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op))
      return assignYield(yield);
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      return assignWhile(loop);
    if (auto condition = dyn_cast<scf::ConditionOp>(op)) {
      // The values the condition passes on take the after region's layouts.
      auto loop = cast<scf::WhileOp>(condition->getParentOp());
      for (auto [operand, arg] :
           llvm::zip(condition.getArgsMutable(), loop.getAfterArguments()))
        if (needsLayout(arg.getType()))
          operand.set(
              convertTo(operand.get(), getTile(arg).getEncoding(), condition));
      return success();
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (auto [i, init, arg, result] :
           llvm::enumerate(loop.getInitArgs(), loop.getRegionIterArgs(),
                           loop.getResults())) {
        if (!needsLayout(init.getType()))
          continue;
        Attribute layout = getTile(init).getEncoding();
        // An accumulator the loop carries through tensor-core mmas stays
        // in their layout: converted once before the loop, not twice an
        // iteration.
        if (Operation *mma = yield.getOperand(i).getDefiningOp();
            mma && accumulatesInto(mma, arg, loop))
          if (Attribute accumulator = getAccumulatorLayout(mma))
            layout = accumulator;
        // The layout its body yielded it in on a trial run (see run).
        auto hint = loopHints.find({loopIndex[loop], int64_t(i)});
        if (hint != loopHints.end())
          layout = hint->second;
        // A tensor-core operand the loop carries (tile-pipeline-loads reads
        // the next stage's first step an iteration ahead) stays in its
        // fragments: the reads of the stage before the loop and at the end
        // of each iteration take that layout as they are made.
        if (Attribute fragments = getCarriedOperandLayout(arg))
          layout = fragments;
        if (layout != getTile(init).getEncoding())
          loop.getInitArgsMutable()[i].assign(convertTo(init, layout, loop));
        setLayout(arg, layout);
        setLayout(result, layout);
      }
      return success();
    }
    if (!llvm::any_of(op->getResultTypes(), needsLayout))
      return success();
    if (isa<scf::IfOp>(op))
      return success(); // its yields decide
    if (auto gather = dyn_cast<GatherOp>(op)) {
      Value first = gather.getIndices().front();
      convertOperandsLike(op, first);
      setLayout(gather.getResult(), getTile(first).getEncoding());
      return success();
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      return assignExpandDims(expand);
    if (auto insert = dyn_cast<InsertOp>(op)) {
      setLayout(insert.getResult(), insert.getDest().getType().getEncoding());
      return success();
    }
    if (auto cat = dyn_cast<CatOp>(op)) {
      cat.getRhsMutable().assign(
          convertTo(cat.getRhs(), cat.getLhs().getType().getEncoding(), op));
      setLayout(cat.getResult(), getLayoutFor(cat.getType()));
      return success();
    }
    if (auto mma = dyn_cast<MmaOp>(op)) {
      if (Attribute layout = getTensorCoreLayout(op)) {
        convertOperandsForTensorCores(op, layout);
        mma.getAccMutable().assign(convertTo(mma.getAcc(), layout, op));
        setLayout(mma.getResult(), layout);
        return success();
      }
      setLayout(mma.getResult(), mma.getAcc().getType().getEncoding());
      return success();
    }
    if (auto mma = dyn_cast<SharedMmaOp>(op)) {
      auto layout = cast<MmaAccumulatorLayoutAttr>(getWarpgroupLayout());
      // A tile A goes in the fragments of A that wgmma reads from
      // registers: mma.sync's of the warpgroup layout.
      if (auto a = dyn_cast<TileType>(mma.getA().getType()))
        mma.getAMutable().assign(convertTo(
            mma.getA(),
            MmaOperandLayoutAttr::get(
                context, 0, getStorageBits(a.getElementType()), layout),
            op));
      mma.getAccMutable().assign(convertTo(mma.getAcc(), layout, op));
      setLayout(mma.getResult(), layout);
      return success();
    }
    if (isa<MatmulOp>(op))
      if (Attribute layout = getTensorCoreLayout(op)) {
        convertOperandsForTensorCores(op, layout);
        setLayout(op->getResult(0), layout);
        return success();
      }
    if (auto scan = dyn_cast<ScanWithOp>(op)) {
      Value first = scan.getSources().front();
      convertOperandsLike(op, first);
      for (Value result : scan.getResults())
        setLayout(result, getTile(first).getEncoding());
      return success();
    }
    if (auto reduce = dyn_cast<ReduceWithOp>(op)) {
      convertOperandsLike(op, reduce.getSources().front());
      return assignReduction(op, reduce.getSources().front(), reduce.getAxis(),
                             reduce.getKeepdims());
    }
    if (isa<LoadOp, LocalLoadOp, ConstantOp, IotaOp>(op)) {
      Value result = op->getResult(0);
      auto load = dyn_cast<LoadOp>(op);
      setLayout(result, load ? getLayoutFor(load.getType(), load)
                             : getKernelLayout(getTile(result)));
      if (auto constant = dyn_cast<ConstantOp>(op))
        constant.setValueAttr(cast<DenseElementsAttr>(constant.getValue())
                                  .reshape(cast<ShapedType>(result.getType())));
      return success();
    }
    if (isa<ConvertLayoutOp>(op))
      return success();
    if (auto wait = dyn_cast<MmaWaitOp>(op)) {
      for (auto [value, result] :
           llvm::zip(wait.getValues(), wait.getResults()))
        setLayout(result, getTile(value).getEncoding());
      return success();
    }
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return assignReduction(op, reduce.getSource(), reduce.getAxes(),
                             reduce.getKeepdims());
    if (auto reduce = dyn_cast<ArgReduceOp>(op)) {
      int64_t axis = reduce.getAxis();
      return assignReduction(op, reduce.getSource(), axis,
                             reduce.getKeepdims());
    }
    if (auto broadcast = dyn_cast<BroadcastOp>(op))
      return assignBroadcast(broadcast);
    if (auto permute = dyn_cast<PermuteOp>(op))
      return assignPermute(permute);
    // Elementwise: every tile operand has the result's shape.
    TileType result = getTile(op->getResult(0));
    bool elementwise = op->getNumResults() == 1 && op->getNumOperands() > 0 &&
                       llvm::all_of(op->getOperands(), [&](Value operand) {
                         TileType tile = getTile(operand);
                         return tile && tile.getShape() == result.getShape();
                       });
    if (elementwise) {
      Attribute layout = getTile(getAnchor(op)).getEncoding();
      for (OpOperand &operand : op->getOpOperands())
        operand.set(convertTo(operand.get(), layout, op));
      setLayout(op->getResult(0), layout);
      return success();
    }
    // Everything else takes the kernel layouts (or, where those would
    // spread the tile thin, its own: getLayoutFor); its lowering converts.
    for (Value value : op->getResults())
      if (needsLayout(value.getType()))
        setLayout(value, getLayoutFor(getTile(value)));
    return success();
  }

  /// How many times its share of a tile (the tile's elements over the
  /// CTA's threads) a thread may hold in the kernel's layout before the
  /// tile takes its own (getLayoutFor).
  static constexpr int64_t kMostShares = 4;

  /// The layout of a tile that an op makes anew, in whatever layout its
  /// lowering is asked for (a reshape, an extract, a cat, a matmul off
  /// tensor cores), or that `load` loads: the kernel's for its rank, unless
  /// a thread would hold more than kMostShares times its share of the tile
  /// in it (threads spread along dimensions the tile barely has: a
  /// 1x1024x1 tile in the layout of 1x32x64 loads keeps 16 lanes along its
  /// last dimension, 128 registers a thread for 8 elements, each op then
  /// computing each element 16 times; an 8x128x2 load there, 256 registers
  /// a thread for 16 elements); then the coalesced layout of its own shape,
  /// in the kernel layout's order (a load's: its view's memory order). A
  /// load's copies along its extent-1 dimensions do not count: they make
  /// broadcasts free. Constants and broadcasts keep the kernel layouts.
  Attribute getLayoutFor(TileType tile, LoadOp load = nullptr) {
    Attribute layout = getKernelLayout(tile);
    auto blocked = dyn_cast<BlockedLayoutAttr>(layout);
    ArrayRef<int64_t> shape = tile.getShape();
    int64_t threads = kWarpSize * numWarps;
    if (load && blocked)
      for (auto [d, extent] : llvm::enumerate(shape))
        if (extent == 1)
          threads =
              std::max<int64_t>(1, threads / (blocked.getThreadsPerWarp()[d] *
                                              blocked.getWarpsPerCTA()[d]));
    int64_t share =
        std::max<int64_t>(1, llvm::divideCeil(tile.getNumElements(), threads));
    if (getNumRegisters(cast<DistributedLayoutInterface>(layout), shape) <=
        kMostShares * share)
      return layout;
    SmallVector<int64_t> order;
    if (load)
      order = getMemoryOrder(load.getView().getType());
    else if (blocked)
      order = llvm::to_vector(blocked.getOrder());
    else
      for (int64_t d = tile.getRank() - 1; d >= 0; --d)
        order.push_back(d);
    return getCoalescedLayout(
        context, shape, getStorageBits(tile.getElementType()), order, numWarps);
  }

  /// Whether `value` costs little to make in any layout: a constant, an
  /// iota, a broadcast (whose source is smaller), or an elementwise op of
  /// such; its conversions fold into its producers
  /// (foldConversionsIntoProducers).
  static bool isCheap(Value value, int depth = 0) {
    Operation *producer = value.getDefiningOp();
    if (!producer || depth > 4)
      return false;
    if (isa<ConstantOp, IotaOp, BroadcastOp>(producer))
      return true;
    return isElementwise(producer) &&
           llvm::all_of(producer->getOperands(), [&](Value operand) {
             return !needsLayout(operand.getType()) ||
                    isCheap(operand, depth + 1);
           });
  }

  /// Whether `op` is a pure tile op whose one result has the shape of all
  /// its tile operands (and so may take any layout they share).
  static bool isElementwise(Operation *op) {
    if (!isa_and_nonnull<TileDialect>(op->getDialect()) ||
        op->getNumResults() != 1 || op->getNumOperands() == 0 ||
        op->getNumRegions() != 0 || !isPure(op) ||
        isa<ConvertLayoutOp, BroadcastOp, ReshapeOp, PermuteOp, ExpandDimsOp,
            ConstantOp, IotaOp>(op))
      return false;
    TileType result = getTile(op->getResult(0));
    return result && result.getRank() > 0 &&
           llvm::all_of(op->getOperands(), [&](Value operand) {
             TileType tile = getTile(operand);
             return tile && tile.getShape() == result.getShape();
           });
  }

  /// Whether `value` is a tile an scf.for carries, or one computed
  /// elementwise from such tiles and cheap ones (isCheap): its layout is
  /// the one the loop carries it in, which the loop takes from what its
  /// body yields (a running sum scaled each iteration, `l * alpha + p`).
  static bool isCarried(Value value, int depth = 0) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return isa<scf::ForOp>(arg.getOwner()->getParentOp());
    Operation *producer = value.getDefiningOp();
    if (!producer || depth > 4 || !isElementwise(producer))
      return false;
    bool carried = false;
    for (Value operand : producer->getOperands()) {
      if (!needsLayout(operand.getType()))
        continue;
      if (isCarried(operand, depth + 1))
        carried = true;
      else if (!isCheap(operand))
        return false;
    }
    return carried;
  }

  /// The operand of an elementwise `op` whose layout the others take: the
  /// first that is costly to convert and not carried (isCarried), else the
  /// first carried one, else the first. (TileGym's flash decode kept its
  /// running sums `l * alpha + p` in the layout they started in and moved
  /// each iteration's `p` there from the mma's through shared memory.)
  static Value getAnchor(Operation *op) {
    for (Value operand : op->getOperands())
      if (!isCheap(operand) && !isCarried(operand))
        return operand;
    for (Value operand : op->getOperands())
      if (isCarried(operand))
        return operand;
    return op->getOperand(0);
  }

  /// A store keeps its tile's layout when its threads run along the
  /// array's stride-1 dimension (or it is a slice, which is small); else the
  /// tile moves to the store's coalesced layout first. So does an mma
  /// accumulator of elements narrower than 32 bits: its lanes hold two
  /// elements of a row (or column) each, four lanes 8 to 16 bytes of a
  /// 32-byte sector, which every store would write in part; through shared
  /// memory each thread stores 16 bytes and a warp whole sectors.
  LogicalResult assignStore(StoreOp op) {
    TileType tile = op.getValue().getType();
    auto blocked = dyn_cast<BlockedLayoutAttr>(tile.getEncoding());
    ViewType view = op.getView().getType();
    SmallVector<int64_t> order = getMemoryOrder(view);
    bool narrowAccumulator =
        isa_and_nonnull<MmaAccumulatorLayoutAttr>(tile.getEncoding()) &&
        getStorageBits(tile.getElementType()) < 32;
    if (!narrowAccumulator &&
        (!blocked || blocked.getOrder().front() == order.front()))
      return success();
    Attribute layout = getCoalescedLayout(context, tile.getShape(),
                                          getStorageBits(tile.getElementType()),
                                          order, numWarps);
    op.getValueMutable().assign(convertTo(op.getValue(), layout, op));
    return success();
  }

  LogicalResult assignReduction(Operation *op, Value source,
                                ArrayRef<int64_t> axes, bool keepdims) {
    Attribute layout = getTile(source).getEncoding();
    if (!keepdims) {
      SmallVector<int64_t> sorted(axes);
      llvm::sort(sorted, std::greater<int64_t>());
      for (int64_t axis : sorted)
        layout = SliceLayoutAttr::get(context, axis,
                                      cast<DistributedLayoutInterface>(layout));
    }
    for (Value result : op->getResults())
      if (needsLayout(result.getType()))
        setLayout(result, layout);
    return success();
  }

  /// The operands of `op` of `like`'s shape in `like`'s layout (the index
  /// tiles and masks of gathers and scatters, a reduction's members).
  void convertOperandsLike(Operation *op, Value like) {
    TileType tile = getTile(like);
    if (!tile || !tile.getEncoding())
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (TileType other = getTile(operand.get());
          other && other.getShape() == tile.getShape())
        operand.set(convertTo(operand.get(), tile.getEncoding(), op));
  }

  /// A loop carries its tiles in their initial layouts; an if's results
  /// take the layouts its then-branch yields.
  /// A while loop carries each tile in its initial layout: the before
  /// region's arguments, the after region's and the results (which the
  /// loop's carried values all share, as the frontends emit it), the
  /// condition's and the yield's values converted to it.
  LogicalResult assignWhile(scf::WhileOp loop) {
    for (auto [i, init] : llvm::enumerate(loop.getInits())) {
      if (!needsLayout(init.getType()))
        continue;
      auto same = [&](Value value) {
        TileType tile = getTile(value);
        return tile && tile.dropEncoding() == getTile(init).dropEncoding();
      };
      if (i >= loop.getAfterArguments().size() ||
          !same(loop.getBeforeArguments()[i]) ||
          !same(loop.getAfterArguments()[i]) || !same(loop.getResult(i)))
        return loop.emitOpError("carries tile ")
               << i << " through regions of other types, which the layout "
               << "assignment does not support yet";
      Attribute layout = getTile(init).getEncoding();
      setLayout(loop.getBeforeArguments()[i], layout);
      setLayout(loop.getAfterArguments()[i], layout);
      setLayout(loop.getResult(i), layout);
    }
    for (auto [arg, result] :
         llvm::zip(loop.getAfterArguments(), loop.getResults()))
      if (needsLayout(arg.getType()) && !getTile(arg).getEncoding())
        return loop.emitOpError("passes on a tile that it does not carry, "
                                "which the layout assignment does not "
                                "support yet");
    return success();
  }

  LogicalResult assignYield(scf::YieldOp yield) {
    Operation *parent = yield->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      for (auto [operand, arg] :
           llvm::zip(yield->getOpOperands(), loop.getBeforeArguments()))
        if (needsLayout(arg.getType()))
          operand.set(
              convertTo(operand.get(), getTile(arg).getEncoding(), yield));
      return success();
    }
    if (!isa<scf::ForOp, scf::IfOp>(parent))
      return success();
    for (auto [operand, result] :
         llvm::zip(yield->getOpOperands(), parent->getResults())) {
      if (!needsLayout(result.getType()))
        continue;
      if (auto loop = dyn_cast<scf::ForOp>(parent))
        yieldLayouts[{loopIndex[loop], operand.getOperandNumber()}] =
            getTile(operand.get()).getEncoding();
      if (!getTile(result).getEncoding())
        setLayout(result, getTile(operand.get()).getEncoding());
      Attribute layout = getTile(result).getEncoding();
      operand.set(convertTo(operand.get(), layout, yield));
    }
    return success();
  }

  /// A new dimension of extent 1: a slice's parent when the slice removed
  /// that dimension, else the source's layout with one thread along it.
  LogicalResult assignExpandDims(ExpandDimsOp op) {
    Attribute source = op.getSource().getType().getEncoding();
    int64_t axis = op.getAxis();
    if (auto slice = dyn_cast_or_null<SliceLayoutAttr>(source);
        slice && slice.getDim() == axis) {
      setLayout(op.getResult(), slice.getParent());
      return success();
    }
    auto blocked = dyn_cast_or_null<BlockedLayoutAttr>(source);
    if (!blocked) {
      setLayout(op.getResult(), getKernelLayout(op.getType()));
      return success();
    }
    auto inserted = [&](ArrayRef<int64_t> list) {
      SmallVector<int64_t> out(list);
      out.insert(out.begin() + axis, 1);
      return out;
    };
    SmallVector<int64_t> order;
    for (int64_t d : blocked.getOrder())
      order.push_back(d >= axis ? d + 1 : d);
    order.push_back(axis);
    setLayout(op.getResult(), BlockedLayoutAttr::get(
                                  context, inserted(blocked.getSizePerThread()),
                                  inserted(blocked.getThreadsPerWarp()),
                                  inserted(blocked.getWarpsPerCTA()), order));
    return success();
  }

  /// A broadcast makes the kernel's layout: a source of its rank is
  /// converted to it (unless the same already), a source of lower rank to
  /// the slices of it that remove the leading dimensions.
  LogicalResult assignBroadcast(BroadcastOp op) {
    TileType source = op.getSource().getType(), result = op.getType();
    Attribute layout = getKernelLayout(result);
    setLayout(op.getResult(), layout);
    if (source.getRank() == 0)
      return success();
    if (source.getRank() == result.getRank()) {
      // The result's layout with copies along the extent-1 dimensions;
      // a source of another layout is converted first.
      if (haveSameDistribution(getLayout(source),
                               cast<DistributedLayoutInterface>(layout)))
        setLayout(op.getResult(), source.getEncoding());
      else
        op.getSourceMutable().assign(convertTo(op.getSource(), layout, op));
      return success();
    }
    Attribute sourceLayout = layout;
    for (int64_t d = 0, e = result.getRank() - source.getRank(); d < e; ++d)
      sourceLayout = SliceLayoutAttr::get(
          context, 0, cast<DistributedLayoutInterface>(sourceLayout));
    op.getSourceMutable().assign(convertTo(op.getSource(), sourceLayout, op));
    return success();
  }

  /// A permute of a blocked layout permutes its lists: result dimension k
  /// is source dimension p[k].
  LogicalResult assignPermute(PermuteOp op) {
    auto blocked =
        dyn_cast<BlockedLayoutAttr>(op.getSource().getType().getEncoding());
    if (!blocked) {
      // The kernel layout of the source's rank may be a slice (of a higher
      // rank's); a permute needs a blocked one, row-major and coalesced.
      TileType source = op.getSource().getType();
      blocked = dyn_cast<BlockedLayoutAttr>(getKernelLayout(source));
      if (!blocked) {
        SmallVector<int64_t> order;
        for (int64_t d = source.getRank() - 1; d >= 0; --d)
          order.push_back(d);
        blocked = cast<BlockedLayoutAttr>(getCoalescedLayout(
            context, source.getShape(), getStorageBits(source.getElementType()),
            order, numWarps));
      }
      op.getSourceMutable().assign(convertTo(op.getSource(), blocked, op));
    }
    ArrayRef<int64_t> p = op.getPermutation();
    SmallVector<int64_t> inverse(p.size());
    for (auto [k, d] : llvm::enumerate(p))
      inverse[d] = k;
    auto permuted = [&](ArrayRef<int64_t> list) {
      SmallVector<int64_t> out;
      for (int64_t d : p)
        out.push_back(list[d]);
      return out;
    };
    SmallVector<int64_t> order;
    for (int64_t d : blocked.getOrder())
      order.push_back(inverse[d]);
    setLayout(op.getResult(), BlockedLayoutAttr::get(
                                  context, permuted(blocked.getSizePerThread()),
                                  permuted(blocked.getThreadsPerWarp()),
                                  permuted(blocked.getWarpsPerCTA()), order));
    return success();
  }

  /// A conversion of a tile that a load, a constant or an iota makes for
  /// it alone: the producer makes it in the converted layout instead.
  /// A conversion of an expand_dims result that nothing else uses moves
  /// before it, to the slice of the target layout (which the expand_dims
  /// makes the target from in registers), where it may fold further.
  void foldConversionsIntoProducers() {
    SmallVector<ConvertLayoutOp> conversions;
    func.getFunctionBody().walk(
        [&](ConvertLayoutOp op) { conversions.push_back(op); });
    while (!conversions.empty()) {
      ConvertLayoutOp op = conversions.pop_back_val();
      Operation *producer = op.getSource().getDefiningOp();
      if (!producer)
        continue;
      Attribute layout = op.getType().getEncoding();
      // An elementwise op of cheap operands (a mask from an iota, say) is
      // computed in the target layout from its operands converted; where
      // others use it too (the key indices of a masked loop, for two
      // masks), a copy of it is.
      if (isElementwise(producer) && isCheap(op.getSource())) {
        Operation *target = producer;
        if (!op.getSource().hasOneUse()) {
          OpBuilder builder(op);
          target = builder.clone(*producer);
        }
        for (OpOperand &operand : target->getOpOperands()) {
          Value converted = convertTo(operand.get(), layout, target);
          operand.set(converted);
          if (auto moved = converted.getDefiningOp<ConvertLayoutOp>())
            conversions.push_back(moved);
        }
        setLayout(target->getResult(0), layout);
        op.getResult().replaceAllUsesWith(target->getResult(0));
        op.erase();
        continue;
      }
      // A constant, an iota or a broadcast of a scalar that others use too:
      // a copy made in the target layout.
      if (!op.getSource().hasOneUse()) {
        auto broadcast = dyn_cast<BroadcastOp>(producer);
        if (!isa<ConstantOp, IotaOp>(producer) &&
            !(broadcast && broadcast.getSource().getType().getRank() == 0))
          continue;
        OpBuilder builder(op);
        Operation *copy = builder.clone(*producer);
        setLayout(copy->getResult(0), layout);
        if (auto constant = dyn_cast<ConstantOp>(copy))
          constant.setValueAttr(cast<DenseElementsAttr>(constant.getValue())
                                    .reshape(op.getType()));
        op.getResult().replaceAllUsesWith(copy->getResult(0));
        op.erase();
        continue;
      }
      // A broadcast is made in the target layout from its source in the
      // target's slices along the dimensions it adds (a small tile).
      if (auto broadcast = dyn_cast<BroadcastOp>(producer)) {
        TileType source = broadcast.getSource().getType();
        setLayout(broadcast.getResult(), layout);
        if (source.getRank() > 0) {
          Attribute sourceLayout = layout;
          for (int64_t d = 0, e = op.getType().getRank() - source.getRank();
               d < e; ++d)
            sourceLayout = SliceLayoutAttr::get(
                context, 0, cast<DistributedLayoutInterface>(sourceLayout));
          Value converted =
              convertTo(broadcast.getSource(), sourceLayout, broadcast);
          broadcast.getSourceMutable().assign(converted);
          if (auto moved = converted.getDefiningOp<ConvertLayoutOp>())
            conversions.push_back(moved);
        }
        op.getResult().replaceAllUsesWith(broadcast.getResult());
        op.erase();
        continue;
      }
      if (auto expand = dyn_cast<ExpandDimsOp>(producer)) {
        if (expand.getSource().getType().getRank() == 0)
          continue;
        Value source = convertTo(
            expand.getSource(),
            SliceLayoutAttr::get(context, expand.getAxis(),
                                 cast<DistributedLayoutInterface>(layout)),
            expand);
        expand.getSourceMutable().assign(source);
        setLayout(expand.getResult(), layout);
        op.getResult().replaceAllUsesWith(expand.getResult());
        op.erase();
        if (auto moved = source.getDefiningOp<ConvertLayoutOp>())
          conversions.push_back(moved);
        continue;
      }
      if (!isa<LoadOp, ConstantOp, IotaOp>(producer))
        continue;
      // An mma operand loads coalesced and reaches its fragments through
      // shared memory and ldmatrix.
      if (isa<LoadOp>(producer) &&
          isa<MmaOperandLayoutAttr>(op.getType().getEncoding()))
        continue;
      setLayout(op.getSource(), op.getType().getEncoding());
      if (auto constant = dyn_cast<ConstantOp>(producer))
        constant.setValueAttr(
            cast<DenseElementsAttr>(constant.getValue()).reshape(op.getType()));
      op.getResult().replaceAllUsesWith(op.getSource());
      op.erase();
    }
  }

  FunctionOpInterface func;
  int64_t numWarps;
  MLIRContext *context;
  /// The chip's sm number; 0 for the host or no chip.
  int64_t sm = 0;
  /// The PTX ISA version of the module's target (84 for 8.4); 0 if none.
  unsigned ptxVersion = 0;
  std::map<int64_t, Attribute> kernelLayouts;
  /// Loops by their position in a pre-order walk (the same in a copy).
  DenseMap<Operation *, int64_t> loopIndex;
  /// Per (loop, carried value): the layout to carry it in, and the layout
  /// the body yielded it in.
  std::map<std::pair<int64_t, int64_t>, Attribute> loopHints, yieldLayouts;
};

/// A narrowing `tile.convert` of a reshape or permute that has no other use
/// goes before it: the shape op, which may move the elements between threads
/// (a layout conversion), then moves the narrower ones. Returns how many
/// moved. (A kernel's epilogue `reshape(acc / l).astype(f16)` moved f32
/// through 32 KiB of shared memory instead of f16 through 16.)
static int64_t hoistNarrowingConverts(FunctionOpInterface func) {
  SmallVector<ConvertOp> converts;
  func.getFunctionBody().walk([&](ConvertOp op) { converts.push_back(op); });
  int64_t moved = 0;
  for (ConvertOp convert : converts) {
    Operation *shape = convert.getSource().getDefiningOp();
    if (!shape || !isa<ReshapeOp, PermuteOp>(shape) || !shape->hasOneUse())
      continue;
    auto source = cast<TileType>(shape->getOperand(0).getType());
    Type from = source.getElementType();
    Type to = convert.getType().getElementType();
    if (getStorageBits(to) >= getStorageBits(from))
      continue;
    OpBuilder b(shape);
    auto narrowed = ConvertOp::create(
        b, convert.getLoc(), source.cloneWith(std::nullopt, to),
        shape->getOperand(0), convert.getRoundingAttr(), convert.getFtzAttr());
    shape->setOperand(0, narrowed);
    shape->getResult(0).setType(convert.getType());
    convert.replaceAllUsesWith(shape->getResult(0));
    convert.erase();
    ++moved;
  }
  return moved;
}

struct TileAssignLayoutsPass
    : public tile::impl::TileAssignLayoutsPassBase<TileAssignLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<FunctionOpInterface> funcs;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (usesTileOps(func))
        funcs.push_back(func);
    });
    Builder builder(&getContext());
    // The dialect has checked the functions' own tile.num_warps.
    TileDialect::NumWarpsAttrHelper numWarpsAttr(&getContext());
    for (FunctionOpInterface func : funcs) {
      int64_t warps = numWarps;
      if (IntegerAttr attr = numWarpsAttr.getAttr(func))
        warps = attr.getInt();
      if (!isValidNumWarps(warps)) {
        func.emitOpError("runs 1, 2, 4, 8, 16 or 32 warps per CTA, not ")
            << warps;
        return signalPassFailure();
      }
      numWarpsAttr.setAttr(func, builder.getI64IntegerAttr(warps));
      hoistNarrowingConverts(func);
      if (failed(LayoutAssigner(func, warps).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
