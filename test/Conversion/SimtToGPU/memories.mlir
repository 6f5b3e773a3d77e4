// simt memories become py array descriptors over shared globals, allocas
// and the dynamic shared memory (convert-py-to-llvm lowers them).
// RUN: cudapy-opt %s --convert-simt-to-gpu --py-legalize --convert-py-to-llvm | FileCheck %s --enable-var-scope
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx --metadata %t.json
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=META < %t.json
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}

// CHECK-DAG: llvm.mlir.global external @__py_dynamic_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-DAG: llvm.mlir.global internal @__py_shared_0() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<128 x f32>
gpu.module @m {
  // CHECK-LABEL: llvm.func @memories
  // The local array is allocated once, at entry.
  // CHECK: llvm.alloca %{{.*}} x i32 {alignment = 16 : i64}
  // CHECK: llvm.mlir.addressof @__py_shared_0 : !llvm.ptr<3>
  // CHECK: llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr
  // Column-major strides of the local array: 1, 4.
  // CHECK: nvvm.read.ptx.sreg.dynamic.smem.size : i32
  py.kernel @memories(%out: !py.array<f32, 1>) attributes {interop} {
    %t = simt.thread_idx x
    %tile = simt.shared_array [16, 8] : !py.array<f32, 2>
    %scratch = simt.local_array [4, 2] order F align 16 : !py.array<si32, 2>
    %dyn = simt.dynamic_shared_array : !py.array<ui8, 1>
    %zero = py.constant 0 : !py.int
    %one = py.constant 1 : !py.int
    py.array.setitem %t, %scratch[%one, %one] : !py.int, !py.array<si32, 2>, !py.int, !py.int
    %s = py.array.getitem %scratch[%one, %one] : !py.array<si32, 2>, !py.int, !py.int
    %f = py.cast %s : si32 to f32
    py.array.setitem %f, %tile[%zero, %t] : f32, !py.array<f32, 2>, !py.int, !py.int
    simt.syncthreads
    %x = py.array.getitem %tile[%zero, %zero] : !py.array<f32, 2>, !py.int, !py.int
    %n = py.len %dyn : !py.array<ui8, 1>
    %nf = py.cast %n : !py.int to f32
    %y = py.add %x, %nf : f32, f32 -> f32
    py.array.setitem %y, %out[%t] : f32, !py.array<f32, 1>, !py.int
    py.return
  }
}

// PTX: .shared .align 4 .b8 __py_shared_0[512];
// PTX: %dynamic_smem_size

// META: "static_shared_bytes":{{[[:space:]]+}}512
