//===- Utility.cpp - what the tile-to-LLVM patterns share -----------------===//

#include "Utility.h"

#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "dialects/Target/IR/TargetDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace cudapy::tile::lowering {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// fp4 elements are packed two to a byte in global memory: element 2k in
/// the low four bits of byte k, 2k + 1 in the high four (as CUDA's and
/// PTX's e2m1x2 pairs and PyTorch's float4_e2m1fn_x2 hold them).
bool isPacked(Type dtype) { return isa<Float4E2M1FNType>(dtype); }

/// The register type of a dtype: signless integers, floats, global
/// pointers; the narrow floats as support/NarrowFloat.h keeps them (fp8,
/// e8m0 and fp4 values as their bits in an i8, tf32 values as the float32
/// they are stored as).
Type getRegisterType(Type dtype) {
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
TypedAttr getRegisterConstant(Type dtype, APFloat value) {
  Type registerType = getRegisterType(dtype);
  if (registerType.isInteger(8))
    return IntegerAttr::get(registerType, value.bitcastToAPInt().zext(8));
  bool lostInfo = false;
  value.convert(cast<FloatType>(registerType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lostInfo);
  return FloatAttr::get(registerType, value);
}

/// How a dtype is kept in memory: bools as bytes.
Type getMemoryType(Type dtype) {
  if (dtype.isInteger(1))
    return IntegerType::get(dtype.getContext(), 8);
  return getRegisterType(dtype);
}

int64_t getMemoryBytes(Type dtype) {
  Type memory = getMemoryType(dtype);
  if (isa<LLVM::LLVMPointerType>(memory))
    return 8;
  return memory.getIntOrFloatBitWidth() / 8;
}

bool isSigned(Type dtype) {
  auto integer = dyn_cast<IntegerType>(dtype);
  return integer && integer.isSigned();
}

} // namespace cudapy::tile::lowering

/// An array is its base pointer, its dynamic extents (i32) and its dynamic
/// strides (i64, in elements).
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

TileToLLVMTypeConverter::TileToLLVMTypeConverter(MLIRContext *context) {
  addConversion([](Type type) { return type; });
  addConversion(
      [](TileType type,
         SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        Type element = getRegisterType(type.getElementType());
        if (type.getRank() == 0) {
          results.push_back(element);
          return success();
        }
        DistributedLayoutInterface layout = getLayout(type);
        if (!layout)
          return failure();
        int64_t registers = getNumRegisters(layout, type.getShape());
        results.append(registers, element);
        return success();
      });
  addConversion([context](ArrayType type, SmallVectorImpl<Type> &results) {
    appendArray(context, type, results);
    return success();
  });
  // A list is the address of its records and its length (i32).
  addConversion([context](ListType, SmallVectorImpl<Type> &results) {
    results.push_back(LLVM::LLVMPointerType::get(context, kGlobal));
    results.push_back(IntegerType::get(context, 32));
    return success();
  });
  addConversion([context](ViewType type, SmallVectorImpl<Type> &results) {
    appendArray(context, type.getArray(), results);
    return success();
  });
  addConversion([context](PointerType) {
    return LLVM::LLVMPointerType::get(context, kGlobal);
  });
  // A shared buffer is the address of its first stage; barriers the
  // address of the first.
  addConversion([context](SharedType) {
    return LLVM::LLVMPointerType::get(context, kShared);
  });
  addConversion([context](BarriersType) {
    return LLVM::LLVMPointerType::get(context, kShared);
  });
  // Scalars as the scalar tiles a cloned combiner region takes (see
  // applyCombiner): casts that reconcile-unrealized-casts folds.
  addSourceMaterialization([](OpBuilder &builder, Type type, ValueRange inputs,
                              Location loc) -> Value {
    if (inputs.size() != 1)
      return Value();
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  });
}

namespace cudapy::tile::lowering {

//===----------------------------------------------------------------------===//
// Emitting
//===----------------------------------------------------------------------===//

Value Emitter::threadId() {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
}

Value Emitter::rowMajor(ArrayRef<Value> indices, ArrayRef<int64_t> shape) {
  Value position = i32(0);
  for (auto [index, extent] : llvm::zip(indices, shape))
    position = add(mul(position, i32(extent)), index);
  return position;
}

Distribution::Distribution(Emitter &e, TileType type)
    : type(type), layout(getLayout(type)) {
  Value lane = e.lane(), warp = e.warp();
  for (int64_t d = 0, r = layout.getRank(); d < r; ++d) {
    SmallVector<ThreadField> fields = layout.getThreadFields(d);
    // Scales that are multiples of the smallest factor it out (a blocked
    // layout's (lane' + lanes * warp') * sizePerThread), which LLVM folds
    // into the thread id where lanes and warps run along one dimension.
    int64_t unit = 1;
    if (!fields.empty()) {
      unit = fields.front().scale;
      for (const ThreadField &field : fields)
        unit = std::min(unit, field.scale);
      for (const ThreadField &field : fields)
        if (field.scale % unit != 0)
          unit = 1;
    }
    Value offset;
    for (const ThreadField &field : fields) {
      Value term = e.field(field, lane, warp);
      if (field.scale != unit)
        term = e.mul(term, e.i32(field.scale / unit));
      offset = offset ? e.add(offset, term) : term;
    }
    offset = offset ? e.mul(offset, e.i32(unit)) : e.i32(0);
    threadOffset.push_back(offset);
  }
  SmallVector<Value> first;
  for (const ThreadField &field : layout.getReplicaFields())
    first.push_back(e.eq(e.field(field, lane, warp), e.i32(0)));
  isFirstCopy = e.allOf(first);
}

Value Distribution::unwrapped(Emitter &e, int64_t d, int64_t local) {
  return e.add(threadOffset[d], e.i32(getRegisterOffset(layout, d, local)));
}

SmallVector<Value> Distribution::indices(Emitter &e, int64_t r) {
  SmallVector<int64_t> local = delinearize(r);
  SmallVector<Value> result;
  for (int64_t d = 0; d < rank(); ++d) {
    Value index = unwrapped(e, d, local[d]);
    if (!isExactAlong(d))
      index = e.andI(index, e.i32(shape()[d] - 1));
    result.push_back(index);
  }
  return result;
}

Value Distribution::isOwner(Emitter &e, int64_t r) {
  SmallVector<int64_t> local = delinearize(r);
  SmallVector<Value> conditions = {isFirstCopy};
  for (int64_t d = 0; d < rank(); ++d)
    if (!isExactAlong(d))
      conditions.push_back(e.ult(unwrapped(e, d, local[d]), e.i32(shape()[d])));
  return e.allOf(conditions);
}

int64_t Distribution::firstInThread(int64_t r) const {
  // The thread's offset is common to its registers: two hold the same
  // element where their register offsets agree modulo each extent.
  SmallVector<int64_t> local = delinearize(r);
  for (int64_t other = 0; other < r; ++other) {
    SmallVector<int64_t> candidate = delinearize(other);
    bool same = true;
    for (int64_t d = 0; d < rank() && same; ++d)
      same = (getRegisterOffset(layout, d, local[d]) -
              getRegisterOffset(layout, d, candidate[d])) %
                 shape()[d] ==
             0;
    if (same)
      return other;
  }
  return r;
}

int64_t Distribution::vectorWidth(int64_t bits, int64_t d) const {
  if (d < 0)
    d = fastest();
  int64_t width = std::min<int64_t>(getContiguity(layout, d),
                                    std::max<int64_t>(128 / bits, 1));
  return std::max<int64_t>(std::min<int64_t>(width, shape()[d]), 1);
}

SmallVector<SmallVector<int64_t>> Distribution::vectorGroups(int64_t width,
                                                             int64_t d) const {
  if (d < 0)
    d = fastest();
  SmallVector<SmallVector<int64_t>> groups;
  for (int64_t r = 0, n = numRegisters(); r < n; ++r) {
    SmallVector<int64_t> local = delinearize(r);
    if (local[d] % width != 0 || firstInThread(r) != r)
      continue;
    SmallVector<int64_t> &group = groups.emplace_back();
    for (int64_t i = 0; i < width; ++i) {
      SmallVector<int64_t> next = local;
      next[d] += i;
      group.push_back(linearize(next));
    }
  }
  return groups;
}

bool ownsEveryElement(TileType type) {
  DistributedLayoutInterface layout = getLayout(type);
  return layout.getReplicaFields().empty() &&
         llvm::all_of(llvm::seq<int64_t>(0, type.getRank()), [&](int64_t d) {
           return tile::isExact(layout, type.getShape(), d);
         });
}

bool Distribution::isExact() const { return ownsEveryElement(type); }

void Distribution::forEachOwned(Emitter &e,
                                function_ref<void(int64_t r)> body) {
  int64_t count = numRegisters();
  if (isExact()) {
    for (int64_t r = 0; r < count; ++r)
      body(r);
    return;
  }
  // isOwner(r) depends on `r` through its offsets along the wrapped
  // dimensions only: the threads' offsets are the same for every register.
  // (key: those offsets; registers), in the order they first appear.
  SmallVector<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>> groups;
  for (int64_t r = 0; r < count; ++r) {
    SmallVector<int64_t> local = delinearize(r), key;
    bool past = false;
    for (int64_t d = 0; d < rank() && !past; ++d) {
      if (isExactAlong(d))
        continue;
      int64_t offset = getRegisterOffset(layout, d, local[d]);
      past = offset >= shape()[d]; // the thread's offset is not negative
      key.push_back(offset);
    }
    if (past)
      continue;
    auto *group = llvm::find_if(
        groups, [&](const auto &other) { return other.first == key; });
    if (group == groups.end()) {
      groups.push_back({key, {}});
      group = groups.end() - 1;
    }
    group->second.push_back(r);
  }
  for (const auto &[key, registers] : groups)
    emitIf(e, isOwner(e, registers.front()), [&] {
      for (int64_t r : registers)
        body(r);
    });
}

ArrayValues::ArrayValues(Emitter &e, ArrayType type, ValueRange values) {
  base = values.front();
  size_t next = 1;
  for (int64_t extent : type.getShape())
    extents.push_back(ShapedType::isDynamic(extent) ? values[next++]
                                                    : e.i32(extent));
  for (int64_t stride : type.getStrides())
    strides.push_back(ShapedType::isDynamic(stride) ? values[next++]
                                                    : e.i64(stride));
}

SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    llvm::append_range(values, range);
  return values;
}

/// A fresh global named `prefix` and a number in the enclosing gpu.module
/// (or module): its address.
Value createGlobal(Emitter &e, Operation *op, StringRef prefix, Type type,
                   bool constant, Attribute value, unsigned addressSpace,
                   int64_t alignment) {
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
                                         alignment, addressSpace);
    table.insert(global);
  }
  return LLVM::AddressOfOp::create(
      e.b, e.loc, LLVM::LLVMPointerType::get(op->getContext(), addressSpace),
      name);
}

