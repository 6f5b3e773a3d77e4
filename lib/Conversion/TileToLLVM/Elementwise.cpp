//===- Elementwise.cpp - elementwise arithmetic and math ------------------===//
//
// Elementwise ops, one register at a time: Python's integer division and
// modulo, shifts that clamp, rounding modes and FTZ through PTX, math
// functions through the math dialect (libdevice).
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;
using namespace cudapy::tile::lowering;

namespace {
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
  // Products and sums without a rounding mode may contract into fused
  // multiply-adds, as nvcc's default (--fmad=true) and Triton's do: cuTile
  // Python has no fma of its own, and a kernel's a * b + c is one. An
  // explicit `rounding rn` keeps them apart.
  auto contract =
      rounding ? arith::FastMathFlags::none : arith::FastMathFlags::contract;
  if (isa<AddOp>(op))
    return isFloat
               ? arith::AddFOp::create(builder, loc, a, b, contract).getResult()
               : arith::AddIOp::create(builder, loc, a, b).getResult();
  if (isa<SubOp>(op))
    return isFloat
               ? arith::SubFOp::create(builder, loc, a, b, contract).getResult()
               : arith::SubIOp::create(builder, loc, a, b).getResult();
  if (isa<MulOp>(op))
    return isFloat
               ? arith::MulFOp::create(builder, loc, a, b, contract).getResult()
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
  if (isa<Atan2Op>(op)) {
    if (!isFloat)
      return failure();
    return math::Atan2Op::create(builder, loc, a, b).getResult();
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

/// The sum of `values` (f32), added in pairs (a tree: its latency the log
/// of their number).
static Value sumPairwise(Emitter &e, SmallVector<Value> values) {
  while (values.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(
          arith::AddFOp::create(e.b, e.loc, values[i], values[i + 1]));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
}

/// Whether every dividend (f32) is moderate, |a| in [2^-63, 2^63), or a
/// zero: no NaN, infinity or subnormal, and far enough from both ends of
/// the exponent range for divideByReciprocal's steps. In arithmetic rather
/// than comparisons (three an element, on the ALU pipe, which throttled a
/// softmax's quotients; these are fmas and adds), and two comparisons for
/// all: the magnitudes' sum is below 2^63 (a NaN or infinity makes it
/// NaN or infinite; moderate ones summing to 2^63 or more take the
/// division, which is still exact), and no u = sat(|a| 2^63) lies strictly
/// between 0 and 1 (each u - u^2 >= 0 is positive for those alone, and no
/// smaller than 2^-87, so their sum is 0 exactly when none is).
static Value areModerateOrZero(Emitter &e, ArrayRef<Value> dividends) {
  Type f32 = e.b.getF32Type();
  Value scale = e.floatConst(f32, 0x1p63), zero = e.floatConst(f32, 0.0);
  SmallVector<Value> magnitudes, between;
  for (Value a : dividends) {
    Value magnitude = math::AbsFOp::create(e.b, e.loc, a);
    magnitudes.push_back(magnitude);
    Value u = LLVM::CallIntrinsicOp::create(
                  e.b, e.loc, f32, e.b.getStringAttr("llvm.nvvm.fma.rn.sat.f"),
                  ValueRange{magnitude, scale, zero})
                  .getResult(0);
    between.push_back(math::FmaOp::create(
        e.b, e.loc, arith::NegFOp::create(e.b, e.loc, u), u, u));
  }
  Value bounded =
      e.cmpf(arith::CmpFPredicate::OLT, sumPairwise(e, magnitudes), scale);
  Value none = e.cmpf(arith::CmpFPredicate::OEQ, sumPairwise(e, between), zero);
  return e.andI(bounded, none);
}

/// Whether the divisor b (f32) lies in [2^-63, 2^63): moderate and positive,
/// which divideByReciprocal's zero quotients and reciprocalOfModerate need.
static Value isPositiveModerate(Emitter &e, Value b) {
  Type f32 = e.b.getF32Type();
  Value above =
      e.cmpf(arith::CmpFPredicate::OGE, b, e.floatConst(f32, 0x1p-63));
  Value below = e.cmpf(arith::CmpFPredicate::OLT, b, e.floatConst(f32, 0x1p63));
  return e.andI(above, below);
}

/// RN(1/b) for b in [2^-63, 2^63) (isPositiveModerate): the reciprocal
/// approximation, then one Newton step, y0 + y0 (1 - b y0), with fmas, the
/// steps of PTX's rcp.rn.f32 for a b inside its range check, which the
/// divisor's check already makes. test/GPU/reciprocal.py compares it with
/// 1/b rounded to nearest for every such b.
static Value reciprocalOfModerate(Emitter &e, Value b) {
  Type f32 = e.b.getF32Type();
  Value y0 = NVVM::RcpApproxFtzF32Op::create(e.b, e.loc, f32, b);
  Value negated = arith::NegFOp::create(e.b, e.loc, b);
  Value one = e.floatConst(f32, 1.0);
  Value error = math::FmaOp::create(e.b, e.loc, negated, y0, one);
  return math::FmaOp::create(e.b, e.loc, y0, error, y0);
}

/// a / b rounded to nearest (IEEE, f32) from y = RN(1/b), computed once
/// for every a a divisor divides: q0 = RN(a y) is within 1.5 ulp of a/b;
/// one correction step, q1 = RN(q0 + RN(a - q0 b) y), makes it faithful
/// (within 1 ulp); then r1 = a - q1 b is exact and q2 = RN(q1 + r1 y) is
/// RN(a/b) (Markstein's theorem: y within half an ulp of 1/b, q1 within
/// one ulp of a/b). That holds while nothing under- or overflows: with |a|
/// and b in [2^-63, 2^63) (areModerateOrZero, isPositiveModerate) every
/// intermediate is a normal number (a residual, if not 0, is a multiple of
/// ulp(q) ulp(b) >= 2^-48 |a| / 2). Each step forms the residual negated,
/// q b - a, and adds -(q b - a) y: the same values, and for a zero a (whose
/// residual is +0) the term -0, which keeps q0's zero and so its sign (the
/// quotient's, y being positive). A multiply and four fmas where the
/// division takes a reciprocal approximation, eight fmas and a range check.
static Value divideByReciprocal(Emitter &e, Value a, Value b, Value y) {
  Value negated = arith::NegFOp::create(e.b, e.loc, a);
  auto correct = [&](Value q) -> Value {
    Value residual = math::FmaOp::create(e.b, e.loc, q, b, negated);
    return math::FmaOp::create(
        e.b, e.loc, arith::NegFOp::create(e.b, e.loc, residual), y, q);
  };
  return correct(correct(arith::MulFOp::create(e.b, e.loc, a, y)));
}

/// The divisions of a tile: IEEE f32 quotients whose divisor several
/// registers share (a broadcast row or column, a scalar) divide by one
/// reciprocal each (reciprocalOfModerate, divideByReciprocal) where every
/// such divisor of the thread is positive and moderate and every such
/// dividend moderate or zero, else by themselves: one branch for the
/// thread's tile, so that the quotients' steps interleave. Fewer than four
/// registers sharing a divisor gain nothing over the division's own steps.
static std::optional<SmallVector<Value>>
emitSharedDivisorQuotients(Emitter &e, DivOp op, Type dtype, ValueRange lhs,
                           ValueRange rhs) {
  constexpr int64_t kSharing = 4;
  if (!dtype.isF32() || op->hasAttr("rounding") || op->hasAttr("ftz"))
    return std::nullopt;
  llvm::SmallDenseMap<Value, int64_t> uses;
  for (Value b : rhs)
    ++uses[b];
  if (llvm::none_of(uses,
                    [&](auto &entry) { return entry.second >= kSharing; }))
    return std::nullopt;
  // The condition: each shared divisor's, in register order, then the
  // dividends' (each value once: copies of an element share it).
  llvm::SmallSetVector<Value, 8> divisors, dividends;
  SmallVector<Value> conditions;
  SmallVector<int64_t> shared;
  for (auto [r, pair] : llvm::enumerate(llvm::zip(lhs, rhs))) {
    auto [a, b] = pair;
    if (uses[b] < kSharing)
      continue;
    shared.push_back(r);
    if (divisors.insert(b))
      conditions.push_back(isPositiveModerate(e, b));
    dividends.insert(a);
  }
  conditions.push_back(areModerateOrZero(e, dividends.getArrayRef()));
  SmallVector<Type> types(shared.size(), dtype);
  SmallVector<Value> quotients =
      emitIfElse(e, e.allOf(conditions), types, [&](bool fast) {
        // Each shared divisor's reciprocal, made once in the fast path.
        llvm::SmallDenseMap<Value, Value> reciprocals;
        SmallVector<Value> values;
        for (int64_t r : shared) {
          Value a = lhs[r], b = rhs[r];
          if (!fast) {
            values.push_back(arith::DivFOp::create(e.b, e.loc, a, b));
            continue;
          }
          auto [entry, inserted] = reciprocals.try_emplace(b);
          if (inserted)
            entry->second = reciprocalOfModerate(e, b);
          values.push_back(divideByReciprocal(e, a, b, entry->second));
        }
        return values;
      });
  // The registers in order: `shared` lists those with quotients in order.
  SmallVector<Value> values;
  const Value *quotient = quotients.begin();
  for (auto [a, b] : llvm::zip(lhs, rhs))
    values.push_back(uses[b] < kSharing
                         ? arith::DivFOp::create(e.b, e.loc, a, b).getResult()
                         : *quotient++);
  return values;
}

template <typename Op> struct BinaryLowering : public TilePattern<Op> {
  using TilePattern<Op>::TilePattern;
  using typename TilePattern<Op>::OneToNOpAdaptor;
  /// Divisions: IEEE quotients by a shared divisor through one reciprocal
  /// (emitSharedDivisorQuotients); off under fast math.
  bool sharedDivisors = true;
  LogicalResult
  matchAndRewrite(Op op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPromote())
      return rewriter.notifyMatchFailure(op, "implicit form");
    Emitter e{rewriter, op.getLoc()};
    Type dtype = cast<TileType>(op.getType()).getElementType();
    if constexpr (std::is_same_v<Op, DivOp>)
      if (sharedDivisors)
        if (std::optional<SmallVector<Value>> quotients =
                emitSharedDivisorQuotients(e, op, dtype, adaptor.getLhs(),
                                           adaptor.getRhs())) {
          rewriter.replaceOpWithMultiple(op, {*quotients});
          return success();
        }
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

} // namespace

namespace cudapy::tile::lowering {
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

/// `x` with f32 subnormals flushed to zero of their sign.
static Value flushSubnormal(Emitter &e, Value x) {
  Value magnitude = math::AbsFOp::create(e.b, e.loc, x);
  Value tiny = arith::CmpFOp::create(
      e.b, e.loc, arith::CmpFPredicate::OLT, magnitude,
      e.floatConst(x.getType(), std::numeric_limits<float>::min()));
  Value zero =
      math::CopySignOp::create(e.b, e.loc, e.floatConst(x.getType(), 0.0), x);
  return arith::SelectOp::create(e.b, e.loc, tiny, zero, x);
}

/// tile.math's `rounding` and `ftz` (f32, the verifier's rule): `sqrt` and
/// `rcp` as the PTX instruction of that rounding; the functions the
/// hardware approximates (`ex2`, `lg2`, `sin`, `cos`, `rsqrt`, `tanh`; exp
/// and log through ex2 and lg2) by it where `approx` asks for it, and with
/// `.ftz` where `ftz` does (exp2 also without `approx`: LLVM lowers a
/// float exp2 to ex2.approx). None where the function takes the default
/// path: there `ftz` flushes its operand and result.
static std::optional<Value> emitMathModifiers(Emitter &e, MathOp op, Type dtype,
                                              Value x) {
  std::optional<RoundingMode> rounding = op.getRounding();
  bool ftz = op.getFtz();
  UnaryFunction function = op.getFunction();
  if ((function == UnaryFunction::sqrt || function == UnaryFunction::rcp) &&
      needsPtx(dtype, rounding, ftz))
    return emitPtxFloatOp(e, function == UnaryFunction::sqrt ? "sqrt" : "rcp",
                          rounding, ftz, {x});
  bool approx = rounding && *rounding == RoundingMode::approx;
  if (!dtype.isF32() || (!approx && !ftz))
    return std::nullopt;
  // The hardware's approximation, `.ftz` where asked.
  auto hardware = [&](StringRef name, Value operand, bool flush) {
    return emitPtxFloatOp(e, name, RoundingMode::approx, flush, {operand});
  };
  switch (function) {
  case UnaryFunction::exp2:
    return hardware("ex2", x, ftz);
  case UnaryFunction::exp:
    if (!approx)
      break;
    return hardware("ex2",
                    arith::MulFOp::create(
                        e.b, e.loc, x, e.floatConst(dtype, 1.4426950408889634)),
                    ftz);
  case UnaryFunction::log2:
    if (!approx)
      break;
    return hardware("lg2", x, ftz);
  case UnaryFunction::log:
    if (!approx)
      break;
    return arith::MulFOp::create(e.b, e.loc, hardware("lg2", x, ftz),
                                 e.floatConst(dtype, 0.6931471805599453))
        .getResult();
  case UnaryFunction::sin:
  case UnaryFunction::cos:
  case UnaryFunction::rsqrt:
    if (!approx)
      break;
    return hardware(stringifyEnum(function), x, ftz);
  case UnaryFunction::tanh:
    if (!approx)
      break;
    // tanh.approx has no .ftz: its result is flushed.
    return ftz ? flushSubnormal(e, hardware("tanh", x, false))
               : hardware("tanh", x, false);
  default:
    break;
  }
  return std::nullopt;
}

static FailureOr<Value> emitMathFunction(Emitter &e, MathOp op, Type dtype,
                                         Value x);

template <>
FailureOr<Value> UnaryLowering<MathOp>::emit(Emitter &e, MathOp op, Type dtype,
                                             Type, Value x) {
  if (std::optional<Value> value = emitMathModifiers(e, op, dtype, x))
    return *value;
  if (!op.getFtz())
    return emitMathFunction(e, op, dtype, x);
  FailureOr<Value> value = emitMathFunction(e, op, dtype, flushSubnormal(e, x));
  if (failed(value))
    return failure();
  return flushSubnormal(e, *value);
}

/// The function of `op` at full precision (the default path).
static FailureOr<Value> emitMathFunction(Emitter &e, MathOp op, Type dtype,
                                         Value x) {
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
} // namespace cudapy::tile::lowering

namespace {

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
} // namespace

void cudapy::populateTileElementwiseToLLVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    bool fastMath) {
  auto division =
      std::make_unique<BinaryLowering<DivOp>>(converter, patterns.getContext());
  division->sharedDivisors = !fastMath;
  patterns.add(std::move(division));
  patterns.add<
      BinaryLowering<AddOp>, BinaryLowering<SubOp>, BinaryLowering<MulOp>,
      BinaryLowering<FloorDivOp>, BinaryLowering<RemOp>, BinaryLowering<ModOp>,
      BinaryLowering<PowOp>, BinaryLowering<Atan2Op>, BinaryLowering<MaximumOp>,
      BinaryLowering<MinimumOp>, BinaryLowering<AndOp>, BinaryLowering<OrOp>,
      BinaryLowering<XorOp>, BinaryLowering<ShlOp>, BinaryLowering<ShrOp>,
      CmpLowering, SelectLowering, UnaryLowering<NegOp>, UnaryLowering<NotOp>,
      UnaryLowering<AbsOp>, UnaryLowering<MathOp>, FmaLowering>(
      converter, patterns.getContext());
}
