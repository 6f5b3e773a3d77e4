//===- SimtDialect.h - the simt dialect -------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_SIMT_IR_SIMTDIALECT_H
#define CUDAPY_DIALECTS_SIMT_IR_SIMTDIALECT_H

#include "dialects/Py/IR/PyDialect.h"

#include "mlir/IR/Dialect.h"

#include "dialects/Simt/IR/SimtDialect.h.inc"

#endif // CUDAPY_DIALECTS_SIMT_IR_SIMTDIALECT_H
