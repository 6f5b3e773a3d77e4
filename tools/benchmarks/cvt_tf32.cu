//===- cvt_tf32.cu - what the hardware's conversion to tf32 gives --------===//
//
// Usage (GPU machine with the CUDA toolkit, sm_90 or later):
//   nvcc -arch=sm_90 -o /tmp/cvt_tf32 tools/benchmarks/cvt_tf32.cu
//   /tmp/cvt_tf32
//
// Converts every one of the 2^32 float32 bit patterns with
// `cvt.rn.tf32.f32` and compares the result with the software encoding of
// the tile lowering (lib/Conversion/LoweringUtils/NarrowFloat.cpp: 0xFFF
// plus the kept lowest bit added, the 13 low bits cleared; NaN 0x7FFFE000).
// Prints how many results have low bits set, and how many differ from the
// encoding among NaNs and among the other inputs, each with an example.
// convert-tile-to-llvm emits the cvt alone on sm_90 because all three are
// 0 (H200, docs/performance.md, the thirty-seventh session).
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>

__device__ unsigned int encode(unsigned int x) {
  if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu))
    return 0x7FFFE000u;
  return (x + 0xFFFu + ((x >> 13) & 1u)) & 0xFFFFE000u;
}

__global__ void compare(unsigned long long *counts, unsigned int *examples) {
  unsigned long long stride = gridDim.x * (unsigned long long)blockDim.x;
  for (unsigned long long x =
           blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       x < (1ull << 32); x += stride) {
    unsigned int in = (unsigned int)x, out;
    asm("cvt.rn.tf32.f32 %0, %1;" : "=r"(out) : "f"(__uint_as_float(in)));
    bool nan = (in & 0x7F800000u) == 0x7F800000u && (in & 0x7FFFFFu);
    if (out & 0x1FFFu) {
      atomicAdd(&counts[0], 1ull);
      examples[0] = in;
      examples[1] = out;
    }
    if (out != encode(in)) {
      atomicAdd(&counts[nan ? 1 : 2], 1ull);
      examples[nan ? 2 : 4] = in;
      examples[nan ? 3 : 5] = out;
    }
  }
}

int main() {
  unsigned long long *counts;
  unsigned int *examples;
  cudaMallocManaged(&counts, 3 * sizeof(*counts));
  cudaMallocManaged(&examples, 6 * sizeof(*examples));
  for (int i = 0; i < 3; ++i)
    counts[i] = 0;
  for (int i = 0; i < 6; ++i)
    examples[i] = 0;
  compare<<<1024, 256>>>(counts, examples);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    fprintf(stderr, "the kernel failed\n");
    return 1;
  }
  printf("low bits set: %llu (e.g. %08x -> %08x)\n", counts[0], examples[0],
         examples[1]);
  printf("NaNs unlike the encoding: %llu (e.g. %08x -> %08x)\n", counts[1],
         examples[2], examples[3]);
  printf("others unlike the encoding: %llu (e.g. %08x -> %08x)\n", counts[2],
         examples[4], examples[5]);
  return counts[0] || counts[1] || counts[2];
}
