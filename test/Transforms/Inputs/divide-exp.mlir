module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %x[%c0] : memref<?xf32>
      %b = memref.load %x[%c1] : memref<?xf32>
      %q = arith.divf %a, %b : f32
      %e = math.exp %q : f32
      memref.store %e, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
