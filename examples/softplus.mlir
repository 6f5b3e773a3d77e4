// y[i] = log(1 + exp(x[i])) computed stably as max(x, 0) + log1p(exp(-|x|)):
// math.exp and math.log1p lower to libdevice's __nv_expf and __nv_log1pf.
// cudapy-run: --grid 4 --block 256 --arg memref:f32[1000]=ramp:-2:1 --arg memref:f32[1000]=zeros --arg i:1000 --print 5
module attributes {gpu.container_module} {
  gpu.module @softplus {
    gpu.func @softplus(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel {
      %block = gpu.block_id x
      %block_dim = gpu.block_dim x
      %thread = gpu.thread_id x
      %base = arith.muli %block, %block_dim : index
      %i = arith.addi %base, %thread : index
      %in_bounds = arith.cmpi ult, %i, %n : index
      scf.if %in_bounds {
        %zero = arith.constant 0.0 : f32
        %v = memref.load %x[%i] : memref<?xf32>
        %abs = math.absf %v : f32
        %neg = arith.negf %abs : f32
        %e = math.exp %neg : f32
        %l = math.log1p %e : f32
        %relu = arith.maximumf %v, %zero : f32
        %r = arith.addf %relu, %l : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
