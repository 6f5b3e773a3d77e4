// Found by cudapy-fuzz-compile (2026-11-28): a stray `@` before `->` in an
// op's type list. Upstream's lexer reports "@ identifier expected to start
// with letter or '_'" (twice), yet the parse goes on and returns a module,
// and the compile used to succeed with PTX and that error in its
// diagnostics. A compile that reported an error now fails, with no PTX.
// RUN: rm -f %t.ptx && not cudapy-compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// CHECK: lexer-error-accepted.mlir:14:63: error: @ identifier expected to start with letter or '_'
gpu.module @m {
  gpu.func @copy(%a: !tile.array<?xf32, strides [1]>, %b: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 2} {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    // The `@` is the fuzzer's.
    %vb = tile.make_view %b : !tile.array<?xf32, strides [1]>@-> !tile.view<256, !tile.array<?xf32, strides [1]>>
    %x = tile.load %va[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding neg_inf>
    tile.store %x, %vb[%i] : !tile.view<256, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
