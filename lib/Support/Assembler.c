/*===- Assembler.c - PTX to cubin in process with nvJitLink ---------------===*\
|*                                                                            *|
|* See include/cudapy/Support/Assembler.h. nvJitLink's C ABI is declared      *|
|* here (its header need not be present when cudapy is built) and resolved   *|
|* with dlsym.                                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "cudapy/Support/Assembler.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct NvJitLink *NvJitLinkHandle;
/// nvJitLinkInputType: PTX.
enum { kInputPtx = 2 };

static struct {
  void *library;
  char path[1200];
  char version[64];
  const char *why;
  int (*create)(NvJitLinkHandle *, uint32_t, const char *const *);
  int (*destroy)(NvJitLinkHandle *);
  int (*addData)(NvJitLinkHandle, int, const void *, size_t, const char *);
  int (*complete)(NvJitLinkHandle);
  int (*getCubinSize)(NvJitLinkHandle, size_t *);
  int (*getCubin)(NvJitLinkHandle, void *);
  int (*getErrorLogSize)(NvJitLinkHandle, size_t *);
  int (*getErrorLog)(NvJitLinkHandle, char *);
} nvJitLink;

static pthread_mutex_t loadLock = PTHREAD_MUTEX_INITIALIZER;
static bool loaded;
static char loadToolkit[1024];

static const char *const sonames[] = {"libnvJitLink.so.13",
                                      "libnvJitLink.so.12"};
static const char *const folders[] = {"lib64", "targets/x86_64-linux/lib",
                                      "targets/sbsa-linux/lib", "lib"};
enum {
  kNumSonames = sizeof(sonames) / sizeof(*sonames),
  kNumFolders = sizeof(folders) / sizeof(*folders)
};

/// Candidate `index` (soname-major, folder-minor) in `toolkit` into `path`.
static void candidatePath(const char *toolkit, int index, char *path,
                          size_t size) {
  snprintf(path, size, "%s/%s/%s", toolkit, folders[index % kNumFolders],
           sonames[index / kNumFolders]);
}

size_t cudapyDescribeAssembler(const char *toolkitPath, char *buffer,
                               size_t size) {
  char path[1200];
  struct stat status;
  int written = -1;
  for (int i = 0; toolkitPath && *toolkitPath && written < 0 &&
                  i < kNumSonames * kNumFolders;
       ++i) {
    candidatePath(toolkitPath, i, path, sizeof(path));
    if (!stat(path, &status))
      written = snprintf(
          buffer, size, "%s:%lld:%lld.%09ld", path, (long long)status.st_size,
          (long long)status.st_mtim.tv_sec, (long)status.st_mtim.tv_nsec);
  }
  if (written < 0)
    written = snprintf(buffer, size, "loader search");
  return written < 0 ? 0 : (size_t)written;
}

static void *openCandidate(const char *path) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (library)
    snprintf(nvJitLink.path, sizeof(nvJitLink.path), "%s", path);
  return library;
}

static void load(void) {
  void *library = NULL;
  for (int i = 0; !library && loadToolkit[0] && i < kNumSonames * kNumFolders;
       ++i) {
    char path[1200];
    candidatePath(loadToolkit, i, path, sizeof(path));
    library = openCandidate(path);
  }
  for (int s = 0; !library && s < kNumSonames; ++s)
    library = openCandidate(sonames[s]);
  if (!library) {
    nvJitLink.why = "nvJitLink (libnvJitLink.so.13 or .so.12 of the CUDA "
                    "toolkit) was not found";
    return;
  }
  int (*version)(unsigned *, unsigned *);
  *(void **)&version = dlsym(library, "nvJitLinkVersion");
  *(void **)&nvJitLink.create = dlsym(library, "nvJitLinkCreate");
  *(void **)&nvJitLink.destroy = dlsym(library, "nvJitLinkDestroy");
  *(void **)&nvJitLink.addData = dlsym(library, "nvJitLinkAddData");
  *(void **)&nvJitLink.complete = dlsym(library, "nvJitLinkComplete");
  *(void **)&nvJitLink.getCubinSize =
      dlsym(library, "nvJitLinkGetLinkedCubinSize");
  *(void **)&nvJitLink.getCubin = dlsym(library, "nvJitLinkGetLinkedCubin");
  *(void **)&nvJitLink.getErrorLogSize =
      dlsym(library, "nvJitLinkGetErrorLogSize");
  *(void **)&nvJitLink.getErrorLog = dlsym(library, "nvJitLinkGetErrorLog");
  unsigned major = 0, minor = 0;
  if (!version || !nvJitLink.create || !nvJitLink.destroy ||
      !nvJitLink.addData || !nvJitLink.complete || !nvJitLink.getCubinSize ||
      !nvJitLink.getCubin || !nvJitLink.getErrorLogSize ||
      !nvJitLink.getErrorLog || version(&major, &minor)) {
    dlclose(library);
    nvJitLink.why = "the nvJitLink library found lacks functions cudapy uses";
    return;
  }
  snprintf(nvJitLink.version, sizeof(nvJitLink.version), "nvJitLink %u.%u",
           major, minor);
  nvJitLink.library = library;
}

const char *cudapyFindAssembler(const char *toolkitPath, const char **why) {
  // The toolkit of the first call is where the library is looked for.
  pthread_mutex_lock(&loadLock);
  if (!loaded) {
    if (toolkitPath)
      snprintf(loadToolkit, sizeof(loadToolkit), "%s", toolkitPath);
    load();
    loaded = true;
  }
  pthread_mutex_unlock(&loadLock);
  if (!nvJitLink.library) {
    if (why)
      *why = nvJitLink.why;
    return NULL;
  }
  return nvJitLink.path;
}

const char *cudapyAssemblerVersion(void) {
  pthread_mutex_lock(&loadLock);
  const char *version = nvJitLink.library ? nvJitLink.version : NULL;
  pthread_mutex_unlock(&loadLock);
  return version;
}

static CudapyAssembly fail(const char *format, const char *detail) {
  CudapyAssembly result = {NULL, 0, NULL};
  size_t size = strlen(format) + (detail ? strlen(detail) : 0) + 1;
  result.message = malloc(size);
  if (result.message)
    snprintf(result.message, size, format, detail ? detail : "");
  return result;
}

CudapyAssembly cudapyAssemblePtx(const char *toolkitPath, const char *ptx,
                                 size_t size, const char *chip, int optLevel,
                                 bool lineInfo) {
  const char *why = NULL;
  if (!cudapyFindAssembler(toolkitPath, &why))
    return fail("%s", why);
  char arch[64];
  snprintf(arch, sizeof(arch), "-arch=%s", chip ? chip : "");
  const char *options[3] = {arch, optLevel == 0 ? "-O0" : "-O3", "-lineinfo"};
  NvJitLinkHandle handle = NULL;
  if (nvJitLink.create(&handle, lineInfo ? 3 : 2, options))
    return fail("nvJitLink refused the options for chip '%s'", chip);
  CudapyAssembly result = {NULL, 0, NULL};
  size_t cubinSize = 0;
  if (nvJitLink.addData(handle, kInputPtx, ptx, size, "cudapy") ||
      nvJitLink.complete(handle) ||
      nvJitLink.getCubinSize(handle, &cubinSize) || cubinSize == 0) {
    size_t logSize = 0;
    char *log = NULL;
    if (!nvJitLink.getErrorLogSize(handle, &logSize) && logSize &&
        (log = calloc(1, logSize + 1)))
      nvJitLink.getErrorLog(handle, log);
    result = fail("nvJitLink could not assemble the PTX: %s",
                  log && log[0] ? log : "(no error log)");
    free(log);
  } else if (!(result.cubin = malloc(cubinSize))) {
    result = fail("%sout of host memory", "");
  } else if (nvJitLink.getCubin(handle, result.cubin)) {
    free(result.cubin);
    result = fail("%snvJitLink could not hand out the cubin", "");
  } else {
    result.size = cubinSize;
  }
  nvJitLink.destroy(&handle);
  return result;
}

void cudapyAssemblyFree(CudapyAssembly *assembly) {
  if (!assembly)
    return;
  free(assembly->cubin);
  free(assembly->message);
  assembly->cubin = assembly->message = NULL;
  assembly->size = 0;
}
