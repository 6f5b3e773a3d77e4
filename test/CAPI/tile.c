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

#include "mlir-c/BuiltinAttributes.h"
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

static void tileCppExamples(MlirContext ctx, const MlirType *types);
static void broadcastExamples(void);
static void arrayApiExamples(MlirContext ctx, const MlirType *types);
static void arraysAndViews(MlirContext ctx, MlirLocation loc);
static void buildOps(MlirContext ctx, MlirLocation loc);

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

  MlirType types[kNumDTypes];
  getDTypes(ctx, types);

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

  tileCppExamples(ctx, types);
  broadcastExamples();
  arrayApiExamples(ctx, types);
  arraysAndViews(ctx, loc);
  buildOps(ctx, loc);
  mlirContextDestroy(ctx);
  return 0;
}

/// One promotion under a policy: "a op b -> common" or "-> error: why".
static void printPolicy(MlirContext ctx, CudapyTilePromotionPolicy policy,
                        const char *what, CudapyTileOperand a, bool aIsScalar,
                        CudapyTileOperand b, bool bIsScalar, bool isComparison,
                        const MlirType *types) {
  CudapyTileOperand result;
  printf("%s -> ", what);
  if (mlirLogicalResultIsFailure(cudapyTilePromote(ctx, policy, a, aIsScalar, b,
                                                   bIsScalar, isComparison,
                                                   &result, printError, NULL)))
    return;
  printf("%s\n", nameOf(result.dtype, types));
}

/// The worked examples of Tile C++ "Arithmetic Conversions" (int is int32,
/// short int16, char16_t and unsigned short uint16, __half float16).
static void tileCppExamples(MlirContext ctx, const MlirType *types) {
  CudapyTilePromotionPolicy cpp = CUDAPY_TILE_POLICY_TILECPP;
  MlirType i32 = types[7], u32 = types[3], i16 = types[6], u16 = types[2];
  MlirType f16 = types[9], f32 = types[10], f64 = types[11], bf16 = types[12];
  printf("-- Tile C++ arithmetic common type\n");
  printPolicy(ctx, cpp, "int, double", typed(i32), true, typed(f64), true,
              false, types);
  printPolicy(ctx, cpp, "__half, float", typed(f16), true, typed(f32), true,
              false, types);
  printPolicy(ctx, cpp, "__half, __nv_bfloat16", typed(f16), true, typed(bf16),
              true, false, types);
  printPolicy(ctx, cpp, "short, short", typed(i16), true, typed(i16), true,
              false, types);
  printPolicy(ctx, cpp, "char16_t, unsigned short", typed(u16), true,
              typed(u16), true, false, types);
  // CHECK-LABEL: -- Tile C++ arithmetic common type
  // CHECK-NEXT: int, double -> float64
  // CHECK-NEXT: __half, float -> float32
  // CHECK-NEXT: __half, __nv_bfloat16 -> error: float16 and bfloat16 have no arithmetic common type: unordered conversion ranks
  // CHECK-NEXT: short, short -> int16
  // CHECK-NEXT: char16_t, unsigned short -> uint16

  printf("-- Tile C++ Example 1\n");
  printPolicy(ctx, cpp, "float tile - double tile", typed(f32), false,
              typed(f64), false, false, types);
  // CHECK-LABEL: -- Tile C++ Example 1
  // CHECK-NEXT: float tile - double tile -> float64
  printf("-- Tile C++ Example 2\n");
  printPolicy(ctx, cpp, "2.0 * x", typed(f64), true, typed(i32), false, false,
              types);
  printPolicy(ctx, cpp, "2.0 == x", typed(f64), true, typed(i32), false, true,
              types);
  // CHECK-LABEL: -- Tile C++ Example 2
  // CHECK-NEXT: 2.0 * x -> error: ill-formed: float64 -> int32 narrowing
  // CHECK-NEXT: 2.0 == x -> float64
  printf("-- Tile C++ Example 3\n");
  printPolicy(ctx, cpp, "A tile", typed(i32), false, typed(f32), false, false,
              types);
  printPolicy(ctx, cpp, "A comparison", typed(i32), false, typed(f32), false,
              true, types);
  printPolicy(ctx, cpp, "B tile", typed(f32), true, typed(i32), false, false,
              types);
  printPolicy(ctx, cpp, "B comparison", typed(f32), true, typed(i32), false,
              true, types);
  printPolicy(ctx, cpp, "C tile", typed(bf16), true, typed(f16), false, false,
              types);
  printPolicy(ctx, cpp, "C comparison", typed(bf16), true, typed(f16), false,
              true, types);
  printPolicy(ctx, cpp, "D tile", typed(u32), true, typed(i32), false, false,
              types);
  printPolicy(ctx, cpp, "D comparison", typed(u32), true, typed(i32), false,
              true, types);
  // CHECK-LABEL: -- Tile C++ Example 3
  // CHECK-NEXT: A tile -> float32
  // CHECK-NEXT: A comparison -> float32
  // CHECK-NEXT: B tile -> error: ill-formed: float32 -> int32 narrowing
  // CHECK-NEXT: B comparison -> float32
  // CHECK-NEXT: C tile -> error: ill-formed: bfloat16 -> float16 narrowing
  // CHECK-NEXT: C comparison -> error: bfloat16 and float16 have no arithmetic common type: unordered conversion ranks
  // CHECK-NEXT: D tile -> error: ill-formed: uint32 -> int32 narrowing
  // CHECK-NEXT: D comparison -> error: ill-formed: int32 -> uint32 narrowing

  printf("-- Tile C++ narrowing\n");
  printf("bf16 -> f16 %d, f16 -> f32 %d, i32 -> i64 %d, u32 -> i64 %d, "
         "i32 -> u64 %d, f8e4m3 -> bf16 %d, tf32 -> f16 %d, i8 -> bool %d\n",
         cudapyTileIsNarrowingConversion(bf16, f16),
         cudapyTileIsNarrowingConversion(f16, f32),
         cudapyTileIsNarrowingConversion(i32, types[8]),
         cudapyTileIsNarrowingConversion(u32, types[8]),
         cudapyTileIsNarrowingConversion(i32, types[4]),
         cudapyTileIsNarrowingConversion(types[14], bf16),
         cudapyTileIsNarrowingConversion(types[13], f16),
         cudapyTileIsNarrowingConversion(types[5], types[0]));
  // CHECK-LABEL: -- Tile C++ narrowing
  // CHECK-NEXT: bf16 -> f16 1, f16 -> f32 0, i32 -> i64 0, u32 -> i64 0, i32 -> u64 1, f8e4m3 -> bf16 0, tf32 -> f16 1, i8 -> bool 1
}

