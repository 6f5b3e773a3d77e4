//===- PyTypes.cpp - py dialect types -------------------------------------===//

#include "dialects/Py/IR/PyTypes.h"
#include "dialects/Py/IR/PyLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

#define GET_TYPEDEF_CLASSES
#include "dialects/Py/IR/PyTypes.cpp.inc"

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

bool py::isBuiltinNumberType(Type type) {
  return isa<PyBoolType, PyIntType, PyFloatType, PyComplexType>(type);
}

static bool isFixedIntegerType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return false;
  if (integer.getWidth() == 1)
    return integer.isSignless();
  return !integer.isSignless() &&
         llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
}

static bool isFixedRealFloatType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type>(type);
}

bool py::isFixedNumberType(Type type) {
  if (isFixedIntegerType(type) || isFixedRealFloatType(type))
    return true;
  if (auto complex = dyn_cast<mlir::ComplexType>(type))
    return isa<Float32Type, Float64Type>(complex.getElementType());
  return false;
}

bool py::isNumberType(Type type) {
  return isBuiltinNumberType(type) || isFixedNumberType(type);
}

bool py::isIntegerLikeType(Type type) {
  return isa<PyBoolType, PyIntType>(type) || isFixedIntegerType(type);
}

bool py::isStorageOnlyFloatType(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

bool py::isHeterogeneousType(Type type) {
  if (isNumberType(type))
    return true;
  if (isa<PyVectorType, StructType, PyNoneType, ArrayType, AtomicType>(type))
    return true;
  if (auto tuple = dyn_cast<TupleType>(type))
    return llvm::all_of(tuple.getTypes(), isHeterogeneousType);
  return false;
}

bool py::isArrayDTypeType(Type type) {
  return isFixedNumberType(type) || isa<StructType>(type);
}

std::optional<NumberKind> py::getNumberKind(Type type) {
  return TypeSwitch<Type, std::optional<NumberKind>>(type)
      .Case<PyBoolType>([](auto) { return NumberKind::Bool; })
      .Case<PyIntType>([](auto) { return NumberKind::SignedInt; })
      .Case<PyFloatType>([](auto) { return NumberKind::Float; })
      .Case<PyComplexType, mlir::ComplexType>(
          [](auto) { return NumberKind::Complex; })
      .Case<IntegerType>([](IntegerType t) -> std::optional<NumberKind> {
        if (!isFixedIntegerType(t))
          return std::nullopt;
        if (t.getWidth() == 1)
          return NumberKind::Bool;
        return t.isSigned() ? NumberKind::SignedInt : NumberKind::UnsignedInt;
      })
      .Default([](Type t) -> std::optional<NumberKind> {
        if (isFixedRealFloatType(t))
          return NumberKind::Float;
        return std::nullopt;
      });
}

Type py::getMachineType(Type type) {
  MLIRContext *context = type.getContext();
  return TypeSwitch<Type, Type>(type)
      .Case<PyBoolType>([&](auto) { return IntegerType::get(context, 1); })
      .Case<PyIntType>([&](auto) {
        return IntegerType::get(context, 32, IntegerType::Signed);
      })
      .Case<PyFloatType>([&](auto) { return Float32Type::get(context); })
      .Case<PyComplexType>([&](auto) {
        return mlir::ComplexType::get(Float32Type::get(context));
      })
      .Default([](Type t) { return t; });
}

unsigned py::getNumberBitWidth(Type type) {
  Type machine = getMachineType(type);
  if (auto complex = dyn_cast<mlir::ComplexType>(machine))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return machine.getIntOrFloatBitWidth();
}

std::string py::getPythonTypeName(Type type) {
  return TypeSwitch<Type, std::string>(type)
      .Case<PyBoolType>([](auto) { return "bool"; })
      .Case<PyIntType>([](auto) { return "int"; })
      .Case<PyFloatType>([](auto) { return "float"; })
      .Case<PyComplexType>([](auto) { return "complex"; })
      .Case<PyNoneType>([](auto) { return "None"; })
      .Case<Float16Type>([](auto) { return "float16"; })
      .Case<BFloat16Type>([](auto) { return "bfloat16"; })
      .Case<Float32Type>([](auto) { return "float32"; })
      .Case<Float64Type>([](auto) { return "float64"; })
      .Case<Float8E4M3FNType>([](auto) { return "float8e4m3"; })
      .Case<Float8E5M2Type>([](auto) { return "float8e5m2"; })
      .Case<mlir::ComplexType>([](mlir::ComplexType t) {
        return "complex" +
               std::to_string(2 * t.getElementType().getIntOrFloatBitWidth());
      })
      .Case<IntegerType>([](IntegerType t) -> std::string {
        if (t.getWidth() == 1)
          return "bool";
        return (t.isUnsigned() ? "uint" : "int") + std::to_string(t.getWidth());
      })
      .Default([](Type t) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << t;
        return text;
      });
}

