// cuTile-style vector add: each tile block adds one tile of 1024 elements.
// The last tile of an array whose length is not a multiple of 1024 reads
// zeros past the end and its store writes only the elements inside.
func.func @vector_add(%a: !tile.array<?xf32, strides [1]>,
                      %b: !tile.array<?xf32, strides [1]>,
                      %c: !tile.array<?xf32, strides [1]>) {
  %block = tile.bid 0
  %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
  %vb = tile.make_view %b : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
  %vc = tile.make_view %c : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
  %x = tile.load %va[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
  %y = tile.load %vb[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
  %z = tile.add %x, %y : !tile.tile<1024xf32>
  tile.store %z, %vc[%block] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
  return
}
