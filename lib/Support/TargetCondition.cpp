//===- TargetCondition.cpp - the target-description algebra ---------------===//
//
// Semantics (cuda-device spec, "Target Specialization"; a compile target is
// the host or a chip sm_N with an optional 'a' or 'f' variant):
//   is_host / is_device   the host / every chip
//   provides(sm_N)        chips sm_M with M >= N (what __CUDA_ARCH__ >= N0
//   says) provides(sm_Na)       sm_Na alone: architecture-specific features do
//   not
//                         carry over to later chips
//   provides(sm_Nf)       chips of N's family (same major) from N up, in their
//                         'f' or 'a' variant
//   is_exactly(sm_N)      chips with number N, any variant (__CUDA_ARCH__ ==
//   N0) is_exactly(sm_Na|f)   that variant of chip N alone
//
//===----------------------------------------------------------------------===//

#include "cudapy/Support/TargetCondition.h"

#include "cudapy/Support/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace cudapy;
using llvm::StringRef;
using Kind = Condition::Kind;

std::optional<CompileTarget> CompileTarget::parse(StringRef text) {
  if (text == "host")
    return getHost();
  StringRef rest = text;
  if (!rest.consume_front("sm_") && !rest.consume_front("sm"))
    return std::nullopt;
  CompileTarget target;
  if (!rest.empty() && (rest.back() == 'a' || rest.back() == 'f')) {
    target.variant = rest.back();
    rest = rest.drop_back();
  }
  if (rest.empty() || rest.getAsInteger(10, target.sm) || target.sm == 0)
    return std::nullopt;
  return target;
}

int64_t CompileTarget::getMaxSharedMemoryPerBlock() const {
  constexpr int64_t kKiB = 1024;
  if (host)
    return 48 * kKiB;
  switch (sm) {
  case 80:
  case 87:
    return 163 * kKiB;
  case 86:
  case 89:
  case 120:
  case 121:
    return 99 * kKiB;
  case 75:
    return 64 * kKiB;
  case 70:
  case 72:
    return 96 * kKiB;
  default:
    return sm >= 90 ? 227 * kKiB : 48 * kKiB;
  }
}

