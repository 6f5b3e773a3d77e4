//===- TileDialect.cpp - the tile dialect and its types -------------------===//

#include "dialects/Tile/IR/TileTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::tile;

#include "dialects/Tile/IR/TileDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/Tile/IR/TileTypes.cpp.inc"

void TileDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Tile/IR/TileTypes.cpp.inc"
      >();
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
                               ArrayRef<int64_t> shape, Type elementType) {
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

/// `<4x8xf32>`, `<f32>` for a scalar.
Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t extent : getShape())
    printer << extent << "x";
  printer << getElementType() << ">";
}
