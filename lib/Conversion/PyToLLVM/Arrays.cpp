//===- Arrays.cpp - py arrays to LLVM -------------------------------------===//
//
// Array descriptors in registers: indexing with Python's negative indices
// (checked under bounds-check), slicing, subscripts, shape, strides,
// size, ndim, view, reshape and astype (docs/Py.md, "Arrays").
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/PyToLLVM/Lowering.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyPromotion.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

/// Index `index` (py type `type`) of extent `extent`, wrapped as Python does
/// for negative values; checked under bounds-check.
Value pylower::resolveIndex(Emitter &e, Operation *op, Value index, Type type,
                            Value extent, bool boundsCheck, StringRef what) {
  Value i = e.toI64(index, type);
  if (isSignedInteger(type) || type.isIndex()) {
    Value negative = e.cmpi(arith::CmpIPredicate::slt, i, e.i64(0));
    i = e.select(negative, e.add(i, extent), i);
  }
  if (boundsCheck)
    emitCheck(e, op, e.cmpi(arith::CmpIPredicate::ult, i, extent), what);
  return i;
}

Value pylower::elementAddress(Emitter &e, Value data, Type dtype,
                              Value offset) {
  return LLVM::GEPOp::create(e.b, e.loc, getPointerType(e.b.getContext()),
                             getMemoryType(dtype), data, ValueRange{offset});
}

/// The element offset (in elements) of `indices` (py types `types`) into
/// the array `d`, each wrapped and, under bounds-check, checked.
Value pylower::elementOffset(Emitter &e, Operation *op, Descriptor &d,
                             ValueRange indices, TypeRange types,
                             bool boundsCheck) {
  Value offset = e.i64(0);
  for (auto [k, index] : llvm::enumerate(indices)) {
    Value i = resolveIndex(e, op, index, types[k], d.shape(k), boundsCheck,
                           "array index out of range");
    offset = e.add(offset, e.mul(i, d.stride(k)));
  }
  return offset;
}

Value pylower::elementPointer(Emitter &e, Operation *op, ArrayType arrayType,
                              Value descriptor, ValueRange indices,
                              TypeRange types, bool boundsCheck) {
  Descriptor d{e, descriptor};
  Value offset = elementOffset(e, op, d, indices, types, boundsCheck);
  return elementAddress(e, d.data(), arrayType.getDtype(), offset);
}

namespace {

struct ArrayGetItemLowering : public PyPattern<ArrayGetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayGetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type dtype = op.getArray().getType().getDtype();
    Value address = elementPointer(
        e, op, op.getArray().getType(), adaptor.getArray(),
        adaptor.getIndices(), op.getIndices().getTypes(), options.boundsCheck);
    Value loaded =
        LLVM::LoadOp::create(rewriter, op.getLoc(), getMemoryType(dtype),
                             address, getMachineLayout(dtype).align);
    rewriter.replaceOp(op, e.fromMemory(loaded, dtype));
    return success();
  }
};

struct ArraySetItemLowering : public PyPattern<ArraySetItemOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type dtype = op.getArray().getType().getDtype();
    if (op.getValue().getType() != dtype)
      return op.emitOpError("stores a value of another type: run py-legalize "
                            "before convert-py-to-llvm");
    Emitter e{rewriter, op.getLoc()};
    Value address = elementPointer(
        e, op, op.getArray().getType(), adaptor.getArray(),
        adaptor.getIndices(), op.getIndices().getTypes(), options.boundsCheck);
    LLVM::StoreOp::create(rewriter, op.getLoc(),
                          e.toMemory(adaptor.getValue(), dtype), address,
                          getMachineLayout(dtype).align);
    rewriter.eraseOp(op);
    return success();
  }
};

