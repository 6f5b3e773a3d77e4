module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: f32) kernel {
      %0 = arith.addf %a, : f32
      gpu.return
    }
  }
}
