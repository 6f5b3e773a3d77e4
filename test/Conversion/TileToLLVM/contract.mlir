// Float products and sums that round to nearest contract into fused
// multiply-adds (nvcc's --fmad=true, Triton's default): a * b + c and
// a * b - c become one fma each; an explicit rounding mode (rn too) keeps
// the product and the sum apart.
// RUN: cudapy-compile %s --chip sm_90 -o - | FileCheck %s

// CHECK-LABEL: .entry contract(
// CHECK: fma.rn.f32
// CHECK: fma.rn.f32
// CHECK-NOT: fma.rn.f32
// CHECK: mul.rz.f32
// CHECK: add.rz.f32
// CHECK: mul.rn.f32
// CHECK: add.rn.f32
// CHECK: ret;
gpu.module @m {
  gpu.func @contract(%a: !tile.array<?xf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
    %i = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<1, !tile.array<?xf32, strides [1]>>
    %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1, !tile.array<?xf32, strides [1]>>
    %x = tile.load %v[%i] : !tile.view<1, !tile.array<?xf32, strides [1]>>
    %p = tile.mul %x, %x : !tile.tile<1xf32>
    %s = tile.add %p, %x : !tile.tile<1xf32>
    %q = tile.mul %s, %s : !tile.tile<1xf32>
    %d = tile.sub %q, %x : !tile.tile<1xf32>
    %r = tile.mul %d, %d rounding rz : !tile.tile<1xf32>
    %t = tile.add %r, %x rounding rz : !tile.tile<1xf32>
    %u = tile.mul %t, %t rounding rn : !tile.tile<1xf32>
    %w = tile.add %u, %x rounding rn : !tile.tile<1xf32>
    tile.store %w, %vo[%i] : !tile.view<1, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}
