// RUN: cudapy-opt %s --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// Each elementwise op on scalar tiles (one register each): the arith and
// math ops it becomes, with the semantics docs/Tile.md gives it — Python's
// floor division and modulo (the sign of the divisor), shifts by the bit
// width or more, NaN-ignoring max, signed and unsigned variants. Grid ids
// and scalar bridges too. (PTX rounding modes and the ops on tiles are in
// lowering.mlir and ptx.test.)

// CHECK-LABEL: gpu.func @floats
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32)
// CHECK: arith.addf %[[A]], %[[B]] fastmath<contract> : f32
// CHECK: arith.subf %[[A]], %[[B]] fastmath<contract> : f32
// CHECK: arith.mulf %[[A]], %[[B]] fastmath<contract> : f32
// CHECK: arith.divf %[[A]], %[[B]] : f32
// floordiv: floor of the quotient
// CHECK: %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f32
// CHECK: math.floor %[[Q]] : f32
// rem: C's fmod
// CHECK: arith.remf %[[A]], %[[B]] : f32
// mod: fmod, plus the divisor when the signs differ and it is not 0
// CHECK: %[[R:.*]] = arith.remf %[[A]], %[[B]] : f32
// CHECK: %[[NZ:.*]] = arith.cmpf one, %[[R]]
// CHECK: %[[RS:.*]] = arith.cmpf olt, %[[R]]
// CHECK: %[[BS:.*]] = arith.cmpf olt, %[[B]]
// CHECK: %[[DIFF:.*]] = arith.xori %[[RS]], %[[BS]] : i1
// CHECK: %[[FIX:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK: %[[SUM:.*]] = arith.addf %[[R]], %[[B]] : f32
// CHECK: arith.select %[[FIX]], %[[SUM]], %[[R]] : f32
// CHECK: math.powf %[[A]], %[[B]] : f32
// CHECK: arith.maxnumf %[[A]], %[[B]] : f32
// CHECK: arith.minimumf %[[A]], %[[B]] : f32
// CHECK: %[[LE:.*]] = arith.cmpf ole, %[[A]], %[[B]] : f32
// CHECK: arith.select %[[LE]], %[[A]], %[[B]] : f32
// CHECK: arith.negf %[[A]] : f32
// CHECK: math.absf %[[A]] : f32
// CHECK: math.sqrt %[[A]] : f32
// CHECK: math.fma %[[A]], %[[B]], %[[C]] : f32
// CHECK: arith.fptosi %[[A]] : f32 to i32
// CHECK: arith.bitcast %[[A]] : f32 to i32
gpu.module @m {
  gpu.func @floats(%a: !tile.tile<f32>, %b: !tile.tile<f32>, %c: !tile.tile<f32>) kernel {
    %0 = tile.add %a, %b : !tile.tile<f32>
    %1 = tile.sub %a, %b : !tile.tile<f32>
    %2 = tile.mul %a, %b : !tile.tile<f32>
    %3 = tile.div %a, %b : !tile.tile<f32>
    %4 = tile.floordiv %a, %b : !tile.tile<f32>
    %5 = tile.rem %a, %b : !tile.tile<f32>
    %6 = tile.mod %a, %b : !tile.tile<f32>
    %7 = tile.pow %a, %b : !tile.tile<f32>
    %8 = tile.maximum %a, %b : !tile.tile<f32>
    %9 = tile.minimum %a, %b propagate_nan : !tile.tile<f32>
    %10 = tile.cmp le %a, %b : !tile.tile<f32>
    %11 = tile.select %10, %a, %b : !tile.tile<f32>
    %12 = tile.neg %a : !tile.tile<f32>
    %13 = tile.abs %a : !tile.tile<f32>
    %14 = tile.math sqrt %a : !tile.tile<f32>
    %15 = tile.fma %a, %b, %c : !tile.tile<f32>
    %16 = tile.convert %a : !tile.tile<f32> -> !tile.tile<si32>
    %17 = tile.bitcast %a : !tile.tile<f32> -> !tile.tile<ui32>
    gpu.return
  }
}

