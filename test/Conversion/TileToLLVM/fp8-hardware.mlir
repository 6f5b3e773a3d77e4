// fp8 conversions on chips that have them (sm_89 and PTX ISA 7.8 on): e4m3
// and e5m2 to float32 through cvt.rn.f16x2 (exact), float32, float16 and
// bfloat16 to them by cvt.rn.satfinite (the software encoding's rounding
// and saturation); other roundings, and older chips, in software.
// RUN: cudapy-compile %s --chip sm_90 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
// RUN: cudapy-compile %s --chip sm_80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

// SM90-LABEL: .entry fp8(
// SM90-DAG: cvt.rn.f16x2.e4m3x2
// SM90-DAG: cvt.rn.f16x2.e5m2x2
// SM90-DAG: cvt.rn.satfinite.e4m3x2.f32
// SM90-DAG: cvt.rn.satfinite.e5m2x2.f32
// The rz conversion stays in software.
// SM90-DAG: cvt.rmi.f32.f32
// Two registers a conversion: 4 elements a thread, 2 cvt each way; the
// inputs' sign bytes gathered by one prmt a pair (NaN keeps its sign).
// SM90-LABEL: .entry pairs(
// SM90-COUNT-2: cvt.rn.f16x2.e4m3x2
// SM90-NOT: cvt.rn.f16x2.e4m3x2
// SM90-COUNT-2: cvt.rn.satfinite.e4m3x2.f32 %rs{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
// SM90-NEXT: prmt.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, 0x73U;
// SM90-NOT: cvt.rn.satfinite.e4m3x2.f32
// SM90-LABEL: .entry single(
// One register a thread: converted alone (the pair's other half unused).
// SM90: cvt.rn.f16x2.e5m2x2
// SM90-NOT: cvt.rn.f16x2.e5m2x2
// SM90: cvt.rn.satfinite.e5m2x2.f32 %rs{{[0-9]+}}, [[X:%r[0-9]+]], [[X]];
// SM90-NOT: cvt.rn.satfinite.e5m2x2.f32
// SM80-LABEL: .entry fp8(
// SM80-NOT: e4m3x2
// SM80-NOT: e5m2x2
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @fp8(%a: !tile.array<?xf8E4M3FN, strides [1]>, %b: !tile.array<?xf8E5M2, strides [1]>,
                  %h: !tile.array<?xf16, strides [1]>) kernel attributes {tile.num_warps = 1} {
      %i = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      %vb = tile.make_view %b : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<128, !tile.array<?xf8E5M2, strides [1]>>
      %vh = tile.make_view %h : !tile.array<?xf16, strides [1]> -> !tile.view<128, !tile.array<?xf16, strides [1]>>
      %x = tile.load %va[%i] : !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      %y = tile.load %vb[%i] : !tile.view<128, !tile.array<?xf8E5M2, strides [1]>>
      %fx = tile.convert %x : !tile.tile<128xf8E4M3FN> -> !tile.tile<128xf32>
      %fy = tile.convert %y : !tile.tile<128xf8E5M2> -> !tile.tile<128xf32>
      %s = tile.add %fx, %fy : !tile.tile<128xf32>
      %nx = tile.convert %s : !tile.tile<128xf32> -> !tile.tile<128xf8E4M3FN>
      tile.store %nx, %va[%i] : !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      %hs = tile.convert %s : !tile.tile<128xf32> -> !tile.tile<128xf16>
      %ny = tile.convert %hs : !tile.tile<128xf16> -> !tile.tile<128xf8E5M2>
      tile.store %ny, %vb[%i] : !tile.view<128, !tile.array<?xf8E5M2, strides [1]>>
      %rz = tile.convert %s rounding rz : !tile.tile<128xf32> -> !tile.tile<128xf8E4M3FN>
      tile.store %rz, %va[%i] : !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %hs, %vh[%i] : !tile.view<128, !tile.array<?xf16, strides [1]>>
      gpu.return
    }
    gpu.func @pairs(%a: !tile.array<?xf8E4M3FN, strides [1]>, %f: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
      %i = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      %vf = tile.make_view %f : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>>
      %x = tile.load %va[%i] : !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      %fx = tile.convert %x : !tile.tile<128xf8E4M3FN> -> !tile.tile<128xf32>
      tile.store %fx, %vf[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
      %y = tile.load %vf[%i] : !tile.view<128, !tile.array<?xf32, strides [1]>>
      %ny = tile.convert %y : !tile.tile<128xf32> -> !tile.tile<128xf8E4M3FN>
      tile.store %ny, %va[%i] : !tile.view<128, !tile.array<?xf8E4M3FN, strides [1]>>
      gpu.return
    }
    gpu.func @single(%b: !tile.array<?xf8E5M2, strides [1]>, %f: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
      %i = tile.bid 0
      %vb = tile.make_view %b : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<32, !tile.array<?xf8E5M2, strides [1]>>
      %vf = tile.make_view %f : !tile.array<?xf32, strides [1]> -> !tile.view<32, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vb[%i] : !tile.view<32, !tile.array<?xf8E5M2, strides [1]>>
      %fx = tile.convert %x : !tile.tile<32xf8E5M2> -> !tile.tile<32xf32>
      %s = tile.add %fx, %fx : !tile.tile<32xf32>
      %ny = tile.convert %s : !tile.tile<32xf32> -> !tile.tile<32xf8E5M2>
      tile.store %ny, %vb[%i] : !tile.view<32, !tile.array<?xf8E5M2, strides [1]>>
      gpu.return
    }
  }
}
