//===- TileToLLVM.h - tiles to per-thread registers -------------*- C++ -*-===//
//
// convert-tile-to-llvm and its pieces: the type converter that gives each
// tile its thread's registers, and one pattern set per op family
// (lib/Conversion/TileToLLVM/<Family>.cpp), which a pipeline of another
// JIT may assemble on its own.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_CONVERSION_TILETOLLVM_H
#define CUDAPY_CONVERSION_TILETOLLVM_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace cudapy {

#define GEN_PASS_DECL_CONVERTTILETOLLVMPASS
#include "cudapy/Conversion/Passes.h.inc"

/// Tiles of rank 1 or more as their layout's registers for the current
/// thread (one value each), scalar tiles as one value, arrays and views as
/// their pointer, dynamic extents (i32) and dynamic strides (i64), pointers
/// as LLVM global pointers.
class TileToLLVMTypeConverter : public mlir::TypeConverter {
public:
  explicit TileToLLVMTypeConverter(mlir::MLIRContext *context);
};

/// Block ids, arrays and views, loads and stores (LoadStore.cpp).
void populateTileLoadStoreToLLVMPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);
/// Constants and iota (Creation.cpp).
void populateTileCreationToLLVMPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);
/// Elementwise arithmetic, comparisons, selects and math (Elementwise.cpp).
/// `fastMath`: float math may be approximate (no exact division by a shared
/// reciprocal).
void populateTileElementwiseToLLVMPatterns(const mlir::TypeConverter &converter,
                                           mlir::RewritePatternSet &patterns,
                                           bool fastMath = false);
/// astype, bitcasts and the scalar bridges (Conversions.cpp).
void populateTileConversionToLLVMPatterns(const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// Layout conversions (ConvertLayout.cpp).
void populateTileConvertLayoutToLLVMPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
/// broadcast, permute, reshape, expand_dims, extract, insert, cat
/// (Shape.cpp).
void populateTileShapeToLLVMPatterns(const mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
/// Gathers, scatters, pointer tiles and atomics (Memory.cpp).
void populateTileMemoryToLLVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
/// Device print and assert, grid dependency control (Debug.cpp).
void populateTileDebugToLLVMPatterns(const mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);
/// Reductions (Reduce.cpp).
void populateTileReduceToLLVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);
/// Scans (Scan.cpp).
void populateTileScanToLLVMPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
/// Shared buffers, asynchronous copies and local loads (SharedMemory.cpp).
void populateTileSharedMemoryToLLVMPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
/// mma and matmul (Mma.cpp).
void populateTileMmaToLLVMPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// Every pattern set above.
void populateTileToLLVMConversionPatterns(const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns,
                                          bool fastMath = false);

} // namespace cudapy

#endif // CUDAPY_CONVERSION_TILETOLLVM_H