//===----------------------------------------------------------------------===//
// PyVectorType
//===----------------------------------------------------------------------===//

LogicalResult PyVectorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned size, Type elementType) {
  // Spec, "Vector Types": N = 1, 2, 3, 4 over the fixed-format numbers of
  // the table (no bool, no complex).
  if (size < 1 || size > 4)
    return emitError() << "a vector has 1 to 4 elements, not " << size
                       << " (spec, \"Vectors\")";
  if (!isFixedNumberType(elementType) || isa<mlir::ComplexType>(elementType) ||
      elementType.isInteger(1))
    return emitError() << "vector element type must be a fixed-format "
                          "integer or real float type of the spec's "
                          "\"Vector Types\" table, not "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// StructType
//===----------------------------------------------------------------------===//

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringAttr name, ArrayRef<StringAttr> names,
                                 ArrayRef<Type> types, uint64_t align,
                                 ArrayRef<uint64_t> offsets, uint64_t size) {
  if (!name || name.getValue().empty())
    return emitError() << "a struct type needs a name";
  if (names.size() != types.size())
    return emitError() << "struct field names and types differ in number";
  llvm::SmallDenseSet<StringAttr> seen;
  for (auto [fieldName, fieldType] : llvm::zip(names, types)) {
    if (!seen.insert(fieldName).second)
      return emitError() << "struct '" << name.getValue()
                         << "' has two fields named '" << fieldName.getValue()
                         << "'";
    // Spec, "User-Defined Types": each attribute's type hint shall be
    // heterogeneous. [User Requirement]
    if (!isHeterogeneousType(fieldType))
      return emitError() << "field '" << fieldName.getValue() << "' of struct '"
                         << name.getValue() << "' has type " << fieldType
                         << ", which is not a heterogeneous value type "
                            "(spec, \"User-Defined Types\")";
  }
  if (align != 0 && !llvm::isPowerOf2_64(align))
    return emitError() << "struct alignment must be a power of two, not "
                       << align;
  if (offsets.empty()) {
    if (size != 0)
      return emitError() << "a struct's size is given only with its fields' "
                            "offsets";
    return success();
  }
  // A record (NumPy structured dtype): fields in order, not overlapping,
  // inside the itemsize.
  if (offsets.size() != types.size())
    return emitError() << "struct '" << name.getValue() << "' gives "
                       << offsets.size() << " offsets for " << types.size()
                       << " fields";
  uint64_t end = 0;
  for (auto [fieldName, type, offset] : llvm::zip(names, types, offsets)) {
    if (offset < end)
      return emitError() << "field '" << fieldName.getValue() << "' at offset "
                         << offset
                         << " overlaps the field before it (which ends at "
                         << end << ")";
    end = offset + getMachineLayout(type).size;
  }
  if (size < end)
    return emitError() << "struct '" << name.getValue() << "' has size " << size
                       << " but its fields end at " << end;
  return success();
}

