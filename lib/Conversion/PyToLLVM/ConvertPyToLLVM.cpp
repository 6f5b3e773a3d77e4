//===- ConvertPyToLLVM.cpp - the convert-py-to-llvm pass ------------------===//
//
// Implements `convert-py-to-llvm` (include/cudapy/Conversion/Passes.td): the
// py patterns (PyToLLVM.h) and the simt patterns whose values are py types
// (SimtToLLVM.h), then the CUDA C++ ABI of kernels and interoperable
// functions and their calls. Python semantics are documented in docs/Py.md.
//
//===----------------------------------------------------------------------===//

#include "cudapy/Conversion/PyToLLVM/Lowering.h"
#include "cudapy/Conversion/SimtToLLVM.h"
#include "cudapy/Support/KernelAbi.h"

#include "dialects/Py/IR/PyLayout.h"
#include "dialects/Py/IR/PyOps.h"
#include "dialects/Py/IR/PyPromotion.h"

using namespace mlir;
using namespace cudapy;
using namespace cudapy::py;
using namespace cudapy::pylower;

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "llvm/ADT/StringSet.h"

namespace cudapy {
#define GEN_PASS_DEF_CONVERTPYTOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"
} // namespace cudapy

//===----------------------------------------------------------------------===//
// CUDA C++ ABI of kernels and interoperable functions
//===----------------------------------------------------------------------===//

/// Whether a returned py value travels as a one-member struct: an fp8
/// number is a class object in CUDA C++, returned in a byte-array .param,
/// while a bare i8 would be promoted to 32 bits.
static bool isReturnedWrapped(Type type) {
  return isStorageOnlyFloatType(getMachineType(type));
}

/// Rewrites the parameters of a lowered kernel or interoperable function to
/// CUDA C++'s ABI: a class object becomes a byval pointer with the class's
/// alignment (loaded at entry), a bool a byte. A device function (not a
/// kernel) takes and returns `__half2`/`__nv_bfloat162` through pointers —
/// the return through a leading `sret` pointer — and returns an fp8 number
/// as a one-byte struct.
static void applyInteropABI(LLVM::LLVMFuncOp func, FunctionType pyType) {
  OpBuilder b(func.getContext());
  // A declaration (a foreign function) takes the same signature; only a
  // definition has a body whose arguments change with it.
  Block *entry = func.isExternal() ? nullptr : &func.getBody().front();
  if (entry)
    b.setInsertionPointToStart(entry);
  Location loc = func.getLoc();
  Type ptr = getPointerType(func.getContext());
  bool isKernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
  SmallVector<Type> params(func.getFunctionType().getParams());
  for (auto [index, pyParam] : llvm::enumerate(pyType.getInputs())) {
    Type registerType = params[index];
    if (isPassedAsAggregate(pyParam)) {
      Type memory = getMemoryType(pyParam);
      uint64_t align = getMachineLayout(pyParam).align;
      if (entry) {
        BlockArgument old = entry->getArgument(index);
        BlockArgument arg = entry->insertArgument(index, ptr, old.getLoc());
        Value loaded = LLVM::LoadOp::create(b, loc, memory, arg, align);
        Emitter e{b, loc};
        // A complex parameter is already its struct in the signature.
        old.replaceAllUsesWith(
            registerType == memory ? loaded : e.fromMemory(loaded, pyParam));
        entry->eraseArgument(index + 1);
      }
      params[index] = ptr;
      if (!isKernel && isPassedIndirectly(pyParam))
        continue; // a plain pointer to the caller's copy
      func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(memory));
      func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(align));
    } else if (registerType.isInteger(1)) {
      if (entry) {
        BlockArgument old = entry->getArgument(index);
        BlockArgument arg =
            entry->insertArgument(index, b.getI8Type(), old.getLoc());
        old.replaceAllUsesWith(
            arith::TruncIOp::create(b, loc, b.getI1Type(), arg).getResult());
        entry->eraseArgument(index + 1);
      }
      params[index] = b.getI8Type();
    }
  }
  Type returnType = func.getFunctionType().getReturnType();
  DictionaryAttr sretAttrs;
  if (pyType.getNumResults() == 1) {
    Type pyResult = pyType.getResult(0);
    Type memory = getMemoryType(pyResult);
    uint64_t align = getMachineLayout(pyResult).align;
    if (!isKernel && isPassedIndirectly(pyResult)) {
      // Returned through a pointer the caller passes first.
      params.insert(params.begin(), ptr);
      if (entry) {
        BlockArgument slot = entry->insertArgument(0u, ptr, loc);
        func.walk([&](LLVM::ReturnOp ret) {
          OpBuilder rb(ret);
          LLVM::StoreOp::create(rb, ret.getLoc(), ret.getOperand(0), slot,
                                align);
          LLVM::ReturnOp::create(rb, ret.getLoc(), ValueRange());
          ret.erase();
        });
      }
      returnType = LLVM::LLVMVoidType::get(func.getContext());
      sretAttrs = b.getDictionaryAttr(
          {b.getNamedAttr(LLVM::LLVMDialect::getStructRetAttrName(),
                          TypeAttr::get(memory)),
           b.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                          b.getI64IntegerAttr(align))});
    } else if (isReturnedWrapped(pyResult)) {
      auto wrapper = LLVM::LLVMStructType::getLiteral(
          func.getContext(), {returnType}, /*isPacked=*/true);
      func.walk([&](LLVM::ReturnOp ret) {
        OpBuilder rb(ret);
        Emitter re{rb, ret.getLoc()};
        Value wrapped = re.insert(re.poison(wrapper), ret.getOperand(0), {0});
        ret->setOperand(0, wrapped);
      });
      returnType = wrapper;
    }
    // A class object returned lives in a .param aligned like the class.
    if (isPassedAsAggregate(pyResult))
      func->setAttr(kReturnAlignAttrName, b.getI64IntegerAttr(align));
  }
  // The parameters' attributes, with the sret pointer's first if any.
  SmallVector<DictionaryAttr> argAttrs;
  func.getAllArgAttrs(argAttrs);
  if (sretAttrs)
    argAttrs.insert(argAttrs.begin(), sretAttrs);
  argAttrs.resize(params.size(), b.getDictionaryAttr({}));
  func.setFunctionType(LLVM::LLVMFunctionType::get(returnType, params));
  func.setAllArgAttrs(argAttrs);
}

