// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// A condition names chips the spec's SMSelector list defines (cuda-device
// spec, "smXX: SMSelector Objects").
// expected-error @below {{invalid target condition: unknown chip 'sm_91'}}
func.func @unknown_chip() attributes {c = #target.cond<"provides(sm_91)">} {
  return
}

// -----

// expected-error @below {{invalid target condition: unknown condition 'is_gpu' at column 7}}
func.func @unknown_condition() attributes {c = #target.cond<"is_gpu">} {
  return
}

// -----

// expected-error @below {{invalid target condition: expected ')' at column}}
func.func @unbalanced() attributes {c = #target.cond<"(is_host | is_device">} {
  return
}

// -----

// expected-error @below {{invalid target condition: expected a condition at column 10}}
func.func @dangling_operator() attributes {c = #target.cond<"is_host |">} {
  return
}

// -----

func.func @results_need_else() {
  // expected-error @below {{'target.if' op yields 1 values and so needs an else region}}
  %v = target.if <"is_device"> -> (i32) {
    %c = arith.constant 1 : i32
    target.yield %c : i32
  }
  return
}

// -----

func.func @yield_types(%x: i64) {
  %v = target.if <"is_device"> -> (i32) {
    // expected-error @below {{'target.yield' op yields 'i64' where the target.if has 'i32'}}
    target.yield %x : i64
  } else {
    %c = arith.constant 1 : i32
    target.yield %c : i32
  }
  return
}
