// convert-simt-to-gpu, and the PTX each op becomes.
// RUN: cudapy-opt %s --convert-simt-to-gpu | FileCheck %s --enable-var-scope
// RUN: cudapy-compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o /dev/null %}

gpu.module @m {
  // CHECK-LABEL: py.kernel @positions
  py.kernel @positions(%out: !py.array<si32, 1>) attributes {interop} {
    // CHECK: %[[TX:.*]] = gpu.thread_id y
    // CHECK: py.cast %[[TX]] : index to !py.int
    %ty = simt.thread_idx y
    // CHECK: %[[BD:.*]] = gpu.block_dim x
    // CHECK: %[[BX:.*]] = gpu.block_id x
    // CHECK: %[[T:.*]] = gpu.thread_id x
    // CHECK: %[[M:.*]] = arith.muli %[[BX]], %[[BD]] : index
    // CHECK: %[[A:.*]] = arith.addi %[[M]], %[[T]] : index
    // CHECK: %[[I:.*]] = py.cast %[[A]] : index to !py.int
    %i = simt.tid 1
    py.array.setitem %ty, %out[%i] : !py.int, !py.array<si32, 1>, !py.int
    py.return
  }

  // CHECK-LABEL: py.func @sizes
  // The warp size is a constant (the rewriter puts it first).
  // CHECK: py.constant 32 : !py.int
  py.func @sizes() -> tuple<tuple<!py.int, !py.int>, !py.int, !py.int> {
    // CHECK: %[[BD0:.*]] = gpu.block_dim x
    // CHECK: %[[GD0:.*]] = gpu.grid_dim x
    // CHECK: %[[S0:.*]] = arith.muli %[[BD0]], %[[GD0]] : index
    // CHECK: gpu.grid_dim y
    // CHECK: py.tuple.make
    %g = simt.grid_size 2
    %w = simt.warp_size
    // CHECK: gpu.lane_id
    %l = simt.lane_id
    %t = py.tuple.make(%g, %w, %l) : tuple<!py.int, !py.int>, !py.int, !py.int
    py.return %t : tuple<tuple<!py.int, !py.int>, !py.int, !py.int>
  }

  // CHECK-LABEL: py.kernel @sync
  py.kernel @sync(%out: !py.array<si32, 1>, %p: !py.bool) attributes {interop} {
    // CHECK: gpu.barrier
    simt.syncthreads
    // CHECK: %[[P:.*]] = py.cast %{{.*}} : !py.bool to i1
    // CHECK: %[[W:.*]] = arith.extui %[[P]] : i1 to i32
    // CHECK: nvvm.barrier #nvvm.reduction<popc> %[[W]] -> i32
    %n = simt.syncthreads_count %p : !py.bool
    // CHECK: nvvm.barrier #nvvm.reduction<and>
    // CHECK: nvvm.barrier #nvvm.reduction<or>
    %all = simt.syncthreads_and %p : !py.bool
    %any = simt.syncthreads_or %p : !py.bool
    // CHECK: llvm.inline_asm has_side_effects "fence.sc.sys;", "~{memory}"
    // CHECK: llvm.inline_asm has_side_effects "fence.acq_rel.gpu;", "~{memory}"
    // CHECK: llvm.inline_asm has_side_effects "fence.acq_rel.cta;", "~{memory}"
    // CHECK-NOT: fence
    // CHECK: py.array.setitem
    simt.threadfence
    simt.threadfence memory release scope device
    simt.threadfence memory acquire scope block
    simt.threadfence memory relaxed scope system
    simt.threadfence memory seq_cst scope thread
    %zero = py.constant 0 : !py.int
    py.array.setitem %n, %out[%zero] : !py.int, !py.array<si32, 1>, !py.int
    %allI = py.cast %all : !py.bool to !py.int
    %one = py.constant 1 : !py.int
    py.array.setitem %allI, %out[%one] : !py.int, !py.array<si32, 1>, !py.int
    %anyI = py.cast %any : !py.bool to !py.int
    %two = py.constant 2 : !py.int
    py.array.setitem %anyI, %out[%two] : !py.int, !py.array<si32, 1>, !py.int
    py.return
  }

  // The predicate as a region (the spec's callable): its operations run
  // before the barrier or vote, which takes the yielded bool.
  // CHECK-LABEL: py.kernel @predicate_regions
  py.kernel @predicate_regions(%out: !py.array<si32, 1>, %x: !py.int, %m: ui32) attributes {interop} {
    // CHECK: %[[C:.*]] = py.cmp gt, %{{.*}}, %{{.*}} : !py.int, !py.int -> !py.bool
    // CHECK: %[[B:.*]] = py.cast %[[C]] : !py.bool to i1
    // CHECK: %[[W:.*]] = arith.extui %[[B]] : i1 to i32
    // CHECK: nvvm.barrier #nvvm.reduction<popc> %[[W]] -> i32
    %n = simt.syncthreads_count {
      %zero = py.constant 0 : !py.int
      %c = py.cmp gt, %x, %zero : !py.int, !py.int -> !py.bool
      simt.yield %c : !py.bool
    }
    // CHECK: %[[L:.*]] = gpu.lane_id
    // CHECK: nvvm.vote.sync ballot
    // CHECK-NOT: simt.
    %b = simt.ballot_sync %m {
      %l = simt.lane_id
      %two = py.constant 2 : !py.int
      %r = py.mod %l, %two : !py.int, !py.int -> !py.int
      %one = py.constant 1 : !py.int
      %odd = py.cmp eq, %r, %one : !py.int, !py.int -> !py.bool
      simt.yield %odd : !py.bool
    } : ui32
    %k0 = py.constant 0 : !py.int
    py.array.setitem %n, %out[%k0] : !py.int, !py.array<si32, 1>, !py.int
    %k1 = py.constant 1 : !py.int
    py.array.setitem %b, %out[%k1] policy numbapro : ui32, !py.array<si32, 1>, !py.int
    py.return
  }
}

// PTX: mov.u32 %r{{[0-9]+}}, %tid.y;
// PTX: bar.sync 0;
// PTX: bar.red.popc.u32
// PTX: bar.red.and.pred
// PTX: bar.red.or.pred
// PTX: fence.sc.sys;
// PTX: fence.acq_rel.gpu;
// PTX: fence.acq_rel.cta;
