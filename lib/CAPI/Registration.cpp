//===- Registration.cpp - cudapy C API: version and registration ----------===//

#include "cudapy-c/Registration.h"

#include "cudapy/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

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
