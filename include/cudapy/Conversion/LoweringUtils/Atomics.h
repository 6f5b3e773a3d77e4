//===- Atomics.h - memory orders and thread scopes in LLVM ------*- C++ -*-===//
//
// One mapping of memory orders and thread scopes to LLVM's atomic orderings
// and NVPTX sync scopes, for the simt and the tile lowerings. Each dialect's
// enumeration converts by its keyword (relaxed, acquire, ...; block,
// device, ...), which both dialects spell alike.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_LOWERINGUTILS_ATOMICS_H
#define CUDAPY_CONVERSION_LOWERINGUTILS_ATOMICS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cudapy {

/// C++'s std::memory_order (the simt dialect has them all, Tile C++ the
/// first four but consume).
enum class AtomicOrder { relaxed, consume, acquire, release, acq_rel, seq_cst };

/// cuda::thread_scope.
enum class AtomicScope { thread, block, device, system };

/// The order or scope a dialect's keyword names (an unknown one: the
/// strongest, seq_cst and system).
AtomicOrder parseAtomicOrder(llvm::StringRef keyword);
AtomicScope parseAtomicScope(llvm::StringRef keyword);

/// A dialect's memory order or thread scope enumeration value.
template <typename Enum> AtomicOrder getAtomicOrder(Enum order) {
  return parseAtomicOrder(stringifyEnum(order));
}
template <typename Enum> AtomicScope getAtomicScope(Enum scope) {
  return parseAtomicScope(stringifyEnum(scope));
}

/// LLVM's ordering of a memory order: consume is acquire, as in every C++
/// implementation.
mlir::LLVM::AtomicOrdering getLLVMOrdering(AtomicOrder order);

/// The failure ordering of a compare-exchange of order `order`: its load
/// part (C++: release gives relaxed, acq_rel acquire).
mlir::LLVM::AtomicOrdering getLLVMFailureOrdering(AtomicOrder order);

/// LLVM's NVPTX sync scope of a thread scope ("" is the system). `thread`
/// widens to `block`: a stronger scope is always correct, and PTX has no
/// narrower one.
llvm::StringRef getLLVMSyncScope(AtomicScope scope);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_LOWERINGUTILS_ATOMICS_H
