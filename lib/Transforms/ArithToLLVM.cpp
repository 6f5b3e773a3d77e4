//===- ArithToLLVM.cpp - arith ops to LLVM ops, one to one, in one walk ---===//
//
// Implements `cudapy-arith-to-llvm`: see include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Conversion/LLVMCommon/VectorPattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYARITHTOLLVMPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;

namespace {

/// A type the LLVM type converter keeps as it is: a signless integer, an
/// f16, bf16, f32 or f64, or a 1-D vector of one. (Not index, which becomes
/// i64, nor the narrow floats, which become integers.)
bool keepsItsType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() != 1 || vector.isScalable())
      return false;
    type = vector.getElementType();
  }
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless();
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

bool keepsItsTypes(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (!keepsItsType(type))
      return false;
  for (Type type : op->getResultTypes())
    if (!keepsItsType(type))
      return false;
  return true;
}

/// What arith-to-llvm's one-to-one patterns make of `op`
/// (VectorConvertToLLVMPattern with `AttrConvert`), at `op`'s place.
template <typename SourceOp, typename TargetOp,
          template <typename, typename>
          class AttrConvert = AttrConvertPassThrough>
void replace(SourceOp op, OpBuilder &builder) {
  AttrConvert<SourceOp, TargetOp> attributes(op);
  OperationState state(op.getLoc(), TargetOp::getOperationName());
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.addAttributes(attributes.getAttrs());
  state.propertiesAttr = attributes.getPropAttr();
  builder.setInsertionPoint(op);
  Operation *lowered = builder.create(state);
  op->replaceAllUsesWith(lowered);
  op->erase();
}

template <typename SourceOp, typename TargetOp>
void replaceFastMath(SourceOp op, OpBuilder &builder) {
  replace<SourceOp, TargetOp, arith::AttrConvertFastMathToLLVM>(op, builder);
}

template <typename SourceOp, typename TargetOp>
void replaceOverflow(SourceOp op, OpBuilder &builder) {
  replace<SourceOp, TargetOp, arith::AttrConvertOverflowToLLVM>(op, builder);
}

/// Replaces `op` by its LLVM op when this pass knows it; false otherwise.
bool lower(Operation *op, OpBuilder &builder) {
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](arith::AddIOp op) {
        replaceOverflow<arith::AddIOp, LLVM::AddOp>(op, builder);
        return true;
      })
      .Case([&](arith::SubIOp op) {
        replaceOverflow<arith::SubIOp, LLVM::SubOp>(op, builder);
        return true;
      })
      .Case([&](arith::MulIOp op) {
        replaceOverflow<arith::MulIOp, LLVM::MulOp>(op, builder);
        return true;
      })
      .Case([&](arith::ShLIOp op) {
        replaceOverflow<arith::ShLIOp, LLVM::ShlOp>(op, builder);
        return true;
      })
      .Case([&](arith::TruncIOp op) {
        replaceOverflow<arith::TruncIOp, LLVM::TruncOp>(op, builder);
        return true;
      })
      .Case([&](arith::AndIOp op) {
        replace<arith::AndIOp, LLVM::AndOp>(op, builder);
        return true;
      })
      .Case([&](arith::OrIOp op) {
        replace<arith::OrIOp, LLVM::OrOp>(op, builder);
        return true;
      })
      .Case([&](arith::XOrIOp op) {
        replace<arith::XOrIOp, LLVM::XOrOp>(op, builder);
        return true;
      })
      .Case([&](arith::ShRSIOp op) {
        replace<arith::ShRSIOp, LLVM::AShrOp>(op, builder);
        return true;
      })
      .Case([&](arith::ShRUIOp op) {
        replace<arith::ShRUIOp, LLVM::LShrOp>(op, builder);
        return true;
      })
      .Case([&](arith::DivSIOp op) {
        replace<arith::DivSIOp, LLVM::SDivOp>(op, builder);
        return true;
      })
      .Case([&](arith::DivUIOp op) {
        replace<arith::DivUIOp, LLVM::UDivOp>(op, builder);
        return true;
      })
      .Case([&](arith::RemSIOp op) {
        replace<arith::RemSIOp, LLVM::SRemOp>(op, builder);
        return true;
      })
      .Case([&](arith::RemUIOp op) {
        replace<arith::RemUIOp, LLVM::URemOp>(op, builder);
        return true;
      })
      .Case([&](arith::MaxSIOp op) {
        replace<arith::MaxSIOp, LLVM::SMaxOp>(op, builder);
        return true;
      })
      .Case([&](arith::MaxUIOp op) {
        replace<arith::MaxUIOp, LLVM::UMaxOp>(op, builder);
        return true;
      })
      .Case([&](arith::MinSIOp op) {
        replace<arith::MinSIOp, LLVM::SMinOp>(op, builder);
        return true;
      })
      .Case([&](arith::MinUIOp op) {
        replace<arith::MinUIOp, LLVM::UMinOp>(op, builder);
        return true;
      })
      .Case([&](arith::ExtSIOp op) {
        replace<arith::ExtSIOp, LLVM::SExtOp>(op, builder);
        return true;
      })
      .Case([&](arith::ExtUIOp op) {
        replace<arith::ExtUIOp, LLVM::ZExtOp>(op, builder);
        return true;
      })
      .Case([&](arith::SelectOp op) {
        replace<arith::SelectOp, LLVM::SelectOp>(op, builder);
        return true;
      })
      .Case([&](arith::AddFOp op) {
        replaceFastMath<arith::AddFOp, LLVM::FAddOp>(op, builder);
        return true;
      })
      .Case([&](arith::SubFOp op) {
        replaceFastMath<arith::SubFOp, LLVM::FSubOp>(op, builder);
        return true;
      })
      .Case([&](arith::MulFOp op) {
        replaceFastMath<arith::MulFOp, LLVM::FMulOp>(op, builder);
        return true;
      })
      .Case([&](arith::DivFOp op) {
        replaceFastMath<arith::DivFOp, LLVM::FDivOp>(op, builder);
        return true;
      })
      .Case([&](arith::NegFOp op) {
        replaceFastMath<arith::NegFOp, LLVM::FNegOp>(op, builder);
        return true;
      })
      .Case([&](arith::MaximumFOp op) {
        replaceFastMath<arith::MaximumFOp, LLVM::MaximumOp>(op, builder);
        return true;
      })
      .Case([&](arith::MinimumFOp op) {
        replaceFastMath<arith::MinimumFOp, LLVM::MinimumOp>(op, builder);
        return true;
      })
      .Case([&](arith::ExtFOp op) {
        replace<arith::ExtFOp, LLVM::FPExtOp>(op, builder);
        return true;
      })
      .Case([&](arith::TruncFOp op) {
        // With a rounding mode it is a constrained intrinsic: left to
        // convert-gpu-to-nvvm.
        if (op.getRoundingmodeAttr())
          return false;
        replace<arith::TruncFOp, LLVM::FPTruncOp>(op, builder);
        return true;
      })
      .Case([&](arith::SIToFPOp op) {
        replace<arith::SIToFPOp, LLVM::SIToFPOp>(op, builder);
        return true;
      })
      .Case([&](arith::UIToFPOp op) {
        replace<arith::UIToFPOp, LLVM::UIToFPOp>(op, builder);
        return true;
      })
      .Case([&](arith::FPToSIOp op) {
        replace<arith::FPToSIOp, LLVM::FPToSIOp>(op, builder);
        return true;
      })
      .Case([&](arith::FPToUIOp op) {
        replace<arith::FPToUIOp, LLVM::FPToUIOp>(op, builder);
        return true;
      })
      .Case([&](arith::BitcastOp op) {
        // A bitcast to its own type is dropped by arith-to-llvm: left to it.
        if (op.getIn().getType() == op.getType())
          return false;
        replace<arith::BitcastOp, LLVM::BitcastOp>(op, builder);
        return true;
      })
      .Case([&](arith::CmpIOp op) {
        builder.setInsertionPoint(op);
        // arith's and LLVM's predicates share their values.
        Value compared = LLVM::ICmpOp::create(
            builder, op.getLoc(), op.getType(),
            static_cast<LLVM::ICmpPredicate>(op.getPredicate()), op.getLhs(),
            op.getRhs());
        op.replaceAllUsesWith(compared);
        op.erase();
        return true;
      })
      .Case([&](arith::CmpFOp op) {
        builder.setInsertionPoint(op);
        Value compared = LLVM::FCmpOp::create(
            builder, op.getLoc(), op.getType(),
            static_cast<LLVM::FCmpPredicate>(op.getPredicate()), op.getLhs(),
            op.getRhs(),
            arith::convertArithFastMathFlagsToLLVM(op.getFastmath()));
        op.replaceAllUsesWith(compared);
        op.erase();
        return true;
      })
      .Default([](Operation *) { return false; });
}

