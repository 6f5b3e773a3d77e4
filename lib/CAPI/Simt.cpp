//===- Simt.cpp - cudapy C API: the simt dialect --------------------------===//

#include "cudapy-c/Simt.h"

#include "dialects/Simt/IR/SimtOps.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;
using namespace cudapy;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Simt, simt, cudapy::simt::SimtDialect)

MlirType cudapySimtAtomicRefTypeGet(MlirType dtype) {
  Type type = unwrap(dtype);
  return wrap(simt::AtomicRefType::get(type.getContext(), type));
}

bool cudapySimtTypeIsAtomicRef(MlirType type) {
  return isa<simt::AtomicRefType>(unwrap(type));
}

MlirType cudapySimtAtomicRefTypeGetDtype(MlirType type) {
  auto ref = dyn_cast<simt::AtomicRefType>(unwrap(type));
  return wrap(ref ? ref.getDtype() : Type());
}
