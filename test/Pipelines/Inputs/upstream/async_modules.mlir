// Host code with async.execute around a launch, and two kernels that
// outlining puts in two gpu.modules.
module attributes {gpu.container_module} {
  func.func @two(%x: memref<128xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %token = async.execute {
      gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                 threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
        %v = memref.load %x[%tx] : memref<128xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %x[%tx] : memref<128xf32>
        gpu.terminator
      }
      async.yield
    }
    async.await %token : !async.token
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%tx] : memref<128xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %x[%tx] : memref<128xf32>
      gpu.terminator
    }
    return
  }
}
