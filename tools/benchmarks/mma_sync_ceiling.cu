//===- mma_sync_ceiling.cu - what mma.sync gives the sm_80 matmul ---------===//
//
// Usage (GPU machine with the CUDA toolkit):
//   nvcc -arch=sm_90a -O3 -o /tmp/mma_sync_ceiling \
//     tools/benchmarks/mma_sync_ceiling.cu && /tmp/mma_sync_ceiling
//
// Three CUDA C programs that bound the sm_80 path's matmul (mma.sync,
// ldmatrix, cp.async) on the GPU at hand, in TFLOP/s (docs/performance.md,
// "Matmul on tensor cores", the thirty-fourth session):
// 1. mma.sync m16n8k16 f16 -> f32 from registers only (the instruction's
//    peak), at several warps a block and independent accumulators a warp;
// 2. the inner loop of a 64x64 warp tile: each K step of 16, 4 ldmatrix.x4
//    of A, 4 ldmatrix.x4.trans of B and 32 mma.sync, from shared memory only;
// 3. the whole matmul's structure without its arithmetic's meaning: f16
//    4096^3, 128x256x64 tiles, 8 warps of 64x64, 3 cp.async stages, in four
//    orders of its main loop. Order 0: wait and barrier at the top of each
//    stage, then the next copies, then 4 K steps each reading its fragments
//    (cudapy's lowering today). Order 1: fragments double-buffered across
//    K steps, the wait and barrier before the last K step's mma and the next
//    stage's first fragments read right after them (Ampere GEMMs' main
//    loop). Order 2: only the double buffering. Order 3: only the moved
//    barrier with the next stage's first fragments.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// The milliseconds of `reps` calls of `launch` (CUDA events), after one
// call to warm up.
template <class Launch> static float timeLaunches(Launch launch, int reps) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  launch();
  cudaEventRecord(e0);
  for (int r = 0; r < reps; ++r)
    launch();
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  float ms;
  cudaEventElapsedTime(&ms, e0, e1);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return ms;
}

// 1.
template <int CHAINS> __global__ void peak(float *out, int iters) {
  unsigned a0 = threadIdx.x, a1 = a0 * 3, a2 = a0 * 5, a3 = a0 * 7, b0 = a0 ^ 9,
           b1 = a0 ^ 11;
  float c[CHAINS][4];
#pragma unroll
  for (int i = 0; i < CHAINS; ++i)
    c[i][0] = c[i][1] = c[i][2] = c[i][3] = 0.f;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int i = 0; i < CHAINS; ++i)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < CHAINS; ++i)
    s += c[i][0] + c[i][1] + c[i][2] + c[i][3];
  if (s == 1234.5f)
    out[0] = s;
}
template <int CHAINS> void runPeak(int warps, int blocksPerSM) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float *out;
  cudaMalloc(&out, 4);
  int iters = 4096, blocks = sms * blocksPerSM;
  float ms = timeLaunches(
      [&] { peak<CHAINS><<<blocks, warps * 32>>>(out, iters); }, 5);
  double flop = 5.0 * blocks * warps * (double)iters * CHAINS * 2 * 16 * 8 * 16;
  printf("chains %2d warps %2d blocks/SM %d: %.1f TFLOP/s\n", CHAINS, warps,
         blocksPerSM, flop / ms / 1e9);
  cudaFree(out);
}

// 2.
template <bool LOADS>
__global__ void __launch_bounds__(256, 1) inner(float *out, int iters) {
  __shared__ __align__(16) unsigned short smem[16384]; // A and B areas
  for (int i = threadIdx.x; i < 16384; i += blockDim.x)
    smem[i] = i;
  __syncthreads();
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  int lane = threadIdx.x & 31;
  // each lane addresses one 16-byte row of an 8x8 matrix; rows 128 bytes apart,
  // XOR-swizzled by row so the 8 rows of a matrix fall in different banks
  unsigned row = lane, chunk = (lane >> 3) ^ (row & 7);
  unsigned aAddr = base + row * 128 + chunk * 16;
  unsigned bAddr = base + 16384 + row * 128 + chunk * 16;
  float c[32][4];
#pragma unroll
  for (int i = 0; i < 32; ++i)
    c[i][0] = c[i][1] = c[i][2] = c[i][3] = 0.f;
  unsigned a[4][4], b[4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      a[i][j] = b[i][j] = lane * (i + 1) + j;
  for (int it = 0; it < iters; ++it) {
    unsigned k = 0;
    if (LOADS) {
#pragma unroll
      for (int i = 0; i < 4; ++i)
        asm volatile(
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
            : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
            : "r"(aAddr + k + i * 4096));
#pragma unroll
      for (int i = 0; i < 4; ++i)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
                     "{%0,%1,%2,%3}, [%4];"
                     : "=r"(b[i][0]), "=r"(b[i][1]), "=r"(b[i][2]),
                       "=r"(b[i][3])
                     : "r"(bAddr + k + i * 4096));
    }
#pragma unroll
    for (int m = 0; m < 4; ++m)
#pragma unroll
      for (int n = 0; n < 8; ++n)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(c[m * 8 + n][0]), "+f"(c[m * 8 + n][1]),
                       "+f"(c[m * 8 + n][2]), "+f"(c[m * 8 + n][3])
                     : "r"(a[m][0]), "r"(a[m][1]), "r"(a[m][2]), "r"(a[m][3]),
                       "r"(b[n / 2][(n & 1) * 2]),
                       "r"(b[n / 2][(n & 1) * 2 + 1]));
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < 32; ++i)
    s += c[i][0] + c[i][1] + c[i][2] + c[i][3];
  if (s == 1234.5f)
    out[0] = s;
}
template <bool LOADS> void runInner(int blocksPerSM) {
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float *out;
  cudaMalloc(&out, 4);
  int iters = 4096, blocks = sms * blocksPerSM;
  float ms =
      timeLaunches([&] { inner<LOADS><<<blocks, 256>>>(out, iters); }, 5);
  double flop = 5.0 * blocks * 8 * (double)iters * 32 * 4096;
  printf("ldmatrix %d, %d block(s)/SM of 8 warps: %.1f TFLOP/s (%s)\n", LOADS,
         blocksPerSM, flop / ms / 1e9, cudaGetErrorString(cudaGetLastError()));
}