// Bitcasts of restricted floats: fp8 codes move as they are; to tf32, the
// 32 bits as a float32 toward zero (the 13 low bits cleared, NaN tf32's);
// from tf32, the container.
// CHECK-LABEL: gpu.func @narrow_bitcasts
// CHECK-SAME: (%[[C:.*]]: i8, %[[W:.*]]: i32, %[[T:.*]]: f32)
// CHECK-NOT: arith.bitcast %[[C]]
// CHECK: %[[F:.*]] = arith.bitcast %[[W]] : i32 to f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[F]] : f32 to i32
// CHECK: %[[CODE:.*]] = arith.andi %[[BITS]], %c-8192_i32 : i32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[F]], %[[F]] : f32
// CHECK: arith.select %[[NAN]], %c2147475456_i32, %[[CODE]] : i32
// CHECK: arith.bitcast %[[T]] : f32 to i32
gpu.module @narrow {
  gpu.func @narrow_bitcasts(%c: !tile.tile<ui8>, %w: !tile.tile<ui32>, %t: !tile.tile<tf32>) kernel {
    %0 = tile.bitcast %c : !tile.tile<ui8> -> !tile.tile<f8E4M3FN>
    %1 = tile.bitcast %0 : !tile.tile<f8E4M3FN> -> !tile.tile<f8E5M2>
    %2 = tile.bitcast %w : !tile.tile<ui32> -> !tile.tile<tf32>
    %3 = tile.bitcast %t : !tile.tile<tf32> -> !tile.tile<si32>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @integers
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[U:.*]]: i32, %[[V:.*]]: i32)
// CHECK: arith.divsi %[[A]], %[[B]] : i32
// floordiv: the truncated quotient minus one when the remainder is not 0
// and the signs differ
// CHECK: %[[QT:.*]] = arith.divsi %[[A]], %[[B]] : i32
// CHECK: %[[RT:.*]] = arith.remsi %[[A]], %[[B]] : i32
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[RT]]
// CHECK: %[[X:.*]] = arith.xori %[[RT]], %[[B]] : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[X]]
// CHECK: %[[FIX:.*]] = arith.andi %[[NZ]], %[[NEG]] : i1
// CHECK: %[[DEC:.*]] = arith.subi %[[QT]]
// CHECK: arith.select %[[FIX]], %[[DEC]], %[[QT]] : i32
// CHECK: arith.remsi %[[A]], %[[B]] : i32
// mod: the remainder plus the divisor in the same case
// CHECK: arith.remsi %[[A]], %[[B]] : i32
// CHECK: arith.addi %{{.*}}, %[[B]] : i32
// CHECK: arith.andi %[[A]], %[[B]] : i32
// CHECK: arith.ori %[[A]], %[[B]] : i32
// CHECK: arith.xori %[[A]], %[[B]] : i32
// shl: 0 for shifts of 32 or more
// CHECK: %[[BIG:.*]] = arith.cmpi ugt, %[[B]], %{{.*}} : i32
// CHECK: %[[SHL:.*]] = arith.shli %[[A]], %[[B]] : i32
// CHECK: arith.select %[[BIG]], %{{.*}}, %[[SHL]] : i32
// signed shr: the shift clamped to 31 (-1 or 0 for large shifts)
// CHECK: %[[BIG2:.*]] = arith.cmpi ugt, %[[B]], %[[C31:.*]] : i32
// CHECK: %[[CL:.*]] = arith.select %[[BIG2]], %[[C31]], %[[B]] : i32
// CHECK: arith.shrsi %[[A]], %[[CL]] : i32
// unsigned shr: 0 for large shifts
// CHECK: arith.shrui %[[U]], %[[V]] : i32
// CHECK: arith.maxui %[[U]], %[[V]] : i32
// CHECK: arith.xori %[[A]], %{{.*}} : i32
// CHECK: arith.cmpi ult, %[[U]], %[[V]] : i32
// CHECK: arith.sitofp %[[A]] : i32 to f64
// CHECK: arith.extui %[[U]] : i32 to i64
// CHECK: %[[I:.*]] = arith.index_cast %[[A]] : i32 to index
// CHECK: arith.index_cast %[[I]] : index to i32
// CHECK: gpu.block_id  y
// CHECK: gpu.grid_dim  z
gpu.module @m2 {
  gpu.func @integers(%a: !tile.tile<si32>, %b: !tile.tile<si32>, %u: !tile.tile<ui32>, %v: !tile.tile<ui32>) kernel {
    %0 = tile.div %a, %b : !tile.tile<si32>
    %1 = tile.floordiv %a, %b : !tile.tile<si32>
    %2 = tile.rem %a, %b : !tile.tile<si32>
    %3 = tile.mod %a, %b : !tile.tile<si32>
    %4 = tile.and %a, %b : !tile.tile<si32>
    %5 = tile.or %a, %b : !tile.tile<si32>
    %6 = tile.xor %a, %b : !tile.tile<si32>
    %7 = tile.shl %a, %b : !tile.tile<si32>
    %8 = tile.shr %a, %b : !tile.tile<si32>
    %9 = tile.shr %u, %v : !tile.tile<ui32>
    %10 = tile.maximum %u, %v : !tile.tile<ui32>
    %11 = tile.not %a : !tile.tile<si32>
    %12 = tile.cmp lt %u, %v : !tile.tile<ui32>
    %13 = tile.convert %a : !tile.tile<si32> -> !tile.tile<f64>
    %14 = tile.convert %u : !tile.tile<ui32> -> !tile.tile<si64>
    %15 = tile.to_scalar %a : !tile.tile<si32> -> index
    %16 = tile.from_scalar %15 : index -> !tile.tile<si32>
    %17 = tile.bid 1
    %18 = tile.num_blocks 2
    gpu.return
  }
}

