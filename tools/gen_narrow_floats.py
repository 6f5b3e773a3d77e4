# Writes test/GPU/Inputs/narrow_floats.mlir, the narrow-float kernels of
# test/GPU/tile_narrow_floats.py (the file is committed; rerun this after
# changing it: python3 tools/gen_narrow_floats.py).
import os
FORMATS = [("e4m3", "f8E4M3FN"), ("e5m2", "f8E5M2"), ("e8m0", "f8E8M0FNU"),
           ("e2m1", "f4E2M1FN"), ("tf32", "tf32")]
MODES = ["rn", "rz", "rm", "rp"]
out = []
w = out.append
w("// Narrow floats on the GPU (test/GPU/tile_narrow_floats.py, and ptxas in")
w("// test/Conversion/TileToLLVM/ptx.test): every conversion to fp8, e8m0, fp4")
w("// and tf32 in the four rounding directions from float32 and float64,")
w("// decoding every code, integers rounded once, and fp4's packed memory")
w("// through views (rows that share bytes), gathers, scatters and constants.")
w("// Launch: block 128; grids as the test says.")
w("module attributes {gpu.container_module} {")
w("  gpu.module @narrow {")
def arr(t, rank=1):
    return "!tile.array<?x%s, strides [1]>" % t if rank == 1 else "!tile.array<?x?x%s, strides [?, 1]>" % t
for source, n in (("f32", 1024), ("f64", 512)):
    for name, t in FORMATS:
        kernel = ("encode_" if source == "f32" else "encode64_") + name
        A, O = arr(source), arr(t)
        VA = "!tile.view<%d, %s, padding zero>" % (n, A)
        VO = "!tile.view<%d, %s>" % (n, O)
        w("    gpu.func @%s(%%x: %s, %s) kernel {" % (kernel, A, ", ".join("%%%s: %s" % (m, O) for m in MODES)))
        w("      %b = tile.bid 0")
        w("      %%vx = tile.make_view %%x : %s -> %s" % (A, VA))
        w("      %%v = tile.load %%vx[%%b] : %s" % VA)
        for m in MODES:
            w("      %%c_%s = tile.convert %%v rounding %s : !tile.tile<%dx%s> -> !tile.tile<%dx%s>" % (m, m, n, source, n, t))
            w("      %%v_%s = tile.make_view %%%s : %s -> %s" % (m, m, O, VO))
            w("      tile.store %%c_%s, %%v_%s[%%b] : %s" % (m, m, VO))
        w("      gpu.return")
        w("    }")
for name, t in FORMATS:
    A, O = arr(t), arr("f32")
    VA = "!tile.view<1024, %s>" % A
    VO = "!tile.view<1024, %s>" % O
    w("    gpu.func @decode_%s(%%c: %s, %%o: %s) kernel {" % (name, A, O))
    w("      %b = tile.bid 0")
    w("      %%vc = tile.make_view %%c : %s -> %s" % (A, VA))
    w("      %%vo = tile.make_view %%o : %s -> %s" % (O, VO))
    w("      %%x = tile.load %%vc[%%b] : %s" % VA)
    w("      %%f = tile.convert %%x : !tile.tile<1024x%s> -> !tile.tile<1024xf32>" % t)
    w("      tile.store %%f, %%vo[%%b] : %s" % VO)
    w("      gpu.return")
    w("    }")
# Integers (si64, ui64) to tf32 and e2m1, rounded to nearest once.
for it in ("si64", "ui64"):
    A = arr(it)
    VA = "!tile.view<256, %s>" % A
    w("    gpu.func @int_%s(%%x: %s, %%t: %s, %%f: %s) kernel {" % (it, A, arr("tf32"), arr("f4E2M1FN")))
    w("      %b = tile.bid 0")
    w("      %%vx = tile.make_view %%x : %s -> %s" % (A, VA))
    w("      %%v = tile.load %%vx[%%b] : %s" % VA)
    for var, t in (("t", "tf32"), ("f", "f4E2M1FN")):
        V = "!tile.view<256, %s>" % arr(t)
        w("      %%c%s = tile.convert %%v : !tile.tile<256x%s> -> !tile.tile<256x%s>" % (var, it, t))
        w("      %%w%s = tile.make_view %%%s : %s -> %s" % (var, var, arr(t), V))
        w("      tile.store %%c%s, %%w%s[%%b] : %s" % (var, var, V))
    w("      gpu.return")
    w("    }")
