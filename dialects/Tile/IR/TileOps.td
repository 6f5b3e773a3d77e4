//===- TileOps.td - tile dialect operations ----------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_OPS_TD
#define CUDAPY_TILE_OPS_TD

include "dialects/Tile/IR/TileDialect.td"
include "dialects/Tile/IR/TileEnums.td"
include "dialects/Tile/IR/TileTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

class Tile_TileOf<string pred, string what>
    : Type<And<[Tile_TileType.predicate,
                CPred<"::cudapy::tile::" # pred # "(::llvm::cast<"
                      "::cudapy::tile::TileType>($_self).getElementType())">]>,
           what, "::cudapy::tile::TileType">;

def Tile_IntTile : Tile_TileOf<"isIntegerDType", "a tile of integers">;
def Tile_BoolTile : Tile_TileOf<"isBoolDType", "a tile of bools">;
def Tile_PointerTile : Tile_TileOf<"isPointerDType", "a tile of pointers">;
def Tile_NumericTile : Tile_TileOf<"isNumericDType", "a tile of numbers">;

def Tile_Si32Scalar : Type<
    CPred<"$_self == ::cudapy::tile::getIndexScalarType($_self.getContext())">,
    "an si32 scalar tile", "::cudapy::tile::TileType">,
    BuildableType<"::cudapy::tile::getIndexScalarType($_builder.getContext())">;

def Tile_Si64Scalar : Type<
    CPred<"$_self == ::cudapy::tile::getSi64ScalarType($_self.getContext())">,
    "an si64 scalar tile", "::cudapy::tile::TileType">,
    BuildableType<"::cudapy::tile::getSi64ScalarType($_builder.getContext())">;

def Tile_PointerScalar : Type<And<[Tile_PointerTile.predicate,
    CPred<"::llvm::cast<::cudapy::tile::TileType>($_self).isScalar()">]>,
    "a pointer scalar tile", "::cudapy::tile::TileType">;

/// An elementwise operand of the implicit form: a tile or a loose constant.
def Tile_ElementwiseOperand : AnyTypeOf<[Tile_TileType, Tile_LooseIntType,
                                         Tile_LooseFloatType]>;

def Tile_Axis : ConfinedAttr<I64Attr, [IntNonNegative]>;

//===----------------------------------------------------------------------===//
// Tile blocks (cuTile Python: bid, num_blocks)
//===----------------------------------------------------------------------===//

class Tile_GridOp<string mnemonic, string what>
    : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>,
                                              IntMaxValue<2>]>:$dim);
  let results = (outs Tile_Si32Scalar:$result);
  let assemblyFormat = "$dim attr-dict";
  let description = [{
    }] # what # [{ along grid dimension `dim` (0, 1 or 2), an si32 scalar.
    A kernel runs one tile block per point of a 1-3 dimensional grid.

    ```mlir
    %i = tile.}] # mnemonic # [{ 0
    ```
  }];
}

def Tile_BidOp : Tile_GridOp<"bid", "The index of this tile block"> {
  let summary = "The tile block's index in the grid";
}
def Tile_NumBlocksOp : Tile_GridOp<"num_blocks", "The number of tile blocks"> {
  let summary = "The grid's extent in tile blocks";
}

//===----------------------------------------------------------------------===//
// Arrays and views
//===----------------------------------------------------------------------===//