/// A fresh shared-memory array of `count` elements of `element` type: its
/// address.
Value allocateShared(Emitter &e, Operation *op, Type element, int64_t count,
                     int64_t alignment, SharedUse use) {
  StringRef prefix = use == SharedUse::Scratch  ? kScratchPrefix
                     : use == SharedUse::Stages ? kStagePrefix
                                                : kSharedPrefix;
  return createGlobal(e, op, prefix, LLVM::LLVMArrayType::get(element, count),
                      /*constant=*/false, Attribute(), kShared, alignment);
}

bool isInLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return false;
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  }
  return false;
}

int64_t getKernelNumWarps(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  TileDialect::NumWarpsAttrHelper numWarps(op->getContext());
  if (IntegerAttr attr = func ? numWarps.getAttr(func) : IntegerAttr())
    return attr.getInt();
  return 4;
}

SwizzledLayout::SwizzledLayout(ArrayRef<int64_t> shape, int64_t elementBytes,
                               bool interleaved)
    : elementBytes(elementBytes), interleaved(interleaved) {
  columns = shape.back();
  rows = 1;
  for (int64_t extent : shape.drop_back())
    rows *= extent;
  slabColumns =
      std::min<int64_t>(columns, std::max<int64_t>(1, 128 / elementBytes));
  chunkElements =
      std::min<int64_t>(slabColumns, std::max<int64_t>(1, 16 / elementBytes));
  int64_t chunks = slabColumns / chunkElements;
  atom = chunks;
  rowsPerPhase = std::max<int64_t>(1, 8 / chunks);
  if (chunkElements * elementBytes < 16)
    atom = 1; // rows narrower than a chunk: nothing to permute
}

