// Matmul kernels specialized on the facts a JIT knows of its arrays (bases
// 16-byte aligned, row strides multiples of 16 bytes: tile.alignment,
// tile.stride_divisibility), which let tile-pipeline-loads copy their
// operands with the tensor memory accelerator on sm_90 and later
// (cp.async.bulk.tensor into stages, mbarriers); cp.async elsewhere. Tiles
// whose rows are 128 bytes (64 x f16; the 64-wide B slabs of a 256-wide
// tile, four boxes a stage), 64 bytes (32 x f16) and of 8-bit floats,
// 3-D views of batches (boxes 1 x rows x columns) and B from a stage of
// Bᵀ (fp8, N x K); float16 and bfloat16. On sm_90a the kernels that ask
// for it (tile.warp_specialize = true) have their copies issued by a
// producer warp of their own (warp specialization), the persistent
// kernel's through its loop over the tiles too.
gpu.module @tile_tensor_copies {
  gpu.func @matmul_128x256x64(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
  // The same with a producer warp issuing its copies (warp specialization).
  gpu.func @matmul_128x256x64_specialized(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8, tile.warp_specialize = true} {
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

  gpu.func @matmul_bf16_128x256x64(%a: !tile.array<?x?xbf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xbf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %c: !tile.array<?x?xbf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xbf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xbf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x256xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x256xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x256, !tile.array<?x?xbf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x256xbf16>, !tile.tile<128x256xf32>
      scf.yield %next : !tile.tile<128x256xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xbf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xbf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @matmul_64x64x32(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
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
  // Smaller tiles with more of K a stage, for matrices of few tiles
  // (1024 x 1024 in 128 x 64 or 64 x 128 tiles: 128 of them, about one per
  // SM; 128 x 4096 in 64 x 64 tiles, the same).
  gpu.func @matmul_128x64x64(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x64xf16>, !tile.tile<128x64xf32>
      scf.yield %next : !tile.tile<128x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<128x64xf32> -> !tile.tile<128x64xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
  gpu.func @matmul_64x128x64(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x128xf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x128xf32> -> !tile.tile<64x128xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }
  gpu.func @matmul_64x64x128(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
      %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 4} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    %tiles = tile.num_tiles %va, 1 : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x64xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x64xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %bn] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x128xf16>, !tile.tile<128x64xf16>, !tile.tile<64x64xf32>
      scf.yield %next : !tile.tile<64x64xf32>
    }
    %out = tile.convert %acc : !tile.tile<64x64xf32> -> !tile.tile<64x64xf16>
    tile.store %out, %vc[%bm, %bn] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>>
    gpu.return
  }

  gpu.func @batch_matmul(%a: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %b: !tile.array<?x?x?xf16, strides [?, ?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 8, 1>},
      %c: !tile.array<?x?x?xf16, strides [?, ?, 1]>) kernel
      attributes {tile.num_warps = 8, tile.warp_specialize = true} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %bb = tile.bid 2
    %va = tile.make_view %a : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x64x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 2 : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x3 = tile.load %va[%bb, %bm, %kt] : !tile.view<1x128x64, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %y3 = tile.load %vb[%bb, %kt, %bn] : !tile.view<1x64x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>, padding zero>
      %x = tile.reshape %x3 : !tile.tile<1x128x64xf16> -> !tile.tile<128x64xf16>
      %y = tile.reshape %y3 : !tile.tile<1x64x128xf16> -> !tile.tile<64x128xf16>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x128xf16>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %vc = tile.make_view %c : !tile.array<?x?x?xf16, strides [?, ?, 1]> -> !tile.view<1x128x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    %out = tile.convert %acc : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>
    %out3 = tile.reshape %out : !tile.tile<128x128xf16> -> !tile.tile<1x128x128xf16>
    tile.store %out3, %vc[%bb, %bm, %bn] : !tile.view<1x128x128, !tile.array<?x?x?xf16, strides [?, ?, 1]>>
    gpu.return
  }

  gpu.func @fp8_matmul_nt(%a: !tile.array<?x?xf8E4M3FN, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 16, 1>},
      %w: !tile.array<?x?xf8E4M3FN, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 16, 1>},
      %c: !tile.array<?x?xf32, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8, tile.warp_specialize = true} {
    %bm = tile.bid 0
    %bn = tile.bid 1
    %va = tile.make_view %a : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %vw = tile.make_view %w : !tile.array<?x?xf8E4M3FN, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
    %steps = tile.to_scalar %tiles : !tile.tile<si32> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<128x128xf32>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (!tile.tile<128x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%bm, %kt] : !tile.view<128x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %wt = tile.load %vw[%bn, %kt] : !tile.view<128x128, !tile.array<?x?xf8E4M3FN, strides [?, 1]>, padding zero>
      %y = tile.permute %wt [1, 0] : !tile.tile<128x128xf8E4M3FN> -> !tile.tile<128x128xf8E4M3FN>
      %next = tile.mma %x, %y, %sum : !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf8E4M3FN>, !tile.tile<128x128xf32>
      scf.yield %next : !tile.tile<128x128xf32>
    }
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    tile.store %acc, %vc[%bm, %bn] : !tile.view<128x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
  // matmul_128x256x64 as a persistent kernel: a loop over the tiles of C (grouped
  // order, 8 tile rows a group) around the loop over K. On sm_90a its
  // producer's copies run on through the tiles, so that the next tile's
  // stages fill while the consumers store this one; at PTX ISA 8.0 without
  // wgmma the block issues tensor copies itself, its barriers initialized
  // once before the loop over the tiles, which carries their stages and
  // phase on; cp.async on sm_80.
  gpu.func @matmul_128x256x64_persistent(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                  %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8, tile.warp_specialize = true} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %rows = tile.num_tiles %va, 0 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %cols = tile.num_tiles %vb, 1 : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %total = tile.mul %rows, %cols : !tile.tile<si32>
    %first_tile = tile.bid 0
    %blocks = tile.num_blocks 0
    %start = tile.to_scalar %first_tile : !tile.tile<si32> -> index
    %end = tile.to_scalar %total : !tile.tile<si32> -> index
    %stride = tile.to_scalar %blocks : !tile.tile<si32> -> index
    %group = tile.constant dense<8> : !tile.tile<si32>
    %per_group = tile.mul %group, %cols : !tile.tile<si32>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
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
        %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %vb[%kt, %bn] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
        scf.yield %next : !tile.tile<128x256xf32>
      }
      %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
      tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    }
    gpu.return
  }
  // The persistent kernel without a producer warp: on sm_90a too the block
  // issues its tensor copies itself through the loop over the tiles.
  gpu.func @matmul_128x256x64_persistent_plain(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                  %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                  %c: !tile.array<?x?xf16, strides [?, 1]>) kernel
      attributes {tile.num_warps = 8, tile.warp_specialize = false} {
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    %rows = tile.num_tiles %va, 0 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %cols = tile.num_tiles %vb, 1 : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %total = tile.mul %rows, %cols : !tile.tile<si32>
    %first_tile = tile.bid 0
    %blocks = tile.num_blocks 0
    %start = tile.to_scalar %first_tile : !tile.tile<si32> -> index
    %end = tile.to_scalar %total : !tile.tile<si32> -> index
    %stride = tile.to_scalar %blocks : !tile.tile<si32> -> index
    %group = tile.constant dense<8> : !tile.tile<si32>
    %per_group = tile.mul %group, %cols : !tile.tile<si32>
    %tiles = tile.num_tiles %va, 1 : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
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
        %x = tile.load %va[%bm, %kt] : !tile.view<128x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %y = tile.load %vb[%kt, %bn] : !tile.view<64x256, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
        %next = tile.mma %x, %y, %sum : !tile.tile<128x64xf16>, !tile.tile<64x256xf16>, !tile.tile<128x256xf32>
        scf.yield %next : !tile.tile<128x256xf32>
      }
      %out = tile.convert %acc : !tile.tile<128x256xf32> -> !tile.tile<128x256xf16>
      tile.store %out, %vc[%bm, %bn] : !tile.view<128x256, !tile.array<?x?xf16, strides [?, 1]>>
    }
    gpu.return
  }
}
