//===- Atomics.cpp - memory orders and thread scopes in LLVM --------------===//

#include "cudapy/Conversion/LoweringUtils/Atomics.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace cudapy;

AtomicOrder cudapy::parseAtomicOrder(StringRef keyword) {
  return llvm::StringSwitch<AtomicOrder>(keyword)
      .Case("relaxed", AtomicOrder::relaxed)
      .Case("consume", AtomicOrder::consume)
      .Case("acquire", AtomicOrder::acquire)
      .Case("release", AtomicOrder::release)
      .Case("acq_rel", AtomicOrder::acq_rel)
      .Default(AtomicOrder::seq_cst);
}

AtomicScope cudapy::parseAtomicScope(StringRef keyword) {
  return llvm::StringSwitch<AtomicScope>(keyword)
      .Case("thread", AtomicScope::thread)
      .Case("block", AtomicScope::block)
      .Case("device", AtomicScope::device)
      .Default(AtomicScope::system);
}

LLVM::AtomicOrdering cudapy::getLLVMOrdering(AtomicOrder order) {
  switch (order) {
  case AtomicOrder::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case AtomicOrder::consume:
  case AtomicOrder::acquire:
    return LLVM::AtomicOrdering::acquire;
  case AtomicOrder::release:
    return LLVM::AtomicOrdering::release;
  case AtomicOrder::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  case AtomicOrder::seq_cst:
    break;
  }
  return LLVM::AtomicOrdering::seq_cst;
}

LLVM::AtomicOrdering cudapy::getLLVMFailureOrdering(AtomicOrder order) {
  switch (order) {
  case AtomicOrder::relaxed:
  case AtomicOrder::release:
    return LLVM::AtomicOrdering::monotonic;
  case AtomicOrder::consume:
  case AtomicOrder::acquire:
  case AtomicOrder::acq_rel:
    return LLVM::AtomicOrdering::acquire;
  case AtomicOrder::seq_cst:
    break;
  }
  return LLVM::AtomicOrdering::seq_cst;
}

StringRef cudapy::getLLVMSyncScope(AtomicScope scope) {
  switch (scope) {
  case AtomicScope::system:
    return "";
  case AtomicScope::device:
    return "device";
  case AtomicScope::block:
  case AtomicScope::thread:
    break;
  }
  return "block";
}
