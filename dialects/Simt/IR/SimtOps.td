//===- SimtOps.td - simt dialect operations ----------------*- tablegen -*-===//

#ifndef CUDAPY_SIMT_OPS_TD
#define CUDAPY_SIMT_OPS_TD

include "dialects/Simt/IR/SimtDialect.td"
include "dialects/Simt/IR/SimtEnums.td"
include "dialects/Simt/IR/SimtTypes.td"
include "dialects/Target/IR/TargetInterfaces.td"
include "dialects/Py/IR/PyTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Simt_Bool : Type<Or<[I1.predicate,
                         CPred<"::llvm::isa<::cudapy::py::PyBoolType>($_self)">]>,
    "a bool (i1 or !py.bool)">;

/// Every simt op is device only (spec, "Device Only Entities").
class Simt_DeviceOp<string mnemonic, list<Trait> traits = []>
    : Simt_Op<mnemonic, traits # [DeclareOpInterfaceMethods<
          Target_RequirementOpInterface>]>;

//===----------------------------------------------------------------------===//
// Thread positioning (spec, "Thread Positioning")
//===----------------------------------------------------------------------===//

class Simt_Dim3Op<string mnemonic, string object>
    : Simt_DeviceOp<mnemonic, [Pure]> {
  let summary = "`" # object # ".x`, `.y` or `.z`, as a Python int";
  let description = [{
    A member of the `}] # object # [{: Dim3` object, an `int32`.

    ```mlir
    %x = simt.}] # mnemonic # [{ x
    ```
  }];
  let arguments = (ins Simt_DimAttr:$dim);
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "$dim attr-dict";
}

def Simt_ThreadIdxOp : Simt_Dim3Op<"thread_idx", "thread_idx">;
def Simt_BlockIdxOp : Simt_Dim3Op<"block_idx", "block_idx">;
def Simt_BlockDimOp : Simt_Dim3Op<"block_dim", "block_dim">;
def Simt_GridDimOp : Simt_Dim3Op<"grid_dim", "grid_dim">;

class Simt_GridPositionOp<string mnemonic, string what>
    : Simt_DeviceOp<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins I32Attr:$ndims);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$ndims attr-dict";
  let description = [{
    }] # what # [{ For `ndims` = 1 the result is an `int32`
    (`!py.int`), for 2 and 3 a tuple of them (spec: `Dim3Like`); `ndims`
    outside 1…3 is an error.

    ```mlir
    %i = simt.}] # mnemonic # [{ 1
    %ij = simt.}] # mnemonic # [{ 2
    ```
  }];
}

def Simt_TidOp : Simt_GridPositionOp<"tid",
    "The thread's absolute position in the grid, per dimension: "
    "`thread_idx + block_idx * block_dim`."> {
  let summary = "`tid(ndims)`: the thread's absolute position in the grid";
}

def Simt_GridSizeOp : Simt_GridPositionOp<"grid_size",
    "The number of threads in the grid, per dimension: "
    "`block_dim * grid_dim`."> {
  let summary = "`grid_size(ndims)`: the grid's extent in threads";
}

def Simt_WarpSizeOp : Simt_DeviceOp<"warp_size", [Pure]> {
  let summary = "`warp_size`: threads per warp (32), an `int32`";
  let description = [{
    ```mlir
    %w = simt.warp_size
    ```
  }];
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "attr-dict";
}