struct SliceLowering : public PyPattern<SliceOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Type type = getTypeConverter()->convertType(op.getType());
    Value slice = e.poison(type);
    auto bound = [&](Value converted, Value original, int64_t missing,
                     bool &present) {
      present = !isa<PyNoneType>(original.getType());
      return present ? e.toI64(converted, original.getType()) : e.i64(missing);
    };
    bool hasStart, hasStop, hasStep;
    slice = e.insert(
        slice, bound(adaptor.getStart(), op.getStart(), 0, hasStart), {0});
    slice = e.insert(slice, bound(adaptor.getStop(), op.getStop(), 0, hasStop),
                     {1});
    slice = e.insert(slice, bound(adaptor.getStep(), op.getStep(), 1, hasStep),
                     {2});
    slice = e.insert(slice, e.intConst(rewriter.getI1Type(), hasStart), {3});
    slice = e.insert(slice, e.intConst(rewriter.getI1Type(), hasStop), {4});
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// Python's `slice.indices(extent)` and the resulting length.
struct ResolvedSlice {
  Value start, step, length;
};
static ResolvedSlice resolveSlice(Emitter &e, Value slice, Value extent) {
  using P = arith::CmpIPredicate;
  Value start = e.extract(slice, {0}), stop = e.extract(slice, {1});
  Value step = e.extract(slice, {2});
  Value hasStart = e.extract(slice, {3}), hasStop = e.extract(slice, {4});
  Value zero = e.i64(0), one = e.i64(1), minusOne = e.i64(-1);
  Value negative = e.cmpi(P::slt, step, zero);
  Value lower = e.select(negative, minusOne, zero);
  Value upper = e.select(negative, e.sub(extent, one), extent);
  auto clamp = [&](Value v) {
    Value fromEnd = arith::MaxSIOp::create(e.b, e.loc, e.add(v, extent), lower);
    Value fromStart = arith::MinSIOp::create(e.b, e.loc, v, upper);
    return e.select(e.cmpi(P::slt, v, zero), fromEnd, fromStart);
  };
  Value startV =
      e.select(hasStart, clamp(start), e.select(negative, upper, lower));
  Value stopV =
      e.select(hasStop, clamp(stop), e.select(negative, lower, upper));
  // length = (hi - lo - 1) / |step| + 1 when hi > lo, else 0, where
  // (lo, hi) = (start, stop) for a positive step and (stop, start) otherwise.
  Value hi = e.select(negative, startV, stopV);
  Value lo = e.select(negative, stopV, startV);
  Value magnitude = e.select(negative, e.sub(zero, step), step);
  Value count = e.add(
      arith::DivSIOp::create(e.b, e.loc, e.sub(e.sub(hi, lo), one), magnitude),
      one);
  Value length = e.select(e.cmpi(P::sgt, hi, lo), count, zero);
  return {startV, step, length};
}

} // namespace

/// A descriptor of `ndim` dimensions with `data`, `shape` and `strides`.
Value pylower::buildDescriptor(Emitter &e, Type type, Value data,
                               ArrayRef<Value> shape, ArrayRef<Value> strides) {
  Value d = e.insert(e.poison(type), data, {0});
  for (auto [k, extent] : llvm::enumerate(shape))
    d = e.insert(d, extent, {1, int64_t(k)});
  for (auto [k, stride] : llvm::enumerate(strides))
    d = e.insert(d, stride, {2, int64_t(k)});
  return d;
}

namespace {

struct ArraySubscriptLowering : public PyPattern<ArraySubscriptOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySubscriptOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType source = op.getArray().getType();
    Value offset = e.i64(0);
    SmallVector<Value> shape, strides;
    for (unsigned k = 0; k < source.getNdim(); ++k) {
      if (k >= op.getIndices().size()) {
        shape.push_back(d.shape(k));
        strides.push_back(d.stride(k));
        continue;
      }
      Type indexType = op.getIndices()[k].getType();
      Value index = adaptor.getIndices()[k];
      if (!isa<SliceType>(indexType)) {
        Value i = resolveIndex(e, op, index, indexType, d.shape(k),
                               options.boundsCheck, "array index out of range");
        offset = e.add(offset, e.mul(i, d.stride(k)));
        continue;
      }
      if (options.boundsCheck)
        emitCheck(
            e, op,
            e.cmpi(arith::CmpIPredicate::ne, e.extract(index, {2}), e.i64(0)),
            "slice step cannot be zero");
      ResolvedSlice s = resolveSlice(e, index, d.shape(k));
      offset = e.add(offset, e.mul(s.start, d.stride(k)));
      shape.push_back(s.length);
      strides.push_back(e.mul(s.step, d.stride(k)));
    }
    Value data = elementAddress(e, d.data(), source.getDtype(), offset);
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, buildDescriptor(e, type, data, shape, strides));
    return success();
  }
};

