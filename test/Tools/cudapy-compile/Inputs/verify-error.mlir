module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: f32, %b: f64) kernel {
      // Operand types differ: the verifier rejects this.
      %0 = "arith.addf"(%a, %b) : (f32, f64) -> f32
      gpu.return
    }
  }
}
