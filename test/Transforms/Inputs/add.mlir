module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @add(%x: memref<?xf32>, %a: f32) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %x[%c0] : memref<?xf32>
      %s = arith.addf %v, %a : f32
      memref.store %s, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
}
