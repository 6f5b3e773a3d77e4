// Atomics compile to PTX with the memory order and scope they name: ld/st
// with .relaxed/.acquire/.release, atom with .sem and .scope, fence.sc first
// for seq_cst; CAS loops where PTX has no instruction.
// RUN: cudapy-compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_90 %t.ptx -o /dev/null %}
// RUN: cudapy-compile %s --chip sm_80 -o %t.80.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.80.ptx -o /dev/null %}

!mutex = !py.struct<"ticket_mutex", (line: !py.atomic<si32, align 16>, current: !py.atomic<si32, align 16>)>
gpu.module @m {
  // CHECK-LABEL: .entry loads(
  // Thread scope is widened to the block (cta): PTX has nothing narrower.
  // CHECK: ld.relaxed.cta.global.b32
  // CHECK: ld.acquire.gpu.global.b32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: ld.acquire.sys.global.b32
  // consume is acquire.
  // CHECK: ld.acquire.cta.global.b32
  py.kernel @loads(%a: !py.array<si32, 1>, %out: !py.array<si32, 1>) {
    %k = py.constant 0 : !py.int
    %r = simt.atomic_ref %a[%k] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    %x = simt.atomic_load %r memory relaxed scope thread : !simt.atomic_ref<si32>
    %y = simt.atomic_load %r memory acquire scope device : !simt.atomic_ref<si32>
    %z = simt.atomic_load %r : !simt.atomic_ref<si32>
    %w = simt.atomic_load %r memory consume scope block : !simt.atomic_ref<si32>
    %s1 = py.add %x, %y : si32, si32 -> si32
    %s2 = py.add %z, %w : si32, si32 -> si32
    %s = py.add %s1, %s2 : si32, si32 -> si32
    py.array.setitem %s, %out[%k] : si32, !py.array<si32, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry stores(
  // CHECK: st.relaxed.gpu.global.b32
  // CHECK: st.release.sys.global.b32
  // CHECK: fence.sc.cta;
  // CHECK-NEXT: st.release.cta.global.b32
  py.kernel @stores(%a: !py.array<si32, 1>, %v: si32) {
    %k = py.constant 0 : !py.int
    %r = simt.atomic_ref %a[%k] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    simt.atomic_store %r, %v memory relaxed scope device : !simt.atomic_ref<si32>
    simt.atomic_store %r, %v memory release : !simt.atomic_ref<si32>
    simt.atomic_store %r, %v scope block : !simt.atomic_ref<si32>
    py.return
  }
  // CHECK-LABEL: .entry rmw_integers(
  // CHECK: atom.acq_rel.gpu.add.u32
  // sub adds the negation (PTX has no atom.sub).
  // CHECK: neg.s64
  // CHECK: atom.release.sys.add.u64
  // CHECK: atom.relaxed.cta.and.b32
  // CHECK: atom.acquire.gpu.or.b64
  // CHECK: atom.relaxed.gpu.xor.b32
  // CHECK: atom.relaxed.gpu.max.s64
  // CHECK: atom.relaxed.gpu.min.u64
  // Integer nanmax/nanmin are max/min.
  // CHECK: atom.relaxed.gpu.max.s32
  // CHECK: atom.relaxed.gpu.min.s64
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.exch.b64
  py.kernel @rmw_integers(%a: !py.array<si32, 1>, %b: !py.array<ui64, 1>, %c: !py.array<si64, 1>,
                          %v: si32, %u: ui64, %s: si64, %out: !py.array<si64, 1>) {
    %k = py.constant 0 : !py.int
    %ra = simt.atomic_ref %a[%k] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    %rb = simt.atomic_ref %b[%k] : !py.array<ui64, 1>, !py.int -> !simt.atomic_ref<ui64>
    %rc = simt.atomic_ref %c[%k] : !py.array<si64, 1>, !py.int -> !simt.atomic_ref<si64>
    %0 = simt.atomic_rmw add %ra, %v memory acq_rel scope device : !simt.atomic_ref<si32>
    %1 = simt.atomic_rmw sub %rb, %u memory release : !simt.atomic_ref<ui64>
    %2 = simt.atomic_rmw and %ra, %0 memory relaxed scope block : !simt.atomic_ref<si32>
    %3 = simt.atomic_rmw or %rb, %1 memory acquire scope device : !simt.atomic_ref<ui64>
    %4 = simt.atomic_rmw xor %ra, %2 memory relaxed scope device : !simt.atomic_ref<si32>
    %5 = simt.atomic_rmw max %rc, %s memory relaxed scope device : !simt.atomic_ref<si64>
    %6 = simt.atomic_rmw min %rb, %3 memory relaxed scope device : !simt.atomic_ref<ui64>
    %7 = simt.atomic_rmw nanmax %ra, %4 memory relaxed scope device : !simt.atomic_ref<si32>
    %8 = simt.atomic_rmw nanmin %rc, %5 memory relaxed scope device : !simt.atomic_ref<si64>
    %9 = simt.atomic_rmw exch %rc, %8 : !simt.atomic_ref<si64>
    %t0 = py.add %6, %9 policy numbapro : ui64, si64 -> f64
    %t1 = py.add %7, %t0 policy numbapro : si32, f64 -> f64
    py.array.setitem %t1, %out[%k] policy numbapro : f64, !py.array<si64, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry rmw_floats(
  // CHECK: atom.relaxed.gpu.add.f32
  // CHECK: xor.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -9223372036854775808;
  // CHECK: atom.relaxed.gpu.add.f64
  // CHECK: atom.relaxed.gpu.exch.b32
  // Float max and nanmin: a CAS loop from a load of the object.
  // CHECK: ld.relaxed.gpu.global.b32
  // CHECK: atom.relaxed.gpu.global.cas.b32
  // CHECK: ld.relaxed.cta.global.b64
  // CHECK: atom.acq_rel.cta.global.cas.b64
  py.kernel @rmw_floats(%a: !py.array<f32, 1>, %b: !py.array<f64, 1>, %v: f32, %w: f64,
                        %out: !py.array<f64, 1>) {
    %k = py.constant 0 : !py.int
    %ra = simt.atomic_ref %a[%k] : !py.array<f32, 1>, !py.int -> !simt.atomic_ref<f32>
    %rb = simt.atomic_ref %b[%k] : !py.array<f64, 1>, !py.int -> !simt.atomic_ref<f64>
    %0 = simt.atomic_rmw add %ra, %v memory relaxed scope device : !simt.atomic_ref<f32>
    %1 = simt.atomic_rmw sub %rb, %w memory relaxed scope device : !simt.atomic_ref<f64>
    %2 = simt.atomic_rmw exch %ra, %0 memory relaxed scope device : !simt.atomic_ref<f32>
    %3 = simt.atomic_rmw max %ra, %2 memory relaxed scope device : !simt.atomic_ref<f32>
    %4 = simt.atomic_rmw nanmin %rb, %1 memory acq_rel scope block : !simt.atomic_ref<f64>
    %t = py.add %3, %4 : f32, f64 -> f64
    py.array.setitem %t, %out[%k] : f64, !py.array<f64, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry wrapping(
  // inc/dec wrap at the value: atom.inc/dec.u32; 64 bits in a CAS loop
  // (unsigned: dec's `value if this == 0 or this > value else this - 1` is
  // min(this - 1, value) once LLVM is done with it).
  // CHECK: atom.relaxed.gpu.inc.u32
  // CHECK: fence.sc.sys;
  // CHECK-NEXT: atom.acquire.sys.dec.u32
  // CHECK: setp.{{(ge|lt)}}.u64
  // CHECK: atom.relaxed.gpu.global.cas.b64
  // CHECK: min.u64
  // CHECK: atom.acq_rel.cta.global.cas.b64
  py.kernel @wrapping(%a: !py.array<ui32, 1>, %b: !py.array<ui64, 1>, %v: ui32, %w: ui64,
                      %out: !py.array<ui64, 1>) {
    %k = py.constant 0 : !py.int
    %ra = simt.atomic_ref %a[%k] : !py.array<ui32, 1>, !py.int -> !simt.atomic_ref<ui32>
    %rb = simt.atomic_ref %b[%k] : !py.array<ui64, 1>, !py.int -> !simt.atomic_ref<ui64>
    %0 = simt.atomic_rmw inc %ra, %v memory relaxed scope device : !simt.atomic_ref<ui32>
    %1 = simt.atomic_rmw dec %ra, %0 : !simt.atomic_ref<ui32>
    %2 = simt.atomic_rmw inc %rb, %w memory relaxed scope device : !simt.atomic_ref<ui64>
    %3 = simt.atomic_rmw dec %rb, %2 memory acq_rel scope block : !simt.atomic_ref<ui64>
    %s = py.add %1, %3 : ui32, ui64 -> ui64
    py.array.setitem %s, %out[%k] : ui64, !py.array<ui64, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry cas(
  // CHECK: atom.acq_rel.cta.global.cas.b32
  // A float compares by value: a loop around the CAS of its bits.
  // CHECK: ld.relaxed.gpu.global.b32
  // CHECK: setp.{{.*}}.f32
  // CHECK: atom.relaxed.gpu.global.cas.b32
  py.kernel @cas(%a: !py.array<si32, 1>, %f: !py.array<f32, 1>, %o: si32, %v: si32, %x: f32,
                 %out: !py.array<f64, 1>) {
    %k = py.constant 0 : !py.int
    %ra = simt.atomic_ref %a[%k] : !py.array<si32, 1>, !py.int -> !simt.atomic_ref<si32>
    %rf = simt.atomic_ref %f[%k] : !py.array<f32, 1>, !py.int -> !simt.atomic_ref<f32>
    %0 = simt.atomic_cas %ra, %o, %v memory acq_rel scope block : !simt.atomic_ref<si32>
    %1 = simt.atomic_cas %rf, %x, %x memory relaxed scope device : !simt.atomic_ref<f32>
    %t = py.add %0, %1 policy numbapro : si32, f32 -> f64
    py.array.setitem %t, %out[%k] : f64, !py.array<f64, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry small(
  // 1- and 2-byte objects: b8/b16 loads and stores, CAS loops on the word.
  // CHECK: atom.relaxed.gpu.global.cas.b32
  // CHECK: ld.acquire.gpu.global.b16
  // CHECK: atom.relaxed.gpu.global.cas.b32
  // CHECK: st.relaxed.gpu.global.b8
  py.kernel @small(%a: !py.array<ui8, 1>, %h: !py.array<f16, 1>, %p: !py.array<i1, 1>,
                   %e: !py.array<f8E4M3FN, 1>, %v: ui8, %w: f16, %q: i1, %g: f8E4M3FN) {
    %k = py.constant 0 : !py.int
    %ra = simt.atomic_ref %a[%k] : !py.array<ui8, 1>, !py.int -> !simt.atomic_ref<ui8>
    %rh = simt.atomic_ref %h[%k] : !py.array<f16, 1>, !py.int -> !simt.atomic_ref<f16>
    %rp = simt.atomic_ref %p[%k] : !py.array<i1, 1>, !py.int -> !simt.atomic_ref<i1>
    %re = simt.atomic_ref %e[%k] : !py.array<f8E4M3FN, 1>, !py.int -> !simt.atomic_ref<f8E4M3FN>
    %0 = simt.atomic_rmw exch %ra, %v memory relaxed scope device : !simt.atomic_ref<ui8>
    %1 = simt.atomic_load %rh memory acquire scope device : !simt.atomic_ref<f16>
    %2 = simt.atomic_rmw exch %rh, %1 memory relaxed scope device : !simt.atomic_ref<f16>
    %3 = simt.atomic_cas %rp, %q, %q memory relaxed scope device : !simt.atomic_ref<i1>
    simt.atomic_store %re, %g memory relaxed scope device : !simt.atomic_ref<f8E4M3FN>
    %4 = simt.atomic_cas %re, %g, %g memory relaxed scope device : !simt.atomic_ref<f8E4M3FN>
    py.array.setitem %0, %a[%k] : ui8, !py.array<ui8, 1>, !py.int
    py.array.setitem %2, %h[%k] : f16, !py.array<f16, 1>, !py.int
    py.array.setitem %3, %p[%k] : i1, !py.array<i1, 1>, !py.int
    py.array.setitem %4, %e[%k] : f8E4M3FN, !py.array<f8E4M3FN, 1>, !py.int
    py.return
  }
  // CHECK-LABEL: .entry member(
  // ticket_mutex.current sits 16 bytes into the element.
  // CHECK: add.s64 [[P:%rd[0-9]+]], {{%rd[0-9]+}}, 16;
  // CHECK: atom.release.gpu.add.u32 {{%r[0-9]+}}, [[[P]]],
  py.kernel @member(%m: !py.array<!mutex, 1>, %i: si32, %out: !py.array<si32, 1>) {
    %r = simt.atomic_ref %m[%i] member ["current"] : !py.array<!mutex, 1>, si32 -> !simt.atomic_ref<si32>
    %one = py.constant 1 : si32
    %x = simt.atomic_rmw add %r, %one memory release scope device : !simt.atomic_ref<si32>
    py.array.setitem %x, %out[%i] : si32, !py.array<si32, 1>, si32
    py.return
  }
  // CHECK-LABEL: .entry padded(
  // A struct with a padding byte: compare-and-swap ignores the padding
  // (a loop comparing the value bytes), and the value written has it zero.
  // CHECK: and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16777215;
  // CHECK: atom.relaxed.gpu.global.cas.b32
  py.kernel @padded(%a: !py.array<!py.struct<"cell", (v: !py.atomic<!py.struct<"p", (a: si16, b: ui8)>>)>, 1>,
                    %o: !py.struct<"p", (a: si16, b: ui8)>, %n: !py.struct<"p", (a: si16, b: ui8)>,
                    %out: !py.array<si16, 1>) {
    %k = py.constant 0 : !py.int
    %r = simt.atomic_ref %a[%k] member ["v"] : !py.array<!py.struct<"cell", (v: !py.atomic<!py.struct<"p", (a: si16, b: ui8)>>)>, 1>, !py.int -> !simt.atomic_ref<!py.struct<"p", (a: si16, b: ui8)>>
    %seen = simt.atomic_cas %r, %o, %n memory relaxed scope device : !simt.atomic_ref<!py.struct<"p", (a: si16, b: ui8)>>
    %x = py.struct.getattr %seen["a"] : !py.struct<"p", (a: si16, b: ui8)>
    py.array.setitem %x, %out[%k] : si16, !py.array<si16, 1>, !py.int
    py.return
  }
}
