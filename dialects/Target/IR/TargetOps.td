//===- TargetOps.td - target dialect operations ------------*- tablegen -*-===//

#ifndef CUDAPY_TARGET_OPS_TD
#define CUDAPY_TARGET_OPS_TD

include "dialects/Target/IR/TargetDialect.td"
include "dialects/Target/IR/TargetAttrs.td"
include "dialects/Target/IR/TargetInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Target_IfOp : Target_Op<"if", [
    RecursiveMemoryEffects, NoRegionArguments,
    SingleBlockImplicitTerminator<"::cudapy::target::YieldOp">]> {
  let summary = "Code compiled only for the targets a condition describes";
  let description = [{
    `if target(cond): ... else: ...` of the cuda-device spec ("Target
    Specialization"), the `#if __CUDA_ARCH__ ...` of CUDA C++. The condition
    is a constant expression: `target-specialize` keeps the region that
    applies to the compile target and drops the other, whose contents may use
    constructs that target cannot compile. Results are yielded by both
    regions (an `else` region is then required).

    ```mlir
    %v = target.if <"provides(sm_90)"> -> (i32) {
      %a = arith.constant 90 : i32
      target.yield %a : i32
    } else {
      %b = arith.constant 0 : i32
      target.yield %b : i32
    }
    ```
  }];
  let arguments = (ins Target_ConditionAttr:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    custom<TargetCondition>($condition) (`->` `(` type($results)^ `)`)?
    $thenRegion (`else` $elseRegion^)? attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// Replaces the op by the region that applies when the condition is
    /// `taken` (or by nothing).
    void foldTo(::mlir::RewriterBase &rewriter, bool taken);
  }];
}

def Target_QueryOp : Target_Op<"query", [Pure]> {
  let summary = "Whether the compile target satisfies a condition, as an i1";
  let description = [{
    `target(cond)` used as a value. `target-specialize` replaces it by a
    constant.

    ```mlir
    %is_hopper = target.query <"provides(sm_90)">
    ```
  }];
  let arguments = (ins Target_ConditionAttr:$condition);
  let results = (outs I1:$result);
  let assemblyFormat = "custom<TargetCondition>($condition) attr-dict";
  let hasFolder = 1;
}

def Target_YieldOp : Target_Op<"yield", [
    Pure, ReturnLike, Terminator, ParentOneOf<["IfOp"]>]> {
  let summary = "Yields the values of a target.if region";
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // CUDAPY_TARGET_OPS_TD
