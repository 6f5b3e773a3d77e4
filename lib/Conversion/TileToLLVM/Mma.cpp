//===- Mma.cpp - matrix multiply-accumulate -------------------------------===//
//
// tile.mma and tile.matmul: on tensor cores (nvvm.mma.sync m16n8k16) when
// tile-assign-layouts gave the result the accumulator layout and the
// operands its operand layouts (which tiles reach through shared memory and
// ldmatrix), else through the simple path that any dtype and layout takes.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "cudapy/Conversion/LoweringUtils/NarrowFloat.h"
#include "dialects/Tile/IR/TileVerification.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

/// The accumulator of `mma` (its registers), none for `matmul`.
template <typename Adaptor> static ValueRange getAccumulator(MmaOp, Adaptor a) {
  return a.getAcc();
}
template <typename Adaptor>
static ValueRange getAccumulator(MatmulOp, Adaptor) {
  return {};
}

/// Writes a tile of `type` (its registers `values`, rank 2) into shared
/// memory at `base` in `shared`'s layout: each thread stores the runs of
/// elements it holds along a row (up to a chunk) at once, or, where its
/// layout holds copies, the elements it owns one by one.
static void storeSwizzled(Emitter &e, TileType type, ValueRange values,
                          Value base, const SwizzledLayout &shared) {
  Distribution dist(e, type);
  Type memoryType = getMemoryType(type.getElementType());
  int64_t bytes = getMemoryBytes(type.getElementType());
  int64_t width = 1;
  if (dist.isExact() && dist.fastest() == 1)
    width = std::min<int64_t>({getContiguity(dist.layout, 1),
                               shared.chunkElements, type.getShape()[1]});
  auto vectorType = VectorType::get({width}, memoryType);
  auto address = [&](int64_t r) {
    SmallVector<Value> indices = dist.indices(e, r);
    return e.gep(base, memoryType, shared.offset(e, indices[0], indices[1]));
  };
  if (width == 1) {
    dist.forEachOwned(e, [&](int64_t r) {
      LLVM::StoreOp::create(e.b, e.loc, toMemory(e, values[r], memoryType),
                            address(r), bytes);
    });
    return;
  }
  for (int64_t r = 0, n = dist.numRegisters(); r < n; ++r) {
    SmallVector<int64_t> local = dist.delinearize(r);
    if (local[1] % width != 0)
      continue;
    Value vector = e.poison(vectorType);
    for (int64_t i = 0; i < width; ++i) {
      SmallVector<int64_t> next = local;
      next[1] += i;
      vector = LLVM::InsertElementOp::create(
          e.b, e.loc, vector,
          toMemory(e, values[dist.linearize(next)], memoryType), e.i32(i));
    }
    LLVM::StoreOp::create(e.b, e.loc, vector, address(r), bytes * width);
  }
}

/// `ldmatrix` of `count` 8x8 matrices of 16-bit elements whose rows the
/// lanes address (`.trans` when `transpose`): each 32-bit register as a
/// vector of its `width` `element`s (two of 16 bits, or one of 32 whose
/// halves ldmatrix moves as they lie).
static SmallVector<Value> loadMatrices(Emitter &e, Value address, int64_t count,
                                       bool transpose, Type element,
                                       int64_t width) {
  MLIRContext *context = e.b.getContext();
  Type i32 = e.b.getI32Type();
  Type result = count == 1 ? i32
                           : LLVM::LLVMStructType::getLiteral(
                                 context, SmallVector<Type>(count, i32));
  Value loaded = NVVM::LdMatrixOp::create(
      e.b, e.loc, result, address, count,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
      NVVM::LdStMatrixEltType::B16);
  SmallVector<Value> words;
  auto wordType = VectorType::get({width}, element);
  for (int64_t i = 0; i < count; ++i) {
    Value word = count == 1 ? loaded : e.extract(loaded, {i});
    words.push_back(LLVM::BitcastOp::create(e.b, e.loc, wordType, word));
  }
  return words;
}

/// Whether tiles of `type` in `layout` are whole mma.sync operand blocks
/// that ldmatrix loads from a stage (Mma.cpp): of 16-bit elements (m16n8k16;
/// B from a stage of B, or of Bᵀ with `transposed`); of 32-bit ones
/// (tf32, m16n8k8: a 16 x 8 block of A is a 16 x 16 one of 16-bit halves,
/// in the registers PTX's fragment wants), A, and B from a stage of Bᵀ.
/// Never A from a stage of Aᵀ.
bool lowering::isLdmatrixOperand(MmaOperandLayoutAttr layout, TileType type,
                                 bool transposed) {
  if (!layout || type.getRank() != 2 ||
      (transposed && layout.getOperand() != 1))
    return false;
  int64_t bytes = getMemoryBytes(type.getElementType());
  bool sixteen = layout.getBits() == 16 && bytes == 2;
  bool thirtyTwo = layout.getBits() == 32 && bytes == 4 &&
                   layout.getOperand() == (transposed ? 1 : 0);
  if (!sixteen && !thirtyTwo)
    return false;
  SmallVector<int64_t> block = layout.getShapePerTile();
  return type.getShape()[0] % block[0] == 0 &&
         type.getShape()[1] % block[1] == 0;
}

