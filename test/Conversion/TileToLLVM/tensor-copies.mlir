// convert-tile-to-llvm of tensor copies (tile-pipeline-loads makes them on
// sm_90 and later from arrays with 16-byte facts). Each array a tensor copy
// reads gets a tensor-map parameter after its own (!llvm.ptr; the metadata
// lists box and swizzle, and the kernel's cudapy.tensor_map_params the
// parameter, which cudapy-grid-constant-params makes a by-value .param).
// alloc_barriers: thread 0 initializes each barrier for the stage's copies
// and fences that for the accelerator, then the CTA waits. A copy: thread 0
// announces the tile's bytes on its stage's barrier and copies box by box
// (B's 128 columns of float16 are two 128-byte slabs: two boxes, the
// second 64 columns on); barrier_wait tries the barrier's phase until it
// completes. One warpgroup whose wgmmas stay in flight (pending = 1) needs
// no CTA barrier in the iteration: the copies ahead follow its wait for
// the previous iteration's wgmmas, the only readers of their stage.
// RUN: cudapy-opt %s --split-input-file --tile-pipeline-loads --tile-assign-layouts --convert-tile-to-llvm --verify-diagnostics | FileCheck %s

// CHECK-LABEL: gpu.func @matmul(
// CHECK-SAME: %[[A:arg0]]: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %[[AMAP:arg4]]: !llvm.ptr, %[[B:arg5]]: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %[[BMAP:arg9]]: !llvm.ptr, %{{.*}}: !llvm.ptr<1>
// CHECK-SAME: cudapy.signature = [{alignment = 16 : i64, {{.*}}params = 5 : i64, {{.*}}tensor_maps = [{box = array<i64: 64, 64>, swizzle = 128 : i64}], {{.*}}}, {alignment = 16 : i64, {{.*}}params = 5 : i64, {{.*}}tensor_maps = [{box = array<i64: 64, 64>, swizzle = 128 : i64}], {{.*}}}, {{{.*}}params = 4 : i64, {{.*}}}, {kind = "scalar", {{.*}}}]
// CHECK-SAME: cudapy.tensor_map_params = array<i64: 4, 9>
// CHECK: scf.if
// CHECK: nvvm.mbarrier.init %{{.*}}, %[[TWO:.*]] : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.mbarrier.init
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %c8192_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %[[AMAP]], %[[BAR]], box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BBAR:.*]], %c16384_i32 : !llvm.ptr<3>, i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[BMAP]], %[[BBAR]], box[%{{.*}}, %{{.*}}]
// CHECK: %[[SECOND:.*]] = arith.addi %{{.*}}, %c64_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[BMAP]], %[[BBAR]], box[%[[SECOND]], %{{.*}}]
// CHECK: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.cp.async.bulk.tensor
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @matmul(%a: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %b: !tile.array<?x?xf16, strides [?, 1]> {tile.alignment = 16 : i64, tile.stride_divisibility = array<i64: 8, 1>},
                   %c: !tile.array<?x?xf32, strides [?, 1]>, %n: index) kernel {
    %i = tile.bid 0
    %va = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vb = tile.make_view %b : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %vc = tile.make_view %c : !tile.array<?x?xf32, strides [?, 1]> -> !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = tile.constant dense<0.0> : !tile.tile<64x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (!tile.tile<64x128xf32>) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %y = tile.load %vb[%kt, %i] : !tile.view<64x128, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
      %next = tile.mma %x, %y, %sum : !tile.tile<64x64xf16>, !tile.tile<64x128xf16>, !tile.tile<64x128xf32>
      scf.yield %next : !tile.tile<64x128xf32>
    }
    tile.store %acc, %vc[%i, %i] : !tile.view<64x128, !tile.array<?x?xf32, strides [?, 1]>>
    gpu.return
  }
}

// -----

// A tensor copy reads a view of a kernel argument: the tensor map is the
// runtime's, made from the argument.
gpu.module @m attributes {target.chip = "sm_90a"} {
  gpu.func @made(%p: !tile.tile<!tile.ptr<f16>>, %m: !tile.tile<si32>, %ld: !tile.tile<si64>, %i: !tile.tile<si32>, %s: index) kernel {
    %a = tile.make_array %p shape [%m, %m] strides [%ld] : !tile.tile<!tile.ptr<f16>> -> !tile.array<?x?xf16, strides [?, 1]>
    %v = tile.make_view %a : !tile.array<?x?xf16, strides [?, 1]> -> !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>
    %bars = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    %buf = tile.alloc_shared : !tile.shared<2x64x64xf16>
    // expected-error @below {{'tile.async_copy' op copies by tensor map only views of kernel arguments}}
    tile.async_copy %v[%i, %i], %buf[%s] barrier %bars[%s] : !tile.view<64x64, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<2x64x64xf16>, !tile.barriers<2>
    gpu.return
  }
}

// -----

// Tensor copies need sm_90 and PTX ISA 8.0: a diagnostic elsewhere (IR
// written by hand), not a failure of NVPTX's instruction selection.
gpu.module @m attributes {target.chip = "sm_80"} {
  gpu.func @old_chip() kernel {
    // expected-error @below {{'tile.alloc_barriers' op needs the tensor memory accelerator and its barriers, which sm_80 lacks (sm_90 and later have them)}}
    %bars = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx78">] attributes {target.chip = "sm_90"} {
  gpu.func @old_ptx(%s: index, %p: i1) kernel {
    // expected-error @below {{'tile.alloc_barriers' op needs PTX ISA 8.0 or later for the tensor memory accelerator's barriers; the module's is 7.8}}
    %bars = tile.alloc_barriers {arrivals = 1} : !tile.barriers<2>
    tile.barrier_wait %bars[%s], %p : !tile.barriers<2>
    gpu.return
  }
}