/// A tuple of i64 values as the packed struct of a tuple<si64 ...>.
static Value buildI64Tuple(Emitter &e, Type tupleType, ArrayRef<Value> values) {
  Type type = getMemoryType(tupleType);
  Value t = e.poison(type);
  for (auto [k, value] : llvm::enumerate(values))
    t = e.insert(t, value, {int64_t(k)});
  return t;
}

struct ArrayShapeLowering : public PyPattern<ArrayShapeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    SmallVector<Value> values;
    for (unsigned k = 0; k < op.getArray().getType().getNdim(); ++k)
      values.push_back(d.shape(k));
    rewriter.replaceOp(op, buildI64Tuple(e, op.getType(), values));
    return success();
  }
};

struct ArrayStridesLowering : public PyPattern<ArrayStridesOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayStridesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType array = op.getArray().getType();
    Value itemsize = e.i64(getMachineLayout(array.getDtype()).size);
    SmallVector<Value> values;
    for (unsigned k = 0; k < array.getNdim(); ++k)
      values.push_back(e.mul(d.stride(k), itemsize));
    rewriter.replaceOp(op, buildI64Tuple(e, op.getType(), values));
    return success();
  }
};

static Value emitSize(Emitter &e, Descriptor &d, unsigned ndim) {
  Value size = e.i64(1);
  for (unsigned k = 0; k < ndim; ++k)
    size = e.mul(size, d.shape(k));
  return size;
}

struct ArraySizeLowering : public PyPattern<ArraySizeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArraySizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    rewriter.replaceOp(op, emitSize(e, d, op.getArray().getType().getNdim()));
    return success();
  }
};

struct ArrayNdimLowering : public PyPattern<ArrayNdimOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayNdimOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    rewriter.replaceOp(op, e.intConst(rewriter.getI32Type(),
                                      op.getArray().getType().getNdim()));
    return success();
  }
};

struct ArrayViewLowering : public PyPattern<ArrayViewOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    ArrayType from = op.getArray().getType();
    uint64_t fromSize = getMachineLayout(from.getDtype()).size;
    uint64_t toSize = getMachineLayout(op.getType().getDtype()).size;
    unsigned ndim = from.getNdim();
    SmallVector<Value> shape, strides;
    for (unsigned k = 0; k < ndim; ++k) {
      shape.push_back(d.shape(k));
      strides.push_back(d.stride(k));
    }
    using P = arith::CmpIPredicate;
    if (fromSize != toSize) {
      // The last dimension is reinterpreted; other strides change unit.
      unsigned last = ndim - 1;
      if (options.boundsCheck)
        emitCheck(e, op, e.cmpi(P::eq, strides[last], e.i64(1)),
                  "view to a dtype of another size needs a contiguous last "
                  "dimension");
      if (fromSize > toSize) {
        Value ratio = e.i64(fromSize / toSize);
        shape[last] = e.mul(shape[last], ratio);
        for (unsigned k = 0; k < last; ++k)
          strides[k] = e.mul(strides[k], ratio);
      } else {
        Value ratio = e.i64(toSize / fromSize);
        if (options.boundsCheck) {
          Value ok = e.cmpi(
              P::eq,
              arith::RemSIOp::create(rewriter, op.getLoc(), shape[last], ratio),
              e.i64(0));
          for (unsigned k = 0; k < last; ++k)
            ok = arith::AndIOp::create(
                rewriter, op.getLoc(), ok,
                e.cmpi(P::eq,
                       arith::RemSIOp::create(rewriter, op.getLoc(), strides[k],
                                              ratio),
                       e.i64(0)));
          emitCheck(e, op, ok,
                    "view: the array's extent and strides do not divide by the "
                    "new itemsize");
        }
        shape[last] =
            arith::DivSIOp::create(rewriter, op.getLoc(), shape[last], ratio);
        for (unsigned k = 0; k < last; ++k)
          strides[k] =
              arith::DivSIOp::create(rewriter, op.getLoc(), strides[k], ratio);
      }
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, buildDescriptor(e, type, d.data(), shape, strides));
    return success();
  }
};