/// The registers of an operand tile of `type` in `layout` (see
/// isLdmatrixOperand) from shared memory at `base` in `shared`'s layout,
/// by `ldmatrix`, with w = 32 / bits elements to a register and K = 8 w a
/// block: A, x4 per 16 x K block (lane l addresses row l % 16 at column
/// 4 w (l / 16)); B, x4 `.trans` per two K x 8 blocks (lane l addresses row
/// l % 16 of block l / 16), which hands each lane its pairs along K; Bᵀ
/// (`transposed`), x4 per two K x 8 blocks of B, untransposed: lane l
/// addresses row (of Bᵀ, a column of B) l % 8 of block l / 16 at column
/// 4 w ((l / 8) % 2), whose registers along its rows are B's along K.
SmallVector<Value>
lowering::loadMmaOperand(Emitter &e, MmaOperandLayoutAttr layout, TileType type,
                         Value base, const SwizzledLayout &shared,
                         ArrayRef<int64_t> origin, bool transposed) {
  Type element = getRegisterType(type.getElementType());
  Type memoryType = getMemoryType(type.getElementType());
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> warps = layout.getParent().getWarpsPerCTA();
  int64_t rowWarps = warps[0], columnWarps = warps[1];
  int64_t width = layout.getVectorWidth(), depth = layout.getDepth();
  // The elements of a matrix row (16 bytes).
  int64_t half = 4 * width;
  Value lane = e.lane(), warp = e.warp();
  Value laneRow = e.bits(lane, 1, 16), laneHalf = e.bits(lane, 16, 2);
  SmallVector<Value> registers(getNumRegisters(layout, shape));
  // A register's elements at local index (row, column), along K from there.
  auto place = [&](Value word, int64_t row, int64_t column) {
    for (int64_t q = 0; q < width; ++q) {
      SmallVector<int64_t> local = {row, column};
      local[layout.getDepthDim()] += q;
      registers[linearize(layout, shape, local)] =
          vector::ExtractOp::create(e.b, e.loc, word, ArrayRef<int64_t>{q});
    }
  };
  auto address = [&](Value row, Value column) {
    return e.gep(base, memoryType,
                 shared.offset(e, e.add(row, e.i32(origin[0])),
                               e.add(column, e.i32(origin[1]))));
  };
  if (layout.getOperand() == 0) {
    Value rowA = e.add(e.mul(e.bits(warp, 1, rowWarps), e.i32(16)), laneRow);
    Value columnA = e.mul(laneHalf, e.i32(half));
    for (int64_t i = 0; i < shape[0] / (16 * rowWarps); ++i)
      for (int64_t s = 0; s < shape[1] / depth; ++s) {
        SmallVector<Value> words =
            loadMatrices(e,
                         address(e.add(rowA, e.i32(i * 16 * rowWarps)),
                                 e.add(columnA, e.i32(depth * s))),
                         4, /*transpose=*/false, element, width);
        // Matrices: rows 0-7 and 8-15 at K 0 on, then at K / 2 on.
        for (int64_t p = 0; p < 4; ++p)
          place(words[p], 2 * i + p % 2, 2 * width * s + width * (p / 2));
      }
    return registers;
  }
  Value columnB = e.mul(e.bits(warp, rowWarps, columnWarps), e.i32(8));
  int64_t blocks = shape[1] / (8 * columnWarps);
  // Bᵀ's lanes address rows l % 8 at K 4 w ((l / 8) % 2).
  Value laneRow8, laneHalfK;
  if (transposed) {
    laneRow8 = e.bits(lane, 1, 8);
    laneHalfK = e.bits(lane, 8, 2);
  }
  for (int64_t s = 0; s < shape[0] / depth; ++s)
    for (int64_t j = 0; j < blocks; j += 2) {
      int64_t count = j + 1 < blocks ? 4 : 2;
      Value block = e.i32(j);
      if (count == 4)
        block = e.add(block, laneHalf);
      // The first of the lane's block's 8 columns of B: a row of Bᵀ.
      Value column = e.add(columnB, e.mul(block, e.i32(8 * columnWarps)));
      Value at =
          transposed
              ? address(e.add(column, laneRow8),
                        e.add(e.mul(laneHalfK, e.i32(half)), e.i32(depth * s)))
              : address(e.add(laneRow, e.i32(depth * s)), column);
      SmallVector<Value> words =
          loadMatrices(e, at, count, /*transpose=*/!transposed, element, width);
      // Matrices: K 0 on and K / 2 on of block j, then of block j + 1.
      for (int64_t p = 0; p < count; ++p)
        place(words[p], 2 * width * s + width * (p % 2), j + p / 2);
    }
  return registers;
}

