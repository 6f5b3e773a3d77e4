// Kernels written with upstream's nvgpu dialect (tensor cores, async copies,
// ldmatrix), which cudapy-to-ptx lowers through convert-nvgpu-to-nvvm: one
// warp computes D = A B + C for A 16x16 and B 16x8 (f16, row-major) and C,
// D 16x8 (f32) with one mma.sync m16n8k16, its fragments placed as the PTX
// ISA says ("Matrix Fragments for mma.m16n8k16"): lane l is in group l/4
// and is thread l%4 of it.
gpu.module @nvgpu_mma {
  // A and B fragments read from global memory lane by lane.
  gpu.func @mma_direct(%a: memref<16x16xf16>, %b: memref<16x8xf16>,
                       %c: memref<16x8xf32>, %d: memref<16x8xf32>) kernel {
    %lane = gpu.lane_id
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %group = arith.divui %lane, %c4 : index
    %thread = arith.remui %lane, %c4 : index
    %k0 = arith.muli %thread, %c2 : index
    %k1 = arith.addi %k0, %c1 : index
    %k8 = arith.addi %k0, %c8 : index
    %k9 = arith.addi %k1, %c8 : index
    %row8 = arith.addi %group, %c8 : index
    // A: (group, k0..k1), (group + 8, k0..k1), (group, k0 + 8..), (group + 8, k0 + 8..).
    %a0 = memref.load %a[%group, %k0] : memref<16x16xf16>
    %a1 = memref.load %a[%group, %k1] : memref<16x16xf16>
    %a2 = memref.load %a[%row8, %k0] : memref<16x16xf16>
    %a3 = memref.load %a[%row8, %k1] : memref<16x16xf16>
    %a4 = memref.load %a[%group, %k8] : memref<16x16xf16>
    %a5 = memref.load %a[%group, %k9] : memref<16x16xf16>
    %a6 = memref.load %a[%row8, %k8] : memref<16x16xf16>
    %a7 = memref.load %a[%row8, %k9] : memref<16x16xf16>
    %fa = vector.from_elements %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7 : vector<4x2xf16>
    // B: (k0..k1, group), (k0 + 8..k1 + 8, group).
    %b0 = memref.load %b[%k0, %group] : memref<16x8xf16>
    %b1 = memref.load %b[%k1, %group] : memref<16x8xf16>
    %b2 = memref.load %b[%k8, %group] : memref<16x8xf16>
    %b3 = memref.load %b[%k9, %group] : memref<16x8xf16>
    %fb = vector.from_elements %b0, %b1, %b2, %b3 : vector<2x2xf16>
    // C and D: (group, k0..k1), (group + 8, k0..k1).
    %c0v = memref.load %c[%group, %k0] : memref<16x8xf32>
    %c1v = memref.load %c[%group, %k1] : memref<16x8xf32>
    %c2v = memref.load %c[%row8, %k0] : memref<16x8xf32>
    %c3v = memref.load %c[%row8, %k1] : memref<16x8xf32>
    %fc = vector.from_elements %c0v, %c1v, %c2v, %c3v : vector<2x2xf32>
    %fd = nvgpu.mma.sync (%fa, %fb, %fc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d0 = vector.extract %fd[0, 0] : f32 from vector<2x2xf32>
    %d1 = vector.extract %fd[0, 1] : f32 from vector<2x2xf32>
    %d2 = vector.extract %fd[1, 0] : f32 from vector<2x2xf32>
    %d3 = vector.extract %fd[1, 1] : f32 from vector<2x2xf32>
    memref.store %d0, %d[%group, %k0] : memref<16x8xf32>
    memref.store %d1, %d[%group, %k1] : memref<16x8xf32>
    memref.store %d2, %d[%row8, %k0] : memref<16x8xf32>
    memref.store %d3, %d[%row8, %k1] : memref<16x8xf32>
    gpu.return
  }

  // A through shared memory: 16-byte cp.async copies (two per row), a
  // wait, then ldmatrix x4, whose fragments are mma.sync's A operand; B and
  // C as above.
  gpu.func @mma_async(%a: memref<16x16xf16>, %b: memref<16x8xf16>,
                      %c: memref<16x8xf32>, %d: memref<16x8xf32>)
      workgroup(%shared : memref<16x16xf16, #gpu.address_space<workgroup>>) kernel {
    %lane = gpu.lane_id
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %copyRow = arith.divui %lane, %c2 : index
    %half = arith.remui %lane, %c2 : index
    %copyColumn = arith.muli %half, %c8 : index
    %token = nvgpu.device_async_copy %a[%copyRow, %copyColumn], %shared[%copyRow, %copyColumn], 8 : memref<16x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
    %group0 = nvgpu.device_async_create_group %token
    nvgpu.device_async_wait %group0
    gpu.barrier
    // ldmatrix x4: lane l gives the address of row l % 16 of matrix l / 16
    // (columns 0-7, then 8-15).
    %matrixRow = arith.remui %lane, %c16 : index
    %matrix = arith.divui %lane, %c16 : index
    %matrixColumn = arith.muli %matrix, %c8 : index
    %fa = nvgpu.ldmatrix %shared[%matrixRow, %matrixColumn] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %group = arith.divui %lane, %c4 : index
    %thread = arith.remui %lane, %c4 : index
    %k0 = arith.muli %thread, %c2 : index
    %k1 = arith.addi %k0, %c1 : index
    %k8 = arith.addi %k0, %c8 : index
    %k9 = arith.addi %k1, %c8 : index
    %row8 = arith.addi %group, %c8 : index
    %b0 = memref.load %b[%k0, %group] : memref<16x8xf16>
    %b1 = memref.load %b[%k1, %group] : memref<16x8xf16>
    %b2 = memref.load %b[%k8, %group] : memref<16x8xf16>
    %b3 = memref.load %b[%k9, %group] : memref<16x8xf16>
    %fb = vector.from_elements %b0, %b1, %b2, %b3 : vector<2x2xf16>
    %c0v = memref.load %c[%group, %k0] : memref<16x8xf32>
    %c1v = memref.load %c[%group, %k1] : memref<16x8xf32>
    %c2v = memref.load %c[%row8, %k0] : memref<16x8xf32>
    %c3v = memref.load %c[%row8, %k1] : memref<16x8xf32>
    %fc = vector.from_elements %c0v, %c1v, %c2v, %c3v : vector<2x2xf32>
    %fd = nvgpu.mma.sync (%fa, %fb, %fc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d0 = vector.extract %fd[0, 0] : f32 from vector<2x2xf32>
    %d1 = vector.extract %fd[0, 1] : f32 from vector<2x2xf32>
    %d2 = vector.extract %fd[1, 0] : f32 from vector<2x2xf32>
    %d3 = vector.extract %fd[1, 1] : f32 from vector<2x2xf32>
    memref.store %d0, %d[%group, %k0] : memref<16x8xf32>
    memref.store %d1, %d[%group, %k1] : memref<16x8xf32>
    memref.store %d2, %d[%row8, %k0] : memref<16x8xf32>
    memref.store %d3, %d[%row8, %k1] : memref<16x8xf32>
    gpu.return
  }
}
