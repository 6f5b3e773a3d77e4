// gpu.all_reduce in a gpu.launch body: the op kinds on integers and floats,
// a reduction written as a region, and two reductions of one value.
module attributes {gpu.container_module} {
  func.func @reduce(%ints: memref<64xi32>, %floats: memref<64xf32>, %out: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %i = memref.load %ints[%tx] : memref<64xi32>
      %f = memref.load %floats[%tx] : memref<64xf32>
      %and = gpu.all_reduce and %i uniform {} : (i32) -> i32
      %xor = gpu.all_reduce xor %i uniform {} : (i32) -> i32
      %maxsi = gpu.all_reduce maxsi %i uniform {} : (i32) -> i32
      %minf = gpu.all_reduce minimumf %f uniform {} : (f32) -> f32
      %sum = gpu.all_reduce add %f {} : (f32) -> f32
      %product = gpu.all_reduce %f {
      ^bb(%lhs: f32, %rhs: f32):
        %p = arith.mulf %lhs, %rhs : f32
        gpu.yield %p : f32
      } : (f32) -> f32
      %c0 = arith.constant 0 : index
      %c1i = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %a = arith.sitofp %and : i32 to f32
      %x = arith.sitofp %xor : i32 to f32
      %m = arith.sitofp %maxsi : i32 to f32
      memref.store %a, %out[%c0] : memref<8xf32>
      memref.store %x, %out[%c1i] : memref<8xf32>
      memref.store %m, %out[%c2] : memref<8xf32>
      memref.store %minf, %out[%c3] : memref<8xf32>
      memref.store %sum, %out[%c4] : memref<8xf32>
      memref.store %product, %out[%c5] : memref<8xf32>
      gpu.terminator
    }
    return
  }
}
