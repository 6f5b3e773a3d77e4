//===- TileDialect.cpp - the tile dialect and its types -------------------===//

#include "dialects/Tile/IR/TileLayouts.h"
#include "dialects/Tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

#include "dialects/Tile/IR/TileDialect.cpp.inc"

#include "dialects/Tile/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Tile/IR/TileAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/Tile/IR/TileTypes.cpp.inc"

namespace {
/// Prints layouts once, at the top, named by their mnemonic: #blocked,
/// #blocked1, …, #slice, #mma_accumulator.
struct TileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (!isa<DistributedLayoutInterface>(attr))
      return AliasResult::NoAlias;
    StringRef name = attr.getAbstractAttribute().getName();
    os << name.drop_front(TileDialect::getDialectNamespace().size() + 1);
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileDialect::initialize() {
  addInterfaces<TileOpAsmInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Tile/IR/TileAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Tile/IR/TileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/Tile/IR/TileOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

/// A fact about an array argument (docs/TileLowering.md, "Facts"): the
/// alignment is a power of two (bytes); the divisibilities list one
/// positive number per dimension of `type`.
static LogicalResult
verifyArrayFact(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                Attribute value, ArrayType type) {
  if (name == TileDialect::AlignmentAttrHelper::getNameStr()) {
    auto alignment = dyn_cast<IntegerAttr>(value);
    if (!alignment || alignment.getInt() <= 0 ||
        !llvm::isPowerOf2_64(alignment.getInt()))
      return emitError() << "'" << name << "' is a power of two (bytes), not "
                         << value;
    return success();
  }
  auto list = dyn_cast<DenseI64ArrayAttr>(value);
  if (!list || list.size() != type.getRank() ||
      llvm::any_of(list.asArrayRef(), [](int64_t v) { return v <= 0; }))
    return emitError() << "'" << name
                       << "' lists one positive number per dimension of "
                       << type << ", not " << value;
  return success();
}

static bool isArrayFact(StringRef name) {
  return name == TileDialect::AlignmentAttrHelper::getNameStr() ||
         name == TileDialect::DivisibilityAttrHelper::getNameStr() ||
         name == TileDialect::StrideDivisibilityAttrHelper::getNameStr();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  Attribute value = attribute.getValue();
  if (name == NumWarpsAttrHelper::getNameStr()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError("'") << name << "' belongs on a function";
    auto integer = dyn_cast<IntegerAttr>(value);
    if (!integer)
      return op->emitOpError("'") << name << "' is an integer";
    int64_t warps = integer.getInt();
    if (!isValidNumWarps(warps))
      return op->emitOpError("runs 1, 2, 4, 8, 16 or 32 warps per CTA, not ")
             << warps;
    return success();
  }
  if (name == NumStagesAttrHelper::getNameStr()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError("'") << name << "' belongs on a function";
    auto integer = dyn_cast<IntegerAttr>(value);
    if (!integer || integer.getInt() < 1 || integer.getInt() > 8)
      return op->emitOpError("'") << name << "' is a number of stages, 1 to 8";
    return success();
  }
  if (name == GridBlocksAttrHelper::getNameStr() ||
      name == MultiprocessorsAttrHelper::getNameStr()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError("'") << name << "' belongs on a function";
    auto integer = dyn_cast<IntegerAttr>(value);
    if (!integer || integer.getValue().getSExtValue() < 1)
      return op->emitOpError("'") << name << "' is a positive integer";
    return success();
  }
  if (name == WarpSpecializeAttrHelper::getNameStr()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError("'") << name << "' belongs on a function";
    if (!isa<BoolAttr>(value))
      return op->emitOpError("'") << name << "' is true or false";
    return success();
  }
  if (name == ArrayFactsAttrHelper::getNameStr()) {
    auto facts = dyn_cast<DictionaryAttr>(value);
    ArrayType array;
    if (auto load = dyn_cast<LoadOp>(op))
      array = load.getView().getType().getArray();
    else if (auto store = dyn_cast<StoreOp>(op))
      array = store.getView().getType().getArray();
    else if (auto copy = dyn_cast<AsyncCopyOp>(op))
      array = copy.getView().getType().getArray();
    if (!facts || !array)
      return op->emitOpError("'")
             << name
             << "' is a dictionary of array facts on a load, store "
                "or async_copy";
    for (NamedAttribute fact : facts) {
      if (!isArrayFact(fact.getName().strref()))
        return op->emitOpError("'")
               << name << "' holds no '" << fact.getName().strref() << "'";
      if (failed(verifyArrayFact([&] { return op->emitOpError(); },
                                 fact.getName().strref(), fact.getValue(),
                                 array)))
        return failure();
    }
    return success();
  }
  if (name == WithinTilesAttrHelper::getNameStr()) {
    auto bounds = dyn_cast<DenseI64ArrayAttr>(value);
    ViewType view;
    if (auto load = dyn_cast<LoadOp>(op))
      view = load.getView().getType();
    else if (auto store = dyn_cast<StoreOp>(op))
      view = store.getView().getType();
    if (!bounds || !view ||
        bounds.size() != static_cast<int64_t>(view.getSteps().size()) ||
        llvm::any_of(bounds.asArrayRef(), [](int64_t c) { return c < -1; }))
      return op->emitOpError("'")
             << name
             << "' is, on a load or store, a number of tiles past the "
                "view's end (-1: unknown) per array dimension";
    return success();
  }
  if (isArrayFact(name))
    return op->emitOpError("'")
           << name << "' states a fact about an array argument: it belongs "
           << "on the argument";
  return op->emitOpError("has an unknown tile dialect attribute '")
         << name << "'";
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  auto emitError = [&] {
    return op->emitOpError("argument ") << argIndex << ": ";
  };
  if (!isArrayFact(name))
    return emitError() << "'" << name
                       << "' is not a tile dialect argument attribute";
  Region &region = op->getRegion(regionIndex);
  if (region.empty())
    return success(); // a declaration: nothing reads the fact
  // A list's facts hold for each of its arrays.
  Type argType = region.getArgument(argIndex).getType();
  if (auto list = dyn_cast<ListType>(argType))
    argType = list.getElement();
  auto type = dyn_cast<ArrayType>(argType);
  if (!type)
    return emitError() << "'" << name << "' states a fact about an array, not "
                       << "about " << region.getArgument(argIndex).getType();
  return verifyArrayFact(emitError, name, attribute.getValue(), type);
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (isa<LooseIntType, LooseFloatType>(type))
    return LiteralOp::create(builder, loc, type, cast<TypedAttr>(value));
  auto elements = dyn_cast<ElementsAttr>(value);
  if (isa<TileType>(type) && elements && elements.getType() == type)
    return ConstantOp::create(builder, loc, type, elements);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Dtypes
//===----------------------------------------------------------------------===//

bool tile::isRestrictedFloat(Type type) {
  return isa<FloatTF32Type, Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

bool tile::isNumericDType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return integer.isSignless();
    return !integer.isSignless() &&
           llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  }
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type) ||
         isRestrictedFloat(type);
}

bool tile::isArithmeticDType(Type type) {
  return isNumericDType(type) && !isRestrictedFloat(type);
}

SmallVector<int64_t> tile::getAdjacentSteps(ArrayRef<int64_t> tileShape,
                                            ArrayRef<int64_t> order) {
  auto rank = static_cast<int64_t>(order.size());
  SmallVector<int64_t> steps(rank, 1);
  for (auto [k, dim] : llvm::enumerate(order))
    if (dim >= 0 && dim < rank && k < tileShape.size())
      steps[dim] = tileShape[k];
  return steps;
}

bool tile::isIntegerDType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() > 1 && isNumericDType(type);
}