def Simt_LaneIdOp : Simt_DeviceOp<"lane_id", [Pure]> {
  let summary = "`lane_id`: the thread's index in its warp, an `int32`";
  let description = [{
    ```mlir
    %l = simt.lane_id
    ```
  }];
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Memories (spec, "Local, Shared, and Const Memory")
//===----------------------------------------------------------------------===//

class Simt_StaticArrayOp<string mnemonic, string memory>
    : Simt_DeviceOp<mnemonic> {
  let description = [{
    A `py` array of the static `shape` (a constant expression) in
    }] # memory # [{, row-major (`order C`, the default) or column-major
    (`order F`), its data aligned to `align` bytes (default: the dtype's
    alignment). The result type gives the dtype and the number of
    dimensions; `shape` has one positive extent per dimension.

    ```mlir
    %tile = simt.}] # mnemonic # [{ [16, 16] order F : !py.array<f32, 2>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape,
                       DefaultValuedAttr<Simt_OrderAttr,
                                         "::cudapy::simt::Order::C">:$order,
                       OptionalAttr<I64Attr>:$align);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = [{
    $shape (`order` $order^)? (`align` $align^)? attr-dict `:`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Simt_SharedArrayOp : Simt_StaticArrayOp<"shared_array",
    "the block's shared memory (one array per op, shared by the block's "
    "threads; its bytes count in the kernel's static shared memory)"> {
  let summary = "`shared_array(shape, dtype, order, align)`";
}

def Simt_LocalArrayOp : Simt_StaticArrayOp<"local_array",
    "the thread's local memory"> {
  let summary = "`local_array(shape, dtype, order, align)`";
}

def Simt_DynamicSharedArrayOp : Simt_DeviceOp<"dynamic_shared_array", [Pure]> {
  let summary = "`dynamic_shared_array()`: the launch's dynamic shared memory";
  let description = [{
    A one-dimensional `uint8` array over the dynamic shared memory the
    launch requested (its extent is that many bytes); `py.array.view`
    gives typed views of it. The memory is aligned to 16 bytes.

    ```mlir
    %bytes = simt.dynamic_shared_array : !py.array<ui8, 1>
    %floats = py.array.view %bytes : !py.array<ui8, 1> to !py.array<f32, 1>
    ```
  }];
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::cudapy::py::ArrayType::get(
        $_builder.getContext(),
        $_builder.getIntegerType(8, /*isSigned=*/false), 1));
  }]>];
  let hasVerifier = 1;
}

def Simt_ConstArrayOp : Simt_DeviceOp<"const_array", [Pure]> {
  let summary = "a read-only array in constant memory, holding `value`";
  let description = [{
    A `py` array over a copy of `value` in the device's constant memory
    (the spec's "Const Memory"; numba.cuda's `cuda.const.array_like`): its
    shape is `value`'s, row-major; its dtype is `value`'s element type, an
    integer or floating-point number type; its data aligned to `align`
    bytes (default: the dtype's alignment). The array is read-only: stores
    to it are undefined behavior, as in CUDA C++'s `__constant__` memory.

    ```mlir
    %table = simt.const_array dense<[1.0, 0.5, 0.25]> : tensor<3xf32> : !py.array<f32, 1>
    ```
  }];
  let arguments = (ins ElementsAttr:$value,
                       OptionalAttr<I64Attr>:$align);
  let results = (outs Py_ArrayType:$result);
  let assemblyFormat = [{
    $value (`align` $align^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronization (spec, "Synchronization")
//===----------------------------------------------------------------------===//

def Simt_ThreadFenceOp : Simt_DeviceOp<"threadfence"> {
  let summary = "`threadfence(memory, scope)`: a memory fence";
  let description = [{
    Orders this thread's memory accesses as `memory` (default `seq_cst`)
    says, as observed by the threads of `scope` (default `system`): PTX
    `fence.sc` for `seq_cst`, `fence.acq_rel` for `consume`, `acquire`,
    `release` and `acq_rel` (PTX's weakest fence that gives each), with
    `.cta`, `.gpu` or `.sys`. A `relaxed` fence, or one of `thread` scope,
    orders nothing another thread can observe and emits no instruction
    (C++'s `atomic_thread_fence(memory_order_relaxed)` is a no-op too).

    ```mlir
    simt.threadfence memory acq_rel scope device
    ```
  }];
  let arguments = (ins
    DefaultValuedAttr<Simt_MemoryOrderAttr,
                      "::cudapy::simt::MemoryOrder::seq_cst">:$memory,
    DefaultValuedAttr<Simt_ThreadScopeAttr,
                      "::cudapy::simt::ThreadScope::system">:$scope);
  let assemblyFormat = [{
    (`memory` $memory^)? (`scope` $scope^)? attr-dict
  }];
}

def Simt_SyncThreadsOp : Simt_DeviceOp<"syncthreads"> {
  let summary = "`syncthreads()`: the thread block barrier";
  let description = [{
    Waits until every thread of the block has reached it, and makes the
    memory accesses before it visible to the block (`__syncthreads()`).

    ```mlir
    simt.syncthreads
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Simt_GridSyncOp : Simt_DeviceOp<"grid_sync"> {
  let summary = "`this_grid().sync()`: the barrier of a cooperative grid";
  let description = [{
    Waits until every block of the grid has reached it, and makes the
    memory accesses before it visible to the whole grid
    (CUDA C++ programming guide 8.7, "Grid Synchronization":
    `cooperative_groups::this_grid().sync()`; numba.cuda's
    `cuda.cg.this_grid().sync()`). Beyond the cuda.device spec.

    The grid must run all at once: a kernel that reaches this op is marked
    `cooperative` in the metadata, and the runtimes launch it as a
    cooperative launch, which the driver refuses when the grid has more
    blocks than fit on the device together. The barrier counts arrivals in
    the workspace the driver gives cooperative launches, one per block, made
    by the block's first thread after a block barrier: as in CUDA C++, every
    block must take part, with its thread (0, 0, 0) and every other thread
    that has not exited; a block that has exited, or whose first thread
    has, leaves the others waiting forever.

    ```mlir
    simt.grid_sync
    ```
  }];
  let assemblyFormat = "attr-dict";
}

class Simt_SyncThreadsReduceOp<string mnemonic, string what, Type result>
    : Simt_DeviceOp<mnemonic, [NoRegionArguments]> {
  let summary = "`" # mnemonic # "(pred)`: a barrier that " # what;
  let description = [{
    The barrier of `simt.syncthreads`, which also }] # what # [{ of the
    block's predicates. The spec's `pred` is a callable each thread
    evaluates: either a value (the frontend called it) or a region that
    computes it and ends in `simt.yield` of one bool (the callable's body).
    One of the two is given.

    ```mlir
    %r = simt.}] # mnemonic # [{ %p : !py.bool
    %s = simt.}] # mnemonic # [{ {
      %b = py.cmp lt, %x, %y : f32, f32 -> i1
      simt.yield %b : i1
    }
    ```
  }];
  let arguments = (ins Optional<Simt_Bool>:$predicate);
  let regions = (region AnyRegion:$body);
  let results = (outs result:$result);
  let assemblyFormat = [{
    ($predicate^ `:` type($predicate))? ($body^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Simt_SyncThreadsCountOp : Simt_SyncThreadsReduceOp<"syncthreads_count",
    "counts the true ones", Py_IntType>;
def Simt_SyncThreadsAndOp : Simt_SyncThreadsReduceOp<"syncthreads_and",
    "tells whether all are true", Py_BoolType>;
def Simt_SyncThreadsOrOp : Simt_SyncThreadsReduceOp<"syncthreads_or",
    "tells whether any is true", Py_BoolType>;

//===----------------------------------------------------------------------===//
// Atomics (spec, "Synchronization" > "Atomics")
//===----------------------------------------------------------------------===//

def Simt_MemoryDefault : DefaultValuedAttr<Simt_MemoryOrderAttr,
    "::cudapy::simt::MemoryOrder::seq_cst">;
def Simt_ScopeDefault : DefaultValuedAttr<Simt_ThreadScopeAttr,
    "::cudapy::simt::ThreadScope::system">;

def Simt_AtomicRefOp : Simt_DeviceOp<"atomic_ref", [Pure]> {
  let summary = "`atomic_ref(array, index)`: an AtomicInterface to an element";
  let description = [{
    A reference to `array[index]` (one integer index per dimension; negative
    ones count from the end, and `bounds-check` checks them as
    `py.array.getitem` does) that the `simt.atomic_*` ops access
    atomically. When the element is a struct, `member` names the path of
    fields to an `Atomic` member (the spec's `ticket_mutex.line`).

    The object must be accessible by one machine atomic: its size is 1, 2,
    4, 8 or 16 bytes and its address is a multiple of its size, which the
    array's dtype (or the `Atomic` member) guarantees. A struct of two
    `float32` (8 bytes, aligned to 4) is not; a struct member of type
    `!py.atomic<...>` of it is.

    ```mlir
    %r = simt.atomic_ref %hist[%bin] : !py.array<ui32, 1>, si32 -> !simt.atomic_ref<ui32>
    %l = simt.atomic_ref %locks[%i] member ["line"]
        : !py.array<!py.struct<"ticket_mutex", (line: !py.atomic<si32, align 16>,
            current: !py.atomic<si32, align 16>)>, 1>, si32 -> !simt.atomic_ref<si32>
    ```
  }];
  let arguments = (ins Py_ArrayType:$array, Variadic<Py_Integer>:$indices,
                       OptionalAttr<StrArrayAttr>:$member);
  let results = (outs Simt_AtomicRefType:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` (`member` $member^)? attr-dict `:`
    qualified(type($array)) (`,` qualified(type($indices))^)? `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The byte offset of the referenced object in the array's element.
    uint64_t getMemberOffset();
  }];
}

class Simt_AtomicOp<string mnemonic, list<Trait> traits = []>
    : Simt_DeviceOp<mnemonic, traits # [
        MemoryEffects<[MemRead, MemWrite]>]>;

def Simt_AtomicLoadOp : Simt_AtomicOp<"atomic_load", [
    TypesMatchWith<"the result is the object's dtype", "ref", "result",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">]> {
  let summary = "`AtomicInterface.load(memory, scope)`";
  let description = [{
    Atomically reads the object (at most 16 bytes; 16 needs sm_90). The
    order is `relaxed`, `consume`, `acquire` or `seq_cst` (default): a load
    cannot release (C++ `atomic::load`'s precondition). PTX:
    `ld.relaxed`/`ld.acquire` with the scope, `fence.sc` first for
    `seq_cst`.

    ```mlir
    %v = simt.atomic_load %r memory acquire scope device : !simt.atomic_ref<si32>
    ```
  }];
  let arguments = (ins Simt_AtomicRefType:$ref, Simt_MemoryDefault:$memory,
                       Simt_ScopeDefault:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ref (`memory` $memory^)? (`scope` $scope^)? attr-dict `:`
    qualified(type($ref))
  }];
  let hasVerifier = 1;
}

def Simt_AtomicWaitOp : Simt_AtomicOp<"atomic_wait", [
    TypesMatchWith<"`old` is the object's dtype", "ref", "old",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">]> {
  let summary = "`AtomicInterface.wait(old, memory, scope)`: waits for a change";
  let description = [{
    Returns once the object's value differs from `old` (C++20
    `atomic_ref::wait`; the spec's `ticket_mutex` example). Each read is an
    atomic load of `memory` (`relaxed`, `consume`, `acquire` or `seq_cst`)
    and `scope`; between reads the thread sleeps (`nanosleep`, from 32 ns
    doubling to 1 µs), so no notification is needed: `notify_one` and
    `notify_all` have nothing to do. The object is an integer (C++
    compares object representations; for integers that is their value).
    Needs sm_70 (`nanosleep`).

    ```mlir
    simt.atomic_wait %r, %now memory acquire : !simt.atomic_ref<si32>
    ```
  }];
  let arguments = (ins Simt_AtomicRefType:$ref, AnyType:$old,
                       Simt_MemoryDefault:$memory, Simt_ScopeDefault:$scope);
  let assemblyFormat = [{
    $ref `,` $old (`memory` $memory^)? (`scope` $scope^)? attr-dict `:`
    qualified(type($ref))
  }];
  let hasVerifier = 1;
}

def Simt_AtomicStoreOp : Simt_AtomicOp<"atomic_store", [
    TypesMatchWith<"the value is the object's dtype", "ref", "value",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">]> {
  let summary = "`AtomicInterface.store(val, memory, scope)`";
  let description = [{
    Atomically writes the object (at most 16 bytes; 16 needs sm_90). The
    order is `relaxed`, `release` or `seq_cst` (default): a store cannot
    acquire (C++ `atomic::store`'s precondition).

    ```mlir
    simt.atomic_store %r, %v memory release scope device : !simt.atomic_ref<si32>
    ```
  }];
  let arguments = (ins Simt_AtomicRefType:$ref, AnyType:$value,
                       Simt_MemoryDefault:$memory, Simt_ScopeDefault:$scope);
  let assemblyFormat = [{
    $ref `,` $value (`memory` $memory^)? (`scope` $scope^)? attr-dict `:`
    qualified(type($ref))
  }];
  let hasVerifier = 1;
}

def Simt_AtomicRMWOp : Simt_AtomicOp<"atomic_rmw", [
    TypesMatchWith<"the value is the object's dtype", "ref", "value",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">,
    TypesMatchWith<"the result is the object's dtype", "ref", "result",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">]> {
  let summary = "`exch`, `add`, `sub`, `and_`, `or_`, `xor`, `max`, `min`, "
                "`nanmax`, `nanmin`, `inc`, `dec`";
  let description = [{
    Atomically replaces the object `this` by `kind(this, value)` and returns
    the value it had, ordered by `memory` and visible to `scope` (defaults:
    `seq_cst`, `system`). The spec's dtype rules:

    | kind | dtype |
    | :--- | :---- |
    | `exch` | any of at most 8 bytes |
    | `add`, `sub`, `max`, `min`, `nanmax`, `nanmin` | `ui32 si32 ui64 si64 f32 f64` |
    | `and`, `or`, `xor` | `ui32 si32 ui64 si64` |
    | `inc`, `dec` | `ui32 ui64` |

    `max` is Python's `max(this, value)`: `value` replaces `this` only when
    `value > this` (so a NaN value changes nothing, and a NaN object stays).
    `nanmax` treats NaN as a missing value: `nanmax(a, NaN) == a`,
    `nanmax(NaN, n) == n`. `min`/`nanmin` likewise.

    `inc` and `dec` wrap at `value` as CUDA's `atomicInc`/`atomicDec` do:
    `inc` writes `0 if this >= value else this + 1`, `dec` writes
    `value if this == 0 or this > value else this - 1` (not in the
    cuda.device spec's AtomicInterface; numba.cuda's `cuda.atomic.inc/dec`).

    PTX: `atom.<sem>.<scope>.<op>` (`fence.sc` first for `seq_cst`); a CAS
    loop where PTX has no instruction (float `max`/`min`/`nanmax`/`nanmin`,
    `exch` of 1 or 2 bytes, 64-bit `inc`/`dec`).

    ```mlir
    %old = simt.atomic_rmw add %r, %v memory acq_rel scope device : !simt.atomic_ref<f32>
    ```
  }];
  let arguments = (ins Simt_AtomicKindAttr:$kind, Simt_AtomicRefType:$ref,
                       AnyType:$value, Simt_MemoryDefault:$memory,
                       Simt_ScopeDefault:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $kind $ref `,` $value (`memory` $memory^)? (`scope` $scope^)? attr-dict `:`
    qualified(type($ref))
  }];
  let hasVerifier = 1;
}

def Simt_AtomicCasOp : Simt_AtomicOp<"atomic_cas", [
    TypesMatchWith<"old is the object's dtype", "ref", "old",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">,
    TypesMatchWith<"the value is the object's dtype", "ref", "value",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">,
    TypesMatchWith<"the result is the object's dtype", "ref", "result",
                   "::llvm::cast<::cudapy::simt::AtomicRefType>($_self).getDtype()">]> {
  let summary = "`AtomicInterface.cas(old, val, memory, scope)`";
  let description = [{
    Atomically performs `if (this == old) this = val` and returns the value
    `this` had. `==` is Python's: numbers compare by value (for floats
    `-0.0 == 0.0` and a NaN equals nothing), so a float compare-and-swap is
    a loop over PTX `atom.cas` of the bits; other types compare bitwise.
    The object is at most 8 bytes (spec). When the comparison fails the
    operation is a load ordered as C++'s failure order (`seq_cst` stays,
    `acq_rel` and `acquire` acquire, `release` and `relaxed` relax).

    ```mlir
    %seen = simt.atomic_cas %lock, %zero, %one memory acquire scope device : !simt.atomic_ref<si32>
    ```
  }];
  let arguments = (ins Simt_AtomicRefType:$ref, AnyType:$old, AnyType:$value,
                       Simt_MemoryDefault:$memory, Simt_ScopeDefault:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ref `,` $old `,` $value (`memory` $memory^)? (`scope` $scope^)? attr-dict
    `:` qualified(type($ref))
  }];
  let hasVerifier = 1;
}

def Simt_YieldOp : Simt_Op<"yield", [Pure, Terminator,
    ParentOneOf<["SyncThreadsCountOp", "SyncThreadsAndOp", "SyncThreadsOrOp",
                 "AllSyncOp", "AnySyncOp", "EqSyncOp", "BallotSyncOp"]>]> {
  let summary = "The value of a predicate region";
  let description = [{
    Ends the predicate region of a barrier or vote with the thread's bool.

    ```mlir
    simt.yield %b : i1
    ```
  }];
  let arguments = (ins Simt_Bool:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Warp synchronization (spec, "Thread Warp Synchronization")
//===----------------------------------------------------------------------===//

// The machine representation of a WarpMask: bit i is lane i.
def Simt_WarpMask : TypeAlias<UI32, "a WarpMask (ui32, bit i is lane i)">;

def Simt_ActiveMaskOp : Simt_DeviceOp<"activemask"> {
  let summary = "`activemask()`: the lanes of the warp executing it";
  let description = [{
    ```mlir
    %m = simt.activemask : ui32
    ```
  }];
  let results = (outs Simt_WarpMask:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Simt_LaneMaskLtOp : Simt_DeviceOp<"lanemask_lt", [Pure]> {
  let summary = "`lanemask_lt()`: the lanes below this thread's";
  let description = [{
    ```mlir
    %m = simt.lanemask_lt : ui32
    ```
  }];
  let results = (outs Simt_WarpMask:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Simt_SyncWarpOp : Simt_DeviceOp<"syncwarp"> {
  let summary = "`syncwarp(mask)`: a barrier for the lanes of `mask`";
  let description = [{
    ```mlir
    simt.syncwarp %m : ui32
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask);
  let assemblyFormat = "$mask attr-dict `:` type($mask)";
}

class Simt_VoteOp<string mnemonic, string what, Type result>
    : Simt_DeviceOp<mnemonic, [NoRegionArguments]> {
  let summary = "`" # mnemonic # "(mask, pred)`: " # what;
  let description = [{
    Waits for the lanes of `mask` and }] # what # [{ of their predicates.
    The spec's callable is a value (the frontend called it) or a region
    ending in `simt.yield` of one bool, as for `simt.syncthreads_count`.

    ```mlir
    %r = simt.}] # mnemonic # [{ %mask, %p : ui32, !py.bool
    %s = simt.}] # mnemonic # [{ %mask {
      simt.yield %q : !py.bool
    } : ui32
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, Optional<Simt_Bool>:$predicate);
  let regions = (region AnyRegion:$body);
  let results = (outs result:$result);
  let assemblyFormat = [{
    $mask (`,` $predicate^)? ($body^)? attr-dict `:` type($mask)
    (`,` type($predicate)^)?
  }];
  let hasVerifier = 1;
}

def Simt_AllSyncOp : Simt_VoteOp<"all_sync", "whether all are true",
                                 Py_BoolType>;
def Simt_AnySyncOp : Simt_VoteOp<"any_sync", "whether any is true",
                                 Py_BoolType>;
def Simt_EqSyncOp : Simt_VoteOp<"eq_sync", "whether all are equal",
                                Py_BoolType>;
def Simt_BallotSyncOp : Simt_VoteOp<"ballot_sync",
    "the mask of the lanes whose predicate is true", Simt_WarpMask>;

class Simt_ShuffleOp<string mnemonic, string what, string offset>
    : Simt_DeviceOp<mnemonic, [AllTypesMatch<["value", "result"]>]> {
  let summary = "`" # mnemonic # "(mask, value, " # offset # ")`: " # what;
  let description = [{
    Among the lanes of `mask`, }] # what # [{. The value is a number of
    at most 8 bytes (spec: values up to 8 bytes), moved as one or two 32-bit
    words (`shfl.sync`); a lane whose source is outside the warp keeps its
    own value.

    ```mlir
    %v = simt.}] # mnemonic # [{ %mask, %x, %k : ui32, f64, !py.int
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, AnyType:$value,
                       AnyTypeOf<[Py_IntType, UI32, SI32]>:$offset);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $mask `,` $value `,` $offset attr-dict `:` type($mask) `,` type($value)
    `,` type($offset)
  }];
  let hasVerifier = 1;
}

def Simt_ShflSyncOp : Simt_ShuffleOp<"shfl_sync",
    "each lane reads `value` of lane `src_lane`", "src_lane">;
def Simt_ShflUpSyncOp : Simt_ShuffleOp<"shfl_up_sync",
    "each lane reads `value` of the lane `delta` below it", "delta">;
def Simt_ShflDownSyncOp : Simt_ShuffleOp<"shfl_down_sync",
    "each lane reads `value` of the lane `delta` above it", "delta">;
def Simt_ShflXorSyncOp : Simt_ShuffleOp<"shfl_xor_sync",
    "each lane reads `value` of lane `lane_id ^ flag`", "flag">;

def Simt_MatchAnySyncOp : Simt_DeviceOp<"match_any_sync"> {
  let summary = "`match_any_sync(mask, value)`: the lanes holding the same value";
  let description = [{
    The lanes of `mask` whose `value` has the same bits as this lane's (PTX
    `match.any.sync`). The value is a number of at most 8 bytes, compared as
    a 32- or 64-bit word (narrower ones zero-extended): bitwise, as CUDA's
    `__match_any_sync` compares, so `-0.0` and `0.0` differ and a NaN
    matches the same NaN. The spec's signature lists a `flag: int32` that its
    text gives no meaning; the op has none. Needs sm_70.

    ```mlir
    %peers = simt.match_any_sync %mask, %key : ui32, si64
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, AnyType:$value);
  let results = (outs Simt_WarpMask:$result);
  let assemblyFormat = [{
    $mask `,` $value attr-dict `:` type($mask) `,` type($value)
  }];
  let hasVerifier = 1;
}

def Simt_MatchAllSyncOp : Simt_DeviceOp<"match_all_sync"> {
  let summary = "`match_all_sync(mask, value)`: whether all lanes hold one value";
  let description = [{
    The spec's `(eq, pred)`: `pred` is whether every lane of `mask` holds a
    `value` of the same bits, and `eq` is then `mask`, else 0 (PTX
    `match.all.sync`, CUDA's `__match_all_sync`). Values as for
    `simt.match_any_sync`.

    ```mlir
    %eq, %pred = simt.match_all_sync %mask, %x : ui32, f32
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, AnyType:$value);
  let results = (outs Simt_WarpMask:$eq, Py_BoolType:$pred);
  let assemblyFormat = [{
    $mask `,` $value attr-dict `:` type($mask) `,` type($value)
  }];
  let hasVerifier = 1;
}

class Simt_WarpMaskIndexOp<string mnemonic, list<Trait> traits = []>
    : Simt_DeviceOp<mnemonic, traits # [Pure]> {
  let hasVerifier = 1;
}

def Simt_WarpMaskGetItemOp : Simt_WarpMaskIndexOp<"warp_mask.getitem"> {
  let summary = "`mask[i]`: whether lane `i` is in the WarpMask";
  let description = [{
    `i` is in `[0, 32)` (a User Requirement): a constant outside is an
    error, and `convert-py-to-llvm{bounds-check}` checks the others.

    ```mlir
    %in = simt.warp_mask.getitem %mask[%i] : ui32, !py.int
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, Py_Integer:$index);
  let results = (outs Py_BoolType:$result);
  let assemblyFormat = [{
    $mask `[` $index `]` attr-dict `:` type($mask) `,` type($index)
  }];
}

def Simt_WarpMaskSetItemOp : Simt_WarpMaskIndexOp<"warp_mask.setitem",
    [AllTypesMatch<["mask", "result"]>]> {
  let summary = "`mask[i] = val`: lane `i` added to or removed from the mask";
  let description = [{
    A WarpMask is a number, and numbers are immutable: the op returns the
    updated mask, which the frontend binds to the variable. `i` as for
    `simt.warp_mask.getitem`.

    ```mlir
    %m2 = simt.warp_mask.setitem %mask[%i], %on : ui32, !py.int, !py.bool
    ```
  }];
  let arguments = (ins Simt_WarpMask:$mask, Py_Integer:$index,
                       Simt_Bool:$value);
  let results = (outs Simt_WarpMask:$result);
  let assemblyFormat = [{
    $mask `[` $index `]` `,` $value attr-dict `:` type($mask) `,`
    type($index) `,` type($value)
  }];
}

//===----------------------------------------------------------------------===//
// Formatted output and assertions (CUDA C++ Programming Guide 7.34, 7.31)
//===----------------------------------------------------------------------===//

def Simt_PrintOp : Simt_DeviceOp<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "`printf(format, values...)`: formatted output per thread";
  let description = [{
    Prints `format` with one conversion per value, from every thread that
    runs the op (CUDA's `printf`, CUDA C++ Programming Guide 7.34): `d`,
    `i`, `u`, `o`, `x`, `X` or `c` for integers and bools (with an `l` or
    `ll` length for 64-bit ones, none for narrower), `e`, `E`, `f`, `F`,
    `g`, `G`, `a` or `A` for real floats, each with the flags, width and
    precision C allows (no `*`, no `s` or `p`); `%%` prints a percent
    sign. Narrow integers print widened to 32 bits by their signedness
    (`!py.int` is an int32), floats as doubles. At most 32 values (7.34.2).
    The output reaches the host's stdout at the next synchronization.

    ```mlir
    simt.print "thread %d: x = %f\n" %t, %x : !py.int, f32
    ```
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$values);
  let assemblyFormat = [{
    $format ($values^ `:` type($values))? attr-dict
  }];
  let hasVerifier = 1;
}

def Simt_AssertOp : Simt_DeviceOp<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "`assert(condition)`: stops the kernel where it is false";
  let description = [{
    A thread whose `condition` is false fails CUDA's device assertion
    (CUDA C++ Programming Guide 7.31): it prints
    `FILE:LINE: FUNCTION: block: [...], thread: [...] Assertion `message`
    failed.` with the op's source location, the kernel stops, and the
    launch's stream reports an assertion error. The pipeline option
    `assertions=false` removes every assertion (like `NDEBUG`).

    ```mlir
    simt.assert %ok, "x[i] >= 0" : !py.bool
    ```
  }];
  let arguments = (ins Simt_Bool:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` type($condition)
  }];
}

//===----------------------------------------------------------------------===//
// Numeric intrinsics (spec, "Numeric Intrinsics")
//===----------------------------------------------------------------------===//

def Simt_Integer : Type<And<[CPred<"::cudapy::py::isIntegerLikeType($_self)">,
                             Neg<I1.predicate>,
                             Neg<CPred<"::llvm::isa<::cudapy::py::PyBoolType>($_self)">>]>,
    "an integer (int or a fixed-format integer)">;
def Simt_Float : Type<And<[CPred<"::cudapy::py::isNumberType($_self)">,
    CPred<"::cudapy::py::getNumberKind($_self) == ::cudapy::py::NumberKind::Float">,
    Neg<CPred<"::cudapy::py::isStorageOnlyFloatType($_self)">>]>,
    "a real float (float, f16, bf16, f32 or f64)">;

class Simt_BitCountOp<string mnemonic, string what>
    : Simt_DeviceOp<mnemonic, [Pure]> {
  let summary = "`" # mnemonic # "(x)`: " # what;
  let description = [{
    }] # what # [{ of the integer's bits (its machine width), as an int32.

    ```mlir
    %n = simt.}] # mnemonic # [{ %x : ui64
    ```
  }];
  let arguments = (ins Simt_Integer:$x);
  let results = (outs Py_IntType:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def Simt_PopcOp : Simt_BitCountOp<"popc", "the number of set bits">;
def Simt_ClzOp : Simt_BitCountOp<"clz", "the number of leading zero bits">;
def Simt_FfsOp : Simt_BitCountOp<"ffs",
    "the 1-based position of the lowest set bit (0 when none is set)">;

def Simt_BrevOp : Simt_DeviceOp<"brev", [Pure, AllTypesMatch<["x", "result"]>]> {
  let summary = "`brev(x)`: the integer's bits in reverse order";
  let description = [{
    ```mlir
    %r = simt.brev %x : ui32
    ```
  }];
  let arguments = (ins Simt_Integer:$x);
  let results = (outs Simt_Integer:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def Simt_CbrtOp : Simt_DeviceOp<"cbrt", [Pure, AllTypesMatch<["a", "result"]>]> {
  let summary = "`cbrt(a)`: the cube root";
  let description = [{
    ```mlir
    %r = simt.cbrt %a : f32
    ```
  }];
  let arguments = (ins Simt_Float:$a);
  let results = (outs Simt_Float:$result);
  let assemblyFormat = "$a attr-dict `:` type($a)";
}

def Simt_FmaOp : Simt_DeviceOp<"fma", [Pure,
    AllTypesMatch<["a", "b", "c", "result"]>]> {
  let summary = "`fma(a, b, c)`: a * b + c with one rounding";
  let description = [{
    ```mlir
    %r = simt.fma %a, %b, %c : f64
    ```
  }];
  let arguments = (ins Simt_Float:$a, Simt_Float:$b, Simt_Float:$c);
  let results = (outs Simt_Float:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($a)";
}

def Simt_MathOp : Simt_DeviceOp<"math", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A Python `math` module function, as CUDA C++ computes it";
  let description = [{
    NumbaPro's math functions: the Python `math` module function `function`
    with the semantics of CUDA C++'s math library (libdevice), so `floor`,
    `ceil` and `trunc` return floats, as in CUDA C++. The operands are real
    floats (`!py.float`, `f16`, `bf16`, `f32`, `f64`; Python's conversion of
    an int argument is the frontend's `py.cast`), all of one type, and so is
    the result; `f16` and `bf16` are computed in `f32` and rounded back.
    `ldexp` takes an `int32` (`!py.int` or `si32`) exponent; `isfinite`,
    `isinf` and `isnan` return a `!py.bool`; `gamma` is CUDA's `tgamma`, and
    `degrees`/`radians` multiply by `180/pi` and `pi/180` as CPython does.

    | arity | functions |
    | :---- | :-------- |
    | 1 | acos acosh asin asinh atan atanh cbrt ceil cos cosh degrees erf erfc exp exp2 expm1 fabs floor gamma lgamma log log10 log1p log2 radians sin sinh sqrt tan tanh trunc isfinite isinf isnan |
    | 2 | atan2 copysign fmod hypot ldexp nextafter pow remainder |

    ```mlir
    %s = simt.math sin %x : f32
    %a = simt.math atan2 %y, %x : f64, f64
    %m = simt.math ldexp %x, %e : f64, !py.int
    %n = simt.math isnan %x : !py.float
    ```
  }];
  let arguments = (ins Simt_MathFunctionAttr:$function,
                       Variadic<AnyType>:$operands);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$function $operands attr-dict `:` type($operands)";
}

#endif // CUDAPY_SIMT_OPS_TD
