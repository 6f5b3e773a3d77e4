//===- Memory.cpp - gathers, scatters, pointer tiles and atomics ----------===//
//
// Element-wise memory access by index and by pointer: gathers and scatters
// (bounds-checked, masked), pointer tiles, and atomics with a memory order
// and a thread scope (the owning copy of each element performs them).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/Atomics.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
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
  if (!isPacked(dtype)) {
    Value address = offset ? e.gep(base, memoryType, offset) : base;
    if (Value loaded = loadIf(e, address, memoryType, condition,
                              toMemory(e, otherwise, memoryType)))
      return toRegister(e, loaded, registerType);
  }
  return emitIfElse(e, condition, registerType,
                    [&](bool inside) -> SmallVector<Value> {
                      if (!inside)
                        return {otherwise};
                      return {load()};
                    })[0];
}

/// A store of `value` to element `offset` of the array at `base` (no
/// offset: the element at `base`) that happens under `condition` only (a
/// predicated store where it can: storeIf).
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
  if (condition && !isPacked(dtype)) {
    Type memoryType = getMemoryType(dtype);
    Value address = offset ? e.gep(base, memoryType, offset) : base;
    if (storeIf(e, address, toMemory(e, value, memoryType), condition))
      return;
  }
  emitIf(e, condition, store);
}

/// `a && b` where either may be absent (true).
static Value andMaybe(Emitter &e, Value a, Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return e.andI(a, b);
}

/// The registers of a gather or scatter that can move as vectors: groups
/// of `width` registers adjacent along the layout's fastest dimension
/// (each the first of its element's copies in the thread), where the array
/// has unit stride along its last dimension, the index into that dimension
/// runs on by one along the fastest dimension, and the other indices stay.
/// Empty where that does not hold, or where the elements are packed or
/// pointers.
struct VectorGroups {
  int64_t width = 1;
  SmallVector<SmallVector<int64_t>> groups;
  /// Whether the last index's runs need a check of its values (a select of
  /// a run and other indices).
  bool checked = false;

  VectorGroups(Distribution &dist, ArrayType array, ValueRange indices,
               Type dtype) {
    Type memoryType = getMemoryType(dtype);
    if (isPacked(dtype) || isa<LLVM::LLVMPointerType>(memoryType) ||
        dist.rank() == 0)
      return;
    if (!indexesWindows(array, indices, dist.fastest(), &checked))
      return;
    width = dist.vectorWidth(getMemoryBytes(dtype) * 8);
    if (width > 1)
      groups = dist.vectorGroups(width);
  }

  bool empty() const { return groups.empty(); }
};

