// Host code may not use device-only constructs (cuda-device spec, "Device
// Only Entities"), unless target.if keeps them out of the host compile.
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics --target-specialize=target=host --target-check-execution-spaces=target=host

// expected-note @below {{in 'host_function', compiled for host (execution space is_host)}}
func.func @host_function() -> index {
  // expected-error @below {{'gpu.thread_id' requires is_device, which host does not satisfy; guard it with target.if <"is_device">}}
  %t = gpu.thread_id x
  return %t : index
}

// -----

func.func @heterogeneous() -> index attributes {target.execution_space = #target.cond<"any_target">} {
  %t = target.if <"is_device"> -> (index) {
    %d = gpu.thread_id x
    target.yield %d : index
  } else {
    %h = arith.constant 0 : index
    target.yield %h : index
  }
  return %t : index
}

// -----

// Device-only functions are not compiled for the host: not checked there.
func.func @device_only() -> index attributes {target.execution_space = #target.cond<"is_device">} {
  %t = gpu.thread_id x
  return %t : index
}
