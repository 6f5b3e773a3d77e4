//===- TileLayouts.h - distributed layouts of tiles -------------*- C++ -*-===//
//
// The arithmetic of distributed layouts (DistributedLayoutInterface): which
// thread and which of its registers hold which element of a tile. Written
// over the interface only, so that tile-assign-layouts, convert-tile-to-llvm
// and the unit tests serve every layout kind alike.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H
#define CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H

#include "dialects/Tile/IR/TileTypes.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace cudapy::tile {

/// The threads of a CTA have 32 lanes per warp.
constexpr int64_t kWarpSize = 32;

/// Whether a tile block may run `warps` warps (`tile.num_warps`, the
/// pipeline's num-warps): 1, 2, 4, 8, 16 or 32.
constexpr bool isValidNumWarps(int64_t warps) {
  return warps >= 1 && warps <= 32 && (warps & (warps - 1)) == 0;
}

/// The layout of a tile type with one (rank 1 or more, after
/// tile-assign-layouts); null otherwise.
DistributedLayoutInterface getLayout(TileType type);

/// The elements a thread holds along `dim` of a tile of `shape`: one layout
/// tile's worth per repetition. A smaller tile wraps around; there the
/// thread keeps only the registers whose offsets fall inside the tile,
/// where each of the others would hold a copy of one of them (a row
/// maximum, 128x1, in an mma accumulator layout: one register a row, not
/// the two of a pair of columns).
int64_t getRegistersAlong(DistributedLayoutInterface layout,
                          llvm::ArrayRef<int64_t> shape, int64_t dim);

/// The elements a thread holds of a tile of `shape`: its registers.
int64_t getNumRegisters(DistributedLayoutInterface layout,
                        llvm::ArrayRef<int64_t> shape);

/// Register `r`'s local index along each dimension, and back.
llvm::SmallVector<int64_t> delinearize(DistributedLayoutInterface layout,
                                       llvm::ArrayRef<int64_t> shape,
                                       int64_t r);
int64_t linearize(DistributedLayoutInterface layout,
                  llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> local);

/// The part of the element index along `dim` that does not depend on the
/// thread, for local index `local` (before the wrap-around).
int64_t getRegisterOffset(DistributedLayoutInterface layout, int64_t dim,
                          int64_t local);

/// Whether every element has one owner thread and register along `dim`:
/// the tile covers the layout tile.
bool isExact(DistributedLayoutInterface layout, llvm::ArrayRef<int64_t> shape,
             int64_t dim);

/// The number of consecutive local indices along `dim` (from multiples of
/// it) that hold consecutive elements: what one vector access can move.
int64_t getContiguity(DistributedLayoutInterface layout, int64_t dim);

/// The value of a bit field of a lane or warp id.
inline int64_t getFieldValue(const ThreadField &field, int64_t lane,
                             int64_t warp) {
  return ((field.warp ? warp : lane) / field.stride) % field.count;
}

/// The element that register `r` of thread `thread` (its index in the CTA)
/// holds, as indices into `shape`; `owner` tells whether the register is
/// that element's owning copy. The compile-time twin of what the lowering
/// computes from the thread id.
llvm::SmallVector<int64_t> getElement(DistributedLayoutInterface layout,
                                      llvm::ArrayRef<int64_t> shape,
                                      int64_t thread, int64_t r,
                                      bool *owner = nullptr);

/// The register-to-element map of a layout for tiles of one shape, built
/// once: for the compile-time checks that visit every thread and register.
class ElementMap {
public:
  ElementMap(DistributedLayoutInterface layout, llvm::ArrayRef<int64_t> shape);

  int64_t getNumRegisters() const { return numRegisters; }
  /// As tile::getElement.
  llvm::SmallVector<int64_t> getElement(int64_t thread, int64_t r,
                                        bool *owner = nullptr) const;

private:
  llvm::SmallVector<int64_t> shape;
  int64_t numRegisters;
  /// Per register and dimension, the register's offset (row-major).
  llvm::SmallVector<int64_t> registerOffsets;
  llvm::SmallVector<llvm::SmallVector<ThreadField>> threadFields;
  llvm::SmallVector<ThreadField> replicaFields;
};

/// Whether two layouts put every element of every shape in the same thread
/// and register.
bool haveSameDistribution(DistributedLayoutInterface a,
                          DistributedLayoutInterface b);

