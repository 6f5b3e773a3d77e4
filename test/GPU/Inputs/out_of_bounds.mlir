// A kernel that writes past its array on purpose: thread t stores to
// x[n + t]. test/GPU/line-info.test runs it under compute-sanitizer, which
// must name this file and the store's line (line 12).
module attributes {gpu.container_module} {
  gpu.module @out_of_bounds {
    gpu.func @out_of_bounds(%x: memref<?xf32>, %n: index) kernel {
      %t = gpu.thread_id x
      %big = arith.constant 16777216 : index
      %past = arith.addi %n, %big : index
      %i = arith.addi %past, %t : index
      %v = arith.constant 1.0 : f32
      memref.store %v, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
