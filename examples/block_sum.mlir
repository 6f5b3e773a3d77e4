// Each block of 256 threads sums 256 consecutive elements of x (zero past n)
// through shared memory and writes the block's sum to sums[block].
// cudapy-run: --grid 4 --block 256 --arg memref:f32[1000]=const:1 --arg memref:f32[4]=zeros --arg i:1000 --print 4
module attributes {gpu.container_module} {
  gpu.module @block_sum {
    gpu.func @block_sum(%x: memref<?xf32>, %sums: memref<?xf32>, %n: index)
        workgroup(%partial : memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %block = gpu.block_id x
      %thread = gpu.thread_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %block, %c256 : index
      %i = arith.addi %base, %thread : index
      %in_bounds = arith.cmpi ult, %i, %n : index
      %v = scf.if %in_bounds -> f32 {
        %loaded = memref.load %x[%i] : memref<?xf32>
        scf.yield %loaded : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %partial[%thread] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      // Tree reduction: stride 128, 64, ..., 1.
      %last = scf.while (%stride = %c128) : (index) -> index {
        %more = arith.cmpi uge, %stride, %c1 : index
        scf.condition(%more) %stride : index
      } do {
      ^bb0(%s: index):
        %active = arith.cmpi ult, %thread, %s : index
        scf.if %active {
          %j = arith.addi %thread, %s : index
          %p = memref.load %partial[%thread] : memref<256xf32, #gpu.address_space<workgroup>>
          %q = memref.load %partial[%j] : memref<256xf32, #gpu.address_space<workgroup>>
          %t = arith.addf %p, %q : f32
          memref.store %t, %partial[%thread] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %next = arith.divui %s, %c2 : index
        scf.yield %next : index
      }
      %first = arith.cmpi eq, %thread, %c0 : index
      scf.if %first {
        %total = memref.load %partial[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %sums[%block] : memref<?xf32>
      }
      gpu.return
    }
  }
}
