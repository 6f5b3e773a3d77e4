//===- PyDialect.h - the py dialect -----------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYDIALECT_H
#define CUDAPY_DIALECTS_PY_IR_PYDIALECT_H

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/Dialect.h"

#include "dialects/Py/IR/PyDialect.h.inc"

#endif // CUDAPY_DIALECTS_PY_IR_PYDIALECT_H