/// Rewrites a call to an interoperable function for its ABI: class objects
/// go through a stack copy (passed byval, or as a plain pointer for
/// `__half2`/`__nv_bfloat162`), bools as bytes; the results come back as
/// the function returns them.
static void applyInteropABI(LLVM::CallOp call, FunctionType pyType) {
  OpBuilder b(call);
  Location loc = call.getLoc();
  Emitter e{b, loc};
  Type ptr = getPointerType(b.getContext());
  auto stackCopy = [&](Type memory, uint64_t align) {
    return LLVM::AllocaOp::create(b, loc, ptr, memory, e.i64(1), align)
        .getResult();
  };
  SmallVector<Value> operands(call.getArgOperands());
  // The call site's parameter attributes, as the callee declares them: a
  // call to a declaration (a foreign function) takes its byval alignment
  // from them.
  SmallVector<Attribute> argAttrs(operands.size(), b.getDictionaryAttr({}));
  for (auto [index, pyParam] : llvm::enumerate(pyType.getInputs())) {
    if (isPassedAsAggregate(pyParam)) {
      Type memory = getMemoryType(pyParam);
      uint64_t align = getMachineLayout(pyParam).align;
      Value slot = stackCopy(memory, align);
      // A complex argument is already its struct in the signature.
      Value value = operands[index].getType() == memory
                        ? operands[index]
                        : e.toMemory(operands[index], pyParam);
      LLVM::StoreOp::create(b, loc, value, slot, align);
      operands[index] = slot;
      if (!isPassedIndirectly(pyParam))
        argAttrs[index] = b.getDictionaryAttr(
            {b.getNamedAttr(LLVM::LLVMDialect::getByValAttrName(),
                            TypeAttr::get(memory)),
             b.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                            b.getI64IntegerAttr(align))});
    } else if (operands[index].getType().isInteger(1)) {
      operands[index] = e.toMemory(operands[index], pyParam);
    }
  }
  if (pyType.getNumResults() == 1) {
    Type pyResult = pyType.getResult(0);
    Value result = call.getResult();
    if (isPassedIndirectly(pyResult)) {
      Type memory = getMemoryType(pyResult);
      uint64_t align = getMachineLayout(pyResult).align;
      Value slot = stackCopy(memory, align);
      operands.insert(operands.begin(), slot);
      argAttrs.insert(
          argAttrs.begin(),
          b.getDictionaryAttr(
              {b.getNamedAttr(LLVM::LLVMDialect::getStructRetAttrName(),
                              TypeAttr::get(memory)),
               b.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                              b.getI64IntegerAttr(align))}));
      auto newCall = LLVM::CallOp::create(b, loc, TypeRange(),
                                          call.getCalleeAttr(), operands);
      newCall.setArgAttrsAttr(b.getArrayAttr(argAttrs));
      Value loaded = LLVM::LoadOp::create(b, loc, memory, slot, align);
      result.replaceAllUsesWith(loaded);
      call.erase();
      return;
    }
    if (isReturnedWrapped(pyResult)) {
      Type wrapper = LLVM::LLVMStructType::getLiteral(
          b.getContext(), {result.getType()}, /*isPacked=*/true);
      auto newCall = LLVM::CallOp::create(b, loc, TypeRange{wrapper},
                                          call.getCalleeAttr(), operands);
      newCall.setArgAttrsAttr(b.getArrayAttr(argAttrs));
      result.replaceAllUsesWith(e.extract(newCall.getResult(), {0}));
      call.erase();
      return;
    }
  }
  call.getArgOperandsMutable().assign(operands);
  call.setArgAttrsAttr(b.getArrayAttr(argAttrs));
}

