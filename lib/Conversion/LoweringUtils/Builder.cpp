//===- Builder.cpp - the IR builder helper of the lowerings ---------------===//

#include "cudapy/Conversion/LoweringUtils/Builder.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;

Location cudapy::getAssertionLocation(Operation *op) {
  Location loc = op->getLoc();
  if (isa<NameLoc>(loc))
    return loc;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto name =
            parent->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      return NameLoc::get(name, loc);
  return loc;
}

Value LoweringBuilder::widenForPrintf(Value value, bool isSigned) {
  Type type = value.getType();
  if (isa<FloatType>(type))
    return type.isF64() ? value
                        : arith::ExtFOp::create(b, loc, b.getF64Type(), value)
                              .getResult();
  if (type.getIntOrFloatBitWidth() >= 32)
    return value;
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, b.getI32Type(), value);
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
}

Value LoweringBuilder::floatConst(Type type, double value) {
  auto real = cast<FloatType>(type);
  APFloat converted(value);
  bool lostInfo = false;
  converted.convert(real.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lostInfo);
  return arith::ConstantFloatOp::create(b, loc, real, converted);
}

Value LoweringBuilder::allOf(ArrayRef<Value> conditions) {
  Value all;
  for (Value condition : conditions)
    all = all ? andI(all, condition) : condition;
  return all ? all : boolean(true);
}

Value LoweringBuilder::bits(Value x, int64_t divisor, int64_t modulus) {
  if (modulus == 1)
    return i32(0);
  Value shifted = divisor == 1 ? x : shr(x, i32(llvm::Log2_64(divisor)));
  return andI(shifted, i32(modulus - 1));
}
