//===- Passes.td - tile dialect passes ---------------------*- tablegen -*-===//

#ifndef CUDAPY_TILE_PASSES_TD
#define CUDAPY_TILE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileCheckDeviceCodePass
    : Pass<"tile-check-device-code", "mlir::ModuleOp"> {
  let summary = "Tile code must be device code (in a gpu.module)";
  let description = [{
    A tile program runs on the device (cuTile Python: a kernel's body is
    device code), and device code is what a `gpu.module` holds (or a
    `gpu.launch` body, which outlining makes one). A function outside every
    gpu.module that uses tile ops or types elsewhere is an error naming the
    function and its first tile op; the pipeline would otherwise leave it to
    the host's lowering, which has no rules for tiles.
  }];
}

def TileMakeExplicitPass : Pass<"tile-make-explicit"> {
  let summary = "Rewrite the implicit form of tile ops to the explicit form";
  let description = [{
    Every elementwise op that carries `promote <policy>` (the implicit form)
    gets operands of one type: each operand is converted to the dtype the
    policy promotes to (`tile.convert`, rounding to nearest even) and
    broadcast to the common shape (`tile.broadcast`); a loosely typed
    `tile.literal` becomes a `tile.constant` of that dtype and shape. The
    rules are the verifiers' (dialects/Tile/IR/TilePromotion.h), so a
    verified program always rewrites; a literal that does not fit the dtype
    it promotes to is an error. The lowering consumes the explicit form.

    ```mlir
    %two = tile.literal 2
    %y = tile.mul %x, %two promote cutile : !tile.tile<4x1xf16>, !tile.loose_int -> !tile.tile<4x1xf16>
    %z = tile.add %y, %w promote cutile : !tile.tile<4x1xf16>, !tile.tile<8xf32> -> !tile.tile<4x8xf32>
    // becomes
    %c = tile.constant dense<2.0> : !tile.tile<4x1xf16>
    %y = tile.mul %x, %c : !tile.tile<4x1xf16>
    %0 = tile.convert %y : !tile.tile<4x1xf16> -> !tile.tile<4x1xf32>
    %1 = tile.broadcast %0 : !tile.tile<4x1xf32> -> !tile.tile<4x8xf32>
    %2 = tile.broadcast %w : !tile.tile<8xf32> -> !tile.tile<4x8xf32>
    %z = tile.add %1, %2 : !tile.tile<4x8xf32>
    ```
  }];
  let statistics = [
    Statistic<"numRewritten", "rewritten-ops", "Implicit-form ops rewritten">,
  ];
  let dependentDialects = ["cudapy::tile::TileDialect"];
}

def TileChooseNumWarpsPass : Pass<"tile-choose-num-warps"> {
  let summary = "Give each tile kernel its warps per CTA";
  let description = [{
    Each function that uses tile ops and has no `tile.num_warps` gets one:
    the pass's `num-warps` where it is not 0, else the compiler's choice
    from the kernel's tiles (docs/TileLowering.md, "Choosing the warps"):

    - a kernel with a matrix product (`tile.mma`, `tile.matmul`) takes 8
      warps where the largest product's result has 128 x 128 elements or
      more, else 4;
    - a kernel that reduces or scans takes one warp per 32 x 32 elements of
      the largest tile a memory access moves (`tile.load`, `tile.store`,
      `tile.gather`, `tile.scatter`, `tile.load_ptr`, `tile.store_ptr`);
    - others one warp per 32 x 32 bytes of that tile;
    - rounded down to a power of two, from 1 to 16;
    - where the kernel has `tile.grid_blocks` and `tile.multiprocessors`
      (a JIT's launch: its tile blocks, the device's SMs) and no product,
      at least enough warps for 16 an SM (a power of two, up to 16, each
      thread keeping 4 elements of that tile): a small grid's latency is
      hidden by its blocks' warps alone.

    ```mlir
    gpu.func @k(...) kernel {   // loads and stores 1 x 2048 float32 tiles
    // becomes
    gpu.func @k(...) kernel attributes {tile.num_warps = 8 : i64} {
    ```
  }];
  let options = [
    Option<"numWarps", "num-warps", "int64_t", /*default=*/"0",
           "Warps per CTA of kernels without a tile.num_warps attribute "
           "(1, 2, 4, 8, 16 or 32; 0: the compiler chooses)">,
  ];
  let dependentDialects = ["cudapy::tile::TileDialect"];
}

