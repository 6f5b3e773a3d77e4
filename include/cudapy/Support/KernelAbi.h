//===- KernelAbi.h - the kernel ABI record ----------------------*- C++ -*-===//
//
// What the lowerings tell the kernel metadata (and through it the C and
// Python runtimes) about a kernel's source-level arguments: one typed record
// per argument, turned into the `cudapy.signature` attribute by the one
// function below. docs/Runtime.md specifies the fields the runtimes read.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_SUPPORT_KERNELABI_H
#define CUDAPY_SUPPORT_KERNELABI_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>
#include <string>

namespace cudapy {

/// Name of the #gpu.object property in which `cudapy-serialize-to-ptx`
/// records the kernels' launch ABI.
inline constexpr llvm::StringLiteral kKernelsAttrName = "cudapy.kernels";

/// Name of the kernel attribute that keeps the source-level arguments
/// (an array of buildKernelArgumentAttr's dictionaries).
inline constexpr llvm::StringLiteral kSignatureAttrName = "cudapy.signature";

/// Kernel attribute: the bytes of dynamic shared memory the kernel itself
/// uses (from offset 0), which launches add to what they ask for (the
/// metadata's `dynamic_shared_bytes`).
inline constexpr llvm::StringLiteral kDynamicSharedBytesAttrName =
    "cudapy.dynamic_shared_bytes";

/// Kernel attribute: the block a launch must use (x, y, z), for kernels
/// whose code assumes it (tile kernels: 32 x tile.num_warps threads, plus
/// any producer warps). The metadata's `required_block_size`; the PTX keeps
/// `.maxntid`, so launches checked elsewhere are unchanged.
inline constexpr llvm::StringLiteral kRequiredBlockAttrName =
    "cudapy.required_block";

/// Function attribute: the function holds a grid barrier (simt.grid_sync),
/// so a kernel that reaches it must be launched cooperatively (the
/// metadata's `cooperative`).
inline constexpr llvm::StringLiteral kGridSyncAttrName = "cudapy.grid_sync";

/// llvm.func attribute: the alignment of the returned value's .param (CUDA
/// C++ returns a class object in a param aligned like the class, which an
/// LLVM struct type cannot say). cudapy-serialize-to-ptx hands it to NVPTX.
inline constexpr llvm::StringLiteral kReturnAlignAttrName =
    "cudapy.return_align";

/// Kernel attribute (between convert-tile-to-llvm and
/// cudapy-grid-constant-params): the PTX parameters that are tensor maps
/// (CUtensorMap, 128 bytes aligned to 64, passed by value and read in
/// place by the tensor memory accelerator).
inline constexpr llvm::StringLiteral kTensorMapParamsAttrName =
    "cudapy.tensor_map_params";

/// scf.for attribute (tile-pipeline-loads sets it) that scf-to-cf moves to
/// the loop's back edge, still discardable; cudapy-loop-annotations makes
/// it the llvm.br's or llvm.cond_br's own loop_annotation.
inline constexpr llvm::StringLiteral kLoopAnnotationAttrName =
    "llvm.loop_annotation";

/// The bytes and alignment of a tensor map (CUDA's CUtensorMap).
inline constexpr int64_t kTensorMapBytes = 128, kTensorMapAlign = 64;

/// A tensor map a kernel takes for a tile array (docs/Runtime.md): the box
/// (outermost dimension first) and swizzle (bytes: 0, 32, 64 or 128) it
/// copies with; its elements are moved as unsigned integers of the array's
/// element size, and outside the array it reads zeros.
struct TensorMapRecord {
  llvm::SmallVector<int64_t> box;
  int64_t swizzle = 0;
};

/// How an argument travels (the metadata's `kind`).
enum class KernelArgKind {
  Scalar,    ///< one parameter of its type
  Aggregate, ///< a py struct, tuple or vector passed by value
  Memref,    ///< an upstream memref (descriptor or bare pointer)
  PyArray,   ///< a py array: its descriptor by value
  TileArray, ///< a tile array: pointer, dynamic extents, dynamic strides
  /// a list of tile arrays: the address of its records and its length; the
  /// element fields describe each array
  TileArrayList,
};

/// One source-level kernel argument. Optional fields are recorded only when
/// set; -1 in `shape` and `strides` marks a dynamic extent or stride.
struct KernelArgument {
  KernelArgKind kind = KernelArgKind::Scalar;
  /// The argument's MLIR type, printed.
  std::string type;
  /// The number of PTX parameters it takes.
  int64_t params = 1;
  /// py arguments: the CUDA C++ size and alignment of their type.
  std::optional<int64_t> size, align;
  /// Arrays: the element type (printed), bytes (0 for packed sub-byte
  /// elements) and bits of an element, and the rank.
  std::optional<std::string> element;
  std::optional<int64_t> elementBytes, elementBits, rank;
  std::optional<llvm::SmallVector<int64_t>> shape, strides;
  /// Memrefs: whether the layout is the identity.
  std::optional<bool> contiguous;
  /// Tile arrays (and each array of a list): the facts the kernel was
  /// specialized on (base alignment
  /// in bytes, a divisor per extent and per stride), which the runtime
  /// checks at each launch.
  std::optional<int64_t> alignment;
  std::optional<llvm::SmallVector<int64_t>> divisibility, strideDivisibility;
  /// Tile arrays: the tensor maps of it that follow its other parameters.
  llvm::SmallVector<TensorMapRecord> tensorMaps;
};

/// The metadata's keyword of a kind ("scalar", "py_array", ...).
llvm::StringRef stringifyKernelArgKind(KernelArgKind kind);

/// The `cudapy.signature` entry of `arg`: the one place that spells the
/// record's field names.
mlir::DictionaryAttr buildKernelArgumentAttr(mlir::Builder &b,
                                             const KernelArgument &arg);

/// `type` as MLIR prints it.
std::string printType(mlir::Type type);

} // namespace cudapy

#endif // CUDAPY_SUPPORT_KERNELABI_H
