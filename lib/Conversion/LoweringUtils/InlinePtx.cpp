//===- InlinePtx.cpp - PTX the LLVM dialect has no op for -----------------===//

#include "cudapy/Conversion/LoweringUtils/InlinePtx.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

Value cudapy::createInlinePtx(OpBuilder &builder, Location loc, Type result,
                              ValueRange operands, StringRef text,
                              StringRef constraints, bool pure) {
  auto op = LLVM::InlineAsmOp::create(
      builder, loc, result ? TypeRange(result) : TypeRange(), operands,
      builder.getStringAttr(text), builder.getStringAttr(constraints),
      /*has_side_effects=*/pure ? UnitAttr() : builder.getUnitAttr(),
      /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(builder.getContext(),
                                  LLVM::tailcallkind::TailCallKind::None),
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  return result ? op.getResult(0) : Value();
}
