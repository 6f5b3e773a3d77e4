//===- CEnum.h - Enumerations a C caller passes ---------------------------===//
//
// The C API's enumeration parameters come from C, where any int may be
// passed as an enumeration. C++ may not read an enumeration object whose
// value is outside its enumerators' range (UndefinedBehaviorSanitizer's
// -fsanitize=enum reports it), so the C API reads their bytes as the
// integer the caller passed, then checks it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_LIB_CAPI_CENUM_H
#define CUDAPY_LIB_CAPI_CENUM_H

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace cudapy {

/// The integer a C caller passed as `value`, whatever its value (as the
/// enumeration's underlying type holds it: a negative value passed for an
/// enumeration whose underlying type is unsigned reads as a large one).
template <typename Enum> int64_t cEnumValue(const Enum &value) {
  static_assert(std::is_enum_v<Enum>, "an enumeration of the C API");
  std::underlying_type_t<Enum> raw;
  std::memcpy(&raw, &value, sizeof raw);
  return static_cast<int64_t>(raw);
}

} // namespace cudapy

#endif // CUDAPY_LIB_CAPI_CENUM_H