bool tile::isBoolDType(Type type) { return type.isSignlessInteger(1); }

bool tile::isPointerDType(Type type) { return isa<PointerType>(type); }

TileType tile::getIndexScalarType(MLIRContext *context) {
  return TileType::get(context, {},
                       IntegerType::get(context, 32, IntegerType::Signed));
}

TileType tile::getSi64ScalarType(MLIRContext *context) {
  return TileType::get(context, {},
                       IntegerType::get(context, 64, IntegerType::Signed));
}

bool tile::isElementType(Type type) {
  return isNumericDType(type) || isa<PointerType>(type);
}

std::string tile::getDTypeName(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return "bool";
    return (integer.isUnsigned() ? "uint" : "int") +
           std::to_string(integer.getWidth());
  }
  return TypeSwitch<Type, std::string>(type)
      .Case<Float16Type>([](auto) { return "float16"; })
      .Case<BFloat16Type>([](auto) { return "bfloat16"; })
      .Case<Float32Type>([](auto) { return "float32"; })
      .Case<Float64Type>([](auto) { return "float64"; })
      .Case<FloatTF32Type>([](auto) { return "tfloat32"; })
      .Case<Float8E4M3FNType>([](auto) { return "float8_e4m3fn"; })
      .Case<Float8E5M2Type>([](auto) { return "float8_e5m2"; })
      .Case<Float8E8M0FNUType>([](auto) { return "float8_e8m0fnu"; })
      .Case<Float4E2M1FNType>([](auto) { return "float4_e2m1fn"; })
      .Default([](Type t) {
        std::string text;
        llvm::raw_string_ostream os(text);
        t.print(os);
        return text;
      });
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointee) {
  // Tile C++, "pointer scalar": multi-level pointers and pointers to
  // aggregates are not pointer scalars.
  if (!isNumericDType(pointee))
    return emitError() << "a pointer scalar points to a numeric dtype, not "
                       << pointee;
  return success();
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               Attribute encoding) {
  if (encoding) {
    auto layout = dyn_cast<DistributedLayoutInterface>(encoding);
    if (!layout)
      return emitError() << "a tile's encoding is a distributed layout "
                            "(#tile.blocked, #tile.slice, ...), not "
                         << encoding;
    int64_t rank = layout.getRank();
    if (rank != static_cast<int64_t>(shape.size()))
      return emitError() << "a layout of rank " << rank
                         << " does not fit a tile of rank " << shape.size();
  }
  if (static_cast<int64_t>(shape.size()) > kMaxTileRank)
    return emitError() << "a tile has at most " << kMaxTileRank
                       << " dimensions, not " << shape.size();
  int64_t elements = 1;
  for (int64_t extent : shape) {
    // cuTile Python, "Tiles and Scalars": each dimension is a power of 2;
    // Tile C++: a tile-compatible shape has power-of-two extents (so 0 is
    // not one).
    if (extent <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(extent)))
      return emitError() << "tile dimensions are powers of two, not " << extent;
    elements *= extent;
    if (elements > kMaxTileElements)
      return emitError() << "a tile has at most " << kMaxTileElements
                         << " elements";
  }
  if (!isElementType(elementType))
    return emitError()
           << "a tile's elements are bool (i1), si/ui 8-64, f16, bf16, f32, "
              "f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN or pointers, "
              "not "
           << elementType;
  return success();
}

