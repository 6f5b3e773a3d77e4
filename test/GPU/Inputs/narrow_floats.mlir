// Narrow floats on the GPU (test/GPU/tile_narrow_floats.py, and ptxas in
// test/Conversion/TileToLLVM/ptx.test): every conversion to fp8, e8m0, fp4
// and tf32 in the four rounding directions from float32 and float64,
// decoding every code, integers rounded once, and fp4's packed memory
// through views (rows that share bytes), gathers, scatters and constants.
// Launch: block 128; grids as the test says.
module attributes {gpu.container_module} {
  gpu.module @narrow {
    gpu.func @encode_e4m3(%x: !tile.array<?xf32, strides [1]>, %rn: !tile.array<?xf8E4M3FN, strides [1]>, %rz: !tile.array<?xf8E4M3FN, strides [1]>, %rm: !tile.array<?xf8E4M3FN, strides [1]>, %rp: !tile.array<?xf8E4M3FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<1024xf32> -> !tile.tile<1024xf8E4M3FN>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<1024xf32> -> !tile.tile<1024xf8E4M3FN>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<1024xf32> -> !tile.tile<1024xf8E4M3FN>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<1024xf32> -> !tile.tile<1024xf8E4M3FN>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      gpu.return
    }
    gpu.func @encode_e5m2(%x: !tile.array<?xf32, strides [1]>, %rn: !tile.array<?xf8E5M2, strides [1]>, %rz: !tile.array<?xf8E5M2, strides [1]>, %rm: !tile.array<?xf8E5M2, strides [1]>, %rp: !tile.array<?xf8E5M2, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<1024xf32> -> !tile.tile<1024xf8E5M2>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<1024xf32> -> !tile.tile<1024xf8E5M2>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<1024xf32> -> !tile.tile<1024xf8E5M2>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<1024xf32> -> !tile.tile<1024xf8E5M2>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      gpu.return
    }
    gpu.func @encode_e8m0(%x: !tile.array<?xf32, strides [1]>, %rn: !tile.array<?xf8E8M0FNU, strides [1]>, %rz: !tile.array<?xf8E8M0FNU, strides [1]>, %rm: !tile.array<?xf8E8M0FNU, strides [1]>, %rp: !tile.array<?xf8E8M0FNU, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<1024xf32> -> !tile.tile<1024xf8E8M0FNU>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<1024xf32> -> !tile.tile<1024xf8E8M0FNU>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<1024xf32> -> !tile.tile<1024xf8E8M0FNU>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<1024xf32> -> !tile.tile<1024xf8E8M0FNU>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      gpu.return
    }
    gpu.func @encode_e2m1(%x: !tile.array<?xf32, strides [1]>, %rn: !tile.array<?xf4E2M1FN, strides [1]>, %rz: !tile.array<?xf4E2M1FN, strides [1]>, %rm: !tile.array<?xf4E2M1FN, strides [1]>, %rp: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<1024xf32> -> !tile.tile<1024xf4E2M1FN>
      %v_rn = tile.make_view %rn : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<1024xf32> -> !tile.tile<1024xf4E2M1FN>
      %v_rz = tile.make_view %rz : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<1024xf32> -> !tile.tile<1024xf4E2M1FN>
      %v_rm = tile.make_view %rm : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<1024xf32> -> !tile.tile<1024xf4E2M1FN>
      %v_rp = tile.make_view %rp : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      gpu.return
    }
    gpu.func @encode_tf32(%x: !tile.array<?xf32, strides [1]>, %rn: !tile.array<?xtf32, strides [1]>, %rz: !tile.array<?xtf32, strides [1]>, %rm: !tile.array<?xtf32, strides [1]>, %rp: !tile.array<?xtf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<1024xf32> -> !tile.tile<1024xtf32>
      %v_rn = tile.make_view %rn : !tile.array<?xtf32, strides [1]> -> !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<1024xf32> -> !tile.tile<1024xtf32>
      %v_rz = tile.make_view %rz : !tile.array<?xtf32, strides [1]> -> !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<1024xf32> -> !tile.tile<1024xtf32>
      %v_rm = tile.make_view %rm : !tile.array<?xtf32, strides [1]> -> !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<1024xf32> -> !tile.tile<1024xtf32>
      %v_rp = tile.make_view %rp : !tile.array<?xtf32, strides [1]> -> !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      gpu.return
    }
    gpu.func @encode64_e4m3(%x: !tile.array<?xf64, strides [1]>, %rn: !tile.array<?xf8E4M3FN, strides [1]>, %rz: !tile.array<?xf8E4M3FN, strides [1]>, %rm: !tile.array<?xf8E4M3FN, strides [1]>, %rp: !tile.array<?xf8E4M3FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<512xf64> -> !tile.tile<512xf8E4M3FN>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<512xf64> -> !tile.tile<512xf8E4M3FN>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<512xf64> -> !tile.tile<512xf8E4M3FN>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<512xf64> -> !tile.tile<512xf8E4M3FN>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<512, !tile.array<?xf8E4M3FN, strides [1]>>
      gpu.return
    }
    gpu.func @encode64_e5m2(%x: !tile.array<?xf64, strides [1]>, %rn: !tile.array<?xf8E5M2, strides [1]>, %rz: !tile.array<?xf8E5M2, strides [1]>, %rm: !tile.array<?xf8E5M2, strides [1]>, %rp: !tile.array<?xf8E5M2, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<512xf64> -> !tile.tile<512xf8E5M2>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<512xf64> -> !tile.tile<512xf8E5M2>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<512xf64> -> !tile.tile<512xf8E5M2>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<512xf64> -> !tile.tile<512xf8E5M2>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<512, !tile.array<?xf8E5M2, strides [1]>>
      gpu.return
    }
    gpu.func @encode64_e8m0(%x: !tile.array<?xf64, strides [1]>, %rn: !tile.array<?xf8E8M0FNU, strides [1]>, %rz: !tile.array<?xf8E8M0FNU, strides [1]>, %rm: !tile.array<?xf8E8M0FNU, strides [1]>, %rp: !tile.array<?xf8E8M0FNU, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<512xf64> -> !tile.tile<512xf8E8M0FNU>
      %v_rn = tile.make_view %rn : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<512xf64> -> !tile.tile<512xf8E8M0FNU>
      %v_rz = tile.make_view %rz : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<512xf64> -> !tile.tile<512xf8E8M0FNU>
      %v_rm = tile.make_view %rm : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<512xf64> -> !tile.tile<512xf8E8M0FNU>
      %v_rp = tile.make_view %rp : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<512, !tile.array<?xf8E8M0FNU, strides [1]>>
      gpu.return
    }
    gpu.func @encode64_e2m1(%x: !tile.array<?xf64, strides [1]>, %rn: !tile.array<?xf4E2M1FN, strides [1]>, %rz: !tile.array<?xf4E2M1FN, strides [1]>, %rm: !tile.array<?xf4E2M1FN, strides [1]>, %rp: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<512xf64> -> !tile.tile<512xf4E2M1FN>
      %v_rn = tile.make_view %rn : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<512xf64> -> !tile.tile<512xf4E2M1FN>
      %v_rz = tile.make_view %rz : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<512xf64> -> !tile.tile<512xf4E2M1FN>
      %v_rm = tile.make_view %rm : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<512xf64> -> !tile.tile<512xf4E2M1FN>
      %v_rp = tile.make_view %rp : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<512, !tile.array<?xf4E2M1FN, strides [1]>>
      gpu.return
    }
    gpu.func @encode64_tf32(%x: !tile.array<?xf64, strides [1]>, %rn: !tile.array<?xtf32, strides [1]>, %rz: !tile.array<?xtf32, strides [1]>, %rm: !tile.array<?xtf32, strides [1]>, %rp: !tile.array<?xtf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xf64, strides [1]> -> !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %v = tile.load %vx[%b] : !tile.view<512, !tile.array<?xf64, strides [1]>, padding zero>
      %c_rn = tile.convert %v rounding rn : !tile.tile<512xf64> -> !tile.tile<512xtf32>
      %v_rn = tile.make_view %rn : !tile.array<?xtf32, strides [1]> -> !tile.view<512, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rn, %v_rn[%b] : !tile.view<512, !tile.array<?xtf32, strides [1]>>
      %c_rz = tile.convert %v rounding rz : !tile.tile<512xf64> -> !tile.tile<512xtf32>
      %v_rz = tile.make_view %rz : !tile.array<?xtf32, strides [1]> -> !tile.view<512, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rz, %v_rz[%b] : !tile.view<512, !tile.array<?xtf32, strides [1]>>
      %c_rm = tile.convert %v rounding rm : !tile.tile<512xf64> -> !tile.tile<512xtf32>
      %v_rm = tile.make_view %rm : !tile.array<?xtf32, strides [1]> -> !tile.view<512, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rm, %v_rm[%b] : !tile.view<512, !tile.array<?xtf32, strides [1]>>
      %c_rp = tile.convert %v rounding rp : !tile.tile<512xf64> -> !tile.tile<512xtf32>
      %v_rp = tile.make_view %rp : !tile.array<?xtf32, strides [1]> -> !tile.view<512, !tile.array<?xtf32, strides [1]>>
      tile.store %c_rp, %v_rp[%b] : !tile.view<512, !tile.array<?xtf32, strides [1]>>
      gpu.return
    }
    gpu.func @decode_e4m3(%c: !tile.array<?xf8E4M3FN, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xf8E4M3FN, strides [1]> -> !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xf8E4M3FN, strides [1]>>
      %f = tile.convert %x : !tile.tile<1024xf8E4M3FN> -> !tile.tile<1024xf32>
      tile.store %f, %vo[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    gpu.func @decode_e5m2(%c: !tile.array<?xf8E5M2, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xf8E5M2, strides [1]> -> !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xf8E5M2, strides [1]>>
      %f = tile.convert %x : !tile.tile<1024xf8E5M2> -> !tile.tile<1024xf32>
      tile.store %f, %vo[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    gpu.func @decode_e8m0(%c: !tile.array<?xf8E8M0FNU, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xf8E8M0FNU, strides [1]>>
      %f = tile.convert %x : !tile.tile<1024xf8E8M0FNU> -> !tile.tile<1024xf32>
      tile.store %f, %vo[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    gpu.func @decode_e2m1(%c: !tile.array<?xf4E2M1FN, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xf4E2M1FN, strides [1]>>
      %f = tile.convert %x : !tile.tile<1024xf4E2M1FN> -> !tile.tile<1024xf32>
      tile.store %f, %vo[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    gpu.func @decode_tf32(%c: !tile.array<?xtf32, strides [1]>, %o: !tile.array<?xf32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xtf32, strides [1]> -> !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      %vo = tile.make_view %o : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %x = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xtf32, strides [1]>>
      %f = tile.convert %x : !tile.tile<1024xtf32> -> !tile.tile<1024xf32>
      tile.store %f, %vo[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      gpu.return
    }
    // Bitcasts: byte codes read as e4m3 (then decoded), 32-bit words read
    // as tf32 (toward zero: the 13 low bits dropped) and back.
    gpu.func @bitcasts(%c: !tile.array<?xui8, strides [1]>, %e: !tile.array<?xf32, strides [1]>, %w: !tile.array<?xui32, strides [1]>, %t: !tile.array<?xf32, strides [1]>, %u: !tile.array<?xsi32, strides [1]>) kernel {
      %b = tile.bid 0
      %vc = tile.make_view %c : !tile.array<?xui8, strides [1]> -> !tile.view<1024, !tile.array<?xui8, strides [1]>>
      %ve = tile.make_view %e : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %vw = tile.make_view %w : !tile.array<?xui32, strides [1]> -> !tile.view<1024, !tile.array<?xui32, strides [1]>>
      %vt = tile.make_view %t : !tile.array<?xf32, strides [1]> -> !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %vu = tile.make_view %u : !tile.array<?xsi32, strides [1]> -> !tile.view<1024, !tile.array<?xsi32, strides [1]>>
      %codes = tile.load %vc[%b] : !tile.view<1024, !tile.array<?xui8, strides [1]>>
      %f8 = tile.bitcast %codes : !tile.tile<1024xui8> -> !tile.tile<1024xf8E4M3FN>
      %dec = tile.convert %f8 : !tile.tile<1024xf8E4M3FN> -> !tile.tile<1024xf32>
      tile.store %dec, %ve[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %words = tile.load %vw[%b] : !tile.view<1024, !tile.array<?xui32, strides [1]>>
      %tf = tile.bitcast %words : !tile.tile<1024xui32> -> !tile.tile<1024xtf32>
      %wide = tile.convert %tf : !tile.tile<1024xtf32> -> !tile.tile<1024xf32>
      tile.store %wide, %vt[%b] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
      %back = tile.bitcast %tf : !tile.tile<1024xtf32> -> !tile.tile<1024xsi32>
      tile.store %back, %vu[%b] : !tile.view<1024, !tile.array<?xsi32, strides [1]>>
      gpu.return
    }
    gpu.func @int_si64(%x: !tile.array<?xsi64, strides [1]>, %t: !tile.array<?xtf32, strides [1]>, %f: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xsi64, strides [1]> -> !tile.view<256, !tile.array<?xsi64, strides [1]>>
      %v = tile.load %vx[%b] : !tile.view<256, !tile.array<?xsi64, strides [1]>>
      %ct = tile.convert %v : !tile.tile<256xsi64> -> !tile.tile<256xtf32>
      %wt = tile.make_view %t : !tile.array<?xtf32, strides [1]> -> !tile.view<256, !tile.array<?xtf32, strides [1]>>
      tile.store %ct, %wt[%b] : !tile.view<256, !tile.array<?xtf32, strides [1]>>
      %cf = tile.convert %v : !tile.tile<256xsi64> -> !tile.tile<256xf4E2M1FN>
      %wf = tile.make_view %f : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %cf, %wf[%b] : !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      gpu.return
    }
    gpu.func @int_ui64(%x: !tile.array<?xui64, strides [1]>, %t: !tile.array<?xtf32, strides [1]>, %f: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vx = tile.make_view %x : !tile.array<?xui64, strides [1]> -> !tile.view<256, !tile.array<?xui64, strides [1]>>
      %v = tile.load %vx[%b] : !tile.view<256, !tile.array<?xui64, strides [1]>>
      %ct = tile.convert %v : !tile.tile<256xui64> -> !tile.tile<256xtf32>
      %wt = tile.make_view %t : !tile.array<?xtf32, strides [1]> -> !tile.view<256, !tile.array<?xtf32, strides [1]>>
      tile.store %ct, %wt[%b] : !tile.view<256, !tile.array<?xtf32, strides [1]>>
      %cf = tile.convert %v : !tile.tile<256xui64> -> !tile.tile<256xf4E2M1FN>
      %wf = tile.make_view %f : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %cf, %wf[%b] : !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      gpu.return
    }
    gpu.func @fp4_rows(%a: !tile.array<?x?xf4E2M1FN, strides [?, 1]>, %o: !tile.array<?x?xf4E2M1FN, strides [?, 1]>) kernel {
      %i = tile.bid 1
      %j = tile.bid 0
      %va = tile.make_view %a : !tile.array<?x?xf4E2M1FN, strides [?, 1]> -> !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      %vo = tile.make_view %o : !tile.array<?x?xf4E2M1FN, strides [?, 1]> -> !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      %x = tile.load %va[%i, %j] : !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      tile.store %x, %vo[%i, %j] : !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      gpu.return
    }
    gpu.func @fp4_shared_bytes(%p: !tile.tile<!tile.ptr<f4E2M1FN>>, %q: !tile.tile<!tile.ptr<f4E2M1FN>>, %m: !tile.tile<si32>, %n: !tile.tile<si32>, %ld: !tile.tile<si64>) kernel {
      %i = tile.bid 1
      %j = tile.bid 0
      %a = tile.make_array %p shape [%m, %n] strides [%ld] : !tile.tile<!tile.ptr<f4E2M1FN>> -> !tile.array<?x?xf4E2M1FN, strides [?, 1]>
      %o = tile.make_array %q shape [%m, %n] strides [%ld] : !tile.tile<!tile.ptr<f4E2M1FN>> -> !tile.array<?x?xf4E2M1FN, strides [?, 1]>
      %va = tile.make_view %a : !tile.array<?x?xf4E2M1FN, strides [?, 1]> -> !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      %vo = tile.make_view %o : !tile.array<?x?xf4E2M1FN, strides [?, 1]> -> !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      %x = tile.load %va[%i, %j] : !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      tile.store %x, %vo[%i, %j] : !tile.view<16x256, !tile.array<?x?xf4E2M1FN, strides [?, 1]>>
      gpu.return
    }
    gpu.func @fp4_permute(%a: !tile.array<?xf4E2M1FN, strides [1]>, %idx: !tile.array<?xsi32, strides [1]>, %g: !tile.array<?xf4E2M1FN, strides [1]>, %s: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %b = tile.bid 0
      %vi = tile.make_view %idx : !tile.array<?xsi32, strides [1]> -> !tile.view<256, !tile.array<?xsi32, strides [1]>>
      %va = tile.make_view %a : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      %vg = tile.make_view %g : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      %i = tile.load %vi[%b] : !tile.view<256, !tile.array<?xsi32, strides [1]>>
      %x = tile.load %va[%b] : !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      %y = tile.gather %a[%i] : !tile.array<?xf4E2M1FN, strides [1]>[!tile.tile<256xsi32>] -> !tile.tile<256xf4E2M1FN>
      tile.store %y, %vg[%b] : !tile.view<256, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.scatter %x, %s[%i] : !tile.tile<256xf4E2M1FN>, !tile.array<?xf4E2M1FN, strides [1]>[!tile.tile<256xsi32>]
      gpu.return
    }
    gpu.func @e8m0_permute(%a: !tile.array<?xf8E8M0FNU, strides [1]>, %idx: !tile.array<?xsi32, strides [1]>, %g: !tile.array<?xf8E8M0FNU, strides [1]>, %s: !tile.array<?xf8E8M0FNU, strides [1]>) kernel {
      %b = tile.bid 0
      %vi = tile.make_view %idx : !tile.array<?xsi32, strides [1]> -> !tile.view<256, !tile.array<?xsi32, strides [1]>>
      %va = tile.make_view %a : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<256, !tile.array<?xf8E8M0FNU, strides [1]>>
      %vg = tile.make_view %g : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<256, !tile.array<?xf8E8M0FNU, strides [1]>>
      %i = tile.load %vi[%b] : !tile.view<256, !tile.array<?xsi32, strides [1]>>
      %x = tile.load %va[%b] : !tile.view<256, !tile.array<?xf8E8M0FNU, strides [1]>>
      %y = tile.gather %a[%i] : !tile.array<?xf8E8M0FNU, strides [1]>[!tile.tile<256xsi32>] -> !tile.tile<256xf8E8M0FNU>
      tile.store %y, %vg[%b] : !tile.view<256, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.scatter %x, %s[%i] : !tile.tile<256xf8E8M0FNU>, !tile.array<?xf8E8M0FNU, strides [1]>[!tile.tile<256xsi32>]
      gpu.return
    }
    gpu.func @narrow_constants(%e: !tile.array<?xf8E8M0FNU, strides [1]>, %f: !tile.array<?xf4E2M1FN, strides [1]>) kernel {
      %z = tile.constant dense<0> : !tile.tile<si32>
      %o = tile.constant dense<1> : !tile.tile<si32>
      %ve = tile.make_view %e : !tile.array<?xf8E8M0FNU, strides [1]> -> !tile.view<8, !tile.array<?xf8E8M0FNU, strides [1]>>
      %vf = tile.make_view %f : !tile.array<?xf4E2M1FN, strides [1]> -> !tile.view<16, !tile.array<?xf4E2M1FN, strides [1]>>
      %ce = tile.constant dense<[1.0, 2.0, 0.5, 1024.0, 5.877471754111438e-39, 1.7014118346046923e+38, 0.25, 8.0]> : !tile.tile<8xf8E8M0FNU>
      %cf = tile.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]> : !tile.tile<16xf4E2M1FN>
      %se = tile.constant dense<4.0> : !tile.tile<8xf8E8M0FNU>
      %sf = tile.constant dense<-3.0> : !tile.tile<16xf4E2M1FN>
      tile.store %ce, %ve[%z] : !tile.view<8, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %se, %ve[%o] : !tile.view<8, !tile.array<?xf8E8M0FNU, strides [1]>>
      tile.store %cf, %vf[%z] : !tile.view<16, !tile.array<?xf4E2M1FN, strides [1]>>
      tile.store %sf, %vf[%o] : !tile.view<16, !tile.array<?xf4E2M1FN, strides [1]>>
      gpu.return
    }
  }
}