namespace {
/// A conversion to an mma.sync operand layout (see isLdmatrixOperand):
/// the tile goes to shared memory and comes back by `ldmatrix`. In an
/// scf.for iteration, two buffers taken in turn by the iteration's parity
/// keep this iteration's writes from racing the previous one's reads (the
/// one before that finished its reads before this iteration's barrier).
struct MmaOperandConversion : public TilePattern<ConvertLayoutOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType type = op.getType();
    auto layout = dyn_cast<MmaOperandLayoutAttr>(type.getEncoding());
    if (!isLdmatrixOperand(layout, type, /*transposed=*/false) ||
        layout.getBits() != 16)
      return rewriter.notifyMatchFailure(op, "not an ldmatrix operand");
    // Fragments each thread already holds (a 16-bit tile in the layout of
    // the accumulator whose A operand it becomes, as P of attention's P V)
    // move between registers: the generic conversion does that.
    if (getRegisterMap(op.getSource().getType(), type, identityMap))
      return rewriter.notifyMatchFailure(op, "a permutation of registers");
    Emitter e{rewriter, op.getLoc()};
    SwizzledLayout shared(type.getShape(), 2);
    Type memoryType = getMemoryType(type.getElementType());
    Value buffer = allocateShared(e, op, memoryType, shared.size());
    if (auto loop = dyn_cast<scf::ForOp>(op->getParentOp())) {
      Value other = allocateShared(e, op, memoryType, shared.size());
      Value iteration = arith::DivUIOp::create(
          rewriter, e.loc,
          arith::SubIOp::create(rewriter, e.loc, loop.getInductionVar(),
                                loop.getLowerBound()),
          loop.getStep());
      Value parity = arith::IndexCastUIOp::create(
          rewriter, e.loc, rewriter.getI32Type(), iteration);
      buffer =
          e.select(e.eq(e.andI(parity, e.i32(1)), e.i32(0)), buffer, other);
    } else if (isInLoop(op)) {
      // In another loop, the previous iteration's reads come first.
      gpu::BarrierOp::create(rewriter, e.loc);
    }
    storeSwizzled(e, op.getSource().getType(), adaptor.getSource(), buffer,
                  shared);
    gpu::BarrierOp::create(rewriter, e.loc);
    rewriter.replaceOpWithMultiple(
        op, {loadMmaOperand(e, layout, type, buffer, shared)});
    return success();
  }
};

/// The PTX type of mma.sync operands of `dtype`.
static NVVM::MMATypes getMmaType(Type dtype) {
  if (dtype.isF16())
    return NVVM::MMATypes::f16;
  if (isa<BFloat16Type>(dtype))
    return NVVM::MMATypes::bf16;
  if (isa<FloatTF32Type>(dtype))
    return NVVM::MMATypes::tf32;
  if (isa<Float8E4M3FNType>(dtype))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(dtype))
    return NVVM::MMATypes::e5m2;
  return isSigned(dtype) ? NVVM::MMATypes::s8 : NVVM::MMATypes::u8;
}