static void printShape(const int64_t *shape, intptr_t rank) {
  printf("(");
  for (intptr_t i = 0; i < rank; ++i)
    printf(i ? ", %lld" : "%lld", (long long)shape[i]);
  printf(rank == 1 ? ",)" : ")");
}

static void printBroadcast(intptr_t aRank, const int64_t *a, intptr_t bRank,
                           const int64_t *b) {
  int64_t shape[8];
  intptr_t rank = 0;
  printShape(a, aRank);
  printf(" with ");
  printShape(b, bRank);
  printf(" -> ");
  if (mlirLogicalResultIsFailure(cudapyTileGetBroadcastShape(
          aRank, a, bRank, b, shape, &rank, printError, NULL)))
    return;
  printShape(shape, rank);
  printf("\n");
}

static void printBroadcastableTo(intptr_t fromRank, const int64_t *from,
                                 intptr_t toRank, const int64_t *to) {
  printShape(from, fromRank);
  printf(" to ");
  printShape(to, toRank);
  printf(": %d\n", cudapyTileIsBroadcastableTo(fromRank, from, toRank, to));
}

/// The examples of Tile C++ "Shape Conversions".
static void broadcastExamples(void) {
  printf("-- broadcastable to\n");
  printBroadcastableTo(2, (int64_t[]){4, 1}, 2, (int64_t[]){4, 8});
  printBroadcastableTo(1, (int64_t[]){2}, 2, (int64_t[]){4, 2});
  printBroadcastableTo(2, (int64_t[]){5, 2}, 2, (int64_t[]){5, 2});
  printBroadcastableTo(0, NULL, 2, (int64_t[]){4, 8});
  printBroadcastableTo(1, (int64_t[]){2}, 2, (int64_t[]){8, 2});
  printBroadcastableTo(3, (int64_t[]){2, 1, 8}, 3, (int64_t[]){2, 16, 8});
  printBroadcastableTo(2, (int64_t[]){4, 2}, 2, (int64_t[]){5, 2});
  printBroadcastableTo(2, (int64_t[]){4, 8}, 1, (int64_t[]){8});
  // CHECK-LABEL: -- broadcastable to
  // CHECK-NEXT: (4, 1) to (4, 8): 1
  // CHECK-NEXT: (2,) to (4, 2): 1
  // CHECK-NEXT: (5, 2) to (5, 2): 1
  // CHECK-NEXT: () to (4, 8): 1
  // CHECK-NEXT: (2,) to (8, 2): 1
  // CHECK-NEXT: (2, 1, 8) to (2, 16, 8): 1
  // CHECK-NEXT: (4, 2) to (5, 2): 0
  // CHECK-NEXT: (4, 8) to (8,): 0

  printf("-- mutual broadcast\n");
  // "shape mutual broadcast compatible" and "mutual broadcast shape".
  printBroadcast(2, (int64_t[]){5, 1}, 2, (int64_t[]){1, 3});
  printBroadcast(3, (int64_t[]){2, 4, 1}, 2, (int64_t[]){4, 3});
  printBroadcast(0, NULL, 3, (int64_t[]){3, 4, 5});
  printBroadcast(2, (int64_t[]){4, 2}, 2, (int64_t[]){5, 2});
  printBroadcast(2, (int64_t[]){4, 1}, 2, (int64_t[]){4, 8});
  printBroadcast(2, (int64_t[]){1, 5}, 2, (int64_t[]){3, 1});
  printBroadcast(3, (int64_t[]){4, 2, 1}, 2, (int64_t[]){2, 6});
  printBroadcast(1, (int64_t[]){4}, 3, (int64_t[]){1, 2, 1});
  // "tile mutual broadcast compatible": the pairwise compatible types.
  printBroadcast(3, (int64_t[]){2, 1, 8}, 3, (int64_t[]){1, 4, 1});
  printBroadcast(3, (int64_t[]){2, 1, 8}, 2, (int64_t[]){4, 8});
  printBroadcast(3, (int64_t[]){1, 4, 1}, 2, (int64_t[]){4, 8});
  printBroadcast(2, (int64_t[]){4, 8}, 0, NULL);
  // Over the implementation's limit: not tile compatible.
  printBroadcast(2, (int64_t[]){2048, 1}, 1, (int64_t[]){1024});
  // CHECK-LABEL: -- mutual broadcast
  // CHECK-NEXT: (5, 1) with (1, 3) -> (5, 3)
  // CHECK-NEXT: (2, 4, 1) with (4, 3) -> (2, 4, 3)
  // CHECK-NEXT: () with (3, 4, 5) -> (3, 4, 5)
  // CHECK-NEXT: (4, 2) with (5, 2) -> error: shapes (4, 2) and (5, 2) do not broadcast: extents 4 and 5 differ and neither is 1
  // CHECK-NEXT: (4, 1) with (4, 8) -> (4, 8)
  // CHECK-NEXT: (1, 5) with (3, 1) -> (3, 5)
  // CHECK-NEXT: (4, 2, 1) with (2, 6) -> (4, 2, 6)
  // CHECK-NEXT: (4,) with (1, 2, 1) -> (1, 2, 4)
  // CHECK-NEXT: (2, 1, 8) with (1, 4, 1) -> (2, 4, 8)
  // CHECK-NEXT: (2, 1, 8) with (4, 8) -> (2, 4, 8)
  // CHECK-NEXT: (1, 4, 1) with (4, 8) -> (1, 4, 8)
  // CHECK-NEXT: (4, 8) with () -> (4, 8)
  // CHECK-NEXT: (2048, 1) with (1024,) -> error: the broadcast shape (2048, 1024) has more than 1048576 elements
}

