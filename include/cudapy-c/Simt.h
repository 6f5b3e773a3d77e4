/*===- Simt.h - cudapy C API: the simt dialect --------------------*- C -*-===*\
|*                                                                            *|
|* Plain C99. The `simt` dialect (cuda-device spec, "CUDA Python              *|
|* Programming"): its dialect handle and its types, for frontends that build  *|
|* simt ops through the generic MLIR C API.                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_SIMT_H
#define CUDAPY_C_SIMT_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The dialect handle of `simt` (mlirDialectHandleRegisterDialect …).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Simt, simt);

/// `!simt.atomic_ref<dtype>`: what `atomic_ref(array, index)` returns (an
/// AtomicInterface to an object of `dtype`).
MLIR_CAPI_EXPORTED MlirType cudapySimtAtomicRefTypeGet(MlirType dtype);

/// Whether `type` is a `!simt.atomic_ref`.
MLIR_CAPI_EXPORTED bool cudapySimtTypeIsAtomicRef(MlirType type);

/// The dtype of a `!simt.atomic_ref` (null for other types).
MLIR_CAPI_EXPORTED MlirType cudapySimtAtomicRefTypeGetDtype(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // CUDAPY_C_SIMT_H
