//===- Lowering.h - the building blocks of the py lowering ------*- C++ -*-===//
//
// The value helpers and type mapping of convert-py-to-llvm that the py
// patterns (lib/Conversion/PyToLLVM) and the simt patterns, whose values are
// py types (lib/Conversion/SimtToLLVM), share.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_PYTOLLVM_LOWERING_H
#define CUDAPY_CONVERSION_PYTOLLVM_LOWERING_H

#include "cudapy/Conversion/LoweringUtils/Builder.h"
#include "cudapy/Conversion/PyToLLVM.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyTypes.h"

#include "mlir/Dialect/Complex/IR/Complex.h"

namespace cudapy::pylower {

// The MLIR and py names the lowering uses, as MLIR's own code sees them.
using llvm::ArrayRef;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using mlir::IntegerType;
using mlir::Location;
using mlir::MLIRContext;
using mlir::OpBuilder;
using mlir::OpConversionPattern;
using mlir::Operation;
using mlir::Type;
using mlir::TypeConverter;
using mlir::TypeRange;
using mlir::Value;
using mlir::ValueRange;
using py::ArrayType;
using py::getMachineType;
namespace arith = mlir::arith;
namespace complex = mlir::complex;

/// Function attributes carrying the py signature of a lowered function (and
/// whether it is interoperable) until convert-py-to-llvm fixes its ABI.
inline constexpr llvm::StringLiteral kPyFunctionTypeAttr = "py.function_type";
inline constexpr llvm::StringLiteral kPyInteropAttr = "py.interop";
/// A lowered foreign declaration with numba's device function ABI (a status
/// result, the value through a leading pointer), until
/// convert-py-to-llvm applies it.
inline constexpr llvm::StringLiteral kPyNumbaAbiAttr = "py.numba_abi";

/// The generic LLVM pointer.
Type getPointerType(mlir::MLIRContext *context);

/// The in-memory (and ABI) representation of a py type: a bool is a byte,
/// an fp8 number a byte, complex numbers and aggregates packed structs.
Type getMemoryType(Type type);

/// Whether a py integer type is signed (Python int and the si types).
bool isSignedInteger(Type type);

/// Emits the arithmetic of the lowering at one place.
struct Emitter : LoweringBuilder {
  Emitter(OpBuilder &b, Location loc) : LoweringBuilder{b, loc} {}

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

/// The patterns of the py numbers (Numbers.cpp) and arrays (Arrays.cpp).
void populateNumberPatterns(PyToLLVMTypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            const PyToLLVMOptions &options);
void populateArrayPatterns(PyToLLVMTypeConverter &converter,
                           mlir::RewritePatternSet &patterns,
                           const PyToLLVMOptions &options);

} // namespace cudapy::pylower

#endif // CUDAPY_CONVERSION_PYTOLLVM_LOWERING_H
