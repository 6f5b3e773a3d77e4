//===- Target.h - NVIDIA chips and PTX ISA versions -------------*- C++ -*-===//
//
// The one table of the chips cudapy compiles for and the PTX ISA versions
// that support them, shared by the pipeline, the C API and the tools.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_TARGET_H
#define CUDAPY_SUPPORT_TARGET_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudapy {

/// A compile target after validation: chip name and PTX ISA version as
/// major * 10 + minor (PTX 8.0 is 80), as the NVPTX `+ptxNN` feature spells it.
struct ResolvedTarget {
  std::string chip;
  unsigned ptxVersion = 0;

  /// "+ptx80"
  std::string getFeatures() const;
  /// "8.0"
  std::string getPtxVersionString() const;
};

/// Writes a PTX ISA version kept as major * 10 + minor: 80 -> "8.0".
std::string formatPtxVersion(unsigned version);

/// The smallest PTX ISA version that supports `chip` ("sm_90" -> 78,
/// "sm_90a" -> 80), or std::nullopt when cudapy does not know the chip.
std::optional<unsigned> getMinimumPtxVersion(llvm::StringRef chip);

/// Parses a PTX ISA version written "8.0" (or "80"); std::nullopt when it is
/// not a version the NVPTX backend can emit.
std::optional<unsigned> parsePtxVersion(llvm::StringRef text);

/// Validates `chip` and `ptxVersion` ("" derives the version from the chip).
/// On failure returns std::nullopt and sets `error` to a sentence that names
/// the bad value and the accepted ones.
std::optional<ResolvedTarget> resolveTarget(llvm::StringRef chip,
                                            llvm::StringRef ptxVersion,
                                            std::string &error);

/// The chips cudapy knows, in increasing order ("sm_50" … "sm_121f").
std::vector<llvm::StringRef> getKnownChips();

/// Comma-separated list of the chips cudapy knows, for messages and --help.
std::string getKnownChipsList();

} // namespace cudapy

#endif // CUDAPY_SUPPORT_TARGET_H
