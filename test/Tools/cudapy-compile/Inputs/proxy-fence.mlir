// A kernel with a proxy fence for the async proxy: PTX ISA 8.0 on.
gpu.module @m {
  gpu.func @fence() kernel {
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.return
  }
}
