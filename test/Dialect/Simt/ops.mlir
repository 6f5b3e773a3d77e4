// Every simt op round-trips, in the custom and the generic form.
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s

// CHECK-LABEL: py.kernel @positions
py.kernel @positions(%p: !py.bool) {
  // CHECK: simt.thread_idx x
  // CHECK: simt.block_idx y
  // CHECK: simt.block_dim z
  // CHECK: simt.grid_dim x
  %0 = simt.thread_idx x
  %1 = simt.block_idx y
  %2 = simt.block_dim z
  %3 = simt.grid_dim x
  // CHECK: %{{.*}} = simt.tid 1{{$}}
  // CHECK: %{{.*}} = simt.tid 3{{$}}
  // CHECK: %{{.*}} = simt.grid_size 2{{$}}
  %4 = simt.tid 1
  %5 = simt.tid 3
  %6 = simt.grid_size 2
  %t = py.tuple.getitem %5[2] : tuple<!py.int, !py.int, !py.int>
  %g = py.tuple.getitem %6[0] : tuple<!py.int, !py.int>
  // CHECK: simt.warp_size
  // CHECK: simt.lane_id
  %7 = simt.warp_size
  %8 = simt.lane_id
  // CHECK: simt.threadfence{{$}}
  // CHECK: simt.threadfence memory acq_rel scope block
  // CHECK: simt.threadfence scope device
  simt.threadfence
  simt.threadfence memory acq_rel scope block
  simt.threadfence scope device
  // CHECK: simt.shared_array [16, 8] : !py.array<f32, 2>
  // CHECK: simt.local_array [4] order F align 16 : !py.array<si32, 1>
  // CHECK: simt.dynamic_shared_array : !py.array<ui8, 1>
  %sh = simt.shared_array [16, 8] : !py.array<f32, 2>
  %lo = simt.local_array [4] order F align 16 : !py.array<si32, 1>
  %dy = simt.dynamic_shared_array : !py.array<ui8, 1>
  // CHECK: simt.activemask : ui32
  // CHECK: simt.lanemask_lt : ui32
  // CHECK: simt.syncwarp %{{.*}} : ui32
  // CHECK: simt.all_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.any_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.eq_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  // CHECK: simt.ballot_sync %{{.*}}, %{{.*}} : ui32, !py.bool
  %am = simt.activemask : ui32
  %lm = simt.lanemask_lt : ui32
  simt.syncwarp %am : ui32
  %va = simt.all_sync %am, %p : ui32, !py.bool
  %vn = simt.any_sync %am, %p : ui32, !py.bool
  %ve = simt.eq_sync %am, %p : ui32, !py.bool
  %vb = simt.ballot_sync %am, %p : ui32, !py.bool
  // CHECK: simt.shfl_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, f64, !py.int
  // CHECK: simt.shfl_up_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, complex<f32>, !py.int
  // CHECK: simt.shfl_down_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, si8, !py.int
  // CHECK: simt.shfl_xor_sync %{{.*}}, %{{.*}}, %{{.*}} : ui32, !py.bool, ui32
  %f64 = py.constant 1.5 : f64
  %c64 = py.constant (1.0, 2.0) : complex<f32>
  %s8 = py.constant -3 : si8
  %one = py.constant 1 : !py.int
  %x0 = simt.shfl_sync %am, %f64, %one : ui32, f64, !py.int
  %x1 = simt.shfl_up_sync %am, %c64, %one : ui32, complex<f32>, !py.int
  %x2 = simt.shfl_down_sync %am, %s8, %one : ui32, si8, !py.int
  %x3 = simt.shfl_xor_sync %am, %p, %am : ui32, !py.bool, ui32
  // CHECK: simt.popc %{{.*}} : ui32
  // CHECK: simt.clz %{{.*}} : si8
  // CHECK: simt.ffs %{{.*}} : !py.int
  // CHECK: simt.brev %{{.*}} : ui32
  // CHECK: simt.cbrt %{{.*}} : f64
  // CHECK: simt.fma %{{.*}}, %{{.*}}, %{{.*}} : f64
  %pc = simt.popc %am : ui32
  %cz = simt.clz %s8 : si8
  %fs = simt.ffs %one : !py.int
  %br = simt.brev %am : ui32
  %cr = simt.cbrt %f64 : f64
  %fm = simt.fma %f64, %f64, %f64 : f64
  // CHECK: simt.syncthreads
  // CHECK: simt.syncthreads_count %{{.*}} : !py.bool
  // CHECK: simt.syncthreads_and %{{.*}} : i1
  // CHECK: simt.syncthreads_or %{{.*}} : !py.bool
  simt.syncthreads
  %n = simt.syncthreads_count %p : !py.bool
  %i1 = py.cast %p : !py.bool to i1
  %all = simt.syncthreads_and %i1 : i1
  %any = simt.syncthreads_or %p : !py.bool
  py.return
}
