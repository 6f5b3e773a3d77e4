// fp8 conversions (test/GPU/py_fp8.py): float32 and float64 to float8e4m3 and
// float8e5m2, and back to float32.
gpu.module @m {
  py.kernel @fp8(%x: !py.array<f32, 1>, %d: !py.array<f64, 1>, %e4: !py.array<f8E4M3FN, 1>, %e5: !py.array<f8E5M2, 1>,
                 %b4: !py.array<f8E4M3FN, 1>, %b5: !py.array<f8E5M2, 1>, %back4: !py.array<f32, 1>, %back5: !py.array<f32, 1>) attributes {interop} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %base = arith.muli %bid, %bdim : index
    %flat = arith.addi %base, %tid : index
    %i = py.cast %flat : index to si64
    %n = py.len %x : !py.array<f32, 1>
    %inside = py.cmp lt, %i, %n : si64, !py.int -> i1
    scf.if %inside {
      %v = py.array.getitem %x[%i] : !py.array<f32, 1>, si64
      %a = py.cast %v : f32 to f8E4M3FN
      py.array.setitem %a, %e4[%i] : f8E4M3FN, !py.array<f8E4M3FN, 1>, si64
      %b = py.cast %v : f32 to f8E5M2
      py.array.setitem %b, %e5[%i] : f8E5M2, !py.array<f8E5M2, 1>, si64
      %w = py.array.getitem %d[%i] : !py.array<f64, 1>, si64
      %c = py.cast %w : f64 to f8E4M3FN
      py.array.setitem %c, %b4[%i] : f8E4M3FN, !py.array<f8E4M3FN, 1>, si64
      %dd = py.cast %w : f64 to f8E5M2
      py.array.setitem %dd, %b5[%i] : f8E5M2, !py.array<f8E5M2, 1>, si64
      %a32 = py.cast %a : f8E4M3FN to f32
      py.array.setitem %a32, %back4[%i] : f32, !py.array<f32, 1>, si64
      %b32 = py.cast %b : f8E5M2 to f32
      py.array.setitem %b32, %back5[%i] : f32, !py.array<f32, 1>, si64
    }
    py.return
  }
}