def TileAssignLayoutsPass : Pass<"tile-assign-layouts"> {
  let summary = "Give every tile a distributed layout over a CTA's threads";
  let description = [{
    Runs on the explicit form. Each function (a kernel runs one tile block
    per CTA) gets `tile.num_warps` (kept when set, else the pass's
    `num-warps`), and every tile of rank 1 or more gets a layout as its
    type's encoding (docs/TileLowering.md):

    - per rank, the kernel's layout is the coalesced `#tile.blocked` layout
      of its largest load or store of that rank: up to 128 bits per thread
      along the array's stride-1 dimension, lanes then warps along it
      first; loads, constants and iotas take it;
    - elementwise ops keep their first operand's layout (others are
      converted to it), broadcasts their source's, permutes a permuted one;
    - a reduction keeps its source's layout with `keepdims` and takes a
      `#tile.slice` of it otherwise;
    - a tile that an op needs in another layout goes through
      `tile.convert_layout`; a conversion of a freshly loaded (or constant)
      tile is folded into the load;
    - first, a narrowing `tile.convert` of a reshape or permute that nothing
      else uses goes before it, so that the shape op, where it moves
      elements between threads, moves the narrower ones.

    ```mlir
    %t = tile.load %v[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
    // becomes
    %t = tile.load %v[%i] : !tile.view<1024, !tile.array<?xf32, strides [1]>>
        -> !tile.tile<1024xf32, #tile.blocked<sizePerThread = [4],
               threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    ```
  }];
  let options = [
    Option<"numWarps", "num-warps", "int64_t", /*default=*/"4",
           "Warps per CTA of kernels without a tile.num_warps attribute "
           "(1, 2, 4, 8, 16 or 32)">,
  ];
  let dependentDialects = ["cudapy::tile::TileDialect"];
}