/// The Array API's promotion rules, one case each.
static void arrayApiExamples(MlirContext ctx, const MlirType *types) {
  CudapyTilePromotionPolicy api = CUDAPY_TILE_POLICY_ARRAY_API;
  CudapyTileOperand pyInt = {CUDAPY_TILE_OPERAND_LOOSE_INT, {NULL}, 300, false};
  CudapyTileOperand pyFloat = {
      CUDAPY_TILE_OPERAND_LOOSE_FLOAT, {NULL}, 0, false};
  printf("-- Array API\n");
  printPolicy(ctx, api, "uint8, int8", typed(types[1]), false, typed(types[5]),
              false, false, types);
  printPolicy(ctx, api, "uint32, int64", typed(types[3]), false,
              typed(types[8]), false, false, types);
  printPolicy(ctx, api, "uint64, int64", typed(types[4]), false,
              typed(types[8]), false, false, types);
  printPolicy(ctx, api, "float16, float32", typed(types[9]), false,
              typed(types[10]), false, false, types);
  printPolicy(ctx, api, "bool, int8", typed(types[0]), false, typed(types[5]),
              false, false, types);
  printPolicy(ctx, api, "int16, 300", typed(types[6]), false, pyInt, true,
              false, types);
  printPolicy(ctx, api, "int8, 300", typed(types[5]), false, pyInt, true, false,
              types);
  printPolicy(ctx, api, "float16, 300", typed(types[9]), false, pyInt, true,
              false, types);
  printPolicy(ctx, api, "int32, 0.5", typed(types[7]), false, pyFloat, true,
              false, types);
  // CHECK-LABEL: -- Array API
  // CHECK-NEXT: uint8, int8 -> int16
  // CHECK-NEXT: uint32, int64 -> int64
  // CHECK-NEXT: uint64, int64 -> error: uint64 and int64 do not promote: no signed dtype holds both
  // CHECK-NEXT: float16, float32 -> float32
  // CHECK-NEXT: bool, int8 -> error: bool and int8 do not promote: bools promote only with bools
  // CHECK-NEXT: int16, 300 -> int16
  // CHECK-NEXT: int8, 300 -> error: the Python int is out of range for int8
  // CHECK-NEXT: float16, 300 -> float16
  // CHECK-NEXT: int32, 0.5 -> error: a Python float does not promote with an int32 array
}

