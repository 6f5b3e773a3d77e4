//===- Target.cpp - NVIDIA chips and PTX ISA versions ---------------------===//
//
// The minimum PTX ISA version per chip follows the PTX ISA's "Target ISA
// notes" (CUDA C++ Programming Guide, compute capabilities), restricted to
// what LLVM 22's NVPTX backend can target.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace {
struct ChipEntry {
  StringLiteral chip;
  unsigned minPtx;
};
} // namespace

static constexpr ChipEntry kChips[] = {
    {"sm_50", 40},   {"sm_52", 41},   {"sm_53", 42},   {"sm_60", 50},
    {"sm_61", 50},   {"sm_62", 50},   {"sm_70", 60},   {"sm_72", 61},
    {"sm_75", 63},   {"sm_80", 70},   {"sm_86", 71},   {"sm_87", 74},
    {"sm_88", 90},   {"sm_89", 78},   {"sm_90", 78},   {"sm_90a", 80},
    {"sm_100", 86},  {"sm_100a", 86}, {"sm_100f", 88}, {"sm_101", 86},
    {"sm_101a", 86}, {"sm_101f", 88}, {"sm_103", 88},  {"sm_103a", 88},
    {"sm_103f", 88}, {"sm_110", 90},  {"sm_110a", 90}, {"sm_110f", 90},
    {"sm_120", 87},  {"sm_120a", 87}, {"sm_120f", 88}, {"sm_121", 88},
    {"sm_121a", 88}, {"sm_121f", 88},
};

/// PTX ISA versions the NVPTX backend of LLVM 22 accepts as `+ptxNN`.
static constexpr unsigned kPtxVersions[] = {
    32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73,
    74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

std::string cudapy::ResolvedTarget::getFeatures() const {
  return formatv("+ptx{0}", ptxVersion).str();
}

std::string cudapy::formatPtxVersion(unsigned version) {
  return formatv("{0}.{1}", version / 10, version % 10).str();
}

std::string cudapy::ResolvedTarget::getPtxVersionString() const {
  return formatPtxVersion(ptxVersion);
}

std::optional<unsigned> cudapy::getMinimumPtxVersion(StringRef chip) {
  for (const ChipEntry &entry : kChips)
    if (entry.chip == chip)
      return entry.minPtx;
  return std::nullopt;
}

std::optional<unsigned> cudapy::parsePtxVersion(StringRef text) {
  unsigned major = 0, minor = 0;
  auto [majorText, minorText] = text.split('.');
  if (minorText.empty()) {
    // "80" spells 8.0 as the +ptx80 feature does.
    unsigned packed = 0;
    if (text.getAsInteger(10, packed))
      return std::nullopt;
    major = packed / 10;
    minor = packed % 10;
  } else if (majorText.getAsInteger(10, major) ||
             minorText.getAsInteger(10, minor) || minor > 9) {
    return std::nullopt;
  }
  unsigned version = major * 10 + minor;
  if (!is_contained(kPtxVersions, version))
    return std::nullopt;
  return version;
}

std::vector<StringRef> cudapy::getKnownChips() {
  std::vector<StringRef> chips;
  for (const ChipEntry &entry : kChips)
    chips.push_back(entry.chip);
  return chips;
}

std::string cudapy::getKnownChipsList() {
  std::string list;
  for (const ChipEntry &entry : kChips) {
    if (!list.empty())
      list += ", ";
    list += entry.chip;
  }
  return list;
}

std::optional<cudapy::ResolvedTarget>
cudapy::resolveTarget(StringRef chip, StringRef ptxVersion,
                      std::string &error) {
  std::optional<unsigned> minimum = getMinimumPtxVersion(chip);
  if (!minimum) {
    error = formatv("unknown chip '{0}' (known chips: {1})", chip,
                    getKnownChipsList())
                .str();
    return std::nullopt;
  }
  ResolvedTarget target{chip.str(), *minimum};
  if (ptxVersion.empty())
    return target;
  std::optional<unsigned> version = parsePtxVersion(ptxVersion);
  if (!version) {
    error = formatv("unknown PTX ISA version '{0}' (expected major.minor, "
                    "from 3.2 to 9.0, e.g. 8.0)",
                    ptxVersion)
                .str();
    return std::nullopt;
  }
  if (*version < *minimum) {
    error =
        formatv("PTX ISA {0} does not support {1}; it needs PTX ISA {2} "
                "or newer",
                formatPtxVersion(*version), chip, formatPtxVersion(*minimum))
            .str();
    return std::nullopt;
  }
  target.ptxVersion = *version;
  return target;
}