std::optional<unsigned> StructType::getFieldIndex(StringRef field) const {
  for (auto [index, name] : llvm::enumerate(getFieldNames()))
    if (name.getValue() == field)
      return index;
  return std::nullopt;
}

/// `<"name", (a: T, b: U), align 16>`
Type StructType::parse(AsmParser &parser) {
  std::string name;
  SmallVector<StringAttr> names;
  SmallVector<Type> types;
  SmallVector<uint64_t> offsets;
  uint64_t align = 0, size = 0;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma())
    return {};
  auto parseField = [&]() -> ParseResult {
    std::string field;
    Type type;
    if (parser.parseKeywordOrString(&field) || parser.parseColon() ||
        parser.parseType(type))
      return failure();
    names.push_back(StringAttr::get(parser.getContext(), field));
    types.push_back(type);
    uint64_t offset;
    if (succeeded(parser.parseOptionalKeyword("at"))) {
      if (parser.parseInteger(offset))
        return failure();
      offsets.push_back(offset);
    }
    return success();
  };
  SMLoc fieldsLoc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, parseField))
    return {};
  if (!offsets.empty() && offsets.size() != types.size()) {
    parser.emitError(fieldsLoc, "either every field or none has an offset");
    return {};
  }
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("align"))) {
      if (parser.parseInteger(align))
        return {};
    } else if (parser.parseKeyword("size") || parser.parseInteger(size)) {
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(),
                    StringAttr::get(parser.getContext(), name),
                    ArrayRef<StringAttr>(names), ArrayRef<Type>(types), align,
                    ArrayRef<uint64_t>(offsets), size);
}

void StructType::print(AsmPrinter &printer) const {
  printer << "<\"" << getName().getValue() << "\", (";
  ArrayRef<uint64_t> offsets = getOffsets();
  for (auto [index, field] :
       llvm::enumerate(llvm::zip(getFieldNames(), getFieldTypes()))) {
    if (index)
      printer << ", ";
    printer.printKeywordOrString(std::get<0>(field).getValue());
    printer << ": " << std::get<1>(field);
    if (!offsets.empty())
      printer << " at " << offsets[index];
  }
  printer << ")";
  if (getAlign() != 0)
    printer << ", align " << getAlign();
  if (!offsets.empty())
    printer << ", size " << getSize();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// AtomicType
//===----------------------------------------------------------------------===//

LogicalResult AtomicType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type dtype, uint64_t align) {
  if (!(isNumberType(dtype) || isa<PyVectorType, StructType>(dtype) ||
        (isa<TupleType>(dtype) && isHeterogeneousType(dtype))))
    return emitError() << "an Atomic holds a number, vector, struct or tuple, "
                          "not "
                       << dtype;
  // Spec, "Atomic.__init__": the machine representation of the dtype is at
  // most 16 bytes. [User Requirement]
  uint64_t size = getMachineLayout(dtype).size;
  if (size > 16)
    return emitError() << "an Atomic's dtype is at most 16 bytes, and " << dtype
                       << " is " << size << " (spec, \"Atomic.__init__\")";
  if (align != 0 && !llvm::isPowerOf2_64(align))
    return emitError() << "Atomic alignment must be a power of two, not "
                       << align;
  return success();
}

//===----------------------------------------------------------------------===//
// ArrayType
//===----------------------------------------------------------------------===//

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type dtype, unsigned ndim) {
  // Spec, "Arrays": the data types are the fixed-format numbers and @struct
  // classes (builtin numbers name their fixed formats: use si32, not
  // !py.int).
  if (!isArrayDTypeType(dtype))
    return emitError() << "array dtype must be a fixed-format number or a "
                          "struct type, not "
                       << dtype << " (spec, \"Arrays\")";
  if (ndim > 32)
    return emitError() << "arrays have at most 32 dimensions, not " << ndim;
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

void PyDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Py/IR/PyTypes.cpp.inc"
      >();
}