int64_t SwizzledLayout::getWgmmaSwizzleMode() const {
  if (interleaved)
    return 0;
  if (atom == 8)
    return 1;
  if (atom == 4)
    return 2;
  if (atom == 2)
    return 3;
  return 0;
}

Value SwizzledLayout::offset(Emitter &e, Value row, Value column) const {
  // Row 8a + 4b + t stored at 8a + 2t + b (one statement each: the IR's
  // order does not depend on the compiler's order of arguments).
  if (interleaved) {
    Value group = e.andI(row, e.i32(~int64_t(7)));
    Value up = e.shl(e.andI(row, e.i32(3)), e.i32(1));
    Value down = e.andI(e.shr(row, e.i32(2)), e.i32(1));
    Value moved = e.orI(up, down);
    row = e.orI(group, moved);
  }
  Value slab = e.bits(column, slabColumns, columns / slabColumns);
  Value chunk = e.bits(column, chunkElements, slabColumns / chunkElements);
  Value within = e.bits(column, 1, chunkElements);
  // XOR with a phase below `atom` permutes the chunks of a slab row.
  Value phase = e.bits(row, rowsPerPhase, atom);
  Value swizzled = atom > 1 ? e.xorI(chunk, phase) : chunk;
  Value inSlab = e.add(e.add(e.mul(row, e.i32(slabColumns)),
                             e.mul(swizzled, e.i32(chunkElements))),
                       within);
  if (columns == slabColumns)
    return inSlab;
  return e.add(e.mul(slab, e.i32(rows * slabColumns)), inSlab);
}

SwizzledLayout getStageLayout(SharedType type) {
  return SwizzledLayout(type.getShape().drop_front(),
                        getMemoryBytes(type.getElementType()),
                        type.getInterleaved());
}

Value getStage(Emitter &e, SharedType type, Value base, Value stage) {
  Value index =
      arith::IndexCastUIOp::create(e.b, e.loc, e.b.getI32Type(), stage);
  return e.gep(base, getMemoryType(type.getElementType()),
               e.mul(index, e.i32(getStageLayout(type).size())));
}

/// The converted values of a tile result.
SmallVector<Type> convertResult(const TypeConverter *converter, Type type) {
  SmallVector<Type> types;
  (void)converter->convertType(type, types);
  return types;
}

/// The byte of a packed (fp4) array at `base` that holds element `offset`
/// (i64), and the element's shift in it (i8: 0 or 4).
std::pair<Value, Value> locatePacked(Emitter &e, Value base, Value offset) {
  Type i8 = e.b.getI8Type();
  Value byte =
      e.gep(base, i8, arith::ShRUIOp::create(e.b, e.loc, offset, e.i64(1)));
  Value shift =
      arith::ShLIOp::create(e.b, e.loc, e.andI(offset, e.i64(1)), e.i64(2));
  return {byte, arith::TruncIOp::create(e.b, e.loc, i8, shift)};
}

/// Element `offset` of a packed array: its four bits in an i8.
Value loadPacked(Emitter &e, Value base, Value offset) {
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
void storePacked(Emitter &e, Value base, Value offset, Value value) {
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

void emitIf(Emitter &e, Value condition, function_ref<void()> body) {
  if (!condition)
    return body();
  auto ifOp = scf::IfOp::create(e.b, e.loc, condition);
  OpBuilder::InsertionGuard guard(e.b);
  e.b.setInsertionPointToStart(ifOp.thenBlock());
  body();
}

/// Emits `body(fast)` under `scf.if condition`, yielding `count` values of
/// `types` from each side.
SmallVector<Value>
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

/// The PTX state space of a predicated access at `address` ("global",
/// "" for generic), and the words of `type` it moves: 32-bit words, or one
/// 16-bit word for types of one or two bytes. Nothing where they do not
/// suit.
static std::optional<std::pair<StringRef, int64_t>>
getPredicatedAccess(Value address, Type type) {
  auto pointer = dyn_cast<LLVM::LLVMPointerType>(address.getType());
  if (!pointer ||
      (pointer.getAddressSpace() != 0 && pointer.getAddressSpace() != 1))
    return std::nullopt;
  int64_t bits = 0;
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() == 1 && vector.getElementType().isIntOrFloat())
      bits = vector.getNumElements() *
             vector.getElementType().getIntOrFloatBitWidth();
  } else if (type.isIntOrFloat()) {
    bits = type.getIntOrFloatBitWidth();
  }
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64 && bits != 128)
    return std::nullopt;
  return std::make_pair(StringRef(pointer.getAddressSpace() ? "global" : ""),
                        bits >= 32 ? bits / 32 : int64_t(1));
}

