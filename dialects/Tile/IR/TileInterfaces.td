//===- TileInterfaces.td - tile dialect interfaces ---------*- tablegen -*-===//
//
// The distributed-layout interface: what a layout of a tile in registers
// tells the passes and the lowering. #tile.blocked and #tile.slice
// implement it; tensor-core layouts plug in the same way.
//
//===----------------------------------------------------------------------===//

#ifndef CUDAPY_TILE_INTERFACES_TD
#define CUDAPY_TILE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Tile_DistributedLayoutInterface
    : AttrInterface<"DistributedLayoutInterface"> {
  let cppNamespace = "::cudapy::tile";
  let description = [{
    A distributed layout says which thread of a CTA (its lane and warp) and
    which of the thread's registers hold which element of a tile. The
    layout is built for one *layout tile*, of shape `getShapePerTile()`:
    there, every thread holds `getRegistersPerTile(d)` elements along each
    dimension `d`. A tile larger than the layout tile repeats it; a smaller
    one wraps around (indices modulo the extent), so that several threads
    or registers hold copies of one element (the first is its owner).

    Along dimension `d`, the element that local index `l` of a thread
    holds is, before the wrap,

        threadOffset(d) + (l / getRegistersPerTile(d)) * getShapePerTile()[d]
                        + getTileRegisterOffset(d, l % getRegistersPerTile(d))

    where `threadOffset(d)` adds, over the `getThreadFields(d)`,
    `((id / stride) % count) * scale` of the lane or warp id. Threads that
    differ only in the `getReplicaFields()` hold the same elements; the one
    where all of them are 0 owns them. A thread's registers number its
    local indices in mixed radix, `getRegisterOrder()[0]` fastest.

    The free functions of dialects/Tile/IR/TileLayouts.h (register counts,
    the register-to-element map, contiguity) are written over these
    methods only: the lowering needs nothing else of a layout.
  }];
  let methods = [
    InterfaceMethod<"The number of dimensions of the tiles it lays out.",
      "int64_t", "getRank">,
    InterfaceMethod<"The number of warps of the CTA it distributes over.",
      "int64_t", "getNumWarps">,
    InterfaceMethod<[{
        The shape it was built for: one layout tile, which every thread and
        register of the CTA holds one element of (with replicas).
      }], "::llvm::SmallVector<int64_t>", "getShapePerTile">,
    InterfaceMethod<[{
        The dimensions from the one a thread's registers run along fastest.
      }], "::llvm::SmallVector<int64_t>", "getRegisterOrder">,
    InterfaceMethod<"The elements a thread holds along `dim` in one layout "
                    "tile.",
      "int64_t", "getRegistersPerTile", (ins "int64_t":$dim)>,
    InterfaceMethod<[{
        Where local index `local` (below getRegistersPerTile(dim)) of a
        thread lies along `dim`, relative to the thread's offset.
      }], "int64_t", "getTileRegisterOffset",
      (ins "int64_t":$dim, "int64_t":$local)>,
    InterfaceMethod<[{
        The bit fields of the lane and warp ids whose values, scaled, add
        up to the thread's offset along `dim`.
      }], "::llvm::SmallVector<::cudapy::tile::ThreadField>",
      "getThreadFields", (ins "int64_t":$dim)>,
    InterfaceMethod<[{
        The bit fields of the lane and warp ids along which threads hold
        copies of the same elements.
      }], "::llvm::SmallVector<::cudapy::tile::ThreadField>",
      "getReplicaFields">,
  ];
}

#endif // CUDAPY_TILE_INTERFACES_TD
