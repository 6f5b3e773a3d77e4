//===- Lowering.h - shared pieces of convert-py-to-llvm ---------*- C++ -*-===//
//
// Private to lib/Conversion/PyToLLVM: the value helpers and type mapping the
// py patterns (PyToLLVM.cpp) and the simt patterns (SimtToLLVM.cpp) share.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_LIB_CONVERSION_PYTOLLVM_LOWERING_H
#define CUDAPY_LIB_CONVERSION_PYTOLLVM_LOWERING_H

#include "cudapy/Conversion/Passes.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyTypes.h"

namespace cudapy::pylower {

// Private to this library: the lowering code reads as MLIR code does.
using namespace mlir;
using namespace cudapy::py;

/// The generic LLVM pointer.
Type getPointerType(mlir::MLIRContext *context);

/// The in-memory (and ABI) representation of a py type: a bool is a byte,
/// an fp8 number a byte, complex numbers and aggregates packed structs.
Type getMemoryType(Type type);

/// Whether a py integer type is signed (Python int and the si types).
bool isSignedInteger(Type type);

/// Emits the arithmetic of the lowering at one place.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value intConst(Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
  }
  Value i64(int64_t value) { return intConst(b.getI64Type(), value); }
  Value floatConst(Type type, double value) {
    return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
  }
  Value select(Value c, Value t, Value f) {
    return arith::SelectOp::create(b, loc, c, t, f);
  }
  Value cmpi(arith::CmpIPredicate p, Value l, Value r) {
    return arith::CmpIOp::create(b, loc, p, l, r);
  }
  Value cmpf(arith::CmpFPredicate p, Value l, Value r) {
    return arith::CmpFOp::create(b, loc, p, l, r);
  }
  Value add(Value l, Value r) { return arith::AddIOp::create(b, loc, l, r); }
  Value sub(Value l, Value r) { return arith::SubIOp::create(b, loc, l, r); }
  Value mul(Value l, Value r) { return arith::MulIOp::create(b, loc, l, r); }
  Value extract(Value aggregate, ArrayRef<int64_t> position) {
    return LLVM::ExtractValueOp::create(b, loc, aggregate, position);
  }
  Value insert(Value aggregate, Value value, ArrayRef<int64_t> position) {
    return LLVM::InsertValueOp::create(b, loc, aggregate, value, position);
  }
  Value poison(Type type) { return LLVM::PoisonOp::create(b, loc, type); }

  /// A register value of py type `type` as it is stored in memory.
  Value toMemory(Value value, Type type) {
    Type machine = getMachineType(type);
    if (machine.isInteger(1))
      return arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
    if (isa<mlir::ComplexType>(machine)) {
      Type memory = getMemoryType(machine);
      Value re = complex::ReOp::create(b, loc, value);
      Value im = complex::ImOp::create(b, loc, value);
      return insert(insert(poison(memory), re, {0}), im, {1});
    }
    return value;
  }

  /// The register value of py type `type` from its in-memory form.
  Value fromMemory(Value value, Type type) {
    Type machine = getMachineType(type);
    if (machine.isInteger(1))
      return arith::TruncIOp::create(b, loc, b.getI1Type(), value);
    if (auto complex = dyn_cast<mlir::ComplexType>(machine))
      return complex::CreateOp::create(b, loc, complex, extract(value, {0}),
                                       extract(value, {1}));
    return value;
  }

  /// An integer of py type `type` (or index) widened to i64 by its
  /// signedness.
  Value toI64(Value value, Type type) {
    if (type.isIndex())
      return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
    auto integer = cast<IntegerType>(getMachineType(type));
    if (integer.getWidth() == 64)
      return value;
    if (integer.getWidth() == 1 || integer.isUnsigned())
      return arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), value);
  }
};

/// Calls `__assertfail(message, file, line, function, 1)` unless `ok`:
/// CUDA's device-side assert, which prints the location and traps.
void emitCheck(Emitter &e, Operation *op, Value ok, StringRef what);

/// An array descriptor `{data, shape[n], strides[n]}` in registers.
struct Descriptor {
  Emitter &e;
  Value value;
  Value data() { return e.extract(value, {0}); }
  Value shape(int64_t k) { return e.extract(value, {1, k}); }
  Value stride(int64_t k) { return e.extract(value, {2, k}); }
};

/// Index `index` (py type `type`) of extent `extent`, wrapped as Python does
/// for negative values; checked under bounds-check.
Value resolveIndex(Emitter &e, Operation *op, Value index, Type type,
                   Value extent, bool boundsCheck, StringRef what);

/// The address of element `offset` (in elements) of `data`.
Value elementAddress(Emitter &e, Value data, Type dtype, Value offset);

/// The element offset (in elements) of `indices` (py types `types`) into
/// the array `d`, each wrapped and, under bounds-check, checked.
Value elementOffset(Emitter &e, Operation *op, Descriptor &d,
                    ValueRange indices, TypeRange types, bool boundsCheck);

/// The address of the element of array `array` (py type `arrayType`, its
/// descriptor `descriptor`) at `indices` (py types `types`), each index
/// wrapped and, under bounds-check, checked.
Value elementPointer(Emitter &e, Operation *op, ArrayType arrayType,
                     Value descriptor, ValueRange indices, TypeRange types,
                     bool boundsCheck);

/// A descriptor of `ndim` dimensions with `data`, `shape` and `strides`.
Value buildDescriptor(Emitter &e, Type type, Value data, ArrayRef<Value> shape,
                      ArrayRef<Value> strides);

/// A conversion pattern that knows the pass options.
template <typename OpTy> struct PyPattern : public OpConversionPattern<OpTy> {
  PyPattern(const TypeConverter &converter, MLIRContext *context,
            const PyToLLVMOptions &options)
      : OpConversionPattern<OpTy>(converter, context), options(options) {}
  PyToLLVMOptions options;
};

/// The simt patterns of convert-py-to-llvm (SimtToLLVM.cpp).
void populateSimtToLLVMPatterns(PyToLLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns,
                                const PyToLLVMOptions &options);

/// The simt ops convert-py-to-llvm lowers.
void addIllegalSimtOps(mlir::ConversionTarget &target);

} // namespace cudapy::pylower

#endif // CUDAPY_LIB_CONVERSION_PYTOLLVM_LOWERING_H