def Tile_MakeArrayOp : Tile_Op<"make_array", [Pure, AttrSizedOperandSegments]> {
  let summary = "An array from a base pointer, extents and strides";
  let description = [{
    Tile C++'s tensor span (a pointer and a strided layout mapping); a
    kernel's array arguments are the same thing. One operand per dynamic
    extent (si32) and per dynamic stride (si64, in elements).

    ```mlir
    %a = tile.make_array %base shape [%m, %n] strides [%ld]
        : !tile.tile<!tile.ptr<f32>> -> !tile.array<?x?xf32, strides [?, 1]>
    ```
  }];
  let arguments = (ins Tile_PointerScalar:$base,
                       Variadic<Tile_Si32Scalar>:$dynamicShape,
                       Variadic<Tile_Si64Scalar>:$dynamicStrides);
  let results = (outs Tile_ArrayType:$result);
  let assemblyFormat = [{
    $base `shape` ` ` `[` $dynamicShape `]` `strides` ` ` `[` $dynamicStrides `]`
    attr-dict `:` qualified(type($base)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_ArrayDimOp : Tile_Op<"array_dim", [Pure]> {
  let summary = "An array's extent along a dimension (`Array.shape[d]`)";
  let description = [{
    An si32 scalar (cuTile Python, "Global Arrays": shapes are int32
    runtime values).

    ```mlir
    %n = tile.array_dim %a, 0 : !tile.array<?xf32>
    ```
  }];
  let arguments = (ins Tile_ArrayType:$array, Tile_Axis:$dim);
  let results = (outs Tile_Si32Scalar:$result);
  let assemblyFormat = "$array `,` $dim attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ArrayBaseOp : Tile_Op<"array_base", [Pure]> {
  let summary = "An array's base pointer";
  let description = [{
    The pointer to the array's element at index 0 along every dimension, a
    pointer scalar of the array's dtype (Tile C++'s span data pointer).
    With `tile.array_stride` and `tile.offset` it addresses single elements
    (cuTile Python's atomics on array elements go through it).

    ```mlir
    %p = tile.array_base %a : !tile.array<?x?xf32, strides [?, 1]> -> !tile.tile<!tile.ptr<f32>>
    ```
  }];
  let arguments = (ins Tile_ArrayType:$array);
  let results = (outs Tile_PointerScalar:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_ArrayStrideOp : Tile_Op<"array_stride", [Pure]> {
  let summary = "An array's stride along a dimension, in elements";
  let description = [{
    An si64 scalar (strides are 64-bit in `tile.make_array`).

    ```mlir
    %s = tile.array_stride %a, 0 : !tile.array<?x?xf32, strides [?, 1]>
    ```
  }];
  let arguments = (ins Tile_ArrayType:$array, Tile_Axis:$dim);
  let results = (outs Tile_Si64Scalar:$result);
  let assemblyFormat = "$array `,` $dim attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ListLenOp : Tile_Op<"list_len", [Pure]> {
  let summary = "The number of arrays in a list (`len(arrays)`)";
  let description = [{
    An si32 scalar (cuTile Python's lists of arrays have an int32 length).

    ```mlir
    %n = tile.list_len %as : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
    ```
  }];
  let arguments = (ins Tile_ListType:$list);
  let results = (outs Tile_Si32Scalar:$result);
  let assemblyFormat = "$list attr-dict `:` qualified(type($list))";
}

// Not speculatable: an index past the list's end reads past its records,
// so the op stays under the conditions that guard it. The records do not
// change while a kernel runs, so reading them has no memory effect.
def Tile_ListGetOp : Tile_Op<"list_get", [NoMemoryEffect,
    TypesMatchWith<"the result is the list's element type", "list", "result",
                   "::llvm::cast<::cudapy::tile::ListType>($_self).getElement()">]> {
  let summary = "An array of a list (`arrays[i]`)";
  let description = [{
    Array `index` of `list`, counting from 0, of the list's element type.
    `index` must be below `tile.list_len` (undefined behavior otherwise:
    cuTile Python leaves an out-of-range index undefined).

    ```mlir
    %a = tile.list_get %as[%g] : !tile.list<!tile.array<?x?xf16, strides [?, 1]>>
    ```
  }];
  let arguments = (ins Tile_ListType:$list, Tile_Si32Scalar:$index);
  let results = (outs Tile_ArrayType:$result);
  let assemblyFormat = "$list `[` $index `]` attr-dict `:` qualified(type($list))";
}

def Tile_MakeViewOp : Tile_Op<"make_view", [Pure]> {
  let summary = "A tiled view of an array (`Array.tiled_view`)";
  let description = [{
    The array seen as tiles of the view type's shape, steps, order and
    padding (`!tile.view`).

    ```mlir
    %v = tile.make_view %a : !tile.array<?xf32> -> !tile.view<1024, !tile.array<?xf32>>
    ```
  }];
  let arguments = (ins Tile_ArrayType:$array);
  let results = (outs Tile_ViewType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Tile_NumTilesOp : Tile_Op<"num_tiles", [Pure]> {
  let summary = "The number of tiles of a view along a dimension";
  let description = [{
    `ceildiv(shape[d], steps[d])` along array dimension `d` (cuTile Python,
    "Tiled Views": `num_tiles`), an si32 scalar.

    ```mlir
    %n = tile.num_tiles %v, 0 : !tile.view<1024, !tile.array<?xf32>>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, Tile_Axis:$dim);
  let results = (outs Tile_Si32Scalar:$result);
  let assemblyFormat = "$view `,` $dim attr-dict `:` qualified(type($view))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_LoadOp : Tile_Op<"load", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Load the tile at a tile index of a view";
  let description = [{
    cuTile Python's `load(array, index, shape, order, padding_mode)`: the
    tile whose index in the view's tile space is `indices` (one si32 per
    array dimension). Elements outside the array are the view's padding.

    With `memory relaxed` or `memory acquire` and a `scope` (cuTile's
    `memory_order` RELAXED or ACQUIRE and `memory_scope`), each element is
    read by an atomic load of that order and scope (one element at a time,
    never cached across reads or merged with another load); with `acquire`
    the tile block waits for every thread's loads before going on, so what
    the releasing side published is visible to all of them. Without, the
    load is weak (cuTile's WEAK).

    ```mlir
    %t = tile.load %v[%i, %j] : !tile.view<128x64, !tile.array<?x?xf32>>
    %flag = tile.load %f[%i] memory acquire scope device : !tile.view<1, !tile.array<?xsi32>>
    ```

    The result is the view's tile; with a layout, the type follows an arrow
    (`: !tile.view<…> -> !tile.tile<128x64xf32, #tile.blocked<…>>`).
  }];
  let arguments = (ins Tile_ViewType:$view, Variadic<Tile_Si32Scalar>:$indices,
                       OptionalAttr<Tile_MemoryOrderAttr>:$memory,
                       OptionalAttr<Tile_ThreadScopeAttr>:$scope);
  let results = (outs Tile_TileType:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$view, "::mlir::ValueRange":$indices), [{
      build($_builder, $_state,
            ::llvm::cast<::cudapy::tile::ViewType>(view.getType()).getTileType(),
            view, indices, /*memory=*/nullptr, /*scope=*/nullptr);
    }]>
  ];
  let assemblyFormat = [{
    $view `[` $indices `]` (`memory` $memory^ `scope` $scope)? attr-dict `:`
    qualified(type($view)) custom<ViewTile>(type($result), ref(type($view)))
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Store a tile at a tile index of a view";
  let description = [{
    cuTile Python's `store(array, index, tile, order)`. Elements of the tile
    outside the array are not written. With `memory relaxed` or `memory
    release` and a `scope` (cuTile's RELAXED or RELEASE), each element is
    written by an atomic store of that order and scope; with `release` the
    tile block first waits for all its threads, so that their earlier
    writes are published with it.

    ```mlir
    tile.store %t, %v[%i] : !tile.view<1024, !tile.array<?xf32>>
    tile.store %one, %f[%i] memory release scope device : !tile.view<1, !tile.array<?xsi32>>
    ```
  }];
  let arguments = (ins Tile_TileType:$value, Tile_ViewType:$view,
                       Variadic<Tile_Si32Scalar>:$indices,
                       OptionalAttr<Tile_MemoryOrderAttr>:$memory,
                       OptionalAttr<Tile_ThreadScopeAttr>:$scope);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` (`memory` $memory^ `scope` $scope)?
    attr-dict `:` qualified(type($view))
    custom<ViewTile>(type($value), ref(type($view)))
  }];
  let hasVerifier = 1;
}

def Tile_GatherOp : Tile_Op<"gather", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "Load the array elements at index tiles";
  let description = [{
    cuTile Python's `gather(array, indices, padding_value)`: element `I` of
    the result is `array[indices0(I), …, indicesN(I)]`, or `padding` (zero
    when absent) where an index is out of bounds or `mask(I)` is false. One
    integer index tile per array dimension, each of the result's shape;
    `padding` is a scalar of the array's dtype.

    ```mlir
    %t = tile.gather %a[%rows] mask %m padding %zero
        : !tile.array<?xf32>[!tile.tile<128xsi32>], !tile.tile<128xi1>
          -> !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_ArrayType:$array, Variadic<Tile_IntTile>:$indices,
                       Optional<Tile_BoolTile>:$mask,
                       Optional<Tile_TileType>:$padding);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` (`mask` $mask^)? (`padding` $padding^)? attr-dict
    `:` qualified(type($array)) `[` qualified(type($indices)) `]` (`,` qualified(type($mask))^)?
    `->` qualified(type($result))
    custom<PaddingType>(ref($padding), ref(type($array)), type($padding))
  }];
  let hasVerifier = 1;
}

def Tile_ScatterOp : Tile_Op<"scatter", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "Store a tile's elements at index tiles";
  let description = [{
    cuTile Python's `scatter(array, indices, value)`: element `I` of
    `value` goes to `array[indices0(I), …]` unless an index is out of bounds
    or `mask(I)` is false.

    ```mlir
    tile.scatter %t, %a[%rows] : !tile.tile<128xf32>, !tile.array<?xf32>[!tile.tile<128xsi32>]
    ```
  }];
  let arguments = (ins Tile_TileType:$value, Tile_ArrayType:$array,
                       Variadic<Tile_IntTile>:$indices,
                       Optional<Tile_BoolTile>:$mask);
  let assemblyFormat = [{
    $value `,` $array `[` $indices `]` (`mask` $mask^)? attr-dict
    `:` qualified(type($value)) `,` qualified(type($array)) `[` qualified(type($indices)) `]`
    (`,` qualified(type($mask))^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer tiles (Tile C++)
//===----------------------------------------------------------------------===//

def Tile_OffsetOp : Tile_Op<"offset", [Pure,
    AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Pointer arithmetic: a pointer tile plus element offsets";
  let description = [{
    Tile C++'s `p + n` on pointer tiles: element `I` is `ptr(I)` advanced by
    `offset(I)` elements. Both tiles have one shape (the explicit form).

    ```mlir
    %q = tile.offset %p, %o : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xsi32>
    ```
  }];
  let arguments = (ins Tile_PointerTile:$ptr, Tile_IntTile:$offset);
  let results = (outs Tile_PointerTile:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` qualified(type($ptr)) `,` qualified(type($offset))";
  let hasVerifier = 1;
}

def Tile_LoadPtrOp : Tile_Op<"load_ptr", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "Load through a tile of pointers (Tile C++ `load`)";
  let description = [{
    Element `I` is `*ptr(I)` where `mask(I)` holds (all when absent) and
    `other(I)` elsewhere (unspecified without `other`); masked-off pointers
    are not dereferenced.

    ```mlir
    %x = tile.load_ptr %p mask %m other %zero
        : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xi1> -> !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_PointerTile:$ptr, Optional<Tile_BoolTile>:$mask,
                       Optional<Tile_TileType>:$other);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $ptr (`mask` $mask^)? (`other` $other^)? attr-dict `:` qualified(type($ptr))
    (`,` qualified(type($mask))^)? `->` qualified(type($result))
    custom<SameType>(ref($other), ref(type($result)), type($other))
  }];
  let hasVerifier = 1;
}

def Tile_StorePtrOp : Tile_Op<"store_ptr", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Store through a tile of pointers (Tile C++ `store`)";
  let description = [{
    ```mlir
    tile.store_ptr %x, %p mask %m
        : !tile.tile<128xf32>, !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xi1>
    ```
  }];
  let arguments = (ins Tile_TileType:$value, Tile_PointerTile:$ptr,
                       Optional<Tile_BoolTile>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr (`mask` $mask^)? attr-dict `:` qualified(type($value)) `,` qualified(type($ptr))
    (`,` qualified(type($mask))^)?
  }];
  let hasVerifier = 1;
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "Atomic read-modify-write through a tile of pointers";
  let description = [{
    Tile C++'s atomic operations ("Memory Model"; cuTile Python's
    `atomic_add`, `atomic_max` …): for each element `I` with `mask(I)`,
    atomically `*ptr(I) = kind(*ptr(I), value(I))`; the result holds the
    old values. `memory` is the memory order (`relaxed`, `acquire`,
    `release`, `acq_rel`) and `scope` the thread scope (`block` for the tile
    block, `device`, `system`). Integer and float dtypes as the hardware
    allows: `add` on ints, f16, bf16, f32, f64; bitwise kinds on ints;
    `max`/`min` on ints; `exch` on 32/64-bit dtypes.

    ```mlir
    %old = tile.atomic_rmw add %p, %x memory relaxed scope device
        : !tile.tile<128x!tile.ptr<f32>>, !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_AtomicKindAttr:$kind, Tile_PointerTile:$ptr,
                       Tile_NumericTile:$value, Optional<Tile_BoolTile>:$mask,
                       Tile_MemoryOrderAttr:$memory,
                       Tile_ThreadScopeAttr:$scope);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $kind $ptr `,` $value (`mask` $mask^)? `memory` $memory `scope` $scope
    attr-dict `:` qualified(type($ptr)) `,` qualified(type($value)) (`,` qualified(type($mask))^)?
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AllTypesMatch<["expected", "desired", "result"]>]> {
  let summary = "Atomic compare-and-swap through a tile of pointers";
  let description = [{
    For each element `I` with `mask(I)`, atomically: if `*ptr(I)` equals
    `expected(I)` (bitwise), store `desired(I)`; the result holds the old
    values. 16, 32 and 64-bit dtypes.

    ```mlir
    %old = tile.atomic_cas %p, %e, %d memory acq_rel scope device
        : !tile.tile<32x!tile.ptr<si32>>, !tile.tile<32xsi32>
    ```
  }];
  let arguments = (ins Tile_PointerTile:$ptr, Tile_NumericTile:$expected,
                       Tile_NumericTile:$desired, Optional<Tile_BoolTile>:$mask,
                       Tile_MemoryOrderAttr:$memory,
                       Tile_ThreadScopeAttr:$scope);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $ptr `,` $expected `,` $desired (`mask` $mask^)? `memory` $memory
    `scope` $scope attr-dict `:` qualified(type($ptr)) `,` qualified(type($expected))
    (`,` qualified(type($mask))^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging and grid dependencies
//===----------------------------------------------------------------------===//

def Tile_PrintOp : Tile_Op<"print", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Prints values from the device (CUDA's vprintf)";
  let description = [{
    `format` is a C format with one conversion per value: `d`, `i`, `u`,
    `o`, `x`, `X` or `c` for integers and bools (with an `l` or `ll`
    length for 64-bit ones, none for narrower), `e`, `E`, `f`, `F`, `g`,
    `G`, `a` or `A` for floats, each with the flags, width and precision C
    allows (no `*`); `%%` prints a percent sign. Narrow integers print
    widened to 32 bits by their signedness, floats as doubles.

    The values are tiles of one shape, with rank-0 tiles beside them.
    Where all are rank 0 the line prints once per tile block. Otherwise it
    prints once per element of that shape, by the thread that holds the
    element, after the prefix `bid (x, y, z) idx (i, j): ` naming the tile
    block and the element; lines of different elements come in no
    particular order.

    With `whole`, the tile block prints the line once (from its first
    thread), each tile value written whole as nested lists with each
    element in the value's conversion: `[[1.0, 2.0], [3.0, 4.0]]` (cuTile's
    `ct.printf` and `ct.print`); the tiles may then differ in shape. Such a
    line takes several vprintf calls, so lines that tile blocks print at
    once may interleave.

    ```mlir
    tile.print "x = %f\n" %x : !tile.tile<16xf32>
    tile.print "x = %.1f\n" whole %x : !tile.tile<16xf32>
    tile.print "done\n"
    ```
  }];
  let arguments = (ins StrAttr:$format, UnitAttr:$whole,
                       Variadic<Tile_TileType>:$values);
  let assemblyFormat = [{
    $format (`whole` $whole^)? ($values^ `:` qualified(type($values)))? attr-dict
  }];
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Stops the kernel where a condition is false";
  let description = [{
    Each element of `condition` (a bool tile of any rank) that is false
    fails CUDA's device assertion with `message` and the op's source
    location: the kernel stops and the launch reports an assertion error
    (cuTile's `ct.assert_`).

    ```mlir
    tile.assert %ok, "x must be positive" : !tile.tile<16xi1>
    ```
  }];
  let arguments = (ins Tile_BoolTile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` qualified(type($condition))
  }];
}

def Tile_GridDependencyWaitOp : Tile_Op<"grid_dependency_wait", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Waits for the grids this one depends on";
  let description = [{
    Under programmatic dependent launch, waits until the grids this grid
    depends on have completed and their memory operations are visible;
    otherwise returns at once (PTX `griddepcontrol.wait`, sm_90 and later;
    cuTile's `ct.grid_dependency_control_wait`).

    ```mlir
    tile.grid_dependency_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_LaunchDependentsOp : Tile_Op<"launch_dependents", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Lets the grids that depend on this one start";
  let description = [{
    Under programmatic dependent launch, lets the dependent grid start once
    every tile block of this grid has run this op or exited; otherwise does
    nothing (PTX `griddepcontrol.launch_dependents`, sm_90 and later;
    cuTile's `ct.grid_dependency_control_launch_dependents`).

    ```mlir
    tile.launch_dependents
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

def Tile_ConstantOp : Tile_Op<"constant", [ConstantLike, Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "A constant tile (`full`, `zeros`, `ones` with a constant)";
  let description = [{
    The elements of a numeric tile, as dense elements whose type is the
    tile type (a splat for `full`).

    ```mlir
    %z = tile.constant dense<0.0> : !tile.tile<128x64xf32>
    %c = tile.constant dense<[1, 2, 3, 4]> : !tile.tile<4xsi32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::cudapy::tile::TileType":$type,
                                 "::mlir::Attribute":$splat)>];
}

def Tile_LiteralOp : Tile_Op<"literal", [ConstantLike, Pure]> {
  let summary = "A loosely typed constant of the implicit form";
  let description = [{
    cuTile Python's loosely typed numeric constants ("Arithmetic
    Promotion"): an integer (an i64, or a ui64 attribute for values above
    2^63 - 1) or an f64. The implicit-to-explicit pass gives it the dtype
    promotion picks.

    ```mlir
    %two = tile.literal 2                           // !tile.loose_int
    %big = tile.literal 18446744073709551615 : ui64 // !tile.loose_int
    %half = tile.literal 5.000000e-01               // !tile.loose_float
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyTypeOf<[Tile_LooseIntType, Tile_LooseFloatType]>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_IotaOp : Tile_Op<"iota", [Pure]> {
  let summary = "A tile of its elements' row-major positions (`arange`)";
  let description = [{
    Element `I` is the position of `I` in the tile's row-major arrangement
    (Tile C++ `iota`; cuTile Python's `arange(n)` is the rank-1 case). An
    integer or floating-point dtype that holds the largest position.

    ```mlir
    %i = tile.iota : !tile.tile<128xsi32>
    ```
  }];
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Scalars and control flow
//===----------------------------------------------------------------------===//

def Tile_ToScalarOp : Tile_Op<"to_scalar", [Pure]> {
  let summary = "A scalar tile as a builtin scalar, for control flow";
  let description = [{
    Loops and branches (`scf.for`, `scf.if`) take builtin scalars: an
    integer scalar tile becomes an `index` (sign-extended for signed
    dtypes, zero-extended for unsigned ones) or the signless integer of its
    width, a bool `i1`, a float the same float.

    ```mlir
    %n = tile.to_scalar %tiles : !tile.tile<si32> -> index
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs AnyTypeOf<[Index, AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_FromScalarOp : Tile_Op<"from_scalar", [Pure]> {
  let summary = "A builtin scalar as a scalar tile";
  let description = [{
    The inverse of `tile.to_scalar`: an `index` truncates to the integer
    dtype, a signless integer or float reinterprets as the dtype of its
    width.

    ```mlir
    %k = tile.from_scalar %i : index -> !tile.tile<si32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Index, AnySignlessInteger, AnyFloat]>:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

/// Binary elementwise operations. Without `promote` this is the explicit
/// form: both operands and the result have one type. With `promote
/// <policy>` (the implicit form) the operands broadcast to a common shape
/// and promote to a common dtype under the policy, loose constants
/// included; tile-make-explicit rewrites it.
class Tile_BinaryOp<string mnemonic, string what, list<Trait> traits = [],
                    dag modifiers = (ins), string modifierFormat = "">
    : Tile_Op<mnemonic, [Pure] # traits> {
  let arguments = !con((ins Tile_ElementwiseOperand:$lhs,
                            Tile_ElementwiseOperand:$rhs,
                            OptionalAttr<Tile_PromotionPolicyAttr>:$promote),
                       modifiers);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$lhs `,` $rhs (`promote` $promote^)? " #
      modifierFormat # [{ attr-dict `:`
      custom<ElementwiseTypes>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
  let summary = what;
}

class Tile_FloatBinaryOp<string mnemonic, string what, list<Trait> traits = []>
    : Tile_BinaryOp<mnemonic, what, traits,
        (ins OptionalAttr<Tile_RoundingModeAttr>:$rounding, UnitAttr:$ftz),
        "(`rounding` $rounding^)? (`ftz` $ftz^)?">;

def Tile_AddOp : Tile_FloatBinaryOp<"add", "Elementwise addition", [Commutative]> {
  let description = [{
    Integers wrap; floats round per `rounding` (`rn` by default; `rz`,
    `rm`, `rp`) and flush subnormals to zero with `ftz` (f32).

    ```mlir
    %c = tile.add %a, %b : !tile.tile<128xf32>
    %d = tile.add %x, %two promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
    ```
  }];
  let hasFolder = 1;
}
def Tile_SubOp : Tile_FloatBinaryOp<"sub", "Elementwise subtraction"> {
  let description = [{
    ```mlir
    %c = tile.sub %a, %b rounding rz : !tile.tile<128xf32>
    ```
  }];
  let hasFolder = 1;
}
def Tile_MulOp : Tile_FloatBinaryOp<"mul", "Elementwise multiplication", [Commutative]> {
  let description = [{
    ```mlir
    %c = tile.mul %a, %b ftz : !tile.tile<128xf32>
    ```
  }];
  let hasFolder = 1;
}
def Tile_DivOp : Tile_FloatBinaryOp<"div", "Elementwise division"> {
  let description = [{
    Floats: IEEE division rounded per `rounding` (`rn` default; `rz`, `rm`,
    `rp`, `full` for the full-range fast division and `approx` for the
    approximate one, f32 only). Integers: C++ division, truncating toward
    zero (cuTile's `/` of integers is a frontend's `convert` then `div`).

    ```mlir
    %c = tile.div %a, %b rounding approx : !tile.tile<128xf32>
    ```
  }];
}
def Tile_FloorDivOp : Tile_BinaryOp<"floordiv", "Python floor division (`//`)"> {
  let description = [{
    `floor(a / b)`: integers round toward negative infinity.

    ```mlir
    %q = tile.floordiv %a, %b : !tile.tile<16xsi32>
    ```
  }];
}
def Tile_RemOp : Tile_BinaryOp<"rem", "C++ remainder (`%`, `fmod`)"> {
  let description = [{
    The remainder of truncating division: its sign is the dividend's.

    ```mlir
    %r = tile.rem %a, %b : !tile.tile<16xsi32>
    ```
  }];
}
def Tile_ModOp : Tile_BinaryOp<"mod", "Python modulo (`%`)"> {
  let description = [{
    The remainder of floor division: its sign is the divisor's.

    ```mlir
    %r = tile.mod %a, %b : !tile.tile<16xf32>
    ```
  }];
}
def Tile_PowOp : Tile_BinaryOp<"pow", "Elementwise power (`**`)"> {
  let description = [{
    Floats only.

    ```mlir
    %p = tile.pow %a, %b : !tile.tile<16xf32>
    ```
  }];
}
def Tile_Atan2Op : Tile_BinaryOp<"atan2",
                                 "Elementwise arc tangent of `lhs / rhs`"> {
  let description = [{
    The angle of the point (`rhs`, `lhs`) in radians, in [-pi, pi], with
    the quadrant from both signs (C's `atan2(y, x)` with `y` = `lhs`).
    Floats only (cuTile's `ct.atan2`).

    ```mlir
    %a = tile.atan2 %y, %x : !tile.tile<16xf32>
    ```
  }];
}

class Tile_MinMaxOp<string mnemonic, string what>
    : Tile_BinaryOp<mnemonic, what, [Commutative],
        (ins UnitAttr:$propagate_nan, UnitAttr:$ftz),
        "(`propagate_nan` $propagate_nan^)? (`ftz` $ftz^)?"> {
  let description = [{
    With a NaN operand the result is the other operand (Tile C++ "Suppress
    NaN", the default) or NaN with `propagate_nan`. `-0.0` orders before
    `+0.0`.

    ```mlir
    %m = tile.}] # mnemonic # [{ %a, %b propagate_nan : !tile.tile<128xf32>
    ```
  }];
  let hasFolder = 1;
}
def Tile_MaximumOp : Tile_MinMaxOp<"maximum", "Elementwise maximum">;
def Tile_MinimumOp : Tile_MinMaxOp<"minimum", "Elementwise minimum">;

class Tile_BitwiseOp<string mnemonic, string what, list<Trait> traits = []>
    : Tile_BinaryOp<mnemonic, what, traits> {
  let description = [{
    Integers and bools.

    ```mlir
    %c = tile.}] # mnemonic # [{ %a, %b : !tile.tile<16xui32>
    ```
  }];
}
def Tile_AndOp : Tile_BitwiseOp<"and", "Bitwise and", [Commutative]>;
def Tile_OrOp : Tile_BitwiseOp<"or", "Bitwise or", [Commutative]>;
def Tile_XorOp : Tile_BitwiseOp<"xor", "Bitwise exclusive or", [Commutative]>;
def Tile_ShlOp : Tile_BitwiseOp<"shl", "Shift left"> {
  let description = [{
    Integers; a shift by the bit width or more gives 0.

    ```mlir
    %c = tile.shl %a, %b : !tile.tile<16xui32>
    ```
  }];
}
def Tile_ShrOp : Tile_BitwiseOp<"shr", "Shift right"> {
  let description = [{
    Arithmetic for signed, logical for unsigned integers; a shift by the bit
    width or more gives 0 (or -1 for a negative signed value).

    ```mlir
    %c = tile.shr %a, %b : !tile.tile<16xsi32>
    ```
  }];
}

def Tile_CmpOp : Tile_Op<"cmp", [Pure]> {
  let summary = "Elementwise comparison";
  let description = [{
    A tile of bools. Floats compare as IEEE does (`ne` holds for NaN, the
    others do not). Under `promote`, the Tile C++ policy uses its arithmetic
    comparison conversion (no preference for tiles over scalars).

    ```mlir
    %m = tile.cmp lt %a, %b : !tile.tile<128xf32>
    %n = tile.cmp lt %i, %len promote cutile : !tile.tile<128xsi32>, !tile.tile<si32> -> !tile.tile<128xi1>
    ```
  }];
  let arguments = (ins Tile_CmpPredicateAttr:$predicate,
                       Tile_ElementwiseOperand:$lhs,
                       Tile_ElementwiseOperand:$rhs,
                       OptionalAttr<Tile_PromotionPolicyAttr>:$promote);
  let results = (outs Tile_BoolTile:$result);
  let assemblyFormat = [{
    $predicate $lhs `,` $rhs (`promote` $promote^)? attr-dict `:`
    custom<CompareTypes>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def Tile_SelectOp : Tile_Op<"select", [Pure]> {
  let summary = "Elementwise choice (`where`)";
  let description = [{
    `cond(I) ? lhs(I) : rhs(I)`. Under `promote` the three operands
    broadcast together and `lhs`, `rhs` promote to a common dtype.

    ```mlir
    %r = tile.select %m, %a, %b : !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_ElementwiseOperand:$cond,
                       Tile_ElementwiseOperand:$lhs,
                       Tile_ElementwiseOperand:$rhs,
                       OptionalAttr<Tile_PromotionPolicyAttr>:$promote);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $cond `,` $lhs `,` $rhs (`promote` $promote^)? attr-dict `:`
    custom<SelectTypes>(type($cond), type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Tile_UnaryOp<string mnemonic, string what, list<Trait> traits = []>
    : Tile_Op<mnemonic, [Pure, SameOperandsAndResultType] # traits> {
  let arguments = (ins Tile_NumericTile:$source);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let summary = what;
}

def Tile_NegOp : Tile_UnaryOp<"neg", "Elementwise negation"> {
  let description = [{
    Signed integers and floats.

    ```mlir
    %n = tile.neg %a : !tile.tile<16xf32>
    ```
  }];
  let hasFolder = 1;
}
def Tile_NotOp : Tile_UnaryOp<"not", "Bitwise not (logical for bools)"> {
  let description = [{
    ```mlir
    %n = tile.not %m : !tile.tile<16xi1>
    ```
  }];
  let hasFolder = 1;
}
def Tile_AbsOp : Tile_UnaryOp<"abs", "Elementwise absolute value"> {
  let description = [{
    Signed integers (wrapping at the minimum) and floats.

    ```mlir
    %n = tile.abs %a : !tile.tile<16xsi32>
    ```
  }];
}

def Tile_MathOp : Tile_Op<"math", [Pure, SameOperandsAndResultType]> {
  let summary = "An elementwise math function of floats";
  let description = [{
    `exp`, `exp2`, `log`, `log2`, `log10`, `log1p`, `expm1`, `sqrt`,
    `rsqrt`, `sin`, `cos`, `tan`, `sinh`, `cosh`, `tanh`, `asin`, `acos`,
    `atan`, `erf`, `floor`, `ceil`, `trunc`, `round` (half to even), `rcp`
    (1/x). `rounding`: `sqrt` and `rcp` take `rn`, `rz`, `rm`, `rp` or
    `approx`; the transcendental functions `full` (default) or `approx`
    (the hardware's approximation, f32). `ftz` flushes f32 subnormals.

    ```mlir
    %e = tile.math exp2 %a rounding approx ftz : !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_UnaryFunctionAttr:$function,
                       Tile_NumericTile:$source,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding,
                       UnitAttr:$ftz);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $function $source (`rounding` $rounding^)? (`ftz` $ftz^)? attr-dict `:`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_FmaOp : Tile_Op<"fma", [Pure, SameOperandsAndResultType]> {
  let summary = "Fused multiply-add of floats";
  let description = [{
    `a * b + c` rounded once, per `rounding` (`rn` default).

    ```mlir
    %r = tile.fma %a, %b, %c : !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$a, Tile_NumericTile:$b,
                       Tile_NumericTile:$c,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding,
                       UnitAttr:$ftz);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`rounding` $rounding^)? (`ftz` $ftz^)? attr-dict `:`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def Tile_ConvertOp : Tile_Op<"convert", [Pure]> {
  let summary = "Elementwise dtype conversion (`astype`)";
  let description = [{
    Tile C++'s scalar conversions: float to float rounds per `rounding`
    (`rn` default; `rz`, `rm`, `rp`); integer to float rounds the same way;
    float to integer rounds per `rzi` (toward zero, the default), `rn`,
    `rm` or `rp` and saturates, NaN giving 0; integer to integer wraps;
    to bool compares with zero. fp8 results of non-finite or out-of-range
    values are unspecified (Tile C++); `ftz` flushes f32 subnormals.

    ```mlir
    %h = tile.convert %x rounding rz : !tile.tile<128xf32> -> !tile.tile<128xf16>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$source,
                       OptionalAttr<Tile_RoundingModeAttr>:$rounding,
                       UnitAttr:$ftz);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $source (`rounding` $rounding^)? (`ftz` $ftz^)? attr-dict `:`
    qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_BitcastOp : Tile_Op<"bitcast", [Pure]> {
  let summary = "Reinterpret each element's bits as another dtype";
  let description = [{
    Same shape, same element bit width (pointers are 64 bits; tf32 is 32,
    its container). tf32's value is the 19 high bits of the container: a
    bitcast to tf32 reads the 32 bits as a float32 rounded toward zero to
    tf32 (the 13 low bits dropped; NaN stays NaN, as tf32's NaN), one from
    tf32 gives the container (the 13 low bits zero). fp8, e8m0 and fp4
    elements are their codes.

    ```mlir
    %b = tile.bitcast %x : !tile.tile<128xf32> -> !tile.tile<128xui32>
    %e = tile.bitcast %c : !tile.tile<128xui8> -> !tile.tile<128xf8E4M3FN>
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "Broadcast to a shape (`broadcast_to`, `full`)";
  let description = [{
    Tile C++'s broadcast conversion: the source's shape is broadcastable to
    the result's (aligned at the trailing dimensions, each source extent
    equal or 1). A scalar source makes a `full` tile.

    ```mlir
    %b = tile.broadcast %x : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure]> {
  let summary = "The same tile in another distributed layout";
  let description = [{
    Moves the elements of a tile between threads: from the source's layout
    to the result's. `tile-assign-layouts` inserts it where an op needs its
    operand in a layout other than the one it has; the lowering goes
    through shared memory.

    ```mlir
    %b = tile.convert_layout %a : !tile.tile<64x64xf32, #tile.blocked<…>>
                                -> !tile.tile<64x64xf32, #tile.blocked<…>>
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure]> {
  let summary = "The same elements in row-major order, another shape";
  let description = [{
    ```mlir
    %r = tile.reshape %x : !tile.tile<4x8xf32> -> !tile.tile<32xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$source);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "Insert a dimension of extent 1 (`expand_dims`)";
  let description = [{
    `axis` is the new dimension's position in the result.

    ```mlir
    %r = tile.expand_dims %x, 1 : !tile.tile<128xf32> -> !tile.tile<128x1xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$source, Tile_Axis:$axis);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $source `,` $axis attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_PermuteOp : Tile_Op<"permute", [Pure]> {
  let summary = "Permute dimensions (`permute`, `transpose`)";
  let description = [{
    Result dimension `k` is source dimension `permutation[k]`.

    ```mlir
    %t = tile.permute %x [1, 0] : !tile.tile<4x8xf32> -> !tile.tile<8x4xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$source, DenseI64ArrayAttr:$permutation);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ExtractOp : Tile_Op<"extract", [Pure]> {
  let summary = "A sub-tile by its index (`extract`)";
  let description = [{
    cuTile Python's `extract(tile, index, shape)`: the source split into
    sub-tiles of the result's shape (each dividing the source's extent),
    the one at `indices` (si32, one per dimension). An index out of range
    gives an unspecified tile.

    ```mlir
    %s = tile.extract %x[%i, %j] : !tile.tile<64x64xf32> -> !tile.tile<16x64xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$source,
                       Variadic<Tile_Si32Scalar>:$indices);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_InsertOp : Tile_Op<"insert", [Pure,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "Replace a sub-tile by its index";
  let description = [{
    The inverse of `extract`: `dest` with the sub-tile at `indices` (in
    units of `value`'s shape) replaced by `value`.

    ```mlir
    %r = tile.insert %s into %x[%i, %j] : !tile.tile<16x64xf32> into !tile.tile<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$value, Tile_TileType:$dest,
                       Variadic<Tile_Si32Scalar>:$indices);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $value `into` $dest `[` $indices `]` attr-dict `:` qualified(type($value)) `into`
    qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def Tile_CatOp : Tile_Op<"cat", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Concatenate two tiles along an axis (`cat`)";
  let description = [{
    The operands have one type; the result doubles their extent along
    `axis` (so it stays a power of two).

    ```mlir
    %r = tile.cat %a, %b, 0 : !tile.tile<16x8xf32> -> !tile.tile<32x8xf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$lhs, Tile_TileType:$rhs, Tile_Axis:$axis);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $axis attr-dict `:` qualified(type($lhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "Reduce along axes with a built-in combiner";
  let description = [{
    cuTile Python's `sum`, `prod`, `max`, `min` and bitwise reductions over
    `axes` (distinct, in range); the reduced dimensions are removed, or kept
    with extent 1 under `keepdims`. The dtype is the source's. Float `sum`
    and `prod` associate in an unspecified order; `max`/`min` honour
    `propagate_nan` as `tile.maximum` does. `and`/`or`/`xor` take integers
    and bools.

    ```mlir
    %s = tile.reduce sum %x axes [1] : !tile.tile<128x64xf32> -> !tile.tile<128xf32>
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumericTile:$source,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keepdims,
                       UnitAttr:$propagate_nan);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $kind $source `axes` $axes (`keepdims` $keepdims^)?
    (`propagate_nan` $propagate_nan^)? attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_ArgReduceOp : Tile_Op<"argreduce", [Pure]> {
  let summary = "The index of the maximum or minimum along an axis";
  let description = [{
    cuTile Python's `argmax`/`argmin` (`kind` is `max` or `min`): the si32
    position of the first extreme element along `axis`. NaN is the extreme
    under `propagate_nan` and ignored otherwise.

    ```mlir
    %i = tile.argreduce max %x axis 1 : !tile.tile<128x64xf32> -> !tile.tile<128xsi32>
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumericTile:$source,
                       Tile_Axis:$axis, UnitAttr:$keepdims,
                       UnitAttr:$propagate_nan);
  let results = (outs Tile_IntTile:$result);
  let assemblyFormat = [{
    $kind $source `axis` $axis (`keepdims` $keepdims^)?
    (`propagate_nan` $propagate_nan^)? attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_ReduceWithOp : Tile_Op<"reduce_with", [Pure,
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "Reduce along one axis with a combiner region";
  let description = [{
    cuTile Python's `reduce(x, axis, func)` for one or more tiles of one
    shape reduced together (a value and its index, say). The region takes
    two scalar tiles per operand, the accumulated ones then the next ones,
    and yields the combined scalars. The combiner must be associative and
    commutative: the order in which it is applied is unspecified.

    ```mlir
    %m = tile.reduce_with %x axis 0 : (!tile.tile<64xf32>) -> !tile.tile<f32> {
    ^bb0(%a: !tile.tile<f32>, %b: !tile.tile<f32>):
      %c = tile.maximum %a, %b : !tile.tile<f32>
      tile.yield %c : !tile.tile<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_TileType>:$sources, Tile_Axis:$axis,
                       UnitAttr:$keepdims);
  let results = (outs Variadic<Tile_TileType>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    $sources `axis` $axis (`keepdims` $keepdims^)? attr-dict `:`
    functional-type($sources, $results) $combiner
  }];
  let hasRegionVerifier = 1;
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "Inclusive scan along an axis with a built-in combiner";
  let description = [{
    cuTile Python's `cumsum`/`cumprod` and friends: element `i` along
    `axis` combines elements `0 … i` (`i … n-1` with `reverse`).

    ```mlir
    %c = tile.scan sum %x axis 0 : !tile.tile<128xsi32>
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumericTile:$source,
                       Tile_Axis:$axis, UnitAttr:$reverse);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $kind $source `axis` $axis (`reverse` $reverse^)? attr-dict `:`
    qualified(type($source))
  }];
  let hasVerifier = 1;
}

def Tile_ScanWithOp : Tile_Op<"scan_with", [Pure,
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "Inclusive scan along an axis with a combiner region";
  let description = [{
    cuTile Python's `scan(x, axis, func)`; the region is `reduce_with`'s
    (associative; applied in an unspecified grouping).

    ```mlir
    %c = tile.scan_with %x axis 0 : (!tile.tile<64xf32>) -> !tile.tile<64xf32> {
    ^bb0(%a: !tile.tile<f32>, %b: !tile.tile<f32>):
      %c = tile.add %a, %b : !tile.tile<f32>
      tile.yield %c : !tile.tile<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_TileType>:$sources, Tile_Axis:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Tile_TileType>:$results);
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    $sources `axis` $axis (`reverse` $reverse^)? attr-dict `:`
    functional-type($sources, $results) $combiner
  }];
  let hasRegionVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ReduceWithOp", "ScanWithOp", "WarpSpecializeOp"]>]> {
  let summary = "The combined values of a combiner region";
  let description = [{
    Also ends `tile.warp_specialize`'s regions, yielding nothing (implied).

    ```mlir
    tile.yield %c : !tile.tile<f32>
    ```
  }];
  let arguments = (ins Variadic<Tile_TileType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "($values^ `:` qualified(type($values)))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def Tile_MmaOp : Tile_Op<"mma", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix multiply-accumulate (`mma`)";
  let description = [{
    cuTile Python's `mma(a, b, acc)`: `a` is MxK, `b` KxN, `acc` and the
    result MxN, or all with a leading batch dimension. `a` and `b` share a
    dtype; the accumulator's is one of: f16 or f32 for f16 and the fp8
    formats, f32 for bf16 and tf32, f32 for f32, f64 for f64, si32 for si8
    and ui8 (docs/Tile.md, "mma").

    ```mlir
    %c = tile.mma %a, %b, %acc : !tile.tile<64x32xf16>, !tile.tile<32x64xf16>, !tile.tile<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$a, Tile_NumericTile:$b,
                       Tile_NumericTile:$acc);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc))
  }];
  let hasVerifier = 1;
}

def Tile_MatmulOp : Tile_Op<"matmul", [Pure]> {
  let summary = "Matrix product (`matmul`, `@`)";
  let description = [{
    `mma` with a zero accumulator of the result's dtype (which `mma` allows
    for the operands' dtype).

    ```mlir
    %c = tile.matmul %a, %b : !tile.tile<64x32xbf16>, !tile.tile<32x64xbf16> -> !tile.tile<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_NumericTile:$a, Tile_NumericTile:$b);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory and asynchronous copies (made by tile-pipeline-loads)
//===----------------------------------------------------------------------===//

def Tile_AllocSharedOp : Tile_Op<"alloc_shared", [
    MemoryEffects<[MemAlloc<DefaultResource, 0, FullEffect>]>]> {
  let summary = "A buffer of tiles in shared memory";
  let description = [{
    A fresh buffer of the result's stages, for the whole kernel.

    ```mlir
    %buffer = tile.alloc_shared : !tile.shared<3x128x32xf16>
    ```
  }];
  let results = (outs Tile_SharedType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tile_AsyncCopyOp : Tile_Op<"async_copy", [
    MemoryEffects<[MemRead, MemWrite]>, AttrSizedOperandSegments]> {
  let summary = "Start copying the tile at a tile index of a view to shared "
                "memory";
  let description = [{
    Starts copying what `tile.load` of `view` at `indices` would yield into
    stage `stage` of `buffer` (whose stages have the view's tile shape, or
    that shape without its leading unit dimensions: a matrix of a 3-D array
    of batches), without waiting for it (`cp.async` on sm_80
    and later): the copy belongs to the thread's current group of copies
    (`tile.async_commit`), and the stage holds the tile once
    `tile.async_wait` has waited for that group. Elements outside the array
    read as zero, so the view's padding is `zero` or `undetermined`; the
    view's order is the array's.

    With `barrier`, the tensor memory accelerator makes the copy instead
    (sm_90 and later: `cp.async.bulk.tensor`, one thread issuing it for the
    CTA): it is no thread's group; it arrives on barrier `barrier` of
    `barriers` and completes that barrier's phase with its bytes (see
    `tile.alloc_barriers`, `tile.barrier_wait`). Its array is a kernel
    argument whose tensor map (`cuTensorMapEncodeTiled`) the runtime passes
    as a hidden parameter: `convert-tile-to-llvm` adds that parameter and
    makes it the `tensor_map` operand (an `!llvm.ptr`). The stage must be
    one the accelerator can write in its layout (`whyNotTensorCopy`, in
    TileLayouts.h: 16-byte rows, up to 256 rows and columns per box, and
    swizzled rows in groups of 8).

    With `inside`, the tile lies wholly inside the array: the copy checks
    no bounds (where the lowering would otherwise choose at run time
    between whole chunks and chunks counted at the array's edges). It is
    the compiler's promise, made where it has checked the bounds before
    (tile-pipeline-loads' version of a loop whose copies all lie inside);
    a tile outside the array is then undefined.

    ```mlir
    tile.async_copy %v[%i, %k], %buffer[%stage] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x128x32xf16>
    tile.async_copy %v[%i, %k], %buffer[%stage] inside : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x128x32xf16>
    tile.async_copy %v[%i, %k], %buffer[%stage] barrier %barriers[%stage] : !tile.view<128x32, !tile.array<?x?xf16, strides [?, 1]>, padding zero>, !tile.shared<3x128x32xf16>, !tile.barriers<3>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, Variadic<Tile_Si32Scalar>:$indices,
                       Tile_SharedType:$buffer, Index:$stage,
                       Optional<Tile_BarriersType>:$barriers,
                       Optional<Index>:$barrier,
                       Optional<AnyType>:$tensorMap, UnitAttr:$inside);
  let assemblyFormat = [{
    $view `[` $indices `]` `,` $buffer `[` $stage `]` (`inside` $inside^)?
    (`barrier` $barriers^ `[` $barrier `]`)? (`tensor_map` $tensorMap^)?
    attr-dict `:` qualified(type($view)) `,` qualified(type($buffer))
    (`,` qualified(type($barriers))^)? (`,` type($tensorMap)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the tensor memory accelerator makes the copy (a barrier).
    bool isTensorCopy() { return static_cast<bool>(getBarriers()); }
  }];
}

def Tile_AllocBarriersOp : Tile_Op<"alloc_barriers", [
    MemoryEffects<[MemAlloc<DefaultResource, 0, FullEffect>]>]> {
  let summary = "Transaction barriers for the stages of a pipeline";
  let description = [{
    Fresh barriers, for the whole kernel, each expecting `arrivals`
    arrivals per phase: a tensor copy (`tile.async_copy ... barrier`) is
    one, and so is a warp's `tile.barrier_arrive`. Their first phase has
    parity 0. Every thread of the CTA reaches it (a barrier follows the
    initialization).

    ```mlir
    %barriers = tile.alloc_barriers {arrivals = 2} : !tile.barriers<3>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$arrivals);
  let results = (outs Tile_BarriersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tile_BarrierWaitOp : Tile_Op<"barrier_wait", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Wait for a phase of a barrier";
  let description = [{
    Waits until the phase of barrier `barrier` whose parity is `phase` has
    completed: the copies of that phase have filled their stages, which the
    thread may then read (or the warps that read a stage have released it,
    `tile.barrier_arrive`, and it may be refilled). It waits for no other
    thread (a `gpu.barrier` does, where a stage is to be refilled once all
    have read it). Parity tells two phases apart only while the thread
    waits for each phase of a barrier before the next one completes; on a
    fresh barrier, parity 1 names the phase before its first, which has
    completed (a producer's first round through its stages waits for
    nothing).

    ```mlir
    tile.barrier_wait %barriers[%stage], %phase : !tile.barriers<3>
    ```
  }];
  let arguments = (ins Tile_BarriersType:$barriers, Index:$barrier, I1:$phase);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` `,` $phase attr-dict `:`
    qualified(type($barriers))
  }];
}

def Tile_BarrierArriveOp : Tile_Op<"barrier_arrive", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Arrive on a barrier, once per warp";
  let description = [{
    Each warp that reaches it arrives once on barrier `barrier` of
    `barriers`, after all its threads have: their reads and writes of
    shared memory before it are done for whoever waits for the phase this
    arrival completes (`tile.barrier_wait`). A barrier that takes these
    arrivals expects, per phase, as many as warps arrive
    (`tile.alloc_barriers {arrivals}`); a producer's thread
    (`tile.warp_specialize`) is its warp. A pipeline's consumers release a
    stage this way, so that its producer may refill it.

    ```mlir
    tile.barrier_arrive %empty[%stage] : !tile.barriers<4>
    ```
  }];
  let arguments = (ins Tile_BarriersType:$barriers, Index:$barrier);
  let assemblyFormat = [{
    $barriers `[` $barrier `]` attr-dict `:` qualified(type($barriers))
  }];
}

def Tile_WarpSpecializeOp : Tile_Op<"warp_specialize", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "The rest of a kernel on its warps, and a producer beside them";
  let description = [{
    Ends a kernel (only its `gpu.return` follows, in its first block). The
    kernel runs `producer_warps` warps beyond its `tile.num_warps`: one
    thread of them runs the `producer` region, while the kernel's own warps,
    over which every tile's layout is distributed, run the `consumer`
    region; the extra warps then exit. The launch's block includes them
    (the kernel metadata's block size). The two regions run concurrently
    and meet only through shared memory and barriers made before the op:
    the producer's tensor copies (`tile.async_copy ... barrier`) complete
    barriers the consumers wait for, and the consumers release stages
    (`tile.barrier_arrive`) on barriers the producer waits for. A thread
    alone runs the producer, so it holds scalars and control flow, tensor
    copies, barrier waits and arrivals, and no tile of rank 1 or more, no
    other tile op with effects and no CTA barrier (`gpu.barrier`); the
    consumers' CTA barriers wait for the consumers alone.

    ```mlir
    tile.warp_specialize producer_warps = 1 {
      scf.for %k = %c0 to %n step %c1 iter_args(...) {
        tile.barrier_wait %empty[%s], %free : !tile.barriers<4>
        tile.async_copy %va[%i, %kt], %a[%s] barrier %full[%s] : ...
        ...
      }
    } consumer {
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(...) {
        tile.barrier_wait %full[%s], %phase : !tile.barriers<4>
        %next = tile.shared_mma %a[%s], %b[%s], %sum : ...
        tile.barrier_arrive %empty[%s] : !tile.barriers<4>
        ...
      }
      tile.store %acc, %vc[%i, %j] : ...
    }
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<1>,
                                              IntMaxValue<31>]>:$producer_warps);
  let regions = (region SizedRegion<1>:$producer, SizedRegion<1>:$consumer);
  let assemblyFormat = [{
    `producer_warps` `=` $producer_warps $producer `consumer` $consumer
    attr-dict
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_AsyncCommitOp : Tile_Op<"async_commit"> {
  let summary = "Close the thread's current group of asynchronous copies";
  let description = [{
    The copies the thread started since its last `tile.async_commit` form
    one group (possibly empty), which `tile.async_wait` counts.

    ```mlir
    tile.async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_AsyncWaitOp : Tile_Op<"async_wait"> {
  let summary = "Wait for all but the newest groups of asynchronous copies";
  let description = [{
    Waits until at most `pending` of the thread's committed groups of copies
    are still in flight, then for every thread of the CTA to get there (a
    barrier), so that the stages the finished groups filled hold their
    tiles for all of them.

    ```mlir
    tile.async_wait {pending = 1}
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "attr-dict";
}

def Tile_LocalLoadOp : Tile_Op<"local_load", [
    MemoryEffects<[MemRead]>]> {
  let summary = "The tile a stage of a shared buffer holds, or a part of it";
  let description = [{
    The stage's tile, or, with `offsets`, its sub-tile that starts there
    (one offset per dimension of the stage; an mma's operands read one step
    of K at a time). With `transpose` (a stage of rank 2), the result is
    that tile transposed: its shape is the sub-tile's, reversed (an mma's B
    operand read from a stage that holds Bᵀ, as attention's Kᵀ).

    ```mlir
    %a = tile.local_load %buffer[%stage] : !tile.shared<3x128x32xf16> -> !tile.tile<128x32xf16>
    %a1 = tile.local_load %buffer[%stage] offsets [0, 16] : !tile.shared<3x128x32xf16> -> !tile.tile<128x16xf16>
    %bt = tile.local_load %buffer[%stage] offsets [0, 16] transpose : !tile.shared<3x128x32xf16> -> !tile.tile<16x128xf16>
    ```
  }];
  let arguments = (ins Tile_SharedType:$buffer, Index:$stage,
                       OptionalAttr<DenseI64ArrayAttr>:$offsets,
                       UnitAttr:$transpose);
  let results = (outs Tile_TileType:$result);
  let assemblyFormat = [{
    $buffer `[` $stage `]` (`offsets` $offsets^)? (`transpose` $transpose^)?
    attr-dict `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Where the result starts in the stage (zeros without `offsets`).
    ::llvm::SmallVector<int64_t> getOrigin();
    /// The shape the result covers in the stage (the result's, reversed
    /// with `transpose`).
    ::llvm::SmallVector<int64_t> getStageExtents();
  }];
}

def Tile_LocalStoreOp : Tile_Op<"local_store", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "Write a tile into a stage of a shared buffer";
  let description = [{
    Each thread writes its part of `value` into stage `stage` of `buffer`:
    the stage then holds `value` (with `transpose`, a tile of rank 2
    transposed: the stage is N x M for an M x N tile) once every thread
    has passed a CTA barrier after it. Warpgroup mmas (`tile.shared_mma`)
    may read the stage after that barrier: on sm_90a each thread's writes
    are fenced to the async proxy those read through.

    `tile-pipeline-loads` makes it for float32 stages an mma takes as
    tfloat32: a stage read, rounded, and written to a stage of tfloat32 in
    the order wgmma reads it (B as Bᵀ, K-major).

    ```mlir
    tile.local_store %a, %buffer[%stage] : !tile.tile<128x32xtf32>, !tile.shared<2x128x32xtf32>
    tile.local_store %b, %bt[%stage] transpose : !tile.tile<32x128xtf32>, !tile.shared<2x128x32xtf32>
    ```
  }];
  let arguments = (ins Tile_TileType:$value, Tile_SharedType:$buffer,
                       Index:$stage, UnitAttr:$transpose);
  let assemblyFormat = [{
    $value `,` $buffer `[` $stage `]` (`transpose` $transpose^)?
    attr-dict `:` qualified(type($value)) `,` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def Tile_SharedMmaOp : Tile_Op<"shared_mma", [
    MemoryEffects<[MemRead]>, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix multiply-accumulate of a stage of a shared buffer";
  let description = [{
    `mma` (with its rules) of the tile stage `stageA` of buffer `a` holds
    and the one stage `stageB` of `b` holds, read where they are: on sm_90a
    a warpgroup mma (`wgmma`), which takes its operands from shared memory.
    `tile-pipeline-loads` makes it there. A may instead be a tile (no
    stage): wgmma then reads it from the threads' registers (16-bit floats;
    attention's P V, whose P the softmax computes in registers).

    With `transpose`, stage `stageB` holds Bᵀ (N × K, K along its rows, as
    a weight matrix kept N × K is stored): the product is A · Bᵀ of that
    stage, which wgmma reads K-major (the only way it reads 8-bit
    operands).

    With `pending = n` (default 0) it returns while the warpgroup mmas of
    up to `n` shared_mmas, itself included, may still run: its result may
    then only accumulate into another shared_mma (whose mmas the hardware
    orders after them) or go through `tile.mma_wait`, and its stages stay
    in use until a later shared_mma or mma_wait has waited for it.

    ```mlir
    %d = tile.shared_mma %a[%s], %b[%s], %acc : !tile.shared<3x128x32xf16>, !tile.shared<3x32x128xf16>, !tile.tile<128x128xf32>
    %e = tile.shared_mma %a[%s], %b[%s], %acc {pending = 1} : !tile.shared<3x128x32xf16>, !tile.shared<3x32x128xf16>, !tile.tile<128x128xf32>
    %f = tile.shared_mma %a[%s], %bt[%s] transpose, %acc : !tile.shared<3x128x64xf8E4M3FN>, !tile.shared<3x128x64xf8E4M3FN>, !tile.tile<128x128xf32>
    %g = tile.shared_mma %p, %v[%s], %acc : !tile.tile<128x64xf16>, !tile.shared<2x64x64xf16>, !tile.tile<128x64xf32>
    ```
  }];
  // The optional stage of A comes last among the operands: the inferred
  // result type is read from the accumulator's fixed position.
  let arguments = (ins AnyTypeOf<[Tile_SharedType, Tile_NumericTile]>:$a,
                       Tile_SharedType:$b, Index:$stageB,
                       Tile_NumericTile:$acc, Optional<Index>:$stageA,
                       ConfinedAttr<DefaultValuedAttr<I64Attr, "0">,
                                    [IntNonNegative]>:$pending,
                       UnitAttr:$transpose);
  let results = (outs Tile_NumericTile:$result);
  let assemblyFormat = [{
    $a (`[` $stageA^ `]`)? `,` $b `[` $stageB `]` (`transpose` $transpose^)? `,`
    $acc attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc))
  }];
  let hasVerifier = 1;
}

def Tile_MmaWaitOp : Tile_Op<"mma_wait", [
    MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Wait for the warpgroup mmas of earlier shared_mmas";
  let description = [{
    Waits until the warpgroup mmas of at most `pending` `tile.shared_mma`s
    of the thread's warpgroup are still running, and returns `values` (the
    results of the ones it waited for), now safe to read.

    ```mlir
    %c = tile.mma_wait %d {pending = 0} : !tile.tile<128x128xf32>
    ```
  }];
  let arguments = (ins Variadic<Tile_NumericTile>:$values,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$pending);
  let results = (outs Variadic<Tile_NumericTile>:$results);
  let assemblyFormat = "$values attr-dict `:` qualified(type($values))";
}

#endif // CUDAPY_TILE_OPS_TD
