// Dynamic shared memory viewed as a 4-D buffer, and 2-D subviews of it and
// of a global memref, copied element by element (views and subviews expand
// to base pointers and offsets).
module attributes {gpu.container_module} {
  func.func @views(%src: memref<128x128xf16>, %dst: memref<128x128xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bytes = arith.constant 32768 : i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
               dynamic_shared_memory_size %bytes {
      %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tiles = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x2x64x64xf16, #gpu.address_space<workgroup>>
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %row = arith.muli %i, %c64 : index
          %col = arith.muli %j, %c64 : index
          %tile = memref.subview %tiles[%i, %j, 0, 0] [1, 1, 64, 64] [1, 1, 1, 1] : memref<2x2x64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
          %in = memref.subview %src[%row, %col] [64, 64] [1, 1] : memref<128x128xf16> to memref<64x64xf16, strided<[128, 1], offset: ?>>
          %out = memref.subview %dst[%row, %col] [64, 64] [1, 1] : memref<128x128xf16> to memref<64x64xf16, strided<[128, 1], offset: ?>>
          %r = arith.remui %tx, %c64 : index
          scf.for %k = %c0 to %c64 step %c1 {
            %v = memref.load %in[%r, %k] : memref<64x64xf16, strided<[128, 1], offset: ?>>
            memref.store %v, %tile[%r, %k] : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            %w = memref.load %tile[%r, %k] : memref<64x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
            memref.store %w, %out[%r, %k] : memref<64x64xf16, strided<[128, 1], offset: ?>>
          }
        }
      }
      gpu.terminator
    }
    return
  }
}
