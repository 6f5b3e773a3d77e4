// A kernel that calls a function defined elsewhere (linked at load).
module attributes {gpu.container_module} {
  gpu.module @calls {
    func.func private @foreign(f32) -> f32
    gpu.func @k(%a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<4xf32>
      %y = func.call @foreign(%x) : (f32) -> f32
      memref.store %y, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
}