/// One mma.sync m16n8kK of 32-bit operand registers `a` (4) and `b` (2)
/// and accumulator registers `c` (4 floats or integers, or 2 f16 pairs);
/// returns D as C's registers. The fp8 formats, which the NVVM dialect has
/// no dense mma.sync for, as the PTX instruction.
static SmallVector<Value> emitMmaSync(Emitter &e, Type dtype, int64_t depth,
                                      ValueRange a, ValueRange b,
                                      ValueRange c) {
  MLIRContext *context = e.b.getContext();
  Type cType = c.front().getType();
  NVVM::MMATypes ptxType = getMmaType(dtype);
  if (ptxType == NVVM::MMATypes::e4m3 || ptxType == NVVM::MMATypes::e5m2) {
    Type f32 = e.b.getF32Type();
    Type result =
        LLVM::LLVMStructType::getLiteral(context, SmallVector<Type>(4, f32));
    std::string type = stringifyEnum(ptxType).str();
    std::string text = "mma.sync.aligned.m16n8k32.row.col.f32." + type + "." +
                       type +
                       ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, "
                       "{$8, $9}, {$10, $11, $12, $13};";
    SmallVector<Value> operands(a);
    llvm::append_range(operands, b);
    llvm::append_range(operands, c);
    Value d = createInlinePtx(e.b, e.loc, result, operands, text,
                              "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
                              /*pure=*/true);
    SmallVector<Value> out;
    for (int64_t i = 0; i < 4; ++i)
      out.push_back(e.extract(d, {i}));
    return out;
  }
  Type typeD = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(c.size(), cType));
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (ptxType == NVVM::MMATypes::s8 || ptxType == NVVM::MMATypes::u8)
    overflow = NVVM::MMAIntOverflow::wrapped; // two's complement, as tile.mma
  Value d = NVVM::MmaOp::create(
      e.b, e.loc, typeD, a, b, c, ArrayRef<int64_t>{16, 8, depth}, std::nullopt,
      overflow, std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> out;
  for (int64_t i = 0, n = c.size(); i < n; ++i)
    out.push_back(e.extract(d, {i}));
  return out;
}

/// The registers of an operand tile of `type` (its `registers`, in
/// `layout`) from local index (row, column) along K: as many as a 32-bit
/// register holds (the layout's vector width), as a vector; one alone as
/// itself.
static Value packAlongDepth(Emitter &e, TileType type,
                            MmaOperandLayoutAttr layout, ValueRange registers,
                            int64_t row, int64_t column) {
  int64_t width = layout.getVectorWidth();
  auto at = [&](int64_t q) {
    SmallVector<int64_t> local = {row, column};
    local[layout.getDepthDim()] += q;
    return registers[linearize(layout, type.getShape(), local)];
  };
  if (width == 1)
    return at(0);
  return vector::FromElementsOp::create(
      e.b, e.loc,
      VectorType::get({width}, getRegisterType(type.getElementType())),
      llvm::map_to_vector(llvm::seq<int64_t>(0, width), at));
}

/// The four 32-bit registers of A (a tile of `type`, its `registers` in
/// the #tile.mma_operand<0> `layout`) for the m16 block row `i` at step `s`
/// of K, packed (packAlongDepth): a0 (row g), a1 (g + 8), a2 (g, K / 2
/// on), a3 — mma.sync's m16n8kK fragment, and wgmma's register A per warp.
static SmallVector<Value> packFragmentA(Emitter &e, TileType type,
                                        MmaOperandLayoutAttr layout,
                                        ValueRange registers, int64_t i,
                                        int64_t s) {
  int64_t width = layout.getVectorWidth();
  SmallVector<Value> words;
  for (int64_t p = 0; p < 4; ++p)
    words.push_back(packAlongDepth(e, type, layout, registers, 2 * i + p % 2,
                                   2 * width * s + width * (p / 2)));
  return words;
}