static void arraysAndViews(MlirContext ctx, MlirLocation loc) {
  printf("-- arrays and views\n");
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t shape[] = {dynamic, dynamic}, strides[] = {dynamic, 1};
  MlirType array = cudapyTileArrayTypeGetChecked(loc, 2, shape, f32, strides);
  printType(array);
  printf(" is an array: %d\n", cudapyTileTypeIsArray(array));
  int64_t tileShape[] = {64, 32}, order[] = {1, 0};
  MlirType view = cudapyTileViewTypeGetChecked(loc, tileShape, array, order,
                                               NULL, CUDAPY_TILE_PADDING_ZERO);
  printType(view);
  printf(" is a view: %d, loads ", cudapyTileTypeIsView(view));
  printType(cudapyTileViewTypeGetTileType(view));
  printf("\n");
  int64_t steps[] = {16, 32};
  printType(cudapyTileViewTypeGetChecked(loc, tileShape, array, NULL, steps,
                                         CUDAPY_TILE_PADDING_UNDETERMINED));
  printf("\n");
  printType(cudapyTileLooseIntTypeGet(ctx));
  printf(" ");
  printType(cudapyTileLooseFloatTypeGet(ctx));
  printf("\n");
  MlirType list = cudapyTileListTypeGetChecked(loc, array);
  printType(list);
  printf(" is a list: %d, an array: %d\n", cudapyTileTypeIsList(list),
         cudapyTileTypeIsArray(list));
  printf("list of f32: null %d\n",
         mlirTypeIsNull(cudapyTileListTypeGetChecked(loc, f32)));
  int64_t badStrides[] = {-2, 1};
  MlirType bad = cudapyTileArrayTypeGetChecked(loc, 2, shape, f32, badStrides);
  printf("negative stride: null %d\n", mlirTypeIsNull(bad));
  int64_t badTile[] = {64, 48};
  bad = cudapyTileViewTypeGetChecked(loc, badTile, array, NULL, NULL,
                                     CUDAPY_TILE_PADDING_ZERO);
  printf("48-wide tile: null %d\n", mlirTypeIsNull(bad));
  // CHECK-LABEL: -- arrays and views
  // CHECK-NEXT: !tile.array<?x?xf32, strides [?, 1]> is an array: 1
  // CHECK-NEXT: !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, order [1, 0], padding zero> is a view: 1, loads !tile.tile<64x32xf32>
  // CHECK-NEXT: !tile.view<64x32, !tile.array<?x?xf32, strides [?, 1]>, steps [16, 32]>
  // CHECK-NEXT: !tile.loose_int !tile.loose_float
  // CHECK-NEXT: !tile.list<!tile.array<?x?xf32, strides [?, 1]>> is a list: 1, an array: 0
  // CHECK-NEXT: diagnostic: a list holds arrays, not 'f32'
  // CHECK-NEXT: list of f32: null 1
  // CHECK-NEXT: diagnostic: array strides are nonnegative, not -2
  // CHECK-NEXT: negative stride: null 1
  // CHECK-NEXT: diagnostic: tile dimensions are powers of two, not 48
  // CHECK-NEXT: 48-wide tile: null 1
}