/// What convert-gpu-to-nvvm does first with an op it converts: fold it.
/// Returns true when `op` was replaced (by values, or by constants built as
/// the LLVM constants the driver makes of arith's); an op folded in place
/// is folded again, as the driver does, and then left for lowering. False,
/// with nothing changed, when the op does not fold or folds to a constant
/// this pass does not build.
bool foldLikeTheDriver(Operation *op, OpBuilder &builder) {
  SmallVector<OpFoldResult> results;
  for (int round = 0; round < 8; ++round) {
    results.clear();
    if (failed(op->fold(results)))
      return false;
    if (!results.empty())
      break;
  }
  if (results.empty())
    return false;
  for (auto [result, folded] : llvm::zip_equal(op->getResults(), results)) {
    auto attribute =
        dyn_cast_if_present<TypedAttr>(dyn_cast_if_present<Attribute>(folded));
    if (isa<Value>(folded))
      continue;
    if (!attribute || attribute.getType() != result.getType() ||
        !isa<IntegerAttr, FloatAttr, DenseElementsAttr>(attribute))
      return false;
  }
  builder.setInsertionPoint(op);
  SmallVector<Value> replacements;
  for (OpFoldResult folded : results) {
    if (auto value = dyn_cast<Value>(folded)) {
      replacements.push_back(value);
      continue;
    }
    auto attribute = cast<TypedAttr>(cast<Attribute>(folded));
    replacements.push_back(LLVM::ConstantOp::create(
        builder, op->getLoc(), attribute.getType(), attribute));
  }
  op->replaceAllUsesWith(replacements);
  op->erase();
  return true;
}

struct CudapyArithToLLVMPass
    : public cudapy::impl::CudapyArithToLLVMPassBase<CudapyArithToLLVMPass> {
  void runOnOperation() override {
    // In the order convert-gpu-to-nvvm takes them (a pre-order walk), each
    // op as it would: folded first, where it folds, else lowered.
    SmallVector<Operation *> ops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Constants stay: convert-gpu-to-nvvm first runs the greedy driver,
      // which merges equal constants of one dialect, arith's apart from
      // LLVM's.
      if (isa<arith::ArithDialect>(op->getDialect()) &&
          !isa<arith::ConstantOp>(op) && keepsItsTypes(op))
        ops.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *op : ops)
      if (!foldLikeTheDriver(op, builder))
        (void)lower(op, builder);
  }
};
} // namespace