/// `mma` and `matmul` on tensor cores: operands in the #tile.mma_operand
/// layouts of the accumulator's #tile.mma_accumulator, one mma.sync
/// m16n8kK (getMmaSyncMinimumSm) per 16x8 block of the warp's share of the
/// result and per K.
template <typename Op> struct MmaSyncLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;

  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType a = op.getA().getType(), b = op.getB().getType();
    TileType result = op.getType();
    auto layout = dyn_cast<MmaAccumulatorLayoutAttr>(result.getEncoding());
    auto layoutA = dyn_cast<MmaOperandLayoutAttr>(a.getEncoding());
    auto layoutB = dyn_cast<MmaOperandLayoutAttr>(b.getEncoding());
    Type dtype = a.getElementType(), accType = result.getElementType();
    if (!layout || !layoutA || !layoutB || result.getRank() != 2 ||
        !getMmaSyncMinimumSm(dtype, accType) || b.getElementType() != dtype ||
        layoutA.getBits() != getStorageBits(dtype) ||
        layoutB.getBits() != layoutA.getBits() || layoutA.getOperand() != 0 ||
        layoutB.getOperand() != 1 || layoutA.getParent() != layout ||
        layoutB.getParent() != layout)
      return rewriter.notifyMatchFailure(op, "not an mma.sync");
    int64_t rowWarps = layout.getWarpsPerCTA()[0],
            columnWarps = layout.getWarpsPerCTA()[1];
    int64_t m = result.getShape()[0], n = result.getShape()[1],
            k = a.getShape()[1], depth = layoutA.getDepth();
    if (m % (16 * rowWarps) != 0 || n % (8 * columnWarps) != 0 ||
        k % depth != 0)
      return rewriter.notifyMatchFailure(op, "partial blocks");
    Emitter e{rewriter, op.getLoc()};
    int64_t rowBlocks = m / (16 * rowWarps),
            columnBlocks = n / (8 * columnWarps);
    int64_t width = layoutA.getVectorWidth();
    ValueRange registersA = adaptor.getA(), registersB = adaptor.getB();
    // A packed register (packAlongDepth) as nvvm.mma.sync takes it: f16
    // pairs as vectors, everything else as i32.
    auto word = [&](Value packed) -> Value {
      if (dtype.isF16())
        return packed;
      return LLVM::BitcastOp::create(rewriter, e.loc, rewriter.getI32Type(),
                                     packed);
    };

    SmallVector<Value> acc(getAccumulator(op, adaptor));
    int64_t registers = getNumRegisters(layout, result.getShape());
    Type accRegister = getRegisterType(accType);
    if (acc.empty())
      acc.assign(registers, getZero(e, accRegister));
    // Register (2i + h, 2j + c) of the accumulator: row h of block row i,
    // column c of block column j (C fragments: c0 c1 in row group, c2 c3
    // in row group + 8).
    auto accIndex = [&](int64_t i, int64_t h, int64_t j, int64_t c) {
      return linearize(layout, result.getShape(), {2 * i + h, 2 * j + c});
    };
    // An f16 accumulator goes as two f16 pairs (rows g and g + 8).
    bool pairs = accType.isF16();
    auto pairType = VectorType::get({2}, accRegister);
    for (int64_t s = 0; s < k / depth; ++s) {
      // Along K a block holds 2 * width local indices: A's registers a0 (row
      // g), a1 (g + 8), a2 (g, K / 2 on), a3; B's b0, b1 (K / 2 on).
      SmallVector<SmallVector<Value>> fragmentsA, fragmentsB;
      for (int64_t i = 0; i < rowBlocks; ++i)
        fragmentsA.push_back(llvm::map_to_vector(
            packFragmentA(e, a, layoutA, registersA, i, s), word));
      for (int64_t j = 0; j < columnBlocks; ++j) {
        SmallVector<Value> words;
        for (int64_t p = 0; p < 2; ++p)
          words.push_back(word(packAlongDepth(e, b, layoutB, registersB,
                                              2 * width * s + width * p, j)));
        fragmentsB.push_back(words);
      }
      for (int64_t i = 0; i < rowBlocks; ++i)
        for (int64_t j = 0; j < columnBlocks; ++j) {
          SmallVector<Value> c;
          for (int64_t h = 0; h < 2; ++h) {
            Value first = acc[accIndex(i, h, j, 0)],
                  second = acc[accIndex(i, h, j, 1)];
            if (!pairs) {
              c.append({first, second});
              continue;
            }
            c.push_back(vector::FromElementsOp::create(
                rewriter, e.loc, pairType, ValueRange{first, second}));
          }
          SmallVector<Value> d =
              emitMmaSync(e, dtype, depth, fragmentsA[i], fragmentsB[j], c);
          for (int64_t h = 0; h < 2; ++h)
            for (int64_t col = 0; col < 2; ++col)
              acc[accIndex(i, h, j, col)] =
                  pairs ? vector::ExtractOp::create(rewriter, e.loc, d[h],
                                                    ArrayRef<int64_t>{col})
                              .getResult()
                        : d[2 * h + col];
        }
    }
    rewriter.replaceOpWithMultiple(op, {acc});
    return success();
  }
};

/// Whether `value` is a tile.constant of (positive) zeros.
static bool isZeroTile(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  Attribute splat = constant ? getSplat(constant.getValue()) : Attribute();
  if (auto number = dyn_cast_if_present<FloatAttr>(splat))
    return number.getValue().isPosZero();
  auto number = dyn_cast_if_present<IntegerAttr>(splat);
  return number && number.getValue().isZero();
}

/// The wgmma operand type of `element`: 16-bit and 8-bit floats, tf32.
static std::optional<NVVM::WGMMATypes> getWgmmaType(Type element) {
  if (element.isTF32())
    return NVVM::WGMMATypes::tf32;
  if (element.isF16())
    return NVVM::WGMMATypes::f16;
  if (element.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (isa<Float8E4M3FNType>(element))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(element))
    return NVVM::WGMMATypes::e5m2;
  return std::nullopt;
}

