//===- TargetOps.h - target dialect operations ------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TARGET_IR_TARGETOPS_H
#define CUDAPY_DIALECTS_TARGET_IR_TARGETOPS_H

#include "dialects/Target/IR/TargetDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/Target/IR/TargetOps.h.inc"

#endif // CUDAPY_DIALECTS_TARGET_IR_TARGETOPS_H
