// Warp shuffles (xor, down, idx) and a device printf in a gpu.launch body.
module attributes {gpu.container_module} {
  func.func @shuffles(%data: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %v = memref.load %data[%tx] : memref<32xf32>
      %width = arith.constant 32 : i32
      %offset = arith.constant 4 : i32
      %x, %xv = gpu.shuffle xor %v, %offset, %width : f32
      %d, %dv = gpu.shuffle down %x, %offset, %width : f32
      %zero = arith.constant 0 : i32
      %b, %bv = gpu.shuffle idx %d, %zero, %width : f32
      gpu.printf "lane %lld: %f\n", %tx, %b : index, f32
      memref.store %b, %data[%tx] : memref<32xf32>
      gpu.terminator
    }
    return
  }
}
