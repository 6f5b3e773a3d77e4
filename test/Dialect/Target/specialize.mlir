// target-specialize keeps, for each compile target, the code its conditions
// select, following the spec's table of `if target(...)` and __CUDA_ARCH__.
// RUN: cudapy-opt %s --target-specialize=target=sm_75 | FileCheck %s --check-prefix=SM75
// RUN: cudapy-opt %s --target-specialize=target=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: cudapy-opt %s --target-specialize=target=sm_90 | FileCheck %s --check-prefix=SM90
// RUN: cudapy-opt %s --target-specialize=target=sm_90a | FileCheck %s --check-prefix=SM90A
// RUN: cudapy-opt %s --target-specialize=target=host | FileCheck %s --check-prefix=HOST

func.func private @use(i32)

// One call per row of the table, with the row's number; the specialized
// function keeps the calls whose condition holds.
func.func @table() {
  %r1 = arith.constant 1 : i32
  %r2 = arith.constant 2 : i32
  %r3 = arith.constant 3 : i32
  %r4 = arith.constant 4 : i32
  %r5 = arith.constant 5 : i32
  %r6 = arith.constant 6 : i32
  %r7 = arith.constant 7 : i32
  target.if <"is_host"> {
    func.call @use(%r1) : (i32) -> ()
  }
  target.if <"is_device"> {
    func.call @use(%r2) : (i32) -> ()
  }
  target.if <"is_exactly(sm_75) | is_exactly(sm_90)"> {
    func.call @use(%r3) : (i32) -> ()
  }
  target.if <"~provides(sm_80)"> {
    func.call @use(%r4) : (i32) -> ()
  }
  target.if <"~provides(sm_80) | is_exactly(sm_80)"> {
    func.call @use(%r5) : (i32) -> ()
  }
  target.if <"provides(sm_80) & ~is_exactly(sm_80)"> {
    func.call @use(%r6) : (i32) -> ()
  }
  target.if <"provides(sm_80)"> {
    func.call @use(%r7) : (i32) -> ()
  }
  return
}
// Rows kept: sm_75: 2 3 4 5; sm_80: 2 5 7; sm_90 and sm_90a (an sm_90): 2 3 6 7;
// host: 1 4 5 — the host provides no chip, just as `#if __CUDA_ARCH__ < XX0`
// holds in the host pass of CUDA C++, where __CUDA_ARCH__ is undefined (0).
// SM75-LABEL: func.func @table
// SM75-NOT: target.if
// SM75: call @use(%c2_i32)
// SM75-NEXT: call @use(%c3_i32)
// SM75-NEXT: call @use(%c4_i32)
// SM75-NEXT: call @use(%c5_i32)
// SM75-NEXT: return
// SM80-LABEL: func.func @table
// SM80-NOT: target.if
// SM80: call @use(%c2_i32)
// SM80-NEXT: call @use(%c5_i32)
// SM80-NEXT: call @use(%c7_i32)
// SM80-NEXT: return
// SM90-LABEL: func.func @table
// SM90-NOT: target.if
// SM90: call @use(%c2_i32)
// SM90-NEXT: call @use(%c3_i32)
// SM90-NEXT: call @use(%c6_i32)
// SM90-NEXT: call @use(%c7_i32)
// SM90-NEXT: return
// SM90A-LABEL: func.func @table
// SM90A-NOT: target.if
// SM90A: call @use(%c2_i32)
// SM90A-NEXT: call @use(%c3_i32)
// SM90A-NEXT: call @use(%c6_i32)
// SM90A-NEXT: call @use(%c7_i32)
// SM90A-NEXT: return
// HOST-LABEL: func.func @table
// HOST-NOT: target.if
// HOST: call @use(%c1_i32)
// HOST-NEXT: call @use(%c4_i32)
// HOST-NEXT: call @use(%c5_i32)
// HOST-NEXT: return

// The rows' constants tell which calls remain.
// RUN: cudapy-opt %s --target-specialize=target=sm_80 --canonicalize | FileCheck %s --check-prefix=ROWS80
// ROWS80-LABEL: func.func @table
// ROWS80-DAG: %[[C2:.*]] = arith.constant 2 : i32
// ROWS80-DAG: %[[C5:.*]] = arith.constant 5 : i32
// ROWS80-DAG: %[[C7:.*]] = arith.constant 7 : i32
// ROWS80: call @use(%[[C2]])
// ROWS80-NEXT: call @use(%[[C5]])
// ROWS80-NEXT: call @use(%[[C7]])
// ROWS80-NEXT: return

// Values, else branches, nesting, queries. The dropped regions may hold what
// the target could not compile (here an op whose verifier would fail only if
// it were looked at by a later pass).
// SM75-LABEL: func.func @values
// SM75: %[[Q:.*]] = arith.constant false
// SM75: %[[ELSE:.*]] = arith.constant 0 : i32
// SM75: return %[[ELSE]], %[[Q]]
// SM80-LABEL: func.func @values
// SM80: %[[Q:.*]] = arith.constant true
// SM80: %[[INNER_ELSE:.*]] = arith.constant 80 : i32
// SM80: return %[[INNER_ELSE]], %[[Q]]
// SM90-LABEL: func.func @values
// SM90: %[[INNER:.*]] = arith.constant 90 : i32
// SM90: return %[[INNER]],
// SM90A-LABEL: func.func @values
// SM90A: %[[A:.*]] = arith.constant 901 : i32
// SM90A: return %[[A]],
// HOST-LABEL: func.func @values
// HOST: %[[H:.*]] = arith.constant -1 : i32
// HOST: return %[[H]],
func.func @values() -> (i32, i1) {
  %q = target.query <"provides(sm_80)">
  %v = target.if <"is_host"> -> (i32) {
    %h = arith.constant -1 : i32
    target.yield %h : i32
  } else {
    %d = target.if <"provides(sm_80)"> -> (i32) {
      %n = target.if <"provides(sm_90a)"> -> (i32) {
        %a = arith.constant 901 : i32
        nvvm.barrier0
        target.yield %a : i32
      } else {
        %p = target.if <"provides(sm_90)"> -> (i32) {
          %c90 = arith.constant 90 : i32
          target.yield %c90 : i32
        } else {
          %c80 = arith.constant 80 : i32
          target.yield %c80 : i32
        }
        target.yield %p : i32
      }
      target.yield %n : i32
    } else {
      %z = arith.constant 0 : i32
      target.yield %z : i32
    }
    target.yield %d : i32
  }
  return %v, %q : i32, i1
}
