/*===- Registration.h - cudapy C API: version and registration ---*- C -*-===*\
|*                                                                            *|
|* Plain C99. Registers cudapy's dialects and passes with MLIR C API objects. *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_REGISTRATION_H
#define CUDAPY_C_REGISTRATION_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Version of the cudapy C API, major * 10000 + minor * 100 + patch. Bumped
/// on every change of a public C header; the major part on incompatible ones.
#define CUDAPY_API_VERSION 200

/// Returns CUDAPY_API_VERSION as the library was built, so that a caller can
/// check it against the headers it compiled with. Thread-safe.
MLIR_CAPI_EXPORTED int cudapyGetApiVersion(void);

/// Adds cudapy's dialects and the upstream dialects, conversion interfaces and
/// LLVM IR translations the cudapy-to-ptx pipeline needs to `registry`, which
/// the caller keeps owning. Not thread-safe for one registry.
MLIR_CAPI_EXPORTED void cudapyRegisterAllDialects(MlirDialectRegistry registry);

/// Registers cudapy's passes, the cudapy-to-ptx pipeline and the upstream
/// passes it is made of with the process-wide pass registry (for
/// mlirParsePassPipeline). Idempotent and thread-safe.
MLIR_CAPI_EXPORTED void cudapyRegisterAllPasses(void);

/// Creates a context with every dialect of cudapyRegisterAllDialects
/// registered and loaded, and multithreading disabled. The caller owns it and
/// destroys it with mlirContextDestroy. A context must not be used by two
/// threads at once; distinct contexts may be used concurrently. A context
/// serves many modules in turn (each compiled by cudapyCompileModule and
/// destroyed): the Python frontends keep theirs from kernel to kernel.
MLIR_CAPI_EXPORTED MlirContext cudapyContextCreate(void);

/// Prints `op` as mlirOperationPrintWithFlags does (`flags` null: the
/// defaults), but into one buffer that `callback` receives whole, in one
/// call: a caller across a foreign-function layer (the Python frontends,
/// which key their compile cache on a kernel's text) pays for one call, not
/// one for each token.
MLIR_CAPI_EXPORTED void cudapyOperationPrint(MlirOperation op,
                                             MlirOpPrintingFlags flags,
                                             MlirStringCallback callback,
                                             void *userData);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_REGISTRATION_H */
