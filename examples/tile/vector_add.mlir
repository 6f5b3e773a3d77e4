// cuTile-style vector add: each tile block (one CTA of 4 warps) adds one
// tile of 1024 elements. The last tile of an array whose length is not a
// multiple of 1024 reads zeros past the end and its store writes only the
// elements inside. Launch: grid ceil(n / 1024), block 128.
module attributes {gpu.container_module} {
  gpu.module @vector_add {
    gpu.func @vector_add(%a: !tile.array<?xf32, strides [1]>,
                         %b: !tile.array<?xf32, strides [1]>,
                         %c: !tile.array<?xf32, strides [1]>) kernel {
      %block = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %va[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %y = tile.load %vb[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %z = tile.add %x, %y : !tile.tile<1024xf32>
      tile.store %z, %vc[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }

    // The same in float16: 2048 elements per tile, 8 per thread (16 bytes).
    gpu.func @vector_add_f16(%a: !tile.array<?xf16, strides [1]>,
                             %b: !tile.array<?xf16, strides [1]>,
                             %c: !tile.array<?xf16, strides [1]>) kernel {
      %block = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf16, strides [1]> -> !tile.view<2048, !tile.array<?xf16, strides [1]>, padding zero>
      %vb = tile.make_view %b : !tile.array<?xf16, strides [1]> -> !tile.view<2048, !tile.array<?xf16, strides [1]>, padding zero>
      %vc = tile.make_view %c : !tile.array<?xf16, strides [1]> -> !tile.view<2048, !tile.array<?xf16, strides [1]>>
      %x = tile.load %va[%block] : !tile.view<2048, !tile.array<?xf16, strides [1]>, padding zero>
      %y = tile.load %vb[%block] : !tile.view<2048, !tile.array<?xf16, strides [1]>, padding zero>
      %z = tile.add %x, %y : !tile.tile<2048xf16>
      tile.store %z, %vc[%block] : !tile.view<2048, !tile.array<?xf16, strides [1]>>
      gpu.return
    }
  }
}
