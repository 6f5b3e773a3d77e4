//===- SpecializeConstExpr.cpp - clone functions for constant arguments ---===//
//
// Implements `py-specialize-constexpr` and cudapy::py::specializeConstExpr:
// see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dialects/Py/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include <deque>

namespace cudapy::py {
#define GEN_PASS_DEF_PYSPECIALIZECONSTEXPRPASS
#include "dialects/Py/Transforms/Passes.h.inc"
} // namespace cudapy::py

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

/// Materializes constant `value` for a parameter of type `type`, or fails.
static FailureOr<Value> materialize(OpBuilder &builder, Location loc, Type type,
                                    Attribute value) {
  if (isa<PyNoneType>(type)) {
    if (!isa<UnitAttr>(value))
      return failure();
    return NoneOp::create(builder, loc).getResult();
  }
  if (!ConstantOp::isBuildableWith(value, type))
    return failure();
  return ConstantOp::create(builder, loc, type, cast<TypedAttr>(value))
      .getResult();
}

FailureOr<Operation *> py::specializeConstExpr(Operation *op,
                                               ArrayRef<Attribute> values,
                                               StringRef name) {
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function || !isa<FuncOp, KernelOp>(op) || function.isExternal())
    return op->emitError("only a py.func or py.kernel with a body can be "
                         "specialized");
  SmallVector<unsigned> constexprArgs;
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
    if (function.getArgAttr(i, PyDialect::getConstExprAttrName()))
      constexprArgs.push_back(i);
  if (constexprArgs.size() != values.size())
    return op->emitError("@")
           << function.getName() << " has " << constexprArgs.size()
           << " ConstExpr parameters; " << values.size()
           << " values were given";

  OpBuilder builder(op->getContext());
  builder.setInsertionPointAfter(op);
  Operation *clone = builder.clone(*op);
  auto cloned = cast<FunctionOpInterface>(clone);
  SymbolTable::setSymbolName(clone, name);
  Block &entry = cloned.getFunctionBody().front();
  builder.setInsertionPointToStart(&entry);
  BitVector erase(cloned.getNumArguments());
  for (auto [k, index] : llvm::enumerate(constexprArgs)) {
    BlockArgument arg = entry.getArgument(index);
    FailureOr<Value> constant =
        materialize(builder, arg.getLoc(), arg.getType(), values[k]);
    if (failed(constant)) {
      Type type = arg.getType(); // the clone goes: keep what the error names
      clone->erase();
      return op->emitError("value ")
             << values[k] << " is not a constant of type " << type
             << " for ConstExpr parameter " << index << " of @"
             << function.getName();
    }
    arg.replaceAllUsesWith(*constant);
    erase.set(index);
  }
  if (failed(cloned.eraseArguments(erase))) {
    clone->erase();
    return op->emitError("cannot remove the ConstExpr parameters of @")
           << function.getName();
  }
  return clone;
}

namespace {
struct PySpecializeConstExprPass
    : public cudapy::py::impl::PySpecializeConstExprPassBase<
          PySpecializeConstExprPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    // One clone per (callee, constants); a worklist of calls, including the
    // calls inside clones.
    llvm::DenseMap<std::pair<Operation *, ArrayAttr>, Operation *> clones;
    llvm::StringMap<unsigned> counters;
    // Calls in program order, then the calls of each clone.
    std::deque<CallOp> worklist;
    root->walk([&](CallOp call) { worklist.push_back(call); });
    llvm::DenseMap<Operation *, Operation *> lastClone;
    SymbolTableCollection symbols;
    llvm::SmallPtrSet<Operation *, 8> specialized;
    while (!worklist.empty()) {
      CallOp call = worklist.front();
      worklist.pop_front();
      auto callee = dyn_cast_or_null<FuncOp>(
          symbols.lookupNearestSymbolFrom(call, call.getCalleeAttr()));
      if (!callee || callee.isExternal())
        continue;
      SmallVector<Attribute> values;
      SmallVector<Value> rest;
      for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
        if (!callee.isConstExprArgument(index)) {
          rest.push_back(operand);
          continue;
        }
        // A ConstExpr parameter of the caller passed on: the call is
        // specialized in the caller's clones.
        if (auto arg = dyn_cast<BlockArgument>(operand))
          if (auto caller =
                  dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp()))
            if (caller.getArgAttr(arg.getArgNumber(),
                                  PyDialect::getConstExprAttrName())) {
              values.clear();
              break;
            }
        Attribute value;
        if (operand.getDefiningOp<NoneOp>())
          value = UnitAttr::get(&getContext());
        else if (!matchPattern(operand, m_Constant(&value))) {
          call.emitError("argument ")
              << index << " of @" << callee.getSymName()
              << " is a ConstExpr parameter and needs a constant expression "
                 "(spec, \"Constant Expressions\")";
          return signalPassFailure();
        }
        values.push_back(value);
      }
      if (values.empty())
        continue;
      auto key = std::make_pair(callee.getOperation(),
                                ArrayAttr::get(&getContext(), values));
      Operation *&clone = clones[key];
      if (!clone) {
        std::string name;
        SymbolTable &table =
            symbols.getSymbolTable(SymbolTable::getNearestSymbolTable(callee));
        do {
          name = (callee.getSymName() + "__ce" +
                  Twine(counters[callee.getSymName()]++))
                     .str();
        } while (table.lookup(name));
        FailureOr<Operation *> made = specializeConstExpr(callee, values, name);
        if (failed(made))
          return signalPassFailure();
        clone = *made;
        // Clones of one function follow it in the order they were made.
        if (Operation *previous = lastClone.lookup(callee))
          clone->moveAfter(previous);
        lastClone[callee] = clone;
        table.insert(clone);
        specialized.insert(callee);
        clone->walk([&](CallOp inner) { worklist.push_back(inner); });
      }
      OpBuilder builder(call);
      auto replacement = CallOp::create(
          builder, call.getLoc(), TypeRange(call.getResultTypes()),
          FlatSymbolRefAttr::get(SymbolTable::getSymbolName(clone)),
          ValueRange(rest), ArrayAttr(), ArrayAttr());
      call.replaceAllUsesWith(replacement.getResults());
      call.erase();
    }
    // Functions whose ConstExpr parameters every caller now bypasses (one
    // may be the last caller of another: repeat until none goes).
    for (bool erased = true; erased;) {
      erased = false;
      for (Operation *function : llvm::to_vector(specialized))
        if (SymbolTable::symbolKnownUseEmpty(
                function, SymbolTable::getNearestSymbolTable(function))) {
          specialized.erase(function);
          function->erase();
          erased = true;
        }
    }
  }
};
} // namespace
