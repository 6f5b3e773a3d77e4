/*===- Assembler.h - PTX to cubin in process ----------------------*- C -*-===*\
|*                                                                            *|
|* Assembles the PTX the pipeline produced into a cubin for one chip with     *|
|* the CUDA toolkit's ptxas (whole program) or, where it cannot run, its      *|
|* nvJitLink, opened with dlopen on first use (nothing links against it; the  *|
|* portable bundle carries neither). A loaded cubin needs no PTX JIT in the   *|
|* driver (docs/CompileCache.md).                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_SUPPORT_ASSEMBLER_H
#define CUDAPY_SUPPORT_ASSEMBLER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What an assembly produced. Free with cudapyAssemblyFree.
typedef struct CudapyAssembly {
  char *cubin;   ///< the cubin (null on failure)
  size_t size;   ///< its bytes
  char *message; ///< why it failed, or null (NUL-terminated)
  /// What assembled it (static text): "ptxas (whole program)", or
  /// "nvJitLink MAJOR.MINOR" where ptxas could not run
  /// (docs/CompileCache.md).
  const char *assembler;
} CudapyAssembly;

/// The nvJitLink library the assembler uses: the first of
/// TOOLKIT/lib64/libnvJitLink.so.N, TOOLKIT/targets/x86_64-linux/lib/...
/// and the loader's search for libnvJitLink.so.13 and .so.12 that opens;
/// `toolkitPath` may be null or empty. Opened once per process; later calls
/// return the first answer. Null, and `*why` set (static text), when none
/// opens.
const char *cudapyFindAssembler(const char *toolkitPath, const char **why);

/// Identifies, without opening it, the nvJitLink library that
/// cudapyFindAssembler would try first in `toolkitPath`: its path, size and
/// modification time ("loader search" when the toolkit has none), and
/// those of the toolkit's ptxas where it has one, written NUL-terminated
/// into `buffer`. Returns the length (a compile cache keys on it).
size_t cudapyDescribeAssembler(const char *toolkitPath, char *buffer,
                               size_t size);

/// "nvJitLink MAJOR.MINOR" of the library found (static text), or null.
const char *cudapyAssemblerVersion(void);

/// Assembles `ptx` (`size` bytes, no NUL needed) for `chip` ("sm_90a") at
/// -O3 (-O0 when `optLevel` is 0), with -lineinfo when `lineInfo`: with the
/// toolkit's ptxas program, whole program, where it runs (nvJitLink
/// compiles PTX as relocatable code, which costs registers), else with
/// nvJitLink. Either needs nvJitLink found (ptxas is looked for beside it).
/// ptxas optimizes the kernels of a PTX with several in parallel
/// (--split-compile: a thread a kernel, at most the processors the process
/// may run on); each kernel's code is what it would be without it.
/// Thread-safe.
CudapyAssembly cudapyAssemblePtx(const char *toolkitPath, const char *ptx,
                                 size_t size, const char *chip, int optLevel,
                                 bool lineInfo);

void cudapyAssemblyFree(CudapyAssembly *assembly);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_SUPPORT_ASSEMBLER_H */
