//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//

#ifndef CUDAPY_DIALECTS_TILE_IR_TILEDIALECT_H
#define CUDAPY_DIALECTS_TILE_IR_TILEDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "dialects/Tile/IR/TileDialect.h.inc"

#endif // CUDAPY_DIALECTS_TILE_IR_TILEDIALECT_H
