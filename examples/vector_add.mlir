// c[i] = a[i] + b[i] for i < n, one thread per element.
// cudapy-compile examples/vector_add.mlir --chip sm_90 -o vector_add.ptx
// cudapy-run: --grid 4 --block 256 --arg memref:f32[1000]=ramp --arg memref:f32[1000]=const:1 --arg memref:f32[1000]=zeros --arg i:1000 --print 4
module attributes {gpu.container_module} {
  gpu.module @vector_add {
    gpu.func @vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                         %c: memref<?xf32>, %n: index) kernel {
      %block = gpu.block_id x
      %block_dim = gpu.block_dim x
      %thread = gpu.thread_id x
      %base = arith.muli %block, %block_dim : index
      %i = arith.addi %base, %thread : index
      %in_bounds = arith.cmpi ult, %i, %n : index
      scf.if %in_bounds {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %sum = arith.addf %x, %y : f32
        memref.store %sum, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
