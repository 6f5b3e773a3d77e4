/*===- tile.c - C API: tile types and cuTile's promotion rules
-------------===*\
|*                                                                            *|
|* Without arguments: builds tile and pointer types through the C API         *|
|* (FileCheck). With "table": prints the common dtype of every pair of the    *|
|* spec's 18 dtypes and of each dtype with loose constants, which the lit     *|
|* test compares with test/Utils/tile_promotion_reference.py (the spec's      *|
|* table, transcribed).                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-tile 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-tile > /dev/null %}
// RUN: cudapy-capi-tile table > %t.table
// RUN: %python %cudapy_src/test/Utils/tile_promotion_reference.py > %t.reference
// RUN: diff %t.reference %t.table
// RUN: wc -l < %t.table | FileCheck %s --check-prefix=LINES
// LINES: 651

#include "cudapy-c/Tile.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <string.h>

static void printRaw(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static void printType(MlirType type) {
  if (mlirTypeIsNull(type))
    printf("<null>");
  else
    mlirTypePrint(type, printRaw, NULL);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printRaw, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/// The spec's 18 dtypes, in the order of its table, with their names.
enum { kNumDTypes = 18 };
static const char *kNames[kNumDTypes] = {
    "bool",           "uint8",        "uint16",        "uint32",
    "uint64",         "int8",         "int16",         "int32",
    "int64",          "float16",      "float32",       "float64",
    "bfloat16",       "tfloat32",     "float8_e4m3fn", "float8_e5m2",
    "float8_e8m0fnu", "float4_e2m1fn"};

static void getDTypes(MlirContext ctx, MlirType *types) {
  types[0] = mlirIntegerTypeGet(ctx, 1);
  for (int k = 0; k < 4; ++k) {
    types[1 + k] = mlirIntegerTypeUnsignedGet(ctx, 8u << k);
    types[5 + k] = mlirIntegerTypeSignedGet(ctx, 8u << k);
  }
  types[9] = mlirF16TypeGet(ctx);
  types[10] = mlirF32TypeGet(ctx);
  types[11] = mlirF64TypeGet(ctx);
  types[12] = mlirBF16TypeGet(ctx);
  types[13] = mlirTF32TypeGet(ctx);
  types[14] = mlirFloat8E4M3FNTypeGet(ctx);
  types[15] = mlirFloat8E5M2TypeGet(ctx);
  types[16] = mlirFloat8E8M0FNUTypeGet(ctx);
  types[17] = mlirFloat4E2M1FNTypeGet(ctx);
}

static const char *nameOf(MlirType type, const MlirType *types) {
  for (int k = 0; k < kNumDTypes; ++k)
    if (mlirTypeEqual(type, types[k]))
      return kNames[k];
  return "?";
}

static void ignore(MlirStringRef text, void *userData) {
  (void)text;
  (void)userData;
}

static void printPromotion(MlirContext ctx, const char *aName,
                           CudapyTileOperand a, const char *bName,
                           CudapyTileOperand b, const MlirType *types) {
  CudapyTileOperand result;
  MlirLogicalResult ok =
      cudapyTilePromoteCuTile(ctx, a, b, &result, ignore, NULL);
  printf("%s + %s -> ", aName, bName);
  if (mlirLogicalResultIsFailure(ok))
    printf("ERR\n");
  else if (result.kind == CUDAPY_TILE_OPERAND_LOOSE_INT)
    printf("loose int\n");
  else if (result.kind == CUDAPY_TILE_OPERAND_LOOSE_FLOAT)
    printf("loose float\n");
  else
    printf("%s\n", nameOf(result.dtype, types));
}

static CudapyTileOperand typed(MlirType dtype) {
  CudapyTileOperand operand = {CUDAPY_TILE_OPERAND_TYPED, dtype, 0, false};
  return operand;
}

static void printTable(MlirContext ctx) {
  MlirType types[kNumDTypes];
  getDTypes(ctx, types);
  for (int a = 0; a < kNumDTypes; ++a)
    for (int b = 0; b < kNumDTypes; ++b)
      printPromotion(ctx, kNames[a], typed(types[a]), kNames[b],
                     typed(types[b]), types);
  // The constants of test/Utils/tile_promotion_reference.py.
  struct {
    const char *name;
    CudapyTileOperand operand;
  } constants[] = {
      {"int(0)", {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, 0, false}},
      {"int(-1)", {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, -1, false}},
      {"int(2147483647)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, 2147483647, false}},
      {"int(2147483648)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, 2147483648LL, false}},
      {"int(-2147483649)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, -2147483649LL, false}},
      {"int(9223372036854775807)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, 9223372036854775807LL, false}},
      {"int(9223372036854775808)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, (int64_t)(1ULL << 63), true}},
      {"int(18446744073709551615)",
       {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, -1, true}},
      {"float", {CUDAPY_TILE_OPERAND_LOOSE_FLOAT, {NULL}, 0, false}},
  };
  size_t numConstants = sizeof(constants) / sizeof(constants[0]);
  for (int a = 0; a < kNumDTypes; ++a)
    for (size_t c = 0; c < numConstants; ++c) {
      printPromotion(ctx, kNames[a], typed(types[a]), constants[c].name,
                     constants[c].operand, types);
      printPromotion(ctx, constants[c].name, constants[c].operand, kNames[a],
                     typed(types[a]), types);
    }
  printPromotion(ctx, "int(5)", constants[0].operand, "int(7)",
                 constants[1].operand, types);
  printPromotion(ctx, "int(5)", constants[0].operand, "float",
                 constants[8].operand, types);
  printPromotion(ctx, "float", constants[8].operand, "float",
                 constants[8].operand, types);
}

static void printError(MlirStringRef text, void *userData) {
  (void)userData;
  printf("error: ");
  fwrite(text.data, 1, text.length, stdout);
  printf("\n");
}

int main(int argc, char **argv) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tile__(), ctx);
  if (argc > 1 && !strcmp(argv[1], "table")) {
    printTable(ctx);
    mlirContextDestroy(ctx);
    return 0;
  }
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f16 = mlirF16TypeGet(ctx);
  int64_t shape[] = {128, 64};
  MlirType tile = cudapyTileTypeGetChecked(loc, 2, shape, f16);
  printType(tile);
  printf(" is a tile: %d\n", cudapyTileTypeIsTile(tile));
  // CHECK: !tile.tile<128x64xf16> is a tile: 1
  MlirType scalar = cudapyTileTypeGetChecked(loc, 0, NULL, f16);
  printType(scalar);
  printf("\n");
  // CHECK-NEXT: !tile.tile<f16>
  MlirType ptr = cudapyTilePointerTypeGetChecked(loc, f16);
  int64_t n[] = {256};
  printType(cudapyTileTypeGetChecked(loc, 1, n, ptr));
  printf("\n");
  // CHECK-NEXT: !tile.tile<256x!tile.ptr<f16>>

  // Invalid types are null, with a diagnostic at the location.
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  int64_t bad[] = {4, 7};
  MlirType nonPow2 = cudapyTileTypeGetChecked(loc, 2, bad, f16);
  printf("4x7: null %d\n", mlirTypeIsNull(nonPow2));
  // CHECK-NEXT: diagnostic: tile dimensions are powers of two, not 7
  // CHECK-NEXT: 4x7: null 1
  MlirType twoLevel = cudapyTilePointerTypeGetChecked(loc, ptr);
  printf("pointer to pointer: null %d\n", mlirTypeIsNull(twoLevel));
  // CHECK-NEXT: diagnostic: a pointer scalar points to a numeric dtype, not '!tile.ptr<f16>'
  // CHECK-NEXT: pointer to pointer: null 1

  // The reason for an ERR cell.
  CudapyTileOperand a = typed(mlirIntegerTypeUnsignedGet(ctx, 8));
  CudapyTileOperand b = typed(mlirIntegerTypeSignedGet(ctx, 8));
  CudapyTileOperand result;
  cudapyTilePromoteCuTile(ctx, a, b, &result, printError, NULL);
  // CHECK-NEXT: error: uint8 and int8 have no common dtype: cuTile does not mix signed and unsigned integers
  cudapyTilePromoteCuTile(ctx, typed(f16), typed(mlirBF16TypeGet(ctx)), &result,
                          printError, NULL);
  // CHECK-NEXT: error: float16 and bfloat16 have no common dtype: neither holds the other
  cudapyTilePromoteCuTile(ctx, typed(mlirTF32TypeGet(ctx)),
                          typed(mlirF32TypeGet(ctx)), &result, printError,
                          NULL);
  // CHECK-NEXT: error: tfloat32 and float32 have no common dtype: a restricted float (tfloat32, float8, float4) combines only with itself
  mlirContextDestroy(ctx);
  return 0;
}