/// `type`'s bits as the access's words (i32s, or one i16), and back.
static Value toWords(Emitter &e, Value value, int64_t bits, int64_t words) {
  OpBuilder &b = e.b;
  if (bits < 32) {
    Type raw = b.getIntegerType(bits);
    if (value.getType() != raw)
      value = LLVM::BitcastOp::create(b, e.loc, raw, value);
    return bits == 16 ? value : e.zext(b.getI16Type(), value);
  }
  Type wordsType = words == 1 ? Type(b.getI32Type())
                              : Type(VectorType::get({words}, b.getI32Type()));
  return LLVM::BitcastOp::create(b, e.loc, wordsType, value);
}

static int64_t getBits(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() *
           vector.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

Value loadIf(Emitter &e, Value address, Type type, Value condition,
             Value otherwise) {
  std::optional<std::pair<StringRef, int64_t>> access =
      getPredicatedAccess(address, type);
  if (!access)
    return Value();
  OpBuilder &b = e.b;
  auto [space, words] = *access;
  int64_t bits = getBits(type);
  Value initial = toWords(e, otherwise, bits, words);
  std::string text = "@$" + std::to_string(words) + " ld";
  if (!space.empty())
    text += "." + space.str();
  if (words > 1)
    text += ".v" + std::to_string(words);
  text += bits >= 32 ? ".b32 " : bits == 16 ? ".b16 " : ".b8 ";
  std::string outputs, constraints, tied;
  SmallVector<Value> operands = {condition, address};
  for (int64_t i = 0; i < words; ++i) {
    outputs += (i ? ", $" : "$") + std::to_string(i);
    constraints += bits >= 32 ? "=r," : "=h,";
    tied += "," + std::to_string(i);
    operands.push_back(
        words == 1 ? initial
                   : LLVM::ExtractElementOp::create(b, e.loc, initial, e.i32(i))
                         .getResult());
  }
  text += words > 1 ? "{" + outputs + "}" : outputs;
  text += ", [$" + std::to_string(words + 1) + "];";
  constraints += "b,l" + tied;
  Type word = bits >= 32 ? b.getI32Type() : b.getI16Type();
  Type resultType = words == 1
                        ? word
                        : LLVM::LLVMStructType::getLiteral(
                              b.getContext(), SmallVector<Type>(words, word));
  // Not pure: it reads memory (a store before it stays before it).
  Value loaded = createInlinePtx(b, e.loc, resultType, operands, text,
                                 constraints, /*pure=*/false);
  if (bits < 32) {
    Value raw = bits == 16 ? loaded : e.trunc(b.getIntegerType(bits), loaded);
    return raw.getType() == type
               ? raw
               : LLVM::BitcastOp::create(b, e.loc, type, raw).getResult();
  }
  Value vector = loaded;
  if (words > 1) {
    vector = LLVM::PoisonOp::create(b, e.loc,
                                    VectorType::get({words}, b.getI32Type()));
    for (int64_t i = 0; i < words; ++i)
      vector = LLVM::InsertElementOp::create(b, e.loc, vector,
                                             e.extract(loaded, {i}), e.i32(i));
  }
  return vector.getType() == type
             ? vector
             : LLVM::BitcastOp::create(b, e.loc, type, vector).getResult();
}

bool storeIf(Emitter &e, Value address, Value value, Value condition) {
  std::optional<std::pair<StringRef, int64_t>> access =
      getPredicatedAccess(address, value.getType());
  if (!access)
    return false;
  OpBuilder &b = e.b;
  auto [space, words] = *access;
  int64_t bits = getBits(value.getType());
  Value raw = toWords(e, value, bits, words);
  std::string text = "@$0 st";
  if (!space.empty())
    text += "." + space.str();
  if (words > 1)
    text += ".v" + std::to_string(words);
  text += bits >= 32   ? ".b32 [$1], "
          : bits == 16 ? ".b16 [$1], "
                       : ".b8 [$1], ";
  std::string values, constraints = "b,l";
  SmallVector<Value> operands = {condition, address};
  for (int64_t i = 0; i < words; ++i) {
    values += (i ? ", $" : "$") + std::to_string(i + 2);
    constraints += bits >= 32 ? ",r" : ",h";
    operands.push_back(
        words == 1 ? raw
                   : LLVM::ExtractElementOp::create(b, e.loc, raw, e.i32(i))
                         .getResult());
  }
  text += (words > 1 ? "{" + values + "}" : values) + ";";
  createInlinePtx(b, e.loc, Type(), operands, text, constraints,
                  /*pure=*/false);
  return true;
}

Value toRegister(Emitter &e, Value memory, Type registerType) {
  if (registerType.isInteger(1))
    return arith::TruncIOp::create(e.b, e.loc, registerType, memory);
  return memory;
}

Value toMemory(Emitter &e, Value value, Type memoryType) {
  if (value.getType() != memoryType)
    return arith::ExtUIOp::create(e.b, e.loc, memoryType, value);
  return value;
}

/// The PTX suffix of a rounding mode.
StringRef getPtxRounding(RoundingMode mode) {
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
Value emitPtxFloatOp(Emitter &e, StringRef name,
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
bool needsPtx(Type type, std::optional<RoundingMode> rounding, bool ftz) {
  if (!type.isF32() && !type.isF64())
    return false;
  return ftz || (rounding && *rounding != RoundingMode::rn);
}

int64_t getRowMajorPosition(ArrayRef<int64_t> shape,
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
std::optional<SmallVector<int64_t>> getRegisterMap(TileType from, TileType to,
                                                   IndexMap map) {
  DistributedLayoutInterface in = getLayout(from), out = getLayout(to);
  ArrayRef<int64_t> inShape = from.getShape(), outShape = to.getShape();
  int64_t inRegisters = getNumRegisters(in, inShape);
  int64_t outRegisters = getNumRegisters(out, outShape);
  int64_t threads = out.getNumWarps() * kWarpSize;
  if (in.getNumWarps() != out.getNumWarps() ||
      threads * (inRegisters + outRegisters) > (int64_t(1) << 22))
    return std::nullopt;
  ElementMap inElements(in, inShape), outElements(out, outShape);
  SmallVector<int64_t> registers(outRegisters, -1);
  DenseMap<int64_t, int64_t> held;
  for (int64_t t = 0; t < threads; ++t) {
    held.clear();
    for (int64_t r = 0; r < inRegisters; ++r)
      held.try_emplace(
          getRowMajorPosition(inShape, inElements.getElement(t, r)), r);
    for (int64_t r = 0; r < outRegisters; ++r) {
      auto found = held.find(
          getRowMajorPosition(inShape, map(outElements.getElement(t, r))));
      if (found == held.end() || (t > 0 && registers[r] != found->second))
        return std::nullopt;
      registers[r] = found->second;
    }
  }
  return registers;
}

/// Every register of `values` (a tile of `type`) made the value of its
/// element's owning copy, through shared memory: for ops whose copies do
/// not compute what their owners do (atomics, scans).
void takeOwnersValues(Emitter &e, Operation *op, TileType type,
                      MutableArrayRef<Value> values) {
  SharedTile shared(e, op, type);
  if (type.getRank() == 0) { // the first thread's value
    emitIf(e, e.eq(e.threadId(), e.i32(0)), [&] {
      LLVM::StoreOp::create(e.b, e.loc,
                            toMemory(e, values.front(), shared.memoryType),
                            shared.address({}));
    });
    shared.barrier();
    values.front() = shared.read({});
    return;
  }
  shared.write(type, values);
  shared.barrier();
  Distribution dist(e, type);
  for (auto [r, value] : llvm::enumerate(values))
    value = shared.read(dist.indices(e, r));
}

/// remapTile through shared memory with `stmatrix ... .x4` (sm_90 on,
/// 16-bit elements), where it serves: a buffer holds `to`'s tile with its
/// dimension `runs` last, so that `to`'s registers read it 16 bytes (8
/// elements) at a time, and each thread's registers 8q to 8q + 7 of `from`
/// are the four pairs that call q of the instruction stores, transposed
/// (`.trans`: a transpose's tile) or as they are (an mma accumulator's
/// pairs, which are rows of 8 x 8 matrices). The call writes row c of
/// matrix i (the row lane 8i + c addresses); in every warp its 8 elements
/// must be consecutive in a buffer row, the first at a multiple of 8, and
/// the element each lane addresses must move with the bits of the lane and
/// of the warp by fixed steps (which give the addresses at run time).
/// Checked at compile time over every thread; empty where anything fails.
/// Against two- or four-byte stores of every element or pair (a float16
/// transpose of 128 x 32 at 16 warps: 8 a thread, where this is one
/// `stmatrix` and one 16-byte load; a 128 x 256 accumulator's epilogue at
/// 8 warps: 16 against 128 stores a thread, and LLVM's dead-store
/// elimination no longer compares the 128 addresses pairwise).
static std::optional<SmallVector<Value>>
remapWithStoreMatrix(Emitter &e, Operation *op, TileType from,
                     ValueRange values, TileType to, IndexMap map) {
  std::optional<CompileTarget> chip = target::getCompileTargetFor(op, "");
  Type memoryType = getMemoryType(from.getElementType());
  int64_t rank = to.getRank();
  if (!chip || chip->host || chip->sm < 90 || rank < 2 ||
      !memoryType.isIntOrFloat() || memoryType.getIntOrFloatBitWidth() != 16 ||
      getMemoryType(to.getElementType()) != memoryType)
    return std::nullopt;
  DistributedLayoutInterface in = getLayout(from), out = getLayout(to);
  ArrayRef<int64_t> inShape = from.getShape(), outShape = to.getShape();
  int64_t inRegisters = getNumRegisters(in, inShape);
  int64_t outRegisters = getNumRegisters(out, outShape);
  int64_t warps = in.getNumWarps(), threads = warps * kWarpSize;
  int64_t elements = to.getNumElements();
  if (out.getNumWarps() != warps || !llvm::isPowerOf2_64(warps) ||
      inRegisters % 8 || outRegisters % 8 ||
      from.getNumElements() != elements ||
      threads * (inRegisters + outRegisters) > (int64_t(1) << 22))
    return std::nullopt;
  // The buffer's order of `to`'s dimensions: `runs` moved last, where
  // `to`'s registers read 8 elements at a time along it.
  auto orderFor = [&](int64_t runs) {
    SmallVector<int64_t> order;
    for (int64_t d = 0; d < rank; ++d)
      if (d != runs)
        order.push_back(d);
    order.push_back(runs);
    return order;
  };
  std::optional<SmallVector<int64_t>> order;
  SmallVector<int64_t> bufferShape;
  for (int64_t runs = rank - 1; runs >= 0 && !order; --runs) {
    SmallVector<int64_t> candidate = orderFor(runs), shape;
    for (int64_t d : candidate)
      shape.push_back(outShape[d]);
    if (shape.back() < 32)
      continue;
    auto permuted = [&](ArrayRef<int64_t> indices) {
      SmallVector<int64_t> result;
      for (int64_t d : candidate)
        result.push_back(indices[d]);
      return result;
    };
    if (getSharedVectorWidth(to, 8, shape, permuted) == 8) {
      order = candidate;
      bufferShape = shape;
    }
  }
  if (!order)
    return std::nullopt;
  // Where each element of `from` sits in the buffer (map must take every
  // element of `to` to a different one of `from`).
  // The indices of row-major `position` in a tile of `shape`.
  auto unflatten = [&](int64_t position, ArrayRef<int64_t> shape) {
    SmallVector<int64_t> indices(rank);
    for (int64_t d = rank - 1; d >= 0; --d) {
      indices[d] = position % shape[d];
      position /= shape[d];
    }
    return indices;
  };
  SmallVector<int64_t> bufferAt(elements, -1);
  for (int64_t position = 0; position < elements; ++position) {
    SmallVector<int64_t> index = unflatten(position, outShape), buffer;
    for (int64_t d : *order)
      buffer.push_back(index[d]);
    int64_t source = getRowMajorPosition(inShape, map(index));
    if (source < 0 || source >= elements || bufferAt[source] >= 0)
      return std::nullopt;
    bufferAt[source] = getRowMajorPosition(bufferShape, buffer);
  }
  // Per call, warp and lane, the buffer position the lane addresses: with
  // `.trans`, row c of matrix i is what lanes 4a + c/2 hold in register
  // 8q + 2i + c%2; without, what lanes 4c + a/2 hold in register
  // 8q + 2i + a%2 (a = 0..7 along the row). Transposed first.
  ElementMap inElements(in, inShape);
  int64_t row = bufferShape.back(), calls = inRegisters / 8;
  SmallVector<int64_t> addressed(calls * threads);
  auto address = [&](bool transposed) {
    for (int64_t w = 0; w < warps; ++w)
      for (int64_t q = 0; q < calls; ++q)
        for (int64_t lane = 0; lane < kWarpSize; ++lane) {
          int64_t i = lane / 8, c = lane % 8;
          int64_t first = -1;
          for (int64_t a = 0; a < 8; ++a) {
            int64_t thread =
                w * kWarpSize + (transposed ? 4 * a + c / 2 : 4 * c + a / 2);
            int64_t r = 8 * q + 2 * i + (transposed ? c % 2 : a % 2);
            int64_t at = bufferAt[getRowMajorPosition(
                inShape, inElements.getElement(thread, r))];
            if (a == 0)
              first = at;
            if (at != first + a)
              return false;
          }
          if (first % 8 || first % row + 8 > row)
            return false;
          addressed[q * threads + w * kWarpSize + lane] = first;
        }
    return true;
  };
  bool transposed = true;
  if (!address(transposed) && !address(transposed = false))
    return std::nullopt;
  // Fixed steps per lane and warp bit, in buffer coordinates.
  auto coordinates = [&](int64_t position) {
    return unflatten(position, bufferShape);
  };
  int64_t laneBits = llvm::Log2_64(kWarpSize), warpBits = llvm::Log2_64(warps);
  SmallVector<SmallVector<int64_t>> steps;
  SmallVector<int64_t> origin = coordinates(addressed[0]);
  for (int64_t bit = 0; bit < laneBits + warpBits; ++bit) {
    int64_t thread =
        bit < laneBits ? int64_t(1) << bit : kWarpSize << (bit - laneBits);
    SmallVector<int64_t> step = coordinates(addressed[thread]);
    for (int64_t d = 0; d < rank; ++d)
      step[d] -= origin[d];
    steps.push_back(step);
  }
  for (int64_t q = 0; q < calls; ++q) {
    SmallVector<int64_t> base = coordinates(addressed[q * threads]);
    for (int64_t thread = 0; thread < threads; ++thread) {
      SmallVector<int64_t> want = base;
      for (int64_t bit = 0; bit < laneBits + warpBits; ++bit)
        if ((thread >> bit) & 1)
          for (int64_t d = 0; d < rank; ++d)
            want[d] += steps[bit][d];
      if (want != coordinates(addressed[q * threads + thread]))
        return std::nullopt;
    }
  }
  // The buffer, shaped as `to` with its dimensions in `order`.
  TileType bufferType = TileType::get(e.b.getContext(), bufferShape,
                                      to.getElementType(), to.getEncoding());
  SharedTile shared(e, op, bufferType, 8);
  Value thread = e.threadId();
  SmallVector<Value> moved(rank, e.i32(0));
  for (int64_t bit = 0; bit < laneBits + warpBits; ++bit) {
    Value set = e.bits(thread, int64_t(1) << bit, 2);
    for (int64_t d = 0; d < rank; ++d)
      if (steps[bit][d])
        moved[d] = e.add(moved[d], e.mul(set, e.i32(steps[bit][d])));
  }
  MLIRContext *context = e.b.getContext();
  auto pairType = VectorType::get({2}, memoryType);
  for (int64_t q = 0; q < calls; ++q) {
    SmallVector<int64_t> base = coordinates(addressed[q * threads]);
    SmallVector<Value> at;
    for (int64_t d = 0; d < rank; ++d)
      at.push_back(e.add(moved[d], e.i32(base[d])));
    SmallVector<Value> words;
    for (int64_t i = 0; i < 4; ++i) {
      Value pair = LLVM::PoisonOp::create(e.b, e.loc, pairType);
      for (int64_t h = 0; h < 2; ++h)
        pair = LLVM::InsertElementOp::create(
            e.b, e.loc, pair,
            toMemory(e, values[8 * q + 2 * i + h], memoryType), e.i32(h));
      words.push_back(
          LLVM::BitcastOp::create(e.b, e.loc, e.b.getI32Type(), pair));
    }
    NVVM::StMatrixOp::create(e.b, e.loc, shared.address(at), words,
                             transposed ? NVVM::MMALayout::col
                                        : NVVM::MMALayout::row,
                             NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
                             NVVM::LdStMatrixEltType::B16);
  }
  shared.barrier();
  Distribution dist(e, to);
  SmallVector<Value> result;
  for (int64_t r = 0; r < outRegisters; r += 8) {
    SmallVector<Value> indices = dist.indices(e, r), at;
    for (int64_t d : *order)
      at.push_back(indices[d]);
    llvm::append_range(result, shared.readVector(at, 8));
  }
  return result;
}

/// The registers of a tile of type `to` whose element I is element map(I)
/// of the tile `values` of type `from`: registers of the thread when it
/// holds what it takes, else through shared memory.
SmallVector<Value> remapTile(Emitter &e, Operation *op, TileType from,
                             ValueRange values, TileType to, IndexMap map,
                             ValueIndexMap valueMap) {
  if (to.getRank() == 0) // from holds one element, in every register
    return {values.front()};
  int64_t registers = getNumRegisters(getLayout(to), to.getShape());
  if (from.getRank() == 0)
    return SmallVector<Value>(registers, values.front());
  SmallVector<Value> result;
  if (std::optional<SmallVector<int64_t>> map2 =
          getRegisterMap(from, to, map)) {
    for (int64_t r : *map2)
      result.push_back(values[r]);
    return result;
  }
  if (std::optional<SmallVector<Value>> moved =
          remapWithStoreMatrix(e, op, from, values, to, map))
    return *moved;
  // Vectors where both sides hold runs of a row (an mma accumulator into a
  // store's coalesced layout, say); element by element otherwise, which
  // suits the transposes (one side runs down the columns) better.
  Distribution dist(e, to);
  Type memoryType = getMemoryType(from.getElementType());
  int64_t maxElements =
      memoryType.isIntOrFloat()
          ? std::max<int64_t>(1, 128 / memoryType.getIntOrFloatBitWidth())
          : 1;
  int64_t writeWidth = ownsEveryElement(from)
                           ? getSharedVectorWidth(from, maxElements,
                                                  from.getShape(), identityMap)
                           : 1;
  int64_t readWidth =
      writeWidth > 1
          ? getSharedVectorWidth(to, maxElements, from.getShape(), map)
          : 1;
  if (readWidth == 1)
    writeWidth = 1;
  SharedTile shared(e, op, from, std::max(writeWidth, readWidth));
  shared.write(from, values, {}, writeWidth);
  shared.barrier();
  for (int64_t r = 0; r < registers; r += readWidth) {
    if (readWidth == 1) {
      result.push_back(shared.read(valueMap(dist.indices(e, r))));
      continue;
    }
    llvm::append_range(
        result, shared.readVector(valueMap(dist.indices(e, r)), readWidth));
  }
  return result;
}

SmallVector<int64_t> identityMap(ArrayRef<int64_t> indices) {
  return SmallVector<int64_t>(indices);
}
SmallVector<Value> identityValueMap(ArrayRef<Value> indices) {
  return SmallVector<Value>(indices);
}

Value getZero(Emitter &e, Type registerType) {
  if (auto real = dyn_cast<FloatType>(registerType))
    return e.floatConst(real, 0.0);
  if (isa<LLVM::LLVMPointerType>(registerType))
    return LLVM::ZeroOp::create(e.b, e.loc, registerType);
  return arith::ConstantIntOp::create(e.b, e.loc, registerType, 0);
}

/// `value` from another lane of the warp, for any width: `offset` lanes
/// away (xor, up, down) or lane `offset` (idx).
Value shuffle(Emitter &e, Value value, Value offset, gpu::ShuffleMode mode) {
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

SmallVector<Value> shuffleTuple(Emitter &e, ArrayRef<Value> tuple, Value offset,
                                gpu::ShuffleMode mode) {
  SmallVector<Value> result;
  for (Value value : tuple)
    result.push_back(shuffle(e, value, offset, mode));
  return result;
}

SmallVector<Value> selectTuple(Emitter &e, Value condition, ArrayRef<Value> a,
                               ArrayRef<Value> b) {
  SmallVector<Value> result;
  for (auto [x, y] : llvm::zip(a, b))
    result.push_back(arith::SelectOp::create(e.b, e.loc, condition, x, y));
  return result;
}

/// A tuple whose first member tells whether it holds anything: combining
/// with an empty one gives the other. For combiners without an identity.
SmallVector<Value> joinFlagged(Emitter &e, TupleCombine combine,
                               ArrayRef<Value> a, ArrayRef<Value> b) {
  SmallVector<Value> both = combine(a.drop_front(), b.drop_front());
  SmallVector<Value> result = {arith::OrIOp::create(e.b, e.loc, a[0], b[0])};
  SmallVector<Value> one = selectTuple(e, a[0], a.drop_front(), b.drop_front());
  llvm::append_range(result, selectTuple(e, e.andI(a[0], b[0]), both, one));
  return result;
}

/// A combiner region applied to scalars: its body cloned, the scalars cast
/// to the scalar tiles it takes (the conversion lowers the clones and folds
/// the casts away).
SmallVector<Value> applyCombiner(Emitter &e, Region &region, ArrayRef<Value> a,
                                 ArrayRef<Value> b) {
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

int64_t getSharedVectorWidth(TileType type, int64_t maxElements,
                             ArrayRef<int64_t> bufferShape, IndexMap map) {
  if (type.getRank() == 0 || bufferShape.empty())
    return 1;
  DistributedLayoutInterface layout = getLayout(type);
  ArrayRef<int64_t> shape = type.getShape();
  int64_t registers = getNumRegisters(layout, shape);
  int64_t threads = layout.getNumWarps() * kWarpSize;
  if (threads * registers > (int64_t(1) << 22))
    return 1;
  // One pass over every thread's elements: per register, whether it
  // follows the one before along the buffer's rows in every thread, and
  // the largest power of two that divides its column in every thread. A
  // run of `width` then serves where the registers inside runs follow and
  // those that start them are aligned.
  ElementMap elements(layout, shape);
  int64_t last = bufferShape.size() - 1;
  int64_t widest = int64_t(llvm::bit_floor(
      uint64_t(std::clamp<int64_t>(maxElements, 1, bufferShape.back()))));
  SmallVector<bool> follows(registers, true);
  SmallVector<int64_t> alignment(registers, widest);
  for (int64_t t = 0; t < threads; ++t) {
    SmallVector<int64_t> previous;
    for (int64_t r = 0; r < registers; ++r) {
      SmallVector<int64_t> element = map(elements.getElement(t, r));
      int64_t column = element[last];
      while (alignment[r] > 1 && column % alignment[r])
        alignment[r] /= 2;
      if (r > 0) {
        ++previous[last];
        follows[r] = follows[r] && element == previous;
      }
      previous = std::move(element);
    }
  }
  for (int64_t width = widest; width > 1; width /= 2) {
    bool serves = registers % width == 0;
    for (int64_t r = 0; serves && r < registers; ++r)
      serves = r % width ? follows[r] : alignment[r] >= width;
    if (serves)
      return width;
  }
  return 1;
}

SharedTile::SharedTile(Emitter &e, Operation *op, TileType type, int64_t vector)
    : e(e), shape(type.getShape()),
      registerType(getRegisterType(type.getElementType())),
      memoryType(getMemoryType(type.getElementType())) {
  int64_t rank = shape.size();
  int64_t pad = 0;
  if (rank >= 2 && shape.back() >= 32)
    pad = vector > 1 ? std::max<int64_t>(
                           vector, 128 / memoryType.getIntOrFloatBitWidth())
                     : 1;
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

void SharedTile::write(TileType type, ValueRange values, ArrayRef<Value> origin,
                       int64_t vector) {
  Distribution from(e, type);
  if (vector > 1) {
    assert(from.isExact() && origin.empty() &&
           "vectors of owned registers only");
    auto vectorType = VectorType::get({vector}, memoryType);
    int64_t bytes = vector * memoryType.getIntOrFloatBitWidth() / 8;
    for (int64_t r = 0, n = from.numRegisters(); r < n; r += vector) {
      Value packed = LLVM::PoisonOp::create(e.b, e.loc, vectorType);
      for (int64_t i = 0; i < vector; ++i)
        packed = LLVM::InsertElementOp::create(
            e.b, e.loc, packed, toMemory(e, values[r + i], memoryType),
            e.i32(i));
      LLVM::StoreOp::create(e.b, e.loc, packed, address(from.indices(e, r)),
                            bytes);
    }
    return;
  }
  from.forEachOwned(e, [&](int64_t r) {
    SmallVector<Value> indices = from.indices(e, r);
    for (auto [index, start] : llvm::zip(indices, origin))
      index = e.add(index, start);
    LLVM::StoreOp::create(e.b, e.loc, toMemory(e, values[r], memoryType),
                          address(indices));
  });
}

SmallVector<Value> SharedTile::readVector(ArrayRef<Value> indices,
                                          int64_t count) {
  auto vectorType = VectorType::get({count}, memoryType);
  int64_t bytes = count * memoryType.getIntOrFloatBitWidth() / 8;
  Value loaded =
      LLVM::LoadOp::create(e.b, e.loc, vectorType, address(indices), bytes);
  SmallVector<Value> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(toRegister(
        e, LLVM::ExtractElementOp::create(e.b, e.loc, loaded, e.i32(i)),
        registerType));
  return values;
}

Value Combiner::combine(Emitter &e, Value a, Value b) const {
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

bool Combiner::hasExactIdentity() const {
  return !isa<FloatType>(getRegisterType(dtype)) ||
         (kind != ReduceKind::max && kind != ReduceKind::min);
}

Value Combiner::identity(Emitter &e) const {
  Type type = getRegisterType(dtype);
  if (auto real = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &semantics = real.getFloatSemantics();
    // -0.0: x + -0.0 is x for every x, +0.0 and -0.0 included.
    APFloat value = APFloat::getZero(semantics, /*Negative=*/true);
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

} // namespace cudapy::tile::lowering
