//===- RecordKernelSignature.cpp - source-level kernel arguments ----------===//
//
// Implements `cudapy-record-kernel-signature`: see
// include/cudapy/Transforms/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"

namespace cudapy {
#define GEN_PASS_DEF_CUDAPYRECORDKERNELSIGNATUREPASS
#include "cudapy/Transforms/Passes.h.inc"
} // namespace cudapy

using namespace mlir;
using namespace cudapy;

/// Bytes of one element as the kernel reads it (index is 64-bit on NVPTX).
static int64_t getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  if (auto vector = dyn_cast<VectorType>(type))
    if (vector.hasStaticShape())
      return vector.getNumElements() * getElementBytes(vector.getElementType());
  return 0;
}

namespace {
struct CudapyRecordKernelSignaturePass
    : public cudapy::impl::CudapyRecordKernelSignaturePassBase<
          CudapyRecordKernelSignaturePass> {
  using Base::Base;

  void runOnOperation() override {
    Builder b(&getContext());
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      // Kernels whose lowering described them already (tile kernels) keep
      // that description.
      if (!func.isKernel() || func->hasAttr(cudapy::kSignatureAttrName))
        continue;
      SmallVector<Attribute> args;
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
        auto asMemref = dyn_cast<MemRefType>(type);
        if (barePtrMemrefABI && asMemref &&
            !(asMemref.hasStaticShape() && asMemref.getLayout().isIdentity())) {
          func.emitError() << "the bare-pointer memref ABI needs statically "
                              "shaped memrefs with the identity layout; "
                              "argument "
                           << index << " is " << type;
          return signalPassFailure();
        }
        KernelArgument arg;
        arg.type = printType(type);
        if (auto memref = dyn_cast<MemRefType>(type)) {
          int64_t rank = memref.getRank();
          SmallVector<int64_t> shape;
          for (int64_t extent : memref.getShape())
            shape.push_back(ShapedType::isDynamic(extent) ? -1 : extent);
          arg.kind = KernelArgKind::Memref;
          arg.params = barePtrMemrefABI ? 1 : 3 + 2 * rank;
          arg.element = printType(memref.getElementType());
          arg.elementBytes = getElementBytes(memref.getElementType());
          arg.rank = rank;
          arg.shape = shape;
          arg.contiguous = memref.getLayout().isIdentity();
        }
        args.push_back(buildKernelArgumentAttr(b, arg));
      }
      func->setAttr(cudapy::kSignatureAttrName, b.getArrayAttr(args));
    }
  }
};
} // namespace
