// simt.print becomes gpu.printf (vprintf) with each value as CUDA's printf
// reads it (narrow integers widened to 32 bits by their signedness, bools
// as 0 or 1, floats as doubles); simt.assert becomes cf.assert, which the
// NVVM lowering makes __assertfail with the op's file, line and function
// (CUDA C++ Programming Guide 7.34, 7.31). The assertions option (and the
// cudapy-strip-assertions pass) removes simt, tile and cf assertions.
// RUN: cudapy-opt %s --py-legalize --convert-py-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=GLOBALS < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: cudapy-compile %s --chip sm_80 --no-assertions -o %t.none.ptx
// RUN: FileCheck %s --check-prefix=NONE < %t.none.ptx
// RUN: cudapy-opt %s --cudapy-strip-assertions | FileCheck %s --check-prefix=STRIP

gpu.module @debugging {
  // LLVM-LABEL: llvm.func @show(
  // (A kernel's bool arrives as an i8, its f16 by value: the CUDA C++ ABI.)
  // LLVM: %[[B:.+]] = arith.trunci %arg1 : i8 to i1
  // LLVM: %[[H:.+]] = llvm.load %arg6
  // LLVM: %[[BW:.+]] = arith.extui %[[B]] : i1 to i32
  // LLVM: %[[SW:.+]] = arith.extsi %arg2 : i8 to i32
  // LLVM: %[[UW:.+]] = arith.extui %arg3 : i8 to i32
  // LLVM: %[[XW:.+]] = arith.extf %arg5 : f32 to f64
  // LLVM: %[[HW:.+]] = arith.extf %[[H]] : f16 to f64
  // LLVM: gpu.printf "%d %d %d %u %lld %f %g\0A", %arg0, %[[BW]], %[[SW]], %[[UW]], %arg4, %[[XW]], %[[HW]] : i32, i32, i32, i32, i64, f64, f64
  // LLVM: cf.assert %[[B]], "b is set"
  // PTX-LABEL: .visible .entry show(
  // PTX: call.uni (retval0), vprintf,
  // PTX: st.param.b32 [param2], [[@LINE+11]];
  // PTX: call.uni __assertfail,
  // NONE-LABEL: .visible .entry show(
  // NONE: vprintf
  // NONE-NOT: __assertfail
  // STRIP-LABEL: py.kernel @show(
  // STRIP: simt.print
  // STRIP-NOT: simt.assert
  py.kernel @show(%i: !py.int, %b: !py.bool, %s: si8, %u: ui8, %l: si64,
                  %x: f32, %h: f16) {
    simt.print "%d %d %d %u %lld %f %g\n" %i, %b, %s, %u, %l, %x, %h : !py.int, !py.bool, si8, ui8, si64, f32, f16
    simt.assert %b, "b is set" : !py.bool
    py.return
  }

  // A tile assertion goes too.
  // STRIP-LABEL: gpu.func @tile_check(
  // STRIP-NOT: tile.assert
  // STRIP: gpu.return
  // NONE-LABEL: .visible .entry tile_check(
  // NONE-NOT: __assertfail
  gpu.func @tile_check(%a: !tile.array<?xf32, strides [1]>) kernel {
    %block = tile.bid 0
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<128, !tile.array<?xf32, strides [1]>, padding zero>
    %x = tile.load %v[%block] : !tile.view<128, !tile.array<?xf32, strides [1]>, padding zero>
    %zero = tile.constant dense<0.0> : !tile.tile<128xf32>
    %ok = tile.cmp ge %x, %zero : !tile.tile<128xf32>
    tile.assert %ok, "x >= 0" : !tile.tile<128xi1>
    gpu.return
  }
}
// The failing assertion names the file, the line (above) and the function.
// GLOBALS-DAG: .global .align 1 .b8 assert_func_{{[0-9]+}}[5] = {115, 104, 111, 119};
// GLOBALS-DAG: .global .align 1 .b8 assert_message_{{[0-9]+}}[9] = {98, 32, 105, 115, 32, 115, 101, 116};
// GLOBALS-DAG: .global .align 1 .b8 assert_func_{{[0-9]+}}[11] = {116, 105, 108, 101, 95, 99, 104, 101, 99, 107};
