// tf32 from float32 to nearest on chips that have cvt.rn.tf32.f32 (sm_90
// and PTX ISA 7.8 on): one cvt, whose bits are the software encoding's
// (the 13 low bits zero, every NaN 0x7FFFE000); other roundings, and
// older chips, in integer arithmetic on the bits, NaN selected.
// RUN: cudapy-compile %s --chip sm_90 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null
// RUN: cudapy-compile %s --chip sm_80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

// SM90-LABEL: .entry tf32(
// SM90: cvt.rn.tf32.f32 [[R:%r[0-9]+]], [[X:%r[0-9]+]];
// SM90-NOT: selp
// SM90: st.global.b32 [%{{.*}}], [[R]];
// The rz conversion: the 13 bits dropped, NaN selected, no cvt.
// SM90-NOT: cvt.rz.tf32
// SM90-NOT: cvt.rn.tf32.f32
// SM90-DAG: setp.nan.f32 [[NAN:%p[0-9]+]], [[X]], [[X]];
// SM90-DAG: and.b32 [[CODE:%r[0-9]+]], [[X]], -8192;
// SM90: selp.b32 %r{{[0-9]+}}, 2147475456, [[CODE]], [[NAN]];
// SM90: ret;
// SM80-LABEL: .entry tf32(
// SM80-NOT: cvt.{{.*}}tf32
// SM80: and.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, -8192;
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @tf32(%a: !tile.array<?xf32, strides [1]>) kernel attributes {tile.num_warps = 1} {
      %i = tile.bid 0
      %va = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<32, !tile.array<?xf32, strides [1]>>
      %x = tile.load %va[%i] : !tile.view<32, !tile.array<?xf32, strides [1]>>
      %t = tile.convert %x : !tile.tile<32xf32> -> !tile.tile<32xtf32>
      %f = tile.convert %t : !tile.tile<32xtf32> -> !tile.tile<32xf32>
      tile.store %f, %va[%i] : !tile.view<32, !tile.array<?xf32, strides [1]>>
      %z = tile.convert %x rounding rz : !tile.tile<32xf32> -> !tile.tile<32xtf32>
      %g = tile.convert %z : !tile.tile<32xtf32> -> !tile.tile<32xf32>
      tile.store %g, %va[%i] : !tile.view<32, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
  }
}
