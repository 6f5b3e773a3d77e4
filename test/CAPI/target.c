/*===- target.c - C API: target conditions --------------------------------===*\
|*                                                                            *|
|* Normalizing, evaluating and comparing conditions, and building            *|
|* #target.cond attributes and a target.if op through the generic MLIR C API.*|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: cudapy-capi-target 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ %valgrind cudapy-capi-target > /dev/null %}

#include "cudapy-c/Target.h"
#include "cudapy-c/Registration.h"

#include <stdio.h>

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

static void print(MlirStringRef text, void *userData) {
  printf("%s%.*s\n", (const char *)userData, (int)text.length, text.data);
}

static void printRaw(MlirStringRef text, void *userData) {
  (void)userData;
  printf("%.*s", (int)text.length, text.data);
}

static char kNormal[] = "normal: ";
static char kError[] = "error: ";

int main(void) {
  cudapyTargetConditionNormalize(str("~(is_host | provides(sm_90))"), print,
                                 print, kNormal);
  // CHECK: normal: is_device & ~provides(sm_90)
  cudapyTargetConditionNormalize(str("!provides(sm80) | is_exactly(sm80)"),
                                 print, print, kNormal);
  // CHECK-NEXT: normal: is_exactly(sm_80) | ~provides(sm_80)
  MlirLogicalResult bad = cudapyTargetConditionNormalize(str("provides(sm_91)"),
                                                         print, print, kError);
  printf("failed: %d\n", mlirLogicalResultIsFailure(bad));
  // CHECK-NEXT: error: unknown chip 'sm_91' (known chips: {{.*}}) at column 15 of 'provides(sm_91)'
  // CHECK-NEXT: failed: 1

  const char *targets[] = {"host", "sm_75", "sm_80", "sm_90", "sm_90a"};
  for (int i = 0; i < 5; ++i)
    printf("provides(sm_80) & ~is_exactly(sm_90) on %s: %d\n", targets[i],
           cudapyTargetConditionEvaluate(
               str("provides(sm_80) & ~is_exactly(sm_90)"), str(targets[i]),
               print, kError));
  // CHECK-NEXT: on host: 0
  // CHECK-NEXT: on sm_75: 0
  // CHECK-NEXT: on sm_80: 1
  // CHECK-NEXT: on sm_90: 0
  // CHECK-NEXT: on sm_90a: 0
  printf("bad target: %d\n", cudapyTargetConditionEvaluate(
                                 str("is_host"), str("gpu"), print, kError));
  // CHECK-NEXT: error: unknown target 'gpu' (expected 'host' or a chip such as sm_90)
  // CHECK-NEXT: bad target: -1

  printf("de Morgan: %d, different: %d\n",
         cudapyTargetConditionsEquivalent(str("~(provides(sm_80) & is_device)"),
                                          str("~provides(sm_80) | is_host"),
                                          print, kError),
         cudapyTargetConditionsEquivalent(
             str("provides(sm_80)"), str("provides(sm_86)"), print, kError));
  // CHECK-NEXT: de Morgan: 1, different: 0

  // Attributes and a target.if built through the generic C API.
  MlirContext context = cudapyContextCreate();
  MlirAttribute cond =
      cudapyTargetConditionAttrGet(context, str("provides(sm_90) | is_host"));
  MlirStringRef text = cudapyTargetConditionAttrGetCondition(cond);
  printf("attribute: %d %.*s\n", cudapyAttributeIsATargetCondition(cond),
         (int)text.length, text.data);
  // CHECK-NEXT: attribute: 1 is_host | provides(sm_90)
  printf("null on error: %d\n",
         mlirAttributeIsNull(cudapyTargetConditionAttrGet(context, str("("))));
  // CHECK-NEXT: null on error: 1

  MlirModule module =
      mlirModuleCreateParse(context, str("func.func @f() -> i1 {\n"
                                         "  %q = target.query <\"is_device\">\n"
                                         "  return %q : i1\n"
                                         "}\n"));
  MlirOperation op = mlirModuleGetOperation(module);
  mlirOperationPrint(op, printRaw, NULL);
  // CHECK: target.query <"is_device">
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