/// numba's device function ABI for a foreign declaration already given the
/// interoperable ABI: `int f(T *result, params...)`, the result through a
/// leading pointer (to a byte when the function returns nothing).
static void applyNumbaABI(LLVM::LLVMFuncOp func) {
  MLIRContext *context = func.getContext();
  LLVM::LLVMFunctionType type = func.getFunctionType();
  SmallVector<Type> params = {getPointerType(context)};
  llvm::append_range(params, type.getParams());
  SmallVector<DictionaryAttr> argAttrs;
  func.getAllArgAttrs(argAttrs);
  argAttrs.resize(type.getNumParams(), DictionaryAttr::get(context));
  argAttrs.insert(argAttrs.begin(), DictionaryAttr::get(context));
  func.setFunctionType(
      LLVM::LLVMFunctionType::get(IntegerType::get(context, 32), params));
  func.setAllArgAttrs(argAttrs);
}

/// A call to a numba-ABI declaration (after the interoperable rewrite of
/// its arguments, which keeps the call): a local slot for the result, its
/// address first, the status ignored (a foreign function raises no Python
/// exception), the result loaded from the slot.
static void applyNumbaABI(LLVM::CallOp call, FunctionType pyType) {
  OpBuilder b(call);
  Location loc = call.getLoc();
  Emitter e{b, loc};
  Type ptr = getPointerType(b.getContext());
  Type slotType = b.getI8Type();
  uint64_t align = 1;
  if (pyType.getNumResults() == 1) {
    slotType = getMemoryType(pyType.getResult(0));
    align = getMachineLayout(pyType.getResult(0)).align;
  }
  Value slot = LLVM::AllocaOp::create(b, loc, ptr, slotType, e.i64(1), align);
  SmallVector<Value> operands = {slot};
  llvm::append_range(operands, call.getArgOperands());
  SmallVector<Attribute> argAttrs = {b.getDictionaryAttr({})};
  if (ArrayAttr attrs = call.getArgAttrsAttr())
    llvm::append_range(argAttrs, attrs.getValue());
  argAttrs.resize(operands.size(), b.getDictionaryAttr({}));
  auto numbaCall = LLVM::CallOp::create(b, loc, TypeRange{b.getI32Type()},
                                        call.getCalleeAttr(), operands);
  numbaCall.setArgAttrsAttr(b.getArrayAttr(argAttrs));
  if (call.getNumResults() == 1) {
    Value result = call.getResult();
    Value loaded = LLVM::LoadOp::create(b, loc, slotType, slot, align);
    // The slot holds the value's memory form (a bool as a byte).
    result.replaceAllUsesWith(slotType == result.getType()
                                  ? loaded
                                  : e.fromMemory(loaded, pyType.getResult(0)));
  }
  call.erase();
}

namespace {
struct ConvertPyToLLVMPass
    : public cudapy::impl::ConvertPyToLLVMPassBase<ConvertPyToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Operation *module = getOperation();
    PyToLLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    PyToLLVMOptions options;
    options.boundsCheck = boundsCheck;
    populatePyToLLVMConversionPatterns(converter, patterns, options);
    populateSimtToLLVMConversionPatterns(converter, patterns, options);
    ConversionTarget target(*context);
    target.addIllegalDialect<PyDialect>();
    configureSimtToLLVMConversionLegality(target);
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           LLVM::LLVMDialect, math::MathDialect,
                           NVVM::NVVMDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Interoperable ABI of kernels and interop functions, and their calls.
    llvm::StringMap<FunctionType> interop;
    llvm::StringSet<> numba;
    module->walk([&](LLVM::LLVMFuncOp func) {
      auto type = func->getAttrOfType<TypeAttr>(kPyFunctionTypeAttr);
      if (!type)
        return;
      func->removeAttr(kPyFunctionTypeAttr);
      if (!func->removeAttr(kPyInteropAttr))
        return;
      auto pyType = cast<FunctionType>(type.getValue());
      if (func->removeAttr(kPyNumbaAbiAttr)) {
        // The parameters pass as an interoperable function's; the result
        // goes through numba's leading pointer.
        applyInteropABI(
            func, FunctionType::get(func.getContext(), pyType.getInputs(), {}));
        applyNumbaABI(func);
        numba.insert(func.getSymName());
      } else {
        applyInteropABI(func, pyType);
      }
      interop[func.getSymName()] = pyType;
    });
    module->walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee)
        return;
      auto it = interop.find(*callee);
      if (it == interop.end())
        return;
      if (!numba.contains(*callee))
        return applyInteropABI(call, it->second);
      applyInteropABI(call, FunctionType::get(call.getContext(),
                                              it->second.getInputs(), {}));
      applyNumbaABI(call, it->second);
    });
  }
};
} // namespace
