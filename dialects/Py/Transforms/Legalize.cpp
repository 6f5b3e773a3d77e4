//===- Legalize.cpp - implicit to explicit py conversions -----------------===//
//
// Implements `py-legalize`: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Py/Transforms/Passes.h"

#include "dialects/Py/IR/PyPromotion.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/TypeSwitch.h"

namespace cudapy::py {
#define GEN_PASS_DEF_PYLEGALIZEPASS
#include "dialects/Py/Transforms/Passes.h.inc"
} // namespace cudapy::py

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

namespace {

/// Converts `operand` of `user` to `type` with a py.cast. A Python int
/// literal must fit the fixed-format integer it adopts.
static FailureOr<Value> convertTo(OpBuilder &builder, Operation *user,
                                  Value operand, Type type) {
  if (operand.getType() == type)
    return operand;
  if (isa<PyIntType>(operand.getType())) {
    if (auto constant = operand.getDefiningOp<ConstantOp>()) {
      auto target = dyn_cast<IntegerType>(type);
      if (target && target.getWidth() > 1) {
        llvm::APSInt value(cast<IntegerAttr>(constant.getValue()).getValue(),
                           /*isUnsigned=*/false);
        llvm::APSInt low =
            llvm::APSInt::getMinValue(target.getWidth(), target.isUnsigned());
        llvm::APSInt high =
            llvm::APSInt::getMaxValue(target.getWidth(), target.isUnsigned());
        if (llvm::APSInt::compareValues(value, low) < 0 ||
            llvm::APSInt::compareValues(value, high) > 0)
          return user->emitError("Python int ")
                 << value.getSExtValue() << " is out of the range of "
                 << getPythonTypeName(type)
                 << ", the type it takes here (Array API: a Python int must "
                    "be within the bounds of the array's dtype)";
      }
    }
  }
  return CastOp::create(builder, user->getLoc(), type, operand).getResult();
}

struct PyLegalizePass
    : public cudapy::py::impl::PyLegalizePassBase<PyLegalizePass> {
  using Base::Base;

  /// Converts operand `index` of `op` to `type` in place.
  LogicalResult convertOperand(Operation *op, unsigned index, Type type) {
    OpBuilder builder(op);
    FailureOr<Value> converted =
        convertTo(builder, op, op->getOperand(index), type);
    if (failed(converted))
      return failure();
    op->setOperand(index, *converted);
    return success();
  }

  template <typename OpTy>
  LogicalResult legalizeBinary(OpTy op, BinaryOperator kind) {
    FailureOr<BinaryTyping> typing = typeBinaryOperation(
        op.getPolicy(), kind, op.getLhs().getType(), op.getRhs().getType(),
        [&] { return op.emitError(); });
    if (failed(typing))
      return failure();
    if (failed(convertOperand(op, 0, typing->operandType)) ||
        failed(convertOperand(op, 1, typing->operandType)))
      return failure();
    return success();
  }

  LogicalResult legalize(Operation *op) {
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
#define PY_BINARY(OP, KIND)                                                    \
  .Case<OP>([&](OP op) { return legalizeBinary(op, BinaryOperator::KIND); })
        PY_BINARY(AddOp, Add) PY_BINARY(SubOp, Sub) PY_BINARY(
               MulOp, Mul) PY_BINARY(TrueDivOp, TrueDiv) PY_BINARY(FloorDivOp,
                                                                   FloorDiv)
            PY_BINARY(ModOp, Mod) PY_BINARY(PowOp, Pow) PY_BINARY(AndOp, And)
                PY_BINARY(OrOp, Or) PY_BINARY(XorOp, Xor) PY_BINARY(
                    LShiftOp, LShift) PY_BINARY(RShiftOp, RShift)
#undef PY_BINARY
                    .Case<CmpOp>([&](CmpOp op) {
                      return legalizeBinary(
                          op, getComparisonOperator(op.getPredicate()));
                    })
                    .Case<NegOp, PosOp, InvertOp, AbsOp>([&](Operation *op) {
                      // Python computes on a bool as on an int.
                      if (isa<PyBoolType>(op->getOperand(0).getType()))
                        return convertOperand(op, 0,
                                              PyIntType::get(op->getContext()));
                      return success();
                    })
                    .Case<ArraySetItemOp>([&](ArraySetItemOp op) {
                      return convertOperand(op, 0,
                                            op.getArray().getType().getDtype());
                    })
                    .Case<VectorSetItemOp>([&](VectorSetItemOp op) {
                      return convertOperand(
                          op, 2, op.getVector().getType().getElementType());
                    })
                    .Case<VectorMakeOp>([&](VectorMakeOp op) {
                      Type element = op.getType().getElementType();
                      for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
                        if (failed(convertOperand(op, i, element)))
                          return failure();
                      return success();
                    })
                    .Default([](Operation *) { return success(); });
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<PyDialect>(op->getDialect()))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops)
      failed |= mlir::failed(legalize(op));
    if (failed)
      signalPassFailure();
  }
};

} // namespace