# fp4 rows: tiles of 16 x 256 from rows of odd length share bytes; grid
# (ceil(cols / 256), ceil(rows / 16)).
A = arr("f4E2M1FN", 2)
V = "!tile.view<16x256, %s>" % A
w("    gpu.func @fp4_rows(%%a: %s, %%o: %s) kernel {" % (A, A))
w("      %i = tile.bid 1")
w("      %j = tile.bid 0")
w("      %%va = tile.make_view %%a : %s -> %s" % (A, V))
w("      %%vo = tile.make_view %%o : %s -> %s" % (A, V))
w("      %%x = tile.load %%va[%%i, %%j] : %s" % V)
w("      tile.store %%x, %%vo[%%i, %%j] : %s" % V)
w("      gpu.return")
w("    }")
# The same through make_array, whose row stride may be odd: rows then
# share bytes (with other threads and other blocks).
P = "!tile.tile<!tile.ptr<f4E2M1FN>>"
w("    gpu.func @fp4_shared_bytes(%%p: %s, %%q: %s, %%m: !tile.tile<si32>, %%n: !tile.tile<si32>, %%ld: !tile.tile<si64>) kernel {" % (P, P))
w("      %i = tile.bid 1")
w("      %j = tile.bid 0")
w("      %%a = tile.make_array %%p shape [%%m, %%n] strides [%%ld] : %s -> %s" % (P, A))
w("      %%o = tile.make_array %%q shape [%%m, %%n] strides [%%ld] : %s -> %s" % (P, A))
w("      %%va = tile.make_view %%a : %s -> %s" % (A, V))
w("      %%vo = tile.make_view %%o : %s -> %s" % (A, V))
w("      %%x = tile.load %%va[%%i, %%j] : %s" % V)
w("      tile.store %%x, %%vo[%%i, %%j] : %s" % V)
w("      gpu.return")
w("    }")
# fp4 gather and scatter through a permutation; e8m0 likewise.
for name, t in (("fp4", "f4E2M1FN"), ("e8m0", "f8E8M0FNU")):
    A, I = arr(t), arr("si32")
    VA, VI = "!tile.view<256, %s>" % A, "!tile.view<256, %s>" % I
    w("    gpu.func @%s_permute(%%a: %s, %%idx: %s, %%g: %s, %%s: %s) kernel {" % (name, A, I, A, A))
    w("      %b = tile.bid 0")
    w("      %%vi = tile.make_view %%idx : %s -> %s" % (I, VI))
    w("      %%va = tile.make_view %%a : %s -> %s" % (A, VA))
    w("      %%vg = tile.make_view %%g : %s -> %s" % (A, VA))
    w("      %%i = tile.load %%vi[%%b] : %s" % VI)
    w("      %%x = tile.load %%va[%%b] : %s" % VA)
    w("      %%y = tile.gather %%a[%%i] : %s[!tile.tile<256xsi32>] -> !tile.tile<256x%s>" % (A, t))
    w("      tile.store %%y, %%vg[%%b] : %s" % VA)
    w("      tile.scatter %%x, %%s[%%i] : !tile.tile<256x%s>, %s[!tile.tile<256xsi32>]" % (t, A))
    w("      gpu.return")
    w("    }")
# Constants: splat and tables of e8m0 and fp4.
e = [1.0, 2.0, 0.5, 1024.0, 2.0**-127, 2.0**127, 0.25, 8.0]
f = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]
E, F = arr("f8E8M0FNU"), arr("f4E2M1FN")
w("    gpu.func @narrow_constants(%%e: %s, %%f: %s) kernel {" % (E, F))
w("      %z = tile.constant dense<0> : !tile.tile<si32>")
w("      %o = tile.constant dense<1> : !tile.tile<si32>")
w("      %%ve = tile.make_view %%e : %s -> !tile.view<8, %s>" % (E, E))
w("      %%vf = tile.make_view %%f : %s -> !tile.view<16, %s>" % (F, F))
w("      %%ce = tile.constant dense<[%s]> : !tile.tile<8xf8E8M0FNU>" % ", ".join(repr(v) for v in e))
w("      %%cf = tile.constant dense<[%s]> : !tile.tile<16xf4E2M1FN>" % ", ".join(repr(v) for v in f))
w("      %se = tile.constant dense<4.0> : !tile.tile<8xf8E8M0FNU>")
w("      %sf = tile.constant dense<-3.0> : !tile.tile<16xf4E2M1FN>")
w("      tile.store %%ce, %%ve[%%z] : !tile.view<8, %s>" % E)
w("      tile.store %%se, %%ve[%%o] : !tile.view<8, %s>" % E)
w("      tile.store %%cf, %%vf[%%z] : !tile.view<16, %s>" % F)
w("      tile.store %%sf, %%vf[%%o] : !tile.view<16, %s>" % F)
w("      gpu.return")
w("    }")
w("  }")
w("}")
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "GPU",
               "Inputs", "narrow_floats.mlir"), "w").write("\n".join(out) + "\n")
