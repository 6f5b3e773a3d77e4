//===- PyOps.h - py dialect operations --------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_PY_IR_PYOPS_H
#define CUDAPY_DIALECTS_PY_IR_PYOPS_H

#include "dialects/Py/IR/PyDialect.h"
#include "dialects/Py/IR/PyEnums.h"
#include "dialects/Py/IR/PyTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/Py/IR/PyOps.h.inc"

#endif // CUDAPY_DIALECTS_PY_IR_PYOPS_H
