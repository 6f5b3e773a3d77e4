//===- KernelAbi.cpp - the kernel ABI record ------------------------------===//

#include "cudapy/Support/KernelAbi.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace cudapy;

StringRef cudapy::stringifyKernelArgKind(KernelArgKind kind) {
  switch (kind) {
  case KernelArgKind::Scalar:
    return "scalar";
  case KernelArgKind::Aggregate:
    return "aggregate";
  case KernelArgKind::Memref:
    return "memref";
  case KernelArgKind::PyArray:
    return "py_array";
  case KernelArgKind::TileArrayList:
    return "tile_array_list";
  case KernelArgKind::TileArray:
    break;
  }
  return "tile_array";
}

DictionaryAttr cudapy::buildKernelArgumentAttr(Builder &b,
                                               const KernelArgument &arg) {
  NamedAttrList fields;
  auto integer = [&](StringRef name, std::optional<int64_t> value) {
    if (value)
      fields.append(name, b.getI64IntegerAttr(*value));
  };
  auto list = [&](StringRef name,
                  const std::optional<SmallVector<int64_t>> &values) {
    if (values)
      fields.append(name, b.getDenseI64ArrayAttr(*values));
  };
  fields.append("kind", b.getStringAttr(stringifyKernelArgKind(arg.kind)));
  fields.append("type", b.getStringAttr(arg.type));
  integer("params", arg.params);
  integer("size", arg.size);
  integer("align", arg.align);
  if (arg.element)
    fields.append("element", b.getStringAttr(*arg.element));
  integer("element_bytes", arg.elementBytes);
  integer("element_bits", arg.elementBits);
  integer("rank", arg.rank);
  list("shape", arg.shape);
  list("strides", arg.strides);
  if (arg.contiguous)
    fields.append("contiguous", b.getBoolAttr(*arg.contiguous));
  integer("alignment", arg.alignment);
  list("divisibility", arg.divisibility);
  list("stride_divisibility", arg.strideDivisibility);
  if (!arg.tensorMaps.empty()) {
    SmallVector<Attribute> maps;
    for (const TensorMapRecord &map : arg.tensorMaps)
      maps.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("box", b.getDenseI64ArrayAttr(map.box)),
           b.getNamedAttr("swizzle", b.getI64IntegerAttr(map.swizzle))}));
    fields.append("tensor_maps", b.getArrayAttr(maps));
  }
  return fields.getDictionary(b.getContext());
}

std::string cudapy::printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}
