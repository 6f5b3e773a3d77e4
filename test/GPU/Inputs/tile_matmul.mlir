// examples/tile/matmul.mlir as kernels: C = A @ B for float16 A (M x K) and
// B (K x N), accumulated in float32 and stored as float16, one tile of C per
// tile block, K in steps of its tile; zero padding makes partial tiles add
// nothing. On sm_80 and later the mma runs on tensor cores (mma.sync
// m16n8k16, the accumulator carried through the loop in its layout).
gpu.module @tile_matmul {
  gpu.func @matmul_128x128x32(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_64x64x32(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_128x128x64(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_128x256x32(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_256x128x32(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<256x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<256x128, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<256x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<256x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<256x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<256x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<256x32xf16>, !tile.tile<32x128xf16>, !tile.tile<256x128xf32>
      scf.yield %next : !tile.tile<256x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<256x128xf32> -> !tile.tile<256x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<256x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_128x128x32_w4(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_bf16_128x128x32(%a: !tile.array<?x?xbf16, strides [?, 1]>,
                  %b: !tile.array<?x?xbf16, strides [?, 1]>,
                  %c: !tile.array<?x?xbf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<32x128, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x128, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xbf16>, !tile.tile<32x128xbf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xbf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xbf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_128x256x32_grouped(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    // Grouped ("L2 swizzle") order over a 1-D grid: blocks run down
    // groups of 8 tile rows before moving right, so the A and B tiles a
    // wave reads stay in L2.
    %pid = tile.bid 0
    %rows = tile.num_tiles %va, 0 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %cols = tile.num_tiles %vb, 1 : !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %group = tile.constant dense<8> : !tile.tile<si32>
    %per_group = tile.mul %group, %cols : !tile.tile<si32>
    %gid = tile.floordiv %pid, %per_group : !tile.tile<si32>
    %first = tile.mul %gid, %group : !tile.tile<si32>
    %left = tile.sub %rows, %first : !tile.tile<si32>
    %size = tile.minimum %left, %group : !tile.tile<si32>
    %in_group = tile.rem %pid, %per_group : !tile.tile<si32>
    %row_in_group = tile.rem %in_group, %size : !tile.tile<si32>
    %bm = tile.add %first, %row_in_group : !tile.tile<si32>
    %bn = tile.floordiv %in_group, %size : !tile.tile<si32>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_128x256x64(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  // Persistent: a grid of any size (the benchmark launches one block per
  // SM) whose blocks take the tiles of C in turn, in the grouped order
  // above, each tile's K loop inside the loop over tiles.
  gpu.func @matmul_128x256x32_persistent(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %b: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %rows = tile.num_tiles %va, 0 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %cols = tile.num_tiles %vb, 1 : !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %total = tile.mul %rows, %cols : !tile.tile<si32>
    %first_tile = tile.bid 0
    %blocks = tile.num_blocks 0
    %start = tile.to_scalar %first_tile : !tile.tile<si32> -> index
    %end = tile.to_scalar %total : !tile.tile<si32> -> index
    %stride = tile.to_scalar %blocks : !tile.tile<si32> -> index
    %group = tile.constant dense<8> : !tile.tile<si32>
    %per_group = tile.mul %group, %cols : !tile.tile<si32>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    scf.for %t = %start to %end step %stride {
      %pid = tile.from_scalar %t : index -> !tile.tile<si32>
      %gid = tile.floordiv %pid, %per_group : !tile.tile<si32>
      %first = tile.mul %gid, %group : !tile.tile<si32>
      %left = tile.sub %rows, %first : !tile.tile<si32>
      %size = tile.minimum %left, %group : !tile.tile<si32>
      %in_group = tile.rem %pid, %per_group : !tile.tile<si32>
      %row_in_group = tile.rem %in_group, %size : !tile.tile<si32>
      %bm = tile.add %first, %row_in_group : !tile.tile<si32>
      %bn = tile.floordiv %in_group, %size : !tile.tile<si32>
      %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
        %kt = tile.from_scalar %k : index -> !tile.tile<si32>
        %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %vb[%kt, %bn] : !tile.view<32x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x256xf16>, !tile.tile<128x256xf32>
        scf.yield %next : !tile.tile<128x256xf32>
      }
      %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
      tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    }
    gpu.return
  }
  // C = A @ Wᵀ for W (N x K, a weight matrix's layout): W's tiles,
  // transposed, are the mma's B; on sm_90a wgmma reads them K-major.
  gpu.func @matmul_nt_128x256x32(%a: !tile.array<?x?xf16, strides [?, 1]>,
                  %w: !tile.array<?x?xf16, strides [?, 1]>,
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vw = tile.make_view %w : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<256x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %wt = tile.load %vw[%bn, %kt] : !tile.view<256x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.permute %wt [1, 0] : !tile.tile<256x32xf16> -> !tile.tile<32x256xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x32xf16>, !tile.tile<32x256xf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
}
