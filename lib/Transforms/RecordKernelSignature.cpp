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

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

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
        SmallVector<NamedAttribute> fields = {
            b.getNamedAttr("type", b.getStringAttr(printType(type)))};
        auto memref = dyn_cast<MemRefType>(type);
        if (!memref) {
          fields.push_back(b.getNamedAttr("kind", b.getStringAttr("scalar")));
          fields.push_back(b.getNamedAttr("params", b.getI64IntegerAttr(1)));
          args.push_back(b.getDictionaryAttr(fields));
          continue;
        }
        int64_t rank = memref.getRank();
        SmallVector<int64_t> shape;
        for (int64_t extent : memref.getShape())
          shape.push_back(ShapedType::isDynamic(extent) ? -1 : extent);
        fields.append({
            b.getNamedAttr("kind", b.getStringAttr("memref")),
            b.getNamedAttr("params", b.getI64IntegerAttr(
                                         barePtrMemrefABI ? 1 : 3 + 2 * rank)),
            b.getNamedAttr("element",
                           b.getStringAttr(printType(memref.getElementType()))),
            b.getNamedAttr("element_bytes", b.getI64IntegerAttr(getElementBytes(
                                                memref.getElementType()))),
            b.getNamedAttr("rank", b.getI64IntegerAttr(rank)),
            b.getNamedAttr("shape", b.getDenseI64ArrayAttr(shape)),
            b.getNamedAttr("contiguous",
                           b.getBoolAttr(memref.getLayout().isIdentity())),
        });
        args.push_back(b.getDictionaryAttr(fields));
      }
      func->setAttr(cudapy::kSignatureAttrName, b.getArrayAttr(args));
    }
  }
};
} // namespace
