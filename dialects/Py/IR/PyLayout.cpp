//===- PyLayout.cpp - machine representation of py types ------------------===//

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyTypes.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;

/// Lays out members in order as a C++ standard-layout class does: each at
/// the next multiple of its alignment, the size rounded up to the class's
/// alignment, which is the largest member's (or `minAlign` if larger).
static MachineLayout layOutMembers(ArrayRef<Type> members, uint64_t minAlign,
                                   SmallVectorImpl<uint64_t> *offsets) {
  MachineLayout layout;
  layout.align = std::max<uint64_t>(1, minAlign);
  for (Type member : members) {
    MachineLayout m = getMachineLayout(member);
    layout.size = llvm::alignTo(layout.size, m.align);
    if (offsets)
      offsets->push_back(layout.size);
    layout.size += m.size;
    layout.align = std::max(layout.align, m.align);
  }
  // An empty class still occupies one byte in C++.
  layout.size = std::max<uint64_t>(1, llvm::alignTo(layout.size, layout.align));
  return layout;
}

/// CUDA's vector types: `T2` and `T4` are aligned to their size (at most 16
/// bytes: `double4_16a`, `longlong4_16a`); `T1` and `T3` to one element.
static uint64_t getVectorAlign(PyVectorType type) {
  uint64_t element = getMachineLayout(type.getElementType()).size;
  if (type.getSize() == 2 || type.getSize() == 4)
    return std::min<uint64_t>(16, element * type.getSize());
  return element;
}

/// std::atomic<T>'s alignment: T's, raised to T's size when that is a
/// power of two of at most 16 bytes (naturally aligned atomic accesses), and
/// to the `align` argument.
static uint64_t getAtomicAlign(AtomicType type) {
  MachineLayout object = getMachineLayout(type.getDtype());
  uint64_t align = std::max(object.align, type.getAlign());
  if (llvm::isPowerOf2_64(object.size) && object.size <= 16)
    align = std::max(align, object.size);
  return align;
}

MachineLayout py::getMachineLayout(Type type) {
  Type machine = getMachineType(type);
  return TypeSwitch<Type, MachineLayout>(machine)
      .Case<mlir::ComplexType>([](mlir::ComplexType t) {
        // cuda::std::complex<T> is aligned to 2·sizeof(T).
        uint64_t part = t.getElementType().getIntOrFloatBitWidth() / 8;
        return MachineLayout{2 * part, 2 * part};
      })
      .Case<IntegerType>([](IntegerType t) {
        uint64_t bytes = t.getWidth() == 1 ? 1 : t.getWidth() / 8;
        return MachineLayout{bytes, bytes};
      })
      .Case<PyNoneType>([](auto) {
        return MachineLayout{8, 8};
      })
      .Case<ArrayType>([](ArrayType t) {
        return MachineLayout{8 + 16 * uint64_t(t.getNdim()), 8};
      })
      .Case<PyVectorType>([](PyVectorType t) {
        uint64_t element = getMachineLayout(t.getElementType()).size;
        return MachineLayout{element * t.getSize(), getVectorAlign(t)};
      })
      .Case<StructType>([](StructType t) {
        if (t.hasExplicitLayout())
          return MachineLayout{t.getSize(),
                               std::max<uint64_t>(1, t.getAlign())};
        return layOutMembers(t.getFieldTypes(), t.getAlign(), nullptr);
      })
      .Case<TupleType>(
          [](TupleType t) { return layOutMembers(t.getTypes(), 1, nullptr); })
      .Case<AtomicType>([](AtomicType t) {
        return layOutMembers(t.getDtype(), getAtomicAlign(t), nullptr);
      })
      .Default([](Type t) -> MachineLayout {
        if (t.isIntOrFloat()) {
          uint64_t bytes = t.getIntOrFloatBitWidth() / 8;
          return MachineLayout{bytes, bytes};
        }
        return MachineLayout{};
      });
}

SmallVector<Type> py::getAggregateMembers(Type type) {
  Type machine = getMachineType(type);
  return TypeSwitch<Type, SmallVector<Type>>(machine)
      .Case<mlir::ComplexType>([](mlir::ComplexType t) {
        return SmallVector<Type>{t.getElementType(), t.getElementType()};
      })
      .Case<PyVectorType>([](PyVectorType t) {
        return SmallVector<Type>(t.getSize(), t.getElementType());
      })
      .Case<StructType>(
          [](StructType t) { return SmallVector<Type>(t.getFieldTypes()); })
      .Case<TupleType>(
          [](TupleType t) { return SmallVector<Type>(t.getTypes()); })
      .Case<AtomicType>(
          [](AtomicType t) { return SmallVector<Type>{t.getDtype()}; })
      .Default([](Type) { return SmallVector<Type>(); });
}

SmallVector<uint64_t> py::getMemberOffsets(Type type) {
  SmallVector<uint64_t> offsets;
  Type machine = getMachineType(type);
  if (auto vector = dyn_cast<PyVectorType>(machine)) {
    uint64_t element = getMachineLayout(vector.getElementType()).size;
    for (unsigned i = 0; i < vector.getSize(); ++i)
      offsets.push_back(i * element);
    return offsets;
  }
  uint64_t minAlign = 1;
  if (auto st = dyn_cast<StructType>(machine)) {
    if (st.hasExplicitLayout())
      return SmallVector<uint64_t>(st.getOffsets());
    minAlign = st.getAlign();
  }
  if (auto atomic = dyn_cast<AtomicType>(machine))
    minAlign = getAtomicAlign(atomic);
  layOutMembers(getAggregateMembers(machine), minAlign, &offsets);
  return offsets;
}

bool py::isPassedIndirectly(Type type) {
  auto vector = dyn_cast<PyVectorType>(type);
  return vector && vector.getSize() == 2 &&
         isa<Float16Type, BFloat16Type>(vector.getElementType());
}

bool py::isPassedAsAggregate(Type type) {
  Type machine = getMachineType(type);
  if (isa<PyNoneType>(machine))
    return false;
  if (isa<IntegerType, Float32Type, Float64Type>(machine))
    return false;
  return true;
}