struct ArrayReshapeLowering : public PyPattern<ArrayReshapeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Emitter e{rewriter, op.getLoc()};
    Descriptor d{e, adaptor.getArray()};
    using P = arith::CmpIPredicate;
    unsigned fromNdim = op.getArray().getType().getNdim();
    Value size = emitSize(e, d, fromNdim);
    SmallVector<Value> extents;
    Value known = e.i64(1);
    Value inferredAt = e.i64(-1);
    for (auto [k, extent] : llvm::enumerate(adaptor.getShape())) {
      Value v = e.toI64(extent, op.getShape()[k].getType());
      Value isInferred = e.cmpi(P::eq, v, e.i64(-1));
      inferredAt = e.select(isInferred, e.i64(k), inferredAt);
      known = e.mul(known, e.select(isInferred, e.i64(1), v));
      extents.push_back(v);
    }
    // The -1 extent is what the others leave of the size.
    Value safeKnown = e.select(e.cmpi(P::eq, known, e.i64(0)), e.i64(1), known);
    Value rest = arith::DivSIOp::create(rewriter, op.getLoc(), size, safeKnown);
    for (auto [k, v] : llvm::enumerate(extents))
      v = e.select(e.cmpi(P::eq, inferredAt, e.i64(k)), rest, v);
    if (options.boundsCheck) {
      // Same element count, and C-contiguous (a non-allocating reshape).
      Value newSize = e.i64(1);
      for (Value v : extents)
        newSize = e.mul(newSize, v);
      Value ok = e.cmpi(P::eq, newSize, size);
      Value expected = e.i64(1);
      for (int k = int(fromNdim) - 1; k >= 0; --k) {
        Value trivial = e.cmpi(P::sle, d.shape(k), e.i64(1));
        Value matches = e.cmpi(P::eq, d.stride(k), expected);
        ok = arith::AndIOp::create(
            rewriter, op.getLoc(), ok,
            arith::OrIOp::create(rewriter, op.getLoc(), trivial, matches));
        expected = e.mul(expected, d.shape(k));
      }
      emitCheck(e, op, ok,
                "reshape needs a C-contiguous array of the same size (it "
                "cannot allocate)");
    }
    SmallVector<Value> strides(extents.size());
    Value stride = e.i64(1);
    for (int k = int(extents.size()) - 1; k >= 0; --k) {
      strides[k] = stride;
      stride = e.mul(stride, extents[k]);
    }
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op,
                       buildDescriptor(e, type, d.data(), extents, strides));
    return success();
  }
};

struct ArrayAsTypeLowering : public PyPattern<ArrayAsTypeOp> {
  using PyPattern::PyPattern;
  LogicalResult
  matchAndRewrite(ArrayAsTypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getArray());
    return success();
  }
};

} // namespace

void pylower::populateArrayPatterns(PyToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const PyToLLVMOptions &options) {
  patterns.add<SliceLowering, ArrayGetItemLowering, ArraySetItemLowering,
               ArraySubscriptLowering, ArrayShapeLowering, ArrayStridesLowering,
               ArraySizeLowering, ArrayNdimLowering, ArrayViewLowering,
               ArrayReshapeLowering, ArrayAsTypeLowering>(
      converter, patterns.getContext(), options);
}
