// Line info: the ops' locations reach the PTX as .file/.loc directives (the
// compile unit asks for debug directives only: no DWARF sections), for
// upstream, py and tile kernels alike; --no-line-info (line-info=false)
// leaves them out, and the code is the same either way.

// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: cudapy-compile %s --chip sm_80 --no-line-info -o %t.none.ptx
// RUN: FileCheck %s --check-prefix=NONE < %t.none.ptx
// RUN: cudapy-compile %s --chip sm_80 --emit=llvm -o %t.ll
// RUN: FileCheck %s --check-prefix=LLVM < %t.ll
// RUN: cudapy-opt %s --cudapy-to-ptx="chip=sm_80 line-info=false" | FileCheck %s --check-prefix=NONE
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}
// Only the directives differ (and the labels that anchor them).
// RUN: grep -v -e '^[[:space:]]*[.]loc[[:space:]]' -e '^[[:space:]]*[.]file[[:space:]]' -e 'debug_macinfo' -e '^[$]L__tmp' -e '^[$]L__func' %t.ptx > %t.stripped
// RUN: grep -v -e '^[$]L__tmp' -e '^[$]L__func' %t.none.ptx | diff - %t.stripped

// NONE-NOT: .loc
// NONE-NOT: .file
// NONE-NOT: .section

// LLVM: !DICompileUnit({{.*}}emissionKind: DebugDirectivesOnly
// LLVM: !DISubprogram(name: "store_one"
// LLVM: !DILocation(line: [[@LINE+13]], column: 7, scope:

module attributes {gpu.container_module} {
  gpu.module @lines {
    // PTX-LABEL: .visible .entry store_one(
    // PTX: .loc [[FILE:[0-9]+]] [[@LINE+3]] {{[0-9]+}}
    // PTX-NEXT: mov.u32 %r{{[0-9]+}}, %tid.x;
    gpu.func @store_one(%x: memref<?xf32>, %n: index) kernel {
      %t = gpu.thread_id x
      %i = arith.addi %t, %n : index
      %v = arith.constant 1.0 : f32
      // PTX: .loc [[FILE]] [[@LINE+2]] {{[0-9]+}}
      // PTX: st.global.b32
      memref.store %v, %x[%i] : memref<?xf32>
      gpu.return
    }

    // PTX-LABEL: .visible .entry py_add(
    py.kernel @py_add(%a: !py.array<f32, 1>, %b: !py.int) {
      %i = gpu.thread_id x
      %k = py.cast %i : index to si64
      %x = py.array.getitem %a[%k] : !py.array<f32, 1>, si64
      // PTX: .loc [[FILE]] [[@LINE+2]] {{[0-9]+}}
      // PTX: add.rn.f32
      %y = py.add %x, %b : f32, !py.int -> f32
      py.array.setitem %y, %a[%k] : f32, !py.array<f32, 1>, si64
      py.return
    }

    // PTX-LABEL: .visible .entry tile_add(
    gpu.func @tile_add(%a: !tile.array<?xf32, strides [1]>) kernel {
      %block = tile.bid 0
      %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      // PTX: .loc [[FILE]] [[@LINE+2]] {{[0-9]+}}
      // PTX: ld.global
      %x = tile.load %v[%block] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      %y = tile.add %x, %x : !tile.tile<256xf32>
      // PTX: .loc [[FILE]] [[@LINE+2]] {{[0-9]+}}
      // PTX: st.global
      tile.store %y, %v[%block] : !tile.view<256, !tile.array<?xf32, strides [1]>, padding zero>
      gpu.return
    }
  }
}
// PTX: .file [[FILE]] "{{.*}}line-info.mlir"
