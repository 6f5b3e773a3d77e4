// The reciprocal of tile divisions by a shared divisor
// (lib/Conversion/TileToLLVM/Elementwise.cpp, reciprocalOfModerate): for b in
// [2^-63, 2^63), the reciprocal approximation then one Newton step with
// fmas. test/GPU/reciprocal.py compares it with 1/b rounded to nearest.
module attributes {gpu.container_module} {
  gpu.module @reciprocal {
    // counts[0] += how many b, the floats of bit patterns first + k for
    // k < count, have a reciprocal other than RN(1/b); a grid-stride loop.
    // With %newton 0, the approximation alone (which the check must see
    // differ).
    gpu.func @mismatches(%first: i32, %count: i32, %newton: i32, %counts: memref<?xi32>) kernel {
      %block = gpu.block_id x
      %threads = gpu.block_dim x
      %thread = gpu.thread_id x
      %blocks = gpu.grid_dim x
      %start = arith.muli %block, %threads : index
      %i = arith.addi %start, %thread : index
      %stride = arith.muli %blocks, %threads : index
      %n = arith.index_cast %count : i32 to index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1.0 : f32
      %wrong = scf.for %k = %i to %n step %stride iter_args(%sum = %zero) -> (i32) {
        %k32 = arith.index_cast %k : index to i32
        %bits = arith.addi %first, %k32 : i32
        %b = arith.bitcast %bits : i32 to f32
        %y0 = nvvm.rcp.approx.ftz.f %b : f32
        %nb = arith.negf %b : f32
        %error = math.fma %nb, %y0, %one : f32
        %stepped = math.fma %y0, %error, %y0 : f32
        %step = arith.cmpi ne, %newton, %zero : i32
        %y = arith.select %step, %stepped, %y0 : f32
        %want = arith.divf %one, %b : f32
        %got_bits = arith.bitcast %y : f32 to i32
        %want_bits = arith.bitcast %want : f32 to i32
        %differ = arith.cmpi ne, %got_bits, %want_bits : i32
        %add = arith.extui %differ : i1 to i32
        %next = arith.addi %sum, %add : i32
        scf.yield %next : i32
      }
      %c0 = arith.constant 0 : index
      %old = memref.atomic_rmw addi %wrong, %counts[%c0] : (i32, memref<?xi32>) -> i32
      gpu.return
    }
  }
}