/// The wgmma matrix descriptor (PTX ISA, "Matrix Descriptor Format") of
/// shared memory at `address` (i64) with the leading and stride byte
/// offsets and swizzle mode given.
static Value makeMatrixDescriptor(Emitter &e, Value address, int64_t leading,
                                  int64_t stride, int64_t swizzle) {
  Value start = e.andI(e.shr(address, e.i64(4)), e.i64(0x3FFF));
  uint64_t fields = (static_cast<uint64_t>((leading >> 4) & 0x3FFF) << 16) |
                    (static_cast<uint64_t>((stride >> 4) & 0x3FFF) << 32) |
                    (static_cast<uint64_t>(swizzle) << 62);
  return e.orI(start, e.i64(static_cast<int64_t>(fields)));
}

/// `tile.shared_mma` on sm_90a: per 32 bytes of K (16 of f16/bf16, 32 of
/// fp8, 8 of tf32) and per 64 rows of its warpgroup's share, one
/// `wgmma.mma_async` m64nNkK reading A (K-major, rows of the stage) and B from
/// their stages through descriptors of their slabs' swizzle (SwizzledLayout): B
/// N-major (a stage of B, its rows K: `.trans`) or, with `transpose`,
/// K-major (a stage of Bᵀ; the only way for 8-bit and tf32 operands). The
/// accumulator is in the registers of #tile.mma_accumulator<[numWarps, 1]>;
/// then commit them and wait until at most `pending` groups run. A tile A
/// (16-bit floats, in the #tile.mma_operand<0> layout of that accumulator,
/// whose fragments per warp are wgmma's register fragments of A: those of
/// mma.sync m16n8k16) goes from the registers, by the PTX instruction (the
/// NVVM dialect's wgmma takes descriptors only).
struct SharedMmaLowering : public TilePattern<SharedMmaOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(SharedMmaOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto typeA = dyn_cast<SharedType>(op.getA().getType());
    auto tileA = dyn_cast<TileType>(op.getA().getType());
    SharedType typeB = op.getB().getType();
    TileType result = op.getType();
    auto layout = dyn_cast<MmaAccumulatorLayoutAttr>(result.getEncoding());
    Type elementA = typeA ? typeA.getElementType() : tileA.getElementType();
    std::optional<NVVM::WGMMATypes> ptxA = getWgmmaType(elementA),
                                    ptxB = getWgmmaType(typeB.getElementType());
    if (!layout || layout.getWarpsPerCTA()[1] != 1 || !ptxA || !ptxB ||
        !result.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "not a warpgroup mma");
    // 8-bit and tf32 operands only K-major (B from a stage of Bᵀ); K in
    // steps of 32 bytes.
    bool transposed = op.getTranspose();
    int64_t kStep = 256 / getStorageBits(elementA);
    if (kStep != 16 && !transposed)
      return rewriter.notifyMatchFailure(op, "8- or 32-bit B not K-major");
    auto layoutA =
        tileA ? dyn_cast<MmaOperandLayoutAttr>(tileA.getEncoding()) : nullptr;
    if (tileA && (kStep != 16 || !layoutA || layoutA.getOperand() != 0 ||
                  layoutA.getParent() != layout))
      return rewriter.notifyMatchFailure(op, "A not in wgmma's fragments");
    int64_t warps = layout.getWarpsPerCTA()[0];
    int64_t m = result.getShape()[0], n = result.getShape()[1];
    int64_t k =
        typeA ? typeA.getStageType().getShape()[1] : tileA.getShape()[1];
    std::optional<SwizzledLayout> sharedA;
    if (typeA)
      sharedA = getStageLayout(typeA);
    SwizzledLayout sharedB = getStageLayout(typeB);
    int64_t swizzleA = typeA ? sharedA->getWgmmaSwizzleMode() : 1,
            swizzleB = sharedB.getWgmmaSwizzleMode();
    if (warps % 4 != 0 || m % (16 * warps) != 0 || n % 8 != 0 || n > 256 ||
        k % kStep != 0 || !swizzleA || !swizzleB)
      return rewriter.notifyMatchFailure(op, "not a wgmma shape");
    Emitter e{rewriter, op.getLoc()};
    Type i64 = rewriter.getI64Type();
    auto addressOf = [&](Value pointer) -> Value {
      return LLVM::PtrToIntOp::create(rewriter, e.loc, i64, pointer);
    };
    Value baseB = addressOf(getStage(e, typeB, adaptor.getB().front(),
                                     adaptor.getStageB().front()));
    int64_t reps = m / (16 * warps);
    // The descriptors of each operand's first matrix; the others are
    // whole multiples of 16 bytes further, added to the start address
    // field (addresses in shared memory stay below 2^18 bytes, so the
    // field, address / 16 in 14 bits, does not carry into the next).
    auto further = [&](Value descriptor, int64_t bytes) {
      assert(bytes % 16 == 0 && "matrix offsets are whole 16 bytes");
      return bytes ? e.add(descriptor, e.i64(bytes / 16)) : descriptor;
    };
    // The offset of K column `column` in a K-major stage: slabs of
    // `slabColumns` along K `slabBytes` apart.
    auto alongK = [](const SwizzledLayout &shared, int64_t column) {
      return (column / shared.slabColumns) * shared.slabBytes() +
             (column % shared.slabColumns) * shared.elementBytes;
    };
    // A: rows 64 g + 16 warps i of the warpgroup g, K from kStep s; 8-row
    // groups `8 * slab row` bytes apart (the leading offset is unused).
    Value firstA;
    if (typeA) {
      Value baseA = addressOf(getStage(e, typeA, adaptor.getA().front(),
                                       adaptor.getStageA().front()));
      Value group = e.ext64(e.bits(e.warp(), 4, warps / 4));
      firstA = makeMatrixDescriptor(
          e, e.add(baseA, e.mul(group, e.i64(64 * sharedA->slabRowBytes()))),
          16, 8 * sharedA->slabRowBytes(), swizzleA);
    }
    auto descriptorA = [&](int64_t i, int64_t s) {
      return further(firstA, alongK(*sharedA, kStep * s) +
                                 16 * warps * i * sharedA->slabRowBytes());
    };
    // A from registers: rows 16 warps i + 16 w of the warp w (block row i
    // of its fragments), K from kStep s, as packFragmentA's four words,
    // each one 32-bit register.
    auto registersA = [&](int64_t i, int64_t s) {
      return llvm::map_to_vector(
          packFragmentA(e, tileA, layoutA, adaptor.getA(), i, s),
          [&](Value packed) -> Value {
            return LLVM::BitcastOp::create(rewriter, e.loc,
                                           rewriter.getI32Type(), packed);
          });
    };
    // B, N-major (a stage of B): K rows from 16 s; slabs of N `slabBytes`
    // apart, 8-row groups `8 * slab row` bytes apart. K-major (a stage of
    // Bᵀ): as A, its N rows from 0.
    Value firstB =
        transposed ? makeMatrixDescriptor(e, baseB, 16,
                                          8 * sharedB.slabRowBytes(), swizzleB)
                   : makeMatrixDescriptor(e, baseB, sharedB.slabBytes(),
                                          8 * sharedB.slabRowBytes(), swizzleB);
    auto descriptorB = [&](int64_t s) {
      return further(firstB, transposed ? alongK(sharedB, kStep * s)
                                        : kStep * s * sharedB.slabRowBytes());
    };
    MLIRContext *context = rewriter.getContext();
    Type f32 = rewriter.getF32Type();
    Type structType = LLVM::LLVMStructType::getLiteral(
        context, SmallVector<Type>(n / 2, f32));
    ValueRange acc = adaptor.getAcc();
    // d[4j + 2h + c]: row h (g or g + 8), column c of n8 block j.
    auto registerOf = [&](int64_t i, int64_t slot) {
      int64_t j = slot / 4, h = (slot / 2) % 2, c = slot % 2;
      return linearize(layout, result.getShape(), {2 * i + h, 2 * j + c});
    };
    // A zero accumulator (attention's scores, new each iteration) is not
    // read: the first step's wgmmas do not add D (scale-d false), and no
    // registers are zeroed for them.
    bool zero = isZeroTile(op.getAcc());
    SmallVector<Value> fragments;
    for (int64_t i = 0; i < reps; ++i) {
      Value fragment = e.poison(structType);
      for (int64_t slot = 0; !zero && slot < n / 2; ++slot)
        fragment = LLVM::InsertValueOp::create(rewriter, e.loc, fragment,
                                               acc[registerOf(i, slot)], slot);
      fragments.push_back(fragment);
    }
    // wgmma m64nNk16 with A from registers: D's n / 2 registers (tied to
    // C's), A's 4, B's descriptor; scale D by 1, A and B by 1, B
    // transposed where N-major.
    // The predicate p is scale-d: $N + 5, 1 (add D) or 0.
    std::string text;
    std::string constraints;
    if (tileA) {
      llvm::raw_string_ostream os(text);
      os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << n / 2 + 5 << ", 0;\n"
         << "wgmma.mma_async.sync.aligned.m64n" << n << "k16.f32."
         << stringifyEnum(*ptxA) << "." << stringifyEnum(*ptxB) << " {";
      for (int64_t r = 0; r < n / 2; ++r)
        os << (r ? ", $" : "$") << r;
      os << "}, {$" << n / 2 << ", $" << n / 2 + 1 << ", $" << n / 2 + 2
         << ", $" << n / 2 + 3 << "}, $" << n / 2 + 4 << ", p, 1, 1, "
         << (transposed ? 0 : 1) << ";\n}";
      for (int64_t r = 0; r < n / 2; ++r)
        constraints += "=f,";
      constraints += "r,r,r,r,l,n";
      for (int64_t r = 0; r < n / 2; ++r)
        constraints += "," + std::to_string(r);
    }
    // A's registers are made before the fence, which orders their writes
    // before the wgmmas that read them.
    SmallVector<SmallVector<SmallVector<Value>>> wordsA;
    for (int64_t s = 0; tileA && s < k / kStep; ++s) {
      wordsA.emplace_back();
      for (int64_t i = 0; i < reps; ++i)
        wordsA.back().push_back(registersA(i, s));
    }
    NVVM::WgmmaFenceAlignedOp::create(rewriter, e.loc);
    for (int64_t s = 0; s < k / kStep; ++s) {
      Value b = descriptorB(s);
      for (int64_t i = 0; i < reps; ++i) {
        if (tileA) {
          SmallVector<Value> operands = wordsA[s][i];
          operands.push_back(b);
          operands.push_back(e.i32(zero && s == 0 ? 0 : 1));
          for (int64_t slot = 0; slot < n / 2; ++slot)
            operands.push_back(e.extract(fragments[i], {slot}));
          fragments[i] = createInlinePtx(rewriter, e.loc, structType, operands,
                                         text, constraints);
          continue;
        }
        fragments[i] = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, e.loc, structType, fragments[i], descriptorA(i, s), b,
            NVVM::MMAShapeAttr::get(context, 64, n, kStep), *ptxA, *ptxB,
            NVVM::WGMMATypes::f32,
            zero && s == 0 ? NVVM::WGMMAScaleOut::zero
                           : NVVM::WGMMAScaleOut::one,
            NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
            NVVM::MMALayout::row,
            transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
            NVVM::MMAIntOverflowAttr());
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, e.loc);
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, e.loc, op.getPending());
    SmallVector<Value> registers(acc.size());
    for (int64_t i = 0; i < reps; ++i)
      for (int64_t slot = 0; slot < n / 2; ++slot)
        registers[registerOf(i, slot)] = e.extract(fragments[i], {slot});
    rewriter.replaceOpWithMultiple(op, {registers});
    return success();
  }
};