// Arrays made in the kernel pass their values through; array_dim is the
// extent, num_tiles the ceiling division, unsigned in 32 bits (an extent
// below 2^31 plus a step less one stays below 2^32); iota the row-major
// position of each register's element.
// CHECK-LABEL: gpu.func @arrays
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32)
// CHECK: %[[C63:.*]] = arith.constant 63 : i32
// CHECK: %[[UP:.*]] = arith.addi %[[N]], %[[C63]] : i32
// CHECK: arith.divui %[[UP]], %{{.*}} : i32
// CHECK: gpu.thread_id  x
// CHECK: arith.uitofp %{{.*}} : i32 to f32
gpu.module @m3 {
  gpu.func @arrays(%p: !tile.tile<!tile.ptr<f32>>, %n: !tile.tile<si32>) kernel attributes {tile.num_warps = 1} {
    %a = tile.make_array %p shape [%n] strides [] : !tile.tile<!tile.ptr<f32>> -> !tile.array<?xf32, strides [1]>
    %d = tile.array_dim %a, 0 : !tile.array<?xf32, strides [1]>
    %v = tile.make_view %a : !tile.array<?xf32, strides [1]> -> !tile.view<64, !tile.array<?xf32, strides [1]>>
    %t = tile.num_tiles %v, 0 : !tile.view<64, !tile.array<?xf32, strides [1]>>
    %s = tile.add %d, %t : !tile.tile<si32>
    %i = tile.iota : !tile.tile<64xf32>
    tile.store %i, %v[%s] : !tile.view<64, !tile.array<?xf32, strides [1]>>
    gpu.return
  }
}

// tile.math's rounding and ftz (f32): the PTX instruction of the
// hardware's approximation or of the rounding, `.ftz` where asked (exp2
// with ftz alone is ex2.approx.ftz, what LLVM makes of a float exp2);
// exp and log approximated through ex2 and lg2; a function without an
// instruction flushes its operand and result with ftz (|x| below the
// least normal: zero of x's sign).
// CHECK-LABEL: gpu.func @math_modifiers
// CHECK: llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "ex2.approx.f32 $0, $1;", "=f,f"
// CHECK: %[[L2E:.*]] = arith.mulf %{{.*}}, %cst{{.*}} : f32
// CHECK: llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %[[L2E]]
// CHECK: %[[LG:.*]] = llvm.inline_asm "lg2.approx.f32 $0, $1;", "=f,f"
// CHECK: arith.mulf %[[LG]]
// CHECK: llvm.inline_asm "sin.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "rsqrt.approx.ftz.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "sqrt.rz.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "rcp.approx.ftz.f32 $0, $1;", "=f,f"
// CHECK: %[[ABS:.*]] = math.absf %[[X:.*]] : f32
// CHECK: %[[TINY:.*]] = arith.cmpf olt, %[[ABS]], %cst{{.*}} : f32
// CHECK: %[[ZERO:.*]] = math.copysign %cst{{.*}}, %[[X]] : f32
// CHECK: %[[FLUSHED:.*]] = arith.select %[[TINY]], %[[ZERO]], %[[X]] : f32
// CHECK: %[[ERF:.*]] = math.erf %[[FLUSHED]] : f32
// CHECK: math.absf %[[ERF]] : f32
// CHECK: math.sin %{{.*}} : f32
gpu.module @math {
  gpu.func @math_modifiers(%a: !tile.tile<f32>) kernel {
    %0 = tile.math exp2 %a ftz : !tile.tile<f32>
    %1 = tile.math exp2 %0 rounding approx : !tile.tile<f32>
    %2 = tile.math exp %1 rounding approx ftz : !tile.tile<f32>
    %3 = tile.math log %2 rounding approx : !tile.tile<f32>
    %4 = tile.math sin %3 rounding approx : !tile.tile<f32>
    %5 = tile.math rsqrt %4 rounding approx ftz : !tile.tile<f32>
    %6 = tile.math tanh %5 rounding approx : !tile.tile<f32>
    %7 = tile.math sqrt %6 rounding rz : !tile.tile<f32>
    %8 = tile.math rcp %7 rounding approx ftz : !tile.tile<f32>
    %9 = tile.math erf %8 ftz : !tile.tile<f32>
    %10 = tile.math sin %9 : !tile.tile<f32>
    gpu.return
  }
}
