// Every tile dtype and shape form round-trips (spec: cuTile Python "Data
// Model", Tile C++ "tile compatible" shapes and pointer scalars).
// RUN: cudapy-opt %s | cudapy-opt | FileCheck %s
// RUN: cudapy-opt %s --mlir-print-op-generic | cudapy-opt | FileCheck %s

// CHECK-LABEL: func.func private @dtypes(
// CHECK-SAME: !tile.tile<1xi1>, !tile.tile<2xsi8>, !tile.tile<4xsi16>, !tile.tile<8xsi32>, !tile.tile<16xsi64>
// CHECK-SAME: !tile.tile<2xui8>, !tile.tile<4xui16>, !tile.tile<8xui32>, !tile.tile<16xui64>
// CHECK-SAME: !tile.tile<32xf16>, !tile.tile<32xbf16>, !tile.tile<32xf32>, !tile.tile<32xf64>, !tile.tile<32xtf32>
// CHECK-SAME: !tile.tile<64xf8E4M3FN>, !tile.tile<64xf8E5M2>, !tile.tile<64xf8E8M0FNU>, !tile.tile<64xf4E2M1FN>
func.func private @dtypes(!tile.tile<1xi1>, !tile.tile<2xsi8>, !tile.tile<4xsi16>, !tile.tile<8xsi32>, !tile.tile<16xsi64>,
                          !tile.tile<2xui8>, !tile.tile<4xui16>, !tile.tile<8xui32>, !tile.tile<16xui64>,
                          !tile.tile<32xf16>, !tile.tile<32xbf16>, !tile.tile<32xf32>, !tile.tile<32xf64>, !tile.tile<32xtf32>,
                          !tile.tile<64xf8E4M3FN>, !tile.tile<64xf8E5M2>, !tile.tile<64xf8E8M0FNU>, !tile.tile<64xf4E2M1FN>)

// A scalar is a zero-dimensional tile; pointer scalars and tiles of them.
// CHECK-LABEL: func.func private @shapes(
// CHECK-SAME: !tile.tile<f32>, !tile.tile<128x64xf16>, !tile.tile<2x2x2x2x2x2x2x2xsi32>, !tile.tile<1048576xi1>
// CHECK-SAME: !tile.ptr<f32>, !tile.tile<256x!tile.ptr<bf16>>, !tile.tile<!tile.ptr<ui8>>
func.func private @shapes(!tile.tile<f32>, !tile.tile<128x64xf16>, !tile.tile<2x2x2x2x2x2x2x2xsi32>, !tile.tile<1048576xi1>,
                          !tile.ptr<f32>, !tile.tile<256x!tile.ptr<bf16>>, !tile.tile<!tile.ptr<ui8>>)