static MlirNamedAttribute namedI32(MlirContext ctx, const char *name,
                                   int32_t value) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), value));
}

/// Builds tile ops with the generic C API and the enumerations' values: a
/// block with two f32 tiles, `add rounding rz`, `cmp lt`, `math rsqrt`.
static void buildOps(MlirContext ctx, MlirLocation loc) {
  printf("-- ops from C\n");
  int64_t shape[] = {16};
  MlirType f32x16 =
      cudapyTileTypeGetChecked(loc, 1, shape, mlirF32TypeGet(ctx));
  MlirType i1x16 =
      cudapyTileTypeGetChecked(loc, 1, shape, mlirIntegerTypeGet(ctx, 1));
  MlirType args[] = {f32x16, f32x16};
  MlirLocation locs[] = {loc, loc};
  MlirBlock block = mlirBlockCreate(2, args, locs);
  MlirValue a = mlirBlockGetArgument(block, 0);
  MlirValue b = mlirBlockGetArgument(block, 1);

  MlirOperationState add =
      mlirOperationStateGet(mlirStringRefCreateFromCString("tile.add"), loc);
  MlirValue operands[] = {a, b};
  mlirOperationStateAddOperands(&add, 2, operands);
  mlirOperationStateAddResults(&add, 1, &f32x16);
  MlirNamedAttribute rounding =
      namedI32(ctx, "rounding", CUDAPY_TILE_ROUNDING_RZ);
  mlirOperationStateAddAttributes(&add, 1, &rounding);
  MlirOperation addOp = mlirOperationCreate(&add);
  mlirBlockAppendOwnedOperation(block, addOp);

  MlirOperationState cmp =
      mlirOperationStateGet(mlirStringRefCreateFromCString("tile.cmp"), loc);
  mlirOperationStateAddOperands(&cmp, 2, operands);
  mlirOperationStateAddResults(&cmp, 1, &i1x16);
  MlirNamedAttribute predicate = namedI32(ctx, "predicate", CUDAPY_TILE_CMP_LT);
  mlirOperationStateAddAttributes(&cmp, 1, &predicate);
  MlirOperation cmpOp = mlirOperationCreate(&cmp);
  mlirBlockAppendOwnedOperation(block, cmpOp);

  MlirOperationState math =
      mlirOperationStateGet(mlirStringRefCreateFromCString("tile.math"), loc);
  MlirValue sum = mlirOperationGetResult(addOp, 0);
  mlirOperationStateAddOperands(&math, 1, &sum);
  mlirOperationStateAddResults(&math, 1, &f32x16);
  MlirNamedAttribute function = namedI32(
      ctx, "function",
      cudapyTileMathFunctionGetValue(mlirStringRefCreateFromCString("rsqrt")));
  mlirOperationStateAddAttributes(&math, 1, &function);
  MlirOperation mathOp = mlirOperationCreate(&math);
  mlirBlockAppendOwnedOperation(block, mathOp);

  MlirOperation ops[] = {addOp, cmpOp, mathOp};
  for (int k = 0; k < 3; ++k) {
    printf("verifies %d: ", mlirOperationVerify(ops[k]));
    mlirOperationPrint(ops[k], printRaw, NULL);
    printf("\n");
  }
  MlirStringRef name = cudapyTileMathFunctionGetName(23);
  printf("function 23: %.*s, unknown: %d, 99: '%.*s'\n", (int)name.length,
         name.data,
         cudapyTileMathFunctionGetValue(mlirStringRefCreateFromCString("cbrt")),
         (int)cudapyTileMathFunctionGetName(99).length,
         cudapyTileMathFunctionGetName(99).data);
  mlirBlockDestroy(block);
  // CHECK-LABEL: -- ops from C
  // CHECK-NEXT: verifies 1: %0 = tile.add {{.*}}, {{.*}} rounding rz : !tile.tile<16xf32>
  // CHECK-NEXT: verifies 1: %0 = tile.cmp lt {{.*}}, {{.*}} : !tile.tile<16xf32>
  // CHECK-NEXT: verifies 1: %0 = tile.math rsqrt {{.*}} : !tile.tile<16xf32>
  // CHECK-NEXT: function 23: rcp, unknown: -1, 99: ''
}
