// A TMA load written inline: the host makes the tensor-map descriptor of a
// 32x64 float16 box, the gpu.launch body loads the box at (0, 0) into
// shared memory behind an mbarrier and copies its first row out. Outlining
// makes the descriptor a kernel argument.
!box = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module {
  memref.global "private" @staging : memref<32x64xf16, 3>
  func.func @first_row(%src: memref<*xf16>, %out: memref<64xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %bytes = arith.constant 4096 : index
    %map = nvgpu.tma.create.descriptor %src box[%c32, %c64] : memref<*xf16> -> !box
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %tile = memref.get_global @staging : memref<32x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !barrier
      nvgpu.mbarrier.init %bar[%c0], %sx : !barrier
      gpu.barrier
      %leader = arith.cmpi eq, %tx, %c0 : index
      scf.if %leader {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !barrier
        nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %tile : !box, !barrier -> memref<32x64xf16, 3>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !barrier
      }
      %phase = arith.constant false
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !barrier
      %v = memref.load %tile[%c0, %tx] : memref<32x64xf16, 3>
      memref.store %v, %out[%tx] : memref<64xf16>
      gpu.terminator
    }
    return
  }
}
