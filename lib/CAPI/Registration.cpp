//===- Registration.cpp - cudapy C API: version and registration ----------===//

#include "cudapy-c/Registration.h"

#include "cudapy/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

int cudapyGetApiVersion(void) { return CUDAPY_API_VERSION; }

void cudapyRegisterAllDialects(MlirDialectRegistry registry) {
  cudapy::registerAllDialects(*unwrap(registry));
}

void cudapyRegisterAllPasses(void) { cudapy::registerAllPassesWithUpstream(); }

MlirContext cudapyContextCreate(void) {
  DialectRegistry registry;
  cudapy::registerAllDialects(registry);
  auto *context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return wrap(context);
}

void cudapyOperationPrint(MlirOperation op, MlirOpPrintingFlags flags,
                          MlirStringCallback callback, void *userData) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!flags.ptr)
    unwrap(op)->print(os);
  else
    unwrap(op)->print(os, *unwrap(flags));
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}
