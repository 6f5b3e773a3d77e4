//===- PyEnums.h - py dialect enumerations ----------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYENUMS_H
#define CUDAPY_DIALECTS_PY_IR_PYENUMS_H

#include "dialects/Py/IR/PyDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "dialects/Py/IR/PyEnums.h.inc"

#endif // CUDAPY_DIALECTS_PY_IR_PYENUMS_H
