/*===- cache.c - the compile cache: hits, misses, corruption, eviction ----===*\
|*                                                                            *|
|* cudapy-c/Cache.h directly, and through cudapyCompileSource: a second       *|
|* compile is a hit with the same outputs, metadata and warnings; a corrupt,  *|
|* truncated or misplaced entry is a miss, removed and compiled again; the    *|
|* options and knobs that bypass the cache do; the cap evicts the entries     *|
|* used least recently.                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: rm -rf %t && mkdir -p %t
// RUN: env CUDAPY_CACHE_DIR=%t/cache cudapy-capi-cache %t/cache 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: %if valgrind %{ env CUDAPY_CACHE_DIR=%t/vg %valgrind cudapy-capi-cache %t/vg > /dev/null %}

#define _POSIX_C_SOURCE 200809L

#include "cudapy-c/Cache.h"
#include "cudapy-c/Compiler.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char kKernel[] =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @square(%a: memref<?xf32>, %n: index) kernel {\n"
    "      %i = gpu.global_id x\n"
    "      %ok = arith.cmpi ult, %i, %n : index\n"
    "      scf.if %ok {\n"
    "        %x = memref.load %a[%i] : memref<?xf32>\n"
    "        %y = math.exp %x : f32\n"
    "        memref.store %y, %a[%i] : memref<?xf32>\n"
    "      }\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "}\n";

static const char *directory;

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

static bool sameText(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && !memcmp(a.data, b.data, a.length);
}

/// The name of the one entry whose name starts with `prefix`, or "".
static void findEntry(const char *prefix, char *name, size_t size) {
  name[0] = '\0';
  DIR *folder = opendir(directory);
  if (!folder)
    return;
  for (struct dirent *item; (item = readdir(folder));)
    if (!strncmp(item->d_name, prefix, strlen(prefix)))
      snprintf(name, size, "%s", item->d_name);
  closedir(folder);
}

static void entryPath(const char *name, char *path, size_t size) {
  snprintf(path, size, "%s/%s", directory, name);
}

static void printInfo(const char *when) {
  CudapyCacheInfo info;
  bool ok = cudapyCacheGetInfo(&info);
  printf("%s: ok=%d entries=%llu\n", when, ok,
         (unsigned long long)info.entries);
}

/// Compiles kKernel; prints whether it came from the cache and whether its
/// output, metadata and diagnostics match `reference`'s (when given; not
/// the metadata of a compile that ran again, whose times differ).
static CudapyCompileResult compile(const char *label,
                                   CudapyCompileOptions options,
                                   CudapyCompileResult reference) {
  CudapyCompileResult result =
      cudapyCompileSource(str(kKernel), str("square.mlir"), options);
  printf("%s: succeeded=%d cached=%d format=%.*s", label,
         cudapyCompileResultSucceeded(result),
         cudapyCompileResultIsCached(result),
         (int)cudapyCompileResultGetOutputFormat(result, 0).length,
         cudapyCompileResultGetOutputFormat(result, 0).data);
  if (reference.ptr)
    printf(" same-output=%d same-diagnostics=%d",
           sameText(cudapyCompileResultGetOutput(result, 0),
                    cudapyCompileResultGetOutput(reference, 0)),
           sameText(cudapyCompileResultGetDiagnosticsText(result),
                    cudapyCompileResultGetDiagnosticsText(reference)));
  if (reference.ptr && cudapyCompileResultIsCached(result))
    printf(" same-metadata=%d",
           sameText(cudapyCompileResultGetMetadataJSON(result),
                    cudapyCompileResultGetMetadataJSON(reference)));
  printf("\n");
  return result;
}

static void rawEntries(void) {
  // CHECK-LABEL: raw entries
  printf("raw entries\n");
  char buffer[4096];
  size_t length = cudapyCacheGetDirectory(buffer, sizeof(buffer));
  // CHECK-NEXT: directory=1 enabled=1
  printf("directory=%d enabled=%d\n",
         length == strlen(directory) && !strcmp(buffer, directory),
         cudapyCacheEnabled());
  void *data = NULL;
  size_t size = 7;
  // CHECK-NEXT: absent: 0 0 null
  bool hit = cudapyCacheLoad("t-absent", &data, &size);
  printf("absent: %d %zu %s\n", hit, size, data ? "data" : "null");
  // CHECK-NEXT: store: 1 load: 1 5 hello
  bool stored = cudapyCacheStore("t-hello", "hello", 5);
  hit = cudapyCacheLoad("t-hello", &data, &size);
  printf("store: %d load: %d %zu %.*s\n", stored, hit, size, (int)size,
         (const char *)data);
  cudapyCacheFree(data);
  // An empty payload is an entry too.
  // CHECK-NEXT: empty: 1 1 0
  stored = cudapyCacheStore("t-empty", NULL, 0);
  hit = cudapyCacheLoad("t-empty", &data, &size);
  printf("empty: %d %d %zu\n", stored, hit, size);
  cudapyCacheFree(data);
  // CHECK-NEXT: keys: 0 0 0 0 0 1
  char longKey[CUDAPY_CACHE_MAX_KEY + 2];
  memset(longKey, 'k', sizeof(longKey) - 1);
  longKey[sizeof(longKey) - 1] = '\0';
  printf("keys: %d %d %d %d %d %d\n", cudapyCacheStore("", "x", 1),
         cudapyCacheStore(".hidden", "x", 1), cudapyCacheStore("a/b", "x", 1),
         cudapyCacheStore(longKey, "x", 1), cudapyCacheIsValidKey(NULL),
         cudapyCacheIsValidKey("A-z_0.9"));
  // CHECK-NEXT: stored: ok=1 entries=2
  printInfo("stored");
}

/// Rewrites byte `offset` of the entry `name` (from its end when negative)
/// with its complement, or truncates the file to `truncate` bytes.
static void damage(const char *name, long offset, long truncate) {
  char path[4096];
  entryPath(name, path, sizeof(path));
  int fd = open(path, O_RDWR);
  struct stat status;
  if (fd < 0 || fstat(fd, &status)) {
    perror(path);
    if (fd >= 0)
      close(fd);
    return;
  }
  if (truncate >= 0) {
    if (ftruncate(fd, truncate))
      perror("ftruncate");
  } else {
    off_t at = offset >= 0 ? offset : status.st_size + offset;
    unsigned char byte;
    if (pread(fd, &byte, 1, at) == 1) {
      byte = (unsigned char)~byte;
      if (pwrite(fd, &byte, 1, at) != 1)
        perror("pwrite");
    }
  }
  close(fd);
}

static void compiles(void) {
  // CHECK-LABEL: compiles
  printf("compiles\n");
  CudapyCompileOptions options = cudapyCompileOptionsCreate();
  cudapyCompileOptionsSetChip(options, str("sm_80"));
  // CHECK-NEXT: first: succeeded=1 cached=0 format=ptx
  CudapyCompileResult first =
      compile("first", options, (CudapyCompileResult){0});
  // CHECK-NEXT: second: succeeded=1 cached=1 format=ptx same-output=1 same-diagnostics=1 same-metadata=1
  CudapyCompileResult second = compile("second", options, first);
  cudapyCompileResultDestroy(second);
  char name[512];
  findEntry("compile-", name, sizeof(name));
  // CHECK-NEXT: entry: compile-{{[0-9a-f]+}}.entry
  printf("entry: %s\n", name);

  // Corrupt (a payload byte, the header's checksum, the key), truncated:
  // each is a miss, compiled again to the same result and stored whole.
  const struct {
    const char *label;
    long offset, truncate;
  } damages[] = {{"payload", -10, -1}, {"checksum", 24, -1},  {"key", 40, -1},
                 {"magic", 0, -1},     {"truncated", 0, 100}, {"empty", 0, 0}};
  for (size_t i = 0; i < sizeof(damages) / sizeof(*damages); ++i) {
    damage(name, damages[i].offset, damages[i].truncate);
    cudapyCompileResultDestroy(compile(damages[i].label, options, first));
    cudapyCompileResultDestroy(compile("again", options, first));
  }
  // CHECK-NEXT: payload: succeeded=1 cached=0 format=ptx same-output=1 same-diagnostics=1
  // CHECK-NEXT: again: succeeded=1 cached=1
  // CHECK-NEXT: checksum: succeeded=1 cached=0 format=ptx same-output=1
  // CHECK-NEXT: again: succeeded=1 cached=1
  // CHECK-NEXT: key: succeeded=1 cached=0 format=ptx same-output=1
  // CHECK-NEXT: again: succeeded=1 cached=1
  // CHECK-NEXT: magic: succeeded=1 cached=0 format=ptx same-output=1
  // CHECK-NEXT: again: succeeded=1 cached=1
  // CHECK-NEXT: truncated: succeeded=1 cached=0 format=ptx same-output=1
  // CHECK-NEXT: again: succeeded=1 cached=1
  // CHECK-NEXT: empty: succeeded=1 cached=0 format=ptx same-output=1
  // CHECK-NEXT: again: succeeded=1 cached=1

  // An entry under another key's name is not that key's.
  char from[4096], to[4096];
  entryPath(name, from, sizeof(from));
  entryPath("t-moved.entry", to, sizeof(to));
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  for (int c; (c = fgetc(in)) != EOF;)
    fputc(c, out);
  fclose(in);
  fclose(out);
  void *data = NULL;
  size_t size = 0;
  // CHECK-NEXT: moved: 0 removed=1
  bool hit = cudapyCacheLoad("t-moved", &data, &size);
  printf("moved: %d removed=%d\n", hit, access(to, F_OK) != 0);

  // Other options are another entry; the cache option off, timing or a
  // debug knob neither read nor fill it.
  cudapyCompileOptionsSetOptLevel(options, 2);
  // CHECK-NEXT: O2: succeeded=1 cached=0
  cudapyCompileResultDestroy(compile("O2", options, (CudapyCompileResult){0}));
  cudapyCompileOptionsSetOptLevel(options, 3);
  cudapyCompileOptionsSetCache(options, false);
  // CHECK-NEXT: option off: succeeded=1 cached=0
  cudapyCompileResultDestroy(
      compile("option off", options, (CudapyCompileResult){0}));
  cudapyCompileOptionsSetCache(options, true);
  cudapyCompileOptionsSetTiming(options, true);
  // CHECK-NEXT: timing: succeeded=1 cached=0
  cudapyCompileResultDestroy(
      compile("timing", options, (CudapyCompileResult){0}));
  cudapyCompileOptionsSetTiming(options, false);
  setenv("CUDAPY_CACHE", "off", 1);
  // CHECK-NEXT: CUDAPY_CACHE=off: succeeded=1 cached=0
  // CHECK-NEXT: enabled=0 store=0
  cudapyCompileResultDestroy(
      compile("CUDAPY_CACHE=off", options, (CudapyCompileResult){0}));
  printf("enabled=%d store=%d\n", cudapyCacheEnabled(),
         cudapyCacheStore("t-off", "x", 1));
  unsetenv("CUDAPY_CACHE");
  // CHECK-NEXT: back on: succeeded=1 cached=1
  cudapyCompileResultDestroy(compile("back on", options, first));
  // hello, empty, the compile at O3 and at O2.
  // CHECK-NEXT: compiled: ok=1 entries=4
  printInfo("compiled");
  cudapyCompileResultDestroy(first);
  cudapyCompileOptionsDestroy(options);
}

/// Sets the modification time (the last use) of entry `key` to `seconds`.
static void setUse(const char *key, time_t seconds) {
  char name[512], path[4096];
  snprintf(name, sizeof(name), "%s.entry", key);
  entryPath(name, path, sizeof(path));
  struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
  utimensat(AT_FDCWD, path, times, 0);
}

static void eviction(void) {
  // CHECK-LABEL: eviction
  printf("eviction\n");
  // CHECK-NEXT: cleared: 1
  // CHECK-NEXT: empty: ok=1 entries=0
  printf("cleared: %d\n", cudapyCacheClear());
  printInfo("empty");
  // Eight entries of 1035 bytes (1000, the key and the header) fit under a
  // cap of 9000 bytes; a ninth does not.
  setenv("CUDAPY_CACHE_MAX_BYTES", "9000", 1);
  char payload[1000], key[32];
  memset(payload, 'p', sizeof(payload));
  for (int i = 0; i < 8; ++i) {
    snprintf(key, sizeof(key), "e-%d", i);
    cudapyCacheStore(key, payload, sizeof(payload));
    setUse(key, 1000 + i);
  }
  // CHECK-NEXT: eight: ok=1 entries=8
  printInfo("eight");
  // e-0 is used again, so e-1, e-2 and e-3 go when the ninth goes over,
  // down to three quarters of the cap.
  void *data = NULL;
  size_t size = 0;
  cudapyCacheLoad("e-0", &data, &size);
  cudapyCacheFree(data);
  cudapyCacheStore("e-8", payload, sizeof(payload));
  CudapyCacheInfo info;
  cudapyCacheGetInfo(&info);
  // CHECK-NEXT: after: entries=6 under cap=1 max=9000
  printf("after: entries=%llu under cap=%d max=%llu\n",
         (unsigned long long)info.entries, info.bytes <= info.maxBytes * 3 / 4,
         (unsigned long long)info.maxBytes);
  // CHECK-NEXT: kept: e-0=1 e-1=0 e-2=0 e-3=0 e-4=1 e-5=1 e-8=1
  printf("kept:");
  for (int i = 0; i <= 8; ++i) {
    if (i == 6 || i == 7)
      continue;
    snprintf(key, sizeof(key), "e-%d", i);
    bool hit = cudapyCacheLoad(key, &data, &size);
    cudapyCacheFree(data);
    printf(" %s=%d", key, hit);
  }
  printf("\n");
  // A cap that does not parse is the default.
  setenv("CUDAPY_CACHE_MAX_BYTES", "lots", 1);
  cudapyCacheGetInfo(&info);
  // CHECK-NEXT: default cap: 1073741824
  printf("default cap: %llu\n", (unsigned long long)info.maxBytes);
  unsetenv("CUDAPY_CACHE_MAX_BYTES");
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  directory = argv[1];
  // On whatever the environment says (%valgrind turns it off).
  setenv("CUDAPY_CACHE", "1", 1);
  rawEntries();
  compiles();
  eviction();
  return 0;
}
