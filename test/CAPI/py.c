/*===- py.c - C API: py types, machine layout and typing rules ------------===*\
|*                                                                            *|
|* Without arguments: builds py types through the C API, prints their CUDA    *|
|* C++ size and alignment, and types a few operations (FileCheck). With       *|
|* "table": prints the typing of every operator over every pair of number     *|
|* types under both policies, which the lit test compares with              *|
|* test/Utils/py_promotion_reference.py.                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-py 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-py > /dev/null %}
// RUN: cudapy-capi-py table > %t.table
// RUN: %python %cudapy_src/test/Utils/py_promotion_reference.py > %t.reference
// RUN: diff %t.reference %t.table
// RUN: wc -l < %t.table | FileCheck %s --check-prefix=LINES
// LINES: 15876

#include "cudapy-c/Py.h"
#include "cudapy-c/Registration.h"
#include "cudapy-c/Simt.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <string.h>

static void printRaw(MlirStringRef text, void *userData) {
  (void)userData;
  printf("%.*s", (int)text.length, text.data);
}

static void printType(MlirType type) { mlirTypePrint(type, printRaw, NULL); }

static const char *kOperators[] = {"+",  "-",  "*", "/",  "//", "%",
                                   "**", "&",  "|", "^",  "<<", ">>",
                                   "==", "!=", "<", "<=", ">",  ">="};

enum { kNumTypes = 21 };

static void numberTypes(MlirContext ctx, MlirType types[kNumTypes]) {
  int k = 0;
  types[k++] = cudapyPyBoolTypeGet(ctx);
  types[k++] = cudapyPyIntTypeGet(ctx);
  types[k++] = cudapyPyFloatTypeGet(ctx);
  types[k++] = cudapyPyComplexTypeGet(ctx);
  types[k++] = mlirIntegerTypeGet(ctx, 1);
  for (unsigned width = 8; width <= 64; width *= 2)
    types[k++] = mlirIntegerTypeSignedGet(ctx, width);
  for (unsigned width = 8; width <= 64; width *= 2)
    types[k++] = mlirIntegerTypeUnsignedGet(ctx, width);
  types[k++] = mlirF16TypeGet(ctx);
  types[k++] = mlirBF16TypeGet(ctx);
  types[k++] = mlirF32TypeGet(ctx);
  types[k++] = mlirF64TypeGet(ctx);
  types[k++] = mlirFloat8E4M3FNTypeGet(ctx);
  types[k++] = mlirFloat8E5M2TypeGet(ctx);
  types[k++] = mlirComplexTypeGet(mlirF32TypeGet(ctx));
  types[k++] = mlirComplexTypeGet(mlirF64TypeGet(ctx));
}

static void printTable(MlirContext ctx) {
  MlirType types[kNumTypes];
  numberTypes(ctx, types);
  const char *policies[] = {"array_api", "numbapro"};
  for (int policy = 0; policy < 2; ++policy)
    for (int op = CUDAPY_PY_OP_ADD; op <= CUDAPY_PY_OP_GE; ++op)
      for (int l = 0; l < kNumTypes; ++l)
        for (int r = 0; r < kNumTypes; ++r) {
          printf("%s %s ", policies[policy], kOperators[op]);
          printType(types[l]);
          printf(" ");
          printType(types[r]);
          MlirType operand, result;
          if (mlirLogicalResultIsFailure(cudapyPyTypeBinaryOperation(
                  (CudapyPyPolicy)policy, (CudapyPyOperator)op, types[l],
                  types[r], &operand, &result, NULL, NULL))) {
            printf(" -> error\n");
            continue;
          }
          printf(" -> ");
          printType(operand);
          printf(" ");
          printType(result);
          printf("\n");
        }
}

static void printError(MlirStringRef text, void *userData) {
  (void)userData;
  printf("error: %.*s\n", (int)text.length, text.data);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printRaw, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static void printLayout(const char *what, MlirType type) {
  printf("%s: ", what);
  printType(type);
  printf(" size %llu align %llu\n",
         (unsigned long long)cudapyPyTypeGetMachineSize(type),
         (unsigned long long)cudapyPyTypeGetMachineAlign(type));
}

int main(int argc, char **argv) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__py__(), ctx);
  if (argc > 1 && !strcmp(argv[1], "table")) {
    printTable(ctx);
    mlirContextDestroy(ctx);
    return 0;
  }
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType si8 = mlirIntegerTypeSignedGet(ctx, 8);
  MlirType f64 = mlirF64TypeGet(ctx);

  printLayout("float3", cudapyPyVectorTypeGetChecked(loc, 3, f32));
  // CHECK: float3: !py.vector<3 x f32> size 12 align 4
  printLayout("double2", cudapyPyVectorTypeGetChecked(loc, 2, f64));
  // CHECK-NEXT: double2: !py.vector<2 x f64> size 16 align 16
  MlirStringRef names[] = {mlirStringRefCreateFromCString("real"),
                           mlirStringRefCreateFromCString("imag")};
  MlirType fields[] = {f32, f32};
  MlirType cplx = cudapyPyStructTypeGetChecked(
      loc, mlirStringRefCreateFromCString("cplx"), 2, names, fields, 16);
  printLayout("struct", cplx);
  // CHECK-NEXT: struct: !py.struct<"cplx", (real: f32, imag: f32), align 16> size 16 align 16
  MlirStringRef recordNames[] = {mlirStringRefCreateFromCString("a"),
                                 mlirStringRefCreateFromCString("b")};
  MlirType recordTypes[] = {mlirIntegerTypeUnsignedGet(ctx, 8), f32};
  uint64_t recordOffsets[] = {0, 1};
  printLayout("record", cudapyPyRecordTypeGetChecked(
                            loc, mlirStringRefCreateFromCString("rec"), 2,
                            recordNames, recordTypes, recordOffsets, 5, 0));
  // CHECK-NEXT: record: !py.struct<"rec", (a: ui8 at 0, b: f32 at 1), size 5> size 5 align 1
  // A @struct with an align(float32, 16) member: `alignas(16) float b;`.
  uint64_t alignedOffsets[] = {0, 16};
  printLayout("aligned record",
              cudapyPyRecordTypeGetChecked(
                  loc, mlirStringRefCreateFromCString("al"), 2, recordNames,
                  recordTypes, alignedOffsets, 32, 16));
  // CHECK-NEXT: aligned record: !py.struct<"al", (a: ui8 at 0, b: f32 at 16), align 16, size 32> size 32 align 16
  printLayout("array", cudapyPyArrayTypeGetChecked(loc, cplx, 3));
  // CHECK-NEXT: array: !py.array<!py.struct<"cplx", (real: f32, imag: f32), align 16>, 3> size 56 align 8
  MlirType tupleMembers[] = {si8, f64, cudapyPyBoolTypeGet(ctx)};
  printLayout("tuple", mlirTupleTypeGet(ctx, 3, tupleMembers));
  // CHECK-NEXT: tuple: tuple<si8, f64, !py.bool> size 24 align 8
  printLayout("None", cudapyPyNoneTypeGet(ctx));
  // CHECK-NEXT: None: !py.none size 8 align 8
  printLayout("complex", cudapyPyComplexTypeGet(ctx));
  // CHECK-NEXT: complex: !py.complex size 8 align 8
  MlirType si32 = mlirIntegerTypeSignedGet(ctx, 32);
  printLayout("Atomic(int32)", cudapyPyAtomicTypeGetChecked(loc, si32, 0));
  // CHECK-NEXT: Atomic(int32): !py.atomic<si32> size 4 align 4
  printLayout("Atomic(int32, align=16)",
              cudapyPyAtomicTypeGetChecked(loc, si32, 16));
  // CHECK-NEXT: Atomic(int32, align=16): !py.atomic<si32, align 16> size 16 align 16
  MlirType xy = cudapyPyStructTypeGetChecked(
      loc, mlirStringRefCreateFromCString("xy"), 2, names, fields, 0);
  printLayout("Atomic(xy)", cudapyPyAtomicTypeGetChecked(loc, xy, 0));
  // CHECK-NEXT: Atomic(xy): !py.atomic<!py.struct<"xy", (real: f32, imag: f32)>> size 8 align 8

  // The simt dialect: atomic references.
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__simt__(), ctx);
  MlirType ref = cudapySimtAtomicRefTypeGet(si32);
  printf("atomic_ref: ");
  printType(ref);
  printf(" %d ", cudapySimtTypeIsAtomicRef(ref));
  printType(cudapySimtAtomicRefTypeGetDtype(ref));
  printf(" %d\n", cudapySimtTypeIsAtomicRef(si32));
  // CHECK-NEXT: atomic_ref: !simt.atomic_ref<si32> 1 si32 0

  // Invalid types are null, with a diagnostic at the location.
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  MlirType bad = cudapyPyVectorTypeGetChecked(loc, 5, f32);
  printf("vector of 5: null %d\n", mlirTypeIsNull(bad));
  // CHECK-NEXT: diagnostic: a vector has 1 to 4 elements, not 5 (spec, "Vectors")
  // CHECK-NEXT: vector of 5: null 1
  MlirType wide = cudapyPyAtomicTypeGetChecked(
      loc, cudapyPyVectorTypeGetChecked(loc, 4, f64), 0);
  printf("Atomic(double4): null %d\n", mlirTypeIsNull(wide));
  // CHECK-NEXT: diagnostic: an Atomic's dtype is at most 16 bytes, and '!py.vector<4 x f64>' is 32 (spec, "Atomic.__init__")
  // CHECK-NEXT: Atomic(double4): null 1

  MlirType operand, result;
  MlirLogicalResult typed = cudapyPyTypeBinaryOperation(
      CUDAPY_PY_POLICY_ARRAY_API, CUDAPY_PY_OP_ADD, si8,
      cudapyPyIntTypeGet(ctx), &operand, &result, printError, NULL);
  printf("int8 + int: %d ", mlirLogicalResultIsSuccess(typed));
  printType(result);
  printf("\n");
  // CHECK-NEXT: int8 + int: 1 si8
  typed = cudapyPyTypeBinaryOperation(CUDAPY_PY_POLICY_ARRAY_API,
                                      CUDAPY_PY_OP_ADD, si8, f32, &operand,
                                      &result, printError, NULL);
  // CHECK-NEXT: error: '+' of int8 and float32 is not defined under the array_api promotion policy: the Array API leaves mixed integer and floating-point kinds undefined
  typed = cudapyPyTypeBinaryOperation(CUDAPY_PY_POLICY_NUMBAPRO,
                                      CUDAPY_PY_OP_FLOORDIV, si8, f32, &operand,
                                      &result, printError, NULL);
  printf("numbapro int8 // float32: ");
  printType(operand);
  printf(" -> ");
  printType(result);
  printf("\n");
  // CHECK-NEXT: numbapro int8 // float32: f32 -> si32
  typed = cudapyPyTypeUnaryOperation(
      CUDAPY_PY_UNARY_ABS, mlirComplexTypeGet(f64), &result, printError, NULL);
  printf("abs(complex128): ");
  printType(result);
  printf("\n");
  // CHECK-NEXT: abs(complex128): f64
  printf("parts of complex64: ");
  printType(cudapyPyComplexPartType(mlirComplexTypeGet(f32)));
  printf(", of a float is null: %d\n",
         mlirTypeIsNull(cudapyPyComplexPartType(f32)));
  // CHECK-NEXT: parts of complex64: f32, of a float is null: 1
  printf("assignable f64 -> f32: array_api %d numbapro %d; castable "
         "complex -> f32: %d\n",
         cudapyPyIsAssignable(CUDAPY_PY_POLICY_ARRAY_API, f64, f32),
         cudapyPyIsAssignable(CUDAPY_PY_POLICY_NUMBAPRO, f64, f32),
         cudapyPyIsCastable(mlirComplexTypeGet(f32), f32));
  // CHECK-NEXT: assignable f64 -> f32: array_api 0 numbapro 1; castable complex -> f32: 0
  // Enumerations out of range (C lets any int through): a failure that
  // says so, never undefined behaviour.
  typed = cudapyPyTypeBinaryOperation(CUDAPY_PY_POLICY_ARRAY_API,
                                      (CudapyPyOperator)99, f32, f32, &operand,
                                      &result, printError, NULL);
  // CHECK-NEXT: error: unknown operator
  typed = cudapyPyTypeBinaryOperation((CudapyPyPolicy)7, CUDAPY_PY_OP_ADD, f32,
                                      f32, &operand, &result, printError, NULL);
  // CHECK-NEXT: error: unknown promotion policy
  typed = cudapyPyTypeUnaryOperation((CudapyPyUnaryOperator)-1, f32, &result,
                                     printError, NULL);
  // CHECK-NEXT: error: unknown operator
  printf("assignable under policy 7: %d\n",
         cudapyPyIsAssignable((CudapyPyPolicy)7, f64, f32));
  // CHECK-NEXT: assignable under policy 7: 0

  // The ConstExpr JIT hook: a kernel specialized for its launch constant.
  const char *source =
      "py.kernel @k(%a: !py.array<f32, 1>, %n: !py.int {py.constexpr}) {\n"
      "  %x = py.array.getitem %a[%n] : !py.array<f32, 1>, !py.int\n"
      "  py.return\n"
      "}\n";
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  MlirOperation kernel = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirAttribute seven =
      mlirIntegerAttrGet(mlirIntegerTypeSignedGet(ctx, 32), 7);
  MlirOperation clone = cudapyPySpecializeFunction(
      kernel, 1, &seven, mlirStringRefCreateFromCString("k_7"));
  mlirOperationPrint(clone, printRaw, NULL);
  printf("\n");
  // CHECK-NEXT: py.kernel @k_7(%arg0: !py.array<f32, 1>) {
  // CHECK-NEXT:   %c = py.constant 7 : !py.int
  // CHECK-NEXT:   %0 = py.array.getitem %arg0[%c] : !py.array<f32, 1>, !py.int
  MlirOperation again = cudapyPySpecializeFunction(
      kernel, 1, &seven, mlirStringRefCreateFromCString("k_7"));
  // CHECK: diagnostic: a symbol named @k_7 already exists
  MlirAttribute half = mlirFloatAttrDoubleGet(ctx, mlirF32TypeGet(ctx), 0.5);
  MlirOperation wrong = cudapyPySpecializeFunction(
      kernel, 1, &half, mlirStringRefCreateFromCString("k_half"));
  // CHECK-NEXT: diagnostic: value 5.000000e-01 : f32 is not a constant of type '!py.int' for ConstExpr parameter 1 of @k
  printf("null: %d %d, module verifies: %d\n", mlirOperationIsNull(again),
         mlirOperationIsNull(wrong),
         mlirOperationVerify(mlirModuleGetOperation(module)));
  // CHECK-NEXT: null: 1 1, module verifies: 1
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