std::string CompileTarget::str() const {
  if (host)
    return "host";
  std::string text = "sm_" + std::to_string(sm);
  if (variant)
    text += variant;
  return text;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

static bool provides(const CompileTarget &chip, const CompileTarget &target) {
  switch (chip.variant) {
  case 'a':
    return target.sm == chip.sm && target.variant == 'a';
  case 'f':
    return target.sm / 10 == chip.sm / 10 && target.sm >= chip.sm &&
           target.variant != '\0';
  default:
    return target.sm >= chip.sm;
  }
}

static bool isExactly(const CompileTarget &chip, const CompileTarget &target) {
  return target.sm == chip.sm &&
         (!chip.variant || target.variant == chip.variant);
}

bool Condition::evaluate(const CompileTarget &target) const {
  switch (kind) {
  case Kind::Any:
    return true;
  case Kind::None:
    return false;
  case Kind::Host:
    return target.host;
  case Kind::Device:
    return !target.host;
  case Kind::Provides:
    return !target.host && provides(chip, target);
  case Kind::IsExactly:
    return !target.host && isExactly(chip, target);
  case Kind::Not:
    return !operands[0].evaluate(target);
  case Kind::And:
    return llvm::all_of(operands,
                        [&](const Condition &c) { return c.evaluate(target); });
  case Kind::Or:
    return llvm::any_of(operands,
                        [&](const Condition &c) { return c.evaluate(target); });
  }
  return false;
}

/// Targets on which conditions over the known chips can differ: the host and,
/// for every known chip number, that number and the next (a chip between two
/// known ones), each in all three variants, plus one below and one beyond all.
static const std::vector<CompileTarget> &getRepresentativeTargets() {
  static const std::vector<CompileTarget> targets = [] {
    std::vector<unsigned> numbers = {1, 10000};
    for (StringRef chip : getKnownChips()) {
      unsigned sm = CompileTarget::parse(chip)->sm;
      numbers.push_back(sm);
      numbers.push_back(sm + 1);
    }
    llvm::sort(numbers);
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    std::vector<CompileTarget> result = {CompileTarget::getHost()};
    for (unsigned sm : numbers)
      for (char variant : {'\0', 'a', 'f'})
        result.push_back(CompileTarget{false, sm, variant});
    return result;
  }();
  return targets;
}

/// The condition's value on every representative target.
static std::vector<bool> truthTable(const Condition &condition) {
  std::vector<bool> table;
  for (const CompileTarget &target : getRepresentativeTargets())
    table.push_back(condition.evaluate(target));
  return table;
}

bool cudapy::areEquivalent(const Condition &a, const Condition &b) {
  return truthTable(a) == truthTable(b);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

bool Condition::operator==(const Condition &other) const {
  if (kind != other.kind || operands != other.operands)
    return false;
  if (kind != Kind::Provides && kind != Kind::IsExactly)
    return true;
  return chip.sm == other.chip.sm && chip.variant == other.chip.variant;
}

std::string Condition::str() const {
  auto grouped = [](const Condition &c, Kind parent) {
    std::string text = c.str();
    bool needsParens = (c.kind == Kind::Or && parent != Kind::Or) ||
                       (c.kind == Kind::And && parent == Kind::Not);
    return needsParens ? "(" + text + ")" : text;
  };
  switch (kind) {
  case Kind::Any:
    return "any_target";
  case Kind::None:
    return "no_target";
  case Kind::Host:
    return "is_host";
  case Kind::Device:
    return "is_device";
  case Kind::Provides:
    return "provides(" + chip.str() + ")";
  case Kind::IsExactly:
    return "is_exactly(" + chip.str() + ")";
  case Kind::Not:
    return "~" + grouped(operands[0], Kind::Not);
  case Kind::And:
  case Kind::Or: {
    std::string text;
    for (const Condition &operand : operands) {
      if (!text.empty())
        text += kind == Kind::And ? " & " : " | ";
      text += grouped(operand, kind);
    }
    return text;
  }
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
class Parser {
public:
  Parser(StringRef text, std::string &error) : text(text), error(error) {}

  std::optional<Condition> parse() {
    std::optional<Condition> result = parseOr();
    skipSpace();
    if (result && position != text.size())
      return fail("unexpected '" + text.substr(position, 1).str() + "'");
    return result;
  }

private:
  std::nullopt_t fail(const std::string &message) {
    if (error.empty())
      error = message + " at column " + std::to_string(position + 1) + " of '" +
              text.str() + "'";
    return std::nullopt;
  }

  void skipSpace() {
    while (position < text.size() && llvm::isSpace(text[position]))
      ++position;
  }

  bool consume(char c) {
    skipSpace();
    if (position < text.size() && text[position] == c) {
      ++position;
      return true;
    }
    return false;
  }

  StringRef identifier() {
    skipSpace();
    size_t start = position;
    while (position < text.size() &&
           (llvm::isAlnum(text[position]) || text[position] == '_'))
      ++position;
    return text.slice(start, position);
  }

  std::optional<Condition>
  parseBinary(Kind kind, char op, std::optional<Condition> (Parser::*next)()) {
    std::optional<Condition> first = (this->*next)();
    if (!first)
      return std::nullopt;
    Condition result{kind, {}, {*first}};
    while (consume(op)) {
      std::optional<Condition> operand = (this->*next)();
      if (!operand)
        return std::nullopt;
      result.operands.push_back(*operand);
    }
    if (result.operands.size() == 1)
      return result.operands.front();
    return result;
  }

  std::optional<Condition> parseOr() {
    return parseBinary(Kind::Or, '|', &Parser::parseAnd);
  }
  std::optional<Condition> parseAnd() {
    return parseBinary(Kind::And, '&', &Parser::parseUnary);
  }

  std::optional<Condition> parseUnary() {
    // The spec's table writes `!provides(smXX)` for the complement.
    if (consume('~') || consume('!')) {
      std::optional<Condition> operand = parseUnary();
      if (!operand)
        return std::nullopt;
      return Condition{Kind::Not, {}, {*operand}};
    }
    if (consume('(')) {
      std::optional<Condition> inner = parseOr();
      if (!inner)
        return std::nullopt;
      if (!consume(')'))
        return fail("expected ')'");
      return inner;
    }
    StringRef name = identifier();
    if (name == "any_target")
      return Condition::leaf(Kind::Any);
    if (name == "no_target")
      return Condition::leaf(Kind::None);
    if (name == "is_host")
      return Condition::leaf(Kind::Host);
    if (name == "is_device")
      return Condition::leaf(Kind::Device);
    if (name != "provides" && name != "is_exactly")
      return fail(name.empty() ? "expected a condition"
                               : "unknown condition '" + name.str() + "'");
    if (!consume('('))
      return fail("expected '(' after " + name.str());
    StringRef chipText = identifier();
    std::optional<CompileTarget> chip = CompileTarget::parse(chipText);
    if (!chip || chip->host || !getMinimumPtxVersion(chip->str()))
      return fail("unknown chip '" + chipText.str() +
                  "' (known chips: " + getKnownChipsList() + ")");
    if (!consume(')'))
      return fail("expected ')'");
    return Condition{
        name == "provides" ? Kind::Provides : Kind::IsExactly, *chip, {}};
  }

  StringRef text;
  std::string &error;
  size_t position = 0;
};
} // namespace

std::optional<Condition> cudapy::parseCondition(StringRef text,
                                                std::string &error) {
  error.clear();
  return Parser(text, error).parse();
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

/// Pushes negations to the leaves (~is_host is is_device and back).
static Condition toNegationNormalForm(const Condition &c, bool negate) {
  switch (c.kind) {
  case Kind::Not:
    return toNegationNormalForm(c.operands[0], !negate);
  case Kind::And:
  case Kind::Or: {
    Kind kind = (c.kind == Kind::And) != negate ? Kind::And : Kind::Or;
    Condition result{kind, {}, {}};
    for (const Condition &operand : c.operands)
      result.operands.push_back(toNegationNormalForm(operand, negate));
    return result;
  }
  case Kind::Any:
    return Condition::leaf(negate ? Kind::None : Kind::Any);
  case Kind::None:
    return Condition::leaf(negate ? Kind::Any : Kind::None);
  case Kind::Host:
    return Condition::leaf(negate ? Kind::Device : Kind::Host);
  case Kind::Device:
    return Condition::leaf(negate ? Kind::Host : Kind::Device);
  case Kind::Provides:
  case Kind::IsExactly:
    return negate ? Condition{Kind::Not, {}, {c}} : c;
  }
  return c;
}

/// Whether every target of `a` is a target of `b`.
static bool implies(const std::vector<bool> &a, const std::vector<bool> &b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] && !b[i])
      return false;
  return true;
}

static Condition simplify(const Condition &c) {
  if (c.kind != Kind::And && c.kind != Kind::Or)
    return c;
  bool isAnd = c.kind == Kind::And;
  Kind identity = isAnd ? Kind::Any : Kind::None;
  Kind annihilator = isAnd ? Kind::None : Kind::Any;

  // Simplify the operands and flatten nested operators of the same kind.
  std::vector<Condition> operands;
  for (const Condition &operand : c.operands) {
    Condition simple = simplify(operand);
    if (simple.kind == c.kind)
      operands.insert(operands.end(), simple.operands.begin(),
                      simple.operands.end());
    else
      operands.push_back(simple);
  }

  // Absorption, idempotence, identities, complements, provides() chains: an
  // operand implied by another (for |) or implying another (for &) adds
  // nothing. Decided on truth tables, so every law of the algebra that
  // concerns two operands applies.
  std::vector<std::vector<bool>> tables;
  for (const Condition &operand : operands)
    tables.push_back(truthTable(operand));
  std::vector<bool> keep(operands.size(), true);
  for (size_t i = 0; i < operands.size(); ++i) {
    if (operands[i].kind == identity)
      keep[i] = false;
    if (operands[i].kind == annihilator)
      return Condition::leaf(annihilator);
    for (size_t j = 0; j < operands.size() && keep[i]; ++j) {
      if (i == j || !keep[j])
        continue;
      bool redundant =
          isAnd ? implies(tables[j], tables[i]) : implies(tables[i], tables[j]);
      if (redundant)
        keep[i] = false;
    }
  }
  std::vector<Condition> kept;
  for (size_t i = 0; i < operands.size(); ++i)
    if (keep[i])
      kept.push_back(operands[i]);
  if (kept.empty())
    return Condition::leaf(identity);
  if (kept.size() == 1)
    return kept.front();
  llvm::sort(kept, [](const Condition &a, const Condition &b) {
    return a.str() < b.str();
  });
  return Condition{c.kind, {}, kept};
}

Condition cudapy::normalize(const Condition &condition) {
  Condition result = simplify(toNegationNormalForm(condition, false));
  std::vector<bool> table = truthTable(result);
  for (Kind constant : {Kind::Any, Kind::None, Kind::Host, Kind::Device})
    if (table == truthTable(Condition::leaf(constant)))
      return Condition::leaf(constant);
  return result;
}
