// c[i] = a[i] + b[i] on arrays of any stride: the memref layout is strided,
// so the kernel reads the strides from the descriptor.
module attributes {gpu.container_module} {
  gpu.module @strided_add {
    gpu.func @strided_add(%a: memref<?xf32, strided<[?], offset: ?>>,
                          %b: memref<?xf32, strided<[?], offset: ?>>,
                          %c: memref<?xf32, strided<[?], offset: ?>>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %c, %c0 : memref<?xf32, strided<[?], offset: ?>>
      %ok = arith.cmpi ult, %i, %n : index
      scf.if %ok {
        %x = memref.load %a[%i] : memref<?xf32, strided<[?], offset: ?>>
        %y = memref.load %b[%i] : memref<?xf32, strided<[?], offset: ?>>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32, strided<[?], offset: ?>>
      }
      gpu.return
    }
  }
}