/// `tile.mma_wait`: `wgmma.wait_group` with the registers of the values as
/// its operands and results (tied), so that nothing reads them before it.
struct MmaWaitLowering : public TilePattern<MmaWaitOp> {
  using TilePattern::TilePattern;

  LogicalResult
  matchAndRewrite(MmaWaitOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> registers;
    std::string constraints, tied;
    for (ValueRange values : adaptor.getValues())
      for (Value value : values) {
        Type type = value.getType();
        StringRef letter = type.isF32()         ? "f"
                           : type.isInteger(32) ? "r"
                           : type.isF64()       ? "d"
                           : type.isInteger(64) ? "l"
                                                : "";
        if (letter.empty())
          return rewriter.notifyMatchFailure(op, "a register of another type");
        if (!constraints.empty())
          constraints += ",";
        constraints += ("=" + letter).str();
        tied += "," + std::to_string(registers.size());
        registers.push_back(value);
      }
    Emitter e{rewriter, op.getLoc()};
    std::string text = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPending()) + ";";
    if (registers.empty()) {
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, e.loc, op.getPending());
      rewriter.replaceOpWithMultiple(op, adaptor.getValues());
      return success();
    }
    Type result = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(),
        llvm::map_to_vector(registers, [](Value v) { return v.getType(); }));
    Value waited = createInlinePtx(rewriter, e.loc, result, registers, text,
                                   constraints + tied);
    SmallVector<SmallVector<Value>> results;
    int64_t next = 0;
    for (ValueRange values : adaptor.getValues()) {
      SmallVector<Value> out;
      for (size_t i = 0; i < values.size(); ++i)
        out.push_back(e.extract(waited, {next++}));
      results.push_back(out);
    }
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};

/// `mma` and `matmul`, the simple path: both operands through shared
/// memory, then each thread runs along K for its accumulator registers,
/// multiplying in the accumulator's dtype (fma for floats).
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
} // namespace

void cudapy::populateTileMmaToLLVMPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<MmaLowering<MmaOp>, MmaLowering<MatmulOp>>(
      converter, patterns.getContext());
  patterns.add<MmaSyncLowering<MmaOp>, MmaSyncLowering<MatmulOp>,
               MmaOperandConversion>(converter, patterns.getContext(),
                                     /*benefit=*/2);
  patterns.add<SharedMmaLowering, MmaWaitLowering>(converter,
                                                   patterns.getContext());
}
