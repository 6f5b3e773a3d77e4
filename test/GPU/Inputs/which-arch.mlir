// A kernel whose stored values tell which target.if branch its PTX took:
// 90 and the cluster id on sm_90 and later, 80 and -1 on sm_80 to sm_89.
module attributes {gpu.container_module} {
  gpu.module @which {
    gpu.func @which_arch(%out: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v, %cluster = target.if <"provides(sm_90)"> -> (i32, i32) {
        %c90 = arith.constant 90 : i32
        %id = nvvm.read.ptx.sreg.clusterid.x : i32
        target.yield %c90, %id : i32, i32
      } else {
        %fallback = target.if <"provides(sm_80)"> -> (i32) {
          %c80 = arith.constant 80 : i32
          target.yield %c80 : i32
        } else {
          %c0_i32 = arith.constant 0 : i32
          target.yield %c0_i32 : i32
        }
        %none = arith.constant -1 : i32
        target.yield %fallback, %none : i32, i32
      }
      memref.store %v, %out[%c0] : memref<2xi32>
      memref.store %cluster, %out[%c1] : memref<2xi32>
      gpu.return
    }
  }
}