int64_t TileType::getNumElements() const {
  int64_t elements = 1;
  for (int64_t extent : getShape())
    elements *= extent;
  return elements;
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(getContext(), shape ? *shape : getShape(), elementType);
}

TileType TileType::dropEncoding() const {
  return getEncoding() ? withEncoding({}) : *this;
}

TileType TileType::withEncoding(Attribute encoding) const {
  return TileType::get(getContext(), getShape(), getElementType(), encoding);
}

/// `<4x8xf32>`, `<f32>` for a scalar.
Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  Attribute encoding;
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(encoding))
    return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, encoding);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t extent : getShape())
    printer << extent << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// ArrayType
//===----------------------------------------------------------------------===//

/// `[?, 1, 4]`: static values or `?` for dynamic ones.
static ParseResult parseMaybeDynamicList(AsmParser &parser,
                                         SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

static void printMaybeDynamicList(AsmPrinter &printer,
                                  ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleaveComma(values, printer, [&](int64_t value) {
    if (ShapedType::isDynamic(value))
      printer << "?";
    else
      printer << value;
  });
  printer << "]";
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType,
                                ArrayRef<int64_t> strides) {
  if (shape.empty() || static_cast<int64_t>(shape.size()) > kMaxTileRank)
    return emitError() << "an array has 1 to " << kMaxTileRank
                       << " dimensions, not " << shape.size();
  if (!isNumericDType(elementType))
    return emitError() << "an array's elements have a numeric dtype, not "
                       << elementType;
  for (int64_t extent : shape)
    if (!ShapedType::isDynamic(extent) &&
        (extent < 0 || extent > kMaxArrayExtent))
      return emitError() << "array extents are int32 values (0 to "
                         << kMaxArrayExtent << "), not " << extent;
  if (strides.size() != shape.size())
    return emitError() << "an array of rank " << shape.size() << " has "
                       << shape.size() << " strides, not " << strides.size();
  for (int64_t stride : strides)
    if (!ShapedType::isDynamic(stride) && stride < 0)
      return emitError() << "array strides are nonnegative, not " << stride;
  return success();
}

unsigned ArrayType::getNumDynamicDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

unsigned ArrayType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

/// `<?x128xf32, strides [?, 1]>`; omitted strides are dynamic.
Type ArrayType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("strides") ||
        parseMaybeDynamicList(parser, strides))
      return {};
  } else {
    strides.assign(shape.size(), ShapedType::kDynamic);
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, strides);
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x" << getElementType();
  if (!llvm::all_of(getStrides(), ShapedType::isDynamic)) {
    printer << ", strides ";
    printMaybeDynamicList(printer, getStrides());
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// SharedType
//===----------------------------------------------------------------------===//

LogicalResult SharedType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 bool interleaved) {
  if (shape.size() < 2)
    return emitError() << "a shared buffer holds stages of tiles of rank 1 or "
                          "more";
  if (shape.front() < 1)
    return emitError() << "a shared buffer holds at least one stage";
  if (!isNumericDType(elementType))
    return emitError() << "a shared buffer holds numbers, not " << elementType;
  if (interleaved) {
    int64_t rows = 1;
    for (int64_t extent : shape.drop_front().drop_back())
      rows *= extent;
    if (rows % 8 != 0)
      return emitError() << "an interleaved stage has rows in groups of 8, "
                            "not "
                         << rows;
  }
  return TileType::verify(emitError, shape.drop_front(), elementType,
                          Attribute());
}

