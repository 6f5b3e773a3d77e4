//===- TargetCondition.h - the target-description algebra -------*- C++ -*-===//
//
// The conditions of the cuda-device spec's "Target Specialization":
// provides(smXX), is_exactly(smXX), is_host, is_device, any_target, no_target,
// combined with |, & and ~. One library parses, prints, normalizes and
// evaluates them for the `target` dialect, its passes and the C API.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_TARGETCONDITION_H
#define CUDAPY_SUPPORT_TARGETCONDITION_H

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudapy {

/// What code is compiled for: the host, or one GPU chip.
struct CompileTarget {
  bool host = false;
  unsigned sm = 0;     ///< 90 for sm_90, sm_90a and sm_90f
  char variant = '\0'; ///< 'a' (architecture-specific), 'f' (family) or 0

  static CompileTarget getHost() { return {true, 0, '\0'}; }
  /// Parses "host" or a chip name ("sm_90a").
  static std::optional<CompileTarget> parse(llvm::StringRef text);
  std::string str() const;
  /// The shared memory (bytes) a block may opt into on the chip (CUDA C++
  /// Programming Guide, "Technical Specifications per Compute
  /// Capability"); 48 KiB, what any kernel may declare statically, for
  /// the host and chips before sm_70.
  int64_t getMaxSharedMemoryPerBlock() const;
};

/// A condition over compile targets. Leaves name a chip where they need one.
struct Condition {
  enum class Kind {
    Any,
    None,
    Host,
    Device,
    Provides,
    IsExactly,
    Not,
    And,
    Or
  };

  Kind kind = Kind::Any;
  CompileTarget chip;              ///< Provides, IsExactly
  std::vector<Condition> operands; ///< Not (one), And, Or (two or more)

  static Condition leaf(Kind kind) { return Condition{kind, {}, {}}; }

  /// Whether the condition holds for `target`.
  bool evaluate(const CompileTarget &target) const;

  /// The condition's text in the spec's notation, with the fewest
  /// parentheses: `provides(sm_80) & ~is_exactly(sm_90) | is_host`.
  std::string str() const;

  bool operator==(const Condition &other) const;
};

/// Parses the spec's notation. Precedence, from loosest: `|`, `&`, `~`;
/// parentheses group. Chips are written sm_XX (also smXX, as in Python).
/// On failure returns std::nullopt and sets `error`, naming the position.
std::optional<Condition> parseCondition(llvm::StringRef text,
                                        std::string &error);

/// An equivalent condition in normal form: negations pushed to the leaves,
/// nested & and | flattened, operands deduplicated and sorted, constants,
/// complements and absorbed terms removed, provides() chains collapsed
/// (provides(a) | provides(b) = provides(min)), and conditions that hold for
/// all, no, exactly the host or exactly the device targets replaced by
/// any_target, no_target, is_host or is_device. Equal conditions have equal
/// normal forms in those cases the laws above decide.
Condition normalize(const Condition &condition);

/// Whether `a` and `b` hold for exactly the same targets (decided over every
/// chip cudapy knows, the gaps between them, the host, and a future chip).
bool areEquivalent(const Condition &a, const Condition &b);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_TARGETCONDITION_H