def TilePipelineLoadsPass : Pass<"tile-pipeline-loads"> {
  let summary = "Software-pipeline the loads of loops";
  let description = [{
    For `scf.for` loops whose body loads tiles (`tile.load`) that a
    `tile.mma` or `tile.matmul` of the same iteration multiplies. A load is
    pipelined when its operands are defined outside the loop or computed in
    its body, without side effects, from the induction variable and such
    values.

    Where the module's chip has `cp.async` (sm_80 on) and every such load
    can be copied as it is (a view in the array's order whose padding is
    zero or undetermined, rows contiguous in the array), the loop gets an
    S-stage pipeline through shared memory: one `tile.alloc_shared` of S
    tiles per load; before the loop, the copies of the first S - 1
    iterations (`tile.async_copy`, one group each); in iteration i, a wait
    until group i has landed (`tile.async_wait {pending = S - 2}`, a
    barrier), `tile.local_load` of stage i mod S in place of the load, and
    the copies of iteration i + S - 1 into the stage iteration i - 1 read.
    Copies past the loop's end are not made. On sm_90a, an mma of two
    whole stages becomes a `tile.shared_mma` (wgmma reads the stages where
    they are) where its shapes and warps suit the warpgroup mma. Where the
    loop only accumulates that shared_mma's result, its warpgroup mmas keep
    running into the next iteration (`pending = 1`): the iteration's copies
    ahead go after it (behind a barrier with more than one warpgroup), once
    it has waited for the previous iteration's mmas, which read the stage
    they refill; a `tile.mma_wait` after the loop waits for the last. (Also
    loads that reach the mma through a reshape dropping leading unit
    dimensions, a batch's matrix, are taken: their stages hold the matrix.
    A loop with another load that reaches an mma is left alone, and so is
    one that works on its products in the iteration instead of only
    accumulating them, as attention does between its two mmas (on
    mma.sync its live tiles leave the pipeline no registers to spare),
    unless the kernel or the option asks for stages, all its mmas can
    run on warpgroups, or its products do fewer than 32 flops for each
    byte it loads (a decode's attention: the loads bound it). A warpgroup
    mma takes A from the
    registers where it is not a stage: a tile the iteration computes
    (attention's P) or one loaded before the loop; one loaded before the
    loops that only warpgroup mmas of pipelined loops take (attention's Q)
    is copied once into a stage of its own instead.) Loads that reach the mma through a
    transpose (`permute [1, 0]`) are read from their stage transposed
    (`tile.local_load ... transpose`); a tile that mmas take both as it is
    and through transposes (attention's backward pass: S = Q Kᵀ and dS K
    in one iteration) has one stage, read once transposed for each such
    transpose and once as it is for its other uses. So are loads whose
    tile an mma takes
    through a conversion to a dtype of as many bits (float32 as tf32): the
    stage holds the loaded dtype, and each step's slices are converted
    after their reads; on sm_90a an mma of two float32 stages as tf32 runs
    on warpgroups, each iteration rounding its stages once into two
    stages of tf32 of their own taken in turn (`tile.local_store`, B as
    Bᵀ: wgmma reads tf32 K-major), which the stage count leaves room for;
    on mma.sync such an mma rounds its stages once an iteration into one
    stage of tf32 of each operand's own, then a CTA barrier, and reads its
    fragments from those (each warp would otherwise round every fragment
    it reads). On mma.sync each mma is cut into steps along K (16
    deep for 16-bit operands), each reading its slices of the stages; an
    operand in registers (a decode's queries, attention's P) is cut into
    `tile.extract`s at constant indices, whose registers
    tile-assign-layouts keeps. S is the kernel's
    `tile.num_stages`, else the `num-stages` option, else 2 where the loop
    works on its products and its math bounds it, else 2 to 4, as many
    as fit in 7/8 of the shared memory the chip gives a block (15/16 where
    the loop does nothing to its tiles but load, multiply and add), less the
    largest tile a permute, reduction, scan or layout conversion outside
    the kernel's multiplying loops takes (its scratch), shared equally by
    those loops.

    On sm_90 and later, where every such load reads a view of a kernel
    argument that the tensor memory accelerator can copy (its tiles suit
    `whyNotTensorCopy`; the argument's facts promise a base aligned to 16
    bytes and strides of multiples of 16 bytes: `tile.alignment`,
    `tile.stride_divisibility`), the copies are tensor copies instead
    (`tile.async_copy ... barrier`): one `tile.alloc_barriers` of S
    barriers, each expecting the loop's copies of one stage; iteration i
    waits for barrier i mod S at the parity of its round through the
    stages (`tile.barrier_wait`, a loop-carried bit that flips where the
    stage wraps) instead of a group. A tile staged before such a loop (as
    Q above) is waited for before the loop (`tile.async_wait {pending =
    0}`). Barriers are initialized once: a loop in other loops gets tensor
    copies where they nest from the kernel's first block (a persistent
    kernel's loop over its tiles, an `scf.for` or the body of an
    `scf.while`); its barriers are made before the nest, whose loops carry
    the stages and the phase on from one run of the loop to the next (a
    while through both of its regions; its prologue fills the stages from
    the carried one on); a loop in no such nest keeps cp.async. The `tensor-copies` option
    turns them off.

    Where the kernel asks for it (`tile.warp_specialize = true`, else the
    `warp-specialize` option, off by default: measured on an H100 it did
    not pay, docs/performance.md), the copies of such a loop get a warp of
    their own (warp specialization) where the loop is in the kernel's
    first block or in a nest of loops there (a persistent kernel's loop
    over its tiles), its one multiply is an mma of two of its loads that
    runs on warpgroups (sm_90a) and accumulates into a value the loop
    carries, and what its copies and the nest's loops take is the same on
    every thread. A `tile.warp_specialize` then takes the nest, the ops
    before it that hold tiles or have effects, and the rest of the kernel
    as its consumer region, run by the kernel's warps; its producer region,
    run by one thread of one more warp, runs the nest again (the uniform
    ops of each loop's body before the next loop, then the innermost's
    iterations), each iteration waiting for its stage to be free
    (`tile.barrier_wait` on a second set of S barriers, at once in the
    first round) and starting its tensor copies. Each consumer iteration
    waits for its stage's copies, multiplies with its wgmmas left in
    flight (`pending = 1`) and releases the stage the previous iteration
    read (`tile.barrier_arrive`, each warp once), the last after the
    loop's wait: no CTA barrier remains in the loop. Both sides count the
    stage and its phase on through the nest, whose barriers are made once,
    before it.

    A cp.async pipeline whose iteration only reads its stage into a chain
    of two or more mma.sync steps and accumulates, where each warp's share
    of the product is 1024 elements or more, gets a second version of the
    loop for tile blocks whose copies in the loop all lie inside their
    arrays (the `read-ahead` option, on by default): before the loop, each
    copy's tile is checked against its array's extents at the first
    iteration that copies in the loop (S - 1) and at the last (n - 1),
    the loop's step being 1 and every index an affine function of the
    iteration (then it lies inside at every iteration in between); `scf.if`
    of that takes a copy of the loop whose copies are `inside` (no bounds
    checks), else the loop as it is. That version reads as Ampere's GEMMs
    do: the wait for the next stage (and its barrier) comes before the
    last step's mma, after that step's reads; the next stage's first step
    is read right after it and carried into the next iteration (the first
    stage's wait and first step before the loop), whose first mma then
    needs no read; the iteration's copies ahead follow that first mma.
    Where each warp's share is 2048 elements or more, they are made on
    every iteration with no branch around them: past the last iteration
    they copy the last iteration's tiles again, into a stage nothing
    reads, and the thread waits for all its copies after the loop. The
    iteration is then one block, whose mma.sync ptxas schedules between
    the copies (measured: up to 6 % faster at those shares, 3 to 9 %
    slower at 1024 where the loop is short, so not there).
    Measured on an H200 (docs/performance.md): the f16 and bf16 matmuls
    of 4096³ and 8192³ 3-7 % faster; with both copy paths in the
    reordered loop ptxas predicates both, and it was slower than the
    plain order; for products of 256 elements a warp or fewer it lost.

    Elsewhere, a two-stage pipeline in registers: the first iteration's
    tiles are loaded before the loop, and each iteration loads the next
    one's before its own multiply, carrying them as loop values; a load past
    the last tile reads the view's padding (loads are bounds-checked), so
    the loop needs no epilogue. A loop loaded ahead in registers (this one
    and those below) gets `llvm.loop_annotation = #llvm.loop_annotation<
    unroll = <runtimeDisable = true>>`: LLVM's unrolling at run time would
    start a second iteration's loads as well, beyond the registers the
    depth was chosen within (scf-to-cf and cudapy-loop-annotations carry
    it to the loop's back edge).

    Loops without products get the same register pipeline for their loads
    (a column sum's loop over row tiles, whose latency one iteration's
    loads alone do not hide) where nothing in the body writes memory or
    synchronizes (no load would pass a store), each such `tile.load` takes
    its operands as above and is not atomic, and the tiles loaded take at
    most `prefetch-bytes` a thread in all (they are then live twice over);
    at most a quarter of it, they are loaded two iterations ahead (live
    three times over), which doubles the bytes in flight of a loop whose
    few tile blocks leave the device waiting on their loads. Neither where
    the copies and the tiles live through the body (those the loop carries,
    and those from outside it uses, a row or column at the largest tile a
    broadcast in the loop makes of it) would pass a thread's registers at
    the block's size, less 32.

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (...) {
      %kt = tile.from_scalar %k : index -> !tile.tile<si32>
      %x = tile.load %va[%i, %kt] : ...
      %next = tile.mma %x, %y, %acc : ...
    // becomes, with 3 stages
    %buffer = tile.alloc_shared : !tile.shared<3x128x32xf16>
    scf.if %c0 < %n { tile.async_copy %va[%i, 0], %buffer[0] ... }
    tile.async_commit
    scf.if %c1 < %n { tile.async_copy %va[%i, 1], %buffer[1] ... }
    tile.async_commit
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (...) {
      tile.async_wait {pending = 1}
      %x = tile.local_load %buffer[%k mod 3] : ...
      scf.if %k + 2 < %n { tile.async_copy %va[%i, %k + 2], %buffer[(%k + 2) mod 3] ... }
      tile.async_commit
      %next = tile.mma %x, %y, %acc : ...
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int64_t", /*default=*/"0",
           "Stages of the shared-memory pipelines (0: the pass chooses; a "
           "kernel's tile.num_stages comes first)">,
    Option<"numWarps", "num-warps", "int64_t", /*default=*/"4",
           "Warps of kernels without tile.num_warps (as tile-assign-layouts "
           "will give them)">,
    Option<"tensorCopies", "tensor-copies", "bool", /*default=*/"true",
           "Copy with the tensor memory accelerator where it can (sm_90 "
           "on)">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"false",
           "Give a loop's tensor copies a producer warp of their own where "
           "its mma runs on warpgroups (a kernel's tile.warp_specialize "
           "comes first)">,
    Option<"readAhead", "read-ahead", "bool", /*default=*/"true",
           "On cp.async pipelines whose iteration only reads its stage into "
           "mma.sync steps: a version of the loop for copies inside the "
           "arrays that reads the next stage's first step an iteration "
           "ahead">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"256",
           "Bytes a thread that the loads of a loop without products may "
           "take to be loaded an iteration ahead (0: none)">,
  ];
  let statistics = [
    Statistic<"numPipelined", "num-pipelined-loads", "Loads pipelined">,
    Statistic<"numTensor", "num-tensor-loads",
              "Loads pipelined through tensor copies">,
    Statistic<"numAsync", "num-async-loads",
              "Loads pipelined through shared memory">,
    Statistic<"numPrefetched", "num-prefetched-loads",
              "Loads of loops without products loaded an iteration ahead">,
    Statistic<"numSpecialized", "num-specialized-loops",
              "Loops whose copies run on a producer warp">,
    Statistic<"numRoundedOnce", "num-rounded-once",
              "mma.sync products of float32 stages as tf32 whose stages "
              "are rounded once an iteration">,
  ];
  let dependentDialects = ["cudapy::tile::TileDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::gpu::GPUDialect", "mlir::LLVM::LLVMDialect"];
}

#endif // CUDAPY_TILE_PASSES_TD
