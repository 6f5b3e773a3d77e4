// simt ops are device only (cuda-device spec, "Device Only Entities"):
// target-check-execution-spaces reports them in host code.
// RUN: cudapy-opt %s --target-check-execution-spaces=target=host --verify-diagnostics

// expected-note @below {{in 'host', compiled for host (execution space is_host)}}
func.func @host() {
  // expected-error @below {{'simt.syncthreads' requires is_device, which host does not satisfy; guard it with target.if <"is_device">}}
  simt.syncthreads
  return
}
