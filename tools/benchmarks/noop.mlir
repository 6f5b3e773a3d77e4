// A kernel with no parameters that does nothing: launch overhead alone.
module attributes {gpu.container_module} {
  gpu.module @noop {
    gpu.func @noop() kernel {
      gpu.return
    }
  }
}
