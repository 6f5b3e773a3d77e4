// Every ill-formed tile type is an error naming the rule.
// RUN: cudapy-opt %s --split-input-file --verify-diagnostics

// cuTile Python, "Tiles and Scalars": each dimension is a power of 2
// (Tile C++: ct::shape<4, 7> is not tile compatible).
// expected-error @below {{tile dimensions are powers of two, not 7}}
func.func private @f(!tile.tile<4x7xf32>)

// -----

// Tile C++: ct::shape<0> is not tile compatible.
// expected-error @below {{tile dimensions are powers of two, not 0}}
func.func private @f(!tile.tile<0xf32>)

// -----

// The implementation-defined limits (docs/Tile.md).
// expected-error @below {{a tile has at most 1048576 elements}}
func.func private @f(!tile.tile<2048x1024xf32>)

// -----

// expected-error @below {{a tile has at most 8 dimensions, not 9}}
func.func private @f(!tile.tile<1x1x1x1x1x1x1x1x1xf32>)

// -----

// Dynamic extents are not tiles: shapes are static.
// expected-error @below {{expected static shape}}
func.func private @f(!tile.tile<?xf32>)

// -----

// Signedness is part of the dtype: int32 is si32, not i32.
// expected-error @below {{a tile's elements are bool (i1), si/ui 8-64, f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN or pointers, not 'i32'}}
func.func private @f(!tile.tile<4xi32>)

// -----

// expected-error @below {{not 'complex<f32>'}}
func.func private @f(!tile.tile<4xcomplex<f32>>)

// -----

// expected-error @below {{not 'f8E4M3FNUZ'}}
func.func private @f(!tile.tile<4xf8E4M3FNUZ>)

// -----

// Tile C++: multi-level pointers are not pointer scalars.
// expected-error @below {{a pointer scalar points to a numeric dtype, not '!tile.ptr<f32>'}}
func.func private @f(!tile.ptr<!tile.ptr<f32>>)

// -----

// expected-error @below {{a pointer scalar points to a numeric dtype, not '!tile.tile<4xf32>'}}
func.func private @f(!tile.ptr<!tile.tile<4xf32>>)