// 3.
#define N 4096
#define BM 128
#define BN 256
#define BK 64
#define STAGES 3
#define STAGE_BYTES ((BM * BK + BK * BN) * 2)
__device__ __forceinline__ void cp16(unsigned dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst),
               "l"(src));
}
__device__ __forceinline__ void ldA(unsigned (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldB(unsigned (&r)[4], unsigned addr) {
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(addr));
}
__device__ __forceinline__ void mma(float (&c)[4], const unsigned (&a)[4],
                                    unsigned b0, unsigned b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
struct Frag {
  unsigned a[4][4], b[4][4];
};
template <int V>
__global__ void __launch_bounds__(256, 1)
    skel(const half *A, const half *B, float *C) {
  extern __shared__ __align__(128) unsigned char smem[];
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  int t = threadIdx.x, lane = t & 31, warp = t >> 5, wm = warp >> 2,
      wn = warp & 3;
  int bm = blockIdx.y, bn = blockIdx.x;
  // copies: A tile 128 rows x 128 bytes (4 chunks a thread), B 64 rows x 512
  // bytes (8)
  auto issue = [&](int kt) {
    unsigned s = base + (kt % STAGES) * STAGE_BYTES;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      int c = t + j * 256, row = c >> 3, col = c & 7;
      cp16(s + row * 128 + ((col ^ (row & 7)) * 16),
           A + (size_t)(bm * BM + row) * N + kt * BK + col * 8);
    }
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      int c = t + j * 256, row = c >> 5, col = c & 31;
      cp16(s + BM * BK * 2 + row * 512 + ((col ^ (row & 7)) * 16),
           B + (size_t)(kt * BK + row) * N + bn * BN + col * 8);
    }
    asm volatile("cp.async.commit_group;");
  };
  auto frags = [&](Frag &f, int kt, int ks) {
    unsigned s = base + (kt % STAGES) * STAGE_BYTES;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      int row = wm * 64 + i * 16 + (lane & 15), col = ks * 2 + (lane >> 4);
      ldA(f.a[i], s + row * 128 + ((col ^ (row & 7)) * 16));
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      int row = ks * 16 + (lane & 15), col = wn * 8 + i * 2 + (lane >> 4);
      ldB(f.b[i], s + BM * BK * 2 + row * 512 + ((col ^ (row & 7)) * 16));
    }
  };
  float c[32][4];