LogicalResult BarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t count) {
  if (count < 1)
    return emitError() << "barriers come at least one at a time, not " << count;
  return success();
}

TileType SharedType::getStageType() const {
  return TileType::get(getContext(), getShape().drop_front(), getElementType());
}

Type SharedType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType))
    return {};
  bool interleaved = succeeded(parser.parseOptionalComma());
  if ((interleaved && parser.parseKeyword("interleaved")) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SharedType>(loc, parser.getContext(), shape,
                                       elementType, interleaved);
}

void SharedType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x" << getElementType();
  if (getInterleaved())
    printer << ", interleaved";
  printer << ">";
}

//===----------------------------------------------------------------------===//
// ViewType
//===----------------------------------------------------------------------===//

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> tileShape, ArrayType array,
                               ArrayRef<int64_t> order, ArrayRef<int64_t> steps,
                               PaddingMode padding) {
  int64_t rank = array.getRank();
  if (static_cast<int64_t>(tileShape.size()) != rank)
    return emitError() << "a view of a rank-" << rank << " array has tiles of "
                       << "rank " << rank << ", not " << tileShape.size();
  if (failed(TileType::verify(emitError, tileShape, array.getElementType(),
                              /*encoding=*/{})))
    return failure();
  if (static_cast<int64_t>(order.size()) != rank)
    return emitError() << "a view's order has " << rank << " entries, not "
                       << order.size();
  SmallVector<bool> seen(rank, false);
  for (int64_t dim : order) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitError() << "a view's order is a permutation of 0 to "
                         << rank - 1;
    seen[dim] = true;
  }
  if (static_cast<int64_t>(steps.size()) != rank)
    return emitError() << "a view has " << rank << " traversal steps, not "
                       << steps.size();
  for (int64_t step : steps)
    if (step <= 0 || step > kMaxArrayExtent)
      return emitError() << "traversal steps are positive int32 values, not "
                         << step;
  // Padding values that a dtype cannot hold (cuTile Python "Padding
  // Modes": infinities and NaN are floating-point values).
  Type dtype = array.getElementType();
  bool isFloat = isa<FloatType>(dtype);
  if (!isFloat && padding != PaddingMode::undetermined &&
      padding != PaddingMode::zero)
    return emitError() << "padding " << stringifyPaddingMode(padding)
                       << " needs a floating-point dtype, not "
                       << getDTypeName(dtype);
  if (padding == PaddingMode::nan && isa<Float4E2M1FNType>(dtype))
    return emitError() << "padding nan: " << getDTypeName(dtype)
                       << " has no NaN";
  if ((padding == PaddingMode::pos_inf || padding == PaddingMode::neg_inf) &&
      isa<Float8E4M3FNType, Float8E8M0FNUType, Float4E2M1FNType>(dtype))
    return emitError() << "padding " << stringifyPaddingMode(padding) << ": "
                       << getDTypeName(dtype) << " has no infinities";
  if ((padding == PaddingMode::zero || padding == PaddingMode::neg_zero) &&
      isa<Float8E8M0FNUType>(dtype))
    return emitError() << "padding " << stringifyPaddingMode(padding) << ": "
                       << getDTypeName(dtype) << " has no zero";
  return success();
}

