module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @first_kernel() kernel {
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @second_kernel() kernel {
      gpu.return
    }
  }
}