#pragma unroll
  for (int i = 0; i < 32; ++i)
    c[i][0] = c[i][1] = c[i][2] = c[i][3] = 0.f;
  auto math = [&](const Frag &f) {
#pragma unroll
    for (int m = 0; m < 4; ++m)
#pragma unroll
      for (int n = 0; n < 8; ++n)
        mma(c[m * 8 + n], f.a[m], f.b[n / 2][(n & 1) * 2],
            f.b[n / 2][(n & 1) * 2 + 1]);
  };
  const int KT = N / BK;
  issue(0);
  issue(1);
  if (V == 0) {
    Frag f;
    for (int kt = 0; kt < KT; ++kt) {
      asm volatile("cp.async.wait_group 1;");
      __syncthreads();
      if (kt + 2 < KT)
        issue(kt + 2);
      else
        asm volatile("cp.async.commit_group;");
#pragma unroll
      for (int ks = 0; ks < 4; ++ks) {
        frags(f, kt, ks);
        math(f);
      }
    }
  } else if (V == 2) { // barrier at the top; K steps' fragments double-buffered
                       // inside the stage
    Frag f[2];
    for (int kt = 0; kt < KT; ++kt) {
      asm volatile("cp.async.wait_group 1;");
      __syncthreads();
      if (kt + 2 < KT)
        issue(kt + 2);
      else
        asm volatile("cp.async.commit_group;");
      frags(f[0], kt, 0);
#pragma unroll
      for (int ks = 0; ks < 4; ++ks) {
        if (ks < 3)
          frags(f[(ks + 1) & 1], kt, ks + 1);
        math(f[ks & 1]);
      }
    }
  } else if (V == 3) { // wait + barrier before the last K step's mma, the next
                       // stage's first fragments loaded there
    Frag f, g;
    asm volatile("cp.async.wait_group 1;");
    __syncthreads();
    frags(g, 0, 0);
    for (int kt = 0; kt < KT; ++kt) {
#pragma unroll
      for (int ks = 0; ks < 4; ++ks) {
        if (ks == 0) {
          math(g);
          if (kt + 2 < KT)
            issue(kt + 2);
          else
            asm volatile("cp.async.commit_group;");
          continue;
        }
        frags(f, kt, ks);
        if (ks == 3) {
          asm volatile("cp.async.wait_group 1;");
          __syncthreads();
          if (kt + 1 < KT)
            frags(g, kt + 1, 0);
        }
        math(f);
      }
    }
  } else {
    Frag f[2];
    asm volatile("cp.async.wait_group 1;");
    __syncthreads();
    frags(f[0], 0, 0);
    for (int kt = 0; kt < KT; ++kt) {
#pragma unroll
      for (int ks = 0; ks < 4; ++ks) {
        if (ks == 3) {
          asm volatile("cp.async.wait_group 1;"); // stage kt+1 ready; kt+2 may
                                                  // be in flight
          __syncthreads();
          if (kt + 1 < KT)
            frags(f[0], kt + 1, 0);
        } else {
          frags(f[(ks + 1) & 1], kt, ks + 1);
        }
        if (ks == 0) {
          if (kt + 2 < KT)
            issue(kt + 2);
          else
            asm volatile("cp.async.commit_group;");
        }
        math(f[ks & 1]);
      }
    }
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < 32; ++i)
    s += c[i][0] + c[i][1] + c[i][2] + c[i][3];
  C[(bm * gridDim.x + bn) * 256 + t] = s;
}
template <int V> void runLoop(const half *A, const half *B, float *C) {
  int bytes = STAGES * STAGE_BYTES;
  cudaFuncSetAttribute(skel<V>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       bytes);
  dim3 grid(N / BN, N / BM);
  float ms = timeLaunches([&] { skel<V><<<grid, 256, bytes>>>(A, B, C); }, 20);
  printf("loop order %d: %.1f TFLOP/s (%s)\n", V,
         20 * 2.0 * N * N * (double)N / ms / 1e9,
         cudaGetErrorString(cudaGetLastError()));
}

static void loops() {
  half *A, *B;
  float *C;
  cudaMalloc(&A, (size_t)N * N * 2);
  cudaMalloc(&B, (size_t)N * N * 2);
  cudaMalloc(&C, 1 << 22);
  cudaMemset(A, 0, (size_t)N * N * 2);
  cudaMemset(B, 0, (size_t)N * N * 2);
  printf("zeros for data:\n");
  for (int i = 0; i < 2; ++i) {
    runLoop<0>(A, B, C);
    runLoop<1>(A, B, C);
    runLoop<2>(A, B, C);
    runLoop<3>(A, B, C);
  }
  {
    half *h = (half *)malloc((size_t)N * N * 2);
    for (size_t i = 0; i < (size_t)N * N; ++i)
      h[i] = __float2half((float)((i * 2654435761u) % 1000) / 1000.f - 0.5f);
    cudaMemcpy(A, h, (size_t)N * N * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(B, h, (size_t)N * N * 2, cudaMemcpyHostToDevice);
    free(h);
  }
  printf("random data:\n");
  for (int i = 0; i < 2; ++i) {
    runLoop<0>(A, B, C);
    runLoop<1>(A, B, C);
    runLoop<2>(A, B, C);
    runLoop<3>(A, B, C);
  }
}

int main() {
  printf("1. mma.sync from registers\n");
  runPeak<4>(4, 1);
  runPeak<8>(4, 1);
  runPeak<8>(8, 1);
  runPeak<16>(8, 1);
  runPeak<8>(16, 1);
  runPeak<16>(16, 1);
  runPeak<8>(8, 2);
  runPeak<16>(4, 2);
  printf("2. a 64x64 warp tile's inner loop\n");
  runInner<false>(1);
  runInner<true>(1);
  runInner<true>(4);
  printf("3. the matmul's main loop in four orders\n");
  loops();
  return 0;
}
