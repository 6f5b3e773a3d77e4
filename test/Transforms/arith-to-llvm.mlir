// cudapy-arith-to-llvm: arith ops whose types the LLVM dialect keeps become
// the LLVM ops arith-to-llvm makes of them (flags converted the same way).
// Constants, ops on index or narrow floats, a truncf with a rounding mode,
// remf, maxnumf and minnumf (libdevice calls on GPUs) and a bitcast to its
// own type stay for convert-gpu-to-nvvm. An op that folds is folded first,
// as that conversion does. The last RUN lines check that the module
// convert-gpu-to-nvvm then makes is the one it makes alone.
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-arith-to-llvm))' | FileCheck %s
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}))' -o %t.alone.mlir
// RUN: cudapy-opt %s --pass-pipeline='builtin.module(gpu.module(cudapy-arith-to-llvm,convert-gpu-to-nvvm{index-bitwidth=64}))' -o %t.direct.mlir
// RUN: diff %t.alone.mlir %t.direct.mlir

gpu.module @m {
  // CHECK-LABEL: func.func @integers
  func.func @integers(%a: i32, %b: i32, %w: i64) -> i32 {
    // Constants stay (convert-gpu-to-nvvm merges equal ones per dialect).
    // CHECK: %[[C:.*]] = arith.constant 7 : i32
    %c = arith.constant 7 : i32
    // CHECK: %[[S:.*]] = llvm.add %{{.*}}, %{{.*}} overflow<nsw> : i32
    %s = arith.addi %a, %b overflow<nsw> : i32
    // CHECK: llvm.sub %[[S]], %[[C]] : i32
    %d = arith.subi %s, %c : i32
    // CHECK: llvm.mul %{{.*}}, %[[C]] overflow<nsw, nuw> : i32
    %m = arith.muli %d, %c overflow<nsw, nuw> : i32
    // CHECK: llvm.shl
    %l = arith.shli %m, %b : i32
    // CHECK: llvm.ashr
    %r = arith.shrsi %l, %b : i32
    // CHECK: llvm.lshr
    %u = arith.shrui %r, %b : i32
    // CHECK: llvm.and
    %x = arith.andi %u, %a : i32
    // CHECK: llvm.or
    %o = arith.ori %x, %b : i32
    // CHECK: llvm.xor
    %e = arith.xori %o, %a : i32
    // CHECK: llvm.sdiv
    %q = arith.divsi %e, %b : i32
    // CHECK: llvm.udiv
    %v = arith.divui %q, %b : i32
    // CHECK: llvm.srem
    %y = arith.remsi %v, %b : i32
    // CHECK: llvm.urem
    %z = arith.remui %y, %b : i32
    // CHECK: llvm.intr.smax
    %mx = arith.maxsi %z, %a : i32
    // CHECK: llvm.intr.umin
    %mn = arith.minui %mx, %b : i32
    // CHECK: %[[P:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
    %p = arith.cmpi ult, %mn, %a : i32
    // CHECK: llvm.select %[[P]]
    %t = arith.select %p, %mn, %b : i32
    // CHECK: llvm.sext %{{.*}} : i32 to i64
    %wide = arith.extsi %t : i32 to i64
    // CHECK: llvm.zext %{{.*}} : i32 to i64
    %uwide = arith.extui %t : i32 to i64
    %sum = arith.addi %wide, %uwide : i64
    %all = arith.addi %sum, %w : i64
    // CHECK: llvm.trunc %{{.*}} : i64 to i32
    %back = arith.trunci %all : i64 to i32
    return %back : i32
  }

  // CHECK-LABEL: func.func @floats
  func.func @floats(%a: f32, %b: f32, %h: f16, %v: vector<4xf32>) -> f32 {
    // CHECK: llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
    %s = arith.addf %a, %b fastmath<contract> : f32
    // CHECK: llvm.fsub
    %d = arith.subf %s, %b : f32
    // CHECK: llvm.fmul
    %m = arith.mulf %d, %a : f32
    // CHECK: llvm.fdiv
    %q = arith.divf %m, %b : f32
    // CHECK: llvm.fneg
    %n = arith.negf %q : f32
    // maxnumf and minnumf are libdevice calls on GPUs: left.
    // CHECK: arith.maxnumf
    %mx = arith.maxnumf %n, %a : f32
    // CHECK: llvm.intr.minimum
    %mn = arith.minimumf %mx, %b : f32
    // CHECK: llvm.fcmp "olt" %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<nnan>} : f32
    %p = arith.cmpf olt, %mn, %a fastmath<nnan> : f32
    %t = arith.select %p, %mn, %b : f32
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    %x = arith.extf %h : f16 to f32
    %y = arith.addf %t, %x : f32
    // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
    %z = arith.truncf %y : f32 to f16
    // CHECK: llvm.fptosi %{{.*}} : f16 to i32
    %i = arith.fptosi %z : f16 to i32
    // CHECK: llvm.sitofp %{{.*}} : i32 to f32
    %f = arith.sitofp %i : i32 to f32
    // CHECK: llvm.bitcast %{{.*}} : f32 to i32
    %bits = arith.bitcast %f : f32 to i32
    // CHECK: llvm.uitofp %{{.*}} : i32 to f32
    %g = arith.uitofp %bits : i32 to f32
    // CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<4xf32>
    %vs = arith.addf %v, %v : vector<4xf32>
    %first = vector.extract %vs[0] : f32 from vector<4xf32>
    %r = arith.addf %g, %first : f32
    return %r : f32
  }

  // Half and bfloat16 arithmetic and vectors of it, for the equivalence
  // check below.
  // CHECK-LABEL: func.func @halves
  // CHECK-NOT: arith.addf
  func.func @halves(%a: f16, %b: bf16, %v: vector<2xf16>, %w: vector<2xbf16>)
      -> (f16, bf16, vector<2xf16>, vector<2xbf16>) {
    %s = arith.addf %a, %a : f16
    %m = arith.mulf %s, %a fastmath<fast> : f16
    %d = arith.divf %m, %a : f16
    %t = arith.addf %b, %b : bf16
    %u = arith.mulf %t, %b : bf16
    %q = arith.divf %u, %b : bf16
    %x = arith.maximumf %q, %b : bf16
    %p = arith.cmpf ogt, %d, %a : f16
    %r = arith.select %p, %d, %a : f16
    %vs = arith.addf %v, %v : vector<2xf16>
    %ws = arith.mulf %w, %w : vector<2xbf16>
    return %r, %x, %vs, %ws : f16, bf16, vector<2xf16>, vector<2xbf16>
  }

  // CHECK-LABEL: func.func @left
  func.func @left(%i: index, %a: f32, %b: f32, %n: f8E4M3FN, %k: i32) -> i32 {
    // CHECK: arith.addi %{{.*}}, %{{.*}} : index
    %j = arith.addi %i, %i : index
    // CHECK: arith.index_cast
    %c = arith.index_cast %j : index to i32
    // CHECK: arith.remf
    %r = arith.remf %a, %b : f32
    // CHECK: arith.truncf %{{.*}} to_nearest_away : f32 to f16
    %h = arith.truncf %r to_nearest_away : f32 to f16
    // CHECK: arith.extf %{{.*}} : f8E4M3FN to f32
    %w = arith.extf %n : f8E4M3FN to f32
    %s = arith.addf %w, %a : f32
    %hf = arith.extf %h : f16 to f32
    %t = arith.addf %s, %hf : f32
    // Folds (x - x, then y + 0), as convert-gpu-to-nvvm folds them first.
    // CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
    // CHECK-NOT: arith.subi
    // CHECK: %[[OUT:.*]] = llvm.add %[[BITS]], %{{.*}} : i32
    // CHECK: return %[[OUT]]
    %zero = arith.subi %k, %k : i32
    %bits = arith.bitcast %t : f32 to i32
    %sum = arith.addi %bits, %zero : i32
    %out = arith.addi %sum, %c : i32
    return %out : i32
  }
}