/// The layout that reads a tile of `shape` with `elementBits`-bit elements
/// coalesced: up to 128 bits per thread along `order[0]` (fewer where the
/// tile has fewer elements than that for each of the CTA's threads), then
/// lanes and warps along `order` as far as the shape goes (what remains
/// wraps along `order[0]`). `order` lists dimensions from the fastest.
/// With `threadOrder`, the lanes and warps go along that order instead
/// (the layout's order; what remains wraps along `threadOrder[0]`): a
/// thread's 128 bits along one dimension, a warp's lanes along another
/// (a tile written transposed to shared memory, whose scalar reads then
/// run along rows of the stage it comes from).
BlockedLayoutAttr
getCoalescedLayout(mlir::MLIRContext *context, llvm::ArrayRef<int64_t> shape,
                   int64_t elementBits, llvm::ArrayRef<int64_t> order,
                   int64_t numWarps, llvm::ArrayRef<int64_t> threadOrder = {});

/// The bits an element of `dtype` takes in a tile's storage: tf32 as the
/// float32 it is kept in, fp4 as half a byte (packed), bools as a byte,
/// pointers as 64.
int64_t getStorageBits(mlir::Type dtype);

/// The first chip (its sm number) whose `mma.sync` m16n8kK multiplies
/// operands of dtype `operand` into an accumulator of dtype `accumulator`,
/// K being 256 / the operand's bits (#tile.mma_operand); 0 where none does.
/// 80: f16 (f16 or f32 accumulator), bf16 and tf32 (f32), si8 and ui8
/// (si32); 89: f8E4M3FN and f8E5M2 (f32). PTX ISA, "Matrix shape" of
/// warp-level mma.
int64_t getMmaSyncMinimumSm(mlir::Type operand, mlir::Type accumulator);

/// The most elements the matrix products of one block of `op`'s regions
/// (a loop's body, a function's) accumulate: the results of tile.mma,
/// tile.matmul and tile.shared_mma, a chain of products into one
/// accumulator (an mma cut into steps of K) counted once. What a kernel's
/// float32 accumulators take (tile-choose-num-warps).
int64_t getProductElementsInBlock(mlir::Operation *op);

/// The most bytes the matrix products of one block of `op`'s regions hold
/// in registers: their accumulators (as getProductElementsInBlock counts
/// them, 4 bytes an element) and their operand tiles, each once (operands
/// a tile.shared_mma reads from shared memory are no tiles). A rough
/// measure of a kernel's registers (the lowering's .minnctapersm).
int64_t getProductRegisterBytes(mlir::Operation *op);

/// What is known of an array's base alignment, extents and strides: static
/// extents and strides, and the facts of a kernel argument (`given`, the
/// tile.array_facts of an access, or its argument attributes): what the
/// lowering's vector accesses and tile-pipeline-loads' tensor copies rely
/// on.
struct ArrayFacts {
  int64_t alignment = 1; // bytes
  llvm::SmallVector<int64_t> extentMultiple, strideMultiple;

  ArrayFacts(ArrayType type, mlir::DictionaryAttr given);

  /// Whether the facts prove every vector of `width` elements (of
  /// `elementBits` bits) along dimension `dim` of a tile of `shape` read
  /// through `view` aligned to its size: the base is, and so are the tiles'
  /// steps along the vectors' dimension and the strides of the other
  /// dimensions (those the tile spans one index of too: its first index
  /// there moves it by multiples of the stride), but for dimensions whose
  /// static extent is 1.
  bool alignVectors(ViewType view, llvm::ArrayRef<int64_t> shape, int64_t dim,
                    int64_t width, int64_t elementBits) const;
};

/// How the tensor memory accelerator writes a tile into a stage of a shared
/// buffer, in the stages' layout (docs/Tile.md, "Shared memory"; the
/// lowering's SwizzledLayout): one box per slab of 128 bytes of columns
/// (the whole row where it is shorter), each box the tile with its columns
/// cut to the slab's, written where the slab starts; swizzled as wide as
/// the slab's rows (128, 64 or 32 bytes; 0: rows of 16 bytes, unswizzled).
struct TensorCopyBoxes {
  /// The box, outermost dimension first (the tile's order).
  llvm::SmallVector<int64_t> box;
  /// Boxes per tile, and bytes a box moves.
  int64_t count, bytes;
  int64_t swizzleBytes;
};
TensorCopyBoxes getTensorCopyBoxes(llvm::ArrayRef<int64_t> tileShape,
                                   mlir::Type dtype);

/// Why the tensor memory accelerator cannot copy tiles of `view` into
/// stages (the tensor map's limits: elements of 1, 2, 4 or 8 bytes, rank
/// 5 at most, unit stride along the last dimension, boxes of rows of a
/// multiple of 16 bytes and at most 256 elements along each dimension,
/// boxes of multiples of 128 bytes; the swizzles' 8-row period); nothing
/// where it can.
std::optional<std::string> whyNotTensorCopy(ViewType view);

} // namespace cudapy::tile

#endif // CUDAPY_DIALECTS_TILE_IR_TILELAYOUTS_H