/// Whether every group of `vectors` lies inside the array with its first
/// element aligned to the vector's size and its mask all set: the
/// condition for moving all of them as whole vectors. `offsets` receives
/// each group's element offset, for the vector accesses.
static Value allVectorsInside(Emitter &e, const VectorGroups &vectors,
                              ArrayValues &array, ArrayRef<ValueRange> indices,
                              TypeRange indexTypes, ValueRange mask, Type dtype,
                              SmallVectorImpl<Value> &offsets) {
  SmallVector<Value> conditions;
  int64_t bytes = getMemoryBytes(dtype) * vectors.width;
  for (ArrayRef<int64_t> group : vectors.groups) {
    auto [offset, first] =
        locateGathered(e, array, indices, indexTypes, group.front());
    offsets.push_back(offset);
    auto [unused, last] =
        locateGathered(e, array, indices, indexTypes, group.back());
    (void)unused;
    Value address = LLVM::PtrToIntOp::create(
        e.b, e.loc, e.b.getI64Type(),
        e.gep(array.base, getMemoryType(dtype), offset));
    conditions.append(
        {first, last, e.eq(e.andI(address, e.i64(bytes - 1)), e.i64(0))});
    for (int64_t r : group)
      if (Value bit = registerOf(mask, r))
        conditions.push_back(bit);
    // A run the analysis could not prove: each index one more than the
    // group's first (the bounds of the first and last then cover all).
    if (vectors.checked) {
      ValueRange last = indices.back();
      Value start = last[group.front()];
      for (auto [i, r] : llvm::enumerate(group))
        if (i > 0)
          conditions.push_back(
              e.eq(last[r], e.add(start, e.intConst(start.getType(), i))));
    }
  }
  return e.allOf(conditions);
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
    TypeRange indexTypes = op.getIndices().getTypes();
    int64_t registers = indices.front().size();
    auto elementwise = [&] {
      SmallVector<Value> values;
      for (int64_t r = 0; r < registers; ++r) {
        auto [offset, inside] =
            locateGathered(e, array, indices, indexTypes, r);
        Value condition = andMaybe(e, inside, registerOf(adaptor.getMask(), r));
        values.push_back(
            emitMaskedLoad(e, condition, array.base, offset, dtype, padding));
      }
      return values;
    };
    // Indices that read windows of the array (arange plus an offset): where
    // every window is inside and aligned, vector loads; else element by
    // element.
    if (op.getType().getRank() == 0) {
      rewriter.replaceOpWithMultiple(op, {elementwise()});
      return success();
    }
    Distribution dist(e, op.getType());
    VectorGroups vectors(dist, op.getArray().getType(), op.getIndices(), dtype);
    if (vectors.empty()) {
      rewriter.replaceOpWithMultiple(op, {elementwise()});
      return success();
    }
    SmallVector<Value> offsets;
    Value fast = allVectorsInside(e, vectors, array, indices, indexTypes,
                                  adaptor.getMask(), dtype, offsets);
    Type registerType = getRegisterType(dtype),
         memoryType = getMemoryType(dtype);
    SmallVector<Type> types(registers, registerType);
    SmallVector<Value> values =
        emitIfElse(e, fast, types, [&](bool whole) -> SmallVector<Value> {
          if (!whole)
            return elementwise();
          SmallVector<Value> loaded(registers);
          auto vectorType = VectorType::get({vectors.width}, memoryType);
          for (auto [group, offset] : llvm::zip(vectors.groups, offsets)) {
            Value vector = LLVM::LoadOp::create(
                e.b, e.loc, vectorType, e.gep(array.base, memoryType, offset),
                getMemoryBytes(dtype) * vectors.width);
            for (auto [i, r] : llvm::enumerate(group))
              loaded[r] = toRegister(
                  e,
                  LLVM::ExtractElementOp::create(
                      e.b, e.loc, vector, e.i32(static_cast<int64_t>(i))),
                  registerType);
          }
          for (int64_t r = 0; r < registers; ++r)
            if (!loaded[r])
              loaded[r] = loaded[dist.firstInThread(r)];
          return loaded;
        });
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// Which copies of a tile's elements act for them (stores, atomics): the
/// owning copy of each element of a tile of rank 1 or more; the first
/// thread for a rank-0 tile, which every thread holds.
struct Owners {
  std::optional<Distribution> copies;
  bool scalar = false;

  Owners(Emitter &e, TileType type) : scalar(type.getRank() == 0) {
    if (scalar)
      return;
    copies.emplace(e, type);
    if (copies->isExact())
      copies.reset();
  }
  /// Whether the thread acts for register `r` (none: always).
  Value of(Emitter &e, int64_t r) {
    if (scalar)
      return e.eq(e.threadId(), e.i32(0));
    return copies ? copies->isOwner(e, r) : Value();
  }
  /// Whether some threads hold values the acting ones computed.
  bool shared() const { return scalar || copies; }
};

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
    Owners owners(e, tile);
    ValueRange values = adaptor.getValue();
    TypeRange indexTypes = op.getIndices().getTypes();
    auto elementwise = [&] {
      for (int64_t r = 0, n = values.size(); r < n; ++r) {
        auto [offset, inside] =
            locateGathered(e, array, indices, indexTypes, r);
        Value condition = andMaybe(e, inside, registerOf(adaptor.getMask(), r));
        condition = andMaybe(e, condition, owners.of(e, r));
        emitMaskedStore(e, condition, values[r], array.base, offset, dtype);
      }
    };
    // Windows of the array (see GatherLowering), each element owned by one
    // thread: vector stores where every window is inside and aligned.
    std::optional<Distribution> dist;
    if (!owners.shared())
      dist.emplace(e, tile);
    std::optional<VectorGroups> vectors;
    if (dist)
      vectors.emplace(*dist, op.getArray().getType(), op.getIndices(), dtype);
    if (!vectors || vectors->empty()) {
      elementwise();
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> offsets;
    Value fast = allVectorsInside(e, *vectors, array, indices, indexTypes,
                                  adaptor.getMask(), dtype, offsets);
    Type memoryType = getMemoryType(dtype);
    emitIfElse(e, fast, {}, [&](bool whole) -> SmallVector<Value> {
      if (!whole) {
        elementwise();
        return {};
      }
      auto vectorType = VectorType::get({vectors->width}, memoryType);
      for (auto [group, offset] : llvm::zip(vectors->groups, offsets)) {
        Value vector = LLVM::PoisonOp::create(e.b, e.loc, vectorType);
        for (auto [i, r] : llvm::enumerate(group))
          vector = LLVM::InsertElementOp::create(
              e.b, e.loc, vector, toMemory(e, values[r], memoryType),
              e.i32(static_cast<int64_t>(i)));
        LLVM::StoreOp::create(e.b, e.loc, vector,
                              e.gep(array.base, memoryType, offset),
                              getMemoryBytes(dtype) * vectors->width);
      }
      return {};
    });
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
    Owners owners(e, tile);
    ValueRange values = adaptor.getValue(), pointers = adaptor.getPtr();
    for (int64_t r = 0, n = values.size(); r < n; ++r)
      emitMaskedStore(
          e, andMaybe(e, registerOf(adaptor.getMask(), r), owners.of(e, r)),
          values[r], pointers[r], Value(), tile.getElementType());
    rewriter.eraseOp(op);
    return success();
  }
};

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
/// through shared memory. The tile block is one program: a releasing
/// atomic first waits for the block's threads (whose earlier writes it
/// must publish, though another thread performs it), and the block waits
/// for an acquiring one before its threads read what it made visible.
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
    Owners owners(e, tile);
    Value zero = getZero(e, registerType);
    MemoryOrder order = op.getMemory();
    bool releases =
        order == MemoryOrder::release || order == MemoryOrder::acq_rel;
    bool acquires =
        order == MemoryOrder::acquire || order == MemoryOrder::acq_rel;
    if (releases)
      gpu::BarrierOp::create(rewriter, e.loc);
    SmallVector<Value> values;
    for (int64_t r = 0, n = adaptor.getPtr().size(); r < n; ++r) {
      Value condition =
          andMaybe(e, registerOf(adaptor.getMask(), r), owners.of(e, r));
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
    if (acquires)
      gpu::BarrierOp::create(rewriter, e.loc);
    // Copies take their owners' old values, where they are used.
    if (owners.shared() && !op->use_empty())
      takeOwnersValues(e, op, tile, values);
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }

  static Value emitAtomic(Emitter &e, AtomicRMWOp op, OneToNOpAdaptor adaptor,
                          int64_t r, Type dtype) {
    return LLVM::AtomicRMWOp::create(
        e.b, e.loc, getAtomicBinOp(op.getKind(), dtype), adaptor.getPtr()[r],
        adaptor.getValue()[r], getLLVMOrdering(getAtomicOrder(op.getMemory())),
        getLLVMSyncScope(getAtomicScope(op.getScope())), getMemoryBytes(dtype));
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
        toBits(adaptor.getDesired()[r]),
        getLLVMOrdering(getAtomicOrder(op.getMemory())),
        getLLVMFailureOrdering(getAtomicOrder(op.getMemory())),
        getLLVMSyncScope(getAtomicScope(op.getScope())), getMemoryBytes(dtype));
    Value old = LLVM::ExtractValueOp::create(e.b, e.loc, cas, 0);
    if (registerType == bits)
      return old;
    return arith::BitcastOp::create(e.b, e.loc, registerType, old);
  }
};
} // namespace

void cudapy::populateTileMemoryToLLVMPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<GatherLowering, ScatterLowering, OffsetLowering, LoadPtrLowering,
               StorePtrLowering, AtomicLowering<AtomicRMWOp>,
               AtomicLowering<AtomicCASOp>>(converter, patterns.getContext());
}
