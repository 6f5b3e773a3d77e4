/*===- Cache.h - cudapy's on-disk compile cache -------------------*- C -*-===*\
|*                                                                            *|
|* Plain C99, no MLIR, no driver: part of libcudapy-runtime.so. One cache     *|
|* serves the compiler's C API (cudapyCompileSource), cudapy-compile and both *|
|* Python frontends; each stores opaque entries under keys it computes from  *|
|* everything the entry depends on (docs/CompileCache.md).                    *|
|*                                                                            *|
|* The folder: $CUDAPY_CACHE_DIR, else $XDG_CACHE_HOME/cudapy, else           *|
|* ~/.cache/cudapy. CUDAPY_CACHE=0 (or off, no, false) turns it off.          *|
|* CUDAPY_CACHE_MAX_BYTES caps its size (default 1 GiB); the entries used     *|
|* least recently go first.                                                   *|
|*                                                                            *|
|* Entries are written to a temporary file and renamed into place, so a       *|
|* concurrent reader sees a whole entry or none. Each carries its key and a   *|
|* checksum; an entry that does not match them (torn by a crash, corrupted    *|
|* on disk) is a miss and is removed, never returned.                         *|
|*                                                                            *|
|* Every function is safe from any thread and any number of processes. A     *|
|* cache that cannot be read or written only costs time: loads miss, stores   *|
|* report failure, nothing is printed.                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CUDAPY_C_CACHE_H
#define CUDAPY_C_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cudapy-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Longest key, in bytes.
#define CUDAPY_CACHE_MAX_KEY 200

/// Whether the cache is on (CUDAPY_CACHE is not 0, off, no or false).
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheEnabled(void);

/// The cache folder, NUL-terminated, into `buffer` (`size` bytes). Returns
/// the length of the path; a result of `size` or more means it did not fit.
CUDAPY_RUNTIME_EXPORTED size_t cudapyCacheGetDirectory(char *buffer,
                                                       size_t size);

/// Whether `key` can name an entry: 1 to CUDAPY_CACHE_MAX_KEY bytes of
/// letters, digits, '-', '_' and '.', not starting with '.'.
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheIsValidKey(const char *key);

/// Looks `key` up. On a hit returns true and sets `*data` (allocated; free
/// it with cudapyCacheFree) and `*size`, and marks the entry used. On a
/// miss (no entry, the cache off, an invalid key, a corrupt entry, which
/// is removed) returns false and sets `*data` to null and `*size` to 0.
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheLoad(const char *key, void **data,
                                             size_t *size);

/// Frees what cudapyCacheLoad returned; null is ignored.
CUDAPY_RUNTIME_EXPORTED void cudapyCacheFree(void *data);

/// Stores `size` bytes at `data` under `key`, replacing an entry of that
/// key atomically, then evicts the least recently used entries while the
/// cache is over its cap. False when the cache is off or the entry could
/// not be written.
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheStore(const char *key, const void *data,
                                              size_t size);

/// What the cache holds.
typedef struct CudapyCacheInfo {
  uint64_t entries;  ///< whole entries
  uint64_t bytes;    ///< their size on disk
  uint64_t maxBytes; ///< the cap (CUDAPY_CACHE_MAX_BYTES)
} CudapyCacheInfo;

/// Fills `info`. False when the folder cannot be read (an absent folder is
/// an empty cache).
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheGetInfo(CudapyCacheInfo *info);

/// Removes every entry (and leftover temporary files). False when some
/// could not be removed.
CUDAPY_RUNTIME_EXPORTED bool cudapyCacheClear(void);

#ifdef __cplusplus
}
#endif

#endif /* CUDAPY_C_CACHE_H */
