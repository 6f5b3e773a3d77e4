/*===- Assembler.c - PTX to cubin: ptxas, or nvJitLink in process --------===*\
|*                                                                            *|
|* See include/cudapy/Support/Assembler.h. nvJitLink's C ABI is declared      *|
|* here (its header need not be present when cudapy is built) and resolved   *|
|* with dlsym.                                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "cudapy/Support/Assembler.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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
  // The toolkit's ptxas, which assembles where it runs.
  if (written >= 0 && (size_t)written < size && toolkitPath && *toolkitPath) {
    snprintf(path, sizeof(path), "%s/bin/ptxas", toolkitPath);
    if (!stat(path, &status)) {
      int more = snprintf(
          buffer + written, size - (size_t)written, ";%s:%lld:%lld.%09ld", path,
          (long long)status.st_size, (long long)status.st_mtim.tv_sec,
          (long)status.st_mtim.tv_nsec);
      written = more < 0 ? written : written + more;
    }
  }
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

/// The toolkit's ptxas beside the nvJitLink library found (TOOLKIT/bin,
/// from TOOLKIT/lib64 or TOOLKIT/targets/ARCH/lib), or in `toolkitPath`;
/// empty when there is none. Looked for once.
static char ptxasPath[1200];
static bool ptxasSearched;

static const char *findPtxas(const char *toolkitPath) {
  pthread_mutex_lock(&loadLock);
  if (!ptxasSearched) {
    ptxasSearched = true;
    char candidates[3][1200] = {{0}};
    int length = 0;
    if (toolkitPath && *toolkitPath)
      length = snprintf(candidates[0], sizeof(candidates[0]), "%s/bin/ptxas",
                        toolkitPath);
    Dl_info info;
    if (nvJitLink.create && dladdr((void *)nvJitLink.create, &info) &&
        info.dli_fname && strlen(info.dli_fname) < 1000) {
      char folder[1000];
      memcpy(folder, info.dli_fname, strlen(info.dli_fname) + 1);
      char *lib = dirname(folder); // TOOLKIT/lib64, TOOLKIT/targets/A/lib
      length = snprintf(candidates[1], sizeof(candidates[1]),
                        "%.1000s/../bin/ptxas", lib);
      length = snprintf(candidates[2], sizeof(candidates[2]),
                        "%.1000s/../../../bin/ptxas", lib);
    }
    (void)length;
    for (int i = 0; i < 3 && !ptxasPath[0]; ++i)
      if (candidates[i][0] && !access(candidates[i], X_OK))
        memcpy(ptxasPath, candidates[i], sizeof(ptxasPath));
  }
  pthread_mutex_unlock(&loadLock);
  return ptxasPath[0] ? ptxasPath : NULL;
}

static CudapyAssembly fail(const char *format, const char *detail);

/// Reads the whole file at `path` (NUL-terminated); null on failure.
static char *readFile(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *data = NULL;
  if (!fseek(file, 0, SEEK_END)) {
    long length = ftell(file);
    if (length >= 0 && !fseek(file, 0, SEEK_SET) &&
        (data = malloc((size_t)length + 1))) {
      if (fread(data, 1, (size_t)length, file) != (size_t)length) {
        free(data);
        data = NULL;
      } else {
        data[length] = '\0';
        *size = (size_t)length;
      }
    }
  }
  fclose(file);
  return data;
}

/// The threads the assembler optimizes `ptx`'s kernels with (ptxas's
/// --split-compile): one a kernel, at most the processors this process may
/// run on. 1 (the option left out) for a single kernel: there the option
/// buys nothing and its threads cost ptxas about 14 ms a call on the
/// development machine. Each kernel is compiled as without it; the cubin
/// differs only in the command line ptxas records in it.
static unsigned splitThreads(const char *ptx, size_t size) {
  static const char directive[] = ".entry";
  const size_t length = sizeof(directive) - 1;
  unsigned kernels = 0;
  for (size_t i = 0; i + length < size; ++i)
    if (ptx[i] == '.' && !memcmp(ptx + i, directive, length) &&
        (ptx[i + length] == ' ' || ptx[i + length] == '\t'))
      ++kernels;
  if (kernels <= 1)
    return 1;
  unsigned processors = 0;
  cpu_set_t allowed;
  if (!sched_getaffinity(0, sizeof(allowed), &allowed))
    processors = (unsigned)CPU_COUNT(&allowed);
  if (!processors) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    processors = online > 0 ? (unsigned)online : 1;
  }
  return kernels < processors ? kernels : processors;
}

/// The GLIBC_TUNABLES entry of ptxas's environment: the caller's tunables
/// with `glibc.malloc.hugetlb=1` appended, or NULL to pass the caller's
/// entry on as it is (it sets hugetlb itself) or where memory ran out.
static char *hugePageTunables(void) {
  static const char request[] = "glibc.malloc.hugetlb=1";
  const char *own = getenv("GLIBC_TUNABLES");
  if (own && strstr(own, "glibc.malloc.hugetlb"))
    return NULL;
  size_t size = sizeof("GLIBC_TUNABLES=") + sizeof(request) +
                (own && *own ? strlen(own) + 1 : 0);
  char *entry = malloc(size);
  if (entry)
    snprintf(entry, size, "GLIBC_TUNABLES=%s%s%s", own && *own ? own : "",
             own && *own ? ":" : "", request);
  return entry;
}

/// Assembles with the ptxas program (a whole-program compile) in a fresh
/// temporary folder. `*ran` is false when ptxas could not be run (the
/// caller then uses nvJitLink).
static CudapyAssembly assembleWithPtxas(const char *ptxas, const char *ptx,
                                        size_t size, const char *chip,
                                        int optLevel, bool lineInfo,
                                        bool *ran) {
  *ran = false;
  CudapyAssembly result = {NULL, 0, NULL, NULL};
  const char *temp = getenv("TMPDIR");
  char folder[1024];
  snprintf(folder, sizeof(folder), "%s/cudapy-ptxas-XXXXXX",
           temp && *temp ? temp : "/tmp");
  if (!mkdtemp(folder))
    return result;
  char input[1100], output[1100], errors[1100];
  snprintf(input, sizeof(input), "%s/kernel.ptx", folder);
  snprintf(output, sizeof(output), "%s/kernel.cubin", folder);
  snprintf(errors, sizeof(errors), "%s/errors.txt", folder);
  FILE *file = fopen(input, "wb");
  bool written = file && fwrite(ptx, 1, size, file) == size;
  if (file && fclose(file))
    written = false;
  if (written) {
    char program[1200], arch[64], level[] = "-O3", outputFlag[] = "-o",
                                  lines[] = "-lineinfo",
                                  split[] = "--split-compile", threads[16];
    snprintf(program, sizeof(program), "%s", ptxas);
    snprintf(arch, sizeof(arch), "-arch=%s", chip ? chip : "");
    if (optLevel == 0)
      level[2] = '0';
    unsigned splits = splitThreads(ptx, size);
    snprintf(threads, sizeof(threads), "%u", splits);
    // Six, -lineinfo, --split-compile N and the terminating null.
    char *argv[10] = {program, arch, level, input, outputFlag, output};
    int argc = 6;
    if (lineInfo)
      argv[argc++] = lines;
    if (splits > 1) {
      argv[argc++] = split;
      argv[argc++] = threads;
    }
    argv[argc] = NULL;
    // Not the sanitizers' preloaded runtime of a checked host process; and
    // glibc's malloc asks for transparent huge pages (where the kernel gives
    // them on request), which spares ptxas most of the page faults that are
    // much of its time on a small kernel (docs/CompileCache.md). A caller's
    // own GLIBC_TUNABLES stays, the request appended unless it names it.
    size_t count = 0;
    while (environ && environ[count])
      ++count;
    char **env = calloc(count + 2, sizeof(char *));
    char *tunables = hugePageTunables();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, errors,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t child;
    if (env) {
      size_t kept = 0;
      for (size_t i = 0; i < count; ++i)
        if (strncmp(environ[i], "LD_PRELOAD=", 11) &&
            (!tunables || strncmp(environ[i], "GLIBC_TUNABLES=", 15)))
          env[kept++] = environ[i];
      if (tunables)
        env[kept++] = tunables;
      int status = 0;
      if (!posix_spawn(&child, ptxas, &actions, NULL, argv, env) &&
          waitpid(child, &status, 0) == child) {
        *ran = WIFEXITED(status) && WEXITSTATUS(status) != 127;
        size_t bytes = 0;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
          result.cubin = readFile(output, &bytes);
          result.size = bytes;
          result.assembler = "ptxas (whole program)";
          if (!result.cubin)
            result = fail("%sptxas wrote no cubin", "");
        } else if (*ran) {
          char *log = readFile(errors, &bytes);
          result = fail("ptxas could not assemble the PTX: %s",
                        log && log[0] ? log : "(no error output)");
          free(log);
        }
      }
      free(env);
    }
    free(tunables);
    posix_spawn_file_actions_destroy(&actions);
  }
  unlink(input);
  unlink(output);
  unlink(errors);
  rmdir(folder);
  return result;
}

static CudapyAssembly fail(const char *format, const char *detail) {
  CudapyAssembly result = {NULL, 0, NULL, NULL};
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
  // ptxas, whole program, where the toolkit has it: nvJitLink compiles PTX
  // as relocatable code, which costs registers even in kernels that call
  // nothing (a float16 layer-norm row of 16,384 at 8 warps: 168 against
  // 128; an element-wise 1 x 16,384 float16 tile at 8 warps: 84 against
  // 62), and where ptxas expands an instruction into a subroutine of its
  // own (IEEE division's slow path) the call follows the ABI, the kernel's
  // live values in registers it preserves. nvJitLink where ptxas cannot
  // run.
  const char *ptxas = findPtxas(toolkitPath);
  if (ptxas) {
    bool ran = false;
    CudapyAssembly assembled =
        assembleWithPtxas(ptxas, ptx, size, chip, optLevel, lineInfo, &ran);
    if (ran)
      return assembled;
    cudapyAssemblyFree(&assembled);
  }
  char arch[64];
  snprintf(arch, sizeof(arch), "-arch=%s", chip ? chip : "");
  // No -split-compile: nvJitLink 13.0 assembles PTX in the same time with
  // it and without it.
  const char *options[3] = {arch, optLevel == 0 ? "-O0" : "-O3", "-lineinfo"};
  NvJitLinkHandle handle = NULL;
  if (nvJitLink.create(&handle, lineInfo ? 3 : 2, options))
    return fail("nvJitLink refused the options for chip '%s'", chip);
  CudapyAssembly result = {NULL, 0, NULL, NULL};
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
    result.assembler = nvJitLink.version;
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
