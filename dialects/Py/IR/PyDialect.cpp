//===- PyDialect.cpp - the py dialect -------------------------------------===//

#include "dialects/Py/IR/PyDialect.h"
#include "dialects/Py/IR/PyEnums.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

#include "dialects/Py/IR/PyDialect.cpp.inc"
#include "dialects/Py/IR/PyEnums.cpp.inc"

void PyDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "dialects/Py/IR/PyOps.cpp.inc"
      >();
}

Operation *PyDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  if (isNumberType(type) && ConstantOp::isBuildableWith(value, type))
    return ConstantOp::create(builder, loc, type, cast<TypedAttr>(value));
  return nullptr;
}