TileType ViewType::getTileType() const {
  return TileType::get(getContext(), getTileShape(),
                       getArray().getElementType());
}

int64_t ViewType::getTileExtentAlongArrayDim(unsigned dim) const {
  for (auto [k, arrayDim] : llvm::enumerate(getOrder()))
    if (arrayDim == static_cast<int64_t>(dim))
      return getTileShape()[k];
  llvm_unreachable("order is a permutation");
}

/// `<128x64, !tile.array<...>, order [1, 0], steps [32, 64], padding zero>`.
Type ViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> tileShape, order, steps;
  ArrayType array;
  PaddingMode padding = PaddingMode::undetermined;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(tileShape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseComma() || parser.parseType(array))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc keywordLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    if (keyword == "order") {
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                return parser.parseInteger(order.emplace_back());
              }))
        return {};
    } else if (keyword == "steps") {
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                return parser.parseInteger(steps.emplace_back());
              }))
        return {};
    } else if (keyword == "padding") {
      StringRef name;
      SMLoc nameLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&name))
        return {};
      std::optional<PaddingMode> mode = symbolizePaddingMode(name);
      if (!mode) {
        parser.emitError(nameLoc)
            << "padding is undetermined, zero, neg_zero, nan, pos_inf or "
               "neg_inf, not "
            << name;
        return {};
      }
      padding = *mode;
    } else {
      parser.emitError(keywordLoc)
          << "a view takes order, steps and padding, not " << keyword;
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  auto emitError = [&] { return parser.emitError(loc); };
  int64_t rank = array.getRank();
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (steps.empty())
    steps = getAdjacentSteps(tileShape, order);
  return getChecked(emitError, parser.getContext(), tileShape, array, order,
                    steps, padding);
}

void ViewType::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleave(getTileShape(), printer, "x");
  printer << ", " << getArray();
  bool identity =
      llvm::equal(getOrder(), llvm::seq<int64_t>(0, getOrder().size()));
  if (!identity) {
    printer << ", order [";
    llvm::interleaveComma(getOrder(), printer);
    printer << "]";
  }
  bool adjacent = true;
  for (unsigned d = 0; d < getSteps().size(); ++d)
    adjacent &= getSteps()[d] == getTileExtentAlongArrayDim(d);
  if (!adjacent) {
    printer << ", steps [";
    llvm::interleaveComma(getSteps(), printer);
    printer << "]";
  }
  if (getPadding() != PaddingMode::undetermined)
    printer << ", padding " << stringifyPaddingMode(getPadding());
  printer << ">";
}
